//! Attika over real gRPC, per store: the catalog entry, whole games for 2-4 players, hands
//! hidden on the wire (views and streamed events), and the refusal of illegal, malformed
//! and foreign-game actions and of bad options.

use crate::support::harness::*;
use agora_proto::v1 as pb;
use pb::attika_action as aa;
use prost::Message;
use tonic::{Code, Request};
use tonic_types::StatusExt;

per_store!(
    hands_stay_hidden_in_views_and_streams,
    attika_refuses_illegal_and_malformed_actions,
    bad_attika_options_are_invalid_arguments,
);

fn options(players: u32) -> pb::GameOptions {
    pb::GameOptions {
        game: Some(pb::game_options::Game::Attika(pb::AttikaOptions {
            players,
            amphora_for_card: false,
        })),
    }
}

fn action(action: aa::Action) -> pb::GameAction {
    pb::GameAction {
        game: Some(pb::game_action::Game::Attika(pb::AttikaAction {
            action: Some(action),
        })),
    }
}

fn end_turn() -> pb::GameAction {
    action(aa::Action::EndTurn(aa::EndTurn {}))
}

async fn attika_started(client: &mut Client, players: u32, seed: u64) -> (String, Vec<String>) {
    let (session, tokens) = started_with(client, options(players), seed).await;
    assert_eq!(session.game_id, "attika");
    (session.session_id, tokens)
}

async fn view(client: &mut Client, id: &str, token: Option<&str>) -> pb::AttikaView {
    let message = pb::GetStateRequest {
        session_id: id.to_string(),
    };
    let request = match token {
        Some(token) => authed(message, token),
        None => Request::new(message),
    };
    let state = client.get_state(request).await.expect("state").into_inner();
    match state.view.and_then(|v| v.game) {
        Some(pb::game_view::Game::Attika(view)) => view,
        other => panic!("an Attika view, got {other:?}"),
    }
}

async fn hands_stay_hidden_in_views_and_streams(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = attika_started(&mut client, 3, 7).await;
    play(&mut client, &id, &tokens, 7, 40).await;

    // Views: each seat sees its own hand only; a spectator sees none.
    for (seat, token) in tokens.iter().enumerate() {
        let v = view(&mut client, &id, Some(token)).await;
        for p in &v.players {
            assert_eq!(
                p.hand.is_some(),
                p.seat as usize == seat,
                "seat {seat} view"
            );
        }
    }
    let spectator = view(&mut client, &id, None).await;
    assert!(spectator.players.iter().all(|p| p.hand.is_none()));
    let held: u32 = spectator.players.iter().map(|p| p.hand_size).sum();
    assert!(held > 0, "hand sizes are public");

    // Streams: drawn cards reach only their owner; the count is public.
    let version = session(&mut client, &id).await.version as usize;
    let watchers = [None, Some(tokens[0].as_str()), Some(tokens[1].as_str())];
    let mut cards_seen = 0;
    for token in watchers {
        for item in collect_stream(&mut client, &id, 0, token, version).await {
            for event in item.events {
                let Some(pb::game_event::Game::Attika(e)) = event.game else {
                    panic!("an Attika event");
                };
                if let Some(pb::attika_event::Event::CardsDrawn(drawn)) = e.event {
                    let own = token.is_some_and(|t| tokens[drawn.seat as usize] == t);
                    if own {
                        assert_eq!(drawn.cards.len() as u32, drawn.count);
                        cards_seen += drawn.cards.len();
                    } else {
                        assert!(
                            drawn.cards.is_empty(),
                            "cards of seat {} leaked",
                            drawn.seat
                        );
                    }
                }
            }
        }
    }
    assert!(cards_seen > 0, "40 steps draw some cards for seat 0 or 1");
}

async fn attika_refuses_illegal_and_malformed_actions(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = attika_started(&mut client, 2, 9).await;
    let before = session(&mut client, &id).await;
    let to_act = before.to_act[0] as usize;
    let idle = (to_act + 1) % tokens.len();
    let listed = legal(&mut client, &id, &tokens[to_act]).await;
    assert!(listed.actions.contains(&end_turn()));
    let state_before = view(&mut client, &id, Some(&tokens[to_act]))
        .await
        .encode_to_vec();

    // Another seat may not act.
    assert_eq!(
        refused_rule(&mut client, &id, &tokens[idle], end_turn()).await,
        "NOT_YOUR_TURN"
    );

    // Well-formed but not listed now: each refused with a rule code, nothing changes.
    for unlisted in [
        action(aa::Action::Store(aa::Store {})),
        action(aa::Action::Draw(aa::Draw { pile: 7 })),
        action(aa::Action::PayCard(aa::PayCard {
            card: pb::AttikaResource::Water as i32,
        })),
        action(aa::Action::Place(aa::Place {
            cell: Some(pb::AttikaHex { q: 100, r: 100 }),
        })),
        action(aa::Action::AmphoraForCard(aa::AmphoraForCard {})),
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
        assert!(status.get_details_error_info().is_some(), "{status:?}");
    }

    // Malformed: unknown codes, unspecified enums, missing messages, out-of-range numbers.
    let malformed = [
        action(aa::Action::Build(aa::Build {
            building: "NOPE".into(),
        })),
        action(aa::Action::PayCard(aa::PayCard { card: 0 })),
        action(aa::Action::PayPair(aa::PayPair {
            first: 1,
            second: 42,
        })),
        action(aa::Action::Place(aa::Place { cell: None })),
        action(aa::Action::PlacePiece(aa::PlacePiece {
            center: Some(pb::AttikaHex { q: 1 << 20, r: 0 }),
            rotation: 0,
        })),
        action(aa::Action::Draw(aa::Draw { pile: 300 })),
        pb::GameAction {
            game: Some(pb::game_action::Game::Attika(pb::AttikaAction {
                action: None,
            })),
        },
    ];
    assert_all_malformed(&mut client, &id, &tokens[to_act], malformed).await;

    let after = session(&mut client, &id).await;
    assert_eq!(after.version, before.version, "nothing changed");
    assert_eq!(
        view(&mut client, &id, Some(&tokens[to_act]))
            .await
            .encode_to_vec(),
        state_before
    );
}

async fn bad_attika_options_are_invalid_arguments(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let bad = [0, 1, 5, 1000].map(options);
    assert_player_counts_refused(&mut client, "attika", bad).await;
}
