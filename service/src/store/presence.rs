//! The presence role: which players have a stream open on a session, and short per-player
//! leases that serialise their joins across replicas.

use super::StoreError;
use async_trait::async_trait;

/// Presence marks and player leases, each with a TTL so a dead holder frees them.
#[async_trait]
pub trait Presence: Send + Sync {
    /// Records that `player_id` has an open stream on session `id` for `ttl_ms` from now
    /// (every replica sees it; the stream refreshes it while open).
    async fn mark_present(&self, id: &str, player_id: &str, ttl_ms: i64) -> Result<(), StoreError>;

    /// Whether [`Self::mark_present`] marked the player within its TTL.
    async fn is_present(&self, id: &str, player_id: &str) -> Result<bool, StoreError>;

    /// Takes `player_id`'s lease for `holder` for `ttl_ms`, unless another holder has it
    /// (answers whether it was taken). A join holds it while it counts the player's open
    /// sessions and claims, so two joins racing on several replicas cannot both pass the
    /// open-session limit; the TTL frees it when its holder dies.
    async fn lock_player(
        &self,
        player_id: &str,
        holder: &str,
        ttl_ms: i64,
    ) -> Result<bool, StoreError>;

    /// Gives back the lease `holder` took (nothing happens when it lapsed and another
    /// holder has it now).
    async fn unlock_player(&self, player_id: &str, holder: &str) -> Result<(), StoreError>;
}
