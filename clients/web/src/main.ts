/**
 * Agora's reference web client: a lobby (the catalog's options as forms, sessions to join or
 * watch) and a table (the board drawn from GetState, the seat's legal actions as choices and as
 * board clicks, the refusals' sentences, the event log from StreamEvents). Everything goes
 * through @agora/sdk over gRPC-Web to the origin that served the page (agora-server
 * --web-dir), or to `?server=URL` (which needs --cors-allow-origin on that server).
 */
import { type DescField, type DescMessage, type JsonObject, type JsonValue, ScalarType, fromJson } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import {
  type GameAction,
  type GameInfo,
  type GameOptions,
  GameOptionsSchema,
  type GameServiceClient,
  type GameView,
  MySessionGroup,
  type Session,
  SessionStatus,
  type StreamEventsResponse,
  asSeat,
  createGameServiceClient,
  followEvents,
  retryPolicy,
} from "@agora/sdk";

import { actionJson, eventJson, label, places, withPlace } from "./actions";
import { SEAT_COLOURS, drawBoard } from "./boards";
import { h } from "./dom";
import { bearer, bearerInterceptor, playerId, setBearer } from "./identity";
import { drawPanels } from "./panels";
import "./style.css";

const serverUrl = new URLSearchParams(location.search).get("server") ?? location.origin;
const client: GameServiceClient = createGameServiceClient(
  createGrpcWebTransport({ baseUrl: serverUrl, interceptors: [bearerInterceptor, retryPolicy()] }),
);
const app = document.getElementById("app") as HTMLElement;
const conn = document.getElementById("conn") as HTMLElement;

// ---- small DOM helpers -------------------------------------------------------------------

function button(text: string, onClick: () => void, attrs: Record<string, string | undefined> = {}): HTMLButtonElement {
  const b = h("button", { type: "button", ...attrs }, text);
  b.addEventListener("click", onClick);
  return b;
}

/** The sentence of a failed call: the server's message (a refusal's rule sentence). */
function sentence(err: unknown): string {
  if (err instanceof ConnectError) return err.rawMessage || Code[err.code] || String(err);
  return err instanceof Error ? err.message : String(err);
}

const statusText = (s: SessionStatus) =>
  ({
    [SessionStatus.WAITING_FOR_PLAYERS]: "waiting for players",
    [SessionStatus.IN_PROGRESS]: "in progress",
    [SessionStatus.FINISHED]: "finished",
  })[s as number] ?? "unknown";

// ---- seats kept in the browser ----------------------------------------------------------

interface SeatToken {
  seat: number;
  /** The seat token; "" for a seat bound to the signed-in player (its JWT acts for it). */
  token: string;
}

/** Call options acting for `seat`: its seat token, else the player's bearer token. */
const actAs = (seat: SeatToken) => (seat.token === "" ? {} : asSeat(seat.token));

/** Transport failures (server restarting, network down) rather than answers. */
const unreachable = (err: unknown) =>
  err instanceof ConnectError && (err.code === Code.Unavailable || err.code === Code.Unknown || err.code === Code.Internal || err.code === Code.DeadlineExceeded);
const SEATS_KEY = "agora.seats";

function storedSeats(): Record<string, SeatToken[]> {
  try {
    const parsed = JSON.parse(localStorage.getItem(SEATS_KEY) ?? "{}") as unknown;
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, SeatToken[]>) : {};
  } catch {
    return {};
  }
}

function seatsOf(sessionId: string): SeatToken[] {
  const seats = storedSeats()[sessionId];
  return Array.isArray(seats) ? seats.filter((s) => typeof s.seat === "number" && typeof s.token === "string") : [];
}

function keepSeat(sessionId: string, seat: SeatToken) {
  const all = storedSeats();
  all[sessionId] = [...seatsOf(sessionId).filter((s) => s.seat !== seat.seat), seat];
  localStorage.setItem(SEATS_KEY, JSON.stringify(all));
}

const playerName = () => localStorage.getItem("agora.name") ?? "";

// ---- options form (read against the generated descriptors, as the TypeScript example does) ----

