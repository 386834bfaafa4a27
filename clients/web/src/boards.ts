/**
 * Each game's board in SVG, drawn from its GetState view. Every place an action can name
 * carries `data-place` (see actions.ts) so that a click picks the action; places that legal
 * actions name but the view does not draw (an empty hex to settle) are drawn as outlines.
 */
import {
  AttikaResource,
  type AttikaView,
  type GameView,
  OriginTerritoryColor,
  type OriginView,
  OriginsColour,
  type OriginsView,
  TerraNovaBuilding,
  TerraNovaTerrain,
  type TerraNovaView,
} from "@agora/sdk";

const NS = "http://www.w3.org/2000/svg";
export const SEAT_COLOURS = ["#d32f2f", "#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a"];

type Attrs = Record<string, string | number>;

function el(tag: string, attrs: Attrs = {}, ...children: (SVGElement | string)[]): SVGElement {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const c of children) node.append(c);
  return node;
}

/** The places the seat to act can click, and what it shows for each. */
export interface BoardContext {
  /** Place key -> how many legal actions name it. */
  legal: Map<string, number>;
  /** The seat whose city grid takes cell clicks (Origins). */
  actingSeat: number | undefined;
  /** The catalog's board layout of this game: place id -> [x, y] (Origin's territories). */
  layout: Map<string, [number, number]>;
}

/** A clickable place: a focusable group with its key and name. */
function place(key: string, name: string, ctx: BoardContext, ...shapes: SVGElement[]): SVGElement {
  const legal = ctx.legal.has(key);
  const g = el("g", {
    class: legal ? "place legal" : "place",
    "data-place": key,
    tabindex: 0,
    role: "button",
    "aria-label": legal ? `${name} (playable)` : name,
  });
  g.append(el("title", {}, name), ...shapes);
  return g;
}

