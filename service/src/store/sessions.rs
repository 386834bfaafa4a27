//! The sessions role: a session's metadata, its snapshot at a version and its log, and
//! the writes that change them (create, seat claims, commits), each atomic.

use super::{SessionMeta, StoreError, TokenHash, Written};
use crate::clock::SeatClock;
use crate::table::{Cause, Decided, Table};
use agora_engine::registry::AnyEvent;
use agora_engine::{Outcome, Seat};
use async_trait::async_trait;
use futures::stream::BoxStream;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A seat claim: the seat wanted (the lowest open one when `None`), for whom, and the
/// hash of the token the caller will hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatClaim {
    pub seat: Option<u32>,
    pub player_name: String,
    pub token_hash: TokenHash,
    /// Makes the claim safe to retry: a claim whose `retry.key` claimed a seat before
    /// takes nothing and answers that first claim's record.
    pub retry: Option<JoinRecord>,
    /// The signed-in player the seat is bound to. Unless `allow_multiple`, a player who
    /// holds a seat of the session already takes nothing ([`Claimed::Held`]).
    pub player_id: Option<String>,
    pub allow_multiple: bool,
}

impl SeatClaim {
    /// A claim without a retry key.
    pub fn new(
        seat: Option<u32>,
        player_name: impl Into<String>,
        token_hash: impl Into<TokenHash>,
    ) -> SeatClaim {
        SeatClaim {
            seat,
            player_name: player_name.into(),
            token_hash: token_hash.into(),
            retry: None,
            player_id: None,
            allow_multiple: false,
        }
    }

    /// The same claim, safe to retry under `record.key`.
    pub fn with_retry(mut self, record: JoinRecord) -> SeatClaim {
        self.retry = Some(record);
        self
    }
}

/// What a retry-safe seat claim leaves in its session, keyed by `key`: enough to answer a
/// retry with the same seat and the same token, and nothing that reveals the token to a
/// reader of the store (the token is derived from the request id, which is not stored).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JoinRecord {
    /// A hash of the request id.
    pub key: String,
    /// A hash of the request without its id: a retry must match it.
    pub fingerprint: String,
    /// Random salt the token was derived with.
    pub salt: String,
    /// The seat it took (set by the store; ignored in a claim).
    pub seat: Seat,
}

/// What a seat claim did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claimed {
    /// The seat was taken now.
    Taken(Seat),
    /// The claim's retry key took a seat before; nothing was written.
    Before(JoinRecord),
    /// The claim's player holds this seat already (and may not take another); nothing
    /// was written.
    Held(Seat),
}

impl Claimed {
    /// The seat taken, now or before.
    pub fn seat(&self) -> Seat {
        match self {
            Claimed::Taken(seat) => *seat,
            Claimed::Before(record) => record.seat,
            Claimed::Held(seat) => *seat,
        }
    }
}

/// A session as loaded for reading or for a write: its state at `version`.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub meta: SessionMeta,
    pub version: u64,
    pub state: Table,
}

/// What is readable of a session whose history does not replay under this release's rules
/// ([`StoreError::Pinned`]): everything but its state, which this release cannot build.
/// GetSession, GetHistory and ExportSession answer from it; writes are refused.
#[derive(Debug, Clone)]
pub struct Pinned {
    pub meta: SessionMeta,
    pub version: u64,
    /// As the last commit recorded them.
    pub to_act: Vec<Seat>,
    pub outcome: Option<Outcome>,
    /// The rules of the snapshot, and why the log does not replay under this release's.
    pub written: Written,
    pub detail: String,
}

/// When a session was last written, and when the live store drops it unless it is written
/// again (its TTL): what the archive's expiry jobs wait on ([`crate::archive::worker`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lifetime {
    /// The last write (create, seat claim, commit), ms since the epoch.
    pub updated_ms: i64,
    /// When it expires, ms since the epoch; `None`: it never does.
    pub expires_at_ms: Option<i64>,
}

/// A session read for display: playable, or pinned to the rules it was started under.
// Built once per read and taken apart at once: boxing the common case would cost an
// allocation per load for nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum Readable {
    Playable(Loaded),
    Pinned(Pinned),
}

