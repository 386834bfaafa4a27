// The game both sides of the benchmark's boardgame.io half use: every move is legal and
// cheap (a counter), and each move ends the turn, so the server runs its full turn logic
// per move. It never ends, so a match can be played for the whole timed window.
'use strict';

const Bench = {
  name: 'bench',
  setup: () => ({ moves: 0 }),
  moves: {
    // `client: false`: the client does not apply the move optimistically, so the driver
    // sees the new state only when the server's update for it arrives.
    play: {
      move: ({ G }) => ({ moves: G.moves + 1 }),
      client: false,
    },
  },
  turn: { minMoves: 1, maxMoves: 1 },
};

module.exports = { Bench };
