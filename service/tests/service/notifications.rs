//! Turn notifications (issue 15, part 4): signed webhooks from the store's outbox, checked
//! by a receiver the tests serve on loopback. Seats are bound to players by seeding the
//! session in the store (until sign-in lands, the API binds no seat to a player).

use crate::support::harness::{authed, StoreKind};
use crate::support::redis_server::RedisServer;
use crate::support::server_process::ServerProcess;
use agora_engine::origin;
use agora_engine::registry::{AnyOptions, AnyState};
use agora_proto::v1 as pb;
use agora_proto::v1::game_service_client::GameServiceClient;
use agora_service::auth;
use agora_service::clock::{Clocks, Limit, OnTimeout, TimeControl};
use agora_service::config::Config;
use agora_service::notify::{parse_secret, sign};
use agora_service::store::memory::MemoryStore;
use agora_service::store::redis::{RedisConfig, RedisStore};
use agora_service::store::{Finish, Notification, Reason, SeatRecord, SessionMeta, Store};
use agora_service::table::Table;
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use std::collections::{BTreeSet, HashMap};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::oneshot;
use tonic::transport::Channel;

const SECRET: &str = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

/// One request the receiver got.
#[derive(Debug, Clone)]
struct Received {
    id: String,
    signed: bool,
    body: serde_json::Value,
    /// Answered 2xx.
    accepted: bool,
}

/// A webhook endpoint on loopback: verifies each request's signature, records it, and
/// answers 503 to the first `failures` requests (all of them with `usize::MAX`).
struct Receiver {
    addr: SocketAddr,
    got: Arc<Mutex<Vec<Received>>>,
    failures: Arc<AtomicUsize>,
    _stop: oneshot::Sender<()>,
}