function optionsMessage(gameId: string): DescMessage | undefined {
  const field = GameOptionsSchema.fields.find((f) => f.oneof?.name === "game" && f.name === gameId.replace(/-/g, "_"));
  return field?.fieldKind === "message" ? field.message : undefined;
}

function enumPrefix(name: string): string {
  return `${name.replace(/(?!^)([A-Z])/g, "_$1").toUpperCase()}_`;
}

function optionValue(field: DescField, text: string): JsonValue {
  const enumType = field.fieldKind === "enum" || (field.fieldKind === "list" && field.listKind === "enum") ? field.enum : undefined;
  if (enumType !== undefined) return enumPrefix(enumType.name) + text.trim().toUpperCase();
  const scalar = field.fieldKind === "scalar" || (field.fieldKind === "list" && field.listKind === "scalar") ? field.scalar : undefined;
  if (scalar === ScalarType.BOOL) return text === "true";
  if (scalar === ScalarType.STRING) return text;
  return Number(text);
}

function readOptions(game: GameInfo, form: HTMLFormElement): GameOptions {
  const message = optionsMessage(game.gameId);
  if (message === undefined) throw new Error(`this client does not know the options of ${game.gameId}`);
  const values: JsonObject = {};
  const data = new FormData(form);
  for (const option of game.options) {
    const field = message.fields.find((f) => f.name === option.name);
    const text = String(data.get(option.name) ?? "").trim();
    if (field === undefined || text === "") continue;
    values[field.name] =
      field.fieldKind === "list"
        ? text
            .split(",")
            .filter((t) => t.trim() !== "")
            .map((t) => optionValue(field, t.trim()))
        : optionValue(field, text);
  }
  return fromJson(GameOptionsSchema, { [game.gameId.replace(/-/g, "_")]: values });
}

function optionsForm(game: GameInfo): HTMLFormElement {
  const form = h("form", { class: "options", "data-game": game.gameId, "aria-label": `New ${game.name}` });
  const message = optionsMessage(game.gameId);
  for (const option of game.options) {
    const id = `opt-${game.gameId}-${option.name}`;
    const field = message?.fields.find((f) => f.name === option.name);
    let input: HTMLElement;
    if (field?.fieldKind === "list" || option.values.length === 0) {
      input = h("input", { id, name: option.name, value: option.defaultValue, placeholder: option.values.slice(0, 4).join(",") });
    } else {
      const select = h("select", { id, name: option.name });
      if (option.defaultValue === "") select.append(h("option", { value: "" }, "(unset)"));
      for (const v of option.values) select.append(h("option", { value: v, selected: v === option.defaultValue }, v));
      input = select;
    }
    form.append(h("label", { for: id, title: option.description }, option.name.replace(/_/g, " ")), input);
  }
  const error = h("p", { class: "error", role: "alert" });
  const create = h("button", { type: "submit", "data-testid": `create-${game.gameId}` }, `Create ${game.name}`);
  form.append(create, error);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    void (async () => {
      try {
        const options = readOptions(game, form);
        const created = await client.createSession({ options, requestId: crypto.randomUUID() });
        if (created.session) location.hash = `#/s/${created.session.sessionId}`;
      } catch (err) {
        error.textContent = sentence(err);
      }
    })();
  });
  return form;
}

// ---- lobby ------------------------------------------------------------------------------

let leaveTable: (() => void) | undefined;

