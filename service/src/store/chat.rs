//! The chat role: each session's table talk, an append-only list of messages numbered
//! 1, 2, 3, ... with no gap (the number is given by the store, atomically with the
//! append), kept with the session and expiring with it. An append carries a request key
//! (a hash of its author and request id): a second append with the key answers the first
//! message and stores nothing. A session holds at most a cap of messages.
//!
//! Followers get the same contract as the game's log ([`super::follow`]): the messages
//! after a sequence from the store, then live ones, each once and in order; whatever the
//! live channel did not deliver is read back from the store.

use super::StoreError;
use async_trait::async_trait;
use futures::future::BoxFuture;
use futures::stream::BoxStream;
use futures::StreamExt;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::sync::Arc;
use tokio::sync::broadcast;

/// The record format of a [`ChatMessage`] written now; a reader refuses a later one.
pub const CHAT_FORMAT: u32 = 1;

/// Messages read from the store at once when a follower catches up.
pub const CHAT_PAGE: usize = 512;

/// What was said: a text, or the id of a quick phrase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChatBody {
    Text(String),
    Phrase(String),
}

/// One stored message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatMessage {
    #[serde(default = "first_format")]
    pub format: u32,
    /// Given by the store: 1 for the first message of a session, then one more each.
    #[serde(default)]
    pub sequence: u64,
    /// The author's seat (none for a spectator).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<u8>,
    /// The signed-in author's player id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player_id: Option<String>,
    #[serde(default)]
    pub author_name: String,
    pub time_ms: i64,
    /// The session's version when it was sent.
    pub game_version: u64,
    pub body: ChatBody,
}

fn first_format() -> u32 {
    1
}

impl ChatMessage {
    /// The message in `json`, refused when a later release wrote it.
    pub fn decode(json: &[u8]) -> Result<ChatMessage, StoreError> {
        #[derive(Deserialize)]
        struct Format {
            #[serde(default = "first_format")]
            format: u32,
        }
        let format: Format = serde_json::from_slice(json)
            .map_err(|e| StoreError::Corrupt(format!("chat message: {e}")))?;
        if format.format > CHAT_FORMAT {
            return Err(StoreError::Corrupt(format!(
                "chat message of format {} (this release reads up to {CHAT_FORMAT})",
                format.format
            )));
        }
        serde_json::from_slice(json).map_err(|e| StoreError::Corrupt(format!("chat message: {e}")))
    }

    pub fn encode(&self) -> Result<String, StoreError> {
        serde_json::to_string(self).map_err(|e| StoreError::Corrupt(format!("chat message: {e}")))
    }
}

/// What an append came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Appended {
    /// Stored as this message (its sequence set).
    Stored(ChatMessage),
    /// The request key was used: the message it stored.
    Repeated(ChatMessage),
    /// The session already holds `cap` messages: nothing stored.
    Full { cap: u64 },
}

/// Messages one after another, from the store then live.
pub type ChatStream = BoxStream<'static, Result<Arc<ChatMessage>, StoreError>>;

/// Table talk per session (see the module's doc).
#[async_trait]
pub trait Chat: Send + Sync {
    /// Stores `message` as session `session_id`'s next (its `sequence` is ignored and
    /// given), unless `request_key` was used by an earlier append of the session, or the
    /// session holds `cap` messages already. NotFound when the session does not exist.
    async fn append(
        &self,
        session_id: &str,
        request_key: &str,
        message: ChatMessage,
        cap: u64,
    ) -> Result<Appended, StoreError>;

    /// At most `limit` messages with a sequence greater than `after`, in order (none for
    /// a session without chat or gone).
    async fn messages(
        &self,
        session_id: &str,
        after: u64,
        limit: usize,
    ) -> Result<Vec<ChatMessage>, StoreError>;

    /// Every message after `after`: stored ones, then each new one. NotFound when the
    /// session does not exist.
    async fn follow(&self, session_id: &str, after: u64) -> Result<ChatStream, StoreError>;
}

/// What a session's live chat channel carries.
#[derive(Debug, Clone)]
pub enum ChatLive {
    Message(Arc<ChatMessage>),
    /// The session is gone: nothing more comes.
    Gone,
    /// The backend cannot be read from this replica for now.
    Unreachable,
}

/// Reads the stored messages after a sequence (at most a page).
pub type ChatHistory =
    Arc<dyn Fn(u64) -> BoxFuture<'static, Result<Vec<ChatMessage>, StoreError>> + Send + Sync>;

/// The follow state machine: `history` from `after` (the live channel `live` was joined
/// before), then `live`, back-filling whatever `live` skipped. `guard` is held as long as
/// the stream (a backend's feed).
pub fn follow_chat(
    session_id: String,
    history: ChatHistory,
    live: broadcast::Receiver<ChatLive>,
    after: u64,
    guard: Option<Box<dyn Send + Sync>>,
) -> ChatStream {
    let follower = Follower {
        id: session_id,
        history,
        live,
        pending: VecDeque::new(),
        last: after,
        caught_up: false,
        done: false,
        _guard: guard,
    };
    futures::stream::unfold(follower, |mut f| async move {
        if f.done {
            return None;
        }
        let next = f.next().await;
        if next.is_err() {
            f.done = true;
        }
        Some((next, f))
    })
    .boxed()
}

