//! Crash points for tests of retries: `fail::fail_point!` sites after a store write and
//! before the answer (`create-stored`, `join-stored`, `submit-stored`, `bot-committed`, `import-partial` (an import's first version of several); and on Redis
//! `create-before-index`, between the session's script and the lobby indexes; the archive
//! worker's `archive-before-write`, after it claimed a job, and `archive-written`, after the
//! database write and before the job is finished; the rating worker's `rating-before-apply`,
//! after it read the players' ratings, and `rating-applied`, after the update and before the
//! job is finished). They compile to
//! nothing unless the `fail` crate's `failpoints` feature is on, which only the test
//! build turns on; there `FAILPOINTS=join-stored=return` makes the server die at that
//! point, after its write, as a `kill -9` would.

/// Ends the process at once (no answer, no flush, no graceful shutdown).
pub fn crash(at: &str) -> ! {
    eprintln!("fail point {at}: crashing after the store write");
    std::process::abort()
}

/// Arms the fail points named in `FAILPOINTS`, in a build that has them; a no-op
/// otherwise. Keep the guard for the life of the process.
pub fn arm() -> Option<fail::FailScenario<'static>> {
    fail::has_failpoints().then(fail::FailScenario::setup)
}
