//! What the server offers besides the game API: gRPC health, server reflection, and
//! gRPC-Web over HTTP/1.1 for browsers.

use crate::support::harness::*;
use agora_proto::v1 as pb;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;
use tonic_health::pb::HealthCheckRequest;

#[tokio::test]
async fn health_reports_the_game_service_serving() {
    let server = TestServer::start(StoreKind::Memory).await;
    let mut health = HealthClient::new(channel(&server).await);
    for service in ["", "agora.v1.GameService"] {
        let status = health
            .check(HealthCheckRequest {
                service: service.into(),
            })
            .await
            .expect("health check")
            .into_inner()
            .status;
        assert_eq!(status, ServingStatus::Serving as i32, "{service:?}");
    }
}

/// A reflection test for one version of the protocol (`v1`, `v1alpha`): each has its own
/// generated types, the same shape.
macro_rules! reflection_lists_the_game_service {
    ($test:ident, $version:ident) => {
        #[tokio::test]
        async fn $test() {
            use tonic_reflection::pb::$version::server_reflection_client::ServerReflectionClient;
            use tonic_reflection::pb::$version::server_reflection_request::MessageRequest;
            use tonic_reflection::pb::$version::server_reflection_response::MessageResponse;
            use tonic_reflection::pb::$version::ServerReflectionRequest;
            let server = TestServer::start(StoreKind::Memory).await;
            let mut reflection = ServerReflectionClient::new(channel(&server).await);
            let request = ServerReflectionRequest {
                host: String::new(),
                message_request: Some(MessageRequest::ListServices(String::new())),
            };
            let mut responses = reflection
                .server_reflection_info(futures::stream::iter([request]))
                .await
                .expect(stringify!($version))
                .into_inner();
            let response = responses.message().await.expect("message").expect("one");
            let Some(MessageResponse::ListServicesResponse(list)) = response.message_response
            else {
                panic!("not a service list: {response:?}");
            };
            assert!(list
                .service
                .iter()
                .any(|s| s.name == "agora.v1.GameService"));
        }
    };
}

reflection_lists_the_game_service!(reflection_lists_the_game_service, v1);
// Tools that ask `v1alpha` first (grpcio-reflection, older grpcurl) find the service too.
reflection_lists_the_game_service!(reflection_v1alpha_lists_the_game_service, v1alpha);

async fn channel(server: &TestServer) -> tonic::transport::Channel {
    tonic::transport::Endpoint::from_shared(format!("http://{}", server.addr))
        .expect("endpoint")
        .connect()
        .await
        .expect("connect")
}

#[tokio::test]
async fn grpc_web_answers_over_http1() {
    let server = TestServer::start(StoreKind::Memory).await;
    let mut socket = tokio::net::TcpStream::connect(server.addr)
        .await
        .expect("connect");
    // One gRPC-Web frame: uncompressed, empty ListGamesRequest.
    let body = [0u8, 0, 0, 0, 0];
    let head = format!(
        "POST /agora.v1.GameService/ListGames HTTP/1.1\r\nhost: {}\r\ncontent-type: application/grpc-web+proto\r\nx-grpc-web: 1\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        server.addr,
        body.len()
    );
    socket.write_all(head.as_bytes()).await.expect("write");
    socket.write_all(&body).await.expect("write body");
    let mut response = Vec::new();
    tokio::time::timeout(
        std::time::Duration::from_secs(10),
        socket.read_to_end(&mut response),
    )
    .await
    .expect("answer in time")
    .expect("read");
    let text = String::from_utf8_lossy(&response);
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    assert!(text.contains("application/grpc-web"), "{text}");
    assert!(
        text.contains("origin"),
        "the catalog is in the body: {text}"
    );
    assert!(
        text.contains("grpc-status:0") || text.contains("grpc-status: 0"),
        "{text}"
    );
}

/// One HTTP/1.1 exchange on a fresh connection: the whole answer as text.
async fn http1(addr: std::net::SocketAddr, request: &str) -> String {
    let mut socket = tokio::net::TcpStream::connect(addr).await.expect("connect");
    socket.write_all(request.as_bytes()).await.expect("write");
    let mut response = Vec::new();
    tokio::time::timeout(
        std::time::Duration::from_secs(10),
        socket.read_to_end(&mut response),
    )
    .await
    .expect("answer in time")
    .expect("read");
    String::from_utf8_lossy(&response).into_owned()
}

