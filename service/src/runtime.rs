//! The tokio runtime the binaries run on, sized by `--worker-threads`.
//!
//! On one core the current-thread scheduler is both cheaper and better at batching: a call's
//! task that finishes queues its connection behind the other ready calls instead of running
//! it at once (the multi-thread scheduler's LIFO slot), so the responses that are ready
//! leave in one write per connection. Measured on one core (BENCHMARKS.md, "One core, one
//! thread"): 15 % more SubmitAction/s and 40 % less server CPU per fan-out round.

use tokio::runtime::{Builder, Runtime};

/// Builds the runtime for `worker_threads` (0: one per CPU the process may use, its
/// affinity and cgroup quota; one CPU or 1 gives the current-thread scheduler).
pub fn build(worker_threads: usize) -> std::io::Result<Runtime> {
    let threads = match worker_threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let mut builder = if threads == 1 {
        Builder::new_current_thread()
    } else {
        let mut builder = Builder::new_multi_thread();
        builder.worker_threads(threads);
        builder
    };
    // Idle workers give freed memory back (closed streams' memory stayed otherwise).
    #[cfg(feature = "mimalloc")]
    builder.on_thread_park(crate::alloc_trim::on_park);
    builder.enable_all().build()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_thread_is_the_current_thread_scheduler() {
        let runtime = build(1).expect("a runtime");
        assert_eq!(
            runtime.handle().runtime_flavor(),
            tokio::runtime::RuntimeFlavor::CurrentThread
        );
        let runtime = build(2).expect("a runtime");
        assert_eq!(
            runtime.handle().runtime_flavor(),
            tokio::runtime::RuntimeFlavor::MultiThread
        );
        assert_eq!(runtime.metrics().num_workers(), 2);
    }
}
