//! The notification outbox's records (see [`crate::notify`]): what waits to be delivered,
//! what a delivery worker holds under a lease, and what ended in the dead-letter list. The
//! outbox lives in the store, so a notification written by one replica is delivered by
//! whichever replica claims it, and a replica that dies mid-delivery loses nothing: its
//! lease runs out and another replica claims the item again.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Why a player is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// One of the player's seats became to act.
    YourTurn,
    /// The game ended.
    GameOver,
    /// A seat's clock runs out soon and it still has to act.
    ClockWarning,
    /// The player was invited to the session.
    Invited,
    /// The player's quick-match ticket was matched: the session is created with it seated.
    Matched,
}

impl Reason {
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::YourTurn => "your_turn",
            Reason::GameOver => "game_over",
            Reason::ClockWarning => "clock_warning",
            Reason::Invited => "invited",
            Reason::Matched => "matched",
        }
    }
}

/// One notification for one player. Its id is derived from (session, version, player,
/// reason), so every writer that decides the same notification writes the same id and the
/// outbox keeps it once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notification {
    pub id: String,
    pub reason: Reason,
    pub player_id: String,
    pub session_id: String,
    pub game_id: String,
    /// The version that made it (for an invitation: the version when invited).
    pub version: u64,
    /// The seat concerned, when one is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<u8>,
    /// When it was decided.
    pub created_ms: i64,
    /// Not delivered before this (a clock warning waits until its time).
    pub not_before_ms: i64,
}

impl Notification {
    /// `msg_<hex>`: the same for the same (session, version, player, reason), different
    /// otherwise. The `webhook-id` of every delivery attempt.
    pub fn derive_id(session_id: &str, version: u64, player_id: &str, reason: Reason) -> String {
        let mut hash = Sha256::new();
        for part in [session_id, &version.to_string(), player_id, reason.as_str()] {
            hash.update((part.len() as u64).to_be_bytes());
            hash.update(part.as_bytes());
        }
        format!("msg_{}", hex::encode(&hash.finalize()[..16]))
    }
}

/// A notification claimed by a delivery worker until `lease` (ms since the epoch).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutboxItem {
    pub notification: Notification,
    /// Failed delivery attempts so far.
    pub failures: u32,
    /// The claim: only the holder of this lease may finish the item.
    pub lease: i64,
}

/// How a worker finishes a claimed item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finish {
    /// Delivered, or no longer worth delivering: gone from the outbox; its id is
    /// remembered for a while so a late writer cannot put it back.
    Done,
    /// The endpoint failed: counted as a failed attempt, tried again at `at_ms`.
    Failed { at_ms: i64 },
    /// Not yet deliverable (the commit that makes it is not visible yet): tried again at
    /// `at_ms` without counting an attempt.
    Wait { at_ms: i64 },
    /// The last attempt failed: moved to the dead-letter list with `error`.
    Dead { error: String, now_ms: i64 },
}

/// A notification whose every attempt failed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeadLetter {
    pub notification: Notification,
    pub attempts: u32,
    /// What the last attempt got.
    pub error: String,
    pub dead_ms: i64,
}

/// How long a delivered id is remembered (a writer that retries after this makes a
/// duplicate delivery with the same id, which receivers drop by id anyway).
pub const DONE_KEPT_MS: i64 = 24 * 3600 * 1000;

/// Dead letters kept, newest first; older ones are dropped.
pub const DEAD_KEPT: usize = 10_000;

/// The notification outbox: items due at a time, claimed under a lease by one replica's
/// worker at once, finished or retried, and the dead letters of those that never made it.
#[async_trait::async_trait]
pub trait Outbox: Send + Sync {
    /// Puts `items` in the notification outbox, each due at its `not_before_ms`, unless an
    /// item with its id is there already or was finished in the last [`DONE_KEPT_MS`]:
    /// writing the same notification twice keeps one.
    async fn put(&self, items: &[Notification]) -> Result<(), super::StoreError>;

    /// At most `limit` outbox items due at `now_ms`, each claimed by moving its due time to
    /// `now_ms + lease_ms` atomically, so two replicas never hold one item at once.
    async fn claim(
        &self,
        now_ms: i64,
        lease_ms: i64,
        limit: usize,
    ) -> Result<Vec<OutboxItem>, super::StoreError>;

    /// Finishes claimed item `id` as `finish` says, if its claim is still `lease` (a worker
    /// whose lease ran out and was claimed again changes nothing). True when it did.
    async fn finish(&self, id: &str, lease: i64, finish: Finish)
        -> Result<bool, super::StoreError>;

    /// The newest `limit` dead letters, newest first.
    async fn dead_letters(&self, limit: usize) -> Result<Vec<DeadLetter>, super::StoreError>;
}
