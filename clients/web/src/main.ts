/**
 * Agora's reference web client: a lobby (the catalog's options as forms, sessions to join or
 * watch) and a table (the board drawn from GetState, the seat's legal actions as choices and as
 * board clicks, the refusals' sentences, the event log from StreamEvents). Everything goes
 * through @agora/sdk over gRPC-Web to the origin that served the page (agora-server
 * --web-dir), or to `?server=URL` (which needs --cors-allow-origin on that server).
 *
 * This module only routes: `lobby.ts` (with `options.ts`) and `table.ts` draw the two
 * pages; `api.ts` holds the client, `seats.ts` the seats kept in the browser, `games/<game>.ts`
 * each game's board and panels (`draw.ts` what they draw with), `actions.ts` the actions' and events' words and places.
 */
import { lobby } from "./lobby";
import { app } from "./page";
import { table } from "./table";
import "./style.css";

let leaveTable: (() => void) | undefined;

// ---- routing -------------------------------------------------------------------------------

function route() {
  leaveTable?.();
  leaveTable = undefined;
  const match = /^#\/s\/([^?]+)(\?watch)?$/.exec(location.hash);
  if (match?.[1]) leaveTable = table(decodeURIComponent(match[1]), match[2] !== undefined);
  else void lobby();
  app.focus();
}

window.addEventListener("hashchange", route);
route();
