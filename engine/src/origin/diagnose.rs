//! Why an action is refused: a stable code and a sentence a player understands. Only called
//! for actions that are not legal now, so every path returns an error.

use super::actions::{self, can_displace, exchange_rule, reach};
use super::cards;
use super::data::{tables, PermanentEffect};
use super::frame::{EffectStep, Frame};
use super::map::{bit, map};
use super::pawns::{self, evolution, Evolution};
use super::refusal::Refusal;
use super::rewards::takeable_slots;
use super::state::{has_permanent, State};
use super::tiles;
use super::types::*;
use crate::{RuleError, Seat};

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
    Refusal::UnexpectedAction.because(format!(
        "This action is not possible now: {}.",
        pending_sentence(state.stack.last())
    ))
}

pub fn why_illegal(state: &State, seat: Seat, action: &Action) -> RuleError {
    let top = state.stack.last();
    match (top, action) {
        (Some(Frame::Draft), Action::KeepObjective { .. }) => {
            Refusal::NotDealt.because("You can only keep one of the Objective cards dealt to you.")
        }
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
            Refusal::MainActionAlreadyTaken.because("You already took your main action this turn.")
        }
        (Some(Frame::Main), Action::PassMain) => Refusal::MainActionAvailable
            .because("You may only pass when no Evolve, Migrate or Exchange is possible."),
        (Some(Frame::Main | Frame::AfterMain), &Action::PlayCard { card }) => {
            if state.junior() {
                return Refusal::NoCardPlayInJunior
                    .because("Cards are not played in Junior rules.");
            }
            cards::play_error(state, seat, card).unwrap_or_else(|| unexpected(state))
        }
        (_, Action::PlayCard { .. }) => Refusal::CardNotNow.because(format!(
            "Cards are played before or after the main action, not now: {}.",
            pending_sentence(top)
        )),
        (Some(Frame::PickTiles { columns, .. }), &Action::TakeTile { slot }) => {
            let Some(i) = tiles::slot_index(slot) else {
                return Refusal::UnknownSlot.because("There is no such tile slot.");
            };
            let Some(tile) = state.slots[i] else {
                return Refusal::SlotEmpty.because("That slot holds no tile.");
            };
            if columns & tiles::column_bit(slot.column) == 0 {
                return Refusal::WrongColumn
                    .because("This reward does not let you take a tile from that column.");
            }
            if !state.player(seat).tiles.can_place(tiles::level(tile)) {
                return Refusal::TileNotPlaceable.because(format!(
                    "A level-{} tile needs a free tile of level {} in your collection.",
                    tiles::level(tile),
                    tiles::level(tile) - 1
                ));
            }
            unexpected(state)
        }
        (Some(Frame::PickTiles { columns, .. }), Action::SkipTile) => {
            if takeable_slots(state, seat, *columns).next().is_some() {
                Refusal::TileSkipNotAllowed.because("You must take a tile when one can be placed.")
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
        (Some(Frame::Main), Action::EndTurn) => Refusal::MainActionRequired.because(
            "You must take your main action (or pass if none is possible) before ending your turn.",
        ),
        _ => unexpected(state),
    }
}

fn hand_card_error(state: &State, seat: Seat, card: CardId, color: CardColor) -> RuleError {
    let t = tables();
    if t.card(card).is_none() {
        return Refusal::UnknownCard.because("There is no such card.");
    }
    if !state.player(seat).hand.contains(&card) {
        return Refusal::CardNotInHand.because("That card is not in your hand.");
    }
    if t.card_color(card) != color {
        return Refusal::WrongCardColor.because("That card is not of the colour being returned.");
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
        return Refusal::UnknownTerritory.because("There is no such territory.");
    }
    if state.player(seat).villages_left == 0 {
        return Refusal::NoVillagesLeft.because("You have no village left to place.");
    }
    if state.at(target).is_some() {
        return Refusal::TerritoryOccupied
            .because(format!("{} already holds a pawn.", target.code()));
    }
    let Some(r) = state.at(reference) else {
        return Refusal::ReferenceEmpty.because(format!(
            "{} holds no pawn to evolve from.",
            reference.code()
        ));
    };
    if !m.is_adjacent(target, reference) {
        return Refusal::NotAdjacent.because(format!(
            "{} is not adjacent to {}.",
            reference.code(),
            target.code()
        ));
    }
    if pawns::index(pawn).is_none() {
        return Refusal::UnknownPawn.because("There is no such pawn.");
    }
    match evolution(r.pawn, pawn) {
        None => Refusal::InvalidEvolution.because(format!(
                "{} cannot evolve from {}: the new pawn must be identical, of another colour, one stronger or one taller (never smaller, weaker, +2 or two differences).",
                pawn.code(),
                r.pawn.code()
            ),
        ),
        Some(Evolution::Identical) if state.reserve_count(pawn) == 0 => Refusal::PawnNotInReserve.because(format!(
                "An identical pawn needs the twin of {} in the reserve, and it is not there.",
                pawn.code()
            ),
        ),
        Some(_) if state.reserve_count(pawn) == 0 => Refusal::PawnNotInReserve.because(format!("No {} pawn is left in the reserve.", pawn.code()),
        ),
        Some(_) => Refusal::IllegalAction.because("This evolution is not possible now."),
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
        return Refusal::UnknownTerritory.because("There is no such territory.");
    }
    let Some(mover) = state.at(from) else {
        return Refusal::NoPawn.because(format!("{} holds no pawn.", from.code()));
    };
    if mover.owner != Some(seat) {
        return Refusal::NotYourPawn.because(format!("The pawn on {} is not yours.", from.code()));
    }
    if from == to {
        return Refusal::SameTerritory
            .because("The destination must differ from the starting territory.");
    }
    match exchange {
        None => {
            if state.at(to).is_some() {
                return Refusal::TerritoryOccupied.because(format!(
                    "{} already holds a pawn; Migrate needs an empty territory.",
                    to.code()
                ));
            }
        }
        Some(card_equal) => {
            let Some(target) = state.at(to) else {
                return Refusal::TerritoryEmpty.because(format!(
                    "{} is empty: use Migrate to move there.",
                    to.code()
                ));
            };
            match target.owner {
                None => {
                    return Refusal::NeutralPawn.because("The neutral pawn can never be exchanged.")
                }
                Some(o) if o == seat => {
                    return Refusal::OwnPawn.because("You cannot exchange with your own pawn.")
                }
                Some(o) => {
                    if has_permanent(state, o, PermanentEffect::ExchangeImmune) {
                        return Refusal::ExchangeTargetProtected
                            .because("That player's pawns cannot be targeted by an Exchange.");
                    }
                }
            }
            let rule = exchange_rule(state, seat, card_equal);
            if !can_displace(state, seat, mover.pawn, target, rule) {
                return Refusal::ExchangeTargetNotWeaker.because(format!(
                        "Your pawn (strength {}) can only exchange with a strictly weaker pawn (strength {}).",
                        actions::exchange_strength(state, seat, mover.pawn),
                        target.pawn.strength
                    ),
                );
            }
        }
    }
    if reach(state, seat, from) & bit(to) == 0 {
        return Refusal::OutOfRange.because(format!(
            "{} is out of range: this pawn moves at most {} steps.",
            to.code(),
            actions::range(state, seat, mover.pawn)
        ));
    }
    Refusal::IllegalAction.because("This move is not possible now.")
}

fn effect_error(state: &State, seat: Seat, step: EffectStep, action: &Action) -> RuleError {
    let m = map();
    match (step, action) {
        (EffectStep::StealCard, &Action::ChooseOpponent { seat: o }) => {
            opponent_error(state, seat, o).unwrap_or_else(|| {
                Refusal::NothingToTake.because("That player has no card in hand.")
            })
        }
        (EffectStep::StealStrait, &Action::ChooseStraitToken { seat: o, .. }) => {
            opponent_error(state, seat, o).unwrap_or_else(|| {
                Refusal::NothingToTake.because("That player does not own this strait token.")
            })
        }
        (EffectStep::StealTile, &Action::ChooseOpponentTile { seat: o, tile }) => {
            if let Some(e) = opponent_error(state, seat, o) {
                return e;
            }
            if !state.player(o).tiles.free().any(|t| t == tile) {
                return Refusal::TileNotFree.because("You can only take a free (top) tile.");
            }
            Refusal::TileNotPlaceable.because("You could not place this tile in your collection.")
        }
        (
            EffectStep::ReplaceSelect | EffectStep::RelocateSelect,
            &Action::ChooseTerritory { territory },
        ) => {
            if !m.contains(territory) {
                return Refusal::UnknownTerritory.because("There is no such territory.");
            }
            if state.owner_at(territory) != Some(seat) {
                return Refusal::NotYourPawn
                    .because("Choose a territory holding one of your pawns.");
            }
            Refusal::InvalidChoice.because("This pawn has no possible destination or replacement.")
        }
        (EffectStep::ReplaceWith { .. }, Action::ChoosePawn { .. }) => Refusal::InvalidReplacement
            .because(
                "Choose a reserve pawn that differs from yours in exactly one characteristic.",
            ),
        (EffectStep::PushSelect, &Action::ChooseTerritory { territory }) => {
            if !m.contains(territory) {
                return Refusal::UnknownTerritory.because("There is no such territory.");
            }
            match state.at(territory) {
                None => Refusal::NoPawn.because("That territory holds no pawn."),
                Some(p) if p.owner.is_none() => {
                    Refusal::NeutralPawn.because("The neutral pawn never moves.")
                }
                Some(p) if p.owner == Some(seat) => {
                    Refusal::OwnPawn.because("Choose an opponent's pawn.")
                }
                Some(_) => {
                    Refusal::InvalidChoice.because("That pawn has no empty adjacent territory.")
                }
            }
        }
        (EffectStep::PushTo { from }, &Action::ChooseTerritory { territory }) => {
            if !m.is_adjacent(from, territory) {
                Refusal::NotAdjacent.because("The pawn can only be moved to an adjacent territory.")
            } else {
                Refusal::TerritoryOccupied.because("That territory already holds a pawn.")
            }
        }
        (EffectStep::RelocateTo { from }, &Action::ChooseTerritory { territory }) => {
            if m.contains(territory) && m.continent(territory) != m.continent(from) {
                Refusal::OtherContinent.because("The destination must be on the pawn's continent.")
            } else {
                Refusal::TerritoryOccupied.because("The destination must be an empty territory.")
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
        return Some(Refusal::NotAnOpponent.because("Choose one of your opponents."));
    }
    if has_permanent(state, o, PermanentEffect::ActionImmune) {
        return Some(
            Refusal::PlayerProtected
                .because("That player's Permanent card protects him from your Action cards."),
        );
    }
    None
}
