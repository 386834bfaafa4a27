//! Why an action is refused: a stable code and a sentence a player understands. Only called
//! for actions that are not legal now, so every path returns an error.

use super::actions::{self, can_displace, exchange_rule, reach};
use super::cards::{self, EffectStep};
use super::data::{tables, PermanentEffect};
use super::map::{bit, map};
use super::pawns::{self, evolution, Evolution};
use super::rewards::takeable_slots;
use super::state::State;
use super::tiles;
use super::turn::Frame;
use super::types::*;
use crate::{RuleError, Seat};

fn err(code: &'static str, message: impl Into<String>) -> RuleError {
    RuleError::new(code, message)
}

fn pending_sentence(frame: Option<&Frame>) -> &'static str {
    match frame {
        Some(Frame::Draft) => "every player must first keep one of the dealt Objective cards",
        Some(Frame::Main) => {
            "you must play your main action (Evolve, Migrate or Exchange) or a card"
        }
        Some(Frame::AfterMain) => "you may play cards or end your turn",
        Some(Frame::ChooseReward { .. }) => "you must choose reward option A or B",
        Some(Frame::PickTiles { .. }) => "you must take an Innovation tile",
        Some(Frame::ReturnCards { .. }) => "you must return cards to the bottom of the pile",
        Some(Frame::HandLimit) => "you must put Objective cards back down to your hand limit",
        Some(Frame::Effect { .. }) => "you must finish the effect of the card you played",
        _ => "the game is waiting for something else",
    }
}

fn unexpected(state: &State) -> RuleError {
    err(
        "UNEXPECTED_ACTION",
        format!(
            "This action is not possible now: {}.",
            pending_sentence(state.stack.last())
        ),
    )
}

pub fn why_illegal(state: &State, seat: Seat, action: &Action) -> RuleError {
    let top = state.stack.last();
    match (top, action) {
        (Some(Frame::Draft), Action::KeepObjective { .. }) => err(
            "NOT_DEALT",
            "You can only keep one of the Objective cards dealt to you.",
        ),
        (_, Action::KeepObjective { .. }) => unexpected(state),
        (
            Some(Frame::Main)
            | Some(Frame::Effect {
                step: EffectStep::Evolve,
                ..
            }),
            &Action::Evolve {
                target,
                reference,
                pawn,
            },
        ) => evolve_error(state, seat, target, reference, pawn),
        (
            Some(Frame::Main)
            | Some(Frame::Effect {
                step: EffectStep::Migrate,
                ..
            }),
            &Action::Migrate { from, to },
        ) => move_error(state, seat, from, to, None),
        (Some(Frame::Main), &Action::Exchange { from, to }) => {
            move_error(state, seat, from, to, Some(false))
        }
        (
            Some(Frame::Effect {
                step: EffectStep::EqualExchange,
                ..
            }),
            &Action::Exchange { from, to },
        ) => move_error(state, seat, from, to, Some(true)),
        (_, Action::Evolve { .. } | Action::Migrate { .. } | Action::Exchange { .. })
            if matches!(top, Some(Frame::AfterMain)) =>
        {
            err(
                "MAIN_ACTION_ALREADY_TAKEN",
                "You already took your main action this turn.",
            )
        }
        (Some(Frame::Main), Action::PassMain) => err(
            "MAIN_ACTION_AVAILABLE",
            "You may only pass when no Evolve, Migrate or Exchange is possible.",
        ),
        (Some(Frame::Main | Frame::AfterMain), &Action::PlayCard { card }) => {
            if state.junior() {
                return err(
                    "NO_CARD_PLAY_IN_JUNIOR",
                    "Cards are not played in Junior rules.",
                );
            }
            cards::play_error(state, seat, card).unwrap_or_else(|| unexpected(state))
        }
        (_, Action::PlayCard { .. }) => err(
            "CARD_NOT_NOW",
            format!(
                "Cards are played before or after the main action, not now: {}.",
                pending_sentence(top)
            ),
        ),
        (Some(Frame::PickTiles { columns, .. }), &Action::TakeTile { slot }) => {
            let Some(i) = tiles::slot_index(slot) else {
                return err("UNKNOWN_SLOT", "There is no such tile slot.");
            };
            let Some(tile) = state.slots[i] else {
                return err("SLOT_EMPTY", "That slot holds no tile.");
            };
            if columns & tiles::column_bit(slot.column) == 0 {
                return err(
                    "WRONG_COLUMN",
                    "This reward does not let you take a tile from that column.",
                );
            }
            if !state.player(seat).tiles.can_place(tiles::level(tile)) {
                return err(
                    "TILE_NOT_PLACEABLE",
                    format!(
                        "A level-{} tile needs a free tile of level {} in your collection.",
                        tiles::level(tile),
                        tiles::level(tile) - 1
                    ),
                );
            }
            unexpected(state)
        }
        (Some(Frame::PickTiles { columns, .. }), Action::SkipTile) => {
            if takeable_slots(state, seat, *columns).next().is_some() {
                err(
                    "TILE_SKIP_NOT_ALLOWED",
                    "You must take a tile when one can be placed.",
                )
            } else {
                unexpected(state)
            }
        }
        (Some(Frame::ReturnCards { color, .. }), &Action::ReturnCard { card }) => {
            hand_card_error(state, seat, card, *color)
        }
        (Some(Frame::HandLimit), &Action::DiscardObjective { card }) => {
            hand_card_error(state, seat, card, CardColor::Purple)
        }
        (Some(&Frame::Effect { step, .. }), a) => effect_error(state, seat, step, a),
        (Some(Frame::Main), Action::EndTurn) => err(
            "MAIN_ACTION_REQUIRED",
            "You must take your main action (or pass if none is possible) before ending your turn.",
        ),
        _ => unexpected(state),
    }
}

