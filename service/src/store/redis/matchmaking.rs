//! Quick-match pools on Redis. Every key of one pool shares the hash tag
//! `{<prefix>:mm:<pool key>}`, so on Redis Cluster a pool lives on one shard and each
//! script below is one atomic step over all of it:
//!
//! | key | type | holds |
//! |---|---|---|
//! | `…:tickets` | hash | ticket id → ticket (JSON) |
//! | `…:state` | hash | ticket id → `w` (waiting), `c` (cancelled), `e` (expired), `m:<match id>` |
//! | `…:time` | sorted set | waiting ticket id → when made (ms) |
//! | `…:rating` | sorted set | waiting ticket id → rating |
//! | `…:expiry` | sorted set | waiting ticket id → when it expires (ms) |
//! | `…:opts` | hash | waiting ticket id → options key (empty: any options) |
//! | `…:players` | hash | player id → its waiting ticket id |
//! | `…:matches` | hash | match id → match (JSON) |
//! | `…:made` | hash | match id → `1` once its session exists |
//! | `…:jobs` | sorted set | match id → when its session job is due, or its lease's end |
//! | `…:gc` | sorted set | `t:<ticket id>` / `m:<match id>` → when it ended; dropped after [`KEPT_MS`] |
//!
//! `<prefix>:mm:pools` (a set, its own slot) lists every pool a ticket was put in; it is
//! written before the ticket, so the matchers of every replica find the pool.

use super::RedisStore;
use crate::store::matchmaking::{
    MatchJob, MatchRecord, Matchmaking, Opened, Pool, Ticket, TicketStatus, TicketView, Window,
    KEPT_MS, NEIGHBOURS, SCAN_OLDEST,
};
use crate::store::StoreError;
use async_trait::async_trait;
use redis::Script;
use std::sync::LazyLock;

/// Shared by the scripts: takes waiting ticket `id` out of the pool with state `st`
/// (kept for [`KEPT_MS`] unless it joined a match, whose end drops it).
const LEAVE: &str = r"
local K = {tickets = KEYS[1], state = KEYS[2], time = KEYS[3], rating = KEYS[4],
  expiry = KEYS[5], opts = KEYS[6], players = KEYS[7], matches = KEYS[8], made = KEYS[9],
  jobs = KEYS[10], gc = KEYS[11]}
local function leave(id, st, now)
  if redis.call('HGET', K.state, id) ~= 'w' then return end
  redis.call('HSET', K.state, id, st)
  redis.call('ZREM', K.time, id)
  redis.call('ZREM', K.rating, id)
  redis.call('ZREM', K.expiry, id)
  redis.call('HDEL', K.opts, id)
  local json = redis.call('HGET', K.tickets, id)
  if json then
    local player = cjson.decode(json).player_id
    if redis.call('HGET', K.players, player) == id then
      redis.call('HDEL', K.players, player)
    end
  end
  if string.sub(st, 1, 2) ~= 'm:' then
    redis.call('ZADD', K.gc, now, 't:' .. id)
  end
end
";

fn script(body: &str) -> Script {
    Script::new(&format!("{LEAVE}\n{body}"))
}

/// ARGV: now, id, player, json, created, rating, expires, options key. Returns
/// `new`, `same` or `open` and the ticket id meant.
static OPEN: LazyLock<Script> = LazyLock::new(|| {
    script(
        r"
local now = tonumber(ARGV[1])
local id = ARGV[2]
if redis.call('HEXISTS', K.tickets, id) == 1 then return {'same', id} end
local open = redis.call('HGET', K.players, ARGV[3])
if open then
  local exp = redis.call('ZSCORE', K.expiry, open)
  if redis.call('HGET', K.state, open) ~= 'w' then
    redis.call('HDEL', K.players, ARGV[3])
  elseif exp and tonumber(exp) <= now then
    leave(open, 'e', now)
  else
    return {'open', open}
  end
end
redis.call('HSET', K.tickets, id, ARGV[4])
redis.call('HSET', K.state, id, 'w')
redis.call('ZADD', K.time, ARGV[5], id)
redis.call('ZADD', K.rating, ARGV[6], id)
redis.call('ZADD', K.expiry, ARGV[7], id)
redis.call('HSET', K.opts, id, ARGV[8])
redis.call('HSET', K.players, ARGV[3], id)
return {'new', id}
",
    )
});

