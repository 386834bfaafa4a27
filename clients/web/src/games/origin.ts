/** Origin: the world map of territories, the reward board, and each player's hand and tiles. */
import { OriginCardColor, OriginPawnColor, OriginTerritoryColor, OriginTileColumn, type OriginView } from "@agora/sdk";

import { enumWords, h, svg as el } from "../dom";
import { type Attrs, type BoardContext, type GameDrawing, type SeatName, SEAT_COLOURS, card, facts, frame, place } from "../draw";

/** The game's colours by name: territories, cards and reward columns share them. */
export const palette = {
  yellow: "#f6e27a",
  orange: "#f5a35c",
  purple: "#b39ddb",
  brown: "#b08968",
  green: "#9ccc65",
  none: "#e0e0e0",
};

const TERRITORY_FILL: Record<number, string> = {
  [OriginTerritoryColor.YELLOW]: palette.yellow,
  [OriginTerritoryColor.ORANGE]: palette.orange,
  [OriginTerritoryColor.PURPLE]: palette.purple,
  [OriginTerritoryColor.BROWN]: palette.brown,
  [OriginTerritoryColor.GREEN]: palette.green,
  [OriginTerritoryColor.NONE]: palette.none,
};
const CARD_FILL: Record<number, string> = {
  [OriginCardColor.YELLOW]: palette.yellow,
  [OriginCardColor.ORANGE]: palette.orange,
  [OriginCardColor.PURPLE]: palette.purple,
};
const COLUMN_FILL: Record<number, string> = {
  [OriginTileColumn.YELLOW]: palette.yellow,
  [OriginTileColumn.ORANGE]: palette.orange,
  [OriginTileColumn.PURPLE]: palette.purple,
  [OriginTileColumn.BROWN]: palette.brown,
};

/** Territories placed by continent around a circle: for a server whose catalog has no layout. */
function schematic(view: OriginView): Map<string, [number, number]> {
  const continents = [...new Set(view.territories.map((t) => t.continent))];
  const pos = new Map<string, [number, number]>();
  const R = 190;
  continents.forEach((name, i) => {
    const members = view.territories.filter((t) => t.continent === name);
    const a = (2 * Math.PI * i) / continents.length - Math.PI / 2;
    const [ccx, ccy] = continents.length === 1 ? [0, 0] : [R * Math.cos(a), R * Math.sin(a)];
    const rc = members.length <= 1 ? 0 : 22 + 9 * members.length;
    members.forEach((t, j) => {
      const b = (2 * Math.PI * j) / members.length;
      pos.set(t.id, [ccx + rc * Math.cos(b), ccy + rc * Math.sin(b)]);
    });
  });
  return pos;
}

/**
 * Origin: the world map's territories where the catalog's board layout puts them (a server
 * without one: grouped by continent around a circle), borders as lines, straits dashed.
 */
function board(view: OriginView, ctx: BoardContext): SVGElement {
  const laidOut = view.territories.every((t) => ctx.layout.has(t.id));
  const pos = laidOut ? ctx.layout : schematic(view);
  const xs = [...pos.values()].map((p) => p[0]);
  const ys = [...pos.values()].map((p) => p[1]);
  const r = laidOut ? 24 : 17;
  const [west, east] = [Math.min(...xs) - r, Math.max(...xs) + r];
  const svg = frame(west, Math.min(...ys) - r, east, Math.max(...ys) + r, "Origin world map");
  if (laidOut) svg.classList.add("origin-map");
  // A link across most of the map (Bering) leaves by one edge and comes back by the other.
  const link = (pa: [number, number], pb: [number, number], attrs: Attrs, ...title: SVGElement[]) => {
    const [w, e] = pa[0] <= pb[0] ? [pa, pb] : [pb, pa];
    if (!laidOut || e[0] - w[0] <= 500) return [el("line", { x1: pa[0], y1: pa[1], x2: pb[0], y2: pb[1], ...attrs }, ...title)];
    const y = (w[1] + e[1]) / 2;
    return [el("line", { x1: w[0], y1: w[1], x2: west, y2: y, ...attrs }, ...title), el("line", { x1: e[0], y1: e[1], x2: east, y2: y, ...attrs })];
  };
  const seen = new Set<string>();
  for (const t of view.territories) {
    const [x1, y1] = pos.get(t.id) ?? [0, 0];
    for (const other of t.adjacent) {
      const edge = [t.id, other].sort().join("|");
      const p = pos.get(other);
      if (seen.has(edge) || p === undefined) continue;
      seen.add(edge);
      svg.append(...link([x1, y1], p, { class: "border" }));
    }
  }
  for (const st of view.straits) {
    const [a, b] = st.ends;
    const pa = a === undefined ? undefined : pos.get(a);
    const pb = b === undefined ? undefined : pos.get(b);
    if (pa === undefined || pb === undefined) continue;
    svg.append(...link(pa, pb, { class: "strait" }, el("title", {}, `strait ${st.id}`)));
  }
  for (const t of view.territories) {
    const [cx, cy] = pos.get(t.id) ?? [0, 0];
    const shapes: SVGElement[] = [
      el("circle", {
        cx,
        cy,
        r,
        fill: TERRITORY_FILL[t.color] ?? "#eee",
        stroke: t.owner === undefined ? "#555" : (SEAT_COLOURS[t.owner] ?? "#000"),
        "stroke-width": t.owner === undefined ? 1 : 4,
        class: "cell",
      }),
      el("text", { x: cx, y: cy - r / 8, class: "coord" }, t.id.slice(0, 4)),
    ];
    if (t.pawn !== undefined && t.pawn.size > 0) {
      shapes.push(el("text", { x: cx, y: cy + r / 2 + 1, class: "pawn" }, `${t.pawn.size}/${t.pawn.strength}`));
    }
    svg.append(place(`terr:${t.id}`, `${t.name || t.id} (${t.continent})${t.owner === undefined ? "" : `, seat ${t.owner}`}`, ctx, ...shapes));
  }
  return svg;
}

/** The reward board: a column of slots per colour, each slot showing its tile's level. */
function rewardBoard(view: OriginView): SVGElement {
  const rows = Math.max(1, ...view.columns.map((c) => c.slots.length));
  const [w, ht] = [view.columns.length * 34 + 4, rows * 26 + 4];
  const pic = el("svg", { class: "reward-board", viewBox: `0 0 ${w} ${ht}`, width: w, height: ht, role: "img" });
  pic.setAttribute("aria-label", "reward board");
  view.columns.forEach((col, i) => {
    col.slots.forEach((level, j) => {
      const x = 2 + i * 34;
      const y = 2 + j * 26;
      pic.append(
        el("rect", { x, y, width: 30, height: 22, rx: 3, fill: level === 0 ? "#fff" : (COLUMN_FILL[col.column] ?? "#eee"), stroke: "#666" }),
        el("text", { x: x + 15, y: y + 15, class: "slot-level" }, level === 0 ? "" : String(level)),
        el("title", {}, `${enumWords(OriginTileColumn, col.column)} slot ${j + 1}: ${level === 0 ? "empty" : `level ${level}`}`),
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

function panels(view: OriginView, name: SeatName): HTMLElement[] {
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

export const origin: GameDrawing<OriginView> = { board, panels };
