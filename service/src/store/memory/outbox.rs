//! The notification outbox in memory.

use super::MemoryStore;
use crate::store::outbox::{DEAD_KEPT, DONE_KEPT_MS};
use crate::store::{now_ms, DeadLetter, Finish, Notification, Outbox, OutboxItem, StoreError};
use async_trait::async_trait;
use std::collections::HashMap;

/// The outbox of [`MemoryStore`]: the same rules as the Redis one, under one lock.
#[derive(Default)]
pub(super) struct MemoryOutbox {
    /// By id: the notification, its due time (or lease end) and failed attempts.
    items: HashMap<String, (Notification, i64, u32)>,
    /// Finished ids, with when.
    done: HashMap<String, i64>,
    /// Newest first.
    dead: std::collections::VecDeque<DeadLetter>,
}

#[async_trait]
impl Outbox for MemoryStore {
    async fn put(&self, items: &[Notification]) -> Result<(), StoreError> {
        let now = now_ms();
        let mut outbox = self.outbox.lock().unwrap_or_else(|p| p.into_inner());
        outbox.done.retain(|_, at| *at > now - DONE_KEPT_MS);
        for item in items {
            if outbox.items.contains_key(&item.id) || outbox.done.contains_key(&item.id) {
                continue;
            }
            outbox
                .items
                .insert(item.id.clone(), (item.clone(), item.not_before_ms, 0));
        }
        Ok(())
    }

    async fn claim(
        &self,
        now_ms: i64,
        lease_ms: i64,
        limit: usize,
    ) -> Result<Vec<OutboxItem>, StoreError> {
        let mut outbox = self.outbox.lock().unwrap_or_else(|p| p.into_inner());
        let mut due: Vec<(&String, i64)> = outbox
            .items
            .iter()
            .filter(|(_, (_, at, _))| *at <= now_ms)
            .map(|(id, (_, at, _))| (id, *at))
            .collect();
        due.sort_by_key(|(id, at)| (*at, (*id).clone()));
        let ids: Vec<String> = due
            .into_iter()
            .take(limit)
            .map(|(id, _)| id.clone())
            .collect();
        let lease = now_ms + lease_ms;
        let mut claimed = Vec::with_capacity(ids.len());
        for id in ids {
            if let Some((notification, at, failures)) = outbox.items.get_mut(&id) {
                *at = lease;
                claimed.push(OutboxItem {
                    notification: notification.clone(),
                    failures: *failures,
                    lease,
                });
            }
        }
        Ok(claimed)
    }

    async fn finish(&self, id: &str, lease: i64, finish: Finish) -> Result<bool, StoreError> {
        let mut outbox = self.outbox.lock().unwrap_or_else(|p| p.into_inner());
        let Some((_, at, _)) = outbox.items.get(id) else {
            return Ok(false);
        };
        if *at != lease {
            return Ok(false);
        }
        match finish {
            Finish::Done => {
                outbox.items.remove(id);
                outbox.done.insert(id.to_string(), now_ms());
            }
            Finish::Failed { at_ms } => {
                if let Some((_, at, failures)) = outbox.items.get_mut(id) {
                    *at = at_ms;
                    *failures += 1;
                }
            }
            Finish::Wait { at_ms } => {
                if let Some((_, at, _)) = outbox.items.get_mut(id) {
                    *at = at_ms;
                }
            }
            Finish::Dead { error, now_ms } => {
                if let Some((notification, _, failures)) = outbox.items.remove(id) {
                    outbox.done.insert(id.to_string(), now_ms);
                    outbox.dead.push_front(DeadLetter {
                        notification,
                        attempts: failures + 1,
                        error,
                        dead_ms: now_ms,
                    });
                    outbox.dead.truncate(DEAD_KEPT);
                }
            }
        }
        Ok(true)
    }

    async fn dead_letters(&self, limit: usize) -> Result<Vec<DeadLetter>, StoreError> {
        let outbox = self.outbox.lock().unwrap_or_else(|p| p.into_inner());
        Ok(outbox.dead.iter().take(limit).cloned().collect())
    }
}
