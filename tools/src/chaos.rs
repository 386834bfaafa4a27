//! `agora-chaos`: replicas killed with SIGKILL and Redis restarted (AOF, `appendfsync
//! always`) at random moments while bots play sessions of every configuration through
//! the replicas, with a StreamEvents follower on two replicas per session. Counts what
//! must never happen: acknowledged moves lost, versions duplicated or skipped, sessions
//! that cannot finish.

use crate::bot_session::{lazy_client, BotSession, CallStats, Client, Failure, RetryPolicy};
use crate::follower::{audit, follow, Audit, Followed};
use crate::tally::CodeTable;
use agora_engine::registry::{self, AnyOptions};
use agora_process::redis_process::RedisProcess;
use agora_process::server_process::{sibling_server_binary, ServerProcess};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{watch, RwLock, Semaphore};

pub type Error = Box<dyn std::error::Error + Send + Sync>;

#[derive(Debug, Clone, clap::Parser)]
#[command(
    name = "agora-chaos",
    about = "Kill replicas and restart Redis while bots play; count lost, duplicated and missing moves"
)]
pub struct ChaosArgs {
    /// agora-server replicas on the one Redis.
    #[arg(long, default_value_t = 3)]
    pub replicas: usize,
    /// Sessions played in all, cycling through every sample configuration of every game.
    #[arg(long, default_value_t = 26)]
    pub sessions: usize,
    /// Sessions played at once.
    #[arg(long, default_value_t = 8)]
    pub concurrency: usize,
    /// Most replica kills (SIGKILL, then a restart on the same address).
    #[arg(long, default_value_t = 20)]
    pub kills: usize,
    /// Most Redis restarts (SIGKILL, then a restart reloading the append-only file).
    #[arg(long, default_value_t = 2)]
    pub redis_restarts: usize,
    /// Play stops after this long (sessions still going are reported as cut by time).
    #[arg(long, default_value_t = 120)]
    pub seconds: u64,
    /// Mean pause between two faults, in milliseconds (drawn uniformly from half to 1.5x).
    #[arg(long, default_value_t = 1000)]
    pub fault_every_ms: u64,
    /// A session still going after this many moves stops there (reported, not a failure).
    #[arg(long, default_value_t = 3000)]
    pub max_moves: u64,
    /// Only configurations whose name contains this (`origin/`, `terra-nova/2p`).
    #[arg(long)]
    pub configs: Option<String>,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Create and join sessions while faults happen (JoinSession has no request id yet:
    /// a join whose answer is lost cannot be retried, and its session cannot finish).
    /// Without it no fault is injected while a session is being set up.
    #[arg(long)]
    pub join_under_fault: bool,
    /// After the --sessions planned, keep starting sessions until the fault budgets are
    /// used up (or --seconds runs out), so that a fast machine still gets every fault.
    #[arg(long)]
    pub keep_playing: bool,
    /// The agora-server binary (default: beside this executable).
    #[arg(long)]
    pub server_bin: Option<PathBuf>,
    /// Play through these running servers (a load balancer, say; repeat or separate with
    /// commas) instead of starting replicas and Redis: no fault is made from here (the
    /// faults come from outside, as in tools/netns/run.sh), and new sessions keep starting
    /// until --seconds.
    #[arg(long = "target", value_delimiter = ',')]
    pub targets: Vec<SocketAddr>,
    /// Also write the summary as JSON to this file.
    #[arg(long)]
    pub json: Option<PathBuf>,
}

/// How one session ended.
#[derive(Debug, Clone, serde::Serialize)]
pub struct SessionReport {
    pub config: String,
    pub id: String,
    /// finished, max-moves, time, stuck, setup-failed
    pub end: String,
    pub failure: Option<String>,
    pub acked: u64,
    pub followers: Vec<Followed>,
    pub audit: Audit,
}

#[derive(Debug, Default, Clone, serde::Serialize)]
pub struct Summary {
    pub replicas: usize,
    /// The running servers played through with --target (empty when this run started
    /// its own replicas).
    pub targets: Vec<String>,
    pub sessions: usize,
    pub finished: usize,
    pub cut_by_max_moves: usize,
    pub cut_by_time: usize,
    pub kills: usize,
    pub redis_restarts: usize,
    /// Calls made (CreateSession, JoinSession, SubmitAction), each counted once however
    /// many attempts it took.
    pub calls: u64,
    /// Of `calls`: answered after at least one failed attempt, so a retry cured them.
    pub cured_by_retry: u64,
    pub acked_moves: u64,
    pub streamed_messages: u64,
    pub stream_resumes: u64,
    /// Must be 0 from here on.
    pub lost: u64,
    pub duplicated: u64,
    pub gaps: u64,
    pub followers_incomplete: u64,
    pub cannot_finish: usize,
    /// Of `cannot_finish`: sessions whose JoinSession retry found its seat taken.
    pub join_seat_lost: usize,
    pub failed_attempts: Vec<(String, String, u64)>,
    /// (method, code, message) of the first failed attempt of each row of `failed_attempts`.
    pub failed_attempt_messages: Vec<(String, String, String)>,
    pub seconds: f64,
    pub failures: Vec<String>,
}

impl Summary {
    /// True when every count that must be 0 is.
    pub fn clean(&self) -> bool {
        self.lost == 0
            && self.duplicated == 0
            && self.gaps == 0
            && self.followers_incomplete == 0
            && self.cannot_finish == 0
    }
}

/// What the fault thread did.
#[derive(Debug, Default)]
struct Faults {
    kills: usize,
    redis_restarts: usize,
    errors: Vec<String>,
}

/// Kills a random replica or restarts Redis every so often, until `stop` or the budgets
/// run out; whatever it took down is back up when it returns.
fn inject_faults(
    servers: &mut [ServerProcess],
    redis: &mut RedisProcess,
    args: &ChaosArgs,
    stop: &AtomicBool,
    setup_gate: &RwLock<()>,
) -> Faults {
    let mut rng = StdRng::seed_from_u64(args.seed ^ 0xfa17);
    let mut faults = Faults::default();
    let mean = args.fault_every_ms.max(10);
    while !stop.load(Ordering::Relaxed)
        && (faults.kills < args.kills || faults.redis_restarts < args.redis_restarts)
    {
        std::thread::sleep(Duration::from_millis(
            rng.random_range(mean / 2..=mean * 3 / 2),
        ));
        if stop.load(Ordering::Relaxed) {
            break;
        }
        // Redis restarts spread evenly among the kills, the first one early (the third
        // fault), so that a short run has both.
        let done = faults.kills + faults.redis_restarts;
        let every = ((args.kills + args.redis_restarts) / args.redis_restarts.max(1)).max(1);
        let redis_turn = faults.redis_restarts < args.redis_restarts
            && (done % every == every.min(3) - 1 || faults.kills >= args.kills);
        let down = Duration::from_millis(rng.random_range(50..800));
        // No fault while a session is being set up, unless --join-under-fault.
        let _no_setup = (!args.join_under_fault).then(|| setup_gate.blocking_write());
        if redis_turn {
            redis.kill();
            std::thread::sleep(down);
            match redis.restart() {
                Ok(()) => faults.redis_restarts += 1,
                Err(e) => {
                    faults.errors.push(format!("redis restart: {e}"));
                    break;
                }
            }
        } else {
            let i = rng.random_range(0..servers.len());
            servers[i].kill9();
            std::thread::sleep(down);
            match servers[i].restart() {
                Ok(()) => faults.kills += 1,
                Err(e) => {
                    faults.errors.push(format!("replica {i} restart: {e}"));
                    break;
                }
            }
        }
    }
    faults
}

/// Runs the whole experiment and prints the report; the summary says whether it passed.
pub async fn run(args: ChaosArgs) -> Result<Summary, Error> {
    let started = Instant::now();
    let external = !args.targets.is_empty();
    let mut started_here = None;
    let addrs: Vec<SocketAddr> = if external {
        args.targets.clone()
    } else {
        let (servers, redis) = start_replicas(&args)?;
        let addrs = servers.iter().map(|s| s.addr).collect();
        started_here = Some((servers, redis));
        addrs
    };
    let players: Vec<Client> = addrs
        .iter()
        .map(|a| lazy_client(*a))
        .collect::<Result<_, _>>()?;
    let watchers: Vec<Client> = addrs
        .iter()
        .map(|a| lazy_client(*a))
        .collect::<Result<_, _>>()?;

    let mut configurations: Vec<(String, AnyOptions)> = registry::configurations()
        .into_iter()
        .filter(|(name, _)| args.configs.as_deref().is_none_or(|f| name.contains(f)))
        .collect();
    if configurations.is_empty() {
        return Err(format!("--configs {:?} matches no configuration", args.configs).into());
    }
    let shift = args.seed as usize % configurations.len();
    configurations.rotate_left(shift);
    let policy = RetryPolicy::default();
    let stats = CallStats::default();

    let stop = Arc::new(AtomicBool::new(false));
    let faults_over = Arc::new(AtomicBool::new(false));
    let setup_gate = Arc::new(RwLock::new(()));
    let fault_thread = started_here.map(|(mut servers, mut redis)| {
        let stop = stop.clone();
        let faults_over = faults_over.clone();
        let setup_gate = setup_gate.clone();
        let args = args.clone();
        std::thread::spawn(move || {
            let faults = inject_faults(&mut servers, &mut redis, &args, &stop, &setup_gate);
            faults_over.store(true, Ordering::Relaxed);
            (faults, servers, redis)
        })
    });

    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let slots = Arc::new(Semaphore::new(args.concurrency.max(1)));
    let mut tasks = Vec::new();
    for i in 0.. {
        let planned = i < args.sessions;
        let more = external || (args.keep_playing && !faults_over.load(Ordering::Relaxed));
        if !(planned || more) || Instant::now() > deadline {
            break;
        }
        let slot = slots.clone().acquire_owned().await?;
        let (config, options) = configurations[i % configurations.len()].clone();
        let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(i as u64);
        let session = Planned {
            index: i,
            config,
            options,
            seed,
        };
        let players = players.clone();
        let watchers = watchers.clone();
        let setup_gate = (!args.join_under_fault).then(|| setup_gate.clone());
        let max_moves = args.max_moves;
        tasks.push(tokio::spawn(async move {
            let report = play_one(
                session, setup_gate, players, watchers, policy, deadline, max_moves,
            )
            .await;
            drop(slot);
            report
        }));
    }
    let mut reports = Vec::new();
    for task in tasks {
        reports.push(task.await?);
    }
    stop.store(true, Ordering::Relaxed);
    let (faults, servers, redis) = match fault_thread {
        Some(thread) => {
            let (faults, servers, redis) =
                thread.join().map_err(|_| "the fault thread panicked")?;
            (faults, servers, Some(redis))
        }
        None => (Faults::default(), Vec::new(), None),
    };

    let mut summary = Summary {
        replicas: servers.len(),
        targets: args.targets.iter().map(|a| a.to_string()).collect(),
        sessions: reports.len(),
        kills: faults.kills,
        redis_restarts: faults.redis_restarts,
        failures: faults.errors,
        ..Summary::default()
    };
    let mut failed_attempts = CodeTable::default();
    failed_attempts.merge(&stats.failed_attempts);
    for (report, call_stats) in &reports {
        failed_attempts.merge(&call_stats.failed_attempts);
        summary.calls += call_stats.calls;
        summary.cured_by_retry += call_stats.cured_by_retry;
        match report.end.as_str() {
            "finished" => summary.finished += 1,
            "max-moves" => summary.cut_by_max_moves += 1,
            "time" => summary.cut_by_time += 1,
            _ => {
                summary.cannot_finish += 1;
                if report
                    .failure
                    .as_deref()
                    .is_some_and(|f| f.contains("seat gone"))
                {
                    summary.join_seat_lost += 1;
                }
            }
        }
        if let Some(f) = &report.failure {
            summary.failures.push(format!(
                "{} {} ({}): {f}",
                report.config, report.id, report.end
            ));
        }
        summary.acked_moves += report.acked;
        summary.lost += report.audit.lost;
        summary.duplicated += report.audit.duplicated;
        summary.gaps += report.audit.gaps;
        if let Some(why) = &report.audit.unreadable {
            summary.failures.push(format!(
                "{} {}: log unreadable: {why}",
                report.config, report.id
            ));
            summary.lost += report.acked.min(1);
        }
        for f in &report.followers {
            summary.streamed_messages += f.received;
            summary.stream_resumes += f.resumes;
            summary.duplicated += f.duplicates;
            summary.gaps += f.gaps;
            if !f.complete || f.not_found {
                summary.followers_incomplete += 1;
            }
        }
    }
    summary.failed_attempts = failed_attempts
        .rows()
        .map(|(m, c, n)| (m.to_string(), c.to_string(), n))
        .collect();
    summary.failed_attempt_messages = failed_attempts
        .rows()
        .filter_map(|(m, c, _)| {
            let message = failed_attempts.first_message(m, c)?;
            Some((m.to_string(), c.to_string(), message.to_string()))
        })
        .collect();
    summary.seconds = started.elapsed().as_secs_f64();
    // Servers that crashed by themselves are failures too (killed ones were restarted).
    for (i, mut server) in servers.into_iter().enumerate() {
        if let Some(status) = server.exited() {
            summary
                .failures
                .push(format!("replica {i} exited by itself: {status}"));
            summary.cannot_finish += 1;
        }
    }
    drop(redis);
    print(&summary);
    if let Some(path) = &args.json {
        std::fs::write(path, serde_json::to_string_pretty(&summary)?)?;
    }
    Ok(summary)
}

/// The replicas and the private Redis of a run that makes its own faults.
fn start_replicas(args: &ChaosArgs) -> Result<(Vec<ServerProcess>, RedisProcess), Error> {
    let binary = match &args.server_bin {
        Some(p) => p.clone(),
        None => sibling_server_binary()?,
    };
    let redis = RedisProcess::start(true)?;
    let url = redis.url();
    let mut servers = Vec::new();
    for _ in 0..args.replicas.max(2) {
        servers.push(ServerProcess::start(
            &binary,
            &[
                "--store",
                "redis",
                "--redis-url",
                &url,
                "--max-sessions",
                "1000000",
            ],
            &[],
        )?);
    }
    Ok((servers, redis))
}

/// One session of the plan.
struct Planned {
    index: usize,
    config: String,
    options: AnyOptions,
    seed: u64,
}

async fn play_one(
    session: Planned,
    setup_gate: Option<Arc<RwLock<()>>>,
    players: Vec<Client>,
    watchers: Vec<Client>,
    policy: RetryPolicy,
    deadline: Instant,
    max_moves: u64,
) -> (SessionReport, CallStats) {
    let Planned {
        index,
        config,
        options,
        seed,
    } = session;
    let mut stats = CallStats::default();
    let mut report = SessionReport {
        config,
        id: String::new(),
        end: "setup-failed".into(),
        failure: None,
        acked: 0,
        followers: Vec::new(),
        audit: Audit::default(),
    };
    let started = {
        let _no_fault = match &setup_gate {
            Some(gate) => Some(gate.read().await),
            None => None,
        };
        BotSession::start(&players, index, &options, seed, policy, &mut stats).await
    };
    let mut game = match started {
        Ok(game) => game,
        Err(failure) => {
            report.failure = Some(failure.to_string());
            return (report, stats);
        }
    };
    report.id = game.id.clone();
    // One follower on each of two replicas.
    let (until_tx, until_rx) = watch::channel(None);
    let followers: Vec<_> = (0..2)
        .map(|k| {
            tokio::spawn(follow(
                watchers.clone(),
                (index + k) % watchers.len(),
                game.id.clone(),
                until_rx.clone(),
                Duration::from_secs(30),
            ))
        })
        .collect();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut unanswered = 0;
    report.end = loop {
        if game.finished() {
            break "finished".into();
        }
        if game.version >= max_moves {
            break "max-moves".into();
        }
        if Instant::now() > deadline {
            break "time".into();
        }
        let first = index + game.version as usize;
        if let Err(failure) = game
            .step(&players, first, &mut rng, policy, &mut stats)
            .await
        {
            if matches!(failure, Failure::GaveUp(_)) {
                unanswered = 1;
            }
            report.failure = Some(failure.to_string());
            break "stuck".into();
        }
    };
    let _ = until_tx.send(Some(game.version));
    for f in followers {
        if let Ok(followed) = f.await {
            report.followers.push(followed);
        }
    }
    report.acked = game.acks.len() as u64;
    report.audit = audit(&players, &game.id, &game.acks, unanswered).await;
    (report, stats)
}

fn print(s: &Summary) {
    let through = if s.targets.is_empty() {
        format!("{} replicas", s.replicas)
    } else {
        format!("through {}", s.targets.join(", "))
    };
    println!(
        "chaos: {through}, {} sessions in {:.0} s: {} finished, {} cut at --max-moves, {} cut by --seconds",
        s.sessions, s.seconds, s.finished, s.cut_by_max_moves, s.cut_by_time
    );
    if s.targets.is_empty() {
        println!(
            "faults: {} replica kills (SIGKILL), {} Redis restarts (AOF always)",
            s.kills, s.redis_restarts
        );
    } else {
        println!("faults: none made here (--target: the faults come from outside)");
    }
    println!(
        "calls {} ({} answered only after a retry), acknowledged moves {}, streamed messages {} ({} stream resumes)",
        s.calls, s.cured_by_retry, s.acked_moves, s.streamed_messages, s.stream_resumes
    );
    println!(
        "must be 0: lost {}, duplicated {}, gaps {}, followers incomplete {}, sessions that cannot finish {} (of which join seat lost {})",
        s.lost, s.duplicated, s.gaps, s.followers_incomplete, s.cannot_finish, s.join_seat_lost
    );
    if !s.failed_attempts.is_empty() {
        println!("attempts retried, by method and code:");
        for (m, c, n) in &s.failed_attempts {
            println!("  {m:<14} {c:<20} {n}");
        }
        for (m, c, message) in &s.failed_attempt_messages {
            println!("  first {m} {c}: {message}");
        }
    }
    for f in s.failures.iter().take(30) {
        println!("failure: {f}");
    }
    println!("{}", if s.clean() { "PASS" } else { "FAIL" });
}