async function lobby() {
  document.title = "Agora";
  const name = h("input", { id: "player-name", value: playerName(), autocomplete: "nickname" });
  name.addEventListener("change", () => localStorage.setItem("agora.name", name.value.trim()));
  const games = h("section", { class: "games", "aria-label": "Games" }, h("h2", {}, "New game"));
  const sessions = h("section", { class: "sessions", "aria-label": "Sessions" }, h("h2", {}, "Sessions"));
  app.replaceChildren(h("div", { class: "lobby" }, h("p", {}, h("label", { for: "player-name" }, "Your name "), name), signIn(), games, sessions));
  try {
    const catalog = { games: await catalogGames() };
    for (const game of catalog.games) {
      games.append(
        h(
          "details",
          { class: "game" },
          h("summary", {}, `${game.name} (${game.minPlayers}–${game.maxPlayers} players)`),
          optionsForm(game),
        ),
      );
    }
    const list = await client.listSessions({ includeFull: true, pageSize: 50 });
    const table = h("ul", { class: "session-list" });
    for (const s of list.sessions) {
      const open = s.seats.filter((seat) => !seat.taken).length;
      const mine = seatsOf(s.sessionId).length > 0;
      table.append(
        h(
          "li",
          { "data-session": s.sessionId },
          `${s.gameId} · ${statusText(s.status)} · ${s.seats.map((seat) => (seat.taken ? seat.playerName || "taken" : "open")).join(", ")} `,
          h("a", { href: `#/s/${s.sessionId}`, class: "open" }, mine ? "Resume" : open > 0 ? "Join" : "Watch"),
          " ",
          h("a", { href: `#/s/${s.sessionId}?watch`, class: "watch" }, "Watch"),
        ),
      );
    }
    sessions.append(list.sessions.length === 0 ? h("p", {}, "No sessions yet.") : table);
  } catch (err) {
    app.append(h("p", { class: "error", role: "alert" }, `Cannot reach the server: ${sentence(err)}`));
  }
}

/**
 * The signed-in player (when the server has identity, docs/identity.md): a field for the
 * bearer token the app's identity provider issued, and the player's sessions (ListMySessions).
 */
function signIn(): HTMLElement {
  const token = h("input", { id: "bearer", type: "password", value: bearer(), autocomplete: "off", spellcheck: "false" });
  const save = button("Sign in", () => {
    setBearer(token.value);
    void lobby();
  }, { "data-testid": "sign-in" });
  const out = button("Sign out", () => {
    setBearer("");
    void lobby();
  });
  const mine = h("section", { class: "my-sessions", "aria-label": "My sessions" });
  const box = h(
    "details",
    { class: "sign-in", open: bearer() !== "" },
    h("summary", {}, bearer() === "" ? "Sign in (player token)" : `Signed in${playerId() ? ` as ${playerId()}` : ""}`),
    h("p", {}, h("label", { for: "bearer" }, "Player token (JWT) "), token, " ", save, " ", out),
    mine,
  );
  if (bearer() !== "") {
    mine.append(h("h2", {}, "My sessions"));
    void (async () => {
      try {
        const list = await client.listMySessions({ pageSize: 50 });
        const items = h("ul", { class: "session-list", id: "my-sessions" });
        for (const m of list.sessions) {
          const s = m.session;
          if (!s) continue;
          const group = { [MySessionGroup.YOUR_TURN]: "your turn", [MySessionGroup.WAITING]: "waiting", [MySessionGroup.FINISHED]: "finished" }[m.group as number] ?? "";
          items.append(
            h(
              "li",
              { "data-session": s.sessionId },
              `${s.gameId} · ${group} · seat ${m.seats.join(", ")} `,
              h("a", { href: `#/s/${s.sessionId}`, class: "open" }, "Open"),
            ),
          );
        }
        mine.append(list.sessions.length === 0 ? h("p", {}, "None yet.") : items);
      } catch (err) {
        mine.append(h("p", { class: "error", role: "alert" }, `Your sessions: ${sentence(err)}`));
      }
    })();
  }
  return box;
}

// ---- table -------------------------------------------------------------------------------

interface TableState {
  sessionId: string;
  watch: boolean;
  session?: Session;
  view?: GameView;
  legal: GameAction[];
  legalVersion: bigint;
  /** Place key of the board click that narrowed the choices, if any. */
  filter?: string;
  refusal: string;
  log: string[];
  lastVersion: bigint;
  /** Board places and seats the latest events touched -> when their highlight started. */
  touched: Map<string, number>;
  /** The catalog's board layout of the session's game (empty until the catalog answers). */
  layout: Map<string, [number, number]>;
}

/** The catalog, asked once per page (board layouts come from it). */
let catalog: Promise<GameInfo[]> | undefined;
function catalogGames(): Promise<GameInfo[]> {
  catalog ??= client.listGames({}).then(
    (c) => c.games,
    (err: unknown) => {
      catalog = undefined;
      throw err;
    },
  );
  return catalog;
}

/** How long a touched place stays highlighted (the CSS animation `touched` lasts as long). */
const TOUCH_MS = 1600;

