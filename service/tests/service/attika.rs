//! Attika over real gRPC, per store: hands hidden on the wire, in views and streamed events,
//! read as a player would check them. Whole games, refusals and bad options of every game are
//! the contract suite's (`contract.rs`); malformed actions are the engine's wire tests.

use crate::support::harness::*;
use agora_proto::v1 as pb;
use tonic::Request;

per_store!(hands_stay_hidden_in_views_and_streams,);

fn options(players: u32) -> pb::GameOptions {
    pb::GameOptions {
        game: Some(pb::game_options::Game::Attika(pb::AttikaOptions {
            players,
            amphora_for_card: false,
        })),
    }
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
