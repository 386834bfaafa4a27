//! Helpers shared by the Terra Nova rule tests.

use agora_engine::terra_nova::data::tables;
use agora_engine::terra_nova::testing::hex;
use agora_engine::terra_nova::{Awaiting, BridgeSpot, State, Step};

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
