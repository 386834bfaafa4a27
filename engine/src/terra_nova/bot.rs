//! Terra Nova's progress measure for the greedy bot and the conformance statistics.

use super::state::State;
use super::types::Action;
use crate::core::playout::Heuristic;
use crate::{Game, Seat};

/// Victory points, then what leads to them: buildings, palaces, towns and navigation.
pub struct Progress;

impl<G: Game<State = State, Action = Action>> Heuristic<G> for Progress {
    fn progress(&self, state: &State, seat: Seat) -> i64 {
        let Some(p) = state.player(seat) else {
            return 0;
        };
        let towns = p.town_tiles_used.iter().filter(|u| **u).count() as i64;
        let palaces = p.left_palace as i64 + p.right_palace as i64;
        4 * p.vp as i64
            + 3 * p.houses_built as i64
            + 6 * p.trading_posts_built as i64
            + 12 * palaces
            + 10 * towns
            + p.navigation as i64
    }

    /// "Upgrade" and "build" pay off in the hex chosen next, which a one-step lookahead
    /// cannot see.
    fn intent(&self, action: &Action) -> i64 {
        match action {
            Action::Upgrade => 20,
            Action::Build => 12,
            Action::PowerAction(_) | Action::Special(_) => 6,
            Action::ExchangePower(_) | Action::ConvertPowerToVp => -1,
            Action::Pass => -8,
            _ => 0,
        }
    }

    fn end_condition(&self, state: &State) -> Option<String> {
        state
            .final_scores
            .is_some()
            .then(|| "five_rounds".to_string())
    }
}
