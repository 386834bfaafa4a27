//! What every game shares: seats and viewers, the seeded RNG, errors, the outcome, and
//! the [`Game`] trait itself.

mod catalog;
mod error;
mod game;
pub mod mcts;
mod outcome;
pub mod playout;
mod rng;
mod seat;
pub mod secret;
pub mod testing;
pub mod wire;

pub use wire::FieldViolation;

pub use catalog::{BoardPoint, BoardTrack, GameInfo, OptionInfo, Provenance, TrackSpace};
pub use error::{RuleError, SetupError, COMMON_REFUSAL_CODES};
pub use game::{Game, RatingClass};
pub use outcome::{Outcome, SoloResult, Standing};
pub use rng::GameRng;
pub use seat::{Seat, SeatSet, Viewer};
pub use secret::Secret;
