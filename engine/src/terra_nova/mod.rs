//! Terra Nova (Andreas Faul, KOSMOS 2022): 2-4 players, 10 factions on 5 double-sided sheets,
//! turn-order variant, 2-player Planner and Random neutral-house variants, first-game presets.
//! Rules: `shared/rules/terra-nova.md`. Component data: `engine/data/terra_nova/`.

mod actions;
pub mod data;
mod effects;
pub mod factions;
pub mod map;
mod power;
mod rounds;
pub mod scoring;
mod setup;
pub mod state;
#[doc(hidden)]
pub mod testing;
mod towns;
mod turn;
mod types;
mod view;

pub use state::{Pending, Player, Step, TerraNovaState, Transform};
pub use types::*;

use crate::{Game, Outcome, RuleError, Seat, SeatSet, SetupError, Viewer};

/// The Terra Nova rules (implements [`Game`]).
pub struct TerraNova;

impl Game for TerraNova {
    type Options = TerraNovaOptions;
    type State = TerraNovaState;
    type Action = Action;
    type Event = Event;
    type View = TerraNovaView;

    fn setup(options: &TerraNovaOptions, seed: u64) -> Result<TerraNovaState, SetupError> {
        setup::setup(options, seed)
    }
    fn seat_count(state: &TerraNovaState) -> usize {
        state.players.len()
    }
    fn to_act(state: &TerraNovaState) -> SeatSet {
        turn::to_act(state)
    }
    fn legal_actions(state: &TerraNovaState, seat: Seat) -> Vec<Action> {
        turn::legal_actions(state, seat)
    }
    fn apply(
        state: &mut TerraNovaState,
        seat: Seat,
        action: &Action,
    ) -> Result<Vec<Event>, RuleError> {
        turn::apply(state, seat, action)
    }
    fn view(state: &TerraNovaState, viewer: Viewer) -> TerraNovaView {
        view::view(state, viewer)
    }
    fn redact_event(event: &Event, _viewer: Viewer) -> Event {
        event.clone()
    }
    fn outcome(state: &TerraNovaState) -> Option<Outcome> {
        state.outcome()
    }
}
