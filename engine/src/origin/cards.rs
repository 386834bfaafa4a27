//! Standard cards (rules 2.6, tables 3.7-3.9): when a card may be played, what Action cards
//! do (with their sub-decisions) and which Permanent effects a player has.

use super::actions::{self, exchange_rule};
use super::data::{tables, ActionEffect, CardKind, PermanentEffect};
use super::end::last_turn;
use super::frame::{EffectStep, Frame, PickSource};
use super::map::{bit, map, members};
use super::objectives;
use super::pawns::{self, differences};
use super::refusal::Refusal;
use super::rewards::{self, takeable_slots};
use super::state::{has_permanent, State};
use super::tiles::{self, ALL_COLUMNS};
use super::tokens;
use super::types::*;
use crate::{RuleError, Seat};

pub fn color_bit(color: CardColor) -> u8 {
    match color {
        CardColor::Yellow => 1,
        CardColor::Orange => 2,
        CardColor::Purple => 4,
    }
}

/// Opponents whose collection Action cards may take from (not protected by `ActionImmune`).
fn victims(state: &State, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
    state
        .seats()
        .filter(move |&o| o != seat && !has_permanent(state, o, PermanentEffect::ActionImmune))
}

/// True if `seat` may play `card` now (the cheap twin of [`play_error`]).
pub fn playable(state: &State, seat: Seat, card: CardId) -> bool {
    let Some(row) = tables().card(card) else {
        return false;
    };
    if !state.player(seat).hand.contains(&card) {
        return false;
    }
    let played = state.turn.played_colors & color_bit(row.color) != 0;
    if played && !(row.color == CardColor::Purple && last_turn(state)) {
        return false;
    }
    match row.kind {
        CardKind::Action(effect) => effect_available(state, seat, effect),
        CardKind::Permanent { level, .. } => state.player(seat).tiles.max_level() >= level,
        CardKind::Objective { condition, .. } => objectives::met(state, seat, &condition),
    }
}

/// Why `seat` may not play `card` now (`None`: playable). Window and turn are checked by
/// the caller.
pub fn play_error(state: &State, seat: Seat, card: CardId) -> Option<RuleError> {
    let t = tables();
    let Some(row) = t.card(card) else {
        return Some(Refusal::UnknownCard.because("There is no such card."));
    };
    if !state.player(seat).hand.contains(&card) {
        return Some(
            Refusal::CardNotInHand.because(format!("Card {} is not in your hand.", row.code)),
        );
    }
    let played = state.turn.played_colors & color_bit(row.color) != 0;
    let objective_exception = row.color == CardColor::Purple && last_turn(state);
    if played && !objective_exception {
        return Some(Refusal::CardColorAlreadyPlayed.because("You already played a card of this colour this turn (one card of each colour per turn).",
        ));
    }
    match row.kind {
        CardKind::Action(effect) => {
            if !effect_available(state, seat, effect) {
                return Some(
                    Refusal::CardHasNoEffect
                        .because(format!("Card {} cannot do anything now.", row.code)),
                );
            }
        }
        CardKind::Permanent { level, .. } => {
            if state.player(seat).tiles.max_level() < level {
                return Some(Refusal::InnovationLevelTooLow.because(format!(
                    "Card {} needs an Innovation tile of level {level} or more.",
                    row.code
                )));
            }
        }
        CardKind::Objective { condition, .. } => {
            if !objectives::met(state, seat, &condition) {
                return Some(Refusal::ObjectiveNotMet.because(format!(
                    "The condition of objective {} is not met.",
                    row.code
                )));
            }
        }
    }
    None
}

pub fn push_card_plays(state: &State, seat: Seat, out: &mut Vec<Action>) {
    if state.junior() {
        return;
    }
    let hand = &state.player(seat).hand;
    for (i, &card) in hand.iter().enumerate() {
        if hand[..i].contains(&card) {
            continue;
        }
        if playable(state, seat, card) {
            out.push(Action::PlayCard { card });
        }
    }
}

fn first_step(effect: ActionEffect) -> Option<EffectStep> {
    Some(match effect {
        ActionEffect::ExtraEvolve => EffectStep::Evolve,
        ActionEffect::ExtraMigrate => EffectStep::Migrate,
        ActionEffect::EqualExchange => EffectStep::EqualExchange,
        ActionEffect::StealCard => EffectStep::StealCard,
        ActionEffect::StealStraitToken => EffectStep::StealStrait,
        ActionEffect::StealTile => EffectStep::StealTile,
        ActionEffect::ReplacePawn => EffectStep::ReplaceSelect,
        ActionEffect::PushOpponent => EffectStep::PushSelect,
        ActionEffect::RelocateInContinent => EffectStep::RelocateSelect,
        ActionEffect::RangePlusOne
        | ActionEffect::TakeFaceUpTile
        | ActionEffect::DrawPermanents
        | ActionEffect::DrawObjectives
        | ActionEffect::DrawActions => return None,
    })
}

