//! The matchmaking role: quick-match tickets waiting in pools, and the matches formed from
//! them (see [`crate::matchmaking`] for the service around it).
//!
//! A pool is a game id, a player count and rated or casual ([`Pool`]). Each pool is
//! its own little world (on Redis: one hash tag, one Cluster slot), so every step below is
//! one atomic script there and one lock in memory:
//!
//! - [`Matchmaking::open`] puts a ticket in its pool unless its id is there already (a
//!   retried request) or its player has an open ticket in the pool (one per player per
//!   pool: that one is the answer, and a player can never meet themselves);
//! - [`Matchmaking::form`] expires tickets past their time, then, oldest ticket first,
//!   takes the tickets whose ratings sit in the oldest one's window (closest first,
//!   options compatible), removes them from the pool, records the match under an id
//!   derived from its ticket ids, and queues the durable job that creates its session,
//!   all in one step: no ticket lands in two matches and no match forms twice;
//! - [`Matchmaking::claim_matches`] leases due jobs like the outbox: a replica that dies
//!   holding one leaves it to come due again; [`Matchmaking::matched`] finishes one once
//!   its session exists.
//!
//! Ended tickets and finished matches are kept [`KEPT_MS`] (so a late poll still reads
//! them), then dropped by a later forming step.

use super::StoreError;
use agora_engine::registry::AnyOptions;
use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The record format of a [`Ticket`] and a [`MatchRecord`] written now; a later one is
/// refused, never misread.
pub const TICKET_FORMAT: u32 = 1;
pub const MATCH_FORMAT: u32 = 1;

/// How long an ended ticket and a finished match stay readable.
pub const KEPT_MS: i64 = 24 * 3600 * 1000;

/// A quick-match pool: tickets meet only tickets of the same pool.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pool {
    pub game_id: String,
    pub seats: u8,
    pub rated: bool,
}

impl Pool {
    /// `<game>.<seats>.<rated|casual>`: names the pool's keys, and starts its tickets' ids.
    pub fn key(&self) -> String {
        let kind = if self.rated { "rated" } else { "casual" };
        format!("{}.{}.{kind}", self.game_id, self.seats)
    }

    /// The pool of [`Pool::key`] `key`.
    pub fn parse(key: &str) -> Option<Pool> {
        let mut parts = key.split('.');
        let (game, seats, kind) = (parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some() || game.is_empty() {
            return None;
        }
        let rated = match kind {
            "rated" => true,
            "casual" => false,
            _ => return None,
        };
        Some(Pool {
            game_id: game.to_string(),
            seats: seats.parse().ok().filter(|s| (1..=8).contains(s))?,
            rated,
        })
    }

    /// The pool a ticket id names (ids are `<pool key>.<random hex>`).
    pub fn of_ticket(ticket_id: &str) -> Option<Pool> {
        let (pool, rest) = ticket_id.rsplit_once('.')?;
        if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        Pool::parse(pool)
    }
}

/// One player's wish to play in a pool.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ticket {
    pub format: u32,
    /// `<pool key>.<hex>`: see [`Pool::of_ticket`].
    pub id: String,
    pub player_id: String,
    pub player_name: String,
    pub pool: Pool,
    /// The exact options asked for; `None`: any options of the pool.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<AnyOptions>,
    /// The player's rating in the pool when the ticket was made.
    pub rating: f64,
    pub created_ms: i64,
    pub expires_ms: i64,
}

impl Ticket {
    /// What tickets must share to meet: empty for "any options", else a hash of the
    /// options. Tickets meet when either key is empty or both are equal.
    pub fn options_key(&self) -> String {
        match &self.options {
            None => String::new(),
            Some(options) => {
                let json = serde_json::to_string(options).unwrap_or_default();
                hex::encode(&Sha256::digest(json.as_bytes())[..12])
            }
        }
    }

    pub fn decode(json: &str) -> Result<Ticket, StoreError> {
        check_format(json, TICKET_FORMAT, "ticket")?;
        serde_json::from_str(json).map_err(|e| StoreError::Corrupt(format!("ticket: {e}")))
    }

    pub fn encode(&self) -> Result<String, StoreError> {
        serde_json::to_string(self).map_err(|e| StoreError::Corrupt(format!("ticket: {e}")))
    }
}

/// A formed match: its tickets, oldest first then closest in rating.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchRecord {
    pub format: u32,
    /// `m` and the SHA-1 of its sorted ticket ids (see [`match_id`]).
    pub id: String,
    /// The pool's [`Pool::key`].
    pub pool: String,
    pub tickets: Vec<String>,
    /// The options key the match settled on (empty: every ticket took any options).
    #[serde(default)]
    pub options_key: String,
    pub created_ms: i64,
}

impl MatchRecord {
    pub fn decode(json: &str) -> Result<MatchRecord, StoreError> {
        check_format(json, MATCH_FORMAT, "match")?;
        // Lua's cjson writes an empty table as `{}`: a match always has tickets, so an
        // object here is damage, said as such by serde.
        serde_json::from_str(json).map_err(|e| StoreError::Corrupt(format!("match: {e}")))
    }

    pub fn encode(&self) -> Result<String, StoreError> {
        serde_json::to_string(self).map_err(|e| StoreError::Corrupt(format!("match: {e}")))
    }
}

/// The id of the match of `tickets`: the same set of tickets always gives the same id
/// (the Redis script computes it the same way).
pub fn match_id(tickets: &[String]) -> String {
    let mut sorted: Vec<&str> = tickets.iter().map(String::as_str).collect();
    sorted.sort_unstable();
    format!(
        "m{}",
        hex::encode(sha1::Sha1::digest(sorted.join(" ").as_bytes()))
    )
}

