//! `agora-soak`: holds many sessions of mixed play on one `agora-server` process for a
//! long time (bots think between moves; some sessions are abandoned part-way, the rest
//! play to the end, and each slot then starts a new one) and prints, per interval, the
//! server's resident memory and SubmitAction latency. With short `--finished-ttl` and
//! `--abandoned-ttl` the expiry of old sessions is part of the run, so a flat memory
//! line means expired sessions give their memory back.

use crate::bot_session::{lazy_client, BotSession, CallStats, Client, RetryPolicy};
use crate::fuzz::Store;
use crate::tally::{ms, percentile};
use agora_engine::registry::{self, AnyOptions};
use agora_process::redis_process::RedisProcess;
use agora_process::server_process::{sibling_server_binary, ServerProcess};
use agora_service::config::parse_duration;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub type Error = Box<dyn std::error::Error + Send + Sync>;

#[derive(Debug, Clone, clap::Parser)]
#[command(
    name = "agora-soak",
    about = "Hold many sessions of mixed play; report server memory and move latency over time"
)]
pub struct SoakArgs {
    /// Sessions held at once (each slot starts a new one when its game ends or is abandoned).
    #[arg(long, default_value_t = 1000)]
    pub sessions: usize,
    #[arg(long, default_value_t = 3600)]
    pub seconds: u64,
    /// Seconds per row of the table.
    #[arg(long, default_value_t = 60)]
    pub interval: u64,
    #[arg(long, value_enum, default_value = "memory")]
    pub store: Store,
    /// A bot's pause before each move: uniform between these, in milliseconds.
    #[arg(long, default_value_t = 200)]
    pub think_min_ms: u64,
    #[arg(long, default_value_t = 2000)]
    pub think_max_ms: u64,
    /// Share of sessions abandoned after a random number of moves (0 to 60).
    #[arg(long, default_value_t = 0.3)]
    pub abandon: f64,
    /// A session still going after this many moves is abandoned.
    #[arg(long, default_value_t = 2000)]
    pub max_moves: u64,
    /// The server's `--finished-ttl` (short, so expiry happens during the run).
    #[arg(long, default_value = "60s")]
    pub finished_ttl: String,
    /// The server's `--abandoned-ttl`.
    #[arg(long, default_value = "120s")]
    pub abandoned_ttl: String,
    /// Only configurations whose name contains this.
    #[arg(long)]
    pub configs: Option<String>,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Also write the rows as CSV to this file.
    #[arg(long)]
    pub csv: Option<PathBuf>,
    /// The agora-server binary (default: beside this executable).
    #[arg(long)]
    pub server_bin: Option<PathBuf>,
}

/// What the players did during one interval.
#[derive(Debug, Default)]
struct Interval {
    latencies: Vec<Duration>,
    errors: u64,
    started: u64,
    finished: u64,
    abandoned: u64,
}

/// What the store should hold by the players' own count: sessions not yet expired and
/// their moves. A store may hold more for a while (the memory store frees expired
/// sessions at its sweep, at most a minute late), never fewer. Memory can only be flat
/// once these two are.
#[derive(Debug)]
struct Ledger {
    /// Moves of each slot's current session (`None` between sessions).
    playing: Vec<Option<u64>>,
    /// Ended sessions: when they expire, and their moves.
    ended: Vec<(Instant, u64)>,
    finished_ttl: Duration,
    abandoned_ttl: Duration,
}

impl Ledger {
    fn new(slots: usize, finished_ttl: Duration, abandoned_ttl: Duration) -> Ledger {
        Ledger {
            playing: vec![None; slots],
            ended: Vec::new(),
            finished_ttl,
            abandoned_ttl,
        }
    }

    /// Slot `slot`'s session ended after `moves` moves, just written.
    fn ended(&mut self, slot: usize, moves: u64, finished: bool) {
        let ttl = if finished {
            self.finished_ttl
        } else {
            self.abandoned_ttl
        };
        self.ended.push((Instant::now() + ttl, moves));
        self.playing[slot] = None;
    }

    /// Sessions not yet expired at `now`, and their moves.
    fn live(&mut self, now: Instant) -> (usize, u64) {
        self.ended.retain(|(expires, _)| *expires > now);
        let playing = self.playing.iter().flatten();
        let sessions = playing.clone().count() + self.ended.len();
        let moves = playing.sum::<u64>() + self.ended.iter().map(|(_, m)| m).sum::<u64>();
        (sessions, moves)
    }
}

/// One row of the table.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Row {
    pub t_s: u64,
    pub rss_mib: f64,
    pub redis_mib: Option<f64>,
    pub moves: usize,
    pub moves_per_s: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    pub errors: u64,
    pub started: u64,
    pub finished: u64,
    pub abandoned: u64,
    /// Sessions the store should hold at this moment, and their moves (see [`Ledger`]).
    pub live_sessions: usize,
    pub live_moves: u64,
}

