//! A session whose snapshot an older release wrote under another state version of its
//! game ([`StoreError::OlderRules`]) is rebuilt by replaying its log (options, seed and
//! every recorded cause) through this release's engine. The rebuilt table is what `load`
//! answers, and it is stored back as the session's snapshot (format 5, this version) at
//! once, unless a commit got there first.
//!
//! Where the replay cannot reproduce the recorded history (a decision is now illegal, its
//! events or the end differ, an entry no longer decodes), the session is pinned: `read`
//! answers [`Readable::Pinned`] (its metadata and log stay readable), `load` answers
//! [`StoreError::Pinned`] (FAILED_PRECONDITION, reason `RULES_CHANGED`), a WARN line and
//! the `agora.sessions.pinned` counter say so, and nothing is changed.
//!
//! The verdict of a pinned session is kept per (session id, version) in the backend's
//! [`PinCache`]: its writes are refused, so its version stays put and every later read
//! answers from the cache after the snapshot header's byte compare, without reading the
//! log or replaying it again. A replica of an older release that still plays the session
//! moves its version on, and the next read here judges the new version afresh.

use super::{Loaded, LogEntry, Pinned, Readable, SessionMeta, Sessions, StoreError, Written};
use crate::clock::Clocks;
use crate::table::{Control, Replay, Table};
use agora_engine::registry::AnyState;
use agora_engine::{Outcome, Seat};
use opentelemetry::metrics::Counter;
use opentelemetry::{global, KeyValue};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

pub const REBUILT: &str = "agora.sessions.rebuilt";
pub const PINNED: &str = "agora.sessions.pinned";

fn counters() -> &'static (Counter<u64>, Counter<u64>) {
    static COUNTERS: OnceLock<(Counter<u64>, Counter<u64>)> = OnceLock::new();
    COUNTERS.get_or_init(|| {
        let meter = global::meter(crate::metrics::METER);
        (
            meter
                .u64_counter(REBUILT)
                .with_description("Snapshots of an older state version rebuilt from the log.")
                .build(),
            meter
                .u64_counter(PINNED)
                .with_description("Sessions whose log does not replay under this release's rules.")
                .build(),
        )
    })
}

/// Pinned verdicts by (session id, version), and how many replays judged a session: one
/// per backend ([`Sessions::pin_cache`]).
#[derive(Debug, Default)]
pub struct PinCache {
    verdicts: Mutex<HashMap<(String, u64), (Written, String)>>,
    replays: AtomicU64,
}

impl PinCache {
    /// Verdicts kept at most; the map starts afresh when full (a verdict is recomputed
    /// once, at the cost of one replay).
    const MAX: usize = 4096;

    /// Log replays done to judge an older snapshot (rebuilt or pinned), since start.
    pub fn replays(&self) -> u64 {
        self.replays.load(Ordering::Relaxed)
    }

    fn get(&self, id: &str, version: u64, written: &Written) -> Option<String> {
        let verdicts = self.verdicts.lock().unwrap_or_else(|p| p.into_inner());
        verdicts
            .get(&(id.to_string(), version))
            .filter(|(w, _)| w == written)
            .map(|(_, detail)| detail.clone())
    }

    fn put(&self, id: &str, version: u64, written: &Written, detail: &str) {
        let mut verdicts = self.verdicts.lock().unwrap_or_else(|p| p.into_inner());
        if verdicts.len() >= Self::MAX {
            verdicts.clear();
        }
        verdicts.insert(
            (id.to_string(), version),
            (written.clone(), detail.to_string()),
        );
    }
}

/// What a backend's [`Sessions::read`] found stored for a session: its metadata, its
/// version, the seats to act and outcome as the last commit recorded them, and its snapshot.
pub struct Stored {
    pub meta: SessionMeta,
    pub version: u64,
    pub to_act: Vec<Seat>,
    pub outcome: Option<Outcome>,
    pub snapshot: Vec<u8>,
}