impl Readable {
    /// The playable session, or [`StoreError::Pinned`].
    pub fn playable(self) -> Result<Loaded, StoreError> {
        match self {
            Readable::Playable(loaded) => Ok(loaded),
            Readable::Pinned(p) => Err(StoreError::Pinned {
                written: p.written,
                detail: p.detail,
            }),
        }
    }

    pub fn meta(&self) -> &SessionMeta {
        match self {
            Readable::Playable(loaded) => &loaded.meta,
            Readable::Pinned(p) => &p.meta,
        }
    }

    pub fn version(&self) -> u64 {
        match self {
            Readable::Playable(loaded) => loaded.version,
            Readable::Pinned(p) => p.version,
        }
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            Readable::Playable(loaded) => loaded.state.outcome(),
            Readable::Pinned(p) => p.outcome.clone(),
        }
    }
}

/// One committed version: what one action caused. Events are stored unredacted; each
/// reader redacts them for its viewer. `to_act` and `outcome` are recorded so a stream
/// can describe a past version without replaying the game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LogEntry {
    pub version: u64,
    pub seat: Seat,
    /// What made this version (the action, so a game can be exported and replayed).
    /// Absent in entries of earlier releases, which recorded only the events.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cause: Option<Cause>,
    pub events: Vec<AnyEvent>,
    pub to_act: Vec<Seat>,
    pub outcome: Option<Outcome>,
    /// The client's request id, when it sent one: given to the store with the commit,
    /// which records it in the session's request index ([`Sessions::find_request`]);
    /// entries read back from the log do not carry it.
    pub request_id: Option<String>,
    /// Every seat's clock as of this version's commit (empty without a time control).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clocks: Vec<SeatClock>,
    /// With a request id: a hash of the action, which a retry of it must repeat. Absent
    /// in entries of earlier releases.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_fingerprint: Option<String>,
}

impl LogEntry {
    /// Version `version`'s entry: `seat`'s `cause` and what it decided, with no request id.
    pub fn decided(version: u64, seat: Seat, cause: Cause, decided: Decided) -> LogEntry {
        LogEntry {
            version,
            seat,
            cause: Some(cause),
            events: decided.events,
            to_act: decided.to_act,
            outcome: decided.outcome,
            request_id: None,
            clocks: decided.clocks,
            request_fingerprint: None,
        }
    }
}

/// A write: the state after one action, valid only on top of `expected_version`.
///
/// Both parts are shared, not copied: the store encodes the state and drops its handle,
/// so the writer gets the same table back for its cache without a copy
/// ([`std::sync::Arc::unwrap_or_clone`]), and the entry the store sends to followers is
/// the one the writer answers with.
#[derive(Debug, Clone)]
pub struct Commit {
    pub expected_version: u64,
    pub state: Arc<Table>,
    /// `entry.version` must be `expected_version + 1`.
    pub entry: Arc<LogEntry>,
}

/// What a commit did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommitResult {
    /// Stored as this version.
    Committed(u64),
    /// The request id was already committed as this version; nothing was written.
    Duplicate(u64),
}

/// Items of a subscription: every version after the requested one, in order, once; and,
/// once the game is over, the rematch when a player asks for one.
pub type LogStream = BoxStream<'static, Result<LogItem, StoreError>>;

/// What a subscription delivers.
#[derive(Debug, Clone, PartialEq)]
pub enum LogItem {
    /// The next version.
    Version(Arc<LogEntry>),
    /// The finished session was rematched by this session. Not a version: it comes after
    /// the final one, at most once per subscription.
    Rematch(String),
}

impl LogItem {
    /// The version, when this item is one.
    pub fn version(self) -> Option<Arc<LogEntry>> {
        match self {
            LogItem::Version(entry) => Some(entry),
            LogItem::Rematch(_) => None,
        }
    }
}

