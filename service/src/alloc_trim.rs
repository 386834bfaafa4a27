//! Gives freed memory back to the OS when a runtime worker goes idle.
//!
//! mimalloc keeps the pages a thread allocated in that thread's heap; a block freed by
//! another thread is only queued on its page, and empty pages go back to the OS when
//! their owner collects, which it does while it allocates. An idle worker allocates
//! nothing, so it never collects: 10,000 closed streams' 44 MB stayed resident for good
//! (not a leak: a second round of 10,000 reused it; docs/operations.md, "Memory of event
//! streams"). Each worker therefore collects its own heap when it parks (has nothing to
//! run), at most once per [`INTERVAL`], which also purges what was freed at once; and
//! [`wake_workers`] makes sure an idle server's workers do park again after the last
//! frees (a worker asleep since before them would otherwise hold them until traffic
//! wakes it).

// Links the mimalloc library where nothing else names the crate (the library's unit
// tests), so that `mi_collect` resolves.
extern crate mimalloc as _;

use std::cell::Cell;
use std::time::{Duration, Instant};

/// At most one collection per worker per this long: a busy server parks thousands of
/// times a second, and a collection walks the thread's pages.
pub const INTERVAL: Duration = Duration::from_secs(2);

thread_local! {
    static LAST: Cell<Option<Instant>> = const { Cell::new(None) };
}

/// The runtime's `on_thread_park` hook: collects this thread's heap if it has not for
/// [`INTERVAL`].
pub fn on_park() {
    let now = Instant::now();
    let due = LAST.with(|last| match last.get() {
        Some(at) if now.duration_since(at) < INTERVAL => false,
        _ => {
            last.set(Some(now));
            true
        }
    });
    if due {
        collect();
    }
}

/// Every [`INTERVAL`], spawns a few empty tasks: a worker that has nothing to do is
/// woken to steal them and parks again, which collects its heap if that is due. Without
/// it, memory freed after a worker fell asleep stays until traffic wakes that worker.
pub async fn wake_workers(workers: usize) {
    let mut tick = tokio::time::interval(INTERVAL);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        // The first task goes to this worker's LIFO slot; each one after it wakes an
        // idle worker (tokio notifies one when it queues work while others sleep).
        for _ in 0..=workers {
            tokio::spawn(async {});
        }
    }
}

/// Frees this thread's empty pages, including those emptied by other threads' frees,
/// and purges what was freed.
fn collect() {
    // `mi_collect` is in the mimalloc library the `mimalloc` crate links (its `ffi`
    // declares it only behind a feature that needs another crate).
    extern "C" {
        fn mi_collect(force: bool);
    }
    // SAFETY: mi_collect takes no pointers; it only walks the calling thread's own heap
    // and mimalloc's arenas under mimalloc's own locks, and may be called at any time.
    unsafe { mi_collect(true) }
}
