//! Reading the log stream, and following it live: one feed task per watched session on
//! this replica, shared by all its local subscribers, whose items the shared
//! [`follow`](crate::store::follow) state machine turns into subscriptions.

use super::conn::{Backend, Conn, Shared};
use super::keys::Keys;
use super::records::{stream_entry, RawEntry};
use super::{lock, unavailable_timeout, RedisConfig, RedisStore, PAGE};
use crate::store::follow::{follow, History, Live};
use crate::store::{codec, LogEntry, LogStream, StoreError};
use async_trait::async_trait;
use redis::RedisError;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{broadcast, watch};
use tokio::time::Instant;

/// How long one `XREAD BLOCK` waits before the feed looks around again.
pub(super) const BLOCK_MS: u64 = 2_000;

/// One session's live fan-out on this replica.
pub(super) struct Feed {
    live: broadcast::Sender<Live>,
    /// The version the reader started after, once it knows it.
    start: watch::Receiver<Option<Result<u64, StoreError>>>,
    subscribers: usize,
    task: tokio::task::AbortHandle,
}

type FeedStart = watch::Receiver<Option<Result<u64, StoreError>>>;

/// Held by each subscription; the last one to go stops the feed.
pub(super) struct FeedGuard {
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

impl RedisStore {
    /// Log entries with `from <= version <= to`, at most `count`: from the stream, or
    /// from the compacted record when the session finished and the stream was trimmed.
    pub(super) async fn range(
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
        let streamed: Vec<Arc<LogEntry>> = reply
            .into_iter()
            .map(|(id, fields)| stream_entry(&id, &fields).map(Arc::new))
            .collect::<Result<_, _>>()?;
        if streamed.first().is_some_and(|e| e.version == from) || count == 0 {
            return Ok(streamed);
        }
        // Compaction writes the record before it trims the stream, in one script: when
        // the stream lacks `from`, the record has it, or nobody does.
        let blob: Option<Vec<u8>> = self
            .call(
                redis::cmd("GET")
                    .arg(self.keys(id).logz)
                    .query_async(&mut conn),
            )
            .await?;
        let Some(blob) = blob else {
            return Ok(streamed);
        };
        let last = to.unwrap_or(u64::MAX);
        Ok(codec::decode_log_blob(&blob)?
            .into_iter()
            .filter(|e| e.version >= from && e.version <= last)
            .take(count)
            .map(Arc::new)
            .collect())
    }

