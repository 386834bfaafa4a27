//! One way to talk to Redis, whether it is one server or a Redis Cluster, and connections
//! that heal.
//!
//! Every key a script or a transaction touches shares its session's `{id}` hash tag, so
//! each of them lands on one cluster node. Commands on several sessions (the lobby's
//! reads, index pruning) are sent one per key, concurrently, never as one pipeline: a
//! pipeline must stay within one slot on a cluster. Over a multiplexed connection the
//! concurrent commands are pipelined on the wire anyway.
//!
//! # Healing
//!
//! The redis crate replaces a connection only when it sees it dropped (reset, EOF). A
//! path that takes bytes and never answers (a stuck middlebox, a peer that vanished) is
//! not seen: calls time out, and worse, a multiplexed connection matches replies to
//! requests in order, so once a request was swallowed every later reply goes to the wrong
//! caller and the connection never serves again. So, on top of what the crate does:
//!
//! - every socket has TCP keepalive probes and `TCP_USER_TIMEOUT` ([`tcp_settings`]): the
//!   kernel closes a connection whose peer stopped acknowledging, even an idle one;
//! - a call on the shared connection that times out (and each failed readiness PING,
//!   which also covers an idle replica) makes [`Shared`] connect a fresh one in the
//!   background, with backoff, and swap it in once it answers PING;
//! - a feed's own connection (`XREAD BLOCK`) is dropped and reconnected on any error,
//!   timeouts included (`feed.rs`).
//!
//! On a Redis Cluster the crate reconnects a node only on a dropped connection too; the
//! same [`Shared`] replacement builds a whole new cluster connection (fresh node
//! connections and slot map), which is as far as the crate's public API reaches.

use super::feed::BLOCK_MS;
use super::{unavailable, unavailable_timeout, RedisConfig};
use crate::store::StoreError;
use redis::aio::{
    ConnectionLike, ConnectionManager, ConnectionManagerConfig, MultiplexedConnection,
};
use redis::cluster::{ClusterClient, ClusterClientBuilder};
use redis::cluster_async::ClusterConnection;
use redis::io::tcp::{socket2::TcpKeepalive, TcpSettings};
use redis::{AsyncConnectionConfig, Client, Cmd, Pipeline, RedisFuture, RedisResult, Value};
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

/// An idle connection is probed after this long without traffic...
const KEEPALIVE_TIME: Duration = Duration::from_secs(10);
/// ...then every this long...
const KEEPALIVE_INTERVAL: Duration = Duration::from_secs(5);
/// ...and closed by the kernel after this many unanswered probes (about 25 s in all).
#[cfg(any(target_os = "linux", target_os = "android", target_os = "fuchsia"))]
const KEEPALIVE_RETRIES: u32 = 3;
/// Data the peer has not acknowledged for this long closes the connection, instead of
/// Linux's ~15 minutes of retransmissions.
#[cfg(any(target_os = "linux", target_os = "android", target_os = "fuchsia"))]
const USER_TIMEOUT: Duration = Duration::from_secs(10);
/// A PING that checks a connection: a Redis that can serve answers in milliseconds, and a
/// replacement waiting on a swallowed PING delays the recovery by this much.
pub(super) const PING_TIMEOUT: Duration = Duration::from_secs(1);
/// Longest wait between two attempts to replace the shared connection, and the shortest
/// time between two replacements (a loaded Redis that answers late must not make the
/// replica reconnect on every slow call).
const REPLACE_BACKOFF_MAX: Duration = Duration::from_secs(1);

/// The socket options of every connection to Redis.
fn tcp_settings() -> TcpSettings {
    let keepalive = TcpKeepalive::new()
        .with_time(KEEPALIVE_TIME)
        .with_interval(KEEPALIVE_INTERVAL);
    #[cfg(any(target_os = "linux", target_os = "android", target_os = "fuchsia"))]
    let keepalive = keepalive.with_retries(KEEPALIVE_RETRIES);
    let settings = TcpSettings::default()
        .set_nodelay(true)
        .set_keepalive(keepalive);
    #[cfg(any(target_os = "linux", target_os = "android", target_os = "fuchsia"))]
    let settings = settings.set_user_timeout(USER_TIMEOUT);
    settings
}

