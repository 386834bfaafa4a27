//! Quick match around the store's matchmaking role ([`crate::store::matchmaking`]): the
//! rating window's curve, where a ticket's rating comes from, how a match's seats are
//! dealt, its session's id, and the per-player ticket rate. The calls are in
//! `api/quick_match.rs`; the matcher every replica runs is `api/matcher.rs`.

use crate::store::matchmaking::{MatchRecord, Pool, Window};
use sha2::{Digest, Sha256};
use std::time::Duration;

/// The rating window around the oldest waiting ticket of a pool: ±100 at once, 20 more
/// for every second it has waited, at most ±1000 (reached after 45 s). Closest ratings
/// are taken first within it.
pub const WINDOW: Window = Window {
    base: 100.0,
    per_second: 20.0,
    cap: 1000.0,
};

// Not built yet: blocks (see `crate::store::moderation`) keep blocked players from joining
// each other's tables, but the forming step does not skip them, so two such players can
// still be matched (their match session is created all the same).

/// The session match `record` creates: derived from the match id, so every replica (and
/// every retry) creates the same one.
pub fn session_id(record: &MatchRecord) -> String {
    let hash = Sha256::digest(format!("agora.v1 match session {}", record.id).as_bytes());
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&hash[..16]);
    uuid::Builder::from_random_bytes(bytes)
        .into_uuid()
        .to_string()
}

/// The seat of each ticket of `record` (in the record's order): dealt by a hash of the
/// match and the ticket, so it is the same on every replica and nobody is always first.
pub fn seats(record: &MatchRecord) -> Vec<usize> {
    let mut order: Vec<(Vec<u8>, usize)> = record
        .tickets
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let key = Sha256::digest(format!("{} {t}", record.id).as_bytes()).to_vec();
            (key, i)
        })
        .collect();
    order.sort();
    let mut seats = vec![0; record.tickets.len()];
    for (seat, (_, i)) in order.into_iter().enumerate() {
        seats[i] = seat;
    }
    seats
}

/// A fresh ticket id of `pool`, or the one `request_id` of `player_id` always gives.
pub fn ticket_id(pool: &Pool, player_id: &str, request_id: Option<&str>) -> String {
    let suffix = match request_id {
        Some(rid) => {
            let hash = Sha256::digest(format!("agora.v1 ticket {player_id} {rid}").as_bytes());
            hex::encode(&hash[..12])
        }
        None => hex::encode(rand::random::<[u8; 12]>()),
    };
    format!("{}.{suffix}", pool.key())
}

/// Tickets a player may start per minute on this replica (`--quick-match-tickets-per-minute`).
pub struct TicketRate {
    per_minute: u32,
    limiter: Option<governor::DefaultKeyedRateLimiter<String>>,
}

impl TicketRate {
    pub fn new(per_minute: u32) -> TicketRate {
        let limiter = std::num::NonZeroU32::new(per_minute)
            .map(|n| governor::RateLimiter::keyed(governor::Quota::per_minute(n)));
        TicketRate {
            per_minute,
            limiter,
        }
    }

    /// Counts one ticket of `player_id`: `Err(wait)` over the rate.
    pub fn admit(&self, player_id: &str) -> Result<(), (u32, Duration)> {
        let Some(limiter) = &self.limiter else {
            return Ok(());
        };
        if limiter.len() > 100_000 {
            limiter.retain_recent();
        }
        limiter
            .check_key(&player_id.to_string())
            .map_err(|not_until| {
                use governor::clock::{Clock, DefaultClock};
                let wait = not_until.wait_time_from(DefaultClock::default().now());
                (self.per_minute, wait)
            })
    }
}

impl Default for TicketRate {
    fn default() -> TicketRate {
        TicketRate::new(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(tickets: &[&str]) -> MatchRecord {
        MatchRecord {
            format: 1,
            id: crate::store::matchmaking::match_id(
                &tickets.iter().map(|t| t.to_string()).collect::<Vec<_>>(),
            ),
            pool: "origin.4.rated".into(),
            tickets: tickets.iter().map(|t| t.to_string()).collect(),
            options_key: String::new(),
            created_ms: 0,
        }
    }

    #[test]
    fn seats_are_a_permutation_fixed_by_the_match() {
        let r = record(&["a", "b", "c", "d"]);
        let mut seats = seats(&r);
        assert_eq!(seats, super::seats(&r));
        seats.sort();
        assert_eq!(seats, vec![0, 1, 2, 3]);
        // Over many matches the oldest ticket (first) is not always seat 0.
        let firsts: std::collections::HashSet<usize> = (0..20)
            .map(|i| super::seats(&record(&[&format!("x{i}"), "y"]))[0])
            .collect();
        assert_eq!(firsts.len(), 2);
    }

    #[test]
    fn a_match_always_makes_the_same_session() {
        assert_eq!(
            session_id(&record(&["a", "b"])),
            session_id(&record(&["b", "a"]))
        );
        assert_ne!(
            session_id(&record(&["a", "b"])),
            session_id(&record(&["a", "c"]))
        );
    }

    #[test]
    fn the_ticket_rate_refuses_with_a_wait() {
        let rate = TicketRate::new(2);
        assert!(rate.admit("p").is_ok());
        assert!(rate.admit("p").is_ok());
        let (per_minute, wait) = rate.admit("p").expect_err("third in a minute");
        assert_eq!(per_minute, 2);
        assert!(wait > Duration::ZERO && wait <= Duration::from_secs(30));
        assert!(rate.admit("q").is_ok(), "players are apart");
    }
}
