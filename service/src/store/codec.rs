//! How snapshots and log entries become bytes. Every encoding carries a `format` number
//! so a later release can still read sessions written by this one.

use super::{LogEntry, StoreError};
use agora_engine::registry::AnyState;
use serde::{Deserialize, Serialize};

/// Bump when the encoding changes incompatibly, and keep a reader for the old one.
pub const SNAPSHOT_FORMAT: u32 = 1;
pub const LOG_FORMAT: u32 = 1;

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
        };
        let bytes = encode_entry(&entry).unwrap();
        assert_eq!(decode_entry(&bytes).unwrap(), entry);
    }

    #[test]
    fn unknown_format_is_refused_not_misread() {
        let bytes = br#"{"format":99,"body":{}}"#;
        assert!(matches!(decode_entry(bytes), Err(StoreError::Corrupt(_))));
    }
}
