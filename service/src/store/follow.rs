//! The one follow state machine behind [`Sessions::subscribe`](super::Sessions::subscribe):
//! history from a version, then live entries, each version once and in order, whatever
//! the backend.
//!
//! A backend gives two things: a live channel of [`Live`] items (the memory store's own
//! broadcast, or Redis's per-replica feed) that the subscriber joined *before* asking for
//! history, and a [`History`] it can read any range of versions from. The gap policy is
//! the same for both: whatever the live channel did not deliver (it was joined late, or
//! the subscriber fell more than its capacity behind) is read back from the history, so
//! a slow subscriber is slowed, not dropped. Only when the history itself lacks a version
//! (it is truly gone) does the subscription end with [`StoreError::Lagged`], naming the
//! last version delivered. A backend that cannot read the log for a while says
//! [`Live::Unreachable`], and the subscription ends with [`StoreError::Unavailable`].

use super::{LogEntry, LogItem, LogStream, StoreError};
use async_trait::async_trait;
use futures::future::BoxFuture;
use futures::{FutureExt, StreamExt};
use std::collections::VecDeque;
use std::sync::Arc;
use tokio::sync::broadcast;

/// What a session's live channel carries.
#[derive(Debug, Clone)]
pub enum Live {
    /// A version just committed.
    Entry(Arc<LogEntry>),
    /// The session's data is gone (expired, or the backend lost it): nothing more comes.
    Gone,
    /// The backend has not been able to read the log for a while (Redis unreachable from
    /// this replica): subscribers end, so that their clients resume where it can be read.
    Unreachable,
    /// The finished session was rematched by this one. A backend may say it more than
    /// once (Redis repeats it while the session is followed); each subscriber passes it
    /// on once.
    Rematch(String),
}

/// Where a subscriber reads the versions the live channel did not give it.
#[async_trait]
pub trait History: Send + Sync + 'static {
    /// Stored entries with `after < version <= to` (to the newest when `to` is `None`),
    /// in order. A version the store no longer has is simply absent.
    async fn after(&self, after: u64, to: Option<u64>) -> Result<Vec<Arc<LogEntry>>, StoreError>;

    /// Resolves when the session is gone without the live channel saying so (the memory
    /// store's expiry). By default the live channel says so.
    async fn gone(&self) {
        std::future::pending::<()>().await
    }
}

/// Every version of session `id` after `after`: `history` first, then `live`. `rematch`
/// is the session's rematch as read after joining `live` (a later one reaches `live`):
/// it is passed on once the history is delivered.
pub fn follow<H: History>(
    id: String,
    history: H,
    live: broadcast::Receiver<Live>,
    after: u64,
    rematch: Option<String>,
) -> LogStream {
    let history = Arc::new(history);
    let watched = history.clone();
    let follower = Follower {
        id,
        history,
        // One wait for the whole subscription, not one per entry: for the memory store
        // it is a timer and a lock of the session, which 1,000 subscribers would otherwise
        // take again for every version they receive.
        gone: async move { watched.gone().await }.boxed(),
        live,
        pending: VecDeque::new(),
        last: after,
        caught_up: false,
        rematch,
        rematch_told: false,
        done: false,
    };
    futures::stream::unfold(follower, |mut f| async move {
        if f.done {
            return None;
        }
        match f.next().await {
            Some(Ok(entry)) => Some((Ok(entry), f)),
            Some(Err(e)) => {
                f.done = true;
                Some((Err(e), f))
            }
            None => None,
        }
    })
    .boxed()
}

struct Follower<H> {
    id: String,
    history: Arc<H>,
    /// [`History::gone`], polled across calls.
    gone: BoxFuture<'static, ()>,
    live: broadcast::Receiver<Live>,
    /// Read from the history, not yet delivered.
    pending: VecDeque<Arc<LogEntry>>,
    /// The last version delivered.
    last: u64,
    /// The history up to the moment the live channel was joined has been read.
    caught_up: bool,
    /// A rematch known when the subscription began, told once the history is delivered.
    rematch: Option<String>,
    /// The rematch was told: repeats from the backend are dropped.
    rematch_told: bool,
    done: bool,
}

