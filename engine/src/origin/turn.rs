//! The turn as a state machine (rules 2.7): a stack of pending steps, the legal decisions of
//! the step on top, and how each decision advances the game.

use super::actions::{self, has_main_action};
use super::assumptions::{PASS_WHEN_NO_MAIN_ACTION, STALEMATE_ENDS_GAME, TILE_PART_OPTIONAL};
use super::cards;
use super::data::tables;
use super::end;
use super::frame::{EffectStep, Frame, PickSource};
use super::rewards::{self, hand_excess, takeable_slots};
use super::state::State;
use super::tiles;
use super::types::*;
use crate::{Seat, SeatSet};

pub fn to_act(state: &State) -> SeatSet {
    if state.over {
        return SeatSet::EMPTY;
    }
    match state.stack.last() {
        Some(Frame::Draft) => state
            .seats()
            .filter(|s| !state.draft[s.index()].is_empty())
            .collect(),
        Some(_) => SeatSet::only(state.current),
        None => SeatSet::EMPTY,
    }
}

pub fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
    let mut out = Vec::with_capacity(64);
    if !to_act(state).contains(seat) {
        return out;
    }
    let Some(top) = state.stack.last() else {
        return out;
    };
    match top {
        Frame::Draft => {
            for &card in &state.draft[seat.index()] {
                out.push(Action::KeepObjective { card });
            }
        }
        Frame::Main => {
            actions::push_main_actions(state, seat, &mut out);
            if out.is_empty() && PASS_WHEN_NO_MAIN_ACTION {
                out.push(Action::PassMain);
            }
            cards::push_card_plays(state, seat, &mut out);
        }
        Frame::AfterMain => {
            cards::push_card_plays(state, seat, &mut out);
            out.push(Action::EndTurn);
        }
        Frame::ChooseReward { .. } => {
            out.push(Action::ChooseReward {
                option: RewardOption::A,
            });
            out.push(Action::ChooseReward {
                option: RewardOption::B,
            });
        }
        Frame::PickTiles { columns, .. } => {
            for i in takeable_slots(state, seat, *columns) {
                out.push(Action::TakeTile {
                    slot: tiles::slot_at(i),
                });
            }
            if TILE_PART_OPTIONAL {
                out.push(Action::SkipTile);
            }
        }
        Frame::ReturnCards { color, .. } => {
            push_hand_cards(state, seat, *color, &mut out, |card| Action::ReturnCard {
                card,
            })
        }
        Frame::HandLimit => push_hand_cards(state, seat, CardColor::Purple, &mut out, |card| {
            Action::DiscardObjective { card }
        }),
        Frame::Effect { step, .. } => cards::push_step_actions(state, seat, *step, &mut out),
        Frame::EndTurn | Frame::Draw { .. } => {}
    }
    out
}

fn push_hand_cards(
    state: &State,
    seat: Seat,
    color: CardColor,
    out: &mut Vec<Action>,
    make: impl Fn(CardId) -> Action,
) {
    let t = tables();
    let hand = &state.player(seat).hand;
    for (i, &card) in hand.iter().enumerate() {
        if t.card_color(card) == color && !hand[..i].contains(&card) {
            out.push(make(card));
        }
    }
}

/// True if `action` is among `legal_actions(state, seat)`; only generates the part of the
/// list the action belongs to.
pub fn is_legal(state: &State, seat: Seat, action: &Action) -> bool {
    if !to_act(state).contains(seat) {
        return false;
    }
    let mut out = Vec::new();
    match (state.stack.last(), action) {
        (Some(Frame::Main), Action::Evolve { target, .. })
        | (
            Some(Frame::Effect {
                step: EffectStep::Evolve,
                ..
            }),
            Action::Evolve { target, .. },
        ) => actions::push_evolves(state, seat, Some(*target), &mut out),
        (Some(Frame::Main), Action::Migrate { from, .. })
        | (
            Some(Frame::Effect {
                step: EffectStep::Migrate,
                ..
            }),
            Action::Migrate { from, .. },
        ) => actions::push_migrates(state, seat, Some(*from), &mut out),
        (Some(Frame::Main), Action::Exchange { from, .. }) => {
            let rule = actions::exchange_rule(state, seat, false);
            actions::push_exchanges(state, seat, Some(*from), rule, &mut out)
        }
        (
            Some(Frame::Effect {
                step: EffectStep::EqualExchange,
                ..
            }),
            Action::Exchange { from, .. },
        ) => {
            let rule = actions::exchange_rule(state, seat, true);
            actions::push_exchanges(state, seat, Some(*from), rule, &mut out)
        }
        (Some(Frame::Main), Action::PassMain) => {
            return PASS_WHEN_NO_MAIN_ACTION && !has_main_action(state, seat)
        }
        (Some(Frame::Main | Frame::AfterMain), Action::PlayCard { card }) => {
            return !state.junior() && cards::playable(state, seat, *card)
        }
        _ => return legal_actions(state, seat).contains(action),
    }
    out.contains(action)
}

