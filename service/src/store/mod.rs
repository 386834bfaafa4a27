//! Where sessions live, shaped after what Redis can do atomically: a session is its
//! metadata, a snapshot at a version, and an append-only log of versions; a commit is one
//! compare-and-set on the version that also appends the log and records the request id;
//! a subscription replays the log from a version then follows it live.
//!
//! # One trait per role
//!
//! A backend is a [`Store`]: it hands out one small trait per role (after IOx's
//! `RepoCollection`), each in its own file here and implemented by each backend in a file
//! named for it (`memory/<role>.rs`, `redis/<role>.rs`):
//!
//! | role | trait | holds |
//! |---|---|---|
//! | `sessions` | [`Sessions`] | create, load, seat claims, commits, the log and its followers |
//! | `lobby` | [`Lobby`] | listings, a player's sessions, rematches |
//! | `timers` | [`Timers`] | due marks: when a session has work for the server |
//! | `outbox` | [`Outbox`] | the notification outbox and its dead letters |
//! | `presence` | [`Presence`] | who has a stream open, and per-player join leases |
//! | `work` | [`Work`] | durable jobs by kind (archive items, rating updates), leased like the outbox |
//! | `chat` | [`Chat`] | each session's table chat, gap-free by sequence |
//! | `moderation` | [`Moderation`] | players' mutes and blocks, and their reports |
//! | `ratings` | [`Ratings`] | Glicko-2 ratings per pool and player, leaderboards |
//! | `matchmaking` | [`Matchmaking`] | quick-match tickets by pool, the matches formed and their session jobs |
//!
//! Every method is atomic on its own; none holds a lock across calls, so several replicas
//! may share one backend.
//!
//! **Adding a role** (an archive, ratings, matchmaking, chat) is a new trait in
//! `store/<role>.rs`, its two implementations in `memory/<role>.rs` and `redis/<role>.rs`,
//! and one accessor on [`Store`] (answered by each backend, and passed through by the
//! tests' interceptor). No existing role trait changes.

pub mod chat;
pub mod codec;
pub mod follow;
pub mod lobby;
pub mod matchmaking;
pub mod memory;
pub mod moderation;
pub mod outbox;
pub mod presence;
pub mod ratings;
pub mod redis;
pub mod sessions;
pub mod timers;
pub mod upgrade;
pub mod work;

pub use chat::Chat;
pub use lobby::{ListFilter, Lobby, Summary};
pub use matchmaking::Matchmaking;
pub use moderation::Moderation;
pub use outbox::{DeadLetter, Finish, Notification, Outbox, OutboxItem, Reason};
pub use presence::Presence;
pub use ratings::Ratings;
pub use sessions::{
    Claimed, Commit, CommitResult, JoinRecord, Lifetime, Loaded, LogEntry, LogItem, LogStream,
    Pinned, Readable, SeatClaim, Sessions,
};
pub use timers::Timers;
pub use work::{Backlog, ClaimedWork, Work, WorkItem, WorkKind};

use crate::table::BotKind;
use agora_engine::registry::AnyOptions;
use agora_engine::Seat;
use serde::{Deserialize, Serialize};
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
    /// The seed came from the caller (CreateSession `seed`, or an import), not from the
    /// server: shown to every player, and such a session is never rated.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub seed_chosen: bool,
    /// The game counts for its players' ratings (see [`crate::ratings`]), as decided at
    /// creation: not asked `unrated`, no bot seat, no chosen seed, a game with a rating
    /// pool. Its seats must also end up held by distinct signed-in players. Absent (false)
    /// in sessions of earlier releases, which are unrated.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// The rules the session was started under. Absent in sessions of releases before
    /// it was recorded, which all ran release 0.1.0 at state version 1: read it with
    /// [`SessionMeta::started_under`].
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        rename = "started_under"
    )]
    pub started_under_rules: Option<RulesVersion>,
    /// Spectators may read and write the table's chat (CreateSession
    /// `spectators_may_chat`); absent in sessions of earlier releases: players only.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub spectators_may_chat: bool,
}

/// A game's rules as a release runs them: the engine release and the game's stored-layout
/// version ([`agora_engine::Game::STATE_VERSION`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesVersion {
    pub engine_release: String,
    pub state_version: u16,
}

impl RulesVersion {
    /// What this release runs for `kind`.
    pub fn current(kind: agora_engine::registry::GameKind) -> RulesVersion {
        RulesVersion {
            engine_release: agora_engine::ENGINE_RELEASE.to_string(),
            state_version: kind.state_version(),
        }
    }

    /// What every session ran before sessions recorded their rules.
    pub fn legacy() -> RulesVersion {
        RulesVersion {
            engine_release: LEGACY_RELEASE.to_string(),
            state_version: codec::LEGACY_STATE_VERSION,
        }
    }
}

impl std::fmt::Display for RulesVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "state version {} (release {})",
            self.state_version, self.engine_release
        )
    }
}

/// The only release before sessions recorded the rules they started under.
pub const LEGACY_RELEASE: &str = "0.1.0";

