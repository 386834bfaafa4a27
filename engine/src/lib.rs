//! Agora's rules engines: pure, deterministic, total.
//!
//! Every game implements [`core::Game`]; [`registry`] erases the game types so a host
//! (the gRPC service, a test, a benchmark) can run any game by its id.

pub mod attika;
pub mod core;
pub mod first_builders;
pub mod origin;
pub mod registry;
pub mod terra_nova;

pub use crate::core::{
    BoardPoint, BoardTrack, FieldViolation, Game, GameInfo, GameRng, OptionInfo, Outcome,
    Provenance, RatingClass, RuleError, Seat, SeatSet, Secret, SetupError, SoloResult, Standing,
    TrackSpace, Viewer, COMMON_REFUSAL_CODES,
};

/// The engine release that wrote a stored record (beside each game's
/// [`Game::STATE_VERSION`]): what an operator reads to know which release started a game.
pub const ENGINE_RELEASE: &str = env!("CARGO_PKG_VERSION");
