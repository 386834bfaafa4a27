//! UndoAction: a seat takes back its own last decision while its turn goes on, unless the
//! decision drew at random or revealed anything hidden (Board Game Arena's rule: what a
//! player has seen cannot be unseen). The log stays append-only: the undo is a new version
//! whose game is the one from before the decision it takes back.
//!
//! The game before that decision is rebuilt from the log (set-up, then every cause; an
//! earlier undo goes back to the game it restored), so nothing is stored for undo and any
//! replica can answer. Whether the decision drew at random or revealed anything is decided
//! by playing it again on that game: the random stream must not move
//! ([`agora_engine::registry::AnyState::randomness_drawn`]) and no seat's secrets may change.

use super::errors::ApiError;
use super::play::{Write, Written};
use super::GameApi;
use crate::auth;
use crate::store::{SessionMeta, StoreError};
use crate::table::{Cause, Control, Table};
use agora_engine::registry::{AnyAction, AnyState};
use agora_engine::{RuleError, Seat};
use agora_proto::v1 as pb;

/// Decisions of one turn kept for taking back; older ones cannot be.
const UNDO_DEPTH: usize = 64;

/// A decision that may be taken back, with the game from before it.
struct Undoable {
    seat: Seat,
    action: AnyAction,
    before: AnyState,
}

fn refused(message: impl Into<String>) -> ApiError {
    RuleError::new("UNDO_NOT_ALLOWED", message).into()
}

impl GameApi {
    #[tracing::instrument(skip_all, fields(session = %request.session_id, seat, version))]
    pub(crate) async fn undo(
        &self,
        request: pb::UndoActionRequest,
        caller: crate::identity::Caller,
    ) -> Result<pb::UndoActionResponse, ApiError> {
        let loaded = self.load(&request.session_id).await?;
        let seat = auth::require_seat(&loaded.meta, &caller)?;
        // A retry of an undo that committed is answered by the write below (the request
        // id); a fresh one is decided on the session as it is now.
        let restored = if let Some(rid) = request_id(&request) {
            match self
                .store
                .sessions()
                .find_request(&request.session_id, rid)
                .await?
            {
                Some(_) => loaded.state.game.clone(),
                None => {
                    self.game_before_last_decision(
                        &loaded.meta,
                        &loaded.state,
                        loaded.version,
                        seat,
                    )
                    .await?
                }
            }
        } else {
            self.game_before_last_decision(&loaded.meta, &loaded.state, loaded.version, seat)
                .await?
        };
        let mut write = Write::seat_change(
            request.session_id.clone(),
            &request.request_id,
            &request,
            |r: &mut pb::UndoActionRequest| {
                r.request_id.clear();
                r.session_id.clear();
            },
            Cause::Undo,
        )?;
        // Only on top of the version it was decided at: a move since changes everything.
        write.expected_version = Some(loaded.version);
        write.restored = Some(restored);
        let Written {
            version, session, ..
        } = self.write(write, caller).await?;
        tracing::info!("decision taken back");
        Ok(pb::UndoActionResponse {
            version,
            session: Some(session),
        })
    }

    /// The game as it was before `seat`'s last decision, if the rule allows taking it back.
    async fn game_before_last_decision(
        &self,
        meta: &SessionMeta,
        table: &Table,
        version: u64,
        seat: Seat,
    ) -> Result<AnyState, ApiError> {
        if table.is_over() {
            return Err(RuleError::game_over().into());
        }
        if table.control(seat) != Control::Player {
            return Err(table
                .check_player(seat)
                .err()
                .map_or_else(|| refused("A server bot plays this seat."), ApiError::from));
        }
        if !table.to_act().contains(seat) {
            return Err(refused(
                "Your turn has ended: only decisions of the turn still being played can be taken back.",
            ));
        }
        let log = self
            .store
            .sessions()
            .read_log(&meta.id, 0, version as usize)
            .await?;
        if log.len() as u64 != version {
            return Err(StoreError::Corrupt(format!(
                "the log has {} of {version} versions",
                log.len()
            ))
            .into());
        }
        let mut game = AnyState::setup(&meta.options, meta.seed)
            .map_err(|e| StoreError::Corrupt(format!("the session no longer sets up: {e}")))?;
        let mut undoable: Vec<Undoable> = Vec::new();
        for entry in &log {
            let Some(cause) = &entry.cause else {
                return Err(refused(
                    "This session was recorded by an earlier release, which kept no actions to go back to.",
                ));
            };
            match cause {
                Cause::Action(action) => {
                    let before = game.clone();
                    game.apply(entry.seat, action).map_err(|e| {
                        StoreError::Corrupt(format!(
                            "version {} does not replay: {e:?}",
                            entry.version
                        ))
                    })?;
                    undoable.push(Undoable {
                        seat: entry.seat,
                        action: action.clone(),
                        before,
                    });
                    if undoable.len() > UNDO_DEPTH {
                        undoable.remove(0);
                    }
                }
                Cause::Undo => match undoable.pop() {
                    Some(taken_back) => game = taken_back.before,
                    None => {
                        return Err(StoreError::Corrupt(format!(
                            "version {} takes back nothing",
                            entry.version
                        ))
                        .into())
                    }
                },
                // Who plays a seat changed, or a clock ran out: nothing before it can be
                // taken back.
                Cause::TimedOut(action) => {
                    if let Some(action) = action {
                        game.apply(entry.seat, action).map_err(|e| {
                            StoreError::Corrupt(format!(
                                "version {} does not replay: {e:?}",
                                entry.version
                            ))
                        })?;
                    }
                    undoable.clear();
                }
                Cause::Resigned | Cause::HandedToBot(_) => undoable.clear(),
            }
        }
        if game != table.game {
            return Err(
                StoreError::Corrupt("the log does not replay to the stored game".into()).into(),
            );
        }
        let Some(last) = undoable.pop() else {
            return Err(refused("There is no decision to take back."));
        };
        if last.seat != seat {
            return Err(refused(
                "Another seat has decided since: only your own latest decisions can be taken back.",
            ));
        }
        // Played again on the game before it: it must neither draw at random nor change
        // what any seat keeps hidden.
        let mut again = last.before.clone();
        again.apply(seat, &last.action).map_err(|e| {
            StoreError::Corrupt(format!("a taken-back decision does not replay: {e:?}"))
        })?;
        let seats = table.seat_count();
        let secrets =
            |g: &AnyState| -> Vec<_> { (0..seats).map(|s| g.secrets(Seat(s as u8))).collect() };
        if again.randomness_drawn() != last.before.randomness_drawn() {
            return Err(refused(
                "That decision drew at random (a card, a tile, a die): it cannot be taken back.",
            ));
        }
        if secrets(&again) != secrets(&last.before) {
            return Err(refused(
                "That decision revealed or moved hidden information: it cannot be taken back.",
            ));
        }
        Ok(last.before)
    }
}

fn request_id(request: &pb::UndoActionRequest) -> Option<&str> {
    (!request.request_id.is_empty()).then_some(request.request_id.as_str())
}
