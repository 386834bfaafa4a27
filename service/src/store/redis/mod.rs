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
//! [`RedisStore::list`] checks each row against the session's own keys, drops the ones
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
//! `outbox.rs` the notification outbox and presence marks (its own key table), `keys.rs` the key names, `scripts.rs` the writes, `records.rs` how the meta hash
//! and stream entries decode, `lobby.rs` listing and the two indexes, `feed.rs` log reads
//! and the live feed, `conn.rs` single server or cluster.
//!
//! # Failures
//!
//! Every call is bounded by a short timeout and answers [`StoreError::Unavailable`] when
//! Redis cannot be reached; the connection manager reconnects in the background, and
//! feeds reconnect and resume from the last version they saw. A session whose keys
//! vanish while followed (they expired, or Redis restarted without its data) ends its
//! subscriptions with [`StoreError::Gone`] within `BLOCK_MS`, rather than leaving them
//! waiting for versions that will never come.

use super::{
    Claimed, Commit, CommitResult, DeadLetter, Finish, ListFilter, Loaded, LogEntry, LogStream,
    Notification, OutboxItem, SeatClaim, SessionMeta, SessionStore, StoreError, Summary,
};
use crate::table::Table;
use agora_engine::Seat;
use async_trait::async_trait;
use conn::{Backend, Conn};
use feed::Feed;
use redis::{ErrorKind, RedisError};
use scripts::Scripts;
use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

mod conn;
mod due;
mod feed;
mod keys;
mod lobby;
mod outbox;
mod records;
mod scripts;

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
        }
    }
}

/// Entries fetched per `XRANGE`/`XREAD` page, and sessions probed per index-pruning round.
const PAGE: usize = 512;

/// Sessions in Redis. Cheap to clone; clones share connections and feeds.
#[derive(Clone)]
pub struct RedisStore {
    inner: Arc<Inner>,
}

struct Inner {
    backend: Backend,
    conn: Conn,
    config: RedisConfig,
    scripts: Scripts,
    /// This replica's feeds, by session id.
    feeds: Arc<Mutex<HashMap<String, Feed>>>,
}

impl RedisStore {
    /// Connects (failing fast when Redis is not there) and loads the scripts lazily.
    pub async fn connect(config: RedisConfig) -> Result<RedisStore, StoreError> {
        let (backend, conn) = conn::connect(&config).await?;
        Ok(RedisStore {
            inner: Arc::new(Inner {
                backend,
                conn,
                config,
                scripts: Scripts::new(),
                feeds: Arc::new(Mutex::new(HashMap::new())),
            }),
        })
    }

    /// Sessions with a live feed on this replica (for tests and metrics).
    pub fn active_feeds(&self) -> usize {
        lock(&self.inner.feeds).len()
    }

    fn conn(&self) -> Conn {
        self.inner.conn.clone()
    }

