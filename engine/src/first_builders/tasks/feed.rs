//! Feeding (main action, rules 2.6): up to three times, 1 Food for +1 on an unused Freeman
//! or one Military step (`Feed`).

use super::super::military::{advance, can_advance};
use super::super::state::{Play, State, Task};
use super::super::types::{Action, Pending, Resource};
use crate::Seat;

pub fn owns(task: &Task) -> bool {
    matches!(task, Task::Feed { .. })
}

pub fn pending(task: &Task) -> Pending {
    match *task {
        Task::Feed { done } => Pending::Feed { fed: done },
        _ => Pending::Pass,
    }
}

pub fn choices(state: &State, seat: Seat, task: &Task) -> Vec<Action> {
    let Task::Feed { done } = *task else {
        return Vec::new();
    };
    let mut v = Vec::new();
    if done < 3 && state.can_pay(seat, Resource::Food, 1) {
        v.extend(state.unused_freemen(seat).map(Action::Freeman));
        if can_advance(state, seat) {
            v.push(Action::Advance);
        }
    }
    if done >= 1 {
        v.push(Action::Done);
    }
    v
}

pub fn resolve(state: &mut Play<'_>, seat: Seat, task: Task, action: Action) {
    let Task::Feed { done } = task else { return };
    if action == Action::Done {
        return;
    }
    state.tasks.push(Task::Feed { done: done + 1 });
    state.pay(seat, Resource::Food, 1);
    match action {
        Action::Freeman(i) => state.plus_one(seat, i as usize),
        Action::Advance => advance(state, seat, 1),
        _ => {}
    }
}
