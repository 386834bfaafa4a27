//! StreamEvents: every committed version after the one the client names, redacted for
//! its viewer — the log first, then live commits, with no gap and no duplicate. A stream
//! never skips: a subscriber that cannot be given every version, or a server that shuts
//! down, ends the stream with a status telling the client the version to resume from.
//!
//! Many streams usually follow one session (players and spectators): each log entry is
//! redacted, converted and encoded once per distinct viewer on this server, in
//! [`Renditions`], and every stream of that viewer sends the same bytes.

use super::errors::ApiError;
use super::{convert, GameApi};
use crate::auth;
use crate::auth::AuthError;
use crate::limits::StreamSlot;
use crate::store::{LogEntry, LogItem, LogStream, Store, StoreError};
use crate::table::{Cause, RESIGNED_SEAT_BOT};
use agora_engine::Viewer;
use agora_proto::encoded::Encoded;
use agora_proto::v1 as pb;
use futures::StreamExt;
use std::collections::{HashMap, VecDeque};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::watch;
use tonic::Status;

/// One version for one viewer, encoded once and shared by every stream of that viewer.
pub type StreamResponse = Encoded<pb::StreamEventsResponse>;

pub type EventStream = Pin<Box<dyn futures::Stream<Item = Result<StreamResponse, Status>> + Send>>;

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
        caller: crate::identity::Caller,
        slot: StreamSlot,
    ) -> Result<EventStream, ApiError> {
        let id = request.session_id;
        let loaded = self.load(&id).await?;
        let viewer = auth::viewer(&loaded.meta, &caller)?;
        let after = request.after_version;
        if after > loaded.version {
            return Err(ApiError::AheadOfSession {
                after_version: after,
                version: loaded.version,
            });
        }
        // Seats are fixed once every seat is taken, which is before the first version is
        // committed; until then the caller may give its seat back (LeaveSession) and a
        // newcomer take it. A seat's stream opened that early is checked again at its
        // first version, so it never shows a newcomer's secrets to the one who left.
        let recheck = match (viewer, caller) {
            (Viewer::Seat(_), caller) if !loaded.meta.all_seats_taken() => Some(Recheck {
                store: self.store.clone(),
                caller,
            }),
            _ => None,
        };
        let presence = self.presence(&loaded.meta, viewer).await?;
        let log = self.store.sessions().subscribe(&id, after).await?;
        let forward = Forward {
            recheck,
            log,
            renditions: self.renditions.watch(&id),
            viewer,
            after,
            last: after,
            shutdown: self.shutdown.clone(),
            done: false,
            // The stream owns its slot and its place in `agora.streams.open`: both are
            // given back when tonic drops the stream, whether it ended or the client left.
            _slot: slot,
            _open: self.metrics.stream_opened(),
            _presence: presence,
        };
        // No task and no channel per stream: tonic polls the stream when the connection
        // can take more, so an idle stream is only this state, and a slow client is
        // slowed (the log back-fills what the live channel dropped), never buffered.
        Ok(Box::pin(futures::stream::unfold(forward, Forward::next)))
    }
}

/// One response per version, as `viewer` may see it (StreamEvents and GetHistory).
pub(crate) fn response(entry: &LogEntry, viewer: Viewer) -> pb::StreamEventsResponse {
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
        seat_change: seat_change(entry),
        clocks: entry.clocks.iter().map(convert::clock_out).collect(),
        rematch_session_id: String::new(),
    }
}