#[tokio::test]
async fn web_dir_is_served_beside_the_grpc_routes() {
    let dir = std::env::temp_dir().join(format!("agora-web-dir-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("assets")).expect("create the web dir");
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><title>agora web</title>",
    )
    .expect("write index.html");
    std::fs::write(dir.join("assets/app.js"), "console.log('agora');").expect("write app.js");
    let web_dir = dir.clone();
    let server = TestServer::start_with(StoreKind::Memory, move |config| {
        config.web_dir = Some(web_dir);
    })
    .await;
    let get = |path: &str| {
        format!(
            "GET {path} HTTP/1.1\r\nhost: {}\r\nconnection: close\r\n\r\n",
            server.addr
        )
    };

    let asset = http1(server.addr, &get("/assets/app.js")).await;
    assert!(asset.starts_with("HTTP/1.1 200"), "{asset}");
    assert!(asset.contains("console.log('agora');"), "{asset}");
    assert!(asset.to_ascii_lowercase().contains("javascript"), "{asset}");
    // A client-side route is not a file: the app's index.html answers it.
    let route = http1(server.addr, &get("/session/abc")).await;
    assert!(route.starts_with("HTTP/1.1 200"), "{route}");
    assert!(route.contains("<title>agora web</title>"), "{route}");

    // The gRPC routes still answer, over gRPC and gRPC-Web, beside the files.
    let mut client = server.client().await;
    let games = client
        .list_games(pb::ListGamesRequest {})
        .await
        .expect("ListGames beside the files");
    assert!(!games.into_inner().games.is_empty());
    // An unknown gRPC method is still UNIMPLEMENTED, not the index page.
    let unknown = format!(
        "POST /agora.v1.GameService/NoSuchMethod HTTP/1.1\r\nhost: {}\r\ncontent-type: application/grpc-web+proto\r\nx-grpc-web: 1\r\ncontent-length: 5\r\nconnection: close\r\n\r\n\0\0\0\0\0",
        server.addr
    );
    let unknown = http1(server.addr, &unknown).await;
    assert!(
        unknown.contains("grpc-status: 12") || unknown.contains("grpc-status:12"),
        "{unknown}"
    );
    assert!(!unknown.contains("agora web"), "{unknown}");
    server.stop().await;
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn cors_preflight_is_answered_only_for_allowed_origins() {
    let server = TestServer::start_with(StoreKind::Memory, |config| {
        config.cors_allow_origins = vec!["http://localhost:5173".into()];
    })
    .await;
    let preflight = |origin: &str| {
        format!(
            "OPTIONS /agora.v1.GameService/ListGames HTTP/1.1\r\nhost: {}\r\norigin: {origin}\r\naccess-control-request-method: POST\r\naccess-control-request-headers: content-type,x-grpc-web,authorization\r\nconnection: close\r\n\r\n",
            server.addr
        )
    };
    let allowed = http1(server.addr, &preflight("http://localhost:5173"))
        .await
        .to_ascii_lowercase();
    assert!(allowed.starts_with("http/1.1 200"), "{allowed}");
    assert!(
        allowed.contains("access-control-allow-origin: http://localhost:5173"),
        "{allowed}"
    );
    assert!(allowed.contains("authorization"), "{allowed}");
    let other = http1(server.addr, &preflight("http://evil.example"))
        .await
        .to_ascii_lowercase();
    assert!(!other.contains("access-control-allow-origin"), "{other}");

    // A call from the allowed origin can read the gRPC status headers.
    let call = format!(
        "POST /agora.v1.GameService/ListGames HTTP/1.1\r\nhost: {}\r\norigin: http://localhost:5173\r\ncontent-type: application/grpc-web+proto\r\nx-grpc-web: 1\r\ncontent-length: 5\r\nconnection: close\r\n\r\n\0\0\0\0\0",
        server.addr
    );
    let call = http1(server.addr, &call).await.to_ascii_lowercase();
    assert!(call.starts_with("http/1.1 200"), "{call}");
    assert!(call.contains("access-control-expose-headers"), "{call}");
    assert!(call.contains("grpc-status"), "{call}");
    server.stop().await;
}