/// Performs a legal decision, then runs the automatic steps (end checks, turn end, draws)
/// up to the next decision.
pub fn perform_decision(state: &mut State, seat: Seat, action: &Action, ev: &mut Vec<Event>) {
    perform(state, seat, action, ev);
    end::check(state, ev);
    run(state, ev);
}

/// Pops the step that allowed a main action (Main, or an Action card's step) and, for the
/// turn's own main action, queues what follows it.
fn begin_main(state: &mut State) {
    if let Some(Frame::Main) = state.stack.pop() {
        state.stack.push(if state.junior() {
            Frame::EndTurn
        } else {
            Frame::AfterMain
        });
    }
}

fn perform(state: &mut State, seat: Seat, action: &Action, ev: &mut Vec<Event>) {
    match *action {
        Action::KeepObjective { card } => keep_objective(state, seat, card, ev),
        Action::Evolve {
            target,
            reference,
            pawn,
        } => {
            begin_main(state);
            actions::evolve(state, seat, target, reference, pawn, ev);
            end::check_step(state, ev);
            rewards::start(state, target, ev);
        }
        Action::Migrate { from, to } => {
            begin_main(state);
            actions::migrate(state, seat, from, to, ev);
            end::check_step(state, ev);
            rewards::start(state, to, ev);
        }
        Action::Exchange { from, to } => {
            begin_main(state);
            actions::exchange(state, seat, from, to, ev);
            end::check_step(state, ev);
            rewards::start(state, to, ev);
        }
        Action::PassMain => {
            begin_main(state);
            state.turn.passed = true;
            ev.push(Event::PassedMain { seat });
        }
        Action::ChooseReward { option } => {
            if let Some(Frame::ChooseReward { color }) = state.stack.pop() {
                rewards::choose(state, color, option, ev);
            }
        }
        Action::TakeTile { slot } => {
            let Some(i) = tiles::slot_index(slot) else {
                return;
            };
            let mut defer = false;
            if let Some(Frame::PickTiles {
                picks,
                defer_refill,
                deferred,
                ..
            }) = state.stack.last_mut()
            {
                *picks = picks.saturating_sub(1);
                defer = *defer_refill;
                if defer {
                    deferred.push(i as u8);
                }
            }
            rewards::take_slot(state, seat, i, defer, ev);
        }
        Action::SkipTile => {
            finish_pick(state, ev);
        }
        Action::ReturnCard { card } => {
            if let Some(Frame::ReturnCards { count, .. }) = state.stack.last_mut() {
                *count = count.saturating_sub(1);
            }
            rewards::return_card(state, seat, card, ev);
        }
        Action::DiscardObjective { card } => rewards::return_card(state, seat, card, ev),
        Action::PlayCard { card } => cards::play(state, seat, card, ev),
        Action::EndTurn => {
            state.stack.pop();
            end_turn(state, ev);
        }
        Action::ChooseOpponent { .. }
        | Action::ChooseTerritory { .. }
        | Action::ChoosePawn { .. }
        | Action::ChooseStraitToken { .. }
        | Action::ChooseOpponentTile { .. } => {
            if let Some(&Frame::Effect { step, .. }) = state.stack.last() {
                cards::choose(state, seat, step, action, ev);
            }
        }
    }
}

fn keep_objective(state: &mut State, seat: Seat, card: CardId, ev: &mut Vec<Event>) {
    let dealt = std::mem::take(&mut state.draft[seat.index()]);
    state.players[seat.index()].hand.push(card);
    let returned: Vec<CardId> = dealt.into_iter().filter(|&c| c != card).collect();
    state.piles[2].extend(returned);
    ev.push(Event::ObjectiveKept {
        seat,
        card: Some(card),
    });
    if state.draft.iter().all(Vec::is_empty) {
        // Reshuffle the whole Objective deck, then the first turn starts (rules 1.5).
        let mut pile = std::mem::take(&mut state.piles[2]);
        state.rng.shuffle(&mut pile);
        state.piles[2] = pile;
        state.stack.clear();
        let first = state.current;
        start_turn(state, first, ev);
    }
}

