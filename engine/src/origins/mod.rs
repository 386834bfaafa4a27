//! Origins: First Builders (base game + solo training mode).
//! Rules: `shared/rules/origins-first-builders.md`; data: `engine/data/origins/*.toml`.
//!
//! A turn is a sequence of small decisions: the state keeps a stack of pending tasks
//! (`state::Task`); the top one is the decision to make, and `choices` lists its options.
//! `apply` accepts exactly the listed actions and refuses anything else with a stable code.
//!
//! Modules: `types` (public contract: options, actions, events, views), `data` (typed
//! tables from the TOML files, each row with its provenance), `setup`, `choices` (legal
//! actions per pending decision), `resolve` (applying a decision, visits, building, districts,
//! passing), `abilities` (the 30 buildings), `military`, `city` (seats, district matching),
//! `round` (end of round, end conditions, solo schedule), `scoring`, `view`.
//!
//! Expansion seams: a city tile lists its cells (`PlacedTile::cells`, two for a Wonder);
//! end-of-round steps are the list `round::ROUND_STEPS`; end conditions are the list
//! `round::BASE_END_CONDITIONS` (Builders' Challenges replaces it).
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
//! * Mages' Tower cannot copy another Mages' Tower (avoids unbounded copy chains).
//! * A temple building held with Aquarius offers two optional paid extra steps.
//! * Solo: freezing the dials with a Superiority token counts as the turn's token.

pub mod abilities;
pub mod choices;
pub mod city;
pub mod data;
pub mod military;
pub mod resolve;
pub mod round;
pub mod scoring;
pub mod setup;
pub mod state;
pub mod types;
pub mod view;

use crate::{Game, GameInfo, OptionInfo, Outcome, RuleError, Seat, SeatSet, SetupError, Viewer};
pub use state::State;
pub use types::{Action, Event, Options, View};

pub struct Origins;

impl Game for Origins {
    const ID: &'static str = "origins";
    type Options = Options;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = View;

    fn setup(options: &Options, seed: u64) -> Result<State, SetupError> {
        setup::setup(options, seed)
    }

    fn seat_count(state: &State) -> usize {
        state.n()
    }

    fn to_act(state: &State) -> SeatSet {
        if state.phase == state::Phase::Over {
            SeatSet::EMPTY
        } else {
            SeatSet::only(Seat(state.current))
        }
    }

    fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
        choices::legal(state, seat.0)
    }

    fn refusal(state: &State, _seat: Seat, action: &Action) -> RuleError {
        diagnose(state, action)
    }

    fn perform(state: &mut State, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        state.events.clear();
        resolve::resolve(state, seat.0, *action);
        events.append(&mut state.events);
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

    fn configurations() -> Vec<(&'static str, Options)> {
        vec![
            ("solo", Options { players: 1 }),
            ("2p", Options { players: 2 }),
            ("3p", Options { players: 3 }),
            ("4p", Options { players: 4 }),
        ]
    }
}

/// The lobby entry: player count (solo is 1) and the data rows that are not from the
/// printed game, so clients can say which numbers are provisional.
fn info() -> GameInfo {
    GameInfo {
        id: Origins::ID,
        name: "Origins: First Builders",
        min_players: 1,
        max_players: 4,
        options: vec![
            OptionInfo {
                name: "players",
                description: "Number of players, 2 to 4.",
                values: vec!["2", "3", "4"],
                default: "2",
            },
            OptionInfo {
                name: "solo",
                description: "Solo training mode: one player, five rounds, a target score.",
                values: vec!["false", "true"],
                default: "false",
            },
        ],
        provisional_data: [
            "solo dice per colour and Orator count (A-01)",
            "military advance 2 spaces (A-05) and military track bonuses (A-08)",
            "Agora ability: 1 basic resource (A-09)",
            "Building Market Wisdom costs per slot (A-13)",
            "Citizen Recruitment Wisdom costs per slot (A-14)",
            "population base Food costs 4 and 6 (A-15)",
            "temple track VP except 16, 31, 70 (A-16)",
            "counsellor row VP (A-17)",
            "bonus tile and building colours (A-18), building Stone costs and copies (A-19)",
            "district cards: placeholder deck of 45 (A-20, A-21)",
        ]
        .map(String::from)
        .to_vec(),
        refusal_codes: Vec::new(),
    }
}

