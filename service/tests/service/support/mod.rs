//! What the service tests share: an in-process server and client helpers (`harness`,
//! with the `per_store!` macro), private `redis-server`s and Redis Clusters, and real
//! `agora-server` processes.

#[macro_use]
pub mod harness;
pub mod idp;
pub mod intercept;
pub mod postgres;
pub mod proto_json;
pub mod redis_cluster;
pub mod redis_server;
pub mod server_process;
