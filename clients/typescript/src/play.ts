/**
 * Plays a whole game of any game the API declares on an Agora server with random bots in every seat, while a separate spectator connection follows StreamEvents from
 * version 0, then checks that:
 *
 * - the subscriber received versions 1..final exactly once each, in order (no gap, no duplicate);
 * - the final streamed message carries the outcome and the FINISHED status;
 * - GetState's session carries the same outcome, with one standing per player.
 *
 * Exits non-zero with a clear message when any check or call fails.
 *
 * The service is loaded at run time from ../../proto/agora/v1/game_service.proto with
 * @grpc/proto-loader (keepCase, longs as Number, enums as strings, defaults, oneofs). The
 * messages this client reads are typed below; game-specific actions and events are passed
 * through as they came (the bots send back one of the actions ListLegalActions listed), and a
 * game's options are built from `--set name=value` pairs with the loaded descriptors, so no
 * game is named here.
 */

import { randomBytes, randomUUID } from "node:crypto";
import * as path from "node:path";
import { isDeepStrictEqual, parseArgs } from "node:util";

import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";

// ---------------------------------------------------------------------------------------------
// Messages of agora.v1, as @grpc/proto-loader renders them with the options of loadService().

type SessionStatus =
  | "SESSION_STATUS_UNSPECIFIED"
  | "SESSION_STATUS_WAITING_FOR_PLAYERS"
  | "SESSION_STATUS_IN_PROGRESS"
  | "SESSION_STATUS_FINISHED";

const FINISHED: SessionStatus = "SESSION_STATUS_FINISHED";

interface ScorePart {
  name: string;
  points: number;
}

interface Standing {
  seat: number;
  score: number;
  rank: number;
  tie_breaks: number[];
  breakdown: ScorePart[];
}

interface Outcome {
  standings: Standing[];
}

interface SeatInfo {
  seat: number;
  taken: boolean;
  player_name: string;
}

/**
 * One game's message of a `oneof game` (GameOptions, GameAction, GameEvent, GameView): with
 * `oneofs: true` `game` names the field that is set (the game's id with `_` for `-`), whose
 * value is the game's own message. Actions have their own `oneof action`, so `action` names
 * the kind ("evolve", "draft_die", ...).
 */
interface GameOneof {
  game?: string;
  [field: string]: unknown;
}

interface GameMessage {
  action?: string;
  [field: string]: unknown;
}

type GameAction = GameOneof;
type GameEvent = GameOneof;
type GameView = GameOneof;

/** GameOptions as sent: one field, named after the game, holding that game's options. */
type GameOptions = Record<string, Record<string, unknown>>;

interface Session {
  session_id: string;
  game_id: string;
  status: SessionStatus;
  version: number;
  seats: SeatInfo[];
  to_act: number[];
  outcome: Outcome | null;
  create_time_unix_ms: number;
}

interface CreateSessionRequest {
  options: GameOptions;
  /** uint64, sent as a decimal string so that any value survives. */
  seed?: string;
  /** Makes a retry answer the session the first attempt created (AIP-155). */
  request_id: string;
}
interface CreateSessionResponse {
  session: Session | null;
}
interface GetSessionRequest {
  session_id: string;
}
interface GetSessionResponse {
  session: Session | null;
}
interface JoinSessionRequest {
  session_id: string;
  seat?: number;
  player_name: string;
  /** Makes a retry answer the same seat and token (AIP-155). */
  request_id: string;
}
interface JoinSessionResponse {
  seat: number;
  seat_token: string;
  session: Session | null;
}
interface GetStateRequest {
  session_id: string;
}
interface GetStateResponse {
  session: Session | null;
  view: GameView | null;
}
interface ListLegalActionsRequest {
  session_id: string;
}
interface ListLegalActionsResponse {
  version: number;
  actions: GameAction[];
}
interface SubmitActionRequest {
  session_id: string;
  action: GameAction;
  expected_version?: number;
  request_id: string;
}
interface SubmitActionResponse {
  version: number;
  events: GameEvent[];
  session: Session | null;
}
interface StreamEventsRequest {
  session_id: string;
  after_version: number;
}
interface StreamEventsResponse {
  version: number;
  seat: number;
  events: GameEvent[];
  to_act: number[];
  status: SessionStatus;
  outcome: Outcome | null;
}

