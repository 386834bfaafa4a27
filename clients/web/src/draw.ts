/**
 * What every game's board and panels (`games/<game>.ts`) draw with: the seat colours, the
 * clickable board place, hexes, the SVG frame, outlines of places the view lacks, and the
 * player card with its facts and pips. Nothing here names a game.
 */
import type { TrackSpace } from "@agora/sdk";

import { type Child, h, svg } from "./dom";

export const SEAT_COLOURS = ["#d32f2f", "#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a"];

export type Attrs = Record<string, string | number>;

/** The places the seat to act can click, and what it shows for each. */
export interface BoardContext {
  /** Place key -> how many legal actions name it. */
  legal: Map<string, number>;
  /** The seat whose own board part takes clicks (a city grid). */
  actingSeat: number | undefined;
  /** The catalog's board layout of this game: place id -> [x, y]. */
  layout: Map<string, [number, number]>;
}

/** The catalog's static tracks of a game (`GameInfo.board_tracks`): track name -> its spaces. */
export type BoardTracks = Map<string, TrackSpace[]>;

/** A seat's display name (from the session's seat list). */
export type SeatName = (seat: number) => string;

/** A clickable place: a focusable group with its key and name. */
export function place(key: string, name: string, ctx: BoardContext, ...shapes: SVGElement[]): SVGElement {
  const legal = ctx.legal.has(key);
  const g = svg("g", {
    class: legal ? "place legal" : "place",
    "data-place": key,
    tabindex: 0,
    role: "button",
    "aria-label": legal ? `${name} (playable)` : name,
  });
  g.append(svg("title", {}, name), ...shapes);
  return g;
}

export function hexPoints(cx: number, cy: number, s: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${(cx + s * Math.cos(a)).toFixed(1)},${(cy + s * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

export function frame(minX: number, minY: number, maxX: number, maxY: number, labelText: string): SVGElement {
  const pad = 24;
  return svg("svg", {
    viewBox: `${minX - pad} ${minY - pad} ${maxX - minX + 2 * pad} ${maxY - minY + 2 * pad}`,
    class: "board",
    role: "group",
    "aria-label": labelText,
  });
}

/** Places named by legal actions that `drawn` lacks, of `kind` (e.g. "qr"). */
export function ghosts(ctx: BoardContext, kind: string, drawn: Set<string>): string[] {
  return [...ctx.legal.keys()].filter((k) => k.startsWith(`${kind}:`) && !drawn.has(k));
}

/** A term/definition list of the non-empty entries. */
export function facts(entries: [string, Child | number | undefined][]): HTMLDListElement {
  const dl = h("dl", { class: "facts" });
  for (const [term, value] of entries) {
    if (value === undefined || value === "") continue;
    dl.append(h("dt", {}, term), h("dd", {}, typeof value === "number" ? String(value) : value));
  }
  return dl;
}

/** One player's card: a heading in the seat's colour and its contents. */
export function card(seat: number, title: string, ...body: Child[]): HTMLElement {
  return h(
    "section",
    { class: "player-card", "data-seat": String(seat), style: `border-color:${SEAT_COLOURS[seat] ?? "#000"}`, "aria-label": title },
    h("h4", {}, title),
    ...body,
  );
}

/** `total` pips of which `filled` are drawn solid: buildings still in stock, cards left, … */
export function pips(filled: number, total: number, colour: string, label: string): SVGElement {
  const n = Math.max(filled, total);
  const pic = svg("svg", { class: "pips", viewBox: `0 0 ${n * 12 + 2} 12`, width: n * 12 + 2, height: 12, role: "img", "aria-label": label });
  for (let i = 0; i < n; i++) {
    pic.append(svg("rect", { x: 1 + i * 12, y: 1, width: 10, height: 10, rx: 2, fill: i < filled ? colour : "none", stroke: colour }));
  }
  return pic;
}

/**
 * One game's pictures, registered in `games/index.ts` under its `GameView` case: its board
 * (SVG, from the view only) and its player panels (HTML). A game without an entry is shown
 * from its view as data.
 */
export interface GameDrawing<View> {
  board(view: View, ctx: BoardContext): SVGElement;
  panels(view: View, name: SeatName, tracks: BoardTracks): HTMLElement[];
}
