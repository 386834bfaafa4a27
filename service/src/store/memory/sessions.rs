//! Sessions in memory: each in its slot, its log encoded as Redis would store it.

use super::{Expiry, MemoryStore, SessionData, Slot};
use crate::store::follow::{follow, History, Live};
use crate::store::upgrade::Stored;
use crate::store::{
    codec, Claimed, Commit, CommitResult, JoinRecord, LogEntry, LogStream, Readable, SeatClaim,
    SeatRecord, SessionMeta, Sessions, StoreError,
};
use crate::table::Table;
use agora_engine::Seat;
use async_trait::async_trait;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;
use tokio::time::Instant;

#[async_trait]
impl Sessions for MemoryStore {
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
            chat: Default::default(),
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

    async fn read(&self, id: &str) -> Result<Readable, StoreError> {
        let slot = self.slot(id)?;
        let stored = {
            let data = slot.lock();
            Stored {
                meta: data.meta.clone(),
                version: data.version,
                to_act: data.to_act.clone(),
                outcome: data.outcome.clone(),
                snapshot: data.snapshot.clone(),
            }
        };
        crate::store::upgrade::decode_or_rebuild(self, stored).await
    }

    async fn replace_snapshot(
        &self,
        id: &str,
        version: u64,
        state: &Table,
    ) -> Result<bool, StoreError> {
        let snapshot = codec::encode_snapshot(state)?;
        let slot = self.slot(id)?;
        let mut data = slot.lock();
        if data.version != version {
            return Ok(false);
        }
        data.snapshot = snapshot;
        Ok(true)
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
        let kind = commit.state.game.kind();
        let encoded = codec::encode_entry(kind, &commit.entry)?.into_boxed_slice();
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
            data.log.finish(kind);
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

    fn pin_cache(&self) -> Option<&crate::store::upgrade::PinCache> {
        Some(&self.pins)
    }

    async fn lifetime(&self, id: &str) -> Result<crate::store::Lifetime, StoreError> {
        let slot = self.slot(id)?;
        let data = slot.lock();
        let ttl = if data.outcome.is_some() {
            self.expiry.finished
        } else {
            self.expiry.abandoned
        };
        let left = ttl.saturating_sub(Instant::now().saturating_duration_since(data.touched));
        Ok(crate::store::Lifetime {
            updated_ms: data.updated_ms,
            expires_at_ms: Some(
                crate::store::now_ms()
                    .saturating_add(left.as_millis().min(i64::MAX as u128) as i64),
            ),
        })
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
}

/// A session's log, encoded as a shared backend stores it: a tenth of the decoded
/// entries' memory, and readers of history are few (live subscribers get the committed
/// entry itself).
impl MemoryStore {
    /// The stored records of session `id`: its snapshot and its open log's entries, as
    /// bytes. For tests of upgrades, which compare them with what a release writes.
    #[doc(hidden)]
    pub fn records(&self, id: &str) -> Result<(Vec<u8>, Vec<Vec<u8>>), StoreError> {
        let slot = self.slot(id)?;
        let data = slot.lock();
        let entries = match &data.log {
            Log::Open(entries) => entries.iter().map(|e| e.to_vec()).collect(),
            Log::Finished { .. } => Vec::new(),
        };
        Ok((data.snapshot.clone(), entries))
    }

    /// Replaces session `id`'s stored snapshot and, where given, the record of entry
    /// `version` of its open log, with bytes as another release wrote them. For tests of
    /// upgrades: a memory store never outlives its release, so nothing else meets records
    /// of another one in it.
    #[doc(hidden)]
    pub fn rewrite_records(
        &self,
        id: &str,
        snapshot: Vec<u8>,
        entries: &[(u64, Vec<u8>)],
    ) -> Result<(), StoreError> {
        let slot = self.slot(id)?;
        let mut data = slot.lock();
        data.snapshot = snapshot;
        for (version, bytes) in entries {
            match &mut data.log {
                Log::Open(log) => {
                    let at = (*version as usize)
                        .checked_sub(1)
                        .and_then(|i| log.get_mut(i));
                    *at.ok_or_else(|| StoreError::Corrupt(format!("no version {version}")))? =
                        bytes.clone().into_boxed_slice();
                }
                Log::Finished { .. } => {
                    return Err(StoreError::Corrupt("the log is compacted".into()))
                }
            }
        }
        Ok(())
    }
}

pub(super) enum Log {
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
    fn finish(&mut self, kind: agora_engine::registry::GameKind) {
        let Log::Open(encoded) = self else { return };
        let compacted = Log::decode(encoded, 0, encoded.len())
            .and_then(|entries| codec::encode_log_blob(kind, &entries));
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
