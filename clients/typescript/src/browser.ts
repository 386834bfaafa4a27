/**
 * The SDK in a browser: a GameService client over gRPC-Web (@connectrpc/connect-web, with
 * fetch). Nothing here needs Node: clients/typescript/e2e.sh bundles this file for the
 * browser platform with esbuild (as Vite would) and runs web-check.ts, which calls the server
 * through it (Node has fetch too). The server answers gRPC-Web itself; a page served from
 * another origin also needs CORS in front of it.
 */
import { createGrpcWebTransport } from "@connectrpc/connect-web";

import { type GameServiceClient, createGameServiceClient, retryPolicy } from "@agora/sdk";

/** A GameService client over gRPC-Web at `baseUrl` (e.g. "http://127.0.0.1:50051"). */
export function webClient(baseUrl: string): GameServiceClient {
  return createGameServiceClient(createGrpcWebTransport({ baseUrl, interceptors: [retryPolicy()] }));
}
