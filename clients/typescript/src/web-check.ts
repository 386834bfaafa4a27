/**
 * Calls the server over gRPC-Web with the browser client of browser.ts: lists the games,
 * creates an Origin session for 2 (typed options, the `game` oneof), joins a seat and reads
 * the state as that seat.
 *   npm run web-check -- HOST:PORT
 * Exits non-zero on any failure.
 */
import { randomUUID } from "node:crypto";

import { OriginRuleSet, asSeat } from "@agora/sdk";

import { webClient } from "./browser.js";

async function main(server: string): Promise<void> {
  const client = webClient(`http://${server.replace(/^http:\/\//, "")}`);
  const { games } = await client.listGames({});
  if (!games.some((g) => g.gameId === "origin")) throw new Error("ListGames over gRPC-Web did not list origin");
  const created = await client.createSession({
    options: { game: { case: "origin", value: { players: 2, rules: OriginRuleSet.JUNIOR } } },
    requestId: randomUUID(),
  });
  const sessionId = created.session?.sessionId;
  if (sessionId === undefined) throw new Error("CreateSession over gRPC-Web returned no session");
  const joined = await client.joinSession({ sessionId, playerName: "web", requestId: randomUUID() });
  const state = await client.getState({ sessionId }, asSeat(joined.seatToken));
  if (state.session?.sessionId !== sessionId) throw new Error("GetState over gRPC-Web answered another session");
  console.log(
    `gRPC-Web: ${games.length} games listed; session ${sessionId} of ${state.session.gameId} created, ` +
      `seat ${joined.seat} joined, state read as that seat`,
  );
}

main(process.argv[2] ?? process.env["AGORA_SERVER"] ?? "127.0.0.1:50051").catch((err: unknown) => {
  console.error(`FAILED: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
