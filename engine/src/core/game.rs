use crate::{Outcome, RuleError, Seat, SeatSet, SetupError, Viewer};
use serde::{de::DeserializeOwned, Serialize};

/// A game's rules. One decision at a time: the state knows whose decision is pending and
/// [`Game::legal_actions`] lists every choice that [`Game::apply`] accepts.
pub trait Game {
    /// Player count, rule set, variants.
    type Options: Clone + Serialize + DeserializeOwned;
    /// Everything, hidden information and the RNG included.
    type State: Clone + PartialEq + Serialize + DeserializeOwned;
    /// One decision of one seat.
    type Action: Clone + PartialEq + std::fmt::Debug + Serialize + DeserializeOwned;
    /// What happened; may hold private details that [`Game::redact_event`] removes.
    type Event: Clone + PartialEq + std::fmt::Debug + Serialize + DeserializeOwned;
    /// What one viewer may see.
    type View: Clone + Serialize;

    fn setup(options: &Self::Options, seed: u64) -> Result<Self::State, SetupError>;
    fn seat_count(state: &Self::State) -> usize;
    /// The seats that must decide now; empty once the game is over.
    fn to_act(state: &Self::State) -> SeatSet;
    /// Every action `seat` may take now; empty when `seat` has nothing to decide.
    fn legal_actions(state: &Self::State, seat: Seat) -> Vec<Self::Action>;
    /// Applies one decision. On error the state is unchanged.
    fn apply(
        state: &mut Self::State,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, RuleError>;
    fn view(state: &Self::State, viewer: Viewer) -> Self::View;
    /// The copy of `event` that `viewer` may see.
    fn redact_event(event: &Self::Event, viewer: Viewer) -> Self::Event;
    /// Final scores and ranks once the game is over.
    fn outcome(state: &Self::State) -> Option<Outcome>;
}