fn hand_card_error(state: &State, seat: Seat, card: CardId, color: CardColor) -> RuleError {
    let t = tables();
    if t.card(card).is_none() {
        return err("UNKNOWN_CARD", "There is no such card.");
    }
    if !state.player(seat).hand.contains(&card) {
        return err("CARD_NOT_IN_HAND", "That card is not in your hand.");
    }
    if t.card_color(card) != color {
        return err(
            "WRONG_CARD_COLOR",
            "That card is not of the colour being returned.",
        );
    }
    unexpected(state)
}

pub fn evolve_error(
    state: &State,
    seat: Seat,
    target: TerritoryId,
    reference: TerritoryId,
    pawn: PawnType,
) -> RuleError {
    let m = map();
    if !m.contains(target) || !m.contains(reference) {
        return err("UNKNOWN_TERRITORY", "There is no such territory.");
    }
    if state.player(seat).villages_left == 0 {
        return err("NO_VILLAGES_LEFT", "You have no village left to place.");
    }
    if state.at(target).is_some() {
        return err(
            "TERRITORY_OCCUPIED",
            format!("{} already holds a pawn.", target.code()),
        );
    }
    let Some(r) = state.at(reference) else {
        return err(
            "REFERENCE_EMPTY",
            format!("{} holds no pawn to evolve from.", reference.code()),
        );
    };
    if !m.is_adjacent(target, reference) {
        return err(
            "NOT_ADJACENT",
            format!("{} is not adjacent to {}.", reference.code(), target.code()),
        );
    }
    if pawns::index(pawn).is_none() {
        return err("UNKNOWN_PAWN", "There is no such pawn.");
    }
    match evolution(r.pawn, pawn) {
        None => err(
            "INVALID_EVOLUTION",
            format!(
                "{} cannot evolve from {}: the new pawn must be identical, of another colour, one stronger or one taller (never smaller, weaker, +2 or two differences).",
                pawn.code(),
                r.pawn.code()
            ),
        ),
        Some(Evolution::Identical) if state.reserve_count(pawn) == 0 => err(
            "PAWN_NOT_IN_RESERVE",
            format!(
                "An identical pawn needs the twin of {} in the reserve, and it is not there.",
                pawn.code()
            ),
        ),
        Some(_) if state.reserve_count(pawn) == 0 => err(
            "PAWN_NOT_IN_RESERVE",
            format!("No {} pawn is left in the reserve.", pawn.code()),
        ),
        Some(_) => err("ILLEGAL_ACTION", "This evolution is not possible now."),
    }
}

/// `exchange`: None = Migrate, Some(equal_ok_by_card) = Exchange.
pub fn move_error(
    state: &State,
    seat: Seat,
    from: TerritoryId,
    to: TerritoryId,
    exchange: Option<bool>,
) -> RuleError {
    let m = map();
    if !m.contains(from) || !m.contains(to) {
        return err("UNKNOWN_TERRITORY", "There is no such territory.");
    }
    let Some(mover) = state.at(from) else {
        return err("NO_PAWN", format!("{} holds no pawn.", from.code()));
    };
    if mover.owner != Some(seat) {
        return err(
            "NOT_YOUR_PAWN",
            format!("The pawn on {} is not yours.", from.code()),
        );
    }
    if from == to {
        return err(
            "SAME_TERRITORY",
            "The destination must differ from the starting territory.",
        );
    }
    match exchange {
        None => {
            if state.at(to).is_some() {
                return err(
                    "TERRITORY_OCCUPIED",
                    format!(
                        "{} already holds a pawn; Migrate needs an empty territory.",
                        to.code()
                    ),
                );
            }
        }
        Some(card_equal) => {
            let Some(target) = state.at(to) else {
                return err(
                    "TERRITORY_EMPTY",
                    format!("{} is empty: use Migrate to move there.", to.code()),
                );
            };
            match target.owner {
                None => return err("NEUTRAL_PAWN", "The neutral pawn can never be exchanged."),
                Some(o) if o == seat => {
                    return err("OWN_PAWN", "You cannot exchange with your own pawn.")
                }
                Some(o) => {
                    if super::cards::has_permanent(state, o, PermanentEffect::ExchangeImmune) {
                        return err(
                            "EXCHANGE_TARGET_PROTECTED",
                            "That player's pawns cannot be targeted by an Exchange.",
                        );
                    }
                }
            }
            let rule = exchange_rule(state, seat, card_equal);
            if !can_displace(state, seat, mover.pawn, target, rule) {
                return err(
                    "EXCHANGE_TARGET_NOT_WEAKER",
                    format!(
                        "Your pawn (strength {}) can only exchange with a strictly weaker pawn (strength {}).",
                        actions::exchange_strength(state, seat, mover.pawn),
                        target.pawn.strength
                    ),
                );
            }
        }
    }
    if reach(state, seat, from) & bit(to) == 0 {
        return err(
            "OUT_OF_RANGE",
            format!(
                "{} is out of range: this pawn moves at most {} steps.",
                to.code(),
                actions::range(state, seat, mover.pawn)
            ),
        );
    }
    err("ILLEGAL_ACTION", "This move is not possible now.")
}

