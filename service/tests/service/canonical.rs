//! Canonical input only: each game's wire conversion accepts an action only in the form
//! the API lists it (what ListLegalActions returns), so one decision has one spelling.
//! Every listed action of random games of every configuration is mutated one field at a
//! time (numbers moved, strings in another case, padded or with a leading zero, fields
//! the action does not use set), and each game's own conversion must either refuse the
//! mutant with a field path, or read it as an action that writes back to exactly the
//! mutant. A lenient spot (`"i8"` read as `"I8"`, an Archon with `index: 2`) fails here
//! with the game and the mutant. The registry refuses any mutant a game would let
//! through too (its backstop); over the API both are INVALID_ARGUMENT naming the field.

use crate::support::harness::*;
use crate::support::proto_json::descriptor;
use agora_engine::core::wire::WireInto;
use agora_engine::registry::{configurations, AnyAction, AnyState};
use agora_engine::{FieldViolation, Game};
use agora_proto::v1 as pb;
use pb::game_action::Game as G;
use prost::Message;
use prost_reflect::{DynamicMessage, Kind, ReflectMessage, Value};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use tonic::Code;

/// Actions per kind kept from the random games (enough to see each field's values).
const PER_KIND: usize = 3;

/// One game's own conversion, without the registry's backstop: the refusal, or the action
/// as that game writes it back.
fn game_round_trip(action: &pb::GameAction) -> Result<pb::GameAction, FieldViolation> {
    fn back<T: Game>(
        inner: &impl WireInto<T::Action>,
        wrap: impl Fn(&T::Action) -> G,
    ) -> Result<pb::GameAction, FieldViolation> {
        let decoded = inner.wire_into()?;
        Ok(pb::GameAction {
            game: Some(wrap(&decoded)),
        })
    }
    use agora_engine::terra_nova::TerraNova;
    use agora_engine::{attika::Attika, first_builders::FirstBuilders, origin::Origin};
    match action.game.as_ref() {
        Some(G::Origin(a)) => back::<Origin>(a, |d| G::Origin(d.into())),
        Some(G::TerraNova(a)) => back::<TerraNova>(a, |d| G::TerraNova(d.into())),
        Some(G::Origins(a)) => back::<FirstBuilders>(a, |d| G::Origins(d.into())),
        Some(G::Attika(a)) => back::<Attika>(a, |d| G::Attika(d.into())),
        None => Err(FieldViolation::required("game")),
    }
}

/// The listed actions of random games of every configuration, a few per kind.
fn listed_actions() -> Vec<pb::GameAction> {
    let mut kept: BTreeMap<String, Vec<pb::GameAction>> = BTreeMap::new();
    for (name, options) in configurations() {
        let mut rng = ChaCha8Rng::seed_from_u64(name.len() as u64);
        let Ok(mut state) = AnyState::setup(&options, 5) else {
            continue;
        };
        for _ in 0..400 {
            let Some(seat) = state.to_act().iter().next() else {
                break;
            };
            let legal = state.legal_actions(seat);
            for action in &legal {
                let wire = pb::GameAction::from(action);
                let kind = kind_of(&wire);
                let slot = kept.entry(kind).or_default();
                if slot.len() < PER_KIND && !slot.contains(&wire) {
                    slot.push(wire);
                }
            }
            let Some(pick) = legal.get(rng.random_range(0..legal.len().max(1))) else {
                break;
            };
            if state.apply(seat, pick).is_err() {
                break;
            }
        }
    }
    kept.into_values().flatten().collect()
}

/// `origin.evolve`: the game and the action's kind.
fn kind_of(action: &pb::GameAction) -> String {
    let message = DynamicMessage::decode(
        descriptor("agora.v1.GameAction"),
        action.encode_to_vec().as_slice(),
    )
    .expect("an action re-reads");
    let mut path = Vec::new();
    let mut current = message;
    for _ in 0..2 {
        let Some((field, value)) = current.fields().next().map(|(f, v)| (f, v.clone())) else {
            break;
        };
        path.push(field.name().to_string());
        match value.as_message() {
            Some(inner) => current = inner.clone(),
            None => break,
        }
    }
    path.join(".")
}