/// Where connections come from.
#[derive(Clone)]
pub(super) enum Backend {
    Single(Client),
    Cluster {
        shared: Box<ClusterClient>,
        /// The client of the blocking feed connections (its response timeout outlasts a
        /// `XREAD BLOCK`).
        feeds: Box<ClusterClient>,
    },
}

/// A connection to Redis: the shared one (reconnecting by itself) or a feed's own.
#[derive(Clone)]
pub(super) enum Conn {
    Shared(ConnectionManager),
    Own(MultiplexedConnection),
    Cluster(ClusterConnection),
}

impl ConnectionLike for Conn {
    fn req_packed_command<'a>(&'a mut self, cmd: &'a Cmd) -> RedisFuture<'a, Value> {
        match self {
            Conn::Shared(c) => c.req_packed_command(cmd),
            Conn::Own(c) => c.req_packed_command(cmd),
            Conn::Cluster(c) => c.req_packed_command(cmd),
        }
    }

    fn req_packed_commands<'a>(
        &'a mut self,
        cmd: &'a Pipeline,
        offset: usize,
        count: usize,
    ) -> RedisFuture<'a, Vec<Value>> {
        match self {
            Conn::Shared(c) => c.req_packed_commands(cmd, offset, count),
            Conn::Own(c) => c.req_packed_commands(cmd, offset, count),
            Conn::Cluster(c) => c.req_packed_commands(cmd, offset, count),
        }
    }

    fn get_db(&self) -> i64 {
        match self {
            Conn::Shared(c) => c.get_db(),
            Conn::Own(c) => c.get_db(),
            Conn::Cluster(c) => c.get_db(),
        }
    }
}

/// Connects the shared connection, failing fast when Redis is not there. With
/// `config.cluster`, `config.url` is a comma-separated list of seed nodes.
pub(super) async fn connect(config: &RedisConfig) -> Result<(Backend, Arc<Shared>), StoreError> {
    let backend = if config.cluster {
        let seeds: Vec<&str> = config
            .url
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        let cluster = |response: Duration| {
            ClusterClientBuilder::new(seeds.clone())
                .connection_timeout(config.connect_timeout)
                .response_timeout(response)
                .retries(2)
                .tcp_settings(tcp_settings())
                .build()
                .map_err(|e| StoreError::Unavailable(format!("bad Redis Cluster URL: {e}")))
        };
        Backend::Cluster {
            shared: Box::new(cluster(config.op_timeout)?),
            feeds: Box::new(cluster(feed_response_timeout(config))?),
        }
    } else {
        Backend::Single(
            Client::open(config.url.as_str())
                .map_err(|e| StoreError::Unavailable(format!("bad Redis URL: {e}")))?,
        )
    };
    let within = config.op_timeout + config.connect_timeout;
    let conn = tokio::time::timeout(within, backend.shared_connection(config))
        .await
        .map_err(|_| unavailable_timeout(config))?
        .map_err(unavailable)?;
    let shared = Arc::new(Shared {
        current: RwLock::new(conn),
        replacing: AtomicBool::new(false),
        backend: backend.clone(),
        config: config.clone(),
    });
    Ok((backend, shared))
}

/// A blocking read waits `BLOCK_MS`, then gets the usual time to answer.
fn feed_response_timeout(config: &RedisConfig) -> Duration {
    Duration::from_millis(BLOCK_MS) + config.op_timeout
}

impl Backend {
    /// A new shared connection: a connection manager (which reconnects by itself when the
    /// connection drops), or a cluster connection.
    async fn shared_connection(&self, config: &RedisConfig) -> RedisResult<Conn> {
        match self {
            Backend::Single(client) => {
                let manager = ConnectionManagerConfig::new()
                    .set_connection_timeout(config.connect_timeout)
                    .set_response_timeout(config.op_timeout)
                    .set_number_of_retries(1)
                    .set_factor(50)
                    .set_max_delay(500)
                    .set_tcp_settings(tcp_settings());
                let conn = ConnectionManager::new_with_config(client.clone(), manager).await?;
                Ok(Conn::Shared(conn))
            }
            Backend::Cluster { shared, .. } => {
                Ok(Conn::Cluster(shared.get_async_connection().await?))
            }
        }
    }

