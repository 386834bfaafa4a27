//! Every game's stored layout is traced with `serde-reflection` and compared with the
//! trace checked in at `engine/compat/<id>.json`, beside the game's
//! [`Game::STATE_VERSION`]: a change of a stored type (State, Action, Event, Options or
//! anything inside them) cannot reach a release without a version bump, which is what
//! makes the service rebuild old snapshots instead of misreading them.
//!
//! After a bump: `AGORA_BLESS=1 cargo test -p agora-engine --test engine compat::`
//! (also after a rename of a type, which postcard does not see; a layout change at the
//! same version is refused even then).

use agora_engine::registry::{visit_games, GameKind, GameVisitor};
use agora_engine::Game;
use serde_json::{json, Map, Value};
use serde_reflection::{Tracer, TracerConfig};
use std::path::PathBuf;

const REGENERATE: &str = "AGORA_BLESS=1 cargo test -p agora-engine --test engine compat::";

fn trace_path(id: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("compat/{id}.json"))
}

/// The trace of one game: its versions, the formats of its stored roots and every named
/// type they use.
fn trace<G: Game>() -> Value {
    // `trace_simple_type` explores every variant of the root only. An enum further down
    // gets its next variant only on a pass that meets it unmarked, so each pass first
    // unmarks the enums known to be incomplete; the names come from the error of an
    // attempt that missed some (the registry cannot be read without ending the tracer).
    let samples = serde_reflection::Samples::new();
    let mut incomplete: Vec<String> = Vec::new();
    let (roots, registry) = loop {
        let mut tracer = Tracer::new(TracerConfig::default());
        let mut roots = Map::new();
        let mut root = |name: &str, format: serde_reflection::Result<serde_reflection::Format>| {
            let format =
                format.unwrap_or_else(|e| panic!("{}: {name} cannot be traced: {e}", G::ID));
            roots.insert(
                name.into(),
                serde_json::to_value(format).expect("a format is JSON"),
            );
        };
        root("state", tracer.trace_simple_type::<G::State>().map(|t| t.0));
        root(
            "action",
            tracer.trace_simple_type::<G::Action>().map(|t| t.0),
        );
        root("event", tracer.trace_simple_type::<G::Event>().map(|t| t.0));
        root(
            "options",
            tracer.trace_simple_type::<G::Options>().map(|t| t.0),
        );
        for pass in 0.. {
            let unmarked = incomplete
                .iter()
                .filter(|name| tracer.check_incomplete_enum(name).is_some())
                .count();
            if unmarked == 0 && pass > 0 {
                break;
            }
            assert!(pass < 10_000, "{}: the trace does not end", G::ID);
            let once = |t: &mut Tracer| -> serde_reflection::Result<()> {
                t.trace_type_once::<G::State>(&samples)?;
                t.trace_type_once::<G::Action>(&samples)?;
                t.trace_type_once::<G::Event>(&samples)?;
                t.trace_type_once::<G::Options>(&samples).map(drop)
            };
            once(&mut tracer).unwrap_or_else(|e| panic!("{}: cannot be traced: {e}", G::ID));
        }
        match tracer.registry() {
            Ok(registry) => break (roots, registry),
            Err(serde_reflection::Error::MissingVariants(names))
                if names.iter().any(|n| !incomplete.contains(n)) =>
            {
                for name in names {
                    if !incomplete.contains(&name) {
                        incomplete.push(name);
                    }
                }
            }
            Err(e) => panic!("{}: incomplete trace: {e}", G::ID),
        }
    };
    json!({
        "game": G::ID,
        "state_version": G::STATE_VERSION,
        "log_compatible_since": G::LOG_COMPATIBLE_SINCE,
        "roots": roots,
        "registry": serde_json::to_value(registry).expect("a registry is JSON"),
    })
}

