//! How snapshots, log entries and session metadata become bytes. Every encoding carries a
//! `format` number, checked on the way back, so a later release can still read sessions
//! written by an earlier one (and refuses, rather than misreads, newer ones).
//!
//! Format 1 (the first releases) is JSON, `{"format":1,"body":...}`. Format 2, written
//! now for snapshots and log entries, is binary: a zero byte (never the first byte of a
//! JSON text), the format number, then the body in `postcard`, about a tenth of the JSON
//! and ten times faster to encode and decode. Readers take both, so a replica of this
//! release reads every session written during a rolling upgrade. Metadata stays JSON: it
//! is small, written once per seat, and Lua scripts and older replicas read it.
//!
//! Format 3 is a finished game's whole log in one record ([`encode_log_blob`]): its
//! format-2 entries, zstd-compressed together, with the request fingerprints of all
//! but the last [`KEPT_FINGERPRINTS`] versions left out (random bytes do not compress,
//! and nothing can be played after the end, so only a retry of the last moves still
//! needs its fingerprint checked). A long game's log shrinks about fifteen times.
//!
//! Format 4, written now, is format 2 with the session around the game: a snapshot is a
//! whole [`Table`] (who plays each seat, a forfeit), and a log entry carries its
//! [`Cause`] (the action, or a resignation), which export and replay need. Formats 1 and
//! 2 read back as a table every seat of which its player plays, and as entries without
//! a cause. A finished log (format 3) holds entries of any binary format.
//!
//! Format 5, written now, is format 4 behind a header that says which rules wrote it:
//! `0, 5, game, state version (u16 LE), release length, release`, then the postcard body.
//! The game is its index in [`GameKind::ALL`] (postcard's variant index of the `Any*`
//! enums, so it never changes) and the state version its [`agora_engine::Game::STATE_VERSION`].
//! A reader compares those bytes before it decodes anything: a snapshot of another
//! version, or an entry older than the game's `LOG_COMPATIBLE_SINCE`, is answered
//! [`StoreError::OlderRules`] and one of a newer version [`StoreError::NewerRules`];
//! neither is decoded as this release's types. Records of formats 1 to 4 hold state
//! version 1 of their game (no game had another before format 5) and are read only while
//! their game is still at a version that reads them.

use super::Written;
use super::{LogEntry, SessionMeta, StoreError};
use crate::clock::SeatClock;
use crate::table::{Cause, Table};
use agora_engine::registry::{AnyEvent, AnyState, GameKind};
use agora_engine::{Outcome, Seat};
use serde::{Deserialize, Serialize};

/// The formats written now. Bump one when its encoding changes, and keep a reader for the
/// old one.
pub const SNAPSHOT_FORMAT: u8 = 5;
pub const LOG_FORMAT: u8 = 5;
/// The binary format of snapshots and entries before [`Table`] and [`Cause`].
const GAME_ONLY_FORMAT: u8 = 2;
/// Format 4: format 5's body without its rules header (read only).
const TABLE_FORMAT: u8 = 4;
/// The state version of every game in records of formats 1 to 4.
pub const LEGACY_STATE_VERSION: u16 = 1;
/// The release a format-5 record names: the engine's, whose rules it was written under.
pub const RELEASE: &str = agora_engine::ENGINE_RELEASE;
// Snapshots and entries share the format-5 header.
const _: () = assert!(SNAPSHOT_FORMAT == LOG_FORMAT);
pub const LOG_BLOB_FORMAT: u8 = 3;

/// Versions at the end of a finished log whose request fingerprints are kept.
pub const KEPT_FINGERPRINTS: u64 = 64;

/// A request fingerprint as format 2 stores it: the first 128 bits of the SHA-256.
type Fingerprint = [u8; 16];
/// The fixed metadata of a session, where a backend stores it apart from the snapshot.
pub const META_FORMAT: u32 = 1;

/// The first byte of a binary encoding; a JSON encoding starts with `{`.
const BINARY: u8 = 0;

/// The JSON envelope of format 1.
#[derive(Serialize, Deserialize)]
struct Envelope<T> {
    format: u32,
    body: T,
}

