//! Table talk in memory: each session's messages live in its slot, so they expire and are
//! reclaimed with it; a live channel is made for a session once somebody follows it.

use super::MemoryStore;
use crate::store::chat::{
    follow_chat, Appended, Chat, ChatHistory, ChatLive, ChatMessage, ChatStream,
};
use crate::store::StoreError;
use async_trait::async_trait;
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::broadcast;

/// One session's chat.
#[derive(Default)]
pub(super) struct ChatLog {
    messages: Vec<Arc<ChatMessage>>,
    /// Request key → sequence.
    requests: HashMap<String, u64>,
    live: Option<broadcast::Sender<ChatLive>>,
}

#[async_trait]
impl Chat for MemoryStore {
    async fn append(
        &self,
        session_id: &str,
        request_key: &str,
        mut message: ChatMessage,
        cap: u64,
    ) -> Result<Appended, StoreError> {
        let slot = self.slot(session_id)?;
        let mut data = slot.lock();
        let chat = &mut data.chat;
        if let Some(sequence) = chat.requests.get(request_key) {
            let first = chat
                .messages
                .get((*sequence as usize).saturating_sub(1))
                .ok_or_else(|| StoreError::Corrupt("chat request of no message".into()))?;
            return Ok(Appended::Repeated(first.as_ref().clone()));
        }
        if chat.messages.len() as u64 >= cap {
            return Ok(Appended::Full { cap });
        }
        message.sequence = chat.messages.len() as u64 + 1;
        chat.requests
            .insert(request_key.to_string(), message.sequence);
        let stored = Arc::new(message);
        chat.messages.push(stored.clone());
        // Sent under the session's lock: a message is stored before anyone receives it.
        if let Some(live) = &chat.live {
            let _ = live.send(ChatLive::Message(stored.clone()));
        }
        Ok(Appended::Stored(stored.as_ref().clone()))
    }

    async fn messages(
        &self,
        session_id: &str,
        after: u64,
        limit: usize,
    ) -> Result<Vec<ChatMessage>, StoreError> {
        let Ok(slot) = self.slot(session_id) else {
            return Ok(Vec::new());
        };
        let data = slot.lock();
        Ok(data
            .chat
            .messages
            .iter()
            .skip(after.min(usize::MAX as u64) as usize)
            .take(limit)
            .map(|m| m.as_ref().clone())
            .collect())
    }

    async fn follow(&self, session_id: &str, after: u64) -> Result<ChatStream, StoreError> {
        let slot = self.slot(session_id)?;
        let live = {
            let mut data = slot.lock();
            let buffer = self.live_buffer;
            data.chat
                .live
                .get_or_insert_with(|| broadcast::channel(buffer).0)
                .subscribe()
        };
        let weak = Arc::downgrade(&slot);
        drop(slot);
        // The history holds the slot weakly: a session swept away ends its followers.
        let history: ChatHistory = Arc::new(move |after| {
            let read = weak.upgrade().map(|slot| {
                let data = slot.lock();
                data.chat
                    .messages
                    .iter()
                    .skip(after.min(usize::MAX as u64) as usize)
                    .take(crate::store::chat::CHAT_PAGE)
                    .map(|m| m.as_ref().clone())
                    .collect::<Vec<_>>()
            });
            Box::pin(async move { Ok(read.unwrap_or_default()) })
        });
        Ok(follow_chat(
            session_id.to_string(),
            history,
            live,
            after,
            None,
        ))
    }
}
