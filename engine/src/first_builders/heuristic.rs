//! The progress measure the greedy bot of the conformance statistics plays First Builders
//! by. It reads only the state, not the game type, so the game's `heuristic()` hook in
//! `mod.rs` can name it without an import circle (the builder bot in `bot.rs` plays through
//! `FirstBuilders` and so sits above `mod.rs`).

use super::scoring;
use super::state::{Phase, State};
use crate::core::playout::Heuristic;
use crate::{Game, Seat};

/// Origins' progress measure for the greedy bot of the conformance statistics: the final
/// score as counted now, a claimed Wonder and the size of the city.
pub struct Progress;

impl<G: Game<State = State>> Heuristic<G> for Progress {
    fn progress(&self, state: &State, seat: Seat) -> i64 {
        let p = state.player(seat);
        10 * scoring::final_score(state, seat) as i64
            + 30 * p.wonder.is_some() as i64
            + 5 * p.city.len() as i64
    }

    fn end_condition(&self, state: &State) -> Option<String> {
        (state.phase == Phase::Over).then(|| {
            let reasons: Vec<&str> = state.end_reasons().iter().map(|r| r.code()).collect();
            reasons.join("+")
        })
    }
}