/// A log entry as format 4 writes it: every field always present (postcard is
/// positional); not the version, which the log's position says, nor the request id,
/// which the store's request index holds (a retry is matched by its fingerprint).
#[derive(Serialize)]
struct EntryOut<'a> {
    seat: Seat,
    cause: &'a Option<Cause>,
    events: &'a [AnyEvent],
    to_act: &'a [Seat],
    outcome: &'a Option<Outcome>,
    clocks: &'a [SeatClock],
    request_fingerprint: Option<Fingerprint>,
}

/// [`EntryOut`] read back.
#[derive(Deserialize)]
struct EntryIn {
    seat: Seat,
    cause: Option<Cause>,
    events: Vec<AnyEvent>,
    to_act: Vec<Seat>,
    outcome: Option<Outcome>,
    clocks: Vec<SeatClock>,
    request_fingerprint: Option<Fingerprint>,
}

/// Whether a retry's `fingerprint` (hex SHA-256) is the one `stored` with its entry:
/// format 1 stored all of it, format 2 its first 128 bits.
pub fn same_fingerprint(stored: &str, fingerprint: &str) -> bool {
    stored.len() >= 2 * std::mem::size_of::<Fingerprint>() && fingerprint.starts_with(stored)
}

fn fingerprint_bytes(hex_text: &str) -> Result<Fingerprint, StoreError> {
    let bytes = hex::decode(hex_text)
        .map_err(|e| StoreError::Corrupt(format!("a request fingerprint is not hex: {e}")))?;
    bytes
        .get(..16)
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| StoreError::Corrupt("a request fingerprint is too short".into()))
}

/// A format-2 entry: [`EntryIn`] before causes.
#[derive(Deserialize)]
struct GameOnlyEntry {
    seat: Seat,
    events: Vec<AnyEvent>,
    to_act: Vec<Seat>,
    outcome: Option<Outcome>,
    request_fingerprint: Option<Fingerprint>,
}

impl From<GameOnlyEntry> for EntryIn {
    fn from(e: GameOnlyEntry) -> EntryIn {
        EntryIn {
            seat: e.seat,
            cause: None,
            events: e.events,
            to_act: e.to_act,
            outcome: e.outcome,
            request_fingerprint: e.request_fingerprint,
            clocks: Vec::new(),
        }
    }
}

pub fn encode_snapshot(state: &Table) -> Result<Vec<u8>, StoreError> {
    binary_v5(state.game.kind(), state)
}

/// A snapshot of any format; those before format 4 hold the game alone. Only one of the
/// game's current state version is decoded.
pub fn decode_snapshot(bytes: &[u8]) -> Result<Table, StoreError> {
    match bytes {
        [BINARY, SNAPSHOT_FORMAT, ..] => {
            let (kind, version, release, body) = rules_header(bytes)?;
            if version != kind.state_version() {
                return Err(refusal(kind, version, release));
            }
            postcard::from_bytes(body)
                .map_err(|e| StoreError::Corrupt(format!("format {SNAPSHOT_FORMAT}: {e}")))
        }
        // The body starts with the game's variant index (a table starts with its game).
        [BINARY, f @ (GAME_ONLY_FORMAT | TABLE_FORMAT), game, ..] => {
            legacy_game_readable(*game)?;
            match *f {
                GAME_ONLY_FORMAT => {
                    decode_binary::<AnyState>(GAME_ONLY_FORMAT, bytes).map(Table::new)
                }
                _ => decode_binary(TABLE_FORMAT, bytes),
            }
        }
        [BINARY, ..] => decode_binary::<Table>(SNAPSHOT_FORMAT, bytes),
        _ => {
            legacy_json_readable(bytes)?;
            decode_json::<AnyState>(1, bytes).map(Table::new)
        }
    }
}

/// A format-5 record's game, state version, release and body.
type RulesHeader<'a> = (GameKind, u16, &'a [u8], &'a [u8]);

/// The game, state version, release and body of a format-5 record: bytes compared, nothing
/// decoded.
fn rules_header(bytes: &[u8]) -> Result<RulesHeader<'_>, StoreError> {
    let short = || StoreError::Corrupt("a format-5 record without its rules header".into());
    let [BINARY, _, game, lo, hi, len, rest @ ..] = bytes else {
        return Err(short());
    };
    let kind = GameKind::from_index(*game)
        .ok_or_else(|| StoreError::Corrupt(format!("a record of no hosted game ({game})")))?;
    let (release, body) = rest.split_at_checked(usize::from(*len)).ok_or_else(short)?;
    Ok((kind, u16::from_le_bytes([*lo, *hi]), release, body))
}

