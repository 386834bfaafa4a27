//! What the server offers besides the game API: gRPC health, server reflection, and
//! gRPC-Web over HTTP/1.1 for browsers.

use crate::support::harness::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;
use tonic_health::pb::HealthCheckRequest;
use tonic_reflection::pb::v1::server_reflection_client::ServerReflectionClient;
use tonic_reflection::pb::v1::server_reflection_request::MessageRequest;
use tonic_reflection::pb::v1::server_reflection_response::MessageResponse;
use tonic_reflection::pb::v1::ServerReflectionRequest;

#[tokio::test]
async fn health_reports_the_game_service_serving() {
    let server = TestServer::start(StoreKind::Memory).await;
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{}", server.addr))
        .expect("endpoint")
        .connect()
        .await
        .expect("connect");
    let mut health = HealthClient::new(channel);
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

/// Reflection answers in both versions: tools that ask `v1alpha` first find the service too.
#[tokio::test]
async fn reflection_v1alpha_lists_the_game_service() {
    use tonic_reflection::pb::v1alpha::server_reflection_client::ServerReflectionClient;
    use tonic_reflection::pb::v1alpha::server_reflection_request::MessageRequest;
    use tonic_reflection::pb::v1alpha::server_reflection_response::MessageResponse;
    use tonic_reflection::pb::v1alpha::ServerReflectionRequest;
    let server = TestServer::start(StoreKind::Memory).await;
    let mut reflection = ServerReflectionClient::new(channel(&server).await);
    let request = ServerReflectionRequest {
        host: String::new(),
        message_request: Some(MessageRequest::ListServices(String::new())),
    };
    let mut responses = reflection
        .server_reflection_info(futures::stream::iter([request]))
        .await
        .expect("reflection v1alpha")
        .into_inner();
    let response = responses.message().await.expect("message").expect("one");
    let Some(MessageResponse::ListServicesResponse(list)) = response.message_response else {
        panic!("not a service list: {response:?}");
    };
    assert!(list
        .service
        .iter()
        .any(|s| s.name == "agora.v1.GameService"));
}

async fn channel(server: &TestServer) -> tonic::transport::Channel {
    tonic::transport::Endpoint::from_shared(format!("http://{}", server.addr))
        .expect("endpoint")
        .connect()
        .await
        .expect("connect")
}

#[tokio::test]
async fn reflection_lists_the_game_service() {
    let server = TestServer::start(StoreKind::Memory).await;
    let mut reflection = ServerReflectionClient::new(channel(&server).await);
    let request = ServerReflectionRequest {
        host: String::new(),
        message_request: Some(MessageRequest::ListServices(String::new())),
    };
    let mut responses = reflection
        .server_reflection_info(futures::stream::iter([request]))
        .await
        .expect("reflection")
        .into_inner();
    let response = responses.message().await.expect("message").expect("one");
    let Some(MessageResponse::ListServicesResponse(list)) = response.message_response else {
        panic!("not a service list: {response:?}");
    };
    assert!(list
        .service
        .iter()
        .any(|s| s.name == "agora.v1.GameService"));
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
