//! An archived game read back as the live store would answer it: the same metadata, final
//! state and log entries, so every call that reads a session answers the same bytes (and
//! redacts them for its viewer the same way) before and after the live store drops it.

use super::ArchivedGame;
use crate::store::{codec, upgrade, Loaded, LogEntry, StoreError, Written};
use std::sync::Arc;

/// The session and its whole log (versions 1 to the last, in order).
pub fn loaded(game: &ArchivedGame) -> Result<(Loaded, Vec<Arc<LogEntry>>), StoreError> {
    let meta = game.session_meta()?;
    let entries: Vec<Arc<LogEntry>> = game.entries()?.into_iter().map(Arc::new).collect();
    if entries.len() as u64 != game.final_version {
        return Err(StoreError::Corrupt(format!(
            "archived session {} is at version {} but its log has {} entries",
            game.session_id,
            game.final_version,
            entries.len()
        )));
    }
    let state = match codec::decode_snapshot(&game.snapshot) {
        Ok(state) => state,
        // A game archived under an older state layout: its log replays under these rules.
        Err(StoreError::OlderRules(written)) => rebuild(&meta, &entries, written)?,
        Err(e) => return Err(e),
    };
    Ok((
        Loaded {
            meta,
            version: game.final_version,
            state,
        },
        entries,
    ))
}

fn rebuild(
    meta: &crate::store::SessionMeta,
    entries: &[Arc<LogEntry>],
    written: Written,
) -> Result<crate::table::Table, StoreError> {
    upgrade::replay(meta, entries.iter().map(|e| e.as_ref()))
        .map_err(|detail| StoreError::Pinned { written, detail })
}
