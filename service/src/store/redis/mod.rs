//! The shared store: sessions in Redis, so any replica serves any session.
//!
//! # Key layout
//!
//! Every key of one session carries the hash tag `{<session id>}`, so Redis Cluster keeps
//! them on one shard and the scripts below may touch them together:
//!
//! | key                      | type   | holds |
//! |--------------------------|--------|-------|
//! | `agora:{id}:meta`        | hash   | `meta` (the fixed metadata, in a format envelope), `game`, `created`, `seats`, `open`, `version`, `to_act`, `outcome`, `updated`, `touched` (when a commit last pushed the keys' expiries out), and per seat `seat:<i>:name` and `seat:<i>:token` (the SHA-256 of the seat token, never the token) |
//! | `agora:{id}:snap`        | string | the state at `version` ([`codec`] snapshot, with its format number) |
//! | `agora:{id}:log`         | stream | one entry per version, entry id `<version>-0`, field `e` = [`codec`] log entry; once the game is finished, only its last entry |
//! | `agora:{id}:logz`        | string | once the game is finished: the whole log in one compacted record (`codec` format 3, written by `compact.lua` just after the final commit) |
//! | `agora:{id}:req`         | hash   | request id → the version it committed as; once the game is finished, only the final move's |
//! | `agora:{id}:join`        | hash   | retry key of a JoinSession (a hash of its request id) → `<seat> <fingerprint> <salt>` |
//! | `agora:{id}:chat`        | stream | the table's chat, entry id `<sequence>-0`, field `m` = the message (JSON with its format); appended by `chat.lua` |
//! | `agora:{id}:chatreq`     | hash   | chat request key (a hash of author and request id) → the sequence it stored |
//!
//! The chat keys take the session's remaining lifetime when written, and commits push
//! them out with the session's other keys.
//!
//! Moderation (`moderation.rs`): per player `agora:{player:<hash>}:mutes`, `:blocks` and
//! `:blockedby` (sets of player ids); reports in `agora:{reports}:items` (hash, id → JSON)
//! and `agora:{reports}:time` (sorted set of ids by time).
//!
//! Each signed-in player has `agora:{player:<hash of its id>}:sessions`, a sorted set of
//! the sessions it was bound to a seat of (by claim or rematch), written after the
//! claim; listing it reads each session's meta row and drops members that are gone or no
//! longer seat the player. The meta hash holds `seat:<i>:player` for a bound seat.
//!
//! Two index keys cannot share every session's hash tag, so they are separate and kept
//! consistent by this module rather than atomically with the session: `agora:lobby`
//! (sorted set of sessions with open seats, scored by creation time) and
//! `agora:sessions` (every session). A session is added to both when created, leaves the
//! lobby when its last seat is taken, and leaves both lazily once its keys have expired:
//! [`Lobby::list`](super::Lobby::list) checks each row against the session's own keys, drops the ones
//! that are gone or full, and the session cap prunes the index before refusing.
//!
//! # Writes
//!
//! Create, seat claim, seat release and commit are each one Lua script (`redis/*.lua`, sent with
//! EVALSHA; `scripts.rs`). A commit checks the expected version, stores the snapshot, appends the log
//! entry with an explicit id, records the request id and keeps every key's expiry ahead:
//! sessions with an outcome expire after the finished TTL, others after the abandoned TTL
//! counted from their last write, give or take a sixteenth of it (a commit pushes the
//! expiries out only when the last push is older than that, which saves five commands per
//! move, and always on the final commit). A seat claim with a retry key (a JoinSession with a
//! request id) records `<seat> <fingerprint> <salt>` in the `join` hash in the same
//! script, and a second claim with that key answers the record instead of taking a seat.
//! A seat release (LeaveSession, `release.lua`) deletes the seat's fields and the join
//! records pointing at it in one script, so a retried join takes a fresh seat.
//!
//! # Subscriptions
//!
//! Per replica and per watched session there is one feed (`feed.rs`): a task that follows
//! the stream with `XREAD BLOCK` on its own connection and fans entries out through a
//! local broadcast channel. A subscriber joins the channel, then the shared follow state
//! machine ([`follow`](super::follow)) reads the history with `XRANGE` and follows the
//! channel, so it sees each version once and in order; what the channel drops for a slow
//! subscriber is read back with `XRANGE`. The feed stops when its last local subscriber
//! leaves.
//!
//! # Files
//!
//! One file per role of [`Store`](super::Store): `sessions.rs` (its writes are
//! `scripts.rs`, its log reads and live feed `feed.rs`), `lobby.rs` listing and the two
//! indexes, `timers.rs` the due index, `outbox.rs` the notification outbox (its own key
//! table), `presence.rs` presence marks and player leases. Beside them: `keys.rs` the key
//! names, `records.rs` how the meta hash and stream entries decode, `conn.rs` single
//! server or cluster.
//!
//! # Failures
//!
//! Every call is bounded by a short timeout and answers [`StoreError::Unavailable`] when
//! Redis cannot be reached; a connection that drops or stops answering is replaced in the
//! background (`conn.rs`), and feeds reconnect and resume from the last version they saw.
//! A feed that cannot read for `feed_unreachable_after` says [`Live::Unreachable`](super::follow::Live::Unreachable),
//! which ends its subscriptions with [`StoreError::Unavailable`], so that their clients
//! resume on another replica rather than wait without a word. A session whose keys
//! vanish while followed (they expired, or Redis restarted without its data) ends its
//! subscriptions with [`StoreError::Gone`] within `BLOCK_MS`, rather than leaving them
//! waiting for versions that will never come.

