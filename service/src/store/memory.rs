//! The embedded store: sessions in this process's memory. It keeps the same contract as a
//! shared backend (snapshots encoded with their format, versions compared and set
//! atomically, a per-session log with live fan-out) so tests of the service hold for both.
//! Like Redis keys with a TTL, a session expires when it has not been written for
//! [`Expiry::finished`] (it has an outcome) or [`Expiry::abandoned`] (it has none): it is
//! then NotFound at once and its memory is reclaimed by the next sweep.

use super::follow::{follow, History, Live};
use super::outbox::{DEAD_KEPT, DONE_KEPT_MS};
use super::{
    codec, now_ms, Claimed, Commit, CommitResult, DeadLetter, Finish, JoinRecord, ListFilter,
    Loaded, LogEntry, LogStream, Notification, OutboxItem, SeatClaim, SeatRecord, SessionMeta,
    SessionStore, StoreError, Summary,
};
use crate::table::Table;
use agora_engine::{Outcome, Seat};
use async_trait::async_trait;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, RwLock};
use std::time::Duration;
use tokio::sync::broadcast;
use tokio::time::Instant;

/// Expired sessions are removed from the map at most this often (on a create), or at once
/// when the store is full.
const SWEEP_EVERY: Duration = Duration::from_secs(60);

/// How long a session is kept after its last write (the `--finished-ttl` and
/// `--abandoned-ttl` of the server, as for Redis).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Expiry {
    pub finished: Duration,
    pub abandoned: Duration,
}

impl Default for Expiry {
    fn default() -> Self {
        Expiry {
            finished: Duration::from_secs(24 * 3600),
            abandoned: Duration::from_secs(7 * 24 * 3600),
        }
    }
}

pub struct MemoryStore {
    sessions: RwLock<HashMap<String, Arc<Slot>>>,
    max_sessions: usize,
    /// Capacity of each session's live channel: how far a subscriber may fall behind.
    live_buffer: usize,
    expiry: Expiry,
    last_sweep: Mutex<Instant>,
    /// Sessions with work for the server, and when ([`SessionStore::schedule`]).
    due: Mutex<HashMap<String, i64>>,
    /// The notification outbox and presence marks.
    outbox: Mutex<MemoryOutbox>,
    /// Per player: the sessions it was bound to a seat of, and when
    /// ([`SessionStore::player_sessions`]).
    players: Mutex<HashMap<String, HashMap<String, i64>>>,
    /// Per player: the holder of its join lease and until when
    /// ([`SessionStore::lock_player`]).
    player_leases: Mutex<HashMap<String, (String, i64)>>,
}

/// The outbox of [`MemoryStore`]: the same rules as the Redis one, under one lock.
#[derive(Default)]
struct MemoryOutbox {
    /// By id: the notification, its due time (or lease end) and failed attempts.
    items: HashMap<String, (Notification, i64, u32)>,
    /// Finished ids, with when.
    done: HashMap<String, i64>,
    /// Newest first.
    dead: std::collections::VecDeque<DeadLetter>,
    /// (session, player) -> present until (ms).
    present: HashMap<(String, String), i64>,
}

struct Slot {
    data: Mutex<SessionData>,
}

struct SessionData {
    meta: SessionMeta,
    version: u64,
    snapshot: Vec<u8>,
    log: Log,
    requests: HashMap<String, u64>,
    /// Retry-safe seat claims, by retry key.
    joins: HashMap<String, JoinRecord>,
    to_act: Vec<Seat>,
    outcome: Option<Outcome>,
    /// Last write (create, seat claim or release, commit): expiry counts from here.
    touched: Instant,
    /// The same, in wall-clock ms, for listings.
    updated_ms: i64,
    /// Live commits, while somebody follows the session: a channel holds its whole
    /// capacity from the start (tens of KB), so unwatched sessions have none. Sent while
    /// `data` is locked, so an entry is in the log before any subscriber can receive it.
    live: Option<broadcast::Sender<Live>>,
}

impl SessionData {
    fn expired(&self, expiry: &Expiry, now: Instant) -> bool {
        let ttl = if self.outcome.is_some() {
            expiry.finished
        } else {
            expiry.abandoned
        };
        now.saturating_duration_since(self.touched) >= ttl
    }
}

