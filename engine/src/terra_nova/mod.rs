//! Terra Nova (Andreas Faul, KOSMOS 2022): 2-4 players, 10 factions on 5 double-sided sheets,
//! turn-order variant, 2-player Planner and Random neutral-house variants, first-game presets.
//! Rules: `shared/rules/terra-nova.md`. Component data: `engine/data/terra_nova/`.
//!
//! Where each rule lives: `data.rs` (tables), `map.rs` (adjacency, reach, groups),
//! `power.rs` (bowls), `setup.rs`, `rounds.rs` (income, order, phase 3, end),
//! `actions.rs` (the seven actions and their follow-up decisions), `effects.rs` (building,
//! upgrading, transforming, triggers), `towns.rs`, `scoring.rs`, `factions.rs`, `turn.rs`
//! (who decides, legal list, apply), `view.rs`.
//!
//! Numeric assumptions are data rows (see `data::provisional_rows`). Behavioural assumptions
//! of §7, as implemented:
//! * A2 initial houses trigger nothing.
//! * A6 every built bridge is adjacency for everyone and every purpose; one switch,
//!   `map::BRIDGES_ARE_GLOBAL` (`false`: a bridge counts only for its owner; adjacency is
//!   always asked for a seat, see `map`).
//! * A7 no town without a tile; A25 town founding is mandatory. Towns are checked after every
//!   action for every seat: the acting seat first, then the others in turn order; a town of
//!   another seat is that seat's own tile decision inside the turn (`Awaiting::TownTile`
//!   `owner`, reported by `to_act`), then the turn resumes.
//! * A9 no bonus swap in round 5 (`economy.round5_bonus_swap`).
//! * A11 neutral houses only matter for the TP cost; A12 the start player places the first
//!   planner house; A13 a symbol hex is available when free and still of its terrain.
//! * A17 Chiens de Mer river links are optional, one per town, offered in their own turn.
//! * A23 spades counted = spades needed.
//! * A24 power exchange (and the Druides' 3 → 2 VP), any number of times: before and after
//!   one's own action, never during it nor on another seat's turn, in phase 3 and at game
//!   end (reading on `State::exchange_moment`). The final exchange is each seat's
//!   decision in round 5's order (`Step::FinalExchange`); its "done" (`EndTurn`) turns the
//!   rest of bowl III into coins (seed: "convertir tout pion Pouvoir de votre bol III").
//! * A26 a palace action is usable from the next turn; A27/A28 Sœurs and Inventeurs actions
//!   as specified; A29 Félins/Inventeurs never trigger on neutral houses; A30 tied scores
//!   share the rank.
//!
//! Seat 0 is the start player.

mod actions;
mod bot;
pub mod data;
mod effects;
pub mod factions;
mod invariants;
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
#[cfg(feature = "wire")]
pub mod wire;

pub use state::{Awaiting, Player, State, Step, Transform};
pub use turn::Refusal;
pub use types::*;

use crate::{
    Game, GameInfo, GameRng, OptionInfo, Outcome, RuleError, Seat, SeatSet, SetupError, Viewer,
};

/// The Terra Nova rules (implements [`Game`]).
pub struct TerraNova;

impl Game for TerraNova {
    const ID: &'static str = "terra-nova";
    const STATE_VERSION: u16 = 1;
    const LOG_COMPATIBLE_SINCE: u16 = 1;
    type Options = Options;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = View;

    fn options_for(players: u8) -> Options {
        Options::standard(players)
    }

    /// The player count, with the two 2-player neutral-house variants apart: they play on
    /// the board's 2-player side with neutral houses (rules §4.13), another map. The
    /// faction draft or fixed factions, the turn-order variant and the first-game presets
    /// only change the setup, not the skill the game asks: they share the pool.
    fn rating_class(options: &Options) -> Option<String> {
        Some(if options.neutral_variant == NeutralVariant::None {
            format!("{}p", options.players)
        } else {
            format!("{}p-neutral", options.players)
        })
    }

    fn rating_classes() -> Vec<crate::RatingClass> {
        let mut classes = crate::RatingClass::per_player_count(
            2..=4,
            |n| format!("{n}p"),
            |n| format!("Terra Nova, {n} players, any faction setup or turn order."),
        );
        classes.push(crate::RatingClass {
            class: "2p-neutral".into(),
            players: 2,
            description: "Terra Nova, 2 players with a neutral-house variant (planner or random)."
                .into(),
        });
        classes
    }

