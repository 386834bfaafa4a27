//! The shared store: sessions in Redis, so any replica serves any session.
//!
//! # Key layout
//!
//! Every key of one session carries the hash tag `{<session id>}`, so Redis Cluster keeps
//! them on one shard and the scripts below may touch them together:
//!
//! | key                      | type   | holds |
//! |--------------------------|--------|-------|
//! | `agora:{id}:meta`        | hash   | `meta` (the fixed metadata, in a format envelope), `game`, `created`, `seats`, `open`, `version`, `to_act`, `outcome`, `updated`, and per seat `seat:<i>:name` and `seat:<i>:token` (the SHA-256 of the seat token, never the token) |
//! | `agora:{id}:snap`        | string | the state at `version` ([`codec`] snapshot, with its format number) |
//! | `agora:{id}:log`         | stream | one entry per version, entry id `<version>-0`, field `e` = [`codec`] log entry |
//! | `agora:{id}:req`         | hash   | request id → the version it committed as |
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
//! Create, seat claim and commit are each one Lua script (`redis/*.lua`, sent with
//! EVALSHA). A commit checks the expected version, stores the snapshot, appends the log
//! entry with an explicit id, records the request id and pushes every key's expiry out:
//! sessions with an outcome expire after the finished TTL, others after the abandoned TTL
//! counted from their last write.
//!
//! # Subscriptions
//!
//! Per replica and per watched session there is one feed: a task that follows the stream
//! with `XREAD BLOCK` on its own connection and fans entries out through a local
//! broadcast channel. A subscriber joins the channel, reads the history with `XRANGE`,
//! then follows the channel, so it sees each version once and in order; one that falls
//! more than the channel's capacity behind ends with [`StoreError::Lagged`]. The feed
//! stops when its last local subscriber leaves.
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
    codec, Commit, CommitResult, ListFilter, Loaded, LogEntry, LogStream, SeatRecord, SessionMeta,
    SessionStore, StoreError, Summary, TokenHash,
};
use agora_engine::registry::AnyState;
use agora_engine::{Outcome, Seat};
use async_trait::async_trait;
use conn::{Backend, Conn};
use futures::StreamExt;
use redis::{ErrorKind, RedisError, Script, Value};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::{broadcast, watch};

mod conn;

/// Format of the `meta` field; bump and keep a reader when it changes incompatibly.
pub const META_FORMAT: u32 = 1;

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

/// A stream entry as Redis sends it: id and flat field/value list.
type RawEntry = (String, Vec<Vec<u8>>);

/// How long one `XREAD BLOCK` waits before the feed looks around again.
const BLOCK_MS: u64 = 2_000;
/// Entries fetched per `XRANGE`/`XREAD` page.
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
    create: Script,
    claim: Script,
    commit: Script,
    feeds: Arc<Mutex<HashMap<String, Feed>>>,
}

/// What a feed tells its subscribers.
#[derive(Clone)]
enum Fed {
    Entry(Arc<LogEntry>),
    /// The session's keys are gone (expired, or Redis lost its data): nothing more comes.
    Gone,
}

/// One session's live fan-out on this replica.
struct Feed {
    live: broadcast::Sender<Fed>,
    /// The version the reader started after, once it knows it.
    start: watch::Receiver<Option<Result<u64, StoreError>>>,
    subscribers: usize,
    task: tokio::task::AbortHandle,
}

