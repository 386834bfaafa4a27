//! Activating city tiles (rules 2.6-2.7): the cells a build or a District offers, one at a
//! time in the player's order (`Activate`), and the Mages' Tower's copy of an adjacent
//! building (`Mages`).

use super::super::abilities;
use super::super::data::Ability;
use super::super::modules as hooks;
use super::super::refusal::Refusal;
use super::super::state::{Play, State, Task};
use super::super::types::{Action, Cell, CityTile, Event, Pending};
use crate::{RuleError, Seat};

pub fn owns(task: &Task) -> bool {
    matches!(task, Task::Activate { .. } | Task::Mages { .. })
}

pub fn pending(task: &Task) -> Pending {
    match task {
        Task::Activate { cells, .. } => Pending::Activations {
            cells: cells.clone(),
        },
        Task::Mages { cell } => Pending::MagesTower { cell: *cell },
        _ => Pending::Pass,
    }
}

pub fn choices(state: &State, seat: Seat, task: &Task) -> Vec<Action> {
    let mut v = Vec::new();
    match task {
        Task::Activate { cells, .. } => {
            v.extend(
                cells
                    .iter()
                    .filter(|&&c| hooks::activatable(state, seat, c))
                    .map(|&c| Action::Activate(c)),
            );
            if !v.is_empty() {
                v.push(Action::Done);
            }
        }
        Task::Mages { cell } => {
            for nb in cell.neighbours() {
                if let Some(b) = state.building_at(seat, nb) {
                    if b.colour().is_some() && b.ability() != Some(Ability::MagesTower) {
                        v.push(Action::Activate(nb));
                    }
                }
            }
            v.push(Action::Done);
        }
        _ => {}
    }
    v
}

pub fn refusal(action: &Action) -> Option<RuleError> {
    matches!(action, Action::Activate(_))
        .then(|| Refusal::CannotActivate.because("That building cannot be activated now."))
}

pub fn resolve(state: &mut Play<'_>, seat: Seat, task: Task, action: Action) {
    match (task, action) {
        (Task::Activate { mut cells, built }, Action::Activate(c)) => {
            cells.retain(|x| *x != c);
            // Nothing left to activate: no bare "Done" decision.
            if !cells.is_empty() {
                state.tasks.push(Task::Activate { cells, built });
            }
            activate_tile(state, seat, c, built);
        }
        (Task::Mages { .. }, Action::Activate(c)) => activate(state, seat, c),
        _ => {}
    }
}

/// Activates the tile at `c` (a building's ability, or the Agora) for a District or a
/// copy (Mages' Tower).
pub fn activate(state: &mut Play<'_>, seat: Seat, c: Cell) {
    activate_tile(state, seat, c, false);
}

/// Activates the tile at `c`; `built`: right after it was built.
pub fn activate_tile(state: &mut Play<'_>, seat: Seat, c: Cell, built: bool) {
    let Some(tile) = state.tile_at(seat, c).map(|t| t.tile) else {
        return;
    };
    match tile {
        CityTile::Agora => {
            state.emit(Event::Activated {
                seat,
                tile,
                cell: c,
            });
            state.tasks.push(Task::GainBasic { n: 1 });
        }
        CityTile::Building(b) => {
            state.emit(Event::Activated {
                seat,
                tile,
                cell: c,
            });
            if let Some(a) = b.ability() {
                abilities::run(state, seat, c, a, built);
            }
        }
        other => hooks::activate_tile(state, seat, other),
    }
}
