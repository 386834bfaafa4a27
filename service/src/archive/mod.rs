//! The permanent archive (issue 36): every finished game kept in PostgreSQL for years,
//! long after the live store (Redis or memory) has dropped it at `--finished-ttl`.
//!
//! The commit that ends a game also puts an archive job in the store's durable work queue
//! ([`crate::store::Work`]); any replica's [`worker`] claims it, reads the finished session
//! from the live store and writes it here in one transaction keyed by session id, so a
//! retry or a second replica writes it once. Reads of a finished session that the live
//! store no longer has fall through to [`Archive::game`] (see `api`).
//!
//! One repository trait, [`Archive`], as the store has one per role; [`postgres`] is its
//! implementation. A game is kept in the store's own versioned records (metadata, final
//! snapshot, the zstd-compressed log blob of [`crate::store::codec`]), so the same code
//! decodes and redacts it as it did live, and the bytes a client gets are the same.

pub mod cli;
pub mod erase;
pub mod history;
pub mod postgres;
pub mod read;
pub mod retention;
pub mod worker;

use crate::store::codec;
use crate::store::{LogEntry, SessionMeta, StoreError};
use crate::table::Table;
use std::sync::Arc;

/// How a session ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutcomeKind {
    /// The game reached an outcome (by the rules, a resignation or a clock).
    Finished,
    /// Nobody played on until the session expired.
    Abandoned,
    /// Ended before it started: its seats were never all taken before it expired.
    Aborted,
}

impl OutcomeKind {
    pub fn as_str(self) -> &'static str {
        match self {
            OutcomeKind::Finished => "finished",
            OutcomeKind::Abandoned => "abandoned",
            OutcomeKind::Aborted => "aborted",
        }
    }

    pub fn parse(s: &str) -> Option<OutcomeKind> {
        [
            OutcomeKind::Finished,
            OutcomeKind::Abandoned,
            OutcomeKind::Aborted,
        ]
        .into_iter()
        .find(|k| k.as_str() == s)
    }
}

/// A seat's result in a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatResult {
    Won,
    Lost,
    /// Every seat shares the first rank.
    Drawn,
}

impl SeatResult {
    pub fn as_str(self) -> &'static str {
        match self {
            SeatResult::Won => "won",
            SeatResult::Lost => "lost",
            SeatResult::Drawn => "drawn",
        }
    }
}

/// One seat of an archived game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchivedSeat {
    pub seat: u8,
    pub player_id: Option<String>,
    pub player_name: String,
    pub score: Option<i32>,
    pub rank: Option<u8>,
    pub result: Option<SeatResult>,
}

/// One archived game: the columns queries use, and the store's records it was read from.
#[derive(Debug, Clone, PartialEq)]
pub struct ArchivedGame {
    pub session_id: String,
    pub game_id: String,
    /// JSON of the session's options.
    pub options_json: String,
    pub seed: u64,
    pub state_version: u16,
    pub rules_release: String,
    pub created_ms: i64,
    pub finished_ms: i64,
    pub outcome: OutcomeKind,
    pub final_version: u64,
    pub seats: Vec<ArchivedSeat>,
    /// [`codec::encode_meta`] of the session's metadata.
    pub meta: Vec<u8>,
    /// [`codec::encode_snapshot`] of the final state.
    pub snapshot: Vec<u8>,
    /// [`codec::encode_log_blob`] of versions 1 to `final_version`.
    pub log: Vec<u8>,
}

impl ArchivedGame {
    /// The archive record of a session at `version` with `state`, whose log is `entries`
    /// (versions 1 to `version`, in order), ended as `outcome` at `finished_ms`.
    pub fn from_session(
        meta: &SessionMeta,
        version: u64,
        state: &Table,
        entries: &[Arc<LogEntry>],
        outcome: OutcomeKind,
        finished_ms: i64,
    ) -> Result<ArchivedGame, StoreError> {
        if entries.len() as u64 != version {
            return Err(StoreError::Corrupt(format!(
                "session {} is at version {version} but its log has {} entries",
                meta.id,
                entries.len()
            )));
        }
        let kind = meta.options.kind();
        let standings = state.outcome().map(|o| o.standings).unwrap_or_default();
        let all_first = !standings.is_empty() && standings.iter().all(|s| s.rank == 1);
        let seats = meta
            .seats
            .iter()
            .enumerate()
            .map(|(i, record)| {
                let standing = standings.iter().find(|s| usize::from(s.seat.0) == i);
                ArchivedSeat {
                    seat: i as u8,
                    player_id: record.player_id.clone(),
                    player_name: record.player_name.clone(),
                    score: standing.map(|s| s.score),
                    rank: standing.map(|s| s.rank),
                    result: standing.map(|s| match s.rank {
                        1 if all_first && standings.len() > 1 => SeatResult::Drawn,
                        1 => SeatResult::Won,
                        _ => SeatResult::Lost,
                    }),
                }
            })
            .collect();
        Ok(ArchivedGame {
            session_id: meta.id.clone(),
            game_id: meta.game_id.clone(),
            options_json: serde_json::to_string(&meta.options)
                .map_err(|e| StoreError::Corrupt(format!("options: {e}")))?,
            seed: meta.seed,
            state_version: kind.state_version(),
            rules_release: codec::RELEASE.to_string(),
            created_ms: meta.create_time_unix_ms,
            finished_ms,
            outcome,
            final_version: version,
            seats,
            meta: codec::encode_meta(meta)?,
            snapshot: codec::encode_snapshot(state)?,
            log: codec::encode_log_blob(kind, entries)?,
        })
    }