/** Marks what recent events touched; a redraw mid-highlight resumes it where it was. */
function markTouched(root: Element, touched: Map<string, number>) {
  const now = performance.now();
  for (const [key, since] of touched) {
    const age = now - since;
    if (age >= TOUCH_MS) {
      touched.delete(key);
      continue;
    }
    const [kind = "", seat = "", cell = ""] = key.split(":");
    const selector =
      kind === "seat"
        ? `.player-card[data-seat="${CSS.escape(seat)}"]`
        : kind === "grid"
          ? `svg.board [data-grid-seat="${CSS.escape(seat)}"] [data-cell="${CSS.escape(cell)}"]`
          : `svg.board [data-place="${CSS.escape(key)}"]`;
    for (const node of root.querySelectorAll<HTMLElement | SVGElement>(selector)) {
      node.classList.add("touched");
      node.style.animationDelay = `${-Math.round(age)}ms`;
    }
  }
}

/** The stored seat of this browser that is to act (or the first stored seat). */
function mySeat(st: TableState): SeatToken | undefined {
  if (st.watch) return undefined;
  const seats = seatsOf(st.sessionId);
  // Seats bound to the signed-in player act with its JWT, from any browser.
  const me = playerId();
  if (me !== "") {
    for (const info of st.session?.seats ?? []) {
      if (info.playerId === me && !seats.some((s) => s.seat === info.seat)) seats.push({ seat: info.seat, token: "" });
    }
  }
  const toAct = st.session?.toAct ?? [];
  return seats.find((s) => toAct.includes(s.seat)) ?? seats[0];
}

