//! Origins: First Builders (base game + solo training mode). The module and the type are
//! named `first_builders` / `FirstBuilders` so they are not confused with Origin
//! (`crate::origin`); the wire id, the data folder and the proto names stay `origins`.
//! Rules: `shared/rules/origins-first-builders.md`; data: `engine/data/origins/*.toml`.
//!
//! A turn is a sequence of small decisions: the state keeps a stack of pending tasks
//! (`state::Task`); the top one is the decision to make. Each kind of decision has its own
//! module in `tasks/` owning its options (`choices`), its refusals (`refusal`), the
//! decision the view names (`pending`) and its effect (`resolve`); `tasks/mod.rs` only
//! dispatches. `apply` accepts exactly the listed actions and refuses anything else with a
//! [`Refusal`].
//!
//! Modules, from the bottom up: `types` (public contract: options, actions, events, views,
//! the pending decision, and the ids with their codes) over `module_types` (the ids and
//! records the expansion modules add to it), `data` (typed tables from the TOML files, each
//! row with its provenance), `state` (the state and `Play`), `refusal` (the refusal codes),
//! `city` (seats, district matching), `packing` (the Recruitment and Market rows),
//! `military`; then `modules/` (the expansion modules, below), `abilities` (the 30
//! buildings), `tasks/` (the decisions), `round` (end of round, end conditions, solo
//! schedule), `setup`, `scoring`, `view`, `invariants` (conserved components),
//! `determinize` (the hidden pile orders dealt again), `wire` (proto conversions, feature
//! `wire`), `bot`, `testing` (position builder for tests, not part of the API).
//! Rule code that changes the state takes a `state::Play`: the state plus the sink of the
//! events `Game::perform` reports. The state's fields are private to the crate: outside it,
//! the state changes only through `Game::apply` (or `testing`).
//!
//! Expansion modules (`modules/wonders`: Ancient Wonders, option `wonders`;
//! `modules/challenges`: Builders' Challenges, option `challenges`) each live in their own
//! folder and read only the low base files (`state`, `types`, `data`, `military`,
//! `packing`). The base reaches them only through the hook set of `modules/mod.rs`: option
//! check and setup, the module's decisions (dispatched by `tasks`) and its answer to the
//! Build decision, a Wonder's rule seams, end of round, scoring, view, invariants, catalog
//! options and data rows; their proto conversions are in `modules/wire.rs`. A city tile
//! lists its cells (`PlacedTile::cells`, two for a Wonder); end-of-round steps are the list
//! `round::ROUND_STEPS`; end conditions are the list `round::BASE_END_CONDITIONS`.
//!
//! Engine policies where the rules page leaves a choice open:
//! * Paying a basic resource uses that resource first, then Gold; no separate choice.
//! * a visit is listed only if a main action can be performed after paying the visit;
//!   if the Bonus action was taken first and made every main action impossible, the visit
//!   may end without a main action (`FinishVisit`) instead of blocking the game.
//! * Activating a building is optional (`Done` in `ACTIVATIONS`; the decision ends by itself
//!   once every listed building is activated), and an activated ability
//!   whose choice is optional (Estate, Forum, Court, Portal, Veterans, Construction Site,
//!   Mages' Tower, Capricorn, temple extra step) can be declined with `Done`.
//! * Mages' Tower may copy another Mages' Tower, never one already used in the same chain
//!   of copies (A-40: each tower once, so a chain always ends).
//! * A temple building held with Aquarius offers two optional paid extra steps.
//! * Solo: freezing the dials with a Superiority token counts as the turn's token.

pub mod abilities;
pub mod bot;
pub mod city;
pub mod data;
mod determinize;
mod heuristic;
pub mod invariants;
pub mod military;
pub mod module_types;
pub mod modules;
pub mod packing;
mod refusal;
pub mod round;
pub mod scoring;
pub mod setup;
pub mod state;
pub mod tasks;
pub mod testing;
pub mod types;
pub mod view;
#[cfg(feature = "wire")]
pub mod wire;

use crate::{Game, GameInfo, OptionInfo, Outcome, RuleError, Seat, SeatSet, SetupError, Viewer};
pub use refusal::Refusal;
use state::Play;
pub use state::State;
pub use types::{Action, Event, Options, Pending, View};

pub struct FirstBuilders;

impl Game for FirstBuilders {
    const ID: &'static str = "origins";
    const STATE_VERSION: u16 = 1;
    const LOG_COMPATIBLE_SINCE: u16 = 1;
    type Options = Options;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = View;

    fn options_for(players: u8) -> Options {
        Options::players(players)
    }