/// An Action card is playable only if it can do something now.
pub fn effect_available(state: &State, seat: Seat, effect: ActionEffect) -> bool {
    match effect {
        ActionEffect::TakeFaceUpTile => takeable_slots(state, seat, ALL_COLUMNS).next().is_some(),
        e => match first_step(e) {
            Some(step) => {
                let mut v = Vec::new();
                push_step_actions(state, seat, step, &mut v);
                !v.is_empty()
            }
            None => true,
        },
    }
}

/// The legal choices of an Action card's pending step.
pub fn push_step_actions(state: &State, seat: Seat, step: EffectStep, out: &mut Vec<Action>) {
    let m = map();
    match step {
        EffectStep::Evolve => actions::push_evolves(state, seat, None, out),
        EffectStep::Migrate => actions::push_migrates(state, seat, None, out),
        EffectStep::EqualExchange => {
            let rule = exchange_rule(state, seat, true);
            actions::push_exchanges(state, seat, None, rule, out)
        }
        EffectStep::StealCard => {
            for o in victims(state, seat) {
                if !state.player(o).hand.is_empty() {
                    out.push(Action::ChooseOpponent { seat: o });
                }
            }
        }
        EffectStep::StealStrait => {
            for o in victims(state, seat) {
                for &(strait, _) in &state.player(o).strait_tokens {
                    out.push(Action::ChooseStraitToken { seat: o, strait });
                }
            }
        }
        EffectStep::StealTile => {
            let mine = &state.player(seat).tiles;
            for o in victims(state, seat) {
                for tile in state.player(o).tiles.free() {
                    let a = Action::ChooseOpponentTile { seat: o, tile };
                    if mine.can_place(tiles::level(tile)) && !out.contains(&a) {
                        out.push(a);
                    }
                }
            }
        }
        EffectStep::ReplaceSelect => {
            for t in members(state.own(seat)) {
                if replacements(state, t).next().is_some() {
                    out.push(Action::ChooseTerritory { territory: t });
                }
            }
        }
        EffectStep::ReplaceWith { territory } => {
            for pawn in replacements(state, territory) {
                out.push(Action::ChoosePawn { pawn });
            }
        }
        EffectStep::PushSelect => {
            let occ = state.occupied();
            for t in m.all() {
                let Some(owner) = state.owner_at(t) else {
                    continue;
                };
                if owner != seat && m.adjacent[t.0 as usize] & !occ != 0 {
                    out.push(Action::ChooseTerritory { territory: t });
                }
            }
        }
        EffectStep::PushTo { from } => {
            let occ = state.occupied();
            if let Some(&adj) = m.adjacent.get(from.0 as usize) {
                for t in members(adj & !occ) {
                    out.push(Action::ChooseTerritory { territory: t });
                }
            }
        }
        EffectStep::RelocateSelect => {
            for t in members(state.own(seat)) {
                if relocations(state, t) != 0 {
                    out.push(Action::ChooseTerritory { territory: t });
                }
            }
        }
        EffectStep::RelocateTo { from } => {
            for t in members(relocations(state, from)) {
                out.push(Action::ChooseTerritory { territory: t });
            }
        }
    }
}

/// A11: reserve pawns differing from the pawn on `t` in exactly one characteristic.
fn replacements(state: &State, t: TerritoryId) -> impl Iterator<Item = PawnType> + '_ {
    let old = state.at(t).map(|p| p.pawn);
    pawns::all_types()
        .filter(move |&n| old.is_some_and(|o| differences(o, n) == 1) && state.reserve_count(n) > 0)
}

/// A14: empty territories of the continent of `from`.
fn relocations(state: &State, from: TerritoryId) -> u64 {
    let m = map();
    if !m.contains(from) {
        return 0;
    }
    let c = m.continent(from);
    let occ = state.occupied();
    m.all()
        .filter(|&t| m.continent(t) == c && occ & bit(t) == 0)
        .fold(0, |acc, t| acc | bit(t))
}

