//! Seats bound to signed-in players: a player joins with its JWT and acts for its seat
//! with only that JWT from any connection; one seat per player unless the session allows
//! more; private sessions admit only invited players; ListMySessions lists a player's
//! sessions (its turn, waiting, finished), on both stores and across two replicas.

use crate::support::harness::*;
use crate::support::idp::{self, claims, Jwks, SigningKey};
use crate::support::redis_server::RedisServer;
use crate::support::server_process::ServerProcess;
use agora_proto::v1 as pb;
use tonic::{Code, Request};
use tonic_types::StatusExt;

per_store!(
    a_player_joins_on_one_connection_and_plays_on_another_with_only_its_jwt,
    a_player_takes_one_seat_unless_the_session_allows_more,
    a_private_session_admits_only_invited_players,
    my_sessions_list_my_turn_then_waiting_then_finished,
    a_player_holds_seats_in_at_most_the_open_sessions_limit,
);

/// A stand-in provider and a server trusting it.
async fn setup(kind: StoreKind) -> (SigningKey, Jwks, TestServer) {
    let key = SigningKey::generate("k1");
    let jwks = Jwks::serve(&[&key]).await;
    let server = TestServer::start_with(kind, |c| idp::trust(c, &jwks)).await;
    (key, jwks, server)
}

async fn create_with(
    client: &mut Client,
    adjust: impl FnOnce(&mut pb::CreateSessionRequest),
) -> pb::Session {
    let mut request = pb::CreateSessionRequest {
        options: Some(origin_options(2, true)),
        seed: Some(7),
        unrated: true,
        request_id: uuid::Uuid::new_v4().to_string(),
        ..Default::default()
    };
    adjust(&mut request);
    client
        .create_session(request)
        .await
        .expect("create")
        .into_inner()
        .session
        .expect("session")
}

async fn join(
    client: &mut Client,
    id: &str,
    seat: Option<u32>,
    jwt: Option<&str>,
) -> Result<pb::JoinSessionResponse, tonic::Status> {
    let message = pb::JoinSessionRequest {
        session_id: id.to_string(),
        seat,
        player_name: String::new(),
        request_id: uuid::Uuid::new_v4().to_string(),
    };
    let request = match jwt {
        Some(jwt) => authed(message, jwt),
        None => Request::new(message),
    };
    client.join_session(request).await.map(|r| r.into_inner())
}

/// Plays one legal action for the seat that must decide, as `jwt`.
async fn play_one(client: &mut Client, id: &str, jwt: &str) -> pb::SubmitActionResponse {
    let options = legal(client, id, jwt).await;
    let action = options.actions.first().expect("a legal action").clone();
    client
        .submit_action(authed(
            submit_request(
                id,
                action,
                Some(options.version),
                &uuid::Uuid::new_v4().to_string(),
            ),
            jwt,
        ))
        .await
        .expect("the player's move is accepted")
        .into_inner()
}

