/** Origins (First Builders): the meeting places and city grids, the market and the military track. */
import { OriginsColour, type OriginsView, type TrackSpace, TrackSpaceSchema } from "@agora/sdk";
import { create } from "@bufbuild/protobuf";

import { enumWords, h, svg as el } from "../dom";
import {
  type Attrs,
  type BoardContext,
  type BoardTracks,
  type GameDrawing,
  type SeatName,
  SEAT_COLOURS,
  card,
  facts,
  frame,
  ghosts,
  place,
} from "../draw";

/** The five colours: meeting places, city tiles and building piles. */
export const palette: Record<number, string> = {
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
function board(view: OriginsView, ctx: BoardContext): SVGElement {
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
      el("circle", { cx, cy: 14, r: 16, fill: palette[m.colour] ?? "#eee", class: "cell" }, el("title", {}, `meeting place ${m.number}: ${m.bonus}`)),
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
      const shapes = cellShape(k.x, k.y, { class: "cell", fill: palette[k.tile.pile] ?? "#e0e0e0" }, k.tile.building.slice(0, 3));
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
  const pic = el("svg", { class: "military", viewBox: `0 0 ${spaces.length * step + 4} 52`, role: "img" });
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
      el(
        "g",
        { "data-space": space.index },
        el("title", {}, title),
        el("rect", { x, y: 2, width: step - 2, height: 26, fill: space.label ? "#cfd8dc" : "#fff", stroke: "#777" }),
        el("text", { x: x + step / 2 - 1, y: 13, class: "track-no" }, space.label ? space.label.slice(0, 1) : String(space.index)),
        el("text", { x: x + step / 2 - 1, y: 24, class: "track-bonus" }, space.arrivalVp ? `+${space.arrivalVp}` : space.bonus),
      ),
    );
    const next = spaces[i + 1];
    if (next !== undefined && next.section !== space.section) {
      pic.append(
        el(
          "line",
          { x1: x + step - 1, y1: 0, x2: x + step - 1, y2: 30, class: "boundary" },
          el("title", {}, "section boundary: a Superiority token when crossed"),
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
      el("circle", { cx: 2 + at * step + step / 2 - 1 + k * 4, cy: 38 + k * 4, r: 6, fill: SEAT_COLOURS[p.seat] ?? "#000", stroke: "#fff" }, el("title", {}, `seat ${p.seat}: ${p.military}`)),
    );
  }
  return pic;
}

function panels(view: OriginsView, name: SeatName, tracks: BoardTracks): HTMLElement[] {
  const market = h("ul", { class: "market" });
  view.market.forEach((slot, i) => market.append(h("li", { class: "tile" }, slot.building ?? `(empty ${i + 1})`)));
  const piles = h("ul", { class: "market" });
  view.pileTops.forEach((slot, i) => {
    const colour = PILE_ORDER[i] ?? OriginsColour.UNSPECIFIED;
    piles.append(
      h("li", { class: "tile", style: `background:${palette[colour] ?? "#eee"}`, title: `${enumWords(OriginsColour, colour)} pile` }, `${slot.building ?? "—"} (${view.pileSizes[i] ?? 0})`),
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

export const origins: GameDrawing<OriginsView> = { board, panels };
