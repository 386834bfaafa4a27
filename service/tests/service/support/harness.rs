//! A real server on a random loopback port, a generated client, and the helpers every
//! service test uses. Tests are written once as `async fn name(kind: StoreKind)` and
//! instantiated per store with [`per_store!`].

#![allow(dead_code)]

use crate::support::redis_server::RedisServer;
use agora_proto::v1 as pb;
use agora_proto::v1::game_service_client::GameServiceClient;
use agora_service::config::{Config, StoreKind as ConfigStore};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::net::SocketAddr;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tonic::transport::Channel;
use tonic::{Code, Request, Status};

pub type Client = GameServiceClient<Channel>;

/// The session backends every service test runs against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoreKind {
    Memory,
    Redis,
}

/// Instantiates each listed `async fn name(kind: StoreKind)` once per store.
macro_rules! per_store {
    ($($name:ident),* $(,)?) => {
        mod memory {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name($crate::support::harness::StoreKind::Memory).await
                }
            )*
        }
        mod redis {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name($crate::support::harness::StoreKind::Redis).await
                }
            )*
        }
    };
}

/// A running `agora-server` (and its private Redis when asked for).
pub struct TestServer {
    pub addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<Result<(), agora_service::server::ServeError>>>,
    _redis: Option<RedisServer>,
}

impl TestServer {
    pub async fn start(kind: StoreKind) -> TestServer {
        TestServer::start_with(kind, |_| {}).await
    }

    pub async fn start_with(kind: StoreKind, adjust: impl FnOnce(&mut Config)) -> TestServer {
        let mut config = Config::for_tests();
        // Tests fix seeds to replay games between their "people" (one client playing every
        // seat); `fair_games` tests the default.
        config.allow_chosen_seeds = true;
        let redis = match kind {
            StoreKind::Memory => {
                config.store = ConfigStore::Memory;
                None
            }
            StoreKind::Redis => {
                let server = RedisServer::start();
                config.store = ConfigStore::Redis;
                config.redis_url = Some(server.url());
                Some(server)
            }
        };
        adjust(&mut config);
        let listener = tokio::net::TcpListener::bind(config.listen)
            .await
            .expect("bind a loopback port");
        let addr = listener.local_addr().expect("local address");
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(agora_service::serve(config, listener, async move {
            let _ = stopped.await;
        }));
        TestServer {
            addr,
            stop: Some(stop),
            task: Some(task),
            _redis: redis,
        }
    }

    /// The private Redis of a Redis-backed server.
    pub fn redis_url(&self) -> Option<String> {
        self._redis.as_ref().map(|r| r.url())
    }

    pub async fn client(&self) -> Client {
        let channel = tonic::transport::Endpoint::from_shared(format!("http://{}", self.addr))
            .expect("endpoint")
            .connect()
            .await
            .expect("connect to the test server");
        GameServiceClient::new(channel)
    }

    /// Graceful shutdown; returns once the server has stopped.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            task.await
                .expect("server task")
                .expect("server stops cleanly");
        }
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// `message` with `authorization: Bearer <token>`.
pub fn authed<T>(message: T, token: &str) -> Request<T> {
    let mut request = Request::new(message);
    let value = format!("Bearer {token}").parse().expect("header value");
    request.metadata_mut().insert("authorization", value);
    request
}

pub fn origin_options(players: u32, junior: bool) -> pb::GameOptions {
    let rules = if junior {
        pb::OriginRuleSet::Junior
    } else {
        pb::OriginRuleSet::Standard
    };
    pb::GameOptions {
        game: Some(pb::game_options::Game::Origin(pb::OriginOptions {
            players,
            rules: rules as i32,
            first_player: None,
        })),
    }
}

pub async fn create(client: &mut Client, players: u32, junior: bool, seed: u64) -> pb::Session {
    client
        .create_session(pb::CreateSessionRequest {
            options: Some(origin_options(players, junior)),
            seed: Some(seed),
            unrated: true,
            request_id: uuid::Uuid::new_v4().to_string(),
            ..Default::default()
        })
        .await
        .expect("create session")
        .into_inner()
        .session
        .expect("session")
}

/// Takes every seat in order (each join with a request id, so its token is derived from
/// it); returns the tokens by seat.
pub async fn join_all(client: &mut Client, session: &pb::Session) -> Vec<String> {
    let mut tokens = Vec::new();
    for seat in 0..session.seats.len() as u32 {
        let joined = client
            .join_session(pb::JoinSessionRequest {
                session_id: session.session_id.clone(),
                seat: Some(seat),
                player_name: format!("player {seat}"),
                request_id: uuid::Uuid::new_v4().to_string(),
            })
            .await
            .expect("join")
            .into_inner();
        assert_eq!(joined.seat, seat);
        tokens.push(joined.seat_token);
    }
    tokens
}