async fn a_player_joins_on_one_connection_and_plays_on_another_with_only_its_jwt(kind: StoreKind) {
    let (key, _jwks, server) = setup(kind).await;
    let alice = key.sign(&claims("alice", "Alice"));
    let bob = key.sign(&claims("bob", "Bob"));
    let mut first = server.client().await;
    let session = create_with(&mut first, |_| {}).await;
    let id = session.session_id.clone();
    let joined = join(&mut first, &id, Some(0), Some(&alice))
        .await
        .expect("alice joins");
    assert_eq!(joined.seat, 0);
    join(&mut first, &id, Some(1), Some(&bob))
        .await
        .expect("bob joins");
    let now = session_of(&mut first, &id).await;
    assert_eq!(now.seats[0].player_id, "alice");
    assert_eq!(
        now.seats[0].player_name, "Alice",
        "the name comes from the token"
    );
    assert_eq!(now.seats[1].player_id, "bob");

    // Another connection (another device), with nothing but the players' tokens.
    let mut second = server.client().await;
    let to_act = now.to_act[0];
    let (mover, other) = if to_act == 0 {
        (&alice, &bob)
    } else {
        (&bob, &alice)
    };
    let played = play_one(&mut second, &id, mover).await;
    assert_eq!(played.version, 1);
    // The other player is not to act: its move is refused by the game, not by auth.
    let options = legal(&mut second, &id, other).await;
    assert_eq!(options.version, 1);
    let items = collect_stream(&mut second, &id, 0, Some(mover), 1).await;
    assert_eq!(items[0].version, 1);
    second
        .get_state(authed(
            pb::GetStateRequest {
                session_id: id.clone(),
            },
            other,
        ))
        .await
        .expect("the player's view");
    // A player of no seat watches as a spectator but cannot act.
    let carol = key.sign(&claims("carol", "Carol"));
    assert_code(
        second
            .list_legal_actions(authed(
                pb::ListLegalActionsRequest {
                    session_id: id.clone(),
                },
                &carol,
            ))
            .await,
        Code::PermissionDenied,
    );
}

async fn session_of(client: &mut Client, id: &str) -> pb::Session {
    session(client, id).await
}

async fn a_player_takes_one_seat_unless_the_session_allows_more(kind: StoreKind) {
    let (key, _jwks, server) = setup(kind).await;
    let alice = key.sign(&claims("alice", "Alice"));
    let mut client = server.client().await;
    let id = create_with(&mut client, |_| {}).await.session_id;
    let first = join(&mut client, &id, None, Some(&alice))
        .await
        .expect("join");
    assert!(!first.seat_token.is_empty());
    // Joining again answers the seat it holds (no new token, no second seat).
    let again = join(&mut client, &id, None, Some(&alice))
        .await
        .expect("join again");
    assert_eq!(again.seat, first.seat);
    assert!(again.seat_token.is_empty());
    // Asking for the other seat is refused.
    let status = assert_code(
        join(&mut client, &id, Some(1 - first.seat), Some(&alice)).await,
        Code::FailedPrecondition,
    );
    assert_eq!(
        status.get_details_error_info().expect("info").reason,
        "ALREADY_SEATED"
    );
    let now = session(&mut client, &id).await;
    assert_eq!(now.seats.iter().filter(|s| s.taken).count(), 1);

    // A session that allows it: one player holds both seats and plays both.
    let id = create_with(&mut client, |r| r.allow_multiple_seats_per_player = true)
        .await
        .session_id;
    assert_eq!(
        join(&mut client, &id, None, Some(&alice))
            .await
            .expect("seat")
            .seat,
        0
    );
    assert_eq!(
        join(&mut client, &id, None, Some(&alice))
            .await
            .expect("seat")
            .seat,
        1
    );
    let now = session(&mut client, &id).await;
    assert!(now.allow_multiple_seats_per_player);
    assert_eq!(now.status, pb::SessionStatus::InProgress as i32);
    for version in 1..=3 {
        assert_eq!(play_one(&mut client, &id, &alice).await.version, version);
    }
}

async fn a_private_session_admits_only_invited_players(kind: StoreKind) {
    let (key, _jwks, server) = setup(kind).await;
    let alice = key.sign(&claims("alice", "Alice"));
    let carol = key.sign(&claims("carol", "Carol"));
    let mut client = server.client().await;
    let created = create_with(&mut client, |r| {
        r.invited_player_ids = vec!["alice".into(), "bob".into()];
    })
    .await;
    assert!(created.private);
    let id = created.session_id;
    for include_full in [false, true] {
        let listed = client
            .list_sessions(pb::ListSessionsRequest {
                include_full,
                ..Default::default()
            })
            .await
            .expect("list")
            .into_inner()
            .sessions;
        assert!(
            listed.iter().all(|s| s.session_id != id),
            "a private session is not listed"
        );
    }
    let status = assert_code(
        join(&mut client, &id, None, Some(&carol)).await,
        Code::PermissionDenied,
    );
    assert!(status.message().contains("private"), "{status:?}");
    assert_code(
        join(&mut client, &id, None, None).await,
        Code::PermissionDenied,
    );
    join(&mut client, &id, None, Some(&alice))
        .await
        .expect("an invited player joins");
    let now = session(&mut client, &id).await;
    assert_eq!(now.seats.iter().filter(|s| s.taken).count(), 1);
}