use super::StoreError;
use conn::{Backend, Conn, Shared};
use feed::Feed;
use redis::{ErrorKind, RedisError};
use scripts::Scripts;
use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

mod chat;
mod conn;
mod feed;
mod keys;
pub use keys::Keys;
mod lobby;
mod matchmaking;
mod moderation;
mod outbox;
mod presence;
mod ratings;
mod records;
mod scripts;
mod sessions;
mod timers;
mod work;

/// How the Redis store is set up.
#[derive(Debug, Clone)]
pub struct RedisConfig {
    /// e.g. `redis://127.0.0.1:6379/0`; with `cluster`, comma-separated seed nodes
    /// (`redis://10.0.0.1:6379,redis://10.0.0.2:6379`).
    pub url: String,
    /// Redis Cluster: keys are routed to their nodes, and follow resharding.
    pub cluster: bool,
    /// Key prefix (`agora` by default); lets several deployments share one Redis.
    pub prefix: String,
    /// How long a finished session is kept.
    pub finished_ttl: Duration,
    /// How long a session without any write is kept.
    pub abandoned_ttl: Duration,
    /// Soft cap on sessions (checked before each create; replicas racing may pass it by a
    /// few).
    pub max_sessions: usize,
    /// Capacity of each feed's broadcast channel: how far a subscriber may fall behind.
    pub live_buffer: usize,
    /// Longest a call waits for Redis before answering Unavailable.
    pub op_timeout: Duration,
    /// Longest a connection attempt waits.
    pub connect_timeout: Duration,
    /// A feed that cannot read its session's log for this long tells its subscribers,
    /// whose streams then end with UNAVAILABLE "resume from version N", so that their
    /// clients move to a replica that can.
    pub feed_unreachable_after: Duration,
}

impl RedisConfig {
    pub fn new(url: impl Into<String>) -> RedisConfig {
        RedisConfig {
            url: url.into(),
            cluster: false,
            prefix: "agora".into(),
            finished_ttl: Duration::from_secs(24 * 3600),
            abandoned_ttl: Duration::from_secs(7 * 24 * 3600),
            max_sessions: 1_000_000,
            live_buffer: 1024,
            op_timeout: Duration::from_secs(2),
            connect_timeout: Duration::from_millis(500),
            feed_unreachable_after: Duration::from_secs(5),
        }
    }
}

/// Entries fetched per `XRANGE`/`XREAD` page, and sessions probed per index-pruning round.
const PAGE: usize = 512;

super::every_role!(
    RedisStore,
    fn ping(&self) -> futures::future::BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(RedisStore::ping(self))
    }
);

