//! Origin (Andrea Mainini): standard and Junior rules, 2-4 players.
//! Rules: `shared/rules/origin.md`. Component data: `engine/data/origin/`.

mod actions;
pub mod assumptions;
mod cards;
pub mod data;
mod diagnose;
mod end;
pub mod map;
mod objectives;
pub mod pawns;
mod rewards;
pub mod scoring;
mod secrets;
mod state;
#[doc(hidden)]
pub mod testing;
pub mod tiles;
mod tokens;
mod turn;
mod types;
mod view;

pub use state::OriginState;
pub use types::*;

use crate::{Game, GameInfo, OptionInfo, Outcome, RuleError, Seat, SeatSet, SetupError, Viewer};

/// The Origin rules (implements [`Game`]).
pub struct Origin;

impl Game for Origin {
    const ID: &'static str = "origin";
    type Options = OriginOptions;
    type State = OriginState;
    type Action = Action;
    type Event = Event;
    type View = OriginView;

    fn setup(options: &OriginOptions, seed: u64) -> Result<OriginState, SetupError> {
        state::setup(options, seed)
    }
    fn seat_count(state: &OriginState) -> usize {
        state.options.players as usize
    }
    fn to_act(state: &OriginState) -> SeatSet {
        turn::to_act(state)
    }
    fn legal_actions(state: &OriginState, seat: Seat) -> Vec<Action> {
        turn::legal_actions(state, seat)
    }
    fn is_legal(state: &OriginState, seat: Seat, action: &Action) -> bool {
        turn::is_legal(state, seat, action)
    }
    fn refusal(state: &OriginState, seat: Seat, action: &Action) -> RuleError {
        diagnose::why_illegal(state, seat, action)
    }
    fn perform(state: &mut OriginState, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        turn::perform_decision(state, seat, action, events)
    }
    fn view(state: &OriginState, viewer: Viewer) -> OriginView {
        view::view(state, viewer)
    }
    fn redact_event(event: &Event, viewer: Viewer) -> Event {
        view::redact_event(event, viewer)
    }
    fn secrets(state: &OriginState, seat: Seat) -> Vec<crate::Secret> {
        secrets::secrets(state, seat)
    }
    fn outcome(state: &OriginState) -> Option<Outcome> {
        state.over.then(|| scoring::outcome(state))
    }
    fn info() -> GameInfo {
        info()
    }
    fn configurations() -> Vec<(&'static str, OriginOptions)> {
        let options = |players, rules| OriginOptions {
            players,
            rules,
            first_player: None,
        };
        vec![
            ("standard_2p", options(2, RuleSet::Standard)),
            ("standard_3p", options(3, RuleSet::Standard)),
            ("standard_4p", options(4, RuleSet::Standard)),
            ("junior_2p", options(2, RuleSet::Junior)),
            ("junior_3p", options(3, RuleSet::Junior)),
            ("junior_4p", options(4, RuleSet::Junior)),
        ]
    }
}

/// The catalog entry of Origin.
fn info() -> GameInfo {
    GameInfo {
        id: Origin::ID,
        name: "Origin",
        min_players: 2,
        max_players: 4,
        options: vec![
            OptionInfo {
                name: "players",
                description: "Number of players, 2 to 4.",
                values: vec!["2", "3", "4"],
                default: "2",
            },
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
                default: "",
            },
        ],
        provisional_data: [
            "map: territories, colours and straits (ASSUMPTION 13)",
            "innovation tile levels 10/8/6/4/2 (ASSUMPTION 14)",
            "hunting token values (ASSUMPTION 15)",
            "strait token values (ASSUMPTION 16)",
            "objective cards O17-O20 and O16's VP (ASSUMPTIONS 18, 19)",
            "action cards A01-A14 (ASSUMPTION 20)",
            "permanent cards P01-P14 (ASSUMPTION 21)",
        ]
        .map(String::from)
        .to_vec(),
        refusal_codes: Vec::new(),
    }
}
