/**
 * The lobby (`#/`): the catalog's games with their options forms, the sessions to join or
 * watch, and the signed-in player's own sessions.
 */
import { MySessionGroup } from "@agora/sdk";

import { catalogGames, client, sentence, statusText } from "./api";
import { button, h } from "./dom";
import { bearer, playerId, setBearer } from "./identity";
import { optionsForm } from "./options";
import { app } from "./page";
import { playerName, seatsOf } from "./seats";

export async function lobby() {
  document.title = "Agora";
  const name = h("input", { id: "player-name", value: playerName(), autocomplete: "nickname" });
  name.addEventListener("change", () => localStorage.setItem("agora.name", name.value.trim()));
  const games = h("section", { class: "games", "aria-label": "Games" }, h("h2", {}, "New game"));
  const sessions = h("section", { class: "sessions", "aria-label": "Sessions" }, h("h2", {}, "Sessions"));
  app.replaceChildren(h("div", { class: "lobby" }, h("p", {}, h("label", { for: "player-name" }, "Your name "), name), signIn(), games, sessions));
  try {
    const catalog = { games: await catalogGames() };
    for (const game of catalog.games) {
      games.append(
        h(
          "details",
          { class: "game" },
          h("summary", {}, `${game.name} (${game.minPlayers}–${game.maxPlayers} players)`),
          optionsForm(game),
        ),
      );
    }
    const list = await client.listSessions({ includeFull: true, pageSize: 50 });
    const table = h("ul", { class: "session-list" });
    for (const s of list.sessions) {
      const open = s.seats.filter((seat) => !seat.taken).length;
      const mine = seatsOf(s.sessionId).length > 0;
      table.append(
        h(
          "li",
          { "data-session": s.sessionId },
          `${s.gameId} · ${statusText(s.status)} · ${s.seats.map((seat) => (seat.taken ? seat.playerName || "taken" : "open")).join(", ")} `,
          h("a", { href: `#/s/${s.sessionId}`, class: "open" }, mine ? "Resume" : open > 0 ? "Join" : "Watch"),
          " ",
          h("a", { href: `#/s/${s.sessionId}?watch`, class: "watch" }, "Watch"),
        ),
      );
    }
    sessions.append(list.sessions.length === 0 ? h("p", {}, "No sessions yet.") : table);
  } catch (err) {
    app.append(h("p", { class: "error", role: "alert" }, `Cannot reach the server: ${sentence(err)}`));
  }
}

/**
 * The signed-in player (when the server has identity, docs/identity.md): a field for the
 * bearer token the app's identity provider issued, and the player's sessions (ListMySessions).
 */
function signIn(): HTMLElement {
  const token = h("input", { id: "bearer", type: "password", value: bearer(), autocomplete: "off", spellcheck: "false" });
  const save = button("Sign in", () => {
    setBearer(token.value);
    void lobby();
  }, { "data-testid": "sign-in" });
  const out = button("Sign out", () => {
    setBearer("");
    void lobby();
  });
  const mine = h("section", { class: "my-sessions", "aria-label": "My sessions" });
  const box = h(
    "details",
    { class: "sign-in", open: bearer() !== "" },
    h("summary", {}, bearer() === "" ? "Sign in (player token)" : `Signed in${playerId() ? ` as ${playerId()}` : ""}`),
    h("p", {}, h("label", { for: "bearer" }, "Player token (JWT) "), token, " ", save, " ", out),
    mine,
  );
  if (bearer() !== "") {
    mine.append(h("h2", {}, "My sessions"));
    void (async () => {
      try {
        const list = await client.listMySessions({ pageSize: 50 });
        const items = h("ul", { class: "session-list", id: "my-sessions" });
        for (const m of list.sessions) {
          const s = m.session;
          if (!s) continue;
          const group = { [MySessionGroup.YOUR_TURN]: "your turn", [MySessionGroup.WAITING]: "waiting", [MySessionGroup.FINISHED]: "finished" }[m.group as number] ?? "";
          items.append(
            h(
              "li",
              { "data-session": s.sessionId },
              `${s.gameId} · ${group} · seat ${m.seats.join(", ")} `,
              h("a", { href: `#/s/${s.sessionId}`, class: "open" }, "Open"),
            ),
          );
        }
        mine.append(list.sessions.length === 0 ? h("p", {}, "None yet.") : items);
      } catch (err) {
        mine.append(h("p", { class: "error", role: "alert" }, `Your sessions: ${sentence(err)}`));
      }
    })();
  }
  return box;
}
