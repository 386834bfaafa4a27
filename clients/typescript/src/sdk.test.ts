/**
 * Tests of @agora/sdk's helpers that need no server (node's test runner, through tsx):
 * followEvents' resumption and cancellation with a stand-in client, describeError, bearerToken,
 * and retryPolicy. (Against a real server: src/follow-check.ts.)
 *   npm test
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type Interceptor, type CallOptions } from "@connectrpc/connect";

import {
  BadRequestSchema,
  ErrorInfoSchema,
  type GameServiceClient,
  OutcomeSchema,
  SessionStatus,
  type StreamEventsRequest,
  type StreamEventsResponse,
  StreamEventsResponseSchema,
  bearerToken,
  describeError,
  followEvents,
  retryPolicy,
} from "@agora/sdk";

function version(n: number, final = false): StreamEventsResponse {
  return create(StreamEventsResponseSchema, {
    version: BigInt(n),
    ...(final ? { status: SessionStatus.FINISHED, outcome: create(OutcomeSchema) } : {}),
  });
}

type Script = [StreamEventsResponse[], ConnectError | undefined][];

/**
 * A client whose StreamEvents answers each call with the next scripted messages and error;
 * `signals` gets each call's AbortSignal. A call whose script ends without an error stays
 * open (as the server keeps a finished game's stream) until its signal aborts it.
 */
function fakeClient(script: Script, requests: StreamEventsRequest[], signals: AbortSignal[] = []): GameServiceClient {
  return {
    async *streamEvents(request: StreamEventsRequest, options: CallOptions = {}) {
      requests.push(request);
      const signal = options.signal ?? new AbortController().signal;
      signals.push(signal);
      const [messages, error] = script.shift() ?? [[], new ConnectError("script exhausted", Code.Internal)];
      yield* messages;
      if (error !== undefined) throw error;
      if (error === undefined && script.length === 0 && messages.length > 0) {
        if (!signal.aborted) await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
        throw new ConnectError("cancelled", Code.Canceled);
      }
    },
  } as unknown as GameServiceClient;
}

function notice(n: number, rematch: string): StreamEventsResponse {
  return create(StreamEventsResponseSchema, { version: BigInt(n), status: SessionStatus.FINISHED, rematchSessionId: rematch });
}

test("followEvents resumes after the last version seen", async () => {
  const requests: StreamEventsRequest[] = [];
  const client = fakeClient(
    [
      [[version(1), version(2), version(3)], new ConnectError("dropped", Code.Unavailable)],
      [[], undefined], // the server ended the stream early: resume again
      [[version(4), version(5, true)], undefined],
    ],
    requests,
  );
  const resumed: bigint[] = [];
  const got: bigint[] = [];
  for await (const m of followEvents(client, "s1", { delayMs: 0, onReconnect: (after) => resumed.push(after) })) {
    got.push(m.version);
  }
  assert.deepEqual(got, [1n, 2n, 3n, 4n, 5n]);
  assert.deepEqual(
    requests.map((r) => r.afterVersion),
    [0n, 3n, 3n],
  );
  assert.deepEqual(resumed, [3n, 3n]);
});

test("followEvents resumes after ABORTED (a slow reader) from the last version seen", async () => {
  const requests: StreamEventsRequest[] = [];
  const behind = new ConnectError("This stream fell behind the game; resume from version 2.", Code.Aborted);
  const client = fakeClient([[[version(1), version(2)], behind], [[version(3, true)], undefined]], requests);
  const got: bigint[] = [];
  for await (const m of followEvents(client, "s1", { delayMs: 0 })) got.push(m.version);
  assert.deepEqual(got, [1n, 2n, 3n]);
  assert.deepEqual(
    requests.map((r) => r.afterVersion),
    [0n, 2n],
  );
});

test("followEvents cancels its call at the end of the game, after a rematch notice, and on break", async () => {
  // The game's end: the server would keep the stream open (for the rematch notice).
  let signals: AbortSignal[] = [];
  const ended = fakeClient([[[version(1), version(2, true)], undefined]], [], signals);
  const got: bigint[] = [];
  for await (const m of followEvents(ended, "s1")) got.push(m.version);
  assert.deepEqual(got, [1n, 2n]);
  assert.equal(signals.length, 1);
  assert.ok(signals[0]?.aborted, "the finished game's call was not cancelled");

  // untilFinished false: on past the final version, up to the rematch notice.
  signals = [];
  const rematch = fakeClient([[[version(1, true), notice(1, "s2")], undefined]], [], signals);
  const messages: StreamEventsResponse[] = [];
  for await (const m of followEvents(rematch, "s1", { untilFinished: false })) messages.push(m);
  assert.deepEqual(
    messages.map((m) => m.rematchSessionId),
    ["", "s2"],
  );
  assert.ok(signals[0]?.aborted, "the call was not cancelled after the rematch notice");

  // The caller leaves the loop.
  signals = [];
  const open = fakeClient([[[version(1), version(2)], undefined]], [], signals);
  for await (const m of followEvents(open, "s1")) if (m.version === 1n) break;
  assert.ok(signals[0]?.aborted, "break did not cancel the call");

  // The caller's signal, while the stream waits for the next version.
  signals = [];
  const waiting = fakeClient([[[version(1)], undefined]], [], signals);
  const controller = new AbortController();
  const seen: bigint[] = [];
  for await (const m of followEvents(waiting, "s1", { signal: controller.signal })) {
    seen.push(m.version);
    controller.abort();
  }
  assert.deepEqual(seen, [1n]);
  assert.ok(signals[0]?.aborted, "the caller's abort did not cancel the call");
});

