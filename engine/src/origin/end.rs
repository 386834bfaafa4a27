//! End of the game (rules 2.8): the Standard triggers, checked after each atomic step
//! (ASSUMPTION 11), and the final round; Junior ends right after the turn's reward.

use super::assumptions::END_CHECK_EACH_STEP;
use super::state::{EndState, State, CARD_COLORS};
use super::types::*;

/// The first Standard end condition that holds now, if any.
pub fn trigger_reason(state: &State) -> Option<EndTrigger> {
    if let Some(&c) = CARD_COLORS.iter().find(|&&c| state.pile(c).is_empty()) {
        return Some(EndTrigger::PileEmpty(c));
    }
    if state.slots.iter().all(Option::is_none) {
        return Some(EndTrigger::NoTilesOnBoard);
    }
    if state.reserve_total() == 0 {
        return Some(EndTrigger::ReserveEmpty);
    }
    if state.players.iter().all(|p| p.villages_left == 0) {
        return Some(EndTrigger::AllVillagesPlaced);
    }
    None
}

/// Standard: the check made after an atomic step inside an action (ASSUMPTION 11); with
/// `END_CHECK_EACH_STEP = false` only [`check`] after the whole action counts.
pub fn check_step(state: &mut State, ev: &mut Vec<Event>) {
    if END_CHECK_EACH_STEP {
        check(state, ev);
    }
}

/// Standard: triggers the end if a condition holds and it was not triggered yet.
pub fn check(state: &mut State, ev: &mut Vec<Event>) {
    if state.junior() || state.end.is_some() || state.over {
        return;
    }
    if let Some(reason) = trigger_reason(state) {
        trigger(state, reason, ev);
    }
}

/// Starts the final round: the current player finishes this turn, then every other player
/// plays exactly one more turn, clockwise.
pub fn trigger(state: &mut State, reason: EndTrigger, ev: &mut Vec<Event>) {
    let seat = state.current;
    let mut remaining = Vec::new();
    let mut s = state.next_seat(seat);
    while s != seat {
        remaining.push(s);
        s = state.next_seat(s);
    }
    state.end = Some(EndState {
        trigger: seat,
        reason,
        remaining,
    });
    ev.push(Event::EndTriggered { seat, reason });
}

/// Junior: the pile whose last card was taken, if any.
pub fn junior_pile_empty(state: &State) -> Option<CardColor> {
    CARD_COLORS
        .iter()
        .copied()
        .find(|&c| state.pile(c).is_empty())
}

pub fn game_over(state: &mut State, ev: &mut Vec<Event>) {
    state.over = true;
    state.stack.clear();
    ev.push(Event::GameEnded);
}

/// The current player is on his last turn (the end has been triggered).
pub fn last_turn(state: &State) -> bool {
    state.end.is_some()
}
