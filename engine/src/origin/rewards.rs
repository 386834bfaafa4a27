//! Territory rewards (rules 2.3): Junior (automatic) and Standard (option A or B), card
//! draws, tile picks with refills, returns to the bottom of a pile, the Objective hand limit.

use super::assumptions::*;
use super::data::{tables, PermanentEffect};
use super::end;
use super::frame::{Frame, PickSource};
use super::map::map;
use super::state::has_permanent;
use super::state::{pile_index, State};
use super::tiles::{self, column_bit, ALL_COLUMNS};
use super::types::*;
use crate::Seat;

pub fn card_color_of(color: TerritoryColor) -> Option<CardColor> {
    match color {
        TerritoryColor::Yellow => Some(CardColor::Yellow),
        TerritoryColor::Orange => Some(CardColor::Orange),
        TerritoryColor::Purple => Some(CardColor::Purple),
        _ => None,
    }
}

pub fn column_of(color: TerritoryColor) -> Option<TileColumn> {
    match color {
        TerritoryColor::Yellow => Some(TileColumn::Yellow),
        TerritoryColor::Orange => Some(TileColumn::Orange),
        TerritoryColor::Purple => Some(TileColumn::Purple),
        TerritoryColor::Brown => Some(TileColumn::Brown),
        _ => None,
    }
}

/// REWARD(t) for the current player, after the pawn arrived (tokens already handled).
pub fn start(state: &mut State, t: TerritoryId, ev: &mut Vec<Event>) {
    let seat = state.current;
    let color = map().color(t);
    if state.junior() {
        match color {
            TerritoryColor::Brown => {
                for _ in 0..2 {
                    take_from_pile(state, seat, ev);
                }
            }
            c => {
                if let Some(cc) = card_color_of(c) {
                    draw_cards(state, seat, cc, 1, ev);
                    if !JUNIOR_END_AFTER_REWARD && end::junior_pile_empty(state).is_some() {
                        end::game_over(state, ev);
                    }
                }
            }
        }
    } else if column_of(color).is_some() {
        state.stack.push(Frame::ChooseReward { color });
    }
}

/// Standard: the player chose option A or B of the reward of `color`.
pub fn choose(state: &mut State, color: TerritoryColor, option: RewardOption, ev: &mut Vec<Event>) {
    let seat = state.current;
    ev.push(Event::RewardChosen { seat, option });
    let Some(column) = column_of(color) else {
        return;
    };
    let source = PickSource::Reward(color);
    match (option, card_color_of(color)) {
        (RewardOption::A, Some(cc)) => {
            let extra = cc == CardColor::Yellow
                && has_permanent(state, seat, PermanentEffect::YellowOptionAExtraCard);
            state.stack.push(Frame::Draw {
                color: cc,
                count: 1 + extra as u8,
            });
            state.stack.push(Frame::PickTiles {
                columns: column_bit(column),
                picks: 1,
                defer_refill: false,
                deferred: Vec::new(),
                source,
            });
        }
        (RewardOption::A, None) => state.stack.push(Frame::PickTiles {
            columns: column_bit(TileColumn::Brown),
            picks: 2,
            defer_refill: BROWN_A_REFILL_AFTER_BOTH,
            deferred: Vec::new(),
            source,
        }),
        (RewardOption::B, Some(cc)) => {
            draw_cards(state, seat, cc, OPTION_B_DRAW, ev);
            let mut back = OPTION_B_RETURNS;
            if has_permanent(state, seat, PermanentEffect::OptionBReturnOne) {
                back = back.min(1);
            }
            if cc == CardColor::Purple {
                state.stack.push(Frame::HandLimit);
            }
            if back > 0 {
                state.stack.push(Frame::ReturnCards {
                    color: cc,
                    count: back,
                });
            }
        }
        (RewardOption::B, None) => state.stack.push(Frame::PickTiles {
            columns: ALL_COLUMNS,
            picks: 1,
            defer_refill: false,
            deferred: Vec::new(),
            source,
        }),
    }
}

