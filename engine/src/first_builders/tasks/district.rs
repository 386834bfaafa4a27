//! Completing a District (rules 2.7): the Seat of Power for a Freeman (`ChooseSeat`), the
//! activations it triggers, and the District card it scores (`DistrictCard` when several
//! match).

use super::super::city::{district_activations, empty_seats, matching_cards};
use super::super::data::ZodiacKind;
use super::super::refusal::Refusal;
use super::super::state::{Play, State, Task};
use super::super::types::{Action, Cell, Event, Pending, Resource};
use crate::{RuleError, Seat};

pub fn owns(task: &Task) -> bool {
    matches!(task, Task::ChooseSeat { .. } | Task::DistrictCard { .. })
}

pub fn pending(task: &Task) -> Pending {
    match task {
        Task::ChooseSeat { freeman } => Pending::ChooseSeatOfPower { freeman: *freeman },
        Task::DistrictCard { options } => Pending::ChooseDistrictCard {
            cards: options.clone(),
        },
        _ => Pending::Pass,
    }
}

pub fn choices(state: &State, seat: Seat, task: &Task) -> Vec<Action> {
    match task {
        Task::ChooseSeat { .. } => empty_seats(state, seat)
            .into_iter()
            .map(Action::Seat)
            .collect(),
        Task::DistrictCard { options } => {
            options.iter().map(|&i| Action::DistrictCard(i)).collect()
        }
        _ => Vec::new(),
    }
}

pub fn refusal(action: &Action) -> Option<RuleError> {
    matches!(action, Action::CompleteDistrict(_) | Action::Seat(_)).then(|| {
        Refusal::CannotCompleteDistrict
            .because("That Freeman or Seat of Power cannot complete a District.")
    })
}

pub fn resolve(state: &mut Play<'_>, seat: Seat, task: Task, action: Action) {
    match (task, action) {
        (Task::ChooseSeat { freeman }, Action::Seat(at)) => {
            complete_district(state, seat, freeman, at)
        }
        (Task::DistrictCard { .. }, Action::DistrictCard(i)) => score_card(state, seat, i as usize),
        _ => {}
    }
}

fn complete_district(state: &mut Play<'_>, seat: Seat, freeman: u8, at: Cell) {
    let i = freeman as usize;
    if i >= state.player(seat).freemen.len() {
        return;
    }
    let mut die = state.player_mut(seat).freemen.remove(i).die;
    if state.has_zodiac(seat, ZodiacKind::Leo) {
        die.value = (die.value + 2).min(6);
    }
    state.player_mut(seat).seats.push((at, die));
    if state.has_zodiac(seat, ZodiacKind::Scorpio) {
        state.gain(seat, Resource::Wisdom, 1);
    }
    if state.has_zodiac(seat, ZodiacKind::Libra) {
        state.tasks.push(Task::Recruit {
            free: false,
            optional: true,
        });
    }
    let act = district_activations(state, seat, at, die.colour);
    if !act.is_empty() {
        state.tasks.push(Task::Activate {
            cells: act,
            built: false,
        });
    }
    let matches = matching_cards(state, seat, at);
    let card = match matches[..] {
        [only] => state.districts.get(only as usize).map(|(c, _)| *c),
        _ => None,
    };
    state.emit(Event::DistrictCompleted {
        seat,
        at,
        colour: die.colour,
        value: die.value,
        card,
    });
    match matches.len() {
        0 => {}
        1 => score_card(state, seat, matches[0] as usize),
        _ => state.tasks.push(Task::DistrictCard { options: matches }),
    }
}

pub fn score_card(state: &mut Play<'_>, seat: Seat, idx: usize) {
    let Some((card, gold)) = state.districts.get(idx).copied() else {
        return;
    };
    let Some(row) = card.row() else {
        return;
    };
    let first = !state.player(seat).scored_cards.contains(&card);
    let vp = if first { row.vp_high } else { row.vp_low };
    if first {
        state.player_mut(seat).scored_cards.push(card);
    }
    state.add_vp(seat, vp, &format!("district card {}", card.code()));
    state.gain(seat, Resource::Gold, gold as u32);
    state.districts[idx].1 = 0;
}
