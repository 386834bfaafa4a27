//! Hunting and strait tokens (rules 2.4): the first arrival on a green territory takes its
//! hunting token; after every change of positions, a player holding both ends of a strait
//! whose token is still there takes it (the displaced player of an Exchange included).

use super::assumptions::HUNTING_ON_ANY_ARRIVAL;
use super::map::map;
use super::state::State;
use super::types::*;

/// A pawn just arrived on `t`: its owner takes the hunting token lying there, if any.
pub fn arrived(state: &mut State, t: TerritoryId, ev: &mut Vec<Event>) {
    if !HUNTING_ON_ANY_ARRIVAL {
        return;
    }
    let Some(owner) = state.owner_at(t) else {
        return;
    };
    if let Some(value) = state.hunting.get_mut(t.0 as usize).and_then(Option::take) {
        state.players[owner.index()].hunting_tokens.push(value);
        ev.push(Event::HuntingTokenTaken {
            seat: owner,
            territory: t,
            value: Some(value),
        });
    }
}

/// Gives every strait token whose two ends hold villages of one player to that player.
pub fn check_straits(state: &mut State, ev: &mut Vec<Event>) {
    check_straits_for(state, None, ev);
}

/// Same, limited to `only` when given (an Exchange with
/// `DISPLACED_PLAYER_WINS_STRAITS = false`).
pub fn check_straits_for(state: &mut State, only: Option<crate::Seat>, ev: &mut Vec<Event>) {
    let m = map();
    for (i, ends) in m.strait_ends.iter().enumerate() {
        let Some(value) = state.straits[i] else {
            continue;
        };
        let (Some(a), Some(b)) = (state.owner_at(ends[0]), state.owner_at(ends[1])) else {
            continue;
        };
        if a == b && only.is_none_or(|o| o == a) {
            state.straits[i] = None;
            let strait = StraitId(i as u8);
            state.players[a.index()].strait_tokens.push((strait, value));
            ev.push(Event::StraitTokenTaken {
                seat: a,
                strait,
                value: Some(value),
            });
        }
    }
}
