//! Durable jobs on Redis: each kind is a queue with the outbox's layout and scripts (see
//! `outbox.rs`), under its own hash tag `{<prefix>:work:<kind>}`, so a replica that knows
//! only notifications never sees a job.

use super::outbox::{CLAIM, FINISH, PUT};
use super::RedisStore;
use crate::store::outbox::{DEAD_KEPT, DONE_KEPT_MS};
use crate::store::work::{Backlog, ClaimedWork, Work, WorkItem, WorkKind};
use crate::store::{now_ms, Finish, StoreError};
use async_trait::async_trait;

fn corrupt(what: &str, e: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(format!("work queue {what}: {e}"))
}

impl RedisStore {
    fn work_keys(&self, kind: WorkKind) -> super::outbox::OutboxKeys {
        self.queue_keys(&format!("work:{}", kind.as_str()))
    }
}

#[async_trait]
impl Work for RedisStore {
    async fn put(&self, items: &[WorkItem]) -> Result<(), StoreError> {
        // One script per kind: each kind's keys share one hash tag (one cluster slot).
        let mut kinds: Vec<WorkKind> = items.iter().map(|i| i.kind).collect();
        kinds.dedup();
        for kind in kinds {
            let keys = self.work_keys(kind);
            let mut invocation = PUT.key(&keys.items);
            invocation
                .key(&keys.due)
                .key(&keys.done)
                .arg(now_ms())
                .arg(DONE_KEPT_MS);
            for item in items.iter().filter(|i| i.kind == kind) {
                invocation
                    .arg(&item.id)
                    .arg(item.encode()?)
                    .arg(item.not_before_ms);
            }
            let mut conn = self.conn();
            self.call(invocation.invoke_async::<i64>(&mut conn)).await?;
        }
        Ok(())
    }

    async fn claim(
        &self,
        kind: WorkKind,
        now: i64,
        lease_ms: i64,
        limit: usize,
    ) -> Result<Vec<ClaimedWork>, StoreError> {
        let keys = self.work_keys(kind);
        let mut conn = self.conn();
        let mut out: Vec<String> = self
            .call(
                CLAIM
                    .key(&keys.items)
                    .key(&keys.due)
                    .key(&keys.tries)
                    .arg(now)
                    .arg(lease_ms)
                    .arg(limit)
                    .invoke_async(&mut conn),
            )
            .await?;
        let lease_end = out.pop().ok_or_else(|| corrupt("claim", "empty reply"))?;
        let lease: i64 = lease_end.parse().map_err(|e| corrupt("lease", e))?;
        out.chunks_exact(3)
            .map(|c| {
                Ok(ClaimedWork {
                    item: WorkItem::decode(&c[1])?,
                    failures: c[2].parse().map_err(|e| corrupt("tries", e))?,
                    lease,
                })
            })
            .collect()
    }

    async fn finish(
        &self,
        kind: WorkKind,
        id: &str,
        lease: i64,
        finish: Finish,
    ) -> Result<bool, StoreError> {
        let keys = self.work_keys(kind);
        let (how, next) = match finish {
            Finish::Done | Finish::Dead { .. } => ("done", 0),
            Finish::Failed { at_ms } => ("failed", at_ms),
            Finish::Wait { at_ms } => ("wait", at_ms),
        };
        let mut conn = self.conn();
        let moved: i64 = self
            .call(
                FINISH
                    .key(&keys.items)
                    .key(&keys.due)
                    .key(&keys.tries)
                    .key(&keys.done)
                    .key(&keys.dead)
                    .arg(id)
                    .arg(lease)
                    .arg(how)
                    .arg(next)
                    .arg(now_ms())
                    .arg("")
                    .arg(DEAD_KEPT)
                    .invoke_async(&mut conn),
            )
            .await?;
        Ok(moved == 1)
    }

    async fn backlog(&self, kind: WorkKind) -> Result<Backlog, StoreError> {
        let keys = self.work_keys(kind);
        let mut conn = self.conn();
        let (pending, first): (u64, Vec<String>) = self
            .call(
                redis::pipe()
                    .cmd("ZCARD")
                    .arg(&keys.due)
                    .cmd("ZRANGE")
                    .arg(&keys.due)
                    .arg(0)
                    .arg(0)
                    .query_async(&mut conn),
            )
            .await?;
        let Some(id) = first.first() else {
            return Ok(Backlog {
                pending,
                oldest_created_ms: None,
            });
        };
        let mut conn = self.conn();
        let item: Option<String> = self
            .call(
                redis::cmd("HGET")
                    .arg(&keys.items)
                    .arg(id)
                    .query_async(&mut conn),
            )
            .await?;
        Ok(Backlog {
            pending,
            oldest_created_ms: match item {
                Some(json) => Some(WorkItem::decode(&json)?.created_ms),
                None => None,
            },
        })
    }
}
