//! Table talk on Redis: a stream per session (`{id}:chat`, entry id `<sequence>-0`) and a
//! hash of request keys (`{id}:chatreq`), in the session's slot; `chat.lua` appends. Live
//! followers share one chat feed per session on this replica: a task that follows the
//! stream with `XREAD BLOCK` on its own connection and fans messages out through a local
//! broadcast channel, as the game's log feed does (`feed.rs`); what it does not deliver
//! a follower reads back with `XRANGE` ([`follow_chat`]).

use super::conn::{Backend, Conn, Shared};
use super::feed::BLOCK_MS;
use super::keys::Keys;
use super::{lock, unavailable_timeout, RedisConfig, RedisStore};
use crate::store::chat::{
    follow_chat, Appended, Chat, ChatHistory, ChatLive, ChatMessage, ChatStream, CHAT_PAGE,
};
use crate::store::StoreError;
use async_trait::async_trait;
use redis::{RedisError, Script};
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};
use std::time::Duration;
use tokio::sync::{broadcast, watch};
use tokio::time::Instant;

static APPEND: LazyLock<Script> = LazyLock::new(|| Script::new(include_str!("chat.lua")));

/// One stream entry: its id and its fields.
type RawEntry = (String, HashMap<String, Vec<u8>>);

/// The message of a stream entry, its sequence taken from the entry id.
fn decode_entry((id, fields): &RawEntry) -> Result<ChatMessage, StoreError> {
    let sequence = sequence_of(id)?;
    let json = fields
        .get("m")
        .ok_or_else(|| StoreError::Corrupt(format!("chat entry {id} has no message")))?;
    let mut message = ChatMessage::decode(json)?;
    message.sequence = sequence;
    Ok(message)
}

fn sequence_of(id: &str) -> Result<u64, StoreError> {
    id.split_once('-')
        .and_then(|(s, _)| s.parse().ok())
        .ok_or_else(|| StoreError::Corrupt(format!("chat entry id {id}")))
}

/// This replica's chat feeds, by session id.
#[derive(Default)]
pub(super) struct ChatFeeds(Arc<Mutex<HashMap<String, ChatFeed>>>);

struct ChatFeed {
    live: broadcast::Sender<ChatLive>,
    /// True once the feed knows where the stream ends (or an error if it could not).
    start: watch::Receiver<Option<Result<(), StoreError>>>,
    subscribers: usize,
    task: tokio::task::AbortHandle,
}

/// Held by each follower; the last one to go stops the feed.
struct ChatFeedGuard {
    feeds: Arc<Mutex<HashMap<String, ChatFeed>>>,
    id: String,
}

impl Drop for ChatFeedGuard {
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
    async fn chat_range(
        &self,
        keys: &Keys,
        after: u64,
        limit: usize,
    ) -> Result<Vec<ChatMessage>, StoreError> {
        let mut conn = self.conn();
        let reply: Vec<RawEntry> = self
            .call(
                redis::cmd("XRANGE")
                    .arg(&keys.chat)
                    .arg(format!("{}-0", after.saturating_add(1)))
                    .arg("+")
                    .arg("COUNT")
                    .arg(limit)
                    .query_async(&mut conn),
            )
            .await?;
        reply.iter().map(decode_entry).collect()
    }
}

#[async_trait]
impl Chat for RedisStore {
    async fn append(
        &self,
        session_id: &str,
        request_key: &str,
        mut message: ChatMessage,
        cap: u64,
    ) -> Result<Appended, StoreError> {
        let keys = self.keys(session_id);
        // The sequence lives in the entry id only.
        message.sequence = 0;
        let json = message.encode()?;
        let mut conn = self.conn();
        let (status, sequence, first): (String, u64, Vec<u8>) = self
            .call(
                APPEND
                    .key(&keys.meta)
                    .key(&keys.chat)
                    .key(&keys.chatreq)
                    .arg(request_key)
                    .arg(&json)
                    .arg(cap)
                    .invoke_async(&mut conn),
            )
            .await?;
        match status.as_str() {
            "ok" => {
                message.sequence = sequence;
                Ok(Appended::Stored(message))
            }
            "dup" => {
                let mut first = ChatMessage::decode(&first)?;
                first.sequence = sequence;
                Ok(Appended::Repeated(first))
            }
            "full" => Ok(Appended::Full { cap }),
            "missing" => Err(StoreError::NotFound(session_id.to_string())),
            other => Err(StoreError::Corrupt(format!("chat append answered {other}"))),
        }
    }

    async fn messages(
        &self,
        session_id: &str,
        after: u64,
        limit: usize,
    ) -> Result<Vec<ChatMessage>, StoreError> {
        self.chat_range(&self.keys(session_id), after, limit).await
    }

    async fn follow(&self, session_id: &str, after: u64) -> Result<ChatStream, StoreError> {
        let keys = self.keys(session_id);
        let mut conn = self.conn();
        let exists: i64 = self
            .call(redis::cmd("EXISTS").arg(&keys.meta).query_async(&mut conn))
            .await?;
        if exists == 0 {
            return Err(StoreError::NotFound(session_id.to_string()));
        }
        let (live, mut start, guard) = self.join_chat_feed(session_id);
        // The history is read once the feed knows where it starts: everything before is
        // in the history, everything after reaches `live`.
        match tokio::time::timeout(
            self.inner.config.op_timeout,
            start.wait_for(Option::is_some),
        )
        .await
        {
            Ok(Ok(ready)) => {
                if let Some(Err(e)) = ready.as_ref() {
                    return Err(e.clone());
                }
            }
            Ok(Err(_)) => return Err(StoreError::Unavailable("the chat feed stopped".into())),
            Err(_) => return Err(unavailable_timeout(&self.inner.config)),
        }
        let store = self.clone();
        let history: ChatHistory = Arc::new(move |after| {
            let store = store.clone();
            let keys = keys.clone();
            Box::pin(async move { store.chat_range(&keys, after, CHAT_PAGE).await })
        });
        Ok(follow_chat(
            session_id.to_string(),
            history,
            live,
            after,
            Some(Box::new(guard)),
        ))
    }
}

