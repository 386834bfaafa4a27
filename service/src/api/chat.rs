//! Table chat: SendChatMessage, ListChatMessages, StreamChat, ListQuickPhrases.
//!
//! Who may read a table's chat: its seated players; spectators only when the session was
//! created with `spectators_may_chat` and is not private. Who may write: the same, a
//! spectator only when signed in (its name and rate come from its player id). A signed-in
//! reader never receives messages of players it muted or blocked (an open StreamChat reads
//! them again every few seconds).

use super::errors::ApiError;
use super::{check_session_id, GameApi};
use crate::auth::{self, AuthError};
use crate::chat_filter::{Asked, Verdict};
use crate::identity::Caller;
use crate::limits::StreamSlot;
use crate::store::chat::{Appended, ChatBody, ChatMessage, CHAT_FORMAT};
use crate::store::moderation::Relation;
use crate::store::{SessionMeta, StoreError};
use agora_engine::{FieldViolation, Viewer};
use agora_proto::v1 as pb;
use futures::StreamExt;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::collections::HashSet;
use std::pin::Pin;
use std::sync::LazyLock;
use std::time::Duration;
use tonic::Status;

/// Longest text message, in characters.
pub const MAX_TEXT_CHARS: usize = 280;
/// Most messages one session keeps; one more is refused (FAILED_PRECONDITION, CHAT_FULL).
pub const MAX_MESSAGES_PER_SESSION: u64 = 2_000;
const DEFAULT_PAGE: usize = 100;
const MAX_PAGE: usize = 500;

pub type ChatStream =
    Pin<Box<dyn futures::Stream<Item = Result<pb::StreamChatResponse, Status>> + Send>>;

/// One entry of the quick phrase catalog (`service/data/quick_phrases.json`).
#[derive(Debug, Clone, Deserialize)]
struct Phrase {
    id: String,
    kind: String,
    text: String,
}

static PHRASES: LazyLock<Vec<Phrase>> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../../data/quick_phrases.json")).unwrap_or_default()
});

/// Whether `id` is a phrase of the catalog.
pub fn is_phrase(id: &str) -> bool {
    PHRASES.iter().any(|p| p.id == id)
}

/// Per-author send rate (`--chat-messages-per-minute`), counted per replica.
pub struct ChatRate {
    limiter: Option<governor::DefaultKeyedRateLimiter<String>>,
}

impl ChatRate {
    pub fn new(per_minute: u32) -> ChatRate {
        let limiter = std::num::NonZeroU32::new(per_minute).map(|n| {
            let burst = std::num::NonZeroU32::new((per_minute / 6).max(1)).unwrap_or(n);
            let quota = governor::Quota::per_minute(n).allow_burst(burst);
            governor::RateLimiter::keyed(quota)
        });
        ChatRate { limiter }
    }

    /// Counts one message of `author`; the wait before the next when over the rate.
    fn check(&self, author: &str) -> Result<(), Duration> {
        let Some(limiter) = &self.limiter else {
            return Ok(());
        };
        use governor::clock::Clock;
        limiter.check_key(&author.to_string()).map_err(|not_until| {
            not_until.wait_time_from(governor::clock::DefaultClock::default().now())
        })
    }
}

impl Default for ChatRate {
    fn default() -> ChatRate {
        ChatRate::new(30)
    }
}

/// Who is talking or reading, as the table sees them.
struct Chatter {
    seat: Option<u8>,
    player_id: Option<String>,
    name: String,
    /// Counts its rate and scopes its request ids: `player:<id>` or `seat:<token hash>`.
    key: Option<String>,
}

/// Whether `viewer` may read the chat of `meta`.
fn may_read(meta: &SessionMeta, viewer: Viewer) -> bool {
    match viewer {
        Viewer::Seat(_) => true,
        Viewer::Spectator => meta.spectators_may_chat && !meta.private(),
    }
}

