//! Limits refuse at once with RESOURCE_EXHAUSTED instead of queueing: a call beyond
//! `--max-concurrent-requests`, and an event stream beyond `--max-concurrent-streams` on
//! one connection; health checks are never refused, and the slots come back.

use crate::support::harness::*;
use agora_proto::v1 as pb;
use std::time::{Duration, Instant};
use tokio::sync::oneshot;
use tonic::codegen::http::uri::PathAndQuery;
use tonic::transport::Channel;
use tonic::{Code, Request};

/// A ListGames whose request message is held back until `release` fires: the server has
/// the call (headers received, handler waiting for the body) and holds its slot meanwhile.
async fn held_list_games(
    server: &TestServer,
    release: oneshot::Receiver<()>,
) -> tokio::task::JoinHandle<Result<pb::ListGamesResponse, tonic::Status>> {
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{}", server.addr))
        .expect("endpoint")
        .connect()
        .await
        .expect("connect");
    tokio::spawn(async move {
        let mut grpc = tonic::client::Grpc::new(channel);
        grpc.ready()
            .await
            .map_err(|e| tonic::Status::unknown(e.to_string()))?;
        let body = futures::stream::once(async move {
            let _ = release.await;
            pb::ListGamesRequest {}
        });
        let codec =
            tonic_prost::ProstCodec::<pb::ListGamesRequest, pb::ListGamesResponse>::default();
        grpc.client_streaming(
            Request::new(body),
            PathAndQuery::from_static("/agora.v1.GameService/ListGames"),
            codec,
        )
        .await
        .map(|r| r.into_inner())
    })
}

async fn list_games(client: &mut Client) -> Result<pb::ListGamesResponse, tonic::Status> {
    client
        .list_games(pb::ListGamesRequest {})
        .await
        .map(|r| r.into_inner())
}

