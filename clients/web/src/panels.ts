/**
 * The player panels beside each board, drawn from the view only (semantic HTML with small SVG
 * pictures): Terra Nova's faction sheets and power bowls, Origin's reward board and hands,
 * Origins' market, military track and resources, Attika's hands and building reserves.
 * A hand appears only as the view gives it to this viewer (the server hides the others').
 */
import {
  AttikaResource,
  type AttikaView,
  type GameView,
  OriginCardColor,
  OriginPawnColor,
  OriginTileColumn,
  type OriginView,
  OriginsColour,
  type OriginsView,
  TerraNovaFaction,
  TerraNovaSpecial,
  type TerraNovaView,
  type TrackSpace,
  TrackSpaceSchema,
} from "@agora/sdk";
import { create } from "@bufbuild/protobuf";

import { SEAT_COLOURS } from "./boards";
import { type Child, enumWords, h, svg } from "./dom";

/** The catalog's static tracks of a game (`GameInfo.board_tracks`): track name -> its spaces. */
export type BoardTracks = Map<string, TrackSpace[]>;

/** A seat's display name (from the session's seat list). */
export type SeatName = (seat: number) => string;

/** A term/definition list of the non-empty entries. */
function facts(entries: [string, Child | number | undefined][]): HTMLDListElement {
  const dl = h("dl", { class: "facts" });
  for (const [term, value] of entries) {
    if (value === undefined || value === "") continue;
    dl.append(h("dt", {}, term), h("dd", {}, typeof value === "number" ? String(value) : value));
  }
  return dl;
}

/** One player's card: a heading in the seat's colour and its contents. */
function card(seat: number, title: string, ...body: Child[]): HTMLElement {
  return h(
    "section",
    { class: "player-card", "data-seat": String(seat), style: `border-color:${SEAT_COLOURS[seat] ?? "#000"}`, "aria-label": title },
    h("h4", {}, title),
    ...body,
  );
}

/** `total` pips of which `filled` are drawn solid: buildings still in stock, cards left, … */
function pips(filled: number, total: number, colour: string, label: string): SVGElement {
  const n = Math.max(filled, total);
  const pic = svg("svg", { class: "pips", viewBox: `0 0 ${n * 12 + 2} 12`, width: n * 12 + 2, height: 12, role: "img", "aria-label": label });
  for (let i = 0; i < n; i++) {
    pic.append(svg("rect", { x: 1 + i * 12, y: 1, width: 10, height: 10, rx: 2, fill: i < filled ? colour : "none", stroke: colour }));
  }
  return pic;
}

// ---- Terra Nova ------------------------------------------------------------------------------

/** The three power bowls, each a circle with its token count. */
function powerBowls(bowls: number[]): SVGElement {
  const pic = svg("svg", { class: "bowls", viewBox: "0 0 132 46", width: 132, height: 46, role: "img" });
  pic.setAttribute("aria-label", `power bowls I ${bowls[0] ?? 0}, II ${bowls[1] ?? 0}, III ${bowls[2] ?? 0}`);
  ["I", "II", "III"].forEach((name, i) => {
    const cx = 22 + i * 44;
    pic.append(
      svg("circle", { cx, cy: 22, r: 20, class: `bowl bowl-${i + 1}` }),
      svg("text", { x: cx, y: 14, class: "bowl-name" }, name),
      svg("text", { x: cx, y: 31, class: "bowl-count" }, String(bowls[i] ?? 0)),
    );
  });
  return pic;
}

function terraNova(view: TerraNovaView, name: SeatName): HTMLElement[] {
  return view.players.map((p) => {
    const colour = SEAT_COLOURS[p.seat] ?? "#000";
    const faction = enumWords(TerraNovaFaction, p.faction) || "faction not chosen";
    const palaces = [p.leftPalace ? "left built" : "", p.rightPalace ? "right built" : ""].filter(Boolean).join(", ") || "none built";
    return card(
      p.seat,
      `${name(p.seat)} · ${faction}${p.passed ? " · passed" : ""}`,
      powerBowls(p.bowls),
      facts([
        ["VP", p.vp],
        ["coins", p.coins],
        ["navigation", p.navigation],
        ["houses in stock", h("span", {}, pips(p.housesOnSheet, 8, colour, `${p.housesOnSheet} houses`), ` ${p.housesOnSheet}`)],
        ["trading posts in stock", h("span", {}, pips(p.tradingPostsOnSheet, 4, colour, `${p.tradingPostsOnSheet} trading posts`), ` ${p.tradingPostsOnSheet}`)],
        ["palaces", palaces],
        ["bridges in reserve", p.bridgesInReserve],
        ["town tiles left", p.townTilesLeft.join(", ") || "none"],
        ["bonus tile", p.bonus],
        ["specials used", p.specialUsed.map((s) => enumWords(TerraNovaSpecial, s)).join(", ")],
      ]),
    );
  });
}

