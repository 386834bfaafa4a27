// Types of index.js (written by hand beside it; the generated modules carry their own).
import type { CallOptions, Client, Code, ConnectError, Interceptor, Transport } from "@connectrpc/connect";

import type { GameService, StreamEventsResponse } from "./gen/agora/v1/game_service_pb.js";

export * from "./gen/agora/v1/attika_pb.js";
export * from "./gen/agora/v1/game_service_pb.js";
export * from "./gen/agora/v1/games_pb.js";
export * from "./gen/agora/v1/origin_pb.js";
export * from "./gen/agora/v1/origins_pb.js";
export * from "./gen/agora/v1/session_pb.js";
export * from "./gen/agora/v1/terra_nova_pb.js";

/** A client of agora.v1.GameService. */
export type GameServiceClient = Client<typeof GameService>;

/** A client of agora.v1.GameService over `transport`. */
export declare function createGameServiceClient(transport: Transport): GameServiceClient;

/** Authenticates every call as the seat `token` (`authorization: Bearer <token>`). */
export declare function bearerToken(token: string): Interceptor;

/** Call options that authenticate one call as the seat `token`. */
export declare function asSeat(token: string): { headers: { authorization: string } };

/** UNAVAILABLE and RESOURCE_EXHAUSTED: the codes the API's retry policy sends again. */
export declare const RETRYABLE_CODES: readonly Code[];

export interface RetryPolicyOptions {
  /** Attempts in all, the first included (default 5). */
  maxAttempts?: number;
  /** Backoff before the second attempt, doubled after each (default 100 ms). */
  initialBackoffMs?: number;
  /** Upper bound of the backoff (default 2000 ms). */
  maxBackoffMs?: number;
}

/** The API's retry policy for unary calls, as an interceptor. */
export declare function retryPolicy(options?: RetryPolicyOptions): Interceptor;

/** Whether this streamed version ends the game. */
export declare function isFinal(message: StreamEventsResponse): boolean;

export interface FollowEventsOptions {
  /** Stream versions after this one (default 0n: from the start). */
  afterVersion?: bigint;
  /** End after the version that finishes the game (default true). */
  untilFinished?: boolean;
  /** The codes after which the stream is resumed (default [Code.Unavailable]). */
  resumeOn?: readonly Code[];
  /** Resumes at most this many times (default 20). */
  maxReconnects?: number;
  /** Wait before a resume (default 200 ms). */
  delayMs?: number;
  /** Cancels the stream and ends the iteration. */
  signal?: AbortSignal;
  /** Options of each StreamEvents call (headers, timeout). */
  callOptions?: CallOptions;
  /** Told each resume: the last version seen and the error, if the stream broke with one. */
  onReconnect?: (afterVersion: bigint, error: ConnectError | undefined) => void;
}

/** Follows StreamEvents of a session, resuming after a dropped connection. */
export declare function followEvents(
  client: GameServiceClient,
  sessionId: string,
  options?: FollowEventsOptions,
): AsyncGenerator<StreamEventsResponse, void, undefined>;
