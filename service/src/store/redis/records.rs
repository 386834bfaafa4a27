//! What the meta hash and the log stream hold, read back: the fixed metadata in its
//! [`codec`] envelope, the per-seat fields, and stream entries checked against their ids.

use crate::store::{codec, LogEntry, SeatRecord, SessionMeta, StoreError};
use agora_engine::{Outcome, Seat};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// A stream entry as Redis sends it: id and flat field/value list.
pub(super) type RawEntry = (String, Vec<Vec<u8>>);

/// Plain JSON for the small fields Lua stores as they are (`to_act`, `outcome`).
pub(super) fn encode_json<T: Serialize>(value: &T) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(|e| StoreError::Corrupt(format!("cannot encode: {e}")))
}

fn decode_json<T: for<'de> Deserialize<'de>>(what: &str, bytes: &[u8]) -> Result<T, StoreError> {
    serde_json::from_slice(bytes).map_err(|e| StoreError::Corrupt(format!("{what}: {e}")))
}

/// What the meta hash says about a session.
pub(super) struct MetaRow {
    pub meta: SessionMeta,
    /// The last write (`updated`, else `created`), ms since the epoch.
    pub updated_ms: i64,
    pub version: u64,
    pub to_act: Vec<Seat>,
    pub outcome: Option<Outcome>,
}

fn field<'a>(hash: &'a HashMap<String, Vec<u8>>, name: &str) -> Result<&'a [u8], StoreError> {
    hash.get(name)
        .map(Vec::as_slice)
        .ok_or_else(|| StoreError::Corrupt(format!("session hash lacks `{name}`")))
}

fn number(hash: &HashMap<String, Vec<u8>>, name: &str) -> Result<u64, StoreError> {
    let raw = field(hash, name)?;
    std::str::from_utf8(raw)
        .ok()
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| StoreError::Corrupt(format!("`{name}` is not a number")))
}

pub(super) fn meta_row(hash: &HashMap<String, Vec<u8>>) -> Result<MetaRow, StoreError> {
    let mut meta = codec::decode_meta(field(hash, "meta")?)?;
    for (i, seat) in meta.seats.iter_mut().enumerate() {
        let name = hash.get(&format!("seat:{i}:name"));
        let token = hash.get(&format!("seat:{i}:token"));
        let player = hash.get(&format!("seat:{i}:player"));
        *seat = SeatRecord {
            player_name: name
                .map(|n| String::from_utf8_lossy(n).into_owned())
                .unwrap_or_default(),
            token_hash: token.map(|t| String::from_utf8_lossy(t).into_owned()),
            player_id: player.map(|p| String::from_utf8_lossy(p).into_owned()),
        };
    }
    if let Some(rematch) = hash.get("rematch") {
        meta.rematch = Some(String::from_utf8_lossy(rematch).into_owned());
    }
    if hash.contains_key("started") {
        meta.started_ms = Some(number(hash, "started")? as i64);
    }
    let outcome_raw = field(hash, "outcome")?;
    let updated_ms = ["updated", "created"]
        .iter()
        .find_map(|f| number(hash, f).ok())
        .unwrap_or_default() as i64;
    Ok(MetaRow {
        updated_ms,
        meta,
        version: number(hash, "version")?,
        to_act: decode_json("to_act", field(hash, "to_act")?)?,
        outcome: decode_json("outcome", outcome_raw)?,
    })
}

/// A stream entry `<version>-0 e <entry>` as a log entry, checked against its id.
pub(super) fn stream_entry(id: &str, fields: &[Vec<u8>]) -> Result<LogEntry, StoreError> {
    let version: u64 = id
        .split_once('-')
        .and_then(|(v, _)| v.parse().ok())
        .ok_or_else(|| StoreError::Corrupt(format!("log entry id {id:?}")))?;
    let body = fields
        .chunks(2)
        .find(|kv| kv.first().map(Vec::as_slice) == Some(b"e"))
        .and_then(|kv| kv.get(1))
        .ok_or_else(|| StoreError::Corrupt(format!("log entry {id} has no body")))?;
    codec::decode_entry(version, body)
}