pub async fn run(args: SoakArgs) -> Result<Vec<Row>, Error> {
    let binary = match &args.server_bin {
        Some(p) => p.clone(),
        None => sibling_server_binary()?,
    };
    let redis = match args.store {
        Store::Memory => None,
        Store::Redis => Some(RedisProcess::start(false)?),
    };
    let mut flags: Vec<String> = [
        "--finished-ttl",
        &args.finished_ttl,
        "--abandoned-ttl",
        &args.abandoned_ttl,
        "--max-sessions",
        "10000000",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    flags.extend(RedisProcess::store_flags(redis.as_ref()));
    let flag_refs: Vec<&str> = flags.iter().map(String::as_str).collect();
    let mut server = ServerProcess::start(&binary, &flag_refs, &[])?;
    let redis_conn = match &redis {
        Some(r) => Some(
            redis::Client::open(r.url())?
                .get_multiplexed_async_connection()
                .await?,
        ),
        None => None,
    };
    let configurations: Vec<(String, AnyOptions)> = registry::configurations()
        .into_iter()
        .filter(|(name, _)| args.configs.as_deref().is_none_or(|f| name.contains(f)))
        .collect();
    if configurations.is_empty() {
        return Err(format!("--configs {:?} matches no configuration", args.configs).into());
    }
    let configurations = Arc::new(configurations);
    // A few connections, as a pool of clients would use.
    let clients: Vec<Client> = (0..8)
        .map(|_| lazy_client(server.addr))
        .collect::<Result<_, _>>()?;
    let interval = Arc::new(Mutex::new(Interval::default()));
    let ledger = Arc::new(Mutex::new(Ledger::new(
        args.sessions,
        parse_duration(&args.finished_ttl)?,
        parse_duration(&args.abandoned_ttl)?,
    )));
    let start = Instant::now();
    let end = start + Duration::from_secs(args.seconds);
    let mut slots = Vec::new();
    for slot in 0..args.sessions {
        let client = vec![clients[slot % clients.len()].clone()];
        let interval = interval.clone();
        let ledger = ledger.clone();
        let configurations = configurations.clone();
        let args = args.clone();
        slots.push(tokio::spawn(async move {
            let shared = Shared {
                interval: &interval,
                ledger: &ledger,
            };
            hold_slot(slot, client, &configurations, &args, end, shared).await
        }));
    }

    let mut csv = match &args.csv {
        Some(path) => {
            let mut f = std::fs::File::create(path)?;
            writeln!(f, "t_s,rss_mib,redis_mib,moves,moves_per_s,p50_ms,p99_ms,max_ms,errors,started,finished,abandoned,live_sessions,live_moves")?;
            Some(f)
        }
        None => None,
    };
    println!(
        "soak store={:?} sessions={} seconds={} think={}..{} ms abandon={} finished-ttl={} abandoned-ttl={}",
        args.store, args.sessions, args.seconds, args.think_min_ms, args.think_max_ms, args.abandon, args.finished_ttl, args.abandoned_ttl
    );
    println!(
        "{:>6} {:>9} {:>9} {:>8} {:>8} {:>8} {:>8} {:>8} {:>6} {:>7} {:>8} {:>9} {:>6} {:>10}",
        "t_s",
        "rss_MiB",
        "redis_MiB",
        "moves",
        "moves/s",
        "p50_ms",
        "p99_ms",
        "max_ms",
        "errors",
        "started",
        "finished",
        "abandoned",
        "live",
        "live_moves"
    );
    let mut rows = Vec::new();
    let step = Duration::from_secs(args.interval.max(1));
    let mut next = start + step;
    let mut last = start;
    loop {
        tokio::time::sleep_until(next.min(end).into()).await;
        let now = Instant::now();
        let data = std::mem::take(&mut *interval.lock().map_err(|_| "lock")?);
        let (live_sessions, live_moves) = ledger.lock().map_err(|_| "lock")?.live(now);
        let mut latencies = data.latencies;
        latencies.sort();
        let redis_mib = match &redis_conn {
            Some(conn) => used_memory(conn.clone())
                .await
                .map(|b| b as f64 / 1048576.0),
            None => None,
        };
        let secs = now.duration_since(last).as_secs_f64().max(1e-9);
        let row = Row {
            t_s: now.duration_since(start).as_secs(),
            rss_mib: server.rss_kib().unwrap_or(0) as f64 / 1024.0,
            redis_mib,
            moves: latencies.len(),
            moves_per_s: latencies.len() as f64 / secs,
            p50_ms: ms(percentile(&latencies, 50.0)),
            p99_ms: ms(percentile(&latencies, 99.0)),
            max_ms: ms(latencies.last().copied().unwrap_or_default()),
            errors: data.errors,
            started: data.started,
            finished: data.finished,
            abandoned: data.abandoned,
            live_sessions,
            live_moves,
        };
        println!(
            "{:>6} {:>9.1} {:>9} {:>8} {:>8.0} {:>8.2} {:>8.2} {:>8.2} {:>6} {:>7} {:>8} {:>9} {:>6} {:>10}",
            row.t_s,
            row.rss_mib,
            row.redis_mib
                .map(|m| format!("{m:.1}"))
                .unwrap_or_else(|| "-".into()),
            row.moves,
            row.moves_per_s,
            row.p50_ms,
            row.p99_ms,
            row.max_ms,
            row.errors,
            row.started,
            row.finished,
            row.abandoned,
            row.live_sessions,
            row.live_moves
        );
        if let Some(f) = csv.as_mut() {
            writeln!(
                f,
                "{},{:.1},{},{},{:.1},{:.3},{:.3},{:.3},{},{},{},{},{},{}",
                row.t_s,
                row.rss_mib,
                row.redis_mib.map(|m| format!("{m:.1}")).unwrap_or_default(),
                row.moves,
                row.moves_per_s,
                row.p50_ms,
                row.p99_ms,
                row.max_ms,
                row.errors,
                row.started,
                row.finished,
                row.abandoned,
                row.live_sessions,
                row.live_moves
            )?;
        }
        rows.push(row);
        last = now;
        if now >= end {
            break;
        }
        next += step;
    }
    for slot in slots {
        slot.abort();
    }
    if let Some(status) = server.exited() {
        return Err(format!(
            "agora-server exited during the soak: {status}\n{}",
            server.log_text()
        )
        .into());
    }
    drop(redis);
    Ok(rows)
}

/// Redis's `used_memory`, in bytes.
async fn used_memory(mut conn: redis::aio::MultiplexedConnection) -> Option<u64> {
    let info: String = redis::cmd("INFO")
        .arg("memory")
        .query_async(&mut conn)
        .await
        .ok()?;
    info.lines()
        .find_map(|l| l.strip_prefix("used_memory:"))
        .and_then(|v| v.trim().parse().ok())
}

/// What every slot writes to.
#[derive(Clone, Copy)]
struct Shared<'a> {
    interval: &'a Mutex<Interval>,
    ledger: &'a Mutex<Ledger>,
}