/** The unary RPCs this client calls: request and response types. */
interface UnaryRpcs {
  CreateSession: [CreateSessionRequest, CreateSessionResponse];
  GetSession: [GetSessionRequest, GetSessionResponse];
  JoinSession: [JoinSessionRequest, JoinSessionResponse];
  GetState: [GetStateRequest, GetStateResponse];
  ListLegalActions: [ListLegalActionsRequest, ListLegalActionsResponse];
  SubmitAction: [SubmitActionRequest, SubmitActionResponse];
}

type UnaryMethod<Req, Res> = (
  request: Req,
  metadata: grpc.Metadata,
  options: grpc.CallOptions,
  callback: (error: grpc.ServiceError | null, response?: Res) => void,
) => grpc.ClientUnaryCall;

type UnaryMethods = { [K in keyof UnaryRpcs]: UnaryMethod<UnaryRpcs[K][0], UnaryRpcs[K][1]> };

/** The client constructed by grpc-js for agora.v1.GameService (the methods used here). */
type GameServiceClient = grpc.Client & UnaryMethods & {
  StreamEvents(
    request: StreamEventsRequest,
    metadata?: grpc.Metadata,
    options?: grpc.CallOptions,
  ): grpc.ClientReadableStream<StreamEventsResponse>;
};

// ---------------------------------------------------------------------------------------------
// Loading the service and calling it.

const PROTO_ROOT = path.resolve(__dirname, "..", "..", "..", "proto");
const CALL_TIMEOUT_MS = 30_000;

class CheckFailed extends Error {}

function loadDefinition(): protoLoader.PackageDefinition {
  return protoLoader.loadSync(path.join(PROTO_ROOT, "agora", "v1", "game_service.proto"), {
    includeDirs: [PROTO_ROOT],
    keepCase: true,
    longs: Number, // versions and scores fit in a double
    enums: String,
    defaults: true,
    oneofs: true,
  });
}

function loadService(definition: protoLoader.PackageDefinition): grpc.ServiceClientConstructor {
  const loaded = grpc.loadPackageDefinition(definition) as unknown as {
    agora?: { v1?: { GameService?: grpc.ServiceClientConstructor } };
  };
  const service = loaded.agora?.v1?.GameService;
  if (service === undefined) {
    throw new CheckFailed(`agora.v1.GameService not found in ${PROTO_ROOT}`);
  }
  return service;
}

/**
 * The API's retry policy (README, "Retries") as every channel's default service config:
 * grpc-js itself sends a call refused with UNAVAILABLE or RESOURCE_EXHAUSTED again,
 * unchanged, with exponential backoff and jitter. Safe because every mutating call here
 * carries a request_id.
 */
const SERVICE_CONFIG = {
  methodConfig: [
    {
      name: [{ service: "agora.v1.GameService" }],
      retryPolicy: {
        maxAttempts: 5,
        initialBackoff: "0.1s",
        maxBackoff: "2s",
        backoffMultiplier: 2,
        retryableStatusCodes: ["UNAVAILABLE", "RESOURCE_EXHAUSTED"],
      },
    },
  ],
};

function newClient(
  service: grpc.ServiceClientConstructor,
  server: string,
  options: grpc.ChannelOptions = {},
): GameServiceClient {
  const withRetries = { "grpc.service_config": JSON.stringify(SERVICE_CONFIG), ...options };
  return new service(server, grpc.credentials.createInsecure(), withRetries) as unknown as GameServiceClient;
}

function auth(token?: string): grpc.Metadata {
  const metadata = new grpc.Metadata();
  if (token !== undefined) metadata.set("authorization", `Bearer ${token}`);
  return metadata;
}

function isServiceError(err: unknown): err is grpc.ServiceError {
  return typeof err === "object" && err !== null && "code" in err && "details" in err;
}

function grpcError(err: grpc.ServiceError): string {
  return `${grpc.status[err.code] ?? `code ${err.code}`}: ${err.details}`;
}

