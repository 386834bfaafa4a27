//! Private `redis-server` and `agora-server` child processes, shared by the service's
//! integration tests and the tools (`agora-tools`): a crash or a `kill -9` must be a real
//! process exit. Standard library only (and `libc` for SIGTERM), so neither user pulls in
//! the other.

pub mod redis_process;
pub mod server_process;