/// Plays `card` (already validated).
pub fn play(state: &mut State, seat: Seat, card: CardId, ev: &mut Vec<Event>) {
    let t = tables();
    let Some(row) = t.card(card) else {
        return;
    };
    let player = &mut state.players[seat.index()];
    if let Some(i) = player.hand.iter().position(|&c| c == card) {
        player.hand.remove(i);
    }
    state.turn.played_colors |= color_bit(row.color);
    ev.push(Event::CardPlayed { seat, card });
    match row.kind {
        CardKind::Action(effect) => {
            state.discard.push(card);
            match effect {
                ActionEffect::RangePlusOne => state.turn.range_bonus += 1,
                ActionEffect::DrawPermanents => state.stack.push(Frame::Draw {
                    color: CardColor::Orange,
                    count: 2,
                }),
                ActionEffect::DrawObjectives => state.stack.push(Frame::Draw {
                    color: CardColor::Purple,
                    count: 2,
                }),
                ActionEffect::DrawActions => state.stack.push(Frame::Draw {
                    color: CardColor::Yellow,
                    count: 2,
                }),
                ActionEffect::TakeFaceUpTile => state.stack.push(Frame::PickTiles {
                    columns: ALL_COLUMNS,
                    picks: 1,
                    defer_refill: false,
                    deferred: Vec::new(),
                    source: PickSource::Card(card),
                }),
                e => {
                    if let Some(step) = first_step(e) {
                        state.stack.push(Frame::Effect { card, step });
                    }
                }
            }
        }
        CardKind::Permanent { .. } => player.permanents.push(card),
        CardKind::Objective { .. } => {
            player.played_objectives.push(card);
            // Replace the objective; on the last turn only the first one (rules 2.8).
            if state.turn.objectives_played == 0 {
                state.stack.push(Frame::Draw {
                    color: CardColor::Purple,
                    count: 1,
                });
            }
            state.turn.objectives_played += 1;
        }
    }
}

/// Resolves a choice of an Action card's step (already validated). The Evolve / Migrate /
/// Exchange steps are resolved by the main-action code.
pub fn choose(
    state: &mut State,
    seat: Seat,
    step: EffectStep,
    action: &Action,
    ev: &mut Vec<Event>,
) {
    match (step, action) {
        (EffectStep::StealCard, &Action::ChooseOpponent { seat: o }) => {
            state.stack.pop();
            let n = state.player(o).hand.len();
            if n == 0 {
                return;
            }
            let i = state.rng.index(n);
            let card = state.players[o.index()].hand.remove(i);
            state.players[seat.index()].hand.push(card);
            ev.push(Event::CardStolen {
                from: o,
                to: seat,
                card: Some(card),
            });
            if tables().card_color(card) == CardColor::Purple {
                state.stack.push(Frame::HandLimit);
            }
        }
        (EffectStep::StealStrait, &Action::ChooseStraitToken { seat: o, strait }) => {
            state.stack.pop();
            let theirs = &mut state.players[o.index()].strait_tokens;
            if let Some(i) = theirs.iter().position(|&(s, _)| s == strait) {
                let token = theirs.remove(i);
                state.players[seat.index()].strait_tokens.push(token);
                ev.push(Event::StraitTokenStolen {
                    from: o,
                    to: seat,
                    strait,
                });
            }
        }
        (EffectStep::StealTile, &Action::ChooseOpponentTile { seat: o, tile }) => {
            state.stack.pop();
            if state.players[o.index()].tiles.remove_free(tile) {
                state.players[seat.index()].tiles.place(tile, true);
                ev.push(Event::TileTaken {
                    seat,
                    source: TileSource::Opponent(o),
                    tile: Some(tile),
                    level: Some(tiles::level(tile)),
                });
            }
        }
        (EffectStep::ReplaceSelect, &Action::ChooseTerritory { territory }) => {
            set_step(state, EffectStep::ReplaceWith { territory });
        }
        (EffectStep::ReplaceWith { territory }, &Action::ChoosePawn { pawn }) => {
            state.stack.pop();
            let Some(placed) = state.at(territory) else {
                return;
            };
            let old = placed.pawn;
            if let (Some(i), Some(j)) = (pawns::index(pawn), pawns::index(old)) {
                state.reserve[i] -= 1;
                state.reserve[j] += 1;
            }
            state.board[territory.0 as usize] = Some(super::state::Placed { pawn, ..placed });
            ev.push(Event::PawnReplaced {
                seat,
                territory,
                old,
                new: pawn,
            });
        }
        (EffectStep::PushSelect, &Action::ChooseTerritory { territory }) => {
            set_step(state, EffectStep::PushTo { from: territory });
        }
        (EffectStep::RelocateSelect, &Action::ChooseTerritory { territory }) => {
            set_step(state, EffectStep::RelocateTo { from: territory });
        }
        (
            EffectStep::PushTo { from } | EffectStep::RelocateTo { from },
            &Action::ChooseTerritory { territory: to },
        ) => {
            state.stack.pop();
            let owner = state.owner_at(from).unwrap_or(seat);
            actions::move_pawn(state, from, to);
            ev.push(Event::PawnMoved { owner, from, to });
            tokens::arrived(state, to, ev);
            tokens::check_straits(state, ev);
        }
        _ => {}
    }
}

fn set_step(state: &mut State, step: EffectStep) {
    if let Some(Frame::Effect { step: s, .. }) = state.stack.last_mut() {
        *s = step;
    }
}

/// Draws for a `Frame::Draw` (then the hand limit for Objectives, Standard only).
pub fn resolve_draw(state: &mut State, color: CardColor, count: u8, ev: &mut Vec<Event>) {
    let seat = state.current;
    rewards::draw_cards(state, seat, color, count, ev);
    if color == CardColor::Purple && !state.junior() {
        state.stack.push(Frame::HandLimit);
    }
}
