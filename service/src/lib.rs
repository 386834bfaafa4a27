//! Agora's gRPC game server: the `agora.v1.GameService` API over a [`store::Store`],
//! with health, reflection and gRPC-Web. [`server::serve`] runs it on any listener.

#[cfg(feature = "mimalloc")]
pub mod alloc_trim;
pub mod api;
pub mod archive;
pub mod auth;
pub mod cache;
pub mod chat_filter;
pub mod clock;
pub mod config;
pub mod deadline;
pub mod failpoints;
pub mod identity;
pub mod limits;
pub mod locks;
pub mod matchmaking;
pub mod message_size;
pub mod metadata_size;
pub mod metrics;
pub mod notify;
pub mod ratings;
pub mod readiness;
pub mod runtime;
pub mod server;
pub mod store;
pub mod table;
pub mod telemetry;
pub mod throttle;
pub mod web;

pub use config::Config;
pub use server::serve;
