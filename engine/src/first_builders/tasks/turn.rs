//! The turn actions (rules 2.5-2.9): with no task pending, send a worker, complete a
//! District, raise a tower, buy a population base or pass; after one, spend a Superiority
//! token for one more or end the turn. Also the Pass procedure and the end of a turn.

use super::super::city::empty_seats;
use super::super::data::{tables, ZodiacKind};
use super::super::military;
use super::super::modules as hooks;
use super::super::refusal::Refusal;
use super::super::round;
use super::super::state::{Play, State, Task, TurnStep};
use super::super::types::{Action, Colour, Event, Resource, Worker};
use super::visit::visit_legal;
use crate::{RuleError, Seat};

/// The turn actions open to `seat` (no task pending, `TurnStep::Start`).
pub fn choices(state: &State, seat: Seat) -> Vec<Action> {
    let p = state.player(seat);
    let mut v = Vec::new();
    let mut workers = vec![Worker::Archon];
    workers.extend((0..p.freemen.len() as u8).map(Worker::Freeman));
    workers.extend((0..p.orators.len() as u8).map(Worker::Orator));
    for w in workers {
        if (1..=5).any(|pl| visit_legal(state, seat, w, pl)) {
            v.push(Action::Worker(w));
        }
    }
    if !empty_seats(state, seat).is_empty() {
        for (i, f) in p.freemen.iter().enumerate() {
            if f.at.is_none() {
                v.push(Action::CompleteDistrict(i as u8));
            }
        }
    }
    for c in Colour::ALL {
        if state.floor_reserve[c.index()] > 0 && p.res[3] >= p.towers[c.index()] as u32 {
            v.push(Action::RaiseTower(c));
        }
    }
    if let Some(cost) = population_cost(state, seat) {
        if state.can_pay(seat, Resource::Food, cost as u32) {
            v.push(Action::BuyBase);
        }
    }
    v.push(Action::Pass);
    v
}

/// After a turn action (`TurnStep::After`): one more with a Superiority token, or end.
pub fn after_choices(state: &State, seat: Seat) -> Vec<Action> {
    let mut v = vec![Action::EndTurn];
    if state.can_use_superiority(seat) {
        v.insert(0, Action::UseSuperiority);
    }
    v
}

pub fn refusal(action: &Action) -> Option<RuleError> {
    let (refusal, msg) = match action {
        Action::Worker(_) => (
            Refusal::WorkerUnavailable,
            "That worker is not available or can visit no Meeting Place (value, Wisdom or action).",
        ),
        Action::RaiseTower(_) => (
            Refusal::CannotRaiseTower,
            "No floor of that colour in the reserve, or not enough Gold for the tower's height.",
        ),
        Action::BuyBase => (
            Refusal::CannotBuyBase,
            "No base left to buy, or not enough Food.",
        ),
        Action::UseSuperiority => (
            Refusal::NoSuperiority,
            "No Superiority token, or one was already used this turn.",
        ),
        _ => return None,
    };
    Some(refusal.because(msg))
}

pub fn population_cost(state: &State, seat: Seat) -> Option<u8> {
    let c = &tables().board.constants;
    let bought = state.player(seat).bases.checked_sub(c.bases_start)?;
    tables().board.population.food.get(bought as usize).copied()
}

/// Applies a turn action, or the choice made after one.
pub fn resolve(state: &mut Play<'_>, seat: Seat, action: Action) {
    match action {
        Action::UseSuperiority => {
            state.spend_superiority(seat);
            state.step = TurnStep::Start;
            // A Superiority action is a separate turn for the Wonder (3.1.7).
            hooks::new_turn(state, seat);
        }
        Action::EndTurn => end_turn(state),
        _ => {
            state.step = TurnStep::Acting;
            match action {
                Action::Worker(w) => state.tasks.push(Task::ChoosePlace { worker: w }),
                Action::CompleteDistrict(i) => state.tasks.push(Task::ChooseSeat { freeman: i }),
                Action::RaiseTower(c) => raise_tower(state, seat, c),
                Action::BuyBase => buy_base(state, seat),
                Action::Pass => pass(state, seat),
                _ => {}
            }
        }
    }
}

pub fn raise_tower(state: &mut Play<'_>, seat: Seat, c: Colour) {
    let h = state.player(seat).towers[c.index()];
    state.pay(seat, Resource::Gold, h as u32);
    state.floor_reserve[c.index()] -= 1;
    state.player_mut(seat).towers[c.index()] += 1;
    state.emit(Event::TowerRaised {
        seat,
        colour: c,
        height: h + 1,
    });
    if state.has_zodiac(seat, ZodiacKind::Capricorn) {
        state.tasks.push(Task::Capricorn);
    }
}

pub fn buy_base(state: &mut Play<'_>, seat: Seat) {
    let cost = population_cost(state, seat).unwrap_or(0);
    state.pay(seat, Resource::Food, cost as u32);
    state.player_mut(seat).bases += 1;
    state.emit(Event::BaseBought { seat, food: cost });
    if state.player(seat).bases >= tables().board.constants.bases_total {
        state.add_vp(
            seat,
            tables().board.constants.last_base_vp,
            "last population base",
        );
    }
}

fn pass(state: &mut Play<'_>, seat: Seat) {
    state.player_mut(seat).passed = true;
    state.emit(Event::Passed { seat });
    state.tasks.push(Task::PassFinish);
    if state.has_zodiac(seat, ZodiacKind::Gemini) {
        let n = military::retreat_distance(state, seat);
        if n > 0 {
            state.tasks.push(Task::GainBasic { n });
        }
    }
    // Cancer is only offered when it can recruit: a free base and a die to take.
    let cancer_can_recruit =
        state.free_bases(seat) > 0 && state.recruitment.iter().any(Option::is_some);
    if state.has_zodiac(seat, ZodiacKind::Cancer) && cancer_can_recruit {
        state.tasks.push(Task::Recruit {
            free: true,
            optional: true,
        });
    }
}

/// Pass steps 4-5 (the automatic `Task::PassFinish`): workers come back, every Freeman
/// ages.
pub fn pass_finish(state: &mut Play<'_>, seat: Seat) {
    state.player_mut(seat).archon_at = None;
    let freemen = std::mem::take(&mut state.player_mut(seat).freemen);
    for mut f in freemen {
        f.at = None;
        if f.die.value >= 6 {
            state.make_counsellor(seat, f.die.colour);
        } else {
            state.emit(Event::DieChanged {
                seat,
                colour: f.die.colour,
                from: f.die.value,
                to: f.die.value + 1,
            });
            f.die.value += 1;
            state.player_mut(seat).freemen.push(f);
        }
    }
}

pub fn end_turn(state: &mut Play<'_>) {
    state.superiority_used = false;
    let seat = state.current;
    hooks::new_turn(state, seat);
    state.step = TurnStep::Start;
    let n = state.seat_count();
    let next = (1..=n)
        .map(|k| Seat(((state.current.index() + k) % n) as u8))
        .find(|&s| !state.player(s).passed);
    match next {
        Some(s) => state.current = s,
        None => round::end_of_round(state),
    }
}
