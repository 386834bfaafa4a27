//! Where sessions live. [`SessionStore`] is the one contract every backend implements
//! (in memory now, Redis next), shaped after what Redis can do atomically: a session is
//! its metadata, a snapshot at a version, and an append-only log of versions; a commit
//! is one compare-and-set on the version that also appends the log and records the
//! request id; a subscription replays the log from a version then follows it live.

pub mod codec;
pub mod follow;
pub mod memory;
pub mod outbox;
pub mod redis;

pub use outbox::{DeadLetter, Finish, Notification, OutboxItem, Reason};

use crate::clock::SeatClock;
use crate::table::{BotKind, Cause, Table};
use agora_engine::registry::{AnyEvent, AnyOptions};
use agora_engine::{Outcome, Seat};
use async_trait::async_trait;
use futures::stream::BoxStream;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// Wall-clock milliseconds since the Unix epoch, as sessions record their creation and
/// last write (0 if the clock is before 1970).
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or_default()
}

/// SHA-256 of a seat token, hex. The token itself is never stored.
pub type TokenHash = String;

/// The public, mostly fixed part of a session.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SessionMeta {
    pub id: String,
    /// Always `options.game_id()`. Kept as a stored field because replicas of earlier
    /// releases read it from the record (a rolling upgrade mixes both), and the Redis
    /// lobby index is keyed by it.
    pub game_id: String,
    pub options: AnyOptions,
    pub seed: u64,
    pub seats: Vec<SeatRecord>,
    pub create_time_unix_ms: i64,
    /// Fingerprint of the CreateSession request that made this session, when it came with
    /// a request id: a retry must match it. Absent in sessions of earlier releases.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub create_fingerprint: Option<String>,
    /// When the last seat was taken and play started (the first clocks start then).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started_ms: Option<i64>,
    /// The clocks' rules, fixed at creation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<crate::clock::TimeControl>,
    /// The session that rematches this finished one, once one does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<String>,
    /// A signed-in player may hold several seats.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub allow_multiple_seats_per_player: bool,
    /// Non-empty: a private session only these players may join, not in the lobby.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub invited_player_ids: Vec<String>,
}

impl SessionMeta {
    /// Play starts when every seat is taken.
    pub fn all_seats_taken(&self) -> bool {
        self.seats.iter().all(|s| s.taken())
    }

    pub fn open_seats(&self) -> usize {
        self.seats.iter().filter(|s| !s.taken()).count()
    }

    /// Only invited players may join; the lobby does not list it.
    pub fn private(&self) -> bool {
        !self.invited_player_ids.is_empty()
    }

    /// The lowest seat `player_id` holds, if any.
    pub fn seat_of_player(&self, player_id: &str) -> Option<Seat> {
        self.seats
            .iter()
            .position(|s| s.player_id.as_deref() == Some(player_id))
            .map(|i| Seat(i as u8))
    }

    /// The seat whose token hashes to `hash`, if any.
    pub fn seat_of(&self, hash: &str) -> Option<Seat> {
        self.seats
            .iter()
            .position(|s| s.token_hash.as_deref() == Some(hash))
            .map(|i| Seat(i as u8))
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SeatRecord {
    pub player_name: String,
    /// Set once the seat is taken.
    pub token_hash: Option<TokenHash>,
    /// The signed-in player (the `sub` of the operator's token) the seat belongs to, when
    /// it was taken by one: that player acts for it from any device, with no seat token.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player_id: Option<String>,
}

/// What a seat a server bot holds from creation keeps where a player's token hash goes:
/// it is taken like any seat (the Redis scripts and older replicas need nothing new), and
/// no token hashes to it (hashes are hex).
const BOT_MARKER: &str = "bot:";

impl SeatRecord {
    pub fn taken(&self) -> bool {
        self.token_hash.is_some()
    }

    /// A seat `kind` holds from the start.
    pub fn bot(kind: BotKind) -> SeatRecord {
        let name = kind.to_string();
        SeatRecord {
            player_name: format!("Bot ({name})"),
            token_hash: Some(format!("{BOT_MARKER}{name}")),
            player_id: None,
        }
    }

    /// The bot that holds the seat from the start, if one does.
    pub fn held_by_bot(&self) -> Option<BotKind> {
        self.token_hash
            .as_deref()?
            .strip_prefix(BOT_MARKER)?
            .parse()
            .ok()
    }
}

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
    /// which records it in the session's request index ([`SessionStore::find_request`]);
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

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    #[error("no session {0}")]
    NotFound(String),
    /// A followed session disappeared: it expired, or the backend lost its data.
    #[error("session {0} no longer exists")]
    Gone(String),
    #[error("session {0} already exists")]
    AlreadyExists(String),
    #[error("the store is full ({0} sessions)")]
    Full(usize),
    #[error("seat {0} is already taken")]
    SeatTaken(u8),
    #[error("seat {seat} does not exist: the session has {seats} seats")]
    NoSuchSeat { seat: u32, seats: usize },
    #[error("every seat is taken")]
    SessionFull,
    /// A seat cannot be given back: every seat is taken, so the game has started.
    #[error("the game has started")]
    GameStarted,
    /// The version moved since the caller loaded it.
    #[error("version conflict: expected {expected}, found {actual}")]
    Conflict { expected: u64, actual: u64 },
    /// A subscriber fell behind the live log; it must resume from `last_version`.
    #[error("subscriber fell behind after version {last_version}")]
    Lagged { last_version: u64 },
    /// Stored data could not be read back (format or corruption).
    #[error("stored data is unreadable: {0}")]
    Corrupt(String),
    /// The backend cannot be reached.
    #[error("store unavailable: {0}")]
    Unavailable(String),
}

/// The contract of a session backend. Every method is atomic on its own; none holds a
/// lock across calls, so several replicas may share one backend.
#[async_trait]
pub trait SessionStore: Send + Sync + 'static {
    /// Stores a new session at version 0 with `state` as its snapshot, unless a session
    /// with its id exists ([`StoreError::AlreadyExists`], atomically). A CreateSession
    /// with a request id relies on this: its session id is derived from the request id,
    /// so the request id needs no index of its own and lives exactly as long as the
    /// session (`meta.create_fingerprint` is what a retry must match).
    async fn create(&self, meta: SessionMeta, state: Table) -> Result<(), StoreError>;

