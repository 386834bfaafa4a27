//! StreamEvents: every committed version after the one the client names, redacted for
//! its viewer — the log first, then live commits, with no gap and no duplicate. A stream
//! never skips: a subscriber that cannot be given every version, or a server that shuts
//! down, ends the stream with a status telling the client the version to resume from.
//!
//! Many streams usually follow one session (players and spectators): each log entry is
//! redacted and converted once per distinct viewer on this server, in [`Renditions`],
//! and every stream of that viewer sends a copy.

use super::errors::ApiError;
use super::{convert, GameApi};
use crate::auth;
use crate::limits::StreamSlot;
use crate::store::{LogEntry, LogStream, TokenHash};
use agora_engine::Viewer;
use agora_proto::v1 as pb;
use futures::StreamExt;
use std::collections::{HashMap, VecDeque};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::{mpsc, watch};
use tokio_stream::wrappers::ReceiverStream;
use tonic::Status;
use tracing::Instrument;

pub type EventStream =
    Pin<Box<dyn futures::Stream<Item = Result<pb::StreamEventsResponse, Status>> + Send>>;

/// Responses buffered per stream before the subscriber counts as slow.
const SEND_BUFFER: usize = 32;
/// How long the closing status may wait for room in a slow client's buffer.
const FINAL_SEND: std::time::Duration = std::time::Duration::from_secs(2);
/// Versions of one session kept converted: live streams are all at the newest one, and a
/// stream catching up from history converts its own (older) versions.
const KEEP_VERSIONS: usize = 8;

/// The events of `entry` as `viewer` may see them.
pub(crate) fn redacted_events(entry: &LogEntry, viewer: Viewer) -> Vec<pb::GameEvent> {
    entry
        .events
        .iter()
        .map(|e| convert::event_out(&e.redact(viewer)))
        .collect()
}

impl GameApi {
    /// Opens a stream: checks the request and the caller, subscribes to the log, and
    /// leaves the forwarding to a task that owns the stream's slot.
    pub(crate) async fn stream(
        &self,
        request: pb::StreamEventsRequest,
        token: Option<TokenHash>,
        slot: StreamSlot,
    ) -> Result<EventStream, ApiError> {
        let id = request.session_id;
        let loaded = self.load(&id).await?;
        let viewer = auth::viewer(&loaded.meta, token.as_ref())?;
        let after = request.after_version;
        if after > loaded.version {
            return Err(ApiError::AheadOfSession {
                after_version: after,
                version: loaded.version,
            });
        }
        let log = self.store.subscribe(&id, after).await?;
        let (tx, rx) = mpsc::channel(SEND_BUFFER);
        let seat = match viewer {
            Viewer::Seat(s) => Some(s.0),
            Viewer::Spectator => None,
        };
        let span = tracing::info_span!("stream", session = %id, seat, after);
        let stream = Forward {
            renditions: self.renditions.watch(&id),
            viewer,
            last: after,
        };
        tokio::spawn(stream.run(log, tx, self.shutdown.clone()).instrument(span));
        // The stream owns its slot and its place in `agora.streams.open`: both are given back
        // when tonic drops the stream, whether the stream ended or the client went away.
        let open = self.metrics.stream_opened();
        Ok(Box::pin(ReceiverStream::new(rx).map(move |item| {
            let _held = (&slot, &open);
            item
        })))
    }
}

/// One response per version, as `viewer` may see it.
fn response(entry: &LogEntry, viewer: Viewer) -> pb::StreamEventsResponse {
    // A committed version exists only once play started, so it is in progress or over.
    let status = if entry.outcome.is_some() {
        pb::SessionStatus::Finished
    } else {
        pb::SessionStatus::InProgress
    };
    pb::StreamEventsResponse {
        version: entry.version,
        seat: entry.seat.0.into(),
        events: redacted_events(entry, viewer),
        to_act: entry.to_act.iter().map(|s| u32::from(s.0)).collect(),
        status: status as i32,
        outcome: entry.outcome.as_ref().map(convert::outcome_out),
    }
}

/// One stream's forwarding task.
struct Forward {
    renditions: Watching,
    viewer: Viewer,
    /// The last version sent: where the client resumes.
    last: u64,
}

