//! The starting-dice draft (setup S22-S23): each seat takes a die in draft order; solo
//! discards the two highest, then one of the last three.

use super::super::refusal::Refusal;
use super::super::state::{Phase, Play, State, TurnStep};
use super::super::types::{Action, Die, Event, Freeman};
use crate::{RuleError, Seat};

pub fn choices(state: &State) -> Vec<Action> {
    if state.solo() && state.solo_discards > 1 {
        let max = state.draft_pool.iter().map(|d| d.value).max().unwrap_or(0);
        return state
            .draft_pool
            .iter()
            .enumerate()
            .filter(|(_, d)| d.value == max)
            .map(|(i, _)| Action::DraftDie(i as u8))
            .collect();
    }
    (0..state.draft_pool.len() as u8)
        .map(Action::DraftDie)
        .collect()
}

pub fn refusal(action: &Action) -> Option<RuleError> {
    let Action::DraftDie(_) = action else {
        return None;
    };
    Some(Refusal::BadDraftDie.because("That die cannot be taken from the draft pool."))
}

pub fn resolve(state: &mut Play<'_>, action: Action) {
    let Action::DraftDie(i) = action else { return };
    let i = i as usize;
    if i >= state.draft_pool.len() {
        return;
    }
    let die = state.draft_pool.remove(i);
    if state.solo() {
        // discard (two highest, then one of the last three)
        state.dice_reserve[die.colour.index()] += 1;
        state.solo_discards = state.solo_discards.saturating_sub(1);
        if state.solo_discards == 0 {
            let kept: Vec<Die> = std::mem::take(&mut state.draft_pool);
            for d in kept {
                give_freeman(state, Seat(0), d);
            }
        }
    } else {
        let who = state.draft_order.first().copied().unwrap_or(Seat(0));
        state.draft_order.remove(0);
        give_freeman(state, who, die);
        if state.draft_order.is_empty() {
            for d in std::mem::take(&mut state.draft_pool) {
                state.dice_reserve[d.colour.index()] += 1;
            }
        }
    }
    if state.solo() && state.solo_discards == 0 || !state.solo() && state.draft_order.is_empty() {
        state.phase = Phase::Play;
        state.current = state.bastion;
        state.step = TurnStep::Start;
    } else if !state.solo() {
        state.current = state.draft_order.first().copied().unwrap_or(Seat(0));
    }
}

fn give_freeman(state: &mut Play<'_>, seat: Seat, die: Die) {
    state.emit(Event::Drafted {
        seat,
        colour: die.colour,
        value: die.value,
    });
    state
        .player_mut(seat)
        .freemen
        .push(Freeman { die, at: None });
}
