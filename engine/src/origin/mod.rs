//! Origin (Andrea Mainini): standard and Junior rules, 2-4 players.
//! Rules: `shared/rules/origin.md`. Component data: `engine/data/origin/`.

mod actions;
pub mod assumptions;
mod bot;
mod cards;
pub mod data;
mod determinize;
mod diagnose;
mod end;
mod frame;
mod invariants;
pub mod map;
mod objectives;
pub mod pawns;
mod refusal;
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
#[cfg(feature = "wire")]
pub mod wire;

pub use refusal::Refusal;
pub use state::State;
pub use types::*;

use crate::{Game, GameInfo, OptionInfo, Outcome, RuleError, Seat, SeatSet, SetupError, Viewer};

/// The Origin rules (implements [`Game`]).
pub struct Origin;

impl Game for Origin {
    const ID: &'static str = "origin";
    const STATE_VERSION: u16 = 1;
    const LOG_COMPATIBLE_SINCE: u16 = 1;
    type Options = Options;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = View;

    fn options_for(players: u8) -> Options {
        Options {
            players,
            ..Options::default()
        }
    }

    /// The rule set and the player count. Junior plays the cards by their backs only, with
    /// no choices of effect and an end as soon as one pile runs out (rules §1.4, §3): a
    /// Junior result says little about Standard play.
    fn rating_class(options: &Options) -> Option<String> {
        Some(format!(
            "{}-{}p",
            rule_set_class(options.rules),
            options.players
        ))
    }

    fn rating_classes() -> Vec<crate::RatingClass> {
        [RuleSet::Standard, RuleSet::Junior]
            .into_iter()
            .flat_map(|rules| {
                crate::RatingClass::per_player_count(
                    2..=4,
                    |n| format!("{}-{n}p", rule_set_class(rules)),
                    |n| format!("Origin, {rules:?} rules, {n} players."),
                )
            })
            .collect()
    }

    fn setup(options: &Options, seed: u64) -> Result<State, SetupError> {
        state::setup(options, seed)
    }
    fn seat_count(state: &State) -> usize {
        state.options.players as usize
    }
    fn to_act(state: &State) -> SeatSet {
        turn::to_act(state)
    }
    fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
        turn::legal_actions(state, seat)
    }
    fn is_legal(state: &State, seat: Seat, action: &Action) -> bool {
        turn::is_legal(state, seat, action)
    }
    /// Standard: `EndTurn` after the main action (rules 2.7, the cards are optional);
    /// `PassMain` when no main action is possible (ASSUMPTION 3). Junior has no end of turn.
    fn pass(state: &State, seat: Seat) -> Option<Action> {
        turn::legal_actions(state, seat)
            .into_iter()
            .find(|a| matches!(a, Action::EndTurn | Action::PassMain))
    }
    fn refusal(state: &State, seat: Seat, action: &Action) -> RuleError {
        diagnose::why_illegal(state, seat, action)
    }
    fn perform(state: &mut State, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        turn::perform_decision(state, seat, action, events)
    }
    fn determinize(state: &State, seat: Seat, rng: &mut crate::GameRng) -> State {
        determinize::determinize(state, seat, rng)
    }
    fn view(state: &State, viewer: Viewer) -> View {
        view::view(state, viewer)
    }
    fn redact_event(event: &Event, viewer: Viewer) -> Event {
        view::redact_event(event, viewer)
    }
    fn randomness_drawn(state: &State) -> u128 {
        state.rng.position()
    }

    fn invariants(state: &State) -> Result<(), String> {
        invariants::check(state)
    }
    fn secrets(state: &State, seat: Seat) -> Vec<crate::Secret> {
        secrets::secrets(state, seat)
    }
    fn outcome(state: &State) -> Option<Outcome> {
        state.over.then(|| scoring::outcome(state))
    }
    fn info() -> GameInfo {
        info()
    }
    fn configurations() -> Vec<(&'static str, Options)> {
        let options = |players, rules| Options {
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
    fn heuristic() -> Option<&'static dyn crate::core::playout::Heuristic<Self>> {
        Some(&bot::Progress)
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
        provisional_data: data::provisional_rows(),
        refusal_codes: Refusal::codes(),
        board_layout: data::board_layout(),
        board_tracks: Vec::new(),
    }
}

/// The rule set's part of a rating class.
fn rule_set_class(rules: RuleSet) -> &'static str {
    match rules {
        RuleSet::Standard => "standard",
        RuleSet::Junior => "junior",
    }
}
