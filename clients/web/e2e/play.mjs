// End-to-end test of the web client in a real Chromium (playwright-core with Debian's
// chromium) against a real agora-server that serves clients/web/dist (--web-dir):
//   node e2e/play.mjs http://127.0.0.1:PORT [game ...]
// For each game: a first browser context creates the session from the lobby's form and takes
// seat 0, a second finds it in the lobby and takes seat 1, a third watches; the two players
// play it to the end by clicking (board places where an action names one, else the choice
// buttons), one illegal board click must show the server's refusal sentence, one reload
// mid-game must resume the seat and its log, and the watcher must see the players' final
// scores, with the same board and an event log holding every version exactly once. Each
// game also checks the player panels (hands only where the view gives them), that events
// highlight what they touch, a phone-sized screen without sideways scrolling, and one action
// played from the keyboard (Tab, Enter). With AGORA_WEB_SERVER_PIDFILE (clients/web/e2e.sh's
// supervised server on redis), the server is killed mid-game and restarted on the same port:
// every page must resume its stream with no gap. With AGORA_WEB_JWT_SECRET_FILE (the server's
// --jwt-hs256-secret-file), a signed-in player creates and joins a session, finds it under
// "My sessions" in a second browser and plays its seat there with the token alone.
// AGORA_WEB_SHOTS=DIR saves a mid-game screenshot of each board there (and one phone-sized).
import { chromium } from "playwright-core";
import { createHmac } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";

const base = (process.argv[2] ?? "").replace(/\/$/, "");
if (!base.startsWith("http")) {
  console.error("usage: node e2e/play.mjs http://HOST:PORT [origin|terra-nova|origins|attika|origin-standard ...]");
  process.exit(2);
}
const only = process.argv.slice(3);
const shots = process.env.AGORA_WEB_SHOTS;
const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const MAX_STEPS = Number(process.env.AGORA_WEB_MAX_STEPS ?? 3000);

/**
 * Small two-player configurations: the catalog's game id, a key naming the run (filters,
 * screenshots; the id when absent), the session's seed and the form's fields by option name. Origin's standard
 * rules (the reward board) come last so that, two games at a time, they run beside the long
 * Origins game and hardly lengthen the run.
 */
const GAMES = [
  { id: "origin", seed: "11", options: { players: "2", rules: "junior" } },
  { id: "attika", seed: "12", options: { players: "2" } },
  { id: "terra-nova", seed: "13", options: { players: "2", first_game_preset: "true" } },
  { id: "origins", seed: "14", options: { players: "2" } },
  { id: "origin", key: "origin-standard", seed: "15", options: { players: "2", rules: "standard" } },
]
  .map((g) => ({ ...g, key: g.key ?? g.id }))
  .filter((g) => only.length === 0 || only.includes(g.key));

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

// ---- the server restart (AGORA_WEB_SERVER_PIDFILE) -----------------------------------------

const pidFile = process.env.AGORA_WEB_SERVER_PIDFILE;
/** While the server restarts, a promise every game's next click waits for. */
let paused;
let clicking = 0;
let restarted = false;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs one turn's clicks and checks unless the server is being restarted (then after it). */
async function clickStep(fn) {
  while (paused) await paused;
  clicking++;
  try {
    return await fn();
  } finally {
    clicking--;
  }
}
const CONTINUE = Symbol("continue");

const serverPid = () => Number(readFileSync(pidFile, "utf8").trim());
const serverUp = () => fetch(`${base}/`).then((r) => r.ok, () => false);

/**
 * Kills the server (SIGKILL: no goodbye on the streams) between two clicks of every game,
 * checks `pages` show they lost it, waits for the supervisor to start the next one on the same
 * port, and lets the games go on.
 */
