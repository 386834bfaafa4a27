//! The ratings role: each player's Glicko-2 rating per pool, and the pool's leaderboard.
//!
//! Ratings live in the live store with no expiry (Redis or memory; see
//! `docs/operations.md`, "Ratings"): leaderboards are Redis sorted sets, and the
//! matchmaker reads ratings from the same store. One game's update is one atomic write
//! ([`Ratings::apply`]) that refuses a session already applied (so it happens once per
//! game, whichever replica or retry applies it) and any player whose record moved since
//! it was read (the caller reads again and recomputes).
//!
//! Leaderboards keep established players and provisional players (deviation above
//! [`PROVISIONAL_DEVIATION`] as of their last game, as Lichess) apart.

use super::StoreError;
use crate::ratings::glicko2::{self, Rating};
use crate::ratings::pools::PoolId;
use serde::{Deserialize, Serialize};

/// Above this deviation a player is provisional (Lichess's threshold).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// How long the ids of applied sessions are kept (a job is never redone later).
pub const APPLIED_KEPT_MS: i64 = 30 * 24 * 3600 * 1000;

/// The record format written now; a later one is refused, never misread.
pub const RATING_FORMAT: u32 = 1;

/// One player's stored rating in one pool.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerRating {
    #[serde(default = "first_format")]
    pub format: u32,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games played in the pool.
    pub games: u32,
    /// When its last game was rated (ms since the epoch).
    pub last_rated_ms: i64,
    /// Moves by one at every update; an update of a record read at another revision is
    /// refused.
    pub revision: u64,
    /// The player's display name at its last rated game.
    #[serde(default)]
    pub name: String,
}

fn first_format() -> u32 {
    1
}

impl PlayerRating {
    /// The rating as stored (no inactivity).
    pub fn glicko(&self) -> Rating {
        Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    /// The rating at `now_ms`: its deviation grown with the days since its last game.
    pub fn at(&self, now_ms: i64) -> Rating {
        self.glicko().at(self.last_rated_ms, now_ms)
    }

    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    pub fn encode(&self) -> Result<String, StoreError> {
        serde_json::to_string(self).map_err(|e| StoreError::Corrupt(format!("rating: {e}")))
    }

    pub fn decode(json: &str) -> Result<PlayerRating, StoreError> {
        let record: PlayerRating = serde_json::from_str(json)
            .map_err(|e| StoreError::Corrupt(format!("rating record: {e}")))?;
        if record.format > RATING_FORMAT {
            return Err(StoreError::Corrupt(format!(
                "rating record of format {} (this release reads up to {RATING_FORMAT})",
                record.format
            )));
        }
        Ok(record)
    }
}

/// One player's new record in an update, written only if the stored one is still at
/// `expected_revision` (0: never rated).
#[derive(Debug, Clone, PartialEq)]
pub struct RatingWrite {
    pub player_id: String,
    pub expected_revision: u64,
    pub record: PlayerRating,
}

/// What [`Ratings::apply`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Applied {
    /// Written.
    Done,
    /// The session's update was applied before: nothing written.
    AlreadyApplied,
    /// A player's record moved since it was read: nothing written; read and recompute.
    Moved,
}

/// One row of a leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct Ranked {
    /// 1 for the first of its list.
    pub rank: u64,
    pub player_id: String,
    pub record: PlayerRating,
}

/// Ratings and leaderboards (see the module's doc).
#[async_trait::async_trait]
pub trait Ratings: Send + Sync {
    /// The stored records of `players` in `pool`, in order (None: never rated).
    async fn records(
        &self,
        pool: &PoolId,
        players: &[String],
    ) -> Result<Vec<Option<PlayerRating>>, StoreError>;

    /// Writes one game's update for session `session_id` atomically (see [`Applied`]).
    async fn apply(
        &self,
        pool: &PoolId,
        session_id: &str,
        writes: &[RatingWrite],
        now_ms: i64,
    ) -> Result<Applied, StoreError>;

    /// Rows `offset..offset + limit` of the pool's leaderboard, best first (the
    /// provisional players' own list with `provisional`), and how many it holds.
    async fn leaderboard(
        &self,
        pool: &PoolId,
        provisional: bool,
        offset: u64,
        limit: usize,
    ) -> Result<(Vec<Ranked>, u64), StoreError>;

    /// The player's rank (1 = first) and list (true: provisional) in the pool, if rated.
    async fn rank(&self, pool: &PoolId, player: &str) -> Result<Option<(u64, bool)>, StoreError>;

    /// `player`'s rating in `pool` now: a new player's for one never rated, the deviation
    /// grown with inactivity otherwise. For the matchmaker.
    async fn rating(&self, pool: &PoolId, player: &str, now_ms: i64) -> Result<Rating, StoreError> {
        let records = self.records(pool, &[player.to_string()]).await?;
        Ok(match records.into_iter().next().flatten() {
            Some(record) => record.at(now_ms),
            None => glicko2::Rating::NEW,
        })
    }
}
