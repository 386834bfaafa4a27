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

/// The codes every game shares, returned by the provided [`crate::Game::apply`] and the
/// registry; a game's own codes are its `Refusal` enum (see [`refusals!`](crate::refusals)).
pub const COMMON_REFUSAL_CODES: &[&str] = &["GAME_OVER", "NOT_YOUR_TURN", "WRONG_GAME"];

/// Declares a game's refusal codes as an enum whose `code()` is the stable wire name
/// (the `reason` of the `google.rpc.ErrorInfo` a client receives). `ALL` lists them for
/// the catalog, so a client can enumerate every code it may meet:
///
/// ```
/// agora_engine::refusals! {
///     /// Why Attika refuses a decision.
///     pub enum Refusal {
///         /// The cell is not free.
///         Occupied = "OCCUPIED",
///         NotAffordable = "NOT_AFFORDABLE",
///     }
/// }
/// let e = Refusal::Occupied.because("That cell is taken.");
/// assert_eq!(e.code, "OCCUPIED");
/// assert_eq!(Refusal::codes(), vec!["OCCUPIED", "NOT_AFFORDABLE"]);
/// ```
#[macro_export]
macro_rules! refusals {
    ($(#[$meta:meta])* $vis:vis enum $name:ident {
        $($(#[$vmeta:meta])* $variant:ident = $code:literal),+ $(,)?
    }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        $vis enum $name { $($(#[$vmeta])* $variant),+ }

        impl $name {
            /// Every code, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The stable wire name of this refusal.
            pub const fn code(self) -> &'static str {
                match self { $($name::$variant => $code),+ }
            }

            /// Every code's wire name, for the catalog.
            pub fn codes() -> Vec<&'static str> {
                Self::ALL.iter().map(|r| r.code()).collect()
            }

            /// This refusal, with a sentence a player understands.
            pub fn because(self, message: impl Into<String>) -> $crate::RuleError {
                $crate::RuleError::new(self.code(), message)
            }
        }
    };
}
