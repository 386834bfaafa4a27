//! The `agora.v1.GameService` implementation: one file per group of calls, conversions
//! in `convert/`, status mapping in `errors.rs`.

pub mod convert;
pub mod errors;
mod play;
pub(crate) use play::redacted_events;
mod sessions;

use crate::limits::StreamSlots;
use crate::locks::SessionLocks;
use crate::metrics::Metrics;
use crate::store::SessionStore;
use agora_proto::v1 as pb;
use pb::game_service_server::GameService;
use std::sync::Arc;
use tokio::sync::watch;
use tonic::{Request, Response, Status};

/// Longest player name, session id or request id accepted.
pub const MAX_NAME_LEN: usize = 64;
pub const MAX_ID_LEN: usize = 128;

/// Shared by every call; cheap to clone.
#[derive(Clone)]
pub struct GameApi {
    pub(crate) store: Arc<dyn SessionStore>,
    pub(crate) locks: Arc<SessionLocks>,
    /// Retries of an unpinned SubmitAction that lost a version race.
    pub(crate) commit_retries: u32,
    /// Flips to true when the server shuts down, ending open streams.
    pub(crate) shutdown: watch::Receiver<bool>,
    /// Open StreamEvents per connection, bounded by `--max-concurrent-streams`.
    pub(crate) streams: Arc<StreamSlots>,
    /// OpenTelemetry instruments (no-ops unless an OTLP endpoint is configured).
    pub(crate) metrics: Arc<Metrics>,
}

impl GameApi {
    pub fn new(
        store: Arc<dyn SessionStore>,
        commit_retries: u32,
        shutdown: watch::Receiver<bool>,
    ) -> GameApi {
        GameApi {
            store,
            locks: Arc::new(SessionLocks::default()),
            commit_retries,
            shutdown,
            streams: StreamSlots::new(usize::MAX),
            metrics: Arc::new(Metrics::new()),
        }
    }

    /// At most `max` open StreamEvents per connection; one more gets RESOURCE_EXHAUSTED.
    pub fn with_max_streams_per_connection(mut self, max: usize) -> GameApi {
        self.streams = StreamSlots::new(max);
        self
    }
}

/// Session ids are server-made UUIDs; anything else cannot name a session.
pub(crate) fn check_session_id(id: &str) -> Result<(), Status> {
    if id.is_empty() {
        Err(errors::invalid("session_id: required."))
    } else if id.len() > MAX_ID_LEN {
        Err(errors::invalid("session_id: too long."))
    } else {
        Ok(())
    }
}

#[tonic::async_trait]
impl GameService for GameApi {
    async fn list_games(
        &self,
        _request: Request<pb::ListGamesRequest>,
    ) -> Result<Response<pb::ListGamesResponse>, Status> {
        let games = agora_engine::registry::catalog()
            .iter()
            .map(convert::game_info_out)
            .collect();
        Ok(Response::new(pb::ListGamesResponse { games }))
    }

    async fn create_session(
        &self,
        request: Request<pb::CreateSessionRequest>,
    ) -> Result<Response<pb::CreateSessionResponse>, Status> {
        self.create(request.into_inner()).await.map(Response::new)
    }

    async fn get_session(
        &self,
        request: Request<pb::GetSessionRequest>,
    ) -> Result<Response<pb::GetSessionResponse>, Status> {
        self.get(request.into_inner()).await.map(Response::new)
    }

    async fn list_sessions(
        &self,
        request: Request<pb::ListSessionsRequest>,
    ) -> Result<Response<pb::ListSessionsResponse>, Status> {
        self.list(request.into_inner()).await.map(Response::new)
    }

    async fn join_session(
        &self,
        request: Request<pb::JoinSessionRequest>,
    ) -> Result<Response<pb::JoinSessionResponse>, Status> {
        self.join(request.into_inner()).await.map(Response::new)
    }

    async fn get_state(
        &self,
        request: Request<pb::GetStateRequest>,
    ) -> Result<Response<pb::GetStateResponse>, Status> {
        let token = crate::auth::bearer(request.metadata())?;
        self.state(request.into_inner(), token)
            .await
            .map(Response::new)
    }

    async fn list_legal_actions(
        &self,
        request: Request<pb::ListLegalActionsRequest>,
    ) -> Result<Response<pb::ListLegalActionsResponse>, Status> {
        let token = crate::auth::bearer(request.metadata())?;
        self.legal(request.into_inner(), token)
            .await
            .map(Response::new)
    }

    async fn submit_action(
        &self,
        request: Request<pb::SubmitActionRequest>,
    ) -> Result<Response<pb::SubmitActionResponse>, Status> {
        let start = std::time::Instant::now();
        let result = match crate::auth::bearer(request.metadata()) {
            Ok(token) => self.submit(request.into_inner(), token).await,
            Err(status) => Err(status),
        };
        self.metrics.submitted(&result, start.elapsed());
        result.map(Response::new)
    }

    type StreamEventsStream = crate::stream::EventStream;

    async fn stream_events(
        &self,
        request: Request<pb::StreamEventsRequest>,
    ) -> Result<Response<Self::StreamEventsStream>, Status> {
        let token = crate::auth::bearer(request.metadata())?;
        let slot = self.streams.acquire(request.remote_addr())?;
        crate::stream::start(self, request.into_inner(), token, slot)
            .await
            .map(Response::new)
    }
}
