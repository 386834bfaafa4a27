/**
 * Plays a whole game of any game the API declares on an Agora server with random bots in every
 * seat, while a separate spectator connection follows StreamEvents from version 0, then checks
 * that:
 *
 * - the subscriber received versions 1..final exactly once each, in order (no gap, no duplicate);
 * - the final streamed message carries the outcome and the FINISHED status;
 * - GetState's session carries the same outcome, with one standing per player.
 *
 * Exits non-zero with a clear message when any check or call fails.
 *
 * Everything comes from the generated SDK `@agora/sdk` (clients/typescript/sdk): the messages
 * and their types, the GameService descriptor (a Connect client over gRPC with
 * @connectrpc/connect-node), the seat token interceptor, the retry policy and the resuming
 * StreamEvents follower. A game's options are built from `--set name=value` pairs with the
 * generated descriptors, so no game is named here.
 */

import { randomBytes, randomUUID } from "node:crypto";
import { isDeepStrictEqual, parseArgs } from "node:util";

import {
  type DescEnum,
  type DescField,
  type DescMessage,
  ScalarType,
  equals,
  fromJson,
  toJson,
  type JsonObject,
  type JsonValue,
} from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { Http2SessionManager, createGrpcTransport } from "@connectrpc/connect-node";

import {
  type GameAction,
  GameActionSchema,
  type GameOptions,
  GameOptionsSchema,
  type GameServiceClient,
  OutcomeSchema,
  SessionStatus,
  type StreamEventsResponse,
  type SubmitActionResponse,
  bearerToken,
  createGameServiceClient,
  followEvents,
  isFinal,
  retryPolicy,
} from "@agora/sdk";

const CALL_TIMEOUT_MS = 30_000;
const call = { timeoutMs: CALL_TIMEOUT_MS };

class CheckFailed extends Error {}
class UsageError extends Error {}

/** A connection to `server` (host:port) over gRPC (HTTP/2 without TLS). */
function connection(server: string): Http2SessionManager {
  return new Http2SessionManager(`http://${server}`);
}

/**
 * A GameService client on `session` (shared: one connection for every client on it) with the
 * API's retry policy, and the seat's token on every call when `token` is given.
 */
function client(server: string, session: Http2SessionManager, token?: string): GameServiceClient {
  const interceptors = token === undefined ? [retryPolicy()] : [bearerToken(token), retryPolicy()];
  return createGameServiceClient(
    createGrpcTransport({ baseUrl: `http://${server}`, sessionManager: session, interceptors }),
  );
}

function describe(err: unknown): string {
  if (err instanceof ConnectError) return `${Code[err.code] ?? `code ${err.code}`}: ${err.rawMessage}`;
  if (err instanceof Error) return err.message;
  return String(err);
}

function hasCode(err: unknown, code: Code): boolean {
  return err instanceof ConnectError && err.code === code;
}

function need<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new CheckFailed(`${what} is missing`);
  return value;
}

