//! LeaveSession: a seat given back before the game starts opens again for someone else,
//! a second leave (a retry) changes nothing, leaving once the game started is refused,
//! a leave racing joins never loses or doubles a seat, a join retried after (or during)
//! the leave of its seat takes a fresh one, and a seat's stream opened before the start
//! ends rather than show the newcomer's secrets. Per store, plus one run on a Redis
//! Cluster with two replicas.
//!
//! A token of another session is answered OK and changes nothing (as a retry of a leave
//! is): the call promises that afterwards the token holds no seat of the session, which is
//! already true, and the store keeps no trace of a token that left to tell the two apart.

use crate::support::harness::*;
use agora_proto::v1 as pb;
use agora_service::store::{Claimed, SeatClaim, SessionMeta, Sessions, Store, StoreError};
use std::collections::HashSet;
use tonic::{Code, Request, Status};
use tonic_types::StatusExt;

per_store!(
    leaving_frees_the_seat_for_another_player,
    leaving_twice_answers_ok_and_changes_nothing,
    leaving_after_the_start_is_refused,
    leaving_needs_a_token_and_a_session,
    a_token_of_another_session_leaves_nothing,
    a_retried_join_of_a_seat_given_back_takes_a_fresh_seat,
    a_stream_of_a_seat_given_back_ends_at_the_first_version,
    leaves_racing_joins_never_lose_or_double_a_seat,
);

async fn join(
    client: &mut Client,
    id: &str,
    seat: Option<u32>,
    name: &str,
    request_id: &str,
) -> Result<pb::JoinSessionResponse, Status> {
    client
        .join_session(pb::JoinSessionRequest {
            session_id: id.to_string(),
            seat,
            player_name: name.to_string(),
            request_id: request_id.to_string(),
        })
        .await
        .map(tonic::Response::into_inner)
}

async fn leave(client: &mut Client, id: &str, token: &str) -> Result<pb::Session, Status> {
    client
        .leave_session(authed(
            pb::LeaveSessionRequest {
                session_id: id.to_string(),
            },
            token,
        ))
        .await
        .map(|r| r.into_inner().session.expect("session"))
}

/// The seat `token` holds, or the status refusing it.
async fn seat_of(client: &mut Client, id: &str, token: &str) -> Result<u32, Status> {
    let state = client
        .get_state(authed(
            pb::GetStateRequest {
                session_id: id.to_string(),
            },
            token,
        ))
        .await?
        .into_inner();
    match state.view.and_then(|v| v.game) {
        Some(pb::game_view::Game::Origin(view)) => Ok(view.viewer_seat.expect("a seat's view")),
        other => panic!("an Origin view, got {other:?}"),
    }
}

fn taken(session: &pb::Session) -> Vec<bool> {
    session.seats.iter().map(|s| s.taken).collect()
}

async fn lobby_open_seats(client: &mut Client, id: &str) -> Option<usize> {
    let listed = client
        .list_sessions(pb::ListSessionsRequest {
            game_id: String::new(),
            include_full: false,
            page_size: 500,
        })
        .await
        .expect("list")
        .into_inner()
        .sessions;
    listed
        .iter()
        .find(|s| s.session_id == id)
        .map(|s| s.seats.iter().filter(|seat| !seat.taken).count())
}

fn uuid() -> String {
    uuid::Uuid::new_v4().to_string()
}

async fn leaving_frees_the_seat_for_another_player(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let session = create(&mut client, 2, false, 7).await;
    let id = session.session_id.clone();
    let ada = join(&mut client, &id, None, "Ada", &uuid())
        .await
        .expect("join");
    assert_eq!(ada.seat, 0);
    assert_eq!(lobby_open_seats(&mut client, &id).await, Some(1));

    let after = leave(&mut client, &id, &ada.seat_token)
        .await
        .expect("leave");
    assert_eq!(after.status, pb::SessionStatus::WaitingForPlayers as i32);
    assert_eq!(taken(&after), vec![false, false]);
    assert_eq!(after.seats[0].player_name, "", "the name is forgotten");
    assert_eq!(session_of(&mut client, &id).await, after);
    assert_eq!(
        lobby_open_seats(&mut client, &id).await,
        Some(2),
        "the lobby lists both seats open"
    );
    assert_code(
        seat_of(&mut client, &id, &ada.seat_token).await,
        Code::PermissionDenied,
    );

    // Two others take both seats; the game starts and plays.
    let bob = join(&mut client, &id, Some(0), "Bob", &uuid())
        .await
        .expect("Bob takes the seat given back");
    let cy = join(&mut client, &id, None, "Cy", "").await.expect("join");
    assert_eq!((bob.seat, cy.seat), (0, 1));
    let started = cy.session.expect("session");
    assert_eq!(started.status, pb::SessionStatus::InProgress as i32);
    assert_eq!(started.seats[0].player_name, "Bob");
    assert_eq!(lobby_open_seats(&mut client, &id).await, None);
    let tokens = vec![bob.seat_token, cy.seat_token];
    let played = play(&mut client, &id, &tokens, 1, 3).await;
    assert!(played.version >= 3, "the game goes on: {played:?}");
    assert_code(
        seat_of(&mut client, &id, &ada.seat_token).await,
        Code::PermissionDenied,
    );
}