impl MemoryStore {
    pub fn new(max_sessions: usize, live_buffer: usize) -> MemoryStore {
        MemoryStore {
            sessions: RwLock::new(HashMap::new()),
            max_sessions,
            live_buffer: live_buffer.max(1),
            expiry: Expiry::default(),
            last_sweep: Mutex::new(Instant::now()),
            due: Mutex::new(HashMap::new()),
            outbox: Mutex::new(MemoryOutbox::default()),
            players: Mutex::new(HashMap::new()),
            player_leases: Mutex::new(HashMap::new()),
        }
    }

    /// Lists session `id` among `player_id`'s.
    fn index_player(&self, player_id: &str, id: &str) {
        let mut players = self.players.lock().unwrap_or_else(|p| p.into_inner());
        players
            .entry(player_id.to_string())
            .or_default()
            .entry(id.to_string())
            .or_insert_with(crate::store::now_ms);
    }

    /// The same store with sessions expiring after `expiry`.
    pub fn with_expiry(mut self, expiry: Expiry) -> MemoryStore {
        self.expiry = expiry;
        self
    }

    /// A live (not expired) session.
    fn slot(&self, id: &str) -> Result<Arc<Slot>, StoreError> {
        let slot = {
            let sessions = self.sessions.read().unwrap_or_else(|p| p.into_inner());
            sessions.get(id).cloned()
        };
        match slot {
            Some(slot) if !slot.lock().expired(&self.expiry, Instant::now()) => Ok(slot),
            _ => Err(StoreError::NotFound(id.to_string())),
        }
    }

    /// Takes expired sessions out of the map when the store is full or the last sweep is
    /// old; their subscribers' streams end. The caller frees them after releasing the
    /// map's lock: freeing thousands of logs takes long enough to stall every call.
    fn sweep(&self, sessions: &mut HashMap<String, Arc<Slot>>) -> Vec<Arc<Slot>> {
        let now = Instant::now();
        let mut last = self.last_sweep.lock().unwrap_or_else(|p| p.into_inner());
        if sessions.len() < self.max_sessions && now.saturating_duration_since(*last) < SWEEP_EVERY
        {
            return Vec::new();
        }
        *last = now;
        let expired: Vec<String> = sessions
            .iter()
            .filter(|(_, slot)| slot.lock().expired(&self.expiry, now))
            .map(|(id, _)| id.clone())
            .collect();
        if !expired.is_empty() {
            let gone: std::collections::HashSet<&String> = expired.iter().collect();
            let mut players = self.players.lock().unwrap_or_else(|p| p.into_inner());
            players.retain(|_, mine| {
                mine.retain(|id, _| !gone.contains(id));
                !mine.is_empty()
            });
        }
        expired
            .iter()
            .filter_map(|id| sessions.remove(id))
            .collect()
    }
}

impl Slot {
    /// A poisoned lock only means another call panicked mid-way; every write below is
    /// done after all fallible steps, so the data is still consistent.
    fn lock(&self) -> MutexGuard<'_, SessionData> {
        self.data.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[async_trait]
impl SessionStore for MemoryStore {
    async fn create(&self, meta: SessionMeta, state: Table) -> Result<(), StoreError> {
        let snapshot = codec::encode_snapshot(&state)?;
        let mut sessions = self.sessions.write().unwrap_or_else(|p| p.into_inner());
        let expired = self.sweep(&mut sessions);
        if !expired.is_empty() {
            drop(sessions);
            drop(expired);
            sessions = self.sessions.write().unwrap_or_else(|p| p.into_inner());
        }
        if sessions.contains_key(&meta.id) {
            return Err(StoreError::AlreadyExists(meta.id));
        }
        if sessions.len() >= self.max_sessions {
            return Err(StoreError::Full(self.max_sessions));
        }
        let data = SessionData {
            to_act: state.to_act().iter().collect(),
            outcome: state.outcome(),
            meta: meta.clone(),
            version: 0,
            snapshot,
            log: Log::Open(Vec::new()),
            requests: HashMap::new(),
            joins: HashMap::new(),
            touched: Instant::now(),
            updated_ms: crate::store::now_ms(),
            live: None,
        };
        for seat in &meta.seats {
            if let Some(player) = &seat.player_id {
                self.index_player(player, &meta.id);
            }
        }
        sessions.insert(
            meta.id,
            Arc::new(Slot {
                data: Mutex::new(data),
            }),
        );
        Ok(())
    }

