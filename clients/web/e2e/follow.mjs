// Ten games followed in one browser page (issue 39): e2e/follow-page.ts, bundled with esbuild
// for the browser, runs in Debian's Chromium on a page of the server's own origin (the server
// serves clients/web/dist) and follows 10 games of server bots one after another over
// gRPC-Web with @agora/sdk's followEvents. Chromium keeps at most 6 HTTP/1.1 connections per
// host, so the 7th game would wait for a connection if followEvents left finished games'
// streams open; the page's calls have deadlines, so that fails rather than hangs.
//   node e2e/follow.mjs http://HOST:PORT [games]
import { chromium } from "playwright-core";
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

const base = (process.argv[2] ?? "").replace(/\/$/, "");
const games = Number(process.argv[3] ?? 10);
if (!base.startsWith("http")) {
  console.error("usage: node e2e/follow.mjs http://HOST:PORT [games]");
  process.exit(2);
}
const bundle = await build({
  entryPoints: [fileURLToPath(new URL("follow-page.ts", import.meta.url))],
  bundle: true,
  platform: "browser",
  format: "iife",
  write: false,
  logLevel: "warning",
  // @agora/sdk is a link to clients/typescript/sdk: resolve its imports from here (one copy of
  // @connectrpc/connect and @bufbuild/protobuf, as the app's Vite build does).
  preserveSymlinks: true,
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
});
try {
  const page = await browser.newPage();
  page.on("pageerror", (err) => console.error(`page error: ${err.message}`));
  await page.goto(`${base}/`);
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
  const started = Date.now();
  const result = await page.evaluate(([url, n]) => globalThis.agoraFollowGames(url, n), [base, games]);
  console.log(`follow.mjs: ${games} games followed to the end in one page over gRPC-Web (${((Date.now() - started) / 1000).toFixed(1)} s): ${result}`);
} catch (err) {
  console.error(`FOLLOW IN A PAGE FAILED: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await browser.close();
}