    /// Runs one Redis call under the store's timeout.
    async fn call<T>(
        &self,
        fut: impl Future<Output = Result<T, RedisError>>,
    ) -> Result<T, StoreError> {
        bounded(&self.inner.config, fut).await
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

#[async_trait]
impl SessionStore for RedisStore {
    async fn create(&self, meta: SessionMeta, state: Table) -> Result<(), StoreError> {
        self.create_session(meta, state).await
    }

    async fn relist(&self, meta: &SessionMeta) -> Result<(), StoreError> {
        self.index_session(meta).await
    }

    async fn load(&self, id: &str) -> Result<Loaded, StoreError> {
        let keys = self.keys(id);
        let mut conn = self.conn();
        let (hash, snap): (HashMap<String, Vec<u8>>, Option<Vec<u8>>) = self
            .call(
                redis::pipe()
                    .atomic()
                    .cmd("HGETALL")
                    .arg(&keys.meta)
                    .cmd("GET")
                    .arg(&keys.snap)
                    .query_async(&mut conn),
            )
            .await?;
        let (false, Some(snap)) = (hash.is_empty(), snap) else {
            return Err(StoreError::NotFound(id.to_string()));
        };
        let row = records::meta_row(&hash)?;
        Ok(Loaded {
            meta: row.meta,
            version: row.version,
            state: super::codec::decode_snapshot(&snap)?,
        })
    }

    async fn claim_seat(
        &self,
        id: &str,
        claim: SeatClaim,
    ) -> Result<(Claimed, SessionMeta), StoreError> {
        self.claim(id, claim).await
    }

    async fn release_seat(
        &self,
        id: &str,
        token_hash: &str,
    ) -> Result<(Option<Seat>, SessionMeta), StoreError> {
        self.release(id, token_hash).await
    }

    async fn commit(&self, id: &str, commit: Commit) -> Result<CommitResult, StoreError> {
        self.commit_entry(id, commit).await
    }

    async fn find_request(&self, id: &str, request_id: &str) -> Result<Option<u64>, StoreError> {
        let key = self.keys(id).req;
        let mut conn = self.conn();
        self.call(
            redis::cmd("HGET")
                .arg(&key)
                .arg(request_id)
                .query_async(&mut conn),
        )
        .await
    }

    async fn read_log(
        &self,
        id: &str,
        after: u64,
        limit: usize,
    ) -> Result<Vec<Arc<LogEntry>>, StoreError> {
        if limit == 0 {
            return Ok(Vec::new());
        }
        let to = after.saturating_add(limit as u64);
        self.range(id, after + 1, Some(to), limit).await
    }

    async fn subscribe(&self, id: &str, after: u64) -> Result<LogStream, StoreError> {
        self.subscribe_log(id, after).await
    }

    async fn list(&self, filter: &ListFilter) -> Result<Vec<Summary>, StoreError> {
        self.lobby(filter).await
    }

    async fn player_sessions(
        &self,
        player_id: &str,
        limit: usize,
    ) -> Result<Vec<Summary>, StoreError> {
        self.player_rows(player_id, limit).await
    }

    async fn set_rematch(&self, id: &str, rematch: &str) -> Result<String, StoreError> {
        let keys = self.keys(id);
        let mut conn = self.conn();
        // One slot (the session's keys): a pipeline is atomic enough here, as HSETNX alone
        // decides and HGET only reads its result.
        let (_, recorded): ((), Option<String>) = self
            .call(
                redis::pipe()
                    .atomic()
                    .cmd("HSETNX")
                    .arg(&keys.meta)
                    .arg("rematch")
                    .arg(rematch)
                    .ignore()
                    .cmd("HGET")
                    .arg(&keys.meta)
                    .arg("rematch")
                    .query_async::<(Option<String>,)>(&mut conn),
            )
            .await
            .map(|(r,)| ((), r))?;
        recorded.ok_or_else(|| StoreError::NotFound(id.to_string()))
    }

    async fn schedule(&self, id: &str, due_ms: i64) -> Result<(), StoreError> {
        self.schedule_due(id, due_ms).await
    }

    async fn claim_due(
        &self,
        now_ms: i64,
        lease_ms: i64,
        limit: usize,
    ) -> Result<Vec<(String, i64)>, StoreError> {
        self.claim_due_sessions(now_ms, lease_ms, limit).await
    }

    async fn reschedule(
        &self,
        id: &str,
        due_ms: i64,
        next: Option<i64>,
    ) -> Result<bool, StoreError> {
        self.reschedule_due(id, due_ms, next).await
    }

    async fn outbox_put(&self, items: &[Notification]) -> Result<(), StoreError> {
        self.put_outbox(items).await
    }

    async fn outbox_claim(
        &self,
        now_ms: i64,
        lease_ms: i64,
        limit: usize,
    ) -> Result<Vec<OutboxItem>, StoreError> {
        self.claim_outbox(now_ms, lease_ms, limit).await
    }

    async fn outbox_finish(
        &self,
        id: &str,
        lease: i64,
        finish: Finish,
    ) -> Result<bool, StoreError> {
        self.finish_outbox(id, lease, finish).await
    }

    async fn dead_letters(&self, limit: usize) -> Result<Vec<DeadLetter>, StoreError> {
        self.read_dead_letters(limit).await
    }

    async fn mark_present(&self, id: &str, player_id: &str, ttl_ms: i64) -> Result<(), StoreError> {
        self.set_presence(id, player_id, ttl_ms).await
    }

    async fn is_present(&self, id: &str, player_id: &str) -> Result<bool, StoreError> {
        self.get_presence(id, player_id).await
    }

    async fn lock_player(
        &self,
        player_id: &str,
        holder: &str,
        ttl_ms: i64,
    ) -> Result<bool, StoreError> {
        let mut conn = self.conn();
        let set: Option<String> = self
            .call(
                redis::cmd("SET")
                    .arg(self.player_lock_key(player_id))
                    .arg(holder)
                    .arg("NX")
                    .arg("PX")
                    .arg(ttl_ms.max(1))
                    .query_async(&mut conn),
            )
            .await?;
        Ok(set.is_some())
    }

    async fn unlock_player(&self, player_id: &str, holder: &str) -> Result<(), StoreError> {
        // Deletes only the holder's own lease: one that lapsed may be another's by now.
        const UNLOCK: &str =
            "if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end";
        let mut conn = self.conn();
        self.call(
            redis::Script::new(UNLOCK)
                .key(self.player_lock_key(player_id))
                .arg(holder)
                .invoke_async::<()>(&mut conn),
        )
        .await
    }
}

/// A poisoned lock only means a holder panicked; the maps it guards stay consistent.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Runs one Redis call under the store's timeout.
async fn bounded<T>(
    config: &RedisConfig,
    fut: impl Future<Output = Result<T, RedisError>>,
) -> Result<T, StoreError> {
    match tokio::time::timeout(config.op_timeout, fut).await {
        Ok(result) => result.map_err(unavailable),
        Err(_) => Err(unavailable_timeout(config)),
    }
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