// ---- Origin ----------------------------------------------------------------------------------

const CARD_FILL: Record<number, string> = {
  [OriginCardColor.YELLOW]: "#f6e27a",
  [OriginCardColor.ORANGE]: "#f5a35c",
  [OriginCardColor.PURPLE]: "#b39ddb",
};
const COLUMN_FILL: Record<number, string> = {
  [OriginTileColumn.YELLOW]: "#f6e27a",
  [OriginTileColumn.ORANGE]: "#f5a35c",
  [OriginTileColumn.PURPLE]: "#b39ddb",
  [OriginTileColumn.BROWN]: "#b08968",
};

/** The reward board: a column of slots per colour, each slot showing its tile's level. */
function rewardBoard(view: OriginView): SVGElement {
  const rows = Math.max(1, ...view.columns.map((c) => c.slots.length));
  const [w, ht] = [view.columns.length * 34 + 4, rows * 26 + 4];
  const pic = svg("svg", { class: "reward-board", viewBox: `0 0 ${w} ${ht}`, width: w, height: ht, role: "img" });
  pic.setAttribute("aria-label", "reward board");
  view.columns.forEach((col, i) => {
    col.slots.forEach((level, j) => {
      const x = 2 + i * 34;
      const y = 2 + j * 26;
      pic.append(
        svg("rect", { x, y, width: 30, height: 22, rx: 3, fill: level === 0 ? "#fff" : (COLUMN_FILL[col.column] ?? "#eee"), stroke: "#666" }),
        svg("text", { x: x + 15, y: y + 15, class: "slot-level" }, level === 0 ? "" : String(level)),
        svg("title", {}, `${enumWords(OriginTileColumn, col.column)} slot ${j + 1}: ${level === 0 ? "empty" : `level ${level}`}`),
      );
    });
  });
  return pic;
}

/** A hand as cards: colour for everyone, the card's name only where the view gives it. */
function hand(cards: { color: number; card: string }[]): HTMLElement {
  const list = h("ul", { class: "hand" });
  for (const c of cards) {
    const colour = enumWords(OriginCardColor, c.color);
    list.append(
      h("li", { class: c.card ? "card" : "card hidden", style: `background:${CARD_FILL[c.color] ?? "#ddd"}`, title: colour }, c.card || `${colour} (hidden)`),
    );
  }
  return list;
}

function origin(view: OriginView, name: SeatName): HTMLElement[] {
  // The reserve by pawn colour: "white 1/1, 2×1/2; brown …" (size/strength, count when > 1).
  const byColour = new Map<number, string[]>();
  for (const r of view.reserve) {
    const colour = r.pawn?.color ?? 0;
    const kind = `${r.count > 1 ? `${r.count}×` : ""}${r.pawn?.size ?? 0}/${r.pawn?.strength ?? 0}`;
    byColour.set(colour, [...(byColour.get(colour) ?? []), kind]);
  }
  const pawns = [...byColour].map(([colour, kinds]) => `${enumWords(OriginPawnColor, colour)} ${kinds.join(", ")}`);
  // Junior rules have no reward board: its columns are empty then.
  const hasBoard = view.columns.length > 0;
  const board = h(
    "section",
    { class: "player-card shared", "aria-label": hasBoard ? "Reward board" : "Supply" },
    h("h4", {}, hasBoard ? "Reward board" : "Supply"),
    ...(hasBoard ? [rewardBoard(view)] : []),
    facts([
      ["face-down tiles", view.hiddenTiles],
      ["card piles", view.piles.map((p) => `${enumWords(OriginCardColor, p.color)} ${p.remaining}`).join(", ")],
      ["pawn reserve", pawns.join("; ")],
      ["final round", view.finalRoundStarted ? "started" : ""],
    ]),
  );
  const players = view.players.map((p) => {
    const tiles = p.tileStacks.map((s) => s.levels.map((l) => (l === 0 ? "?" : String(l))).join("+")).join(", ");
    const tokens = p.huntingTokens.map((t) => (t.value === undefined ? "?" : String(t.value))).join(", ");
    const you = view.viewerSeat === p.seat ? " (you)" : "";
    return card(
      p.seat,
      `${name(p.seat)}${you}`,
      h("p", { class: "hand-label" }, `Hand (${p.hand.length})`),
      hand(p.hand),
      facts([
        ["score so far", p.publicScore],
        ["villages left", p.villagesLeft],
        ["tile stacks", tiles],
        ["hunting tokens", tokens],
        ["strait tokens", p.straitTokens.map((s) => `${s.strait} ${s.token?.value ?? "?"}`).join(", ")],
        ["permanent cards", p.permanents.join(", ")],
        ["objectives played", p.playedObjectives.join(", ")],
      ]),
    );
  });
  return [board, ...players];
}