impl SessionMeta {
    /// A session of `options` created at `create_time_unix_ms`: public, one seat per
    /// player, no clocks, not started, no rematch. Set the rest with struct update syntax.
    pub fn new(
        id: impl Into<String>,
        options: AnyOptions,
        seed: u64,
        seats: Vec<SeatRecord>,
        create_time_unix_ms: i64,
    ) -> SessionMeta {
        let started = RulesVersion::current(options.kind());
        SessionMeta {
            id: id.into(),
            game_id: options.game_id().to_string(),
            options,
            seed,
            seats,
            create_time_unix_ms,
            create_fingerprint: None,
            started_ms: None,
            time_control: None,
            rematch: None,
            allow_multiple_seats_per_player: false,
            invited_player_ids: Vec::new(),
            seed_chosen: false,
            rated: false,
            started_under_rules: Some(started),
            spectators_may_chat: false,
        }
    }

    /// The rules the session was started under (release 0.1.0, state version 1 for
    /// sessions of releases that did not record them).
    pub fn started_under(&self) -> RulesVersion {
        self.started_under_rules
            .clone()
            .unwrap_or_else(RulesVersion::legacy)
    }

    /// Play starts when every seat is taken.
    pub fn all_seats_taken(&self) -> bool {
        self.seats.iter().all(|s| s.taken())
    }

    pub fn open_seats(&self) -> usize {
        self.seats.iter().filter(|s| !s.taken()).count()
    }

    /// Spectators may read and write the table's chat.
    pub fn spectators_chat(&self) -> bool {
        self.spectators_may_chat
    }

    /// Whether the game counts for ratings as its seats stand: created rated, and every
    /// taken seat held by a signed-in player no other seat has.
    pub fn rated_now(&self) -> bool {
        if !self.rated {
            return false;
        }
        let mut players = std::collections::HashSet::new();
        self.seats
            .iter()
            .filter(|s| s.taken())
            .all(|s| s.player_id.as_deref().is_some_and(|p| players.insert(p)))
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
    /// A record of an older state version of its game: never decoded as this release's
    /// types; a snapshot is rebuilt by replaying the log ([`upgrade`]).
    #[error("{0}: written under an older version of the game's stored layout")]
    OlderRules(Written),
    /// A record of a newer state version than this release knows (a replica of a later
    /// release wrote it): refused, never misread.
    #[error("{0}: written by a later release")]
    NewerRules(Written),
    /// The session's log does not replay under this release's rules: it stays readable,
    /// but no write is accepted (see `docs/operations.md`, "Upgrades").
    #[error("{written}: its history does not replay under this release ({detail})")]
    Pinned { written: Written, detail: String },
}

/// Which rules a stored record was written under, where they differ from this release's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// The game's wire id.
    pub game: &'static str,
    /// The game's state version the record holds, and this release's.
    pub state_version: u16,
    pub current: u16,
    /// The release that wrote it (empty where records did not say: formats 1 to 4).
    pub release: String,
}

impl std::fmt::Display for Written {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} state version {}", self.game, self.state_version)?;
        if !self.release.is_empty() {
            write!(f, " (release {})", self.release)?;
        }
        write!(f, "; this release reads version {}", self.current)
    }
}

/// A backend: the roles it serves, each a small trait of its own. Backends answer each
/// accessor with themselves; a wrapper (the tests' interceptor) may answer some roles with
/// its own code and pass the others through.
pub trait Store: Send + Sync + 'static {
    fn sessions(&self) -> &dyn Sessions;
    fn lobby(&self) -> &dyn Lobby;
    fn timers(&self) -> &dyn Timers;
    fn outbox(&self) -> &dyn Outbox;
    fn presence(&self) -> &dyn Presence;
    fn work(&self) -> &dyn Work;
    fn chat(&self) -> &dyn Chat;
    fn moderation(&self) -> &dyn Moderation;
    fn matchmaking(&self) -> &dyn Matchmaking;
    fn ratings(&self) -> &dyn Ratings;

    /// Whether this replica can use the backend now: readiness asks every second (see
    /// [`readiness`](crate::readiness)). Not a role: no data, one round trip. A backend in
    /// this process (memory) is always ready.
    fn ping(&self) -> futures::future::BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(std::future::ready(Ok(())))
    }
}

/// Implements [`Store`] for a backend type that implements every role itself; further
/// items (a `ping`) go in the impl as given.
macro_rules! every_role {
    ($backend:ty $(, $($extra:tt)*)?) => {
        impl $crate::store::Store for $backend {
            fn sessions(&self) -> &dyn $crate::store::Sessions {
                self
            }
            fn lobby(&self) -> &dyn $crate::store::Lobby {
                self
            }
            fn timers(&self) -> &dyn $crate::store::Timers {
                self
            }
            fn outbox(&self) -> &dyn $crate::store::Outbox {
                self
            }
            fn presence(&self) -> &dyn $crate::store::Presence {
                self
            }
            fn work(&self) -> &dyn $crate::store::Work {
                self
            }
            fn chat(&self) -> &dyn $crate::store::Chat {
                self
            }
            fn moderation(&self) -> &dyn $crate::store::Moderation {
                self
            }
            fn matchmaking(&self) -> &dyn $crate::store::Matchmaking {
                self
            }
            fn ratings(&self) -> &dyn $crate::store::Ratings {
                self
            }
            $($($extra)*)?
        }
    };
}
pub(crate) use every_role;