/// Other values of one scalar: what a lenient reader might take for the listed one.
fn variants(value: &Value, kind: &Kind) -> Vec<Value> {
    match value {
        Value::String(s) => {
            let mut out = vec![
                Value::String(s.to_lowercase()),
                Value::String(s.to_uppercase()),
                Value::String(format!(" {s}")),
                Value::String(format!("{s} ")),
            ];
            if let Some((i, _)) = s.char_indices().find(|(_, c)| c.is_ascii_digit()) {
                out.push(Value::String(format!("{}0{}", &s[..i], &s[i..])));
            }
            out
        }
        Value::U32(n) => vec![
            Value::U32(n.wrapping_add(1)),
            Value::U32(n.wrapping_add(256)),
        ],
        Value::U64(n) => vec![Value::U64(n.wrapping_add(1))],
        Value::I32(n) => vec![Value::I32(n.wrapping_add(1)), Value::I32(n.wrapping_sub(1))],
        Value::I64(n) => vec![Value::I64(n.wrapping_add(1))],
        Value::Bool(b) => vec![Value::Bool(!b)],
        Value::EnumNumber(n) => match kind {
            Kind::Enum(e) => e
                .values()
                .map(|v| Value::EnumNumber(v.number()))
                .filter(|v| v != &Value::EnumNumber(*n))
                .collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// Every message reached from `message` by changing one scalar field (set or not) below
/// the action's kind; repeated fields change one element.
fn mutants(message: &DynamicMessage, depth: usize) -> Vec<DynamicMessage> {
    let mut out = Vec::new();
    for field in message.descriptor().fields() {
        let current = message.get_field(&field).into_owned();
        if field.is_list() {
            if let Value::List(items) = &current {
                for (i, item) in items.iter().enumerate() {
                    for v in element_mutants(item, &field.kind(), depth) {
                        let mut list = items.clone();
                        list[i] = v;
                        let mut m = message.clone();
                        m.set_field(&field, Value::List(list));
                        out.push(m);
                    }
                }
            }
            continue;
        }
        // Below the action's kind, only the oneof member that is set is explored.
        if depth < 2 && field.containing_oneof().is_some() && !message.has_field(&field) {
            continue;
        }
        for v in element_mutants(&current, &field.kind(), depth) {
            let mut m = message.clone();
            m.set_field(&field, v);
            out.push(m);
        }
    }
    out
}

fn element_mutants(value: &Value, kind: &Kind, depth: usize) -> Vec<Value> {
    match value {
        Value::Message(inner) if depth < 6 => mutants(inner, depth + 1)
            .into_iter()
            .map(Value::Message)
            .collect(),
        Value::Map(_) | Value::List(_) | Value::Message(_) => Vec::new(),
        scalar => variants(scalar, kind),
    }
}

#[test]
fn every_game_reads_an_action_only_as_the_api_lists_it() {
    let actions = listed_actions();
    assert!(actions.len() > 50, "only {} listed actions", actions.len());
    let mut tried = 0;
    let mut refused = 0;
    let mut lenient = Vec::new();
    for action in &actions {
        assert_eq!(
            game_round_trip(action).as_ref(),
            Ok(action),
            "a listed action reads back as itself"
        );
        let dynamic = DynamicMessage::decode(
            descriptor("agora.v1.GameAction"),
            action.encode_to_vec().as_slice(),
        )
        .expect("re-reads");
        for mutant in mutants(&dynamic, 0) {
            let Ok(wire) = pb::GameAction::decode(mutant.encode_to_vec().as_slice()) else {
                continue;
            };
            if &wire == action {
                continue; // A mutation that encodes as the default: nothing changed.
            }
            tried += 1;
            match game_round_trip(&wire) {
                Err(violation) => {
                    refused += 1;
                    assert!(!violation.field.is_empty(), "{violation:?}");
                }
                Ok(back) if back == wire => {}
                Ok(back) => lenient.push(format!("{wire:?}\n  read as {back:?}")),
            }
            // Whatever a game does, the registry never accepts a non-canonical form.
            if let Ok(any) = AnyAction::try_from(&wire) {
                assert_eq!(pb::GameAction::from(&any), wire);
            }
        }
    }
    assert!(
        lenient.is_empty(),
        "{} of {tried} mutants were read leniently:\n{}",
        lenient.len(),
        lenient.join("\n")
    );
    eprintln!(
        "{} listed actions, {tried} mutants, {refused} refused",
        actions.len()
    );
    assert!(refused > 100, "only {refused} of {tried} mutants refused");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_the_api_a_non_canonical_action_is_invalid_argument_with_its_field() {
    use tonic_types::StatusExt;
    let server = TestServer::start(StoreKind::Memory).await;
    let mut client = server.client().await;
    let (session, tokens) = started_with(
        &mut client,
        pb::GameOptions {
            game: Some(pb::game_options::Game::TerraNova(pb::TerraNovaOptions {
                players: 2,
                ..Default::default()
            })),
        },
        3,
    )
    .await;
    let hex = |code: &str| pb::GameAction {
        game: Some(G::TerraNova(pb::TerraNovaAction {
            action: Some(pb::terra_nova_action::Action::ChooseHex(
                pb::terra_nova_action::ChooseHex { hex: code.into() },
            )),
        })),
    };
    for code in ["i8", "I08"] {
        let status = assert_code(
            client
                .submit_action(authed(
                    submit_request(&session.session_id, hex(code), None, ""),
                    &tokens[0],
                ))
                .await,
            Code::InvalidArgument,
        );
        let bad = status.get_details_bad_request().expect("BadRequest");
        assert_eq!(
            bad.field_violations[0].field,
            "action.terra_nova.choose_hex.hex"
        );
    }
}
