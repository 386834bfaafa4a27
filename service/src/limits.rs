//! Limits that refuse at once instead of queueing: a call over `--max-concurrent-requests`
//! and a StreamEvents subscription over `--max-concurrent-streams` on one connection both
//! get RESOURCE_EXHAUSTED with a sentence saying so (written in `api::errors`). A client told "retry with backoff"
//! spreads its retries; a client left waiting in a queue only piles up behind its deadline.

use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::net::{IpAddr, SocketAddr};
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
    /// The peer's address (all its connections) already has `max` open StreamEvents.
    StreamsPerAddress { max: usize },
    /// The player (signed-in id, or seat token) already has `max` open StreamEvents.
    StreamsPerPlayer { max: usize },
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

/// The most open StreamEvents each kind of client may hold (0: no limit for that kind).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StreamLimits {
    /// Per connection (`--max-concurrent-streams`).
    pub per_connection: usize,
    /// Per peer IP address, over all its connections (`--max-streams-per-address`).
    pub per_address: usize,
    /// Per player: a signed-in player's id, or a seat token (`--max-streams-per-player`).
    pub per_player: usize,
}

impl StreamLimits {
    /// Only the per-connection limit.
    pub fn per_connection(max: usize) -> StreamLimits {
        StreamLimits {
            per_connection: max,
            per_address: 0,
            per_player: 0,
        }
    }
}

/// Open StreamEvents subscriptions per connection (keyed by the peer's socket address),
/// per peer IP address and per player. A slot is held by the response stream and freed
/// when that stream is dropped; counts that reach zero are removed, and each map gives its
/// memory back once mostly empty, so a burst of clients leaves nothing behind.
#[derive(Debug)]
pub struct StreamSlots {
    open: Mutex<Counts>,
    limits: StreamLimits,
}

#[derive(Debug, Default)]
struct Counts {
    connections: HashMap<Option<SocketAddr>, usize>,
    addresses: HashMap<IpAddr, usize>,
    players: HashMap<String, usize>,
}

/// Whether one more is allowed under `max` (0: no limit).
fn room<K: Eq + Hash>(counts: &HashMap<K, usize>, key: &K, max: usize) -> bool {
    max == 0 || counts.get(key).copied().unwrap_or(0) < max
}

fn add<K: Eq + Hash>(counts: &mut HashMap<K, usize>, key: K) {
    *counts.entry(key).or_insert(0) += 1;
}

/// One less for `key`; the entry goes at zero, and the map shrinks once it holds under a
/// quarter of its capacity (HashMap never shrinks on its own).
fn remove<K: Eq + Hash>(counts: &mut HashMap<K, usize>, key: &K) {
    if let Some(count) = counts.get_mut(key) {
        *count = count.saturating_sub(1);
        if *count == 0 {
            counts.remove(key);
            if counts.capacity() > 64 && counts.len() < counts.capacity() / 4 {
                counts.shrink_to_fit();
            }
        }
    }
}

impl StreamSlots {
    pub fn new(limits: StreamLimits) -> Arc<StreamSlots> {
        Arc::new(StreamSlots {
            open: Mutex::new(Counts::default()),
            limits,
        })
    }

    /// A slot for one more stream on the connection from `peer`, for `player` (a key
    /// naming the signed-in player or the seat token; `None` for spectators).
    pub fn acquire(
        self: &Arc<Self>,
        peer: Option<SocketAddr>,
        player: Option<String>,
    ) -> Result<StreamSlot, LimitReached> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let limits = self.limits;
        if !room(&open.connections, &peer, limits.per_connection) {
            return Err(LimitReached::Streams {
                max: limits.per_connection,
            });
        }
        let address = peer.map(|p| p.ip());
        if let Some(ip) = &address {
            if !room(&open.addresses, ip, limits.per_address) {
                return Err(LimitReached::StreamsPerAddress {
                    max: limits.per_address,
                });
            }
        }
        if let Some(player) = &player {
            if !room(&open.players, player, limits.per_player) {
                return Err(LimitReached::StreamsPerPlayer {
                    max: limits.per_player,
                });
            }
        }
        add(&mut open.connections, peer);
        if let Some(ip) = address {
            add(&mut open.addresses, ip);
        }
        if let Some(player) = &player {
            add(&mut open.players, player.clone());
        }
        Ok(StreamSlot {
            slots: self.clone(),
            peer,
            player,
        })
    }

    /// Open streams of the connection from `peer` (for tests and diagnostics).
    pub fn open(&self, peer: Option<SocketAddr>) -> usize {
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.connections.get(&peer).copied().unwrap_or(0)
    }
}