async function restartServer(pages) {
  let release;
  paused = new Promise((r) => (release = r));
  try {
    await until("the clicks in flight", async () => clicking === 0, 30000);
    const old = serverPid();
    const t0 = Date.now();
    process.kill(old, "SIGKILL");
    await until("the pages to notice the server is gone", async () => {
      const shown = await Promise.all(pages.map((p) => p.locator("#conn").innerText()));
      return shown.every((t) => t.trim() !== "");
    });
    await until("the restarted server", async () => serverPid() !== old && (await serverUp()), 30000);
    console.log(`  server killed (pid ${old}) and restarted (pid ${serverPid()}) in ${Date.now() - t0} ms`);
  } finally {
    paused = undefined;
    release();
  }
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

/** Fills `game`'s form in the lobby `page` shows, creates the session; its id. */
async function createFromLobby(page, game) {
  const form = page.locator(`form[data-game="${game.id}"]`);
  await page.locator(`details:has(form[data-game="${game.id}"]) > summary`).click();
  for (const [name, value] of Object.entries(game.options)) {
    const input = form.locator(`[name="${name}"]`);
    if ((await input.evaluate((e) => e.tagName)) === "SELECT") await input.selectOption(value);
    else await input.fill(value);
  }
  // The game's own randomness is seeded too, so a run plays the same games every time
  // (with this file's seeded choices): a game that never offers a check's situation (an
  // illegal click of a kind some choice names) fails every run, not one run in ten.
  if (game.seed !== undefined) await form.locator(`[name="session-seed"]`).fill(game.seed);
  await page.locator(`[data-testid="create-${game.id}"]`).click();
  await page.waitForURL(/#\/s\//);
  return decodeURIComponent(new URL(page.url()).hash.slice("#/s/".length));
}

/** Tab from the top of the table to an action button (through "Skip to your choices"), Enter. */
async function playByKeyboard(page, before) {
  await page.locator("#app").focus();
  let label = "";
  for (let i = 0; i < 500 && label === ""; i++) {
    await page.keyboard.press("Tab");
    let focused = await page.evaluate(() => (document.activeElement?.matches("button.skip") ? "skip" : document.activeElement?.matches("button.action") ? "action" : ""));
    if (focused === "skip") {
      await page.keyboard.press("Enter");
      focused = await page.evaluate(() => (document.activeElement?.matches("button.action") ? "action" : ""));
      if (focused !== "action") fail("Enter on 'Skip to your choices' did not focus an action");
    }
    if (focused === "action") label = await page.evaluate(() => document.activeElement?.textContent ?? "?");
  }
  if (label === "") fail("no action button reached with Tab");
  await page.keyboard.press("Enter");
  await page.waitForFunction((v) => Number(document.body.dataset.version) > v, before, { timeout: 15000, polling: 10 });
  // The redraw keeps the keyboard in the choices (the first new one, or their heading).
  const kept = await page.evaluate(() => document.activeElement?.closest("section.actions") != null);
  if (!kept) fail("after a move played from the keyboard, the focus left the choices (lost on redraw)");
  console.log(`  keyboard: Tab to "${label}", Enter: played; focus still in the choices`);
}

/** The player panels: one card per seat, the game's pictures, hands only for their owner. */
async function checkPanels(game, a, b, c) {
  const count = (page, selector) => page.locator(selector).count();
  for (const page of [a, b, c]) {
    const cards = await count(page, ".panels .player-card[data-seat]");
    if (cards !== 2) fail(`${game.id}: ${cards} player panels instead of 2`);
  }
  const needs = { "terra-nova": "svg.bowls", origin: ".hand", origins: "svg.military", attika: ".hand" }[game.id];
  if ((await count(c, `.panels ${needs}`)) === 0) fail(`${game.id}: the watcher's panels lack ${needs}`);
  // Origin's map is placed by the catalog's board_layout (the circle fallback has no class).
  if (game.id === "origin" && (await count(c, "svg.board.origin-map")) !== 1) fail("origin: the map is not drawn from the catalog's board_layout");
  // Standard rules have a reward board; junior rules none.
  if (game.id === "origin" && (await count(c, ".panels svg.reward-board")) !== (game.options.rules === "standard" ? 1 : 0))
    fail(`origin (${game.options.rules} rules): the reward board is ${game.options.rules === "standard" ? "missing" : "drawn"}`);
  // Origins' military track comes from the catalog's board_tracks: Start, Final, the
  // boundaries where two sections meet (the fallback draws no rules).
  if (game.id === "origins") {
    const track = await c.$eval(".panels svg.military", (pic) => ({
      source: pic.dataset.source,
      titles: [...pic.querySelectorAll("[data-space] > title")].map((t) => t.textContent),
      boundaries: pic.querySelectorAll("line.boundary").length,
    }));
    if (track.source !== "catalog" || track.boundaries === 0 || track.titles[0] !== "Start" || !/^Final, \+\d+ VP on arrival$/.test(track.titles.at(-1) ?? ""))
      fail(`origins: the military track is not drawn from the catalog's board_tracks: ${JSON.stringify(track)}`);
  }
  if (game.id === "origin" || game.id === "attika") {
    // Seat 0 (page a) sees its own hand, never seat 1's; the watcher sees no hand.
    const shown = game.id === "origin" ? ".hand .card:not(.hidden)" : "ul.hand";
    const hidden = game.id === "origin" ? ".hand .card.hidden" : "p.hand.hidden";
    if ((await count(c, `.panels ${shown}`)) !== 0) fail(`${game.id}: the watcher sees a hand`);
    if ((await count(a, `.panels [data-seat="1"] ${shown}`)) !== 0) fail(`${game.id}: seat 0 sees seat 1's hand`);
    if ((await count(a, `.panels [data-seat="0"] ${hidden}`)) !== 0) fail(`${game.id}: seat 0's own hand is hidden from it`);
    if (game.id === "attika" && (await count(a, '.panels [data-seat="0"] ul.hand')) !== 1) fail("attika: seat 0 does not see its hand");
  }
}

/** The phone-sized page (390 x 844): no sideways scrolling, the board and the choices fit. */
async function checkPhone(game, page) {
  const fit = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const board = document.querySelector("svg.board")?.getBoundingClientRect();
    const choice = document.querySelector("button.action")?.getBoundingClientRect();
    return {
      width,
      scroll: document.documentElement.scrollWidth,
      board: board ? board.right <= width + 1 && board.width > width * 0.8 : false,
      choice: choice ? choice.right <= width + 1 : true,
    };
  });
  if (fit.scroll > fit.width + 1 || !fit.board || !fit.choice) fail(`${game.id}: the phone-sized page does not fit: ${JSON.stringify(fit)}`);
}