/// The session keys, in the order every script takes them.
struct Keys {
    meta: String,
    snap: String,
    log: String,
    req: String,
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
                create: Script::new(include_str!("redis/create.lua")),
                claim: Script::new(include_str!("redis/claim.lua")),
                commit: Script::new(include_str!("redis/commit.lua")),
                feeds: Arc::new(Mutex::new(HashMap::new())),
            }),
        })
    }

    /// Sessions with a live feed on this replica (for tests and metrics).
    pub fn active_feeds(&self) -> usize {
        lock(&self.inner.feeds).len()
    }

    fn keys(&self, id: &str) -> Keys {
        let p = &self.inner.config.prefix;
        Keys {
            meta: format!("{p}:{{{id}}}:meta"),
            snap: format!("{p}:{{{id}}}:snap"),
            log: format!("{p}:{{{id}}}:log"),
            req: format!("{p}:{{{id}}}:req"),
        }
    }

    fn lobby_key(&self) -> String {
        format!("{}:lobby", self.inner.config.prefix)
    }

    fn all_key(&self) -> String {
        format!("{}:sessions", self.inner.config.prefix)
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

    /// Takes `ids` out of the lobby index, and out of the index of all sessions when
    /// `everywhere`.
    async fn unindex(&self, ids: &[&String], everywhere: bool) -> Result<(), StoreError> {
        if ids.is_empty() {
            return Ok(());
        }
        let mut cmds = vec![redis::cmd("ZREM")];
        cmds[0].arg(self.lobby_key()).arg(ids);
        if everywhere {
            let mut all = redis::cmd("ZREM");
            all.arg(self.all_key()).arg(ids);
            cmds.push(all);
        }
        self.each::<()>(&cmds).await.map(drop)
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

    /// Removes sessions whose keys are gone from both indexes; returns how many remain.
    async fn prune_index(&self) -> Result<usize, StoreError> {
        let mut conn = self.conn();
        let ids: Vec<String> = self
            .call(
                redis::cmd("ZRANGE")
                    .arg(self.all_key())
                    .arg(0)
                    .arg(-1)
                    .query_async(&mut conn),
            )
            .await?;
        let mut alive = 0;
        for chunk in ids.chunks(PAGE) {
            let probes: Vec<redis::Cmd> = chunk
                .iter()
                .map(|id| {
                    let mut cmd = redis::cmd("EXISTS");
                    cmd.arg(self.keys(id).meta);
                    cmd
                })
                .collect();
            let exists: Vec<i64> = self.each(&probes).await?;
            let gone: Vec<&String> = chunk
                .iter()
                .zip(&exists)
                .filter(|(_, e)| **e == 0)
                .map(|(id, _)| id)
                .collect();
            alive += chunk.len() - gone.len();
            self.unindex(&gone, true).await?;
        }
        Ok(alive)
    }

    /// Log entries with `from <= version <= to`, at most `count`.
    async fn range(
        &self,
        id: &str,
        from: u64,
        to: Option<u64>,
        count: usize,
    ) -> Result<Vec<Arc<LogEntry>>, StoreError> {
        let key = self.keys(id).log;
        let mut conn = self.conn();
        let end = to.map_or_else(|| "+".to_string(), |v| format!("{v}-0"));
        let reply: Vec<RawEntry> = self
            .call(
                redis::cmd("XRANGE")
                    .arg(&key)
                    .arg(format!("{from}-0"))
                    .arg(end)
                    .arg("COUNT")
                    .arg(count)
                    .query_async(&mut conn),
            )
            .await?;
        reply
            .into_iter()
            .map(|(id, fields)| stream_entry(&id, &fields).map(Arc::new))
            .collect()
    }

    /// Every entry after `after` up to now, paging through the stream.
    async fn history(&self, id: &str, after: u64) -> Result<VecDeque<Arc<LogEntry>>, StoreError> {
        let mut out = VecDeque::new();
        let mut from = after + 1;
        loop {
            let page = self.range(id, from, None, PAGE).await?;
            let full = page.len() == PAGE;
            if let Some(last) = page.last() {
                from = last.version + 1;
            }
            out.extend(page);
            if !full {
                return Ok(out);
            }
        }
    }

    /// Joins (or starts) this replica's feed of session `id`.
    fn join_feed(&self, id: &str) -> (broadcast::Receiver<Fed>, FeedStart, FeedGuard) {
        let mut feeds = lock(&self.inner.feeds);
        let stale = feeds.get(id).is_some_and(|f| f.task.is_finished());
        if stale {
            if let Some(old) = feeds.remove(id) {
                old.task.abort();
            }
        }
        let feed = feeds.entry(id.to_string()).or_insert_with(|| {
            let (live, _) = broadcast::channel(self.inner.config.live_buffer.max(1));
            let (start_tx, start) = watch::channel(None);
            let task = tokio::spawn(read_feed(
                self.inner.backend.clone(),
                self.conn(),
                self.inner.config.clone(),
                self.keys(id),
                live.clone(),
                start_tx,
            ))
            .abort_handle();
            Feed {
                live,
                start,
                subscribers: 0,
                task,
            }
        });
        feed.subscribers += 1;
        let guard = FeedGuard {
            feeds: self.inner.feeds.clone(),
            id: id.to_string(),
        };
        (feed.live.subscribe(), feed.start.clone(), guard)
    }
}

type FeedStart = watch::Receiver<Option<Result<u64, StoreError>>>;

/// Held by each subscription; the last one to go stops the feed.
struct FeedGuard {
    feeds: Arc<Mutex<HashMap<String, Feed>>>,
    id: String,
}

impl Drop for FeedGuard {
    fn drop(&mut self) {
        let mut feeds = lock(&self.feeds);
        if let Some(feed) = feeds.get_mut(&self.id) {
            feed.subscribers = feed.subscribers.saturating_sub(1);
            if feed.subscribers == 0 {
                feed.task.abort();
                feeds.remove(&self.id);
            }
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

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

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or_default()
}

#[derive(Serialize, Deserialize)]
struct Envelope<T> {
    format: u32,
    body: T,
}

fn encode_json<T: Serialize>(value: &T) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(|e| StoreError::Corrupt(format!("cannot encode: {e}")))
}

fn decode_json<T: for<'de> Deserialize<'de>>(what: &str, bytes: &[u8]) -> Result<T, StoreError> {
    serde_json::from_slice(bytes).map_err(|e| StoreError::Corrupt(format!("{what}: {e}")))
}

fn decode_meta(bytes: &[u8]) -> Result<SessionMeta, StoreError> {
    #[derive(Deserialize)]
    struct Header {
        format: u32,
    }
    let header: Header = decode_json("meta header", bytes)?;
    if header.format != META_FORMAT {
        return Err(StoreError::Corrupt(format!(
            "meta format {} is not readable by this release (reads {META_FORMAT})",
            header.format
        )));
    }
    let envelope: Envelope<SessionMeta> = decode_json("meta", bytes)?;
    Ok(envelope.body)
}

/// What the meta hash says about a session.
struct MetaRow {
    meta: SessionMeta,
    version: u64,
    to_act: Vec<Seat>,
    outcome: Option<Outcome>,
}

fn field<'a>(hash: &'a HashMap<String, Vec<u8>>, name: &str) -> Result<&'a [u8], StoreError> {
    hash.get(name)
        .map(Vec::as_slice)
        .ok_or_else(|| StoreError::Corrupt(format!("session hash lacks `{name}`")))
}

