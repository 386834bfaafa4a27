//! Limits that refuse at once instead of queueing: a call over `--max-concurrent-requests`
//! and a StreamEvents subscription over `--max-concurrent-streams` on one connection both
//! get RESOURCE_EXHAUSTED with a sentence saying so (written in `api::errors`). A client told "retry with backoff"
//! spreads its retries; a client left waiting in a queue only piles up behind its deadline.

use std::collections::HashMap;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tonic::codegen::http;
use tonic::Status;

/// Calls that never count against the request limit: an orchestrator's health probe must
/// see a busy server as busy-but-alive, not as failing.
const EXEMPT_PREFIX: &str = "/grpc.health.v1.Health/";

/// Which limit refused a call, and its size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitReached {
    /// `max` calls are already being served.
    Requests { max: usize },
    /// The connection already has `max` open StreamEvents.
    Streams { max: usize },
    /// The signed-in player made more than `per_second` calls a second to this replica.
    PlayerCalls { per_second: u32 },
    /// The signed-in player already holds seats in `max` sessions that are not finished.
    PlayerSessions { max: usize },
}

/// Per-player abuse limits (`--player-calls-per-second`, `--max-open-sessions-per-player`).
/// The call rate is counted per replica, in memory (a GCRA bucket per player id, bursts of
/// one second's calls); forgotten buckets are pruned as calls come.
pub struct PlayerLimits {
    /// Sessions not finished a player may hold seats in (0: no limit).
    pub max_open_sessions: usize,
    per_second: u32,
    calls: Option<governor::DefaultKeyedRateLimiter<String>>,
    checks: std::sync::atomic::AtomicU64,
}

impl PlayerLimits {
    pub fn new(max_open_sessions: usize, calls_per_second: u32) -> PlayerLimits {
        let calls = std::num::NonZeroU32::new(calls_per_second)
            .map(|rate| governor::RateLimiter::keyed(governor::Quota::per_second(rate)));
        PlayerLimits {
            max_open_sessions,
            per_second: calls_per_second,
            calls,
            checks: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// Counts one call of `player_id`; refused over the rate.
    pub fn call(&self, player_id: &str) -> Result<(), LimitReached> {
        let Some(calls) = &self.calls else {
            return Ok(());
        };
        let n = self
            .checks
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if n % 4096 == 4095 {
            calls.retain_recent();
        }
        calls
            .check_key(&player_id.to_string())
            .map_err(|_| LimitReached::PlayerCalls {
                per_second: self.per_second,
            })
    }
}

impl Default for PlayerLimits {
    fn default() -> PlayerLimits {
        PlayerLimits::new(0, 0)
    }
}

/// A tower layer holding at most `max` calls in flight over every connection; one more is
/// answered RESOURCE_EXHAUSTED without reaching the service. A call holds its slot until
/// its response starts: a server stream (StreamEvents) gives it back once it is open.
#[derive(Clone)]
pub struct RequestLimitLayer {
    slots: Arc<Semaphore>,
    max: usize,
}

impl RequestLimitLayer {
    pub fn new(max: usize) -> RequestLimitLayer {
        RequestLimitLayer {
            slots: Arc::new(Semaphore::new(max.min(Semaphore::MAX_PERMITS))),
            max,
        }
    }
}

impl<S> tower::Layer<S> for RequestLimitLayer {
    type Service = RequestLimit<S>;

    fn layer(&self, inner: S) -> RequestLimit<S> {
        RequestLimit {
            inner,
            slots: self.slots.clone(),
            max: self.max,
        }
    }
}

#[derive(Clone)]
pub struct RequestLimit<S> {
    inner: S,
    slots: Arc<Semaphore>,
    max: usize,
}

type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send + 'static>>;

impl<S, ReqBody, ResBody> tower::Service<http::Request<ReqBody>> for RequestLimit<S>
where
    S: tower::Service<http::Request<ReqBody>, Response = http::Response<ResBody>>,
    S::Future: Send + 'static,
    ResBody: Default + Send + 'static,
{
    type Response = http::Response<ResBody>;
    type Error = S::Error;
    type Future = BoxFuture<Result<Self::Response, Self::Error>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<ReqBody>) -> Self::Future {
        if request.uri().path().starts_with(EXEMPT_PREFIX) {
            return Box::pin(self.inner.call(request));
        }
        let permit: OwnedSemaphorePermit = match self.slots.clone().try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                if let Some(suppressed) = crate::throttle::admit("requests_limit") {
                    tracing::warn!(
                        suppressed,
                        path = request.uri().path(),
                        max = self.max,
                        "the concurrent request limit is reached: calls are refused"
                    );
                }
                let refusal = Status::from(LimitReached::Requests { max: self.max });
                let response = refusal.into_http::<ResBody>();
                return Box::pin(async move { Ok(response) });
            }
        };
        let future = self.inner.call(request);
        Box::pin(async move {
            let response = future.await;
            drop(permit);
            response
        })
    }
}

/// Open StreamEvents subscriptions per connection (keyed by the peer's address), at most
/// `max` each. A slot is held by the response stream and freed when that stream is dropped.
#[derive(Debug)]
pub struct StreamSlots {
    open: Mutex<HashMap<Option<SocketAddr>, usize>>,
    max: usize,
}

impl StreamSlots {
    pub fn new(max: usize) -> Arc<StreamSlots> {
        Arc::new(StreamSlots {
            open: Mutex::new(HashMap::new()),
            max,
        })
    }

    /// A slot for one more stream on the connection from `peer`.
    pub fn acquire(self: &Arc<Self>, peer: Option<SocketAddr>) -> Result<StreamSlot, LimitReached> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let count = open.entry(peer).or_insert(0);
        if *count >= self.max {
            return Err(LimitReached::Streams { max: self.max });
        }
        *count += 1;
        Ok(StreamSlot {
            slots: self.clone(),
            peer,
        })
    }

    /// Open streams of the connection from `peer` (for tests and diagnostics).
    pub fn open(&self, peer: Option<SocketAddr>) -> usize {
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.get(&peer).copied().unwrap_or(0)
    }
}

/// One open stream's place; dropping it frees the place.
#[derive(Debug)]
pub struct StreamSlot {
    slots: Arc<StreamSlots>,
    peer: Option<SocketAddr>,
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut open = self.slots.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = open.get_mut(&self.peer) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.remove(&self.peer);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stream_slots_are_per_connection_and_freed_on_drop() {
        let slots = StreamSlots::new(1);
        let a = Some(SocketAddr::from(([127, 0, 0, 1], 1000)));
        let b = Some(SocketAddr::from(([127, 0, 0, 1], 1001)));
        let first = slots.acquire(a).expect("a first stream");
        let refused = slots
            .acquire(a)
            .expect_err("a second stream on one connection");
        assert_eq!(refused, LimitReached::Streams { max: 1 });
        let _other = slots
            .acquire(b)
            .expect("another connection has its own limit");
        drop(first);
        assert_eq!(slots.open(a), 0);
        let _again = slots.acquire(a).expect("a freed slot is reusable");
    }

    #[test]
    fn the_refusal_names_the_limit() {
        let status = Status::from(LimitReached::Requests { max: 7 });
        assert_eq!(status.code(), tonic::Code::ResourceExhausted);
        assert!(status.message().contains("limit of 7 concurrent requests"));
    }
}
