// The game both sides of the benchmark's boardgame.io half use: every move is legal and
// cheap (a counter), and each move ends the turn, so the server runs its full turn logic
// per move. It never ends, so a match can be played for the whole timed window.
//
// BENCH_G=file.json (set for server and driver alike) puts that JSON in G as `board`,
// untouched by the move: a state of a real game's size, which boardgame.io stores and sends
// to both players' clients with every update, as it would for a real game. The script gives
// it Agora's view of the game Agora plays in the same run (`agora-load view`).
'use strict';

const fs = require('fs');

const board = process.env.BENCH_G
  ? JSON.parse(fs.readFileSync(process.env.BENCH_G, 'utf8'))
  : undefined;

const Bench = {
  name: 'bench',
  setup: () => (board === undefined ? { moves: 0 } : { moves: 0, board }),
  moves: {
    // `client: false`: the client does not apply the move optimistically, so the driver
    // sees the new state only when the server's update for it arrives.
    play: {
      move: ({ G }) => ({ ...G, moves: G.moves + 1 }),
      client: false,
    },
  },
  turn: { minMoves: 1, maxMoves: 1 },
};

module.exports = { Bench };
