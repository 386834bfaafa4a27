//! The matcher: one per replica, like the archive worker. Every [`MATCH_EVERY`] it runs a
//! forming step on every pool (one atomic store step: see
//! [`crate::store::matchmaking`]), then claims the pools' due match jobs under a lease and
//! creates each match's session with every matched player seated, under an id derived
//! from the match id. Only then is the job finished, so a replica that dies after forming
//! a match, or while creating its session, loses nothing: the lease runs out and another
//! replica's matcher creates the same session (the store's atomic "already exists" keeps
//! it to one).

use super::quick_match::pool_options;
use super::GameApi;
use crate::auth;
use crate::matchmaking;
use crate::store::matchmaking::{MatchJob, Pool};
use crate::store::{now_ms, SeatRecord, SessionMeta, StoreError};
use crate::table::Table;
use agora_engine::registry::AnyState;
use std::time::Duration;

/// How often a replica forms matches and creates their sessions.
const MATCH_EVERY: Duration = Duration::from_millis(200);
/// Matches one forming step makes at most (another step follows at once when it made
/// that many).
const FORM_LIMIT: usize = 64;
/// How long a replica holds a match job before another may take it over.
const JOB_LEASE_MS: i64 = 5_000;
const JOB_BATCH: usize = 32;

impl GameApi {
    /// Forms matches and creates their sessions until the server shuts down.
    pub async fn run_matcher(self) {
        let mut shutdown = self.shutdown.clone();
        let mut tick = tokio::time::interval(MATCH_EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = shutdown.changed() => return,
            }
            if *shutdown.borrow() {
                return;
            }
            if let Err(e) = self.match_once().await {
                if let Some(suppressed) = crate::throttle::admit("matcher") {
                    tracing::warn!(suppressed, error = %e, "the matcher failed; retrying");
                }
            }
        }
    }

    /// One round over every pool: forms what can be formed, then creates the sessions of
    /// due match jobs. Returns the sessions created.
    pub async fn match_once(&self) -> Result<usize, StoreError> {
        let mm = self.store.matchmaking();
        let mut created = 0;
        for pool in mm.pools().await? {
            let mut formed_any = false;
            loop {
                let formed = mm
                    .form(&pool, now_ms(), matchmaking::WINDOW, FORM_LIMIT)
                    .await?;
                for record in &formed {
                    tracing::info!(pool = %record.pool, r#match = %record.id, "match formed");
                }
                formed_any |= !formed.is_empty();
                if formed.len() < FORM_LIMIT {
                    break;
                }
            }
            if formed_any {
                fail::fail_point!("match-formed", |_| crate::failpoints::crash("match-formed"));
            }
            let jobs = mm
                .claim_matches(&pool, now_ms(), JOB_LEASE_MS, JOB_BATCH)
                .await?;
            for job in jobs {
                match self.create_match_session(&pool, &job).await {
                    Ok(()) => {
                        mm.matched(&pool, &job.record.id, job.lease).await?;
                        created += 1;
                    }
                    // The job comes due again when its lease ends.
                    Err(e) => {
                        tracing::warn!(r#match = %job.record.id, error = %e, "cannot create the match's session yet")
                    }
                }
            }
        }
        Ok(created)
    }

    /// Creates `job`'s session (or finds it created by an earlier attempt): every matched
    /// player seated as JoinSession seats a signed-in player, the game started.
    async fn create_match_session(&self, pool: &Pool, job: &MatchJob) -> Result<(), StoreError> {
        let record = &job.record;
        let id = matchmaking::session_id(record);
        match self.store.sessions().load(&id).await {
            Ok(_) => return Ok(()),
            Err(StoreError::NotFound(_)) => {}
            Err(e) => return Err(e),
        }
        let options = match job.tickets.iter().find_map(|t| t.options.clone()) {
            Some(options) => options,
            None => pool_options(&pool.game_id, pool.seats.into()).ok_or_else(|| {
                StoreError::Corrupt(format!("pool {} has no default options", pool.key()))
            })?,
        };
        // Rated as CreateSession rates (a server-drawn seed, nobody's choice, a game with a
        // rating pool), and only from a rated pool: a casual match changes no rating.
        let seed = rand::random();
        let rated = pool.rated && crate::ratings::pools::pool_of(&options).is_some();
        let state = AnyState::setup(&options, seed)
            .map(Table::new)
            .map_err(|e| StoreError::Corrupt(format!("the match's options do not set up: {e}")))?;
        if state.seat_count() != job.tickets.len() {
            return Err(StoreError::Corrupt(format!(
                "match {} has {} tickets for {} seats",
                record.id,
                job.tickets.len(),
                state.seat_count()
            )));
        }
        let dealt = matchmaking::seats(record);
        let mut seats = vec![SeatRecord::default(); state.seat_count()];
        for (ticket, seat) in job.tickets.iter().zip(&dealt) {
            seats[*seat] = SeatRecord {
                player_name: ticket.player_name.clone(),
                // The player acts with its JWT; this token is never handed out.
                token_hash: Some(auth::hash_token(&auth::new_token())),
                player_id: Some(ticket.player_id.clone()),
            };
        }
        let now = now_ms();
        let meta = SessionMeta {
            started_ms: Some(now),
            rated,
            ..SessionMeta::new(id.clone(), options, seed, seats, now)
        };
        // The players are told before the create (the worker waits for the session to
        // appear), so a replica dying after it loses no push.
        if let Some(notifier) = &self.notifier {
            notifier.matched(self.store.as_ref(), &meta).await?;
        }
        match self.store.sessions().create(meta, state).await {
            Ok(()) | Err(StoreError::AlreadyExists(_)) => {}
            Err(e) => return Err(e),
        }
        tracing::info!(session = %id, r#match = %record.id, "match session created");
        Ok(())
    }
}
