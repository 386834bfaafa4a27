//! The service's integration tests, one binary: each file beside this one is a module, so
//! `cargo test` links the service and its dependencies once instead of once per file.
//! Filter by module to run one group, e.g. `cargo test -p agora-service --test service
//! streams::`. Tests share this process: anything process-global (the tracing subscriber,
//! the OpenTelemetry providers, environment variables) is set only in a child process.

#[macro_use]
mod support;

mod archive;
mod archive_erasure;
mod archive_unfinished;
mod attika;
mod auth;
mod boards;
mod bots;
mod canonical;
mod chat;
mod clocks;
mod codes;
mod compat_fixtures;
mod contract;
mod crash_retry;
mod fair_games;
mod finished_logs;
mod games;
mod hidden;
mod history;
mod identity;
mod leave;
mod limits;
mod notifications;
mod operator_logs;
mod origins;
mod player_archive;
mod players;
mod playthroughs;
mod quick_match;
mod ratings;
mod redis_cluster;
mod redis_cluster_faults;
mod redis_faults;
mod redis_retry;
mod redis_scale;
mod redis_store;
mod rematch;
mod server;
mod state_cache;
mod stream_memory;
mod streams;
mod telemetry;
mod undo;
mod upgrades;
mod writes;