/// Why a record of `kind` at state `version` is not read as this release's types.
fn refusal(kind: GameKind, version: u16, release: &[u8]) -> StoreError {
    let written = Written {
        game: kind.id(),
        state_version: version,
        current: kind.state_version(),
        release: String::from_utf8_lossy(release).into_owned(),
    };
    if version > kind.state_version() {
        StoreError::NewerRules(written)
    } else {
        StoreError::OlderRules(written)
    }
}

/// A snapshot of formats 1 to 4 (state version 1) of the game at variant index `game` is
/// read only while that game is still at version 1.
fn legacy_game_readable(game: u8) -> Result<(), StoreError> {
    match GameKind::from_index(game) {
        Some(kind) if kind.state_version() != LEGACY_STATE_VERSION => {
            Err(refusal(kind, LEGACY_STATE_VERSION, b""))
        }
        // Not a hosted game: decoding it says so.
        _ => Ok(()),
    }
}

/// [`legacy_game_readable`] for a JSON snapshot, `{"format":1,"body":{"<Variant>":...}}`.
fn legacy_json_readable(bytes: &[u8]) -> Result<(), StoreError> {
    #[derive(Deserialize)]
    struct Head {
        body: std::collections::BTreeMap<String, serde::de::IgnoredAny>,
    }
    let Ok(head) = serde_json::from_slice::<Head>(bytes) else {
        return Ok(()); // decoding it says what is wrong
    };
    for name in head.body.keys() {
        if let Some(kind) = GameKind::ALL.iter().find(|k| k.variant_name() == name) {
            legacy_game_readable(kind.index())?;
        }
    }
    Ok(())
}

/// An entry of formats 1 to 4 (state version 1) is read only while its game still reads
/// the log of version 1; an entry that names no game holds nothing of one.
fn legacy_entry_readable(entry: &LogEntry) -> Result<(), StoreError> {
    let kind = entry
        .events
        .first()
        .map(AnyEvent::kind)
        .or(match &entry.cause {
            Some(Cause::Action(a)) | Some(Cause::TimedOut(Some(a))) => Some(a.kind()),
            _ => None,
        });
    match kind {
        Some(kind) if kind.log_compatible_since() > LEGACY_STATE_VERSION => {
            Err(refusal(kind, LEGACY_STATE_VERSION, b""))
        }
        _ => Ok(()),
    }
}

/// An entry of a session of `kind`.
pub fn encode_entry(kind: GameKind, entry: &LogEntry) -> Result<Vec<u8>, StoreError> {
    let fingerprint = match &entry.request_fingerprint {
        Some(hex_text) => Some(fingerprint_bytes(hex_text)?),
        None => None,
    };
    binary_v5(
        kind,
        &EntryOut {
            seat: entry.seat,
            cause: &entry.cause,
            events: &entry.events,
            to_act: &entry.to_act,
            outcome: &entry.outcome,
            clocks: &entry.clocks,
            request_fingerprint: fingerprint,
        },
    )
}

/// A finished game's log (of `kind`), versions 1 to `entries.len()` in order, as one record.
pub fn encode_log_blob(
    kind: GameKind,
    entries: &[impl std::borrow::Borrow<LogEntry>],
) -> Result<Vec<u8>, StoreError> {
    let last = entries.len() as u64;
    let mut encoded = Vec::with_capacity(entries.len());
    for (entry, version) in entries.iter().zip(1u64..) {
        let entry = entry.borrow();
        if entry.version != version {
            return Err(StoreError::Corrupt(format!(
                "log entry {} found at version {version}",
                entry.version
            )));
        }
        if version + KEPT_FINGERPRINTS <= last && entry.request_fingerprint.is_some() {
            let mut bare = entry.clone();
            bare.request_fingerprint = None;
            encoded.push(encode_entry(kind, &bare)?);
        } else {
            encoded.push(encode_entry(kind, entry)?);
        }
    }
    let plain = postcard::to_stdvec(&encoded)
        .map_err(|e| StoreError::Corrupt(format!("cannot encode: {e}")))?;
    let compressed = COMPRESSOR
        .with(|compressor| -> std::io::Result<Vec<u8>> {
            let mut compressor = compressor.borrow_mut();
            let compressor = match &mut *compressor {
                Some(compressor) => compressor,
                none => none.insert(zstd::bulk::Compressor::new(LOG_BLOB_LEVEL)?),
            };
            compressor.compress(&plain)
        })
        .map_err(|e| StoreError::Corrupt(format!("cannot compress: {e}")))?;
    let mut blob = Vec::with_capacity(2 + compressed.len());
    blob.extend_from_slice(&[BINARY, LOG_BLOB_FORMAT]);
    blob.extend_from_slice(&compressed);
    Ok(blob)
}