function hasCode(err: unknown, code: grpc.status): err is grpc.ServiceError {
  return isServiceError(err) && err.code === code;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** One unary call with a deadline and the seat token (if any), as a promise. */
function unary<K extends keyof UnaryRpcs>(
  client: GameServiceClient,
  name: K,
  request: UnaryRpcs[K][0],
  token?: string,
): Promise<UnaryRpcs[K][1]> {
  const methods: UnaryMethods = client;
  const method: UnaryMethod<UnaryRpcs[K][0], UnaryRpcs[K][1]> = methods[name];
  return new Promise((resolve, reject) => {
    method.call(client, request, auth(token), { deadline: Date.now() + CALL_TIMEOUT_MS }, (error, response) => {
      if (error !== null) reject(error);
      else if (response === undefined) reject(new CheckFailed(`${name} returned no response`));
      else resolve(response);
    });
  });
}

function need<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new CheckFailed(`${what} is missing`);
  return value;
}

function waitForReady(client: grpc.Client, server: string, seconds: number): Promise<void> {
  return new Promise((resolve, reject) => {
    client.waitForReady(Date.now() + seconds * 1000, (error) => {
      if (error) reject(new CheckFailed(`cannot connect to ${server} within ${seconds}s`));
      else resolve();
    });
  });
}

/** `kind {"field":value}` for an action, for the move log. */
function actionText(action: GameAction): string {
  const game = action.game;
  if (game === undefined) return "(empty action)";
  const inner = action[game] as GameMessage | null | undefined;
  const kind = inner?.action;
  if (inner === null || inner === undefined || kind === undefined) return `(${game}: empty action)`;
  const fields = JSON.stringify(inner[kind] ?? {}, (_key, value: unknown) => (value === null ? undefined : value));
  return fields === "{}" ? kind : `${kind} ${fields}`;
}

// ---------------------------------------------------------------------------------------------
// The spectator that follows StreamEvents.

/** Follows StreamEvents as a spectator on its own connection, resuming on UNAVAILABLE. */
class Subscriber {
  readonly received: number[] = [];
  lastMessage: StreamEventsResponse | null = null;
  error: string | null = null;
  reconnects = 0;
  /** Settles (never rejects) when the subscriber saw the end, failed or was stopped. */
  readonly done: Promise<void>;
  private call: grpc.ClientReadableStream<StreamEventsResponse> | null = null;
  private halted = false;

  constructor(
    private readonly client: GameServiceClient,
    private readonly sessionId: string,
  ) {
    this.done = this.run().catch((err: unknown) => {
      this.error = `StreamEvents failed: ${describe(err)}`;
    });
  }

  private async run(): Promise<void> {
    let after = 0;
    while (!this.halted) {
      const call = this.client.StreamEvents({ session_id: this.sessionId, after_version: after }, auth());
      this.call = call;
      // The iterator below reports errors; this listener only keeps an error that comes after
      // it has finished (e.g. CANCELLED once the end was seen) from being thrown.
      call.on("error", () => undefined);
      try {
        for await (const chunk of call) {
          const msg = chunk as StreamEventsResponse;
          this.received.push(msg.version);
          this.lastMessage = msg;
          after = Math.max(after, msg.version);
          if (msg.outcome !== null || msg.status === FINISHED) {
            call.cancel();
            return;
          }
        }
        // The server closed the stream before the end: resume after the last version seen.
        this.reconnects++;
      } catch (err) {
        if (this.halted) return;
        if (hasCode(err, grpc.status.UNAVAILABLE) && this.reconnects < 20) {
          this.reconnects++;
          await sleep(200);
          continue;
        }
        this.error = `StreamEvents failed: ${describe(err)}`;
        return;
      }
    }
  }

