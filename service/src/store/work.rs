//! The work role: durable jobs of a kind that any replica's worker does, with the same
//! rules as the notification outbox ([`super::outbox`]): an item is put before the commit
//! that makes it, under an id derived from what it is about (writing it twice keeps one),
//! claimed under a lease by one worker at once, and finished, retried or waited on. A
//! replica that dies with an item claimed loses nothing: the lease runs out and another
//! replica claims it.
//!
//! Each [`WorkKind`] has its own queue (its own keys on Redis), so a replica of an earlier
//! release, which knows only notifications, never claims an item it cannot do, and each
//! kind's backlog is counted apart. The first kind is [`WorkKind::Archive`] (write a
//! finished game to the permanent archive, see [`crate::archive`]); the second
//! [`WorkKind::Rating`] (update the players' ratings, see [`crate::ratings`]).

use super::{Finish, StoreError};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// What an item asks a worker to do. Stored by name; add kinds, never rename one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum WorkKind {
    /// Write the session's finished game to the archive.
    Archive,
    /// Archive the session as abandoned (or aborted, never started) shortly before the
    /// live store drops it without an outcome; until then, wait on its expiry. Its own
    /// queue: a replica of an earlier release never claims one.
    ArchiveExpiry,
    /// Apply the session's finished rated game to its players' ratings
    /// ([`crate::ratings`]).
    Rating,
}

impl WorkKind {
    pub fn as_str(self) -> &'static str {
        match self {
            WorkKind::Archive => "archive",
            WorkKind::ArchiveExpiry => "archive_expiry",
            WorkKind::Rating => "rating",
        }
    }
}

/// The record format of a [`WorkItem`] written now. A reader refuses a later one (it is
/// left in the queue for a replica of that release) rather than misread it.
pub const WORK_FORMAT: u32 = 1;

/// One job: a kind, about one session at one version.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkItem {
    pub format: u32,
    /// The same for the same (kind, session, version): see [`WorkItem::derive_id`].
    pub id: String,
    pub kind: WorkKind,
    pub session_id: String,
    /// The version whose commit makes the job (for an archive item: the final one).
    pub version: u64,
    /// When it was decided.
    pub created_ms: i64,
    /// Not done before this.
    pub not_before_ms: i64,
}

impl WorkItem {
    /// The job of archiving `session_id`, whose game ends with `version`.
    pub fn archive(session_id: &str, version: u64, now_ms: i64) -> WorkItem {
        WorkItem {
            format: WORK_FORMAT,
            id: WorkItem::derive_id(WorkKind::Archive, session_id, version),
            kind: WorkKind::Archive,
            session_id: session_id.to_string(),
            version,
            created_ms: now_ms,
            not_before_ms: now_ms,
        }
    }

    /// The job of archiving `session_id` if it expires without an outcome, first looked
    /// at `at_ms` (one per session: its version is 0).
    pub fn archive_expiry(session_id: &str, at_ms: i64, now_ms: i64) -> WorkItem {
        WorkItem {
            format: WORK_FORMAT,
            id: WorkItem::derive_id(WorkKind::ArchiveExpiry, session_id, 0),
            kind: WorkKind::ArchiveExpiry,
            session_id: session_id.to_string(),
            version: 0,
            created_ms: now_ms,
            not_before_ms: at_ms,
        }
    }

    /// The job of rating `session_id`'s game, which ends with `version`.
    pub fn rating(session_id: &str, version: u64, now_ms: i64) -> WorkItem {
        WorkItem {
            kind: WorkKind::Rating,
            id: WorkItem::derive_id(WorkKind::Rating, session_id, version),
            ..WorkItem::archive(session_id, version, now_ms)
        }
    }

    /// `job_<hex>` of (kind, session, version): every writer that decides the same job
    /// writes the same id, and the queue keeps it once.
    pub fn derive_id(kind: WorkKind, session_id: &str, version: u64) -> String {
        let mut hash = Sha256::new();
        for part in [kind.as_str(), session_id, &version.to_string()] {
            hash.update((part.len() as u64).to_be_bytes());
            hash.update(part.as_bytes());
        }
        format!("job_{}", hex::encode(&hash.finalize()[..16]))
    }

    /// The item in `json`, refused when a later release wrote it.
    pub fn decode(json: &str) -> Result<WorkItem, StoreError> {
        #[derive(Deserialize)]
        struct Format {
            format: u32,
        }
        let format: Format = serde_json::from_str(json)
            .map_err(|e| StoreError::Corrupt(format!("work item: {e}")))?;
        if format.format > WORK_FORMAT {
            return Err(StoreError::Corrupt(format!(
                "work item of format {} (this release reads up to {WORK_FORMAT})",
                format.format
            )));
        }
        serde_json::from_str(json).map_err(|e| StoreError::Corrupt(format!("work item: {e}")))
    }

    pub fn encode(&self) -> Result<String, StoreError> {
        serde_json::to_string(self).map_err(|e| StoreError::Corrupt(format!("work item: {e}")))
    }
}

/// An item claimed by a worker until `lease` (ms since the epoch).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimedWork {
    pub item: WorkItem,
    /// Failed attempts so far.
    pub failures: u32,
    pub lease: i64,
}

/// How much of a kind waits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Backlog {
    /// Items in the queue, claimed or not.
    pub pending: u64,
    /// When the item due first was made (ms since the epoch), if any waits.
    pub oldest_created_ms: Option<i64>,
}

/// Durable jobs, one queue per kind (see the module's doc).
#[async_trait::async_trait]
pub trait Work: Send + Sync {
    /// Puts `items` in their kinds' queues, each due at its `not_before_ms`, unless an item
    /// with its id is queued or was finished in the last
    /// [`DONE_KEPT_MS`](super::outbox::DONE_KEPT_MS).
    async fn put(&self, items: &[WorkItem]) -> Result<(), StoreError>;

    /// At most `limit` items of `kind` due at `now_ms`, each claimed until
    /// `now_ms + lease_ms` atomically, so two replicas never hold one item at once.
    async fn claim(
        &self,
        kind: WorkKind,
        now_ms: i64,
        lease_ms: i64,
        limit: usize,
    ) -> Result<Vec<ClaimedWork>, StoreError>;

    /// Finishes claimed item `id` of `kind` as `finish` says, if its claim is still
    /// `lease`. True when it did. [`Finish::Dead`] drops it like [`Finish::Done`] (no kind
    /// keeps dead letters yet).
    async fn finish(
        &self,
        kind: WorkKind,
        id: &str,
        lease: i64,
        finish: Finish,
    ) -> Result<bool, StoreError>;

    /// How many items of `kind` wait, and since when.
    async fn backlog(&self, kind: WorkKind) -> Result<Backlog, StoreError>;
}
