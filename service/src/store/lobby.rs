//! The lobby role: which sessions are listed, and a player's sessions.

use super::{SessionMeta, StoreError};
use agora_engine::{Outcome, Seat};
use async_trait::async_trait;

/// What the lobby asks for.
#[derive(Debug, Clone, Default)]
pub struct ListFilter {
    /// Only this game; all games when `None`.
    pub game_id: Option<String>,
    /// Include sessions without open seats.
    pub include_full: bool,
    pub limit: usize,
}

/// A lobby row: enough to describe a session without its state.
#[derive(Debug, Clone)]
pub struct Summary {
    pub meta: SessionMeta,
    /// The last write (create, seat taken or given back, commit), ms since the epoch.
    pub updated_ms: i64,
    pub version: u64,
    pub to_act: Vec<Seat>,
    pub outcome: Option<Outcome>,
}

/// Listings, and the links between sessions (a rematch).
#[async_trait]
pub trait Lobby: Send + Sync {
    /// Lobby rows, newest first.
    async fn list(&self, filter: &ListFilter) -> Result<Vec<Summary>, StoreError>;

    /// The sessions `player_id` holds a seat in, at most `limit` (most recently bound
    /// first), in no particular order. Read from a per-player index the store keeps when
    /// a claim or a create binds a seat to the player; entries whose session expired or
    /// was deleted, or no longer seats the player, are dropped from it as they are met.
    async fn player_sessions(
        &self,
        player_id: &str,
        limit: usize,
    ) -> Result<Vec<Summary>, StoreError>;

    /// Records `rematch` as the session that rematches finished session `id`, unless one
    /// is recorded already (two players asking at once get one rematch). Returns the one
    /// recorded. Subscribers of `id` are told ([`LogItem::Rematch`](super::LogItem::Rematch)) on every replica.
    async fn set_rematch(&self, id: &str, rematch: &str) -> Result<String, StoreError>;

    /// Lists `meta`'s session in the lobby again, for a retried CreateSession whose first
    /// attempt may have died between storing the session and listing it. Backends that
    /// store and list in one atomic step have nothing to do.
    async fn relist(&self, _meta: &SessionMeta) -> Result<(), StoreError> {
        Ok(())
    }
}
