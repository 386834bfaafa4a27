//! Game clocks: how long each seat may take to decide, kept in the session's [`Table`]
//! so that every change of a clock is part of a committed version.
//!
//! A seat's clock runs while it is to act. Each commit stops the clocks of the seats that
//! are no longer to act (a time bank keeps what is left, plus its increment for the seat
//! that decided) and starts the clocks of the seats that now are. Times are wall-clock
//! milliseconds of the replica that commits; replicas are expected to keep their clocks
//! synchronised (NTP), as any deadline shared between machines needs.
//!
//! [`Table`]: crate::table::Table

use agora_engine::{Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// How long seats may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Limit {
    /// The same time for every decision; time not used is not kept.
    PerMove { ms: i64 },
    /// A bank per seat: `initial_ms` at the start, `increment_ms` more after each of the
    /// seat's decisions, never more than `max_ms` (0: no cap).
    Bank {
        initial_ms: i64,
        increment_ms: i64,
        max_ms: i64,
    },
}

/// What the server does for a seat whose time ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum OnTimeout {
    /// Plays a random legal decision for it, and the game goes on.
    RandomMove,
    /// The seat loses: the game ends with it ranked last.
    Lose,
    /// Plays its pass (end of turn) where the game allows one now, else a random legal
    /// decision. Last, so that snapshots stored before it (postcard numbers the variants)
    /// keep their meaning.
    Skip,
}

/// A session's time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    pub limit: Limit,
    pub on_timeout: OnTimeout,
}

/// Every seat's clock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    pub control: TimeControl,
    /// Per seat: what its bank holds while stopped (per-move limits: the limit).
    pub remaining_ms: Vec<i64>,
    /// Per seat: since when its clock runs, while it is to act.
    pub running_since: Vec<Option<i64>>,
}

/// One seat's clock as a reader sees it at some moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatClock {
    pub seat: Seat,
    /// Time left then.
    pub remaining_ms: i64,
    /// When it runs out, if it runs.
    pub deadline_ms: Option<i64>,
}

impl Clocks {
    /// Clocks of `seats` seats, all stopped.
    pub fn new(control: TimeControl, seats: usize) -> Clocks {
        let full = match control.limit {
            Limit::PerMove { ms } => ms,
            Limit::Bank { initial_ms, .. } => initial_ms,
        };
        Clocks {
            control,
            remaining_ms: vec![full; seats],
            running_since: vec![None; seats],
        }
    }

    /// After a version committed at `now`: `decided` (if a seat decided) is credited its
    /// increment, seats no longer in `to_act` stop, seats newly in it start.
    pub fn advance(&mut self, now: i64, decided: Option<Seat>, to_act: SeatSet) {
        for i in 0..self.remaining_ms.len() {
            let seat = Seat(i as u8);
            let acts = to_act.contains(seat);
            let since = self.running_since[i];
            // The seat that decided always stops, even if it is to act again at once: its
            // next decision starts a fresh per-move limit, and its bank is charged now.
            if let Some(since) = since.filter(|_| !acts || decided == Some(seat)) {
                self.stop(i, now - since);
            }
            if decided == Some(seat) {
                if let Limit::Bank {
                    increment_ms,
                    max_ms,
                    ..
                } = self.control.limit
                {
                    let credited = self.remaining_ms[i].max(0) + increment_ms;
                    self.remaining_ms[i] = if max_ms > 0 {
                        credited.min(max_ms)
                    } else {
                        credited
                    };
                }
            }
            if acts && self.running_since[i].is_none() {
                self.running_since[i] = Some(now);
            }
        }
    }

    fn stop(&mut self, i: usize, used: i64) {
        self.running_since[i] = None;
        match self.control.limit {
            Limit::PerMove { ms } => self.remaining_ms[i] = ms,
            Limit::Bank { .. } => self.remaining_ms[i] -= used.max(0),
        }
    }

    /// Stops every clock (the game is over).
    pub fn stop_all(&mut self, now: i64) {
        for i in 0..self.running_since.len() {
            if let Some(since) = self.running_since[i] {
                self.stop(i, now - since);
            }
        }
    }

    /// When seat `i`'s running clock runs out.
    fn deadline(&self, i: usize) -> Option<i64> {
        self.running_since[i].map(|since| since + self.remaining_ms[i])
    }

