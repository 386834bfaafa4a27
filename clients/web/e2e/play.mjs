// End-to-end test of the web client in a real Chromium (playwright-core with Debian's
// chromium) against a real agora-server that serves clients/web/dist (--web-dir):
//   node e2e/play.mjs http://127.0.0.1:PORT [game ...]
// For each game: a first browser context creates the session from the lobby's form and takes
// seat 0, a second finds it in the lobby and takes seat 1, a third watches; the two players
// play it to the end by clicking (board places where an action names one, else the choice
// buttons), one illegal board click must show the server's refusal sentence, one reload
// mid-game must resume the seat and its log, and the watcher must see the players' final
// scores. AGORA_WEB_SHOTS=DIR saves a mid-game screenshot of each board there.
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";

const base = (process.argv[2] ?? "").replace(/\/$/, "");
if (!base.startsWith("http")) {
  console.error("usage: node e2e/play.mjs http://HOST:PORT [origin|terra-nova|origins|attika ...]");
  process.exit(2);
}
const only = process.argv.slice(3);
const shots = process.env.AGORA_WEB_SHOTS;
const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const MAX_STEPS = Number(process.env.AGORA_WEB_MAX_STEPS ?? 3000);

/** Small two-player configurations: the form's fields by option name. */
const GAMES = [
  { id: "origin", options: { players: "2", rules: "junior" } },
  { id: "attika", options: { players: "2" } },
  { id: "terra-nova", options: { players: "2", first_game_preset: "true" } },
  { id: "origins", options: { players: "2" } },
].filter((g) => only.length === 0 || only.includes(g.id));

// Seeded generators, one per game: a failing run can be repeated (AGORA_WEB_SEED).
const SEED = Number(process.env.AGORA_WEB_SEED ?? 20261124) >>> 0;
function generator(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
// Games played at once (each with its three browser contexts).
const PARALLEL = Math.max(1, Number(process.env.AGORA_WEB_PARALLEL ?? 2));

function fail(message) {
  throw new Error(message);
}

const browser = await chromium.launch({
  executablePath,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

/** A page that fails the run on a page error and on any request to another origin. */
async function newPage(viewport) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on("pageerror", (err) => console.error(`page error: ${err.message}`));
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (!url.startsWith(base)) {
      console.error(`external fetch refused: ${url}`);
      externalFetches.push(url);
      return route.abort();
    }
    return route.continue();
  });
  return page;
}
const externalFetches = [];