// ---- Origins ---------------------------------------------------------------------------------

const PILE_FILL: Record<number, string> = {
  [OriginsColour.RED]: "#e57373",
  [OriginsColour.PURPLE]: "#9575cd",
  [OriginsColour.BLUE]: "#64b5f6",
  [OriginsColour.YELLOW]: "#fff176",
  [OriginsColour.ORANGE]: "#ffb74d",
};
const PILE_ORDER = [OriginsColour.RED, OriginsColour.PURPLE, OriginsColour.BLUE, OriginsColour.YELLOW, OriginsColour.ORANGE];

/**
 * The military track from the catalog's `GameInfo.board_tracks` entry "military" (the
 * engine's board.toml rows: spaces, sections, attack bonuses, Start and Final), each seat's
 * marker on its space: a boundary where two neighbouring spaces' sections differ (crossing it
 * takes a Superiority token), the bonus under each number. A server whose catalog lacks the
 * track gets a plain numbered row up to the furthest marker, with no rules drawn on it.
 */
function militaryTrack(view: OriginsView, track: TrackSpace[] | undefined): SVGElement {
  const furthest = Math.max(0, ...view.playerViews.map((p) => p.military));
  const spaces: TrackSpace[] =
    track && track.length > 0
      ? track
      : Array.from({ length: furthest + 1 }, (_, index) => create(TrackSpaceSchema, { index }));
  const step = 20;
  const pic = svg("svg", { class: "military", viewBox: `0 0 ${spaces.length * step + 4} 52`, role: "img" });
  pic.dataset["spaces"] = String(spaces.length);
  pic.dataset["source"] = track && track.length > 0 ? "catalog" : "view";
  pic.setAttribute("aria-label", `military track: ${view.playerViews.map((p) => `seat ${p.seat} on ${p.military}`).join(", ")}`);
  spaces.forEach((space, i) => {
    const x = 2 + i * step;
    const title = [
      space.label || `space ${space.index}`,
      space.bonus ? `attack bonus ${space.bonus}` : "",
      space.arrivalVp ? `+${space.arrivalVp} VP on arrival` : "",
    ].filter((t) => t !== "").join(", ");
    pic.append(
      svg(
        "g",
        { "data-space": space.index },
        svg("title", {}, title),
        svg("rect", { x, y: 2, width: step - 2, height: 26, fill: space.label ? "#cfd8dc" : "#fff", stroke: "#777" }),
        svg("text", { x: x + step / 2 - 1, y: 13, class: "track-no" }, space.label ? space.label.slice(0, 1) : String(space.index)),
        svg("text", { x: x + step / 2 - 1, y: 24, class: "track-bonus" }, space.arrivalVp ? `+${space.arrivalVp}` : space.bonus),
      ),
    );
    const next = spaces[i + 1];
    if (next !== undefined && next.section !== space.section) {
      pic.append(
        svg(
          "line",
          { x1: x + step - 1, y1: 0, x2: x + step - 1, y2: 30, class: "boundary" },
          svg("title", {}, "section boundary: a Superiority token when crossed"),
        ),
      );
    }
  });
  const stacked = new Map<number, number>();
  for (const p of view.playerViews) {
    const at = Math.min(p.military, spaces.length - 1);
    const k = stacked.get(at) ?? 0;
    stacked.set(at, k + 1);
    pic.append(
      svg("circle", { cx: 2 + at * step + step / 2 - 1 + k * 4, cy: 38 + k * 4, r: 6, fill: SEAT_COLOURS[p.seat] ?? "#000", stroke: "#fff" }, svg("title", {}, `seat ${p.seat}: ${p.military}`)),
    );
  }
  return pic;
}

