//! Origins: First Builders over real gRPC, per store: the solo target in the view, and the
//! BadRequest field of options that say neither solo nor a player count. Whole games and
//! refusals of every game are the contract suite's (`contract.rs`).

use crate::support::harness::*;
use agora_proto::v1 as pb;
use pb::origins_action as oa;
use tonic::Code;
use tonic_types::StatusExt;

per_store!(
    a_solo_game_reports_its_target,
    bad_origins_options_are_invalid_arguments,
);

fn options(players: u32, solo: bool) -> pb::GameOptions {
    pb::GameOptions {
        game: Some(pb::game_options::Game::Origins(pb::OriginsOptions {
            players,
            solo,
            ..Default::default()
        })),
    }
}

fn action(action: oa::Action) -> pb::GameAction {
    pb::GameAction {
        game: Some(pb::game_action::Game::Origins(pb::OriginsAction {
            action: Some(action),
        })),
    }
}

fn pass() -> pb::GameAction {
    action(oa::Action::Pass(oa::Pass {}))
}

async fn origins_started(
    client: &mut Client,
    options: pb::GameOptions,
    seed: u64,
) -> (String, Vec<String>) {
    let (session, tokens) = started_with(client, options, seed).await;
    assert_eq!(session.game_id, "origins");
    (session.session_id, tokens)
}

async fn view(client: &mut Client, id: &str, token: &str) -> pb::OriginsView {
    let state = client
        .get_state(authed(
            pb::GetStateRequest {
                session_id: id.to_string(),
            },
            token,
        ))
        .await
        .expect("state")
        .into_inner();
    match state.view.and_then(|v| v.game) {
        Some(pb::game_view::Game::Origins(view)) => view,
        other => panic!("an Origins view, got {other:?}"),
    }
}

async fn a_solo_game_reports_its_target(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = origins_started(&mut client, options(1, true), 41).await;
    assert_eq!(tokens.len(), 1);
    let start = view(&mut client, &id, &tokens[0]).await;
    assert!(
        start.solo_neutral.is_some(),
        "solo shows the neutral marker"
    );

    let last = play_to_the_end(&mut client, &id, &tokens, 41, pass()).await;
    let standing = &last.outcome.expect("outcome").standings[0];
    let solo = standing.solo.expect("a solo result beside the score");
    assert!(
        (180..=260).contains(&solo.target) && (solo.target - 180) % 20 == 0,
        "180 + 20 per condition: {}",
        solo.target
    );
    assert_eq!(solo.won, standing.score >= solo.target);
    let parts: i32 = standing.breakdown.iter().map(|p| p.points).sum();
    assert_eq!(parts, standing.score, "the breakdown sums to the score");
    let options = session(&mut client, &id).await.options;
    assert_eq!(
        options.and_then(|o| o.game),
        Some(pb::game_options::Game::Origins(pb::OriginsOptions {
            players: 1,
            solo: true,
            ..Default::default()
        }))
    );
}

async fn bad_origins_options_are_invalid_arguments(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let create = |players, solo| {
        let mut client = client.clone();
        async move {
            let request = pb::CreateSessionRequest {
                options: Some(options(players, solo)),
                seed: None,
                ..Default::default()
            };
            assert_code(client.create_session(request).await, Code::InvalidArgument)
        }
    };
    // One player is spelled `solo`: a solo game of 2, or 1 player without solo, cannot be
    // read; the BadRequest detail names the field.
    for (players, solo) in [(1, false), (2, true)] {
        let status = create(players, solo).await;
        let bad = status
            .get_details_bad_request()
            .expect("a BadRequest detail");
        assert_eq!(bad.field_violations[0].field, "options.origins.players");
    }
    // A player count the game does not have is refused by its setup.
    for players in [0, 5] {
        let status = create(players, false).await;
        assert!(
            status.message().contains("1 (solo) to 4 players"),
            "{status:?}"
        );
    }
    let sessions = client
        .list_sessions(pb::ListSessionsRequest {
            game_id: "origins".into(),
            include_full: true,
            page_size: 10,
        })
        .await
        .expect("list")
        .into_inner()
        .sessions;
    assert!(sessions.is_empty(), "no origins session was created");
}
