/**
 * A signed-in player (docs/identity.md): the app's identity provider issues a JWT that the
 * player pastes into the lobby; it is kept in localStorage and sent as `authorization: Bearer`
 * on every call that carries no seat token. The token is not checked here (the server does);
 * its `sub` is read only to recognise the player's own seats in a session.
 */
import type { Interceptor } from "@connectrpc/connect";

const BEARER_KEY = "agora.bearer";

export function bearer(): string {
  return localStorage.getItem(BEARER_KEY)?.trim() ?? "";
}

export function setBearer(token: string) {
  if (token.trim() === "") localStorage.removeItem(BEARER_KEY);
  else localStorage.setItem(BEARER_KEY, token.trim());
}

/** Adds the player's token to calls that name no seat token of their own. */
export const bearerInterceptor: Interceptor = (next) => async (req) => {
  const token = bearer();
  if (token !== "" && !req.header.has("authorization")) req.header.set("authorization", `Bearer ${token}`);
  return next(req);
};

/** The `sub` claim of the stored token, unverified ("" when absent or not a JWT). */
export function playerId(): string {
  const payload = bearer().split(".")[1];
  if (payload === undefined) return "";
  try {
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(payload.length / 4) * 4, "="));
    const claims = JSON.parse(json) as unknown;
    const sub = typeof claims === "object" && claims !== null ? (claims as Record<string, unknown>)["sub"] : undefined;
    return typeof sub === "string" ? sub : "";
  } catch {
    return "";
  }
}