impl Forward {
    /// Moves log entries to the client until it leaves, cannot be given every version,
    /// or the server stops.
    async fn run(
        mut self,
        mut log: LogStream,
        tx: mpsc::Sender<Result<pb::StreamEventsResponse, Status>>,
        mut shutdown: watch::Receiver<bool>,
    ) {
        let end = loop {
            let item = tokio::select! {
                _ = shutdown.wait_for(|stop| *stop) => break Some(self.shutting_down()),
                _ = tx.closed() => break None,
                item = log.next() => item,
            };
            match item {
                Some(Ok(entry)) => {
                    let message = Ok(self.renditions.response(&entry, self.viewer));
                    tokio::select! {
                        _ = shutdown.wait_for(|stop| *stop) => break Some(self.shutting_down()),
                        sent = tx.send(message) => if sent.is_err() { break None },
                    }
                    self.last = entry.version;
                }
                Some(Err(e)) => break Some(ApiError::from(e)),
                None => {
                    break Some(ApiError::StreamEnded {
                        last_version: self.last,
                    })
                }
            }
        };
        if let Some(error) = end {
            super::errors::report(&error);
            // The client may be gone or stuck; it must not hold up shutdown.
            let status = Status::from(error);
            let _ = tokio::time::timeout(FINAL_SEND, tx.send(Err(status))).await;
        }
    }

    fn shutting_down(&self) -> ApiError {
        ApiError::ShuttingDown {
            last_version: self.last,
        }
    }
}

/// Stream responses of the newest versions of each followed session, per viewer, shared
/// by every stream of this server: 1,000 spectators of one game cost one conversion per
/// version. A session's entries go when its last stream ends.
#[derive(Default)]
pub struct Renditions {
    sessions: Mutex<HashMap<String, Arc<Mutex<Followed>>>>,
    /// Responses built so far (each is one redaction and conversion).
    conversions: AtomicU64,
}

#[derive(Default)]
struct Followed {
    streams: usize,
    /// Oldest first, at most [`KEEP_VERSIONS`].
    versions: VecDeque<(u64, HashMap<Viewer, pb::StreamEventsResponse>)>,
}

impl Renditions {
    pub fn new() -> Arc<Renditions> {
        Arc::new(Renditions::default())
    }

    /// Registers one more stream of session `id`.
    pub fn watch(self: &Arc<Self>, id: &str) -> Watching {
        // Counted under the map's lock, so a last stream leaving cannot drop the entry
        // this one is joining.
        let mut sessions = lock(&self.sessions);
        let followed = sessions.entry(id.to_string()).or_default().clone();
        lock(&followed).streams += 1;
        drop(sessions);
        Watching {
            renditions: self.clone(),
            id: id.to_string(),
            followed,
        }
    }

    /// How many responses were built: one per distinct (session, version, viewer) while
    /// the version is among the newest kept.
    pub fn conversions(&self) -> u64 {
        self.conversions.load(Ordering::Relaxed)
    }

    /// Sessions with at least one stream (for tests and diagnostics).
    pub fn followed_sessions(&self) -> usize {
        lock(&self.sessions).len()
    }
}

/// One stream's registration with [`Renditions`]; dropping it may free its session.
pub struct Watching {
    renditions: Arc<Renditions>,
    id: String,
    followed: Arc<Mutex<Followed>>,
}

impl Watching {
    /// The response of `entry` for `viewer`, built at most once per kept version.
    pub fn response(&self, entry: &LogEntry, viewer: Viewer) -> pb::StreamEventsResponse {
        // Streams of one session wait for each other here; other sessions do not.
        let mut followed = lock(&self.followed);
        let index = match followed
            .versions
            .iter()
            .position(|(v, _)| *v == entry.version)
        {
            Some(index) => index,
            None => {
                let newer = followed
                    .versions
                    .iter()
                    .position(|(v, _)| *v > entry.version);
                let index = newer.unwrap_or(followed.versions.len());
                followed
                    .versions
                    .insert(index, (entry.version, HashMap::new()));
                if followed.versions.len() > KEEP_VERSIONS {
                    followed.versions.pop_front();
                    index.saturating_sub(1)
                } else {
                    index
                }
            }
        };
        let by_viewer = match followed.versions.get_mut(index) {
            // The entry was older than every kept version and dropped at once: no caching.
            Some((v, by_viewer)) if *v == entry.version => by_viewer,
            _ => {
                self.renditions.conversions.fetch_add(1, Ordering::Relaxed);
                return response(entry, viewer);
            }
        };
        by_viewer
            .entry(viewer)
            .or_insert_with(|| {
                self.renditions.conversions.fetch_add(1, Ordering::Relaxed);
                response(entry, viewer)
            })
            .clone()
    }
}

