//! One test per row of the table of codes in `game_service.proto`: each code the API
//! returns, provoked the way the table says, with its sentence. Codes whose every cause
//! has its own test elsewhere name it here (ABORTED in `writes.rs` and `streams.rs`,
//! RESOURCE_EXHAUSTED for concurrency in `limits.rs`, LeaveSession's codes and the
//! PERMISSION_DENIED that ends a stream of a seat given back in `leave.rs`); UNAVAILABLE
//! and INTERNAL, which need a store that fails, are in `operator_logs.rs` with the log
//! lines they produce.

use crate::support::harness::*;
use agora_proto::v1 as pb;
use prost::bytes::{Buf, BufMut};
use prost::Message;
use std::time::Duration;
use tonic::codec::{Codec, DecodeBuf, Decoder, EncodeBuf, Encoder};
use tonic::codegen::http::uri::PathAndQuery;
use tonic::{Code, Request, Status};
use tonic_types::StatusExt;

/// Sends and receives raw bytes: what a client with a broken encoder sends.
#[derive(Default)]
struct RawCodec;

struct Raw;

impl Codec for RawCodec {
    type Encode = Vec<u8>;
    type Decode = Vec<u8>;
    type Encoder = Raw;
    type Decoder = Raw;
    fn encoder(&mut self) -> Raw {
        Raw
    }
    fn decoder(&mut self) -> Raw {
        Raw
    }
}

impl Encoder for Raw {
    type Item = Vec<u8>;
    type Error = Status;
    fn encode(&mut self, item: Vec<u8>, buf: &mut EncodeBuf<'_>) -> Result<(), Status> {
        buf.put_slice(&item);
        Ok(())
    }
}

impl Decoder for Raw {
    type Item = Vec<u8>;
    type Error = Status;
    fn decode(&mut self, buf: &mut DecodeBuf<'_>) -> Result<Option<Vec<u8>>, Status> {
        Ok(Some(buf.copy_to_bytes(buf.remaining()).to_vec()))
    }
}