/// ARGV: id. Returns ticket JSON, state, match JSON, made (empty strings for none).
static GET: LazyLock<Script> = LazyLock::new(|| {
    script(
        r"
local id = ARGV[1]
local json = redis.call('HGET', K.tickets, id)
if not json then return {'', '', '', ''} end
local st = redis.call('HGET', K.state, id) or ''
local m, made = '', ''
if string.sub(st, 1, 2) == 'm:' then
  local mid = string.sub(st, 3)
  m = redis.call('HGET', K.matches, mid) or ''
  made = redis.call('HGET', K.made, mid) or ''
end
return {json, st, m, made}
",
    )
});

/// ARGV: id, now.
static CANCEL: LazyLock<Script> = LazyLock::new(|| {
    script(
        r"
leave(ARGV[1], 'c', tonumber(ARGV[2]))
return '1'
",
    )
});

/// ARGV: now, window base, window per ms, window cap, seats, limit, scan, neighbours,
/// kept ms, pool key. Returns the JSON of each match formed.
static FORM: LazyLock<Script> = LazyLock::new(|| {
    script(
        r"
local now = tonumber(ARGV[1])
local base, per_ms, cap = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local seats, limit, scan, k = tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8])
-- Ended records past their keeping time.
for _, g in ipairs(redis.call('ZRANGEBYSCORE', K.gc, '-inf', now - tonumber(ARGV[9]), 'LIMIT', 0, 200)) do
  local id = string.sub(g, 3)
  if string.sub(g, 1, 2) == 't:' then
    redis.call('HDEL', K.tickets, id)
    redis.call('HDEL', K.state, id)
  else
    redis.call('HDEL', K.matches, id)
    redis.call('HDEL', K.made, id)
  end
  redis.call('ZREM', K.gc, g)
end
for _, id in ipairs(redis.call('ZRANGEBYSCORE', K.expiry, '-inf', now, 'LIMIT', 0, 1000)) do
  leave(id, 'e', now)
end
local formed = {}
local oldest = redis.call('ZRANGE', K.time, 0, scan - 1, 'WITHSCORES')
for i = 1, #oldest, 2 do
  if #formed >= limit then break end
  local oid = oldest[i]
  local rs = redis.call('ZSCORE', K.rating, oid)
  if rs then
    local r = tonumber(rs)
    local reach = math.min(base + per_ms * (now - tonumber(oldest[i + 1])), cap)
    local fixed = redis.call('HGET', K.opts, oid) or ''
    local group = {oid}
    local rank = redis.call('ZRANK', K.rating, oid)
    local lo = {}
    if rank > 0 then
      lo = redis.call('ZRANGE', K.rating, math.max(0, rank - k), rank - 1, 'WITHSCORES')
    end
    local hi = redis.call('ZRANGE', K.rating, rank + 1, rank + k, 'WITHSCORES')
    local li, hj = #lo - 1, 1
    while #group < seats do
      local ld, hd = nil, nil
      if li >= 1 then ld = r - tonumber(lo[li + 1]) end
      if hj < #hi then hd = tonumber(hi[hj + 1]) - r end
      if ld and ld > reach then ld = nil end
      if hd and hd > reach then hd = nil end
      local pick
      if ld and (not hd or ld <= hd) then
        pick = lo[li]; li = li - 2
      elseif hd then
        pick = hi[hj]; hj = hj + 2
      else
        break
      end
      local o = redis.call('HGET', K.opts, pick) or ''
      if o == '' or fixed == '' or o == fixed then
        if fixed == '' then fixed = o end
        group[#group + 1] = pick
      end
    end
    if #group == seats then
      local sorted = {}
      for j, t in ipairs(group) do sorted[j] = t end
      table.sort(sorted)
      local mid = 'm' .. redis.sha1hex(table.concat(sorted, ' '))
      for _, t in ipairs(group) do leave(t, 'm:' .. mid, now) end
      local json = cjson.encode({format = 1, id = mid, pool = ARGV[10], tickets = group,
        options_key = fixed, created_ms = now})
      redis.call('HSET', K.matches, mid, json)
      redis.call('ZADD', K.jobs, now, mid)
      formed[#formed + 1] = json
    end
  end
end
return formed
",
    )
});

