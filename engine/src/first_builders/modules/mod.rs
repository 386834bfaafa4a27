//! The expansion modules of Origins: First Builders (Ancient Wonders: `wonders`, and its
//! Builders' Challenges: `challenges`), each in its own folder and plugged into the base
//! game only through the hooks below: setup and its option check, the module's decisions
//! (`wonders::tasks`, dispatched by `tasks`), the rule seams of a Wonder (re-exported here),
//! end of round, scoring, the view, invariants, the catalog options and data rows. The base
//! files call these hooks and name no module type; a module reads the base state and its
//! low-level helpers (`state`, `types`, `data`, `military`, `packing`) and nothing above.

pub mod challenges;
#[cfg(feature = "wire")]
pub mod wire;
pub mod wonders;

use super::data::group_provisional;
use super::module_types::{ChallengeTileView, WonderSlotView};
use super::state::{Play, State, Task};
use super::types::{Action, EndReason, Options, Pending, View};
use crate::{OptionInfo, Seat, SetupError};

/// The rule seams a Wonder needs inside the base turn: a dial turned +1, a Build decision
/// (claimed Wonder to build), a tile placed next to it, an activation, a new turn.
pub use wonders::rules::{
    activatable, activate_tile, can_build_with, dial_turned, new_turn, start_build, triggered,
};

/// A module's choice offered beside a visit's decisions (claiming a Wonder), its answer
/// and effect, its automatic tasks and the refusal of its actions.
pub use wonders::tasks::{
    answers_visit, is_automatic, refusal, resolve_visit_choice, visit_choice,
};

/// The module decisions: a pending task a module owns (dispatched by `tasks` like the
/// base decisions), what may be chosen, the decision the view names and its effect.
pub fn owns_task(task: &Task) -> bool {
    wonders::tasks::owns(task)
}

pub fn task_choices(state: &State, seat: Seat, task: &Task) -> Vec<Action> {
    wonders::tasks::choices(state, seat, task)
}

pub fn task_pending(task: &Task) -> Pending {
    wonders::tasks::pending(task)
}

pub fn resolve_task(state: &mut Play<'_>, seat: Seat, task: Task, action: Action) {
    wonders::tasks::resolve(state, seat, task, action)
}

/// The modules' answers to the Build decision, after the base game's (a claimed Wonder to
/// build, paid with `res`).
pub fn build_choices(state: &State, seat: Seat, res: &[u32; 4]) -> Vec<Action> {
    if wonders::rules::can_build_with(state, seat, res) {
        vec![Action::BuildWonder]
    } else {
        Vec::new()
    }
}

/// Resolves a modules' answer to the Build decision; false when `action` is not one.
pub fn resolve_build(state: &mut Play<'_>, seat: Seat, action: Action) -> bool {
    match action {
        Action::BuildWonder => {
            wonders::rules::start_build(state, seat);
            true
        }
        _ => false,
    }
}

/// Refuses module options the rules forbid (setup step 0).
pub fn check_options(options: &Options) -> Result<(), SetupError> {
    challenges::rules::check_options(options)
}

/// Module setup, after the base setup and before the draft roll (AW 2.1; fixed RNG order so
/// seeds replay): the Wonders first, then the Builders' Challenges row.
pub fn setup(state: &mut State) {
    wonders::rules::setup(state);
    challenges::rules::deal(state);
}

/// End-of-round step 0: the reason the game ends now, if a module ends it (the last
/// challenge tile scored).
pub fn end_of_round(state: &mut Play<'_>) -> Option<EndReason> {
    challenges::rules::end_of_round(state).then_some(EndReason::ChallengesDone)
}

/// True when a module replaces every base end condition (Builders' Challenges, AW-25).
pub fn replaces_end_conditions(state: &State) -> bool {
    state.options.challenges.on()
}

/// Solo with a module that sets its own target: the target and whether `score` wins.
pub fn solo_result(state: &State, score: i32) -> Option<(i32, bool)> {
    challenges::rules::solo_result(state, score)
}

/// The modules' conserved components.
pub fn invariants(state: &State) -> Result<(), String> {
    wonders::rules::check(state)
}

/// The modules' part of the public view.
pub fn view(state: &State, view: &mut View) {
    view.wonders = state
        .place_wonders
        .iter()
        .zip(1u8..)
        .filter_map(|(w, place)| {
            w.map(|w| WonderSlotView {
                place,
                wonder: w.wonder,
                unlocked: w.unlocked,
            })
        })
        .collect();
    view.challenges = state
        .challenge_row
        .iter()
        .map(|&id| ChallengeTileView {
            id,
            provisional: id.provisional(),
        })
        .collect();
    view.challenges_scored = state.challenges_scored;
}

/// The modules' lobby options, after the base game's.
pub fn catalog_options() -> Vec<OptionInfo> {
    vec![
        OptionInfo {
            name: "wonders",
            description: "Ancient Wonders module (expansion): a Wonder above each Meeting \
                              Place to unlock, claim and build.",
            values: vec!["false", "true"],
            default: "false",
        },
        OptionInfo {
            name: "challenges",
            description: "Builders' Challenges (Ancient Wonders): none, or a short, normal \
                              or long game of 4, 5 or 6 challenge tiles; solo plays normal.",
            values: vec!["none", "short", "normal", "long"],
            default: "none",
        },
        OptionInfo {
            name: "provisional_challenges",
            description: "Builders' Challenges: deal from all 24 tiles, 18 of them \
                              provisional placeholders, instead of the 6 known ones.",
            values: vec!["false", "true"],
            default: "false",
        },
    ]
}

/// The modules' data rows that are not from the printed game (the catalog's list).
pub fn provisional() -> Vec<String> {
    let wonders = wonders::data::table();
    let mut rows = vec![(
        "Ancient Wonders",
        String::new(),
        wonders.constants.provenance,
        wonders.constants.note.as_str(),
    )];
    for r in &wonders.wonder {
        rows.push(("Ancient Wonders", r.id.clone(), r.provenance, &r.note));
    }
    for r in &wonders.assumption {
        rows.push(("Ancient Wonders rules", r.id.clone(), r.provenance, &r.note));
    }
    for r in &challenges::data::data().tiles {
        rows.push(("challenge tiles", r.id.clone(), r.provenance, &r.note));
    }
    group_provisional(rows)
}

/// The modules' data checks (used by tests, like `data::validate`).
pub fn validate() -> Result<(), String> {
    wonders::data::validate()?;
    challenges::data::validate()
}
