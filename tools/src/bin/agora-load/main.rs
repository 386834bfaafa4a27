//! `agora-load`: a bounded load generator for agora-server.
//!
//! * `submit`: N concurrent sessions, each driven by one client that submits random legal
//!   actions back to back (one in flight per session); reports SubmitAction throughput
//!   and latency percentiles. Legal actions come from a local replica of each session's
//!   state (same options and seed, same actions), so the timed loop sends only
//!   SubmitAction. With `--rate R` the load is open loop instead: R arrivals per second,
//!   latency from each arrival's scheduled time (see `open_loop.rs`).
//! * `fanout`: one session watched by M StreamEvents subscribers; each round submits one
//!   action and times its delivery to every subscriber.
//! * `idle`: N idle StreamEvents spectators over many sessions: the server's memory per
//!   open stream, then one move per session delivered to every stream (`idle.rs`).
//!
//! Sessions play one of the registry's sample configurations: `--game <id>` picks the
//! game (its first configuration), `--config <name>` a named one (`origin/standard_3p`, or
//! just `standard_3p` with `--game`); `--list-configs` prints every name.
//!
//! It serves in-process (`--store memory`, `--store redis` with `--redis-url` or
//! `--spawn-redis` for a private redis-server on a free loopback port, or
//! `--store redis-cluster` with `--redis-url` listing seed nodes), or drives a running
//! server given with `--addr`. Every run is bounded by `--seconds` or `--rounds`.
//! `--json <file>` (`-` for stdout) also writes the result as one JSON object, for scripts
//! such as `bench/vs-boardgameio.sh`.

use agora_engine::registry::{AnyOptions, AnyState, GameKind};
use agora_engine::Seat;
use agora_process::redis_process::RedisProcess;
use agora_proto::v1 as pb;
use agora_proto::v1::game_service_client::GameServiceClient;
use agora_service::api::convert;
use agora_service::config::{Config, StoreKind};
use clap::{Parser, Subcommand, ValueEnum};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};
use tonic::transport::Channel;
use tonic::Request;

mod footprint;
mod idle;
mod open_loop;

type Client = GameServiceClient<Channel>;
type Error = Box<dyn std::error::Error + Send + Sync>;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Store {
    Memory,
    Redis,
    RedisCluster,
}

#[derive(Debug, Parser)]
#[command(name = "agora-load", about = "Bounded load generator for agora-server")]
struct Args {
    /// Drive this running server instead of serving in-process.
    #[arg(long)]
    addr: Option<SocketAddr>,
    /// Store of the in-process server.
    #[arg(long, value_enum, default_value = "memory")]
    store: Store,
    /// Redis for `--store redis`, or comma-separated seed nodes for `--store redis-cluster`
    /// (loopback only in this project's benchmarks).
    #[arg(long)]
    redis_url: Option<String>,
    /// Start a private redis-server on a free loopback port for `--store redis`.
    #[arg(long)]
    spawn_redis: bool,
    /// The game played, by catalog id (`origin`, `terra-nova`, ...); `origin` unless
    /// `--config` names the game (`attika/3p`).
    #[arg(long)]
    game: Option<String>,
    /// One of the game's sample configurations (`standard_2p` or `origin/standard_2p`,
    /// as `--list-configs` prints them); the game's first one when unset.
    #[arg(long)]
    config: Option<String>,
    /// Print every configuration name and exit.
    #[arg(long)]
    list_configs: bool,
    /// Threads of this load generator (0: one per CPU it may use; one CPU, as when pinned
    /// with taskset, runs it on the current-thread scheduler).
    #[arg(long, global = true, default_value_t = 0)]
    worker_threads: usize,
    /// Also write the result as one JSON object to this file (`-`: stdout).
    #[arg(long, global = true)]
    json: Option<PathBuf>,
    #[command(subcommand)]
    mode: Option<Mode>,
}

/// Seat 0's view as JSON after `moves` random legal moves (fewer if the game ends).
fn view_after(options: &AnyOptions, moves: usize, seed: u64) -> Result<String, Error> {
    let mut state = AnyState::setup(options, seed).map_err(|e| format!("setup: {e:?}"))?;
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..moves {
        let Some(seat) = state.to_act().iter().next() else {
            break;
        };
        let legal = state.legal_actions(seat);
        if legal.is_empty() {
            break;
        }
        let action = &legal[rng.random_range(0..legal.len())];
        state
            .apply(seat, action)
            .map_err(|e| format!("a legal action was refused: {e}"))?;
    }
    let view = state.view(agora_engine::Viewer::Seat(Seat(0)));
    Ok(serde_json::to_string(&view)?)
}

