//! Failure testing, shared by the tools `agora-chaos`, `agora-fuzz` and `agora-soak`
//! (`src/bin/`) and the service tests; the server itself uses none of it. See
//! RELIABILITY.md at the repository root for how to run them and what they count.
//!
//! | module | holds |
//! |---|---|
//! | `redis_process`, `server_process` | private `redis-server` and `agora-server` child processes |
//! | `bot_session` | a session played by random bots, retrying with request ids across replicas |
//! | `follower` | resuming StreamEvents followers and the log audit |
//! | `raw_call`, `fuzz_bodies` | raw-bytes calls and the fuzzer's hostile bodies |
//! | `tally` | percentiles and answers per method and code |
//! | `chaos`, `fuzz`, `soak` | the three runs, with their command-line flags |

pub mod bot_session;
pub mod chaos;
pub mod follower;
pub mod fuzz;
pub mod fuzz_bodies;
pub mod raw_call;
pub mod redis_process;
pub mod server_process;
pub mod soak;
pub mod tally;
