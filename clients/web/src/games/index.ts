/**
 * The games this client draws, one entry per game keyed by its `GameView` case (like the
 * CLI's `render/<game>.rs`): each `games/<game>.ts` exports its board, panels and palette.
 * A game without an entry gets no board and no panels; the table still shows its view as
 * data and plays it from its legal actions.
 */
import type { GameView } from "@agora/sdk";

import type { BoardContext, BoardTracks, GameDrawing, SeatName } from "../draw";
import { attika } from "./attika";
import { origin } from "./origin";
import { origins } from "./origins";
import { terraNova } from "./terra_nova";

type Case = NonNullable<GameView["game"]["case"]>;
type ViewOf<C extends Case> = Extract<GameView["game"], { case: C }>["value"];

const GAMES: { [C in Case]?: GameDrawing<ViewOf<C>> } = { attika, origin, origins, terraNova };

/** The game's drawing and its view, if this client draws the game of `view`. */
function drawing(view: GameView): [GameDrawing<unknown>, unknown] | undefined {
  const game = view.game;
  if (game.case === undefined) return undefined;
  const entry = GAMES[game.case] as GameDrawing<unknown> | undefined;
  return entry === undefined ? undefined : [entry, game.value];
}

/** The board of `view`, or undefined for a game this client does not draw. */
export function drawBoard(view: GameView, ctx: BoardContext): SVGElement | undefined {
  const found = drawing(view);
  return found === undefined ? undefined : found[0].board(found[1], ctx);
}

/**
 * The panels of `view` (empty for a game this client does not draw); `tracks` are the
 * catalog's `board_tracks` of the game by name (empty when the catalog has none).
 */
export function drawPanels(view: GameView, name: SeatName, tracks: BoardTracks = new Map()): HTMLElement[] {
  const found = drawing(view);
  return found === undefined ? [] : found[0].panels(found[1], name, tracks);
}
