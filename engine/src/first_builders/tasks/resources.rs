//! Gaining resources one at a time: any basic resource (`GainBasic`), or Stone or Food
//! (`StoneOrFood`).

use super::super::state::{Play, Task};
use super::super::types::{Action, Pending, Resource};
use crate::Seat;

pub fn owns(task: &Task) -> bool {
    matches!(task, Task::GainBasic { .. } | Task::StoneOrFood { .. })
}

pub fn pending(task: &Task) -> Pending {
    match *task {
        Task::GainBasic { n } => Pending::GainBasicResource { count: n },
        Task::StoneOrFood { n } => Pending::StoneOrFood { count: n },
        _ => Pending::Pass,
    }
}

pub fn choices(task: &Task) -> Vec<Action> {
    match task {
        Task::GainBasic { .. } => Resource::BASIC
            .iter()
            .map(|&r| Action::Resource(r))
            .collect(),
        Task::StoneOrFood { .. } => vec![
            Action::Resource(Resource::Stone),
            Action::Resource(Resource::Food),
        ],
        _ => Vec::new(),
    }
}

pub fn resolve(state: &mut Play<'_>, seat: Seat, task: Task, action: Action) {
    let Action::Resource(r) = action else { return };
    match task {
        Task::GainBasic { n } if n > 1 => state.tasks.push(Task::GainBasic { n: n - 1 }),
        Task::StoneOrFood { n } if n > 1 => state.tasks.push(Task::StoneOrFood { n: n - 1 }),
        Task::GainBasic { .. } | Task::StoneOrFood { .. } => {}
        _ => return,
    }
    state.gain(seat, r, 1);
}