/** The watcher's event log: every version from 1 to the last exactly once, in order. */
async function checkLog(game, page) {
  const versions = (await page.$$eval("#log li", (lis) => lis.map((li) => Number(li.dataset.version)))).reverse();
  const runs = versions.filter((v, i) => i === 0 || v !== versions[i - 1]);
  const final = (await look(page)).version;
  const bad = runs.findIndex((v, i) => v !== i + 1);
  if (bad >= 0 || runs.length !== final) {
    fail(`${game.id}: the watcher's log is not versions 1..${final} once each (at ${bad}: ${runs.slice(Math.max(0, bad - 3), bad + 3)})`);
  }
}

/**
 * The log's words for versions with no event: never "no event"; the page that submitted such
 * a step names its choice ("<name> chose ..."), every other page only says a choice was made,
 * so the watcher's log must never name one. Returns [named by the players, unnamed at the watcher].
 */
async function checkChoiceLines(game, players, watcher) {
  const lines = (page) => page.$$eval("#log li", (lis) => lis.map((li) => li.textContent ?? ""));
  const [mine, watched] = await Promise.all([Promise.all(players.map(lines)).then((l) => l.flat()), lines(watcher)]);
  const noEvent = [...mine, ...watched].find((l) => l.endsWith("no event"));
  if (noEvent !== undefined) fail(`${game.id}: a log line still says "${noEvent}"`);
  const named = watched.find((l) => / chose /.test(l));
  if (named !== undefined) fail(`${game.id}: the watcher's log names a choice it was not told: "${named}"`);
  // Hidden draws (Origin's cards): the watcher reads only how many; each seat's page follows
  // the stream as that seat, so it reads its own cards (a page streaming as a spectator
  // read "3 hidden" for its own draws too).
  const draws = (ls) => (game.id === "origin" ? ls.filter((l) => l.includes("cards drawn")) : []);
  const seen = draws(watched).find((l) => !l.includes("hidden"));
  if (seen !== undefined) fail(`${game.id}: the watcher reads a hidden draw: "${seen}"`);
  if (draws(watched).length > 0) {
    for (const [i, page] of players.entries()) {
      const all = draws(await lines(page));
      const own = all.filter((l) => !l.includes("hidden"));
      if (own.length === 0) fail(`${game.id}: player ${i}'s page never reads the cards it drew: ${JSON.stringify(all)}`);
    }
  }
  return [mine.filter((l) => / chose /.test(l)).length, watched.filter((l) => l.includes("made a choice")).length];
}