impl Receiver {
    async fn start(failures: usize) -> Receiver {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("addr");
        let got: Arc<Mutex<Vec<Received>>> = Arc::default();
        let failures = Arc::new(AtomicUsize::new(failures));
        let (stop, mut stopped) = oneshot::channel::<()>();
        let (got2, failures2) = (got.clone(), failures.clone());
        tokio::spawn(async move {
            loop {
                let stream = tokio::select! {
                    accepted = listener.accept() => match accepted {
                        Ok((stream, _)) => stream,
                        Err(_) => continue,
                    },
                    _ = &mut stopped => return,
                };
                let (got, failures) = (got2.clone(), failures2.clone());
                let service = hyper::service::service_fn(
                    move |request: hyper::Request<hyper::body::Incoming>| {
                        let (got, failures) = (got.clone(), failures.clone());
                        async move {
                            let (parts, body) = request.into_parts();
                            let body = body
                                .collect()
                                .await
                                .map(|b| b.to_bytes())
                                .unwrap_or_default();
                            let header = |name: &str| {
                                parts
                                    .headers
                                    .get(name)
                                    .and_then(|v| v.to_str().ok())
                                    .unwrap_or_default()
                                    .to_string()
                            };
                            let id = header("webhook-id");
                            let timestamp: i64 = header("webhook-timestamp").parse().unwrap_or(-1);
                            let key = parse_secret(SECRET).expect("secret");
                            let signed = header("webhook-signature")
                                .split(' ')
                                .any(|s| s == sign(&key, &id, timestamp, &body));
                            let fail = failures
                                .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                                    (n > 0).then(|| if n == usize::MAX { n } else { n - 1 })
                                })
                                .is_ok();
                            got.lock().expect("lock").push(Received {
                                id,
                                signed,
                                body: serde_json::from_slice(&body).unwrap_or_default(),
                                accepted: !fail,
                            });
                            let status = if fail { 503 } else { 204 };
                            Ok::<_, std::convert::Infallible>(
                                hyper::Response::builder()
                                    .status(status)
                                    .body(Full::new(Bytes::new()))
                                    .expect("response"),
                            )
                        }
                    },
                );
                tokio::spawn(async move {
                    let io = hyper_util::rt::TokioIo::new(stream);
                    let _ = hyper::server::conn::http1::Builder::new()
                        .serve_connection(io, service)
                        .await;
                });
            }
        });
        Receiver {
            addr,
            got,
            failures,
            _stop: stop,
        }
    }

    fn url(&self) -> String {
        format!("http://{}/hooks/agora", self.addr)
    }

    fn got(&self) -> Vec<Received> {
        self.got.lock().expect("lock").clone()
    }

    /// Distinct ids received.
    fn ids(&self) -> BTreeSet<String> {
        self.got().into_iter().map(|r| r.id).collect()
    }

    /// Distinct ids answered 2xx.
    fn accepted(&self) -> BTreeSet<String> {
        self.got()
            .into_iter()
            .filter(|r| r.accepted)
            .map(|r| r.id)
            .collect()
    }

    /// Waits until `ids` have all been accepted (failing after a generous bound, so a
    /// lost notification fails the test instead of hanging it).
    async fn wait_for(&self, ids: &BTreeSet<String>) {
        for _ in 0..600 {
            if self.accepted().is_superset(ids) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!(
            "notifications never arrived: {:?}",
            ids.difference(&self.accepted()).collect::<Vec<_>>()
        );
    }

    /// Waits until `n` requests have arrived.
    async fn wait_for_requests(&self, n: usize) {
        for _ in 0..600 {
            if self.got().len() >= n {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("only {} of {n} requests arrived", self.got().len());
    }
}

/// A store of `kind` the test can also write to directly, with its private Redis.
struct Backend {
    store: Arc<dyn Store>,
    redis: Option<RedisServer>,
}

impl Backend {
    async fn open(kind: StoreKind) -> Backend {
        match kind {
            StoreKind::Memory => Backend {
                store: Arc::new(MemoryStore::new(1000, 64)),
                redis: None,
            },
            StoreKind::Redis => {
                let redis = RedisServer::start();
                Backend {
                    store: Arc::new(connect(&redis.url()).await),
                    redis: Some(redis),
                }
            }
        }
    }
}

async fn connect(url: &str) -> RedisStore {
    RedisStore::connect(RedisConfig::new(url))
        .await
        .expect("connect")
}

/// A started two-player Origin session whose seats belong to two fresh players; answers
/// its id, the seat tokens and the player ids. On Redis the binding is written where the
/// store reads it (`seat:<i>:player`).
async fn seat_players(
    store: &dyn Store,
    redis: Option<&str>,
) -> (String, Vec<String>, Vec<String>) {
    seat_players_timed(store, redis, None).await
}

/// [`seat_players`] with clocks.
async fn seat_players_timed(
    store: &dyn Store,
    redis: Option<&str>,
    time_control: Option<TimeControl>,
) -> (String, Vec<String>, Vec<String>) {
    seat_players_but(store, redis, time_control, None).await
}

/// [`seat_players_timed`] with seat `open` (if any) left open: the game waits for it.
async fn seat_players_but(
    store: &dyn Store,
    redis: Option<&str>,
    time_control: Option<TimeControl>,
    open: Option<usize>,
) -> (String, Vec<String>, Vec<String>) {
    let id = uuid::Uuid::new_v4().to_string();
    let options = AnyOptions::Origin(origin::Options::default());
    let mut state = Table::new(AnyState::setup(&options, 7).expect("setup"));
    state.clocks = time_control.map(|c| Clocks::new(c, 2));
    let tokens: Vec<String> = (0..2).map(|_| auth::new_token()).collect();
    let players: Vec<String> = ["alice", "bob"]
        .iter()
        .map(|p| format!("{p}-{}", &uuid::Uuid::new_v4().to_string()[..8]))
        .collect();
    let now = agora_service::store::now_ms();
    let meta = SessionMeta {
        started_ms: open.is_none().then_some(now),
        time_control,
        ..SessionMeta::new(
            id.clone(),
            options,
            7,
            (0..2)
                .map(|i| match open == Some(i) {
                    true => SeatRecord::default(),
                    false => SeatRecord {
                        player_name: players[i].clone(),
                        token_hash: Some(auth::hash_token(&tokens[i])),
                        player_id: Some(players[i].clone()),
                    },
                })
                .collect(),
            now,
        )
    };
    store.sessions().create(meta, state).await.expect("create");
    if let Some(url) = redis {
        let client = ::redis::Client::open(url).expect("client");
        let mut conn = client
            .get_multiplexed_async_connection()
            .await
            .expect("redis");
        for (i, player) in players.iter().enumerate().filter(|(i, _)| open != Some(*i)) {
            ::redis::cmd("HSET")
                .arg(format!("agora:{{{id}}}:meta"))
                .arg(format!("seat:{i}:player"))
                .arg(player)
                .query_async::<()>(&mut conn)
                .await
                .expect("HSET");
        }
    }
    (id, tokens, players)
}

/// Server settings with the webhook at `url`, retrying fast.
fn webhook(config: &mut Config, url: &str, max_attempts: u32) {
    config.webhook_url = Some(url.to_string());
    config.webhook_secret = Some(SECRET.into());
    config.webhook_timeout_ms = 2000;
    config.webhook_max_attempts = max_attempts;
    config.webhook_backoff_ms = 50;
    config.webhook_backoff_max_ms = 200;
}

/// An in-process server on `store`; dropped with the returned sender.
async fn serve(
    store: Arc<dyn Store>,
    adjust: impl FnOnce(&mut Config),
) -> (GameServiceClient<Channel>, oneshot::Sender<()>) {
    let mut config = Config::for_tests();
    adjust(&mut config);
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    let (stop, stopped) = oneshot::channel::<()>();
    tokio::spawn(agora_service::server::serve_with_store(
        config,
        store,
        listener,
        async move {
            let _ = stopped.await;
        },
    ));
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{addr}"))
        .expect("endpoint")
        .connect_timeout(Duration::from_secs(2))
        .connect()
        .await
        .expect("connect");
    (GameServiceClient::new(channel), stop)
}

/// One move by the first seat to act; answers (caller seat, seats to act before, seats to
/// act after, version).
async fn step(
    client: &mut GameServiceClient<Channel>,
    id: &str,
    tokens: &[String],
) -> (usize, Vec<u32>, Vec<u32>, u64) {
    let session = client
        .get_session(pb::GetSessionRequest {
            session_id: id.into(),
        })
        .await
        .expect("get")
        .into_inner()
        .session
        .expect("session");
    let seat = session.to_act[0] as usize;
    let legal = client
        .list_legal_actions(authed(
            pb::ListLegalActionsRequest {
                session_id: id.into(),
            },
            &tokens[seat],
        ))
        .await
        .expect("legal")
        .into_inner();
    let answer = client
        .submit_action(authed(
            crate::support::harness::submit_request(
                id,
                legal.actions[0].clone(),
                Some(legal.version),
                &uuid::Uuid::new_v4().to_string(),
            ),
            &tokens[seat],
        ))
        .await
        .expect("submit")
        .into_inner();
    let after = answer.session.expect("session");
    (seat, session.to_act, after.to_act, answer.version)
}

/// Moves `moves` times, then seat 0 resigns, waiting for each expected notification
/// before the next move (a player who moves at once is no longer to act when the worker
/// looks). Answers every expected id.
async fn play_and_expect(
    client: &mut GameServiceClient<Channel>,
    receiver: &Receiver,
    id: &str,
    tokens: &[String],
    players: &[String],
    moves: usize,
) -> BTreeSet<String> {
    let mut expected = BTreeSet::new();
    for _ in 0..moves {
        let (caller, before, after, version) = step(client, id, tokens).await;
        let mut now = BTreeSet::new();
        for seat in &after {
            if !before.contains(seat) && *seat as usize != caller {
                now.insert(Notification::derive_id(
                    id,
                    version,
                    &players[*seat as usize],
                    Reason::YourTurn,
                ));
            }
        }
        receiver.wait_for(&now).await;
        expected.extend(now);
    }
    let resigned = client
        .resign_session(authed(
            pb::ResignSessionRequest {
                session_id: id.into(),
                request_id: uuid::Uuid::new_v4().to_string(),
            },
            &tokens[0],
        ))
        .await
        .expect("resign")
        .into_inner();
    let over = Notification::derive_id(id, resigned.version, &players[1], Reason::GameOver);
    expected.insert(over);
    receiver.wait_for(&expected).await;
    expected
}

/// Every request carried a valid signature and an expected id, and its body says what
/// the id stands for.
fn check_requests(receiver: &Receiver, expected: &BTreeSet<String>, id: &str) {
    let got = receiver.got();
    assert!(!got.is_empty());
    for r in &got {
        assert!(r.signed, "bad signature on {r:?}");
        assert!(expected.contains(&r.id), "unexpected notification {r:?}");
        assert_eq!(r.body["data"]["id"], r.id.as_str());
        assert_eq!(r.body["data"]["session_id"], id);
        assert_eq!(r.body["data"]["game_id"], "origin");
        assert!(r.body["type"]
            .as_str()
            .is_some_and(|t| t.starts_with("agora.")));
    }
    assert_eq!(&receiver.ids(), expected, "every expected id, and no other");
}

async fn turns_and_the_end_are_told_once_per_id(kind: StoreKind) {
    let backend = Backend::open(kind).await;
    let receiver = Receiver::start(0).await;
    let url = receiver.url();
    let (mut client, _stop) = serve(backend.store.clone(), |c| webhook(c, &url, 5)).await;
    let redis = backend.redis.as_ref().map(|r| r.url());
    let (id, tokens, players) = seat_players(backend.store.as_ref(), redis.as_deref()).await;
    let expected = play_and_expect(&mut client, &receiver, &id, &tokens, &players, 6).await;
    assert!(expected.len() >= 2, "a turn passed and the game ended");
    check_requests(&receiver, &expected, &id);
    // Nobody failed, so nothing was sent twice.
    assert_eq!(receiver.got().len(), expected.len());
}

async fn a_player_with_an_open_stream_is_not_told(kind: StoreKind) {
    let backend = Backend::open(kind).await;
    let receiver = Receiver::start(0).await;
    let url = receiver.url();
    let (mut client, _stop) = serve(backend.store.clone(), |c| webhook(c, &url, 5)).await;
    let redis = backend.redis.as_ref().map(|r| r.url());
    let (id, tokens, players) = seat_players(backend.store.as_ref(), redis.as_deref()).await;
    // Bob watches the session.
    let mut stream = client
        .stream_events(authed(
            pb::StreamEventsRequest {
                session_id: id.clone(),
                after_version: 0,
            },
            &tokens[1],
        ))
        .await
        .expect("stream")
        .into_inner();
    // Play until a move makes Bob to act (he is not told: he watches). Alice, who does
    // not watch, is told each time she becomes to act.
    let mut bobs = BTreeSet::new();
    let mut alices = BTreeSet::new();
    for _ in 0..500 {
        let (caller, before, after, version) = step(&mut client, &id, &tokens).await;
        if caller != 0 && after.contains(&0) && !before.contains(&0) {
            alices.insert(Notification::derive_id(
                &id,
                version,
                &players[0],
                Reason::YourTurn,
            ));
        }
        if caller != 1 && after.contains(&1) && !before.contains(&1) {
            bobs.insert(Notification::derive_id(
                &id,
                version,
                &players[1],
                Reason::YourTurn,
            ));
            break;
        }
    }
    assert!(!bobs.is_empty(), "a move made Bob to act");
    // A marker made after Bob's notification: a resignation in another session. A
    // replica sends what it claimed one after another in the order it came due, so once
    // the marker arrived, Bob's notification (due earlier) was looked at and dropped.
    let (other, other_tokens, other_players) =
        seat_players(backend.store.as_ref(), redis.as_deref()).await;
    // Due strictly later than Bob's (due times are in ms).
    tokio::time::sleep(Duration::from_millis(5)).await;
    let resigned = client
        .resign_session(authed(
            pb::ResignSessionRequest {
                session_id: other.clone(),
                request_id: uuid::Uuid::new_v4().to_string(),
            },
            &other_tokens[0],
        ))
        .await
        .expect("resign")
        .into_inner();
    let marker = Notification::derive_id(
        &other,
        resigned.version,
        &other_players[1],
        Reason::GameOver,
    );
    receiver.wait_for(&BTreeSet::from([marker.clone()])).await;
    let got = receiver.ids();
    assert!(got.is_disjoint(&bobs), "Bob had a stream open: {got:?}");
    alices.insert(marker);
    assert!(got.is_subset(&alices), "{got:?}");
    // The stream stayed open until here.
    assert!(stream.message().await.is_ok());
}

async fn a_receiver_that_fails_for_a_while_gets_it_after_recovery(kind: StoreKind) {
    let backend = Backend::open(kind).await;
    let receiver = Receiver::start(3).await;
    let url = receiver.url();
    let (mut client, _stop) = serve(backend.store.clone(), |c| webhook(c, &url, 10)).await;
    let redis = backend.redis.as_ref().map(|r| r.url());
    let (id, tokens, players) = seat_players(backend.store.as_ref(), redis.as_deref()).await;
    let expected = play_and_expect(&mut client, &receiver, &id, &tokens, &players, 1).await;
    check_requests(&receiver, &expected, &id);
    // The three failed attempts were retries of the first notification, with its id.
    let got = receiver.got();
    assert_eq!(got.len(), expected.len() + 3);
    assert!(got[..4].iter().all(|r| r.id == got[0].id), "{got:?}");
    assert!(backend
        .store
        .outbox()
        .dead_letters(10)
        .await
        .expect("dead")
        .is_empty());
}

async fn a_receiver_that_keeps_failing_ends_in_the_dead_letters(kind: StoreKind) {
    let backend = Backend::open(kind).await;
    let receiver = Receiver::start(usize::MAX).await;
    let url = receiver.url();
    let (mut client, _stop) = serve(backend.store.clone(), |c| webhook(c, &url, 3)).await;
    let redis = backend.redis.as_ref().map(|r| r.url());
    let (id, tokens, players) = seat_players(backend.store.as_ref(), redis.as_deref()).await;
    // Alice resigns: Bob is told the game is over, and the endpoint refuses it each time.
    let resigned = client
        .resign_session(authed(
            pb::ResignSessionRequest {
                session_id: id.clone(),
                request_id: uuid::Uuid::new_v4().to_string(),
            },
            &tokens[0],
        ))
        .await
        .expect("resign")
        .into_inner();
    let over = Notification::derive_id(&id, resigned.version, &players[1], Reason::GameOver);
    let mut dead = Vec::new();
    for _ in 0..600 {
        dead = backend.store.outbox().dead_letters(10).await.expect("dead");
        if !dead.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(dead.len(), 1, "the notification is a dead letter");
    let letter = &dead[0];
    assert_eq!(letter.notification.id, over);
    assert_eq!(letter.notification.reason, Reason::GameOver);
    assert_eq!(letter.notification.player_id, players[1]);
    assert_eq!(letter.attempts, 3);
    assert!(letter.error.contains("503"), "{}", letter.error);
    // Three attempts, one id, each signed.
    let got = receiver.got();
    assert_eq!(got.len(), 3);
    assert!(got.iter().all(|r| r.id == over && r.signed));
    drop(receiver.failures);
}

fn outbox_item(id: &str, not_before: i64) -> Notification {
    Notification {
        id: id.into(),
        reason: Reason::YourTurn,
        player_id: "alice".into(),
        session_id: "s".into(),
        game_id: "origin".into(),
        version: 1,
        seat: Some(0),
        created_ms: 0,
        not_before_ms: not_before,
    }
}

/// The store contract of the outbox: one copy per id, leases that exclude other claimers
/// and stale finishers, failures counted, dead letters kept, finished ids not put back.
async fn the_outbox_leases_retries_and_buries(kind: StoreKind) {
    let backend = Backend::open(kind).await;
    let store = backend.store.as_ref();
    let now = agora_service::store::now_ms();
    let a = format!("a-{}", uuid::Uuid::new_v4());
    let b = format!("b-{}", uuid::Uuid::new_v4());
    store
        .outbox()
        .put(&[outbox_item(&a, now), outbox_item(&b, now + 60_000)])
        .await
        .expect("put");
    store
        .outbox()
        .put(&[outbox_item(&a, now)])
        .await
        .expect("put");
    let claimed = store.outbox().claim(now, 1000, 10).await.expect("claim");
    assert_eq!(claimed.len(), 1, "one copy of a, and b is not due");
    let first = &claimed[0];
    assert_eq!(
        (first.notification.id.as_str(), first.failures),
        (a.as_str(), 0)
    );
    assert_eq!(first.notification, outbox_item(&a, now));
    assert!(store
        .outbox()
        .claim(now, 1000, 10)
        .await
        .expect("claim")
        .is_empty());
    assert!(!store
        .outbox()
        .finish(&a, first.lease - 1, Finish::Done)
        .await
        .expect("finish"));
    assert!(store
        .outbox()
        .finish(&a, first.lease, Finish::Failed { at_ms: now })
        .await
        .expect("finish"));
    let again = store.outbox().claim(now, 1000, 10).await.expect("claim");
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].failures, 1);
    assert!(store
        .outbox()
        .finish(&a, again[0].lease, Finish::Wait { at_ms: now })
        .await
        .expect("finish"));
    let waited = store.outbox().claim(now, 1000, 10).await.expect("claim");
    assert_eq!(waited[0].failures, 1, "waiting is not a failure");
    assert!(store
        .outbox()
        .finish(
            &a,
            waited[0].lease,
            Finish::Dead {
                error: "503".into(),
                now_ms: now,
            },
        )
        .await
        .expect("finish"));
    let dead = store.outbox().dead_letters(10).await.expect("dead");
    assert_eq!(dead.len(), 1);
    assert_eq!(dead[0].notification.id, a);
    assert_eq!((dead[0].attempts, dead[0].error.as_str()), (2, "503"));
    store
        .outbox()
        .put(&[outbox_item(&a, now)])
        .await
        .expect("put");
    assert!(store
        .outbox()
        .claim(now, 1000, 10)
        .await
        .expect("claim")
        .is_empty());
    // b comes due later, once.
    let later = store
        .outbox()
        .claim(now + 60_000, 1000, 10)
        .await
        .expect("claim");
    assert_eq!(later.len(), 1);
    assert_eq!(later[0].notification.id, b);
    assert!(store
        .outbox()
        .finish(&b, later[0].lease, Finish::Done)
        .await
        .expect("finish"));
    assert!(store
        .outbox()
        .claim(now + 3_600_000, 1000, 10)
        .await
        .expect("claim")
        .is_empty());
    // Presence marks.
    assert!(!store
        .presence()
        .is_present("s", "alice")
        .await
        .expect("read"));
    store
        .presence()
        .mark_present("s", "alice", 60_000)
        .await
        .expect("mark");
    assert!(store
        .presence()
        .is_present("s", "alice")
        .await
        .expect("read"));
    assert!(!store.presence().is_present("s", "bob").await.expect("read"));
}

/// A player whose clock runs is warned before it runs out; when it does, the server's
/// timeout ends the game and both players are told (a server turn, no caller).
async fn a_running_clock_is_warned_and_its_timeout_told(kind: StoreKind) {
    let backend = Backend::open(kind).await;
    let receiver = Receiver::start(0).await;
    let url = receiver.url();
    let (mut client, _stop) = serve(backend.store.clone(), |c| {
        webhook(c, &url, 5);
        c.webhook_clock_warning_ms = 2_000;
    })
    .await;
    let redis = backend.redis.as_ref().map(|r| r.url());
    let control = TimeControl {
        limit: Limit::PerMove { ms: 3_000 },
        on_timeout: OnTimeout::Lose,
    };
    let (id, tokens, players) =
        seat_players_timed(backend.store.as_ref(), redis.as_deref(), Some(control)).await;
    // Alice moves until Bob is to act; then nobody moves.
    let mut expected = BTreeSet::new();
    let version = loop {
        let (caller, before, after, version) = step(&mut client, &id, &tokens).await;
        assert_eq!(caller, 0, "Bob never moves");
        if after.contains(&1) {
            if !before.contains(&1) {
                expected.insert(Notification::derive_id(
                    &id,
                    version,
                    &players[1],
                    Reason::YourTurn,
                ));
            }
            break version;
        }
    };
    let warning = Notification::derive_id(&id, version, &players[1], Reason::ClockWarning);
    expected.insert(warning.clone());
    // Bob's time runs out at version + 1: the game is over for both.
    for player in &players {
        expected.insert(Notification::derive_id(
            &id,
            version + 1,
            player,
            Reason::GameOver,
        ));
    }
    receiver.wait_for(&expected).await;
    check_requests(&receiver, &expected, &id);
    let got = receiver.got();
    let warned = got.iter().find(|r| r.id == warning).expect("warning");
    assert_eq!(warned.body["type"], "agora.clock_warning");
    assert_eq!(warned.body["data"]["player_id"], players[1].as_str());
    assert_eq!(warned.body["data"]["seat"], 1);
    // The warning came before the end.
    let at = |id: &str| got.iter().position(|r| r.id == id);
    let over = Notification::derive_id(&id, version + 1, &players[1], Reason::GameOver);
    assert!(at(&warning) < at(&over), "{got:?}");
}

per_store!(
    players_signed_in_with_jwts_are_invited_and_told,
    a_running_clock_is_warned_and_its_timeout_told,
    the_outbox_leases_retries_and_buries,
    turns_and_the_end_are_told_once_per_id,
    a_player_with_an_open_stream_is_not_told,
    a_receiver_that_fails_for_a_while_gets_it_after_recovery,
    a_receiver_that_keeps_failing_ends_in_the_dead_letters,
);

/// Two replicas on one Redis. The first dies right after its first webhook POST succeeded
/// and before it finished the item in the outbox (`webhook-delivered`, as a `kill -9`
/// would): the second delivers it again when the lease runs out, with the same id, and
/// every later notification; nothing is lost, and no notification arrives under two ids.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replica_killed_during_delivery_loses_nothing() {
    let redis = RedisServer::start();
    let receiver = Receiver::start(0).await;
    let url = receiver.url();
    let flags = [
        "--webhook-url",
        url.as_str(),
        "--webhook-timeout-ms",
        "1000",
        "--webhook-backoff-ms",
        "50",
        "--webhook-backoff-max-ms",
        "200",
    ];
    let mut args = vec!["--store", "redis", "--redis-url"];
    let redis_url = redis.url();
    args.push(&redis_url);
    args.extend_from_slice(&flags);
    let env = [("AGORA_WEBHOOK_SECRET", SECRET)];
    let mut first =
        ServerProcess::start_with(&args, &[env[0], ("FAILPOINTS", "webhook-delivered=return")]);
    let store = connect(&redis.url()).await;
    let (id, tokens, players) = seat_players(&store, Some(&redis.url())).await;
    let mut client = first.client().await;
    // Seat 0 moves until seat 1 is to act: the first replica posts that and dies.
    let mut expected = BTreeSet::new();
    loop {
        let (caller, to_act, after, version) = step(&mut client, &id, &tokens).await;
        for seat in &after {
            if !to_act.contains(seat) && *seat as usize != caller {
                expected.insert(Notification::derive_id(
                    &id,
                    version,
                    &players[*seat as usize],
                    Reason::YourTurn,
                ));
            }
        }
        if !expected.is_empty() {
            break;
        }
    }
    receiver.wait_for(&expected).await;
    assert!(
        first.exited_within(Duration::from_secs(30)).is_some(),
        "the first replica dies after its first delivery"
    );
    let delivered_before = receiver.got().len();
    assert_eq!(delivered_before, 1);
    // The second replica takes over the outbox and the game.
    let second = ServerProcess::start_with(&args, &env);
    let mut client = second.client().await;
    receiver.wait_for_requests(2).await;
    let more = play_and_expect(&mut client, &receiver, &id, &tokens, &players, 4).await;
    expected.extend(more);
    check_requests(&receiver, &expected, &id);
    // The notification whose delivery the first replica never recorded came twice, with
    // one id; everything else once.
    let mut counts: HashMap<String, usize> = HashMap::new();
    for r in receiver.got() {
        *counts.entry(r.id).or_default() += 1;
    }
    let first = receiver.got()[0].id.clone();
    for (id, n) in &counts {
        let want = if *id == first { 2 } else { 1 };
        assert_eq!(*n, want, "{id} arrived {n} times");
    }
}

