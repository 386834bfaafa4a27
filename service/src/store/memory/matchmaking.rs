//! Quick-match pools in memory: the same steps as the Redis scripts
//! (`redis/matchmaking.rs`), each under the one lock.

use super::MemoryStore;
use crate::store::matchmaking::{
    match_id, MatchJob, MatchRecord, Matchmaking, Opened, Pool, Ticket, TicketStatus, TicketView,
    Window, KEPT_MS, MATCH_FORMAT, NEIGHBOURS, SCAN_OLDEST,
};
use crate::store::StoreError;
use async_trait::async_trait;
use std::collections::{BTreeSet, HashMap};

/// A rating as an ordered key (thousandths).
fn rating_key(rating: f64) -> i64 {
    (rating * 1000.0).round() as i64
}

#[derive(Debug, Clone, PartialEq)]
enum State {
    Waiting,
    Cancelled,
    Expired,
    Matched(String),
}

/// One pool.
#[derive(Default)]
struct PoolData {
    tickets: HashMap<String, (Ticket, State)>,
    /// Waiting tickets by (created, id), by (rating, id) and by (expires, id).
    by_time: BTreeSet<(i64, String)>,
    by_rating: BTreeSet<(i64, String)>,
    by_expiry: BTreeSet<(i64, String)>,
    /// Player id → its waiting ticket.
    players: HashMap<String, String>,
    /// Match id → record, and whether its session exists.
    matches: HashMap<String, (MatchRecord, bool)>,
    /// Match id → when its job is due (or its lease ends).
    jobs: HashMap<String, i64>,
    /// (when ended, "t:" ticket id or "m:" match id): dropped after [`KEPT_MS`].
    ended: BTreeSet<(i64, String)>,
}

impl PoolData {
    fn leave(&mut self, id: &str, state: State, now: i64) {
        let Some((ticket, current)) = self.tickets.get_mut(id) else {
            return;
        };
        if *current != State::Waiting {
            return;
        }
        let matched = matches!(state, State::Matched(_));
        *current = state;
        self.by_time.remove(&(ticket.created_ms, id.to_string()));
        self.by_rating
            .remove(&(rating_key(ticket.rating), id.to_string()));
        self.by_expiry.remove(&(ticket.expires_ms, id.to_string()));
        if self.players.get(&ticket.player_id).map(String::as_str) == Some(id) {
            self.players.remove(&ticket.player_id);
        }
        if !matched {
            self.ended.insert((now, format!("t:{id}")));
        }
    }

    fn view(&self, id: &str, now: i64) -> Option<TicketView> {
        let (ticket, state) = self.tickets.get(id)?;
        let status = match state {
            State::Waiting if ticket.expires_ms <= now => TicketStatus::Expired,
            State::Waiting => TicketStatus::Waiting,
            State::Cancelled => TicketStatus::Cancelled,
            State::Expired => TicketStatus::Expired,
            State::Matched(m) => {
                let (record, created) = self.matches.get(m)?;
                TicketStatus::Matched {
                    record: record.clone(),
                    session_created: *created,
                }
            }
        };
        Some(TicketView {
            ticket: ticket.clone(),
            status,
        })
    }

    fn sweep(&mut self, now: i64) {
        while let Some((at, key)) = self.ended.first().cloned() {
            if at > now - KEPT_MS {
                break;
            }
            self.ended.pop_first();
            if let Some(id) = key.strip_prefix("t:") {
                self.tickets.remove(id);
            } else if let Some(id) = key.strip_prefix("m:") {
                self.matches.remove(id);
            }
        }
        let expired: Vec<String> = self
            .by_expiry
            .iter()
            .take_while(|(at, _)| *at <= now)
            .map(|(_, id)| id.clone())
            .collect();
        for id in expired {
            self.leave(&id, State::Expired, now);
        }
    }