fn number(hash: &HashMap<String, Vec<u8>>, name: &str) -> Result<u64, StoreError> {
    let raw = field(hash, name)?;
    std::str::from_utf8(raw)
        .ok()
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| StoreError::Corrupt(format!("`{name}` is not a number")))
}

fn meta_row(hash: &HashMap<String, Vec<u8>>) -> Result<MetaRow, StoreError> {
    let mut meta = decode_meta(field(hash, "meta")?)?;
    for (i, seat) in meta.seats.iter_mut().enumerate() {
        let name = hash.get(&format!("seat:{i}:name"));
        let token = hash.get(&format!("seat:{i}:token"));
        *seat = SeatRecord {
            player_name: name
                .map(|n| String::from_utf8_lossy(n).into_owned())
                .unwrap_or_default(),
            token_hash: token.map(|t| String::from_utf8_lossy(t).into_owned()),
        };
    }
    let outcome_raw = field(hash, "outcome")?;
    Ok(MetaRow {
        meta,
        version: number(hash, "version")?,
        to_act: decode_json("to_act", field(hash, "to_act")?)?,
        outcome: decode_json("outcome", outcome_raw)?,
    })
}

/// A stream entry `<version>-0 e <entry>` as a log entry, checked against its id.
fn stream_entry(id: &str, fields: &[Vec<u8>]) -> Result<LogEntry, StoreError> {
    let version: u64 = id
        .split_once('-')
        .and_then(|(v, _)| v.parse().ok())
        .ok_or_else(|| StoreError::Corrupt(format!("log entry id {id:?}")))?;
    let body = fields
        .chunks(2)
        .find(|kv| kv.first().map(Vec::as_slice) == Some(b"e"))
        .and_then(|kv| kv.get(1))
        .ok_or_else(|| StoreError::Corrupt(format!("log entry {id} has no body")))?;
    let entry = codec::decode_entry(body)?;
    if entry.version != version {
        return Err(StoreError::Corrupt(format!(
            "log entry {id} holds version {}",
            entry.version
        )));
    }
    Ok(entry)
}

