//! Per-session write locks on this replica: writes to one session queue here instead of
//! racing in the store, so the optimistic version check only arbitrates between replicas.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::{Mutex as AsyncMutex, OwnedMutexGuard};

#[derive(Default)]
pub struct SessionLocks {
    locks: Arc<Mutex<HashMap<String, Arc<AsyncMutex<()>>>>>,
}

/// Held while one write to a session runs; the entry is dropped when nobody waits.
pub struct SessionGuard {
    id: String,
    guard: Option<OwnedMutexGuard<()>>,
    locks: Arc<Mutex<HashMap<String, Arc<AsyncMutex<()>>>>>,
}

impl SessionLocks {
    pub async fn lock(&self, id: &str) -> SessionGuard {
        let mutex = {
            let mut locks = self.locks.lock().unwrap_or_else(|p| p.into_inner());
            locks.entry(id.to_string()).or_default().clone()
        };
        SessionGuard {
            id: id.to_string(),
            guard: Some(mutex.lock_owned().await),
            locks: self.locks.clone(),
        }
    }

    /// Sessions with a write in progress or waiting (for tests and metrics).
    pub fn active(&self) -> usize {
        self.locks.lock().unwrap_or_else(|p| p.into_inner()).len()
    }
}

impl Drop for SessionGuard {
    fn drop(&mut self) {
        let mut locks = self.locks.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(guard) = self.guard.take() {
            let mutex = OwnedMutexGuard::mutex(&guard).clone();
            drop(guard);
            // The map, `mutex` above: nobody else holds or awaits this lock.
            if Arc::strong_count(&mutex) <= 2 {
                locks.remove(&self.id);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn writes_to_one_session_queue_and_entries_are_dropped() {
        let locks = Arc::new(SessionLocks::default());
        let first = locks.lock("s").await;
        let l2 = locks.clone();
        let waiter = tokio::spawn(async move {
            let _g = l2.lock("s").await;
        });
        tokio::task::yield_now().await;
        assert!(!waiter.is_finished());
        drop(first);
        waiter.await.unwrap();
        assert_eq!(locks.active(), 0);
    }
}
