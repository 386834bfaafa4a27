//! The server's own turns: the seats its bots play, clocks that run out (the session's
//! timeout policy, see [`crate::clock`]), and the calls that change who plays a seat
//! (ResignSession, HandSeatToBot).
//!
//! A bot's turn is found by whoever makes it due. A write whose new version is a bot's
//! turn first marks the session in the store's due index, then commits, then plays the
//! turn itself at once ([`GameApi::drive_bots`]). Every replica also sweeps the index
//! ([`GameApi::sweep_bots`]): a mark left by a replica that died comes due after
//! [`BOT_LEASE`] and another replica plays on. Nothing is played twice because every bot
//! decision is an ordinary commit with the version it was decided at as its expected
//! version: of two replicas deciding the same turn, one commit wins and the other reloads
//! and finds the turn played.

use super::errors::ApiError;
use super::play::{Write, Written};
use super::{convert, GameApi};
use crate::cache::Cached;
use crate::clock::OnTimeout;
use crate::store::{now_ms, Commit, CommitResult, LogEntry, StoreError};
use crate::table::{bot_decision, session_salt, BotKind, By, Cause, Table};
use agora_engine::Seat;
use agora_proto::v1 as pb;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long a replica owns a bot's turn it marked or claimed before another replica may
/// take it over: longer than a store round trip and a decision by far, short enough that
/// a dead replica's bot resumes within seconds.
pub const BOT_LEASE: Duration = Duration::from_secs(3);

/// How often a session that has bot seats but still waits for players is looked at again
/// (its players may join on a replica that dies before it marks the first bot turn).
const WAITING_POLL: Duration = Duration::from_secs(5);

/// How often every replica sweeps the due index, and how many sessions it claims at once.
const SWEEP_EVERY: Duration = Duration::from_millis(500);
const SWEEP_BATCH: usize = 64;

/// A bot's decision on `table` at the current version. A search runs on tokio's blocking
/// pool: it may think for seconds and must not hold up the replica's other calls.
async fn decide(
    table: &Table,
    seat: Seat,
    kind: BotKind,
    current: &Cached,
    id: &str,
) -> Option<agora_engine::registry::AnyAction> {
    let (seed, salt, version) = (current.meta.seed, session_salt(id), current.version);
    match kind {
        BotKind::Random => bot_decision(table, seat, kind, seed, salt, version),
        BotKind::Mcts(_) => {
            let table = table.clone();
            tokio::task::spawn_blocking(move || {
                bot_decision(&table, seat, kind, seed, salt, version)
            })
            .await
            .unwrap_or_else(|e| {
                tracing::error!(session = %id, "a bot's search failed: {e}");
                None
            })
        }
    }
}

/// The sessions whose bots this replica is playing now: one driver per session, and a
/// flag asking it to look once more before it stops (a turn made due while it finished).
#[derive(Default)]
pub(crate) struct Drivers(Mutex<HashMap<String, bool>>);

impl Drivers {
    /// True when the caller should start a driver; else the running one is asked to look
    /// again.
    fn start(&self, id: &str) -> bool {
        let mut running = self.0.lock().unwrap_or_else(|p| p.into_inner());
        match running.get_mut(id) {
            Some(again) => {
                *again = true;
                false
            }
            None => {
                running.insert(id.to_string(), false);
                true
            }
        }
    }

    /// True when the driver may stop: nobody asked it to look again.
    fn finish(&self, id: &str) -> bool {
        let mut running = self.0.lock().unwrap_or_else(|p| p.into_inner());
        match running.get_mut(id) {
            Some(again) if *again => {
                *again = false;
                false
            }
            _ => {
                running.remove(id);
                true
            }
        }
    }
}

/// Where the server's work on a session stopped.
enum Stopped {
    /// Nothing to do now: a player is to act (its clock, if any, runs out at `next`), or
    /// the game is over (`None`).
    Idle { next: Option<i64> },
    /// Seats are still open.
    WaitingForPlayers,
    /// The session no longer exists.
    Gone,
}

impl GameApi {
    /// Marks session `id` as a bot's turn in the store, owned by this replica for
    /// [`BOT_LEASE`]; returns the mark.
    pub(crate) async fn mark_bot_turn(&self, id: &str) -> Result<i64, StoreError> {
        let mark = now_ms() + BOT_LEASE.as_millis() as i64;
        self.store.timers().schedule(id, mark).await?;
        Ok(mark)
    }