async fn session_of(client: &mut Client, id: &str) -> pb::Session {
    session(client, id).await
}

async fn leaving_twice_answers_ok_and_changes_nothing(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let session = create(&mut client, 3, false, 7).await;
    let id = session.session_id.clone();
    let ada = join(&mut client, &id, None, "Ada", &uuid())
        .await
        .expect("join");
    let bob = join(&mut client, &id, None, "Bob", &uuid())
        .await
        .expect("join");
    let first = leave(&mut client, &id, &ada.seat_token)
        .await
        .expect("leave");
    assert_eq!(taken(&first), vec![false, true, false]);
    let second = leave(&mut client, &id, &ada.seat_token)
        .await
        .expect("a second leave answers OK");
    assert_eq!(second, first, "and changes nothing");
    assert_eq!(session_of(&mut client, &id).await, first);
    assert_eq!(lobby_open_seats(&mut client, &id).await, Some(2));
    assert_eq!(
        seat_of(&mut client, &id, &bob.seat_token)
            .await
            .map_err(|s| s.code()),
        Ok(1)
    );
}

async fn leaving_after_the_start_is_refused(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, false, 7).await;
    let before = session_of(&mut client, &id).await;
    assert_eq!(before.status, pb::SessionStatus::InProgress as i32);
    let status = assert_code(
        leave(&mut client, &id, &tokens[0]).await,
        Code::FailedPrecondition,
    );
    let info = status.get_details_error_info().expect("an ErrorInfo");
    assert_eq!(info.reason, "GAME_STARTED");
    assert_eq!(info.domain, "agora.dev");
    assert!(status.message().contains("resign"), "{status:?}");
    assert_eq!(session_of(&mut client, &id).await, before, "unchanged");
    assert_eq!(
        seat_of(&mut client, &id, &tokens[0])
            .await
            .map_err(|s| s.code()),
        Ok(0)
    );
    // And after a move too, with the other seat's token.
    let played = play(&mut client, &id, &tokens, 3, 1).await;
    let status = assert_code(
        leave(&mut client, &id, &tokens[1]).await,
        Code::FailedPrecondition,
    );
    assert_eq!(
        status.get_details_error_info().expect("ErrorInfo").reason,
        "GAME_STARTED"
    );
    assert_eq!(session_of(&mut client, &id).await, played);
}

async fn leaving_needs_a_token_and_a_session(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let session = create(&mut client, 2, false, 7).await;
    let id = session.session_id.clone();
    let ada = join(&mut client, &id, None, "Ada", &uuid())
        .await
        .expect("join");
    let request = || pb::LeaveSessionRequest {
        session_id: id.clone(),
    };
    assert_code(
        client.leave_session(Request::new(request())).await,
        Code::Unauthenticated,
    );
    let mut basic = Request::new(request());
    basic
        .metadata_mut()
        .insert("authorization", "Basic abc".parse().expect("header"));
    assert_code(client.leave_session(basic).await, Code::Unauthenticated);
    assert_code(
        leave(&mut client, &uuid(), &ada.seat_token).await,
        Code::NotFound,
    );
    assert_code(
        leave(&mut client, "", &ada.seat_token).await,
        Code::InvalidArgument,
    );
    assert_code(
        leave(&mut client, &"x".repeat(200), &ada.seat_token).await,
        Code::InvalidArgument,
    );
    // Nothing of it touched the seat.
    assert_eq!(
        seat_of(&mut client, &id, &ada.seat_token)
            .await
            .map_err(|s| s.code()),
        Ok(0)
    );
    assert_eq!(
        taken(&session_of(&mut client, &id).await),
        vec![true, false]
    );
}

