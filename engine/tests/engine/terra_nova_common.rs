//! Helpers shared by the Terra Nova rule tests.

use agora_engine::terra_nova::data::tables;
use agora_engine::terra_nova::testing::hex;
use agora_engine::terra_nova::{Action, Awaiting, BridgeSpot, Event, State, Step, TerraNova};
use agora_engine::{Game, Seat};

/// The bridge spot between hexes `a` and `b` (either order).
pub(crate) fn spot(a: &str, b: &str) -> BridgeSpot {
    let (a, b) = (hex(a), hex(b));
    let i = tables()
        .map
        .bridge_spots
        .iter()
        .position(|(x, y)| (*x == a && *y == b) || (*x == b && *y == a))
        .expect("spot");
    BridgeSpot(i as u8)
}

/// What the turn in progress waits for.
pub(crate) fn pending(s: &State) -> Awaiting {
    match s.step() {
        Step::Turn { pending, .. } => pending.clone(),
        other => panic!("not in a turn: {other:?}"),
    }
}

/// Plays the first legal decision of the seat to act until `done` holds (setup steps, a
/// round of passes): for tests that need a real game at a given step.
pub(crate) fn play_first_until(s: &mut State, done: impl Fn(&State) -> bool) {
    while !done(s) {
        let seat = TerraNova::to_act(s).iter().next().expect("a seat to act");
        let a = TerraNova::legal_actions(s, seat)[0].clone();
        TerraNova::apply(s, seat, &a).unwrap_or_else(|e| panic!("{a:?}: {e}"));
    }
}

/// Plays a listed action of `seat` in a position that holds the invariants
/// ([`agora_engine::core::testing::act`]).
pub(crate) fn act(s: &mut State, seat: Seat, action: Action) -> Vec<Event> {
    agora_engine::core::testing::act::<TerraNova>(s, seat, &action)
}