/// A session with every seat taken: (session id, tokens by seat).
pub async fn started(
    client: &mut Client,
    players: u32,
    junior: bool,
    seed: u64,
) -> (String, Vec<String>) {
    let session = create(client, players, junior, seed).await;
    let tokens = join_all(client, &session).await;
    (session.session_id, tokens)
}

pub async fn session(client: &mut Client, id: &str) -> pb::Session {
    client
        .get_session(pb::GetSessionRequest {
            session_id: id.to_string(),
        })
        .await
        .expect("get session")
        .into_inner()
        .session
        .expect("session")
}

pub async fn legal(client: &mut Client, id: &str, token: &str) -> pb::ListLegalActionsResponse {
    client
        .list_legal_actions(authed(
            pb::ListLegalActionsRequest {
                session_id: id.to_string(),
            },
            token,
        ))
        .await
        .expect("list legal actions")
        .into_inner()
}

pub fn submit_request(
    id: &str,
    action: pb::GameAction,
    expected: Option<u64>,
    request_id: &str,
) -> pb::SubmitActionRequest {
    pb::SubmitActionRequest {
        session_id: id.to_string(),
        action: Some(action),
        expected_version: expected,
        request_id: request_id.to_string(),
    }
}

/// Plays one random legal action of a seat that must decide; the new session.
pub async fn random_step(
    client: &mut Client,
    id: &str,
    tokens: &[String],
    rng: &mut ChaCha8Rng,
) -> pb::Session {
    let current = session(client, id).await;
    assert_eq!(
        current.status,
        pb::SessionStatus::InProgress as i32,
        "only a game in progress has a next step"
    );
    let seat = current.to_act[rng.random_range(0..current.to_act.len())] as usize;
    let options = legal(client, id, &tokens[seat]).await;
    assert!(
        !options.actions.is_empty(),
        "seat {seat} must decide but has no legal action"
    );
    let action = options.actions[rng.random_range(0..options.actions.len())].clone();
    let response = client
        .submit_action(authed(
            submit_request(
                id,
                action,
                Some(options.version),
                &uuid::Uuid::new_v4().to_string(),
            ),
            &tokens[seat],
        ))
        .await
        .unwrap_or_else(|e| panic!("a listed legal action was refused: {e:?}"));
    let response = response.into_inner();
    assert_eq!(response.version, options.version + 1);
    response.session.expect("session")
}

/// Plays random legal actions until the game ends (or `max_steps`); the last session.
pub async fn play(
    client: &mut Client,
    id: &str,
    tokens: &[String],
    seed: u64,
    max_steps: usize,
) -> pb::Session {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut last = session(client, id).await;
    for _ in 0..max_steps {
        if last.status == pb::SessionStatus::Finished as i32 {
            break;
        }
        last = random_step(client, id, tokens, &mut rng).await;
    }
    last
}

pub fn assert_code<T: std::fmt::Debug>(result: Result<T, Status>, code: Code) -> Status {
    match result {
        Ok(value) => panic!("expected {code:?}, got a success: {value:?}"),
        Err(status) => {
            assert_eq!(status.code(), code, "unexpected status: {status:?}");
            assert!(!status.message().is_empty(), "a status needs a sentence");
            status
        }
    }
}

/// A StreamEvents request for the versions of `id` after `after`, as the seat of `token`
/// or a spectator.
pub fn stream_request(
    id: &str,
    after: u64,
    token: Option<&str>,
) -> Request<pb::StreamEventsRequest> {
    let message = pb::StreamEventsRequest {
        session_id: id.to_string(),
        after_version: after,
    };
    match token {
        Some(token) => authed(message, token),
        None => Request::new(message),
    }
}

/// Every response of a stream until it ends or `count` versions arrived.
pub async fn collect_stream(
    client: &mut Client,
    id: &str,
    after: u64,
    token: Option<&str>,
    count: usize,
) -> Vec<pb::StreamEventsResponse> {
    let mut stream = client
        .stream_events(stream_request(id, after, token))
        .await
        .expect("stream")
        .into_inner();
    let mut out = Vec::new();
    while out.len() < count {
        match tokio::time::timeout(std::time::Duration::from_secs(20), stream.message()).await {
            Ok(Ok(Some(item))) => out.push(item),
            Ok(Ok(None)) => break,
            Ok(Err(status)) => panic!("stream failed: {status:?}"),
            Err(_) => panic!("stream stalled after {} versions", out.len()),
        }
    }
    out
}