/// ARGV: now, lease ms, limit. Returns the lease's end, then each claimed match's JSON.
static CLAIM: LazyLock<Script> = LazyLock::new(|| {
    script(
        r"
local lease = tonumber(ARGV[1]) + tonumber(ARGV[2])
local out = {tostring(lease)}
for _, mid in ipairs(redis.call('ZRANGEBYSCORE', K.jobs, '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])) do
  local json = redis.call('HGET', K.matches, mid)
  if json then
    redis.call('ZADD', K.jobs, lease, mid)
    out[#out + 1] = json
  else
    redis.call('ZREM', K.jobs, mid)
  end
end
return out
",
    )
});

/// ARGV: match id, lease, now. Returns 1 when the lease was still held.
static DONE: LazyLock<Script> = LazyLock::new(|| {
    script(
        r"
local mid = ARGV[1]
local score = redis.call('ZSCORE', K.jobs, mid)
if not score or tonumber(score) ~= tonumber(ARGV[2]) then return '0' end
redis.call('ZREM', K.jobs, mid)
redis.call('HSET', K.made, mid, '1')
local json = redis.call('HGET', K.matches, mid)
if json then
  for _, t in ipairs(cjson.decode(json).tickets) do
    redis.call('ZADD', K.gc, ARGV[3], 't:' .. t)
  end
end
redis.call('ZADD', K.gc, ARGV[3], 'm:' .. mid)
return '1'
",
    )
});

fn corrupt(what: &str, e: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(format!("matchmaking {what}: {e}"))
}

impl RedisStore {
    fn pool_keys(&self, pool: &Pool) -> Vec<String> {
        let p = &self.inner.config.prefix;
        let tag = format!("{p}:mm:{}", pool.key());
        [
            "tickets", "state", "time", "rating", "expiry", "opts", "players", "matches", "made",
            "jobs", "gc",
        ]
        .iter()
        .map(|name| format!("{p}:{{{tag}}}:{name}"))
        .collect()
    }

    fn pools_key(&self) -> String {
        format!("{}:mm:pools", self.inner.config.prefix)
    }

    async fn run(
        &self,
        script: &Script,
        pool: &Pool,
        args: &[String],
    ) -> Result<Vec<String>, StoreError> {
        let mut invocation = script.prepare_invoke();
        for key in self.pool_keys(pool) {
            invocation.key(key);
        }
        for arg in args {
            invocation.arg(arg);
        }
        let mut conn = self.conn();
        self.call(invocation.invoke_async(&mut conn)).await
    }

    async fn view(
        &self,
        pool: &Pool,
        id: &str,
        now: i64,
    ) -> Result<Option<TicketView>, StoreError> {
        let got = self.run(&GET, pool, &[id.to_string()]).await?;
        let [json, state, record, made] = got.as_slice() else {
            return Err(corrupt("ticket", "a short reply"));
        };
        if json.is_empty() {
            return Ok(None);
        }
        let ticket = Ticket::decode(json)?;
        let status = match state.as_str() {
            "w" if ticket.expires_ms <= now => TicketStatus::Expired,
            "w" => TicketStatus::Waiting,
            "c" => TicketStatus::Cancelled,
            "e" => TicketStatus::Expired,
            s if s.starts_with("m:") && !record.is_empty() => TicketStatus::Matched {
                record: MatchRecord::decode(record)?,
                session_created: made == "1",
            },
            other => return Err(corrupt("ticket state", other)),
        };
        Ok(Some(TicketView { ticket, status }))
    }
}

#[async_trait]
impl Matchmaking for RedisStore {
    async fn open(&self, ticket: &Ticket) -> Result<Opened, StoreError> {
        let mut conn = self.conn();
        self.call(
            redis::cmd("SADD")
                .arg(self.pools_key())
                .arg(ticket.pool.key())
                .query_async::<i64>(&mut conn),
        )
        .await?;
        let now = ticket.created_ms;
        let got = self
            .run(
                &OPEN,
                &ticket.pool,
                &[
                    now.to_string(),
                    ticket.id.clone(),
                    ticket.player_id.clone(),
                    ticket.encode()?,
                    ticket.created_ms.to_string(),
                    ticket.rating.to_string(),
                    ticket.expires_ms.to_string(),
                    ticket.options_key(),
                ],
            )
            .await?;
        let [what, id] = got.as_slice() else {
            return Err(corrupt("open", "a short reply"));
        };
        let view = || async {
            self.view(&ticket.pool, id, now)
                .await?
                .ok_or_else(|| corrupt("open", "the ticket vanished"))
        };
        match what.as_str() {
            "new" => Ok(Opened::New),
            "same" => Ok(Opened::Same(view().await?)),
            "open" => Ok(Opened::Open(view().await?)),
            other => Err(corrupt("open", other)),
        }
    }

    async fn ticket(&self, id: &str, now_ms: i64) -> Result<Option<TicketView>, StoreError> {
        let Some(pool) = Pool::of_ticket(id) else {
            return Ok(None);
        };
        self.view(&pool, id, now_ms).await
    }

    async fn cancel(&self, id: &str, now_ms: i64) -> Result<Option<TicketView>, StoreError> {
        let Some(pool) = Pool::of_ticket(id) else {
            return Ok(None);
        };
        self.run(&CANCEL, &pool, &[id.to_string(), now_ms.to_string()])
            .await?;
        self.view(&pool, id, now_ms).await
    }

    async fn pools(&self) -> Result<Vec<Pool>, StoreError> {
        let mut conn = self.conn();
        let keys: Vec<String> = self
            .call(
                redis::cmd("SMEMBERS")
                    .arg(self.pools_key())
                    .query_async(&mut conn),
            )
            .await?;
        Ok(keys.iter().filter_map(|k| Pool::parse(k)).collect())
    }

    async fn form(
        &self,
        pool: &Pool,
        now_ms: i64,
        window: Window,
        limit: usize,
    ) -> Result<Vec<MatchRecord>, StoreError> {
        let formed = self
            .run(
                &FORM,
                pool,
                &[
                    now_ms.to_string(),
                    window.base.to_string(),
                    (window.per_second / 1000.0).to_string(),
                    window.cap.to_string(),
                    pool.seats.to_string(),
                    limit.to_string(),
                    SCAN_OLDEST.to_string(),
                    NEIGHBOURS.to_string(),
                    KEPT_MS.to_string(),
                    pool.key(),
                ],
            )
            .await?;
        formed.iter().map(|j| MatchRecord::decode(j)).collect()
    }

    async fn claim_matches(
        &self,
        pool: &Pool,
        now_ms: i64,
        lease_ms: i64,
        limit: usize,
    ) -> Result<Vec<MatchJob>, StoreError> {
        let mut got = self
            .run(
                &CLAIM,
                pool,
                &[now_ms.to_string(), lease_ms.to_string(), limit.to_string()],
            )
            .await?
            .into_iter();
        let lease: i64 = got
            .next()
            .ok_or_else(|| corrupt("claim", "an empty reply"))?
            .parse()
            .map_err(|e| corrupt("lease", e))?;
        let keys = self.pool_keys(pool);
        let mut jobs = Vec::new();
        for json in got {
            let record = MatchRecord::decode(&json)?;
            let mut conn = self.conn();
            let found: Vec<Option<String>> = self
                .call(
                    redis::cmd("HMGET")
                        .arg(&keys[0])
                        .arg(&record.tickets)
                        .query_async(&mut conn),
                )
                .await?;
            let tickets = found
                .iter()
                .map(|t| match t {
                    Some(json) => Ticket::decode(json),
                    None => Err(corrupt("match", format!("{} lost a ticket", record.id))),
                })
                .collect::<Result<Vec<_>, _>>()?;
            jobs.push(MatchJob {
                record,
                tickets,
                lease,
            });
        }
        Ok(jobs)
    }

    async fn matched(&self, pool: &Pool, match_id: &str, lease: i64) -> Result<bool, StoreError> {
        let done = self
            .run(
                &DONE,
                pool,
                &[
                    match_id.to_string(),
                    lease.to_string(),
                    crate::store::now_ms().to_string(),
                ],
            )
            .await?;
        Ok(done.first().map(String::as_str) == Some("1"))
    }

    async fn waiting(&self, pool: &Pool) -> Result<u64, StoreError> {
        let keys = self.pool_keys(pool);
        let mut conn = self.conn();
        self.call(redis::cmd("ZCARD").arg(&keys[2]).query_async(&mut conn))
            .await
    }
}
