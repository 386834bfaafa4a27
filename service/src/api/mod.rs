//! The `agora.v1.GameService` implementation. The trait impl below only reads the caller's
//! token and records the answer; each call's handler is a `GameApi` method in the file
//! of its group:
//!
//! | calls | file |
//! |---|---|
//! | ListGames | here |
//! | CreateSession, GetSession, ListSessions, JoinSession, LeaveSession | `sessions.rs` (request ids: `request_ids.rs`) |
//! | GetState, ListLegalActions, SubmitAction | `play.rs` |
//! | StreamEvents | `stream.rs` |
//! | ResignSession, HandSeatToBot; the server's bots and clocks | `bots.rs` |
//! | UndoAction | `undo.rs` |
//! | RematchSession | `rematch.rs` |
//! | GetHistory, ExportSession, ImportSession | `history.rs` |
//! | ListMySessions | `players.rs` (archived games: `finished.rs`) |
//! | GetMyStatistics, ListFinishedSessions | `finished.rs` |
//! | SendChatMessage, ListChatMessages, StreamChat, ListQuickPhrases | `chat.rs` |
//! | MutePlayer, UnmutePlayer, BlockPlayer, UnblockPlayer, ListBlockedPlayers, ReportPlayer | `moderation.rs` |
//! | StartQuickMatch, GetMatchTicket, CancelQuickMatch, WatchMatchTicket | `quick_match.rs` (the matcher: `matcher.rs`) |
//! | GetRating, GetLeaderboard, GetLeaderboardAroundMe | `ratings.rs` |
//!
//! Conversions live in `convert/`; every failure is an [`errors::ApiError`], turned into
//! a status in `errors.rs` only.

mod bots;
pub mod chat;
pub mod convert;
pub mod errors;
mod finished;
mod history;
mod matcher;
mod moderation;
mod play;
mod players;
pub mod quick_match;
mod ratings;
mod rematch;
mod request_ids;
mod sessions;
pub mod stream;
mod undo;

use crate::cache::StateCache;
use crate::identity::{Caller, Identity};
use crate::limits::{PlayerLimits, StreamLimits, StreamSlots};
use crate::locks::SessionLocks;
use crate::metrics::Metrics;
use crate::store::moderation::Relation;
use crate::store::{Loaded, Readable, Store};
use agora_engine::FieldViolation;
use agora_proto::v1 as pb;
use errors::ApiError;
use pb::game_service_server::GameService;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tonic::metadata::MetadataMap;
use tonic::{Code, Request, Response, Status};

/// Longest player name, session id or request id accepted.
pub const MAX_NAME_LEN: usize = 64;
pub const MAX_ID_LEN: usize = 128;

/// Sessions whose decoded state a replica keeps by default: a few MB for typical games.
pub const DEFAULT_STATE_CACHE: usize = 4096;

/// How long a cached state is trusted at most, TTLs permitting.
pub const DEFAULT_STATE_MAX_AGE: Duration = Duration::from_secs(30);

/// Shared by every call; cheap to clone.
#[derive(Clone)]
pub struct GameApi {
    pub(crate) store: Arc<dyn Store>,
    pub(crate) locks: Arc<SessionLocks>,
    /// Retries of an unpinned SubmitAction that lost a version race.
    pub(crate) commit_retries: u32,
    /// Flips to true when the server shuts down, ending open streams.
    pub(crate) shutdown: watch::Receiver<bool>,
    /// Open StreamEvents per connection, bounded by `--max-concurrent-streams`.
    pub(crate) streams: Arc<StreamSlots>,
    /// OpenTelemetry instruments (no-ops unless an OTLP endpoint is configured).
    pub(crate) metrics: Arc<Metrics>,
    /// Stream responses shared by the streams of one session.
    pub(crate) renditions: Arc<stream::Renditions>,
    /// Decoded states of recently active sessions (see [`crate::cache`]).
    pub(crate) cache: Arc<StateCache>,
    /// The sessions whose bot turns this replica is playing now.
    pub(crate) drivers: Arc<bots::Drivers>,
    /// Turn notifications, when a webhook is configured (see [`crate::notify`]).
    pub(crate) notifier: Option<Arc<crate::notify::Notifier>>,
    /// The permanent archive, when one is configured (see [`crate::archive`]).
    pub(crate) archiver: Option<Arc<crate::archive::worker::Archiver>>,
    /// Verifies player tokens (JWTs) when identity is configured.
    pub(crate) identity: Option<Arc<Identity>>,
    /// Per-player call rate and open sessions.
    pub(crate) player_limits: Arc<PlayerLimits>,
    /// `--allow-chosen-seeds`: a chosen seed is accepted between people (see `sessions`).
    pub(crate) allow_chosen_seeds: bool,
    /// Per-author chat send rate (`--chat-messages-per-minute`).
    pub(crate) chat_rate: Arc<chat::ChatRate>,
    /// The operator's chat filter (word list, webhook); empty by default.
    pub(crate) chat_filter: Arc<crate::chat_filter::ChatFilter>,
    /// `--quick-match-tickets-per-minute`.
    pub(crate) ticket_rate: Arc<crate::matchmaking::TicketRate>,
    /// `--quick-match-ticket-ttl`.
    pub(crate) ticket_ttl: Duration,
}

