//! Writes: optimistic versions, stale `expected_version`, idempotent `request_id`s, and
//! concurrent submitters on one session.

use crate::support::harness::*;
use tonic::Code;

per_store!(
    a_stale_expected_version_is_aborted,
    an_unpinned_action_applies_to_the_latest_version,
    the_same_request_id_is_applied_once_and_answered_the_same,
    racing_submitters_get_one_commit_per_version,
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
    // Another seat may not reuse it.
    let other = tokens.len() - 1 - seat;
    assert_code(
        client.submit_action(authed(request, &tokens[other])).await,
        Code::InvalidArgument,
    );
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
