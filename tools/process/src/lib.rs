//! Private `redis-server`, PostgreSQL and `agora-server` child processes, shared by the service's
//! integration tests and the tools (`agora-tools`): a crash or a `kill -9` must be a real
//! process exit; and a TCP proxy that fails on command ([`fault_proxy`]), for network
//! faults. The standard library, `libc` for SIGTERM and Tokio for the proxy, so neither
//! user pulls in the other.

pub mod fault_proxy;
pub mod postgres_process;
pub mod redis_process;
pub mod server_process;
