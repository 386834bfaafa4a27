//! Visiting a Meeting Place (rules 2.5): choose the place for a worker (`ChoosePlace`),
//! then its main actions and Bonus action (`Visit`); solo turns a neighbouring dial too
//! (`SoloDial`). The same predicates say which workers may visit at all.

use super::super::data::{tables, BonusEffect, MainAction, ZodiacKind};
use super::super::military::can_advance;
use super::super::modules as hooks;
use super::super::refusal::Refusal;
use super::super::state::{can_pay_with, pay_with, Play, State, Task};
use super::super::types::{Action, BonusTaken, Event, MainSlot, Pending, Resource, Worker};
use super::{build, recruit, temple};
use crate::{RuleError, Seat};

/// The tasks this module answers.
pub fn owns(task: &Task) -> bool {
    matches!(
        task,
        Task::ChoosePlace { .. } | Task::Visit { .. } | Task::SoloDial { .. }
    )
}

pub fn pending(task: &Task) -> Pending {
    match task {
        Task::ChoosePlace { worker } => Pending::ChooseMeetingPlace { worker: *worker },
        Task::Visit { place, .. } => Pending::VisitActions { place: *place },
        Task::SoloDial { place } => Pending::SoloDial { place: *place },
        _ => Pending::Pass,
    }
}

pub fn choices(state: &State, seat: Seat, task: &Task) -> Vec<Action> {
    match *task {
        Task::ChoosePlace { worker } => (1..=5)
            .filter(|&pl| visit_legal(state, seat, worker, pl))
            .map(Action::MeetingPlace)
            .collect(),
        Task::Visit {
            place,
            done,
            double,
            bonus_allowed,
            bonus_done,
        } => visit_choices(
            state,
            seat,
            place,
            done,
            double,
            bonus_allowed && !bonus_done,
        ),
        Task::SoloDial { place } => solo_dial_choices(state, seat, place),
        _ => Vec::new(),
    }
}

fn visit_choices(
    state: &State,
    seat: Seat,
    place: u8,
    done: [bool; 2],
    double: bool,
    bonus_open: bool,
) -> Vec<Action> {
    let mut v = Vec::new();
    let Some((top_a, bottom_a, bonus)) = place_actions(state, place) else {
        return v;
    };
    let res = &state.player(seat).res;
    let count = done.iter().filter(|d| **d).count();
    let mut any_main = false;
    for (i, (slot, a)) in [(MainSlot::Top, top_a), (MainSlot::Bottom, bottom_a)]
        .into_iter()
        .enumerate()
    {
        if !done[i] && (count == 0 || double) && main_possible(state, seat, a, res, None) {
            v.push(Action::Main(slot));
            any_main = true;
        }
    }
    if bonus_open {
        if bonus_possible(state, seat, bonus) {
            v.push(Action::Bonus);
        }
        if state.has_zodiac(seat, ZodiacKind::Pisces) {
            v.push(Action::BonusGold);
        }
    }
    if count > 0 || !any_main {
        v.push(Action::FinishVisit);
    }
    v
}

fn solo_dial_choices(state: &State, seat: Seat, place: u8) -> Vec<Action> {
    let mut v = Vec::new();
    for nb in [place.wrapping_sub(1), place + 1] {
        if (1..=5).contains(&nb)
            && state
                .places
                .get(nb as usize - 1)
                .is_some_and(|x| x.dial < 6)
        {
            v.push(Action::MeetingPlace(nb));
        }
    }
    if v.is_empty() {
        v.push(Action::Done);
    }
    if state.can_use_superiority(seat) {
        v.push(Action::UseSuperiority);
    }
    v
}

pub fn refusal(action: &Action) -> Option<RuleError> {
    let (refusal, msg) = match action {
        Action::MeetingPlace(_) => (
            Refusal::CannotVisit,
            "That Meeting Place cannot be chosen now.",
        ),
        Action::Main(_) => (
            Refusal::MainActionUnavailable,
            "That main action cannot be performed now.",
        ),
        Action::Bonus | Action::BonusGold => (
            Refusal::BonusUnavailable,
            "The Bonus action is not available for this worker or cannot be paid.",
        ),
        Action::FinishVisit => (
            Refusal::MainActionRequired,
            "Perform a main action before ending the visit.",
        ),
        _ => return None,
    };
    Some(refusal.because(msg))
}

