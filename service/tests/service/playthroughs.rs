//! Golden playthroughs: for every registered configuration, a protobuf-JSON transcript of one
//! game played through the real service (memory store, real gRPC) by a fixed bot from a
//! fixed seed, checked in under `tests/playthroughs/<game-id>/<configuration>.json`. Any
//! change on the wire (a field, an enum name, a redaction, a rule that changes a listing)
//! changes a transcript, fails this test with the first differing line, and shows in review.
//!
//! Regenerate after an intended change (then review the diff):
//!
//! ```text
//! AGORA_BLESS=1 cargo test -p agora-service --test service playthroughs::
//! ```

use crate::support::harness::{self, *};
use crate::support::proto_json;
use agora_engine::registry;
use agora_proto::v1 as pb;
use agora_service::api::convert;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Map, Value};
use std::path::PathBuf;
use tonic::Request;

const SEED: u64 = 7;
/// Decisions recorded in full (legal actions, events per viewer); later ones record only
/// the seat and the action, which still fixes the whole game.
const FULL_DECISIONS: usize = 40;
const REGENERATE: &str = "AGORA_BLESS=1 cargo test -p agora-service --test service playthroughs::";
const BOUND: &str = "every decision's seat and action; for the first 40 decisions also the \
    legal actions and each viewer's events; each viewer's view at the start, after decision \
    40 and at the end. Values the same for every viewer are written once (\"all\").";

fn directory() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/playthroughs")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_configuration_plays_as_its_golden_transcript() {
    let server = TestServer::start(StoreKind::Memory).await;
    let client = server.client().await;
    let bless = std::env::var("AGORA_BLESS").is_ok_and(|v| v == "1");
    let configurations = registry::configurations();
    let runs = configurations.iter().map(|(name, options)| {
        let mut client = client.clone();
        async move { (name, transcript(&mut client, name, options).await) }
    });
    let mut differences = Vec::new();
    for (name, text) in futures::future::join_all(runs).await {
        let path = directory().join(format!("{name}.json"));
        if bless {
            std::fs::create_dir_all(path.parent().expect("a game folder")).expect("mkdir");
            std::fs::write(&path, &text).expect("write the transcript");
            continue;
        }
        let golden = std::fs::read_to_string(&path).unwrap_or_default();
        if let Some(difference) = first_difference(&golden, &text) {
            differences.push(format!("{}: {difference}", path.display()));
        }
    }
    let mut stale = Vec::new();
    for game in std::fs::read_dir(directory())
        .into_iter()
        .flatten()
        .flatten()
    {
        for file in std::fs::read_dir(game.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            let name = format!(
                "{}/{}",
                game.file_name().to_string_lossy(),
                file.path()
                    .file_stem()
                    .unwrap_or_default()
                    .to_string_lossy()
            );
            if !configurations.iter().any(|(n, _)| *n == name) {
                stale.push(file.path().display().to_string());
            }
        }
    }
    assert!(
        stale.is_empty(),
        "transcripts of no registered configuration (delete them): {stale:#?}"
    );
    assert!(
        differences.is_empty(),
        "the wire changed; if that is intended, regenerate with `{REGENERATE}` and review \
         the diff:\n{}",
        differences.join("\n")
    );
}

/// The line number and both versions of the first line where `golden` and `actual` differ,
/// with the last `"step"` above it for context.
fn first_difference(golden: &str, actual: &str) -> Option<String> {
    if golden.is_empty() {
        return Some("no golden transcript yet".into());
    }
    let (mut expected, mut got) = (golden.lines(), actual.lines());
    let mut context = "the header";
    for number in 1.. {
        let (e, g) = (expected.next(), got.next());
        if e.is_none() && g.is_none() {
            return None;
        }
        if e != g {
            return Some(format!(
                "line {number} (after {context}):\n  golden: {}\n  now:    {}",
                e.unwrap_or("<end of file>"),
                g.unwrap_or("<end of file>")
            ));
        }
        if let Some(line) = g.filter(|l| l.contains("\"step\":")) {
            context = line.trim();
        }
    }
    None
}

/// Who looks: each seat (by index) or the spectator (`None`).
type Looker = Option<usize>;

fn lookers(players: usize) -> Vec<Looker> {
    (0..players).map(Some).chain([None]).collect()
}

fn looker_name(looker: Looker) -> String {
    looker.map_or("spectator".into(), |s| format!("seat {s}"))
}

/// One value per viewer, written once under "all" when every viewer got the same.
fn per_viewer(values: Vec<(Looker, Value)>) -> Value {
    if values.windows(2).all(|w| w[0].1 == w[1].1) {
        if let Some((_, value)) = values.into_iter().next() {
            return json!({ "all": value });
        }
        return Value::Null;
    }
    Value::Object(
        values
            .into_iter()
            .map(|(looker, value)| (looker_name(looker), value))
            .collect::<Map<_, _>>(),
    )
}

async fn views(client: &mut Client, id: &str, tokens: &[String], after: usize) -> Value {
    let mut values = Vec::new();
    for looker in lookers(tokens.len()) {
        let message = pb::GetStateRequest {
            session_id: id.to_string(),
        };
        let request = match looker {
            Some(seat) => authed(message, &tokens[seat]),
            None => Request::new(message),
        };
        let response = client.get_state(request).await.expect("state").into_inner();
        let view = response.view.unwrap_or_default();
        values.push((looker, proto_json::to_json("agora.v1.GameView", &view)));
    }
    json!({ "after_decisions": after, "view": per_viewer(values) })
}