/// A script's `{status, number}` reply.
fn status_reply(value: Value) -> Result<(String, i64, i64), StoreError> {
    let items = match value {
        Value::Array(items) => items,
        other => {
            return Err(StoreError::Corrupt(format!(
                "unexpected script reply {other:?}"
            )))
        }
    };
    let mut it = items.into_iter();
    let status = match it.next() {
        Some(Value::BulkString(b)) => String::from_utf8_lossy(&b).into_owned(),
        Some(Value::SimpleString(s)) => s,
        other => {
            return Err(StoreError::Corrupt(format!(
                "unexpected script status {other:?}"
            )))
        }
    };
    let mut num = || match it.next() {
        Some(Value::Int(n)) => n,
        _ => 0,
    };
    let a = num();
    let b = num();
    Ok((status, a, b))
}

#[async_trait]
impl SessionStore for RedisStore {
    async fn create(&self, meta: SessionMeta, state: AnyState) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let max = self.inner.config.max_sessions;
        let count: usize = self
            .call(
                redis::cmd("ZCARD")
                    .arg(self.all_key())
                    .query_async(&mut conn),
            )
            .await?;
        if count >= max && self.prune_index().await? >= max {
            return Err(StoreError::Full(max));
        }
        let keys = self.keys(&meta.id);
        let envelope = encode_json(&Envelope {
            format: META_FORMAT,
            body: &meta,
        })?;
        let snapshot = codec::encode_snapshot(&state)?;
        let to_act: Vec<Seat> = state.to_act().iter().collect();
        let outcome = state.outcome();
        let created: i64 = self
            .call(
                self.inner
                    .create
                    .key(&keys.meta)
                    .key(&keys.snap)
                    .arg(envelope)
                    .arg(&meta.game_id)
                    .arg(meta.create_time_unix_ms)
                    .arg(meta.seats.len())
                    .arg(snapshot)
                    .arg(encode_json(&to_act)?)
                    .arg(encode_json(&outcome)?)
                    .arg(self.ttl_secs(outcome.is_some()))
                    .invoke_async(&mut conn),
            )
            .await?;
        if created == 0 {
            return Err(StoreError::AlreadyExists(meta.id));
        }
        let mut index = vec![self.all_key()];
        if meta.open_seats() > 0 {
            index.push(self.lobby_key());
        }
        let adds: Vec<redis::Cmd> = index
            .iter()
            .map(|key| {
                let mut cmd = redis::cmd("ZADD");
                cmd.arg(key).arg(meta.create_time_unix_ms).arg(&meta.id);
                cmd
            })
            .collect();
        self.each::<()>(&adds).await.map(drop)
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
        let row = meta_row(&hash)?;
        Ok(Loaded {
            meta: row.meta,
            version: row.version,
            state: codec::decode_snapshot(&snap)?,
        })
    }

    async fn claim_seat(
        &self,
        id: &str,
        seat: Option<u32>,
        player_name: &str,
        token_hash: TokenHash,
    ) -> Result<(Seat, SessionMeta), StoreError> {
        let keys = self.keys(id);
        let mut conn = self.conn();
        let reply: Value = self
            .call(
                self.inner
                    .claim
                    .key(&keys.meta)
                    .key(&keys.snap)
                    .key(&keys.log)
                    .key(&keys.req)
                    .arg(seat.map_or(-1, i64::from))
                    .arg(player_name)
                    .arg(token_hash)
                    .arg(self.ttl_secs(false))
                    .invoke_async(&mut conn),
            )
            .await?;
        let (status, a, open) = status_reply(reply)?;
        let index = match status.as_str() {
            "ok" => a,
            "missing" => return Err(StoreError::NotFound(id.to_string())),
            "nosuch" => {
                return Err(StoreError::NoSuchSeat {
                    seat: seat.unwrap_or_default(),
                    seats: a as usize,
                })
            }
            "taken" => return Err(StoreError::SeatTaken(a as u8)),
            "full" => return Err(StoreError::SessionFull),
            other => return Err(StoreError::Corrupt(format!("claim answered {other:?}"))),
        };
        if open <= 0 {
            self.call(
                redis::cmd("ZREM")
                    .arg(self.lobby_key())
                    .arg(id)
                    .query_async::<()>(&mut conn),
            )
            .await?;
        }
        let row = meta_row(&self.meta_hash(id).await?)?;
        Ok((Seat(index as u8), row.meta))
    }

    async fn commit(&self, id: &str, commit: Commit) -> Result<CommitResult, StoreError> {
        let version = commit.expected_version + 1;
        if commit.entry.version != version {
            return Err(StoreError::Corrupt(format!(
                "log entry for version {} committed at version {version}",
                commit.entry.version
            )));
        }
        let keys = self.keys(id);
        let snapshot = codec::encode_snapshot(&commit.state)?;
        let entry = codec::encode_entry(&commit.entry)?;
        let finished = commit.entry.outcome.is_some();
        let mut conn = self.conn();
        let reply: Value = self
            .call(
                self.inner
                    .commit
                    .key(&keys.meta)
                    .key(&keys.snap)
                    .key(&keys.log)
                    .key(&keys.req)
                    .arg(commit.expected_version)
                    .arg(version)
                    .arg(snapshot)
                    .arg(entry)
                    .arg(commit.entry.request_id.as_deref().unwrap_or(""))
                    .arg(encode_json(&commit.entry.to_act)?)
                    .arg(encode_json(&commit.entry.outcome)?)
                    .arg(self.ttl_secs(finished))
                    .arg(now_ms())
                    .invoke_async(&mut conn),
            )
            .await?;
        let (status, n, _) = status_reply(reply)?;
        match status.as_str() {
            "ok" => Ok(CommitResult::Committed(n as u64)),
            "dup" => Ok(CommitResult::Duplicate(n as u64)),
            "conflict" => Err(StoreError::Conflict {
                expected: commit.expected_version,
                actual: n as u64,
            }),
            "missing" => Err(StoreError::NotFound(id.to_string())),
            other => Err(StoreError::Corrupt(format!("commit answered {other:?}"))),
        }
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
        // Unknown sessions are refused rather than watched forever.
        let keys = self.keys(id);
        let mut conn = self.conn();
        let exists: i64 = self
            .call(redis::cmd("EXISTS").arg(&keys.meta).query_async(&mut conn))
            .await?;
        if exists == 0 {
            return Err(StoreError::NotFound(id.to_string()));
        }
        let (live, mut start, guard) = self.join_feed(id);
        // The history read must come after the feed knows where it starts: everything up
        // to that point is then in the history, everything after reaches `live`.
        let wait = start.wait_for(Option::is_some);
        match tokio::time::timeout(self.inner.config.op_timeout, wait).await {
            Ok(Ok(ready)) => {
                if let Some(Err(e)) = ready.as_ref() {
                    return Err(e.clone());
                }
            }
            Ok(Err(_)) => return Err(StoreError::Unavailable("the feed stopped".into())),
            Err(_) => return Err(unavailable_timeout(&self.inner.config)),
        }
        let history = self.history(id, after).await?;
        Ok(follow(
            self.clone(),
            id.to_string(),
            history,
            live,
            after,
            guard,
        ))
    }

    async fn list(&self, filter: &ListFilter) -> Result<Vec<Summary>, StoreError> {
        let index = if filter.include_full {
            self.all_key()
        } else {
            self.lobby_key()
        };
        let mut conn = self.conn();
        let mut rows = Vec::new();
        let mut offset = 0usize;
        let page = filter.limit.clamp(16, PAGE);
        while rows.len() < filter.limit {
            let ids: Vec<String> = self
                .call(
                    redis::cmd("ZREVRANGE")
                        .arg(&index)
                        .arg(offset)
                        .arg(offset + page - 1)
                        .query_async(&mut conn),
                )
                .await?;
            if ids.is_empty() {
                break;
            }
            offset += ids.len();
            let reads: Vec<redis::Cmd> = ids
                .iter()
                .map(|id| {
                    let mut cmd = redis::cmd("HGETALL");
                    cmd.arg(self.keys(id).meta);
                    cmd
                })
                .collect();
            let hashes: Vec<HashMap<String, Vec<u8>>> = self.each(&reads).await?;
            let mut gone = Vec::new();
            let mut full = Vec::new();
            for (id, hash) in ids.iter().zip(hashes) {
                if hash.is_empty() {
                    gone.push(id);
                    continue;
                }
                let row = match meta_row(&hash) {
                    Ok(row) => row,
                    Err(e) => {
                        tracing::warn!(session = %id, error = %e, "unreadable session in the index");
                        continue;
                    }
                };
                let open = row.meta.open_seats() > 0;
                if !open {
                    full.push(id);
                }
                let game_ok = filter
                    .game_id
                    .as_deref()
                    .is_none_or(|g| g == row.meta.game_id);
                if game_ok && (filter.include_full || open) && rows.len() < filter.limit {
                    rows.push(Summary {
                        meta: row.meta,
                        version: row.version,
                        to_act: row.to_act,
                        outcome: row.outcome,
                    });
                }
            }
            // Keep the indexes honest: expired sessions leave both, full ones the lobby.
            if !gone.is_empty() || !full.is_empty() {
                self.unindex(&gone, true).await?;
                self.unindex(&full, false).await?;
                if !filter.include_full {
                    // Removed rows shift the lobby's ranks down.
                    offset -= gone.len() + full.len();
                } else {
                    offset -= gone.len();
                }
            }
        }
        Ok(rows)
    }
}

