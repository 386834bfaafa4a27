//! The rating worker: one per replica, always on (ratings need no configuration). It
//! claims rating jobs from the store's work queue under a lease, reads the finished
//! session, reads its players' records, computes the Glicko-2 update and writes it in one
//! atomic step that refuses a session already applied; only then is the job finished. A
//! replica that dies anywhere in between leaves the job to come due again when its lease
//! ends, and the second attempt applies it once (see [`crate::store::Ratings::apply`]).

use super::glicko2;
use super::{verdict, RatedSeat, Verdict};
use crate::metrics::Metrics;
use crate::store::ratings::{Applied, PlayerRating, RatingWrite, RATING_FORMAT};
use crate::store::{now_ms, ClaimedWork, Finish, Store, StoreError, WorkKind};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// How often a replica looks for due jobs, and how many it takes at once.
const POLL: Duration = Duration::from_millis(200);
const BATCH: usize = 32;
/// How long a job is held: a few store round trips, with room.
const LEASE_MS: i64 = 10_000;

/// How long a job may wait for the commit that makes it to become visible (it is put
/// before that commit); after this the commit never happened and the job is dropped.
const COMMIT_WAIT_MS: i64 = 30_000;
const WAIT_STEP_MS: i64 = 500;

/// Retries after a store failure: doubling from the first, capped.
const BACKOFF_FIRST_MS: i64 = 500;
const BACKOFF_MAX_MS: i64 = 30_000;

/// Reads and recomputations when a player's record moves under an update (another game
/// of the same player applied at that moment).
const MOVED_ROUNDS: usize = 8;

/// Polls between two readings of the backlog (5 s at [`POLL`]).
const BACKLOG_EVERY: u32 = 25;

/// Applies finished rated games to ratings.
pub struct Rater {
    metrics: Arc<Metrics>,
}

/// What became of one job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handled {
    /// Ratings updated now.
    Applied,
    /// Applied before (a retry, or another replica).
    AlreadyApplied,
    /// Not yet: the commit is not visible yet, or the store failed.
    Later,
    /// Nothing to change (see [`Verdict::Skip`]), or the session is gone.
    Skipped,
}

impl Rater {
    pub fn new(metrics: Arc<Metrics>) -> Rater {
        Rater { metrics }
    }