struct Follower {
    id: String,
    history: ChatHistory,
    live: broadcast::Receiver<ChatLive>,
    pending: VecDeque<Arc<ChatMessage>>,
    /// The last sequence delivered.
    last: u64,
    caught_up: bool,
    done: bool,
    _guard: Option<Box<dyn Send + Sync>>,
}

impl Follower {
    async fn next(&mut self) -> Result<Arc<ChatMessage>, StoreError> {
        if !self.caught_up {
            self.caught_up = true;
            self.back_fill(u64::MAX).await?;
        }
        loop {
            while let Some(message) = self.pending.pop_front() {
                if message.sequence <= self.last {
                    continue;
                }
                if message.sequence != self.last + 1 {
                    return Err(StoreError::Corrupt(format!(
                        "chat of session {} lacks message {}",
                        self.id,
                        self.last + 1
                    )));
                }
                self.last = message.sequence;
                return Ok(message);
            }
            match self.live.recv().await {
                Ok(ChatLive::Message(m)) if m.sequence <= self.last => {}
                Ok(ChatLive::Message(m)) if m.sequence == self.last + 1 => {
                    self.last = m.sequence;
                    return Ok(m);
                }
                Ok(ChatLive::Message(m)) => {
                    self.back_fill(m.sequence - 1).await?;
                    self.pending.push_back(m);
                }
                Ok(ChatLive::Gone) => return Err(StoreError::Gone(self.id.clone())),
                Ok(ChatLive::Unreachable) | Err(broadcast::error::RecvError::Closed) => {
                    return Err(StoreError::Unavailable(
                        "this replica cannot follow the session's chat".into(),
                    ))
                }
                Err(broadcast::error::RecvError::Lagged(_)) => self.back_fill(u64::MAX).await?,
            }
        }
    }

    /// Queues the stored messages after the last delivered one, up to `to`.
    async fn back_fill(&mut self, to: u64) -> Result<(), StoreError> {
        let mut from = self.last;
        while from < to {
            let page = (self.history)(from).await?;
            let full = page.len() >= CHAT_PAGE;
            let Some(last) = page.last().map(|m| m.sequence) else {
                break;
            };
            from = last;
            self.pending
                .extend(page.into_iter().filter(|m| m.sequence <= to).map(Arc::new));
            if !full {
                break;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(sequence: u64) -> ChatMessage {
        ChatMessage {
            format: CHAT_FORMAT,
            sequence,
            seat: Some(0),
            player_id: None,
            author_name: "a".into(),
            time_ms: 1,
            game_version: 0,
            body: ChatBody::Text(format!("m{sequence}")),
        }
    }

    #[test]
    fn a_record_of_a_later_format_is_refused_and_an_old_one_read() {
        let mut later = message(1);
        later.format = CHAT_FORMAT + 1;
        let json = later.encode().unwrap();
        assert!(matches!(
            ChatMessage::decode(json.as_bytes()),
            Err(StoreError::Corrupt(_))
        ));
        // A record without the fields added later reads with their defaults.
        let old = br#"{"time_ms":5,"game_version":2,"body":{"phrase":"gg"}}"#;
        let read = ChatMessage::decode(old).unwrap();
        assert_eq!(read.format, 1);
        assert_eq!(read.body, ChatBody::Phrase("gg".into()));
    }

    #[tokio::test]
    async fn a_follower_gets_history_then_live_with_a_gap_filled_once_each() {
        let stored: Arc<std::sync::Mutex<Vec<ChatMessage>>> =
            Arc::new(std::sync::Mutex::new((1..=3).map(message).collect()));
        let reader = stored.clone();
        let history: ChatHistory = Arc::new(move |after| {
            let all = reader.lock().unwrap().clone();
            Box::pin(async move {
                Ok(all
                    .into_iter()
                    .filter(|m| m.sequence > after)
                    .take(CHAT_PAGE)
                    .collect())
            })
        });
        let (tx, rx) = broadcast::channel(4);
        let mut stream = follow_chat("s".into(), history, rx, 1, None);
        // 4 and 5 are stored, only 5 reaches the channel (and 3 again, late).
        stored.lock().unwrap().extend([message(4), message(5)]);
        tx.send(ChatLive::Message(Arc::new(message(3)))).unwrap();
        tx.send(ChatLive::Message(Arc::new(message(5)))).unwrap();
        let mut seen = Vec::new();
        for _ in 0..4 {
            seen.push(stream.next().await.unwrap().unwrap().sequence);
        }
        assert_eq!(seen, vec![2, 3, 4, 5]);
        tx.send(ChatLive::Gone).unwrap();
        assert!(matches!(
            stream.next().await,
            Some(Err(StoreError::Gone(_)))
        ));
        assert!(stream.next().await.is_none());
    }
}