async fn a_token_of_another_session_leaves_nothing(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let mine = create(&mut client, 2, false, 7).await.session_id;
    let other = create(&mut client, 2, false, 8).await.session_id;
    let ada = join(&mut client, &mine, None, "Ada", &uuid())
        .await
        .expect("join");
    let bob = join(&mut client, &other, None, "Bob", &uuid())
        .await
        .expect("join");
    let before = session_of(&mut client, &other).await;
    let answered = leave(&mut client, &other, &ada.seat_token)
        .await
        .expect("OK: the token holds no seat of that session");
    assert_eq!(answered, before);
    assert_eq!(session_of(&mut client, &other).await, before);
    assert_eq!(
        seat_of(&mut client, &other, &bob.seat_token)
            .await
            .map_err(|s| s.code()),
        Ok(0)
    );
    assert_eq!(
        seat_of(&mut client, &mine, &ada.seat_token)
            .await
            .map_err(|s| s.code()),
        Ok(0)
    );
    // A made-up token, likewise.
    leave(&mut client, &other, &"0".repeat(64))
        .await
        .expect("OK");
    assert_eq!(session_of(&mut client, &other).await, before);
}

async fn a_retried_join_of_a_seat_given_back_takes_a_fresh_seat(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let id = create(&mut client, 3, false, 7).await.session_id;
    let rid = uuid();
    let first = join(&mut client, &id, None, "Ada", &rid)
        .await
        .expect("join");
    assert_eq!(first.seat, 0);
    leave(&mut client, &id, &first.seat_token)
        .await
        .expect("leave");
    let bob = join(&mut client, &id, Some(0), "Bob", &uuid())
        .await
        .expect("Bob takes seat 0");

    // The join retried with Ada's old request id: a new seat, a new working token, and
    // Bob keeps his.
    let retried = join(&mut client, &id, None, "Ada", &rid)
        .await
        .expect("the retried join takes a seat");
    assert_eq!(retried.seat, 1);
    assert_ne!(retried.seat_token, first.seat_token);
    assert_eq!(
        seat_of(&mut client, &id, &retried.seat_token)
            .await
            .map_err(|s| s.code()),
        Ok(1)
    );
    assert_eq!(
        seat_of(&mut client, &id, &bob.seat_token)
            .await
            .map_err(|s| s.code()),
        Ok(0)
    );
    assert_code(
        seat_of(&mut client, &id, &first.seat_token).await,
        Code::PermissionDenied,
    );
    let now = session_of(&mut client, &id).await;
    assert_eq!(taken(&now), vec![true, true, false]);
    assert_eq!(now.seats[1].player_name, "Ada");

    // The new seat is recorded under the id as any join is: once more answers it.
    let again = join(&mut client, &id, None, "Ada", &rid)
        .await
        .expect("retry");
    assert_eq!((again.seat, &again.seat_token), (1, &retried.seat_token));
    assert_eq!(
        taken(&session_of(&mut client, &id).await),
        vec![true, true, false]
    );

    // Given back while nobody took it: the retry takes the lowest open seat, itself.
    leave(&mut client, &id, &again.seat_token)
        .await
        .expect("leave");
    let back = join(&mut client, &id, None, "Ada", &rid)
        .await
        .expect("retry");
    assert_eq!(back.seat, 1);
    assert_eq!(
        seat_of(&mut client, &id, &back.seat_token)
            .await
            .map_err(|s| s.code()),
        Ok(1)
    );
}

async fn a_stream_of_a_seat_given_back_ends_at_the_first_version(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let id = create(&mut client, 3, false, 7).await.session_id;
    let ada = join(&mut client, &id, Some(0), "Ada", &uuid())
        .await
        .expect("join");
    let mut ada_stream = seat_stream(&mut client, &id, &ada.seat_token).await;
    // Cy holds seat 1 from before the start and stays: his stream goes on.
    let cy = join(&mut client, &id, Some(1), "Cy", &uuid())
        .await
        .expect("join");
    let mut cy_stream = seat_stream(&mut client, &id, &cy.seat_token).await;
    leave(&mut client, &id, &ada.seat_token)
        .await
        .expect("leave");
    let dee = join(&mut client, &id, Some(0), "Dee", &uuid())
        .await
        .expect("Dee takes seat 0");
    let eve = join(&mut client, &id, Some(2), "Eve", &uuid())
        .await
        .expect("join");
    let tokens = vec![dee.seat_token, cy.seat_token, eve.seat_token];
    play(&mut client, &id, &tokens, 1, 1).await;

    let wait = std::time::Duration::from_secs(20);
    let ended = tokio::time::timeout(wait, ada_stream.message())
        .await
        .expect("the stream of the seat given back ends");
    let status = ended.expect_err("with a refusal, not Dee's view of seat 0");
    assert_eq!(status.code(), Code::PermissionDenied, "{status:?}");
    let item = tokio::time::timeout(wait, cy_stream.message())
        .await
        .expect("Cy's stream goes on")
        .expect("no error")
        .expect("an item");
    assert_eq!(item.version, 1);
}