function hexPoints(cx: number, cy: number, s: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${(cx + s * Math.cos(a)).toFixed(1)},${(cy + s * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

function frame(minX: number, minY: number, maxX: number, maxY: number, labelText: string): SVGElement {
  const pad = 24;
  return el("svg", {
    viewBox: `${minX - pad} ${minY - pad} ${maxX - minX + 2 * pad} ${maxY - minY + 2 * pad}`,
    class: "board",
    role: "group",
    "aria-label": labelText,
  });
}

/** Places named by legal actions that `drawn` lacks, of `kind` (e.g. "qr"). */
function ghosts(ctx: BoardContext, kind: string, drawn: Set<string>): string[] {
  return [...ctx.legal.keys()].filter((k) => k.startsWith(`${kind}:`) && !drawn.has(k));
}

const TERRAIN_FILL: Record<number, string> = {
  [TerraNovaTerrain.LAKE]: "#7cc0e8",
  [TerraNovaTerrain.FOREST]: "#3f8f46",
  [TerraNovaTerrain.WASTELAND]: "#c0643a",
  [TerraNovaTerrain.DESERT]: "#ecd57a",
  [TerraNovaTerrain.SWAMP]: "#5b5a44",
};

const BUILDING_LETTER: Record<number, string> = {
  [TerraNovaBuilding.HOUSE]: "H",
  [TerraNovaBuilding.TRADING_POST]: "T",
  [TerraNovaBuilding.PALACE]: "P",
};

/** Terra Nova: rows A-I of the rules page's map, odd rows set half a hex right. */
function terraNova(view: TerraNovaView, ctx: BoardContext): SVGElement {
  const s = 20;
  const w = Math.sqrt(3) * s;
  const centre = (id: string): [number, number] => {
    const row = id.charCodeAt(0) - 65;
    const col = Number(id.slice(1)) - 1;
    return [col * w + (row % 2 === 1 ? w / 2 : 0), row * 1.5 * s];
  };
  const centres = view.hexes.map((h) => centre(h.hex));
  const xs = centres.map((c) => c[0]);
  const ys = centres.map((c) => c[1]);
  const svg = frame(Math.min(0, ...xs), Math.min(0, ...ys), Math.max(0, ...xs), Math.max(0, ...ys), "Terra Nova map");
  for (const spot of view.bridgeSpots) {
    const [a, b] = spot.hexes;
    if (a === undefined || b === undefined) continue;
    const [x1, y1] = centre(a);
    const [x2, y2] = centre(b);
    svg.append(el("line", { x1, y1, x2, y2, class: "bridge-spot" }));
  }
  for (const h of view.hexes) {
    const [cx, cy] = centre(h.hex);
    const fill = h.river ? "#cfe9f7" : (TERRAIN_FILL[h.terrain] ?? "#ddd");
    const shapes: SVGElement[] = [el("polygon", { points: hexPoints(cx, cy, s - 0.5), fill, class: "cell" })];
    const placed = h.placed;
    if (placed !== undefined && placed.building !== TerraNovaBuilding.UNSPECIFIED) {
      const colour =
        placed.owner.case === "seat" ? (SEAT_COLOURS[placed.owner.value] ?? "#000") : (TERRAIN_FILL[placed.owner.value ?? 0] ?? "#888");
      shapes.push(
        el("circle", { cx, cy, r: s * 0.55, fill: colour, stroke: placed.inTown ? "#ffd600" : "#fff", "stroke-width": placed.inTown ? 3 : 1.5 }),
        el("text", { x: cx, y: cy + 4, class: "piece" }, BUILDING_LETTER[placed.building] ?? "?"),
      );
    } else if (!h.river) {
      shapes.push(el("text", { x: cx, y: cy + 4, class: "coord" }, h.hex));
    }
    const terrain = h.river ? "river" : (TerraNovaTerrain[h.terrain] ?? "").toLowerCase();
    svg.append(place(`hex:${h.hex}`, `${h.hex} ${terrain}`, ctx, ...shapes));
  }
  for (const b of view.bridges) {
    const [a, c] = b.hexes;
    if (a === undefined || c === undefined) continue;
    const [x1, y1] = centre(a);
    const [x2, y2] = centre(c);
    svg.append(el("line", { x1, y1, x2, y2, class: "bridge", stroke: SEAT_COLOURS[b.owner ?? 0] ?? "#000" }));
  }
  return svg;
}

const RESOURCE_FILL: Record<number, string> = {
  [AttikaResource.WATER]: "#7cc0e8",
  [AttikaResource.FOREST]: "#3f8f46",
  [AttikaResource.HILL]: "#d9b36c",
  [AttikaResource.MOUNTAIN]: "#9e9e9e",
};

/** Attika: the axial hexes {q, r} of the laid map pieces, buildings in their owner's colour. */
function attika(view: AttikaView, ctx: BoardContext): SVGElement {
  const s = 20;
  const centre = (q: number, r: number): [number, number] => [s * Math.sqrt(3) * (q + r / 2), s * 1.5 * r];
  const drawn = new Set(view.cells.map((c) => `qr:${c.hex?.q ?? 0},${c.hex?.r ?? 0}`));
  const extra = ghosts(ctx, "qr", drawn).map((k) => k.slice(3).split(",").map(Number) as [number, number]);
  const all = [...view.cells.map((c) => [c.hex?.q ?? 0, c.hex?.r ?? 0] as [number, number]), ...extra].map(([q, r]) => centre(q, r));
  const xs = all.map((c) => c[0]);
  const ys = all.map((c) => c[1]);
  const svg = frame(Math.min(0, ...xs), Math.min(0, ...ys), Math.max(0, ...xs), Math.max(0, ...ys), "Attika board");
  const shrines = new Set(view.shrines.map((h) => `${h.q},${h.r}`));
  for (const c of view.cells) {
    const q = c.hex?.q ?? 0;
    const r = c.hex?.r ?? 0;
    const [cx, cy] = centre(q, r);
    const shapes: SVGElement[] = [
      el("polygon", { points: hexPoints(cx, cy, s - 0.5), fill: RESOURCE_FILL[c.symbol] ?? "#eee", class: "cell" }),
    ];
    if (shrines.has(`${q},${r}`)) shapes.push(el("circle", { cx, cy, r: s * 0.75, class: "shrine" }));
    if (c.owner !== undefined) {
      shapes.push(
        el("rect", { x: cx - s * 0.55, y: cy - s * 0.45, width: s * 1.1, height: s * 0.9, rx: 3, fill: SEAT_COLOURS[c.owner] ?? "#000" }),
        el("text", { x: cx, y: cy + 4, class: "piece" }, c.building.slice(0, 3)),
      );
    }
    const what = `${(AttikaResource[c.symbol] ?? "").toLowerCase()}${c.building ? ` ${c.building}` : ""}`;
    svg.append(place(`qr:${q},${r}`, `hex (${q}, ${r}) ${what}`, ctx, ...shapes));
  }
  for (const [q, r] of extra) {
    const [cx, cy] = centre(q, r);
    svg.append(place(`qr:${q},${r}`, `hex (${q}, ${r})`, ctx, el("polygon", { points: hexPoints(cx, cy, s - 1), class: "ghost" })));
  }
  return svg;
}

const TERRITORY_FILL: Record<number, string> = {
  [OriginTerritoryColor.YELLOW]: "#f6e27a",
  [OriginTerritoryColor.ORANGE]: "#f5a35c",
  [OriginTerritoryColor.PURPLE]: "#b39ddb",
  [OriginTerritoryColor.BROWN]: "#b08968",
  [OriginTerritoryColor.GREEN]: "#9ccc65",
  [OriginTerritoryColor.NONE]: "#e0e0e0",
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
function origin(view: OriginView, ctx: BoardContext): SVGElement {
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

const COLOUR_FILL: Record<number, string> = {
  [OriginsColour.RED]: "#e57373",
  [OriginsColour.PURPLE]: "#9575cd",
  [OriginsColour.BLUE]: "#64b5f6",
  [OriginsColour.YELLOW]: "#fff176",
  [OriginsColour.ORANGE]: "#ffb74d",
};

/**
 * Origins: the meeting places in a row, then each player's city grid ({x, y}, y upward, the
 * Palace at (0, 0)); the grid of the seat to act takes clicks, with its playable cells outlined.
 */
function origins(view: OriginsView, ctx: BoardContext): SVGElement {
  const c = 26;
  const grids = view.playerViews.map((p) => {
    const cells = p.city.flatMap((t) => t.cells.map((cell) => ({ x: cell.x, y: cell.y, tile: t })));
    const drawn = new Set(cells.map((k) => `cell:${k.x},${k.y}`));
    const extra =
      p.seat === ctx.actingSeat
        ? ghosts(ctx, "cell", drawn).map((k) => k.slice(5).split(",").map(Number) as [number, number])
        : [];
    const all = [{ x: 0, y: 0 }, ...cells, ...extra.map(([x, y]) => ({ x, y }))];
    // At least 6 x 5 cells around the Palace, so that a young city is not drawn huge.
    const minX = Math.min(-2, ...all.map((k) => k.x));
    const maxX = Math.max(3, ...all.map((k) => k.x));
    const minY = Math.min(-2, ...all.map((k) => k.y));
    const maxY = Math.max(2, ...all.map((k) => k.y));
    return { p, cells, extra, minX, maxX, minY, maxY, width: (maxX - minX + 1) * c, height: (maxY - minY + 1) * c };
  });
  const gap = 40;
  const top = 70;
  const totalWidth = Math.max(grids.reduce((sum, g) => sum + g.width + gap, 0), view.meetingPlaces.length * 50);
  const tallest = Math.max(0, ...grids.map((g) => g.height));
  const svg = frame(0, 0, totalWidth, top + 20 + tallest, "Origins: meeting places and cities");
  view.meetingPlaces.forEach((m, i) => {
    const cx = 20 + i * 50;
    svg.append(
      el("circle", { cx, cy: 14, r: 16, fill: COLOUR_FILL[m.colour] ?? "#eee", class: "cell" }, el("title", {}, `meeting place ${m.number}: ${m.bonus}`)),
      el("text", { x: cx, y: 19, class: "piece dark" }, String(m.number)),
    );
  });
  let left = 0;
  for (const g of grids) {
    const ox = left;
    const acting = g.p.seat === ctx.actingSeat;
    svg.append(
      el(
        "text",
        { x: ox, y: top - 8, class: "grid-label", fill: SEAT_COLOURS[g.p.seat] ?? "#000" },
        `seat ${g.p.seat}: ${g.p.vp} VP, military ${g.p.military}`,
      ),
    );
    const at = (x: number, y: number): [number, number] => [ox + (x - g.minX) * c, top + (g.maxY - y) * c];
    const cellShape = (x: number, y: number, attrs: Attrs, text: string) => {
      const [px, py] = at(x, y);
      const shapes = [el("rect", { x: px, y: py, width: c - 2, height: c - 2, ...attrs })];
      if (text !== "") shapes.push(el("text", { x: px + c / 2 - 1, y: py + c / 2 + 3, class: "coord" }, text));
      return shapes;
    };
    // Every cell is named by its grid's seat and {x, y} (data-cell), so events can light it.
    const grid = el("g", { "data-grid-seat": g.p.seat });
    const cellGroup = (x: number, y: number, name: string, shapes: SVGElement[]) => {
      const node = acting ? place(`cell:${x},${y}`, name, ctx, ...shapes) : el("g", {}, ...shapes);
      node.setAttribute("data-cell", `${x},${y}`);
      return node;
    };
    grid.append(cellGroup(0, 0, "Palace (0, 0)", cellShape(0, 0, { class: "cell", fill: "#cfd8dc" }, "P")));
    for (const k of g.cells) {
      if (k.x === 0 && k.y === 0) continue;
      const shapes = cellShape(k.x, k.y, { class: "cell", fill: COLOUR_FILL[k.tile.pile] ?? "#e0e0e0" }, k.tile.building.slice(0, 3));
      grid.append(cellGroup(k.x, k.y, `cell (${k.x}, ${k.y}) ${k.tile.building}`, shapes));
    }
    for (const [x, y] of g.extra) {
      grid.append(place(`cell:${x},${y}`, `cell (${x}, ${y})`, ctx, ...cellShape(x, y, { class: "ghost" }, "")));
    }
    svg.append(grid);
    left += g.width + gap;
  }
  return svg;
}

/** The board of `view`, or undefined for a game this client does not draw. */
export function drawBoard(view: GameView, ctx: BoardContext): SVGElement | undefined {
  switch (view.game.case) {
    case "terraNova":
      return terraNova(view.game.value, ctx);
    case "attika":
      return attika(view.game.value, ctx);
    case "origin":
      return origin(view.game.value, ctx);
    case "origins":
      return origins(view.game.value, ctx);
    default:
      return undefined;
  }
}
