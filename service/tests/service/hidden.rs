//! Hidden information on the wire: what one seat holds never reaches another seat or a
//! spectator, neither in GetState nor in streamed events — checked on the encoded bytes
//! (Standard card codes) and structurally (Junior face-down values).

use crate::support::harness::*;
use agora_proto::v1 as pb;
use pb::origin_event::Event as E;
use prost::Message;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeSet, HashMap};

per_store!(
    standard_hands_never_reach_other_viewers,
    junior_face_down_values_never_reach_other_viewers,
);

const STEPS: usize = 80;

/// `None` is the spectator.
type Viewer = Option<usize>;

fn viewers(players: usize) -> Vec<Viewer> {
    (0..players).map(Some).chain([None]).collect()
}

async fn state(client: &mut Client, id: &str, token: Option<&str>) -> pb::GetStateResponse {
    let message = pb::GetStateRequest {
        session_id: id.to_string(),
    };
    let request = match token {
        Some(token) => authed(message, token),
        None => tonic::Request::new(message),
    };
    client.get_state(request).await.expect("state").into_inner()
}

fn origin_view(response: &pb::GetStateResponse) -> &pb::OriginView {
    match response.view.as_ref().and_then(|v| v.game.as_ref()) {
        Some(pb::game_view::Game::Origin(view)) => view,
        _ => panic!("no Origin view"),
    }
}

fn origin_events(item: &pb::StreamEventsResponse) -> impl Iterator<Item = &E> {
    item.events.iter().filter_map(|e| match &e.game {
        Some(pb::game_event::Game::Origin(o)) => o.event.as_ref(),
        _ => None,
    })
}

/// True when `code` is encoded as a whole proto string in `bytes` (length byte + text).
fn contains_code(bytes: &[u8], code: &str) -> bool {
    let mut needle = vec![code.len() as u8];
    needle.extend_from_slice(code.as_bytes());
    bytes.windows(needle.len()).any(|w| w == needle.as_slice())
}

/// Card codes a viewer legitimately learned from its own private event fields.
fn own_event_codes(item: &pb::StreamEventsResponse, seat: u32) -> Vec<String> {
    let mut codes = Vec::new();
    for event in origin_events(item) {
        match event {
            E::ObjectivesDealt(e) if e.seat == seat => codes.extend(e.cards.clone()),
            E::ObjectiveKept(e) if e.seat == seat => codes.push(e.card.clone()),
            E::CardsDrawn(e) if e.seat == seat => codes.extend(e.cards.clone()),
            E::CardsReturned(e) if e.seat == seat => codes.extend(e.cards.clone()),
            E::CardStolen(e) if e.from == seat || e.to == seat => codes.push(e.card.clone()),
            _ => {}
        }
    }
    codes
}

/// Card codes every viewer may see: played and permanent cards, the card being resolved.
fn public_codes(view: &pb::OriginView, item: Option<&pb::StreamEventsResponse>) -> Vec<String> {
    let mut codes = Vec::new();
    for p in &view.players {
        codes.extend(p.played_objectives.clone());
        codes.extend(p.permanents.clone());
    }
    if let Some(pb::origin_pending::Pending::CardEffect(card)) =
        view.pending.as_ref().and_then(|p| p.pending.as_ref())
    {
        codes.push(card.clone());
    }
    if let Some(item) = item {
        for event in origin_events(item) {
            if let E::CardPlayed(e) = event {
                codes.push(e.card.clone());
            }
        }
    }
    codes
}

