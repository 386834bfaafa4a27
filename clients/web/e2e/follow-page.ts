/**
 * Runs in the page of e2e/follow.mjs (bundled by esbuild for the browser): creates `count`
 * games of server bots one after another from one page and follows each to its end with
 * @agora/sdk's followEvents over gRPC-Web. A browser opens at most 6 connections per host
 * over HTTP/1.1, and a gRPC-Web stream holds one, so a follower that left a finished game's
 * stream open (the server keeps it for the rematch notice) would leave the 7th game's
 * CreateSession waiting for a free connection: each call has a deadline, so that shows as
 * DEADLINE_EXCEEDED rather than a hang.
 */
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { BotKind, OriginRuleSet, createGameServiceClient, describeError, followEvents, isFinal } from "@agora/sdk";

async function followGames(baseUrl: string, count: number): Promise<string> {
  const client = createGameServiceClient(createGrpcWebTransport({ baseUrl }));
  const lines: string[] = [];
  for (let n = 1; n <= count; n++) {
    try {
      const created = await client.createSession(
        {
          options: { game: { case: "origin", value: { players: 2, rules: OriginRuleSet.JUNIOR } } },
          bots: [
            { seat: 0, kind: BotKind.RANDOM },
            { seat: 1, kind: BotKind.RANDOM },
          ],
          requestId: crypto.randomUUID(),
        },
        { timeoutMs: 10_000 },
      );
      const sessionId = created.session?.sessionId ?? "";
      let expected = 1n;
      let final = false;
      for await (const m of followEvents(client, sessionId)) {
        if (m.version !== expected) throw new Error(`game ${n}: version ${m.version}, expected ${expected}`);
        expected++;
        final = isFinal(m);
      }
      if (!final) throw new Error(`game ${n}: the follow ended before the game`);
      lines.push(`game ${n}: versions 1..${expected - 1n}`);
    } catch (err) {
      const e = describeError(err);
      throw new Error(`game ${n}: ${e.name} ${e.sentence} (after: ${lines.join("; ")})`);
    }
  }
  return lines.join("; ");
}

(globalThis as unknown as { agoraFollowGames: typeof followGames }).agoraFollowGames = followGames;