/// Decodes a stored snapshot, or rebuilds it by replay when an older state version wrote
/// it and stores the rebuilt one back at once (compare-and-set on the version: a commit
/// in between wins, and already stored a snapshot of this release): the one path both
/// backends' `read` take, so neither restates the rule. A session whose log does not
/// replay is answered [`Readable::Pinned`].
pub async fn decode_or_rebuild(
    sessions: &(impl Sessions + ?Sized),
    stored: Stored,
) -> Result<Readable, StoreError> {
    let Stored {
        meta,
        version,
        to_act,
        outcome,
        snapshot,
    } = stored;
    let written = match super::codec::decode_snapshot(&snapshot) {
        Err(StoreError::OlderRules(written)) => written,
        decoded => {
            return decoded.map(|state| {
                Readable::Playable(Loaded {
                    meta,
                    version,
                    state,
                })
            })
        }
    };
    let cache = sessions.pin_cache();
    if let Some(detail) = cache.and_then(|c| c.get(&meta.id, version, &written)) {
        return Ok(Readable::Pinned(Pinned {
            meta,
            version,
            to_act,
            outcome,
            written,
            detail,
        }));
    }
    if let Some(cache) = cache {
        cache.replays.fetch_add(1, Ordering::Relaxed);
    }
    match rebuild(sessions, &meta, version, written).await {
        Ok(state) => {
            match sessions.replace_snapshot(&meta.id, version, &state).await {
                Ok(true) => {}
                Ok(false) => {
                    tracing::debug!(session = %meta.id, "a commit stored a snapshot before the rebuilt one")
                }
                // The next commit stores it anyway; until then each load rebuilds again.
                Err(e) => {
                    tracing::info!(session = %meta.id, error = %e, "a rebuilt snapshot was not stored")
                }
            }
            Ok(Readable::Playable(Loaded {
                meta,
                version,
                state,
            }))
        }
        Err(StoreError::Pinned { written, detail }) => {
            if let Some(cache) = cache {
                cache.put(&meta.id, version, &written, &detail);
            }
            Ok(Readable::Pinned(Pinned {
                meta,
                version,
                to_act,
                outcome,
                written,
                detail,
            }))
        }
        Err(e) => Err(e),
    }
}

/// The table of session `meta` at `version`, replayed from its log because its snapshot
/// was `written` under an older state version.
pub async fn rebuild(
    sessions: &(impl Sessions + ?Sized),
    meta: &SessionMeta,
    version: u64,
    written: Written,
) -> Result<Table, StoreError> {
    let game = [KeyValue::new("game", written.game)];
    let log = match sessions.read_log(&meta.id, 0, version as usize).await {
        Ok(log) => log,
        Err(StoreError::OlderRules(w) | StoreError::NewerRules(w)) => {
            return Err(pin(meta, written, format!("its log entries are of {w}")));
        }
        Err(e) => return Err(e),
    };
    if log.len() as u64 != version {
        return Err(StoreError::Corrupt(format!(
            "the log has {} of {version} versions",
            log.len()
        )));
    }
    match replay(meta, log.iter().map(|e| &**e)) {
        Ok(table) => {
            counters().0.add(1, &game);
            tracing::info!(session = %meta.id, %written, "an older snapshot was rebuilt from the log");
            Ok(table)
        }
        Err(detail) => Err(pin(meta, written, detail)),
    }
}

fn pin(meta: &SessionMeta, written: Written, detail: String) -> StoreError {
    counters().1.add(1, &[KeyValue::new("game", written.game)]);
    if let Some(suppressed) = crate::throttle::admit("session_pinned") {
        tracing::warn!(
            suppressed,
            session = %meta.id,
            %written,
            %detail,
            "a session's history does not replay under this release: its writes answer FAILED_PRECONDITION (RULES_CHANGED)"
        );
    }
    StoreError::Pinned { written, detail }
}

