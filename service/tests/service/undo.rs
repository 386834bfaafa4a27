//! UndoAction over real gRPC on both stores, in every game: the test plays a game twice in
//! step, once in the engine and once through the API with the same seed, and at every
//! decision asks for an undo. It must be granted exactly when the seat decided, is still to
//! act, and the decision neither drew at random nor changed any seat's hidden information;
//! a granted undo gives back, byte for byte, the view the seat had before its decision.
//! It must be refused (UNDO_NOT_ALLOWED) after a draw or a reveal, after the turn passed, and
//! after another seat acted.

use crate::support::harness::*;
use agora_engine::registry::{configurations, AnyState, GameKind};
use agora_engine::Seat;
use agora_proto::v1 as pb;
use agora_service::api::convert;
use prost::Message;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tonic::Code;

per_store!(undo_is_granted_exactly_when_the_rule_allows_it_in_every_game);

#[derive(Debug, Default)]
struct Seen {
    granted: usize,
    drew: usize,
    revealed: usize,
    turn_passed: usize,
    other_seat: usize,
}

async fn undo(
    client: &mut Client,
    id: &str,
    token: &str,
) -> Result<pb::UndoActionResponse, tonic::Status> {
    client
        .undo_action(authed(
            pb::UndoActionRequest {
                session_id: id.to_string(),
                request_id: uuid::Uuid::new_v4().to_string(),
            },
            token,
        ))
        .await
        .map(|r| r.into_inner())
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
        .view
        .expect("view")
        .encode_to_vec()
}

fn refused_because(result: Result<pb::UndoActionResponse, tonic::Status>, words: &str) {
    let status = assert_code(result, Code::FailedPrecondition);
    assert!(
        status.message().contains(words),
        "expected a refusal saying {words:?}: {status:?}"
    );
}

async fn undo_is_granted_exactly_when_the_rule_allows_it_in_every_game(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let mut seen = Seen::default();
    // The first configuration of each game with more than one seat.
    for game in GameKind::ALL {
        let Some((name, options)) = configurations().into_iter().find(|(_, o)| {
            o.kind() == *game && AnyState::setup(o, 1).is_ok_and(|s| s.seat_count() > 1)
        }) else {
            continue;
        };
        let seed = 17;
        let mut engine = AnyState::setup(&options, seed).expect("setup");
        let (session, tokens) =
            started_with(&mut client, convert::options_out(&options), seed).await;
        let id = session.session_id;
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut last_seat: Option<Seat> = None;
        for _ in 0..150 {
            let Some(seat) = engine.to_act().iter().next() else {
                break;
            };
            let token = &tokens[usize::from(seat.0)];
            // Before deciding: if another seat decided last, this seat has nothing to undo.
            if last_seat.is_some_and(|s| s != seat) {
                refused_because(undo(&mut client, &id, token).await, "Another seat");
                seen.other_seat += 1;
            }
            let legal = engine.legal_actions(seat);
            let action = legal[rng.random_range(0..legal.len())].clone();
            let before_view = view_bytes(&mut client, &id, token).await;
            let before = engine.clone();
            engine.apply(seat, &action).expect("legal");
            client
                .submit_action(authed(
                    submit_request(&id, convert::action_out(&action), None, ""),
                    token,
                ))
                .await
                .unwrap_or_else(|e| panic!("{name}: {e:?}"));
            last_seat = Some(seat);
            let still_to_act = engine.to_act().contains(seat);
            let drew = engine.randomness_drawn() != before.randomness_drawn();
            let secrets = |g: &AnyState| -> Vec<_> {
                (0..g.seat_count())
                    .map(|s| g.secrets(Seat(s as u8)))
                    .collect()
            };
            let revealed = secrets(&engine) != secrets(&before);
            if engine.outcome().is_some() {
                break;
            }
            let answer = undo(&mut client, &id, token).await;
            if !still_to_act {
                refused_because(answer, "turn has ended");
                seen.turn_passed += 1;
            } else if drew {
                refused_because(answer, "drew at random");
                seen.drew += 1;
            } else if revealed {
                refused_because(answer, "hidden information");
                seen.revealed += 1;
            } else {
                let granted = answer.unwrap_or_else(|e| panic!("{name}: undo refused: {e:?}"));
                assert_eq!(
                    granted.session.expect("session").to_act,
                    before
                        .to_act()
                        .iter()
                        .map(|s| u32::from(s.0))
                        .collect::<Vec<_>>()
                );
                assert_eq!(
                    view_bytes(&mut client, &id, token).await,
                    before_view,
                    "{name}: the undo gives back the view from before the decision"
                );
                let items = collect_stream(&mut client, &id, granted.version - 1, None, 1).await;
                assert!(items[0].seat_change.as_ref().is_some_and(|c| c.undo));
                seen.granted += 1;
                // Back in step with the engine: it, too, is before the decision.
                engine = before;
                last_seat = None;
            }
        }
    }
    assert!(seen.granted > 0, "some undo was granted: {seen:?}");
    assert!(
        seen.drew + seen.revealed > 0,
        "some undo was refused for a draw or a reveal: {seen:?}"
    );
    assert!(seen.turn_passed > 0 && seen.other_seat > 0, "{seen:?}");
}
