/**
 * The table (`#/s/<session>`, `?watch` to spectate): the board drawn from GetState, the
 * player panels, the seat's legal actions as choices and as board clicks, the refusals'
 * sentences, and the event log from StreamEvents (resumed after a dropped connection).
 */
import { type GameAction, type GameView, type Session, SessionStatus, type StreamEventsResponse, followEvents } from "@agora/sdk";

import { actionJson, eventJson, label, places, withPlace } from "./actions";
import { catalogGames, client, sentence, statusText, unreachable } from "./api";
import { button, h } from "./dom";
import { type BoardTracks, SEAT_COLOURS } from "./draw";
import { drawBoard, drawPanels } from "./games";
import { bearer, playerId } from "./identity";
import { app, conn } from "./page";
import { type SeatToken, actAs, keepSeat, playerName, seatsOf } from "./seats";

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
  /** The catalog's board tracks of the session's game (Origins' military track), by name. */
  tracks: BoardTracks;
  /**
   * The action this page submitted last and the version it would create: that version's log
   * line names the choice when the version has no event (a step inside a turn).
   */
  submitted?: { version: bigint; label: string };
  /** The catalog has been asked for this game's static board (once per table). */
  catalogAsked: boolean;
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

/** The seats this browser plays in the session: stored with their tokens, or bound to the signed-in player. */
function heldSeats(st: TableState): SeatToken[] {
  if (st.watch) return [];
  const seats = seatsOf(st.sessionId);
  // Seats bound to the signed-in player act with its JWT, from any browser.
  const me = playerId();
  if (me !== "") {
    for (const info of st.session?.seats ?? []) {
      if (info.playerId === me && !seats.some((s) => s.seat === info.seat)) seats.push({ seat: info.seat, token: "" });
    }
  }
  return seats;
}

/** The seat of this browser that is to act (or the first it holds). */
function mySeat(st: TableState): SeatToken | undefined {
  const seats = heldSeats(st);
  const toAct = st.session?.toAct ?? [];
  return seats.find((s) => toAct.includes(s.seat)) ?? seats[0];
}

/**
 * The seat the event stream follows as: the lowest this browser holds, so that its own
 * hidden draws read as cards (not the seat to act, which would reopen the stream at every
 * turn of a browser holding two seats); none for a watcher.
 */
function streamSeat(st: TableState): SeatToken | undefined {
  return heldSeats(st).sort((x, y) => x.seat - y.seat)[0];
}

