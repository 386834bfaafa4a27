//! Retention (`--archive-keep`): games that finished longer ago than the kept duration
//! are deleted by a periodic job. Every replica runs the timer; a PostgreSQL advisory lock
//! (taken in the job's transaction, so a replica that dies lets go of it) and the
//! `archive_job_run` row make one run per period happen across all replicas: a replica
//! that finds the lock taken, or the last run too recent, does nothing.

use super::postgres::PgArchive;
use super::ArchiveError;
use crate::store::now_ms;
use std::time::Duration;
use tokio::sync::watch;

/// The advisory lock key of the retention job (any constant no other job uses).
pub const LOCK_KEY: i64 = 0x6167_6f72_6172_6574; // "agorarat" in ASCII: arbitrary, unique
const JOB: &str = "retention";
/// Games deleted per statement, so one run never holds a huge transaction.
const BATCH: i64 = 1000;
/// How often a replica looks whether a run is due.
pub const CHECK_EVERY: Duration = Duration::from_secs(300);
/// How often a run happens across replicas.
pub const PERIOD: Duration = Duration::from_secs(3600);

/// What one attempt did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Run {
    /// Another replica holds the job now, or ran it less than a period ago.
    NotDue,
    /// Ran: this many games deleted.
    Deleted(u64),
}

fn unavailable(e: sqlx::Error) -> ArchiveError {
    ArchiveError::Unavailable(e.to_string())
}

impl PgArchive {
    /// Deletes every game that finished before `cutoff_ms`, unless another replica holds
    /// the job or one ran less than `period` ago (as of `now_ms`). Safe to repeat: a run
    /// cut short leaves the rest for the next one.
    pub async fn delete_finished_before(
        &self,
        cutoff_ms: i64,
        now_ms: i64,
        period: Duration,
    ) -> Result<Run, ArchiveError> {
        let mut tx = self.pool().begin().await.map_err(unavailable)?;
        let locked: bool = sqlx::query_scalar("SELECT pg_try_advisory_xact_lock($1)")
            .bind(LOCK_KEY)
            .fetch_one(&mut *tx)
            .await
            .map_err(unavailable)?;
        // Not due: roll back now rather than on drop, which sqlx only queues for the
        // connection's next use; until then the transaction would keep holding the lock
        // and the next run, on another pooled connection, would find it taken.
        if !locked {
            tx.rollback().await.map_err(unavailable)?;
            return Ok(Run::NotDue);
        }
        let last: Option<i64> = sqlx::query_scalar(
            "SELECT (extract(epoch FROM last_run) * 1000)::bigint FROM archive_job_run WHERE job = $1",
        )
        .bind(JOB)
        .fetch_optional(&mut *tx)
        .await
        .map_err(unavailable)?;
        let period_ms = i64::try_from(period.as_millis()).unwrap_or(i64::MAX);
        if last.is_some_and(|last| now_ms.saturating_sub(last) < period_ms) {
            tx.rollback().await.map_err(unavailable)?;
            return Ok(Run::NotDue);
        }
        let mut deleted = 0u64;
        loop {
            // ON DELETE CASCADE takes the seat rows with each game.
            let n = sqlx::query(
                "DELETE FROM archived_session WHERE session_id IN ( \
                   SELECT session_id FROM archived_session \
                   WHERE finished_at < 'epoch'::timestamptz + $1::bigint * interval '1 millisecond' \
                   ORDER BY finished_at LIMIT $2)",
            )
            .bind(cutoff_ms)
            .bind(BATCH)
            .execute(&mut *tx)
            .await
            .map_err(unavailable)?
            .rows_affected();
            deleted += n;
            if n < BATCH as u64 {
                break;
            }
        }
        sqlx::query(
            "INSERT INTO archive_job_run (job, last_run) \
             VALUES ($1, 'epoch'::timestamptz + $2::bigint * interval '1 millisecond') \
             ON CONFLICT (job) DO UPDATE SET last_run = EXCLUDED.last_run",
        )
        .bind(JOB)
        .bind(now_ms)
        .execute(&mut *tx)
        .await
        .map_err(unavailable)?;
        tx.commit().await.map_err(unavailable)?;
        Ok(Run::Deleted(deleted))
    }
}

/// Every [`CHECK_EVERY`], deletes the games older than `keep` if a run is due (see
/// [`PgArchive::delete_finished_before`]), until the server shuts down.
pub async fn run(archive: PgArchive, keep: Duration, mut shutdown: watch::Receiver<bool>) {
    // Not at once: the start-up migration runs first.
    let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + CHECK_EVERY, CHECK_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let keep_ms = i64::try_from(keep.as_millis()).unwrap_or(i64::MAX);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = shutdown.changed() => return,
        }
        if *shutdown.borrow() {
            return;
        }
        let now = now_ms();
        match archive
            .delete_finished_before(now.saturating_sub(keep_ms), now, PERIOD)
            .await
        {
            Ok(Run::Deleted(n)) => tracing::info!(deleted = n, "archive retention ran"),
            Ok(Run::NotDue) => {}
            Err(e) => tracing::warn!(error = %e, "archive retention failed; tried again later"),
        }
    }
}