pub fn resolve(state: &mut Play<'_>, seat: Seat, task: Task, action: Action) {
    match (&task, action) {
        (&Task::ChoosePlace { worker }, Action::MeetingPlace(pl)) => {
            start_visit(state, seat, worker, pl)
        }
        (Task::Visit { .. }, _) => visit_action(state, seat, task, action),
        (&Task::SoloDial { place }, action) => match action {
            Action::MeetingPlace(nb) => {
                bump_dial(state, place);
                bump_dial(state, nb);
            }
            Action::Done => bump_dial(state, place),
            Action::UseSuperiority => state.spend_superiority(seat),
            _ => {}
        },
        _ => {}
    }
}

/// A main action, the Bonus action or the end of the visit.
fn visit_action(state: &mut Play<'_>, seat: Seat, task: Task, action: Action) {
    let Task::Visit {
        place,
        mut done,
        double,
        bonus_allowed,
        mut bonus_done,
    } = task
    else {
        return;
    };
    let push = |state: &mut Play<'_>, done, bonus_done| {
        state.tasks.push(Task::Visit {
            place,
            done,
            double,
            bonus_allowed,
            bonus_done,
        })
    };
    match action {
        Action::Main(slot) => {
            let i = usize::from(slot == MainSlot::Bottom);
            done[i] = true;
            push(state, done, bonus_done);
            if let Some(mp) = tables().board.meeting_place.get(place as usize - 1) {
                let a = if i == 0 { mp.top } else { mp.bottom };
                state.emit(Event::MainAction {
                    seat,
                    place,
                    action: a,
                });
                main_action(state, seat, a);
            }
        }
        Action::Bonus | Action::BonusGold => {
            bonus_done = true;
            push(state, done, bonus_done);
            if action == Action::BonusGold {
                state.emit(Event::BonusAction {
                    seat,
                    place,
                    bonus: BonusTaken::PiscesGold,
                });
                state.gain(seat, Resource::Gold, 1);
            } else if let Some(e) = bonus_effect(state, place) {
                state.emit(Event::BonusAction {
                    seat,
                    place,
                    bonus: BonusTaken::Effect(e),
                });
                bonus_action(state, seat, e);
            }
        }
        Action::FinishVisit => {
            if state.solo() {
                state.tasks.push(Task::SoloDial { place });
            } else {
                bump_dial(state, place);
            }
        }
        _ => {}
    }
}

/// Wisdom to pay for a visit, or None when the worker is not available.
pub fn visit_cost(state: &State, seat: Seat, w: Worker, place: u8) -> Option<u32> {
    let value = state.worker_value(seat, w)?;
    let dial = state.places.get(place as usize - 1)?.dial;
    Some(match value {
        None => 0,
        Some(v) => dial.saturating_sub(v) as u32,
    })
}

pub fn visit_legal(state: &State, seat: Seat, w: Worker, place: u8) -> bool {
    let Some(cost) = visit_cost(state, seat, w, place) else {
        return false;
    };
    let res = state.player(seat).res;
    if !can_pay_with(&res, Resource::Wisdom, cost) {
        return false;
    }
    let after = pay_with(res, Resource::Wisdom, cost);
    let excl = match w {
        Worker::Freeman(i) => Some(i as usize),
        _ => None,
    };
    let Some(mp) = tables().board.meeting_place.get(place as usize - 1) else {
        return false;
    };
    main_possible(state, seat, mp.top, &after, excl)
        || main_possible(state, seat, mp.bottom, &after, excl)
}

pub fn main_possible(
    state: &State,
    seat: Seat,
    a: MainAction,
    res: &[u32; 4],
    excl: Option<usize>,
) -> bool {
    match a {
        MainAction::Build => build::build_possible(state, seat, res),
        MainAction::Temple => {
            can_pay_with(res, Resource::Stone, 1) && temple::temple_open(state, seat)
        }
        MainAction::Recruit => recruit::recruit_possible(state, seat, res, false),
        MainAction::Feed => {
            can_pay_with(res, Resource::Food, 1)
                && (can_advance(state, seat)
                    || state
                        .player(seat)
                        .freemen
                        .iter()
                        .enumerate()
                        .any(|(i, f)| f.at.is_none() && Some(i) != excl))
        }
        _ => true,
    }
}

pub fn bonus_possible(state: &State, seat: Seat, e: BonusEffect) -> bool {
    let res = &state.player(seat).res;
    match e {
        BonusEffect::Military => can_pay_with(res, Resource::Wisdom, 1),
        BonusEffect::Build => {
            can_pay_with(res, Resource::Food, 1)
                && build::build_possible(state, seat, &pay_with(*res, Resource::Food, 1))
        }
        BonusEffect::Temple => {
            can_pay_with(res, Resource::Stone, 1) && temple::temple_open(state, seat)
        }
        BonusEffect::Resource => true,
        BonusEffect::Orator => state.orator_area.iter().any(|o| o.is_some()),
    }
}