/// Sessions in Redis. Cheap to clone; clones share connections and feeds.
#[derive(Clone)]
pub struct RedisStore {
    inner: Arc<Inner>,
}

struct Inner {
    backend: Backend,
    /// The connection of every call but the feeds' blocking reads.
    shared: Arc<Shared>,
    config: RedisConfig,
    scripts: Scripts,
    /// This replica's feeds, by session id.
    feeds: Arc<Mutex<HashMap<String, Feed>>>,
    /// This replica's chat feeds, by session id.
    chat_feeds: chat::ChatFeeds,
    /// Verdicts of pinned sessions ([`crate::store::upgrade`]).
    pins: crate::store::upgrade::PinCache,
}

impl RedisStore {
    /// Connects (failing fast when Redis is not there) and loads the scripts lazily.
    pub async fn connect(config: RedisConfig) -> Result<RedisStore, StoreError> {
        let (backend, shared) = conn::connect(&config).await?;
        Ok(RedisStore {
            inner: Arc::new(Inner {
                backend,
                shared,
                config,
                scripts: Scripts::new(),
                feeds: Arc::new(Mutex::new(HashMap::new())),
                chat_feeds: chat::ChatFeeds::default(),
                pins: Default::default(),
            }),
        })
    }

    /// Sessions with a live feed on this replica (for tests and metrics).
    pub fn active_feeds(&self) -> usize {
        lock(&self.inner.feeds).len()
    }

    /// Whether this replica can reach Redis now (one PING, bounded by a second). A PING
    /// that times out also starts replacing the connection.
    pub async fn ping(&self) -> Result<(), StoreError> {
        self.inner.shared.ping().await
    }

    fn conn(&self) -> Conn {
        self.inner.shared.get()
    }

    /// Runs one Redis call under the store's timeout; one that times out starts replacing
    /// the shared connection.
    async fn call<T>(
        &self,
        fut: impl Future<Output = Result<T, RedisError>>,
    ) -> Result<T, StoreError> {
        self.inner.shared.bounded(fut).await
    }

    /// Runs `cmds` concurrently under one timeout. Commands on different sessions are
    /// never one pipeline: on a cluster a pipeline must stay within one slot.
    async fn each<T: redis::FromRedisValue>(
        &self,
        cmds: &[redis::Cmd],
    ) -> Result<Vec<T>, StoreError> {
        let conn = self.conn();
        let calls = cmds.iter().map(|cmd| {
            let mut conn = conn.clone();
            async move { cmd.query_async::<T>(&mut conn).await }
        });
        self.call(futures::future::try_join_all(calls)).await
    }

    fn ttl_secs(&self, finished: bool) -> u64 {
        let ttl = if finished {
            self.inner.config.finished_ttl
        } else {
            self.inner.config.abandoned_ttl
        };
        ttl.as_secs().max(1)
    }

    /// The session's meta hash, or NotFound.
    async fn meta_hash(&self, id: &str) -> Result<HashMap<String, Vec<u8>>, StoreError> {
        let key = self.keys(id).meta;
        let mut conn = self.conn();
        let hash: HashMap<String, Vec<u8>> = self
            .call(redis::cmd("HGETALL").arg(&key).query_async(&mut conn))
            .await?;
        if hash.is_empty() {
            return Err(StoreError::NotFound(id.to_string()));
        }
        Ok(hash)
    }
}

/// A poisoned lock only means a holder panicked; the maps it guards stay consistent.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

fn unavailable_timeout(config: &RedisConfig) -> StoreError {
    StoreError::Unavailable(format!(
        "Redis did not answer within {} ms",
        config.op_timeout.as_millis()
    ))
}

/// Redis errors: unreadable replies are corruption, everything else means Redis cannot
/// serve us right now (down, loading, timing out, refusing).
fn unavailable(e: RedisError) -> StoreError {
    match e.kind() {
        ErrorKind::TypeError => StoreError::Corrupt(format!("unexpected Redis reply: {e}")),
        _ => StoreError::Unavailable(format!("Redis: {e}")),
    }
}