    /// Does due jobs every [`POLL`] until the server shuts down.
    pub async fn run(self: Arc<Self>, store: Arc<dyn Store>, mut shutdown: watch::Receiver<bool>) {
        let mut tick = tokio::time::interval(POLL);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut ticks = 0u32;
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = shutdown.changed() => return,
            }
            if *shutdown.borrow() {
                return;
            }
            if ticks.is_multiple_of(BACKLOG_EVERY) {
                if let Ok(backlog) = store.work().backlog(WorkKind::Rating).await {
                    let age = backlog
                        .oldest_created_ms
                        .map(|at| Duration::from_millis((now_ms() - at).max(0) as u64))
                        .unwrap_or_default();
                    self.metrics.rating_backlog(backlog.pending, age);
                }
            }
            ticks = ticks.wrapping_add(1);
            let claimed = match store
                .work()
                .claim(WorkKind::Rating, now_ms(), LEASE_MS, BATCH)
                .await
            {
                Ok(claimed) => claimed,
                Err(e) => {
                    tracing::warn!(error = %e, "cannot claim rating jobs");
                    continue;
                }
            };
            for job in claimed {
                self.handle(store.as_ref(), job).await;
            }
        }
    }

    /// Applies one claimed job and finishes it. A store failure leaves it to be retried.
    pub async fn handle(&self, store: &dyn Store, job: ClaimedWork) -> Handled {
        let item = &job.item;
        let now = now_ms();
        let (handled, finish) = match self.rate(store, &job).await {
            Ok(Handled::Later) => (
                Handled::Later,
                Finish::Wait {
                    at_ms: now + WAIT_STEP_MS,
                },
            ),
            Ok(handled) => (handled, Finish::Done),
            Err(e) => {
                let failures = job.failures + 1;
                let wait =
                    (BACKOFF_FIRST_MS << failures.saturating_sub(1).min(16)).min(BACKOFF_MAX_MS);
                tracing::info!(session = %item.session_id, failures, error = %e, retry_in_ms = wait, "rating update failed; retrying");
                (Handled::Later, Finish::Failed { at_ms: now + wait })
            }
        };
        if handled == Handled::Applied {
            fail::fail_point!("rating-applied", |_| crate::failpoints::crash(
                "rating-applied"
            ));
        }
        match store
            .work()
            .finish(WorkKind::Rating, &item.id, job.lease, finish)
            .await
        {
            Ok(true) => {}
            Ok(false) => {
                tracing::warn!(session = %item.session_id, "a rating job's lease ran out before it was finished")
            }
            Err(e) => {
                tracing::warn!(session = %item.session_id, error = %e, "cannot finish a rating job; it comes due again")
            }
        }
        handled
    }

    async fn rate(&self, store: &dyn Store, job: &ClaimedWork) -> Result<Handled, StoreError> {
        let item = &job.item;
        let young = now_ms() - item.created_ms <= COMMIT_WAIT_MS;
        let loaded = match store.sessions().load(&item.session_id).await {
            Ok(loaded) => loaded,
            Err(StoreError::NotFound(_)) if young => return Ok(Handled::Later),
            Err(StoreError::NotFound(_)) => {
                tracing::error!(session = %item.session_id, "a finished rated session expired from the live store before its ratings were updated");
                self.metrics.rating_skipped("gone");
                return Ok(Handled::Skipped);
            }
            Err(e) => return Err(e),
        };
        let outcome = match loaded.state.outcome() {
            Some(outcome) if loaded.version >= item.version => outcome,
            _ if young => return Ok(Handled::Later),
            _ => {
                tracing::debug!(session = %item.session_id, "rating job of a commit that never happened");
                return Ok(Handled::Skipped);
            }
        };
        let entries = store
            .sessions()
            .read_log(&item.session_id, 0, loaded.version as usize)
            .await?;
        let (pool, seats) = match verdict(&loaded.meta, &outcome, &entries) {
            Verdict::Rate { pool, seats } => (pool, seats),
            Verdict::Skip(reason) => {
                tracing::info!(session = %item.session_id, reason, "finished session changes no rating");
                self.metrics.rating_skipped(reason);
                return Ok(Handled::Skipped);
            }
        };
        let players: Vec<String> = seats.iter().map(|s| s.player_id.clone()).collect();
        for _ in 0..MOVED_ROUNDS {
            let records = store.ratings().records(&pool, &players).await?;
            let now = now_ms();
            let writes = updates(&seats, &records, now);
            fail::fail_point!("rating-before-apply", |_| crate::failpoints::crash(
                "rating-before-apply"
            ));
            match store
                .ratings()
                .apply(&pool, &item.session_id, &writes, now)
                .await?
            {
                Applied::Done => {
                    self.metrics.rating_applied(pool.as_str());
                    tracing::info!(session = %item.session_id, pool = %pool, "ratings updated");
                    return Ok(Handled::Applied);
                }
                Applied::AlreadyApplied => return Ok(Handled::AlreadyApplied),
                Applied::Moved => continue,
            }
        }
        Err(StoreError::Unavailable(format!(
            "the ratings of session {}'s players kept moving; retrying later",
            item.session_id
        )))
    }
}

/// The records `seats` get from their current ones (`records`, None: never rated) after
/// one game at `now_ms`: inactivity applied first, then one rating period.
pub fn updates(
    seats: &[RatedSeat],
    records: &[Option<PlayerRating>],
    now_ms: i64,
) -> Vec<RatingWrite> {
    let before: Vec<glicko2::Rating> = (0..seats.len())
        .map(|i| match records.get(i).and_then(Option::as_ref) {
            Some(record) => record.at(now_ms),
            None => glicko2::Rating::NEW,
        })
        .collect();
    let ranks: Vec<u8> = seats.iter().map(|s| s.rank).collect();
    glicko2::rate_game(&before, &ranks)
        .into_iter()
        .zip(seats)
        .enumerate()
        .map(|(i, ((after, _), seat))| {
            let old = records.get(i).and_then(Option::as_ref);
            RatingWrite {
                player_id: seat.player_id.clone(),
                expected_revision: old.map_or(0, |r| r.revision),
                record: PlayerRating {
                    format: RATING_FORMAT,
                    rating: after.rating,
                    deviation: after.deviation,
                    volatility: after.volatility,
                    games: old.map_or(0, |r| r.games).saturating_add(1),
                    last_rated_ms: now_ms,
                    revision: old.map_or(0, |r| r.revision) + 1,
                    name: seat.name.clone(),
                },
            }
        })
        .collect()
}
