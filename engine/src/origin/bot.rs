//! Origin's progress measure for the greedy bot and the conformance statistics.

use super::state::State;
use crate::core::playout::Heuristic;
use crate::{Game, Seat};

/// The seat's score as the game would count it now.
pub struct Progress;

impl<G: Game<State = State>> Heuristic<G> for Progress {
    fn progress(&self, state: &State, seat: Seat) -> i64 {
        super::scoring::score(state, seat) as i64
    }

    fn end_condition(&self, state: &State) -> Option<String> {
        G::to_act(state).is_empty().then(|| match &state.end {
            Some(end) => format!("{:?}", end.reason),
            None if state.junior() => "junior_pile_empty".to_string(),
            None => "none".to_string(),
        })
    }
}
