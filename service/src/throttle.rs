//! Rate limit for the log lines an operator reads during a failure. When Redis restarts,
//! thousands of calls fail within a second; one WARN per kind of trouble per second says
//! as much, and its `suppressed` field counts the lines held back since the last one, so
//! nothing is hidden and the log stays readable.
//!
//! ```ignore
//! if let Some(suppressed) = throttle::admit("store_unavailable") {
//!     tracing::warn!(suppressed, %detail, "the session store is unavailable");
//! }
//! ```

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// At most one line per kind this often.
pub const EVERY: Duration = Duration::from_secs(1);

/// Per kind: when its last line was written, and how many were held back since.
#[derive(Debug, Default)]
pub struct Throttle {
    kinds: Mutex<HashMap<&'static str, Window>>,
}

#[derive(Debug, Clone, Copy)]
struct Window {
    last: Instant,
    suppressed: u64,
}

impl Throttle {
    /// `Some(n)` when a line of `kind` may be written at `now` (`n` lines of that kind were
    /// held back since the last one); `None` when it must be held back.
    pub fn admit_at(&self, kind: &'static str, now: Instant) -> Option<u64> {
        let mut kinds = self.kinds.lock().unwrap_or_else(|p| p.into_inner());
        match kinds.get_mut(kind) {
            Some(window) if now.saturating_duration_since(window.last) < EVERY => {
                window.suppressed += 1;
                None
            }
            Some(window) => {
                let suppressed = window.suppressed;
                *window = Window {
                    last: now,
                    suppressed: 0,
                };
                Some(suppressed)
            }
            None => {
                kinds.insert(
                    kind,
                    Window {
                        last: now,
                        suppressed: 0,
                    },
                );
                Some(0)
            }
        }
    }
}

/// [`Throttle::admit_at`] now, on the process's one throttle.
pub fn admit(kind: &'static str) -> Option<u64> {
    static THROTTLE: OnceLock<Throttle> = OnceLock::new();
    THROTTLE
        .get_or_init(Throttle::default)
        .admit_at(kind, Instant::now())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_per_kind_per_second_then_the_count_of_those_held_back() {
        let throttle = Throttle::default();
        let t0 = Instant::now();
        assert_eq!(throttle.admit_at("a", t0), Some(0));
        for i in 1..=5 {
            assert_eq!(
                throttle.admit_at("a", t0 + Duration::from_millis(i * 100)),
                None
            );
        }
        assert_eq!(throttle.admit_at("b", t0), Some(0), "kinds are apart");
        assert_eq!(throttle.admit_at("a", t0 + EVERY), Some(5));
        assert_eq!(throttle.admit_at("a", t0 + 3 * EVERY), Some(0));
    }
}