/** The board as a player and the watcher draw it, without classes and labels (highlights). */
async function checkSameBoard(game, player, watcher) {
  const drawn = (page) =>
    page.evaluate(() => {
      const svg = document.querySelector("svg.board")?.cloneNode(true);
      if (!svg) return "";
      for (const e of [svg, ...svg.querySelectorAll("*")]) for (const a of ["class", "style", "aria-label"]) e.removeAttribute(a);
      return svg.outerHTML;
    });
  const [p, w] = await Promise.all([drawn(player), drawn(watcher)]);
  if (p === "" || p !== w) fail(`${game.id}: the watcher's board differs from the player's`);
}

async function playGame(game, index) {
  const t0 = Date.now();
  const random = generator(SEED + index);
  // Seat 0 creates the session from the lobby's form (a phone-sized screen) and joins.
  const a = await newPage({ width: 390, height: 844 });
  await a.goto(`${base}/`);
  const sessionId = await createFromLobby(a, game);
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
  let keyboard = false;
  let restartedHere = false;
  let highlighted = false;
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

    // The server restart, once in the whole run: at the 20th action of the first game there.
    if (pidFile && !restarted && steps === 20) {
      restarted = true;
      await restartServer([a, b, c]);
      restartedHere = true;
      continue;
    }

    await clickStep(async () => {
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
          return CONTINUE;
        }
      }

      // Once: an action from the keyboard only (Tab to an action button, Enter).
      if (!keyboard && steps >= 5) {
        keyboard = true;
        await playByKeyboard(page, before);
        steps++;
        return CONTINUE;
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
      // Once: what the watcher's board highlights after an event touching a board place.
      if (!highlighted && steps > 2) {
        highlighted = (await c.locator("svg.board .touched").count()) > 0;
      }
      if (!shot && steps === 30) {
        await checkPanels(game, a, b, c);
        await checkPhone(game, a);
        if (shots) {
          mkdirSync(shots, { recursive: true });
          await b.screenshot({ path: `${shots}/${game.key}.png`, fullPage: true });
          if (game.id === "terra-nova") {
            // The phone's first screen: the board, then the panels below it.
            await a.evaluate(() => window.scrollTo(0, 0));
            await a.screenshot({ path: `${shots}/${game.key}-phone.png` });
          }
        }
        shot = true;
      }
    });
  }

  await until("the final scores on every page", async () => {
    const texts = await Promise.all([a, b, c].map(scoresOf));
    return texts.every((t) => t.includes("Final scores")) ? texts : undefined;
  });
  const [sa, sb, sc] = await Promise.all([a, b, c].map(scoresOf));
  if (sa !== sc || sb !== sc) fail(`${game.id}: the scores differ:\n${sa}\n---\n${sb}\n---\n${sc}`);
  if (refusal === "") fail(`${game.id}: no illegal board click was tried`);
  if (!shot) fail(`${game.id}: the game ended before the panels were checked`);
  if (!keyboard) fail(`${game.id}: no action was played from the keyboard`);
  if (!highlighted) fail(`${game.id}: the watcher's board never highlighted what an event touched`);
  await checkLog(game, c);
  const [named, unnamed] = await checkChoiceLines(game, [a, b], c);
  await checkSameBoard(game, b, c);
  if (!reloaded) fail(`${game.id}: the game ended before the reload`);
  const logLines = await c.locator("#log li").count();
  console.log(
    `ok ${game.key}: ${steps} actions (${boardClicks} on the board)${restartedHere ? ", server restarted mid-game" : ""}, ${logLines} log lines at the watcher (${unnamed} choices with no event; ${named} named by the players' pages), ` +
      `scores ${sc.replace(/\s+/g, " ")} in ${((Date.now() - t0) / 1000).toFixed(1)} s (first board ${firstBoard} ms after a cold page load)`,
  );
  await Promise.all([a, b, c].map((p) => p.context().close()));
}

// ---- a signed-in player (AGORA_WEB_JWT_SECRET_FILE) ------------------------------------------

