//! Memory of idle event streams comes back when they close: a child `agora-server` (its
//! own process, so its resident memory is its alone) holds 10,000 idle spectator streams
//! over 40 connections, they close, and its resident memory (`VmRSS`) returns to within
//! a stated margin of what it was before. Not a timing test: the server is polled until
//! the memory is back, for at most [`SETTLE`].

use crate::support::harness::*;
use crate::support::server_process::ServerProcess;
use agora_proto::v1 as pb;
use std::time::{Duration, Instant};

const STREAMS: usize = 10_000;
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

/// Ignored until the memory is given back: on this build the server holds what its
/// streams took after they closed (44 MB -> 85 MB with 10,000 streams, 85 MB 20 s after
/// they closed; the same with MIMALLOC_PURGE_DELAY=0), see docs/operations.md, "Memory
/// of event streams". Run it with `--ignored` (about 25 s).
#[cfg(target_os = "linux")]
#[ignore = "the server keeps the memory of closed streams (docs/operations.md)"]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_of_ten_thousand_idle_streams_comes_back_when_they_close() {
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
    let streams = open_streams(&clients, &id, STREAMS).await;
    let opened_in = started_at.elapsed();
    let peak = rss(&server);
    drop(streams);
    let growth = peak.saturating_sub(baseline);
    let limit = baseline + margin_kib(growth);
    let after = settle(&server, limit).await;
    eprintln!(
        "stream memory: baseline {baseline} KiB, {STREAMS} idle streams {peak} KiB \
         (+{growth} KiB, {} B each, opened in {opened_in:?}), closed {after} KiB \
         (limit {limit} KiB)",
        growth * 1024 / STREAMS as u64
    );
    assert!(
        growth > 0,
        "{STREAMS} streams took no memory at all: the measurement is broken"
    );
    assert!(
        after <= limit,
        "after {STREAMS} streams closed the server holds {after} KiB, more than its \
         baseline {baseline} KiB plus {} KiB (peak {peak} KiB)",
        limit - baseline
    );
    // A second round: memory kept for reuse is reused (a leak would grow again).
    let streams = open_streams(&clients, &id, STREAMS).await;
    let second = rss(&server);
    drop(streams);
    eprintln!("stream memory: a second round of {STREAMS} streams {second} KiB");
    // With their connections closed too (h2 keeps a slab of each connection's streams).
    drop(clients);
    let closed = settle(&server, limit).await;
    eprintln!("stream memory: connections closed too {closed} KiB");
    // The connections stay usable.
    client
        .get_session(pb::GetSessionRequest {
            session_id: id.clone(),
        })
        .await
        .expect("the server still answers");
}