/// zstd's level for finished logs: its default, fast, and small enough (issue 13).
const LOG_BLOB_LEVEL: i32 = 3;

thread_local! {
    /// One zstd context per thread, made on first use: making one (about a megabyte of
    /// tables set up) cost more than compressing a finished game's log with it.
    static COMPRESSOR: std::cell::RefCell<Option<zstd::bulk::Compressor<'static>>> =
        const { std::cell::RefCell::new(None) };
}

/// The entries of a blob from [`encode_log_blob`], version 1 first.
pub fn decode_log_blob(bytes: &[u8]) -> Result<Vec<LogEntry>, StoreError> {
    let compressed = match bytes {
        [BINARY, LOG_BLOB_FORMAT, body @ ..] => body,
        _ => return Err(StoreError::Corrupt("not a log record of format 3".into())),
    };
    let plain = zstd::stream::decode_all(compressed)
        .map_err(|e| StoreError::Corrupt(format!("format 3: {e}")))?;
    let encoded: Vec<Vec<u8>> =
        postcard::from_bytes(&plain).map_err(|e| StoreError::Corrupt(format!("format 3: {e}")))?;
    encoded
        .iter()
        .zip(1u64..)
        .map(|(bytes, version)| decode_entry(version, bytes))
        .collect()
}

/// The entry stored as `version`: binary entries do not repeat their version, JSON ones
/// must agree with it.
pub fn decode_entry(version: u64, bytes: &[u8]) -> Result<LogEntry, StoreError> {
    if bytes.first() == Some(&BINARY) {
        let e: EntryIn = match bytes.get(1) {
            Some(&LOG_FORMAT) => {
                let (kind, stored, release, body) = rules_header(bytes)?;
                if !(kind.log_compatible_since()..=kind.state_version()).contains(&stored) {
                    return Err(refusal(kind, stored, release));
                }
                postcard::from_bytes(body)
                    .map_err(|e| StoreError::Corrupt(format!("format {LOG_FORMAT}: {e}")))?
            }
            Some(&GAME_ONLY_FORMAT) => {
                decode_binary::<GameOnlyEntry>(GAME_ONLY_FORMAT, bytes)?.into()
            }
            _ => decode_binary(TABLE_FORMAT, bytes)?,
        };
        let legacy = bytes.get(1) != Some(&LOG_FORMAT);
        let entry = LogEntry {
            version,
            seat: e.seat,
            cause: e.cause,
            events: e.events,
            to_act: e.to_act,
            outcome: e.outcome,
            clocks: e.clocks,
            request_id: None,
            request_fingerprint: e.request_fingerprint.map(hex::encode),
        };
        if legacy {
            legacy_entry_readable(&entry)?;
        }
        return Ok(entry);
    }
    let entry: LogEntry = decode_json(1, bytes)?;
    legacy_entry_readable(&entry)?;
    if entry.version != version {
        return Err(StoreError::Corrupt(format!(
            "log entry for version {} stored as version {version}",
            entry.version
        )));
    }
    Ok(entry)
}

pub fn encode_meta(meta: &SessionMeta) -> Result<Vec<u8>, StoreError> {
    serde_json::to_vec(&Envelope {
        format: META_FORMAT,
        body: meta,
    })
    .map_err(|e| StoreError::Corrupt(format!("cannot encode: {e}")))
}

pub fn decode_meta(bytes: &[u8]) -> Result<SessionMeta, StoreError> {
    decode_json(META_FORMAT, bytes)
}