    /// The first moment a running clock runs out.
    pub fn next_deadline(&self) -> Option<i64> {
        (0..self.running_since.len())
            .filter_map(|i| self.deadline(i))
            .min()
    }

    /// A seat whose clock has run out at `now`.
    pub fn expired(&self, now: i64) -> Option<Seat> {
        (0..self.running_since.len())
            .find(|&i| self.deadline(i).is_some_and(|d| d <= now))
            .map(|i| Seat(i as u8))
    }

    /// Every seat's clock as of `now`.
    pub fn read(&self, now: i64) -> Vec<SeatClock> {
        (0..self.remaining_ms.len())
            .map(|i| {
                let deadline_ms = self.deadline(i);
                let remaining_ms = match deadline_ms {
                    Some(deadline) => (deadline - now).max(0),
                    None => self.remaining_ms[i].max(0),
                };
                SeatClock {
                    seat: Seat(i as u8),
                    remaining_ms,
                    deadline_ms,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bank(initial: i64, increment: i64, max: i64) -> Clocks {
        Clocks::new(
            TimeControl {
                limit: Limit::Bank {
                    initial_ms: initial,
                    increment_ms: increment,
                    max_ms: max,
                },
                on_timeout: OnTimeout::Lose,
            },
            2,
        )
    }

    #[test]
    fn a_bank_is_charged_what_the_seat_used_and_credited_its_increment_up_to_the_cap() {
        let mut c = bank(60_000, 5_000, 62_000);
        c.advance(1_000, None, SeatSet::only(Seat(0)));
        assert_eq!(c.next_deadline(), Some(61_000));
        // Seat 0 takes 10 s: 50 s left, +5 s.
        c.advance(11_000, Some(Seat(0)), SeatSet::only(Seat(1)));
        assert_eq!(c.remaining_ms, vec![55_000, 60_000]);
        assert_eq!(c.next_deadline(), Some(71_000), "seat 1's 60 s from now");
        // Seat 1 takes 1 s: 59 + 5 = 64, capped at 62.
        c.advance(12_000, Some(Seat(1)), SeatSet::only(Seat(0)));
        assert_eq!(c.remaining_ms[1], 62_000);
        let read = c.read(20_000);
        assert_eq!(read[0].remaining_ms, 47_000, "seat 0 has run 8 s of its 55");
        assert_eq!(read[0].deadline_ms, Some(67_000));
        assert_eq!(read[1].deadline_ms, None);
        assert_eq!(c.expired(66_999), None);
        assert_eq!(c.expired(67_000), Some(Seat(0)));
    }

    #[test]
    fn a_per_move_limit_starts_afresh_at_every_decision() {
        let mut c = Clocks::new(
            TimeControl {
                limit: Limit::PerMove { ms: 30_000 },
                on_timeout: OnTimeout::RandomMove,
            },
            2,
        );
        c.advance(0, None, SeatSet::only(Seat(0)));
        c.advance(29_000, Some(Seat(0)), SeatSet::only(Seat(0)));
        assert_eq!(
            c.next_deadline(),
            Some(59_000),
            "deciding again starts a new limit"
        );
        c.advance(30_000, Some(Seat(0)), SeatSet::EMPTY);
        assert_eq!(c.next_deadline(), None);
        assert_eq!(c.remaining_ms, vec![30_000, 30_000]);
    }

    #[test]
    fn a_seat_still_to_act_keeps_running_when_another_decides() {
        let mut c = bank(10_000, 0, 0);
        let both: SeatSet = [Seat(0), Seat(1)].into_iter().collect();
        c.advance(0, None, both);
        c.advance(4_000, Some(Seat(1)), SeatSet::only(Seat(0)));
        assert_eq!(c.running_since[0], Some(0), "seat 0's clock ran on");
        assert_eq!(c.remaining_ms[1], 6_000);
        c.stop_all(5_000);
        assert_eq!(c.remaining_ms[0], 5_000);
        assert_eq!(c.next_deadline(), None);
    }

    /// Snapshots store the policy as postcard's variant number: adding one must not
    /// renumber the others.
    #[test]
    fn stored_timeout_policies_keep_their_numbers() {
        for (policy, number) in [
            (OnTimeout::RandomMove, 0u8),
            (OnTimeout::Lose, 1),
            (OnTimeout::Skip, 2),
        ] {
            let bytes = postcard::to_allocvec(&policy).expect("serializes");
            assert_eq!(bytes, vec![number], "{policy:?}");
        }
    }
}
