//! Ratings (issue 37): a Glicko-2 rating per player and pool ([`glicko2`], [`pools`]),
//! updated once per finished rated game, and leaderboards.
//!
//! Which sessions count: the session was created rated (not `unrated`, no bot seat, no
//! chosen seed, a game with a pool: [`crate::store::SessionMeta::rated`]), and when it
//! ends every seat is held by a distinct signed-in player who made at least one decision
//! of their own (a game ended before that, like Lichess's aborted games, changes nothing).
//! A resignation or a timeout ranks the seat last, whatever the rules' outcome says.
//!
//! How it happens once: the commit that ends a rated game puts a [`WorkKind::Rating`]
//! job in the store's durable work queue before it commits (as the archive's job);
//! [`worker::Rater`] on every replica claims it under a lease, computes the update from
//! the players' records and writes it with [`crate::store::Ratings::apply`], which refuses
//! a session already applied and any record that moved since it was read.
//!
//! [`WorkKind::Rating`]: crate::store::WorkKind::Rating

pub mod glicko2;
pub mod pools;
pub mod worker;

use crate::store::{LogEntry, SessionMeta};
use crate::table::Cause;
use agora_engine::Outcome;
use pools::PoolId;
use std::collections::HashSet;
use std::sync::Arc;

/// One seat of a game to rate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatedSeat {
    pub player_id: String,
    pub name: String,
    /// 1 = first; resigned and timed-out seats share the last rank.
    pub rank: u8,
}

/// What a finished session means for ratings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Rate {
        pool: PoolId,
        seats: Vec<RatedSeat>,
    },
    /// Nothing changes, for this reason (a metric label).
    Skip(&'static str),
}

/// The verdict on a session of `meta` that ended with `outcome` after the log `entries`.
pub fn verdict(meta: &SessionMeta, outcome: &Outcome, entries: &[Arc<LogEntry>]) -> Verdict {
    let Some(pool) = pools::pool_of(&meta.options) else {
        return Verdict::Skip("no_pool");
    };
    if !meta.rated || !meta.all_seats_taken() || !meta.rated_now() {
        return Verdict::Skip("not_signed_in");
    }
    let seats = meta.seats.len();
    // Who decided at least once while still in the game, and who lost by leaving it.
    let mut decided = vec![false; seats];
    let mut gave_up: HashSet<usize> = HashSet::new();
    for entry in entries {
        let seat = usize::from(entry.seat.0);
        if seat >= seats {
            continue;
        }
        match &entry.cause {
            Some(Cause::Action(_)) if !gave_up.contains(&seat) => decided[seat] = true,
            Some(Cause::Resigned) | Some(Cause::TimedOut(None)) => {
                gave_up.insert(seat);
            }
            _ => {}
        }
    }
    if !decided.iter().all(|d| *d) {
        return Verdict::Skip("not_every_seat_decided");
    }
    let last = seats as u8;
    let mut rated = Vec::with_capacity(seats);
    for (i, record) in meta.seats.iter().enumerate() {
        let Some(player_id) = record.player_id.clone() else {
            return Verdict::Skip("not_signed_in");
        };
        let rank = if gave_up.contains(&i) {
            last
        } else {
            outcome
                .standings
                .iter()
                .find(|s| usize::from(s.seat.0) == i)
                .map_or(last, |s| s.rank.min(last))
        };
        rated.push(RatedSeat {
            player_id,
            name: record.player_name.clone(),
            rank,
        });
    }
    Verdict::Rate { pool, seats: rated }
}