impl Drop for Watching {
    fn drop(&mut self) {
        let mut sessions = lock(&self.renditions.sessions);
        let mut followed = lock(&self.followed);
        followed.streams = followed.streams.saturating_sub(1);
        if followed.streams == 0 {
            sessions.remove(&self.id);
        }
    }
}

/// A poisoned lock only means a conversion panicked; the cache is still consistent
/// (entries are inserted whole).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_engine::registry::{configurations, AnyState};
    use agora_engine::Seat;

    /// The first move of a fixed game, as the log records it.
    fn first_entry() -> LogEntry {
        let (_, options) = configurations()
            .into_iter()
            .next()
            .expect("a registered configuration");
        let mut state = AnyState::setup(&options, 7).expect("setup");
        let seat = state.to_act().iter().next().expect("someone acts");
        let action = state.legal_actions(seat).remove(0);
        let events = state
            .apply(seat, &action)
            .expect("a listed action is legal");
        LogEntry {
            version: 1,
            seat,
            events,
            to_act: state.to_act().iter().collect(),
            outcome: state.outcome(),
            request_id: None,
            request_fingerprint: None,
        }
    }

    #[test]
    fn a_thousand_spectators_cost_one_conversion() {
        let renditions = Renditions::new();
        let entry = first_entry();
        let streams: Vec<Watching> = (0..1000).map(|_| renditions.watch("s")).collect();
        let responses: Vec<_> = streams
            .iter()
            .map(|w| w.response(&entry, Viewer::Spectator))
            .collect();
        assert_eq!(renditions.conversions(), 1);
        assert!(responses.iter().all(|r| *r == responses[0]));
        assert_eq!(responses[0], response(&entry, Viewer::Spectator));
    }

    #[test]
    fn each_viewer_gets_its_own_redaction_once() {
        let renditions = Renditions::new();
        let entry = first_entry();
        let watching = renditions.watch("s");
        let viewers = [
            Viewer::Spectator,
            Viewer::Seat(Seat(0)),
            Viewer::Seat(Seat(1)),
        ];
        for _ in 0..3 {
            for viewer in viewers {
                assert_eq!(
                    watching.response(&entry, viewer),
                    response(&entry, viewer),
                    "{viewer:?} sees what it would see alone"
                );
            }
        }
        assert_eq!(renditions.conversions(), 3);
    }

    #[test]
    fn sessions_are_apart_and_freed_with_their_last_stream() {
        let renditions = Renditions::new();
        let entry = first_entry();
        let a = renditions.watch("a");
        let b = renditions.watch("b");
        a.response(&entry, Viewer::Spectator);
        b.response(&entry, Viewer::Spectator);
        assert_eq!(renditions.conversions(), 2, "one per session");
        assert_eq!(renditions.followed_sessions(), 2);
        drop(a);
        assert_eq!(renditions.followed_sessions(), 1);
        let again = renditions.watch("a");
        again.response(&entry, Viewer::Spectator);
        assert_eq!(
            renditions.conversions(),
            3,
            "a freed session converts afresh"
        );
    }

    #[test]
    fn only_the_newest_versions_are_kept() {
        let renditions = Renditions::new();
        let watching = renditions.watch("s");
        let mut entry = first_entry();
        for version in 1..=(KEEP_VERSIONS as u64 + 4) {
            entry.version = version;
            watching.response(&entry, Viewer::Spectator);
        }
        let kept = lock(&watching.followed).versions.len();
        assert_eq!(kept, KEEP_VERSIONS);
        // A stream catching up on an old version converts it without evicting newer ones.
        entry.version = 1;
        assert_eq!(
            watching.response(&entry, Viewer::Spectator).version,
            1,
            "old versions are still answered"
        );
        let newest = lock(&watching.followed).versions.back().map(|(v, _)| *v);
        assert_eq!(newest, Some(KEEP_VERSIONS as u64 + 4));
    }
}