/// Draws up to `n` cards of `color` into `seat`'s hand; returns how many were drawn.
pub fn draw_cards(
    state: &mut State,
    seat: Seat,
    color: CardColor,
    n: u8,
    ev: &mut Vec<Event>,
) -> u8 {
    let mut cards = Vec::new();
    for _ in 0..n {
        match state.piles[pile_index(color)].pop() {
            Some(c) => cards.push(c),
            None => break,
        }
    }
    let drawn = cards.len() as u8;
    state.players[seat.index()]
        .hand
        .extend(cards.iter().copied());
    if drawn > 0 {
        ev.push(Event::CardsDrawn {
            seat,
            color,
            cards: cards.into_iter().map(Some).collect(),
        });
    }
    end::check_step(state, ev);
    drawn
}

/// Puts `card` from `seat`'s hand at the bottom of its pile.
pub fn return_card(state: &mut State, seat: Seat, card: CardId, ev: &mut Vec<Event>) {
    let hand = &mut state.players[seat.index()].hand;
    if let Some(i) = hand.iter().position(|&c| c == card) {
        hand.remove(i);
        let color = tables().card_color(card);
        state.piles[pile_index(color)].insert(0, card);
        ev.push(Event::CardsReturned {
            seat,
            color,
            cards: vec![Some(card)],
        });
    }
}

/// Objective hand limit of `seat` (2, or 3 with the Permanent `ObjectiveHandLimitThree`).
pub fn hand_limit(state: &State, seat: Seat) -> usize {
    if has_permanent(state, seat, PermanentEffect::ObjectiveHandLimitThree) {
        OBJECTIVE_HAND_LIMIT_RAISED
    } else {
        OBJECTIVE_HAND_LIMIT
    }
}

pub fn objectives_in_hand(state: &State, seat: Seat) -> usize {
    let t = tables();
    state
        .player(seat)
        .hand
        .iter()
        .filter(|&&c| t.card_color(c) == CardColor::Purple)
        .count()
}

/// How many Objective cards `seat` must put back now.
pub fn hand_excess(state: &State, seat: Seat) -> usize {
    objectives_in_hand(state, seat).saturating_sub(hand_limit(state, seat))
}

/// Junior: the top tile of the face-down pile, face down to the player (no stacking rule).
pub fn take_from_pile(state: &mut State, seat: Seat, ev: &mut Vec<Event>) {
    if let Some(tile) = state.tile_pile.pop() {
        state.players[seat.index()]
            .tiles
            .place(tile, JUNIOR_STACKING_RULE);
        ev.push(Event::TileTaken {
            seat,
            source: TileSource::Pile,
            tile: Some(tile),
            level: Some(tiles::level(tile)),
        });
    }
}

/// Standard: slots of `columns` holding a tile `seat` can place.
pub fn takeable_slots(state: &State, seat: Seat, columns: u8) -> impl Iterator<Item = usize> + '_ {
    let stacks = &state.player(seat).tiles;
    state.slots.iter().enumerate().filter_map(move |(i, s)| {
        let tile = (*s)?;
        let slot = tiles::slot_at(i);
        (columns & column_bit(slot.column) != 0 && stacks.can_place(tiles::level(tile)))
            .then_some(i)
    })
}

/// Standard: `seat` takes the face-up tile of slot `i` (refill now unless `defer`).
pub fn take_slot(state: &mut State, seat: Seat, i: usize, defer: bool, ev: &mut Vec<Event>) {
    let Some(tile) = state.slots.get_mut(i).and_then(Option::take) else {
        return;
    };
    state.players[seat.index()].tiles.place(tile, true);
    ev.push(Event::TileTaken {
        seat,
        source: TileSource::Slot(tiles::slot_at(i)),
        tile: Some(tile),
        level: Some(tiles::level(tile)),
    });
    if !defer {
        refill(state, i, ev);
    }
    end::check_step(state, ev);
}

/// Refills an empty slot from the face-down reserve (stays empty if the reserve is empty).
pub fn refill(state: &mut State, i: usize, ev: &mut Vec<Event>) {
    if state.slots.get(i).is_some_and(Option::is_none) {
        if let Some(tile) = state.tile_pile.pop() {
            state.slots[i] = Some(tile);
            ev.push(Event::TileRefilled {
                slot: tiles::slot_at(i),
                level: tiles::level(tile),
            });
        }
    }
}
