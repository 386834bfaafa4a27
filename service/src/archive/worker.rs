//! The archive worker: one per replica. It claims archive jobs from the store's work queue
//! under a lease, reads each finished session from the live store, writes it to the
//! archive (a second write of one session writes nothing), and only then finishes the job.
//! A replica that dies anywhere in between leaves the job to come due again when its lease
//! ends; a database that is down or slow leaves jobs waiting, retried with backoff.
//!
//! A session that never reaches an outcome has one expiry job from its creation
//! ([`WorkKind::ArchiveExpiry`]): it waits on the session's expiry, and shortly before the
//! live store drops the session ([`expiry_margin`]) writes it as abandoned (aborted when
//! its seats were never all taken), then checks again after the expiry. A session played
//! on after that is written again before its next expiry, and one that finishes is
//! rewritten by its finish's job: the archive keeps one row per session, its latest end.

use super::{Archive, ArchivedGame, OutcomeKind};
use crate::metrics::Metrics;
use crate::store::{now_ms, ClaimedWork, Finish, Store, StoreError, WorkKind};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// How often a replica looks for due jobs, and how many it takes at once.
const POLL: Duration = Duration::from_millis(200);
const BATCH: usize = 32;

/// How long a job may wait for the commit that makes it to become visible (it is put
/// before that commit); after this the commit never happened and the job is dropped.
const COMMIT_WAIT_MS: i64 = 30_000;
const WAIT_STEP_MS: i64 = 500;

/// Retries after a failed write: doubling from the first, capped.
const BACKOFF_FIRST_MS: i64 = 500;
const BACKOFF_MAX_MS: i64 = 30_000;

/// The backlog is WARNed about when its oldest job is older than this, at most once per
/// [`WARN_EVERY`].
const WARN_AGE: Duration = Duration::from_secs(60);
const WARN_EVERY: Duration = Duration::from_secs(60);

/// Polls between two readings of the backlog (5 s at [`POLL`]).
const BACKLOG_EVERY: u32 = 25;

/// Writes finished games to an [`Archive`].
pub struct Archiver {
    archive: Arc<dyn Archive>,
    metrics: Arc<Metrics>,
    /// How long a job is held: the statement timeout twice over and room for the store.
    lease: Duration,
    /// The live store's `--abandoned-ttl`: expiry jobs are first due this long after the
    /// session's creation, less [`expiry_margin`].
    abandoned_ttl: Duration,
}

/// How long before a session's expiry it is archived: a quarter of the TTL, at most six
/// hours (room for an archive outage, and few rewrites of sessions played on).
pub fn expiry_margin(abandoned_ttl: Duration) -> Duration {
    (abandoned_ttl / 4).min(Duration::from_secs(6 * 3600))
}

/// What became of one job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handled {
    /// Written now.
    Written,
    /// Archived before (a retry, or another replica).
    AlreadyThere,
    /// Not yet: the commit is not visible yet, or the write failed.
    Later,
    /// Nothing to write (its commit never happened, or the session is gone).
    Dropped,
}

impl Archiver {
    pub fn new(
        archive: Arc<dyn Archive>,
        metrics: Arc<Metrics>,
        statement_timeout: Duration,
    ) -> Archiver {
        Archiver {
            archive,
            metrics,
            lease: statement_timeout * 2 + Duration::from_secs(5),
            abandoned_ttl: Duration::from_secs(7 * 24 * 3600),
        }
    }

    /// The same archiver for a live store whose sessions without an outcome expire after
    /// `ttl` (`--abandoned-ttl`).
    pub fn with_abandoned_ttl(mut self, ttl: Duration) -> Archiver {
        self.abandoned_ttl = ttl;
        self
    }

    /// The expiry job of a session created at `now_ms` (put before its creation, as a
    /// finish's job is put before its commit).
    pub fn expiry_job(&self, session_id: &str, now_ms: i64) -> crate::store::WorkItem {
        let first = self
            .abandoned_ttl
            .saturating_sub(expiry_margin(self.abandoned_ttl));
        crate::store::WorkItem::archive_expiry(
            session_id,
            now_ms.saturating_add(first.as_millis() as i64),
            now_ms,
        )
    }

    pub fn archive(&self) -> &Arc<dyn Archive> {
        &self.archive
    }

