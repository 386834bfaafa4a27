//! Attika's progress measure for the greedy bot and the conformance statistics.

use super::state::{State, Step};
use crate::core::playout::Heuristic;
use crate::{Game, Seat};

/// A won game above all; then buildings placed, held in reserve, cards and amphorae.
pub struct Progress;

impl<G: Game<State = State>> Heuristic<G> for Progress {
    fn progress(&self, state: &State, seat: Seat) -> i64 {
        if let Step::Over { winner, .. } = state.step {
            return if winner == seat {
                1_000_000
            } else {
                -1_000_000
            };
        }
        let p = state.player(seat);
        let cards: u8 = p.hand.iter().sum();
        20 * p.placed.len() as i64 + 3 * p.reserve.len() as i64 + cards as i64 + p.amphorae as i64
    }

    fn end_condition(&self, state: &State) -> Option<String> {
        match state.step {
            Step::Over { by, .. } => Some(by.name().to_string()),
            _ => None,
        }
    }
}
