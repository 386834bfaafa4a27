//! The archive in PostgreSQL, through sqlx's runtime-checked queries (CI builds without a
//! database, so no compile-time checked macros). The schema is `migrations/`, applied by
//! [`PgArchive::migrate`] (sqlx takes an advisory lock, so replicas starting together
//! apply each migration once).

use super::history::{ArchiveCursor, GameFilter, GameRow, GameStats};
use super::SeatResult;
use super::{Archive, ArchiveError, ArchivedGame, ArchivedSeat, OutcomeKind, PlayerGame};
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions, PgRow};
use sqlx::Row;
use std::str::FromStr;
use std::time::Duration;

/// The migrations in this crate, embedded at build time.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("src/archive/migrations");

/// How to reach the archive (`--archive-*` flags).
#[derive(Debug, Clone)]
pub struct PgSettings {
    /// `postgres://user:password@host:port/database?sslmode=...`
    pub url: String,
    pub pool_size: u32,
    /// Longest one statement may run (PostgreSQL's `statement_timeout`), and longest a
    /// connection is waited for.
    pub statement_timeout: Duration,
}

/// A pool of connections to one archive database.
#[derive(Clone)]
pub struct PgArchive {
    pool: PgPool,
}

fn unavailable(e: sqlx::Error) -> ArchiveError {
    ArchiveError::Unavailable(e.to_string())
}

fn corrupt(e: impl std::fmt::Display) -> ArchiveError {
    ArchiveError::Corrupt(e.to_string())
}

impl PgArchive {
    /// A pool that connects when first used: the server starts, and archive jobs wait,
    /// while the database is down. A malformed URL is an error now.
    pub fn connect_lazy(settings: &PgSettings) -> Result<PgArchive, String> {
        let timeout_ms = settings.statement_timeout.as_millis().max(1).to_string();
        let options = PgConnectOptions::from_str(&settings.url)
            .map_err(|e| format!("--archive-url: {e}"))?
            .application_name("agora-server")
            .options([("statement_timeout", timeout_ms.as_str())]);
        let pool = PgPoolOptions::new()
            .max_connections(settings.pool_size.max(1))
            .acquire_timeout(settings.statement_timeout.max(Duration::from_secs(1)))
            .connect_lazy_with(options);
        Ok(PgArchive { pool })
    }

    /// The pool, for the queries of the sibling modules (`history`, `retention`, `erase`).
    pub(crate) fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// Applies the migrations this release has that the database lacks.
    pub async fn migrate(&self) -> Result<(), ArchiveError> {
        MIGRATOR.run(&self.pool).await.map_err(|e| match e {
            sqlx::migrate::MigrateError::Execute(e) => unavailable(e),
            other => ArchiveError::Unavailable(other.to_string()),
        })
    }

    fn game_of(row: &PgRow, seats: Vec<ArchivedSeat>) -> Result<ArchivedGame, ArchiveError> {
        let outcome: String = row.try_get("outcome").map_err(corrupt)?;
        Ok(ArchivedGame {
            session_id: row.try_get("session_id").map_err(corrupt)?,
            game_id: row.try_get("game_id").map_err(corrupt)?,
            options_json: row.try_get("options").map_err(corrupt)?,
            seed: row.try_get::<i64, _>("seed").map_err(corrupt)? as u64,
            state_version: u16::try_from(row.try_get::<i32, _>("state_version").map_err(corrupt)?)
                .map_err(corrupt)?,
            rules_release: row.try_get("rules_release").map_err(corrupt)?,
            created_ms: row.try_get("created_ms").map_err(corrupt)?,
            finished_ms: row.try_get("finished_ms").map_err(corrupt)?,
            outcome: OutcomeKind::parse(&outcome)
                .ok_or_else(|| corrupt(format!("outcome {outcome:?}")))?,
            final_version: row.try_get::<i64, _>("final_version").map_err(corrupt)? as u64,
            seats,
            meta: row.try_get("meta").map_err(corrupt)?,
            snapshot: row.try_get("snapshot").map_err(corrupt)?,
            log: row.try_get("log").map_err(corrupt)?,
        })
    }
}

