//! The play calls: the caller's view, its legal actions, and submitting one action.

use super::errors::ApiError;
use super::sessions::describe;
use super::stream::redacted_events;
use super::{check_session_id, convert, request_ids, GameApi};
use crate::auth;
use crate::cache::Cached;
use crate::store::{Commit, CommitResult, LogEntry, SessionMeta, StoreError};
use crate::table::{By, Cause, Table};
use agora_engine::registry::AnyState;
use agora_engine::{FieldViolation, Seat, Viewer};
use agora_proto::v1 as pb;
use std::sync::Arc;
use tracing::Span;

/// A write for the caller's seat (a SubmitAction, ResignSession or HandSeatToBot) once
/// every field is checked and converted: nothing in it can fail later, so a malformed
/// request never reaches the store and a retry never converts the action again.
pub(crate) struct Write {
    pub session_id: String,
    pub request_id: Option<String>,
    /// With a request id: the hash of the request, which a retry must repeat.
    pub fingerprint: Option<String>,
    pub expected_version: Option<u64>,
    pub cause: Cause,
    /// For an undo: the game it goes back to (rebuilt from the log by the caller).
    pub restored: Option<AnyState>,
}

impl Write {
    fn submission(request: pb::SubmitActionRequest) -> Result<Write, ApiError> {
        check_session_id(&request.session_id)?;
        let request_id = request_ids::parse(&request.request_id)?.map(str::to_string);
        let action = convert::action_in(request.action.as_ref())?;
        // The decision only: a retry may pin another expected_version and is still the
        // same request.
        let fingerprint = request_id.as_ref().map(|_| {
            request_ids::fingerprint(&request, |r: &mut pb::SubmitActionRequest| {
                r.request_id.clear();
                r.session_id.clear();
                r.expected_version = None;
            })
        });
        Ok(Write {
            session_id: request.session_id,
            request_id,
            fingerprint,
            expected_version: request.expected_version,
            cause: Cause::Action(action),
            restored: None,
        })
    }

    /// A write with no request fields but its id: its fingerprint is the cause's.
    pub(crate) fn seat_change<M: prost::Message + Clone>(
        session_id: String,
        request_id: &str,
        request: &M,
        clear: impl FnOnce(&mut M),
        cause: Cause,
    ) -> Result<Write, ApiError> {
        check_session_id(&session_id)?;
        let request_id = request_ids::parse(request_id)?.map(str::to_string);
        let fingerprint = request_id
            .as_ref()
            .map(|_| request_ids::fingerprint(request, clear));
        Ok(Write {
            session_id,
            request_id,
            fingerprint,
            expected_version: None,
            cause,
            restored: None,
        })
    }
}

/// What a write committed, or what a retry of it finds committed.
pub(crate) struct Written {
    pub version: u64,
    pub seat: Seat,
    pub entry: Arc<LogEntry>,
    /// The session as this replica knows it now, for the answer's `session`.
    pub session: pb::Session,
}

impl GameApi {
    #[tracing::instrument(skip_all, fields(session = %request.session_id, seat, version))]
    pub(crate) async fn state(
        &self,
        request: pb::GetStateRequest,
        caller: crate::identity::Caller,
    ) -> Result<pb::GetStateResponse, ApiError> {
        let loaded = self.load(&request.session_id).await?;
        let viewer = auth::viewer(&loaded.meta, &caller)?;
        if let Viewer::Seat(seat) = viewer {
            Span::current().record("seat", seat.0);
        }
        Span::current().record("version", loaded.version);
        Ok(pb::GetStateResponse {
            session: Some(describe(&loaded)),
            view: Some(convert::view_out(&loaded.state.game.view(viewer))),
        })
    }

    #[tracing::instrument(skip_all, fields(session = %request.session_id, seat, version))]
    pub(crate) async fn legal(
        &self,
        request: pb::ListLegalActionsRequest,
        caller: crate::identity::Caller,
    ) -> Result<pb::ListLegalActionsResponse, ApiError> {
        let loaded = self.load(&request.session_id).await?;
        let to_act: Vec<Seat> = loaded.state.to_act().iter().collect();
        let seat = auth::acting_seat(&loaded.meta, &caller, &to_act)?;
        Span::current().record("seat", seat.0);
        Span::current().record("version", loaded.version);
        let actions = if loaded.meta.all_seats_taken() {
            loaded
                .state
                .legal_actions(seat)
                .iter()
                .map(convert::action_out)
                .collect()
        } else {
            Vec::new()
        };
        Ok(pb::ListLegalActionsResponse {
            version: loaded.version,
            actions,
        })
    }