async fn my_sessions(client: &mut Client, jwt: &str, page_size: u32) -> Vec<pb::MySession> {
    let mut all = Vec::new();
    let mut token = String::new();
    loop {
        let page = client
            .list_my_sessions(authed(
                pb::ListMySessionsRequest {
                    page_size,
                    page_token: token.clone(),
                    ..Default::default()
                },
                jwt,
            ))
            .await
            .expect("list my sessions")
            .into_inner();
        assert!(page.sessions.len() <= page_size as usize);
        all.extend(page.sessions);
        if page.next_page_token.is_empty() {
            return all;
        }
        token = page.next_page_token;
    }
}

async fn my_sessions_list_my_turn_then_waiting_then_finished(kind: StoreKind) {
    let (key, _jwks, server) = setup(kind).await;
    let alice = key.sign(&claims("alice", "Alice"));
    let bob = key.sign(&claims("bob", "Bob"));
    let mut client = server.client().await;
    assert_code(
        client
            .list_my_sessions(pb::ListMySessionsRequest::default())
            .await,
        Code::Unauthenticated,
    );
    // Finished: bob resigns.
    let finished = create_with(&mut client, |_| {}).await.session_id;
    join(&mut client, &finished, Some(0), Some(&alice))
        .await
        .expect("join");
    join(&mut client, &finished, Some(1), Some(&bob))
        .await
        .expect("join");
    client
        .resign_session(authed(
            pb::ResignSessionRequest {
                session_id: finished.clone(),
                request_id: uuid::Uuid::new_v4().to_string(),
            },
            &bob,
        ))
        .await
        .expect("resign");
    // Waiting for players.
    let waiting = create_with(&mut client, |_| {}).await.session_id;
    join(&mut client, &waiting, Some(0), Some(&alice))
        .await
        .expect("join");
    // Alice's turn.
    let mine = create_with(&mut client, |_| {}).await.session_id;
    join(&mut client, &mine, Some(0), Some(&alice))
        .await
        .expect("join");
    join(&mut client, &mine, Some(1), Some(&bob))
        .await
        .expect("join");
    // Bob plays until it is alice's turn.
    for _ in 0..50 {
        if session(&mut client, &mine).await.to_act == vec![0] {
            break;
        }
        play_one(&mut client, &mine, &bob).await;
    }
    let s = session(&mut client, &mine).await;
    assert_eq!(s.to_act, vec![0], "alice is to act");

    // A session alice has nothing to do with.
    let other = create_with(&mut client, |_| {}).await.session_id;
    join(&mut client, &other, Some(0), Some(&bob))
        .await
        .expect("join");

    for page_size in [1, 2, 50] {
        let listed = my_sessions(&mut client, &alice, page_size).await;
        let ids: Vec<&str> = listed
            .iter()
            .map(|m| m.session.as_ref().expect("session").session_id.as_str())
            .collect();
        assert_eq!(
            ids,
            vec![mine.as_str(), waiting.as_str(), finished.as_str()],
            "page size {page_size}"
        );
        let groups: Vec<i32> = listed.iter().map(|m| m.group).collect();
        assert_eq!(
            groups,
            vec![
                pb::MySessionGroup::YourTurn as i32,
                pb::MySessionGroup::Waiting as i32,
                pb::MySessionGroup::Finished as i32
            ]
        );
        assert!(listed.iter().all(|m| m.seats == vec![0]));
    }
    // Alice leaves the waiting session: it is no longer hers.
    client
        .leave_session(authed(
            pb::LeaveSessionRequest {
                session_id: waiting.clone(),
            },
            &alice,
        ))
        .await
        .expect("leave");
    let ids: Vec<String> = my_sessions(&mut client, &alice, 50)
        .await
        .into_iter()
        .map(|m| m.session.expect("session").session_id)
        .collect();
    assert_eq!(ids, vec![mine.clone(), finished.clone()]);
    let status = assert_code(
        client
            .list_my_sessions(authed(
                pb::ListMySessionsRequest {
                    page_size: 1,
                    page_token: "garbage!".into(),
                    ..Default::default()
                },
                &alice,
            ))
            .await,
        Code::InvalidArgument,
    );
    assert!(status.message().contains("page_token"), "{status:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn my_sessions_are_the_same_from_two_replicas_on_one_redis() {
    let key = SigningKey::generate("k1");
    let jwks = Jwks::serve(&[&key]).await;
    let redis = RedisServer::start();
    let flags = idp::trust_flags(&jwks);
    let a = ServerProcess::start(&redis.url(), &flags);
    let b = ServerProcess::start(&redis.url(), &flags);
    let alice = key.sign(&claims("alice", "Alice"));
    let bob = key.sign(&claims("bob", "Bob"));
    let (mut on_a, mut on_b) = (a.client().await, b.client().await);
    let first = create_with(&mut on_a, |_| {}).await.session_id;
    join(&mut on_a, &first, Some(0), Some(&alice))
        .await
        .expect("join on a");
    let second = create_with(&mut on_b, |_| {}).await.session_id;
    join(&mut on_b, &second, Some(0), Some(&alice))
        .await
        .expect("join on b");
    join(&mut on_a, &second, Some(1), Some(&bob))
        .await
        .expect("bob joins on a");
    let on = |listed: Vec<pb::MySession>| -> Vec<(String, i32)> {
        listed
            .into_iter()
            .map(|m| (m.session.expect("session").session_id, m.group))
            .collect()
    };
    let from_a = on(my_sessions(&mut on_a, &alice, 10).await);
    let from_b = on(my_sessions(&mut on_b, &alice, 10).await);
    assert_eq!(from_a, from_b);
    assert_eq!(from_a.len(), 2);
    assert!(from_a.iter().any(|(id, _)| *id == first));
    assert!(from_a.iter().any(|(id, _)| *id == second));
    // Bob's index holds only his session.
    let bobs = on(my_sessions(&mut on_b, &bob, 10).await);
    assert_eq!(bobs.len(), 1);
    assert_eq!(bobs[0].0, second);
}

async fn a_player_holds_seats_in_at_most_the_open_sessions_limit(kind: StoreKind) {
    let key = SigningKey::generate("k1");
    let jwks = Jwks::serve(&[&key]).await;
    let server = TestServer::start_with(kind, |c| {
        idp::trust(c, &jwks);
        c.max_open_sessions_per_player = 2;
    })
    .await;
    let alice = key.sign(&claims("alice", "Alice"));
    let bob = key.sign(&claims("bob", "Bob"));
    let mut client = server.client().await;
    let first = create_with(&mut client, |_| {}).await.session_id;
    let second = create_with(&mut client, |_| {}).await.session_id;
    let third = create_with(&mut client, |_| {}).await.session_id;
    join(&mut client, &first, Some(0), Some(&alice))
        .await
        .expect("first");
    join(&mut client, &second, Some(0), Some(&alice))
        .await
        .expect("second");
    let status = assert_code(
        join(&mut client, &third, Some(0), Some(&alice)).await,
        Code::ResourceExhausted,
    );
    assert!(status.message().contains("2 sessions"), "{status:?}");
    assert!(!session(&mut client, &third).await.seats[0].taken);
    // Joining a session it holds a seat in is not one more.
    join(&mut client, &first, None, Some(&alice))
        .await
        .expect("the seat it holds");
    // Once one of them is finished there is room again.
    join(&mut client, &first, Some(1), Some(&bob))
        .await
        .expect("bob");
    client
        .resign_session(authed(
            pb::ResignSessionRequest {
                session_id: first.clone(),
                request_id: uuid::Uuid::new_v4().to_string(),
            },
            &bob,
        ))
        .await
        .expect("resign");
    join(&mut client, &third, Some(0), Some(&alice))
        .await
        .expect("room again");
}

/// Six joins of one player at once, three through each of two replicas on one Redis, with
/// a limit of two open sessions: exactly two take a seat (the joins count and claim under
/// the player's lease, so racing ones cannot both pass), the others are refused and leave
/// their sessions untouched.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_joins_on_two_replicas_stay_within_the_open_sessions_limit() {
    let key = SigningKey::generate("k1");
    let jwks = Jwks::serve(&[&key]).await;
    let redis = RedisServer::start();
    let flags = [
        &idp::trust_flags(&jwks)[..],
        &["--max-open-sessions-per-player", "2"],
    ]
    .concat();
    let a = ServerProcess::start(&redis.url(), &flags);
    let b = ServerProcess::start(&redis.url(), &flags);
    let alice = key.sign(&claims("alice", "Alice"));
    let (mut on_a, mut on_b) = (a.client().await, b.client().await);
    let mut ids = Vec::new();
    for _ in 0..6 {
        ids.push(create_with(&mut on_a, |_| {}).await.session_id);
    }
    let joins = ids.iter().enumerate().map(|(i, id)| {
        let mut client = if i % 2 == 0 {
            on_a.clone()
        } else {
            on_b.clone()
        };
        let (id, alice) = (id.clone(), alice.clone());
        async move { join(&mut client, &id, Some(0), Some(&alice)).await }
    });
    let results = futures::future::join_all(joins).await;
    let taken = results.iter().filter(|r| r.is_ok()).count();
    assert_eq!(taken, 2, "{results:?}");
    for refused in results.iter().filter_map(|r| r.as_ref().err()) {
        assert_eq!(refused.code(), Code::ResourceExhausted, "{refused:?}");
    }
    let mut seated = 0;
    for id in &ids {
        seated += usize::from(session(&mut on_a, id).await.seats[0].taken);
    }
    assert_eq!(seated, 2, "a refused join took no seat");
    assert_eq!(my_sessions(&mut on_b, &alice, 10).await.len(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_over_its_call_rate_is_refused_and_others_are_not() {
    let key = SigningKey::generate("k1");
    let jwks = Jwks::serve(&[&key]).await;
    let server = TestServer::start_with(StoreKind::Memory, |c| {
        idp::trust(c, &jwks);
        c.player_calls_per_second = 2;
    })
    .await;
    let alice = key.sign(&claims("alice", "Alice"));
    let bob = key.sign(&claims("bob", "Bob"));
    let mut client = server.client().await;
    let id = create_with(&mut client, |_| {}).await.session_id;
    let state = |jwt: &str| {
        authed(
            pb::GetStateRequest {
                session_id: id.clone(),
            },
            jwt,
        )
    };
    let mut refused = None;
    for _ in 0..20 {
        if let Err(status) = client.get_state(state(&alice)).await {
            refused = Some(status);
            break;
        }
    }
    let status = refused.expect("20 calls at once pass a limit of 2 a second");
    assert_eq!(status.code(), Code::ResourceExhausted);
    assert!(
        status.message().contains("2 calls in a second"),
        "{status:?}"
    );
    // Another player has its own allowance; seat tokens and spectators none at all.
    client
        .get_state(state(&bob))
        .await
        .expect("bob is not limited by alice");
    client
        .get_state(pb::GetStateRequest {
            session_id: id.clone(),
        })
        .await
        .expect("spectators are not limited");
}
