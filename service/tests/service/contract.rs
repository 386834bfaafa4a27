//! The API contract every registered game meets, written once (as the engine's conformance
//! suite is) and run per store for every configuration in
//! `agora_engine::registry::configurations()`, so a new game or configuration needs no edit
//! here:
//!
//! - the catalog lists every game as its engine describes it;
//! - a whole game over gRPC with every seat joined (random legal actions) ends with the
//!   outcome the engine computes from the same options, seed and actions;
//! - ListLegalActions lists what the engine lists, and every listed action decodes and
//!   re-encodes identically through the service's conversion;
//! - refusals (an action of another game, an unlisted action, an empty action) leave the
//!   version and every viewer's GetState bytes unchanged; the rule code of an unlisted
//!   action is one the catalog entry lists in `refusal_codes`;
//! - every viewer's GetState view and streamed events are the engine's redacted ones, and
//!   no secret code of another seat is in its bytes;
//! - bad player counts create no session.

use crate::support::harness::{self, *};
use crate::support::proto_json;
use agora_engine::registry::{self, AnyAction, AnyEvent, AnyOptions, AnyState, GameKind};
use agora_engine::{Seat, Secret, Viewer};
use agora_proto::v1 as pb;
use agora_service::api::convert;
use prost::Message;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tonic::{Code, Request};

per_store!(
    the_catalog_lists_every_game_as_its_engine_describes_it,
    every_configuration_meets_the_contract,
    bad_player_counts_create_no_session,
);

const SEED: u64 = 41;
/// Every viewer's GetState is checked at the first steps and then at every this many.
const VIEW_EVERY: usize = 10;

async fn the_catalog_lists_every_game_as_its_engine_describes_it(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let games = client
        .list_games(pb::ListGamesRequest {})
        .await
        .expect("list games")
        .into_inner()
        .games;
    let expected: Vec<pb::GameInfo> = GameKind::ALL
        .iter()
        .map(|g| convert::game_info_out(&g.info()))
        .collect();
    assert_eq!(games, expected);
    for game in GameKind::ALL {
        let info = game.info();
        assert!(info.min_players >= 1 && info.min_players <= info.max_players);
        assert!(!game.configurations().is_empty(), "{}", info.id);
    }
}

/// Who looks: each seat (by index) or the spectator (`None`).
type Looker = Option<usize>;

fn lookers(players: usize) -> Vec<Looker> {
    (0..players).map(Some).chain([None]).collect()
}

fn viewer(looker: Looker) -> Viewer {
    looker.map_or(Viewer::Spectator, |s| Viewer::Seat(Seat(s as u8)))
}

fn request<T>(message: T, tokens: &[String], looker: Looker) -> Request<T> {
    match looker {
        Some(seat) => authed(message, &tokens[seat]),
        None => Request::new(message),
    }
}

async fn get_state(
    client: &mut Client,
    id: &str,
    tokens: &[String],
    looker: Looker,
) -> pb::GetStateResponse {
    let message = pb::GetStateRequest {
        session_id: id.to_string(),
    };
    client
        .get_state(request(message, tokens, looker))
        .await
        .expect("state")
        .into_inner()
}

async fn state_bytes(client: &mut Client, id: &str, tokens: &[String]) -> Vec<Vec<u8>> {
    let mut all = Vec::new();
    for looker in lookers(tokens.len()) {
        all.push(get_state(client, id, tokens, looker).await.encode_to_vec());
    }
    all
}

/// True when `code` is encoded as a whole proto string in `bytes` (length byte + text).
fn contains_code(bytes: &[u8], code: &str) -> bool {
    let mut needle = vec![code.len() as u8];
    needle.extend_from_slice(code.as_bytes());
    bytes.windows(needle.len()).any(|w| w == needle.as_slice())
}

/// The wire codes of the secrets of every seat but `looker`'s.
fn others_codes(secrets: &[Vec<Secret>], looker: Looker) -> Vec<&str> {
    secrets
        .iter()
        .enumerate()
        .filter(|(seat, _)| Some(*seat) != looker)
        .flat_map(|(_, held)| held.iter().filter_map(|s| s.code.as_deref()))
        .collect()
}