    /// Marks what the server will have to do for `table` (about to be committed at `now`):
    /// a bot's turn (owned by this replica for [`BOT_LEASE`]) or the first clock to run
    /// out. Returns the mark, if any.
    pub(crate) async fn mark_server_work(
        &self,
        id: &str,
        table: &Table,
        now: i64,
    ) -> Result<Option<i64>, StoreError> {
        let mark = match table.next_due(now) {
            None => return Ok(None),
            Some(_) if table.bot_to_act().is_some() => now + BOT_LEASE.as_millis() as i64,
            Some(deadline) => deadline,
        };
        self.store.timers().schedule(id, mark).await?;
        Ok(Some(mark))
    }

    /// Plays session `id`'s bot turns in the background, until a player is to act.
    pub(crate) fn drive_bots(&self, id: &str, mark: i64) {
        if !self.drivers.start(id) {
            return;
        }
        let api = self.clone();
        let id = id.to_string();
        tokio::spawn(async move {
            let mut mark = mark;
            loop {
                let next = match api.play_server_turns(&id, &mut mark).await {
                    Ok(Stopped::Idle { next }) => Some(next),
                    Ok(Stopped::Gone) => Some(None),
                    Ok(Stopped::WaitingForPlayers) => {
                        Some(Some(now_ms() + WAITING_POLL.as_millis() as i64))
                    }
                    // The mark stays: it comes due again and a sweep retries.
                    Err(e) => {
                        tracing::warn!(session = %id, error = ?e, "server turn failed; retrying on the next sweep");
                        None
                    }
                };
                // Only the mark this driver holds moves: one set since stays for a sweep.
                if let Some(next) = next {
                    if let Err(e) = api.store.timers().reschedule(&id, mark, next).await {
                        tracing::warn!(session = %id, error = %e, "cannot move a server mark; it will be swept");
                    }
                }
                if api.drivers.finish(&id) {
                    break;
                }
            }
        });
    }

    /// Plays what the server must play in session `id` while something is due: a bot's
    /// decision, or the timeout policy of a seat whose clock ran out, each committed on top
    /// of the version it was decided at. `mark` follows the mark this driver holds.
    async fn play_server_turns(&self, id: &str, mark: &mut i64) -> Result<Stopped, ApiError> {
        loop {
            // A stopping replica leaves the turn to the others: its mark comes due.
            if *self.shutdown.borrow() {
                return Err(ApiError::ShuttingDown { last_version: 0 });
            }
            let _write = self.locks.lock(id).await;
            // A cached state may be behind another replica's commit: it is good enough to
            // act on (the commit refuses a stale one), never to conclude there is nothing
            // to do.
            let cached = self.cache.get(id);
            let from_cache = cached.is_some();
            let current = match cached {
                Some(current) => current,
                None => match self.store.sessions().load(id).await {
                    Ok(loaded) => {
                        let loaded = Arc::new(Cached::from(loaded));
                        self.cache.put(id, loaded.clone());
                        loaded
                    }
                    Err(StoreError::NotFound(_)) => return Ok(Stopped::Gone),
                    Err(e) => return Err(e.into()),
                },
            };
            let now = now_ms();
            let idle = !current.meta.all_seats_taken()
                || (current.state.bot_to_act().is_none()
                    && current.state.timed_out(now).is_none()
                    && current.meta.started_ms.is_some());
            if idle && from_cache {
                self.cache.forget(id);
                continue;
            }
            if !current.meta.all_seats_taken() {
                return Ok(Stopped::WaitingForPlayers);
            }
            let mut next = current.state.clone();
            next.settle_clocks(current.meta.started_ms);
            let (seat, cause) = if let Some((seat, kind)) = next.bot_to_act() {
                let decision = decide(&next, seat, kind, &current, id).await;
                let Some(action) = decision else {
                    tracing::error!(session = %id, seat = seat.0, "a bot is to act but has no legal action");
                    return Ok(Stopped::Idle { next: None });
                };
                (seat, Cause::Action(action))
            } else if let Some(seat) = next.timed_out(now) {
                (seat, self.timeout_cause(&next, seat, &current))
            } else {
                return Ok(Stopped::Idle {
                    next: next.next_due(now),
                });
            };
            let decided =
                next.decide(seat, &cause, None, By::Server, current.meta.started_ms, now)?;
            let entry = LogEntry::decided(current.version + 1, seat, cause, decided);
            // Hold the session for the next turn, or mark the next deadline, before the
            // commit makes it due.
            if next.bot_to_act().is_some() {
                let extended = now + BOT_LEASE.as_millis() as i64;
                if self
                    .store
                    .timers()
                    .reschedule(id, *mark, Some(extended))
                    .await?
                {
                    *mark = extended;
                }
            } else if let Some(deadline) = next.next_due(now) {
                self.store.timers().schedule(id, deadline).await?;
            }
            let before: Vec<Seat> = current.state.to_act().iter().collect();
            self.notify(&crate::notify::Change {
                meta: &current.meta,
                table: &next,
                version: entry.version,
                before: &before,
                to_act: &entry.to_act,
                outcome: entry.outcome.as_ref(),
                clocks: &entry.clocks,
                caller: None,
                now,
            })
            .await?;
            let next = Arc::new(next);
            let commit = Commit {
                expected_version: current.version,
                state: next.clone(),
                entry: Arc::new(entry),
            };
            match self.store.sessions().commit(id, commit).await {
                Ok(CommitResult::Committed(version)) => {
                    fail::fail_point!("bot-committed", |_| crate::failpoints::crash(
                        "bot-committed"
                    ));
                    self.metrics.committed(&current.meta.game_id);
                    self.cache.put(
                        id,
                        Arc::new(Cached {
                            meta: current.meta.clone(),
                            version,
                            state: Arc::unwrap_or_clone(next),
                            at: std::time::Instant::now(),
                        }),
                    );
                }
                // Another replica (or a player) wrote first: decide again on fresh state.
                Ok(CommitResult::Duplicate(_)) | Err(StoreError::Conflict { .. }) => {
                    self.cache.forget(id);
                }
                Err(e) => {
                    self.cache.forget(id);
                    return Err(e.into());
                }
            }
        }
    }