fn chatter(meta: &SessionMeta, caller: &Caller) -> Result<Chatter, ApiError> {
    let viewer = auth::viewer(meta, caller)?;
    if !may_read(meta, viewer) {
        return Err(ApiError::ChatForPlayers);
    }
    let seat = match viewer {
        Viewer::Seat(seat) => Some(seat.0),
        Viewer::Spectator => None,
    };
    let seat_name = seat
        .and_then(|s| meta.seats.get(usize::from(s)))
        .map(|s| s.player_name.clone());
    Ok(match caller {
        Caller::Player(player) => Chatter {
            seat,
            player_id: Some(player.id.clone()),
            name: seat_name
                .or(player.name.clone())
                .unwrap_or_else(|| player.id.clone()),
            key: Some(format!("player:{}", player.id)),
        },
        Caller::Seat(hash) => Chatter {
            seat,
            player_id: None,
            name: seat_name.unwrap_or_default(),
            key: Some(format!("seat:{hash}")),
        },
        Caller::Anonymous => Chatter {
            seat,
            player_id: None,
            name: String::new(),
            key: None,
        },
    })
}

/// The store's key of a send: its author and request id, hashed.
fn request_key(author: &str, request_id: &str) -> String {
    let mut hash = Sha256::new();
    for part in [author, request_id] {
        hash.update((part.len() as u64).to_be_bytes());
        hash.update(part.as_bytes());
    }
    hex::encode(&hash.finalize()[..16])
}

pub(crate) fn message_out(m: &ChatMessage) -> pb::ChatMessage {
    pb::ChatMessage {
        sequence: m.sequence,
        seat: m.seat.map(u32::from),
        author_player_id: m.player_id.clone().unwrap_or_default(),
        author_name: m.author_name.clone(),
        send_time_unix_ms: m.time_ms,
        game_version: m.game_version,
        body: Some(match &m.body {
            ChatBody::Text(t) => pb::chat_message::Body::Text(t.clone()),
            ChatBody::Phrase(p) => pb::chat_message::Body::PhraseId(p.clone()),
        }),
    }
}

/// How often an open StreamChat reads its reader's mutes and blocks again.
const HIDDEN_REFRESH: Duration = Duration::from_secs(5);

/// One StreamChat's state between messages.
struct Following {
    api: GameApi,
    caller: Caller,
    /// The reader's mutes and blocks, as read at `hidden_at`.
    hidden: HashSet<String>,
    hidden_at: std::time::Instant,
    follow: crate::store::chat::ChatStream,
    /// The last sequence sent.
    last: u64,
    done: bool,
    _slot: StreamSlot,
}

impl Following {
    async fn next(&mut self) -> Result<pb::StreamChatResponse, Status> {
        let mut shutdown = self.api.shutdown.clone();
        loop {
            let next = tokio::select! {
                next = self.follow.next() => next,
                _ = shutdown.wait_for(|stop| *stop) => None,
            };
            let message = match next {
                Some(Ok(m)) => m,
                Some(Err(StoreError::Gone(id))) => {
                    return Err(ApiError::from(StoreError::Gone(id)).into())
                }
                Some(Err(_)) | None => {
                    return Err(ApiError::ChatStreamEnded {
                        last_sequence: self.last,
                    }
                    .into())
                }
            };
            // A mute or block made while the stream is open applies within seconds; a
            // failed read keeps the set read before.
            if matches!(self.caller, Caller::Player(_))
                && self.hidden_at.elapsed() >= HIDDEN_REFRESH
            {
                if let Ok(hidden) = self.api.hidden_authors(&self.caller).await {
                    self.hidden = hidden;
                }
                self.hidden_at = std::time::Instant::now();
            }
            if hidden_from(&self.hidden, &message) {
                continue;
            }
            self.last = message.sequence;
            return Ok(pb::StreamChatResponse {
                message: Some(message_out(&message)),
            });
        }
    }
}

/// Whether `hidden` (the reader's mutes and blocks) hides `m`.
fn hidden_from(hidden: &HashSet<String>, m: &ChatMessage) -> bool {
    m.player_id.as_ref().is_some_and(|p| hidden.contains(p))
}

impl GameApi {
    /// The players whose messages `caller` does not see: those it muted or blocked.
    async fn hidden_authors(&self, caller: &Caller) -> Result<HashSet<String>, ApiError> {
        let Caller::Player(player) = caller else {
            return Ok(HashSet::new());
        };
        let moderation = self.store.moderation();
        let mut hidden: HashSet<String> = moderation
            .list(&player.id, Relation::Muted)
            .await?
            .into_iter()
            .collect();
        hidden.extend(moderation.list(&player.id, Relation::Blocked).await?);
        Ok(hidden)
    }

