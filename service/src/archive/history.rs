//! A player's archived games page by page, their statistics per game, and the finished
//! games of one game id between two dates (issue 36 items 4 and 5), in PostgreSQL.
//!
//! Pages are cut by a keyset cursor (finish time, then session id) matching the indexes
//! of `migrations/0001_archive.sql`, so the thousandth page costs what the first does.
//! Statistics are one GROUP BY over the player's seat rows: no game is read to count them.

use super::postgres::PgArchive;
use super::{ArchiveError, OutcomeKind};
use sqlx::postgres::PgRow;
use sqlx::Row;

/// Which of a player's games to list, by how their seat ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultFilter {
    Won,
    Lost,
    Drawn,
    /// Games without an outcome: abandoned or aborted.
    Unfinished,
}

/// What a history or search page keeps of the games (every field optional).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameFilter {
    pub game_id: Option<String>,
    pub result: Option<ResultFilter>,
    /// Finished at or after this (ms since the epoch).
    pub finished_from_ms: Option<i64>,
    /// Finished strictly before this (ms since the epoch).
    pub finished_before_ms: Option<i64>,
}

/// Where the previous page ended: the next page holds the games after it in the order
/// newest first, then session id ascending.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchiveCursor {
    pub finished_ms: i64,
    pub session_id: String,
}

/// One line of a page: what a listing shows of an archived game (its metadata and final
/// snapshot, not its log).
#[derive(Debug, Clone, PartialEq)]
pub struct GameRow {
    pub session_id: String,
    pub game_id: String,
    pub finished_ms: i64,
    pub outcome: OutcomeKind,
    pub final_version: u64,
    /// [`crate::store::codec::encode_meta`] of the metadata.
    pub meta: Vec<u8>,
    /// [`crate::store::codec::encode_snapshot`] of the final state.
    pub snapshot: Vec<u8>,
}

impl GameRow {
    pub fn cursor(&self) -> ArchiveCursor {
        ArchiveCursor {
            finished_ms: self.finished_ms,
            session_id: self.session_id.clone(),
        }
    }
}

/// One player's record in one game.
#[derive(Debug, Clone, PartialEq)]
pub struct GameStats {
    pub game_id: String,
    /// Games they held a seat of (a game with two of their seats counts once).
    pub played: u64,
    /// Seats that won, lost, drew, or ended without an outcome (abandoned or aborted).
    pub won: u64,
    pub lost: u64,
    pub drawn: u64,
    pub unfinished: u64,
    /// Over their seats with a score.
    pub average_score: Option<f64>,
    pub best_score: Option<i32>,
    pub last_played_ms: i64,
}

fn unavailable(e: sqlx::Error) -> ArchiveError {
    ArchiveError::Unavailable(e.to_string())
}

fn corrupt(e: impl std::fmt::Display) -> ArchiveError {
    ArchiveError::Corrupt(e.to_string())
}

/// Milliseconds since the epoch as SQL, for parameter `$n`.
fn at(n: usize) -> String {
    format!("('epoch'::timestamptz + ${n}::bigint * interval '1 millisecond')")
}

const MS: &str = "(extract(epoch FROM s.finished_at) * 1000)::bigint";

fn row_of(row: &PgRow) -> Result<GameRow, ArchiveError> {
    let outcome: String = row.try_get("outcome").map_err(corrupt)?;
    Ok(GameRow {
        session_id: row.try_get("session_id").map_err(corrupt)?,
        game_id: row.try_get("game_id").map_err(corrupt)?,
        finished_ms: row.try_get("finished_ms").map_err(corrupt)?,
        outcome: OutcomeKind::parse(&outcome)
            .ok_or_else(|| corrupt(format!("outcome {outcome:?}")))?,
        final_version: u64::try_from(row.try_get::<i64, _>("final_version").map_err(corrupt)?)
            .map_err(corrupt)?,
        meta: row.try_get("meta").map_err(corrupt)?,
        snapshot: row.try_get("snapshot").map_err(corrupt)?,
    })
}

/// The WHERE clauses of `filter` and `after` over table alias `t` (which has `game_id`
/// and `finished_at`), with parameters numbered from `$first`: the game id, then the
/// dates, then the cursor (time and id), each bound whether used or not, as NULL.
fn conditions(t: &str, first: usize) -> String {
    let (g, from, before, cur_ms, cur_id) = (first, first + 1, first + 2, first + 3, first + 4);
    format!(
        "(${g}::text IS NULL OR {t}.game_id = ${g}) \
         AND (${from}::bigint IS NULL OR {t}.finished_at >= {from_at}) \
         AND (${before}::bigint IS NULL OR {t}.finished_at < {before_at}) \
         AND (${cur_ms}::bigint IS NULL OR {t}.finished_at < {cur_at} \
              OR ({t}.finished_at = {cur_at} AND {t}.session_id > ${cur_id}))",
        from_at = at(from),
        before_at = at(before),
        cur_at = at(cur_ms),
    )
}

