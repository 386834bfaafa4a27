/** Attika: the laid map pieces with shrines and buildings, and each player's hand and reserve. */
import { AttikaResource, type AttikaView } from "@agora/sdk";

import { enumWords, h, svg as el } from "../dom";
import { type BoardContext, type GameDrawing, type SeatName, SEAT_COLOURS, card, facts, frame, ghosts, hexPoints, place } from "../draw";

/** The resources' colours: the map's hexes and the cards in hand. */
export const palette: Record<number, string> = {
  [AttikaResource.WATER]: "#7cc0e8",
  [AttikaResource.FOREST]: "#3f8f46",
  [AttikaResource.HILL]: "#d9b36c",
  [AttikaResource.MOUNTAIN]: "#9e9e9e",
};

/** Attika: the axial hexes {q, r} of the laid map pieces, buildings in their owner's colour. */
function board(view: AttikaView, ctx: BoardContext): SVGElement {
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
      el("polygon", { points: hexPoints(cx, cy, s - 0.5), fill: palette[c.symbol] ?? "#eee", class: "cell" }),
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

function panels(view: AttikaView, name: SeatName): HTMLElement[] {
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
            ).map(([r, n]) => h("li", { class: "card", style: `background:${palette[r] ?? "#ddd"}` }, `${enumWords(AttikaResource, r)} × ${n}`)),
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

export const attika: GameDrawing<AttikaView> = { board, panels };