/// A stream of `token`'s seat from the start of session `id`.
async fn seat_stream(
    client: &mut Client,
    id: &str,
    token: &str,
) -> tonic::Streaming<pb::StreamEventsResponse> {
    client
        .stream_events(authed(
            pb::StreamEventsRequest {
                session_id: id.to_string(),
                after_version: 0,
            },
            token,
        ))
        .await
        .expect("stream")
        .into_inner()
}

/// Ada holds seat 0 of a two-seat session and leaves while Bob and Cy join (any seat).
/// Either Ada left first (Bob and Cy both sit) or the session filled first (her leave is
/// refused with GAME_STARTED and one of them gets SESSION_FULL); in every case each seat
/// taken is held by exactly one working token and the counts agree.
async fn leaves_racing_joins_never_lose_or_double_a_seat(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let client = server.client().await;
    let mut outcomes = HashSet::new();
    for round in 0..12 {
        let mut c = client.clone();
        let id = create(&mut c, 2, false, round).await.session_id;
        let ada = join(&mut c, &id, Some(0), "Ada", &uuid())
            .await
            .expect("join");
        let (mut a, mut b, mut d) = (client.clone(), client.clone(), client.clone());
        let bob_request = uuid();
        let (left, bob, cy) = tokio::join!(
            leave(&mut a, &id, &ada.seat_token),
            join(&mut b, &id, None, "Bob", &bob_request),
            join(&mut d, &id, None, "Cy", ""),
        );
        let mut holders: Vec<(u32, String)> = Vec::new();
        for joined in [bob, cy] {
            match joined {
                Ok(joined) => holders.push((joined.seat, joined.seat_token)),
                Err(status) => {
                    assert_eq!(status.code(), Code::FailedPrecondition, "{status:?}");
                    let reason = status.get_details_error_info().expect("ErrorInfo").reason;
                    assert!(
                        reason == "SESSION_FULL" || reason == "SEAT_TAKEN",
                        "{reason}"
                    );
                }
            }
        }
        match left {
            Ok(_) => {
                outcomes.insert("left first");
                assert_code(
                    seat_of(&mut c, &id, &ada.seat_token).await,
                    Code::PermissionDenied,
                );
            }
            Err(status) => {
                outcomes.insert("filled first");
                assert_eq!(status.code(), Code::FailedPrecondition, "{status:?}");
                assert_eq!(
                    status.get_details_error_info().expect("ErrorInfo").reason,
                    "GAME_STARTED"
                );
                holders.push((0, ada.seat_token.clone()));
            }
        }
        let seats: HashSet<u32> = holders.iter().map(|(seat, _)| *seat).collect();
        assert_eq!(
            seats.len(),
            holders.len(),
            "a seat given twice: {holders:?}"
        );
        for (seat, token) in &holders {
            assert_eq!(
                seat_of(&mut c, &id, token).await.map_err(|s| s.code()),
                Ok(*seat)
            );
        }
        let now = session_of(&mut c, &id).await;
        let taken_now = taken(&now).iter().filter(|t| **t).count();
        assert_eq!(taken_now, holders.len(), "every seat taken has its holder");
        let open = lobby_open_seats(&mut c, &id).await;
        if taken_now == 2 {
            assert_eq!(now.status, pb::SessionStatus::InProgress as i32);
            assert_eq!(open, None);
        } else {
            assert_eq!(now.status, pb::SessionStatus::WaitingForPlayers as i32);
            assert_eq!(open, Some(2 - taken_now));
        }
    }
    // Which way each round went is the scheduler's business; both are checked above.
    assert!(!outcomes.is_empty());
}

