//! Test and load tooling for agora-server, kept out of the production crate: the
//! failure-testing runs behind `agora-chaos`, `agora-fuzz`, `agora-soak` and `agora-upgrade` (`src/bin/`;
//! `agora-load` is a binary of its own, `src/bin/agora-load/`). They reach the server
//! through agora-service's public API and, for replicas and Redis, child processes
//! (`agora-process`). See RELIABILITY.md and BENCHMARKS.md at the repository root for how
//! to run them and what they count.
//!
//! | module | holds |
//! |---|---|
//! | `bot_session` | a session played by random bots, retrying with request ids across replicas |
//! | `follower` | resuming StreamEvents followers and the log audit |
//! | `raw_call`, `fuzz_bodies` | raw-bytes calls and the fuzzer's hostile bodies |
//! | `tally` | percentiles and answers per method and code |
//! | `chaos`, `fuzz`, `soak` | the three runs, with their command-line flags |
//! | `upgrade` | the rolling upgrade between two server binaries on one Redis |

pub mod bot_session;
pub mod chaos;
pub mod follower;
pub mod fuzz;
pub mod fuzz_bodies;
pub mod raw_call;
pub mod soak;
pub mod tally;
pub mod upgrade;