/// A spectator's stream of session `id` from the start, once versions `1..=upto` have
/// arrived on it: what comes next is live.
pub async fn stream_caught_up(
    client: &mut Client,
    id: &str,
    upto: u64,
) -> tonic::Streaming<pb::StreamEventsResponse> {
    let mut stream = client
        .stream_events(pb::StreamEventsRequest {
            session_id: id.to_string(),
            after_version: 0,
        })
        .await
        .expect("stream")
        .into_inner();
    for version in 1..=upto {
        let item = stream.message().await.expect("history").expect("an item");
        assert_eq!(item.version, version);
    }
    stream
}

/// Each of `options` (bad player counts of game `game_id`) is refused with
/// INVALID_ARGUMENT naming `options.players`, and no session of that game exists after.
pub async fn assert_player_counts_refused(
    client: &mut Client,
    game_id: &str,
    options: impl IntoIterator<Item = pb::GameOptions>,
) {
    for options in options {
        let status = assert_code(
            client
                .create_session(pb::CreateSessionRequest {
                    options: Some(options),
                    seed: None,
                    ..Default::default()
                })
                .await,
            Code::InvalidArgument,
        );
        // The wire layer refuses a count it cannot hold; `setup` refuses the others.
        let message = status.message();
        assert!(
            message.starts_with("options") && message.contains("players"),
            "{status:?}"
        );
    }
    let sessions = client
        .list_sessions(pb::ListSessionsRequest {
            game_id: game_id.into(),
            include_full: true,
            page_size: 10,
        })
        .await
        .expect("list")
        .into_inner()
        .sessions;
    assert!(sessions.is_empty(), "no {game_id} session was created");
}

/// Submits `action` as `token`'s seat, expects FAILED_PRECONDITION with a rule code in an
/// ErrorInfo, and returns that code.
pub async fn refused_rule(
    client: &mut Client,
    id: &str,
    token: &str,
    action: pb::GameAction,
) -> String {
    use tonic_types::StatusExt;
    let status = assert_code(
        client
            .submit_action(authed(submit_request(id, action, None, ""), token))
            .await,
        Code::FailedPrecondition,
    );
    status
        .get_details_error_info()
        .unwrap_or_else(|| panic!("no ErrorInfo in {status:?}"))
        .reason
}

/// Versions must be `after+1, after+2, ...`: no gap, no duplicate.
pub fn assert_consecutive(items: &[pb::StreamEventsResponse], after: u64) {
    for (i, item) in items.iter().enumerate() {
        assert_eq!(
            item.version,
            after + 1 + i as u64,
            "gap or duplicate at position {i}"
        );
    }
}

/// A session of any game with every seat taken: (session id, tokens by seat).
pub async fn started_with(
    client: &mut Client,
    options: pb::GameOptions,
    seed: u64,
) -> (pb::Session, Vec<String>) {
    let session = client
        .create_session(pb::CreateSessionRequest {
            options: Some(options),
            seed: Some(seed),
            unrated: true,
            ..Default::default()
        })
        .await
        .expect("create session")
        .into_inner()
        .session
        .expect("session");
    let tokens = join_all(client, &session).await;
    (session, tokens)
}

/// Plays random legal actions to the end and checks what a finished game must show: an
/// outcome with one standing per seat and a winner, nobody to act, and `after_end` (any
/// action of that game) refused with FAILED_PRECONDITION and an ErrorInfo. The last session.
pub async fn play_to_the_end(
    client: &mut Client,
    id: &str,
    tokens: &[String],
    seed: u64,
    after_end: pb::GameAction,
) -> pb::Session {
    use tonic_types::StatusExt;
    let last = play(client, id, tokens, seed, 20_000).await;
    assert_eq!(
        last.status,
        pb::SessionStatus::Finished as i32,
        "session {id} (seed {seed}) did not finish"
    );
    let outcome = last
        .outcome
        .as_ref()
        .expect("a finished game has an outcome");
    assert_eq!(outcome.standings.len(), tokens.len());
    assert!(outcome.standings.iter().any(|s| s.rank == 1));
    assert!(last.to_act.is_empty());
    let status = assert_code(
        client
            .submit_action(authed(submit_request(id, after_end, None, ""), &tokens[0]))
            .await,
        Code::FailedPrecondition,
    );
    assert!(status.get_details_error_info().is_some());
    last
}

/// Submits each of `actions` as `token`'s seat and expects INVALID_ARGUMENT with a sentence
/// that starts by naming the field ("field.path: what is wrong").
pub async fn assert_all_malformed(
    client: &mut Client,
    id: &str,
    token: &str,
    actions: impl IntoIterator<Item = pb::GameAction>,
) {
    for action in actions {
        let status = assert_code(
            client
                .submit_action(authed(submit_request(id, action, None, ""), token))
                .await,
            Code::InvalidArgument,
        );
        assert!(
            status.message().contains(':'),
            "names the field: {status:?}"
        );
    }
}