/** An HS256 JWT as an operator backend would mint it (docs/identity.md). */
function jwt(secret, claims) {
  const part = (o) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const unsigned = `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}`;
  return `${unsigned}.${createHmac("sha256", secret).update(unsigned).digest("base64url")}`;
}

async function signIn(page, token) {
  await page.goto(`${base}/`);
  await page.locator("details.sign-in > summary").click();
  await page.locator("#bearer").fill(token);
  await page.locator('[data-testid="sign-in"]').click();
  await page.waitForSelector("section.my-sessions h2");
}

async function signedInPlayer(secretFile) {
  const t0 = Date.now();
  const secret = readFileSync(secretFile);
  const now = Math.floor(Date.now() / 1000);
  const sub = `e2e-player-${now}`;
  // The audience the server's --jwt-audience names (e2e.sh): tokens for other apps are refused.
  const token = jwt(secret, { sub, aud: "agora-web-e2e", name: "Ada", iat: now, exp: now + 3600 });
  // Browser 1: signs in, has no sessions yet, creates one and takes seat 0.
  const d = await newPage({ width: 1280, height: 900 });
  await signIn(d, token);
  await d.locator("section.my-sessions").getByText("None yet.").waitFor();
  const sessionId = await createFromLobby(d, GAMES.find((g) => g.id === "origin") ?? { id: "origin", options: { players: "2", rules: "junior" } });
  await d.locator('[data-testid="join-0"]').click();
  await d.waitForSelector(".meta:has-text('you are seat 0')");
  // Browser 2 (no seat token stored): the token alone finds the session and acts for seat 0.
  const e = await newPage({ width: 390, height: 844 });
  await signIn(e, token);
  await e.locator(`#my-sessions li[data-session="${sessionId}"] a.open`).click();
  await e.waitForSelector(".meta:has-text('you are seat 0')");
  const seatName = await e.locator(".seats li").first().innerText();
  if (!seatName.includes("Ada")) fail(`signed in: seat 0 is not named from the token: ${seatName}`);
  // An anonymous player takes seat 1; the game runs until browser 2 has played one action.
  const f = await newPage({ width: 1024, height: 768 });
  await f.goto(`${base}/#/s/${encodeURIComponent(sessionId)}`);
  await f.locator('[data-testid="join-1"]').click();
  await f.waitForSelector(".meta:has-text('you are seat 1')");
  let played = false;
  for (let i = 0; i < 40 && !played; i++) {
    const [le, lf] = await Promise.all([look(e), look(f)]);
    const newest = Math.max(le.version, lf.version);
    const [page, l] = le.myTurn && le.version === newest ? [e, le] : lf.myTurn && lf.version === newest ? [f, lf] : [undefined, undefined];
    if (!page) {
      await sleep(50);
      continue;
    }
    await page.locator("button.action").first().click();
    await page.waitForFunction((v) => Number(document.body.dataset.version) > v, l.version, { timeout: 15000, polling: 10 });
    played = page === e;
  }
  if (!played) fail("signed in: browser 2 never played seat 0 with the token");
  // A forged token is refused with the server's sentence.
  const g = await newPage({ width: 1024, height: 768 });
  await signIn(g, jwt(Buffer.from("not the server's secret, 32 bytes or more"), { sub, aud: "agora-web-e2e", exp: now + 3600 }));
  const refused = await until("the forged token's refusal", async () => (await g.locator("section.my-sessions .error").innerText().catch(() => "")).trim());
  if (!/signature/i.test(refused)) fail(`signed in: a forged token got "${refused}"`);
  console.log(`ok signed-in player: seat 0 taken with a JWT, found under My sessions and played from a second browser; a forged token: "${refused}" (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  await Promise.all([d, e, f, g].map((p) => p.context().close()));
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
  if (pidFile && !restarted) fail("the server was never restarted (no game reached 20 actions)");
  if (process.env.AGORA_WEB_JWT_SECRET_FILE) await signedInPlayer(process.env.AGORA_WEB_JWT_SECRET_FILE);
  else console.log("  (no AGORA_WEB_JWT_SECRET_FILE: the signed-in player check is skipped)");
  if (externalFetches.length > 0) fail(`external fetches: ${externalFetches.join(", ")}`);
} catch (err) {
  console.error(`WEB E2E FAILED: ${err.message}`);
  failed = true;
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