/// Two replicas on one Redis. The first dies right after the claim of the last seat, which
/// starts the game, and before it answers (`join-stored`, as a `kill -9` would): the player
/// to act is still told it is their turn, by the second replica, because the start's
/// notification went to the outbox before the claim.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_turn_is_told_when_the_replica_starting_the_game_dies() {
    let redis = RedisServer::start();
    let receiver = Receiver::start(0).await;
    let url = receiver.url();
    let redis_url = redis.url();
    let args = [
        "--store",
        "redis",
        "--redis-url",
        redis_url.as_str(),
        "--webhook-url",
        url.as_str(),
        "--webhook-backoff-ms",
        "50",
    ];
    let env = [("AGORA_WEBHOOK_SECRET", SECRET)];
    let store = connect(&redis_url).await;
    // The seat that acts first belongs to a player; the other is open.
    let options = AnyOptions::Origin(origin::Options::default());
    let first_to_act = Table::new(AnyState::setup(&options, 7).expect("setup"))
        .to_act()
        .iter()
        .next();
    let first = usize::from(first_to_act.expect("someone acts first").0);
    let open = 1 - first;
    let (id, _tokens, players) = seat_players_but(&store, Some(&redis_url), None, Some(open)).await;
    let mut doomed =
        ServerProcess::start_with(&args, &[env[0], ("FAILPOINTS", "join-stored=return")]);
    let mut client = doomed.client().await;
    let join = client
        .join_session(pb::JoinSessionRequest {
            session_id: id.clone(),
            seat: Some(open as u32),
            player_name: "Latecomer".into(),
            request_id: uuid::Uuid::new_v4().to_string(),
        })
        .await;
    assert!(join.is_err(), "the replica dies before it answers the join");
    assert!(
        doomed.exited_within(Duration::from_secs(30)).is_some(),
        "the replica dies after the claim"
    );
    let started = store.sessions().load(&id).await.expect("load");
    assert!(
        started.meta.started_ms.is_some(),
        "the claim was stored: the game started"
    );
    let _survivor = ServerProcess::start_with(&args, &env);
    let expected: BTreeSet<String> = [Notification::derive_id(
        &id,
        0,
        &players[first],
        Reason::YourTurn,
    )]
    .into();
    receiver.wait_for(&expected).await;
    check_requests(&receiver, &expected, &id);
}