/// `format` with every named type written out in place and the type names dropped: what
/// a stored record's bytes (and the JSON options' field names) depend on, and nothing
/// else. A type met again inside itself is written as its depth.
fn shape(format: &Value, registry: &Map<String, Value>, stack: &mut Vec<String>) -> Value {
    match format {
        Value::Object(o) if o.len() == 1 && o.get("TYPENAME").is_some_and(Value::is_string) => {
            let name = o["TYPENAME"].as_str().unwrap_or_default().to_string();
            if let Some(depth) = stack.iter().position(|n| *n == name) {
                return json!({ "RECURSIVE": stack.len() - depth });
            }
            let Some(container) = registry.get(&name) else {
                return json!({ "MISSING": name });
            };
            stack.push(name);
            let out = shape(container, registry, stack);
            stack.pop();
            out
        }
        Value::Object(o) => Value::Object(
            o.iter()
                .map(|(k, v)| (k.clone(), shape(v, registry, stack)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(|v| shape(v, registry, stack)).collect()),
        other => other.clone(),
    }
}

/// The shape of the named roots of a trace.
fn shapes(trace: &Value, roots: &[&str]) -> Value {
    let empty = Map::new();
    let registry = trace["registry"].as_object().unwrap_or(&empty);
    Value::Array(
        roots
            .iter()
            .map(|r| shape(&trace["roots"][*r], registry, &mut Vec::new()))
            .collect(),
    )
}

const LOG_ROOTS: &[&str] = &["action", "event", "options"];

/// What to do with the checked-in trace.
#[derive(Debug, PartialEq)]
enum Verdict {
    Keep,
    /// Write the new trace (only under `AGORA_BLESS=1`).
    Write,
}

/// Compares the traced layout `now` of game `name` (its type, for the messages) with the
/// checked-in `old`; an `Err` is the sentence the test fails with.
fn judge(name: &str, now: &Value, old: Option<&Value>, bless: bool) -> Result<Verdict, String> {
    let version = |t: &Value, k: &str| t[k].as_u64().unwrap_or(0);
    let (sv, lcs) = (
        version(now, "state_version"),
        version(now, "log_compatible_since"),
    );
    if lcs == 0 || lcs > sv {
        return Err(format!(
            "{name}::LOG_COMPATIBLE_SINCE ({lcs}) must be between 1 and STATE_VERSION ({sv})"
        ));
    }
    let Some(old) = old else {
        return match bless {
            true => Ok(Verdict::Write),
            false => Err(format!("{name} has no checked-in trace: run {REGENERATE}")),
        };
    };
    if now == old {
        return Ok(Verdict::Keep);
    }
    let (old_sv, old_lcs) = (
        version(old, "state_version"),
        version(old, "log_compatible_since"),
    );
    let all = ["state", "action", "event", "options"];
    let layout_changed = shapes(now, &all) != shapes(old, &all);
    let log_changed = shapes(now, LOG_ROOTS) != shapes(old, LOG_ROOTS);
    if sv < old_sv {
        return Err(format!(
            "{name}::STATE_VERSION went back from {old_sv} to {sv}: versions only grow"
        ));
    }
    if sv == old_sv {
        if layout_changed {
            return Err(format!(
                "the stored layout of {name} changed, but {name}::STATE_VERSION is still {sv}: \
                 bump {name}::STATE_VERSION to {} (and {name}::LOG_COMPATIBLE_SINCE to the \
                 same if an Action, Event or Options type changed) and regenerate with \
                 {REGENERATE}, and read docs/operations.md (Upgrades) on live sessions. \
                 Sessions stored under version {sv} would otherwise be misread.",
                sv + 1
            ));
        }
        if lcs != old_lcs {
            return Err(format!(
                "{name}::LOG_COMPATIBLE_SINCE changed from {old_lcs} to {lcs} at the same \
                 STATE_VERSION {sv}"
            ));
        }
    } else if log_changed && lcs != sv {
        return Err(format!(
            "an Action, Event or Options type of {name} changed: set \
             {name}::LOG_COMPATIBLE_SINCE to {sv} (entries of older versions no longer \
             decode), then regenerate with {REGENERATE}"
        ));
    } else if lcs < old_lcs {
        return Err(format!(
            "{name}::LOG_COMPATIBLE_SINCE went back from {old_lcs} to {lcs}"
        ));
    }
    match bless {
        true => Ok(Verdict::Write),
        false if sv > old_sv => Err(format!(
            "{name}::STATE_VERSION is now {sv} (the trace says {old_sv}): regenerate with \
             {REGENERATE}; docs/operations.md (Upgrades) says what happens to live sessions"
        )),
        false => Err(format!(
            "{name}'s trace differs only in type names (the stored bytes do not): \
             regenerate with {REGENERATE}"
        )),
    }
}

fn type_name<G>() -> &'static str {
    let full = std::any::type_name::<G>();
    full.rsplit("::").next().unwrap_or(full)
}

struct Check {
    failures: Vec<String>,
    bless: bool,
}

impl GameVisitor for Check {
    fn visit<G: Game>(&mut self, _kind: GameKind) {
        let path = trace_path(G::ID);
        let now = trace::<G>();
        let old: Option<Value> = std::fs::read_to_string(&path)
            .ok()
            .map(|text| serde_json::from_str(&text).expect("a checked-in trace is JSON"));
        match judge(type_name::<G>(), &now, old.as_ref(), self.bless) {
            Ok(Verdict::Keep) => {}
            Ok(Verdict::Write) => {
                let text = serde_json::to_string_pretty(&now).expect("JSON") + "\n";
                std::fs::write(&path, text).expect("the trace is written");
            }
            Err(message) => self.failures.push(message),
        }
    }
}

#[test]
fn every_games_stored_layout_matches_its_checked_in_trace() {
    let bless = std::env::var("AGORA_BLESS").is_ok_and(|v| v == "1");
    let mut check = Check {
        failures: Vec::new(),
        bless,
    };
    visit_games(&mut check);
    assert!(check.failures.is_empty(), "{}", check.failures.join("\n"));
}

/// A small trace with a state of `fields` (named `type_name`), for the verdict tests.
fn sample(sv: u64, lcs: u64, type_name: &str, fields: &[&str], action: &str) -> Value {
    let fields: Vec<Value> = fields.iter().map(|f| json!({ *f: "U8" })).collect();
    json!({
        "game": "g", "state_version": sv, "log_compatible_since": lcs,
        "roots": {
            "state": { "TYPENAME": type_name },
            "action": action, "event": "UNIT", "options": "UNIT",
        },
        "registry": { type_name: { "STRUCT": fields } },
    })
}

#[test]
fn a_layout_change_needs_a_version_bump_even_when_blessed() {
    let old = sample(1, 1, "State", &["a"], "U8");
    let added = sample(1, 1, "State", &["a", "b"], "U8");
    for bless in [false, true] {
        let err = judge("G", &added, Some(&old), bless).unwrap_err();
        assert!(err.contains("bump G::STATE_VERSION to 2"), "{err}");
    }
    assert_eq!(judge("G", &old, Some(&old), false), Ok(Verdict::Keep));
}

#[test]
fn a_bumped_version_is_regenerated_only_when_blessed() {
    let old = sample(1, 1, "State", &["a"], "U8");
    let bumped = sample(2, 1, "State", &["a", "b"], "U8");
    let err = judge("G", &bumped, Some(&old), false).unwrap_err();
    assert!(err.contains("regenerate with AGORA_BLESS=1"), "{err}");
    assert_eq!(judge("G", &bumped, Some(&old), true), Ok(Verdict::Write));
    // After regeneration the bumped trace is the checked-in one.
    assert_eq!(judge("G", &bumped, Some(&bumped), false), Ok(Verdict::Keep));
}

#[test]
fn a_changed_action_needs_log_compatibility_raised() {
    let old = sample(1, 1, "State", &["a"], "U8");
    let kept = sample(2, 1, "State", &["a"], "U16");
    let err = judge("G", &kept, Some(&old), true).unwrap_err();
    assert!(err.contains("LOG_COMPATIBLE_SINCE to 2"), "{err}");
    let raised = sample(2, 2, "State", &["a"], "U16");
    assert_eq!(judge("G", &raised, Some(&old), true), Ok(Verdict::Write));
}

#[test]
fn a_renamed_type_is_regenerated_without_a_bump() {
    let old = sample(1, 1, "State", &["a"], "U8");
    let renamed = sample(1, 1, "GameState", &["a"], "U8");
    let err = judge("G", &renamed, Some(&old), false).unwrap_err();
    assert!(err.contains("only in type names"), "{err}");
    assert_eq!(judge("G", &renamed, Some(&old), true), Ok(Verdict::Write));
    let down = sample(1, 1, "State", &["a"], "U8");
    let up = sample(2, 1, "State", &["a"], "U8");
    assert!(
        judge("G", &down, Some(&up), true).is_err(),
        "versions only grow"
    );
}
