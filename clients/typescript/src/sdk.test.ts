/**
 * Tests of @agora/sdk's helpers that need no server (node's test runner, through tsx):
 * followEvents' resumption with a stand-in client, bearerToken, and retryPolicy.
 *   npm test
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type Interceptor } from "@connectrpc/connect";

import {
  type GameServiceClient,
  OutcomeSchema,
  SessionStatus,
  type StreamEventsRequest,
  type StreamEventsResponse,
  StreamEventsResponseSchema,
  bearerToken,
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

/** A client whose StreamEvents answers each call with the next scripted messages and error. */
function fakeClient(script: Script, requests: StreamEventsRequest[]): GameServiceClient {
  return {
    async *streamEvents(request: StreamEventsRequest) {
      requests.push(request);
      const [messages, error] = script.shift() ?? [[], new ConnectError("script exhausted", Code.Internal)];
      yield* messages;
      if (error !== undefined) throw error;
    },
  } as unknown as GameServiceClient;
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
async function around(interceptor: Interceptor, failures: Code[], stream = false) {
  const headers: (string | null)[] = [];
  let calls = 0;
  const next = interceptor(async (req) => {
    calls++;
    headers.push(req.header.get("authorization"));
    const code = failures.shift();
    if (code !== undefined) throw new ConnectError("refused", code);
    return { stream: false, message: {}, header: new Headers(), trailer: new Headers() } as never;
  });
  const req = { stream, header: new Headers(), signal: new AbortController().signal } as never;
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
