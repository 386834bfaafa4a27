//! The lobby calls: create, describe, list and join sessions.

use super::errors::ApiError;
use super::{check_session_id, convert, GameApi, MAX_NAME_LEN};
use crate::auth;
use crate::store::{now_ms, ListFilter, Loaded, SeatRecord, SessionMeta};
use agora_engine::registry::AnyState;
use agora_engine::FieldViolation;
use agora_proto::v1 as pb;
use tracing::Span;

const DEFAULT_PAGE: usize = 50;
const MAX_PAGE: usize = 500;

/// The public description of a loaded session.
pub(crate) fn describe(loaded: &Loaded) -> pb::Session {
    let to_act: Vec<_> = loaded.state.to_act().iter().collect();
    convert::session_out(
        &loaded.meta,
        loaded.version,
        &to_act,
        loaded.state.outcome().as_ref(),
    )
}

impl GameApi {
    #[tracing::instrument(skip_all, fields(session, game))]
    pub(crate) async fn create(
        &self,
        request: pb::CreateSessionRequest,
    ) -> Result<pb::CreateSessionResponse, ApiError> {
        let options = convert::options_in(request.options.as_ref())?;
        let seed = request.seed.unwrap_or_else(rand::random);
        let state = AnyState::setup(&options, seed)
            .map_err(|e| FieldViolation::new("options", e.to_string()))?;
        let id = uuid::Uuid::new_v4().to_string();
        Span::current().record("session", id.as_str());
        Span::current().record("game", options.game_id());
        let meta = SessionMeta {
            id: id.clone(),
            game_id: options.game_id().to_string(),
            seats: vec![SeatRecord::default(); state.seat_count()],
            options,
            seed,
            create_time_unix_ms: now_ms(),
        };
        self.store.create(meta.clone(), state.clone()).await?;
        tracing::info!("session created");
        let loaded = Loaded {
            meta,
            version: 0,
            state,
        };
        Ok(pb::CreateSessionResponse {
            session: Some(describe(&loaded)),
        })
    }

    #[tracing::instrument(skip_all, fields(session = %request.session_id))]
    pub(crate) async fn get(
        &self,
        request: pb::GetSessionRequest,
    ) -> Result<pb::GetSessionResponse, ApiError> {
        let loaded = self.load(&request.session_id).await?;
        Ok(pb::GetSessionResponse {
            session: Some(describe(&loaded)),
        })
    }

    #[tracing::instrument(skip_all)]
    pub(crate) async fn list(
        &self,
        request: pb::ListSessionsRequest,
    ) -> Result<pb::ListSessionsResponse, ApiError> {
        let limit = match request.page_size as usize {
            0 => DEFAULT_PAGE,
            n => n.min(MAX_PAGE),
        };
        let filter = ListFilter {
            game_id: (!request.game_id.is_empty()).then_some(request.game_id),
            include_full: request.include_full,
            limit,
        };
        let rows = self.store.list(&filter).await?;
        let sessions = rows
            .iter()
            .map(|r| convert::session_out(&r.meta, r.version, &r.to_act, r.outcome.as_ref()))
            .collect();
        Ok(pb::ListSessionsResponse { sessions })
    }

    #[tracing::instrument(skip_all, fields(session = %request.session_id, seat))]
    pub(crate) async fn join(
        &self,
        request: pb::JoinSessionRequest,
    ) -> Result<pb::JoinSessionResponse, ApiError> {
        check_session_id(&request.session_id)?;
        let name = request.player_name.trim();
        if name.chars().count() > MAX_NAME_LEN {
            return Err(FieldViolation::new(
                "player_name",
                format!("at most {MAX_NAME_LEN} characters."),
            )
            .into());
        }
        let token = auth::new_token();
        let (seat, _) = self
            .store
            .claim_seat(
                &request.session_id,
                request.seat,
                name,
                auth::hash_token(&token),
            )
            .await?;
        Span::current().record("seat", seat.0);
        tracing::info!("seat taken");
        let loaded = self.store.load(&request.session_id).await?;
        Ok(pb::JoinSessionResponse {
            seat: seat.0.into(),
            seat_token: token,
            session: Some(describe(&loaded)),
        })
    }
}
