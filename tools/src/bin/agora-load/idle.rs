//! `agora-load idle`: how many idle StreamEvents spectators a server holds, and what each
//! costs in memory. Opens `--streams` spectator streams spread over sessions
//! (`--per-session` each) and connections (`--per-connection` each, under the server's
//! limit of 256), waits until every stream is open and the server is idle, reads the
//! server's resident memory before and after, then plays one move in every session and
//! checks that every stream delivers it.

use super::{connect, ms, new_game, percentile, Error, Run};
use agora_proto::v1 as pb;
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, Semaphore};

/// What the idle run needs beyond [`Run`].
pub struct Idle {
    pub streams: usize,
    pub per_session: usize,
    pub per_connection: usize,
    /// The server's process id when it runs apart (`--addr`); in-process, this process.
    pub server_pid: Option<u32>,
}

/// Resident memory (VmRSS) of process `pid` (`self` when `None`), in KiB.
fn rss_kib(pid: Option<u32>) -> Result<u64, Error> {
    let path = match pid {
        Some(pid) => format!("/proc/{pid}/status"),
        None => "/proc/self/status".to_string(),
    };
    let status = std::fs::read_to_string(&path)?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .ok_or_else(|| format!("no VmRSS in {path}").into())
}

/// CPU time (user + system) of process `pid` so far, from /proc/<pid>/stat.
fn cpu_time(pid: Option<u32>) -> Result<Duration, Error> {
    let path = match pid {
        Some(pid) => format!("/proc/{pid}/stat"),
        None => "/proc/self/stat".to_string(),
    };
    let stat = std::fs::read_to_string(&path)?;
    // Fields after the command name, which is in parentheses and may hold spaces.
    let rest = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest)
        .ok_or("malformed stat")?;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name.
    let ticks =
        |i: usize| -> Result<u64, Error> { Ok(fields.get(i).ok_or("short stat")?.parse::<u64>()?) };
    // Linux reports in USER_HZ, 100 on every supported architecture.
    Ok(Duration::from_millis((ticks(11)? + ticks(12)?) * 10))
}

pub async fn idle(run: &Run, idle: Idle) -> Result<(), Error> {
    let per_session = idle.per_session.max(1);
    let per_connection = idle.per_connection.max(1);
    let sessions = idle.streams.div_ceil(per_session);
    let pid = idle.server_pid;
    let mut control = connect(run.addr).await?;
    let mut games = Vec::with_capacity(sessions);
    for s in 0..sessions {
        games.push(new_game(&mut control, &run.options, s as u64).await?);
    }
    let mut channels = Vec::new();
    for _ in 0..idle.streams.div_ceil(per_connection) {
        channels.push(connect(run.addr).await?);
    }
    // Settle, then the baseline: sessions exist, no stream is open.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = rss_kib(pid)?;

    let opening = Instant::now();
    let (opened_tx, mut opened_rx) = mpsc::unbounded_channel::<Result<(), String>>();
    let (got_tx, mut got_rx) = mpsc::unbounded_channel::<(u64, Instant)>();
    // Under the server's limit on calls in flight: a stream counts until it is open.
    let in_flight = Arc::new(Semaphore::new(1024));
    let mut tasks = Vec::with_capacity(idle.streams);
    for i in 0..idle.streams {
        let mut client = channels[i / per_connection].clone();
        let id = games[i / per_session].id.clone();
        let opened = opened_tx.clone();
        let got = got_tx.clone();
        let in_flight = in_flight.clone();
        tasks.push(tokio::spawn(async move {
            let permit = in_flight.acquire_owned().await;
            let request = pb::StreamEventsRequest {
                session_id: id,
                after_version: 0,
            };
            let mut stream = match client.stream_events(request).await {
                Ok(response) => response.into_inner(),
                Err(status) => {
                    drop(permit);
                    let _ = opened.send(Err(status.to_string()));
                    return;
                }
            };
            drop(permit);
            let _ = opened.send(Ok(()));
            drop(opened);
            while let Ok(Some(item)) = stream.message().await {
                if got.send((item.version, Instant::now())).is_err() {
                    break;
                }
            }
        }));
    }
    drop(opened_tx);
    drop(got_tx);
    let mut open = 0usize;
    let mut refused = Vec::new();
    // Each task reports once (and keeps its sender while its stream lives).
    for _ in 0..idle.streams {
        let result = opened_rx
            .recv()
            .await
            .ok_or("a stream task ended before reporting")?;
        match result {
            Ok(()) => open += 1,
            Err(e) => refused.push(e),
        }
    }
    let open_time = opening.elapsed();
    // Idle: nothing happens for a few seconds; the server should spend no CPU on it.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let cpu_before = cpu_time(pid)?;
    let quiet = Duration::from_secs(5);
    tokio::time::sleep(quiet).await;
    let idle_cpu = cpu_time(pid)?.saturating_sub(cpu_before);
    let after = rss_kib(pid)?;
    let per_stream = (after.saturating_sub(before) as f64 * 1024.0) / open.max(1) as f64;
    println!(
        "idle store={} config={} streams={} per_session={per_session} per_connection={per_connection} \
         server={}: {open} open ({} refused{}) in {:.1} s; server RSS {:.1} MiB -> {:.1} MiB, \
         {:.0} bytes per open stream; server CPU while idle {:.1}% of a core",
        run.store,
        run.config,
        idle.streams,
        match pid {
            Some(pid) => format!("pid {pid}"),
            None => "in-process (RSS includes the client side)".to_string(),
        },
        refused.len(),
        refused
            .first()
            .map(|e| format!(", first: {e}"))
            .unwrap_or_default(),
        open_time.as_secs_f64(),
        before as f64 / 1024.0,
        after as f64 / 1024.0,
        per_stream,
        idle_cpu.as_secs_f64() * 100.0 / quiet.as_secs_f64(),
    );

    // One move per session; every open stream must deliver version 1.
    let mut rng = StdRng::seed_from_u64(11);
    let start = Instant::now();
    for game in &mut games {
        game.step(&mut control, &mut rng).await?;
    }
    let submitted = start.elapsed();
    let mut latencies = Vec::with_capacity(open);
    let deadline = Duration::from_secs(60);
    while latencies.len() < open {
        let (version, at) = tokio::time::timeout(deadline, got_rx.recv())
            .await
            .map_err(|_| format!("{}/{open} streams delivered the move", latencies.len()))?
            .ok_or_else(|| format!("streams ended: {}/{open} delivered", latencies.len()))?;
        if version != 1 {
            return Err(format!("a stream delivered version {version}, expected 1").into());
        }
        latencies.push(at.saturating_duration_since(start));
    }
    latencies.sort();
    println!(
        "  one move in each of {sessions} sessions (submitted in {}): all {open} streams delivered it, \
         the last {} after the first submit (p50 {}, p99 {})",
        ms(submitted),
        ms(latencies.last().copied().unwrap_or_default()),
        ms(percentile(&latencies, 50.0)),
        ms(percentile(&latencies, 99.0)),
    );
    for task in tasks {
        task.abort();
    }
    Ok(())
}
