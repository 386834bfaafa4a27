//! StreamEvents: every version once, in order, historical then live, resumable from any
//! version, and ended with a resumable status when the server shuts down.

use crate::support::harness::*;
use agora_proto::v1 as pb;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Duration;
use tonic::Code;

per_store!(
    a_stream_from_zero_follows_the_game_live,
    a_resumed_stream_yields_the_next_versions_with_no_gap,
    a_finished_game_streams_to_its_outcome,
    a_stream_ahead_of_the_session_is_out_of_range,
    shutdown_ends_streams_telling_where_to_resume,
    streams_outlive_the_unary_deadline,
    shared_renditions_are_each_viewer_s_own,
);

/// Collects `count` versions in the background, starting now.
async fn watch(
    server: &TestServer,
    id: &str,
    after: u64,
    token: Option<String>,
    count: usize,
) -> tokio::task::JoinHandle<Vec<pb::StreamEventsResponse>> {
    let mut client = server.client().await;
    let id = id.to_string();
    let handle = tokio::spawn(async move {
        collect_stream(&mut client, &id, after, token.as_deref(), count).await
    });
    // Let the subscription reach the server before play goes on.
    tokio::time::sleep(Duration::from_millis(100)).await;
    handle
}

async fn a_stream_from_zero_follows_the_game_live(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 3, false, 21).await;
    let spectator = watch(&server, &id, 0, None, 30).await;
    let seat0 = watch(&server, &id, 0, Some(tokens[0].clone()), 30).await;
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let mut actors = Vec::new();
    for _ in 0..30 {
        let before = session(&mut client, &id).await;
        let after = random_step(&mut client, &id, &tokens, &mut rng).await;
        actors.push((after.version, before.to_act.clone()));
    }
    for handle in [spectator, seat0] {
        let items = handle.await.expect("watcher");
        assert_eq!(items.len(), 30);
        assert_consecutive(&items, 0);
        for (item, (version, to_act_before)) in items.iter().zip(&actors) {
            assert_eq!(item.version, *version);
            assert!(
                to_act_before.contains(&item.seat),
                "the acting seat was due"
            );
            assert!(!item.events.is_empty());
            assert_eq!(item.status, pb::SessionStatus::InProgress as i32);
        }
    }
}

async fn a_resumed_stream_yields_the_next_versions_with_no_gap(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, true, 22).await;
    let mut rng = ChaCha8Rng::seed_from_u64(22);
    for _ in 0..20 {
        random_step(&mut client, &id, &tokens, &mut rng).await;
    }
    // Resume from 12: 13..=20 from the log, then 21..=30 live.
    let resumed = watch(&server, &id, 12, Some(tokens[1].clone()), 18).await;
    for _ in 0..10 {
        random_step(&mut client, &id, &tokens, &mut rng).await;
    }
    let items = resumed.await.expect("watcher");
    assert_eq!(items.len(), 18);
    assert_consecutive(&items, 12);
    // A full replay from 0 agrees with the resumed tail, version by version.
    let full = collect_stream(&mut client, &id, 0, Some(&tokens[1]), 30).await;
    assert_consecutive(&full, 0);
    assert_eq!(&full[12..], &items[..]);
}

async fn a_finished_game_streams_to_its_outcome(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, false, 23).await;
    let last = play(&mut client, &id, &tokens, 23, 20_000).await;
    assert_eq!(last.status, pb::SessionStatus::Finished as i32);
    let items = collect_stream(&mut client, &id, 0, None, last.version as usize).await;
    assert_eq!(items.len() as u64, last.version);
    assert_consecutive(&items, 0);
    let end = items.last().expect("last version");
    assert_eq!(end.status, pb::SessionStatus::Finished as i32);
    assert!(end.to_act.is_empty());
    assert_eq!(end.outcome, last.outcome);
    assert!(items[..items.len() - 1].iter().all(|i| i.outcome.is_none()));
}

async fn a_stream_ahead_of_the_session_is_out_of_range(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, _) = started(&mut client, 2, false, 24).await;
    assert_code(
        client
            .stream_events(pb::StreamEventsRequest {
                session_id: id,
                after_version: 5,
            })
            .await,
        Code::OutOfRange,
    );
}

async fn shutdown_ends_streams_telling_where_to_resume(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, false, 25).await;
    let mut rng = ChaCha8Rng::seed_from_u64(25);
    for _ in 0..3 {
        random_step(&mut client, &id, &tokens, &mut rng).await;
    }
    let mut stream = stream_caught_up(&mut client, &id, 3).await;
    let stopping = tokio::spawn(server.stop());
    let end = tokio::time::timeout(Duration::from_secs(10), stream.message())
        .await
        .expect("the stream ends promptly");
    let status = end.expect_err("a shutdown ends the stream with a status");
    assert_eq!(status.code(), Code::Unavailable);
    assert!(
        status.message().contains("resume from version 3"),
        "{status:?}"
    );
    tokio::time::timeout(Duration::from_secs(10), stopping)
        .await
        .expect("graceful shutdown completes")
        .expect("server task");
}

/// The request timeout bounds unary calls, not how long a client may follow a game.
async fn streams_outlive_the_unary_deadline(kind: StoreKind) {
    let server = TestServer::start_with(kind, |c| c.request_timeout_ms = 300).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, false, 26).await;
    let watcher = watch(&server, &id, 0, None, 2).await;
    let mut rng = ChaCha8Rng::seed_from_u64(26);
    random_step(&mut client, &id, &tokens, &mut rng).await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    random_step(&mut client, &id, &tokens, &mut rng).await;
    let items = watcher.await.expect("watcher");
    assert_consecutive(&items, 0);
    assert_eq!(items.len(), 2);
}

/// Live streams share one encoded response per viewer; each viewer still gets exactly what
/// a stream of its own would (a replay from the log, converted afresh for that stream once
/// the versions are no longer among the shared ones), never another viewer's rendition.
async fn shared_renditions_are_each_viewer_s_own(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 3, false, 27).await;
    const STEPS: usize = 24;
    // Three live streams per viewer: each seat and a spectator.
    let viewers: Vec<Option<String>> = tokens.iter().cloned().map(Some).chain([None]).collect();
    let mut live = Vec::new();
    for viewer in &viewers {
        for _ in 0..3 {
            live.push((
                viewer.clone(),
                watch(&server, &id, 0, viewer.clone(), STEPS).await,
            ));
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(27);
    for _ in 0..STEPS {
        random_step(&mut client, &id, &tokens, &mut rng).await;
    }
    for (viewer, handle) in live {
        let items = handle.await.expect("watcher");
        assert_consecutive(&items, 0);
        let alone = collect_stream(&mut client, &id, 0, viewer.as_deref(), STEPS).await;
        assert_eq!(items, alone, "{viewer:?}: the shared rendition is its own");
    }
    // Seats see different things (their own hands), so sharing across viewers would show.
    let by_seat: Vec<_> = futures::future::join_all(tokens.iter().map(|t| {
        let mut client = client.clone();
        let id = id.clone();
        async move { collect_stream(&mut client, &id, 0, Some(t), STEPS).await }
    }))
    .await;
    assert_ne!(by_seat[0], by_seat[1], "the seats' renditions differ");
}