    async fn load(&self, id: &str) -> Result<Loaded, StoreError> {
        let slot = self.slot(id)?;
        let (meta, version, snapshot) = {
            let data = slot.lock();
            (data.meta.clone(), data.version, data.snapshot.clone())
        };
        Ok(Loaded {
            meta,
            version,
            state: codec::decode_snapshot(&snapshot)?,
        })
    }

    async fn claim_seat(
        &self,
        id: &str,
        claim: SeatClaim,
    ) -> Result<(Claimed, SessionMeta), StoreError> {
        let slot = self.slot(id)?;
        let mut data = slot.lock();
        if let Some(retry) = &claim.retry {
            if let Some(before) = data.joins.get(&retry.key) {
                return Ok((Claimed::Before(before.clone()), data.meta.clone()));
            }
        }
        if let (Some(player), false) = (&claim.player_id, claim.allow_multiple) {
            if let Some(seat) = data.meta.seat_of_player(player) {
                return Ok((Claimed::Held(seat), data.meta.clone()));
            }
        }
        let seats = &mut data.meta.seats;
        let index = match claim.seat {
            Some(wanted) => {
                let record = seats.get(wanted as usize).ok_or(StoreError::NoSuchSeat {
                    seat: wanted,
                    seats: seats.len(),
                })?;
                if record.taken() {
                    return Err(StoreError::SeatTaken(wanted as u8));
                }
                wanted as usize
            }
            None => seats
                .iter()
                .position(|s| !s.taken())
                .ok_or(StoreError::SessionFull)?,
        };
        seats[index].player_name = claim.player_name;
        seats[index].token_hash = Some(claim.token_hash);
        seats[index].player_id = claim.player_id.clone();
        if data.meta.all_seats_taken() {
            data.meta.started_ms = Some(crate::store::now_ms());
        }
        let seat = Seat(index as u8);
        if let Some(retry) = claim.retry {
            data.joins
                .insert(retry.key.clone(), JoinRecord { seat, ..retry });
        }
        data.touched = Instant::now();
        data.updated_ms = crate::store::now_ms();
        if let Some(player) = &claim.player_id {
            self.index_player(player, id);
        }
        Ok((Claimed::Taken(seat), data.meta.clone()))
    }

    async fn release_seat(
        &self,
        id: &str,
        token_hash: &str,
    ) -> Result<(Option<Seat>, SessionMeta), StoreError> {
        let slot = self.slot(id)?;
        let mut data = slot.lock();
        let Some(seat) = data.meta.seat_of(token_hash) else {
            return Ok((None, data.meta.clone()));
        };
        if data.meta.all_seats_taken() {
            return Err(StoreError::GameStarted);
        }
        let index = seat.0 as usize;
        if let Some(record) = data.meta.seats.get_mut(index) {
            *record = SeatRecord::default();
        }
        data.joins.retain(|_, record| record.seat != seat);
        data.touched = Instant::now();
        data.updated_ms = crate::store::now_ms();
        Ok((Some(seat), data.meta.clone()))
    }

    async fn commit(&self, id: &str, commit: Commit) -> Result<CommitResult, StoreError> {
        let slot = self.slot(id)?;
        let snapshot = codec::encode_snapshot(&commit.state)?;
        let encoded = codec::encode_entry(&commit.entry)?.into_boxed_slice();
        let mut data = slot.lock();
        if let Some(request_id) = &commit.entry.request_id {
            if let Some(&version) = data.requests.get(request_id) {
                return Ok(CommitResult::Duplicate(version));
            }
        }
        if data.version != commit.expected_version {
            return Err(StoreError::Conflict {
                expected: commit.expected_version,
                actual: data.version,
            });
        }
        let version = data.version + 1;
        if commit.entry.version != version {
            return Err(StoreError::Corrupt(format!(
                "log entry for version {} committed at version {version}",
                commit.entry.version
            )));
        }
        let entry = commit.entry;
        data.log.push(encoded)?;
        data.version = version;
        data.snapshot = snapshot;
        data.to_act = entry.to_act.clone();
        data.outcome = entry.outcome.clone();
        data.touched = Instant::now();
        data.updated_ms = crate::store::now_ms();
        if let Some(request_id) = &entry.request_id {
            data.requests.insert(request_id.clone(), version);
        }
        if entry.outcome.is_some() {
            // Nothing can be played any more: only a retry of the last move still needs
            // its answer, and the log is read, not appended, from now on.
            data.requests = HashMap::new();
            if let Some(request_id) = &entry.request_id {
                data.requests.insert(request_id.clone(), version);
            }
            data.log.finish();
        }
        if let Some(live) = &data.live {
            if live.receiver_count() == 0 {
                // The last follower left: free the channel until the next one comes.
                data.live = None;
            } else {
                let _ = live.send(Live::Entry(entry));
            }
        }
        Ok(CommitResult::Committed(version))
    }