impl GameApi {
    pub fn new(
        store: Arc<dyn Store>,
        commit_retries: u32,
        shutdown: watch::Receiver<bool>,
    ) -> GameApi {
        GameApi {
            store,
            locks: Arc::new(SessionLocks::default()),
            commit_retries,
            shutdown,
            streams: StreamSlots::new(StreamLimits::per_connection(0)),
            metrics: Arc::new(Metrics::new()),
            renditions: stream::Renditions::new(),
            cache: Arc::new(StateCache::new(DEFAULT_STATE_CACHE, DEFAULT_STATE_MAX_AGE)),
            drivers: Arc::default(),
            notifier: None,
            archiver: None,
            identity: None,
            player_limits: Arc::default(),
            allow_chosen_seeds: false,
            chat_rate: Arc::default(),
            chat_filter: Arc::default(),
            ticket_rate: Arc::default(),
            ticket_ttl: Duration::from_secs(300),
        }
    }

    /// Sends at most `per_minute` chat messages a minute per author (0: no limit), and
    /// asks `filter` about each text.
    pub fn with_chat(mut self, per_minute: u32, filter: crate::chat_filter::ChatFilter) -> GameApi {
        self.chat_rate = Arc::new(chat::ChatRate::new(per_minute));
        self.chat_filter = Arc::new(filter);
        self
    }

    /// Quick match: at most `tickets_per_minute` tickets per player (0: no limit), each
    /// waiting at most `ticket_ttl`.
    pub fn with_quick_match(mut self, tickets_per_minute: u32, ticket_ttl: Duration) -> GameApi {
        self.ticket_rate = Arc::new(crate::matchmaking::TicketRate::new(tickets_per_minute));
        self.ticket_ttl = ticket_ttl;
        self
    }

    /// Accepts a CreateSession `seed` between people without `unrated`.
    pub fn with_allow_chosen_seeds(mut self, allow: bool) -> GameApi {
        self.allow_chosen_seeds = allow;
        self
    }

    /// Makes notifications with `notifier` (none are made without one).
    pub fn with_notifier(mut self, notifier: Option<Arc<crate::notify::Notifier>>) -> GameApi {
        self.notifier = notifier;
        self
    }

    /// Archives finished games with `archiver`, and reads them back from its archive once
    /// the live store has dropped them (nothing is archived without one).
    pub fn with_archiver(
        mut self,
        archiver: Option<Arc<crate::archive::worker::Archiver>>,
    ) -> GameApi {
        self.archiver = archiver;
        self
    }

    /// The metrics this API records to (the notifier shares them).
    pub fn metrics(&self) -> Arc<Metrics> {
        self.metrics.clone()
    }

