//! Whole games over real gRPC, and how the service refuses what it must refuse: illegal
//! moves, malformed requests, unknown sessions, full sessions, moves before play starts.

use crate::support::harness::*;
use agora_proto::v1 as pb;
use pb::origin_action as pa;
use prost::Message;
use tonic::Code;
use tonic_types::StatusExt;

per_store!(
    an_illegal_action_is_refused_with_the_rule_code_and_changes_nothing,
    malformed_actions_are_invalid_arguments,
    unknown_sessions_are_not_found,
    a_full_session_refuses_more_players,
    play_waits_for_every_seat,
    bad_options_are_invalid_arguments,
    the_lobby_lists_open_sessions,
);

fn origin_action(action: pa::Action) -> pb::GameAction {
    pb::GameAction {
        game: Some(pb::game_action::Game::Origin(pb::OriginAction {
            action: Some(action),
        })),
    }
}

fn end_turn() -> pb::GameAction {
    origin_action(pa::Action::EndTurn(pa::EndTurn {}))
}

async fn view_bytes(client: &mut Client, id: &str, token: &str) -> Vec<u8> {
    client
        .get_state(authed(
            pb::GetStateRequest {
                session_id: id.to_string(),
            },
            token,
        ))
        .await
        .expect("state")
        .into_inner()
        .encode_to_vec()
}

async fn an_illegal_action_is_refused_with_the_rule_code_and_changes_nothing(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 3, false, 5).await;
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(5);
    for _ in 0..4 {
        random_step(&mut client, &id, &tokens, &mut rng).await;
    }
    let before = session(&mut client, &id).await;
    let to_act = before.to_act[0] as usize;
    let idle = (0..tokens.len())
        .find(|s| !before.to_act.contains(&(*s as u32)))
        .expect("a seat with nothing to decide");
    let state_before = view_bytes(&mut client, &id, &tokens[to_act]).await;

    // A legal action of the seat to act, sent by a seat that has nothing to decide.
    let options = legal(&mut client, &id, &tokens[to_act]).await;
    let action = options.actions[0].clone();
    let status = assert_code(
        client
            .submit_action(authed(
                submit_request(&id, action, None, "r-idle"),
                &tokens[idle],
            ))
            .await,
        Code::FailedPrecondition,
    );
    let info = status.get_details_error_info().expect("ErrorInfo detail");
    assert_eq!(info.domain, "agora.dev");
    assert_eq!(info.reason, "NOT_YOUR_TURN");

    // An action the seat to act may not take now.
    let unlisted = [
        end_turn(),
        origin_action(pa::Action::PassMain(pa::PassMain {})),
        origin_action(pa::Action::SkipTile(pa::SkipTile {})),
    ]
    .into_iter()
    .find(|a| !options.actions.contains(a))
    .expect("an unlisted action");
    let status = assert_code(
        client
            .submit_action(authed(
                submit_request(&id, unlisted, Some(before.version), "r-unlisted"),
                &tokens[to_act],
            ))
            .await,
        Code::FailedPrecondition,
    );
    let info = status.get_details_error_info().expect("ErrorInfo detail");
    assert!(!info.reason.is_empty());
    assert!(info
        .reason
        .chars()
        .all(|c| c.is_ascii_uppercase() || c == '_' || c.is_ascii_digit()));

    let after = session(&mut client, &id).await;
    assert_eq!(
        after.version, before.version,
        "a refused action changes nothing"
    );
    assert_eq!(
        view_bytes(&mut client, &id, &tokens[to_act]).await,
        state_before
    );
}

async fn malformed_actions_are_invalid_arguments(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, false, 6).await;
    let before = session(&mut client, &id).await;
    let token = &tokens[before.to_act[0] as usize];
    let malformed = [
        origin_action(pa::Action::Migrate(pa::Migrate {
            from: "XX9".into(),
            to: "AF2".into(),
        })),
        origin_action(pa::Action::PlayCard(pa::PlayCard { card: "Z99".into() })),
        origin_action(pa::Action::ChooseStraitToken(pa::ChooseStraitToken {
            seat: 1,
            strait: "S99".into(),
        })),
        origin_action(pa::Action::Evolve(pa::Evolve {
            target: "AF2".into(),
            reference: "AF1".into(),
            pawn: None,
        })),
        pb::GameAction {
            game: Some(pb::game_action::Game::Origin(pb::OriginAction {
                action: None,
            })),
        },
        pb::GameAction { game: None },
    ];
    for action in malformed {
        assert_code(
            client
                .submit_action(authed(submit_request(&id, action, None, ""), token))
                .await,
            Code::InvalidArgument,
        );
    }
    let mut missing = submit_request(&id, end_turn(), None, "");
    missing.action = None;
    assert_code(
        client.submit_action(authed(missing, token)).await,
        Code::InvalidArgument,
    );
    assert_eq!(session(&mut client, &id).await.version, before.version);
}