/// The options `--game` and `--config` name, with the configuration's full name.
fn chosen_options(game: Option<&str>, config: Option<&str>) -> Result<(String, AnyOptions), Error> {
    let game = match (game, config.and_then(|c| c.split_once('/'))) {
        (Some(game), Some((named, _))) if game != named => {
            return Err(
                format!("--config {named}/...: not a configuration of --game {game}").into(),
            )
        }
        (Some(game), _) => game,
        (None, Some((named, _))) => named,
        (None, None) => "origin",
    };
    let kind = GameKind::from_id(game).ok_or_else(|| {
        let ids: Vec<_> = GameKind::ALL.iter().map(|g| g.id()).collect();
        format!(
            "--game {game}: not a hosted game (one of {})",
            ids.join(", ")
        )
    })?;
    let mut configurations = kind.configurations();
    let index = match config {
        None => 0,
        Some(name) => {
            let full = if name.contains('/') {
                name.to_string()
            } else {
                format!("{}/{name}", kind.id())
            };
            configurations
                .iter()
                .position(|(n, _)| *n == full)
                .ok_or_else(|| {
                    let names: Vec<_> = configurations.iter().map(|(n, _)| n.as_str()).collect();
                    format!("--config {name}: not one of {}", names.join(", "))
                })?
        }
    };
    if index >= configurations.len() {
        return Err(format!("{game} has no sample configuration").into());
    }
    Ok(configurations.swap_remove(index))
}

