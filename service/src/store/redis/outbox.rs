//! The notification outbox on Redis. Its keys share one hash tag, `{<prefix>:outbox}`, so
//! on Redis Cluster they live on one shard and each script below touches them together:
//!
//! | key | type | holds |
//! |---|---|---|
//! | `<prefix>:{<prefix>:outbox}:items` | hash | id → notification (JSON) |
//! | `<prefix>:{<prefix>:outbox}:due` | sorted set | id → when it is due, or its lease's end while claimed |
//! | `<prefix>:{<prefix>:outbox}:tries` | hash | id → failed attempts |
//! | `<prefix>:{<prefix>:outbox}:done` | sorted set | finished id → when (kept a day, so a late writer cannot put it back) |
//! | `<prefix>:{<prefix>:outbox}:dead` | list | dead letters (JSON), newest first, at most [`DEAD_KEPT`] |

use super::RedisStore;
use crate::store::outbox::{DEAD_KEPT, DONE_KEPT_MS};
use crate::store::{now_ms, DeadLetter, Finish, Notification, Outbox, OutboxItem, StoreError};
use async_trait::async_trait;
use redis::Script;
use std::sync::LazyLock;

/// KEYS: items, due, done. ARGV: now, done kept ms, then (id, json, due) per item.
pub(super) static PUT: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
for i = 3, #ARGV, 3 do
  local id = ARGV[i]
  if redis.call('HEXISTS', KEYS[1], id) == 0 and not redis.call('ZSCORE', KEYS[3], id) then
    redis.call('HSET', KEYS[1], id, ARGV[i + 1])
    redis.call('ZADD', KEYS[2], ARGV[i + 2], id)
  end
end
return 1
",
    )
});

/// KEYS: items, due, tries. ARGV: now, lease ms, limit. Returns id, json, failures per
/// claimed item, then the lease's end.
pub(super) static CLAIM: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local ids = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])
local lease_end = tonumber(ARGV[1]) + tonumber(ARGV[2])
local out = {}
for _, id in ipairs(ids) do
  local item = redis.call('HGET', KEYS[1], id)
  if item then
    redis.call('ZADD', KEYS[2], lease_end, id)
    out[#out + 1] = id
    out[#out + 1] = item
    out[#out + 1] = redis.call('HGET', KEYS[3], id) or '0'
  else
    redis.call('ZREM', KEYS[2], id)
  end
end
out[#out + 1] = tostring(lease_end)
return out
",
    )
});

/// KEYS: items, due, tries, done, dead. ARGV: id, lease, kind (done, failed, wait, dead),
/// next due, now, dead letter JSON, dead kept. Returns 1 when the lease was still held.
pub(super) static FINISH: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local id = ARGV[1]
local score = redis.call('ZSCORE', KEYS[2], id)
if not score or tonumber(score) ~= tonumber(ARGV[2]) then
  return 0
end
local kind = ARGV[3]
if kind == 'failed' then
  redis.call('HINCRBY', KEYS[3], id, 1)
  redis.call('ZADD', KEYS[2], ARGV[4], id)
elseif kind == 'wait' then
  redis.call('ZADD', KEYS[2], ARGV[4], id)
else
  redis.call('ZREM', KEYS[2], id)
  redis.call('HDEL', KEYS[1], id)
  redis.call('HDEL', KEYS[3], id)
  redis.call('ZADD', KEYS[4], ARGV[5], id)
  if kind == 'dead' then
    redis.call('LPUSH', KEYS[5], ARGV[6])
    redis.call('LTRIM', KEYS[5], 0, tonumber(ARGV[7]) - 1)
  end
end
return 1
",
    )
});

/// The outbox's keys, in the order the scripts take them.
pub(super) struct OutboxKeys {
    pub(super) items: String,
    pub(super) due: String,
    pub(super) tries: String,
    pub(super) done: String,
    pub(super) dead: String,
}

fn corrupt(what: &str, e: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(format!("outbox {what}: {e}"))
}