/// An action of another game, as the wire carries it: the first listed action of another
/// hosted game's first configuration.
fn foreign_action(game: GameKind) -> pb::GameAction {
    let other = GameKind::ALL
        .iter()
        .find(|g| **g != game)
        .expect("more than one game is hosted");
    let (_, options) = other.configurations().remove(0);
    let state = AnyState::setup(&options, 0).expect("a sample configuration sets up");
    let seat = state.to_act().iter().next().expect("someone acts first");
    let action = state.legal_actions(seat).remove(0);
    convert::action_out(&action)
}

/// What one configuration's game showed that the suite reports at the end.
struct Played {
    unlisted_code: Option<String>,
}

async fn every_configuration_meets_the_contract(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let client = server.client().await;
    let configurations = registry::configurations();
    let runs = configurations.iter().map(|(name, options)| {
        let mut client = client.clone();
        async move { (name, meets_the_contract(&mut client, name, options).await) }
    });
    let catalog = client
        .clone()
        .list_games(pb::ListGamesRequest {})
        .await
        .expect("list games")
        .into_inner()
        .games;
    let mut unlisted = Vec::new();
    for (name, played) in futures::future::join_all(runs).await {
        let game_id = name.split('/').next().unwrap_or_default();
        let game = catalog
            .iter()
            .find(|g| g.game_id == game_id)
            .expect("a configuration of a listed game");
        match played.unlisted_code {
            Some(code) if !game.refusal_codes.contains(&code) => {
                unlisted.push(format!("{name}: {code}"))
            }
            Some(_) => {}
            None => panic!("{name}: no unlisted action was found to submit"),
        }
    }
    assert!(
        unlisted.is_empty(),
        "refusal codes missing from the catalog's refusal_codes: {unlisted:#?}"
    );
}

/// Plays one whole game of `options` over gRPC and checks the contract at every step
/// against the engine, which replays the same options, seed and actions.
async fn meets_the_contract(client: &mut Client, name: &str, options: &AnyOptions) -> Played {
    let (session, tokens) = started_with(client, convert::options_out(options), SEED).await;
    assert_eq!(session.game_id, options.game_id(), "{name}");
    let id = session.session_id;
    let players = tokens.len();
    let mut engine = AnyState::setup(options, SEED).expect("the engine sets up");
    assert_eq!(engine.seat_count(), players, "{name}: one seat per player");
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut pool: Vec<(usize, pb::GameAction)> = Vec::new();
    let mut played = Played {
        unlisted_code: None,
    };
    // Per version: what the engine emitted and each seat's secrets after it.
    let mut events_at: Vec<Vec<AnyEvent>> = vec![Vec::new()];
    let mut secrets_at: Vec<Vec<Vec<Secret>>> = vec![secrets(&engine)];
    for step in 0.. {
        assert!(step < 20_000, "{name}: no end after 20,000 steps");
        let current = harness::session(client, &id).await;
        let to_act: Vec<u32> = engine.to_act().iter().map(|s| u32::from(s.0)).collect();
        assert_eq!(current.to_act, to_act, "{name} step {step}: who acts");
        assert_eq!(current.version, step as u64, "{name}: one version per step");
        if current.status == pb::SessionStatus::Finished as i32 {
            break;
        }
        if step < VIEW_EVERY || step % VIEW_EVERY == 0 {
            views_are_the_engines(client, name, &id, &tokens, &engine, step).await;
        }
        let seat = to_act[rng.random_range(0..to_act.len())] as usize;
        let listed = legal(client, &id, &tokens[seat]).await;
        actions_round_trip(name, step, &engine, seat, &listed);

        if played.unlisted_code.is_none() && step >= 2 {
            let unlisted = pool
                .iter()
                .find(|(_, a)| !listed.actions.contains(a))
                .map(|(_, a)| a.clone());
            if let Some(unlisted) = unlisted {
                let code = refusals_change_nothing(
                    client,
                    name,
                    &id,
                    &tokens,
                    seat,
                    options.kind(),
                    unlisted,
                    &listed.actions[0],
                )
                .await;
                played.unlisted_code = Some(code);
            }
        }
        if pool.len() < 400 {
            pool.extend(listed.actions.iter().take(8).map(|a| (seat, a.clone())));
        }

        let action = listed.actions[rng.random_range(0..listed.actions.len())].clone();
        let response = client
            .submit_action(authed(
                submit_request(&id, action.clone(), Some(listed.version), ""),
                &tokens[seat],
            ))
            .await
            .unwrap_or_else(|e| panic!("{name} step {step}: a listed action was refused: {e:?}"))
            .into_inner();
        assert_eq!(response.version, listed.version + 1);
        let decoded = convert::action_in(Some(&action)).expect("a listed action decodes");
        let events = engine
            .apply(Seat(seat as u8), &decoded)
            .unwrap_or_else(|e| panic!("{name} step {step}: the engine refused {decoded:?}: {e}"));
        events_at.push(events);
        secrets_at.push(secrets(&engine));
    }

    let last = harness::session(client, &id).await;
    let outcome = engine.outcome().expect("the engine's game is over too");
    assert_eq!(last.outcome, Some(convert::outcome_out(&outcome)), "{name}");
    assert_eq!(outcome.standings.len(), players);
    assert!(outcome.standings.iter().any(|s| s.rank == 1));
    views_are_the_engines(client, name, &id, &tokens, &engine, events_at.len() - 1).await;
    streams_are_the_engines(client, name, &id, &tokens, &events_at, &secrets_at).await;
    played
}