    fn setup(options: &Options, seed: u64) -> Result<State, SetupError> {
        setup::setup(options, seed)
    }
    fn seat_count(state: &State) -> usize {
        state.players.len()
    }
    fn to_act(state: &State) -> SeatSet {
        turn::to_act(state)
    }
    fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
        turn::legal_actions(state, seat)
    }
    /// `Pass` when choosing the turn's action, `EndTurn` after it and in the phase-3 and
    /// final exchanges. Passing takes a new bonus tile (§4.10): once `Pass` is played the
    /// seat must choose one, and the first one listed is taken, so that a seat that keeps
    /// timing out completes its pass rather than getting a random tile.
    fn pass(state: &State, seat: Seat) -> Option<Action> {
        let passing = matches!(
            state.step,
            Step::Turn {
                pending: Awaiting::PassBonus,
                ..
            }
        );
        turn::legal_actions(state, seat).into_iter().find(|a| {
            matches!(a, Action::Pass | Action::EndTurn)
                || (passing && matches!(a, Action::TakeBonus(_)))
        })
    }
    fn refusal(state: &State, seat: Seat, action: &Action) -> RuleError {
        turn::refusal(state, seat, action)
    }
    fn perform(state: &mut State, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        turn::perform(state, seat, action, events)
    }
    /// Every component and choice is face up in Terra Nova (the round and bonus tiles are
    /// drawn at setup and shown); only the generator's future draws (the random neutral
    /// variant's colours) are unknown.
    fn determinize(state: &State, _seat: Seat, rng: &mut GameRng) -> State {
        State {
            rng: rng.fork(),
            ..state.clone()
        }
    }
    fn view(state: &State, viewer: Viewer) -> View {
        view::view(state, viewer)
    }
    fn redact_event(event: &Event, _viewer: Viewer) -> Event {
        event.clone()
    }
    fn outcome(state: &State) -> Option<Outcome> {
        state.outcome()
    }
    fn info() -> GameInfo {
        info()
    }
    fn randomness_drawn(state: &State) -> u128 {
        state.rng.position()
    }

    fn invariants(state: &State) -> Result<(), String> {
        invariants::check(state)
    }
    fn configurations() -> Vec<(&'static str, Options)> {
        vec![
            ("2p", Options::standard(2)),
            ("3p", Options::standard(3)),
            ("4p", Options::standard(4)),
            (
                "2p_board_planner",
                Options::two_player(NeutralVariant::Planner),
            ),
            (
                "2p_board_random",
                Options::two_player(NeutralVariant::Random),
            ),
            (
                "4p_turn_order",
                Options {
                    turn_order_variant: true,
                    ..Options::standard(4)
                },
            ),
            ("3p_first_game", Options::preset(3)),
        ]
    }
    fn heuristic() -> Option<&'static dyn crate::core::playout::Heuristic<Self>> {
        Some(&bot::Progress)
    }
}

/// The catalog entry. `provisional_data` comes from the data tables, so a row that gains a
/// printed source leaves the catalog without an edit here.
fn info() -> GameInfo {
    GameInfo {
        id: TerraNova::ID,
        name: "Terra Nova",
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
                name: "board",
                description: "Board side: standard (2-4 players) or two_player (only with a neutral variant).",
                values: vec!["standard", "two_player"],
                default: "standard",
            },
            OptionInfo {
                name: "factions",
                description: "A fixed list of factions, one per seat, at most one per sheet; \
                              unset (empty), the seats draft a faction (a sheet and its side) in turn.",
                values: Faction::ALL.iter().map(|f| f.code()).collect(),
                default: "",
            },
            OptionInfo {
                name: "turn_order_variant",
                description: "Next round's order is this round's passing order.",
                values: vec!["false", "true"],
                default: "false",
            },
            OptionInfo {
                name: "neutral_variant",
                description: "2-player neutral houses: none, planner or random (needs the two_player board).",
                values: vec!["none", "planner", "random"],
                default: "none",
            },
            OptionInfo {
                name: "first_game_preset",
                description: "First-game preset: fixed factions, bonus tiles, round tiles and houses (factions ignored).",
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