async fn unknown_sessions_are_not_found(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let id = "00000000-0000-4000-8000-000000000000".to_string();
    assert_code(
        client
            .get_session(pb::GetSessionRequest {
                session_id: id.clone(),
            })
            .await,
        Code::NotFound,
    );
    assert_code(
        client
            .get_state(pb::GetStateRequest {
                session_id: id.clone(),
            })
            .await,
        Code::NotFound,
    );
    assert_code(
        client
            .join_session(pb::JoinSessionRequest {
                session_id: id.clone(),
                seat: None,
                player_name: "x".into(),
                ..Default::default()
            })
            .await,
        Code::NotFound,
    );
    assert_code(
        client
            .submit_action(authed(submit_request(&id, end_turn(), None, ""), "abc"))
            .await,
        Code::NotFound,
    );
    assert_code(
        client
            .stream_events(pb::StreamEventsRequest {
                session_id: id.clone(),
                after_version: 0,
            })
            .await,
        Code::NotFound,
    );
}

async fn a_full_session_refuses_more_players(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let session = create(&mut client, 2, false, 1).await;
    let first = client
        .join_session(pb::JoinSessionRequest {
            session_id: session.session_id.clone(),
            seat: Some(1),
            player_name: "Ada".into(),
            ..Default::default()
        })
        .await
        .expect("join seat 1")
        .into_inner();
    assert_eq!(first.seat, 1);
    let status = assert_code(
        client
            .join_session(pb::JoinSessionRequest {
                session_id: session.session_id.clone(),
                seat: Some(1),
                player_name: "Bob".into(),
                ..Default::default()
            })
            .await,
        Code::FailedPrecondition,
    );
    assert_eq!(
        status.get_details_error_info().expect("info").reason,
        "SEAT_TAKEN"
    );
    let second = client
        .join_session(pb::JoinSessionRequest {
            session_id: session.session_id.clone(),
            seat: None,
            player_name: "Bob".into(),
            ..Default::default()
        })
        .await
        .expect("lowest open seat")
        .into_inner();
    assert_eq!(second.seat, 0);
    assert_ne!(first.seat_token, second.seat_token);
    let full = second.session.expect("session");
    assert_eq!(full.status, pb::SessionStatus::InProgress as i32);
    assert!(full.seats.iter().all(|s| s.taken));
    let status = assert_code(
        client
            .join_session(pb::JoinSessionRequest {
                session_id: session.session_id.clone(),
                seat: None,
                player_name: "Cy".into(),
                ..Default::default()
            })
            .await,
        Code::FailedPrecondition,
    );
    assert_eq!(
        status.get_details_error_info().expect("info").reason,
        "SESSION_FULL"
    );
    assert_code(
        client
            .join_session(pb::JoinSessionRequest {
                session_id: session.session_id.clone(),
                seat: Some(7),
                player_name: "Cy".into(),
                ..Default::default()
            })
            .await,
        Code::InvalidArgument,
    );
}

async fn play_waits_for_every_seat(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let session = create(&mut client, 3, false, 2).await;
    assert_eq!(session.status, pb::SessionStatus::WaitingForPlayers as i32);
    assert_eq!(session.version, 0);
    assert!(session.to_act.is_empty());
    let joined = client
        .join_session(pb::JoinSessionRequest {
            session_id: session.session_id.clone(),
            seat: None,
            player_name: "Ada".into(),
            ..Default::default()
        })
        .await
        .expect("join")
        .into_inner();
    let options = legal(&mut client, &session.session_id, &joined.seat_token).await;
    assert!(
        options.actions.is_empty(),
        "nothing to decide before play starts"
    );
    let status = assert_code(
        client
            .submit_action(authed(
                submit_request(&session.session_id, end_turn(), None, ""),
                &joined.seat_token,
            ))
            .await,
        Code::FailedPrecondition,
    );
    assert_eq!(
        status.get_details_error_info().expect("info").reason,
        "WAITING_FOR_PLAYERS"
    );
}

async fn bad_options_are_invalid_arguments(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    for options in [
        None,
        Some(pb::GameOptions { game: None }),
        Some(origin_options(5, false)),
        Some(origin_options(1, true)),
    ] {
        assert_code(
            client
                .create_session(pb::CreateSessionRequest {
                    options,
                    seed: None,
                    ..Default::default()
                })
                .await,
            Code::InvalidArgument,
        );
    }
}

async fn the_lobby_lists_open_sessions(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let open = create(&mut client, 2, false, 1).await;
    let (full, _) = started(&mut client, 2, true, 2).await;
    let lobby = client
        .list_sessions(pb::ListSessionsRequest {
            game_id: "origin".into(),
            include_full: false,
            page_size: 0,
        })
        .await
        .expect("list")
        .into_inner()
        .sessions;
    let ids: Vec<_> = lobby.iter().map(|s| s.session_id.clone()).collect();
    assert!(ids.contains(&open.session_id));
    assert!(!ids.contains(&full));
    let all = client
        .list_sessions(pb::ListSessionsRequest {
            game_id: String::new(),
            include_full: true,
            page_size: 10,
        })
        .await
        .expect("list")
        .into_inner()
        .sessions;
    assert!(all.iter().any(|s| s.session_id == full));
    let none = client
        .list_sessions(pb::ListSessionsRequest {
            game_id: "no-such-game".into(),
            include_full: true,
            page_size: 10,
        })
        .await
        .expect("list")
        .into_inner()
        .sessions;
    assert!(none.is_empty());
}
