//! The embedded store: sessions in this process's memory. It keeps the same contract as a
//! shared backend (snapshots encoded with their format, versions compared and set
//! atomically, a per-session log with live fan-out) so tests of the service hold for both.
//! Like Redis keys with a TTL, a session expires when it has not been written for
//! [`Expiry::finished`] (it has an outcome) or [`Expiry::abandoned`] (it has none): it is
//! then NotFound at once and its memory is reclaimed by the next sweep.
//!
//! One file per role (`sessions.rs`, `lobby.rs`, `timers.rs`, `outbox.rs`,
//! `presence.rs`), each implementing its trait for [`MemoryStore`]; this file holds the
//! session map they share.

use super::follow::Live;
use super::{JoinRecord, SessionMeta, StoreError};
use agora_engine::{Outcome, Seat};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, RwLock};
use std::time::Duration;
use tokio::sync::broadcast;
use tokio::time::Instant;

mod chat;
mod lobby;
mod matchmaking;
mod moderation;
mod outbox;
mod presence;
mod ratings;
mod sessions;
mod timers;
mod work;

use chat::ChatLog;
use matchmaking::MemoryMatchmaking;
use moderation::MemoryModeration;
use outbox::MemoryOutbox;
use presence::MemoryPresence;
use ratings::MemoryRatings;
use sessions::Log;
use work::MemoryWork;

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
    /// Sessions with work for the server, and when ([`Timers::schedule`](super::Timers::schedule)).
    due: Mutex<HashMap<String, i64>>,
    /// The notification outbox.
    outbox: Mutex<MemoryOutbox>,
    /// Per player: the sessions it was bound to a seat of, and when
    /// ([`Lobby::player_sessions`](super::Lobby::player_sessions)).
    players: Mutex<HashMap<String, HashMap<String, i64>>>,
    /// Presence marks and player leases.
    presence: Mutex<MemoryPresence>,
    /// Durable jobs by kind (archive items).
    work: Mutex<MemoryWork>,
    /// Players' mutes and blocks, and their reports.
    moderation: Mutex<MemoryModeration>,
    /// Verdicts of pinned sessions ([`crate::store::upgrade`]).
    pins: crate::store::upgrade::PinCache,
    /// Quick-match pools.
    matchmaking: Mutex<MemoryMatchmaking>,
    /// Ratings and leaderboards.
    ratings: Mutex<MemoryRatings>,
}

super::every_role!(MemoryStore);

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
    /// The table's chat: it lives and expires with the session.
    chat: ChatLog,
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
            presence: Mutex::new(MemoryPresence::default()),
            work: Mutex::new(MemoryWork::default()),
            moderation: Mutex::new(MemoryModeration::default()),
            pins: Default::default(),
            matchmaking: Mutex::new(MemoryMatchmaking::default()),
            ratings: Mutex::new(MemoryRatings::default()),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{
        Commit, CommitResult, ListFilter, LogEntry, LogStream, SeatRecord, Sessions, Store,
    };
    use crate::table::Table;
    use agora_engine::origin;
    use agora_engine::registry::AnyOptions;
    use agora_engine::registry::AnyState;
    use futures::StreamExt;
    use std::sync::Arc;

    fn session(store: &MemoryStore) -> Table {
        let options = AnyOptions::Origin(origin::Options::default());
        let state = Table::new(AnyState::setup(&options, 1).expect("setup"));
        let meta = SessionMeta::new("s", options, 1, vec![SeatRecord::default(); 2], 0);
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
        let meta = SessionMeta::new("t", options, 2, vec![], 0);
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
            .lobby()
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
        let meta = SessionMeta::new("t", options.clone(), 2, vec![], 0);
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