/// The whole path with real sign-in (the identity tests' provider on loopback): a private
/// session invites three players (each is told), two join with their JWTs (the start
/// tells the first to act, unless it is the joiner), play on with only their JWTs, and
/// one resigns (the other is told). Every notification arrives, signed, under the
/// expected ids and no other.
async fn players_signed_in_with_jwts_are_invited_and_told(kind: StoreKind) {
    use crate::support::harness::TestServer;
    use crate::support::idp::{self, claims, Jwks, SigningKey};
    let key = SigningKey::generate("k1");
    let jwks = Jwks::serve(&[&key]).await;
    let receiver = Receiver::start(0).await;
    let url = receiver.url();
    let server = TestServer::start_with(kind, |c| {
        idp::trust(c, &jwks);
        webhook(c, &url, 5);
    })
    .await;
    let mut client = server.client().await;
    let players: Vec<String> = ["alice", "bob"].iter().map(|p| p.to_string()).collect();
    let jwts: Vec<String> = players
        .iter()
        .map(|p| key.sign(&claims(p, &p.to_uppercase())))
        .collect();
    let invited = vec!["alice".to_string(), "bob".into(), "carol".into()];
    let session = client
        .create_session(pb::CreateSessionRequest {
            options: Some(crate::support::harness::origin_options(2, true)),
            seed: Some(7),
            unrated: true,
            request_id: uuid::Uuid::new_v4().to_string(),
            invited_player_ids: invited.clone(),
            ..Default::default()
        })
        .await
        .expect("create")
        .into_inner()
        .session
        .expect("session");
    let id = session.session_id.clone();
    let mut expected: BTreeSet<String> = invited
        .iter()
        .map(|p| Notification::derive_id(&id, 0, p, Reason::Invited))
        .collect();
    receiver.wait_for(&expected).await;
    for (seat, jwt) in jwts.iter().enumerate() {
        client
            .join_session(authed(
                pb::JoinSessionRequest {
                    session_id: id.clone(),
                    seat: Some(seat as u32),
                    player_name: String::new(),
                    request_id: uuid::Uuid::new_v4().to_string(),
                },
                jwt,
            ))
            .await
            .expect("join with a JWT");
    }
    // The last join (Bob's, seat 1) started the game: the seats to act but his are told.
    let started = client
        .get_session(pb::GetSessionRequest {
            session_id: id.clone(),
        })
        .await
        .expect("get")
        .into_inner()
        .session
        .expect("session");
    assert_eq!(started.seats[0].player_id, "alice");
    let start: BTreeSet<String> = started
        .to_act
        .iter()
        .filter(|&&seat| seat != 1)
        .map(|&seat| Notification::derive_id(&id, 0, &players[seat as usize], Reason::YourTurn))
        .collect();
    receiver.wait_for(&start).await;
    expected.extend(start);
    let more = play_and_expect(&mut client, &receiver, &id, &jwts, &players, 4).await;
    expected.extend(more);
    check_requests(&receiver, &expected, &id);
    let carol = receiver
        .got()
        .into_iter()
        .find(|r| r.body["data"]["player_id"] == "carol")
        .expect("carol was told");
    assert_eq!(carol.body["type"], "agora.invited");
    assert!(carol.body["data"]["seat"].is_null());
    // Alice (seat 0) asks for a rematch, where she plays seat 1 and Bob seat 0: the first
    // seat to act is told under the rematch's id at version 0, unless it is Alice's own.
    let rematch = client
        .rematch_session(authed(
            pb::RematchSessionRequest {
                session_id: id.clone(),
            },
            &jwts[0],
        ))
        .await
        .expect("rematch")
        .into_inner()
        .session
        .expect("session");
    let player_of = |seat: u32| players[(seat as usize + 1) % 2].clone();
    let (told, untold): (Vec<u32>, Vec<u32>) = rematch.to_act.iter().partition(|&&s| s != 1);
    let told: BTreeSet<String> = told
        .iter()
        .map(|&s| Notification::derive_id(&rematch.session_id, 0, &player_of(s), Reason::YourTurn))
        .collect();
    receiver.wait_for(&told).await;
    if !untold.is_empty() {
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    let in_rematch: BTreeSet<String> = receiver
        .got()
        .into_iter()
        .filter(|r| r.body["data"]["session_id"] == rematch.session_id.as_str())
        .map(|r| r.id)
        .collect();
    assert_eq!(
        in_rematch, told,
        "the rematch's first turn, and nothing for the asker"
    );
}