/// Sessions: their records, versions and logs.
#[async_trait]
pub trait Sessions: Send + Sync {
    /// Stores a new session at version 0 with `state` as its snapshot, unless a session
    /// with its id exists ([`StoreError::AlreadyExists`], atomically). A CreateSession
    /// with a request id relies on this: its session id is derived from the request id,
    /// so the request id needs no index of its own and lives exactly as long as the
    /// session (`meta.create_fingerprint` is what a retry must match).
    async fn create(&self, meta: SessionMeta, state: Table) -> Result<(), StoreError>;

    /// The session's metadata, current version and state; a session whose history does
    /// not replay under this release's rules is [`StoreError::Pinned`].
    async fn load(&self, id: &str) -> Result<Loaded, StoreError> {
        self.read(id).await?.playable()
    }

    /// The session as [`Self::load`] reads it, or, when it is pinned to older rules, what
    /// is readable of it without its state. A snapshot of an older state version is
    /// rebuilt by replaying the log and stored back ([`super::upgrade`]).
    async fn read(&self, id: &str) -> Result<Readable, StoreError>;

    /// The backend's cache of pinned verdicts ([`super::upgrade::PinCache`]); none: every
    /// read of a pinned session replays its log again.
    fn pin_cache(&self) -> Option<&super::upgrade::PinCache> {
        None
    }

    /// Stores `state` as the session's snapshot if the session is still at `version`
    /// (a rebuilt snapshot written back; a concurrent commit wins). Answers whether it
    /// was stored. Nothing else changes: not the version, the log or the expiry.
    async fn replace_snapshot(
        &self,
        id: &str,
        version: u64,
        state: &Table,
    ) -> Result<bool, StoreError>;

    /// Takes `claim.seat` (or the lowest open one) for `claim.player_name`, remembering
    /// only the hash of its token, and `claim.retry` when set. Atomic: two callers never
    /// get the same seat, and a retry key takes at most one seat (a second claim with it
    /// answers [`Claimed::Before`] with the record, whatever seats are open).
    async fn claim_seat(
        &self,
        id: &str,
        claim: SeatClaim,
    ) -> Result<(Claimed, SessionMeta), StoreError>;

    /// Gives back the seat whose token hashes to `token_hash`, while the session still
    /// waits for players: the seat becomes open (its record reset, so its name and token
    /// hash are gone), and every join record that points at it is dropped, so a JoinSession
    /// retried with that request id takes a fresh seat instead of answering one it no
    /// longer holds. Atomic with [`Self::claim_seat`]: a seat is never freed and
    /// claimed twice, and the open count stays true. Answers the seat freed, or `None`
    /// when the token holds no seat (it already left: nothing is written, so a retry is
    /// harmless), with the session's metadata after the call. A token that holds a seat
    /// once every seat is taken is refused with [`StoreError::GameStarted`].
    async fn release_seat(
        &self,
        id: &str,
        token_hash: &str,
    ) -> Result<(Option<Seat>, SessionMeta), StoreError>;

    /// Stores `commit` if the session is still at `commit.expected_version`, appending its
    /// log entry and recording its request id, all or nothing. A request id committed
    /// before is answered with [`CommitResult::Duplicate`] and writes nothing.
    async fn commit(&self, id: &str, commit: Commit) -> Result<CommitResult, StoreError>;

    /// The version a request id was committed as, if it was.
    async fn find_request(&self, id: &str, request_id: &str) -> Result<Option<u64>, StoreError>;

    /// When session `id` was last written and when it expires (NotFound once it has).
    async fn lifetime(&self, id: &str) -> Result<Lifetime, StoreError>;

    /// Log entries with `after < version <= after + limit`, in order.
    async fn read_log(
        &self,
        id: &str,
        after: u64,
        limit: usize,
    ) -> Result<Vec<Arc<LogEntry>>, StoreError>;

    /// Every version after `after`: the log first, then live commits, with no gap and no
    /// duplicate ([`follow`](super::follow) is the one state machine behind it). A subscriber that falls
    /// behind the live channel is back-filled from the log; only versions gone from the log
    /// end the stream with [`StoreError::Lagged`], and a session that disappears ends it
    /// with [`StoreError::Gone`].
    async fn subscribe(&self, id: &str, after: u64) -> Result<LogStream, StoreError>;
}
