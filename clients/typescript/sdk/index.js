// @ts-check
// The package's entry: every generated module of agora.v1 (gen/, from protoc-gen-es; never
// edited by hand) and a few helpers for Connect clients that work alike over gRPC in Node
// (@connectrpc/connect-node) and gRPC-Web in browsers (@connectrpc/connect-web).
import { Code, ConnectError, createClient } from "@connectrpc/connect";

import { GameService, StreamEventsRequestSchema } from "./gen/agora/v1/game_service_pb.js";
import { SessionStatus } from "./gen/agora/v1/session_pb.js";
import { BadRequestSchema, ErrorInfoSchema } from "./rpc/google/rpc/error_details_pb.js";
import { create } from "@bufbuild/protobuf";

// One line per generated file; clients/typescript/e2e.sh checks that none is missing.
export * from "./gen/agora/v1/attika_pb.js";
export * from "./gen/agora/v1/chat_pb.js";
export * from "./gen/agora/v1/game_service_pb.js";
export * from "./gen/agora/v1/games_pb.js";
export * from "./gen/agora/v1/matchmaking_pb.js";
export * from "./gen/agora/v1/origin_pb.js";
export * from "./gen/agora/v1/origins_pb.js";
export * from "./gen/agora/v1/ratings_pb.js";
export * from "./gen/agora/v1/session_pb.js";
export * from "./gen/agora/v1/terra_nova_pb.js";
// The error details the server sends (describeError decodes them); the other google.rpc
// messages are at "@agora/sdk/rpc/google/rpc/error_details_pb".
export { BadRequestSchema, ErrorInfoSchema };

/**
 * A client of agora.v1.GameService over `transport`.
 * @param {import("@connectrpc/connect").Transport} transport
 */
export function createGameServiceClient(transport) {
  return createClient(GameService, transport);
}

/**
 * An interceptor that authenticates every call as a seat: `authorization: Bearer <token>`,
 * unless the call sets its own authorization header.
 * @param {string} token
 * @returns {import("@connectrpc/connect").Interceptor}
 */
export function bearerToken(token) {
  return (next) => async (req) => {
    if (!req.header.has("authorization")) req.header.set("authorization", `Bearer ${token}`);
    return next(req);
  };
}

/**
 * Call options that authenticate one call as a seat (the `authorization` header).
 * @param {string} token
 */
export function asSeat(token) {
  return { headers: { authorization: `Bearer ${token}` } };
}

/** The domain of the server's ErrorInfo details. */
export const ERROR_DOMAIN = "agora.dev";

/**
 * A failed call as an app shows and handles it: the gRPC `code` (a Connect `Code`) and its
 * name ("FAILED_PRECONDITION"), the machine-readable `reason` of a refusal (ErrorInfo's: a
 * game's rule code or a session reason such as "SEAT_TAKEN"; "" when the error has none),
 * the `sentence` to show a player (the status message, without Connect's "[code]" prefix),
 * and the `fieldViolations` of an INVALID_ARGUMENT (BadRequest's field paths). Anything
 * thrown is accepted: an error that is not a ConnectError is UNKNOWN with its message.
 * @param {unknown} err
 * @returns {import("./index.js").AgoraError}
 */
export function describeError(err) {
  const error = ConnectError.from(err);
  const info = error.findDetails(ErrorInfoSchema)[0];
  const badRequest = error.findDetails(BadRequestSchema)[0];
  return {
    code: error.code,
    name: codeName(error.code),
    reason: info?.reason ?? "",
    sentence: error.rawMessage,
    fieldViolations: (badRequest?.fieldViolations ?? []).map((v) => ({ field: v.field, description: v.description })),
  };
}

/**
 * The gRPC name of a Connect code: Code.FailedPrecondition -> "FAILED_PRECONDITION".
 * @param {Code} code
 */
function codeName(code) {
  const name = Code[code];
  return name === undefined ? String(code) : name.replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase();
}

/** The codes the API's retry policy sends again (the server README, "Error codes and retries"). */
export const RETRYABLE_CODES = Object.freeze([Code.Unavailable, Code.ResourceExhausted]);

/**
 * @param {number} ms
 * @param {AbortSignal | undefined} signal
 * @returns {Promise<void>}
 */
function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener("abort", aborted, { once: true });
  });
}

/**
 * Whether a request carries a non-empty `request_id` (the server answers its retry with the
 * first attempt's result, docs/api.md "Retries").
 * @param {unknown} message
 */
function carriesRequestId(message) {
  const id = /** @type {{ requestId?: unknown } | undefined} */ (message)?.requestId;
  return typeof id === "string" && id.length > 0;
}

/**
 * An interceptor with the API's retry policy for unary calls: a call refused with
 * UNAVAILABLE or RESOURCE_EXHAUSTED is sent again, unchanged, with exponential backoff and
 * jitter (5 attempts, 0.1 s doubling to 2 s by default). Safe because every mutating call
 * carries a `request_id`. A call that carries a non-empty `request_id` is also sent again
 * after UNKNOWN (a proxy's or HTTP/2 error whose outcome is unknown): the server answers
 * the retry with what the first attempt did. Streams are not retried here (see followEvents).
 * @param {{ maxAttempts?: number, initialBackoffMs?: number, maxBackoffMs?: number }} [options]
 * @returns {import("@connectrpc/connect").Interceptor}
 */
