//! How snapshots, log entries and session metadata become bytes. Every encoding is one
//! envelope carrying a `format` number, checked on the way back, so a later release can
//! still read sessions written by this one (and refuses, rather than misreads, newer ones).

use super::{LogEntry, SessionMeta, StoreError};
use agora_engine::registry::AnyState;
use serde::{Deserialize, Serialize};

/// Bump when the encoding changes incompatibly, and keep a reader for the old one.
pub const SNAPSHOT_FORMAT: u32 = 1;
pub const LOG_FORMAT: u32 = 1;
/// The fixed metadata of a session, where a backend stores it apart from the snapshot.
pub const META_FORMAT: u32 = 1;

#[derive(Serialize, Deserialize)]
struct Envelope<T> {
    format: u32,
    body: T,
}

pub fn encode_snapshot(state: &AnyState) -> Result<Vec<u8>, StoreError> {
    encode(SNAPSHOT_FORMAT, state)
}

pub fn decode_snapshot(bytes: &[u8]) -> Result<AnyState, StoreError> {
    decode(SNAPSHOT_FORMAT, bytes)
}

pub fn encode_entry(entry: &LogEntry) -> Result<Vec<u8>, StoreError> {
    encode(LOG_FORMAT, entry)
}

pub fn decode_entry(bytes: &[u8]) -> Result<LogEntry, StoreError> {
    decode(LOG_FORMAT, bytes)
}

pub fn encode_meta(meta: &SessionMeta) -> Result<Vec<u8>, StoreError> {
    encode(META_FORMAT, meta)
}

pub fn decode_meta(bytes: &[u8]) -> Result<SessionMeta, StoreError> {
    decode(META_FORMAT, bytes)
}

fn encode<T: Serialize>(format: u32, body: &T) -> Result<Vec<u8>, StoreError> {
    serde_json::to_vec(&Envelope { format, body })
        .map_err(|e| StoreError::Corrupt(format!("cannot encode: {e}")))
}

fn decode<T: for<'de> Deserialize<'de>>(format: u32, bytes: &[u8]) -> Result<T, StoreError> {
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
    use agora_engine::Seat;

    #[test]
    fn log_entry_round_trips() {
        let entry = LogEntry {
            version: 7,
            seat: Seat(1),
            events: vec![],
            to_act: vec![Seat(0)],
            outcome: None,
            request_id: Some("r-1".into()),
            request_fingerprint: None,
        };
        let bytes = encode_entry(&entry).unwrap();
        assert_eq!(decode_entry(&bytes).unwrap(), entry);
    }

    #[test]
    fn unknown_format_is_refused_not_misread() {
        let bytes = br#"{"format":99,"body":{}}"#;
        assert!(matches!(decode_entry(bytes), Err(StoreError::Corrupt(_))));
        assert!(matches!(decode_meta(bytes), Err(StoreError::Corrupt(_))));
        assert!(matches!(
            decode_snapshot(bytes),
            Err(StoreError::Corrupt(_))
        ));
    }

    #[test]
    fn session_meta_round_trips() {
        use crate::store::SeatRecord;
        use agora_engine::registry::configurations;
        let (_, options) = configurations().remove(0);
        let meta = SessionMeta {
            id: "s".into(),
            game_id: options.game_id().into(),
            options,
            seed: 3,
            seats: vec![SeatRecord::default(); 2],
            create_time_unix_ms: 5,
            create_fingerprint: Some("f".into()),
        };
        let bytes = encode_meta(&meta).unwrap();
        assert_eq!(decode_meta(&bytes).unwrap(), meta);
    }
}
