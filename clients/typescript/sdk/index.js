// @ts-check
// The package's entry: every generated module of agora.v1 (gen/, from protoc-gen-es; never
// edited by hand) and a few helpers for Connect clients that work alike over gRPC in Node
// (@connectrpc/connect-node) and gRPC-Web in browsers (@connectrpc/connect-web).
import { Code, ConnectError, createClient } from "@connectrpc/connect";

import { GameService, StreamEventsRequestSchema } from "./gen/agora/v1/game_service_pb.js";
import { SessionStatus } from "./gen/agora/v1/session_pb.js";
import { create } from "@bufbuild/protobuf";

// One line per generated file; clients/typescript/e2e.sh checks that none is missing.
export * from "./gen/agora/v1/attika_pb.js";
export * from "./gen/agora/v1/game_service_pb.js";
export * from "./gen/agora/v1/games_pb.js";
export * from "./gen/agora/v1/origin_pb.js";
export * from "./gen/agora/v1/origins_pb.js";
export * from "./gen/agora/v1/session_pb.js";
export * from "./gen/agora/v1/terra_nova_pb.js";

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
 * An interceptor with the API's retry policy for unary calls: a call refused with
 * UNAVAILABLE or RESOURCE_EXHAUSTED is sent again, unchanged, with exponential backoff and
 * jitter (5 attempts, 0.1 s doubling to 2 s by default). Safe because every mutating call
 * carries a `request_id`. Streams are not retried here (see followEvents).
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
        if (attempt >= maxAttempts || !RETRYABLE_CODES.includes(code) || req.signal.aborted) throw err;
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
 * Follows StreamEvents of a session, resuming after a dropped connection: when the stream
 * breaks with UNAVAILABLE (or `resumeOn`), or the server ends it before the game is over, it
 * waits `delayMs` and asks again for the versions after the last one seen
 * (`after_version`), at most `maxReconnects` times. Messages are yielded as the server sent
 * them (none dropped or de-duplicated). With `untilFinished` (the default) it ends after the
 * version that finishes the game; `signal` cancels it. `onReconnect` is told each resume.
 *
 * @param {ReturnType<typeof createGameServiceClient>} client
 * @param {string} sessionId
 * @param {import("./index.js").FollowEventsOptions} [options]
 * @returns {AsyncGenerator<import("./gen/agora/v1/game_service_pb.js").StreamEventsResponse, void, undefined>}
 */
export async function* followEvents(client, sessionId, options = {}) {
  let after = options.afterVersion ?? 0n;
  const untilFinished = options.untilFinished ?? true;
  const resumeOn = options.resumeOn ?? [Code.Unavailable];
  const maxReconnects = options.maxReconnects ?? 20;
  const delayMs = options.delayMs ?? 200;
  const signal = options.signal;
  let reconnects = 0;
  let finished = false;
  while (!signal?.aborted) {
    /** @type {ConnectError | undefined} */
    let error;
    try {
      const request = create(StreamEventsRequestSchema, { sessionId, afterVersion: after });
      const callOptions = signal === undefined ? {} : { signal };
      for await (const message of client.streamEvents(request, { ...options.callOptions, ...callOptions })) {
        if (message.rematchSessionId === "" && message.version > after) after = message.version;
        yield message;
        finished ||= isFinal(message);
        if (untilFinished && finished) return;
      }
    } catch (err) {
      if (signal?.aborted) return;
      error = ConnectError.from(err);
      if (!resumeOn.includes(error.code)) throw error;
    }
    if (signal?.aborted || (error === undefined && finished)) return;
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