type Joined = (
    broadcast::Receiver<ChatLive>,
    watch::Receiver<Option<Result<(), StoreError>>>,
    ChatFeedGuard,
);

impl RedisStore {
    /// Joins (or starts) this replica's chat feed of session `id`.
    fn join_chat_feed(&self, id: &str) -> Joined {
        let feeds_arc = self.inner.chat_feeds.0.clone();
        let mut feeds = lock(&feeds_arc);
        if feeds.get(id).is_some_and(|f| f.task.is_finished()) {
            if let Some(old) = feeds.remove(id) {
                old.task.abort();
            }
        }
        let feed = feeds.entry(id.to_string()).or_insert_with(|| {
            let (live, _) = broadcast::channel(self.inner.config.live_buffer.max(1));
            let (start_tx, start) = watch::channel(None);
            let task = tokio::spawn(read_chat_feed(
                self.inner.backend.clone(),
                self.inner.shared.clone(),
                self.inner.config.clone(),
                self.keys(id),
                live.clone(),
                start_tx,
            ))
            .abort_handle();
            ChatFeed {
                live,
                start,
                subscribers: 0,
                task,
            }
        });
        feed.subscribers += 1;
        let joined = (feed.live.subscribe(), feed.start.clone());
        drop(feeds);
        (
            joined.0,
            joined.1,
            ChatFeedGuard {
                feeds: feeds_arc,
                id: id.to_string(),
            },
        )
    }
}

/// The feed task: finds the last sequence, reports that it started, then follows the
/// stream with `XREAD BLOCK` and broadcasts each message. Errors are retried with backoff
/// from the last sequence seen; after `feed_unreachable_after` without a read it says
/// [`ChatLive::Unreachable`] (its followers end, and resume elsewhere). On a quiet read
/// it checks the session still exists, and says [`ChatLive::Gone`] when it does not.
async fn read_chat_feed(
    backend: Backend,
    shared: Arc<Shared>,
    config: RedisConfig,
    keys: Keys,
    live: broadcast::Sender<ChatLive>,
    start: watch::Sender<Option<Result<(), StoreError>>>,
) {
    let mut conn = shared.get();
    let tail: Result<Vec<RawEntry>, StoreError> = shared
        .bounded(
            redis::cmd("XREVRANGE")
                .arg(&keys.chat)
                .arg("+")
                .arg("-")
                .arg("COUNT")
                .arg(1)
                .query_async(&mut conn),
        )
        .await;
    let mut last = match tail.and_then(|t| t.first().map_or(Ok(0), |(id, _)| sequence_of(id))) {
        Ok(last) => last,
        Err(e) => {
            let _ = start.send(Some(Err(e)));
            return;
        }
    };
    let _ = start.send(Some(Ok(())));
    let mut own: Option<Conn> = None;
    let mut backoff = Duration::from_millis(50);
    let mut read_at = Instant::now();
    loop {
        if read_at.elapsed() >= config.feed_unreachable_after {
            let _ = live.send(ChatLive::Unreachable);
            own = None;
            read_at = Instant::now();
        }
        let c = match own.as_mut() {
            Some(c) => c,
            None => match backend.feed_connection(&config).await {
                Ok(c) => own.insert(c),
                Err(_) => {
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(Duration::from_secs(1));
                    continue;
                }
            },
        };
        type Reply = Option<Vec<(String, Vec<RawEntry>)>>;
        let read: Result<Reply, RedisError> = redis::cmd("XREAD")
            .arg("COUNT")
            .arg(CHAT_PAGE)
            .arg("BLOCK")
            .arg(BLOCK_MS)
            .arg("STREAMS")
            .arg(&keys.chat)
            .arg(format!("{last}-0"))
            .query_async(c)
            .await;
        match read {
            Ok(Some(reply)) => {
                backoff = Duration::from_millis(50);
                read_at = Instant::now();
                for (_, entries) in reply {
                    for entry in &entries {
                        // An unreadable entry is skipped here; followers meet the gap and
                        // read it themselves, which reports it to them.
                        if let Ok(message) = decode_entry(entry) {
                            last = message.sequence;
                            let _ = live.send(ChatLive::Message(Arc::new(message)));
                        } else if let Ok(sequence) = sequence_of(&entry.0) {
                            last = sequence;
                        }
                    }
                }
            }
            Ok(None) => {
                backoff = Duration::from_millis(50);
                read_at = Instant::now();
                let exists: Result<i64, RedisError> =
                    redis::cmd("EXISTS").arg(&keys.meta).query_async(c).await;
                if let Ok(0) = exists {
                    let _ = live.send(ChatLive::Gone);
                    return;
                }
            }
            Err(_) => {
                own = None;
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(Duration::from_secs(1));
            }
        }
    }
}