    /// A connection of one feed's own: `XREAD BLOCK` holds a connection until it answers,
    /// so it cannot share one with other calls.
    pub(super) async fn feed_connection(&self, config: &RedisConfig) -> RedisResult<Conn> {
        match self {
            Backend::Single(client) => {
                let settings = AsyncConnectionConfig::new()
                    .set_connection_timeout(config.connect_timeout)
                    .set_response_timeout(feed_response_timeout(config))
                    .set_tcp_settings(tcp_settings());
                let conn = client
                    .get_multiplexed_async_connection_with_config(&settings)
                    .await?;
                Ok(Conn::Own(conn))
            }
            Backend::Cluster { feeds, .. } => {
                Ok(Conn::Cluster(feeds.get_async_connection().await?))
            }
        }
    }
}

/// The connection every call but the feeds' blocking reads shares, replaced when it stops
/// answering (see the module's notes).
pub(super) struct Shared {
    current: RwLock<Conn>,
    /// A replacement is under way (or one just finished: see [`REPLACE_BACKOFF_MAX`]).
    replacing: AtomicBool,
    backend: Backend,
    config: RedisConfig,
}

impl Shared {
    /// The current connection (a cheap clone of a handle).
    pub(super) fn get(&self) -> Conn {
        self.current
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Runs one call under the store's timeout; a call that times out makes the
    /// connection suspect.
    pub(super) async fn bounded<T>(
        self: &Arc<Self>,
        fut: impl Future<Output = RedisResult<T>>,
    ) -> Result<T, StoreError> {
        self.within(self.config.op_timeout, fut).await
    }

    /// PING on the shared connection: whether this replica can reach Redis now. A PING
    /// that times out starts a replacement, so an idle replica heals too.
    pub(super) async fn ping(self: &Arc<Self>) -> Result<(), StoreError> {
        let mut conn = self.get();
        let limit = PING_TIMEOUT.min(self.config.op_timeout);
        self.within(limit, redis::cmd("PING").query_async::<()>(&mut conn))
            .await
    }

    async fn within<T>(
        self: &Arc<Self>,
        limit: Duration,
        fut: impl Future<Output = RedisResult<T>>,
    ) -> Result<T, StoreError> {
        match tokio::time::timeout(limit, fut).await {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(e)) => {
                if e.is_timeout() {
                    self.suspect();
                }
                Err(unavailable(e))
            }
            Err(_) => {
                self.suspect();
                Err(unavailable_timeout(&self.config))
            }
        }
    }

    /// The connection did not answer in time: connect a fresh one in the background and
    /// swap it in once it answers PING. Calls keep using the old one meanwhile (they fail
    /// fast while it is stuck); one replacement runs at a time.
    fn suspect(self: &Arc<Self>) {
        if self.replacing.swap(true, Ordering::AcqRel) {
            return;
        }
        let this = self.clone();
        tokio::spawn(async move {
            this.replace().await;
            // No second replacement right after a first: calls that timed out on the old
            // connection are still coming back.
            tokio::time::sleep(REPLACE_BACKOFF_MAX).await;
            this.replacing.store(false, Ordering::Release);
        });
    }

    async fn replace(&self) {
        let mut backoff = Duration::from_millis(50);
        let mut attempts = 0u32;
        loop {
            attempts += 1;
            match self.fresh().await {
                Ok(conn) => {
                    *self.current.write().unwrap_or_else(|p| p.into_inner()) = conn;
                    tracing::warn!(
                        attempts,
                        "replaced a Redis connection that stopped answering"
                    );
                    return;
                }
                Err(e) => {
                    if let Some(suppressed) = crate::throttle::admit("redis_replace_retry") {
                        tracing::warn!(
                            suppressed,
                            attempts,
                            error = %e,
                            "cannot replace a Redis connection that stopped answering; retrying"
                        );
                    }
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(REPLACE_BACKOFF_MAX);
                }
            }
        }
    }

    /// A new shared connection that answered PING.
    async fn fresh(&self) -> Result<Conn, StoreError> {
        let connect = self.backend.shared_connection(&self.config);
        let mut conn = tokio::time::timeout(self.config.connect_timeout + PING_TIMEOUT, connect)
            .await
            .map_err(|_| unavailable_timeout(&self.config))?
            .map_err(unavailable)?;
        let ping = redis::cmd("PING");
        tokio::time::timeout(PING_TIMEOUT, ping.query_async::<()>(&mut conn))
            .await
            .map_err(|_| unavailable_timeout(&self.config))?
            .map_err(unavailable)?;
        Ok(conn)
    }
}
