//! Recruiting (rules 2.6): a die from the Recruitment row for Wisdom (`Recruit`), an Orator
//! from the Orator area (`TakeOrator`), and Sagittarius's +1 on the newcomer
//! (`SagittariusFreeman`, `SagittariusOrator`).

use super::super::data::{tables, ZodiacKind};
use super::super::packing::packed;
use super::super::refusal::Refusal;
use super::super::state::{can_pay_with, Play, State, Task};
use super::super::types::{Action, Die, Event, Freeman, Orator, Pending, Resource};
use crate::{RuleError, Seat};

pub fn owns(task: &Task) -> bool {
    matches!(
        task,
        Task::Recruit { .. }
            | Task::TakeOrator { .. }
            | Task::SagittariusFreeman
            | Task::SagittariusOrator
    )
}

pub fn pending(task: &Task) -> Pending {
    match *task {
        Task::Recruit { free, optional } => Pending::RecruitCitizen { free, optional },
        Task::TakeOrator { optional } => Pending::TakeOrator { optional },
        _ => Pending::Sagittarius,
    }
}

/// Wisdom for Recruitment slot `k` (0-based), one less with Taurus.
pub fn recruit_cost(state: &State, seat: Seat, k: usize) -> u8 {
    tables()
        .board
        .recruitment
        .wisdom
        .get(k)
        .copied()
        .unwrap_or(0)
        .saturating_sub(state.taurus(seat))
}

/// Can `seat` take slot `k` (0-based) holding `res`: a die there and its Wisdom paid?
fn slot_open(state: &State, seat: Seat, res: &[u32; 4], free: bool, k: usize) -> bool {
    state.recruitment[k].is_some()
        && (free || can_pay_with(res, Resource::Wisdom, recruit_cost(state, seat, k) as u32))
}

pub fn recruit_possible(state: &State, seat: Seat, res: &[u32; 4], free: bool) -> bool {
    state.free_bases(seat) > 0 && (0..5).any(|k| slot_open(state, seat, res, free, k))
}

pub fn choices(state: &State, seat: Seat, task: &Task) -> Vec<Action> {
    let mut v = Vec::new();
    match *task {
        Task::Recruit { free, optional } => {
            if state.free_bases(seat) > 0 {
                let res = &state.player(seat).res;
                v.extend(
                    (0..5)
                        .filter(|&k| slot_open(state, seat, res, free, k))
                        .map(|k| Action::RecruitSlot(k as u8 + 1)),
                );
            }
            if optional {
                v.push(Action::Done);
            }
        }
        Task::TakeOrator { optional } => {
            for (k, o) in state.orator_area.iter().enumerate() {
                if o.is_some() {
                    v.push(Action::OratorSlot(k as u8 + 1));
                }
            }
            if optional {
                v.push(Action::Done);
            }
        }
        Task::SagittariusFreeman | Task::SagittariusOrator => {
            v.push(Action::Accept);
            v.push(Action::Done);
        }
        _ => {}
    }
    v
}

pub fn refusal(action: &Action) -> Option<RuleError> {
    let (refusal, msg) = match action {
        Action::RecruitSlot(_) => (
            Refusal::CannotRecruit,
            "No die there, no free base, or not enough Wisdom.",
        ),
        Action::OratorSlot(_) => (Refusal::NoOrator, "No Orator in that slot."),
        _ => return None,
    };
    Some(refusal.because(msg))
}

pub fn resolve(state: &mut Play<'_>, seat: Seat, task: Task, action: Action) {
    match (task, action) {
        (Task::Recruit { free, .. }, Action::RecruitSlot(k)) => {
            let k = k as usize - 1;
            if !free {
                let cost = recruit_cost(state, seat, k);
                state.pay(seat, Resource::Wisdom, cost as u32);
            }
            recruit(state, seat, k);
        }
        (Task::TakeOrator { .. }, Action::OratorSlot(k)) => take_orator(state, seat, k),
        (Task::SagittariusFreeman, Action::Accept) => {
            if let Some(f) = state.player_mut(seat).freemen.last_mut() {
                f.die.value = (f.die.value + 1).min(6);
            }
        }
        (Task::SagittariusOrator, Action::Accept) => {
            if let Some(o) = state.player_mut(seat).orators.last_mut() {
                o.value = (o.value + 1).min(5);
            }
        }
        _ => {}
    }
}

fn take_orator(state: &mut Play<'_>, seat: Seat, k: u8) {
    let Some(v) = state
        .orator_area
        .get_mut(k as usize - 1)
        .and_then(|o| o.take())
    else {
        return;
    };
    state
        .player_mut(seat)
        .orators
        .push(Orator { value: v, at: None });
    state.emit(Event::OratorTaken { seat, value: v });
    if v < 5 && state.has_zodiac(seat, ZodiacKind::Sagittarius) {
        state.tasks.push(Task::SagittariusOrator);
    }
}

fn recruit(state: &mut Play<'_>, seat: Seat, k: usize) {
    let Some(die) = state.recruitment.get_mut(k).and_then(|d| d.take()) else {
        return;
    };
    let c = die.colour.index();
    let refill = if state.dice_reserve[c] > 0 {
        state.dice_reserve[c] -= 1;
        let value = state.roll_d5();
        Some(Die {
            colour: die.colour,
            value,
        })
    } else {
        None
    };
    state.recruitment = packed(state.recruitment, refill);
    state
        .player_mut(seat)
        .freemen
        .push(Freeman { die, at: None });
    state.emit(Event::Recruited {
        seat,
        colour: die.colour,
        value: die.value,
    });
    if die.value < 6 && state.has_zodiac(seat, ZodiacKind::Sagittarius) {
        state.tasks.push(Task::SagittariusFreeman);
    }
}