function table(sessionId: string, watch: boolean) {
  const abort = new AbortController();
  leaveTable = () => abort.abort();
  const st: TableState = { sessionId, watch, legal: [], legalVersion: -1n, refusal: "", log: [], lastVersion: 0n, touched: new Map(), layout: new Map() };
  const head = h("div", { class: "table-head" });
  const board = h("div", { class: "board-wrap", "aria-label": "Board" });
  const actions = h("section", { class: "actions", "aria-label": "Your choices" });
  const refusal = h("p", { id: "refusal", class: "error", role: "alert", "aria-live": "assertive" });
  const scores = h("section", { id: "scores", "aria-label": "Scores" });
  const panels = h("div", { class: "panels", "aria-label": "Players" });
  const players = h("details", { class: "view-data" });
  const log = h("ol", { id: "log", class: "log", "aria-label": "Event log", "aria-live": "polite" });
  app.replaceChildren(
    h(
      "div",
      { class: "table" },
      h("div", { class: "main-col" }, head, board, panels, players),
      h("aside", { class: "side-col" }, actions, refusal, scores, h("h3", {}, "Events"), log),
    ),
  );

  let refreshing = false;
  let refreshDelay = 250;
  let again = false;
  async function refresh() {
    if (refreshing) {
      again = true;
      return;
    }
    refreshing = true;
    try {
      do {
        again = false;
        const seat = mySeat(st);
        const opts = seat ? actAs(seat) : {};
        // Both at once (one round trip): a seat not to act simply gets no actions.
        const [state, legal] = await Promise.all([
          client.getState({ sessionId }, { ...opts, signal: abort.signal }),
          seat && st.session?.status !== SessionStatus.FINISHED
            ? client.listLegalActions({ sessionId }, { ...actAs(seat), signal: abort.signal }).catch(() => undefined)
            : Promise.resolve(undefined),
        ]);
        st.session = state.session;
        if (st.layout.size === 0 && state.session) {
          const info = (await catalogGames().catch(() => [])).find((g) => g.gameId === state.session?.gameId);
          st.layout = new Map((info?.boardLayout ?? []).map((p) => [p.place, [p.x, p.y]]));
        }
        st.view = state.view;
        const after = mySeat(st);
        const current =
          legal !== undefined && legal.version === state.session?.version && after?.seat === seat?.seat;
        if (current && after && st.session?.toAct.includes(after.seat) && st.session.status === SessionStatus.IN_PROGRESS) {
          st.legal = legal.actions;
          st.legalVersion = legal.version;
        } else {
          st.legal = [];
          st.legalVersion = st.session?.version ?? -1n;
          // The two answers saw different versions, or the seat became known (a signed-in
          // player's seat is found in the session): ask again.
          if (legal !== undefined && legal.version !== state.session?.version) again = true;
          if (after !== undefined && after.seat !== seat?.seat) again = true;
        }
        st.filter = undefined;
      } while (again);
      render();
    } catch (err) {
      if (abort.signal.aborted) return;
      if (unreachable(err)) {
        // The server is away (restarting?): say so and ask again with backoff.
        conn.textContent = `server unreachable (${sentence(err)}); retrying`;
        refreshDelay = Math.min(5000, refreshDelay * 2);
        setTimeout(() => void refresh(), refreshDelay);
      } else {
        st.refusal = sentence(err);
        render();
      }
      return;
    } finally {
      refreshing = false;
    }
    refreshDelay = 250;
  }

  async function submit(action: GameAction) {
    const seat = mySeat(st);
    if (!seat) return;
    st.refusal = "";
    refusal.textContent = "";
    try {
      await client.submitAction(
        { sessionId, action, expectedVersion: st.legalVersion, requestId: crypto.randomUUID() },
        actAs(seat),
      );
      // The new state comes with the stream's event (see `follow`), not from here.
    } catch (err) {
      st.refusal = sentence(err);
      render();
    }
  }

  async function join(seatNo: number) {
    try {
      // A signed-in player with no name typed is named by its token (the server's name claim).
      const name = playerName() || (bearer() !== "" ? "" : `Player ${seatNo + 1}`);
      const joined = await client.joinSession({ sessionId, seat: seatNo, playerName: name });
      // A signed-in player's seat needs no seat token (an empty one when joining again).
      if (joined.seatToken !== "") keepSeat(sessionId, { seat: joined.seat, token: joined.seatToken });
      st.watch = false;
      // The new state comes with the stream's event (see `follow`), not from here.
    } catch (err) {
      st.refusal = sentence(err);
      render();
    }
  }

  function clickPlace(key: string) {
    const naming = st.legal.filter((a) => places(actionJson(a)).some((p) => p.key === key));
    const only = naming[0];
    if (naming.length === 1 && only !== undefined) {
      void submit(only);
      return;
    }
    if (naming.length > 1) {
      st.filter = key;
      render();
      return;
    }
    // No legal action names this place: ask for it anyway with an action of the same kind,
    // and show the server's sentence.
    const kind = key.slice(0, key.indexOf(":"));
    const template = st.legal.find((a) => places(actionJson(a)).some((p) => p.kind === kind));
    const asked = template === undefined ? undefined : withPlace(template, key);
    if (asked !== undefined) {
      void submit(asked);
    } else {
      st.refusal = st.legal.length === 0 ? "It is not your turn." : "None of your choices names this place.";
      render();
    }
  }

  function render() {
    const s = st.session;
    if (!s) return;
    const seat = mySeat(st);
    // Redrawing replaces the elements: remember where the keyboard was, to put it back.
    const focus = focusBefore();
    document.title = `Agora · ${s.gameId}`;
    document.body.dataset["version"] = String(s.version);
    document.body.dataset["status"] = statusText(s.status);
    document.body.dataset["myTurn"] = st.legal.length > 0 ? "1" : "0";
    // Header: game, status, seats (and joining).
    head.replaceChildren(
      h("h2", {}, `${s.gameId} · ${statusText(s.status)}`),
      h("p", { class: "meta" }, `Session ${s.sessionId} · version ${s.version}${seat ? ` · you are seat ${seat.seat}` : " · watching"}`),
    );
    const seatList = h("ul", { class: "seats" });
    for (const info of s.seats) {
      const colour = SEAT_COLOURS[info.seat] ?? "#000";
      const item = h("li", { style: `border-color:${colour}` }, `Seat ${info.seat}: `);
      if (info.taken) item.append(info.playerName || (info.bot ? "bot" : "taken"));
      else if (s.status === SessionStatus.WAITING_FOR_PLAYERS)
        item.append(button(`Join seat ${info.seat}`, () => void join(info.seat), { "data-testid": `join-${info.seat}` }));
      else item.append("open");
      if (s.toAct.includes(info.seat)) item.append(" ◀ to act");
      seatList.append(item);
    }
    head.append(seatList);
    // Keyboard users skip the board's places straight to the choices.
    if (st.legal.length > 0) {
      head.append(
        button("Skip to your choices", () => actions.querySelector<HTMLButtonElement>("button.action")?.focus(), { class: "skip", "data-testid": "skip" }),
      );
    }
    // Board.
    const legalPlaces = new Map<string, number>();
    for (const a of st.legal) for (const p of places(actionJson(a))) legalPlaces.set(p.key, (legalPlaces.get(p.key) ?? 0) + 1);
    const svg = st.view
      ? drawBoard(st.view, { legal: legalPlaces, actingSeat: seat && s.toAct.includes(seat.seat) ? seat.seat : undefined, layout: st.layout })
      : undefined;
    if (svg) {
      svg.addEventListener("click", (e) => {
        const target = (e.target as Element).closest("[data-place]");
        const key = target?.getAttribute("data-place");
        if (key) clickPlace(key);
      });
      svg.addEventListener("keydown", (e) => {
        if (e.key !== "Enter" && e.key !== " ") return;
        const key = (e.target as Element).getAttribute("data-place");
        if (key) {
          e.preventDefault();
          clickPlace(key);
        }
      });
      board.replaceChildren(svg);
    } else {
      board.replaceChildren(h("p", {}, "No board for this game yet."));
    }
    // Player panels, then the whole view as data for developers.
    const names = new Map(s.seats.map((info) => [info.seat, info.playerName || `seat ${info.seat}`]));
    panels.replaceChildren(...(st.view ? drawPanels(st.view, (n) => names.get(n) ?? `seat ${n}`) : []));
    markTouched(app, st.touched);
    viewData();
    // Choices.
    actions.replaceChildren(h("h3", {}, st.legal.length > 0 ? "Your turn" : seat ? "Waiting" : "Watching"));
    if (st.filter) actions.append(h("p", {}, "Choices for this place: ", button("show all", () => ((st.filter = undefined), render()))));
    const list = h("ul", { class: "choices" });
    st.legal.forEach((a, i) => {
      const json = actionJson(a);
      const named = places(json);
      if (st.filter && !named.some((p) => p.key === st.filter)) return;
      list.append(
        h(
          "li",
          {},
          button(label(json), () => void submit(a), {
            class: "action",
            "data-index": String(i),
            "data-place": named[0]?.key,
            "data-places": named.map((p) => p.key).join(" ") || undefined,
          }),
        ),
      );
    });
    actions.append(list);
    restoreFocus(focus);
    refusal.textContent = st.refusal;
    // Scores.
    const outcome = s.outcome;
    if (outcome && outcome.standings.length > 0) {
      const rows = outcome.standings.map((standing) =>
        h("tr", {}, h("td", {}, String(standing.rank)), h("td", {}, `seat ${standing.seat}`), h("td", {}, String(standing.score))),
      );
      scores.replaceChildren(
        h("h3", {}, "Final scores"),
        h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, "rank"), h("th", {}, "seat"), h("th", {}, "score"))), h("tbody", {}, ...rows)),
      );
    } else {
      scores.replaceChildren();
    }
  }

  /** The whole view as JSON, written only while its <details> is open (it is large). */
  function viewData() {
    if (players.childElementCount === 0) players.append(h("summary", {}, "Raw view (JSON, for developers)"), h("pre", {}));
    const pre = players.querySelector("pre");
    if (!players.open || !pre || !st.view?.game.case) return;
    const json = JSON.stringify(st.view.game.value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v), 1);
    pre.textContent = json.length > 50000 ? `${json.slice(0, 50000)}…` : json;
  }
  players.addEventListener("toggle", viewData);

  function logVersion(m: StreamEventsResponse) {
    const lines: string[] = [];
    if (m.seatChange) {
      const c = m.seatChange;
      lines.push(`seat ${m.seat}: ${c.resigned ? "resigned" : c.undo ? "undo" : c.timedOut ? "timed out" : c.bot ? "handed to a bot" : "changed"}`);
    }
    const now = performance.now();
    for (const e of m.events) {
      const json = eventJson(e);
      lines.push(`seat ${m.seat}: ${label(json)}`);
      // An Origins city cell {x, y} is in the grid of the seat that acted.
      for (const p of places(json)) st.touched.set(p.kind === "cell" ? `grid:${m.seat}:${p.key.slice(5)}` : p.key, now);
    }
    if (m.events.length > 0) st.touched.set(`seat:${m.seat}`, now);
    if (lines.length === 0) lines.push(`seat ${m.seat}: no event`);
    if (m.status === SessionStatus.FINISHED) lines.push("game over");
    for (const line of lines) {
      log.prepend(h("li", { "data-version": String(m.version) }, h("span", { class: "v" }, `${m.version}.`), ` ${line}`));
    }
    while (log.childElementCount > 5000) log.lastElementChild?.remove();
  }

  /**
   * Where the keyboard focus is before a redraw: a board place (by its key), a choice, or
   * elsewhere (left alone).
   */
  function focusBefore(): { place?: string; choice?: boolean } | undefined {
    const active = document.activeElement;
    if (!active || active === document.body) return undefined;
    if (board.contains(active)) return { place: active.getAttribute("data-place") ?? undefined };
    if (actions.contains(active)) return { choice: true };
    return undefined;
  }

  /**
   * Puts the focus back after a redraw: on the same board place, or, from a choice, on the
   * first new choice (or the choices' heading when there is none), so a keyboard player can
   * go on without tabbing through the page again.
   */
  function restoreFocus(focus: { place?: string; choice?: boolean } | undefined) {
    if (!focus) return;
    if (focus.place !== undefined) {
      board.querySelector<SVGElement>(`[data-place="${CSS.escape(focus.place)}"]`)?.focus();
    } else if (focus.choice) {
      const first = actions.querySelector<HTMLElement>("button.action");
      const heading = actions.querySelector<HTMLElement>("h3");
      if (first) first.focus();
      else if (heading) {
        heading.tabIndex = -1;
        heading.focus();
      }
    }
  }

  /**
   * The event stream, resumed after a dropped connection from the last version this page has
   * (`after_version`), so no version is missed or shown twice; the wait between attempts
   * doubles from 250 ms to 8 s and starts again at the first message.
   */
  async function follow() {
    let delay = 250;
    let finished = false;
    while (!abort.signal.aborted && !finished) {
      try {
        for await (const m of followEvents(client, sessionId, {
          afterVersion: st.lastVersion,
          untilFinished: true,
          maxReconnects: 0,
          signal: abort.signal,
        })) {
          conn.textContent = "";
          delay = 250;
          if (m.status === SessionStatus.FINISHED || m.outcome !== undefined) finished = true;
          if (m.rematchSessionId !== "" || m.version <= st.lastVersion) continue;
          st.lastVersion = m.version;
          logVersion(m);
          void refresh();
        }
        if (finished) return;
        if (abort.signal.aborted) return;
        conn.textContent = `stream ended; reconnecting after version ${st.lastVersion}…`;
      } catch (err) {
        if (abort.signal.aborted) return;
        conn.textContent = `stream: ${sentence(err)}; reconnecting after version ${st.lastVersion}…`;
      }
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(8000, delay * 2);
      // The server answers again: the notice goes even if no new event comes.
      try {
        await client.getState({ sessionId }, { signal: abort.signal });
        conn.textContent = "";
      } catch {
        // Still away: the notice stays and the loop waits again.
      }
    }
  }

  // Joins are no game events: while seats are open, the table asks again every second.
  const poll = setInterval(() => {
    if (st.session?.status === SessionStatus.WAITING_FOR_PLAYERS) void refresh();
  }, 1000);
  abort.signal.addEventListener("abort", () => clearInterval(poll));

  void refresh();
  void follow();
}

// ---- routing -------------------------------------------------------------------------------

function route() {
  leaveTable?.();
  leaveTable = undefined;
  const match = /^#\/s\/([^?]+)(\?watch)?$/.exec(location.hash);
  if (match?.[1]) table(decodeURIComponent(match[1]), match[2] !== undefined);
  else void lobby();
  app.focus();
}

window.addEventListener("hashchange", route);
route();