fn seat_of(row: &PgRow) -> Result<ArchivedSeat, ArchiveError> {
    let result: Option<String> = row.try_get("result").map_err(corrupt)?;
    Ok(ArchivedSeat {
        seat: u8::try_from(row.try_get::<i16, _>("seat").map_err(corrupt)?).map_err(corrupt)?,
        player_id: row.try_get("player_id").map_err(corrupt)?,
        player_name: row.try_get("player_name").map_err(corrupt)?,
        score: row.try_get("score").map_err(corrupt)?,
        rank: row
            .try_get::<Option<i16>, _>("rank")
            .map_err(corrupt)?
            .map(|r| u8::try_from(r).map_err(corrupt))
            .transpose()?,
        result: match result.as_deref() {
            None => None,
            Some("won") => Some(SeatResult::Won),
            Some("lost") => Some(SeatResult::Lost),
            Some("drawn") => Some(SeatResult::Drawn),
            Some(other) => return Err(corrupt(format!("seat result {other:?}"))),
        },
    })
}

#[async_trait::async_trait]
impl Archive for PgArchive {
    async fn write(&self, game: &ArchivedGame) -> Result<bool, ArchiveError> {
        let mut tx = self.pool.begin().await.map_err(unavailable)?;
        let inserted = sqlx::query(
            "INSERT INTO archived_session (session_id, game_id, options, seed, state_version, \
             rules_release, created_at, finished_at, outcome, final_version, meta, snapshot, log) \
             VALUES ($1, $2, $3::jsonb, $4, $5, $6, 'epoch'::timestamptz + $7::bigint * interval '1 millisecond', \
             'epoch'::timestamptz + $8::bigint * interval '1 millisecond', $9, $10, $11, $12, $13) \
             ON CONFLICT (session_id) DO UPDATE SET game_id = excluded.game_id, \
             options = excluded.options, seed = excluded.seed, \
             state_version = excluded.state_version, rules_release = excluded.rules_release, \
             created_at = excluded.created_at, finished_at = excluded.finished_at, \
             outcome = excluded.outcome, final_version = excluded.final_version, \
             meta = excluded.meta, snapshot = excluded.snapshot, log = excluded.log \
             WHERE archived_session.outcome <> 'finished' \
             AND (excluded.outcome = 'finished' OR excluded.finished_at > archived_session.finished_at)",
        )
        .bind(&game.session_id)
        .bind(&game.game_id)
        .bind(&game.options_json)
        .bind(game.seed as i64)
        .bind(i32::from(game.state_version))
        .bind(&game.rules_release)
        .bind(game.created_ms)
        .bind(game.finished_ms)
        .bind(game.outcome.as_str())
        .bind(game.final_version as i64)
        .bind(&game.meta)
        .bind(&game.snapshot)
        .bind(&game.log)
        .execute(&mut *tx)
        .await
        .map_err(unavailable)?
        .rows_affected()
            == 1;
        if inserted {
            // A game archived without an outcome and rewritten by its later end.
            sqlx::query("DELETE FROM archived_seat WHERE session_id = $1")
                .bind(&game.session_id)
                .execute(&mut *tx)
                .await
                .map_err(unavailable)?;
            for seat in &game.seats {
                sqlx::query(
                    "INSERT INTO archived_seat (session_id, seat, player_id, player_name, score, \
                     rank, result, game_id, finished_at) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'epoch'::timestamptz + $9::bigint * interval '1 millisecond')",
                )
                .bind(&game.session_id)
                .bind(i16::from(seat.seat))
                .bind(&seat.player_id)
                .bind(&seat.player_name)
                .bind(seat.score)
                .bind(seat.rank.map(i16::from))
                .bind(seat.result.map(SeatResult::as_str))
                .bind(&game.game_id)
                .bind(game.finished_ms)
                .execute(&mut *tx)
                .await
                .map_err(unavailable)?;
            }
        }
        tx.commit().await.map_err(unavailable)?;
        Ok(inserted)
    }

