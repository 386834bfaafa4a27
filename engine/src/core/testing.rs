//! Helpers for rule tests of any game, written once (the games' own `testing` modules
//! build positions).

use crate::{Game, Seat};

/// Plays `action` for `seat` as a rule test expects to: the position before it holds the
/// game's invariants, then [`act_listed`]. Panics otherwise; returns the events.
pub fn act<G: Game>(state: &mut G::State, seat: Seat, action: &G::Action) -> Vec<G::Event> {
    if let Err(e) = G::invariants(state) {
        panic!("the position before {action:?} breaks an invariant: {e}");
    }
    act_listed::<G>(state, seat, action)
}

/// [`act`] without the invariants, for positions laid out by hand that need not hold them
/// all (a city built cell by cell without taking its tiles from the piles): the action is
/// among those listed for `seat`, and it is accepted. Panics with the listed actions
/// otherwise; returns the events.
pub fn act_listed<G: Game>(state: &mut G::State, seat: Seat, action: &G::Action) -> Vec<G::Event> {
    let legal = G::legal_actions(state, seat);
    assert!(
        legal.contains(action),
        "{action:?} by {seat} not in {legal:?}"
    );
    G::apply(state, seat, action).unwrap_or_else(|e| panic!("{action:?} by {seat}: {e}"))
}
