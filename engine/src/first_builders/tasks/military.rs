//! The Military decisions (rules 2.8): advance and/or attack (`Military`), and the Trade
//! an attack's bonus space offers (`Trade`: basic resources for Gold, one at a time).

use super::super::military::{advance, attack, can_advance};
use super::super::state::{Play, State, Task};
use super::super::types::{Action, Pending, Resource};
use crate::Seat;

pub fn owns(task: &Task) -> bool {
    matches!(task, Task::Military { .. } | Task::Trade)
}

pub fn pending(task: &Task) -> Pending {
    match task {
        Task::Military {
            advance, either, ..
        } => Pending::Military {
            advance: *advance,
            either: *either,
        },
        _ => Pending::MilitaryTrade,
    }
}

pub fn choices(state: &State, seat: Seat, task: &Task) -> Vec<Action> {
    let mut v = Vec::new();
    match *task {
        Task::Military {
            either,
            advanced,
            attacked,
            ..
        } => {
            let one = advanced || attacked;
            if !(either && one) {
                if !advanced && can_advance(state, seat) {
                    v.push(Action::Advance);
                }
                if !attacked {
                    v.push(Action::Attack);
                }
            }
            if one && !v.is_empty() {
                v.push(Action::Done);
            }
        }
        Task::Trade => {
            let res = &state.player(seat).res;
            for r in Resource::BASIC {
                if res[r.index()] > 0 {
                    v.push(Action::Resource(r));
                }
            }
            v.push(Action::Done);
        }
        _ => {}
    }
    v
}

pub fn resolve(state: &mut Play<'_>, seat: Seat, task: Task, action: Action) {
    match (task, action) {
        (_, Action::Done) => {}
        (
            Task::Military {
                advance: n,
                either,
                mut advanced,
                mut attacked,
            },
            action,
        ) => {
            let adv = action == Action::Advance;
            advanced |= adv;
            attacked |= !adv;
            state.tasks.push(Task::Military {
                advance: n,
                either,
                advanced,
                attacked,
            });
            if adv {
                advance(state, seat, n);
            } else {
                attack(state, seat);
            }
        }
        (Task::Trade, Action::Resource(r)) => {
            state.pay(seat, r, 1);
            state.gain(seat, Resource::Gold, 1);
        }
        _ => {}
    }
}
