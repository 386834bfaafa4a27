//! The decisions of a turn, one module per decision kind (or small family), each owning
//! what may be chosen (`choices`), why an action is refused (`refusal`), the decision the
//! view names (`pending`) and what a choice does (`resolve`). This file only dispatches: a
//! pending `Task` to the module that owns it, and the turn-level decisions (draft, turn
//! action, after a turn action) to `draft` and `turn`. The expansion modules' tasks go to
//! their own folder (`modules`) through the same four functions.

pub mod abilities;
pub mod activate;
pub mod build;
pub mod district;
pub mod draft;
pub mod feed;
pub mod military;
pub mod recruit;
pub mod resources;
pub mod temple;
pub mod turn;
pub mod visit;

use super::modules as hooks;
use super::refusal::Refusal;
use super::state::{Phase, Play, State, Task, TurnStep};
use super::types::{Action, Pending};
use crate::{RuleError, Seat};

/// The module that owns a pending task.
#[derive(Clone, Copy)]
enum Kind {
    Visit,
    District,
    Military,
    Resources,
    Build,
    Activate,
    Temple,
    Recruit,
    Feed,
    Abilities,
    /// The automatic end of the Pass procedure (`turn`).
    PassFinish,
    /// A task of an expansion module (`modules`).
    Module,
}

/// A module's test for the tasks it owns, and the kind it stands for.
type Owner = (fn(&Task) -> bool, Kind);

fn kind(task: &Task) -> Kind {
    let owners: [Owner; 11] = [
        (visit::owns, Kind::Visit),
        (district::owns, Kind::District),
        (military::owns, Kind::Military),
        (resources::owns, Kind::Resources),
        (build::owns, Kind::Build),
        (activate::owns, Kind::Activate),
        (temple::owns, Kind::Temple),
        (recruit::owns, Kind::Recruit),
        (feed::owns, Kind::Feed),
        (abilities::owns, Kind::Abilities),
        (hooks::owns_task, Kind::Module),
    ];
    owners
        .into_iter()
        .find(|(owns, _)| owns(task))
        .map_or(Kind::PassFinish, |(_, k)| k)
}

/// Every action `seat` may take now (empty when it is not their decision).
pub fn legal(state: &State, seat: Seat) -> Vec<Action> {
    if seat != state.current {
        return Vec::new();
    }
    match state.phase {
        Phase::Over => Vec::new(),
        Phase::Draft => draft::choices(state),
        Phase::Play => match state.tasks.last() {
            Some(task) => {
                let mut v = choices(state, seat, task);
                // « À tout moment, lors d'une visite »: the claim is offered at every
                // decision of a visit, also inside its main and Bonus actions (W02).
                v.extend(hooks::visit_choice(state, seat));
                v
            }
            None => match state.step {
                TurnStep::Start => turn::choices(state, seat),
                TurnStep::After => turn::after_choices(state, seat),
                TurnStep::Acting => Vec::new(),
            },
        },
    }
}

/// The options of a pending task.
pub fn choices(state: &State, seat: Seat, task: &Task) -> Vec<Action> {
    match kind(task) {
        Kind::Visit => visit::choices(state, seat, task),
        Kind::District => district::choices(state, seat, task),
        Kind::Military => military::choices(state, seat, task),
        Kind::Resources => resources::choices(task),
        Kind::Build => build::choices(state, seat, task),
        Kind::Activate => activate::choices(state, seat, task),
        Kind::Temple => temple::choices(state, seat, task),
        Kind::Recruit => recruit::choices(state, seat, task),
        Kind::Feed => feed::choices(state, seat, task),
        Kind::Abilities => abilities::choices(state, seat, task),
        Kind::PassFinish => Vec::new(),
        Kind::Module => hooks::task_choices(state, seat, task),
    }
}

/// The decision the current seat must make.
pub fn pending(state: &State) -> Pending {
    match state.phase {
        Phase::Over => Pending::GameOver,
        Phase::Draft => Pending::Draft,
        Phase::Play => match state.tasks.last() {
            Some(t) => task_pending(t),
            None => match state.step {
                TurnStep::After => Pending::SuperiorityOrEndTurn,
                _ => Pending::TurnAction,
            },
        },
    }
}

