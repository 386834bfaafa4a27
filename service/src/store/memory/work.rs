//! Durable jobs in memory: the same rules as the Redis queues, under one lock.

use super::MemoryStore;
use crate::store::outbox::DONE_KEPT_MS;
use crate::store::work::{Backlog, ClaimedWork, Work, WorkItem, WorkKind};
use crate::store::{now_ms, Finish, StoreError};
use async_trait::async_trait;
use std::collections::HashMap;

/// One kind's queue.
#[derive(Default)]
struct Queue {
    /// By id: the item, its due time (or lease end) and failed attempts.
    items: HashMap<String, (WorkItem, i64, u32)>,
    /// Finished ids, with when.
    done: HashMap<String, i64>,
}

/// Every kind's queue of [`MemoryStore`].
#[derive(Default)]
pub(super) struct MemoryWork {
    queues: HashMap<WorkKind, Queue>,
}

#[async_trait]
impl Work for MemoryStore {
    async fn put(&self, items: &[WorkItem]) -> Result<(), StoreError> {
        let now = now_ms();
        let mut work = self.work.lock().unwrap_or_else(|p| p.into_inner());
        for item in items {
            let queue = work.queues.entry(item.kind).or_default();
            queue.done.retain(|_, at| *at > now - DONE_KEPT_MS);
            if queue.items.contains_key(&item.id) || queue.done.contains_key(&item.id) {
                continue;
            }
            queue
                .items
                .insert(item.id.clone(), (item.clone(), item.not_before_ms, 0));
        }
        Ok(())
    }

    async fn claim(
        &self,
        kind: WorkKind,
        now_ms: i64,
        lease_ms: i64,
        limit: usize,
    ) -> Result<Vec<ClaimedWork>, StoreError> {
        let mut work = self.work.lock().unwrap_or_else(|p| p.into_inner());
        let queue = work.queues.entry(kind).or_default();
        let mut due: Vec<(i64, String)> = queue
            .items
            .iter()
            .filter(|(_, (_, at, _))| *at <= now_ms)
            .map(|(id, (_, at, _))| (*at, id.clone()))
            .collect();
        due.sort();
        let lease = now_ms + lease_ms;
        let mut claimed = Vec::new();
        for (_, id) in due.into_iter().take(limit) {
            if let Some((item, at, failures)) = queue.items.get_mut(&id) {
                *at = lease;
                claimed.push(ClaimedWork {
                    item: item.clone(),
                    failures: *failures,
                    lease,
                });
            }
        }
        Ok(claimed)
    }

    async fn finish(
        &self,
        kind: WorkKind,
        id: &str,
        lease: i64,
        finish: Finish,
    ) -> Result<bool, StoreError> {
        let mut work = self.work.lock().unwrap_or_else(|p| p.into_inner());
        let queue = work.queues.entry(kind).or_default();
        let Some((_, at, failures)) = queue.items.get_mut(id) else {
            return Ok(false);
        };
        if *at != lease {
            return Ok(false);
        }
        match finish {
            Finish::Done | Finish::Dead { .. } => {
                queue.items.remove(id);
                queue.done.insert(id.to_string(), now_ms());
            }
            Finish::Failed { at_ms } => {
                *at = at_ms;
                *failures += 1;
            }
            Finish::Wait { at_ms } => *at = at_ms,
        }
        Ok(true)
    }

    async fn backlog(&self, kind: WorkKind) -> Result<Backlog, StoreError> {
        let work = self.work.lock().unwrap_or_else(|p| p.into_inner());
        let Some(queue) = work.queues.get(&kind) else {
            return Ok(Backlog::default());
        };
        Ok(Backlog {
            pending: queue.items.len() as u64,
            oldest_created_ms: queue
                .items
                .values()
                .min_by_key(|(_, at, _)| *at)
                .map(|(item, _, _)| item.created_ms),
        })
    }
}