#[derive(Debug, Subcommand)]
enum Mode {
    /// SubmitAction throughput and latency over concurrent sessions.
    Submit {
        #[arg(long, default_value_t = 1)]
        sessions: usize,
        /// How long to submit (after a warm-up of one second).
        #[arg(long, default_value_t = 10)]
        seconds: u64,
        /// gRPC connections shared by the session drivers.
        #[arg(long, default_value_t = 4)]
        connections: usize,
        /// Open loop: offer this many SubmitAction per second, evenly spaced, whatever the
        /// latency (without it, each session submits back to back: closed loop).
        #[arg(long)]
        rate: Option<f64>,
    },
    /// Delivery latency of one event to many subscribers of one session.
    Fanout {
        #[arg(long, default_value_t = 1000)]
        subscribers: usize,
        /// Actions submitted (one event batch each), waiting for full delivery each time.
        #[arg(long, default_value_t = 50)]
        rounds: usize,
        /// Subscribers per gRPC connection (the server allows 256 streams each).
        #[arg(long, default_value_t = 100)]
        per_connection: usize,
    },
    /// Store memory per finished session, for each configuration whose name contains
    /// `--configs` (every 4-player one by default); `--store redis --spawn-redis` for Redis.
    Footprint {
        #[arg(long, default_value = "4p")]
        configs: String,
        /// Whole games played per configuration.
        #[arg(long, default_value_t = 20)]
        games: usize,
    },
    /// Prints seat 0's view of the configuration after `--moves` random legal moves, as JSON:
    /// a game state of a real game's size for other servers' benchmarks to carry
    /// (bench/vs-boardgameio.sh gives it to boardgame.io as its `G`). Starts no server.
    View {
        #[arg(long, default_value_t = 40)]
        moves: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Idle StreamEvents spectators held open: memory per stream, then one move each.
    Idle {
        #[arg(long, default_value_t = 10_000)]
        streams: usize,
        /// Spectator streams per session.
        #[arg(long, default_value_t = 10)]
        per_session: usize,
        /// Streams per gRPC connection (the server allows 256 streams each).
        #[arg(long, default_value_t = 250)]
        per_connection: usize,
        /// The server's process id when it runs apart (`--addr`), to read its memory.
        #[arg(long)]
        server_pid: Option<u32>,
    },
}

fn main() -> Result<(), Error> {
    let args = Args::parse();
    agora_service::runtime::build(args.worker_threads)?.block_on(run(args))
}

async fn run(args: Args) -> Result<(), Error> {
    if args.list_configs {
        for kind in GameKind::ALL {
            for (name, _) in kind.configurations() {
                println!("{name}");
            }
        }
        return Ok(());
    }
    let mode = args
        .mode
        .ok_or("a mode is needed: submit, fanout, idle or footprint (see --help)")?;
    let (config_name, options) = chosen_options(args.game.as_deref(), args.config.as_deref())?;
    if let Mode::View { moves, seed } = mode {
        // Written, not printed: a closed pipe (`| head`) is an error, not a panic.
        use std::io::Write;
        let json = view_after(&options, moves, seed)?;
        return writeln!(std::io::stdout(), "{json}").map_err(|e| format!("stdout: {e}").into());
    }
    let mut redis = None;
    let mut redis_url = args.redis_url.clone();
    let mut stop = None;
    let addr = match args.addr {
        Some(addr) => addr,
        None => {
            let mut config = Config::for_tests();
            config.max_sessions = 1_000_000;
            config.max_concurrent_requests = 1 << 16;
            match args.store {
                Store::Memory => config.store = StoreKind::Memory,
                Store::Redis => {
                    config.store = StoreKind::Redis;
                    config.redis_url = match (&args.redis_url, args.spawn_redis) {
                        (Some(url), _) => Some(url.clone()),
                        (None, true) => {
                            let server = RedisProcess::start(false)?;
                            let url = server.url();
                            redis_url = Some(url.clone());
                            redis = Some(server);
                            Some(url)
                        }
                        (None, false) => {
                            return Err("--store redis needs --redis-url or --spawn-redis".into())
                        }
                    };
                }
                Store::RedisCluster => {
                    config.store = StoreKind::RedisCluster;
                    config.redis_url = Some(
                        args.redis_url
                            .clone()
                            .ok_or("--store redis-cluster needs --redis-url listing seed nodes")?,
                    );
                }
            }
            let listener = tokio::net::TcpListener::bind(config.listen).await?;
            let addr = listener.local_addr()?;
            let (tx, rx) = oneshot::channel::<()>();
            stop = Some(tx);
            tokio::spawn(agora_service::serve(config, listener, async move {
                let _ = rx.await;
            }));
            addr
        }
    };
    let store = match (args.addr, args.store) {
        (Some(_), _) => "external",
        (None, Store::Memory) => "memory",
        (None, Store::Redis) => "redis",
        (None, Store::RedisCluster) => "redis-cluster",
    };
    let run = Run {
        addr,
        store,
        config: config_name,
        options,
    };
    let result = match mode {
        Mode::Submit {
            sessions,
            seconds,
            connections,
            rate: Some(rate),
        } => open_loop::submit(&run, sessions, seconds, connections, rate).await,
        Mode::Submit {
            sessions,
            seconds,
            connections,
            rate: None,
        } => submit(&run, sessions, seconds, connections).await,
        Mode::Fanout {
            subscribers,
            rounds,
            per_connection,
        } => fanout(&run, subscribers, rounds, per_connection).await,
        Mode::Footprint { configs, games } => {
            let url = (args.store == Store::Redis).then_some(redis_url).flatten();
            // Prints its own table; nothing for --json yet.
            footprint::run(run.addr, url.as_deref(), &configs, games)
                .await
                .map(|()| Value::Null)
        }
        // Answered above, before any server starts.
        Mode::View { .. } => Ok(Value::Null),
        Mode::Idle {
            streams,
            per_session,
            per_connection,
            server_pid,
        } => {
            let idle = idle::Idle {
                streams,
                per_session,
                per_connection,
                server_pid,
            };
            idle::idle(&run, idle).await.map(|()| Value::Null)
        }
    };
    if let Some(stop) = stop {
        let _ = stop.send(());
    }
    drop(redis);
    let summary = result?;
    match args.json {
        Some(path) if path.as_os_str() == "-" => println!("{summary}"),
        Some(path) => std::fs::write(&path, format!("{summary}\n"))
            .map_err(|e| format!("--json {}: {e}", path.display()))?,
        None => {}
    }
    Ok(())
}

async fn connect(addr: SocketAddr) -> Result<Client, Error> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let endpoint = tonic::transport::Endpoint::from_shared(format!("http://{addr}"))?;
        match endpoint.connect().await {
            Ok(channel) => return Ok(GameServiceClient::new(channel)),
            Err(e) if Instant::now() > deadline => return Err(e.into()),
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
}

fn authed<T>(message: T, token: &str) -> Result<Request<T>, Error> {
    let mut request = Request::new(message);
    request
        .metadata_mut()
        .insert("authorization", format!("Bearer {token}").parse()?);
    Ok(request)
}

/// Where and what a run plays.
struct Run {
    addr: SocketAddr,
    /// The store, as the report names it.
    store: &'static str,
    /// The configuration's full name (`origin/standard_2p`).
    config: String,
    options: AnyOptions,
}

/// A started session (every seat taken) and a local replica of its state.
struct Game {
    id: String,
    tokens: Vec<String>,
    state: AnyState,
    version: u64,
}

async fn new_game(client: &mut Client, options: &AnyOptions, seed: u64) -> Result<Game, Error> {
    let session = client
        .create_session(pb::CreateSessionRequest {
            options: Some(convert::options_out(options)),
            seed: Some(seed),
            // One client plays every seat from the seed it chose: an unrated game.
            unrated: true,
            ..Default::default()
        })
        .await?
        .into_inner()
        .session
        .ok_or("no session in the answer")?;
    let mut tokens = Vec::new();
    for seat in 0..session.seats.len() as u32 {
        let joined = client
            .join_session(pb::JoinSessionRequest {
                session_id: session.session_id.clone(),
                seat: Some(seat),
                player_name: format!("load {seat}"),
                ..Default::default()
            })
            .await?
            .into_inner();
        tokens.push(joined.seat_token);
    }
    Ok(Game {
        id: session.session_id,
        tokens,
        state: AnyState::setup(options, seed)?,
        version: 0,
    })
}

impl Game {
    fn finished(&self) -> bool {
        self.state.outcome().is_some()
    }

