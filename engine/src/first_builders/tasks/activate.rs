//! Activating city tiles (rules 2.6-2.7): the cells a build or a District offers, one at a
//! time in the player's order (`Activate`), and the Mages' Tower's copy of an adjacent
//! building (`Mages`, and `MagesCopy` when it copied another Mages' Tower).

use super::super::abilities;
use super::super::data::Ability;
use super::super::modules as hooks;
use super::super::refusal::Refusal;
use super::super::state::{Play, State, Task};
use super::super::types::{Action, Cell, CityTile, Event, Pending};
use crate::{RuleError, Seat};

pub fn owns(task: &Task) -> bool {
    matches!(
        task,
        Task::Activate { .. } | Task::Mages { .. } | Task::MagesCopy { .. }
    )
}

pub fn pending(task: &Task) -> Pending {
    match task {
        Task::Activate { cells, .. } => Pending::Activations {
            cells: cells.clone(),
        },
        Task::Mages { cell } | Task::MagesCopy { cell, .. } => Pending::MagesTower { cell: *cell },
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
        Task::Mages { cell } => v = mages_choices(state, seat, *cell, &[*cell]),
        Task::MagesCopy { cell, used } => v = mages_choices(state, seat, *cell, used),
        _ => {}
    }
    v
}

/// « Utilisez la capacité d'un Bâtiment adjacent »: any coloured building next to the
/// Mages' Tower at `cell` (not a Farm, the Agora, the Palace nor a Wonder, AW-14), another
/// Mages' Tower included unless it is one of `used`, the towers already in this chain
/// the chain cannot loop), or `Done`.
fn mages_choices(state: &State, seat: Seat, cell: Cell, used: &[Cell]) -> Vec<Action> {
    let mut v: Vec<Action> = cell
        .neighbours()
        .into_iter()
        .filter(|&nb| {
            state.building_at(seat, nb).is_some_and(|b| {
                b.colour().is_some()
                    && !(b.ability() == Some(Ability::MagesTower) && used.contains(&nb))
            })
        })
        .map(Action::Activate)
        .collect();
    v.push(Action::Done);
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
        (Task::Mages { cell }, Action::Activate(c)) => mages_use(state, seat, vec![cell], c),
        (Task::MagesCopy { used, .. }, Action::Activate(c)) => mages_use(state, seat, used, c),
        _ => {}
    }
}

/// A Mages' Tower of the chain `used` uses the building at `c`. Copying another Mages' Tower
/// is using its ability, so that tower in turn offers its own neighbours, never a
/// tower already in `used`.
fn mages_use(state: &mut Play<'_>, seat: Seat, mut used: Vec<Cell>, c: Cell) {
    let Some(b) = state.building_at(seat, c) else {
        return;
    };
    if b.ability() != Some(Ability::MagesTower) {
        activate(state, seat, c);
        return;
    }
    state.emit(Event::Activated {
        seat,
        tile: CityTile::Building(b),
        cell: c,
    });
    used.push(c);
    state.tasks.push(Task::MagesCopy { cell: c, used });
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