    /// What the session's timeout policy does for `seat`, whose time ran out.
    fn timeout_cause(&self, table: &Table, seat: Seat, current: &Cached) -> Cause {
        let policy = table.clocks.as_ref().map(|c| c.control.on_timeout);
        let random = || {
            bot_decision(
                table,
                seat,
                BotKind::Random,
                current.meta.seed,
                session_salt(&current.meta.id),
                current.version,
            )
        };
        match policy {
            Some(OnTimeout::Lose) | None => Cause::TimedOut(None),
            Some(OnTimeout::RandomMove) => Cause::TimedOut(random()),
            Some(OnTimeout::Skip) => Cause::TimedOut(table.game.pass(seat).or_else(random)),
        }
    }

    /// Sweeps the due index every [`SWEEP_EVERY`] until the server shuts down, playing the
    /// bot turns of sessions whose mark came due (their replica died, or they waited for
    /// players).
    pub async fn sweep_bots(self) {
        let mut shutdown = self.shutdown.clone();
        let mut tick = tokio::time::interval(SWEEP_EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = shutdown.changed() => return,
            }
            if *shutdown.borrow() {
                return;
            }
            let lease = BOT_LEASE.as_millis() as i64;
            match self
                .store
                .timers()
                .claim_due(now_ms(), lease, SWEEP_BATCH)
                .await
            {
                Ok(due) => {
                    for (id, mark) in due {
                        tracing::debug!(session = %id, "bot turn claimed from the due index");
                        self.drive_bots(&id, mark);
                    }
                }
                Err(e) => tracing::warn!(error = %e, "cannot sweep the due index"),
            }
        }
    }

    #[tracing::instrument(skip_all, fields(session = %request.session_id, seat, version))]
    pub(crate) async fn resign(
        &self,
        request: pb::ResignSessionRequest,
        caller: crate::identity::Caller,
    ) -> Result<pb::ResignSessionResponse, ApiError> {
        let write = Write::seat_change(
            request.session_id.clone(),
            &request.request_id,
            &request,
            |r: &mut pb::ResignSessionRequest| {
                r.request_id.clear();
                r.session_id.clear();
            },
            Cause::Resigned,
        )?;
        let Written {
            version, session, ..
        } = self.write(write, caller).await?;
        tracing::info!("seat resigned");
        Ok(pb::ResignSessionResponse {
            version,
            session: Some(session),
        })
    }

    #[tracing::instrument(skip_all, fields(session = %request.session_id, seat, version))]
    pub(crate) async fn hand_to_bot(
        &self,
        request: pb::HandSeatToBotRequest,
        caller: crate::identity::Caller,
    ) -> Result<pb::HandSeatToBotResponse, ApiError> {
        let kind = convert::bot_in(request.kind, request.strength.as_ref(), "kind", "strength")?;
        let write = Write::seat_change(
            request.session_id.clone(),
            &request.request_id,
            &request,
            |r: &mut pb::HandSeatToBotRequest| {
                r.request_id.clear();
                r.session_id.clear();
            },
            Cause::HandedToBot(kind),
        )?;
        let Written {
            version, session, ..
        } = self.write(write, caller).await?;
        tracing::info!("seat handed to a bot");
        Ok(pb::HandSeatToBotResponse {
            version,
            session: Some(session),
        })
    }
}
