use serde::{Deserialize, Serialize};
use std::fmt;

/// Why an action was refused. `code` is stable and machine-readable (clients switch on
/// it); `message` is a sentence a player understands. A refused action changes nothing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleError {
    pub code: &'static str,
    pub message: String,
}

impl RuleError {
    pub fn new(code: &'static str, message: impl Into<String>) -> Self {
        RuleError {
            code,
            message: message.into(),
        }
    }

    /// The action came from a seat that is not expected to decide now.
    pub fn not_your_turn(seat: crate::Seat) -> Self {
        RuleError::new(
            "NOT_YOUR_TURN",
            format!("It is not {seat}'s turn to decide."),
        )
    }

    /// The game has ended; nothing more can be played.
    pub fn game_over() -> Self {
        RuleError::new(
            "GAME_OVER",
            "The game is over; no more actions can be played.",
        )
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for RuleError {}

/// Options that cannot start a game (wrong player count, unknown variant ...).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SetupError(pub String);