    /// The match the oldest ticket `oldest` can make now, if any (see the Redis script).
    fn group_of(
        &self,
        oldest: &str,
        now: i64,
        window: Window,
        seats: usize,
    ) -> Option<Vec<String>> {
        let (ticket, _) = self.tickets.get(oldest)?;
        let reach = rating_key(window.at(now - ticket.created_ms));
        let own = (rating_key(ticket.rating), oldest.to_string());
        let mut fixed = ticket.options_key();
        let mut group = vec![oldest.to_string()];
        let mut below = self
            .by_rating
            .range(..own.clone())
            .rev()
            .take(NEIGHBOURS)
            .peekable();
        let mut above = self
            .by_rating
            .range(own.clone()..)
            .skip(1)
            .take(NEIGHBOURS)
            .peekable();
        while group.len() < seats {
            let down = below.peek().map(|(r, _)| own.0 - r).filter(|d| *d <= reach);
            let up = above.peek().map(|(r, _)| r - own.0).filter(|d| *d <= reach);
            let pick = match (down, up) {
                (Some(d), Some(u)) if d <= u => below.next(),
                (Some(_), None) => below.next(),
                (_, Some(_)) => above.next(),
                (None, None) => None,
            };
            let (_, id) = pick?;
            let key = self.tickets.get(id).map(|(t, _)| t.options_key())?;
            if key.is_empty() || fixed.is_empty() || key == fixed {
                if fixed.is_empty() {
                    fixed = key;
                }
                group.push(id.clone());
            }
        }
        Some(group)
    }
}

/// Every pool of [`MemoryStore`].
#[derive(Default)]
pub(super) struct MemoryMatchmaking {
    pools: HashMap<String, PoolData>,
}

#[async_trait]
impl Matchmaking for MemoryStore {
    async fn open(&self, ticket: &Ticket) -> Result<Opened, StoreError> {
        let now = ticket.created_ms;
        let mut mm = self.matchmaking.lock().unwrap_or_else(|p| p.into_inner());
        let pool = mm.pools.entry(ticket.pool.key()).or_default();
        if let Some(view) = pool.view(&ticket.id, now) {
            return Ok(Opened::Same(view));
        }
        if let Some(open) = pool.players.get(&ticket.player_id).cloned() {
            match pool.tickets.get(&open) {
                Some((t, State::Waiting)) if t.expires_ms <= now => {
                    pool.leave(&open, State::Expired, now)
                }
                Some((_, State::Waiting)) => {
                    if let Some(view) = pool.view(&open, now) {
                        return Ok(Opened::Open(view));
                    }
                }
                _ => {
                    pool.players.remove(&ticket.player_id);
                }
            }
        }
        let id = ticket.id.clone();
        pool.by_time.insert((ticket.created_ms, id.clone()));
        pool.by_rating
            .insert((rating_key(ticket.rating), id.clone()));
        pool.by_expiry.insert((ticket.expires_ms, id.clone()));
        pool.players.insert(ticket.player_id.clone(), id.clone());
        pool.tickets.insert(id, (ticket.clone(), State::Waiting));
        Ok(Opened::New)
    }

    async fn ticket(&self, id: &str, now_ms: i64) -> Result<Option<TicketView>, StoreError> {
        let Some(pool) = Pool::of_ticket(id) else {
            return Ok(None);
        };
        let mm = self.matchmaking.lock().unwrap_or_else(|p| p.into_inner());
        Ok(mm.pools.get(&pool.key()).and_then(|p| p.view(id, now_ms)))
    }

    async fn cancel(&self, id: &str, now_ms: i64) -> Result<Option<TicketView>, StoreError> {
        let Some(pool) = Pool::of_ticket(id) else {
            return Ok(None);
        };
        let mut mm = self.matchmaking.lock().unwrap_or_else(|p| p.into_inner());
        let Some(pool) = mm.pools.get_mut(&pool.key()) else {
            return Ok(None);
        };
        pool.leave(id, State::Cancelled, now_ms);
        Ok(pool.view(id, now_ms))
    }

    async fn pools(&self) -> Result<Vec<Pool>, StoreError> {
        let mm = self.matchmaking.lock().unwrap_or_else(|p| p.into_inner());
        Ok(mm.pools.keys().filter_map(|k| Pool::parse(k)).collect())
    }