/// A format-5 record: the rules header of `kind` at its current state version, then `body`.
fn binary_v5<T: Serialize + ?Sized>(kind: GameKind, body: &T) -> Result<Vec<u8>, StoreError> {
    let release = &RELEASE.as_bytes()[..RELEASE.len().min(usize::from(u8::MAX))];
    let mut out = Vec::with_capacity(64);
    out.extend_from_slice(&[BINARY, SNAPSHOT_FORMAT, kind.index()]);
    out.extend_from_slice(&kind.state_version().to_le_bytes());
    out.push(release.len() as u8);
    out.extend_from_slice(release);
    postcard::to_extend(body, out).map_err(|e| StoreError::Corrupt(format!("cannot encode: {e}")))
}

fn decode_binary<T: for<'de> Deserialize<'de>>(format: u8, bytes: &[u8]) -> Result<T, StoreError> {
    match bytes {
        [BINARY, f, body @ ..] if *f == format => postcard::from_bytes(body)
            .map_err(|e| StoreError::Corrupt(format!("format {format}: {e}"))),
        [BINARY, f, ..] => Err(StoreError::Corrupt(format!(
            "format {f} is not readable by this release (reads 1 to {SNAPSHOT_FORMAT})"
        ))),
        _ => Err(StoreError::Corrupt("no format header".into())),
    }
}