    /// The session's metadata, decoded.
    pub fn session_meta(&self) -> Result<SessionMeta, StoreError> {
        codec::decode_meta(&self.meta)
    }

    /// Versions 1 to `final_version`, decoded.
    pub fn entries(&self) -> Result<Vec<LogEntry>, StoreError> {
        codec::decode_log_blob(&self.log)
    }
}

/// A line of a player's history: an archived game they held a seat of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerGame {
    pub session_id: String,
    pub game_id: String,
    pub finished_ms: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArchiveError {
    /// The database cannot be reached, or a statement failed or timed out: try again.
    #[error("archive unavailable: {0}")]
    Unavailable(String),
    /// What the archive holds cannot be read back.
    #[error("archive data is unreadable: {0}")]
    Corrupt(String),
}

impl From<ArchiveError> for StoreError {
    fn from(e: ArchiveError) -> StoreError {
        match e {
            ArchiveError::Unavailable(m) => StoreError::Unavailable(m),
            ArchiveError::Corrupt(m) => StoreError::Corrupt(m),
        }
    }
}

/// The archive's repository: every call is atomic on its own, so replicas share one.
#[async_trait::async_trait]
pub trait Archive: Send + Sync + 'static {
    /// Writes `game` with its seats in one transaction, unless a game with its session id
    /// is archived already (then nothing is written). True when this call wrote it. The
    /// one exception: a game archived without an outcome (abandoned, aborted) is replaced
    /// by a later end of the same session (it was played on, or finished).
    async fn write(&self, game: &ArchivedGame) -> Result<bool, ArchiveError>;

    /// The archived game of `session_id`, if there is one.
    async fn game(&self, session_id: &str) -> Result<Option<ArchivedGame>, ArchiveError>;

    /// `player_id`'s archived games, newest first, at most `limit`.
    async fn player_games(
        &self,
        player_id: &str,
        limit: usize,
    ) -> Result<Vec<PlayerGame>, ArchiveError>;

    /// One round trip, for readiness.
    async fn ping(&self) -> Result<(), ArchiveError>;

    /// Keeps `messages` (sequences 1 to n, in order) as archived session `session_id`'s
    /// chat, after its game is written; a later call with more messages replaces it, one
    /// with fewer or as many does nothing (so retries and racing workers are harmless).
    /// An archive without chat keeps nothing.
    async fn write_chat(
        &self,
        _session_id: &str,
        _messages: &[crate::store::chat::ChatMessage],
    ) -> Result<(), ArchiveError> {
        Ok(())
    }

    /// The archived chat of `session_id`, in order (empty when none was kept).
    async fn chat(
        &self,
        _session_id: &str,
    ) -> Result<Vec<crate::store::chat::ChatMessage>, ArchiveError> {
        Ok(Vec::new())
    }

    /// `player_id`'s games that `filter` keeps, after `after`, newest first (then by
    /// session id), at most `limit` (see [`history`]).
    async fn history_page(
        &self,
        player_id: &str,
        filter: &history::GameFilter,
        after: Option<&history::ArchiveCursor>,
        limit: usize,
    ) -> Result<Vec<history::GameRow>, ArchiveError>;

    /// `player_id`'s statistics per game (of `game_id` only, when given).
    async fn player_statistics(
        &self,
        player_id: &str,
        game_id: Option<&str>,
    ) -> Result<Vec<history::GameStats>, ArchiveError>;

    /// Every archived game `filter` keeps (its game id and dates), after `after`, newest
    /// first, at most `limit`, private ones included.
    async fn search_page(
        &self,
        filter: &history::GameFilter,
        after: Option<&history::ArchiveCursor>,
        limit: usize,
    ) -> Result<Vec<history::GameRow>, ArchiveError>;
}