/// Plays configuration `name` through the service and writes what the wire showed.
async fn transcript(client: &mut Client, name: &str, options: &registry::AnyOptions) -> String {
    let options = convert::options_out(options);
    let (session, tokens) = started_with(client, options.clone(), SEED).await;
    let id = session.session_id;
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut decisions = Vec::new();
    let mut snapshots = vec![views(client, &id, &tokens, 0).await];
    loop {
        let current = harness::session(client, &id).await;
        if current.status == pb::SessionStatus::Finished as i32 {
            break;
        }
        assert!(decisions.len() < 20_000, "{name}: no end");
        let step = decisions.len();
        let seat = current.to_act[rng.random_range(0..current.to_act.len())] as usize;
        let listed = legal(client, &id, &tokens[seat]).await;
        let action = listed.actions[rng.random_range(0..listed.actions.len())].clone();
        client
            .submit_action(authed(
                submit_request(&id, action.clone(), Some(listed.version), ""),
                &tokens[seat],
            ))
            .await
            .unwrap_or_else(|e| panic!("{name} step {step}: a listed action was refused: {e:?}"));
        let mut decision = json!({
            "step": step,
            "seat": seat,
            "action": proto_json::to_json("agora.v1.GameAction", &action),
        });
        if step < FULL_DECISIONS {
            decision["legal"] = listed
                .actions
                .iter()
                .map(|a| proto_json::to_json("agora.v1.GameAction", a))
                .collect();
        }
        decisions.push(decision);
        if decisions.len() == FULL_DECISIONS {
            snapshots.push(views(client, &id, &tokens, FULL_DECISIONS).await);
        }
    }
    // Each viewer's events of the first decisions, from its stream.
    let recorded = decisions.len().min(FULL_DECISIONS);
    let mut streams = Vec::new();
    for looker in lookers(tokens.len()) {
        let token = looker.map(|s| tokens[s].as_str());
        streams.push((
            looker,
            collect_stream(client, &id, 0, token, recorded).await,
        ));
    }
    for (step, decision) in decisions.iter_mut().take(recorded).enumerate() {
        let events = streams
            .iter()
            .map(|(looker, stream)| {
                let events: Value = stream[step]
                    .events
                    .iter()
                    .map(|e| proto_json::to_json("agora.v1.GameEvent", e))
                    .collect();
                (*looker, events)
            })
            .collect();
        decision["events"] = per_viewer(events);
    }
    if decisions.len() != FULL_DECISIONS {
        snapshots.push(views(client, &id, &tokens, decisions.len()).await);
    }
    let last = harness::session(client, &id).await;
    let (game, configuration) = name.split_once('/').unwrap_or((name, ""));
    let transcript = json!({
        "transcript": "Agora golden playthrough (protobuf JSON, proto field names)",
        "regenerate": REGENERATE,
        "bound": BOUND,
        "game": game,
        "configuration": configuration,
        "options": proto_json::to_json("agora.v1.GameOptions", &options),
        "seed": SEED,
        "bot": format!("ChaCha8Rng seeded {SEED}: a uniformly drawn seat among those to act, then a uniformly drawn listed action"),
        "decisions_played": decisions.len(),
        "decisions": decisions,
        "views": snapshots,
        "outcome": proto_json::to_json("agora.v1.Outcome", &last.outcome.unwrap_or_default()),
    });
    let mut text = String::new();
    write_value(&mut text, &transcript, 0);
    text.push('\n');
    text
}

/// Members written first, in this order (then the others alphabetically): the header,
/// then each decision's step and seat before what it holds.
const FIRST_KEYS: &[&str] = &[
    "transcript",
    "regenerate",
    "bound",
    "game",
    "configuration",
    "options",
    "seed",
    "bot",
    "decisions_played",
    "step",
    "seat",
    "action",
    "after_decisions",
];

fn ordered(fields: &Map<String, Value>) -> Vec<(&String, &Value)> {
    let rank = |key: &str| {
        FIRST_KEYS
            .iter()
            .position(|k| *k == key)
            .unwrap_or(usize::MAX)
    };
    let mut members: Vec<_> = fields.iter().collect();
    members.sort_by(|a, b| rank(a.0).cmp(&rank(b.0)).then(a.0.cmp(b.0)));
    members
}

fn compact(value: &Value) -> String {
    match value {
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(compact).collect();
            format!("[{}]", items.join(","))
        }
        Value::Object(fields) => {
            let members: Vec<String> = ordered(fields)
                .into_iter()
                .map(|(key, item)| format!("{}:{}", Value::from(key.as_str()), compact(item)))
                .collect();
            format!("{{{}}}", members.join(","))
        }
        other => other.to_string(),
    }
}

/// JSON with one member per line, except that a value whose compact form is short stays on
/// one line (an action, a hex, a small list): reviewable diffs at a bounded size.
fn write_value(out: &mut String, value: &Value, depth: usize) {
    let short = compact(value);
    if short.len() <= 100 {
        out.push_str(&short);
        return;
    }
    let indent = " ".repeat(depth + 1);
    match value {
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                out.push_str(if i == 0 { "\n" } else { ",\n" });
                out.push_str(&indent);
                write_value(out, item, depth + 1);
            }
            out.push('\n');
            out.push_str(&" ".repeat(depth));
            out.push(']');
        }
        Value::Object(fields) => {
            out.push('{');
            for (i, (key, item)) in ordered(fields).into_iter().enumerate() {
                out.push_str(if i == 0 { "\n" } else { ",\n" });
                out.push_str(&indent);
                out.push_str(&Value::from(key.as_str()).to_string());
                out.push_str(": ");
                write_value(out, item, depth + 1);
            }
            out.push('\n');
            out.push_str(&" ".repeat(depth));
            out.push('}');
        }
        _ => out.push_str(&short),
    }
}