    /// Does due jobs every [`POLL`] until the server shuts down.
    pub async fn run(self: Arc<Self>, store: Arc<dyn Store>, mut shutdown: watch::Receiver<bool>) {
        let mut tick = tokio::time::interval(POLL);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut last_warn: Option<tokio::time::Instant> = None;
        let mut ticks = 0u32;
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = shutdown.changed() => return,
            }
            if *shutdown.borrow() {
                return;
            }
            // The backlog's gauges every [`BACKLOG_EVERY`] polls (three store reads).
            if ticks.is_multiple_of(BACKLOG_EVERY) {
                self.report_backlog(store.as_ref(), &mut last_warn).await;
            }
            ticks = ticks.wrapping_add(1);
            let lease = self.lease.as_millis() as i64;
            let claimed = match store
                .work()
                .claim(WorkKind::Archive, now_ms(), lease, BATCH)
                .await
            {
                Ok(claimed) => claimed,
                Err(e) => {
                    tracing::warn!(error = %e, "cannot claim archive jobs");
                    continue;
                }
            };
            for job in claimed {
                self.handle(store.as_ref(), job).await;
            }
            match store
                .work()
                .claim(WorkKind::ArchiveExpiry, now_ms(), lease, BATCH)
                .await
            {
                Ok(claimed) => {
                    for job in claimed {
                        self.handle_expiry(store.as_ref(), job).await;
                    }
                }
                Err(e) => tracing::warn!(error = %e, "cannot claim archive expiry jobs"),
            }
        }
    }

    /// Does one claimed expiry job: waits on the session's expiry, archives it as
    /// abandoned or aborted within [`expiry_margin`] of it, and is done once the live
    /// store has dropped it (or it finished: its finish's job archives it).
    pub async fn handle_expiry(&self, store: &dyn Store, job: ClaimedWork) -> Handled {
        let item = &job.item;
        let (handled, finish) = match self.expire(store, item).await {
            Ok((handled, finish)) => (handled, finish),
            Err(e) => {
                let failures = job.failures + 1;
                let wait =
                    (BACKOFF_FIRST_MS << failures.saturating_sub(1).min(16)).min(BACKOFF_MAX_MS);
                tracing::info!(session = %item.session_id, failures, error = %e, retry_in_ms = wait, "archive of an expiring session failed; retrying");
                self.metrics.archive_retried();
                (
                    Handled::Later,
                    Finish::Failed {
                        at_ms: now_ms() + wait,
                    },
                )
            }
        };
        if let Err(e) = store
            .work()
            .finish(WorkKind::ArchiveExpiry, &item.id, job.lease, finish)
            .await
        {
            tracing::warn!(session = %item.session_id, error = %e, "cannot finish an archive expiry job; it comes due again");
        }
        handled
    }

    async fn expire(
        &self,
        store: &dyn Store,
        item: &crate::store::WorkItem,
    ) -> Result<(Handled, Finish), StoreError> {
        let now = now_ms();
        let margin = expiry_margin(self.abandoned_ttl).as_millis() as i64;
        let lifetime = match store.sessions().lifetime(&item.session_id).await {
            Ok(lifetime) => lifetime,
            // Gone: archived before it expired, or never created (the job is put first).
            Err(StoreError::NotFound(_)) => {
                let there = self.archive.game(&item.session_id).await?.is_some();
                if !there && now - item.created_ms > COMMIT_WAIT_MS {
                    tracing::debug!(session = %item.session_id, "an expiry job's session is gone unarchived (never created, or expired in an archive outage)");
                }
                let handled = if there {
                    Handled::AlreadyThere
                } else {
                    Handled::Dropped
                };
                return Ok((handled, Finish::Done));
            }
            Err(e) => return Err(e),
        };
        let Some(expires_at) = lifetime.expires_at_ms else {
            return Ok((Handled::Dropped, Finish::Done));
        };
        if expires_at - now > margin {
            return Ok((
                Handled::Later,
                Finish::Wait {
                    at_ms: expires_at - margin,
                },
            ));
        }
        let loaded = match store.sessions().load(&item.session_id).await {
            Ok(loaded) => loaded,
            Err(StoreError::NotFound(_)) => return Ok((Handled::Dropped, Finish::Done)),
            Err(e) => return Err(e),
        };
        // It has an outcome: its finish's job archives it.
        if loaded.state.is_over() {
            return Ok((Handled::Dropped, Finish::Done));
        }
        let entries = store
            .sessions()
            .read_log(&item.session_id, 0, loaded.version as usize)
            .await?;
        let kind = if loaded.meta.all_seats_taken() {
            OutcomeKind::Abandoned
        } else {
            OutcomeKind::Aborted
        };
        // Its end is its last write: nothing happened after it.
        let game = ArchivedGame::from_session(
            &loaded.meta,
            loaded.version,
            &loaded.state,
            &entries,
            kind,
            lifetime.updated_ms.max(loaded.meta.create_time_unix_ms),
        )?;
        let handled = if self.archive.write(&game).await? {
            self.metrics.archive_written(&game.game_id);
            Handled::Written
        } else {
            Handled::AlreadyThere
        };
        // Looked at again once it should be gone: a session played on in between is
        // written again before its next expiry.
        Ok((
            handled,
            Finish::Wait {
                at_ms: expires_at.max(now) + margin.max(WAIT_STEP_MS),
            },
        ))
    }

    async fn report_backlog(
        &self,
        store: &dyn Store,
        last_warn: &mut Option<tokio::time::Instant>,
    ) {
        let Ok(backlog) = store.work().backlog(WorkKind::Archive).await else {
            return;
        };
        let age = backlog
            .oldest_created_ms
            .map(|at| Duration::from_millis((now_ms() - at).max(0) as u64))
            .unwrap_or_default();
        self.metrics.archive_backlog(backlog.pending, age);
        let due = last_warn.is_none_or(|at| at.elapsed() >= WARN_EVERY);
        if age >= WARN_AGE && due {
            *last_warn = Some(tokio::time::Instant::now());
            tracing::warn!(
                pending = backlog.pending,
                oldest_age_s = age.as_secs(),
                "the archive backlog grows: is the archive database reachable?"
            );
        }
    }

    /// Writes one claimed job and finishes it. A store failure leaves it claimed: it comes
    /// due again when its lease ends.
    pub async fn handle(&self, store: &dyn Store, job: ClaimedWork) -> Handled {
        let item = &job.item;
        let now = now_ms();
        let (handled, finish) = match self.write(store, &job).await {
            Ok(Handled::Written) => (Handled::Written, Finish::Done),
            Ok(Handled::AlreadyThere) => (Handled::AlreadyThere, Finish::Done),
            Ok(Handled::Dropped) => (Handled::Dropped, Finish::Done),
            Ok(Handled::Later) => (
                Handled::Later,
                Finish::Wait {
                    at_ms: now + WAIT_STEP_MS,
                },
            ),
            Err(e) => {
                let failures = job.failures + 1;
                let wait =
                    (BACKOFF_FIRST_MS << failures.saturating_sub(1).min(16)).min(BACKOFF_MAX_MS);
                tracing::info!(session = %item.session_id, failures, error = %e, retry_in_ms = wait, "archive write failed; retrying");
                self.metrics.archive_retried();
                (Handled::Later, Finish::Failed { at_ms: now + wait })
            }
        };
        if handled == Handled::Written {
            fail::fail_point!("archive-written", |_| crate::failpoints::crash(
                "archive-written"
            ));
        }
        match store
            .work()
            .finish(WorkKind::Archive, &item.id, job.lease, finish)
            .await
        {
            Ok(true) => {}
            Ok(false) => {
                tracing::warn!(session = %item.session_id, "an archive job's lease ran out before it was finished")
            }
            Err(e) => {
                tracing::warn!(session = %item.session_id, error = %e, "cannot finish an archive job; it comes due again")
            }
        }
        handled
    }

    async fn write(&self, store: &dyn Store, job: &ClaimedWork) -> Result<Handled, StoreError> {
        let item = &job.item;
        let young = now_ms() - item.created_ms <= COMMIT_WAIT_MS;
        let loaded = match store.sessions().load(&item.session_id).await {
            Ok(loaded) => loaded,
            Err(StoreError::NotFound(_)) if young => return Ok(Handled::Later),
            Err(StoreError::NotFound(_)) => {
                return Ok(if self.archive.game(&item.session_id).await?.is_some() {
                    Handled::AlreadyThere
                } else {
                    tracing::error!(session = %item.session_id, "a finished session expired from the live store before it was archived: raise --finished-ttl above the longest archive outage");
                    Handled::Dropped
                });
            }
            Err(e) => return Err(e),
        };
        if loaded.version < item.version || !loaded.state.is_over() {
            return Ok(if young {
                Handled::Later
            } else {
                tracing::debug!(session = %item.session_id, "archive job of a commit that never happened");
                Handled::Dropped
            });
        }
        let entries = store
            .sessions()
            .read_log(&item.session_id, 0, loaded.version as usize)
            .await?;
        // The job is made with the commit that ends the game: its time is the end's.
        let finished_ms = item.created_ms;
        let game = ArchivedGame::from_session(
            &loaded.meta,
            loaded.version,
            &loaded.state,
            &entries,
            OutcomeKind::Finished,
            finished_ms,
        )?;
        fail::fail_point!("archive-before-write", |_| crate::failpoints::crash(
            "archive-before-write"
        ));
        let written = self.archive.write(&game).await?;
        // The table's chat goes with the game (what is said after this job ran stays in
        // the live store only).
        let chat = store
            .chat()
            .messages(
                &item.session_id,
                0,
                crate::api::chat::MAX_MESSAGES_PER_SESSION as usize,
            )
            .await?;
        if !chat.is_empty() {
            self.archive.write_chat(&item.session_id, &chat).await?;
        }
        if written {
            self.metrics.archive_written(&game.game_id);
            Ok(Handled::Written)
        } else {
            Ok(Handled::AlreadyThere)
        }
    }
}

/// Applies the archive's migrations (retried every few seconds while the database is
/// down: the server serves meanwhile, and jobs wait), then runs `archiver`.
pub async fn migrate_then_run(
    archive: super::postgres::PgArchive,
    archiver: Arc<Archiver>,
    store: Arc<dyn Store>,
    mut shutdown: watch::Receiver<bool>,
) {
    let mut failures = 0u32;
    loop {
        match archive.migrate().await {
            Ok(()) => break,
            Err(e) => {
                failures += 1;
                // Once, then every minute: a database down at start-up is worth one WARN.
                if failures == 1 || failures.is_multiple_of(20) {
                    tracing::warn!(error = %e, "cannot migrate the archive database; retrying");
                }
            }
        }
        tokio::select! {
            _ = tokio::time::sleep(Duration::from_secs(3)) => {}
            _ = shutdown.changed() => return,
        }
    }
    tracing::info!("archive database migrated");
    archiver.run(store, shutdown).await;
}