/// The statement of [`PgArchive::history_page`]: `$1` the player, `$2` to `$6` as
/// [`conditions`], `$7` the limit. Public for the benchmark's EXPLAIN ANALYZE.
pub fn history_sql(result: Option<ResultFilter>) -> String {
    let result = match result {
        None => "TRUE",
        Some(ResultFilter::Won) => "t.result = 'won'",
        Some(ResultFilter::Lost) => "t.result = 'lost'",
        Some(ResultFilter::Drawn) => "t.result = 'drawn'",
        Some(ResultFilter::Unfinished) => "t.result IS NULL",
    };
    // DISTINCT ON: a player with two seats of one game sees it once.
    format!(
        "WITH page AS ( \
           SELECT DISTINCT ON (t.finished_at, t.session_id) t.session_id, t.finished_at \
           FROM archived_seat t WHERE t.player_id = $1 AND {result} AND {conditions} \
           ORDER BY t.finished_at DESC, t.session_id LIMIT $7) \
         SELECT s.session_id, s.game_id, {MS} AS finished_ms, s.outcome, s.final_version, \
           s.meta, s.snapshot \
         FROM page JOIN archived_session s USING (session_id) \
         ORDER BY page.finished_at DESC, page.session_id",
        conditions = conditions("t", 2),
    )
}

/// The statement of [`PgArchive::player_statistics`]: `$1` the player, `$2` the game id
/// or NULL.
pub const STATISTICS_SQL: &str = "SELECT game_id, count(DISTINCT session_id) AS played, \
       count(*) FILTER (WHERE result = 'won') AS won, \
       count(*) FILTER (WHERE result = 'lost') AS lost, \
       count(*) FILTER (WHERE result = 'drawn') AS drawn, \
       count(*) FILTER (WHERE result IS NULL) AS unfinished, \
       avg(score)::float8 AS average_score, max(score) AS best_score, \
       (extract(epoch FROM max(finished_at)) * 1000)::bigint AS last_played_ms \
     FROM archived_seat WHERE player_id = $1 AND ($2::text IS NULL OR game_id = $2) \
     GROUP BY game_id ORDER BY max(finished_at) DESC, game_id";

impl PgArchive {
    /// `player_id`'s games that `filter` keeps, after `after`, newest first, at most
    /// `limit`: one range of the index on (player_id, finished_at DESC, session_id).
    pub async fn history_page(
        &self,
        player_id: &str,
        filter: &GameFilter,
        after: Option<&ArchiveCursor>,
        limit: usize,
    ) -> Result<Vec<GameRow>, ArchiveError> {
        sqlx::query(&history_sql(filter.result))
            .bind(player_id)
            .bind(filter.game_id.as_deref())
            .bind(filter.finished_from_ms)
            .bind(filter.finished_before_ms)
            .bind(after.map(|c| c.finished_ms))
            .bind(after.map(|c| c.session_id.as_str()))
            .bind(i64::try_from(limit).unwrap_or(i64::MAX))
            .fetch_all(self.pool())
            .await
            .map_err(unavailable)?
            .iter()
            .map(row_of)
            .collect()
    }

    /// `player_id`'s statistics per game (of `game_id` only, when given), most recently
    /// played first: one GROUP BY over their seat rows.
    pub async fn player_statistics(
        &self,
        player_id: &str,
        game_id: Option<&str>,
    ) -> Result<Vec<GameStats>, ArchiveError> {
        sqlx::query(STATISTICS_SQL)
            .bind(player_id)
            .bind(game_id)
            .fetch_all(self.pool())
            .await
            .map_err(unavailable)?
            .iter()
            .map(|row| {
                let count = |name: &str| -> Result<u64, ArchiveError> {
                    u64::try_from(row.try_get::<i64, _>(name).map_err(corrupt)?).map_err(corrupt)
                };
                Ok(GameStats {
                    game_id: row.try_get("game_id").map_err(corrupt)?,
                    played: count("played")?,
                    won: count("won")?,
                    lost: count("lost")?,
                    drawn: count("drawn")?,
                    unfinished: count("unfinished")?,
                    average_score: row.try_get("average_score").map_err(corrupt)?,
                    best_score: row.try_get("best_score").map_err(corrupt)?,
                    last_played_ms: row.try_get("last_played_ms").map_err(corrupt)?,
                })
            })
            .collect()
    }

    /// The archived games of `filter.game_id` (of every game when unset) that finished in
    /// its date range, after `after`, newest first, at most `limit` (`filter.result` is not
    /// used: a search has no player). Private sessions are included: the caller decides
    /// who sees them.
    pub async fn search_page(
        &self,
        filter: &GameFilter,
        after: Option<&ArchiveCursor>,
        limit: usize,
    ) -> Result<Vec<GameRow>, ArchiveError> {
        let sql = format!(
            "SELECT s.session_id, s.game_id, {MS} AS finished_ms, s.outcome, s.final_version, \
               s.meta, s.snapshot \
             FROM archived_session s WHERE $1::int IS NULL AND {conditions} \
             ORDER BY s.finished_at DESC, s.session_id LIMIT $7",
            conditions = conditions("s", 2),
        );
        sqlx::query(&sql)
            .bind(None::<i32>)
            .bind(filter.game_id.as_deref())
            .bind(filter.finished_from_ms)
            .bind(filter.finished_before_ms)
            .bind(after.map(|c| c.finished_ms))
            .bind(after.map(|c| c.session_id.as_str()))
            .bind(i64::try_from(limit).unwrap_or(i64::MAX))
            .fetch_all(self.pool())
            .await
            .map_err(unavailable)?
            .iter()
            .map(row_of)
            .collect()
    }
}