    pub(crate) async fn send_chat(
        &self,
        request: pb::SendChatMessageRequest,
        caller: Caller,
    ) -> Result<pb::SendChatMessageResponse, ApiError> {
        check_session_id(&request.session_id)?;
        let request_id = super::request_ids::parse(&request.request_id)?
            .ok_or_else(|| FieldViolation::new("request_id", "required (a random UUID)."))?;
        let body = match request.body {
            Some(pb::send_chat_message_request::Body::Text(text)) => {
                let text = text.trim();
                if text.is_empty() {
                    return Err(FieldViolation::new("text", "must not be blank.").into());
                }
                if text.chars().count() > MAX_TEXT_CHARS {
                    return Err(FieldViolation::new(
                        "text",
                        format!("at most {MAX_TEXT_CHARS} characters."),
                    )
                    .into());
                }
                if text.chars().any(|c| c.is_control() && c != '\n') {
                    return Err(
                        FieldViolation::new("text", "must not hold control characters.").into(),
                    );
                }
                ChatBody::Text(text.to_string())
            }
            Some(pb::send_chat_message_request::Body::PhraseId(id)) => {
                if !is_phrase(&id) {
                    return Err(FieldViolation::new(
                        "phrase_id",
                        "not a quick phrase of ListQuickPhrases.",
                    )
                    .into());
                }
                ChatBody::Phrase(id)
            }
            None => {
                return Err(
                    FieldViolation::new("body", "a text or a phrase_id is required.").into(),
                )
            }
        };
        let readable = self.read(&request.session_id).await?;
        let meta = readable.meta();
        let chatter = chatter(meta, &caller)?;
        // A spectator writes only signed in: its name and rate need an identity.
        let Some(author) = chatter.key.clone() else {
            return Err(AuthError::PlayerRequired.into());
        };
        let key = request_key(&author, request_id);
        // A retry answers its first message before the rate or the filter is asked again.
        if let Some(first) = self
            .first_chat(&request.session_id, &key, chatter.seat)
            .await?
        {
            return Ok(pb::SendChatMessageResponse {
                message: Some(message_out(&first)),
            });
        }
        if let Err(wait) = self.chat_rate.check(&author) {
            return Err(ApiError::ChatRate { retry_after: wait });
        }
        let body = match body {
            ChatBody::Text(text) => {
                let asked = Asked {
                    session_id: &request.session_id,
                    seat: chatter.seat,
                    player_id: chatter.player_id.as_deref(),
                    text: &text,
                };
                match self.chat_filter.check(&asked).await {
                    Verdict::Accept(text) => ChatBody::Text(text),
                    Verdict::Reject => return Err(ApiError::ChatRejected),
                    Verdict::Unavailable => return Err(ApiError::ChatFilterUnavailable),
                }
            }
            phrase => phrase,
        };
        let message = ChatMessage {
            format: CHAT_FORMAT,
            sequence: 0,
            seat: chatter.seat,
            player_id: chatter.player_id,
            author_name: chatter.name,
            time_ms: crate::store::now_ms(),
            game_version: readable.version(),
            body,
        };
        let stored = match self
            .store
            .chat()
            .append(&request.session_id, &key, message, MAX_MESSAGES_PER_SESSION)
            .await?
        {
            Appended::Stored(m) | Appended::Repeated(m) => m,
            Appended::Full { cap } => return Err(ApiError::ChatFull { cap }),
        };
        Ok(pb::SendChatMessageResponse {
            message: Some(message_out(&stored)),
        })
    }

    /// The message a request key stored, if any: an append that changes nothing when the
    /// key was used (the cap 0 stores nothing new).
    async fn first_chat(
        &self,
        session_id: &str,
        key: &str,
        seat: Option<u8>,
    ) -> Result<Option<ChatMessage>, ApiError> {
        let probe = ChatMessage {
            format: CHAT_FORMAT,
            sequence: 0,
            seat,
            player_id: None,
            author_name: String::new(),
            time_ms: 0,
            game_version: 0,
            body: ChatBody::Phrase(String::new()),
        };
        Ok(
            match self.store.chat().append(session_id, key, probe, 0).await? {
                Appended::Repeated(m) => Some(m),
                _ => None,
            },
        )
    }

