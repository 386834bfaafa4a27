//! The pending steps of a turn (the decision vocabulary of the rules modules): what the
//! state machine in `turn.rs` waits for, and what a played Action card still asks.

use super::types::*;
use serde::{Deserialize, Serialize};

/// What asked for a tile pick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PickSource {
    Reward(TerritoryColor),
    Card(CardId),
}

/// One pending step. Decision steps wait for the current player; automatic steps
/// (`EndTurn`, `Draw`) are resolved by [`run`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Frame {
    /// Standard setup: every seat keeps one of its three Objective cards.
    Draft,
    /// Before the main action: cards (Standard) and the main action.
    Main,
    /// After the main action (Standard): cards or end of turn.
    AfterMain,
    /// Junior: the turn ends once the reward is resolved.
    EndTurn,
    /// Standard reward: option A or B.
    ChooseReward { color: TerritoryColor },
    /// Take `picks` face-up tiles from `columns`; refills deferred when `defer_refill`.
    PickTiles {
        columns: u8,
        picks: u8,
        defer_refill: bool,
        deferred: Vec<u8>,
        source: PickSource,
    },
    /// Draw cards for the current player (then the hand limit for Objectives).
    Draw { color: CardColor, count: u8 },
    /// Put cards of `color` from hand at the bottom of the pile.
    ReturnCards { color: CardColor, count: u8 },
    /// Put Objective cards back until the hand limit holds.
    HandLimit,
    /// A played Action card waits for a choice.
    Effect { card: CardId, step: EffectStep },
}

/// The sub-decision an Action card is waiting for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EffectStep {
    /// A01: an Evolve.
    Evolve,
    /// A02: a Migrate.
    Migrate,
    /// A13: an Exchange where equal strength is allowed.
    EqualExchange,
    /// A04: the opponent to take a random card from.
    StealCard,
    /// A05: an opponent's strait token.
    StealStrait,
    /// A06: an opponent's free tile.
    StealTile,
    /// A11: the own pawn to replace, then the new pawn.
    ReplaceSelect,
    ReplaceWith {
        territory: TerritoryId,
    },
    /// A12: the opponent pawn to push, then where to.
    PushSelect,
    PushTo {
        from: TerritoryId,
    },
    /// A14: the own pawn to relocate, then where to.
    RelocateSelect,
    RelocateTo {
        from: TerritoryId,
    },
}