/// Why an unlisted action is refused: a stable code and a sentence.
pub fn diagnose(state: &State, action: &Action) -> RuleError {
    let pending = view::pending_name(state);
    let belongs = match (pending.as_str(), action) {
        ("DRAFT", Action::DraftDie(_)) => true,
        (
            "TURN_ACTION",
            Action::Worker(_)
            | Action::CompleteDistrict(_)
            | Action::RaiseTower(_)
            | Action::BuyBase
            | Action::Pass,
        ) => true,
        ("SUPERIORITY_OR_END_TURN", Action::UseSuperiority | Action::EndTurn) => true,
        ("TURN_ACTION" | "DRAFT" | "SUPERIORITY_OR_END_TURN", _) => false,
        _ => !matches!(
            action,
            Action::DraftDie(_)
                | Action::Worker(_)
                | Action::CompleteDistrict(_)
                | Action::RaiseTower(_)
                | Action::BuyBase
                | Action::Pass
                | Action::EndTurn
        ),
    };
    if !belongs {
        return RuleError::new(
            "WRONG_DECISION",
            format!("The pending decision is {pending}; {action:?} does not answer it."),
        );
    }
    let (code, msg) = match action {
        Action::DraftDie(_) => ("BAD_DRAFT_DIE", "That die cannot be taken from the draft pool."),
        Action::Worker(_) => (
            "WORKER_UNAVAILABLE",
            "That worker is not available or can visit no Meeting Place (value, Wisdom or action).",
        ),
        Action::MeetingPlace(_) => ("CANNOT_VISIT", "That Meeting Place cannot be chosen now."),
        Action::CompleteDistrict(_) | Action::Seat(_) => (
            "CANNOT_COMPLETE_DISTRICT",
            "That Freeman or Seat of Power cannot complete a District.",
        ),
        Action::RaiseTower(_) => (
            "CANNOT_RAISE_TOWER",
            "No floor of that colour in the reserve, or not enough Gold for the tower's height.",
        ),
        Action::BuyBase => ("CANNOT_BUY_BASE", "No base left to buy, or not enough Food."),
        Action::UseSuperiority => (
            "NO_SUPERIORITY",
            "No Superiority token, or one was already used this turn.",
        ),
        Action::Main(_) => ("MAIN_ACTION_UNAVAILABLE", "That main action cannot be performed now."),
        Action::Bonus | Action::BonusGold => (
            "BONUS_UNAVAILABLE",
            "The Bonus action is not available for this worker or cannot be paid.",
        ),
        Action::FinishVisit => ("MAIN_ACTION_REQUIRED", "Perform a main action before ending the visit."),
        Action::MarketTile { .. } | Action::KeptTile(_) => (
            "CANNOT_BUILD",
            "That tile cannot be taken: empty slot or costs not payable.",
        ),
        Action::Place(_) => (
            "BAD_CITY_CELL",
            "A tile must go on an empty cell sharing an edge with your city (or a Farm under Virgo).",
        ),
        Action::Activate(_) => ("CANNOT_ACTIVATE", "That building cannot be activated now."),
        Action::Track(_) => ("BAD_TEMPLE", "That temple track cannot be climbed now."),
        Action::RecruitSlot(_) => (
            "CANNOT_RECRUIT",
            "No die there, no free base, or not enough Wisdom.",
        ),
        Action::OratorSlot(_) => ("NO_ORATOR", "No Orator in that slot."),
        _ => ("ILLEGAL_CHOICE", "That choice is not one of the options of the pending decision."),
    };
    RuleError::new(code, msg)
}
