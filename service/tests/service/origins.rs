//! Origins: First Builders over real gRPC, per store: the catalog entry, whole games (solo
//! and 2-4 players), the public view, and the refusal of illegal, malformed and
//! foreign-game actions and of bad options.

use crate::support::harness::*;
use agora_proto::v1 as pb;
use pb::origins_action as oa;
use prost::Message;
use tonic::Code;
use tonic_types::StatusExt;

per_store!(
    origins_is_in_the_catalog,
    whole_origins_games_end_with_an_outcome,
    a_solo_game_reports_its_target,
    origins_refuses_illegal_and_malformed_actions,
    bad_origins_options_are_invalid_arguments,
);

fn options(players: u32, solo: bool) -> pb::GameOptions {
    pb::GameOptions {
        game: Some(pb::game_options::Game::Origins(pb::OriginsOptions {
            players,
            solo,
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

async fn origins_is_in_the_catalog(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let entry = catalog_entry(&mut client, "origins").await;
    assert_eq!(entry.name, "Origins: First Builders");
    assert_eq!((entry.min_players, entry.max_players), (1, 4));
    assert!(entry.options.iter().any(|o| o.name == "solo"));
    assert!(!entry.provisional_data.is_empty());
}

async fn whole_origins_games_end_with_an_outcome(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    for (players, seed) in [(2, 31), (3, 32), (4, 33)] {
        let (id, tokens) = origins_started(&mut client, options(players, false), seed).await;
        let start = view(&mut client, &id, &tokens[0]).await;
        assert_eq!(start.players, players);
        assert_eq!(start.player_views.len(), players as usize);
        assert_eq!(start.meeting_places.len(), 5);
        assert_eq!(start.pending, "DRAFT", "the game opens with the dice draft");
        assert!(!start.draft_pool.is_empty());

        let last = play_to_the_end(&mut client, &id, &tokens, seed, pass()).await;
        let end = view(&mut client, &id, &tokens[1]).await;
        assert_eq!(end.current, None, "nobody acts after the end");
        // The breakdown names each part of the score and sums to it.
        for standing in &last.outcome.expect("outcome").standings {
            let parts: i32 = standing.breakdown.iter().map(|p| p.points).sum();
            assert_eq!(parts, standing.score, "seat {}", standing.seat);
            assert!(standing.breakdown.iter().any(|p| p.name == "temples"));
        }
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
    let part = |name: &str| {
        standing
            .breakdown
            .iter()
            .find(|p| p.name == name)
            .unwrap_or_else(|| panic!("breakdown part {name}"))
            .points
    };
    let target = part("solo_target");
    assert!(
        (180..=260).contains(&target) && (target - 180) % 20 == 0,
        "180 + 20 per condition: {target}"
    );
    let score = standing.score - target - part("solo_won");
    assert_eq!(part("solo_won"), i32::from(score >= target));
    let options = session(&mut client, &id).await.options;
    assert_eq!(
        options.and_then(|o| o.game),
        Some(pb::game_options::Game::Origins(pb::OriginsOptions {
            players: 1,
            solo: true
        }))
    );
}

async fn state_bytes(client: &mut Client, id: &str, token: &str) -> Vec<u8> {
    view(client, id, token).await.encode_to_vec()
}

async fn origins_refuses_illegal_and_malformed_actions(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = origins_started(&mut client, options(3, false), 9).await;
    let before = session(&mut client, &id).await;
    let to_act = before.to_act[0] as usize;
    let idle = (to_act + 1) % tokens.len();
    let listed = legal(&mut client, &id, &tokens[to_act]).await;
    assert!(!listed.actions.is_empty());
    let state_before = state_bytes(&mut client, &id, &tokens[to_act]).await;

    // Another seat may not answer the draft.
    assert_eq!(
        refused_rule(&mut client, &id, &tokens[idle], listed.actions[0].clone()).await,
        "NOT_YOUR_TURN"
    );

    // Well-formed, but not an answer to the pending draft.
    for unlisted in [
        pass(),
        action(oa::Action::BuyBase(oa::BuyBase {})),
        action(oa::Action::DraftDie(oa::DraftDie { index: 99 })),
    ] {
        assert!(!listed.actions.contains(&unlisted));
        let status = assert_code(
            client
                .submit_action(authed(
                    submit_request(&id, unlisted, Some(before.version), ""),
                    &tokens[to_act],
                ))
                .await,
            Code::FailedPrecondition,
        );
        let reason = status.get_details_error_info().expect("ErrorInfo").reason;
        assert!(
            reason == "WRONG_DECISION" || reason == "BAD_DRAFT_DIE",
            "{reason}"
        );
    }

    // Malformed: unspecified enums, missing messages, an empty oneof.
    let malformed = [
        action(oa::Action::RaiseTower(oa::RaiseTower { colour: 0 })),
        action(oa::Action::Track(oa::Track { temple: 17 })),
        action(oa::Action::Place(oa::Place { cell: None })),
        action(oa::Action::Worker(oa::ChooseWorker { worker: None })),
        pb::GameAction {
            game: Some(pb::game_action::Game::Origins(pb::OriginsAction {
                action: None,
            })),
        },
    ];
    assert_all_malformed(&mut client, &id, &tokens[to_act], malformed).await;

    // An action of another game is refused by the rules.
    let origin_end_turn = pb::GameAction {
        game: Some(pb::game_action::Game::Origin(pb::OriginAction {
            action: Some(pb::origin_action::Action::EndTurn(
                pb::origin_action::EndTurn {},
            )),
        })),
    };
    assert_eq!(
        refused_rule(&mut client, &id, &tokens[to_act], origin_end_turn).await,
        "WRONG_GAME"
    );

    let after = session(&mut client, &id).await;
    assert_eq!(after.version, before.version, "nothing changed");
    assert_eq!(
        state_bytes(&mut client, &id, &tokens[to_act]).await,
        state_before
    );
}

async fn bad_origins_options_are_invalid_arguments(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let bad = [(0, false), (1, false), (5, false), (2, true)].map(|(n, solo)| options(n, solo));
    assert_player_counts_refused(&mut client, "origins", bad).await;
}