/// The decision a pending task asks for.
pub fn task_pending(task: &Task) -> Pending {
    match kind(task) {
        Kind::Visit => visit::pending(task),
        Kind::District => district::pending(task),
        Kind::Military => military::pending(task),
        Kind::Resources => resources::pending(task),
        Kind::Build => build::pending(task),
        Kind::Activate => activate::pending(task),
        Kind::Temple => temple::pending(task),
        Kind::Recruit => recruit::pending(task),
        Kind::Feed => feed::pending(task),
        Kind::Abilities => abilities::pending(task),
        Kind::PassFinish => Pending::Pass,
        Kind::Module => hooks::task_pending(task),
    }
}

/// Applies a decision already known to be legal, then settles up to the next decision.
pub fn resolve(state: &mut Play<'_>, seat: Seat, action: Action) {
    match state.phase {
        Phase::Draft => draft::resolve(state, action),
        Phase::Play => {
            if hooks::answers_visit(action) {
                // Not a step of the visit: the decision it interrupts stays pending.
                hooks::resolve_visit_choice(state, seat);
            } else if state.tasks.is_empty() {
                turn::resolve(state, seat, action);
            } else if let Some(task) = state.tasks.pop() {
                resolve_task(state, seat, task, action);
            }
        }
        Phase::Over => {}
    }
    settle(state);
}

fn resolve_task(state: &mut Play<'_>, seat: Seat, task: Task, action: Action) {
    match kind(&task) {
        Kind::Visit => visit::resolve(state, seat, task, action),
        Kind::District => district::resolve(state, seat, task, action),
        Kind::Military => military::resolve(state, seat, task, action),
        Kind::Resources => resources::resolve(state, seat, task, action),
        Kind::Build => build::resolve(state, seat, task, action),
        Kind::Activate => activate::resolve(state, seat, task, action),
        Kind::Temple => temple::resolve(state, seat, task, action),
        Kind::Recruit => recruit::resolve(state, seat, task, action),
        Kind::Feed => feed::resolve(state, seat, task, action),
        Kind::Abilities => abilities::resolve(state, seat, task, action),
        Kind::PassFinish => turn::pass_finish(state, seat),
        Kind::Module => hooks::resolve_task(state, seat, task, action),
    }
}

/// Runs automatic steps and drops decisions without choices, up to the next decision.
pub fn settle(state: &mut Play<'_>) {
    for _ in 0..10_000 {
        if state.phase != Phase::Play {
            return;
        }
        let seat = state.current;
        match state.tasks.last() {
            Some(task) if is_automatic(task) => {
                if let Some(task) = state.tasks.pop() {
                    resolve_task(state, seat, task, Action::Done);
                }
            }
            Some(task) => {
                if choices(state, seat, task).is_empty() {
                    state.tasks.pop();
                } else {
                    return;
                }
            }
            None => match state.step {
                TurnStep::Acting => {
                    if state.player(seat).passed || !state.can_use_superiority(seat) {
                        turn::end_turn(state);
                    } else {
                        state.step = TurnStep::After;
                        return;
                    }
                }
                _ => return,
            },
        }
    }
}

/// A step that runs by itself when it reaches the top of the stack.
fn is_automatic(task: &Task) -> bool {
    matches!(task, Task::PassFinish) || hooks::is_automatic(task)
}

/// Why an unlisted action is refused: a stable code and a sentence. An action that answers
/// another decision is `WRONG_DECISION`; else the module that lists such actions says why.
pub fn refusal(state: &State, action: &Action) -> RuleError {
    let pending = pending(state);
    let turn_action = matches!(
        action,
        Action::Worker(_)
            | Action::CompleteDistrict(_)
            | Action::RaiseTower(_)
            | Action::BuyBase
            | Action::Pass
    );
    let belongs = match pending {
        Pending::Draft => matches!(action, Action::DraftDie(_)),
        Pending::TurnAction => turn_action,
        Pending::SuperiorityOrEndTurn => {
            matches!(action, Action::UseSuperiority | Action::EndTurn)
        }
        _ => !turn_action && !matches!(action, Action::DraftDie(_) | Action::EndTurn),
    };
    if !belongs {
        return Refusal::WrongDecision.because(format!(
            "You cannot {} now: first {}.",
            action.name().replace('_', " "),
            pending.phrase()
        ));
    }
    let owners: [fn(&Action) -> Option<RuleError>; 9] = [
        draft::refusal,
        turn::refusal,
        district::refusal,
        visit::refusal,
        build::refusal,
        activate::refusal,
        temple::refusal,
        recruit::refusal,
        hooks::refusal,
    ];
    owners
        .iter()
        .find_map(|refusal| refusal(action))
        .unwrap_or_else(|| {
            Refusal::IllegalChoice
                .because("That choice is not one of the options of the pending decision.")
        })
}