/// What a version that changed who plays its seat changed.
fn seat_change(entry: &LogEntry) -> Option<pb::SeatChange> {
    match entry.cause.as_ref()? {
        Cause::Action(_) => None,
        Cause::Undo => Some(pb::SeatChange {
            undo: true,
            ..Default::default()
        }),
        Cause::TimedOut(action) => Some(pb::SeatChange {
            resigned: false,
            bot: pb::BotKind::Unspecified as i32,
            // A random decision or its pass was played for the seat (events), or it lost
            // (no events).
            timed_out: action.is_some() || entry.outcome.is_some(),
            undo: false,
            bot_strength: None,
        }),
        Cause::Resigned => Some(pb::SeatChange {
            resigned: true,
            timed_out: false,
            // The game ended, or the resigned seat's bot plays on.
            bot: if entry.outcome.is_some() {
                pb::BotKind::Unspecified
            } else {
                convert::bot_out(RESIGNED_SEAT_BOT)
            } as i32,
            undo: false,
            bot_strength: None,
        }),
        Cause::HandedToBot(kind) => Some(pb::SeatChange {
            resigned: false,
            timed_out: false,
            bot: convert::bot_out(*kind) as i32,
            undo: false,
            bot_strength: convert::strength_out(Some(*kind)),
        }),
    }
}

type Item = Result<StreamResponse, Status>;

/// A seat's stream opened before the game started: whose token (or player) to check
/// again.
struct Recheck {
    store: Arc<dyn Store>,
    caller: crate::identity::Caller,
}

impl Recheck {
    /// Whether the token still holds `viewer`'s seat, once play has started (seats are
    /// then fixed, so one check is enough). A store failure ends the stream as any other
    /// does: resume from `last`.
    async fn still_seated(self, id: &str, viewer: Viewer, last: u64) -> Result<(), ApiError> {
        let loaded = self.store.sessions().load(id).await.map_err(|e| match e {
            StoreError::Unavailable(_) => ApiError::StreamEnded { last_version: last },
            other => ApiError::from(other),
        })?;
        let seated = auth::viewer(&loaded.meta, &self.caller).ok();
        if seated == Some(viewer) {
            Ok(())
        } else {
            Err(AuthError::NotASeat.into())
        }
    }
}

/// One stream's state between responses.
struct Forward {
    /// Set until the first version for a seat's stream opened while seats were open.
    recheck: Option<Recheck>,
    log: LogStream,
    renditions: Watching,
    viewer: Viewer,
    /// The version the client asked to follow from.
    after: u64,
    /// The last version given to tonic: where the client resumes.
    last: u64,
    shutdown: watch::Receiver<bool>,
    /// The closing status was given; nothing follows.
    done: bool,
    _slot: StreamSlot,
    _open: crate::metrics::OpenStream,
    /// While notifications are on: the mark telling every replica the seat's player is
    /// here (see [`Presence`]).
    _presence: Option<Presence>,
}

/// Keeps a presence mark for (session, player) in the store while a stream is open: set
/// before the stream's first response, refreshed every third of its TTL by a task that
/// ends with the stream. A player with a mark is not sent notifications for the session;
/// once the stream ends, the mark lapses within the TTL.
pub(crate) struct Presence {
    _stop: tokio::sync::oneshot::Sender<()>,
}

impl GameApi {
    /// A presence mark for `viewer`'s player, when notifications are on and the seat
    /// belongs to a player.
    async fn presence(
        &self,
        meta: &crate::store::SessionMeta,
        viewer: Viewer,
    ) -> Result<Option<Presence>, ApiError> {
        let (Some(notifier), Viewer::Seat(seat)) = (&self.notifier, viewer) else {
            return Ok(None);
        };
        let Some(player) = meta
            .seats
            .get(usize::from(seat.0))
            .and_then(|r| r.player_id.clone())
        else {
            return Ok(None);
        };
        let ttl = notifier.config.presence_ttl;
        let ttl_ms = ttl.as_millis() as i64;
        self.store
            .presence()
            .mark_present(&meta.id, &player, ttl_ms)
            .await?;
        let (stop, mut stopped) = tokio::sync::oneshot::channel::<()>();
        let store = self.store.clone();
        let id = meta.id.clone();
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = tokio::time::sleep(ttl / 3) => {}
                    _ = &mut stopped => return,
                }
                if let Err(e) = store.presence().mark_present(&id, &player, ttl_ms).await {
                    tracing::debug!(session = %id, error = %e, "cannot refresh a presence mark");
                }
            }
        });
        Ok(Some(Presence { _stop: stop }))
    }
}

