//! One way to talk to Redis, whether it is one server or a Redis Cluster.
//!
//! Every key a script or a transaction touches shares its session's `{id}` hash tag, so
//! each of them lands on one cluster node. Commands on several sessions (the lobby's
//! reads, index pruning) are sent one per key, concurrently, never as one pipeline: a
//! pipeline must stay within one slot on a cluster. Over a multiplexed connection the
//! concurrent commands are pipelined on the wire anyway.

use super::feed::BLOCK_MS;
use super::{unavailable, unavailable_timeout, RedisConfig};
use crate::store::StoreError;
use redis::aio::{
    ConnectionLike, ConnectionManager, ConnectionManagerConfig, MultiplexedConnection,
};
use redis::cluster::{ClusterClient, ClusterClientBuilder};
use redis::cluster_async::ClusterConnection;
use redis::{AsyncConnectionConfig, Client, Cmd, Pipeline, RedisFuture, RedisResult, Value};
use std::time::Duration;

/// Where connections come from.
#[derive(Clone)]
pub(super) enum Backend {
    Single(Client),
    /// The client of the blocking feed connections (its response timeout outlasts a
    /// `XREAD BLOCK`).
    Cluster(ClusterClient),
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
pub(super) async fn connect(config: &RedisConfig) -> Result<(Backend, Conn), StoreError> {
    let within = config.op_timeout + config.connect_timeout;
    if config.cluster {
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
                .build()
                .map_err(|e| StoreError::Unavailable(format!("bad Redis Cluster URL: {e}")))
        };
        let shared = cluster(config.op_timeout)?;
        let feeds = cluster(feed_response_timeout(config))?;
        let conn = tokio::time::timeout(within, shared.get_async_connection())
            .await
            .map_err(|_| unavailable_timeout(config))?
            .map_err(unavailable)?;
        return Ok((Backend::Cluster(feeds), Conn::Cluster(conn)));
    }
    let client = Client::open(config.url.as_str())
        .map_err(|e| StoreError::Unavailable(format!("bad Redis URL: {e}")))?;
    let manager = ConnectionManagerConfig::new()
        .set_connection_timeout(config.connect_timeout)
        .set_response_timeout(config.op_timeout)
        .set_number_of_retries(1)
        .set_factor(50)
        .set_max_delay(500);
    let conn = tokio::time::timeout(
        within,
        ConnectionManager::new_with_config(client.clone(), manager),
    )
    .await
    .map_err(|_| unavailable_timeout(config))?
    .map_err(unavailable)?;
    Ok((Backend::Single(client), Conn::Shared(conn)))
}

/// A blocking read waits `BLOCK_MS`, then gets the usual time to answer.
fn feed_response_timeout(config: &RedisConfig) -> Duration {
    Duration::from_millis(BLOCK_MS) + config.op_timeout
}

impl Backend {
    /// A connection of one feed's own: `XREAD BLOCK` holds a connection until it answers,
    /// so it cannot share one with other calls.
    pub(super) async fn feed_connection(&self, config: &RedisConfig) -> RedisResult<Conn> {
        match self {
            Backend::Single(client) => {
                let settings = AsyncConnectionConfig::new()
                    .set_connection_timeout(config.connect_timeout)
                    .set_response_timeout(feed_response_timeout(config));
                let conn = client
                    .get_multiplexed_async_connection_with_config(&settings)
                    .await?;
                Ok(Conn::Own(conn))
            }
            Backend::Cluster(client) => Ok(Conn::Cluster(client.get_async_connection().await?)),
        }
    }
}