/// The table the log of `meta` replays to under this release's rules, or why the replay
/// does not reproduce the recorded history.
pub fn replay<'a>(
    meta: &SessionMeta,
    log: impl IntoIterator<Item = &'a LogEntry>,
) -> Result<Table, String> {
    let game = AnyState::setup(&meta.options, meta.seed)
        .map_err(|e| format!("the options no longer set up: {e}"))?;
    let mut start = Table::new(game);
    for (control, seat) in start.seats.iter_mut().zip(&meta.seats) {
        if let Some(bot) = seat.held_by_bot() {
            *control = Control::Bot(bot);
        }
    }
    let seats = start.seat_count();
    start.clocks = meta.time_control.map(|c| Clocks::new(c, seats));
    let mut replay = Replay::new(start);
    let mut last_clocks = None;
    for entry in log {
        let Some(cause) = &entry.cause else {
            return Err(format!(
                "version {} was recorded without its cause (an early release)",
                entry.version
            ));
        };
        let events = replay
            .step(entry.seat, cause)
            .map_err(|e| format!("version {} is refused now: {}", entry.version, e.message))?;
        if events != entry.events {
            return Err(format!("version {} causes other events now", entry.version));
        }
        if replay.table.outcome() != entry.outcome {
            return Err(format!("version {} ends differently now", entry.version));
        }
        if !entry.clocks.is_empty() {
            last_clocks = Some(&entry.clocks);
        }
    }
    let mut table = replay.table;
    if let (Some(clocks), Some(seat_clocks)) = (&mut table.clocks, last_clocks) {
        // The clocks as the last write left them: a running one started then.
        for c in seat_clocks {
            let i = usize::from(c.seat.0);
            if let (Some(remaining), Some(since)) = (
                clocks.remaining_ms.get_mut(i),
                clocks.running_since.get_mut(i),
            ) {
                *remaining = c.remaining_ms;
                *since = c.deadline_ms.map(|d| d - c.remaining_ms);
            }
        }
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SeatRecord;
    use crate::table::Cause;
    use agora_engine::registry::configurations;
    use agora_engine::Seat;

    /// A session of every sample configuration played `moves` decisions: its meta, its
    /// log and the table the play left.
    fn played(moves: usize) -> Vec<(SessionMeta, Vec<LogEntry>, Table)> {
        configurations()
            .into_iter()
            .map(|(name, options)| {
                let mut table = Table::new(AnyState::setup(&options, 11).unwrap());
                let seats = vec![SeatRecord::default(); table.seat_count()];
                let meta = SessionMeta::new(name, options, 11, seats, 0);
                let mut log = Vec::new();
                for version in 1..=moves as u64 {
                    let Some(seat) = table.to_act().iter().next() else {
                        break;
                    };
                    let legal = table.legal_actions(seat);
                    let cause = Cause::Action(legal[version as usize * 5 % legal.len()].clone());
                    let events = table.apply(seat, &cause).unwrap();
                    log.push(LogEntry {
                        version,
                        seat,
                        cause: Some(cause),
                        events,
                        to_act: table.to_act().iter().collect(),
                        outcome: table.outcome(),
                        clocks: Vec::new(),
                        request_id: None,
                        request_fingerprint: None,
                    });
                }
                (meta, log, table)
            })
            .collect()
    }

    #[test]
    fn a_log_replays_to_the_table_it_recorded() {
        for (meta, log, table) in played(40) {
            let rebuilt = replay(&meta, &log).unwrap();
            assert!(rebuilt == table, "{}", meta.id);
        }
    }

    /// A history the rules no longer reproduce is refused with the version that differs,
    /// never replaced by what the rules make of it now.
    #[test]
    fn a_history_that_does_not_replay_is_refused() {
        for (meta, mut log, _) in played(10) {
            let other = log[2].events.clone();
            if log[3].events == other {
                continue;
            }
            log[3].events = other;
            let err = replay(&meta, &log).unwrap_err();
            assert!(err.contains("version"), "{}: {err}", meta.id);
            let mut bare = log.clone();
            bare[0].cause = None;
            assert!(replay(&meta, &bare)
                .unwrap_err()
                .contains("without its cause"));
            let mut wrong_seat = log.clone();
            wrong_seat[0].seat = Seat(9);
            assert!(replay(&meta, &wrong_seat).is_err(), "{}", meta.id);
        }
    }
}