/// What ended a wait for the next log item.
enum Next {
    ShuttingDown,
    Log(Option<Result<LogItem, crate::store::StoreError>>),
}

impl Forward {
    /// The next response, or the status that ends the stream (once): the server stops,
    /// the log cannot give every version, or the session is gone.
    async fn next(mut self) -> Option<(Item, Forward)> {
        if self.done {
            return None;
        }
        let next = tokio::select! {
            // The log first: a stream woken for an entry sends it without registering for
            // the shutdown signal, which it sees as soon as it waits (it is caught up).
            biased;
            item = self.log.next() => Next::Log(item),
            _ = self.shutdown.wait_for(|stop| *stop) => Next::ShuttingDown,
        };
        let error = match next {
            Next::Log(Some(Ok(LogItem::Rematch(rematch)))) => {
                // Not a version: where the client resumes stays the final version.
                let notice = pb::StreamEventsResponse {
                    version: self.last,
                    status: pb::SessionStatus::Finished as i32,
                    rematch_session_id: rematch,
                    ..Default::default()
                };
                return Some((Ok(StreamResponse::new(&notice)), self));
            }
            Next::Log(Some(Ok(LogItem::Version(entry)))) => {
                let recheck = match self.recheck.take() {
                    Some(recheck) => {
                        recheck
                            .still_seated(&self.renditions.id, self.viewer, self.last)
                            .await
                    }
                    None => Ok(()),
                };
                match recheck {
                    Ok(()) => {
                        self.last = entry.version;
                        let response = self.renditions.response(&entry, self.viewer);
                        return Some((Ok(response), self));
                    }
                    Err(error) => error,
                }
            }
            Next::ShuttingDown => ApiError::ShuttingDown {
                last_version: self.last,
            },
            // The store cannot be read from here: the client resumes elsewhere.
            Next::Log(Some(Err(StoreError::Unavailable(_)))) => ApiError::LogUnreachable {
                last_version: self.last,
            },
            Next::Log(Some(Err(e))) => ApiError::from(e),
            Next::Log(None) => ApiError::StreamEnded {
                last_version: self.last,
            },
        };
        // The stream's fields on the line that says why it ended. The span is made only
        // here: one held by every open stream costs memory, and one entered around every
        // delivery costs more time than the delivery.
        let seat = match self.viewer {
            Viewer::Seat(s) => Some(s.0),
            Viewer::Spectator => None,
        };
        let session = &self.renditions.id;
        let span = tracing::info_span!("stream", %session, seat, after = self.after);
        span.in_scope(|| super::errors::report(&error));
        self.done = true;
        Some((Err(Status::from(error)), self))
    }
}

/// Stream responses of the newest versions of each followed session, per viewer, encoded
/// and shared by every stream of this server: 1,000 spectators of one game cost one
/// redaction and one encoding per version. A session's entries go when its last stream ends.
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
    versions: VecDeque<(u64, HashMap<Viewer, StreamResponse>)>,
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
    pub fn response(&self, entry: &LogEntry, viewer: Viewer) -> StreamResponse {
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
                return Encoded::new(&response(entry, viewer));
            }
        };
        by_viewer
            .entry(viewer)
            .or_insert_with(|| {
                self.renditions.conversions.fetch_add(1, Ordering::Relaxed);
                Encoded::new(&response(entry, viewer))
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
            cause: None,
            seat,
            events,
            to_act: state.to_act().iter().collect(),
            outcome: state.outcome(),
            request_id: None,
            request_fingerprint: None,
            clocks: Vec::new(),
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
        assert_eq!(
            responses[0].message(),
            Ok(response(&entry, Viewer::Spectator))
        );
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
                    watching.response(&entry, viewer).message(),
                    Ok(response(&entry, viewer)),
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
            watching
                .response(&entry, Viewer::Spectator)
                .message()
                .map(|r| r.version),
            Ok(1),
            "old versions are still answered"
        );
        let newest = lock(&watching.followed).versions.back().map(|(v, _)| *v);
        assert_eq!(newest, Some(KEEP_VERSIONS as u64 + 4));
    }
}
