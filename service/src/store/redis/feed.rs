//! Reading the log stream, and following it live: one feed task per watched session on
//! this replica, shared by all its local subscribers, whose items the shared
//! [`follow`](crate::store::follow) state machine turns into subscriptions.

use super::conn::{Backend, Conn};
use super::keys::Keys;
use super::records::{stream_entry, RawEntry};
use super::{bounded, lock, unavailable_timeout, RedisConfig, RedisStore, PAGE};
use crate::store::follow::{follow, History, Live};
use crate::store::{codec, LogEntry, LogStream, StoreError};
use async_trait::async_trait;
use redis::RedisError;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{broadcast, watch};

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
/// came back without its data, the feed says [`Live::Gone`] and stops.
async fn read_feed(
    backend: Backend,
    mut shared: Conn,
    config: RedisConfig,
    keys: Keys,
    live: broadcast::Sender<Live>,
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
    let tail = match tail {
        Ok(tail) => match tail.first() {
            Some((id, fields)) => stream_entry(id, fields).map(|entry| entry.version),
            // No stream: a session at version 0, or a finished one whose log was compacted
            // (everything up to its version is history then).
            None => version(&mut shared, &config, &keys.meta)
                .await
                .map(Option::unwrap_or_default),
        },
        Err(e) => Err(e),
    };
    let mut last = match tail {
        Ok(last) => last,
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
                    feed_retry(&e);
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
                let current: Result<(Option<u64>, Option<String>), RedisError> =
                    redis::cmd("HMGET")
                        .arg(&keys.meta)
                        .arg("version")
                        .arg("rematch")
                        .query_async(c)
                        .await;
                // A rematch is only recorded once the game is over, when the stream is
                // quiet: it is said on each quiet read, and subscribers that joined since
                // the last one hear it (each passes it on once).
                if let Ok((Some(_), Some(rematch))) = &current {
                    let _ = live.send(Live::Rematch(rematch.clone()));
                }
                let current = current.map(|(version, _)| version);
                match current {
                    // The final entries were compacted away before this feed read them.
                    Ok(Some(version)) if version > last => {
                        match compacted_after(c, &keys.logz, last).await {
                            Ok(entries) => {
                                for entry in entries {
                                    last = entry.version;
                                    let _ = live.send(Live::Entry(Arc::new(entry)));
                                }
                            }
                            Err(e) => feed_retry(&e),
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
                        let _ = live.send(Live::Gone);
                        return;
                    }
                    Ok(_) => {}
                    Err(e) => {
                        feed_retry(&e);
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
                                let _ = live.send(Live::Entry(Arc::new(entry)));
                            }
                            Err(e) => {
                                // Subscribers see the gap and read it themselves, which
                                // reports the corruption to them.
                                if let Some(suppressed) = crate::throttle::admit("log_corrupt") {
                                    tracing::error!(suppressed, %key, error = %e, "unreadable log entry");
                                }
                                if let Some((v, _)) = id.split_once('-') {
                                    last = v.parse().unwrap_or(last);
                                }
                            }
                        }
                    }
                }
            }
            Err(e) => {
                feed_retry(&e);
                conn = None;
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(Duration::from_secs(1));
            }
        }
    }
}

/// A session's version, `None` when it is gone.
async fn version(
    conn: &mut Conn,
    config: &RedisConfig,
    meta: &str,
) -> Result<Option<u64>, StoreError> {
    bounded(
        config,
        redis::cmd("HGET")
            .arg(meta)
            .arg("version")
            .query_async(conn),
    )
    .await
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
