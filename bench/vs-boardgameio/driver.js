// Closed-loop load driver for the boardgame.io server in server.js: `matches` concurrent
// matches, each with one move in flight (send a move with the acting player's client,
// wait until the server's state update for it reaches that client, send the next).
// Moves completed in the timed window after the warm-up are counted; latency is from
// sending the move to receiving the update. Prints one JSON line on stdout.
// Usage: node driver.js --server http://127.0.0.1:8000 [--matches 100] [--players 2]
//        [--warmup 2] [--seconds 10]
'use strict';

const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { Bench } = require('./game');

function args() {
  const out = { server: 'http://127.0.0.1:8000', matches: 100, players: 2, warmup: 2, seconds: 10 };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '');
    if (!(key in out) || argv[i + 1] === undefined) {
      throw new Error(`unknown or incomplete option ${argv[i]}`);
    }
    out[key] = key === 'server' ? argv[i + 1] : Number(argv[i + 1]);
  }
  return out;
}

async function post(url, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  }
  return response.json();
}

/** A started client plus a way to wait until its state reaches a state id. */
function watched(client) {
  let waiters = [];
  client.subscribe(() => {
    const state = client.getState();
    if (!state) return;
    const keep = [];
    for (const w of waiters) {
      if (state._stateID >= w.id) w.resolve(state);
      else keep.push(w);
    }
    waiters = keep;
  });
  return {
    client,
    until(id, timeoutMs) {
      const state = client.getState();
      if (state && state._stateID >= id) return Promise.resolve(state);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no state ${id} within ${timeoutMs} ms (match ${client.matchID})`)),
          timeoutMs,
        );
        waiters.push({
          id,
          resolve: (s) => {
            clearTimeout(timer);
            resolve(s);
          },
        });
      });
    },
  };
}

async function newMatch(opts) {
  const base = `${opts.server}/games/${Bench.name}`;
  const { matchID } = await post(`${base}/create`, { numPlayers: opts.players });
  const seats = [];
  for (let p = 0; p < opts.players; p++) {
    const { playerCredentials } = await post(`${base}/${matchID}/join`, {
      playerID: String(p),
      playerName: `load ${p}`,
    });
    const client = Client({
      game: Bench,
      numPlayers: opts.players,
      multiplayer: SocketIO({ server: opts.server, socketOpts: { transports: ['websocket'] } }),
      matchID,
      playerID: String(p),
      credentials: playerCredentials,
      debug: false,
    });
    const seat = watched(client);
    client.start();
    await seat.until(0, 10000); // the initial sync
    seats.push(seat);
  }
  return seats;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  const rank = Math.round((p / 100) * (sorted.length - 1));
  return sorted[Math.min(rank, sorted.length - 1)];
}

async function main() {
  const opts = args();
  const matches = [];
  for (let m = 0; m < opts.matches; m++) matches.push(await newMatch(opts));
  const now = () => Number(process.hrtime.bigint()) / 1e6; // ms
  const start = now() + opts.warmup * 1000;
  const end = start + opts.seconds * 1000;
  const latencies = [];
  let sentMoves = 0;
  const drive = async (seats) => {
    while (now() < end) {
      const state = seats[0].client.getState();
      const id = state._stateID;
      const mover = seats[Number(state.ctx.currentPlayer)];
      const sent = now();
      mover.client.moves.play();
      sentMoves++;
      await mover.until(id + 1, 10000);
      const done = now();
      if (done >= start && done < end) latencies.push(done - sent);
      // Every seat must hold the new state before the next move is sent with its id.
      await Promise.all(seats.map((s) => s.until(id + 1, 10000)));
    }
  };
  await Promise.all(matches.map(drive));
  // The server applied every move it acknowledged: the counters in the matches' states
  // add up to the moves sent.
  const applied = matches.reduce((n, seats) => n + seats[0].client.getState().G.moves, 0);
  if (applied !== sentMoves) {
    throw new Error(`sent ${sentMoves} moves but the matches' states count ${applied}`);
  }
  latencies.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      system: 'boardgame.io',
      matches: opts.matches,
      players: opts.players,
      seconds: opts.seconds,
      moves: latencies.length,
      moves_sent_in_all: sentMoves,
      moves_per_s: latencies.length / opts.seconds,
      p50_ms: percentile(latencies, 50),
      p99_ms: percentile(latencies, 99),
      max_ms: latencies.length ? latencies[latencies.length - 1] : 0,
    }),
  );
  for (const seats of matches) for (const s of seats) s.client.stop();
  process.exit(0);
}

main().catch((e) => {
  console.error(`driver.js: ${e.stack || e}`);
  process.exit(1);
});