impl RedisStore {
    fn outbox_keys(&self) -> OutboxKeys {
        self.queue_keys("outbox")
    }

    /// The keys of queue `queue` (the outbox, or a kind of work), under one hash tag.
    pub(super) fn queue_keys(&self, queue: &str) -> OutboxKeys {
        let p = &self.inner.config.prefix;
        let key = |name: &str| format!("{p}:{{{p}:{queue}}}:{name}");
        OutboxKeys {
            items: key("items"),
            due: key("due"),
            tries: key("tries"),
            done: key("done"),
            dead: key("dead"),
        }
    }
}

#[async_trait]
impl Outbox for RedisStore {
    async fn put(&self, items: &[Notification]) -> Result<(), StoreError> {
        if items.is_empty() {
            return Ok(());
        }
        let keys = self.outbox_keys();
        let mut invocation = PUT.key(&keys.items);
        invocation
            .key(&keys.due)
            .key(&keys.done)
            .arg(now_ms())
            .arg(DONE_KEPT_MS);
        for item in items {
            let json = serde_json::to_string(item).map_err(|e| corrupt("item", e))?;
            invocation.arg(&item.id).arg(json).arg(item.not_before_ms);
        }
        let mut conn = self.conn();
        self.call(invocation.invoke_async::<i64>(&mut conn))
            .await
            .map(drop)
    }

    async fn claim(
        &self,
        now: i64,
        lease_ms: i64,
        limit: usize,
    ) -> Result<Vec<OutboxItem>, StoreError> {
        let keys = self.outbox_keys();
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
                Ok(OutboxItem {
                    notification: serde_json::from_str(&c[1]).map_err(|e| corrupt("item", e))?,
                    failures: c[2].parse().map_err(|e| corrupt("tries", e))?,
                    lease,
                })
            })
            .collect()
    }

    async fn finish(&self, id: &str, lease: i64, finish: Finish) -> Result<bool, StoreError> {
        let keys = self.outbox_keys();
        let (kind, next, now, dead) = match finish {
            Finish::Done => ("done", 0, now_ms(), String::new()),
            Finish::Failed { at_ms } => ("failed", at_ms, now_ms(), String::new()),
            Finish::Wait { at_ms } => ("wait", at_ms, now_ms(), String::new()),
            Finish::Dead { error, now_ms } => {
                // The dead letter needs the item and its attempts: read them under the
                // lease (nobody else finishes it while the lease holds).
                let mut conn = self.conn();
                let (item, tries): (Option<String>, Option<u32>) = self
                    .call(
                        redis::pipe()
                            .cmd("HGET")
                            .arg(&keys.items)
                            .arg(id)
                            .cmd("HGET")
                            .arg(&keys.tries)
                            .arg(id)
                            .query_async(&mut conn),
                    )
                    .await?;
                let Some(item) = item else {
                    return Ok(false);
                };
                let letter = DeadLetter {
                    notification: serde_json::from_str(&item).map_err(|e| corrupt("item", e))?,
                    attempts: tries.unwrap_or(0) + 1,
                    error,
                    dead_ms: now_ms,
                };
                let json = serde_json::to_string(&letter).map_err(|e| corrupt("dead", e))?;
                ("dead", 0, now_ms, json)
            }
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
                    .arg(kind)
                    .arg(next)
                    .arg(now)
                    .arg(dead)
                    .arg(DEAD_KEPT)
                    .invoke_async(&mut conn),
            )
            .await?;
        Ok(moved == 1)
    }

    async fn dead_letters(&self, limit: usize) -> Result<Vec<DeadLetter>, StoreError> {
        if limit == 0 {
            return Ok(Vec::new());
        }
        let mut conn = self.conn();
        let rows: Vec<String> = self
            .call(
                redis::cmd("LRANGE")
                    .arg(self.outbox_keys().dead)
                    .arg(0)
                    .arg(limit - 1)
                    .query_async(&mut conn),
            )
            .await?;
        rows.iter()
            .map(|r| serde_json::from_str(r).map_err(|e| corrupt("dead letter", e)))
            .collect()
    }
}