fn secrets(engine: &AnyState) -> Vec<Vec<Secret>> {
    (0..engine.seat_count() as u8)
        .map(|s| engine.secrets(Seat(s)))
        .collect()
}

/// ListLegalActions lists what the engine lists for `seat`, and each listed action decodes
/// and re-encodes identically through the service's conversion.
fn actions_round_trip(
    name: &str,
    step: usize,
    engine: &AnyState,
    seat: usize,
    listed: &pb::ListLegalActionsResponse,
) {
    let expected: Vec<pb::GameAction> = engine
        .legal_actions(Seat(seat as u8))
        .iter()
        .map(convert::action_out)
        .collect();
    assert_eq!(listed.actions, expected, "{name} step {step}: the listing");
    assert!(
        !listed.actions.is_empty(),
        "{name}: seat {seat} must decide"
    );
    for action in &listed.actions {
        let decoded: AnyAction = convert::action_in(Some(action))
            .unwrap_or_else(|e| panic!("{name} step {step}: {action:?} does not decode: {e}"));
        assert_eq!(
            convert::action_out(&decoded),
            *action,
            "{name} step {step}: the round trip changed the action"
        );
    }
}

/// Each viewer's GetState view is the engine's view for it, and holds no code of another
/// seat's secrets.
async fn views_are_the_engines(
    client: &mut Client,
    name: &str,
    id: &str,
    tokens: &[String],
    engine: &AnyState,
    step: usize,
) {
    let secrets = secrets(engine);
    for looker in lookers(tokens.len()) {
        let response = get_state(client, id, tokens, looker).await;
        let expected = convert::view_out(&engine.view(viewer(looker)));
        assert!(
            response.view.as_ref() == Some(&expected),
            "{name} step {step}: the view of {looker:?} is not the engine's"
        );
        let bytes = response.encode_to_vec();
        for code in others_codes(&secrets, looker) {
            assert!(
                !contains_code(&bytes, code),
                "{name} step {step}: {looker:?} sees {code} in GetState"
            );
        }
    }
}

