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
use crate::store::{Loaded, SessionStore};
use agora_proto::v1 as pb;
use pb::game_service_server::GameService;
use std::sync::Arc;
use tokio::sync::watch;
use tonic::{Code, Request, Response, Status};

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

    /// The session a request names, or the status that says why it cannot be read.
    pub(crate) async fn load(&self, session_id: &str) -> Result<Loaded, Status> {
        check_session_id(session_id)?;
        self.store.load(session_id).await.map_err(errors::store)
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

/// Records a call's answer on its RPC span: `rpc.grpc.status_code` always, and an error
/// status only for server faults, as the OpenTelemetry conventions for gRPC servers say
/// (a refused move is the caller's business, not an error of the service).
fn traced<T>(result: Result<Response<T>, Status>) -> Result<Response<T>, Status> {
    let span = tracing::Span::current();
    let code = result.as_ref().err().map_or(Code::Ok, Status::code);
    span.record("rpc.grpc.status_code", code as i64);
    if let Err(status) = &result {
        if server_fault(code) {
            span.record("otel.status_code", "ERROR");
            span.record("otel.status_message", status.message());
        }
    }
    result
}

fn server_fault(code: Code) -> bool {
    matches!(
        code,
        Code::Unknown
            | Code::DeadlineExceeded
            | Code::Unimplemented
            | Code::Internal
            | Code::Unavailable
            | Code::DataLoss
    )
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
        traced(Ok(Response::new(pb::ListGamesResponse { games })))
    }

    async fn create_session(
        &self,
        request: Request<pb::CreateSessionRequest>,
    ) -> Result<Response<pb::CreateSessionResponse>, Status> {
        traced(self.create(request.into_inner()).await.map(Response::new))
    }

    async fn get_session(
        &self,
        request: Request<pb::GetSessionRequest>,
    ) -> Result<Response<pb::GetSessionResponse>, Status> {
        traced(self.get(request.into_inner()).await.map(Response::new))
    }

    async fn list_sessions(
        &self,
        request: Request<pb::ListSessionsRequest>,
    ) -> Result<Response<pb::ListSessionsResponse>, Status> {
        traced(self.list(request.into_inner()).await.map(Response::new))
    }

    async fn join_session(
        &self,
        request: Request<pb::JoinSessionRequest>,
    ) -> Result<Response<pb::JoinSessionResponse>, Status> {
        traced(self.join(request.into_inner()).await.map(Response::new))
    }

    async fn get_state(
        &self,
        request: Request<pb::GetStateRequest>,
    ) -> Result<Response<pb::GetStateResponse>, Status> {
        let result = match crate::auth::bearer(request.metadata()) {
            Ok(token) => self.state(request.into_inner(), token).await,
            Err(status) => Err(status),
        };
        traced(result.map(Response::new))
    }

    async fn list_legal_actions(
        &self,
        request: Request<pb::ListLegalActionsRequest>,
    ) -> Result<Response<pb::ListLegalActionsResponse>, Status> {
        let result = match crate::auth::bearer(request.metadata()) {
            Ok(token) => self.legal(request.into_inner(), token).await,
            Err(status) => Err(status),
        };
        traced(result.map(Response::new))
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
        traced(result.map(Response::new))
    }

    type StreamEventsStream = crate::stream::EventStream;

    async fn stream_events(
        &self,
        request: Request<pb::StreamEventsRequest>,
    ) -> Result<Response<Self::StreamEventsStream>, Status> {
        let opened = async {
            let token = crate::auth::bearer(request.metadata())?;
            let slot = self.streams.acquire(request.remote_addr())?;
            crate::stream::start(self, request.into_inner(), token, slot).await
        };
        traced(opened.await.map(Response::new))
    }
}