/// `body` sent as the request message of `method` (e.g. "CreateSession").
async fn raw_call(server: &TestServer, method: &str, body: Vec<u8>) -> Result<Vec<u8>, Status> {
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{}", server.addr))
        .expect("endpoint")
        .connect()
        .await
        .expect("connect");
    let mut grpc = tonic::client::Grpc::new(channel);
    grpc.ready()
        .await
        .map_err(|e| Status::unknown(e.to_string()))?;
    let path = PathAndQuery::try_from(format!("/agora.v1.GameService/{method}")).expect("path");
    grpc.unary(Request::new(body), path, RawCodec)
        .await
        .map(|r| r.into_inner())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invalid_argument_for_bodies_that_are_not_protobuf_on_every_method() {
    let server = TestServer::start(StoreKind::Memory).await;
    // A field 1 of wire type 7 (no such type), a length running past the end, and a
    // string field that is not UTF-8.
    let bodies: [&[u8]; 3] = [
        &[0x0f, 0x01],
        &[0x0a, 0x50, 0x41],
        &[0x0a, 0x02, 0xff, 0xfe],
    ];
    for method in [
        "ListGames",
        "CreateSession",
        "GetSession",
        "ListSessions",
        "JoinSession",
        "LeaveSession",
        "GetState",
        "ListLegalActions",
        "SubmitAction",
        "StreamEvents",
    ] {
        for body in bodies {
            if method == "ListGames" && body[0] == 0x0a {
                continue; // ListGamesRequest has no field 1 to be malformed.
            }
            let status = raw_call(&server, method, body.to_vec())
                .await
                .expect_err("refused");
            assert_eq!(status.code(), Code::InvalidArgument, "{method}: {status:?}");
            assert!(
                status.message().contains("is not a valid agora.v1."),
                "{method}: {status:?}"
            );
        }
    }
    // A valid body still works through the same path.
    let games = raw_call(&server, "ListGames", Vec::new())
        .await
        .expect("ok");
    assert!(!pb::ListGamesResponse::decode(games.as_slice())
        .expect("a response")
        .games
        .is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invalid_argument_names_the_field() {
    let server = TestServer::start(StoreKind::Memory).await;
    let mut client = server.client().await;
    let status = assert_code(
        client
            .get_session(pb::GetSessionRequest {
                session_id: String::new(),
            })
            .await,
        Code::InvalidArgument,
    );
    let bad = status
        .get_details_bad_request()
        .expect("a BadRequest detail");
    assert_eq!(bad.field_violations[0].field, "session_id");
    let created = create(&mut client, 2, false, 1).await;
    let status = assert_code(
        client
            .join_session(pb::JoinSessionRequest {
                session_id: created.session_id,
                seat: Some(7),
                ..Default::default()
            })
            .await,
        Code::InvalidArgument,
    );
    assert!(
        status.message().contains("Seat 7 does not exist"),
        "{status:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn not_found_for_a_session_that_does_not_exist() {
    let server = TestServer::start(StoreKind::Memory).await;
    let mut client = server.client().await;
    let status = assert_code(
        client
            .get_session(pb::GetSessionRequest {
                session_id: "no-such-session".into(),
            })
            .await,
        Code::NotFound,
    );
    assert!(status.message().contains("no-such-session"), "{status:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failed_precondition_names_its_reason() {
    let server = TestServer::start(StoreKind::Memory).await;
    let mut client = server.client().await;
    let created = create(&mut client, 2, false, 2).await;
    let join = |seat| pb::JoinSessionRequest {
        session_id: created.session_id.clone(),
        seat: Some(seat),
        player_name: "p".into(),
        request_id: String::new(),
    };
    let token = client
        .join_session(join(0))
        .await
        .expect("join")
        .into_inner()
        .seat_token;
    let reason = |status: Status| status.get_details_error_info().expect("ErrorInfo").reason;
    // Listing is allowed (and empty) before the start; submitting is not.
    let listed = legal(&mut client, &created.session_id, &token).await;
    assert!(listed.actions.is_empty());
    let action = pb::GameAction {
        game: Some(pb::game_action::Game::Origin(pb::OriginAction {
            action: Some(pb::origin_action::Action::PassMain(
                pb::origin_action::PassMain {},
            )),
        })),
    };
    let status = assert_code(
        client
            .submit_action(authed(
                submit_request(&created.session_id, action, None, ""),
                &token,
            ))
            .await,
        Code::FailedPrecondition,
    );
    assert_eq!(reason(status), "WAITING_FOR_PLAYERS");
    let status = assert_code(client.join_session(join(0)).await, Code::FailedPrecondition);
    assert_eq!(reason(status), "SEAT_TAKEN");
    client.join_session(join(1)).await.expect("the last seat");
    let mut full = join(0);
    full.seat = None;
    let status = assert_code(client.join_session(full).await, Code::FailedPrecondition);
    assert_eq!(reason(status), "SESSION_FULL");
    // Every seat taken: the game started, and a seat is no longer given back.
    let status = assert_code(
        client
            .leave_session(authed(
                pb::LeaveSessionRequest {
                    session_id: created.session_id.clone(),
                },
                &token,
            ))
            .await,
        Code::FailedPrecondition,
    );
    assert_eq!(reason(status), "GAME_STARTED");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resource_exhausted_for_a_message_over_the_size_limit() {
    let server = TestServer::start_with(StoreKind::Memory, |c| c.max_message_bytes = 1024).await;
    let mut client = server.client().await;
    let status = assert_code(
        client
            .get_session(pb::GetSessionRequest {
                session_id: "x".repeat(4096),
            })
            .await,
        Code::ResourceExhausted,
    );
    assert!(
        status
            .message()
            .contains("over this server's limit of 1024 bytes"),
        "{status:?}"
    );
    // Just under the limit, the same call reaches the handler (which refuses the id).
    assert_code(
        client
            .get_session(pb::GetSessionRequest {
                session_id: "x".repeat(1000),
            })
            .await,
        Code::InvalidArgument,
    );
    // The connection is still good.
    assert_code(
        client
            .get_session(pb::GetSessionRequest {
                session_id: "none".into(),
            })
            .await,
        Code::NotFound,
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deadline_exceeded_when_a_call_outlives_the_request_timeout() {
    let server = TestServer::start_with(StoreKind::Memory, |c| c.request_timeout_ms = 200).await;
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{}", server.addr))
        .expect("endpoint")
        .connect()
        .await
        .expect("connect");
    // A ListGames whose request message never comes: the handler waits for it.
    let mut grpc = tonic::client::Grpc::new(channel);
    grpc.ready().await.expect("ready");
    let body = futures::stream::pending::<pb::ListGamesRequest>();
    let codec = tonic_prost::ProstCodec::<pb::ListGamesRequest, pb::ListGamesResponse>::default();
    let started = std::time::Instant::now();
    let result = tokio::time::timeout(
        Duration::from_secs(10),
        grpc.client_streaming(
            Request::new(body),
            PathAndQuery::from_static("/agora.v1.GameService/ListGames"),
            codec,
        ),
    )
    .await
    .expect("answered, not left hanging");
    let status = assert_code(result.map(|r| r.into_inner()), Code::DeadlineExceeded);
    assert!(status.message().contains("200 ms"), "{status:?}");
    assert!(started.elapsed() >= Duration::from_millis(200));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unimplemented_for_a_method_the_server_does_not_have() {
    let server = TestServer::start(StoreKind::Memory).await;
    let status = raw_call(&server, "NoSuchMethod", Vec::new())
        .await
        .expect_err("refused");
    assert_eq!(status.code(), Code::Unimplemented, "{status:?}");
}