    async fn game(&self, session_id: &str) -> Result<Option<ArchivedGame>, ArchiveError> {
        let Some(row) = sqlx::query(
            "SELECT session_id, game_id, options::text AS options, seed, state_version, \
             rules_release, \
             (extract(epoch FROM created_at) * 1000)::bigint AS created_ms, \
             (extract(epoch FROM finished_at) * 1000)::bigint AS finished_ms, \
             outcome, final_version, meta, snapshot, log \
             FROM archived_session WHERE session_id = $1",
        )
        .bind(session_id)
        .fetch_optional(&self.pool)
        .await
        .map_err(unavailable)?
        else {
            return Ok(None);
        };
        let seats = sqlx::query(
            "SELECT seat, player_id, player_name, score, rank, result \
             FROM archived_seat WHERE session_id = $1 ORDER BY seat",
        )
        .bind(session_id)
        .fetch_all(&self.pool)
        .await
        .map_err(unavailable)?
        .iter()
        .map(seat_of)
        .collect::<Result<Vec<_>, _>>()?;
        PgArchive::game_of(&row, seats).map(Some)
    }

    async fn player_games(
        &self,
        player_id: &str,
        limit: usize,
    ) -> Result<Vec<PlayerGame>, ArchiveError> {
        // DISTINCT: a player with two seats of one game sees it once.
        sqlx::query(
            "SELECT DISTINCT ON (finished_at, session_id) session_id, game_id, \
             (extract(epoch FROM finished_at) * 1000)::bigint AS finished_ms \
             FROM archived_seat WHERE player_id = $1 \
             ORDER BY finished_at DESC, session_id DESC LIMIT $2",
        )
        .bind(player_id)
        .bind(limit as i64)
        .fetch_all(&self.pool)
        .await
        .map_err(unavailable)?
        .iter()
        .map(|row| {
            Ok(PlayerGame {
                session_id: row.try_get("session_id").map_err(corrupt)?,
                game_id: row.try_get("game_id").map_err(corrupt)?,
                finished_ms: row.try_get("finished_ms").map_err(corrupt)?,
            })
        })
        .collect()
    }

    async fn write_chat(
        &self,
        session_id: &str,
        messages: &[crate::store::chat::ChatMessage],
    ) -> Result<(), ArchiveError> {
        let json = serde_json::to_string(messages).map_err(corrupt)?;
        sqlx::query(
            "INSERT INTO archived_chat (session_id, messages, count) VALUES ($1, $2::jsonb, $3) \
             ON CONFLICT (session_id) DO UPDATE SET messages = EXCLUDED.messages, \
             count = EXCLUDED.count WHERE archived_chat.count < EXCLUDED.count",
        )
        .bind(session_id)
        .bind(json)
        .bind(messages.len() as i32)
        .execute(&self.pool)
        .await
        .map_err(unavailable)?;
        Ok(())
    }

    async fn chat(
        &self,
        session_id: &str,
    ) -> Result<Vec<crate::store::chat::ChatMessage>, ArchiveError> {
        let row = sqlx::query(
            "SELECT messages::text AS messages FROM archived_chat WHERE session_id = $1",
        )
        .bind(session_id)
        .fetch_optional(&self.pool)
        .await
        .map_err(unavailable)?;
        let Some(row) = row else {
            return Ok(Vec::new());
        };
        let json: String = row.try_get("messages").map_err(corrupt)?;
        let values: Vec<serde_json::Value> = serde_json::from_str(&json).map_err(corrupt)?;
        values
            .into_iter()
            .map(|v| {
                crate::store::chat::ChatMessage::decode(v.to_string().as_bytes())
                    .map_err(|e| ArchiveError::Corrupt(e.to_string()))
            })
            .collect()
    }

    async fn ping(&self) -> Result<(), ArchiveError> {
        sqlx::query("SELECT 1")
            .execute(&self.pool)
            .await
            .map(drop)
            .map_err(unavailable)
    }

    async fn history_page(
        &self,
        player_id: &str,
        filter: &GameFilter,
        after: Option<&ArchiveCursor>,
        limit: usize,
    ) -> Result<Vec<GameRow>, ArchiveError> {
        PgArchive::history_page(self, player_id, filter, after, limit).await
    }

    async fn player_statistics(
        &self,
        player_id: &str,
        game_id: Option<&str>,
    ) -> Result<Vec<GameStats>, ArchiveError> {
        PgArchive::player_statistics(self, player_id, game_id).await
    }

    async fn search_page(
        &self,
        filter: &GameFilter,
        after: Option<&ArchiveCursor>,
        limit: usize,
    ) -> Result<Vec<GameRow>, ArchiveError> {
        PgArchive::search_page(self, filter, after, limit).await
    }
}
