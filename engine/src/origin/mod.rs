//! Origin (Andrea Mainini): standard and Junior rules, 2-4 players.
//! Rules: `shared/rules/origin.md`. Component data: `engine/data/origin/`.

mod types;

pub use types::*;

use crate::{Game, Outcome, RuleError, Seat, SeatSet, SetupError, Viewer};
use serde::{Deserialize, Serialize};

/// The Origin rules (implements [`Game`]).
pub struct Origin;

/// Placeholder state until the rules land.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OriginState {
    pub options: OriginOptions,
}

impl Game for Origin {
    type Options = OriginOptions;
    type State = OriginState;
    type Action = Action;
    type Event = Event;
    type View = OriginView;

    fn setup(options: &OriginOptions, _seed: u64) -> Result<OriginState, SetupError> {
        Err(SetupError(format!(
            "Origin is not implemented yet ({options:?})"
        )))
    }
    fn seat_count(state: &OriginState) -> usize {
        state.options.players as usize
    }
    fn to_act(_state: &OriginState) -> SeatSet {
        SeatSet::EMPTY
    }
    fn legal_actions(_state: &OriginState, _seat: Seat) -> Vec<Action> {
        Vec::new()
    }
    fn apply(
        _state: &mut OriginState,
        _seat: Seat,
        _action: &Action,
    ) -> Result<Vec<Event>, RuleError> {
        Err(RuleError::game_over())
    }
    fn view(state: &OriginState, viewer: Viewer) -> OriginView {
        OriginView {
            options: state.options.clone(),
            viewer,
            current: None,
            pending: Pending::GameOver,
            territories: vec![],
            straits: vec![],
            reserve: vec![],
            columns: vec![],
            hidden_tiles: 0,
            piles: vec![],
            players: vec![],
            final_round: None,
        }
    }
    fn redact_event(event: &Event, _viewer: Viewer) -> Event {
        event.clone()
    }
    fn outcome(_state: &OriginState) -> Option<Outcome> {
        None
    }
}

/// The catalog entry of Origin.
pub fn catalog_info() -> crate::registry::GameInfo {
    use crate::registry::{GameInfo, OptionInfo};
    GameInfo {
        id: "origin",
        name: "Origin",
        min_players: 2,
        max_players: 4,
        options: vec![
            OptionInfo {
                name: "rules",
                description:
                    "Rule set: standard (cards and innovation levels) or junior (card backs only).",
                values: vec!["standard", "junior"],
                default: "standard",
            },
            OptionInfo {
                name: "first_player",
                description: "Seat that plays first; drawn at random when unset.",
                values: vec!["0", "1", "2", "3"],
                default: "random",
            },
        ],
        provisional_data: vec![
            "map: territories, colours and straits (ASSUMPTION 13)",
            "innovation tile levels 10/8/6/4/2 (ASSUMPTION 14)",
            "hunting token values (ASSUMPTION 15)",
            "strait token values (ASSUMPTION 16)",
            "objective cards O17-O20 and O16's VP (ASSUMPTIONS 18, 19)",
            "action cards A01-A14 (ASSUMPTION 20)",
            "permanent cards P01-P14 (ASSUMPTION 21)",
        ],
    }
}
