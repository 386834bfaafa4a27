//! Ratings on Redis. Each pool's keys share one hash tag, `{ratings:<pool>}`, so on Redis
//! Cluster a pool lives on one shard and its update script touches them together:
//!
//! | key | type | holds |
//! |---|---|---|
//! | `<prefix>:{ratings:<pool>}:players` | hash | player id → rating record (JSON, with its revision) |
//! | `<prefix>:{ratings:<pool>}:board` | sorted set | established players, score = rating |
//! | `<prefix>:{ratings:<pool>}:provisional` | sorted set | provisional players, score = rating |
//! | `<prefix>:{ratings:<pool>}:applied` | sorted set | session ids applied → when (kept [`APPLIED_KEPT_MS`]) |
//!
//! None of them expires: ratings are kept (see `docs/operations.md`, "Ratings").

use super::RedisStore;
use crate::ratings::pools::PoolId;
use crate::store::ratings::{Applied, PlayerRating, Ranked, RatingWrite, Ratings, APPLIED_KEPT_MS};
use crate::store::StoreError;
use async_trait::async_trait;
use redis::Script;
use std::sync::LazyLock;

/// KEYS: players, board, provisional, applied. ARGV: session id, now, applied kept ms,
/// then (player, expected revision, record JSON, rating, provisional 0/1) per player.
/// Returns 1 written, 0 already applied, -1 a record moved (nothing written).
static APPLY: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local now = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now - tonumber(ARGV[3]))
if redis.call('ZSCORE', KEYS[4], ARGV[1]) then
  return 0
end
for i = 4, #ARGV, 5 do
  local stored = redis.call('HGET', KEYS[1], ARGV[i])
  local revision = 0
  if stored then
    revision = tonumber(cjson.decode(stored).revision) or 0
  end
  if revision ~= tonumber(ARGV[i + 1]) then
    return -1
  end
end
for i = 4, #ARGV, 5 do
  local player = ARGV[i]
  redis.call('HSET', KEYS[1], player, ARGV[i + 2])
  if ARGV[i + 4] == '1' then
    redis.call('ZREM', KEYS[2], player)
    redis.call('ZADD', KEYS[3], ARGV[i + 3], player)
  else
    redis.call('ZREM', KEYS[3], player)
    redis.call('ZADD', KEYS[2], ARGV[i + 3], player)
  end
end
redis.call('ZADD', KEYS[4], now, ARGV[1])
return 1
",
    )
});

struct PoolKeys {
    players: String,
    board: String,
    provisional: String,
    applied: String,
}

impl RedisStore {
    fn rating_pool_keys(&self, pool: &PoolId) -> PoolKeys {
        let p = format!("{}:{{ratings:{}}}", self.inner.config.prefix, pool.as_str());
        PoolKeys {
            players: format!("{p}:players"),
            board: format!("{p}:board"),
            provisional: format!("{p}:provisional"),
            applied: format!("{p}:applied"),
        }
    }
}

#[async_trait]
impl Ratings for RedisStore {
    async fn records(
        &self,
        pool: &PoolId,
        players: &[String],
    ) -> Result<Vec<Option<PlayerRating>>, StoreError> {
        if players.is_empty() {
            return Ok(Vec::new());
        }
        let keys = self.rating_pool_keys(pool);
        let mut conn = self.conn();
        let stored: Vec<Option<String>> = self
            .call(
                redis::cmd("HMGET")
                    .arg(&keys.players)
                    .arg(players)
                    .query_async(&mut conn),
            )
            .await?;
        stored
            .into_iter()
            .map(|json| json.as_deref().map(PlayerRating::decode).transpose())
            .collect()
    }

    async fn apply(
        &self,
        pool: &PoolId,
        session_id: &str,
        writes: &[RatingWrite],
        now_ms: i64,
    ) -> Result<Applied, StoreError> {
        let keys = self.rating_pool_keys(pool);
        let mut invocation = APPLY.key(&keys.players);
        invocation
            .key(&keys.board)
            .key(&keys.provisional)
            .key(&keys.applied)
            .arg(session_id)
            .arg(now_ms)
            .arg(APPLIED_KEPT_MS);
        for write in writes {
            invocation
                .arg(&write.player_id)
                .arg(write.expected_revision)
                .arg(write.record.encode()?)
                .arg(write.record.rating)
                .arg(if write.record.provisional() { "1" } else { "0" });
        }
        let mut conn = self.conn();
        let answer: i64 = self.call(invocation.invoke_async(&mut conn)).await?;
        Ok(match answer {
            1 => Applied::Done,
            0 => Applied::AlreadyApplied,
            _ => Applied::Moved,
        })
    }

    async fn leaderboard(
        &self,
        pool: &PoolId,
        provisional: bool,
        offset: u64,
        limit: usize,
    ) -> Result<(Vec<Ranked>, u64), StoreError> {
        let keys = self.rating_pool_keys(pool);
        let board = if provisional {
            &keys.provisional
        } else {
            &keys.board
        };
        if limit == 0 {
            let mut conn = self.conn();
            let total: u64 = self
                .call(redis::cmd("ZCARD").arg(board).query_async(&mut conn))
                .await?;
            return Ok((Vec::new(), total));
        }
        let last = offset.saturating_add(limit as u64 - 1);
        let mut conn = self.conn();
        let (players, total): (Vec<String>, u64) = self
            .call(
                redis::pipe()
                    .cmd("ZREVRANGE")
                    .arg(board)
                    .arg(offset)
                    .arg(last)
                    .cmd("ZCARD")
                    .arg(board)
                    .query_async(&mut conn),
            )
            .await?;
        let records = self.records(pool, &players).await?;
        let rows = players
            .into_iter()
            .zip(records)
            .enumerate()
            .filter_map(|(i, (player_id, record))| {
                record.map(|record| Ranked {
                    rank: offset + i as u64 + 1,
                    player_id,
                    record,
                })
            })
            .collect();
        Ok((rows, total))
    }

    async fn rank(&self, pool: &PoolId, player: &str) -> Result<Option<(u64, bool)>, StoreError> {
        let keys = self.rating_pool_keys(pool);
        let mut conn = self.conn();
        let (established, provisional): (Option<u64>, Option<u64>) = self
            .call(
                redis::pipe()
                    .cmd("ZREVRANK")
                    .arg(&keys.board)
                    .arg(player)
                    .cmd("ZREVRANK")
                    .arg(&keys.provisional)
                    .arg(player)
                    .query_async(&mut conn),
            )
            .await?;
        Ok(match (established, provisional) {
            (Some(rank), _) => Some((rank + 1, false)),
            (None, Some(rank)) => Some((rank + 1, true)),
            (None, None) => None,
        })
    }
}
