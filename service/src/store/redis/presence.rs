//! Presence marks and player leases on Redis: one key each, with a TTL, so a replica that
//! dies leaves nothing behind for long. A presence mark is `<prefix>:{<id>}:here:<player>`,
//! under the session's own tag; a player's lease is its `lock` key (`keys.rs`).

use super::RedisStore;
use crate::store::{Presence, StoreError};
use async_trait::async_trait;

impl RedisStore {
    fn presence_key(&self, id: &str, player_id: &str) -> String {
        let p = &self.inner.config.prefix;
        format!("{p}:{{{id}}}:here:{player_id}")
    }
}

#[async_trait]
impl Presence for RedisStore {
    async fn mark_present(&self, id: &str, player_id: &str, ttl_ms: i64) -> Result<(), StoreError> {
        let mut conn = self.conn();
        self.call(
            redis::cmd("SET")
                .arg(self.presence_key(id, player_id))
                .arg(1)
                .arg("PX")
                .arg(ttl_ms.max(1))
                .query_async::<()>(&mut conn),
        )
        .await
    }

    async fn is_present(&self, id: &str, player_id: &str) -> Result<bool, StoreError> {
        let mut conn = self.conn();
        let n: i64 = self
            .call(
                redis::cmd("EXISTS")
                    .arg(self.presence_key(id, player_id))
                    .query_async(&mut conn),
            )
            .await?;
        Ok(n == 1)
    }

    async fn lock_player(
        &self,
        player_id: &str,
        holder: &str,
        ttl_ms: i64,
    ) -> Result<bool, StoreError> {
        let mut conn = self.conn();
        let set: Option<String> = self
            .call(
                redis::cmd("SET")
                    .arg(self.player_lock_key(player_id))
                    .arg(holder)
                    .arg("NX")
                    .arg("PX")
                    .arg(ttl_ms.max(1))
                    .query_async(&mut conn),
            )
            .await?;
        Ok(set.is_some())
    }

    async fn unlock_player(&self, player_id: &str, holder: &str) -> Result<(), StoreError> {
        // Deletes only the holder's own lease: one that lapsed may be another's by now.
        const UNLOCK: &str =
            "if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end";
        let mut conn = self.conn();
        self.call(
            redis::Script::new(UNLOCK)
                .key(self.player_lock_key(player_id))
                .arg(holder)
                .invoke_async::<()>(&mut conn),
        )
        .await
    }
}