fn place_actions(state: &State, place: u8) -> Option<(MainAction, MainAction, BonusEffect)> {
    let t = tables();
    let mp = t.board.meeting_place.get(place as usize - 1)?;
    let pl = state.places.get(place as usize - 1)?;
    let b = pl.bonus.row()?;
    Some((mp.top, mp.bottom, b.effect))
}

fn bonus_effect(state: &State, place: u8) -> Option<BonusEffect> {
    let pl = state.places.get(place as usize - 1)?;
    pl.bonus.row().map(|b| b.effect)
}

/// Turns the dial of `place` by +1 (6 wraps to 1).
pub fn bump_dial(state: &mut Play<'_>, place: u8) {
    if let Some(p) = state.places.get_mut(place as usize - 1) {
        p.dial = if p.dial >= 6 { 1 } else { p.dial + 1 };
        let value = p.dial;
        state.emit(Event::DialSet { place, value });
        hooks::dial_turned(state, place, value);
    }
}

fn start_visit(state: &mut Play<'_>, seat: Seat, worker: Worker, place: u8) {
    let cost = visit_cost(state, seat, worker, place).unwrap_or(0);
    state.pay(seat, Resource::Wisdom, cost);
    let colour = state
        .places
        .get(place as usize - 1)
        .and_then(|p| p.bonus.row())
        .map(|b| b.colour);
    let (double, bonus_allowed) = match worker {
        Worker::Archon => {
            state.player_mut(seat).archon_at = Some(place);
            let ok = colour.is_some_and(|c| state.player(seat).counsellors.contains(&c));
            (false, ok)
        }
        Worker::Freeman(i) => {
            let Some(f) = state.player_mut(seat).freemen.get_mut(i as usize) else {
                return;
            };
            f.at = Some(place);
            (f.die.value == 6, Some(f.die.colour) == colour)
        }
        Worker::Orator(i) => {
            if let Some(o) = state.player_mut(seat).orators.get_mut(i as usize) {
                o.at = Some(place);
            }
            (false, false)
        }
    };
    state.emit(Event::Visited {
        seat,
        place,
        worker,
        wisdom_paid: cost as u8,
    });
    state.tasks.push(Task::Visit {
        place,
        done: [false; 2],
        double,
        bonus_allowed,
        bonus_done: false,
    });
}

fn main_action(state: &mut Play<'_>, seat: Seat, a: MainAction) {
    match a {
        MainAction::Stone3 => state.gain(seat, Resource::Stone, 3),
        MainAction::Food3 => state.gain(seat, Resource::Food, 3),
        MainAction::Wisdom3 => state.gain(seat, Resource::Wisdom, 3),
        MainAction::Mix3 => {
            state.gain(seat, Resource::Stone, 1);
            state.gain(seat, Resource::Wisdom, 1);
            state.gain(seat, Resource::Food, 1);
        }
        MainAction::Gold => {
            state.gain(seat, Resource::Gold, 1);
            state.tasks.push(Task::GainBasic { n: 1 });
        }
        MainAction::Military => state.tasks.push(Task::Military {
            advance: tables().board.military_advance.main,
            either: false,
            advanced: false,
            attacked: false,
        }),
        MainAction::Build => state.tasks.push(Task::Build),
        MainAction::Temple => {
            state.pay(seat, Resource::Stone, 1);
            let aquarius = state.has_zodiac(seat, ZodiacKind::Aquarius);
            state.tasks.push(Task::Temple {
                steps: 2,
                card: true,
                aquarius,
            });
        }
        MainAction::Recruit => state.tasks.push(Task::Recruit {
            free: false,
            optional: false,
        }),
        MainAction::Feed => state.tasks.push(Task::Feed { done: 0 }),
    }
}

fn bonus_action(state: &mut Play<'_>, seat: Seat, e: BonusEffect) {
    match e {
        BonusEffect::Military => {
            state.pay(seat, Resource::Wisdom, 1);
            state.tasks.push(Task::Military {
                advance: tables().board.military_advance.bonus,
                either: true,
                advanced: false,
                attacked: false,
            });
        }
        BonusEffect::Build => {
            state.pay(seat, Resource::Food, 1);
            state.tasks.push(Task::Build);
        }
        BonusEffect::Temple => {
            state.pay(seat, Resource::Stone, 1);
            state.tasks.push(Task::Temple {
                steps: 1,
                card: false,
                aquarius: false,
            });
        }
        BonusEffect::Resource => state.tasks.push(Task::GainBasic { n: 1 }),
        BonusEffect::Orator => state.tasks.push(Task::TakeOrator { optional: false }),
    }
}