    async fn find_request(&self, id: &str, request_id: &str) -> Result<Option<u64>, StoreError> {
        let slot = self.slot(id)?;
        let data = slot.lock();
        Ok(data.requests.get(request_id).copied())
    }

    async fn read_log(
        &self,
        id: &str,
        after: u64,
        limit: usize,
    ) -> Result<Vec<Arc<LogEntry>>, StoreError> {
        let slot = self.slot(id)?;
        let data = slot.lock();
        let start = (after as usize).min(data.log.len());
        let end = start.saturating_add(limit).min(data.log.len());
        data.log.entries(start, end)
    }

    async fn subscribe(&self, id: &str, after: u64) -> Result<LogStream, StoreError> {
        let slot = self.slot(id)?;
        // Joined before the history is read: every later commit reaches `live`.
        let (live, rematch) = {
            let mut data = slot.lock();
            let buffer = self.live_buffer;
            let live = data
                .live
                .get_or_insert_with(|| broadcast::channel(buffer).0)
                .subscribe();
            (live, data.meta.rematch.clone())
        };
        let history = Following {
            slot,
            expiry: self.expiry,
        };
        Ok(follow(id.to_string(), history, live, after, rematch))
    }

    async fn list(&self, filter: &ListFilter) -> Result<Vec<Summary>, StoreError> {
        let slots: Vec<Arc<Slot>> = {
            let sessions = self.sessions.read().unwrap_or_else(|p| p.into_inner());
            sessions.values().cloned().collect()
        };
        let now = Instant::now();
        let mut rows: Vec<Summary> = slots
            .iter()
            .filter_map(|slot| {
                let data = slot.lock();
                if data.expired(&self.expiry, now) {
                    return None;
                }
                let meta = &data.meta;
                let game_ok = filter.game_id.as_deref().is_none_or(|g| g == meta.game_id);
                let open_ok = filter.include_full || meta.open_seats() > 0;
                (game_ok && open_ok && !meta.private()).then(|| Summary {
                    meta: meta.clone(),
                    updated_ms: data.updated_ms,
                    version: data.version,
                    to_act: data.to_act.clone(),
                    outcome: data.outcome.clone(),
                })
            })
            .collect();
        rows.sort_by(|a, b| {
            (b.meta.create_time_unix_ms, &b.meta.id).cmp(&(a.meta.create_time_unix_ms, &a.meta.id))
        });
        rows.truncate(filter.limit);
        Ok(rows)
    }

    async fn player_sessions(
        &self,
        player_id: &str,
        limit: usize,
    ) -> Result<Vec<Summary>, StoreError> {
        let mut ids: Vec<(String, i64)> = {
            let players = self.players.lock().unwrap_or_else(|p| p.into_inner());
            players
                .get(player_id)
                .map(|m| m.iter().map(|(id, at)| (id.clone(), *at)).collect())
                .unwrap_or_default()
        };
        ids.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        ids.truncate(limit);
        let mut rows = Vec::new();
        let mut stale = Vec::new();
        for (id, _) in ids {
            let row = self.slot(&id).ok().and_then(|slot| {
                let data = slot.lock();
                data.meta.seat_of_player(player_id).map(|_| Summary {
                    meta: data.meta.clone(),
                    updated_ms: data.updated_ms,
                    version: data.version,
                    to_act: data.to_act.clone(),
                    outcome: data.outcome.clone(),
                })
            });
            match row {
                Some(row) => rows.push(row),
                None => stale.push(id),
            }
        }
        if !stale.is_empty() {
            let mut players = self.players.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(mine) = players.get_mut(player_id) {
                for id in &stale {
                    mine.remove(id);
                }
                if mine.is_empty() {
                    players.remove(player_id);
                }
            }
        }
        Ok(rows)
    }

