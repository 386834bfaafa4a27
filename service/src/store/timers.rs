//! The timers role: due marks, which tell every replica's sweep when a session has work
//! for the server (a bot's turn, a clock running out).

use super::StoreError;
use async_trait::async_trait;

/// Due marks, kept in the store so that any replica finds them.
#[async_trait]
pub trait Timers: Send + Sync {
    /// Marks session `id` as having work for the server (a bot's turn, a clock running out)
    /// from `due_ms` on, unless it is marked earlier already: a write may only bring a mark
    /// forward, since a write that fails after marking must not hide an earlier due time.
    /// The mark lives in the store, not in a replica, so when the replica that set it dies
    /// another one's sweep ([`Timers::claim_due`]) finds it.
    async fn schedule(&self, id: &str, due_ms: i64) -> Result<(), StoreError>;

    /// At most `limit` sessions whose mark is due at `now_ms`, each claimed by moving its
    /// mark to `now_ms + lease_ms` atomically, so two sweeping replicas never claim one
    /// session at once. Returns each session with its new mark.
    async fn claim_due(
        &self,
        now_ms: i64,
        lease_ms: i64,
        limit: usize,
    ) -> Result<Vec<(String, i64)>, StoreError>;

    /// Moves the mark of session `id` to `next` (removes it when `None`) if it is still
    /// `due_ms`, the mark its claimer holds: a mark set since (by a write that made more
    /// work) stays. True when it moved.
    async fn reschedule(
        &self,
        id: &str,
        due_ms: i64,
        next: Option<i64>,
    ) -> Result<bool, StoreError>;
}