/** Resolves once the server answers ListGames, retrying until `seconds` have passed. */
async function waitForServer(games: GameServiceClient, server: string, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    try {
      await games.listGames({}, { timeoutMs: 2000 });
      return;
    } catch (err) {
      if (Date.now() >= deadline) throw new CheckFailed(`cannot connect to ${server} within ${seconds}s: ${describe(err)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** `kind {"field":value}` for an action, for the move log (proto field names). */
function actionText(action: GameAction): string {
  const json = toJson(GameActionSchema, action, { useProtoFieldName: true }) as JsonObject;
  const [game, inner] = Object.entries(json)[0] ?? [];
  if (game === undefined) return "(empty action)";
  const [kind, fields] = Object.entries((inner ?? {}) as JsonObject)[0] ?? [];
  if (kind === undefined) return `(${game}: empty action)`;
  const text = JSON.stringify(fields ?? {});
  return text === "{}" ? kind : `${kind} ${text}`;
}

// ---------------------------------------------------------------------------------------------
// The spectator that follows StreamEvents.

/** Follows StreamEvents as a spectator on its own connection with the SDK's followEvents. */
class Subscriber {
  readonly received: bigint[] = [];
  lastMessage: StreamEventsResponse | null = null;
  error: string | null = null;
  reconnects = 0;
  /** Settles (never rejects) when the subscriber saw the end, failed or was stopped. */
  readonly done: Promise<void>;
  private readonly abort = new AbortController();

  constructor(spectator: GameServiceClient, sessionId: string) {
    this.done = this.run(spectator, sessionId).catch((err: unknown) => {
      this.error = `StreamEvents failed: ${describe(err)}`;
    });
  }

  private async run(spectator: GameServiceClient, sessionId: string): Promise<void> {
    const events = followEvents(spectator, sessionId, {
      signal: this.abort.signal,
      onReconnect: () => {
        this.reconnects++;
      },
    });
    for await (const message of events) {
      this.received.push(message.version);
      this.lastMessage = message;
    }
  }

  stop(): void {
    this.abort.abort();
  }
}

// ---------------------------------------------------------------------------------------------
// The game.

interface Args {
  server: string;
  game: string;
  players: number;
  set: string[];
  seed: string | undefined;
  botSeed: string | undefined;
  maxMoves: number;
  connectTimeout: number;
  streamTimeout: number;
  quiet: boolean;
}

/** The prefix of every value of an enum by the proto style guide: OriginRuleSet -> ORIGIN_RULE_SET_. */
function enumPrefix(desc: DescEnum): string {
  return `${desc.name.replace(/(?!^)([A-Z])/g, "_$1").toUpperCase()}_`;
}

/** `text` as the JSON of one value of the options field `field`: enums by short name, bools, numbers. */
function optionValue(field: DescField, text: string): JsonValue {
  const enumType = field.fieldKind === "enum" || (field.fieldKind === "list" && field.listKind === "enum") ? field.enum : undefined;
  if (enumType !== undefined) {
    const prefix = enumPrefix(enumType);
    const wanted = text.trim().replace(/-/g, "_").toUpperCase();
    const found = enumType.values.find((v) => v.name === wanted || v.name === prefix + wanted);
    if (found === undefined) {
      const names = enumType.values.filter((v) => v.number !== 0).map((v) => v.name.slice(prefix.length).toLowerCase());
      throw new UsageError(`${field.name}: ${JSON.stringify(text)} is not one of ${names.join(", ")}`);
    }
    return found.name;
  }
  const scalar = field.fieldKind === "scalar" || (field.fieldKind === "list" && field.listKind === "scalar") ? field.scalar : undefined;
  switch (scalar) {
    case ScalarType.BOOL:
      if (text !== "true" && text !== "false") {
        throw new UsageError(`${field.name}: ${JSON.stringify(text)} is not true or false`);
      }
      return text === "true";
    case ScalarType.STRING:
      return text;
    case undefined:
      throw new UsageError(`${field.name}: options of this kind cannot be set from the command line`);
    default: {
      const n = Number(text);
      if (text.trim() === "" || !Number.isInteger(n)) {
        throw new UsageError(`${field.name}: ${JSON.stringify(text)} is not a number`);
      }
      return n;
    }
  }
}

/**
 * GameOptions for `game` from `--players` and the `--set name=value` pairs, read against the
 * generated descriptors: the `game` oneof's field named after the game (`-` written `_`)
 * holds the game's options message.
 */
function gameOptions(args: Args): GameOptions {
  const fieldName = args.game.replace(/-/g, "_");
  const gameFields = GameOptionsSchema.fields.filter((f) => f.oneof?.name === "game");
  const gameField = gameFields.find((f) => f.name === fieldName);
  const message: DescMessage | undefined = gameField?.fieldKind === "message" ? gameField.message : undefined;
  if (gameField === undefined || message === undefined) {
    const known = gameFields.map((f) => f.name.replace(/_/g, "-"));
    throw new UsageError(`unknown game ${JSON.stringify(args.game)}; the API has ${known.join(", ")}`);
  }
  const values: JsonObject = {};
  if (message.fields.some((f) => f.name === "players")) values["players"] = args.players;
  for (const pair of args.set) {
    const at = pair.indexOf("=");
    const name = (at < 0 ? pair : pair.slice(0, at)).trim().replace(/-/g, "_");
    const field = message.fields.find((f) => f.name === name);
    if (at < 0 || field === undefined) {
      const accepted = message.fields.map((f) => f.name).join(", ");
      throw new UsageError(`--set ${JSON.stringify(pair)}: ${args.game} has the options ${accepted}`);
    }
    const text = pair.slice(at + 1).trim();
    values[field.name] =
      field.fieldKind === "list"
        ? text
            .split(",")
            .filter((t) => t.trim() !== "")
            .map((t) => optionValue(field, t))
        : optionValue(field, text);
  }
  try {
    return fromJson(GameOptionsSchema, { [gameField.name]: values });
  } catch (err) {
    throw new UsageError(`--set: ${describe(err)}`);
  }
}

/** A small seeded generator (xmur3 hash of the seed text, then sfc32) for reproducible bots. */
function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  const next = (): number => {
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return (h ^= h >>> 16) >>> 0;
  };
  let a = next();
  let b = next();
  let c = next();
  let d = next();
  return () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

function choose<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new CheckFailed("nothing to choose from");
  return item;
}

/** Resolves to true when `promise` settled within `ms`, false otherwise. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function play(args: Args): Promise<void> {
  const options = gameOptions(args);
  const optionsJson = toJson(GameOptionsSchema, options, { useProtoFieldName: true }) as JsonObject;
  const description = `${args.game} ${JSON.stringify(Object.values(optionsJson)[0] ?? {})}`;
  const random = seededRandom(args.botSeed ?? args.seed ?? randomBytes(8).toString("hex"));
  const players = connection(args.server);
  // The spectator gets a connection of its own, as a separate program would.
  const spectating = connection(args.server);
  const games = client(args.server, players);
  let subscriber: Subscriber | null = null;
  try {
    await waitForServer(games, args.server, args.connectTimeout);

    // A request id on every mutating call: a retry after a lost answer gets the first call's
    // result (the same session, the same seat and token) instead of a second one.
    const created = await games.createSession(
      { options, requestId: randomUUID(), ...(args.seed !== undefined ? { seed: BigInt(args.seed), unrated: true } : {}) },
      call,
    );
    let session = need(created.session, "CreateSession's session");
    const sid = session.sessionId;
    console.log(`created session ${sid}: ${description}${args.seed !== undefined ? `, seed ${args.seed}` : ""}`);

    subscriber = new Subscriber(client(args.server, spectating), sid);

    // One client per seat, each sending its seat's token, all on the players' connection.
    const seats = new Map<number, GameServiceClient>();
    for (const info of session.seats) {
      const joined = await games.joinSession(
        { sessionId: sid, seat: info.seat, playerName: `ts-bot-${info.seat}`, requestId: randomUUID() },
        call,
      );
      if (joined.seat !== info.seat) throw new CheckFailed(`asked for seat ${info.seat}, got seat ${joined.seat}`);
      seats.set(joined.seat, client(args.server, players, joined.seatToken));
      session = need(joined.session, "JoinSession's session");
    }
    console.log(`joined ${seats.size} seats`);

    let moves = 0;
    let stale = 0;
    while (session.status !== SessionStatus.FINISHED) {
      if (moves >= args.maxMoves) throw new CheckFailed(`the game did not end within ${args.maxMoves} moves`);
      const seat = session.toAct[0];
      if (seat === undefined) {
        throw new CheckFailed(`version ${session.version}: not finished but nobody is to act`);
      }
      const asSeat = seats.get(seat);
      if (asSeat === undefined) throw new CheckFailed(`version ${session.version}: seat ${seat} to act has no token`);
      const legal = await asSeat.listLegalActions({ sessionId: sid }, call);
      if (legal.actions.length === 0) {
        throw new CheckFailed(`version ${legal.version}: seat ${seat} is to act but has no legal action`);
      }
      const action = choose(random, legal.actions);
      let response: SubmitActionResponse;
      try {
        response = await asSeat.submitAction(
          { sessionId: sid, action, expectedVersion: legal.version, requestId: randomUUID() },
          call,
        );
      } catch (err) {
        if (hasCode(err, Code.Aborted) && stale < 20) {
          // Someone else moved first (stale expected_version): look again and choose anew.
          stale++;
          session = need((await games.getSession({ sessionId: sid }, call)).session, "GetSession's session");
          continue;
        }
        throw new CheckFailed(
          `seat ${seat} could not play ${actionText(action)} at version ${legal.version}: ${describe(err)}`,
        );
      }
      moves++;
      if (response.version !== legal.version + 1n) {
        throw new CheckFailed(`action at version ${legal.version} created version ${response.version}`);
      }
      session = need(response.session, "SubmitAction's session");
      if (!args.quiet) console.log(`v${String(response.version).padEnd(4)} seat ${seat}: ${actionText(action)}`);
    }

    const final = session.version;
    console.log(`game over after ${moves} moves at version ${final}`);

    if (!(await settlesWithin(subscriber.done, args.streamTimeout * 1000))) {
      const received = subscriber.received;
      throw new CheckFailed(
        `the subscriber did not see the end within ${args.streamTimeout}s ` +
          `(last version received: ${received.length > 0 ? received[received.length - 1] : "none"})`,
      );
    }
    if (subscriber.error !== null) throw new CheckFailed(subscriber.error);

    const got = subscriber.received;
    const expected = Array.from({ length: Number(final) }, (_, i) => BigInt(i + 1));
    if (!isDeepStrictEqual(got, expected)) {
      const seen = new Set<bigint>();
      const duplicated = new Set<bigint>();
      for (const v of got) (seen.has(v) ? duplicated : seen).add(v);
      const missing = expected.filter((v) => !seen.has(v));
      const sorted = [...duplicated].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      throw new CheckFailed(
        `stream versions are not 1..${final} exactly once in order: received ${got.length} messages, ` +
          `missing [${missing.slice(0, 20).join(", ")}], duplicated [${sorted.slice(0, 20).join(", ")}]`,
      );
    }
    const last = subscriber.lastMessage;
    if (last === null || last.outcome === undefined) throw new CheckFailed("the final streamed message has no outcome");
    if (!isFinal(last) || last.status !== SessionStatus.FINISHED) {
      throw new CheckFailed("the final streamed message is not marked FINISHED");
    }

    const state = need((await games.getState({ sessionId: sid }, call)).session, "GetState's session");
    if (state.outcome === undefined) throw new CheckFailed("GetState's session has no outcome after the end");
    if (!equals(OutcomeSchema, state.outcome, last.outcome)) {
      throw new CheckFailed("GetState's outcome differs from the streamed outcome");
    }
    if (state.outcome.standings.length !== state.seats.length) {
      throw new CheckFailed(
        `the outcome has ${state.outcome.standings.length} standings for ${state.seats.length} seats`,
      );
    }
    console.log(
      `stream check passed: versions 1..${final} received once each in order ` +
        `(${subscriber.reconnects} reconnect(s)); outcome present in the stream and in GetState`,
    );

    console.log("final standings:");
    const standings = [...state.outcome.standings].sort((x, y) => x.rank - y.rank || x.seat - y.seat);
    for (const s of standings) {
      const tieBreaks = s.tieBreaks.length > 0 ? ` (tie-breaks ${s.tieBreaks.join(", ")})` : "";
      console.log(`  ${s.rank}. seat ${s.seat}: ${s.score} points${tieBreaks}`);
      for (const part of s.breakdown) console.log(`       ${String(part.points).padStart(4)}  ${part.name}`);
    }
  } finally {
    subscriber?.stop();
    players.abort();
    spectating.abort();
  }
}

// ---------------------------------------------------------------------------------------------
// Command line.

const USAGE = `usage: npm run play -- [options]

Plays a whole game with random bots in every seat while a spectator follows StreamEvents,
then checks the stream (versions 1..final once each, in order) and the outcome.

options:
  --server HOST:PORT       the server (default 127.0.0.1:50051, or AGORA_SERVER)
  --game ID                the game's id: origin, terra-nova, ... (default origin)
  --players N              short for --set players=N (default 4)
  --set NAME=VALUE         one option of the game, e.g. rules=junior, solo=true,
                           factions=genies,golems (enums by short name); repeatable
  --seed N                 seed of the game (server-drawn when absent)
  --bot-seed N             seed of the bots (default: --seed)
  --max-moves N            give up after this many moves (default 100000)
  --connect-timeout SECS   (default 10)
  --stream-timeout SECS    seconds to wait after the end for the subscriber (default 30)
  -q, --quiet              do not print every move
  -h, --help               this help`;

function number(name: string, value: string, min: number): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n < min) {
    throw new UsageError(`--${name} must be a number >= ${min}, not ${JSON.stringify(value)}`);
  }
  return n;
}

function seed(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || BigInt(value) >= 2n ** 64n) {
    throw new UsageError(`--${name} must be an integer in 0..2^64-1, not ${JSON.stringify(value)}`);
  }
  return BigInt(value).toString();
}

function parseCommandLine(argv: string[]): Args | "help" {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      server: { type: "string" },
      game: { type: "string", default: "origin" },
      players: { type: "string", default: "4" },
      set: { type: "string", multiple: true, default: [] },
      seed: { type: "string" },
      "bot-seed": { type: "string" },
      "max-moves": { type: "string", default: "100000" },
      "connect-timeout": { type: "string", default: "10" },
      "stream-timeout": { type: "string", default: "30" },
      quiet: { type: "boolean", short: "q", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) return "help";
  const args: Args = {
    server: (values.server ?? process.env["AGORA_SERVER"] ?? "127.0.0.1:50051").replace(/^http:\/\//, ""),
    game: values.game,
    players: number("players", values.players, 1),
    set: values.set,
    seed: seed("seed", values.seed),
    botSeed: seed("bot-seed", values["bot-seed"]),
    maxMoves: number("max-moves", values["max-moves"], 1),
    connectTimeout: number("connect-timeout", values["connect-timeout"], 0),
    streamTimeout: number("stream-timeout", values["stream-timeout"], 0),
    quiet: values.quiet,
  };
  gameOptions(args); // a bad --game or --set is a usage error
  return args;
}

async function main(argv: string[]): Promise<number> {
  let args: Args | "help";
  try {
    args = parseCommandLine(argv);
  } catch (err) {
    // parseArgs throws TypeErrors with a clear message on unknown or malformed options.
    console.error(`error: ${describe(err)}\n(npm run play -- --help lists the options)`);
    return 2;
  }
  if (args === "help") {
    console.log(USAGE);
    return 0;
  }
  try {
    await play(args);
    return 0;
  } catch (err) {
    if (err instanceof CheckFailed) console.error(`FAILED: ${err.message}`);
    else if (err instanceof ConnectError) console.error(`FAILED: gRPC error ${describe(err)}`);
    else console.error(`FAILED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return 1;
  }
}

process.on("unhandledRejection", (reason) => {
  console.error(`FAILED: unhandled rejection: ${describe(reason)}`);
  process.exit(1);
});

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`FAILED: ${describe(err)}`);
    process.exit(1);
  },
);