    async fn set_rematch(&self, id: &str, rematch: &str) -> Result<String, StoreError> {
        let slot = self.slot(id)?;
        let mut data = slot.lock();
        let recorded = data
            .meta
            .rematch
            .get_or_insert_with(|| rematch.to_string())
            .clone();
        if let Some(live) = &data.live {
            let _ = live.send(Live::Rematch(recorded.clone()));
        }
        Ok(recorded)
    }

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

    async fn outbox_put(&self, items: &[Notification]) -> Result<(), StoreError> {
        let now = now_ms();
        let mut outbox = self.outbox.lock().unwrap_or_else(|p| p.into_inner());
        outbox.done.retain(|_, at| *at > now - DONE_KEPT_MS);
        for item in items {
            if outbox.items.contains_key(&item.id) || outbox.done.contains_key(&item.id) {
                continue;
            }
            outbox
                .items
                .insert(item.id.clone(), (item.clone(), item.not_before_ms, 0));
        }
        Ok(())
    }

    async fn outbox_claim(
        &self,
        now_ms: i64,
        lease_ms: i64,
        limit: usize,
    ) -> Result<Vec<OutboxItem>, StoreError> {
        let mut outbox = self.outbox.lock().unwrap_or_else(|p| p.into_inner());
        let mut due: Vec<(&String, i64)> = outbox
            .items
            .iter()
            .filter(|(_, (_, at, _))| *at <= now_ms)
            .map(|(id, (_, at, _))| (id, *at))
            .collect();
        due.sort_by_key(|(id, at)| (*at, (*id).clone()));
        let ids: Vec<String> = due
            .into_iter()
            .take(limit)
            .map(|(id, _)| id.clone())
            .collect();
        let lease = now_ms + lease_ms;
        let mut claimed = Vec::with_capacity(ids.len());
        for id in ids {
            if let Some((notification, at, failures)) = outbox.items.get_mut(&id) {
                *at = lease;
                claimed.push(OutboxItem {
                    notification: notification.clone(),
                    failures: *failures,
                    lease,
                });
            }
        }
        Ok(claimed)
    }

    async fn outbox_finish(
        &self,
        id: &str,
        lease: i64,
        finish: Finish,
    ) -> Result<bool, StoreError> {
        let mut outbox = self.outbox.lock().unwrap_or_else(|p| p.into_inner());
        let Some((_, at, _)) = outbox.items.get(id) else {
            return Ok(false);
        };
        if *at != lease {
            return Ok(false);
        }
        match finish {
            Finish::Done => {
                outbox.items.remove(id);
                outbox.done.insert(id.to_string(), now_ms());
            }
            Finish::Failed { at_ms } => {
                if let Some((_, at, failures)) = outbox.items.get_mut(id) {
                    *at = at_ms;
                    *failures += 1;
                }
            }
            Finish::Wait { at_ms } => {
                if let Some((_, at, _)) = outbox.items.get_mut(id) {
                    *at = at_ms;
                }
            }
            Finish::Dead { error, now_ms } => {
                if let Some((notification, _, failures)) = outbox.items.remove(id) {
                    outbox.done.insert(id.to_string(), now_ms);
                    outbox.dead.push_front(DeadLetter {
                        notification,
                        attempts: failures + 1,
                        error,
                        dead_ms: now_ms,
                    });
                    outbox.dead.truncate(DEAD_KEPT);
                }
            }
        }
        Ok(true)
    }

    async fn dead_letters(&self, limit: usize) -> Result<Vec<DeadLetter>, StoreError> {
        let outbox = self.outbox.lock().unwrap_or_else(|p| p.into_inner());
        Ok(outbox.dead.iter().take(limit).cloned().collect())
    }

    async fn mark_present(&self, id: &str, player_id: &str, ttl_ms: i64) -> Result<(), StoreError> {
        let now = now_ms();
        let mut outbox = self.outbox.lock().unwrap_or_else(|p| p.into_inner());
        outbox.present.retain(|_, until| *until > now);
        outbox
            .present
            .insert((id.to_string(), player_id.to_string()), now + ttl_ms);
        Ok(())
    }