    /// Puts what `change` means for the session's players in the outbox, before its
    /// commit (see [`crate::notify`]); nothing without a webhook. A change that ends the
    /// game also puts its archive job in the work queue, when an archive is configured
    /// (see [`crate::archive`]): before the commit, so no finished game goes unarchived;
    /// and, for a rated game, its rating job (see [`crate::ratings`]).
    pub(crate) async fn notify(
        &self,
        change: &crate::notify::Change<'_>,
    ) -> Result<(), crate::store::StoreError> {
        if let (Some(_), Some(_)) = (&self.archiver, change.outcome) {
            let job = crate::store::WorkItem::archive(&change.meta.id, change.version, change.now);
            self.store.work().put(&[job]).await?;
        }
        // A rated game's end is rated once, archive or not (see [`crate::ratings`]).
        if change.outcome.is_some() && change.meta.rated_now() {
            let job = crate::store::WorkItem::rating(&change.meta.id, change.version, change.now);
            self.store.work().put(&[job]).await?;
        }
        match &self.notifier {
            Some(notifier) => {
                let items = notifier.plan(change);
                notifier.put(self.store.as_ref(), &items).await
            }
            None => Ok(()),
        }
    }

    /// Puts the archive's expiry job of session `id`, about to be created at `now`, when an
    /// archive is configured: before the create, so no session that expires without an
    /// outcome goes unarchived (see [`crate::archive::worker`]).
    pub(crate) async fn put_expiry_job(
        &self,
        id: &str,
        now: i64,
    ) -> Result<(), crate::store::StoreError> {
        match &self.archiver {
            Some(archiver) => self.store.work().put(&[archiver.expiry_job(id, now)]).await,
            None => Ok(()),
        }
    }

    /// Applies `limits` to signed-in players.
    pub fn with_player_limits(mut self, limits: PlayerLimits) -> GameApi {
        self.player_limits = Arc::new(limits);
        self
    }

    /// Accepts player tokens verified by `identity` beside seat tokens.
    pub fn with_identity(mut self, identity: Option<Arc<Identity>>) -> GameApi {
        self.identity = identity;
        self
    }

    /// Who makes the call, resolved once: with identity configured, a bearer value with
    /// a JWT's shape is a player token and must verify; any other value is a seat token.
    pub(crate) async fn caller(&self, metadata: &MetadataMap) -> Result<Caller, ApiError> {
        let Some(value) = crate::auth::bearer_value(metadata)? else {
            return Ok(Caller::Anonymous);
        };
        match &self.identity {
            Some(identity) if crate::identity::looks_like_jwt(value) => {
                let player = identity.verify(value).await?;
                self.player_limits.call(&player.id)?;
                Ok(Caller::Player(player))
            }
            _ => Ok(Caller::Seat(crate::auth::hash_token(value))),
        }
    }

    /// Keeps the decoded state of at most `sessions` sessions (0: none), each for at most
    /// `max_age` (keep it below the sessions' TTLs; see [`crate::cache`]).
    pub fn with_state_cache(mut self, sessions: usize, max_age: Duration) -> GameApi {
        self.cache = Arc::new(StateCache::new(sessions, max_age));
        self
    }

    /// The session a request names; a malformed id is refused before the store is asked.
    /// A finished session the live store no longer has is read from the archive.
    pub(crate) async fn load(&self, session_id: &str) -> Result<Loaded, ApiError> {
        Ok(self.load_with_log(session_id).await?.0)
    }

    /// [`Self::load`], and the whole log when the session came from the archive (the live
    /// store's log is read in pages by whoever needs it).
    pub(crate) async fn load_with_log(
        &self,
        session_id: &str,
    ) -> Result<(Loaded, Option<Vec<Arc<crate::store::LogEntry>>>), ApiError> {
        check_session_id(session_id)?;
        match (self.store.sessions().load(session_id).await, &self.archiver) {
            (Err(crate::store::StoreError::NotFound(_)), Some(archiver)) => {
                let Some(game) = archiver
                    .archive()
                    .game(session_id)
                    .await
                    .map_err(crate::store::StoreError::from)?
                else {
                    return Err(crate::store::StoreError::NotFound(session_id.to_string()).into());
                };
                let (loaded, entries) = crate::archive::read::loaded(&game)?;
                Ok((loaded, Some(entries)))
            }
            (loaded, _) => Ok((loaded?, None)),
        }
    }

    /// The session a request names for reading: playable, or pinned to older rules
    /// (see [`Self::read_with_log`]).
    pub(crate) async fn read(&self, session_id: &str) -> Result<Readable, ApiError> {
        Ok(self.read_with_log(session_id).await?.0)
    }