fn decode_json<T: for<'de> Deserialize<'de>>(format: u32, bytes: &[u8]) -> Result<T, StoreError> {
    #[derive(Deserialize)]
    struct Header {
        format: u32,
    }
    let header: Header = serde_json::from_slice(bytes)
        .map_err(|e| StoreError::Corrupt(format!("no format header: {e}")))?;
    if header.format != format {
        return Err(StoreError::Corrupt(format!(
            "format {} is not readable by this release (reads {format})",
            header.format
        )));
    }
    let envelope: Envelope<T> =
        serde_json::from_slice(bytes).map_err(|e| StoreError::Corrupt(e.to_string()))?;
    Ok(envelope.body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_engine::registry::configurations;

    /// The game the game-less sample entries are filed under.
    const KIND: GameKind = GameKind::ALL[0];

    /// What releases before format 2 wrote.
    fn json_v1<T: Serialize>(body: &T) -> Vec<u8> {
        serde_json::to_vec(&Envelope { format: 1, body }).unwrap()
    }

    fn entry() -> LogEntry {
        LogEntry {
            version: 7,
            cause: Some(Cause::Resigned),
            seat: Seat(1),
            events: vec![],
            to_act: vec![Seat(0)],
            outcome: None,
            request_id: Some("r-1".into()),
            request_fingerprint: Some("ab".repeat(32)),
            clocks: Vec::new(),
        }
    }

    #[test]
    fn log_entry_round_trips_and_takes_its_version_from_the_log() {
        let bytes = encode_entry(KIND, &entry()).unwrap();
        assert_eq!(bytes[..2], [BINARY, LOG_FORMAT]);
        let back = decode_entry(7, &bytes).unwrap();
        let fingerprint = back.request_fingerprint.clone().unwrap();
        assert_eq!(fingerprint, "ab".repeat(16), "the first 128 bits are kept");
        assert!(same_fingerprint(&fingerprint, &"ab".repeat(32)));
        assert!(!same_fingerprint(&fingerprint, &"ac".repeat(32)));
        let expected = LogEntry {
            request_id: None,
            request_fingerprint: back.request_fingerprint.clone(),
            ..entry()
        };
        assert_eq!(back, expected, "the request id lives in the request index");
        assert_eq!(decode_entry(8, &bytes).unwrap().version, 8);
    }

    #[test]
    fn a_finished_log_compacts_and_forgets_old_fingerprints() {
        let entries: Vec<LogEntry> = (1..=100)
            .map(|version| LogEntry { version, ..entry() })
            .collect();
        let blob = encode_log_blob(KIND, &entries).unwrap();
        let one = encode_entry(KIND, &entry()).unwrap().len();
        assert!(blob.len() < 100 * one / 3, "{} bytes", blob.len());
        let back = decode_log_blob(&blob).unwrap();
        assert_eq!(back.len(), 100);
        for (entry, version) in back.iter().zip(1u64..) {
            assert_eq!(entry.version, version);
            assert_eq!(
                entry.request_fingerprint.is_some(),
                version > 100 - KEPT_FINGERPRINTS,
                "version {version}"
            );
        }
        let gapped = [LogEntry {
            version: 2,
            cause: None,
            ..entry()
        }];
        assert!(encode_log_blob(KIND, &gapped).is_err());
        assert!(decode_log_blob(&[BINARY, LOG_FORMAT, 1]).is_err());
        assert!(decode_log_blob(&[BINARY, LOG_BLOB_FORMAT, 1, 2]).is_err());
    }

    #[test]
    fn json_entries_of_earlier_releases_are_read() {
        let bytes = json_v1(&entry());
        let back = decode_entry(7, &bytes).unwrap();
        assert_eq!(back, entry());
        let fingerprint = back.request_fingerprint.unwrap();
        assert!(same_fingerprint(&fingerprint, &"ab".repeat(32)));
        assert!(matches!(
            decode_entry(8, &bytes),
            Err(StoreError::Corrupt(_))
        ));
        // Entries of the first releases had no fingerprint field.
        let old = br#"{"format":1,"body":{"version":1,"seat":0,"events":[],"to_act":[1],"outcome":null,"request_id":null}}"#;
        assert_eq!(decode_entry(1, old).unwrap().request_fingerprint, None);
    }

    /// Every game's state, part-way through and finished, reads back equal from both
    /// formats; the binary one is much smaller.
    #[test]
    fn snapshots_of_every_game_round_trip_in_both_formats() {
        for (name, options) in configurations() {
            let mut state = AnyState::setup(&options, 3).unwrap();
            let mut moves = 0;
            while state.outcome().is_none() && moves < 3000 {
                if moves == 20 || moves % 200 == 0 {
                    check_snapshot(&name, &state);
                }
                let seat = state.to_act().iter().next().unwrap();
                let legal = state.legal_actions(seat);
                let action = &legal[moves * 7 % legal.len()];
                state.apply(seat, action).unwrap();
                moves += 1;
            }
            check_snapshot(&name, &state);
        }
    }

    /// Format 4 keeps the table; formats 1 and 2 (the game alone) read back as a table
    /// of players.
    fn check_snapshot(name: &str, state: &AnyState) {
        let mut table = Table::new(state.clone());
        table.seats[0] = crate::table::Control::Bot(crate::table::BotKind::Random);
        let binary = encode_snapshot(&table).unwrap();
        assert_eq!(binary[..2], [BINARY, SNAPSHOT_FORMAT]);
        assert!(decode_snapshot(&binary).unwrap() == table, "{name} binary");
        let v2 = binary_v2(state);
        let json = json_v1(state);
        let players = Table::new(state.clone());
        assert!(decode_snapshot(&v2).unwrap() == players, "{name} format 2");
        assert!(decode_snapshot(&json).unwrap() == players, "{name} JSON");
        assert!(
            binary.len() * 3 < json.len(),
            "{name}: {} bytes",
            binary.len()
        );
    }

    /// A format-5 record of another state version is refused before anything is decoded:
    /// an older one for a rebuild, a newer one as written by a later release.
    #[test]
    fn records_of_another_state_version_are_never_decoded() {
        let (_, options) = configurations().remove(0);
        let table = Table::new(AnyState::setup(&options, 3).unwrap());
        let kind = table.game.kind();
        let current = kind.state_version();
        let bytes = encode_snapshot(&table).unwrap();
        assert_eq!(
            bytes[..5],
            [BINARY, 5, kind.index(), current as u8, (current >> 8) as u8]
        );
        assert_eq!(&bytes[6..6 + usize::from(bytes[5])], RELEASE.as_bytes());
        let at = |version: u16, bytes: &[u8]| {
            let mut out = bytes.to_vec();
            out[3..5].copy_from_slice(&version.to_le_bytes());
            out
        };
        match decode_snapshot(&at(current + 1, &bytes)) {
            Err(StoreError::NewerRules(w)) => {
                assert_eq!((w.state_version, w.current), (current + 1, current));
                assert_eq!(w.release, RELEASE);
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            decode_snapshot(&at(current - 1, &bytes)),
            Err(StoreError::OlderRules(_))
        ));
        assert!(decode_snapshot(&at(current, &bytes)).unwrap() == table);

        let entry = encode_entry(kind, &entry()).unwrap();
        assert_eq!(entry[..5], bytes[..5]);
        assert!(matches!(
            decode_entry(7, &at(current + 1, &entry)),
            Err(StoreError::NewerRules(_))
        ));
        assert!(matches!(
            decode_entry(7, &at(kind.log_compatible_since() - 1, &entry)),
            Err(StoreError::OlderRules(_))
        ));
        assert!(matches!(
            decode_snapshot(&bytes[..4]),
            Err(StoreError::Corrupt(_))
        ));
        let mut no_game = bytes.clone();
        no_game[2] = 200;
        assert!(matches!(
            decode_snapshot(&no_game),
            Err(StoreError::Corrupt(_))
        ));
    }

    /// Format 4 (a table without the rules header, state version 1) is still read.
    #[test]
    fn format_4_snapshots_and_entries_are_read() {
        let (_, options) = configurations().remove(0);
        let table = Table::new(AnyState::setup(&options, 3).unwrap());
        let v4 = postcard::to_extend(&table, vec![BINARY, TABLE_FORMAT]).unwrap();
        assert!(decode_snapshot(&v4).unwrap() == table);
        let e = entry();
        let v4 = postcard::to_extend(
            &EntryOut {
                seat: e.seat,
                cause: &e.cause,
                events: &e.events,
                to_act: &e.to_act,
                outcome: &e.outcome,
                clocks: &e.clocks,
                request_fingerprint: None,
            },
            vec![BINARY, TABLE_FORMAT],
        )
        .unwrap();
        assert_eq!(decode_entry(7, &v4).unwrap().cause, e.cause);
    }

    /// What releases of format 2 wrote: the game alone.
    fn binary_v2<T: Serialize>(body: &T) -> Vec<u8> {
        postcard::to_extend(body, vec![BINARY, GAME_ONLY_FORMAT]).unwrap()
    }

    #[test]
    fn format_2_entries_read_back_without_a_cause() {
        let e = entry();
        let fingerprint: Fingerprint = [0xab; 16];
        #[derive(Serialize)]
        struct V2<'a> {
            seat: Seat,
            events: &'a [AnyEvent],
            to_act: &'a [Seat],
            outcome: &'a Option<Outcome>,
            request_fingerprint: Option<Fingerprint>,
        }
        let bytes = binary_v2(&V2 {
            seat: e.seat,
            events: &e.events,
            to_act: &e.to_act,
            outcome: &e.outcome,
            request_fingerprint: Some(fingerprint),
        });
        let back = decode_entry(7, &bytes).unwrap();
        assert_eq!(back.cause, None);
        assert_eq!(back.to_act, e.to_act);
        assert_eq!(back.request_fingerprint, Some("ab".repeat(16)));
    }

    #[test]
    fn unknown_formats_are_refused_not_misread() {
        let bytes = br#"{"format":99,"body":{}}"#;
        assert!(matches!(
            decode_entry(1, bytes),
            Err(StoreError::Corrupt(_))
        ));
        assert!(matches!(decode_meta(bytes), Err(StoreError::Corrupt(_))));
        assert!(matches!(
            decode_snapshot(bytes),
            Err(StoreError::Corrupt(_))
        ));
        let future = [BINARY, 9, 1, 2, 3];
        assert!(matches!(
            decode_entry(1, &future),
            Err(StoreError::Corrupt(_))
        ));
        assert!(matches!(
            decode_snapshot(&future),
            Err(StoreError::Corrupt(_))
        ));
        assert!(matches!(
            decode_snapshot(&[BINARY]),
            Err(StoreError::Corrupt(_))
        ));
        assert!(matches!(
            decode_snapshot(&[BINARY, SNAPSHOT_FORMAT, 200]),
            Err(StoreError::Corrupt(_))
        ));
    }

    #[test]
    fn session_meta_round_trips() {
        use crate::store::SeatRecord;
        let (_, options) = configurations().remove(0);
        let meta = SessionMeta {
            create_fingerprint: Some("f".into()),
            ..SessionMeta::new("s", options, 3, vec![SeatRecord::default(); 2], 5)
        };
        let bytes = encode_meta(&meta).unwrap();
        assert_eq!(decode_meta(&bytes).unwrap(), meta);
    }
}