    async fn is_present(&self, id: &str, player_id: &str) -> Result<bool, StoreError> {
        let outbox = self.outbox.lock().unwrap_or_else(|p| p.into_inner());
        Ok(outbox
            .present
            .get(&(id.to_string(), player_id.to_string()))
            .is_some_and(|until| *until > now_ms()))
    }

    async fn lock_player(
        &self,
        player_id: &str,
        holder: &str,
        ttl_ms: i64,
    ) -> Result<bool, StoreError> {
        let now = now_ms();
        let mut leases = self.player_leases.lock().unwrap_or_else(|p| p.into_inner());
        leases.retain(|_, (_, until)| *until > now);
        if leases.contains_key(player_id) {
            return Ok(false);
        }
        leases.insert(player_id.to_string(), (holder.to_string(), now + ttl_ms));
        Ok(true)
    }

    async fn unlock_player(&self, player_id: &str, holder: &str) -> Result<(), StoreError> {
        let mut leases = self.player_leases.lock().unwrap_or_else(|p| p.into_inner());
        if leases.get(player_id).is_some_and(|(h, _)| h == holder) {
            leases.remove(player_id);
        }
        Ok(())
    }
}

/// A session's log, encoded as a shared backend stores it: a tenth of the decoded
/// entries' memory, and readers of history are few (live subscribers get the committed
/// entry itself).
enum Log {
    /// Entry `v` is `entries[v - 1]` (codec format 2).
    Open(Vec<Box<[u8]>>),
    /// A finished game's log in one compacted record (codec format 3) of `len` entries.
    Finished { blob: Box<[u8]>, len: usize },
}

impl Log {
    fn len(&self) -> usize {
        match self {
            Log::Open(entries) => entries.len(),
            Log::Finished { len, .. } => *len,
        }
    }

    /// Appends the next version; a finished log takes none (no engine accepts a move
    /// after the end, so only a broken caller gets here).
    fn push(&mut self, entry: Box<[u8]>) -> Result<(), StoreError> {
        match self {
            Log::Open(entries) => {
                entries.push(entry);
                Ok(())
            }
            Log::Finished { .. } => {
                Err(StoreError::Corrupt("a commit after the game's end".into()))
            }
        }
    }

    /// Compacts the log of a finished game; left as it is if that fails.
    fn finish(&mut self) {
        let Log::Open(encoded) = self else { return };
        let compacted = Log::decode(encoded, 0, encoded.len())
            .and_then(|entries| codec::encode_log_blob(&entries));
        match compacted {
            Ok(blob) => {
                *self = Log::Finished {
                    blob: blob.into_boxed_slice(),
                    len: encoded.len(),
                }
            }
            Err(e) => {
                if let Some(suppressed) = crate::throttle::admit("log_compaction") {
                    tracing::warn!(suppressed, error = %e, "a finished log was not compacted");
                }
            }
        }
    }

    /// Versions `start + 1 ..= end`, decoded.
    fn entries(&self, start: usize, end: usize) -> Result<Vec<Arc<LogEntry>>, StoreError> {
        match self {
            Log::Open(encoded) => Log::decode(encoded, start, end),
            Log::Finished { blob, .. } => Ok(codec::decode_log_blob(blob)?
                .into_iter()
                .skip(start)
                .take(end.saturating_sub(start))
                .map(Arc::new)
                .collect()),
        }
    }

    fn decode(
        encoded: &[Box<[u8]>],
        start: usize,
        end: usize,
    ) -> Result<Vec<Arc<LogEntry>>, StoreError> {
        // Version v is encoded[v - 1].
        encoded[start..end]
            .iter()
            .zip(start as u64 + 1..)
            .map(|(bytes, version)| codec::decode_entry(version, bytes).map(Arc::new))
            .collect()
    }
}

/// A followed session: its log, and its expiry (which no live message announces).
struct Following {
    slot: Arc<Slot>,
    expiry: Expiry,
}

impl Following {
    /// When the session expires if nothing is written before.
    fn deadline(&self) -> Instant {
        let data = self.slot.lock();
        let ttl = if data.outcome.is_some() {
            self.expiry.finished
        } else {
            self.expiry.abandoned
        };
        data.touched + ttl
    }

