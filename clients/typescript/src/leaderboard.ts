/**
 * Prints a rating pool's leaderboard (docs/api.md, "Ratings and leaderboards") with the
 * generated @agora/sdk over gRPC:
 *
 *   npx tsx src/leaderboard.ts --server 127.0.0.1:50051 --pool origin/standard-2p [--provisional]
 *
 * With --token <player JWT> it also prints the signed-in player's rank and neighbours.
 */
import { parseArgs } from "node:util";

import { Http2SessionManager, createGrpcTransport } from "@connectrpc/connect-node";

import { type LeaderboardEntry, bearerToken, createGameServiceClient, retryPolicy } from "@agora/sdk";

const { values } = parseArgs({
  options: {
    server: { type: "string", default: "127.0.0.1:50051" },
    pool: { type: "string", default: "origin/standard-2p" },
    provisional: { type: "boolean", default: false },
    token: { type: "string" },
  },
});

function line(e: LeaderboardEntry): string {
  const name = e.playerName || e.playerId;
  return `${String(e.rank).padStart(5)}  ${name.padEnd(24)} ${e.rating.toFixed(1).padStart(7)} ±${e.deviation.toFixed(1)}  ${e.games} games`;
}

const baseUrl = `http://${values.server}`;
const sessions = new Http2SessionManager(baseUrl);
const interceptors = [retryPolicy()];
if (values.token) interceptors.push(bearerToken(values.token));
const client = createGameServiceClient(createGrpcTransport({ baseUrl, sessionManager: sessions, interceptors }));
try {
  const board = await client.getLeaderboard({ poolId: values.pool, pageSize: 20, provisional: values.provisional });
  console.log(`${values.pool} (${values.provisional ? "provisional" : "established"}): ${board.totalSize} players`);
  for (const e of board.entries) console.log(line(e));
  if (values.token) {
    const me = await client.getLeaderboardAroundMe({ poolId: values.pool, count: 3 });
    console.log(me.rank === 0n ? "you are not rated in this pool yet" : `you are #${me.rank}`);
    for (const e of me.entries) console.log(line(e));
  }
} finally {
  sessions.abort();
}