export function retryPolicy(options = {}) {
  const maxAttempts = options.maxAttempts ?? 5;
  const initial = options.initialBackoffMs ?? 100;
  const max = options.maxBackoffMs ?? 2000;
  return (next) => async (req) => {
    if (req.stream) return next(req);
    for (let attempt = 1; ; attempt++) {
      try {
        return await next(req);
      } catch (err) {
        const code = ConnectError.from(err).code;
        const retryable =
          RETRYABLE_CODES.includes(code) || (code === Code.Unknown && carriesRequestId(req.message));
        if (attempt >= maxAttempts || !retryable || req.signal.aborted) throw err;
        const backoff = Math.min(max, initial * 2 ** (attempt - 1));
        await sleep(Math.random() * backoff, req.signal);
      }
    }
  };
}

/**
 * Whether this streamed version ends the game (it carries the outcome).
 * @param {import("./gen/agora/v1/game_service_pb.js").StreamEventsResponse} message
 */
export function isFinal(message) {
  return message.outcome !== undefined || message.status === SessionStatus.FINISHED;
}

/**
 * The codes after which followEvents resumes by default: UNAVAILABLE (a dropped connection, a
 * replica stopping or cut off from its store: "resume from version N") and ABORTED (this
 * reader fell behind the game: "resume from version N"). docs/api.md, "Streams and resumption".
 */
export const RESUME_CODES = Object.freeze([Code.Unavailable, Code.Aborted]);

/**
 * An AbortController for one StreamEvents call, also aborted when any of `outer` is (the
 * caller's signals): the follower aborts it itself whenever it stops, so that the call ends
 * on the server too (the server keeps a finished game's stream open for the rematch notice).
 * `release` forgets the outer signals' listeners.
 * @param {(AbortSignal | undefined)[]} outer
 */
function linkedController(outer) {
  const controller = new AbortController();
  /** @type {(() => void)[]} */
  const releases = [];
  for (const signal of outer) {
    if (signal === undefined) continue;
    const abort = () => controller.abort(signal.reason);
    if (signal.aborted) abort();
    signal.addEventListener("abort", abort, { once: true });
    releases.push(() => signal.removeEventListener("abort", abort));
  }
  return { controller, release: () => releases.forEach((release) => release()) };
}

/**
 * Follows StreamEvents of a session, resuming from the last version seen: when the stream
 * breaks with UNAVAILABLE or ABORTED (or the codes in `resumeOn`), loses its connection
 * (CANCELED that this follower did not cause, as Node reports it), or the server ends it
 * before the game is over, it waits `delayMs` and asks again for the versions after the last
 * one seen (`after_version`), at most `maxReconnects` times in a row without a new message.
 * Messages are yielded as the server sent them (none dropped or de-duplicated).
 *
 * Every call it opens is cancelled when it stops, whatever stops it: with `untilFinished`
 * (the default) after the version that finishes the game; without it, after the rematch
 * notice (`rematch_session_id`, the last thing a stream sends); the caller's `signal`; or the
 * caller leaving the loop (`break`, `return`, a throw). The server keeps a finished game's
 * stream open for the rematch notice, so a call left open would hold one of the connection's
 * streams (and a browser's connection) for as long as the session lives.
 * `onReconnect` is told each resume.
 *
 * @param {ReturnType<typeof createGameServiceClient>} client
 * @param {string} sessionId
 * @param {import("./index.js").FollowEventsOptions} [options]
 * @returns {AsyncGenerator<import("./gen/agora/v1/game_service_pb.js").StreamEventsResponse, void, undefined>}
 */
export async function* followEvents(client, sessionId, options = {}) {
  let after = options.afterVersion ?? 0n;
  const untilFinished = options.untilFinished ?? true;
  const resumeOn = options.resumeOn ?? RESUME_CODES;
  const maxReconnects = options.maxReconnects ?? 20;
  const delayMs = options.delayMs ?? 200;
  const signal = options.signal;
  let reconnects = 0;
  let finished = false;
  while (!signal?.aborted) {
    /** @type {ConnectError | undefined} */
    let error;
    // The caller's signal, or one in its callOptions, cancels this call too.
    const callerCallSignal = options.callOptions?.signal ?? undefined;
    const call = linkedController([signal, callerCallSignal]);
    try {
      const request = create(StreamEventsRequestSchema, { sessionId, afterVersion: after });
      const stream = client.streamEvents(request, { ...options.callOptions, signal: call.controller.signal });
      for await (const message of stream) {
        const notice = message.rematchSessionId !== "";
        if (!notice && message.version > after) {
          after = message.version;
          reconnects = 0;
        }
        yield message;
        if (notice) return; // nothing follows a rematch notice
        finished ||= isFinal(message);
        if (untilFinished && finished) return;
      }
    } catch (err) {
      if (signal?.aborted || callerCallSignal?.aborted) return;
      error = ConnectError.from(err);
      // A connection lost under the call shows as CANCELED in Node's HTTP/2 (its streams
      // are closed with CANCEL) although nobody cancelled it: resumed like UNAVAILABLE.
      const dropped = error.code === Code.Canceled && !call.controller.signal.aborted;
      if (!dropped && !resumeOn.includes(error.code)) throw error;
    } finally {
      // Ends the call on the server too (a no-op when the server already closed it).
      call.controller.abort();
      call.release();
    }
    if (signal?.aborted || callerCallSignal?.aborted || (error === undefined && finished)) return;
    if (reconnects >= maxReconnects) {
      if (error !== undefined) throw error;
      return;
    }
    reconnects++;
    options.onReconnect?.(after, error);
    try {
      await sleep(delayMs, signal);
    } catch {
      return;
    }
  }
}