/// A held call that owns the only slot, its release, and the status a probe call on
/// `client` got while it was held. The probes themselves take the slot for a moment: a held
/// call arriving meanwhile is refused (and finishes at once), so it is started again.
async fn hold_the_only_slot(
    server: &TestServer,
    client: &mut Client,
) -> (
    oneshot::Sender<()>,
    tokio::task::JoinHandle<Result<pb::ListGamesResponse, tonic::Status>>,
    tonic::Status,
) {
    let start = Instant::now();
    loop {
        let (release, released) = oneshot::channel();
        let held = held_list_games(server, released).await;
        while !held.is_finished() {
            if let Err(status) = list_games(client).await {
                return (release, held, status);
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "the held call never took the only slot"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_over_the_request_limit_is_refused_at_once_then_served_again() {
    let server = TestServer::start_with(StoreKind::Memory, |config| {
        config.max_concurrent_requests = 1;
    })
    .await;
    let mut client = server.client().await;
    list_games(&mut client)
        .await
        .expect("one call at a time is served");

    let (release, held, status) = hold_the_only_slot(&server, &mut client).await;
    assert_eq!(status.code(), Code::ResourceExhausted, "{status:?}");
    assert!(
        status
            .message()
            .contains("limit of 1 concurrent requests; retry with backoff"),
        "{status:?}"
    );

    // Refused at once, not queued behind the held call.
    let start = Instant::now();
    let again = list_games(&mut client).await;
    assert_code(again, Code::ResourceExhausted);
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "{:?}",
        start.elapsed()
    );

    // A health probe is never refused, even at the limit.
    let channel = Channel::from_shared(format!("http://{}", server.addr))
        .expect("endpoint")
        .connect()
        .await
        .expect("connect");
    let mut health = tonic_health::pb::health_client::HealthClient::new(channel);
    let probe = health
        .check(tonic_health::pb::HealthCheckRequest {
            service: String::new(),
        })
        .await
        .expect("health is exempt from the request limit");
    assert_eq!(
        probe.into_inner().status,
        tonic_health::pb::health_check_response::ServingStatus::Serving as i32
    );

    // The held call completes normally, and its slot comes back.
    release.send(()).expect("the held call is waiting");
    let first = held.await.expect("task").expect("the held call is served");
    assert!(!first.games.is_empty());
    let served = list_games(&mut client)
        .await
        .expect("served again after the slot is free");
    assert!(!served.games.is_empty());
    let (id, _tokens) = started(&mut client, 2, true, 7).await;
    assert!(!id.is_empty());
    server.stop().await;
}

async fn open_stream(
    client: &mut Client,
    id: &str,
) -> Result<tonic::Streaming<pb::StreamEventsResponse>, tonic::Status> {
    client
        .stream_events(pb::StreamEventsRequest {
            session_id: id.to_string(),
            after_version: 0,
        })
        .await
        .map(|r| r.into_inner())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_stream_over_the_connection_limit_is_refused_and_unary_calls_go_on() {
    let server = TestServer::start_with(StoreKind::Memory, |config| {
        config.max_concurrent_streams = 1;
        config.max_concurrent_requests = 2;
    })
    .await;
    let mut client = server.client().await;
    let (id, _tokens) = started(&mut client, 2, true, 11).await;

    let first = open_stream(&mut client, &id).await.expect("a first stream");
    // An open stream holds no request slot: with a limit of 2, two calls at once still pass.
    let (mut c1, mut c2) = (client.clone(), client.clone());
    let (a, b) = tokio::join!(list_games(&mut c1), list_games(&mut c2));
    a.expect("unary beside an open stream");
    b.expect("unary beside an open stream");

    let start = Instant::now();
    let refused = tokio::time::timeout(Duration::from_secs(5), open_stream(&mut client, &id))
        .await
        .expect("a stream over the limit is answered, not left hanging");
    let status = assert_code(refused.map(|_| ()), Code::ResourceExhausted);
    assert!(
        status.message().contains("open event streams"),
        "{status:?}"
    );
    assert!(start.elapsed() < Duration::from_secs(1));

    // Another connection has its own streams.
    let mut other = server.client().await;
    let _second = open_stream(&mut other, &id)
        .await
        .expect("another connection");

    // Closing the first stream frees its place on this connection.
    drop(first);
    let start = Instant::now();
    loop {
        match open_stream(&mut client, &id).await {
            Ok(_stream) => break,
            Err(status) if status.code() == Code::ResourceExhausted => {
                assert!(
                    start.elapsed() < Duration::from_secs(5),
                    "a closed stream's place never came back"
                );
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            Err(status) => panic!("unexpected {status:?}"),
        }
    }
    server.stop().await;
}

async fn open_stream_as(
    client: &mut Client,
    id: &str,
    token: &str,
) -> Result<tonic::Streaming<pb::StreamEventsResponse>, tonic::Status> {
    client
        .stream_events(authed(
            pb::StreamEventsRequest {
                session_id: id.to_string(),
                after_version: 0,
            },
            token,
        ))
        .await
        .map(|r| r.into_inner())
}

/// `--max-streams-per-player` counts a player's streams over every connection (here a
/// seat token's: each connection is a fresh one), and `--max-streams-per-address` a
/// client address's; the refusal names the limit, others are not affected, and a closed
/// stream gives its place back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn event_streams_are_limited_per_player_and_per_address() {
    let server = TestServer::start_with(StoreKind::Memory, |config| {
        config.max_streams_per_player = 2;
        config.max_streams_per_address = 3;
    })
    .await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, true, 11).await;

    let mut held = Vec::new();
    for _ in 0..2 {
        let mut fresh = server.client().await;
        held.push(
            open_stream_as(&mut fresh, &id, &tokens[0])
                .await
                .expect("within the limit"),
        );
    }
    let mut fresh = server.client().await;
    let refused = open_stream_as(&mut fresh, &id, &tokens[0]).await;
    let status = assert_code(refused.map(|_| ()), Code::ResourceExhausted);
    assert!(
        status.message().contains("2 open event streams")
            && status.message().contains("--max-streams-per-player"),
        "{status:?}"
    );
    // The other seat's player has its own count.
    let other = open_stream_as(&mut fresh, &id, &tokens[1])
        .await
        .expect("another player");
    // Three streams from 127.0.0.1 now: a spectator from it is over the address limit.
    let refused = open_stream(&mut fresh, &id).await;
    let status = assert_code(refused.map(|_| ()), Code::ResourceExhausted);
    assert!(
        status.message().contains("--max-streams-per-address"),
        "{status:?}"
    );
    drop(other);
    // A closed stream frees its places (the server sees it close a little later).
    held.pop();
    let start = Instant::now();
    loop {
        match open_stream_as(&mut fresh, &id, &tokens[0]).await {
            Ok(_stream) => break,
            Err(status) if status.code() == Code::ResourceExhausted => {
                assert!(
                    start.elapsed() < Duration::from_secs(5),
                    "a closed stream's place never came back: {status:?}"
                );
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            Err(status) => panic!("unexpected {status:?}"),
        }
    }
    server.stop().await;
}

/// Metadata over `--max-metadata-bytes` (16 KiB by default) is refused with
/// RESOURCE_EXHAUSTED naming the limit, and only that call: the connection's open stream
/// and its next calls go on (HTTP/2 alone would answer 431, seen as UNKNOWN, and close
/// the connection for larger blocks).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversized_metadata_is_refused_on_its_call_only() {
    let server = TestServer::start(StoreKind::Memory).await;
    let mut client = server.client().await;
    let (id, _tokens) = started(&mut client, 2, true, 11).await;
    let mut stream = open_stream(&mut client, &id).await.expect("a stream");

    let mut request = Request::new(pb::GetSessionRequest {
        session_id: id.clone(),
    });
    let big = "x".repeat(40 << 10);
    request
        .metadata_mut()
        .insert("x-padding", big.parse().expect("ascii"));
    let status = assert_code(client.get_session(request).await, Code::ResourceExhausted);
    assert!(
        status.message().contains("--max-metadata-bytes"),
        "{status:?}"
    );
    // The connection is intact: the stream is still open and calls are served.
    client
        .get_session(pb::GetSessionRequest {
            session_id: id.clone(),
        })
        .await
        .expect("the next call on the same connection");
    let pending = tokio::time::timeout(Duration::from_millis(300), stream.message()).await;
    assert!(
        pending.is_err(),
        "the idle stream is still open: {pending:?}"
    );
    server.stop().await;
}
