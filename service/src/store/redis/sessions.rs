//! Sessions on Redis: loads and request lookups here; the writes are the Lua scripts of
//! `scripts.rs`, and log reads and followers are `feed.rs`.

use super::{records, RedisStore};
use crate::store::upgrade::Stored;
use crate::store::{
    Claimed, Commit, CommitResult, LogEntry, LogStream, Readable, SeatClaim, SessionMeta, Sessions,
    StoreError,
};
use crate::table::Table;
use agora_engine::Seat;
use async_trait::async_trait;
use std::collections::HashMap;
use std::sync::Arc;

#[async_trait]
impl Sessions for RedisStore {
    async fn create(&self, meta: SessionMeta, state: Table) -> Result<(), StoreError> {
        self.create_session(meta, state).await
    }

    async fn read(&self, id: &str) -> Result<Readable, StoreError> {
        let keys = self.keys(id);
        let mut conn = self.conn();
        let (hash, snap): (HashMap<String, Vec<u8>>, Option<Vec<u8>>) = self
            .call(
                redis::pipe()
                    .atomic()
                    .cmd("HGETALL")
                    .arg(&keys.meta)
                    .cmd("GET")
                    .arg(&keys.snap)
                    .query_async(&mut conn),
            )
            .await?;
        let (false, Some(snapshot)) = (hash.is_empty(), snap) else {
            return Err(StoreError::NotFound(id.to_string()));
        };
        let row = records::meta_row(&hash)?;
        let stored = Stored {
            meta: row.meta,
            version: row.version,
            to_act: row.to_act,
            outcome: row.outcome,
            snapshot,
        };
        crate::store::upgrade::decode_or_rebuild(self, stored).await
    }

    async fn replace_snapshot(
        &self,
        id: &str,
        version: u64,
        state: &Table,
    ) -> Result<bool, StoreError> {
        self.replace_snapshot_at(id, version, state).await
    }

    async fn claim_seat(
        &self,
        id: &str,
        claim: SeatClaim,
    ) -> Result<(Claimed, SessionMeta), StoreError> {
        self.claim(id, claim).await
    }

    async fn release_seat(
        &self,
        id: &str,
        token_hash: &str,
    ) -> Result<(Option<Seat>, SessionMeta), StoreError> {
        self.release(id, token_hash).await
    }

    async fn commit(&self, id: &str, commit: Commit) -> Result<CommitResult, StoreError> {
        self.commit_entry(id, commit).await
    }

    async fn find_request(&self, id: &str, request_id: &str) -> Result<Option<u64>, StoreError> {
        let key = self.keys(id).req;
        let mut conn = self.conn();
        self.call(
            redis::cmd("HGET")
                .arg(&key)
                .arg(request_id)
                .query_async(&mut conn),
        )
        .await
    }

    fn pin_cache(&self) -> Option<&crate::store::upgrade::PinCache> {
        Some(&self.inner.pins)
    }

    async fn lifetime(&self, id: &str) -> Result<crate::store::Lifetime, StoreError> {
        let key = self.keys(id).meta;
        let mut conn = self.conn();
        let (pttl, updated, created): (i64, Option<i64>, Option<i64>) = self
            .call(
                redis::pipe()
                    .cmd("PTTL")
                    .arg(&key)
                    .cmd("HGET")
                    .arg(&key)
                    .arg("updated")
                    .cmd("HGET")
                    .arg(&key)
                    .arg("created")
                    .query_async(&mut conn),
            )
            .await?;
        // -2: no such key; -1: no expiry.
        if pttl == -2 {
            return Err(StoreError::NotFound(id.to_string()));
        }
        Ok(crate::store::Lifetime {
            updated_ms: updated.or(created).unwrap_or_default(),
            expires_at_ms: (pttl >= 0).then(|| crate::store::now_ms().saturating_add(pttl)),
        })
    }

    async fn read_log(
        &self,
        id: &str,
        after: u64,
        limit: usize,
    ) -> Result<Vec<Arc<LogEntry>>, StoreError> {
        if limit == 0 {
            return Ok(Vec::new());
        }
        let to = after.saturating_add(limit as u64);
        self.range(id, after + 1, Some(to), limit).await
    }

    async fn subscribe(&self, id: &str, after: u64) -> Result<LogStream, StoreError> {
        self.subscribe_log(id, after).await
    }
}