async fn standard_hands_never_reach_other_viewers(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let players = 4;
    let (id, tokens) = started(&mut client, players as u32, false, 31).await;
    let token = |v: Viewer| v.map(|s| tokens[s].as_str());
    let mut rng = ChaCha8Rng::seed_from_u64(31);

    // Per version: each seat's hand (own view) and each viewer's GetState bytes.
    let mut hands_at: Vec<Vec<BTreeSet<String>>> = Vec::new();
    let mut bytes_at: Vec<HashMap<Viewer, Vec<u8>>> = Vec::new();
    let mut public_at: Vec<BTreeSet<String>> = Vec::new();
    let mut cards_seen = 0;
    for step in 0..=STEPS {
        if step > 0 {
            let last = random_step(&mut client, &id, &tokens, &mut rng).await;
            if last.status == pb::SessionStatus::Finished as i32 {
                break;
            }
        }
        let mut hands = Vec::new();
        let mut bytes = HashMap::new();
        let mut public = BTreeSet::new();
        for v in viewers(players) {
            let response = state(&mut client, &id, token(v)).await;
            let view = origin_view(&response);
            public.extend(public_codes(view, None));
            if let Some(seat) = v {
                let hand: BTreeSet<String> = view.players[seat]
                    .hand
                    .iter()
                    .map(|c| c.card.clone())
                    .filter(|c| !c.is_empty())
                    .collect();
                cards_seen += hand.len();
                hands.push(hand);
                // Other seats' hands show colours only.
                for (other, p) in view.players.iter().enumerate() {
                    if other != seat {
                        assert!(p.hand.iter().all(|c| c.card.is_empty()));
                    }
                }
            }
            bytes.insert(v, response.encode_to_vec());
        }
        hands_at.push(hands);
        bytes_at.push(bytes);
        public_at.push(public);
    }
    assert!(
        cards_seen > 0,
        "the game must have dealt cards to test anything"
    );
    let versions = hands_at.len() - 1;

    let mut checks = 0;
    for v in viewers(players) {
        let stream = collect_stream(&mut client, &id, 0, token(v), versions).await;
        assert_consecutive(&stream, 0);
        let mut known: BTreeSet<String> = BTreeSet::new();
        for version in 0..=versions {
            if version > 0 {
                let item = &stream[version - 1];
                known.extend(public_codes(&origin_view_dummy(), Some(item)));
                if let Some(seat) = v {
                    known.extend(own_event_codes(item, seat as u32));
                }
            }
            known.extend(public_at[version].iter().cloned());
            if let Some(seat) = v {
                known.extend(hands_at[version][seat].iter().cloned());
            }
            let forbidden: Vec<&String> = (0..players)
                .filter(|s| Some(*s) != v)
                .flat_map(|s| hands_at[version][s].iter())
                .filter(|c| !known.contains(*c))
                .collect();
            let state_bytes = &bytes_at[version][&v];
            let event_bytes = (version > 0).then(|| stream[version - 1].encode_to_vec());
            for code in forbidden {
                checks += 1;
                assert!(
                    !contains_code(state_bytes, code),
                    "{v:?} sees {code} in GetState at version {version}"
                );
                if let Some(bytes) = &event_bytes {
                    assert!(
                        !contains_code(bytes, code),
                        "{v:?} sees {code} in the events of version {version}"
                    );
                }
            }
        }
    }
    assert!(checks > 100, "too few hidden cards were checked ({checks})");
}

/// An empty view: public codes of stream items only.
fn origin_view_dummy() -> pb::OriginView {
    pb::OriginView::default()
}

async fn junior_face_down_values_never_reach_other_viewers(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let players = 4;
    let (id, tokens) = started(&mut client, players as u32, true, 32).await;
    let token = |v: Viewer| v.map(|s| tokens[s].as_str());
    let mut rng = ChaCha8Rng::seed_from_u64(32);
    let mut own_values_seen = 0;
    let mut versions = 0;
    for step in 0..=STEPS {
        if step > 0 {
            let last = random_step(&mut client, &id, &tokens, &mut rng).await;
            versions = last.version as usize;
            if last.status == pb::SessionStatus::Finished as i32 {
                break;
            }
        }
        for v in viewers(players) {
            let response = state(&mut client, &id, token(v)).await;
            for (seat, p) in origin_view(&response).players.iter().enumerate() {
                let stack_levels = p.tile_stacks.iter().flat_map(|s| s.levels.iter());
                let hunting = p.hunting_tokens.iter().map(|t| t.value);
                let straits = p
                    .strait_tokens
                    .iter()
                    .map(|t| t.token.and_then(|t| t.value));
                if Some(seat) == v {
                    own_values_seen += stack_levels.filter(|l| **l > 0).count()
                        + hunting.flatten().count()
                        + straits.flatten().count();
                } else {
                    assert!(
                        stack_levels.clone().all(|l| *l == 0),
                        "{v:?} sees seat {seat}'s tile levels"
                    );
                    assert!(
                        hunting.clone().all(|t| t.is_none()),
                        "{v:?} sees seat {seat}'s hunting tokens"
                    );
                    assert!(
                        straits.clone().all(|t| t.is_none()),
                        "{v:?} sees seat {seat}'s strait tokens"
                    );
                    assert_eq!(p.public_score, None, "{v:?} sees seat {seat}'s score");
                    assert!(p.hand.iter().all(|c| c.card.is_empty()));
                }
            }
        }
    }
    assert!(
        own_values_seen > 0,
        "owners must see their own face-down values"
    );

    for v in viewers(players) {
        let stream = collect_stream(&mut client, &id, 0, token(v), versions).await;
        assert_consecutive(&stream, 0);
        let mine = |seat: u32| v == Some(seat as usize);
        for item in &stream {
            for event in origin_events(item) {
                match event {
                    E::TileTaken(e) if !mine(e.seat) => {
                        if matches!(
                            e.source.and_then(|s| s.source),
                            Some(pb::origin_tile_source::Source::Pile(_))
                        ) {
                            assert_eq!((e.tile, e.level), (None, None), "{v:?}: {e:?}");
                        }
                    }
                    E::HuntingTokenTaken(e) if !mine(e.seat) => assert_eq!(e.value, None),
                    E::StraitTokenTaken(e) if !mine(e.seat) => assert_eq!(e.value, None),
                    E::CardsDrawn(e) if !mine(e.seat) => {
                        assert!(e.cards.iter().all(String::is_empty))
                    }
                    _ => {}
                }
            }
        }
    }
}