/// One slot: a session after another until `end`.
async fn hold_slot(
    slot: usize,
    client: Vec<Client>,
    configurations: &[(String, AnyOptions)],
    args: &SoakArgs,
    end: Instant,
    shared: Shared<'_>,
) {
    let Shared { interval, ledger } = shared;
    let mut rng = StdRng::seed_from_u64(args.seed.wrapping_mul(7919).wrapping_add(slot as u64));
    let policy = RetryPolicy::default();
    let mut stats = CallStats::default();
    let think = |rng: &mut StdRng| {
        Duration::from_millis(
            rng.random_range(args.think_min_ms..=args.think_max_ms.max(args.think_min_ms)),
        )
    };
    // Spread the slots' first calls over the first pause.
    tokio::time::sleep(think(&mut rng)).await;
    while Instant::now() < end {
        let Some((_, options)) = configurations.choose(&mut rng) else {
            return;
        };
        let mut game =
            match BotSession::start(&client, 0, options, rng.random(), policy, &mut stats).await {
                Ok(g) => g,
                Err(_) => {
                    if let Ok(mut i) = interval.lock() {
                        i.errors += 1;
                    }
                    tokio::time::sleep(think(&mut rng)).await;
                    continue;
                }
            };
        if let Ok(mut i) = interval.lock() {
            i.started += 1;
        }
        if let Ok(mut l) = ledger.lock() {
            l.playing[slot] = Some(game.version);
        }
        let abandon_at = rng
            .random_bool(args.abandon.clamp(0.0, 1.0))
            .then(|| rng.random_range(0..60u64));
        loop {
            if game.finished() {
                if let Ok(mut i) = interval.lock() {
                    i.finished += 1;
                }
                if let Ok(mut l) = ledger.lock() {
                    l.ended(slot, game.version, true);
                }
                break;
            }
            if abandon_at.is_some_and(|n| game.version >= n) || game.version >= args.max_moves {
                if let Ok(mut i) = interval.lock() {
                    i.abandoned += 1;
                }
                if let Ok(mut l) = ledger.lock() {
                    l.ended(slot, game.version, false);
                }
                break;
            }
            tokio::time::sleep(think(&mut rng)).await;
            if Instant::now() >= end {
                return;
            }
            let result = game.step(&client, 0, &mut rng, policy, &mut stats).await;
            let (Ok(mut i), Ok(mut l)) = (interval.lock(), ledger.lock()) else {
                return;
            };
            match result {
                Ok(took) => {
                    i.latencies.push(took);
                    l.playing[slot] = Some(game.version);
                }
                Err(_) => {
                    i.errors += 1;
                    l.ended(slot, game.version, false);
                    break;
                }
            }
        }
    }
}