function origins(view: OriginsView, name: SeatName, tracks: BoardTracks): HTMLElement[] {
  const market = h("ul", { class: "market" });
  view.market.forEach((slot, i) => market.append(h("li", { class: "tile" }, slot.building ?? `(empty ${i + 1})`)));
  const piles = h("ul", { class: "market" });
  view.pileTops.forEach((slot, i) => {
    const colour = PILE_ORDER[i] ?? OriginsColour.UNSPECIFIED;
    piles.append(
      h("li", { class: "tile", style: `background:${PILE_FILL[colour] ?? "#eee"}`, title: `${enumWords(OriginsColour, colour)} pile` }, `${slot.building ?? "—"} (${view.pileSizes[i] ?? 0})`),
    );
  });
  const board = h(
    "section",
    { class: "player-card shared", "aria-label": "Market and military track" },
    h("h4", {}, `Round ${view.round} · market`),
    market,
    h("p", { class: "hand-label" }, "Piles (top, size)"),
    piles,
    h("p", { class: "hand-label" }, "Military track"),
    militaryTrack(view, tracks.get("military")),
    facts([
      ["bastion", `seat ${view.bastion}`],
      ["superiority supply", view.superioritySupply],
    ]),
  );
  const players = view.playerViews.map((p) =>
    card(
      p.seat,
      `${name(p.seat)}${p.passed ? " · passed" : ""}`,
      facts([
        ["VP", p.vp],
        ["stone", p.stone],
        ["food", p.food],
        ["wisdom", p.wisdom],
        ["gold", p.gold],
        ["superiority", p.superiority],
        ["military", p.military],
        ["freemen", p.freemen.map((f) => `${f.die?.value ?? "?"}${f.at === undefined ? "" : `@${f.at}`}`).join(", ")],
        ["orators", p.orators.map((o) => `${o.value}${o.at === undefined ? "" : `@${o.at}`}`).join(", ")],
        ["counsellors", p.counsellors.map((c) => enumWords(OriginsColour, c)).join(", ")],
        ["towers (R P B Y O)", p.towers.join(" ")],
        ["temples (forest mountain sea)", p.temples.join(" ")],
        ["bases", p.bases],
        ["kept tiles", p.keptTiles.join(", ")],
      ]),
    ),
  );
  return [board, ...players];
}

// ---- Attika ----------------------------------------------------------------------------------

const RESOURCE_FILL: Record<number, string> = {
  [AttikaResource.WATER]: "#7cc0e8",
  [AttikaResource.FOREST]: "#3f8f46",
  [AttikaResource.HILL]: "#d9b36c",
  [AttikaResource.MOUNTAIN]: "#9e9e9e",
};

function attika(view: AttikaView, name: SeatName): HTMLElement[] {
  const shared = h(
    "section",
    { class: "player-card shared", "aria-label": "Supply" },
    h("h4", {}, "Supply"),
    facts([
      ["deck", view.deckSize],
      ["map pieces left", view.mapPiecesLeft],
      ["amphorae", view.amphoraSupply],
    ]),
  );
  const players = view.players.map((p) => {
    const counts = p.hand;
    const handView =
      counts === undefined
        ? h("p", { class: "hand hidden" }, `${p.handSize} cards (hidden)`)
        : h(
            "ul",
            { class: "hand" },
            ...(
              [
                [AttikaResource.WATER, counts.water],
                [AttikaResource.FOREST, counts.forest],
                [AttikaResource.HILL, counts.hill],
                [AttikaResource.MOUNTAIN, counts.mountain],
              ] as [number, number][]
            ).map(([r, n]) => h("li", { class: "card", style: `background:${RESOURCE_FILL[r] ?? "#ddd"}` }, `${enumWords(AttikaResource, r)} × ${n}`)),
          );
    return card(
      p.seat,
      name(p.seat),
      h("p", { class: "hand-label" }, `Hand (${p.handSize})`),
      handView,
      facts([
        ["buildings in reserve", p.reserve.join(", ") || "none"],
        ["face-down piles", p.piles.join(" / ")],
        ["built", p.built],
        ["amphorae", p.amphorae],
        ["colonies", p.colonies],
      ]),
    );
  });
  return [shared, ...players];
}

/**
 * The panels of `view` (empty for a game this client does not draw); `tracks` are the
 * catalog's `board_tracks` of the game by name (empty when the catalog has none).
 */
export function drawPanels(view: GameView, name: SeatName, tracks: BoardTracks = new Map()): HTMLElement[] {
  switch (view.game.case) {
    case "terraNova":
      return terraNova(view.game.value, name);
    case "origin":
      return origin(view.game.value, name);
    case "origins":
      return origins(view.game.value, name, tracks);
    case "attika":
      return attika(view.game.value, name);
    default:
      return [];
  }
}