test("describeError gives the code, the refusal reason, the sentence and the field violations", () => {
  const refused = new ConnectError("It is not your turn.", Code.FailedPrecondition, undefined, [
    { desc: ErrorInfoSchema, value: { reason: "NOT_YOUR_TURN", domain: "agora.dev" } },
  ]);
  assert.deepEqual(describeError(refused), {
    code: Code.FailedPrecondition,
    name: "FAILED_PRECONDITION",
    reason: "NOT_YOUR_TURN",
    sentence: "It is not your turn.",
    fieldViolations: [],
  });
  const invalid = new ConnectError("seed: not allowed.", Code.InvalidArgument, undefined, [
    { desc: BadRequestSchema, value: { fieldViolations: [{ field: "seed", description: "not allowed." }] } },
  ]);
  const described = describeError(invalid);
  assert.equal(described.name, "INVALID_ARGUMENT");
  assert.equal(described.reason, "");
  assert.deepEqual(described.fieldViolations, [{ field: "seed", description: "not allowed." }]);
  const plain = describeError(new Error("boom"));
  assert.deepEqual([plain.code, plain.name, plain.sentence], [Code.Unknown, "UNKNOWN", "boom"]);
});

test("followEvents throws other errors and gives up after maxReconnects", async () => {
  const denied = fakeClient([[[version(1)], new ConnectError("no", Code.PermissionDenied)]], []);
  await assert.rejects(async () => {
    for await (const _ of followEvents(denied, "s1", { delayMs: 0 })) void _;
  }, /no/);
  const down = new ConnectError("down", Code.Unavailable);
  const flaky = fakeClient(
    [
      [[], down],
      [[], down],
      [[], down],
    ],
    [],
  );
  await assert.rejects(async () => {
    for await (const _ of followEvents(flaky, "s1", { delayMs: 0, maxReconnects: 2 })) void _;
  }, /down/);
});

/** Runs `interceptor` around a stand-in call that records its header and fails `failures` times. */
async function around(interceptor: Interceptor, failures: Code[], stream = false, message: object = {}) {
  const headers: (string | null)[] = [];
  let calls = 0;
  const next = interceptor(async (req) => {
    calls++;
    headers.push(req.header.get("authorization"));
    const code = failures.shift();
    if (code !== undefined) throw new ConnectError("refused", code);
    return { stream: false, message: {}, header: new Headers(), trailer: new Headers() } as never;
  });
  const req = { stream, message, header: new Headers(), signal: new AbortController().signal } as never;
  const result = await next(req).then(
    () => "ok",
    (err: unknown) => ConnectError.from(err).code,
  );
  return { result, calls, headers };
}

test("bearerToken sends the seat's token", async () => {
  const { result, headers } = await around(bearerToken("t0"), []);
  assert.equal(result, "ok");
  assert.deepEqual(headers, ["Bearer t0"]);
});

test("retryPolicy sends UNAVAILABLE and RESOURCE_EXHAUSTED again, and nothing else", async () => {
  const policy = retryPolicy({ initialBackoffMs: 1, maxBackoffMs: 2 });
  assert.deepEqual(await around(policy, [Code.Unavailable, Code.ResourceExhausted]), {
    result: "ok",
    calls: 3,
    headers: [null, null, null],
  });
  assert.equal((await around(policy, [Code.Aborted])).calls, 1);
  const gaveUp = await around(policy, Array<Code>(5).fill(Code.Unavailable));
  assert.deepEqual([gaveUp.result, gaveUp.calls], [Code.Unavailable, 5]);
  assert.equal((await around(policy, [Code.Unavailable], true)).calls, 1); // streams: not retried here
});

test("retryPolicy sends UNKNOWN again only for a call that carries a request_id", async () => {
  const policy = retryPolicy({ initialBackoffMs: 1, maxBackoffMs: 2 });
  const withId = await around(policy, [Code.Unknown, Code.Unknown], false, { requestId: "r1" });
  assert.deepEqual([withId.result, withId.calls], ["ok", 3]);
  const withoutId = await around(policy, [Code.Unknown], false, { requestId: "" });
  assert.deepEqual([withoutId.result, withoutId.calls], [Code.Unknown, 1]);
  const noField = await around(policy, [Code.Unknown], false, { sessionId: "s1" });
  assert.deepEqual([noField.result, noField.calls], [Code.Unknown, 1]);
});