    /// The session a request names for reading: playable, or pinned to older rules,
    /// falling through to the archive as [`Self::load_with_log`] does: a
    /// finished game the live store no longer has is read back from the archive, with its
    /// whole log.
    pub(crate) async fn read_with_log(
        &self,
        session_id: &str,
    ) -> Result<(Readable, Option<Vec<Arc<crate::store::LogEntry>>>), ApiError> {
        check_session_id(session_id)?;
        match (self.store.sessions().read(session_id).await, &self.archiver) {
            (Err(crate::store::StoreError::NotFound(_)), Some(_)) => {
                let (loaded, entries) = self.load_with_log(session_id).await?;
                Ok((Readable::Playable(loaded), entries))
            }
            (readable, _) => Ok((readable?, None)),
        }
    }

    /// At most `max` open StreamEvents per connection; one more gets RESOURCE_EXHAUSTED.
    pub fn with_max_streams_per_connection(mut self, max: usize) -> GameApi {
        self.streams = StreamSlots::new(StreamLimits::per_connection(max));
        self
    }

    /// Open StreamEvents per connection, per peer address and per player.
    pub fn with_stream_limits(mut self, limits: StreamLimits) -> GameApi {
        self.streams = StreamSlots::new(limits);
        self
    }
}

/// Session ids are server-made UUIDs; anything else cannot name a session.
pub(crate) fn check_session_id(id: &str) -> Result<(), FieldViolation> {
    if id.is_empty() {
        Err(FieldViolation::new("session_id", "required."))
    } else if id.len() > MAX_ID_LEN {
        Err(FieldViolation::new("session_id", "too long."))
    } else {
        Ok(())
    }
}