/** Opens the table of `sessionId` in the page; returns what leaves it (stops its calls). */
export function table(sessionId: string, watch: boolean): () => void {
  const abort = new AbortController();
  const st: TableState = { sessionId, watch, legal: [], legalVersion: -1n, refusal: "", log: [], lastVersion: 0n, touched: new Map(), layout: new Map(), tracks: new Map(), catalogAsked: false };
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
        if (!st.catalogAsked && state.session) {
          const games = await catalogGames().catch(() => undefined);
          // Asked again at the next refresh when the catalog did not answer.
          st.catalogAsked = games !== undefined;
          const info = games?.find((g) => g.gameId === state.session?.gameId);
          st.layout = new Map((info?.boardLayout ?? []).map((p) => [p.place, [p.x, p.y]]));
          st.tracks = new Map((info?.boardTracks ?? []).map((t) => [t.track, t.spaces]));
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
      // A signed-in player's seat is known once the session is: follow as it from now on.
      followAs();
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
    st.submitted = { version: st.legalVersion + 1n, label: label(actionJson(action)) };
    try {
      await client.submitAction(
        { sessionId, action, expectedVersion: st.legalVersion, requestId: crypto.randomUUID() },
        actAs(seat),
      );
      // The new state comes with the stream's event (see `follow`), not from here.
    } catch (err) {
      st.submitted = undefined;
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
      // The stream opened before the join follows as a spectator: reopen it as the seat.
      followAs();
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
    panels.replaceChildren(...(st.view ? drawPanels(st.view, (n) => names.get(n) ?? `seat ${n}`, st.tracks) : []));
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

  /** A seat's player name as the session lists it ("seat N" before it is known). */
  function seatName(seat: number): string {
    return st.session?.seats.find((info) => info.seat === seat)?.playerName || `seat ${seat}`;
  }

  function logVersion(m: StreamEventsResponse) {
    const lines: string[] = [];
    const who = seatName(m.seat);
    if (m.seatChange) {
      const c = m.seatChange;
      lines.push(`${who}: ${c.resigned ? "resigned" : c.undo ? "undo" : c.timedOut ? "timed out" : c.bot ? "handed to a bot" : "changed"}`);
    }
    const now = performance.now();
    for (const e of m.events) {
      const json = eventJson(e);
      lines.push(`${who}: ${label(json)}`);
      // An Origins city cell {x, y} is in the grid of the seat that acted.
      for (const p of places(json)) st.touched.set(p.kind === "cell" ? `grid:${m.seat}:${p.key.slice(5)}` : p.key, now);
    }
    if (m.events.length > 0) st.touched.set(`seat:${m.seat}`, now);
    const mine = st.submitted?.version === m.version ? st.submitted.label : undefined;
    if (st.submitted !== undefined && st.submitted.version <= m.version) st.submitted = undefined;
    // A version with no event is a step inside a turn (Origins' worker before its meeting
    // place, say) that changes nothing public yet. The page that submitted it names the
    // choice; every other viewer (the other seats, a watcher, this page after a reload) gets
    // no more than the stream gives it: that a choice was made.
    if (lines.length === 0) lines.push(mine !== undefined ? `${who} chose ${mine}` : `${who} made a choice (no visible change yet)`);
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
   * doubles from 250 ms to 8 s and starts again at the first message. It follows as `seat`
   * (see `streamSeat`) until `signal` ends it: `followAs` reopens it when the seat changes.
   */
  async function follow(seat: SeatToken | undefined, signal: AbortSignal) {
    let delay = 250;
    let finished = false;
    while (!signal.aborted && !finished) {
      try {
        for await (const m of followEvents(client, sessionId, {
          callOptions: seat ? actAs(seat) : {},
          afterVersion: st.lastVersion,
          untilFinished: true,
          maxReconnects: 0,
          signal,
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
        if (signal.aborted) return;
        conn.textContent = `stream ended; reconnecting after version ${st.lastVersion}…`;
      } catch (err) {
        if (signal.aborted) return;
        conn.textContent = `stream: ${sentence(err)}; reconnecting after version ${st.lastVersion}…`;
      }
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(8000, delay * 2);
      // The server answers again: the notice goes even if no new event comes.
      try {
        await client.getState({ sessionId }, { signal });
        conn.textContent = "";
      } catch {
        // Still away: the notice stays and the loop waits again.
      }
    }
  }

  // The stream now open, and the seat it follows as ("" for a spectator).
  let stream: AbortController | undefined;
  let streamAs = "";
  /** Opens the stream as `streamSeat`, or reopens it when that seat changed (a join, a sign-in). */
  function followAs() {
    const seat = streamSeat(st);
    const as = seat ? `${seat.seat}:${seat.token}` : "";
    if (abort.signal.aborted || (stream !== undefined && as === streamAs)) return;
    stream?.abort();
    stream = new AbortController();
    streamAs = as;
    void follow(seat, stream.signal);
  }
  abort.signal.addEventListener("abort", () => stream?.abort());

  // Joins are no game events: while seats are open, the table asks again every second.
  const poll = setInterval(() => {
    if (st.session?.status === SessionStatus.WAITING_FOR_PLAYERS) void refresh();
  }, 1000);
  abort.signal.addEventListener("abort", () => clearInterval(poll));

  void refresh();
  followAs();
  return () => abort.abort();
}
