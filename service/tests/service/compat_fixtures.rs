//! Records written by each release, checked in under `service/tests/compat/<release>/`,
//! read by every later release (issue 35): a game's stored layout may change only with a
//! state version bump, and a record of an older version must take the documented path
//! (refused as `OlderRules`, then rebuilt by replaying the log), never be misread.
//!
//! Write this release's folder (add a new one each release that changes a stored layout;
//! never rewrite an old one):
//!
//! AGORA_BLESS=1 cargo test -p agora-service --test service compat_fixtures::

use agora_engine::registry::{self, GameKind};
use agora_engine::Seat;
use agora_service::store::codec;
use agora_service::store::upgrade;
use agora_service::store::{LogEntry, RulesVersion, SeatRecord, SessionMeta, StoreError};
use agora_service::table::{bot_decision, session_salt, BotKind, Cause, Table};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

const REGENERATE: &str =
    "AGORA_BLESS=1 cargo test -p agora-service --test service compat_fixtures::";
const SEED: u64 = 35;
/// The mid-game snapshot is taken after this many decisions (or half the game, if shorter).
const MIDGAME: usize = 12;
/// Random play ends every hosted game well before this.
const MAX_DECISIONS: usize = 20_000;

fn directory() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/compat")
}

/// A configuration played to its end by random bots: its meta and its log.
fn played(name: &str, options: &registry::AnyOptions) -> (SessionMeta, Vec<LogEntry>) {
    let mut table = Table::new(registry::AnyState::setup(options, SEED).expect("sets up"));
    let seats = vec![SeatRecord::default(); table.seat_count()];
    let meta = SessionMeta::new(format!("compat-{name}"), options.clone(), SEED, seats, 0);
    let salt = session_salt(&meta.id);
    let mut log = Vec::new();
    while !table.is_over() {
        assert!(log.len() < MAX_DECISIONS, "{name}: no end");
        let version = log.len() as u64 + 1;
        let seat = table.to_act().iter().next().expect("someone to act");
        let action = bot_decision(&table, seat, BotKind::Random, SEED, salt, version)
            .expect("a legal action");
        let cause = Cause::Action(action);
        let events = table.apply(seat, &cause).expect("a legal action applies");
        let fingerprint = hex::encode(Sha256::digest(format!("{name}-{version}")));
        log.push(LogEntry {
            version,
            seat,
            cause: Some(cause),
            events,
            to_act: table.to_act().iter().collect(),
            outcome: table.outcome(),
            clocks: Vec::new(),
            request_id: None,
            request_fingerprint: Some(fingerprint),
        });
    }
    (meta, log)
}

/// The table after the first `decisions` of `log`, through the same replay a rebuild uses.
fn table_at(meta: &SessionMeta, log: &[LogEntry], decisions: usize) -> Table {
    upgrade::replay(meta, &log[..decisions]).expect("this release replays its own log")
}

/// SHA-256 of the table's JSON with sorted keys: what a decoded snapshot must equal.
fn state_hash(table: &Table) -> String {
    let value = serde_json::to_value(table).expect("a table is JSON");
    hex::encode(Sha256::digest(value.to_string()))
}

/// Entries as one file: each a u32 LE length, then its `encode_entry` record.
fn frame(records: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    for r in records {
        out.extend_from_slice(&(r.len() as u32).to_le_bytes());
        out.extend_from_slice(r);
    }
    out
}

fn unframe(mut bytes: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    while let Some((len, rest)) = bytes.split_first_chunk::<4>() {
        let (record, rest) = rest.split_at(u32::from_le_bytes(*len) as usize);
        out.push(record);
        bytes = rest;
    }
    assert!(bytes.is_empty(), "a truncated entries file");
    out
}