/// The feed task: finds where the stream ends, reports it, then follows it with
/// `XREAD BLOCK` on a dedicated connection and broadcasts each entry. Errors are retried
/// with backoff from the last version seen, so a Redis restart is ridden out. Each quiet
/// `BLOCK_MS` it checks that the session still exists: when its keys expired or Redis
/// came back without its data, the feed says [`Fed::Gone`] and stops.
async fn read_feed(
    backend: Backend,
    mut shared: Conn,
    config: RedisConfig,
    keys: Keys,
    live: broadcast::Sender<Fed>,
    start: watch::Sender<Option<Result<u64, StoreError>>>,
) {
    let key = keys.log;
    let tail: Result<Vec<RawEntry>, StoreError> = bounded(
        &config,
        redis::cmd("XREVRANGE")
            .arg(&key)
            .arg("+")
            .arg("-")
            .arg("COUNT")
            .arg(1)
            .query_async(&mut shared),
    )
    .await;
    let mut last = match tail {
        Ok(tail) => match tail.first() {
            Some((id, fields)) => match stream_entry(id, fields) {
                Ok(entry) => entry.version,
                Err(e) => {
                    let _ = start.send(Some(Err(e)));
                    return;
                }
            },
            None => 0,
        },
        Err(e) => {
            let _ = start.send(Some(Err(e)));
            return;
        }
    };
    let _ = start.send(Some(Ok(last)));

    let mut conn: Option<Conn> = None;
    let mut backoff = Duration::from_millis(50);
    loop {
        let c = match conn.as_mut() {
            Some(c) => c,
            None => match backend.feed_connection(&config).await {
                Ok(c) => conn.insert(c),
                Err(e) => {
                    tracing::debug!(error = %e, "feed cannot reach Redis; retrying");
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(Duration::from_secs(1));
                    continue;
                }
            },
        };
        type Reply = Option<Vec<(String, Vec<RawEntry>)>>;
        let read: Result<Reply, RedisError> = redis::cmd("XREAD")
            .arg("COUNT")
            .arg(PAGE)
            .arg("BLOCK")
            .arg(BLOCK_MS)
            .arg("STREAMS")
            .arg(&key)
            .arg(format!("{last}-0"))
            .query_async(c)
            .await;
        match read {
            Ok(None) => {
                backoff = Duration::from_millis(50);
                let exists: Result<i64, RedisError> =
                    redis::cmd("EXISTS").arg(&keys.meta).query_async(c).await;
                match exists {
                    Ok(0) => {
                        tracing::warn!(%key, "a followed session no longer exists");
                        let _ = live.send(Fed::Gone);
                        return;
                    }
                    Ok(_) => {}
                    Err(e) => {
                        tracing::debug!(error = %e, "feed lost Redis; reconnecting");
                        conn = None;
                    }
                }
            }
            Ok(Some(reply)) => {
                backoff = Duration::from_millis(50);
                for (_, entries) in reply {
                    for (id, fields) in entries {
                        match stream_entry(&id, &fields) {
                            Ok(entry) => {
                                last = entry.version;
                                // Nobody listening is fine: the last subscriber just left.
                                let _ = live.send(Fed::Entry(Arc::new(entry)));
                            }
                            Err(e) => {
                                // Subscribers see the gap and read it themselves, which
                                // reports the corruption to them.
                                tracing::error!(%key, error = %e, "unreadable log entry");
                                if let Some((v, _)) = id.split_once('-') {
                                    last = v.parse().unwrap_or(last);
                                }
                            }
                        }
                    }
                }
            }
            Err(e) => {
                tracing::debug!(error = %e, "feed lost Redis; reconnecting");
                conn = None;
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(Duration::from_secs(1));
            }
        }
    }
}

