//! RematchSession over real gRPC on both stores: from a finished game, one new session
//! with the same players one seat further on, whose old seat tokens play it; asked again
//! (by any player) it is the same one; refused before the end and to a spectator. The
//! streams of the finished game are told, on every replica.

use crate::support::harness::*;
use crate::support::redis_server::RedisServer;
use crate::support::server_process::ServerProcess;
use agora_proto::v1 as pb;
use std::time::Duration;
use tonic::Code;

per_store!(
    a_finished_game_is_rematched_once_with_the_seats_rotated,
    streams_of_the_finished_game_are_told_of_the_rematch_once,
);

fn rematch(id: &str) -> pb::RematchSessionRequest {
    pb::RematchSessionRequest {
        session_id: id.to_string(),
    }
}

async fn a_finished_game_is_rematched_once_with_the_seats_rotated(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, false, 31).await;
    let status = assert_code(
        client
            .rematch_session(authed(rematch(&id), &tokens[0]))
            .await,
        Code::FailedPrecondition,
    );
    assert!(status.message().contains("over"), "{status:?}");
    // The quickest end: seat 1 resigns.
    resign(&mut client, &id, &tokens[1]).await;
    assert_code(
        client.rematch_session(rematch(&id)).await,
        Code::Unauthenticated,
    );
    let new = client
        .rematch_session(authed(rematch(&id), &tokens[0]))
        .await
        .expect("rematch")
        .into_inner()
        .session
        .expect("session");
    assert_ne!(new.session_id, id);
    assert_eq!(
        new.status,
        pb::SessionStatus::InProgress as i32,
        "every seat taken"
    );
    let names: Vec<&str> = new.seats.iter().map(|s| s.player_name.as_str()).collect();
    assert_eq!(
        names,
        vec!["player 1", "player 0"],
        "seat i plays seat i + 1"
    );
    // The other player asking gets the same rematch, and the old session names it.
    let again = client
        .rematch_session(authed(rematch(&id), &tokens[1]))
        .await
        .expect("rematch again")
        .into_inner()
        .session
        .expect("session");
    assert_eq!(again.session_id, new.session_id);
    assert_eq!(
        session(&mut client, &id).await.rematch_session_id,
        new.session_id
    );
    // Old tokens play the rotated seats: the old seat 0 is seat 1 now.
    let rotated = vec![tokens[1].clone(), tokens[0].clone()];
    let last = play(&mut client, &new.session_id, &rotated, 5, 3).await;
    assert!(last.version >= 3);
}

/// The seat of `token` resigns session `id`; returns the version that ends the game.
async fn resign(client: &mut Client, id: &str, token: &str) -> u64 {
    client
        .resign_session(authed(
            pb::ResignSessionRequest {
                session_id: id.to_string(),
                request_id: String::new(),
            },
            token,
        ))
        .await
        .expect("resign")
        .into_inner()
        .session
        .expect("session")
        .version
}

/// Seat 1 of a fresh two-player game resigns: the game is over at its returned version.
async fn resigned(client: &mut Client, seed: u64) -> (String, Vec<String>, u64) {
    let (id, tokens) = started(client, 2, false, seed).await;
    let version = resign(client, &id, &tokens[1]).await;
    (id, tokens, version)
}

/// Opens a stream of `id` after version `after`, as `token`'s seat or a spectator.
async fn open(
    client: &mut Client,
    id: &str,
    after: u64,
    token: Option<&str>,
) -> tonic::Streaming<pb::StreamEventsResponse> {
    client
        .stream_events(stream_request(id, after, token))
        .await
        .expect("stream")
        .into_inner()
}

/// The next item of `stream`, within 20 seconds.
async fn next(stream: &mut tonic::Streaming<pb::StreamEventsResponse>) -> pb::StreamEventsResponse {
    tokio::time::timeout(Duration::from_secs(20), stream.message())
        .await
        .expect("an item in time")
        .expect("no error")
        .expect("the stream goes on")
}

/// Nothing more arrives on `stream` for a while (a notice is told once).
async fn quiet(stream: &mut tonic::Streaming<pb::StreamEventsResponse>) {
    let more = tokio::time::timeout(Duration::from_secs(3), stream.message()).await;
    assert!(more.is_err(), "nothing more, got {more:?}");
}

/// A rematch notice for `rematch` after final version `last`: not a version.
fn assert_notice(item: &pb::StreamEventsResponse, last: u64, rematch: &str) {
    assert_eq!(item.rematch_session_id, rematch);
    assert_eq!(item.version, last, "the notice repeats the final version");
    assert_eq!(item.status, pb::SessionStatus::Finished as i32);
    assert!(item.events.is_empty() && item.outcome.is_none() && item.to_act.is_empty());
}

async fn streams_of_the_finished_game_are_told_of_the_rematch_once(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens, last) = resigned(&mut client, 32).await;
    // Following the finished game: a spectator from the start, a seat at the end.
    let mut spectator = open(&mut client, &id, 0, None).await;
    for version in 1..=last {
        assert_eq!(next(&mut spectator).await.version, version);
    }
    let mut seat = open(&mut client, &id, last, Some(&tokens[1])).await;
    let new = client
        .rematch_session(authed(rematch(&id), &tokens[0]))
        .await
        .expect("rematch")
        .into_inner()
        .session
        .expect("session")
        .session_id;
    assert_notice(&next(&mut spectator).await, last, &new);
    assert_notice(&next(&mut seat).await, last, &new);
    // Asked again: the same rematch, not told again.
    client
        .rematch_session(authed(rematch(&id), &tokens[1]))
        .await
        .expect("rematch again");
    // Opened after the rematch: the versions asked for, then the notice.
    let mut late = open(&mut client, &id, last - 1, None).await;
    assert_eq!(next(&mut late).await.version, last);
    assert_notice(&next(&mut late).await, last, &new);
    for stream in [&mut spectator, &mut seat, &mut late] {
        quiet(stream).await;
    }
}

/// On Redis, a stream on one replica hears of a rematch asked on another.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_asked_on_one_replica_is_told_to_streams_on_another() {
    let redis = RedisServer::start();
    let a = ServerProcess::start(&redis.url(), &[]);
    let b = ServerProcess::start(&redis.url(), &[]);
    let mut on_a = a.client().await;
    let mut on_b = b.client().await;
    let (id, tokens, last) = resigned(&mut on_a, 33).await;
    let mut watching = open(&mut on_b, &id, last, None).await;
    let new = on_a
        .rematch_session(authed(rematch(&id), &tokens[0]))
        .await
        .expect("rematch")
        .into_inner()
        .session
        .expect("session")
        .session_id;
    assert_notice(&next(&mut watching).await, last, &new);
    quiet(&mut watching).await;
}
