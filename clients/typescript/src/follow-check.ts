/**
 * followEvents against a real agora-server (clients/typescript/e2e.sh runs it):
 *   1. `--games` (300) games of server bots followed to the end on ONE HTTP/2 connection,
 *      16 at a time: the server allows 256 open streams per connection, so a follower that
 *      left a finished game's call open (the server keeps it for the rematch notice) would
 *      make a later follow fail with RESOURCE_EXHAUSTED. Every tenth game is followed past
 *      its end (untilFinished false) until the rematch notice, which a player's
 *      RematchSession sends; then too the follower must end and free its stream. Each
 *      follow must see every version once, in order, and the end.
 *   2. With `--double HOST:PORT` (src/stream-double.ts in front of the same server): one game
 *      followed through it, whose first call ends with ABORTED "resume from version N" and
 *      whose second loses its connection; the follower must resume twice from the last
 *      version it saw and still see every version once.
 *   tsx src/follow-check.ts --server HOST:PORT [--double HOST:PORT] [--games 300]
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";

import { Code, ConnectError } from "@connectrpc/connect";
import { Http2SessionManager, createGrpcTransport } from "@connectrpc/connect-node";

import {
  BotKind,
  type GameServiceClient,
  OriginRuleSet,
  type StreamEventsResponse,
  asSeat,
  createGameServiceClient,
  describeError,
  followEvents,
  isFinal,
  retryPolicy,
} from "@agora/sdk";

const { values } = parseArgs({
  options: {
    server: { type: "string" },
    double: { type: "string" },
    games: { type: "string", default: "300" },
    parallel: { type: "string", default: "16" },
  },
});
if (values.server === undefined) {
  console.error("usage: follow-check.ts --server HOST:PORT [--double HOST:PORT] [--games N] [--parallel N]");
  process.exit(2);
}
const server = values.server.replace(/^http:\/\//, "");

function client(address: string, session?: Http2SessionManager): GameServiceClient {
  return createGameServiceClient(
    createGrpcTransport({ baseUrl: `http://${address}`, sessionManager: session, interceptors: [retryPolicy()] }),
  );
}

/** An Origin junior game for 2 whose seats server bots play; with `player`, seat 0 is joined first. */
async function botGame(api: GameServiceClient, player: boolean): Promise<{ sessionId: string; token?: string }> {
  const created = await api.createSession({
    options: { game: { case: "origin", value: { players: 2, rules: OriginRuleSet.JUNIOR } } },
    bots: player ? [{ seat: 1, kind: BotKind.RANDOM }] : [{ seat: 0, kind: BotKind.RANDOM }, { seat: 1, kind: BotKind.RANDOM }],
    requestId: randomUUID(),
  });
  const sessionId = created.session?.sessionId ?? "";
  if (!player) return { sessionId };
  const joined = await api.joinSession({ sessionId, seat: 0, playerName: "Ada", requestId: randomUUID() });
  await api.handSeatToBot({ sessionId, kind: BotKind.RANDOM, requestId: randomUUID() }, asSeat(joined.seatToken));
  return { sessionId, token: joined.seatToken };
}

/** Checks that `versions` are 1..n once each, in order, and that the last one ended the game. */
function checkVersions(what: string, messages: StreamEventsResponse[]): void {
  const versions = messages.filter((m) => m.rematchSessionId === "").map((m) => m.version);
  versions.forEach((v, i) => {
    if (v !== BigInt(i + 1)) throw new Error(`${what}: version ${v} at position ${i + 1} (${versions.slice(0, i + 2).join(",")})`);
  });
  const last = messages.filter((m) => m.rematchSessionId === "").at(-1);
  if (last === undefined || !isFinal(last)) throw new Error(`${what}: the follow ended before the game did`);
}

async function followGame(api: GameServiceClient, shared: GameServiceClient, n: number): Promise<void> {
  const rematch = n % 10 === 0;
  const { sessionId, token } = await botGame(api, rematch);
  const messages: StreamEventsResponse[] = [];
  for await (const message of followEvents(shared, sessionId, { untilFinished: !rematch, delayMs: 50 })) {
    messages.push(message);
    if (rematch && token !== undefined && message.rematchSessionId === "" && isFinal(message)) {
      await api.rematchSession({ sessionId }, asSeat(token));
    }
  }
  checkVersions(`game ${n} (${sessionId})`, messages);
  if (rematch && messages.at(-1)?.rematchSessionId === "") {
    throw new Error(`game ${n} (${sessionId}): no rematch notice before the follow ended`);
  }
}

async function manyGames(count: number, parallel: number): Promise<void> {
  // Creating and joining on their own connection; every follow on the one `connection`.
  const api = client(server);
  const connection = new Http2SessionManager(`http://${server}`);
  const shared = client(server, connection);
  let next = 1;
  let done = 0;
  const started = Date.now();
  async function worker(): Promise<void> {
    for (let n = next++; n <= count; n = next++) {
      await followGame(api, shared, n);
      done++;
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker));
  // A stream opened after them all is still accepted on the same connection.
  const after = await botGame(api, false);
  const tail: StreamEventsResponse[] = [];
  for await (const message of followEvents(shared, after.sessionId)) tail.push(message);
  checkVersions("the follow after them all", tail);
  connection.abort();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`follow-check: ${done} games (every tenth up to its rematch notice) followed on one connection, ${parallel} at a time, and one more after them: ok (${seconds} s)`);
}

async function throughDouble(double: string): Promise<void> {
  const api = client(server);
  const { sessionId } = await botGame(api, false);
  const errors: (Code | undefined)[] = [];
  const resumedAfter: bigint[] = [];
  const messages: StreamEventsResponse[] = [];
  const seenAtReconnect: bigint[] = [];
  const follow = followEvents(client(double), sessionId, {
    delayMs: 50,
    onReconnect: (after, error) => {
      resumedAfter.push(after);
      seenAtReconnect.push(messages.at(-1)?.version ?? 0n);
      errors.push(error?.code);
      console.log(`follow-check: resumed after version ${after} (${error === undefined ? "ended" : `${Code[error.code]}: ${error.rawMessage}`})`);
    },
  });
  for await (const message of follow) messages.push(message);
  checkVersions("the follow through the double", messages);
  // Node's HTTP/2 closes the calls of a lost connection with CANCEL (some paths say UNAVAILABLE).
  const dropped = errors[1] === Code.Canceled || errors[1] === Code.Unavailable;
  if (errors[0] !== Code.Aborted || !dropped || errors.length !== 2) {
    throw new Error(`expected a resume after ABORTED then one after the dropped connection, got ${errors.map((c) => (c === undefined ? "end" : Code[c])).join(", ")}`);
  }
  // Versions in flight when the connection dropped may be lost with it: the resume must be
  // from the last version the follower saw, whichever that was.
  if (resumedAfter.join() !== seenAtReconnect.join() || resumedAfter[0] !== 2n) {
    throw new Error(`resumed after ${resumedAfter.join(", ")}; the last versions seen were ${seenAtReconnect.join(", ")}`);
  }
  console.log(`follow-check: ABORTED and a dropped connection resumed from the last version seen (${messages.length} versions once each): ok`);
}

try {
  await manyGames(Number(values.games), Number(values.parallel));
  if (values.double !== undefined) await throughDouble(values.double);
} catch (err) {
  const described = err instanceof ConnectError ? describeError(err) : undefined;
  console.error(`FOLLOW CHECK FAILED: ${described === undefined ? String(err) : `${described.name} ${described.reason} ${described.sentence}`}`);
  process.exit(1);
}
