//! Attika (Casasola Merkle, 2003), 2–4 players.
//! Rules: `shared/rules/attika.md`; data: `engine/data/attika/*.toml`.
//!
//! A turn is a sequence of small decisions held in `state::Step`: an action (`Draw` or
//! `Build`), then the cell, then one payment step per cost unit, maybe a map piece to lay,
//! and finally `EndTurn` (then the amphora phase, if the player holds an amphora).
//! `choices::legal` lists every action `apply` accepts; anything else is refused with a
//! stable code by `choices::check`, before anything changes.
//!
//! Modules: `types` (public contract), `data` (typed tables from the TOML files, each row
//! with its provenance), `hex` (axial geometry), `state`, `setup`, `cost` (symbol
//! reduction, arrows, roads, colony surcharge, payment feasibility), `choices` (legal
//! actions and the `Refusal` codes), `resolve` (applying a decision), `invariants`
//! (conserved components), `determinize` (what a seat cannot see, dealt again), `view`,
//! `wire` (proto mapping, feature `wire`), `testing` (position builders for tests).
//!
//! Engine policies where the rules page leaves a choice open:
//! * Cost units are paid in a fixed order, typed W, F, H, M first, then generic; a payment
//!   step is listed only if the rest can still be paid, so no listed step is a dead end.
//! * A building is listed (`Build`, `Place`) only where its full cost can be paid.
//! * The start player is a random seat (`State::start`); seats follow clockwise from it.
//! * A13 (a stored tile cannot be built this turn) needs no extra state: drawing makes
//!   the turn a draw turn, and a draw turn never builds, amphora actions included (A3).
//! * The amphora phase is entered only when the player holds an amphora; each extra
//!   action spends one at once, and the phase returns after the action (and any payment
//!   or map piece it causes) is resolved.

mod bot;
pub mod choices;
pub mod cost;
pub mod data;
mod determinize;
pub mod hex;
mod invariants;
pub mod resolve;
mod secrets;
pub mod setup;
pub mod state;
pub mod testing;
pub mod types;
pub mod view;
#[cfg(feature = "wire")]
pub mod wire;

use crate::{
    Game, GameInfo, OptionInfo, Outcome, RuleError, Seat, SeatSet, SetupError, Standing, Viewer,
};
pub use choices::Refusal;
pub use state::State;
pub use types::{Action, Event, Options, Pending, View};

pub struct Attika;

impl Game for Attika {
    const ID: &'static str = "attika";
    /// Version 2 exists only under the test feature `state-layout-probe` (one more field
    /// in the state, nothing else), for the rolling-upgrade test.
    #[cfg(not(feature = "state-layout-probe"))]
    const STATE_VERSION: u16 = 1;
    #[cfg(feature = "state-layout-probe")]
    const STATE_VERSION: u16 = 2;
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

    /// The player count; the amphora-for-a-card option is one exchange more and shares the
    /// pool.
    fn rating_class(options: &Options) -> Option<String> {
        Some(format!("{}p", options.players))
    }

    fn rating_classes() -> Vec<crate::RatingClass> {
        crate::RatingClass::per_player_count(
            2..=4,
            |n| format!("{n}p"),
            |n| format!("Attika, {n} players, with or without the amphora option."),
        )
    }

    fn setup(options: &Options, seed: u64) -> Result<State, SetupError> {
        setup::setup(options, seed)
    }

    fn seat_count(state: &State) -> usize {
        state.seat_count()
    }

    fn to_act(state: &State) -> SeatSet {
        if state.is_over() {
            SeatSet::EMPTY
        } else {
            SeatSet::only(state.current)
        }
    }

    fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
        choices::legal(state, seat)
    }

    /// `check` answers both questions; `refusal` runs it again only for a refused action.
    fn is_legal(state: &State, seat: Seat, action: &Action) -> bool {
        choices::check(state, seat, action).is_ok()
    }

    /// `EndTurn`: « a player may end the turn early at any moment » (rules 2.2), also in
    /// the amphora phase.
    fn pass(state: &State, seat: Seat) -> Option<Action> {
        choices::legal(state, seat)
            .into_iter()
            .find(|a| matches!(a, Action::EndTurn))
    }
    fn refusal(state: &State, seat: Seat, action: &Action) -> RuleError {
        // Only called for refused actions; `check` and `legal` share their predicates.
        choices::check(state, seat, action)
            .err()
            .unwrap_or_else(|| Refusal::WrongDecision.because("This decision is not expected now."))
    }

    fn perform(state: &mut State, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        resolve::resolve(state, seat, action, events);
    }

    fn determinize(state: &State, seat: Seat, rng: &mut crate::GameRng) -> State {
        determinize::determinize(state, seat, rng)
    }

    fn view(state: &State, viewer: Viewer) -> View {
        view::view(state, viewer)
    }

    fn redact_event(event: &Event, viewer: Viewer) -> Event {
        view::redact(event, viewer)
    }
    fn secrets(state: &State, seat: Seat) -> Vec<crate::Secret> {
        secrets::secrets(state, seat)
    }

    fn randomness_drawn(state: &State) -> u128 {
        state.rng.position()
    }

    fn invariants(state: &State) -> Result<(), String> {
        invariants::check(state)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        let state::Step::Over { winner, by } = state.step else {
            return None;
        };
        let standings = state
            .seats()
            .map(|seat| {
                // No points in Attika: the winner scores 1 and names the victory.
                let won = seat == winner;
                Standing {
                    seat,
                    score: i32::from(won),
                    rank: 0,
                    tie_breaks: Vec::new(),
                    breakdown: if won {
                        vec![(by.name().to_string(), 1)]
                    } else {
                        Vec::new()
                    },
                    solo: None,
                }
            })
            .collect();
        Some(Outcome::ranked(standings))
    }

    fn info() -> GameInfo {
        info()
    }

    fn configurations() -> Vec<(&'static str, Options)> {
        let options = |players| Options {
            players,
            amphora_for_card: false,
        };
        vec![
            ("2p", options(2)),
            ("3p", options(3)),
            ("4p", options(4)),
            (
                "4p_amphora_for_card",
                Options {
                    players: 4,
                    amphora_for_card: true,
                },
            ),
        ]
    }
    fn heuristic() -> Option<&'static dyn crate::core::playout::Heuristic<Self>> {
        Some(&bot::Progress)
    }
}

/// The lobby entry: player count, options, refusal codes, and the data rows that are
/// placeholders.
fn info() -> GameInfo {
    GameInfo {
        id: Attika::ID,
        name: "Attika",
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
                name: "amphora_for_card",
                description: "An amphora may also be returned for 1 landscape card (A3; \
                              secondary source, off in seed mode).",
                values: vec!["false", "true"],
                default: "false",
            },
        ],
        provisional_data: data::provisional_rows(),
        refusal_codes: Refusal::codes(),
        board_layout: Vec::new(),
        board_tracks: Vec::new(),
    }
}