impl<H: History> Follower<H> {
    async fn next(&mut self) -> Option<Result<LogItem, StoreError>> {
        if !self.caught_up {
            self.caught_up = true;
            if let Err(e) = self.back_fill(None).await {
                return Some(Err(e));
            }
        }
        loop {
            while let Some(entry) = self.pending.pop_front() {
                if entry.version <= self.last {
                    continue;
                }
                if entry.version != self.last + 1 {
                    return Some(Err(self.lagged()));
                }
                self.last = entry.version;
                return Some(Ok(LogItem::Version(entry)));
            }
            // Everything stored before the rematch was recorded is delivered by now.
            if let Some(rematch) = self.rematch.take() {
                if !self.rematch_told {
                    self.rematch_told = true;
                    return Some(Ok(LogItem::Rematch(rematch)));
                }
            }
            let received = tokio::select! {
                // The live channel first: a subscriber woken for an entry takes it without
                // polling the expiry wait.
                biased;
                received = self.live.recv() => received,
                () = &mut self.gone => Ok(Live::Gone),
            };
            match received {
                Ok(Live::Gone) => return Some(Err(StoreError::Gone(self.id.clone()))),
                Ok(Live::Unreachable) => {
                    return Some(Err(StoreError::Unavailable(
                        "this replica cannot read the session's log".into(),
                    )))
                }
                Ok(Live::Entry(entry)) if entry.version <= self.last => {}
                Ok(Live::Entry(entry)) if entry.version == self.last + 1 => {
                    self.last = entry.version;
                    return Some(Ok(LogItem::Version(entry)));
                }
                // The live channel carried every version before it: all are delivered.
                Ok(Live::Rematch(rematch)) if !self.rematch_told => {
                    self.rematch_told = true;
                    return Some(Ok(LogItem::Rematch(rematch)));
                }
                Ok(Live::Rematch(_)) => {}
                Ok(Live::Entry(entry)) => {
                    // A gap: read what lies between, then deliver this one.
                    // A version still missing then shows as a hole in `pending`.
                    if let Err(e) = self.back_fill(Some(entry.version - 1)).await {
                        return Some(Err(e));
                    }
                    self.pending.push_back(entry);
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    // The channel dropped entries for this subscriber; the history has them.
                    if let Err(e) = self.back_fill(None).await {
                        return Some(Err(e));
                    }
                }
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    }

    /// Queues the stored versions after the last delivered one, up to `to`.
    async fn back_fill(&mut self, to: Option<u64>) -> Result<(), StoreError> {
        let entries = self.history.after(self.last, to).await?;
        self.pending.extend(entries);
        Ok(())
    }

    fn lagged(&self) -> StoreError {
        tracing::warn!(session = %self.id, last = self.last, "versions missing from the log");
        StoreError::Lagged {
            last_version: self.last,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_engine::Seat;
    use std::sync::Mutex;
    use std::time::Duration;

    fn entry(version: u64) -> Arc<LogEntry> {
        Arc::new(LogEntry {
            version,
            cause: None,
            seat: Seat(0),
            events: vec![],
            to_act: vec![Seat(1)],
            outcome: None,
            request_id: None,
            request_fingerprint: None,
            clocks: Vec::new(),
        })
    }

    /// A log in memory; versions listed in `missing` are gone from it.
    #[derive(Clone, Default)]
    struct Log {
        entries: Arc<Mutex<Vec<Arc<LogEntry>>>>,
        missing: Vec<u64>,
    }

    impl Log {
        fn up_to(newest: u64) -> Log {
            let log = Log::default();
            log.entries.lock().unwrap().extend((1..=newest).map(entry));
            log
        }

        fn push(&self, version: u64) -> Arc<LogEntry> {
            let e = entry(version);
            self.entries.lock().unwrap().push(e.clone());
            e
        }
    }

    #[async_trait]
    impl History for Log {
        async fn after(
            &self,
            after: u64,
            to: Option<u64>,
        ) -> Result<Vec<Arc<LogEntry>>, StoreError> {
            let entries = self.entries.lock().unwrap();
            Ok(entries
                .iter()
                .filter(|e| e.version > after && to.is_none_or(|to| e.version <= to))
                .filter(|e| !self.missing.contains(&e.version))
                .cloned()
                .collect())
        }
    }

    async fn versions(stream: &mut LogStream, n: usize) -> Vec<u64> {
        let mut seen = Vec::new();
        for _ in 0..n {
            let item = stream.next().await.expect("item").expect("entry");
            seen.push(item.version().expect("a version").version);
        }
        seen
    }

    #[tokio::test]
    async fn resumes_from_any_version_then_goes_live() {
        for after in 0..=5 {
            let log = Log::up_to(5);
            let (tx, rx) = broadcast::channel(16);
            let mut stream = follow("s".into(), log.clone(), rx, after, None);
            // Live copies of versions the history already gave are not repeated.
            tx.send(Live::Entry(entry(5))).unwrap();
            tx.send(Live::Entry(log.push(6))).unwrap();
            let seen = versions(&mut stream, (6 - after) as usize).await;
            assert_eq!(seen, ((after + 1)..=6).collect::<Vec<_>>(), "after {after}");
        }
    }

    #[tokio::test]
    async fn a_gap_in_the_live_channel_is_read_from_the_history() {
        let log = Log::up_to(2);
        let (tx, rx) = broadcast::channel(16);
        let mut stream = follow("s".into(), log.clone(), rx, 2, None);
        log.push(3);
        log.push(4);
        tx.send(Live::Entry(log.push(5))).unwrap();
        assert_eq!(versions(&mut stream, 3).await, vec![3, 4, 5]);
    }

    #[tokio::test]
    async fn a_subscriber_behind_the_channel_is_back_filled_not_dropped() {
        let log = Log::up_to(0);
        let (tx, rx) = broadcast::channel(2);
        let mut stream = follow("s".into(), log.clone(), rx, 0, None);
        for v in 1..=10 {
            tx.send(Live::Entry(log.push(v))).unwrap();
        }
        assert_eq!(
            versions(&mut stream, 10).await,
            (1..=10).collect::<Vec<_>>()
        );
    }

    #[tokio::test]
    async fn versions_gone_from_the_history_end_the_stream_as_lagged() {
        let mut log = Log::up_to(0);
        log.missing = vec![3];
        let (tx, rx) = broadcast::channel(2);
        let mut stream = follow("s".into(), log.clone(), rx, 0, None);
        for v in 1..=6 {
            tx.send(Live::Entry(log.push(v))).unwrap();
        }
        assert_eq!(versions(&mut stream, 2).await, vec![1, 2]);
        assert_eq!(
            stream.next().await,
            Some(Err(StoreError::Lagged { last_version: 2 }))
        );
        assert!(
            stream.next().await.is_none(),
            "the stream ends after the lag"
        );
    }

    #[tokio::test]
    async fn an_unreachable_log_ends_the_stream_as_unavailable() {
        let log = Log::up_to(2);
        let (tx, rx) = broadcast::channel(4);
        let mut stream = follow("s".into(), log, rx, 0, None);
        tx.send(Live::Unreachable).unwrap();
        assert_eq!(versions(&mut stream, 2).await, vec![1, 2]);
        assert!(matches!(
            stream.next().await,
            Some(Err(StoreError::Unavailable(_)))
        ));
        assert!(stream.next().await.is_none());
    }

    #[tokio::test]
    async fn a_gone_session_ends_the_stream() {
        let log = Log::up_to(1);
        let (tx, rx) = broadcast::channel(4);
        let mut stream = follow("s".into(), log, rx, 0, None);
        tx.send(Live::Gone).unwrap();
        assert_eq!(versions(&mut stream, 1).await, vec![1]);
        assert_eq!(stream.next().await, Some(Err(StoreError::Gone("s".into()))));
        assert!(stream.next().await.is_none());
    }

    /// A history that counts how often its expiry wait is started.
    #[derive(Clone, Default)]
    struct Watched {
        log: Log,
        waits: Arc<Mutex<usize>>,
    }

    #[async_trait]
    impl History for Watched {
        async fn after(
            &self,
            after: u64,
            to: Option<u64>,
        ) -> Result<Vec<Arc<LogEntry>>, StoreError> {
            self.log.after(after, to).await
        }

        async fn gone(&self) {
            *self.waits.lock().unwrap() += 1;
            std::future::pending::<()>().await
        }
    }

    #[tokio::test]
    async fn the_expiry_wait_is_started_once_per_subscription() {
        let history = Watched::default();
        let (tx, rx) = broadcast::channel(16);
        let mut stream = follow("s".into(), history.clone(), rx, 0, None);
        for v in 1..=10 {
            // Waiting with nothing to deliver: the expiry wait is running.
            let idle = tokio::time::timeout(Duration::from_millis(5), stream.next()).await;
            assert!(idle.is_err(), "nothing to deliver yet");
            tx.send(Live::Entry(history.log.push(v))).unwrap();
            assert_eq!(versions(&mut stream, 1).await, vec![v]);
        }
        assert_eq!(*history.waits.lock().unwrap(), 1);
    }

    #[tokio::test]
    async fn a_closed_channel_ends_the_stream_quietly() {
        let (tx, rx) = broadcast::channel(4);
        let mut stream = follow("s".into(), Log::up_to(1), rx, 0, None);
        drop(tx);
        assert_eq!(versions(&mut stream, 1).await, vec![1]);
        assert!(stream.next().await.is_none());
    }

    /// The next item, which must be a rematch notice.
    async fn rematch(stream: &mut LogStream) -> String {
        match stream.next().await.expect("item").expect("no error") {
            LogItem::Rematch(id) => id,
            LogItem::Version(entry) => panic!("version {} instead of a rematch", entry.version),
        }
    }

    #[tokio::test]
    async fn a_rematch_known_at_the_start_comes_after_the_whole_history() {
        let (_tx, rx) = broadcast::channel(4);
        let mut stream = follow("s".into(), Log::up_to(3), rx, 1, Some("r".into()));
        assert_eq!(versions(&mut stream, 2).await, vec![2, 3]);
        assert_eq!(rematch(&mut stream).await, "r");
        let idle = tokio::time::timeout(Duration::from_millis(20), stream.next()).await;
        assert!(idle.is_err(), "told once, then nothing more");
    }

    #[tokio::test]
    async fn a_live_rematch_is_told_once_however_often_the_backend_repeats_it() {
        let (tx, rx) = broadcast::channel(8);
        let log = Log::up_to(1);
        let mut stream = follow("s".into(), log.clone(), rx, 0, None);
        assert_eq!(versions(&mut stream, 1).await, vec![1]);
        tx.send(Live::Entry(log.push(2))).unwrap();
        for _ in 0..3 {
            tx.send(Live::Rematch("r".into())).unwrap();
        }
        tx.send(Live::Gone).unwrap();
        assert_eq!(versions(&mut stream, 1).await, vec![2]);
        assert_eq!(rematch(&mut stream).await, "r");
        assert_eq!(stream.next().await, Some(Err(StoreError::Gone("s".into()))));
    }

    #[tokio::test]
    async fn a_rematch_known_at_the_start_and_repeated_live_is_told_once() {
        let (tx, rx) = broadcast::channel(8);
        let mut stream = follow("s".into(), Log::up_to(2), rx, 2, Some("r".into()));
        tx.send(Live::Rematch("r".into())).unwrap();
        tx.send(Live::Gone).unwrap();
        assert_eq!(rematch(&mut stream).await, "r");
        assert_eq!(stream.next().await, Some(Err(StoreError::Gone("s".into()))));
    }
}