/// One open stream's place; dropping it frees the place.
#[derive(Debug)]
pub struct StreamSlot {
    slots: Arc<StreamSlots>,
    peer: Option<SocketAddr>,
    player: Option<String>,
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut open = self.slots.open.lock().unwrap_or_else(|e| e.into_inner());
        remove(&mut open.connections, &self.peer);
        if let Some(peer) = self.peer {
            remove(&mut open.addresses, &peer.ip());
        }
        if let Some(player) = &self.player {
            remove(&mut open.players, player);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stream_slots_are_per_connection_and_freed_on_drop() {
        let slots = StreamSlots::new(StreamLimits::per_connection(1));
        let a = Some(SocketAddr::from(([127, 0, 0, 1], 1000)));
        let b = Some(SocketAddr::from(([127, 0, 0, 1], 1001)));
        let first = slots.acquire(a, None).expect("a first stream");
        let refused = slots
            .acquire(a, None)
            .expect_err("a second stream on one connection");
        assert_eq!(refused, LimitReached::Streams { max: 1 });
        let _other = slots
            .acquire(b, None)
            .expect("another connection has its own limit");
        drop(first);
        assert_eq!(slots.open(a), 0);
        let _again = slots.acquire(a, None).expect("a freed slot is reusable");
    }

    #[test]
    fn stream_slots_are_limited_per_address_and_per_player() {
        let slots = StreamSlots::new(StreamLimits {
            per_connection: 10,
            per_address: 2,
            per_player: 1,
        });
        let port = |p: u16| Some(SocketAddr::from(([10, 0, 0, 1], p)));
        let elsewhere = Some(SocketAddr::from(([10, 0, 0, 2], 1)));
        let ann = || Some("player:ann".to_string());
        let first = slots.acquire(port(1), ann()).expect("ann's first stream");
        assert_eq!(
            slots.acquire(elsewhere, ann()).expect_err("ann's second"),
            LimitReached::StreamsPerPlayer { max: 1 }
        );
        let second = slots.acquire(port(2), None).expect("a spectator");
        assert_eq!(
            slots
                .acquire(port(3), None)
                .expect_err("a third from one address"),
            LimitReached::StreamsPerAddress { max: 2 }
        );
        drop(first);
        let _again = slots.acquire(elsewhere, ann()).expect("freed");
        drop(second);
        let open = slots.open.lock().unwrap();
        assert_eq!(open.addresses.len(), 1, "empty counts are removed");
        assert_eq!(open.players.len(), 1);
    }

    #[test]
    fn emptied_counts_give_their_memory_back() {
        let slots = StreamSlots::new(StreamLimits::per_connection(0));
        let held: Vec<_> = (0..10_000u16)
            .map(|p| {
                let peer = Some(SocketAddr::from(([127, 0, 0, 1], p)));
                slots.acquire(peer, Some(format!("seat:{p}"))).unwrap()
            })
            .collect();
        assert!(slots.open.lock().unwrap().connections.capacity() >= 10_000);
        drop(held);
        let open = slots.open.lock().unwrap();
        assert!(
            open.connections.capacity() < 1_000,
            "{}",
            open.connections.capacity()
        );
        assert!(
            open.players.capacity() < 1_000,
            "{}",
            open.players.capacity()
        );
    }

    #[test]
    fn the_refusal_names_the_limit() {
        let status = Status::from(LimitReached::Requests { max: 7 });
        assert_eq!(status.code(), tonic::Code::ResourceExhausted);
        assert!(status.message().contains("limit of 7 concurrent requests"));
    }
}