/// Each viewer's stream, from the start, carries the engine's events redacted for it and
/// no code of another seat's secrets that it did not hold itself before.
async fn streams_are_the_engines(
    client: &mut Client,
    name: &str,
    id: &str,
    tokens: &[String],
    events_at: &[Vec<AnyEvent>],
    secrets_at: &[Vec<Vec<Secret>>],
) {
    let versions = events_at.len() - 1;
    for looker in lookers(tokens.len()) {
        let token = looker.map(|s| tokens[s].as_str());
        let stream = collect_stream(client, id, 0, token, versions).await;
        assert_eq!(stream.len(), versions, "{name}: every version is streamed");
        assert_consecutive(&stream, 0);
        for (item, version) in stream.iter().zip(1..) {
            let expected: Vec<pb::GameEvent> = events_at[version]
                .iter()
                .map(|e| convert::event_out(&e.redact(viewer(looker))))
                .collect();
            assert!(
                item.events == expected,
                "{name} version {version}: the events of {looker:?} are not the engine's"
            );
            let bytes = item.encode_to_vec();
            // An event may name what the looker held before it (a card stolen from it).
            let held_before: Vec<&str> = looker
                .and_then(|seat| secrets_at[version - 1].get(seat))
                .into_iter()
                .flatten()
                .filter_map(|s| s.code.as_deref())
                .collect();
            let others = others_codes(&secrets_at[version], looker);
            for code in others.into_iter().filter(|c| !held_before.contains(c)) {
                assert!(
                    !contains_code(&bytes, code),
                    "{name} version {version}: {looker:?} sees {code} in its events"
                );
            }
        }
    }
}

/// Submits, as the seat to act, an action of another game (WRONG_GAME), `unlisted` (a rule
/// code), an empty action of this game and one of no game (INVALID_ARGUMENT), and as a seat
/// with nothing to decide (if any) the listed action (NOT_YOUR_TURN); none changes the
/// version or any viewer's GetState bytes. Returns the rule code of `unlisted`.
#[allow(clippy::too_many_arguments)]
async fn refusals_change_nothing(
    client: &mut Client,
    name: &str,
    id: &str,
    tokens: &[String],
    seat: usize,
    game: GameKind,
    unlisted: pb::GameAction,
    listed: &pb::GameAction,
) -> String {
    let version = harness::session(client, id).await.version;
    let bytes = state_bytes(client, id, tokens).await;
    let token = &tokens[seat];

    let wrong = refused_rule(client, id, token, foreign_action(game)).await;
    assert_eq!(wrong, "WRONG_GAME", "{name}");
    // A seat with nothing to decide may not take the seat to act's listed action.
    let to_act = harness::session(client, id).await.to_act;
    if let Some(idle) = (0..tokens.len()).find(|s| !to_act.contains(&(*s as u32))) {
        let turn = refused_rule(client, id, &tokens[idle], listed.clone()).await;
        assert_eq!(turn, "NOT_YOUR_TURN", "{name}");
    }
    let code = refused_rule(client, id, token, unlisted).await;
    let empty = proto_json::emptied("agora.v1.GameAction", listed);
    for malformed in [empty, pb::GameAction { game: None }] {
        assert_code(
            client
                .submit_action(authed(submit_request(id, malformed, None, ""), token))
                .await,
            Code::InvalidArgument,
        );
    }

    assert_eq!(
        harness::session(client, id).await.version,
        version,
        "{name}"
    );
    assert!(
        state_bytes(client, id, tokens).await == bytes,
        "{name}: a refused action changed a view"
    );
    code
}

/// For every game whose options have a `players` field: more players than the catalog's
/// maximum are refused with INVALID_ARGUMENT and create no session; so are
/// missing options.
async fn bad_player_counts_create_no_session(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    for game in GameKind::ALL {
        let info = game.info();
        let (_, options) = game.configurations().remove(0);
        let options = convert::options_out(&options);
        let bad: Vec<pb::GameOptions> = [info.max_players as u32 + 1, 1000]
            .into_iter()
            .filter_map(|n| {
                proto_json::with_inner_u32("agora.v1.GameOptions", &options, "players", n)
            })
            .collect();
        assert_player_counts_refused(&mut client, info.id, bad).await;
    }
    for options in [None, Some(pb::GameOptions { game: None })] {
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
