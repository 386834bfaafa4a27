//! `agora-load submit --rate R`: open-loop SubmitAction load.
//!
//! Arrivals are scheduled evenly, R per second, whatever the server does; each goes to a
//! session with no move in flight (at most one in flight per session). When every session
//! is busy the arrival waits for the first one to free up, and later arrivals queue behind
//! it. Latency is measured from an arrival's *scheduled* time, not from when it could be
//! sent, so a slow server shows as queueing delay instead of silently lowering the offered
//! load (no coordinated omission).
//!
//! A module of the `agora-load` binary; it uses the binary's session
//! helpers through `super`.

use super::{connect, millis, new_game, percentile, Error, Run};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// One completed arrival: when it was scheduled, and when its SubmitAction answered.
type Done = (Instant, Instant);

/// What the pacing thread counted over the window.
#[derive(Debug, Default)]
struct Paced {
    /// Arrivals scheduled inside the window.
    offered: u64,
    /// Of those, the ones that found every session with a move in flight.
    busy: u64,
    /// Of those, the ones still unsent when the drain limit passed.
    not_sent: u64,
    failed: Option<String>,
}

/// How long the backlog of arrivals scheduled inside the window may take to drain after
/// the window closes; what is still unsent then is reported as `not_sent`.
fn drain_limit(seconds: u64) -> Duration {
    Duration::from_secs(seconds.clamp(1, 10))
}

pub async fn submit(
    run: &Run,
    sessions: usize,
    seconds: u64,
    connections: usize,
    rate: f64,
) -> Result<Value, Error> {
    if !(rate.is_finite() && rate > 0.0) {
        return Err(
            format!("--rate {rate}: must be a positive number of actions per second").into(),
        );
    }
    let sessions = sessions.max(1);
    let mut clients = Vec::new();
    for _ in 0..connections.max(1) {
        clients.push(connect(run.addr).await?);
    }

    // Every session is created before the clock starts; a driver per session waits for
    // arrivals on its own channel and hands itself back on `idle` when its move is done.
    let (idle_tx, mut idle_rx) = mpsc::unbounded_channel::<usize>();
    let mut inboxes = Vec::new();
    let mut drivers = Vec::new();
    for s in 0..sessions {
        let mut client = clients[s % clients.len()].clone();
        let options = run.options.clone();
        let mut rng = StdRng::seed_from_u64(s as u64);
        let mut game = new_game(&mut client, &options, rng.random()).await?;
        let (tx, mut rx) = mpsc::channel::<Instant>(1);
        inboxes.push(tx);
        let idle = idle_tx.clone();
        idle_tx.send(s).map_err(|_| "the dispatcher is gone")?;
        drivers.push(tokio::spawn(async move {
            let mut done: Vec<Done> = Vec::new();
            while let Some(scheduled) = rx.recv().await {
                game.step(&mut client, &mut rng).await?;
                done.push((scheduled, Instant::now()));
                if game.finished() {
                    game = new_game(&mut client, &options, rng.random()).await?;
                }
                if idle.send(s).is_err() {
                    break;
                }
            }
            Ok::<_, Error>(done)
        }));
    }
    drop(idle_tx);

    // The arrivals are paced on a thread of their own: a thread's sleep wakes within tens
    // of microseconds, the runtime's timer only to the millisecond, and lateness in sending
    // an arrival counts in its latency.
    let interval = Duration::from_secs_f64(1.0 / rate);
    let origin = Instant::now();
    let start = origin + Duration::from_secs(1);
    let end = start + Duration::from_secs(seconds);
    let give_up = end + drain_limit(seconds);
    let pacing = tokio::task::spawn_blocking(move || {
        let mut paced = Paced::default();
        for i in 0u64.. {
            let scheduled = origin + interval.mul_f64(i as f64);
            if scheduled >= end {
                break;
            }
            let measured = scheduled >= start;
            paced.offered += u64::from(measured);
            let now = Instant::now();
            if now >= give_up {
                paced.not_sent += u64::from(measured);
                continue;
            }
            if scheduled > now {
                std::thread::sleep(scheduled - now);
            }
            let session = match idle_rx.try_recv() {
                Ok(session) => session,
                Err(_) => {
                    paced.busy += u64::from(measured);
                    match idle_rx.blocking_recv() {
                        Some(session) => session,
                        None => {
                            paced.failed = Some("every session driver stopped".into());
                            break;
                        }
                    }
                }
            };
            if inboxes[session].blocking_send(scheduled).is_err() {
                paced.failed = Some(format!("the driver of session {session} stopped"));
                break;
            }
        }
        // Closing the inboxes lets each driver finish its move in flight and return.
        drop(inboxes);
        paced
    });
    let paced = pacing.await?;
    let mut all: Vec<Done> = Vec::new();
    let mut failed = None;
    for driver in drivers {
        match driver.await? {
            Ok(done) => all.extend(done),
            Err(e) => failed = failed.or(Some(e)),
        }
    }
    if let Some(e) = failed {
        return Err(e);
    }
    if let Some(e) = paced.failed {
        return Err(e.into());
    }
    let Paced {
        offered,
        busy,
        not_sent,
        ..
    } = paced;

    let completed_in_window = all
        .iter()
        .filter(|(_, done)| *done >= start && *done < end)
        .count();
    let mut latencies: Vec<Duration> = all
        .iter()
        .filter(|(scheduled, _)| *scheduled >= start)
        .map(|(scheduled, done)| done.saturating_duration_since(*scheduled))
        .collect();
    latencies.sort();
    let achieved = completed_in_window as f64 / seconds.max(1) as f64;
    let p50 = percentile(&latencies, 50.0);
    let p99 = percentile(&latencies, 99.0);
    let max = latencies.last().copied().unwrap_or_default();
    println!(
        "submit open loop store={} config={} sessions={sessions} connections={} seconds={seconds} rate={rate}/s: offered {offered}, achieved {achieved:.0}/s, latency from the scheduled time p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; arrivals that found every session busy {busy}, never sent {not_sent}",
        run.store,
        run.config,
        connections.max(1),
        millis(p50),
        millis(p99),
        millis(max),
    );
    Ok(json!({
        "mode": "submit",
        "loop": "open",
        "store": run.store,
        "config": run.config,
        "sessions": sessions,
        "connections": connections.max(1),
        "seconds": seconds,
        "rate": rate,
        "offered": offered,
        "completed": latencies.len(),
        "per_s": achieved,
        "p50_ms": millis(p50),
        "p99_ms": millis(p99),
        "max_ms": millis(max),
        "busy_arrivals": busy,
        "not_sent": not_sent,
    }))
}