/// History first, then the feed, each version once and in order. A gap in the feed
/// (which only a corrupt entry can cause) is read from the stream; falling behind the
/// feed ends the subscription with [`StoreError::Lagged`].
fn follow(
    store: RedisStore,
    id: String,
    history: VecDeque<Arc<LogEntry>>,
    live: broadcast::Receiver<Fed>,
    after: u64,
    guard: FeedGuard,
) -> LogStream {
    struct State {
        store: RedisStore,
        id: String,
        pending: VecDeque<Arc<LogEntry>>,
        live: broadcast::Receiver<Fed>,
        last: u64,
        done: bool,
        _guard: FeedGuard,
    }
    let state = State {
        store,
        id,
        pending: history,
        live,
        last: after,
        done: false,
        _guard: guard,
    };
    futures::stream::unfold(state, |mut st| async move {
        if st.done {
            return None;
        }
        loop {
            while let Some(entry) = st.pending.pop_front() {
                if entry.version <= st.last {
                    continue;
                }
                if entry.version != st.last + 1 {
                    st.done = true;
                    let e = StoreError::Corrupt(format!(
                        "log of {} skips from version {} to {}",
                        st.id, st.last, entry.version
                    ));
                    return Some((Err(e), st));
                }
                st.last = entry.version;
                return Some((Ok(entry), st));
            }
            match st.live.recv().await {
                Ok(Fed::Gone) => {
                    st.done = true;
                    let id = st.id.clone();
                    return Some((Err(StoreError::Gone(id)), st));
                }
                Ok(Fed::Entry(entry)) if entry.version <= st.last => continue,
                Ok(Fed::Entry(entry)) if entry.version == st.last + 1 => {
                    st.last = entry.version;
                    return Some((Ok(entry), st));
                }
                Ok(Fed::Entry(entry)) => {
                    let to = entry.version - 1;
                    let count = (to - st.last) as usize;
                    match st.store.range(&st.id, st.last + 1, Some(to), count).await {
                        Ok(gap) => {
                            st.pending.extend(gap);
                            st.pending.push_back(entry);
                        }
                        Err(e) => {
                            st.done = true;
                            return Some((Err(e), st));
                        }
                    }
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    st.done = true;
                    let last_version = st.last;
                    return Some((Err(StoreError::Lagged { last_version }), st));
                }
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    })
    .boxed()
}