/** What a page shows: its rendered version, status, whether it offers choices. */
const look = (page) =>
  page.evaluate(() => {
    const buttons = [...document.querySelectorAll("button.action")];
    const counts = new Map();
    for (const b of buttons) {
      for (const key of new Set((b.getAttribute("data-places") ?? "").split(" ").filter(Boolean))) {
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    const onBoard = new Set([...document.querySelectorAll("svg.board [data-place]")].map((p) => p.getAttribute("data-place")));
    return {
      version: Number(document.body.dataset.version ?? -1),
      status: document.body.dataset.status ?? "",
      myTurn: document.body.dataset.myTurn === "1",
      labels: buttons.map((b) => b.textContent),
      // Board places that exactly one choice names: a click on one of them plays it.
      singles: [...counts].filter(([k, n]) => n === 1 && onBoard.has(k)).map(([k]) => k),
    };
  });

async function until(what, predicate, timeoutMs = 15000) {
  const start = Date.now();
  for (;;) {
    const value = await predicate();
    if (value) return value;
    if (Date.now() - start > timeoutMs) fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

const scoresOf = (page) => page.locator("#scores").innerText();

async function playGame(game, index) {
  const t0 = Date.now();
  const random = generator(SEED + index);
  // Seat 0 creates the session from the lobby's form (a phone-sized screen) and joins.
  const a = await newPage({ width: 390, height: 844 });
  await a.goto(`${base}/`);
  const form = a.locator(`form[data-game="${game.id}"]`);
  await a.locator(`details:has(form[data-game="${game.id}"]) > summary`).click();
  for (const [name, value] of Object.entries(game.options)) {
    const input = form.locator(`[name="${name}"]`);
    if ((await input.evaluate((e) => e.tagName)) === "SELECT") await input.selectOption(value);
    else await input.fill(value);
  }
  await a.locator(`[data-testid="create-${game.id}"]`).click();
  await a.waitForURL(/#\/s\//);
  const sessionId = decodeURIComponent(new URL(a.url()).hash.slice("#/s/".length));
  await a.locator('[data-testid="join-0"]').click();
  await a.waitForSelector(".meta:has-text('you are seat 0')");

  // Seat 1 finds the session in the lobby (a desktop screen) and joins.
  const b = await newPage({ width: 1280, height: 900 });
  await b.goto(`${base}/`);
  await b.locator(`li[data-session="${sessionId}"] a.open`).click();
  await b.locator('[data-testid="join-1"]').click();
  await b.waitForSelector(".meta:has-text('you are seat 1')");

  // A third context watches.
  const c = await newPage({ width: 1024, height: 768 });
  // Time to first board: a cold page load of the session's address until its board is drawn.
  const loadStart = Date.now();
  await c.goto(`${base}/#/s/${encodeURIComponent(sessionId)}?watch`);
  await c.waitForSelector("svg.board");
  const firstBoard = Date.now() - loadStart;
  await c.goto(`${base}/`);
  await c.locator(`li[data-session="${sessionId}"] a.watch`).click();
  await c.waitForSelector(".meta:has-text('watching')");
  await c.waitForSelector("svg.board");

  const players = [a, b];
  let steps = 0;
  let boardClicks = 0;
  let refusal = "";
  let reloaded = false;
  let shot = false;
  let last = "";
  let idleSince = Date.now();
  for (;;) {
    const looks = await Promise.all(players.map(look));
    if (looks.every((l) => l.status === "finished")) break;
    const versions = looks.map((l) => l.version);
    // The page that acted last shows the newest version; a page behind it may offer stale choices.
    const newest = Math.max(...versions);
    const turn = looks.findIndex((l) => l.myTurn && l.version === newest && l.labels.length > 0);
    if (turn < 0) {
      if (Date.now() - idleSince > 15000) fail(`${game.id}: no seat to act at step ${steps} (versions ${versions})`);
      await new Promise((r) => setTimeout(r, 10));
      continue;
    }
    idleSince = Date.now();
    const page = players[turn];
    const before = versions[turn];
    if (steps >= MAX_STEPS) fail(`${game.id}: not finished after ${steps} actions`);

    // Once: a click on a board place no choice names, of a kind some choice names.
    if (refusal === "") {
      const illegal = await page.evaluate(() => {
        const legalKinds = new Set([...document.querySelectorAll(".place.legal")].map((p) => p.getAttribute("data-place").split(":")[0]));
        const candidates = [...document.querySelectorAll(".place:not(.legal)")].filter((p) =>
          legalKinds.has(p.getAttribute("data-place").split(":")[0]),
        );
        return candidates.length > 0 ? candidates[0].getAttribute("data-place") : null;
      });
      if (illegal !== null) {
        await page.locator(`svg.board [data-place="${illegal}"]`).first().click();
        refusal = await until(`the refusal of an illegal click on ${illegal}`, async () => (await page.locator("#refusal").innerText()).trim());
        console.log(`  ${game.id}: illegal click on ${illegal} refused: "${refusal}"`);
        await until("the choices again", async () => (await look(page)).myTurn);
        continue;
      }
    }

    // Choose: a board place named by exactly one choice (half the time when there is one), else a button.
    const choice = looks[turn];
    if (choice.singles.length > 0 && random() < 0.5) {
      const key = choice.singles[Math.floor(random() * choice.singles.length)];
      last = `board ${key}`;
      await page.locator(`svg.board [data-place="${key}"]`).first().click({ force: true });
      boardClicks++;
    } else {
      const index = Math.floor(random() * choice.labels.length);
      last = `button ${choice.labels[index]} of ${JSON.stringify(choice.labels)}`;
      await page.locator("button.action").nth(index).click({ force: true });
    }
    steps++;
    await page.waitForFunction(
      (v) => Number(document.body.dataset.version) > v || document.getElementById("refusal")?.textContent !== "",
      before,
      { timeout: 15000, polling: 10 },
    ).catch(async () => {
      const shown = await page.evaluate(() => ({ body: { ...document.body.dataset }, choices: [...document.querySelectorAll("button.action")].map((b) => b.textContent + " @" + b.dataset.places), conn: document.getElementById("conn")?.textContent }));
      fail(`${game.id}: nothing happened after step ${steps} (${last}): ${JSON.stringify(shown)}`);
    });
    const refused = (await page.locator("#refusal").innerText()).trim();
    if (refused !== "") fail(`${game.id}: a legal choice was refused at step ${steps} (${last}): ${refused}`);

    if (steps === 12 && !reloaded) {
      // A reload mid-game: the seat comes back from the browser's storage, the log from the stream.
      const version = (await look(a)).version;
      await a.reload();
      await a.waitForSelector(".meta:has-text('you are seat 0')");
      await until("the log after the reload", async () => (await a.locator("#log li").count()) > 0);
      const after = (await look(a)).version;
      if (after < version) fail(`${game.id}: the reload went back from version ${version} to ${after}`);
      reloaded = true;
      console.log(`  ${game.id}: reload at version ${version} resumed at ${after}`);
    }
    if (shots && !shot && steps === 40) {
      mkdirSync(shots, { recursive: true });
      await b.screenshot({ path: `${shots}/${game.id}.png`, fullPage: true });
      shot = true;
    }
  }

  await until("the final scores on every page", async () => {
    const texts = await Promise.all([a, b, c].map(scoresOf));
    return texts.every((t) => t.includes("Final scores")) ? texts : undefined;
  });
  const [sa, sb, sc] = await Promise.all([a, b, c].map(scoresOf));
  if (sa !== sc || sb !== sc) fail(`${game.id}: the scores differ:\n${sa}\n---\n${sb}\n---\n${sc}`);
  if (refusal === "") fail(`${game.id}: no illegal board click was tried`);
  if (!reloaded) fail(`${game.id}: the game ended before the reload`);
  const logLines = await c.locator("#log li").count();
  console.log(
    `ok ${game.id}: ${steps} actions (${boardClicks} on the board), ${logLines} log lines at the watcher, ` +
      `scores ${sc.replace(/\s+/g, " ")} in ${((Date.now() - t0) / 1000).toFixed(1)} s (first board ${firstBoard} ms after a cold page load)`,
  );
  await Promise.all([a, b, c].map((p) => p.context().close()));
}

let failed = false;
try {
  let next = 0;
  const worker = async () => {
    while (next < GAMES.length) {
      const index = next++;
      await playGame(GAMES[index], index);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  if (externalFetches.length > 0) fail(`external fetches: ${externalFetches.join(", ")}`);
} catch (err) {
  console.error(`WEB E2E FAILED: ${err.message}`);
  failed = true;
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
