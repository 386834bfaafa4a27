// A boardgame.io server as its documentation starts one: `Server` with the default
// in-memory storage and socket.io transport, serving the benchmark game.
// Usage: node server.js <port>
'use strict';

const { Server } = require('boardgame.io/server');
const { Bench } = require('./game');

const port = Number(process.argv[2] || 8000);
if (process.env.FLATFILE_DIR) {
  // boardgame.io would switch to its file storage; the benchmark measures memory.
  console.error('server.js: unset FLATFILE_DIR (the benchmark uses the in-memory storage)');
  process.exit(2);
}
// Node clients send no Origin header, so an empty allow-list only silences the warning.
const server = Server({ games: [Bench], origins: [] });
server.run(port).then(() => console.log(`boardgame.io serving on ${port}`));