/// On a Redis Cluster with two replicas: the release script's keys share the session's
/// slot (a CROSSSLOT error would refuse it), a seat given back through one replica is open
/// on the other, and the join retried there takes a fresh seat.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_seat_given_back_on_a_redis_cluster_is_open_on_every_replica() {
    use crate::support::redis_cluster::RedisCluster;
    use crate::support::server_process::ServerProcess;
    let cluster = RedisCluster::start();
    let a = ServerProcess::start_on("redis-cluster", &cluster.urls(), &[]);
    let b = ServerProcess::start_on("redis-cluster", &cluster.urls(), &[]);
    let mut on_a = a.client().await;
    let mut on_b = b.client().await;
    let id = create(&mut on_a, 2, false, 3).await.session_id;
    let rid = uuid();
    let ada = join(&mut on_a, &id, None, "Ada", &rid).await.expect("join");
    let left = leave(&mut on_a, &id, &ada.seat_token).await.expect("leave");
    assert_eq!(taken(&left), vec![false, false]);
    assert_eq!(lobby_open_seats(&mut on_b, &id).await, Some(2));
    let bob = join(&mut on_b, &id, Some(0), "Bob", &uuid())
        .await
        .expect("Bob takes seat 0 through the other replica");
    let retried = join(&mut on_b, &id, None, "Ada", &rid)
        .await
        .expect("the retried join");
    assert_eq!((bob.seat, retried.seat), (0, 1));
    assert_code(
        leave(&mut on_a, &id, &retried.seat_token).await,
        Code::FailedPrecondition,
    );
    let tokens = vec![bob.seat_token, retried.seat_token];
    let played = play(&mut on_a, &id, &tokens, 5, 2).await;
    assert_eq!(played.version, 2);
}

/// Answers a retry key's claim the way the Redis store can when a LeaveSession slips in
/// between its two reads: the join record names a seat, and the meta read after it shows
/// that seat given back (the record is gone too, by the same release).
struct LeaveMidRetry {
    armed: std::sync::atomic::AtomicBool,
}

#[async_trait::async_trait]
impl crate::support::intercept::Hooks for LeaveMidRetry {
    async fn claim_seat(
        &self,
        inner: &dyn Sessions,
        id: &str,
        claim: SeatClaim,
    ) -> Result<(Claimed, SessionMeta), StoreError> {
        let (claimed, meta) = inner.claim_seat(id, claim).await?;
        let Claimed::Before(record) = &claimed else {
            return Ok((claimed, meta));
        };
        if !self.armed.swap(false, std::sync::atomic::Ordering::SeqCst) {
            return Ok((claimed, meta));
        }
        let holder = meta.seats[record.seat.0 as usize]
            .token_hash
            .clone()
            .expect("the recorded seat is held");
        let (freed, _) = inner.release_seat(id, &holder).await?;
        assert_eq!(freed, Some(record.seat));
        let after = inner.load(id).await?.meta;
        Ok((claimed, after))
    }
}

/// A JoinSession retried while its seat is being given back answers neither the stale
/// seat nor INTERNAL: it claims again and takes a fresh seat with a working token.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_join_retried_while_its_seat_is_given_back_takes_a_fresh_seat() {
    use crate::support::redis_server::RedisServer;
    use agora_service::store::memory::MemoryStore;
    use agora_service::store::redis::{RedisConfig, RedisStore};
    let redis = RedisServer::start();
    let stores: Vec<std::sync::Arc<dyn Store>> = vec![
        std::sync::Arc::new(MemoryStore::new(100, 64)),
        std::sync::Arc::new(
            RedisStore::connect(RedisConfig::new(redis.url()))
                .await
                .expect("redis"),
        ),
    ];
    for inner in stores {
        let store = crate::support::intercept::Intercepted::new(
            inner,
            LeaveMidRetry {
                armed: std::sync::atomic::AtomicBool::new(false),
            },
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("address");
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let server = tokio::spawn(agora_service::server::serve_with_store(
            agora_service::config::Config::for_tests(),
            store.clone(),
            listener,
            async move {
                let _ = stopped.await;
            },
        ));
        let mut client = Client::connect(format!("http://{addr}"))
            .await
            .expect("connect");
        let id = create(&mut client, 2, false, 4).await.session_id;
        let rid = uuid();
        let first = join(&mut client, &id, None, "Ada", &rid)
            .await
            .expect("join");
        store
            .hooks
            .armed
            .store(true, std::sync::atomic::Ordering::SeqCst);
        let retried = join(&mut client, &id, None, "Ada", &rid)
            .await
            .expect("the retry takes a fresh seat, not INTERNAL");
        assert!(
            !store.hooks.armed.load(std::sync::atomic::Ordering::SeqCst),
            "the race was staged"
        );
        assert_eq!(retried.seat, 0);
        assert_ne!(retried.seat_token, first.seat_token);
        assert_eq!(
            seat_of(&mut client, &id, &retried.seat_token)
                .await
                .map_err(|s| s.code()),
            Ok(0)
        );
        assert_code(
            seat_of(&mut client, &id, &first.seat_token).await,
            Code::PermissionDenied,
        );
        assert_eq!(
            taken(&session_of(&mut client, &id).await),
            vec![true, false]
        );
        let _ = stop.send(());
        server.await.expect("server task").expect("clean stop");
    }
}