fn write_release(root: &Path) {
    for (name, options) in registry::configurations() {
        let (meta, log) = played(&name, &options);
        let kind = options.kind();
        let mid = MIDGAME.min(log.len() / 2);
        let table = table_at(&meta, &log, mid);
        let dir = root.join(&name);
        std::fs::create_dir_all(&dir).expect("mkdir");
        let write =
            |file: &str, bytes: &[u8]| std::fs::write(dir.join(file), bytes).expect("write");
        write(
            "meta.json",
            &codec::encode_meta(&meta).expect("meta encodes"),
        );
        write(
            "snapshot.bin",
            &codec::encode_snapshot(&table).expect("snapshot encodes"),
        );
        let entries: Vec<Vec<u8>> = log[..mid]
            .iter()
            .map(|e| codec::encode_entry(kind, e).expect("entry encodes"))
            .collect();
        write("entries.bin", &frame(&entries));
        write(
            "log.bin",
            &codec::encode_log_blob(kind, &log).expect("log encodes"),
        );
        let last = log.last().expect("a game of at least one decision");
        let manifest = json!({
            "what": "Records this release wrote for one configuration: meta.json (encode_meta), \
                snapshot.bin (encode_snapshot after `snapshot.version` decisions), entries.bin \
                (encode_entry of versions 1 to snapshot.version, each a u32 LE length then the \
                record), log.bin (encode_log_blob of the whole finished game). Never rewrite: \
                later releases must read these as written.",
            "regenerate": REGENERATE,
            "release": codec::RELEASE,
            "configuration": name,
            "game": kind.id(),
            "state_version": kind.state_version(),
            "seed": SEED,
            "snapshot": {
                "version": mid,
                "to_act": table.to_act().iter().collect::<Vec<Seat>>(),
                "outcome": table.outcome(),
                "state_sha256": state_hash(&table),
            },
            "entries": { "count": mid },
            "log": { "count": log.len(), "outcome": last.outcome },
        });
        let text = serde_json::to_string_pretty(&manifest).expect("JSON") + "\n";
        write("manifest.json", text.as_bytes());
    }
}

/// Every `manifest.json` under `dir`.
fn manifests(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            manifests(&path, out);
        } else if path.file_name().is_some_and(|n| n == "manifest.json") {
            out.push(path);
        }
    }
}

/// One configuration's records, read with today's codec as the manifest says.
fn check(manifest_path: &Path) -> Result<(), String> {
    let dir = manifest_path.parent().expect("a folder");
    let read = |file: &str| std::fs::read(dir.join(file)).map_err(|e| format!("{file}: {e}"));
    let m: Value = serde_json::from_slice(&read("manifest.json")?).map_err(|e| e.to_string())?;
    let game = m["game"].as_str().ok_or("no game")?;
    let kind = GameKind::ALL
        .iter()
        .copied()
        .find(|k| k.id() == game)
        .ok_or_else(|| format!("game {game} is no longer hosted"))?;
    let written = m["state_version"].as_u64().ok_or("no state_version")? as u16;
    let mid = m["snapshot"]["version"]
        .as_u64()
        .ok_or("no snapshot version")?;

    let meta = codec::decode_meta(&read("meta.json")?).map_err(|e| format!("meta: {e}"))?;
    if meta.options.kind() != kind || meta.seed != m["seed"].as_u64().ok_or("no seed")? {
        return Err("meta: another game or seed than the manifest's".into());
    }

    let entry_bytes = read("entries.bin")?;
    let entries = unframe(&entry_bytes)
        .into_iter()
        .zip(1u64..)
        .map(|(bytes, version)| codec::decode_entry(version, bytes))
        .collect::<Result<Vec<_>, _>>();
    if entries.as_ref().map(Vec::len).unwrap_or(mid as usize) != mid as usize {
        return Err("entries: not the manifest's count".into());
    }
    let blob = codec::decode_log_blob(&read("log.bin")?);
    let snapshot = codec::decode_snapshot(&read("snapshot.bin")?);

    let table = if written == kind.state_version() {
        let entries = entries.map_err(|e| format!("entries: {e}"))?;
        let blob = blob.map_err(|e| format!("log: {e}"))?;
        if Some(blob.len() as u64) != m["log"]["count"].as_u64()
            || json!(blob.last().map(|e| &e.outcome)) != m["log"]["outcome"]
        {
            return Err("log: not the manifest's entries or outcome".into());
        }
        // The blob keeps only the last versions' request fingerprints.
        let bare = |e: &LogEntry| LogEntry {
            request_fingerprint: None,
            ..e.clone()
        };
        if !blob.iter().zip(&entries).all(|(b, e)| bare(b) == bare(e)) {
            return Err("log: its first entries differ from entries.bin".into());
        }
        let table = snapshot.map_err(|e| format!("snapshot: {e}"))?;
        if table != table_at(&meta, &entries, entries.len()) {
            return Err("snapshot: not what its entries replay to".into());
        }
        table
    } else {
        // An older layout: the snapshot must be refused, never decoded as today's types,
        // then rebuilt from the log where its entries are still readable.
        match snapshot {
            Err(StoreError::OlderRules(w)) if w.state_version == written => {}
            other => return Err(format!("snapshot of state version {written}: {other:?}")),
        }
        let entries = match entries {
            Ok(entries) => entries,
            Err(StoreError::OlderRules(_)) if written < kind.log_compatible_since() => {
                return Ok(()); // the documented path: the session is pinned
            }
            Err(e) => return Err(format!("entries: {e}")),
        };
        match upgrade::replay(&meta, &entries) {
            Ok(table) => table,
            // A rules fix the history does not survive: pinned, as documented.
            Err(_) => return Ok(()),
        }
    };
    let to_act: Vec<Seat> = table.to_act().iter().collect();
    if json!(to_act) != m["snapshot"]["to_act"]
        || json!(table.outcome()) != m["snapshot"]["outcome"]
    {
        return Err("snapshot: another seat to act or outcome".into());
    }
    if written == kind.state_version() && json!(state_hash(&table)) != m["snapshot"]["state_sha256"]
    {
        return Err("snapshot: another state than the one written".into());
    }
    Ok(())
}