    /// Submits one random legal action (pinned to the local version) and applies it
    /// locally; returns how long SubmitAction took.
    async fn step(&mut self, client: &mut Client, rng: &mut StdRng) -> Result<Duration, Error> {
        let to_act: Vec<Seat> = self.state.to_act().iter().collect();
        let seat = to_act
            .get(rng.random_range(0..to_act.len().max(1)))
            .copied()
            .ok_or("nobody is to act")?;
        let actions = self.state.legal_actions(seat);
        let action = actions
            .get(rng.random_range(0..actions.len().max(1)))
            .cloned()
            .ok_or("no legal action")?;
        let request = pb::SubmitActionRequest {
            session_id: self.id.clone(),
            action: Some(convert::action_out(&action)),
            expected_version: Some(self.version),
            request_id: String::new(),
        };
        let token = &self.tokens[usize::from(seat.0)];
        let t = Instant::now();
        let response = client.submit_action(authed(request, token)?).await?;
        let took = t.elapsed();
        self.state.apply(seat, &action)?;
        self.version += 1;
        if response.into_inner().version != self.version {
            return Err("the server's version differs from the local replica".into());
        }
        Ok(took)
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

fn millis(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

async fn submit(
    run: &Run,
    sessions: usize,
    seconds: u64,
    connections: usize,
) -> Result<Value, Error> {
    let mut clients = Vec::new();
    for _ in 0..connections.max(1) {
        clients.push(connect(run.addr).await?);
    }
    let warmup = Duration::from_secs(1);
    let start = Instant::now() + warmup;
    let end = start + Duration::from_secs(seconds);
    let mut drivers = Vec::new();
    for s in 0..sessions {
        let mut client = clients[s % clients.len()].clone();
        let options = run.options.clone();
        drivers.push(tokio::spawn(async move {
            let mut rng = StdRng::seed_from_u64(s as u64);
            let mut latencies = Vec::new();
            let mut game = new_game(&mut client, &options, rng.random()).await?;
            while Instant::now() < end {
                if game.finished() {
                    game = new_game(&mut client, &options, rng.random()).await?;
                }
                let took = game.step(&mut client, &mut rng).await?;
                if Instant::now() >= start {
                    latencies.push(took);
                }
            }
            Ok::<_, Error>(latencies)
        }));
    }
    let mut all = Vec::new();
    for driver in drivers {
        all.extend(driver.await??);
    }
    let elapsed = Duration::from_secs(seconds);
    all.sort();
    println!(
        "submit store={} config={} sessions={sessions} connections={} seconds={seconds}: {} SubmitAction, {:.0}/s, p50 {}, p99 {}, max {}",
        run.store,
        run.config,
        connections.max(1),
        all.len(),
        all.len() as f64 / elapsed.as_secs_f64(),
        ms(percentile(&all, 50.0)),
        ms(percentile(&all, 99.0)),
        ms(all.last().copied().unwrap_or_default()),
    );
    Ok(json!({
        "mode": "submit",
        "loop": "closed",
        "store": run.store,
        "config": run.config,
        "sessions": sessions,
        "connections": connections.max(1),
        "seconds": seconds,
        "completed": all.len(),
        "per_s": all.len() as f64 / elapsed.as_secs_f64(),
        "p50_ms": millis(percentile(&all, 50.0)),
        "p99_ms": millis(percentile(&all, 99.0)),
        "max_ms": millis(all.last().copied().unwrap_or_default()),
    }))
}

async fn fanout(
    run: &Run,
    subscribers: usize,
    rounds: usize,
    per_connection: usize,
) -> Result<Value, Error> {
    let addr = run.addr;
    let mut client = connect(addr).await?;
    let mut rng = StdRng::seed_from_u64(7);
    let mut game = new_game(&mut client, &run.options, 7).await?;
    let origin = Instant::now();
    let (tx, mut rx) = mpsc::unbounded_channel::<(u64, Duration)>();
    let mut channels = Vec::new();
    for _ in 0..subscribers.div_ceil(per_connection.max(1)) {
        channels.push(connect(addr).await?);
    }
    let (ready_tx, mut ready_rx) = mpsc::unbounded_channel::<()>();
    let mut tasks = Vec::new();
    for i in 0..subscribers {
        let mut client = channels[i / per_connection.max(1)].clone();
        let tx = tx.clone();
        let ready = ready_tx.clone();
        let id = game.id.clone();
        tasks.push(tokio::spawn(async move {
            let mut stream = client
                .stream_events(pb::StreamEventsRequest {
                    session_id: id,
                    after_version: 0,
                })
                .await?
                .into_inner();
            let _ = ready.send(());
            while let Some(item) = stream.message().await? {
                if tx.send((item.version, origin.elapsed())).is_err() {
                    break;
                }
            }
            Ok::<_, Error>(())
        }));
    }
    drop(tx);
    drop(ready_tx);
    for _ in 0..subscribers {
        ready_rx
            .recv()
            .await
            .ok_or("a subscriber failed to start")?;
    }
    // Streams are open; give the server a moment to attach every one to the feed.
    tokio::time::sleep(Duration::from_millis(300)).await;

    let mut deliveries = Vec::new();
    let mut slowest = Vec::new();
    let round_timeout = Duration::from_secs(30);
    for _ in 0..rounds {
        if game.finished() {
            break;
        }
        let sent = origin.elapsed();
        game.step(&mut client, &mut rng).await?;
        let version = game.version;
        let mut got = 0;
        let mut last = Duration::ZERO;
        while got < subscribers {
            let (v, at) = tokio::time::timeout(round_timeout, rx.recv())
                .await
                .map_err(|_| format!("version {version}: {got}/{subscribers} delivered"))?
                .ok_or("every subscriber ended")?;
            if v != version {
                return Err(format!("expected version {version}, a subscriber got {v}").into());
            }
            got += 1;
            let latency = at.saturating_sub(sent);
            last = last.max(latency);
            deliveries.push(latency);
        }
        slowest.push(last);
    }
    for task in tasks {
        task.abort();
    }
    deliveries.sort();
    slowest.sort();
    println!(
        "fanout store={} config={} subscribers={subscribers} rounds={}: per delivery p50 {}, p99 {}; whole round (last subscriber) p50 {}, p99 {}, max {}",
        run.store,
        run.config,
        slowest.len(),
        ms(percentile(&deliveries, 50.0)),
        ms(percentile(&deliveries, 99.0)),
        ms(percentile(&slowest, 50.0)),
        ms(percentile(&slowest, 99.0)),
        ms(slowest.last().copied().unwrap_or_default()),
    );
    Ok(json!({
        "mode": "fanout",
        "store": run.store,
        "config": run.config,
        "subscribers": subscribers,
        "rounds": slowest.len(),
        "delivery_p50_ms": millis(percentile(&deliveries, 50.0)),
        "delivery_p99_ms": millis(percentile(&deliveries, 99.0)),
        "round_p50_ms": millis(percentile(&slowest, 50.0)),
        "round_p99_ms": millis(percentile(&slowest, 99.0)),
        "round_max_ms": millis(slowest.last().copied().unwrap_or_default()),
    }))
}
