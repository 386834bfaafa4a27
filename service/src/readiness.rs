//! Readiness: the gRPC health of `agora.v1.GameService` says whether this replica can
//! serve, which means reaching its store. A task pings the store every
//! [`PROBE_EVERY`]; [`DOWN_AFTER`] failures in a row turn the service NOT_SERVING (load
//! balancers and Kubernetes' readiness probe stop sending it calls), [`UP_AFTER`]
//! successes in a row turn it SERVING again. Liveness is another question: the whole
//! server (`""`) stays SERVING while the process runs, since restarting a replica that
//! cannot reach Redis does not bring Redis back.

use crate::store::Store;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tonic_health::server::HealthReporter;
use tonic_health::ServingStatus;

/// How often the store is pinged (each ping is bounded by a second, see
/// `store::redis::conn::PING_TIMEOUT`).
pub const PROBE_EVERY: Duration = Duration::from_secs(1);
/// Failed pings in a row that take the replica out: one lost packet or one slow second
/// does not, a cut-off store does within 2-4 s.
pub const DOWN_AFTER: u32 = 2;
/// Good pings in a row that bring it back: a store that answers once between failures
/// (a flapping path) does not.
pub const UP_AFTER: u32 = 2;

/// The hysteresis between ping results and the status said.
#[derive(Debug, Clone)]
pub struct Hysteresis {
    serving: bool,
    /// Failures (while serving) or successes (while not) in a row.
    run: u32,
}

impl Default for Hysteresis {
    /// A replica starts serving: it connected to its store to start at all.
    fn default() -> Hysteresis {
        Hysteresis {
            serving: true,
            run: 0,
        }
    }
}

impl Hysteresis {
    /// Records one ping; the new status when it changes.
    pub fn observe(&mut self, ok: bool) -> Option<bool> {
        if ok == self.serving {
            self.run = 0;
            return None;
        }
        self.run += 1;
        let needed = if self.serving { DOWN_AFTER } else { UP_AFTER };
        if self.run < needed {
            return None;
        }
        self.serving = ok;
        self.run = 0;
        Some(ok)
    }

    pub fn serving(&self) -> bool {
        self.serving
    }
}

/// Pings `store` until `stop` turns true, saying the result as the health of `service`.
/// After `stop` nothing is said: the shutdown has set NOT_SERVING for good.
pub async fn watch(
    store: Arc<dyn Store>,
    health: HealthReporter,
    service: &'static str,
    mut stop: watch::Receiver<bool>,
) {
    let mut state = Hysteresis::default();
    let mut tick = tokio::time::interval(PROBE_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = stop.wait_for(|stop| *stop) => return,
        }
        let result = store.ping().await;
        let Some(serving) = state.observe(result.is_ok()) else {
            continue;
        };
        if *stop.borrow() {
            return;
        }
        if serving {
            tracing::warn!(service, "the store answers again: serving");
            health
                .set_service_status(service, ServingStatus::Serving)
                .await;
        } else {
            let error = result.err().map(|e| e.to_string()).unwrap_or_default();
            tracing::warn!(
                service,
                %error,
                failures = DOWN_AFTER,
                "the store cannot be reached: not serving until it answers again"
            );
            health
                .set_service_status(service, ServingStatus::NotServing)
                .await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_failure_does_not_take_the_replica_out() {
        let mut h = Hysteresis::default();
        for _ in 0..5 {
            assert_eq!(h.observe(false), None);
            assert_eq!(h.observe(true), None);
        }
        assert!(h.serving());
    }

    #[test]
    fn failures_in_a_row_take_it_out_and_successes_in_a_row_bring_it_back() {
        let mut h = Hysteresis::default();
        let mut said = Vec::new();
        for ok in [false, false, false, true, false, true, true, true] {
            if let Some(serving) = h.observe(ok) {
                said.push(serving);
            }
        }
        assert_eq!(said, vec![false, true]);
        assert!(h.serving());
    }

    #[test]
    fn the_thresholds_are_counted_exactly() {
        let mut h = Hysteresis::default();
        for _ in 1..DOWN_AFTER {
            assert_eq!(h.observe(false), None);
        }
        assert_eq!(h.observe(false), Some(false));
        for _ in 1..UP_AFTER {
            assert_eq!(h.observe(true), None);
        }
        assert_eq!(h.observe(true), Some(true));
    }
}