    async fn form(
        &self,
        pool: &Pool,
        now_ms: i64,
        window: Window,
        limit: usize,
    ) -> Result<Vec<MatchRecord>, StoreError> {
        let mut mm = self.matchmaking.lock().unwrap_or_else(|p| p.into_inner());
        let Some(data) = mm.pools.get_mut(&pool.key()) else {
            return Ok(Vec::new());
        };
        data.sweep(now_ms);
        let oldest: Vec<String> = data
            .by_time
            .iter()
            .take(SCAN_OLDEST)
            .map(|(_, id)| id.clone())
            .collect();
        let mut formed = Vec::new();
        for id in oldest {
            if formed.len() >= limit {
                break;
            }
            if !matches!(data.tickets.get(&id), Some((_, State::Waiting))) {
                continue;
            }
            let Some(group) = data.group_of(&id, now_ms, window, usize::from(pool.seats)) else {
                continue;
            };
            let mid = match_id(&group);
            let options_key = group
                .iter()
                .filter_map(|t| data.tickets.get(t).map(|(t, _)| t.options_key()))
                .find(|k| !k.is_empty())
                .unwrap_or_default();
            for t in &group {
                data.leave(t, State::Matched(mid.clone()), now_ms);
            }
            let record = MatchRecord {
                format: MATCH_FORMAT,
                id: mid.clone(),
                pool: pool.key(),
                tickets: group,
                options_key,
                created_ms: now_ms,
            };
            data.matches.insert(mid.clone(), (record.clone(), false));
            data.jobs.insert(mid, now_ms);
            formed.push(record);
        }
        Ok(formed)
    }

    async fn claim_matches(
        &self,
        pool: &Pool,
        now_ms: i64,
        lease_ms: i64,
        limit: usize,
    ) -> Result<Vec<MatchJob>, StoreError> {
        let mut mm = self.matchmaking.lock().unwrap_or_else(|p| p.into_inner());
        let Some(data) = mm.pools.get_mut(&pool.key()) else {
            return Ok(Vec::new());
        };
        let mut due: Vec<(i64, String)> = data
            .jobs
            .iter()
            .filter(|(_, at)| **at <= now_ms)
            .map(|(id, at)| (*at, id.clone()))
            .collect();
        due.sort();
        let lease = now_ms + lease_ms;
        let mut out = Vec::new();
        for (_, id) in due.into_iter().take(limit) {
            let Some((record, _)) = data.matches.get(&id) else {
                data.jobs.remove(&id);
                continue;
            };
            let tickets = record
                .tickets
                .iter()
                .map(|t| data.tickets.get(t).map(|(t, _)| t.clone()))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| StoreError::Corrupt(format!("match {id} lost a ticket")))?;
            let record = record.clone();
            data.jobs.insert(id, lease);
            out.push(MatchJob {
                record,
                tickets,
                lease,
            });
        }
        Ok(out)
    }

    async fn matched(&self, pool: &Pool, match_id: &str, lease: i64) -> Result<bool, StoreError> {
        let mut mm = self.matchmaking.lock().unwrap_or_else(|p| p.into_inner());
        let Some(data) = mm.pools.get_mut(&pool.key()) else {
            return Ok(false);
        };
        if data.jobs.get(match_id) != Some(&lease) {
            return Ok(false);
        }
        data.jobs.remove(match_id);
        let now = crate::store::now_ms();
        if let Some((record, created)) = data.matches.get_mut(match_id) {
            *created = true;
            let tickets = record.tickets.clone();
            for t in tickets {
                data.ended.insert((now, format!("t:{t}")));
            }
            data.ended.insert((now, format!("m:{match_id}")));
        }
        Ok(true)
    }

    async fn waiting(&self, pool: &Pool) -> Result<u64, StoreError> {
        let mm = self.matchmaking.lock().unwrap_or_else(|p| p.into_inner());
        Ok(mm
            .pools
            .get(&pool.key())
            .map_or(0, |p| p.by_time.len() as u64))
    }
}
