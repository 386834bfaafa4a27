/**
 * A StreamEvents double for the SDK followers' resumption checks: a gRPC server (Connect for
 * Node, over HTTP/2) in front of a real agora-server that relays StreamEvents, and breaks
 * each session's first two calls the ways a real stream breaks:
 *   1st call: after `--relay` versions it ends with ABORTED "This stream fell behind the game;
 *             resume from version N." (the server's own sentence for a slow reader);
 *   2nd call: after `--relay` versions it drops the TCP connection (no status at all);
 *   later calls: relayed untouched.
 * Why a double: the server sends ABORTED only when a version is missing from a session's log
 * (a slow reader back-fills from the log; no flag makes it lag), which a test cannot cause
 * from outside. Only StreamEvents is served (other methods: UNIMPLEMENTED); the caller's
 * `authorization` is passed on.
 *   tsx src/stream-double.ts --upstream HOST:PORT [--relay 2]
 * prints "stream-double listening on 127.0.0.1:PORT" and serves until killed.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import * as http2 from "node:http2";
import type { Socket } from "node:net";
import { parseArgs } from "node:util";

import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { connectNodeAdapter, createGrpcTransport } from "@connectrpc/connect-node";

import { GameService, createGameServiceClient } from "@agora/sdk";

const { values } = parseArgs({
  options: { upstream: { type: "string" }, relay: { type: "string", default: "2" }, port: { type: "string", default: "0" } },
});
if (values.upstream === undefined) {
  console.error("usage: stream-double.ts --upstream HOST:PORT [--relay N] [--port P]");
  process.exit(2);
}
const upstream = createGameServiceClient(createGrpcTransport({ baseUrl: `http://${values.upstream}` }));
const relay = Number(values.relay);
/** StreamEvents calls seen per session. */
const calls = new Map<string, number>();
/** The request being served (to drop its connection). */
const current = new AsyncLocalStorage<http2.Http2ServerRequest>();
/** Each connection's TCP socket by its client's port: destroying it drops the connection
 * without GOAWAY or RST_STREAM, as a lost network does (HTTP/2's own socket is a proxy that
 * may not be destroyed). */
const sockets = new Map<number, Socket>();

function routes(router: ConnectRouter) {
  router.service(GameService, {
    async *streamEvents(request, context) {
      const call = (calls.get(request.sessionId) ?? 0) + 1;
      calls.set(request.sessionId, call);
      const authorization = context.requestHeader.get("authorization");
      const headers = authorization === null ? undefined : { authorization };
      let relayed = 0;
      let last = request.afterVersion;
      for await (const message of upstream.streamEvents(request, { headers, signal: context.signal })) {
        if (call <= 2 && relayed === relay) {
          if (call === 1) {
            throw new ConnectError(`This stream fell behind the game; resume from version ${last}.`, Code.Aborted);
          }
          const port = current.getStore()?.socket.remotePort;
          if (port !== undefined) sockets.get(port)?.destroy();
          return;
        }
        yield message;
        relayed++;
        if (message.rematchSessionId === "") last = message.version;
      }
    },
  });
}

const handler = connectNodeAdapter({ routes, grpc: true, grpcWeb: false, connect: false });
const server = http2.createServer((req, res) => current.run(req, () => handler(req, res)));
server.on("connection", (socket: Socket) => {
  const port = socket.remotePort;
  if (port === undefined) return;
  sockets.set(port, socket);
  socket.on("close", () => sockets.delete(port));
});
server.listen(Number(values.port), "127.0.0.1", () => {
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : values.port;
  console.log(`stream-double listening on 127.0.0.1:${port}`);
});
