//! Writes: optimistic versions, stale `expected_version`, idempotent `request_id`s (on
//! CreateSession, JoinSession and SubmitAction), and concurrent submitters on one session.

use crate::support::harness::*;
use agora_proto::v1 as pb;
use tonic::Code;

per_store!(
    a_stale_expected_version_is_aborted,
    an_unpinned_action_applies_to_the_latest_version,
    the_same_request_id_is_applied_once_and_answered_the_same,
    racing_submitters_get_one_commit_per_version,
    the_same_create_request_id_makes_one_session,
    the_same_join_request_id_takes_one_seat_with_one_token,
    racing_join_retries_take_one_seat,
);

async fn a_stale_expected_version_is_aborted(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, false, 3).await;
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
    random_step(&mut client, &id, &tokens, &mut rng).await;
    let current = session(&mut client, &id).await;
    let seat = current.to_act[0] as usize;
    let options = legal(&mut client, &id, &tokens[seat]).await;
    let status = assert_code(
        client
            .submit_action(authed(
                submit_request(
                    &id,
                    options.actions[0].clone(),
                    Some(options.version - 1),
                    "stale",
                ),
                &tokens[seat],
            ))
            .await,
        Code::Aborted,
    );
    assert!(status.message().contains("version"));
    assert_code(
        client
            .submit_action(authed(
                submit_request(
                    &id,
                    options.actions[0].clone(),
                    Some(options.version + 5),
                    "future",
                ),
                &tokens[seat],
            ))
            .await,
        Code::Aborted,
    );
    assert_eq!(session(&mut client, &id).await.version, current.version);
}

async fn an_unpinned_action_applies_to_the_latest_version(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, false, 4).await;
    let current = session(&mut client, &id).await;
    let seat = current.to_act[0] as usize;
    let options = legal(&mut client, &id, &tokens[seat]).await;
    let response = client
        .submit_action(authed(
            submit_request(&id, options.actions[0].clone(), None, ""),
            &tokens[seat],
        ))
        .await
        .expect("submit")
        .into_inner();
    assert_eq!(response.version, current.version + 1);
    assert_eq!(response.session.expect("session").version, response.version);
}

async fn the_same_request_id_is_applied_once_and_answered_the_same(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, false, 5).await;
    let current = session(&mut client, &id).await;
    let seat = current.to_act[0] as usize;
    let options = legal(&mut client, &id, &tokens[seat]).await;
    let request = submit_request(&id, options.actions[0].clone(), None, "retry-me");
    let first = client
        .submit_action(authed(request.clone(), &tokens[seat]))
        .await
        .expect("first")
        .into_inner();
    let second = client
        .submit_action(authed(request.clone(), &tokens[seat]))
        .await
        .expect("retry")
        .into_inner();
    assert_eq!(first.version, current.version + 1);
    assert_eq!(second.version, first.version);
    assert_eq!(second.events, first.events);
    assert_eq!(
        session(&mut client, &id).await.version,
        first.version,
        "applied once"
    );
    // Still answered the same after the game moved on, even with a now-stale pin.
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(5);
    random_step(&mut client, &id, &tokens, &mut rng).await;
    let mut pinned = request.clone();
    pinned.expected_version = Some(current.version);
    let third = client
        .submit_action(authed(pinned, &tokens[seat]))
        .await
        .expect("late retry")
        .into_inner();
    assert_eq!((third.version, third.events), (first.version, first.events));
    // Another seat may not reuse it, nor may the same seat with another action.
    let other = tokens.len() - 1 - seat;
    assert_code(
        client
            .submit_action(authed(request.clone(), &tokens[other]))
            .await,
        Code::InvalidArgument,
    );
    assert!(options.actions.len() > 1, "another action to try");
    let mut changed = request;
    changed.action = options.actions.last().cloned();
    let status = assert_code(
        client.submit_action(authed(changed, &tokens[seat])).await,
        Code::InvalidArgument,
    );
    assert_eq!(violation_field(&status), "request_id");
}

/// Several clients submit the same decision at once: exactly one commit per version,
/// the rest refused (pinned: ABORTED; or illegal once it moved on).
async fn racing_submitters_get_one_commit_per_version(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, false, 6).await;
    let current = session(&mut client, &id).await;
    let seat = current.to_act[0] as usize;
    let options = legal(&mut client, &id, &tokens[seat]).await;
    let mut tasks = Vec::new();
    for i in 0..8 {
        let mut client = server.client().await;
        let request = submit_request(
            &id,
            options.actions[0].clone(),
            Some(options.version),
            &format!("racer-{i}"),
        );
        let token = tokens[seat].clone();
        tasks.push(tokio::spawn(async move {
            client.submit_action(authed(request, &token)).await
        }));
    }
    let mut committed = 0;
    for task in tasks {
        match task.await.expect("task") {
            Ok(response) => {
                committed += 1;
                assert_eq!(response.into_inner().version, options.version + 1);
            }
            Err(status) => assert_eq!(status.code(), Code::Aborted, "{status:?}"),
        }
    }
    assert_eq!(committed, 1);
    assert_eq!(session(&mut client, &id).await.version, options.version + 1);
}

/// Field path of an INVALID_ARGUMENT's BadRequest detail.
fn violation_field(status: &tonic::Status) -> String {
    use tonic_types::StatusExt;
    status
        .get_details_bad_request()
        .and_then(|b| b.field_violations.first().map(|v| v.field.clone()))
        .unwrap_or_else(|| panic!("no field violation in {status:?}"))
}