/// Turns a handler's answer into the call's, logs what an operator must know of a failure
/// ([`errors::report`]), and records it on the RPC span:
/// `rpc.grpc.status_code` always, and an error status only for server faults, as the
/// OpenTelemetry conventions for gRPC servers say (a refused move is the caller's
/// business, not an error of the service).
fn traced<T>(result: Result<T, ApiError>) -> Result<Response<T>, Status> {
    if let Err(error) = &result {
        errors::report(error);
    }
    let result = result.map(Response::new).map_err(Status::from);
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
        traced(Ok(pb::ListGamesResponse { games }))
    }

    async fn create_session(
        &self,
        request: Request<pb::CreateSessionRequest>,
    ) -> Result<Response<pb::CreateSessionResponse>, Status> {
        // The caller matters only to bind a request id to it (see `request_ids`): without
        // one, CreateSession stays a call anyone may make whatever header it sends.
        let caller = if request.get_ref().request_id.is_empty() {
            Ok(Caller::Anonymous)
        } else {
            self.caller(request.metadata()).await
        };
        let result = match caller {
            Ok(caller) => self.create(request.into_inner(), caller).await,
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn get_session(
        &self,
        request: Request<pb::GetSessionRequest>,
    ) -> Result<Response<pb::GetSessionResponse>, Status> {
        traced(self.get(request.into_inner()).await)
    }

    async fn list_sessions(
        &self,
        request: Request<pb::ListSessionsRequest>,
    ) -> Result<Response<pb::ListSessionsResponse>, Status> {
        traced(self.list(request.into_inner()).await)
    }

    async fn join_session(
        &self,
        request: Request<pb::JoinSessionRequest>,
    ) -> Result<Response<pb::JoinSessionResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => self.join(request.into_inner(), caller).await,
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn leave_session(
        &self,
        request: Request<pb::LeaveSessionRequest>,
    ) -> Result<Response<pb::LeaveSessionResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => self.leave(request.into_inner(), caller).await,
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn get_state(
        &self,
        request: Request<pb::GetStateRequest>,
    ) -> Result<Response<pb::GetStateResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => self.state(request.into_inner(), caller).await,
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn list_legal_actions(
        &self,
        request: Request<pb::ListLegalActionsRequest>,
    ) -> Result<Response<pb::ListLegalActionsResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => self.legal(request.into_inner(), caller).await,
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn submit_action(
        &self,
        request: Request<pb::SubmitActionRequest>,
    ) -> Result<Response<pb::SubmitActionResponse>, Status> {
        let start = std::time::Instant::now();
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => self.submit(request.into_inner(), caller).await,
            Err(e) => Err(e),
        };
        let result = traced(result);
        self.metrics.submitted(&result, start.elapsed());
        result
    }

    async fn resign_session(
        &self,
        request: Request<pb::ResignSessionRequest>,
    ) -> Result<Response<pb::ResignSessionResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => self.resign(request.into_inner(), caller).await,
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn hand_seat_to_bot(
        &self,
        request: Request<pb::HandSeatToBotRequest>,
    ) -> Result<Response<pb::HandSeatToBotResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => self.hand_to_bot(request.into_inner(), caller).await,
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn rematch_session(
        &self,
        request: Request<pb::RematchSessionRequest>,
    ) -> Result<Response<pb::RematchSessionResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => self.rematch(request.into_inner(), caller).await,
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn undo_action(
        &self,
        request: Request<pb::UndoActionRequest>,
    ) -> Result<Response<pb::UndoActionResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => self.undo(request.into_inner(), caller).await,
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn get_history(
        &self,
        request: Request<pb::GetHistoryRequest>,
    ) -> Result<Response<pb::GetHistoryResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => self.history(request.into_inner(), caller).await,
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn export_session(
        &self,
        request: Request<pb::ExportSessionRequest>,
    ) -> Result<Response<pb::ExportSessionResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => self.export(request.into_inner(), caller).await,
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn import_session(
        &self,
        request: Request<pb::ImportSessionRequest>,
    ) -> Result<Response<pb::ImportSessionResponse>, Status> {
        traced(self.import(request.into_inner()).await)
    }

    async fn list_my_sessions(
        &self,
        request: Request<pb::ListMySessionsRequest>,
    ) -> Result<Response<pb::ListMySessionsResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => self.my_sessions(request.into_inner(), caller).await,
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn get_my_statistics(
        &self,
        request: Request<pb::GetMyStatisticsRequest>,
    ) -> Result<Response<pb::GetMyStatisticsResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => self.my_statistics(request.into_inner(), caller).await,
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn list_finished_sessions(
        &self,
        request: Request<pb::ListFinishedSessionsRequest>,
    ) -> Result<Response<pb::ListFinishedSessionsResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => self.finished_sessions(request.into_inner(), caller).await,
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn start_quick_match(
        &self,
        request: Request<pb::StartQuickMatchRequest>,
    ) -> Result<Response<pb::StartQuickMatchResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => self.start_quick_match(request.into_inner(), caller).await,
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn get_match_ticket(
        &self,
        request: Request<pb::GetMatchTicketRequest>,
    ) -> Result<Response<pb::GetMatchTicketResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => self.get_match_ticket(request.into_inner(), caller).await,
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn cancel_quick_match(
        &self,
        request: Request<pb::CancelQuickMatchRequest>,
    ) -> Result<Response<pb::CancelQuickMatchResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => self.cancel_quick_match(request.into_inner(), caller).await,
            Err(e) => Err(e),
        };
        traced(result)
    }

    type WatchMatchTicketStream = quick_match::TicketStream;

    async fn watch_match_ticket(
        &self,
        request: Request<pb::WatchMatchTicketRequest>,
    ) -> Result<Response<Self::WatchMatchTicketStream>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => self.watch_match_ticket(request.into_inner(), caller).await,
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn get_rating(
        &self,
        request: Request<pb::GetRatingRequest>,
    ) -> Result<Response<pb::GetRatingResponse>, Status> {
        // The caller matters only for an empty player id (the caller's own rating).
        let caller = if request.get_ref().player_id.is_empty() {
            self.caller(request.metadata()).await
        } else {
            Ok(Caller::Anonymous)
        };
        let result = match caller {
            Ok(caller) => self.rating(request.into_inner(), caller).await,
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn get_leaderboard(
        &self,
        request: Request<pb::GetLeaderboardRequest>,
    ) -> Result<Response<pb::GetLeaderboardResponse>, Status> {
        traced(self.leaderboard(request.into_inner()).await)
    }

    async fn get_leaderboard_around_me(
        &self,
        request: Request<pb::GetLeaderboardAroundMeRequest>,
    ) -> Result<Response<pb::GetLeaderboardAroundMeResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => {
                self.leaderboard_around_me(request.into_inner(), caller)
                    .await
            }
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn send_chat_message(
        &self,
        request: Request<pb::SendChatMessageRequest>,
    ) -> Result<Response<pb::SendChatMessageResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => self.send_chat(request.into_inner(), caller).await,
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn list_chat_messages(
        &self,
        request: Request<pb::ListChatMessagesRequest>,
    ) -> Result<Response<pb::ListChatMessagesResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => self.list_chat(request.into_inner(), caller).await,
            Err(e) => Err(e),
        };
        traced(result)
    }

    type StreamChatStream = chat::ChatStream;

    async fn stream_chat(
        &self,
        request: Request<pb::StreamChatRequest>,
    ) -> Result<Response<Self::StreamChatStream>, Status> {
        let opened = async {
            let caller = self.caller(request.metadata()).await?;
            let player = match &caller {
                Caller::Player(player) => Some(format!("player:{}", player.id)),
                Caller::Seat(hash) => Some(format!("seat:{hash}")),
                Caller::Anonymous => None,
            };
            let slot = self.streams.acquire(request.remote_addr(), player)?;
            self.stream_chat(request.into_inner(), caller, slot).await
        };
        traced(opened.await)
    }

    async fn list_quick_phrases(
        &self,
        _request: Request<pb::ListQuickPhrasesRequest>,
    ) -> Result<Response<pb::ListQuickPhrasesResponse>, Status> {
        traced(Ok(self.quick_phrases()))
    }

    async fn mute_player(
        &self,
        request: Request<pb::MutePlayerRequest>,
    ) -> Result<Response<pb::MutePlayerResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => {
                let target = request.into_inner().player_id;
                self.relate(caller, &target, Relation::Muted, true)
                    .await
                    .map(|()| pb::MutePlayerResponse {})
            }
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn unmute_player(
        &self,
        request: Request<pb::UnmutePlayerRequest>,
    ) -> Result<Response<pb::UnmutePlayerResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => {
                let target = request.into_inner().player_id;
                self.relate(caller, &target, Relation::Muted, false)
                    .await
                    .map(|()| pb::UnmutePlayerResponse {})
            }
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn block_player(
        &self,
        request: Request<pb::BlockPlayerRequest>,
    ) -> Result<Response<pb::BlockPlayerResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => {
                let target = request.into_inner().player_id;
                self.relate(caller, &target, Relation::Blocked, true)
                    .await
                    .map(|()| pb::BlockPlayerResponse {})
            }
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn unblock_player(
        &self,
        request: Request<pb::UnblockPlayerRequest>,
    ) -> Result<Response<pb::UnblockPlayerResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => {
                let target = request.into_inner().player_id;
                self.relate(caller, &target, Relation::Blocked, false)
                    .await
                    .map(|()| pb::UnblockPlayerResponse {})
            }
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn list_blocked_players(
        &self,
        request: Request<pb::ListBlockedPlayersRequest>,
    ) -> Result<Response<pb::ListBlockedPlayersResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => self.relations(caller).await,
            Err(e) => Err(e),
        };
        traced(result)
    }

    async fn report_player(
        &self,
        request: Request<pb::ReportPlayerRequest>,
    ) -> Result<Response<pb::ReportPlayerResponse>, Status> {
        let result = match self.caller(request.metadata()).await {
            Ok(caller) => self.report(request.into_inner(), caller).await,
            Err(e) => Err(e),
        };
        traced(result)
    }

    type StreamEventsStream = stream::EventStream;

    async fn stream_events(
        &self,
        request: Request<pb::StreamEventsRequest>,
    ) -> Result<Response<Self::StreamEventsStream>, Status> {
        let opened = async {
            let caller = self.caller(request.metadata()).await?;
            // A player's streams count together on every connection: a signed-in
            // player by its id, a seat token's holder by the token.
            let player = match &caller {
                Caller::Player(player) => Some(format!("player:{}", player.id)),
                Caller::Seat(hash) => Some(format!("seat:{hash}")),
                Caller::Anonymous => None,
            };
            let slot = self.streams.acquire(request.remote_addr(), player)?;
            self.stream(request.into_inner(), caller, slot).await
        };
        traced(opened.await)
    }
}