    /// Lists `meta`'s session in the lobby again, for a retried CreateSession whose first
    /// attempt may have died between storing the session and listing it. Backends that
    /// store and list in one atomic step have nothing to do.
    async fn relist(&self, _meta: &SessionMeta) -> Result<(), StoreError> {
        Ok(())
    }

    /// The session's metadata, current version and state.
    async fn load(&self, id: &str) -> Result<Loaded, StoreError>;

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
    /// longer holds. Atomic with [`SessionStore::claim_seat`]: a seat is never freed and
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

    /// Log entries with `after < version <= after + limit`, in order.
    async fn read_log(
        &self,
        id: &str,
        after: u64,
        limit: usize,
    ) -> Result<Vec<Arc<LogEntry>>, StoreError>;

    /// Every version after `after`: the log first, then live commits, with no gap and no
    /// duplicate ([`follow`] is the one state machine behind it). A subscriber that falls
    /// behind the live channel is back-filled from the log; only versions gone from the log
    /// end the stream with [`StoreError::Lagged`], and a session that disappears ends it
    /// with [`StoreError::Gone`].
    async fn subscribe(&self, id: &str, after: u64) -> Result<LogStream, StoreError>;

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
    /// recorded. Subscribers of `id` are told ([`LogItem::Rematch`]) on every replica.
    async fn set_rematch(&self, id: &str, rematch: &str) -> Result<String, StoreError>;

    /// Marks session `id` as having work for the server (a bot's turn, a clock running out)
    /// from `due_ms` on, unless it is marked earlier already: a write may only bring a mark
    /// forward, since a write that fails after marking must not hide an earlier due time.
    /// The mark lives in the store, not in a replica, so when the replica that set it dies
    /// another one's sweep ([`SessionStore::claim_due`]) finds it.
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

    /// Puts `items` in the notification outbox, each due at its `not_before_ms`, unless an
    /// item with its id is there already or was finished in the last
    /// [`outbox::DONE_KEPT_MS`]: writing the same notification twice keeps one.
    async fn outbox_put(&self, items: &[Notification]) -> Result<(), StoreError>;

    /// At most `limit` outbox items due at `now_ms`, each claimed by moving its due time to
    /// `now_ms + lease_ms` atomically, so two replicas never hold one item at once.
    async fn outbox_claim(
        &self,
        now_ms: i64,
        lease_ms: i64,
        limit: usize,
    ) -> Result<Vec<OutboxItem>, StoreError>;

    /// Finishes claimed item `id` as `finish` says, if its claim is still `lease` (a worker
    /// whose lease ran out and was claimed again changes nothing). True when it did.
    async fn outbox_finish(&self, id: &str, lease: i64, finish: Finish)
        -> Result<bool, StoreError>;

    /// The newest `limit` dead letters, newest first.
    async fn dead_letters(&self, limit: usize) -> Result<Vec<DeadLetter>, StoreError>;

    /// Records that `player_id` has an open stream on session `id` for `ttl_ms` from now
    /// (every replica sees it; the stream refreshes it while open).
    async fn mark_present(&self, id: &str, player_id: &str, ttl_ms: i64) -> Result<(), StoreError>;

    /// Whether [`SessionStore::mark_present`] marked the player within its TTL.
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
