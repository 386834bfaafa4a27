//! Due marks in memory: one map of session id to due time.

use super::MemoryStore;
use crate::store::{StoreError, Timers};
use async_trait::async_trait;

#[async_trait]
impl Timers for MemoryStore {
    async fn schedule(&self, id: &str, due_ms: i64) -> Result<(), StoreError> {
        let mut due = self.due.lock().unwrap_or_else(|p| p.into_inner());
        let mark = due.entry(id.to_string()).or_insert(due_ms);
        *mark = (*mark).min(due_ms);
        Ok(())
    }

    async fn claim_due(
        &self,
        now_ms: i64,
        lease_ms: i64,
        limit: usize,
    ) -> Result<Vec<(String, i64)>, StoreError> {
        let mut due = self.due.lock().unwrap_or_else(|p| p.into_inner());
        let claimed: Vec<(String, i64)> = due
            .iter()
            .filter(|(_, at)| **at <= now_ms)
            .take(limit)
            .map(|(id, _)| (id.clone(), now_ms + lease_ms))
            .collect();
        for (id, at) in &claimed {
            due.insert(id.clone(), *at);
        }
        Ok(claimed)
    }

    async fn reschedule(
        &self,
        id: &str,
        due_ms: i64,
        next: Option<i64>,
    ) -> Result<bool, StoreError> {
        let mut due = self.due.lock().unwrap_or_else(|p| p.into_inner());
        if due.get(id) != Some(&due_ms) {
            return Ok(false);
        }
        match next {
            Some(at) => due.insert(id.to_string(), at),
            None => due.remove(id),
        };
        Ok(true)
    }
}
