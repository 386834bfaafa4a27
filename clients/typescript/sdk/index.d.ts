// Types of index.js (written by hand beside it; the generated modules carry their own).
import type { CallOptions, Client, Code, ConnectError, Interceptor, Transport } from "@connectrpc/connect";

import type { GameService, StreamEventsResponse } from "./gen/agora/v1/game_service_pb.js";

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
export { BadRequestSchema, ErrorInfoSchema } from "./rpc/google/rpc/error_details_pb.js";
export type { BadRequest, ErrorInfo } from "./rpc/google/rpc/error_details_pb.js";

/** A client of agora.v1.GameService. */
export type GameServiceClient = Client<typeof GameService>;

/** A client of agora.v1.GameService over `transport`. */
export declare function createGameServiceClient(transport: Transport): GameServiceClient;

/** Authenticates every call as the seat `token` (`authorization: Bearer <token>`). */
export declare function bearerToken(token: string): Interceptor;

/** Call options that authenticate one call as the seat `token`. */
export declare function asSeat(token: string): { headers: { authorization: string } };

/** The domain of the server's ErrorInfo details: "agora.dev". */
export declare const ERROR_DOMAIN: string;

/** One field an INVALID_ARGUMENT names (BadRequest.FieldViolation). */
export interface FieldViolation {
  /** The field's path in the request, e.g. "action.origin.slot". */
  field: string;
  /** A sentence saying what is wrong with it. */
  description: string;
}

/** A failed call, ready to show and to handle (describeError). */
export interface AgoraError {
  /** The gRPC code, as Connect's Code. */
  code: Code;
  /** The gRPC name of the code, e.g. "FAILED_PRECONDITION". */
  name: string;
  /** ErrorInfo's reason: a rule code or session reason (e.g. "SEAT_TAKEN"); "" when none. */
  reason: string;
  /** The sentence to show a player (the status message). */
  sentence: string;
  /** BadRequest's field violations (INVALID_ARGUMENT); empty when none. */
  fieldViolations: FieldViolation[];
}

/** Turns anything a call threw into {code, name, reason, sentence, fieldViolations}. */
export declare function describeError(err: unknown): AgoraError;

/** UNAVAILABLE and ABORTED: the codes after which followEvents resumes by default. */
export declare const RESUME_CODES: readonly Code[];

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
  /**
   * End after the version that finishes the game (default true). False: go on after it and
   * end after the rematch notice (a message with `rematchSessionId`), or at the caller's abort.
   */
  untilFinished?: boolean;
  /** The codes after which the stream is resumed (default RESUME_CODES: UNAVAILABLE, ABORTED). */
  resumeOn?: readonly Code[];
  /** Resumes at most this many times in a row without a new version (default 20). */
  maxReconnects?: number;
  /** Wait before a resume (default 200 ms). */
  delayMs?: number;
  /** Cancels the stream and ends the iteration (so does leaving the for-await loop). */
  signal?: AbortSignal;
  /** Options of each StreamEvents call (headers, timeout). */
  callOptions?: CallOptions;
  /** Told each resume: the last version seen and the error, if the stream broke with one. */
  onReconnect?: (afterVersion: bigint, error: ConnectError | undefined) => void;
}

/**
 * Follows StreamEvents of a session, resuming after UNAVAILABLE, ABORTED or a dropped
 * connection from the last version seen; every call it opens is cancelled when it stops.
 */
export declare function followEvents(
  client: GameServiceClient,
  sessionId: string,
  options?: FollowEventsOptions,
): AsyncGenerator<StreamEventsResponse, void, undefined>;