    /// Every entry after `after` up to now, paging through the stream.
    async fn history(&self, id: &str, after: u64) -> Result<Vec<Arc<LogEntry>>, StoreError> {
        let mut out = Vec::new();
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
    fn join_feed(&self, id: &str) -> (broadcast::Receiver<Live>, FeedStart, FeedGuard) {
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
                self.inner.shared.clone(),
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

    /// Every version after `after`: joins the feed, waits until it knows where it
    /// starts, then hands over to the shared follow state machine.
    pub(super) async fn subscribe_log(
        &self,
        id: &str,
        after: u64,
    ) -> Result<LogStream, StoreError> {
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
        // Read after joining the feed: a rematch recorded later reaches `live`.
        let rematch: Option<String> = self
            .call(
                redis::cmd("HGET")
                    .arg(&keys.meta)
                    .arg("rematch")
                    .query_async(&mut conn),
            )
            .await?;
        let log = SessionLog {
            store: self.clone(),
            id: id.to_string(),
            _feed: guard,
        };
        Ok(follow(id.to_string(), log, live, after, rematch))
    }
}

/// One session's log, as a subscriber's history; holding it keeps the feed running.
struct SessionLog {
    store: RedisStore,
    id: String,
    _feed: FeedGuard,
}

#[async_trait]
impl History for SessionLog {
    async fn after(&self, after: u64, to: Option<u64>) -> Result<Vec<Arc<LogEntry>>, StoreError> {
        match to {
            None => self.store.history(&self.id, after).await,
            Some(to) if to <= after => Ok(Vec::new()),
            Some(to) => {
                let count = (to - after) as usize;
                self.store.range(&self.id, after + 1, Some(to), count).await
            }
        }
    }
}

/// The feed task: finds where the stream ends, reports it, then follows it with
/// `XREAD BLOCK` on a dedicated connection and broadcasts each entry. Errors are retried
/// with backoff from the last version seen, so a Redis restart is ridden out. Each quiet
/// `BLOCK_MS` it checks that the session still exists: when its keys expired or Redis
/// came back without its data, the feed says [`Live::Gone`] and stops. When it has read
/// nothing for `feed_unreachable_after` (Redis down, or a path that swallows bytes), it
/// says [`Live::Unreachable`], drops its connection and keeps trying; it says it again
/// each such period, so a subscriber that joined meanwhile hears it too.
async fn read_feed(
    backend: Backend,
    shared: Arc<Shared>,
    config: RedisConfig,
    keys: Keys,
    live: broadcast::Sender<Live>,
    start: watch::Sender<Option<Result<u64, StoreError>>>,
) {
    let last = match tail(&shared, &keys).await {
        Ok(last) => last,
        Err(e) => {
            let _ = start.send(Some(Err(e)));
            return;
        }
    };
    let _ = start.send(Some(Ok(last)));
    let mut reader = Reader {
        backend,
        config,
        keys,
        live,
        last,
        conn: None,
        backoff: Duration::from_millis(50),
    };
    let mut read_at = Instant::now();
    loop {
        let deadline = read_at + reader.config.feed_unreachable_after;
        let unreachable = tokio::select! {
            step = reader.step() => match step {
                Step::Read => {
                    read_at = Instant::now();
                    false
                }
                Step::Failed => false,
                Step::Gone => return,
            },
            () = tokio::time::sleep_until(deadline) => true,
        };
        if unreachable {
            if let Some(suppressed) = crate::throttle::admit("feed_unreachable") {
                tracing::warn!(
                    suppressed,
                    key = %reader.keys.log,
                    after_ms = reader.config.feed_unreachable_after.as_millis() as u64,
                    "an event feed cannot read its log; ending its streams so they resume elsewhere"
                );
            }
            let _ = reader.live.send(Live::Unreachable);
            // Whatever it was waiting on is suspect: a fresh connection next time.
            reader.conn = None;
            read_at = Instant::now();
        }
    }
}

/// Where the stream ends when the feed starts: the version after which it follows.
async fn tail(shared: &Arc<Shared>, keys: &Keys) -> Result<u64, StoreError> {
    let mut conn = shared.get();
    let tail: Vec<RawEntry> = shared
        .bounded(
            redis::cmd("XREVRANGE")
                .arg(&keys.log)
                .arg("+")
                .arg("-")
                .arg("COUNT")
                .arg(1)
                .query_async(&mut conn),
        )
        .await?;
    match tail.first() {
        Some((id, fields)) => stream_entry(id, fields).map(|entry| entry.version),
        // No stream: a session at version 0, or a finished one whose log was compacted
        // (everything up to its version is history then).
        None => {
            let version: Option<u64> = shared
                .bounded(
                    redis::cmd("HGET")
                        .arg(&keys.meta)
                        .arg("version")
                        .query_async(&mut conn),
                )
                .await?;
            Ok(version.unwrap_or_default())
        }
    }
}

/// The feed's reading state between steps.
struct Reader {
    backend: Backend,
    config: RedisConfig,
    keys: Keys,
    live: broadcast::Sender<Live>,
    /// The last version broadcast.
    last: u64,
    /// The feed's own connection, once made; dropped after any error.
    conn: Option<Conn>,
    backoff: Duration,
}

/// What one step of the feed came to.
enum Step {
    /// Redis answered (entries or a quiet read).
    Read,
    /// Redis could not be read; the step waited its backoff.
    Failed,
    /// The session no longer exists: the feed ends.
    Gone,
}

impl Reader {
    /// One `XREAD BLOCK` (connecting first if needed) and what follows from its answer.
    async fn step(&mut self) -> Step {
        let c = match self.conn.as_mut() {
            Some(c) => c,
            None => match self.backend.feed_connection(&self.config).await {
                Ok(c) => self.conn.insert(c),
                Err(e) => return self.failed(&e).await,
            },
        };
        type Reply = Option<Vec<(String, Vec<RawEntry>)>>;
        let key = &self.keys.log;
        let read: Result<Reply, RedisError> = redis::cmd("XREAD")
            .arg("COUNT")
            .arg(PAGE)
            .arg("BLOCK")
            .arg(BLOCK_MS)
            .arg("STREAMS")
            .arg(key)
            .arg(format!("{}-0", self.last))
            .query_async(c)
            .await;
        match read {
            Ok(None) => {
                self.backoff = Duration::from_millis(50);
                let current: Result<(Option<u64>, Option<String>), RedisError> =
                    redis::cmd("HMGET")
                        .arg(&self.keys.meta)
                        .arg("version")
                        .arg("rematch")
                        .query_async(c)
                        .await;
                // A rematch is only recorded once the game is over, when the stream is
                // quiet: it is said on each quiet read, and subscribers that joined since
                // the last one hear it (each passes it on once).
                if let Ok((Some(_), Some(rematch))) = &current {
                    let _ = self.live.send(Live::Rematch(rematch.clone()));
                }
                match current.map(|(version, _)| version) {
                    // The final entries were compacted away before this feed read them.
                    Ok(Some(version)) if version > self.last => {
                        match compacted_after(c, &self.keys.logz, self.last).await {
                            Ok(entries) => {
                                for entry in entries {
                                    self.last = entry.version;
                                    let _ = self.live.send(Live::Entry(Arc::new(entry)));
                                }
                                Step::Read
                            }
                            Err(e) => self.failed(&e).await,
                        }
                    }
                    Ok(None) => {
                        if let Some(suppressed) = crate::throttle::admit("session_gone") {
                            tracing::warn!(
                                suppressed,
                                %key,
                                "a followed session no longer exists (expired or lost by Redis)"
                            );
                        }
                        let _ = self.live.send(Live::Gone);
                        Step::Gone
                    }
                    Ok(_) => Step::Read,
                    Err(e) => self.failed(&e).await,
                }
            }
            Ok(Some(reply)) => {
                self.backoff = Duration::from_millis(50);
                for (_, entries) in reply {
                    for (id, fields) in entries {
                        match stream_entry(&id, &fields) {
                            Ok(entry) => {
                                self.last = entry.version;
                                // Nobody listening is fine: the last subscriber just left.
                                let _ = self.live.send(Live::Entry(Arc::new(entry)));
                            }
                            Err(e) => {
                                // Subscribers see the gap and read it themselves, which
                                // reports the corruption to them.
                                if let Some(suppressed) = crate::throttle::admit("log_corrupt") {
                                    tracing::error!(suppressed, %key, error = %e, "unreadable log entry");
                                }
                                if let Some((v, _)) = id.split_once('-') {
                                    self.last = v.parse().unwrap_or(self.last);
                                }
                            }
                        }
                    }
                }
                Step::Read
            }
            Err(e) => self.failed(&e).await,
        }
    }

    /// After an error: a fresh connection next time, after the backoff.
    async fn failed(&mut self, error: &(dyn std::fmt::Display + Sync)) -> Step {
        feed_retry(error);
        self.conn = None;
        tokio::time::sleep(self.backoff).await;
        self.backoff = (self.backoff * 2).min(Duration::from_secs(1));
        Step::Failed
    }
}

/// The entries after `last` in a compacted log (none when there is no such record).
async fn compacted_after(
    conn: &mut Conn,
    logz: &str,
    last: u64,
) -> Result<Vec<LogEntry>, Box<dyn std::error::Error + Send + Sync>> {
    let blob: Option<Vec<u8>> = redis::cmd("GET").arg(logz).query_async(conn).await?;
    let Some(blob) = blob else {
        return Ok(Vec::new());
    };
    Ok(codec::decode_log_blob(&blob)?
        .into_iter()
        .filter(|e| e.version > last)
        .collect())
}

/// A feed that lost Redis retries with backoff; the operator hears of it once a second.
fn feed_retry(error: &dyn std::fmt::Display) {
    if let Some(suppressed) = crate::throttle::admit("redis_feed_retry") {
        tracing::warn!(
            suppressed,
            error = %error,
            "an event feed cannot reach Redis; retrying"
        );
    }
}
