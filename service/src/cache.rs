//! Decoded states of recently active sessions, per replica, so a move on a warm session
//! neither reads nor decodes its snapshot. A cached state is only a guess: a write built
//! on it commits with its version as `expected_version`, so the store's atomic
//! compare-and-set refuses anything built on a stale entry and the caller reloads.

use crate::store::{Loaded, SessionMeta};
use crate::table::Table;
use lru::LruCache;
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A session's state at `version`, with the meta it was read or written with.
#[derive(Debug, Clone)]
pub struct Cached {
    pub meta: SessionMeta,
    pub version: u64,
    pub state: Table,
    /// When the store last confirmed this state (load or commit).
    pub at: Instant,
}

impl From<Loaded> for Cached {
    fn from(loaded: Loaded) -> Cached {
        Cached {
            meta: loaded.meta,
            version: loaded.version,
            state: loaded.state,
            at: Instant::now(),
        }
    }
}

/// At most `capacity` sessions, least recently used evicted first. Capacity 0 turns the
/// cache off (every move loads from the store, as before).
pub struct StateCache {
    inner: Option<Mutex<LruCache<String, Arc<Cached>>>>,
    max_age: Duration,
}

impl StateCache {
    pub fn new(capacity: usize, max_age: Duration) -> StateCache {
        StateCache {
            inner: NonZeroUsize::new(capacity).map(|n| Mutex::new(LruCache::new(n))),
            max_age,
        }
    }

    /// The cached entry of session `id`, unless absent or older than `max_age`.
    pub fn get(&self, id: &str) -> Option<Arc<Cached>> {
        let inner = self.inner.as_ref()?;
        let mut cache = lock(inner);
        let found = cache.get(id).cloned()?;
        if found.at.elapsed() <= self.max_age {
            Some(found)
        } else {
            cache.pop(id);
            None
        }
    }

    /// Takes session `id`'s entry out of the cache (as [`StateCache::get`] finds it), so a
    /// writer holding the session's lock can change it in place and put it back once
    /// committed: nobody else holds the entry then, so it is not copied.
    pub fn take(&self, id: &str) -> Option<Arc<Cached>> {
        let inner = self.inner.as_ref()?;
        let found = lock(inner).pop(id)?;
        (found.at.elapsed() <= self.max_age).then_some(found)
    }

    /// Remembers `entry` for `id` unless a newer version is already cached (two calls
    /// of one session may finish out of order).
    pub fn put(&self, id: &str, entry: Arc<Cached>) {
        let Some(inner) = &self.inner else { return };
        let mut cache = lock(inner);
        if let Some(current) = cache.get(id) {
            if current.version > entry.version {
                return;
            }
        }
        cache.put(id.to_string(), entry);
    }

    /// Forgets `id`: its entry proved stale.
    pub fn forget(&self, id: &str) {
        if let Some(inner) = &self.inner {
            lock(inner).pop(id);
        }
    }

    /// Sessions cached now.
    pub fn len(&self) -> usize {
        self.inner.as_ref().map_or(0, |inner| lock(inner).len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A poisoned lock only means a holder panicked; the cache is still consistent.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_engine::origin;
    use agora_engine::registry::{AnyOptions, AnyState};

    fn entry(version: u64, at: Instant) -> Arc<Cached> {
        let options = AnyOptions::Origin(origin::Options::default());
        let state = AnyState::setup(&options, 1).expect("setup");
        let meta = SessionMeta::new("s", options, 1, Vec::new(), 0);
        Arc::new(Cached {
            meta,
            version,
            state: Table::new(state),
            at,
        })
    }

    #[test]
    fn keeps_the_newest_version_and_evicts_the_least_recent() {
        let cache = StateCache::new(2, Duration::from_secs(60));
        cache.put("a", entry(3, Instant::now()));
        cache.put("a", entry(2, Instant::now()));
        assert_eq!(cache.get("a").map(|e| e.version), Some(3));
        cache.put("b", entry(1, Instant::now()));
        cache.get("a");
        cache.put("c", entry(1, Instant::now()));
        assert!(cache.get("b").is_none(), "b was the least recently used");
        assert_eq!(cache.len(), 2);
        cache.forget("a");
        assert!(cache.get("a").is_none());
    }

    #[test]
    fn take_removes_the_entry_and_answers_nothing_old() {
        let cache = StateCache::new(4, Duration::from_secs(60));
        cache.put("a", entry(3, Instant::now()));
        assert_eq!(cache.take("a").map(|e| e.version), Some(3));
        assert!(cache.take("a").is_none(), "taken once");
        assert!(cache.is_empty());
        let old = Instant::now()
            .checked_sub(Duration::from_secs(61))
            .expect("the clock is past a minute");
        cache.put("b", entry(1, old));
        assert!(cache.take("b").is_none());
        assert!(cache.is_empty(), "an expired entry is dropped");
    }

    #[test]
    fn old_entries_and_a_zero_capacity_cache_answer_nothing() {
        let cache = StateCache::new(4, Duration::from_secs(60));
        let old = Instant::now()
            .checked_sub(Duration::from_secs(61))
            .expect("the clock is past a minute");
        cache.put("a", entry(1, old));
        assert!(cache.get("a").is_none());
        assert!(cache.is_empty(), "an expired entry is dropped");
        let off = StateCache::new(0, Duration::from_secs(60));
        off.put("a", entry(1, Instant::now()));
        assert!(off.get("a").is_none());
    }
}