    /// The player count, with the expansion's modules (Ancient Wonders or Builders'
    /// Challenges, alone or together) apart from the base game: they add scoring and goals.
    /// The solo training mode is never rated (no opponent).
    fn rating_class(options: &Options) -> Option<String> {
        let modules = options.wonders || options.challenges != types::Challenges::None;
        (options.players >= 2).then(|| {
            if modules {
                format!("expansion-{}p", options.players)
            } else {
                format!("{}p", options.players)
            }
        })
    }

    fn rating_classes() -> Vec<crate::RatingClass> {
        let mut classes = crate::RatingClass::per_player_count(
            2..=4,
            |n| format!("{n}p"),
            |n| format!("Origins: First Builders, base game, {n} players."),
        );
        classes.extend(crate::RatingClass::per_player_count(
            2..=4,
            |n| format!("expansion-{n}p"),
            |n| {
                format!(
                    "Origins: First Builders with Ancient Wonders and/or Builders' Challenges, {n} players."
                )
            },
        ));
        classes
    }

    fn setup(options: &Options, seed: u64) -> Result<State, SetupError> {
        setup::setup(options, seed)
    }

    fn seat_count(state: &State) -> usize {
        state.seat_count()
    }

    fn to_act(state: &State) -> SeatSet {
        if state.phase == state::Phase::Over {
            SeatSet::EMPTY
        } else {
            SeatSet::only(state.current)
        }
    }

    fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
        tasks::legal(state, seat)
    }

    /// `Pass` (rules 2.9: no more turns this round) when choosing a turn action, `EndTurn`
    /// after one (declining the Superiority token's extra action).
    fn pass(state: &State, seat: Seat) -> Option<Action> {
        tasks::legal(state, seat)
            .into_iter()
            .find(|a| matches!(a, Action::Pass | Action::EndTurn))
    }
    fn refusal(state: &State, _seat: Seat, action: &Action) -> RuleError {
        tasks::refusal(state, action)
    }

    fn perform(state: &mut State, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        tasks::resolve(&mut Play::new(state, events), seat, *action);
    }

    fn determinize(state: &State, _seat: Seat, rng: &mut crate::GameRng) -> State {
        determinize::determinize(state, rng)
    }

    fn view(state: &State, _viewer: Viewer) -> View {
        view::view(state)
    }

    fn redact_event(event: &Event, _viewer: Viewer) -> Event {
        event.clone()
    }

    fn outcome(state: &State) -> Option<Outcome> {
        (state.phase == state::Phase::Over).then(|| scoring::outcome(state))
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
        let players = |players| Options {
            players,
            ..Options::default()
        };
        // Solo also deals from the provisional tiles, so the suites see both decks.
        let challenges = |players, provisional_challenges| Options {
            players,
            challenges: types::Challenges::Normal,
            provisional_challenges,
            ..Options::default()
        };
        vec![
            ("solo", players(1)),
            ("2p", players(2)),
            ("3p", players(3)),
            ("4p", players(4)),
            (
                "4p-wonders",
                Options {
                    wonders: true,
                    ..players(4)
                },
            ),
            (
                "solo-wonders",
                Options {
                    wonders: true,
                    ..players(1)
                },
            ),
            ("3p-challenges", challenges(3, false)),
            ("solo-challenges", challenges(1, true)),
            (
                "2p-both",
                Options {
                    wonders: true,
                    ..challenges(2, false)
                },
            ),
        ]
    }
    fn heuristic() -> Option<&'static dyn crate::core::playout::Heuristic<Self>> {
        Some(&heuristic::Progress)
    }
}

/// The lobby entry: the options as `OriginsOptions` spells them (solo is its own switch,
/// `players` counts the multiplayer seats) and the data rows that are not from the printed
/// game, so clients can say which numbers are provisional.
fn info() -> GameInfo {
    GameInfo {
        id: FirstBuilders::ID,
        name: "Origins: First Builders",
        min_players: 1,
        max_players: 4,
        options: [
            OptionInfo {
                name: "players",
                description: "Number of players, 2 to 4; with solo set, leave it unset or 1.",
                values: vec!["2", "3", "4"],
                default: "2",
            },
            OptionInfo {
                name: "solo",
                description: "Solo training mode: one player (players unset or 1), five rounds, \
                              a target score.",
                values: vec!["false", "true"],
                default: "false",
            },
        ]
        .into_iter()
        .chain(modules::catalog_options())
        .collect(),
        provisional_data: data::provisional()
            .into_iter()
            .chain(modules::provisional())
            .collect(),
        refusal_codes: Refusal::codes(),
        board_layout: Vec::new(),
        board_tracks: vec![data::military_track()],
    }
}