fn check_format(json: &str, current: u32, what: &str) -> Result<(), StoreError> {
    #[derive(Deserialize)]
    struct Format {
        format: u32,
    }
    let format: Format =
        serde_json::from_str(json).map_err(|e| StoreError::Corrupt(format!("{what}: {e}")))?;
    if format.format > current {
        return Err(StoreError::Corrupt(format!(
            "{what} of format {} (this release reads up to {current})",
            format.format
        )));
    }
    Ok(())
}

/// Where a ticket stands.
#[derive(Debug, Clone, PartialEq)]
pub enum TicketStatus {
    Waiting,
    Cancelled,
    Expired,
    /// In match `record`; `session_created` once the match's session exists.
    Matched {
        record: MatchRecord,
        session_created: bool,
    },
}

/// A ticket and where it stands.
#[derive(Debug, Clone, PartialEq)]
pub struct TicketView {
    pub ticket: Ticket,
    pub status: TicketStatus,
}

/// What [`Matchmaking::open`] did.
#[derive(Debug, Clone, PartialEq)]
pub enum Opened {
    /// The ticket is in the pool now.
    New,
    /// A ticket with this id exists (a retried request): here it is.
    Same(TicketView),
    /// The player has this open ticket in the pool; nothing was written.
    Open(TicketView),
}

/// How far from the oldest ticket's rating a match may reach: `base + per_second` for
/// every second it has waited, at most `cap`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Window {
    pub base: f64,
    pub per_second: f64,
    pub cap: f64,
}

impl Window {
    pub fn at(&self, waited_ms: i64) -> f64 {
        (self.base + self.per_second * waited_ms.max(0) as f64 / 1000.0).min(self.cap)
    }
}

/// How many of the oldest tickets one forming step looks at, and how many neighbours by
/// rating on each side of each.
pub const SCAN_OLDEST: usize = 100;
pub const NEIGHBOURS: usize = 64;

/// A claimed match job: the match, its tickets in the record's order, and the lease.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchJob {
    pub record: MatchRecord,
    pub tickets: Vec<Ticket>,
    pub lease: i64,
}

/// Tickets, pools and matches (see the module's doc).
#[async_trait]
pub trait Matchmaking: Send + Sync {
    /// Puts `ticket` in its pool (see [`Opened`]); its player's open ticket of the pool
    /// that has expired by `ticket.created_ms` is expired first.
    async fn open(&self, ticket: &Ticket) -> Result<Opened, StoreError>;

    /// Ticket `id` and where it stands (`None`: no such ticket, or dropped long after it
    /// ended). A waiting ticket past its time reads as expired.
    async fn ticket(&self, id: &str, now_ms: i64) -> Result<Option<TicketView>, StoreError>;

    /// Takes waiting ticket `id` out of its pool; any other ticket is left as it is.
    /// Returns the ticket as it stands after.
    async fn cancel(&self, id: &str, now_ms: i64) -> Result<Option<TicketView>, StoreError>;

    /// Every pool a ticket was ever put in.
    async fn pools(&self) -> Result<Vec<Pool>, StoreError>;

    /// One forming step of `pool` at `now_ms` (see the module's doc): at most `limit`
    /// matches, returned as recorded.
    async fn form(
        &self,
        pool: &Pool,
        now_ms: i64,
        window: Window,
        limit: usize,
    ) -> Result<Vec<MatchRecord>, StoreError>;

    /// At most `limit` match jobs of `pool` due at `now_ms`, each claimed until
    /// `now_ms + lease_ms`.
    async fn claim_matches(
        &self,
        pool: &Pool,
        now_ms: i64,
        lease_ms: i64,
        limit: usize,
    ) -> Result<Vec<MatchJob>, StoreError>;

    /// Marks match `match_id`'s session as created and drops its job, if the claim is
    /// still `lease`. True when it did.
    async fn matched(&self, pool: &Pool, match_id: &str, lease: i64) -> Result<bool, StoreError>;

    /// How many tickets wait in `pool`.
    async fn waiting(&self, pool: &Pool) -> Result<u64, StoreError>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pool_keys_and_ticket_ids_read_back() {
        let pool = Pool {
            game_id: "terra-nova".into(),
            seats: 3,
            rated: true,
        };
        assert_eq!(pool.key(), "terra-nova.3.rated");
        assert_eq!(Pool::parse(&pool.key()), Some(pool.clone()));
        assert_eq!(Pool::of_ticket("terra-nova.3.rated.00ff"), Some(pool));
        for bad in [
            "",
            "x",
            "origin.2",
            "origin.2.ranked.ab",
            "origin.0.rated.ab",
            "origin.2.rated.zz",
            "origin.2.rated.",
        ] {
            assert_eq!(Pool::of_ticket(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_window_widens_then_stops() {
        let w = Window {
            base: 100.0,
            per_second: 20.0,
            cap: 1000.0,
        };
        assert_eq!(w.at(0), 100.0);
        assert_eq!(w.at(10_000), 300.0);
        assert_eq!(w.at(3_600_000), 1000.0);
    }

    #[test]
    fn a_match_id_depends_on_the_set_of_tickets_only() {
        let a = match_id(&["b".into(), "a".into()]);
        assert_eq!(a, match_id(&["a".into(), "b".into()]));
        assert_ne!(a, match_id(&["a".into(), "c".into()]));
        // The Redis script's `'m' .. redis.sha1hex('a b')`.
        assert_eq!(a, "m7dbde93504122a707f849f2c12bdd9de71b41929");
    }
}