    fn expired(&self) -> bool {
        self.slot.lock().expired(&self.expiry, Instant::now())
    }
}

#[async_trait]
impl History for Following {
    async fn after(&self, after: u64, to: Option<u64>) -> Result<Vec<Arc<LogEntry>>, StoreError> {
        let data = self.slot.lock();
        let start = (after as usize).min(data.log.len());
        let end = to.map_or(data.log.len(), |to| {
            (to as usize).clamp(start, data.log.len())
        });
        data.log.entries(start, end)
    }

    async fn gone(&self) {
        loop {
            tokio::time::sleep_until(self.deadline()).await;
            // A write may have moved the deadline meanwhile.
            if self.expired() {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Commit;
    use agora_engine::origin;
    use agora_engine::registry::AnyOptions;
    use agora_engine::registry::AnyState;
    use futures::StreamExt;

    fn session(store: &MemoryStore) -> Table {
        let options = AnyOptions::Origin(origin::Options::default());
        let state = Table::new(AnyState::setup(&options, 1).expect("setup"));
        let meta = SessionMeta {
            id: "s".into(),
            game_id: "origin".into(),
            options,
            seed: 1,
            seats: vec![SeatRecord::default(); 2],
            create_time_unix_ms: 0,
            create_fingerprint: None,
            started_ms: None,
            time_control: None,
            rematch: None,
            allow_multiple_seats_per_player: false,
            invited_player_ids: Vec::new(),
        };
        futures::executor::block_on(store.create(meta, state.clone())).expect("create");
        state
    }

    fn commit(state: &Table, version: u64, request_id: Option<&str>) -> Commit {
        Commit {
            expected_version: version,
            state: Arc::new(state.clone()),
            entry: Arc::new(LogEntry {
                version: version + 1,
                cause: None,
                seat: Seat(0),
                events: vec![],
                to_act: vec![Seat(1)],
                outcome: None,
                request_id: request_id.map(str::to_string),
                request_fingerprint: None,
                clocks: Vec::new(),
            }),
        }
    }

    #[tokio::test]
    async fn commits_compare_versions_and_remember_request_ids() {
        let store = MemoryStore::new(10, 16);
        let state = session(&store);
        let first = store.commit("s", commit(&state, 0, Some("a"))).await;
        assert_eq!(first, Ok(CommitResult::Committed(1)));
        let again = store.commit("s", commit(&state, 1, Some("a"))).await;
        assert_eq!(again, Ok(CommitResult::Duplicate(1)));
        let stale = store.commit("s", commit(&state, 0, None)).await;
        assert_eq!(
            stale,
            Err(StoreError::Conflict {
                expected: 0,
                actual: 1
            })
        );
        assert_eq!(store.load("s").await.expect("load").version, 1);
        assert_eq!(store.find_request("s", "a").await, Ok(Some(1)));
        assert_eq!(store.read_log("s", 0, 10).await.expect("log").len(), 1);
    }

    /// The version of the next item of `sub`, which must be one.
    async fn next_version(sub: &mut LogStream) -> u64 {
        let item = sub.next().await.expect("item").expect("entry");
        item.version().expect("a version").version
    }

    #[tokio::test]
    async fn subscribers_get_history_then_live_without_gap() {
        let store = MemoryStore::new(10, 16);
        let state = session(&store);
        for v in 0..3 {
            store
                .commit("s", commit(&state, v, None))
                .await
                .expect("commit");
        }
        let mut sub = store.subscribe("s", 1).await.expect("subscribe");
        for v in 3..5 {
            store
                .commit("s", commit(&state, v, None))
                .await
                .expect("commit");
        }
        let mut seen = Vec::new();
        for _ in 0..4 {
            seen.push(next_version(&mut sub).await);
        }
        assert_eq!(seen, vec![2, 3, 4, 5]);
    }

    #[tokio::test]
    async fn a_subscriber_behind_the_live_buffer_is_back_filled_from_the_log() {
        let store = MemoryStore::new(10, 4);
        let state = session(&store);
        let mut sub = store.subscribe("s", 0).await.expect("subscribe");
        for v in 0..10 {
            store
                .commit("s", commit(&state, v, None))
                .await
                .expect("commit");
        }
        let mut seen = Vec::new();
        for _ in 0..10 {
            seen.push(next_version(&mut sub).await);
        }
        assert_eq!(seen, (1..=10).collect::<Vec<_>>());
    }

    #[tokio::test]
    async fn the_store_is_bounded() {
        let store = MemoryStore::new(1, 4);
        session(&store);
        let options = AnyOptions::Origin(origin::Options::default());
        let state = Table::new(AnyState::setup(&options, 2).expect("setup"));
        let meta = SessionMeta {
            id: "t".into(),
            game_id: "origin".into(),
            options,
            seed: 2,
            seats: vec![],
            create_time_unix_ms: 0,
            create_fingerprint: None,
            started_ms: None,
            time_control: None,
            rematch: None,
            allow_multiple_seats_per_player: false,
            invited_player_ids: Vec::new(),
        };
        assert_eq!(store.create(meta, state).await, Err(StoreError::Full(1)));
    }

    #[tokio::test(start_paused = true)]
    async fn idle_sessions_expire_like_redis_keys() {
        let hour = Duration::from_secs(3600);
        let store = MemoryStore::new(10, 4).with_expiry(Expiry {
            finished: hour,
            abandoned: 3 * hour,
        });
        let state = session(&store);
        tokio::time::advance(2 * hour).await;
        // Not finished: kept for 3 hours after the last write, and a write renews it.
        store
            .commit("s", commit(&state, 0, None))
            .await
            .expect("still there after 2 hours");
        tokio::time::advance(2 * hour).await;
        assert_eq!(store.load("s").await.expect("renewed").version, 1);
        tokio::time::advance(hour).await;
        assert_eq!(
            store.load("s").await.err(),
            Some(StoreError::NotFound("s".into()))
        );
        assert!(store
            .list(&ListFilter {
                game_id: None,
                include_full: true,
                limit: 10
            })
            .await
            .expect("list")
            .is_empty());
    }

    #[tokio::test(start_paused = true)]
    async fn finished_sessions_expire_sooner_and_free_their_place() {
        let hour = Duration::from_secs(3600);
        let store = MemoryStore::new(1, 4).with_expiry(Expiry {
            finished: hour,
            abandoned: 10 * hour,
        });
        let state = session(&store);
        let mut last = commit(&state, 0, None);
        std::sync::Arc::make_mut(&mut last.entry).outcome = Some(Outcome::ranked(vec![]));
        store.commit("s", last).await.expect("final commit");
        let mut sub = store.subscribe("s", 1).await.expect("subscribe");
        tokio::time::advance(hour).await;
        assert!(
            store.load("s").await.is_err(),
            "finished: gone after 1 hour"
        );
        assert_eq!(
            sub.next().await,
            Some(Err(StoreError::Gone("s".into()))),
            "its subscribers are told the session is gone"
        );
        assert!(sub.next().await.is_none(), "and their streams end");
        // The full store sweeps at once: the expired session makes room.
        let options = AnyOptions::Origin(origin::Options::default());
        let meta = SessionMeta {
            id: "t".into(),
            game_id: "origin".into(),
            options: options.clone(),
            seed: 2,
            seats: vec![],
            create_time_unix_ms: 0,
            create_fingerprint: None,
            started_ms: None,
            time_control: None,
            rematch: None,
            allow_multiple_seats_per_player: false,
            invited_player_ids: Vec::new(),
        };
        let state = Table::new(AnyState::setup(&options, 2).expect("setup"));
        store
            .create(meta, state)
            .await
            .expect("room after the sweep");
    }

    #[tokio::test(start_paused = true)]
    async fn a_followed_session_expires_only_when_no_write_renews_it() {
        let hour = Duration::from_secs(3600);
        let store = MemoryStore::new(10, 4).with_expiry(Expiry {
            finished: hour,
            abandoned: 2 * hour,
        });
        let state = session(&store);
        let mut sub = store.subscribe("s", 0).await.expect("subscribe");
        tokio::time::advance(hour).await;
        store
            .commit("s", commit(&state, 0, None))
            .await
            .expect("a write after 1 hour renews the session");
        assert_eq!(next_version(&mut sub).await, 1);
        // 2 hours after the write, not after the subscription.
        let next = tokio::time::timeout(2 * hour - Duration::from_secs(1), sub.next()).await;
        assert!(next.is_err(), "still followed just before it expires");
        assert_eq!(sub.next().await, Some(Err(StoreError::Gone("s".into()))));
    }
}
