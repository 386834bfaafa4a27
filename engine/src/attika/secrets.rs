//! What only one seat may see in Attika, for the redaction checks: its hand of landscape
//! cards (the counts in its view, the card types in the draws that filled it).

use super::types::Resource;
use super::Attika;
use crate::{Game, Seat, Secret};

type State = <Attika as Game>::State;

pub fn secrets(state: &State, seat: Seat) -> Vec<Secret> {
    let Some(player) = state.players.get(seat.index()) else {
        return Vec::new();
    };
    let mut secrets = vec![Secret::new("hand", player.hand)];
    for resource in Resource::ALL {
        if player.hand[resource.index()] > 0 {
            secrets.push(Secret::new("cards", resource));
        }
    }
    secrets
}