  stop(): void {
    this.halted = true;
    this.call?.cancel();
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

// The descriptors proto-loader keeps beside each message and enum of the package definition.
interface FieldProto {
  name: string;
  label: string;
  type: string;
  typeName: string;
}
interface MessageProto {
  field: FieldProto[];
}
interface EnumProto {
  name: string;
  value: { name: string; number: number }[];
}

const PACKAGE = "agora.v1";

/** The descriptor of the message or enum `name` (relative to agora.v1, as typeName gives it). */
function descriptor<T>(definition: protoLoader.PackageDefinition, name: string): T | undefined {
  const entry = definition[`${PACKAGE}.${name}`] ?? definition[name];
  return entry !== undefined && "type" in entry ? (entry.type as T) : undefined;
}

/** The prefix of every value of an enum by the proto style guide: OriginRuleSet -> ORIGIN_RULE_SET_. */
function enumPrefix(name: string): string {
  return `${name.replace(/(?!^)([A-Z])/g, "_$1").toUpperCase()}_`;
}

/** `text` as one value of the options field `field`: enums by short name, bools, numbers. */
function optionValue(definition: protoLoader.PackageDefinition, field: FieldProto, text: string): unknown {
  switch (field.type) {
    case "TYPE_ENUM": {
      const enumType = descriptor<EnumProto>(definition, field.typeName);
      if (enumType === undefined) throw new UsageError(`${field.name}: no enum ${field.typeName}`);
      const prefix = enumPrefix(enumType.name);
      const wanted = text.trim().replace(/-/g, "_").toUpperCase();
      const found = enumType.value.find((v) => v.name === wanted || v.name === prefix + wanted);
      if (found === undefined) {
        const names = enumType.value.filter((v) => v.number !== 0).map((v) => v.name.slice(prefix.length).toLowerCase());
        throw new UsageError(`${field.name}: ${JSON.stringify(text)} is not one of ${names.join(", ")}`);
      }
      return found.name;
    }
    case "TYPE_BOOL":
      if (text !== "true" && text !== "false") {
        throw new UsageError(`${field.name}: ${JSON.stringify(text)} is not true or false`);
      }
      return text === "true";
    case "TYPE_STRING":
      return text;
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
 * GameOptions for `game` from `--players` and the `--set name=value` pairs: one object literal
 * `{ [game's field]: { name: value, ... } }`, read against the game's options descriptor.
 */
function gameOptions(definition: protoLoader.PackageDefinition, args: Args): GameOptions {
  const wrapper = descriptor<MessageProto>(definition, "GameOptions");
  if (wrapper === undefined) throw new UsageError("agora.v1.GameOptions is missing from the proto");
  const fieldName = args.game.replace(/-/g, "_");
  const gameField = wrapper.field.find((f) => f.name === fieldName);
  const message = gameField && descriptor<MessageProto>(definition, gameField.typeName);
  if (message === undefined) {
    const known = wrapper.field.map((f) => f.name.replace(/_/g, "-"));
    throw new UsageError(`unknown game ${JSON.stringify(args.game)}; the API has ${known.join(", ")}`);
  }
  const values: Record<string, unknown> = {};
  if (message.field.some((f) => f.name === "players")) values["players"] = args.players;
  for (const pair of args.set) {
    const at = pair.indexOf("=");
    const name = (at < 0 ? pair : pair.slice(0, at)).trim().replace(/-/g, "_");
    const field = message.field.find((f) => f.name === name);
    if (at < 0 || field === undefined) {
      const accepted = message.field.map((f) => f.name).join(", ");
      throw new UsageError(`--set ${JSON.stringify(pair)}: ${args.game} has the options ${accepted}`);
    }
    const text = pair.slice(at + 1).trim();
    values[field.name] =
      field.label === "LABEL_REPEATED"
        ? text
            .split(",")
            .filter((t) => t.trim() !== "")
            .map((t) => optionValue(definition, field, t))
        : optionValue(definition, field, text);
  }
  return { [fieldName]: values };
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
  const definition = loadDefinition();
  const options = gameOptions(definition, args);
  const description = `${args.game} ${JSON.stringify(Object.values(options)[0])}`;
  const random = seededRandom(args.botSeed ?? args.seed ?? randomBytes(8).toString("hex"));
  const service = loadService(definition);
  const client = newClient(service, args.server);
  // The spectator gets a connection of its own, as a separate program would.
  const spectator = newClient(service, args.server, { "grpc.use_local_subchannel_pool": 1 });
  let subscriber: Subscriber | null = null;
  try {
    await waitForReady(client, args.server, args.connectTimeout);

    const create: CreateSessionRequest = { options, request_id: randomUUID() };
    if (args.seed !== undefined) create.seed = args.seed;
    let session = need((await unary(client, "CreateSession", create)).session, "CreateSession's session");
    const sid = session.session_id;
    console.log(`created session ${sid}: ${description}${args.seed !== undefined ? `, seed ${args.seed}` : ""}`);

    subscriber = new Subscriber(spectator, sid);

    const tokens = new Map<number, string>();
    for (const seat of session.seats) {
      const joined = await unary(client, "JoinSession", {
        session_id: sid,
        seat: seat.seat,
        player_name: `ts-bot-${seat.seat}`,
        request_id: randomUUID(),
      });
      if (joined.seat !== seat.seat) throw new CheckFailed(`asked for seat ${seat.seat}, got seat ${joined.seat}`);
      tokens.set(joined.seat, joined.seat_token);
      session = need(joined.session, "JoinSession's session");
    }
    console.log(`joined ${tokens.size} seats`);

    let moves = 0;
    let stale = 0;
    while (session.status !== FINISHED) {
      if (moves >= args.maxMoves) throw new CheckFailed(`the game did not end within ${args.maxMoves} moves`);
      const seat = session.to_act[0];
      if (seat === undefined) {
        throw new CheckFailed(`version ${session.version}: not finished but nobody is to act`);
      }
      const token = tokens.get(seat);
      if (token === undefined) throw new CheckFailed(`version ${session.version}: seat ${seat} to act has no token`);
      const legal = await unary(client, "ListLegalActions", { session_id: sid }, token);
      if (legal.actions.length === 0) {
        throw new CheckFailed(`version ${legal.version}: seat ${seat} is to act but has no legal action`);
      }
      const action = choose(random, legal.actions);
      const request: SubmitActionRequest = {
        session_id: sid,
        action,
        expected_version: legal.version,
        request_id: randomUUID(),
      };
      let response: SubmitActionResponse;
      try {
        response = await unary(client, "SubmitAction", request, token);
      } catch (err) {
        if (hasCode(err, grpc.status.ABORTED) && stale < 20) {
          // Someone else moved first (stale expected_version): look again and choose anew.
          stale++;
          session = need((await unary(client, "GetSession", { session_id: sid })).session, "GetSession's session");
          continue;
        }
        throw new CheckFailed(
          `seat ${seat} could not play ${actionText(action)} at version ${legal.version}: ${describe(err)}`,
        );
      }
      moves++;
      if (response.version !== legal.version + 1) {
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
    const expected = Array.from({ length: final }, (_, i) => i + 1);
    if (!isDeepStrictEqual(got, expected)) {
      const seen = new Set<number>();
      const duplicated = new Set<number>();
      for (const v of got) (seen.has(v) ? duplicated : seen).add(v);
      const missing = expected.filter((v) => !seen.has(v));
      throw new CheckFailed(
        `stream versions are not 1..${final} exactly once in order: received ${got.length} messages, ` +
          `missing [${missing.slice(0, 20).join(", ")}], duplicated [${[...duplicated].sort((a, b) => a - b).slice(0, 20).join(", ")}]`,
      );
    }
    const last = subscriber.lastMessage;
    if (last === null || last.outcome === null) throw new CheckFailed("the final streamed message has no outcome");
    if (last.status !== FINISHED) throw new CheckFailed("the final streamed message is not marked FINISHED");

    const state = need((await unary(client, "GetState", { session_id: sid })).session, "GetState's session");
    if (state.outcome === null) throw new CheckFailed("GetState's session has no outcome after the end");
    if (!isDeepStrictEqual(state.outcome, last.outcome)) {
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
      const tieBreaks = s.tie_breaks.length > 0 ? ` (tie-breaks ${s.tie_breaks.join(", ")})` : "";
      console.log(`  ${s.rank}. seat ${s.seat}: ${s.score} points${tieBreaks}`);
      for (const part of s.breakdown) console.log(`       ${String(part.points).padStart(4)}  ${part.name}`);
    }
  } finally {
    subscriber?.stop();
    client.close();
    spectator.close();
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

class UsageError extends Error {}

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
  gameOptions(loadDefinition(), args); // a bad --game or --set is a usage error
  return args;
}

function describe(err: unknown): string {
  if (isServiceError(err)) return grpcError(err);
  if (err instanceof Error) return err.message;
  return String(err);
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
    else if (isServiceError(err)) console.error(`FAILED: gRPC error ${grpcError(err)}`);
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
