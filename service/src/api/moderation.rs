//! Moderation by players: MutePlayer/UnmutePlayer, BlockPlayer/UnblockPlayer,
//! ListBlockedPlayers, ReportPlayer. Signed-in players only (a mute or a block must follow
//! a person, not a seat token); each call is safe to repeat.

use super::errors::ApiError;
use super::{check_session_id, GameApi, MAX_ID_LEN};
use crate::auth::AuthError;
use crate::identity::{Caller, Player};
use crate::store::moderation::{Relation, Report, REPORT_FORMAT};
use agora_engine::FieldViolation;
use agora_proto::v1 as pb;

/// Most players one player may mute, and block.
pub const MAX_RELATIONS: usize = 1_000;
/// Longest report reason, in characters.
pub const MAX_REASON_CHARS: usize = 1_000;

fn signed_in(caller: Caller) -> Result<Player, ApiError> {
    match caller {
        Caller::Player(player) => Ok(player),
        _ => Err(AuthError::PlayerRequired.into()),
    }
}

fn check_player_id(field: &str, id: &str) -> Result<(), FieldViolation> {
    if id.is_empty() {
        Err(FieldViolation::new(field, "required."))
    } else if id.len() > MAX_ID_LEN {
        Err(FieldViolation::new(field, "too long."))
    } else {
        Ok(())
    }
}

impl GameApi {
    /// Sets or clears the caller's `relation` to `target`.
    pub(crate) async fn relate(
        &self,
        caller: Caller,
        target: &str,
        relation: Relation,
        on: bool,
    ) -> Result<(), ApiError> {
        let player = signed_in(caller)?;
        check_player_id("player_id", target)?;
        if target == player.id {
            return Err(FieldViolation::new("player_id", "is yourself.").into());
        }
        let moderation = self.store.moderation();
        if on {
            let held = moderation.list(&player.id, relation).await?;
            if held.iter().any(|p| p == target) {
                return Ok(());
            }
            if held.len() >= MAX_RELATIONS {
                return Err(FieldViolation::new(
                    "player_id",
                    format!(
                        "you already hold {MAX_RELATIONS} players so, the most allowed; \
                         remove one first."
                    ),
                )
                .into());
            }
        }
        moderation.set(&player.id, relation, target, on).await?;
        Ok(())
    }

    pub(crate) async fn relations(
        &self,
        caller: Caller,
    ) -> Result<pb::ListBlockedPlayersResponse, ApiError> {
        let player = signed_in(caller)?;
        let moderation = self.store.moderation();
        Ok(pb::ListBlockedPlayersResponse {
            blocked_player_ids: moderation.list(&player.id, Relation::Blocked).await?,
            muted_player_ids: moderation.list(&player.id, Relation::Muted).await?,
        })
    }

    pub(crate) async fn report(
        &self,
        request: pb::ReportPlayerRequest,
        caller: Caller,
    ) -> Result<pb::ReportPlayerResponse, ApiError> {
        let player = signed_in(caller)?;
        check_player_id("player_id", &request.player_id)?;
        let request_id = super::request_ids::parse(&request.request_id)?
            .ok_or_else(|| FieldViolation::new("request_id", "required (a random UUID)."))?;
        if request.reason.chars().count() > MAX_REASON_CHARS {
            return Err(FieldViolation::new(
                "reason",
                format!("at most {MAX_REASON_CHARS} characters."),
            )
            .into());
        }
        let id = Report::derive_id(&player.id, request_id);
        let session_id = (!request.session_id.is_empty()).then_some(request.session_id);
        let message = match (&session_id, request.message_sequence) {
            (_, 0) => None,
            (None, _) => {
                return Err(
                    FieldViolation::new("session_id", "required with message_sequence.").into(),
                )
            }
            (Some(session), sequence) => {
                check_session_id(session)?;
                // The reporter must have been able to read it: the same rule as reading.
                let readable = self.read(session).await?;
                let viewer = crate::auth::viewer(readable.meta(), &Caller::Player(player.clone()))?;
                let may_read = match viewer {
                    agora_engine::Viewer::Seat(_) => true,
                    agora_engine::Viewer::Spectator => {
                        readable.meta().spectators_may_chat && !readable.meta().private()
                    }
                };
                if !may_read {
                    return Err(ApiError::ChatForPlayers);
                }
                let found = self
                    .store
                    .chat()
                    .messages(session, sequence - 1, 1)
                    .await?
                    .into_iter()
                    .find(|m| m.sequence == sequence);
                match found {
                    Some(m) if m.player_id.as_deref() == Some(request.player_id.as_str()) => {
                        Some(m)
                    }
                    Some(_) => {
                        return Err(FieldViolation::new(
                            "message_sequence",
                            "that message is not the reported player's.",
                        )
                        .into())
                    }
                    None => {
                        return Err(ApiError::Wire(tonic::Status::not_found(format!(
                            "This session's chat has no message {sequence}."
                        ))))
                    }
                }
            }
        };
        let kept = self
            .store
            .moderation()
            .report(Report {
                format: REPORT_FORMAT,
                id,
                reporter_id: player.id,
                player_id: request.player_id,
                session_id,
                message,
                reason: request.reason,
                time_ms: crate::store::now_ms(),
            })
            .await?;
        Ok(pb::ReportPlayerResponse { report_id: kept.id })
    }
}
