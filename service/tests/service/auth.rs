//! Seat tokens over the wire: missing where needed, wrong, or of another session.

use crate::support::harness::*;
use agora_proto::v1 as pb;
use tonic::{Code, Request};

per_store!(
    a_missing_token_is_unauthenticated,
    a_wrong_token_is_permission_denied,
    a_token_of_another_session_is_permission_denied,
    a_malformed_authorization_header_is_unauthenticated,
    without_a_token_the_caller_is_a_spectator,
);

fn some_action() -> pb::GameAction {
    pb::GameAction {
        game: Some(pb::game_action::Game::Origin(pb::OriginAction {
            action: Some(pb::origin_action::Action::PassMain(
                pb::origin_action::PassMain {},
            )),
        })),
    }
}

async fn a_missing_token_is_unauthenticated(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, _) = started(&mut client, 2, false, 1).await;
    assert_code(
        client
            .submit_action(submit_request(&id, some_action(), None, ""))
            .await,
        Code::Unauthenticated,
    );
    assert_code(
        client
            .list_legal_actions(pb::ListLegalActionsRequest {
                session_id: id.clone(),
            })
            .await,
        Code::Unauthenticated,
    );
    assert_eq!(session(&mut client, &id).await.version, 0);
}

async fn a_wrong_token_is_permission_denied(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, _) = started(&mut client, 2, false, 1).await;
    let forged = "0".repeat(64);
    assert_code(
        client
            .submit_action(authed(
                submit_request(&id, some_action(), None, ""),
                &forged,
            ))
            .await,
        Code::PermissionDenied,
    );
    assert_code(
        client
            .get_state(authed(
                pb::GetStateRequest {
                    session_id: id.clone(),
                },
                &forged,
            ))
            .await,
        Code::PermissionDenied,
    );
    assert_code(
        client
            .stream_events(authed(
                pb::StreamEventsRequest {
                    session_id: id.clone(),
                    after_version: 0,
                },
                &forged,
            ))
            .await,
        Code::PermissionDenied,
    );
}

async fn a_token_of_another_session_is_permission_denied(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, _) = started(&mut client, 2, false, 1).await;
    let (_, other_tokens) = started(&mut client, 2, false, 2).await;
    assert_code(
        client
            .list_legal_actions(authed(
                pb::ListLegalActionsRequest {
                    session_id: id.clone(),
                },
                &other_tokens[0],
            ))
            .await,
        Code::PermissionDenied,
    );
    assert_code(
        client
            .submit_action(authed(
                submit_request(&id, some_action(), None, ""),
                &other_tokens[0],
            ))
            .await,
        Code::PermissionDenied,
    );
    assert_eq!(session(&mut client, &id).await.version, 0);
}

async fn a_malformed_authorization_header_is_unauthenticated(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, false, 1).await;
    let mut request = Request::new(pb::ListLegalActionsRequest {
        session_id: id.clone(),
    });
    let value = format!("Basic {}", tokens[0]).parse().expect("header");
    request.metadata_mut().insert("authorization", value);
    assert_code(
        client.list_legal_actions(request).await,
        Code::Unauthenticated,
    );
}

async fn without_a_token_the_caller_is_a_spectator(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, false, 1).await;
    let view_of = |response: pb::GetStateResponse| match response.view.and_then(|v| v.game) {
        Some(pb::game_view::Game::Origin(view)) => view,
        _ => panic!("no Origin view"),
    };
    let spectator = view_of(
        client
            .get_state(pb::GetStateRequest {
                session_id: id.clone(),
            })
            .await
            .expect("spectator state")
            .into_inner(),
    );
    assert_eq!(spectator.viewer_seat, None);
    let seat1 = view_of(
        client
            .get_state(authed(
                pb::GetStateRequest {
                    session_id: id.clone(),
                },
                &tokens[1],
            ))
            .await
            .expect("seat state")
            .into_inner(),
    );
    assert_eq!(seat1.viewer_seat, Some(1));
}
