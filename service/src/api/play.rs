//! The play calls: the caller's view, its legal actions, and submitting one action.

use super::sessions::describe;
use super::{check_session_id, convert, errors, GameApi, MAX_ID_LEN};
use crate::auth;
use crate::store::{Commit, CommitResult, LogEntry, SessionMeta, StoreError, TokenHash};
use agora_engine::registry::AnyAction;
use agora_engine::{Seat, Viewer};
use agora_proto::v1 as pb;
use tonic::Status;
use tracing::Span;

/// The events of `entry` as `viewer` may see them.
pub(crate) fn redacted_events(entry: &LogEntry, viewer: Viewer) -> Vec<pb::GameEvent> {
    entry
        .events
        .iter()
        .map(|e| convert::event_out(&e.redact(viewer)))
        .collect()
}

fn waiting(meta: &SessionMeta) -> Status {
    errors::precondition(
        "WAITING_FOR_PLAYERS",
        format!(
            "The game starts when every seat is taken; {} seat(s) still open.",
            meta.open_seats()
        ),
    )
}

impl GameApi {
    #[tracing::instrument(skip_all, fields(session = %request.session_id, seat, version))]
    pub(crate) async fn state(
        &self,
        request: pb::GetStateRequest,
        token: Option<TokenHash>,
    ) -> Result<pb::GetStateResponse, Status> {
        let loaded = self.load(&request.session_id).await?;
        let viewer = auth::viewer(&loaded.meta, token.as_ref())?;
        if let Viewer::Seat(seat) = viewer {
            Span::current().record("seat", seat.0);
        }
        Span::current().record("version", loaded.version);
        Ok(pb::GetStateResponse {
            session: Some(describe(&loaded)),
            view: Some(convert::view_out(&loaded.state.view(viewer))),
        })
    }

    #[tracing::instrument(skip_all, fields(session = %request.session_id, seat, version))]
    pub(crate) async fn legal(
        &self,
        request: pb::ListLegalActionsRequest,
        token: Option<TokenHash>,
    ) -> Result<pb::ListLegalActionsResponse, Status> {
        let loaded = self.load(&request.session_id).await?;
        let seat = auth::require_seat(&loaded.meta, token.as_ref())?;
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
    /// A lost race is retried (fresh state, fresh validation) unless the caller pinned
    /// `expected_version`; a known `request_id` is answered from the log, not re-applied.
    #[tracing::instrument(skip_all, fields(session = %request.session_id, seat, version))]
    pub(crate) async fn submit(
        &self,
        request: pb::SubmitActionRequest,
        token: Option<TokenHash>,
    ) -> Result<pb::SubmitActionResponse, Status> {
        let id = request.session_id.as_str();
        check_session_id(id)?;
        if request.request_id.len() > MAX_ID_LEN {
            return Err(errors::invalid(format!(
                "request_id: at most {MAX_ID_LEN} bytes."
            )));
        }
        let request_id = (!request.request_id.is_empty()).then(|| request.request_id.clone());

        let _write = self.locks.lock(id).await;
        let mut attempt = 0;
        loop {
            let loaded = self.store.load(id).await.map_err(errors::store)?;
            let seat = auth::require_seat(&loaded.meta, token.as_ref())?;
            Span::current().record("seat", seat.0);
            let action = convert::action_in(request.action.as_ref())?;

            if let Some(rid) = &request_id {
                if let Some(version) = self
                    .store
                    .find_request(id, rid)
                    .await
                    .map_err(errors::store)?
                {
                    return self.replay(&loaded.meta, seat, version).await;
                }
            }
            if !loaded.meta.all_seats_taken() {
                return Err(waiting(&loaded.meta));
            }
            if let Some(expected) = request.expected_version {
                if expected != loaded.version {
                    return Err(stale(expected, loaded.version));
                }
            }

            let entry = apply(&loaded.state, seat, &action, loaded.version, &request_id)?;
            let (state, entry) = entry;
            let commit = Commit {
                expected_version: loaded.version,
                state,
                entry: entry.clone(),
            };
            match self.store.commit(id, commit).await {
                Ok(CommitResult::Committed(version)) => {
                    Span::current().record("version", version);
                    tracing::info!("action committed");
                    self.metrics.committed(&loaded.meta.game_id);
                    let session = convert::session_out(
                        &loaded.meta,
                        version,
                        &entry.to_act,
                        entry.outcome.as_ref(),
                    );
                    return Ok(pb::SubmitActionResponse {
                        version,
                        events: redacted_events(&entry, Viewer::Seat(seat)),
                        session: Some(session),
                    });
                }
                Ok(CommitResult::Duplicate(version)) => {
                    return self.replay(&loaded.meta, seat, version).await;
                }
                Err(StoreError::Conflict { expected, actual }) => {
                    if request.expected_version.is_some() || attempt >= self.commit_retries {
                        return Err(stale(expected, actual));
                    }
                    attempt += 1;
                    tracing::debug!(attempt, "version moved; revalidating");
                }
                Err(e) => return Err(errors::store(e)),
            }
        }
    }

    /// The answer to a request id committed before: its version and events, redacted
    /// for the caller, exactly as the first answer was.
    async fn replay(
        &self,
        meta: &SessionMeta,
        seat: Seat,
        version: u64,
    ) -> Result<pb::SubmitActionResponse, Status> {
        let entries = self
            .store
            .read_log(&meta.id, version.saturating_sub(1), 1)
            .await
            .map_err(errors::store)?;
        let entry = entries
            .into_iter()
            .find(|e| e.version == version)
            .ok_or_else(|| {
                errors::store(StoreError::Corrupt(format!(
                    "request recorded at version {version} but the log lacks it"
                )))
            })?;
        if entry.seat != seat {
            return Err(errors::invalid(
                "request_id: already used by another seat of this session; use a fresh id.",
            ));
        }
        Span::current().record("version", version);
        tracing::info!("duplicate request answered from the log");
        Ok(pb::SubmitActionResponse {
            version,
            events: redacted_events(&entry, Viewer::Seat(seat)),
            session: Some(convert::session_out(
                meta,
                version,
                &entry.to_act,
                entry.outcome.as_ref(),
            )),
        })
    }
}

/// Runs the engine on a copy of the state: a refused action leaves nothing behind.
fn apply(
    state: &agora_engine::registry::AnyState,
    seat: Seat,
    action: &AnyAction,
    version: u64,
    request_id: &Option<String>,
) -> Result<(agora_engine::registry::AnyState, LogEntry), Status> {
    let mut next = state.clone();
    let events = next.apply(seat, action).map_err(|e| errors::rule(&e))?;
    let entry = LogEntry {
        version: version + 1,
        seat,
        events,
        to_act: next.to_act().iter().collect(),
        outcome: next.outcome(),
        request_id: request_id.clone(),
    };
    Ok((next, entry))
}

fn stale(expected: u64, actual: u64) -> Status {
    Status::aborted(format!(
        "expected_version {expected} is stale: the session is at version {actual}. Reload and decide again."
    ))
}