async fn the_same_create_request_id_makes_one_session(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let request = pb::CreateSessionRequest {
        options: Some(origin_options(3, false)),
        seed: None,
        request_id: "create-once".into(),
        ..Default::default()
    };
    let first = client
        .create_session(request.clone())
        .await
        .expect("create")
        .into_inner()
        .session
        .expect("session");
    let second = client
        .create_session(request.clone())
        .await
        .expect("retry")
        .into_inner()
        .session
        .expect("session");
    assert_eq!(second, first, "the same session, as it is");
    // A seat taken since shows in the answer: the session as it is now.
    join_all(&mut client, &first).await;
    let later = client
        .create_session(request.clone())
        .await
        .expect("late retry")
        .into_inner()
        .session
        .expect("session");
    assert_eq!(later.session_id, first.session_id);
    assert!(later.seats.iter().all(|s| s.taken));
    // The same id with another request is refused, and creates nothing.
    let mut other = request.clone();
    other.options = Some(origin_options(2, false));
    let status = assert_code(client.create_session(other).await, Code::InvalidArgument);
    assert_eq!(violation_field(&status), "request_id");
    let mut seeded = request.clone();
    seeded.seed = Some(9);
    assert_code(client.create_session(seeded).await, Code::InvalidArgument);
    // Without an id, each call is a new session.
    let mut fresh = request.clone();
    fresh.request_id.clear();
    let a = client
        .create_session(fresh.clone())
        .await
        .expect("a")
        .into_inner();
    let b = client.create_session(fresh).await.expect("b").into_inner();
    assert_ne!(a.session, b.session);
    let all = client
        .list_sessions(pb::ListSessionsRequest {
            include_full: true,
            ..Default::default()
        })
        .await
        .expect("list")
        .into_inner()
        .sessions;
    assert_eq!(all.len(), 3);
    // Too long an id is refused like SubmitAction's.
    let mut long = request;
    long.request_id = "r".repeat(129);
    let status = assert_code(client.create_session(long).await, Code::InvalidArgument);
    assert_eq!(violation_field(&status), "request_id");
}

async fn the_same_join_request_id_takes_one_seat_with_one_token(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let created = create(&mut client, 2, false, 8).await;
    let id = created.session_id.clone();
    let join = pb::JoinSessionRequest {
        session_id: id.clone(),
        seat: None,
        player_name: "Ada".into(),
        request_id: "join-ada".into(),
    };
    let first = client
        .join_session(join.clone())
        .await
        .expect("join")
        .into_inner();
    let again = client
        .join_session(join.clone())
        .await
        .expect("retry")
        .into_inner();
    assert_eq!(
        (again.seat, &again.seat_token),
        (first.seat, &first.seat_token)
    );
    let taken = |s: &pb::Session| s.seats.iter().filter(|s| s.taken).count();
    assert_eq!(taken(&session(&mut client, &id).await), 1, "one seat");
    // The same id with another request (name, seat) is refused and takes nothing.
    let mut renamed = join.clone();
    renamed.player_name = "Eve".into();
    let status = assert_code(client.join_session(renamed).await, Code::InvalidArgument);
    assert_eq!(violation_field(&status), "request_id");
    let mut seated = join.clone();
    seated.seat = Some(1);
    assert_code(client.join_session(seated).await, Code::InvalidArgument);
    assert_eq!(taken(&session(&mut client, &id).await), 1);
    // Without an id, a repeated join is a new claim: the wanted seat is taken.
    let plain = pb::JoinSessionRequest {
        session_id: id.clone(),
        seat: Some(1),
        player_name: "Bob".into(),
        request_id: String::new(),
    };
    let bob = client
        .join_session(plain.clone())
        .await
        .expect("bob")
        .into_inner();
    assert_code(client.join_session(plain).await, Code::FailedPrecondition);
    // A retry once the session is full still answers; the token plays.
    let late = client
        .join_session(join)
        .await
        .expect("late retry")
        .into_inner();
    assert_eq!(late.seat_token, first.seat_token);
    let mut tokens = vec![String::new(); 2];
    tokens[first.seat as usize] = first.seat_token;
    tokens[bob.seat as usize] = bob.seat_token;
    let last = play(&mut client, &id, &tokens, 8, 5_000).await;
    assert_eq!(last.status, pb::SessionStatus::Finished as i32);
}

/// Retries of one join racing each other (a client that gave up waiting and resent) take
/// one seat and all answer its token.
async fn racing_join_retries_take_one_seat(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let created = create(&mut client, 4, false, 10).await;
    let mut tasks = Vec::new();
    for _ in 0..8 {
        let mut client = server.client().await;
        let join = pb::JoinSessionRequest {
            session_id: created.session_id.clone(),
            seat: None,
            player_name: "Ada".into(),
            request_id: "same".into(),
        };
        tasks.push(tokio::spawn(async move { client.join_session(join).await }));
    }
    let mut answers = Vec::new();
    for task in tasks {
        let joined = task.await.expect("task").expect("join").into_inner();
        answers.push((joined.seat, joined.seat_token));
    }
    answers.dedup();
    assert_eq!(answers.len(), 1, "one seat, one token: {answers:?}");
    let now = session(&mut client, &created.session_id).await;
    assert_eq!(now.seats.iter().filter(|s| s.taken).count(), 1);
}
