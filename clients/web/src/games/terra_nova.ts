/** Terra Nova: the map of hexes and bridges, and a faction sheet per player. */
import { TerraNovaBuilding, TerraNovaFaction, TerraNovaSpecial, TerraNovaTerrain, type TerraNovaView } from "@agora/sdk";

import { enumWords, h, svg as el } from "../dom";
import { type BoardContext, type GameDrawing, type SeatName, SEAT_COLOURS, card, facts, frame, hexPoints, pips, place } from "../draw";

/** The terrains' colours (also a neutral building's, in its terrain's colour). */
export const palette: Record<number, string> = {
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
function board(view: TerraNovaView, ctx: BoardContext): SVGElement {
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
    const fill = h.river ? "#cfe9f7" : (palette[h.terrain] ?? "#ddd");
    const shapes: SVGElement[] = [el("polygon", { points: hexPoints(cx, cy, s - 0.5), fill, class: "cell" })];
    const placed = h.placed;
    if (placed !== undefined && placed.building !== TerraNovaBuilding.UNSPECIFIED) {
      const colour =
        placed.owner.case === "seat" ? (SEAT_COLOURS[placed.owner.value] ?? "#000") : (palette[placed.owner.value ?? 0] ?? "#888");
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

/** The three power bowls, each a circle with its token count. */
function powerBowls(bowls: number[]): SVGElement {
  const pic = el("svg", { class: "bowls", viewBox: "0 0 132 46", width: 132, height: 46, role: "img" });
  pic.setAttribute("aria-label", `power bowls I ${bowls[0] ?? 0}, II ${bowls[1] ?? 0}, III ${bowls[2] ?? 0}`);
  ["I", "II", "III"].forEach((name, i) => {
    const cx = 22 + i * 44;
    pic.append(
      el("circle", { cx, cy: 22, r: 20, class: `bowl bowl-${i + 1}` }),
      el("text", { x: cx, y: 14, class: "bowl-name" }, name),
      el("text", { x: cx, y: 31, class: "bowl-count" }, String(bowls[i] ?? 0)),
    );
  });
  return pic;
}

function panels(view: TerraNovaView, name: SeatName): HTMLElement[] {
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

export const terraNova: GameDrawing<TerraNovaView> = { board, panels };