#[test]
fn every_release_s_records_are_read_by_this_release() {
    let current = directory().join(codec::RELEASE);
    if std::env::var("AGORA_BLESS").is_ok_and(|v| v == "1") {
        write_release(&current);
    }
    let mut all = Vec::new();
    manifests(&directory(), &mut all);
    let mut here = Vec::new();
    manifests(&current, &mut here);
    assert_eq!(
        here.len(),
        registry::configurations().len(),
        "{} lacks a configuration's records: {REGENERATE}",
        current.display()
    );
    let failures: Vec<String> = all
        .iter()
        .filter_map(|p| check(p).err().map(|e| format!("{}: {e}", p.display())))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The older-layout path of [`check`], shown on this release's records with their state
/// version lowered: the snapshot is refused, and the log rebuilds the same table.
#[test]
fn a_record_of_an_older_state_version_is_refused_then_rebuilt() {
    let mut here = Vec::new();
    manifests(&directory().join(codec::RELEASE), &mut here);
    let manifest = here.first().expect("this release's records");
    let dir = manifest.parent().expect("a folder");
    let mut snapshot = std::fs::read(dir.join("snapshot.bin")).expect("snapshot");
    let table = codec::decode_snapshot(&snapshot).expect("this release's snapshot");
    let current = u16::from_le_bytes([snapshot[3], snapshot[4]]);
    snapshot[3..5].copy_from_slice(&(current - 1).to_le_bytes());
    match codec::decode_snapshot(&snapshot) {
        Err(StoreError::OlderRules(w)) => assert_eq!(w.state_version, current - 1),
        other => panic!("an older snapshot was not refused: {other:?}"),
    }
    let meta = codec::decode_meta(&std::fs::read(dir.join("meta.json")).expect("meta"))
        .expect("meta decodes");
    let bytes = std::fs::read(dir.join("entries.bin")).expect("entries");
    let entries: Vec<LogEntry> = unframe(&bytes)
        .into_iter()
        .zip(1u64..)
        .map(|(b, v)| codec::decode_entry(v, b).expect("entry decodes"))
        .collect();
    assert!(upgrade::replay(&meta, &entries).expect("replays") == table);
}

/// Metas of releases that did not record the rules a session started under read as
/// release 0.1.0, state version 1; this release's record them.
#[test]
fn metas_without_their_rules_read_as_the_first_release_s() {
    let mut all = Vec::new();
    manifests(&directory().join("0.1.0"), &mut all);
    assert!(!all.is_empty(), "the 0.1.0 fixtures");
    for manifest in all {
        let dir = manifest.parent().expect("a folder");
        let bytes = std::fs::read(dir.join("meta.json")).expect("meta");
        let meta = codec::decode_meta(&bytes).expect("meta decodes");
        assert_eq!(meta.started_under_rules, None, "{}", dir.display());
        assert_eq!(meta.started_under(), RulesVersion::legacy());
        assert_eq!(meta.started_under().engine_release, "0.1.0");
        assert_eq!(meta.started_under().state_version, 1);
        let now = SessionMeta::new("s", meta.options.clone(), 1, meta.seats.clone(), 0);
        let again =
            codec::decode_meta(&codec::encode_meta(&now).expect("encodes")).expect("decodes");
        assert_eq!(
            again.started_under(),
            RulesVersion::current(meta.options.kind())
        );
    }
}