fn effect_error(state: &State, seat: Seat, step: EffectStep, action: &Action) -> RuleError {
    let m = map();
    match (step, action) {
        (EffectStep::StealCard, &Action::ChooseOpponent { seat: o }) => {
            opponent_error(state, seat, o)
                .unwrap_or_else(|| err("NOTHING_TO_TAKE", "That player has no card in hand."))
        }
        (EffectStep::StealStrait, &Action::ChooseStraitToken { seat: o, .. }) => {
            opponent_error(state, seat, o).unwrap_or_else(|| {
                err(
                    "NOTHING_TO_TAKE",
                    "That player does not own this strait token.",
                )
            })
        }
        (EffectStep::StealTile, &Action::ChooseOpponentTile { seat: o, tile }) => {
            if let Some(e) = opponent_error(state, seat, o) {
                return e;
            }
            if !state.player(o).tiles.free().any(|t| t == tile) {
                return err("TILE_NOT_FREE", "You can only take a free (top) tile.");
            }
            err(
                "TILE_NOT_PLACEABLE",
                "You could not place this tile in your collection.",
            )
        }
        (
            EffectStep::ReplaceSelect | EffectStep::RelocateSelect,
            &Action::ChooseTerritory { territory },
        ) => {
            if !m.contains(territory) {
                return err("UNKNOWN_TERRITORY", "There is no such territory.");
            }
            if state.owner_at(territory) != Some(seat) {
                return err(
                    "NOT_YOUR_PAWN",
                    "Choose a territory holding one of your pawns.",
                );
            }
            err(
                "INVALID_CHOICE",
                "This pawn has no possible destination or replacement.",
            )
        }
        (EffectStep::ReplaceWith { .. }, Action::ChoosePawn { .. }) => err(
            "INVALID_REPLACEMENT",
            "Choose a reserve pawn that differs from yours in exactly one characteristic.",
        ),
        (EffectStep::PushSelect, &Action::ChooseTerritory { territory }) => {
            if !m.contains(territory) {
                return err("UNKNOWN_TERRITORY", "There is no such territory.");
            }
            match state.at(territory) {
                None => err("NO_PAWN", "That territory holds no pawn."),
                Some(p) if p.owner.is_none() => {
                    err("NEUTRAL_PAWN", "The neutral pawn never moves.")
                }
                Some(p) if p.owner == Some(seat) => err("OWN_PAWN", "Choose an opponent's pawn."),
                Some(_) => err(
                    "INVALID_CHOICE",
                    "That pawn has no empty adjacent territory.",
                ),
            }
        }
        (EffectStep::PushTo { from }, &Action::ChooseTerritory { territory }) => {
            if !m.is_adjacent(from, territory) {
                err(
                    "NOT_ADJACENT",
                    "The pawn can only be moved to an adjacent territory.",
                )
            } else {
                err("TERRITORY_OCCUPIED", "That territory already holds a pawn.")
            }
        }
        (EffectStep::RelocateTo { from }, &Action::ChooseTerritory { territory }) => {
            if m.contains(territory) && m.continent(territory) != m.continent(from) {
                err(
                    "OTHER_CONTINENT",
                    "The destination must be on the pawn's continent.",
                )
            } else {
                err(
                    "TERRITORY_OCCUPIED",
                    "The destination must be an empty territory.",
                )
            }
        }
        (
            EffectStep::Evolve,
            &Action::Evolve {
                target,
                reference,
                pawn,
            },
        ) => evolve_error(state, seat, target, reference, pawn),
        (EffectStep::Migrate, &Action::Migrate { from, to }) => {
            move_error(state, seat, from, to, None)
        }
        (EffectStep::EqualExchange, &Action::Exchange { from, to }) => {
            move_error(state, seat, from, to, Some(true))
        }
        _ => unexpected(state),
    }
}

fn opponent_error(state: &State, seat: Seat, o: Seat) -> Option<RuleError> {
    if o == seat || o.0 >= state.options.players {
        return Some(err("NOT_AN_OPPONENT", "Choose one of your opponents."));
    }
    if super::cards::has_permanent(state, o, PermanentEffect::ActionImmune) {
        return Some(err(
            "PLAYER_PROTECTED",
            "That player's Permanent card protects him from your Action cards.",
        ));
    }
    None
}
