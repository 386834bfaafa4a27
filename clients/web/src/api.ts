/**
 * The connection to agora-server: one @agora/sdk client over gRPC-Web to the origin that
 * served the page (agora-server --web-dir), or to `?server=URL` (which needs
 * --cors-allow-origin on that server), and what the lobby and the table share about its answers.
 */
import { Code, ConnectError } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { type GameInfo, type GameServiceClient, SessionStatus, createGameServiceClient, retryPolicy } from "@agora/sdk";

import { bearerInterceptor } from "./identity";

const serverUrl = new URLSearchParams(location.search).get("server") ?? location.origin;
export const client: GameServiceClient = createGameServiceClient(
  createGrpcWebTransport({ baseUrl: serverUrl, interceptors: [bearerInterceptor, retryPolicy()] }),
);

/** The sentence of a failed call: the server's message (a refusal's rule sentence). */
export function sentence(err: unknown): string {
  if (err instanceof ConnectError) return err.rawMessage || Code[err.code] || String(err);
  return err instanceof Error ? err.message : String(err);
}

/** A session status in words (the lobby's list, the table's header). */
export const statusText = (s: SessionStatus) =>
  ({
    [SessionStatus.WAITING_FOR_PLAYERS]: "waiting for players",
    [SessionStatus.IN_PROGRESS]: "in progress",
    [SessionStatus.FINISHED]: "finished",
  })[s as number] ?? "unknown";

/** Transport failures (server restarting, network down) rather than answers. */
export const unreachable = (err: unknown) =>
  err instanceof ConnectError && (err.code === Code.Unavailable || err.code === Code.Unknown || err.code === Code.Internal || err.code === Code.DeadlineExceeded);

/** The catalog, asked once per page (board layouts come from it). */
let catalog: Promise<GameInfo[]> | undefined;
export function catalogGames(): Promise<GameInfo[]> {
  catalog ??= client.listGames({}).then(
    (c) => c.games,
    (err: unknown) => {
      catalog = undefined;
      throw err;
    },
  );
  return catalog;
}
