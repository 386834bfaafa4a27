//! What only one seat may see in Origin, for the redaction checks: the ids of the cards in
//! its hand (and of the Objective cards dealt to it), and in Junior the levels of its
//! face-down tiles and the values of its face-down tokens.

use super::data::tables;
use super::tiles;
use super::Origin;
use crate::{Game, Seat, Secret};
use serde_json::json;

type State = <Origin as Game>::State;

pub fn secrets(state: &State, seat: Seat) -> Vec<Secret> {
    let t = tables();
    let player = state.player(seat);
    let dealt = state.draft.get(seat.index()).into_iter().flatten();
    let mut secrets = Vec::new();
    for &card in player.hand.iter().chain(dealt) {
        let code = t.card(card).map_or("?", |row| row.code.as_str());
        // The view shows a hand card as (colour, id); events name it in `cards` or `card`.
        secrets.push(Secret::new("hand", (t.card_color(card), Some(card))).with_code(code));
        secrets.push(Secret::new("cards", card).with_code(code));
        secrets.push(Secret::new("card", card).with_code(code));
    }
    if state.junior() {
        for &tile in player.tiles.0.iter().flatten() {
            let level = tiles::level(tile);
            secrets.push(Secret::new("tile_stacks", level));
            secrets.push(Secret::new("tile", tile));
            secrets.push(Secret::new("level", level));
        }
        let strait_values = player.strait_tokens.iter().map(|&(_, value)| value);
        for &value in &player.hunting_tokens {
            secrets.push(Secret::new("hunting_tokens", json!({ "value": value })));
            secrets.push(Secret::new("value", value));
        }
        for value in strait_values {
            secrets.push(Secret::new("strait_tokens", json!({ "value": value })));
            secrets.push(Secret::new("value", value));
        }
    }
    secrets
}