    pub(crate) async fn list_chat(
        &self,
        request: pb::ListChatMessagesRequest,
        caller: Caller,
    ) -> Result<pb::ListChatMessagesResponse, ApiError> {
        check_session_id(&request.session_id)?;
        let page = match request.page_size as usize {
            0 => DEFAULT_PAGE,
            n => n.min(MAX_PAGE),
        };
        let readable = self.read(&request.session_id).await?;
        chatter(readable.meta(), &caller)?;
        let hidden = self.hidden_authors(&caller).await?;
        let stored = self
            .chat_messages(&request.session_id, request.after_sequence, page)
            .await?;
        let next = stored.last().map_or(request.after_sequence, |m| m.sequence);
        Ok(pb::ListChatMessagesResponse {
            messages: stored
                .iter()
                .filter(|m| !hidden_from(&hidden, m))
                .map(message_out)
                .collect(),
            next_after_sequence: next,
        })
    }

    /// Messages after `after`: from the live store, or from the archive once the live
    /// store has dropped the finished session.
    async fn chat_messages(
        &self,
        session_id: &str,
        after: u64,
        limit: usize,
    ) -> Result<Vec<ChatMessage>, ApiError> {
        let live = self.store.chat().messages(session_id, after, limit).await?;
        if !live.is_empty() {
            return Ok(live);
        }
        if let Some(archiver) = &self.archiver {
            if let Err(StoreError::NotFound(_)) = self.store.sessions().load(session_id).await {
                let archived = archiver
                    .archive()
                    .chat(session_id)
                    .await
                    .map_err(StoreError::from)?;
                return Ok(archived
                    .into_iter()
                    .filter(|m| m.sequence > after)
                    .take(limit)
                    .collect());
            }
        }
        Ok(live)
    }

    pub(crate) async fn stream_chat(
        &self,
        request: pb::StreamChatRequest,
        caller: Caller,
        slot: StreamSlot,
    ) -> Result<ChatStream, ApiError> {
        check_session_id(&request.session_id)?;
        let readable = self.read(&request.session_id).await?;
        chatter(readable.meta(), &caller)?;
        let hidden = self.hidden_authors(&caller).await?;
        let follow = self
            .store
            .chat()
            .follow(&request.session_id, request.after_sequence)
            .await?;
        let state = Following {
            api: self.clone(),
            caller,
            hidden,
            hidden_at: std::time::Instant::now(),
            follow,
            last: request.after_sequence,
            done: false,
            _slot: slot,
        };
        let stream = futures::stream::unfold(state, |mut f| async move {
            if f.done {
                return None;
            }
            let item = f.next().await;
            f.done = item.is_err();
            Some((item, f))
        });
        Ok(Box::pin(stream))
    }

    pub(crate) fn quick_phrases(&self) -> pb::ListQuickPhrasesResponse {
        pb::ListQuickPhrasesResponse {
            phrases: PHRASES
                .iter()
                .map(|p| pb::QuickPhrase {
                    id: p.id.clone(),
                    text: p.text.clone(),
                    kind: p.kind.clone(),
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_phrase_catalog_reads_and_its_ids_are_unique() {
        assert!(PHRASES.len() >= 10);
        let ids: HashSet<&str> = PHRASES.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids.len(), PHRASES.len());
        assert!(PHRASES
            .iter()
            .all(|p| p.kind == "phrase" || p.kind == "emote"));
        assert!(is_phrase("good_game"));
        assert!(!is_phrase("nope"));
    }

    #[test]
    fn the_rate_refuses_past_the_burst_with_a_wait() {
        let rate = ChatRate::new(60);
        for _ in 0..10 {
            assert!(rate.check("a").is_ok());
        }
        let wait = rate.check("a").expect_err("past the burst");
        assert!(wait > Duration::ZERO && wait <= Duration::from_secs(1));
        assert!(rate.check("b").is_ok());
    }
}