fn finish_pick(state: &mut State, ev: &mut Vec<Event>) {
    if let Some(Frame::PickTiles { deferred, .. }) = state.stack.pop() {
        for i in deferred {
            rewards::refill(state, i as usize, ev);
        }
        end::check_step(state, ev);
    }
}

/// Resolves automatic steps and drops steps with nothing left to decide.
pub fn run(state: &mut State, ev: &mut Vec<Event>) {
    while !state.over {
        let seat = state.current;
        let Some(top) = state.stack.last() else {
            return;
        };
        match top {
            Frame::EndTurn => {
                state.stack.pop();
                end_turn(state, ev);
            }
            &Frame::Draw { color, count } => {
                state.stack.pop();
                cards::resolve_draw(state, color, count, ev);
            }
            Frame::HandLimit => {
                if hand_excess(state, seat) > 0 {
                    return;
                }
                state.stack.pop();
            }
            Frame::PickTiles { picks, columns, .. } => {
                if *picks > 0 && takeable_slots(state, seat, *columns).next().is_some() {
                    return;
                }
                finish_pick(state, ev);
            }
            Frame::ReturnCards { color, count } => {
                let has = state
                    .player(seat)
                    .hand
                    .iter()
                    .any(|&c| tables().card_color(c) == *color);
                if *count > 0 && has {
                    return;
                }
                state.stack.pop();
            }
            Frame::Effect { .. } => {
                if !legal_actions(state, seat).is_empty() {
                    return;
                }
                state.stack.pop();
            }
            Frame::Draft | Frame::Main | Frame::AfterMain | Frame::ChooseReward { .. } => return,
        }
    }
}

fn start_turn(state: &mut State, seat: Seat, ev: &mut Vec<Event>) {
    state.current = seat;
    state.turn = Default::default();
    state.stack.clear();
    state.stack.push(Frame::Main);
    ev.push(Event::TurnStarted { seat });
}

/// End of the current player's turn: Junior end, stalemate, final round, next player.
pub fn end_turn(state: &mut State, ev: &mut Vec<Event>) {
    let seat = state.current;
    ev.push(Event::TurnEnded { seat });
    if state.turn.passed {
        state.passes = state.passes.saturating_add(1);
    } else {
        state.passes = 0;
    }
    let stalemate = STALEMATE_ENDS_GAME && state.passes >= state.options.players;
    if state.junior() {
        if let Some(color) = end::junior_pile_empty(state) {
            ev.push(Event::EndTriggered {
                seat,
                reason: EndTrigger::PileEmpty(color),
            });
            end::game_over(state, ev);
            return;
        }
        if stalemate {
            ev.push(Event::EndTriggered {
                seat,
                reason: EndTrigger::Stalemate,
            });
            end::game_over(state, ev);
            return;
        }
        let next = state.next_seat(seat);
        start_turn(state, next, ev);
        return;
    }
    if stalemate && state.end.is_none() {
        end::trigger(state, EndTrigger::Stalemate, ev);
    }
    let next = match &mut state.end {
        Some(e) if e.remaining.is_empty() => {
            end::game_over(state, ev);
            return;
        }
        Some(e) => e.remaining.remove(0),
        None => state.next_seat(seat),
    };
    start_turn(state, next, ev);
}

/// What is pending, for views.
pub fn pending(state: &State) -> Pending {
    if state.over {
        return Pending::GameOver;
    }
    match state.stack.last() {
        Some(Frame::Draft) => Pending::ObjectiveDraft,
        Some(Frame::Main) | None | Some(Frame::EndTurn) => Pending::Main,
        Some(Frame::AfterMain) => Pending::AfterMain,
        Some(&Frame::ChooseReward { color }) => Pending::Reward { color },
        Some(Frame::PickTiles { source, .. }) => match *source {
            PickSource::Reward(color) => Pending::Reward { color },
            PickSource::Card(card) => Pending::CardEffect { card },
        },
        Some(&Frame::Draw { color, .. }) => Pending::ReturnCards { color, count: 0 },
        Some(&Frame::ReturnCards { color, count }) => Pending::ReturnCards { color, count },
        Some(Frame::HandLimit) => Pending::HandLimit {
            count: hand_excess(state, state.current) as u8,
        },
        Some(&Frame::Effect { card, .. }) => Pending::CardEffect { card },
    }
}
