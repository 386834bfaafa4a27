//! The due index: one sorted set, `<prefix>:due`, of sessions with work for the server (a
//! bot's turn), scored by when it is due. Every replica sweeps it; a claim moves the score
//! past a lease atomically (one script on the one key), so two replicas never work on a
//! session at once, and a replica that dies mid-work leaves a mark that comes due again.
//! It lives outside the sessions' hash slots (Redis Cluster), like the lobby indexes.

use super::RedisStore;
use crate::store::{StoreError, Timers};
use async_trait::async_trait;
use redis::Script;
use std::sync::LazyLock;

/// KEYS: due. ARGV: now ms, lease ms, limit. Returns the claimed ids with their new score.
static CLAIM: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])
local lease_end = tonumber(ARGV[1]) + tonumber(ARGV[2])
for _, id in ipairs(ids) do
  redis.call('ZADD', KEYS[1], lease_end, id)
end
return {ids, tostring(lease_end)}
",
    )
});

/// KEYS: due. ARGV: id, score, next score or ''. Moves (or removes) the id only while its
/// score is still the one given. Returns 1 when it did.
static RESCHEDULE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score or tonumber(score) ~= tonumber(ARGV[2]) then
  return 0
end
if ARGV[3] == '' then
  redis.call('ZREM', KEYS[1], ARGV[1])
else
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
end
return 1
",
    )
});

impl RedisStore {
    fn due_key(&self) -> String {
        format!("{}:due", self.inner.config.prefix)
    }
}

#[async_trait]
impl Timers for RedisStore {
    async fn schedule(&self, id: &str, due_ms: i64) -> Result<(), StoreError> {
        let mut conn = self.conn();
        self.call(
            // LT: an earlier mark stays (a new member is added all the same).
            redis::cmd("ZADD")
                .arg(self.due_key())
                .arg("LT")
                .arg(due_ms)
                .arg(id)
                .query_async::<()>(&mut conn),
        )
        .await
    }

    async fn claim_due(
        &self,
        now_ms: i64,
        lease_ms: i64,
        limit: usize,
    ) -> Result<Vec<(String, i64)>, StoreError> {
        let mut conn = self.conn();
        let (ids, until): (Vec<String>, String) = self
            .call(
                CLAIM
                    .key(self.due_key())
                    .arg(now_ms)
                    .arg(lease_ms)
                    .arg(limit)
                    .invoke_async(&mut conn),
            )
            .await?;
        let until: i64 = until
            .parse()
            .map_err(|_| StoreError::Corrupt(format!("a due score {until:?}")))?;
        Ok(ids.into_iter().map(|id| (id, until)).collect())
    }

    async fn reschedule(
        &self,
        id: &str,
        due_ms: i64,
        next: Option<i64>,
    ) -> Result<bool, StoreError> {
        let mut conn = self.conn();
        let moved: i64 = self
            .call(
                RESCHEDULE
                    .key(self.due_key())
                    .arg(id)
                    .arg(due_ms)
                    .arg(next.map(|n| n.to_string()).unwrap_or_default())
                    .invoke_async(&mut conn),
            )
            .await?;
        Ok(moved == 1)
    }
}
