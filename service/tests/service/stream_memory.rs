//! Memory of idle event streams comes back when they close: a child `agora-server` (its
//! own process, so its resident memory is its alone) holds 10,000 idle spectator streams
//! (2,000 in CI's form) over 40 connections, they close, and its resident memory
//! (`VmRSS`) returns to within a stated margin of what it was before; a second round
//! reuses what stayed instead of growing. Not a timing test: the server is polled until
//! the memory is back, for at most [`SETTLE`].

use crate::support::harness::*;
use crate::support::server_process::ServerProcess;
use agora_proto::v1 as pb;
use std::time::{Duration, Instant};

const CONNECTIONS: usize = 40;
/// Longest wait for the server to notice every closed stream and give its memory back.
const SETTLE: Duration = Duration::from_secs(20);
/// What may stay after the streams closed, in KiB, beyond the baseline: a fifth of what
/// the streams took at their peak (the report saw 70 %), and at least 4 MiB (allocator
/// pages kept for reuse, tokio's and h2's slabs of the 40 connections still open).
fn margin_kib(peak_growth_kib: u64) -> u64 {
    (peak_growth_kib / 5).max(4 * 1024)
}

async fn open_streams(
    clients: &[Client],
    id: &str,
    n: usize,
) -> Vec<tonic::Streaming<pb::StreamEventsResponse>> {
    let mut open = Vec::with_capacity(n);
    for chunk in (0..n).collect::<Vec<_>>().chunks(1000) {
        let calls = chunk.iter().map(|&i| {
            let mut client = clients[i % clients.len()].clone();
            let request = pb::StreamEventsRequest {
                session_id: id.to_string(),
                after_version: 0,
            };
            async move { client.stream_events(request).await }
        });
        for result in futures::future::join_all(calls).await {
            open.push(result.expect("an idle stream opens").into_inner());
        }
    }
    open
}

fn rss(server: &ServerProcess) -> u64 {
    server.rss_kib().expect("the server's VmRSS (Linux /proc)")
}

/// Waits until the server's memory is at most `limit` KiB; its last reading.
async fn settle(server: &ServerProcess, limit: u64) -> u64 {
    let start = Instant::now();
    loop {
        let now = rss(server);
        if now <= limit || start.elapsed() > SETTLE {
            return now;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// Opens `streams` idle spectator streams over [`CONNECTIONS`] connections of a fresh
/// server, closes them, and asserts that its memory comes back: after they closed, after
/// a second round (memory kept for reuse is reused; a leak grows again), and after the
/// connections closed too.
async fn streams_give_their_memory_back(streams: usize) {
    let server = ServerProcess::start_with(
        &[
            "--store",
            "memory",
            "--allow-chosen-seeds",
            "--max-concurrent-streams",
            "300",
            "--max-streams-per-address",
            "0",
            "--max-streams-per-player",
            "0",
        ],
        &[],
    );
    let mut client = server.client().await;
    let (id, _tokens) = started(&mut client, 2, true, 5).await;
    let mut clients = Vec::new();
    for _ in 0..CONNECTIONS {
        clients.push(server.client().await);
    }
    // A small round first, so that what any first stream sets up once is in the baseline.
    drop(open_streams(&clients, &id, 400).await);
    tokio::time::sleep(Duration::from_secs(1)).await;
    let baseline = rss(&server);

    let started_at = Instant::now();
    let open = open_streams(&clients, &id, streams).await;
    let opened_in = started_at.elapsed();
    let peak = rss(&server);
    drop(open);
    let growth = peak.saturating_sub(baseline);
    let limit = baseline + margin_kib(growth);
    let after = settle(&server, limit).await;
    eprintln!(
        "stream memory: baseline {baseline} KiB, {streams} idle streams {peak} KiB \
         (+{growth} KiB, {} B each, opened in {opened_in:?}), closed {after} KiB \
         (limit {limit} KiB)",
        growth * 1024 / streams as u64
    );
    // A second round: memory kept for reuse is reused (a leak would grow again).
    let open = open_streams(&clients, &id, streams).await;
    let second = rss(&server);
    drop(open);
    let second_after = settle(&server, limit).await;
    eprintln!(
        "stream memory: a second round of {streams} streams {second} KiB, closed \
         {second_after} KiB"
    );
    // With their connections closed too (h2 keeps a slab of each connection's streams).
    drop(clients);
    let closed = settle(&server, limit).await;
    eprintln!("stream memory: connections closed too {closed} KiB");
    assert!(
        growth > 0,
        "{streams} streams took no memory at all: the measurement is broken"
    );
    assert!(
        after <= limit,
        "after {streams} streams closed the server holds {after} KiB, more than its \
         baseline {baseline} KiB plus {} KiB (peak {peak} KiB)",
        limit - baseline
    );
    assert!(
        second <= peak + margin_kib(growth),
        "a second round of {streams} streams took the server to {second} KiB, past the \
         first round's peak {peak} KiB: the first round's memory was not reused"
    );
    assert!(
        second_after <= limit && closed <= limit,
        "after the second round the server holds {second_after} KiB, and {closed} KiB \
         with the connections closed, over {limit} KiB"
    );
    // The server still answers.
    client
        .get_session(pb::GetSessionRequest {
            session_id: id.clone(),
        })
        .await
        .expect("the server still answers");
}

/// CI's form: 2,000 streams (about 15 s in a debug build on a busy 2-core VM).
#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_of_two_thousand_idle_streams_comes_back_when_they_close() {
    streams_give_their_memory_back(2_000).await;
}

/// The 10,000 streams, `--ignored` (about 70 s in a debug build on a busy 2-core VM).
#[cfg(target_os = "linux")]
#[ignore = "long form (about 70 s); CI runs the 2,000-stream form"]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_of_ten_thousand_idle_streams_comes_back_when_they_close() {
    streams_give_their_memory_back(10_000).await;
}