    /// Validates in the engine, then commits on top of the version it validated against.
    /// The state comes from this replica's cache when it holds the session, so a warm
    /// move is one store call (the commit); the commit's compare-and-set on the version is
    /// the only check, and a cached state it refuses (or that refuses the move) is
    /// reloaded. A lost race is retried (fresh state, fresh validation) unless the caller
    /// pinned `expected_version`; a known `request_id` is answered by the commit itself
    /// (or, when the action no longer applies, from the log), never re-applied.
    #[tracing::instrument(skip_all, fields(session = %request.session_id, seat, version))]
    pub(crate) async fn submit(
        &self,
        request: pb::SubmitActionRequest,
        caller: crate::identity::Caller,
    ) -> Result<pb::SubmitActionResponse, ApiError> {
        let written = self.write(Write::submission(request)?, caller).await?;
        Ok(pb::SubmitActionResponse {
            version: written.version,
            events: redacted_events(&written.entry, Viewer::Seat(written.seat)),
            session: Some(written.session),
        })
    }

    /// Commits `submission`'s cause for the caller's seat (see [`GameApi::submit`]), and
    /// wakes the server's bots when the new version is a bot's turn.
    ///
    /// The warm path copies nothing: the session's lock makes this call the only user of
    /// its cached state, which is taken out of the cache, changed in place, shared with
    /// the store's commit and put back as the new version. A refusal leaves the state as
    /// it was (the engine changes nothing, the clocks are restored), so it goes back to
    /// the cache; any later failure drops it and the next call loads from the store.
    pub(crate) async fn write(
        &self,
        submission: Write,
        caller: crate::identity::Caller,
    ) -> Result<Written, ApiError> {
        let id = submission.session_id.as_str();

        let _write = self.locks.lock(id).await;
        let mut attempt = 0;
        let mut cached = self.cache.take(id);
        loop {
            let from_cache = cached.is_some();
            let mut current = match cached.take() {
                Some(current) => Arc::unwrap_or_clone(current),
                None => Cached::from(self.store.sessions().load(id).await?),
            };
            let to_act: Vec<Seat> = current.state.to_act().iter().collect();
            let seat = match auth::acting_seat(&current.meta, &caller, &to_act) {
                Ok(seat) => seat,
                // The seat may have been taken since the entry was cached.
                Err(_) if from_cache => continue,
                Err(e) => {
                    self.cache.put(id, Arc::new(current));
                    return Err(e.into());
                }
            };
            Span::current().record("seat", seat.0);

            let now = crate::store::now_ms();
            let entry = match apply_write(&mut current, seat, &submission, now) {
                Ok(entry) => Arc::new(entry),
                Err(_) if from_cache => continue,
                Err(e) => {
                    // A retry of a committed request usually no longer applies: answer it.
                    if let Some(rid) = &submission.request_id {
                        if let Some(version) = self.store.sessions().find_request(id, rid).await? {
                            let answer = self
                                .replay(
                                    &current.meta,
                                    &current.state,
                                    seat,
                                    version,
                                    &submission.fingerprint,
                                )
                                .await;
                            self.cache.put(id, Arc::new(current));
                            return answer;
                        }
                    }
                    self.cache.put(id, Arc::new(current));
                    return Err(e);
                }
            };
            // From here `current.state` is the next version's, not yet committed: an
            // error drops it.
            let Cached {
                meta,
                version: expected_version,
                state,
                ..
            } = current;
            // The server's mark (a bot's turn, a clock's deadline) goes in before the
            // commit: if this replica dies after it, another one acts on it.
            let mark = self.mark_server_work(id, &state, now).await?;
            // So are the notifications it makes: the worker sends only what commits.
            self.notify(&crate::notify::Change {
                meta: &meta,
                table: &state,
                version: entry.version,
                before: &to_act,
                to_act: &entry.to_act,
                outcome: entry.outcome.as_ref(),
                clocks: &entry.clocks,
                caller: Some(seat),
                now,
            })
            .await?;
            let state = Arc::new(state);
            let commit = Commit {
                expected_version,
                state: state.clone(),
                entry: entry.clone(),
            };
            match self.store.sessions().commit(id, commit).await {
                Ok(CommitResult::Committed(version)) => {
                    Span::current().record("version", version);
                    let session = convert::session_out(
                        &meta,
                        version,
                        &entry.to_act,
                        entry.outcome.as_ref(),
                        &state.seats,
                        &entry.clocks,
                    );
                    let bot_turn = state.bot_to_act().is_some();
                    self.metrics.committed(&meta.game_id);
                    self.cache.put(
                        id,
                        Arc::new(Cached {
                            meta,
                            version,
                            state: Arc::unwrap_or_clone(state),
                            at: std::time::Instant::now(),
                        }),
                    );
                    fail::fail_point!("submit-stored", |_| crate::failpoints::crash(
                        "submit-stored"
                    ));
                    tracing::debug!("action committed");
                    if let Some(mark) = mark.filter(|_| bot_turn) {
                        self.drive_bots(id, mark);
                    }
                    return Ok(Written {
                        version,
                        seat,
                        entry,
                        session,
                    });
                }
                Ok(CommitResult::Duplicate(version)) => {
                    // The seats and clocks with the request applied, as the store has them.
                    return self
                        .replay(&meta, &state, seat, version, &submission.fingerprint)
                        .await;
                }
                // A stale cache is not a lost race: reload and decide on fresh state.
                Err(StoreError::Conflict { .. }) if from_cache => {
                    tracing::debug!("cached state was stale; reloading");
                }
                Err(conflict @ StoreError::Conflict { .. })
                    if submission.expected_version.is_some() || attempt >= self.commit_retries =>
                {
                    return Err(conflict.into());
                }
                Err(StoreError::Conflict { .. }) => {
                    attempt += 1;
                    tracing::debug!(attempt, "version moved; revalidating");
                }
                // The commit may or may not have happened: the next call loads from the
                // store.
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// The answer to a request id committed before: its version and events, redacted
    /// for the caller, exactly as the first answer was. The id of another seat, or sent
    /// with another action, is refused.
    async fn replay(
        &self,
        meta: &SessionMeta,
        table: &Table,
        seat: Seat,
        version: u64,
        fingerprint: &Option<String>,
    ) -> Result<Written, ApiError> {
        let entries = self
            .store
            .sessions()
            .read_log(&meta.id, version.saturating_sub(1), 1)
            .await?;
        let entry = entries
            .into_iter()
            .find(|e| e.version == version)
            .ok_or_else(|| {
                StoreError::Corrupt(format!(
                    "request recorded at version {version} but the log lacks it"
                ))
            })?;
        if entry.seat != seat {
            return Err(FieldViolation::new(
                "request_id",
                "already used by another seat of this session; use a fresh id.",
            )
            .into());
        }
        // Entries of earlier releases have no fingerprint: their retries are answered.
        if let Some(stored) = &entry.request_fingerprint {
            let same = fingerprint
                .as_deref()
                .is_some_and(|f| crate::store::codec::same_fingerprint(stored, f));
            if !same {
                return Err(super::sessions::request_id_reused());
            }
        }
        Span::current().record("version", version);
        tracing::info!("retried action answered from the log");
        let session = convert::session_out(
            meta,
            version,
            &entry.to_act,
            entry.outcome.as_ref(),
            &table.seats,
            &table.clocks_at(meta.started_ms, crate::store::now_ms()),
        );
        Ok(Written {
            version,
            seat,
            entry,
            session,
        })
    }
}

/// Checks that play may go on at the state's version, then applies the write to the
/// cached session in place and describes the new version. A refused write leaves the
/// session as it was: every check that can refuse runs before the table changes, or (the
/// engine's own) changes nothing, and the clocks settled for the check are put back.
fn apply_write(
    current: &mut Cached,
    seat: Seat,
    submission: &Write,
    now: i64,
) -> Result<LogEntry, ApiError> {
    if !current.meta.all_seats_taken() {
        return Err(ApiError::WaitingForPlayers {
            open_seats: current.meta.open_seats(),
        });
    }
    if let Some(expected) = submission.expected_version {
        if expected != current.version {
            return Err(ApiError::Stale {
                expected,
                actual: current.version,
            });
        }
    }
    let decided = current.state.decide(
        seat,
        &submission.cause,
        submission.restored.clone(),
        By::Player,
        current.meta.started_ms,
        now,
    )?;
    Ok(LogEntry {
        request_id: submission.request_id.clone(),
        request_fingerprint: submission.fingerprint.clone(),
        ..LogEntry::decided(current.version + 1, seat, submission.cause.clone(), decided)
    })
}
