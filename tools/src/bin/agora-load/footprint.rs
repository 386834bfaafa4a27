//! `agora-load footprint`: what one finished session costs the store. Plays `--games`
//! whole games of each chosen configuration the way an SDK client does (request ids on
//! every call, random legal moves), then reports the average per finished session:
//! on Redis, `MEMORY USAGE` of each of the session's keys and the growth of Redis's
//! `used_memory` (which also counts the lobby indexes); on the memory store, the growth
//! of this process's resident memory (the server runs in-process), a rougher figure.

use agora_engine::registry::{self, AnyOptions};
use agora_service::store::redis::Keys;
use agora_tools::bot_session::{lazy_client, BotSession, CallStats, RetryPolicy};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::net::SocketAddr;

type Error = Box<dyn std::error::Error + Send + Sync>;

/// The Redis store's default key prefix (`--redis-prefix`), which the server under
/// measurement is expected to use.
const PREFIX: &str = "agora";

/// The short names of a session's keys, in the order of [`Keys::named`].
fn key_names() -> Vec<&'static str> {
    Keys::of_session(PREFIX, "")
        .named()
        .map(|(name, _)| name)
        .to_vec()
}

pub async fn run(
    addr: SocketAddr,
    redis_url: Option<&str>,
    filter: &str,
    games: usize,
) -> Result<(), Error> {
    let client = lazy_client(addr)?;
    let mut redis = match redis_url {
        Some(url) => Some(
            redis::Client::open(url)?
                .get_multiplexed_async_connection()
                .await?,
        ),
        None => None,
    };
    let configurations: Vec<(String, AnyOptions)> = registry::configurations()
        .into_iter()
        .filter(|(name, _)| name.contains(filter))
        .collect();
    if configurations.is_empty() {
        return Err(format!("no configuration name contains {filter:?}").into());
    }
    match redis {
        Some(_) => println!(
            "| configuration | moves | {} | sum of keys | used_memory growth |",
            key_names().join(" | ")
        ),
        None => println!("| configuration | moves | RSS growth per session |"),
    }
    for (name, options) in configurations {
        let before = match redis.as_mut() {
            Some(conn) => used_memory(conn).await?,
            None => rss_bytes()?,
        };
        let mut per_key = vec![0u64; key_names().len()];
        let mut moves = 0u64;
        for game in 0..games {
            let mut rng = StdRng::seed_from_u64(game as u64);
            let mut stats = CallStats::default();
            let policy = RetryPolicy::default();
            let replicas = [client.clone()];
            let mut session =
                BotSession::start(&replicas, 0, &options, game as u64, policy, &mut stats)
                    .await
                    .map_err(|e| format!("{name}: {e:?}"))?;
            while !session.finished() {
                session
                    .step(&replicas, 0, &mut rng, policy, &mut stats)
                    .await
                    .map_err(|e| format!("{name}: {e:?}"))?;
            }
            moves += session.version;
            if let Some(conn) = redis.as_mut() {
                let keys = Keys::of_session(PREFIX, &session.id);
                for (i, (_, key)) in keys.named().iter().enumerate() {
                    let usage: Option<u64> = redis::cmd("MEMORY")
                        .arg("USAGE")
                        .arg(*key)
                        .arg("SAMPLES")
                        .arg(0)
                        .query_async(conn)
                        .await?;
                    per_key[i] += usage.unwrap_or(0);
                }
            }
        }
        let n = games.max(1) as u64;
        match redis.as_mut() {
            Some(conn) => {
                let grown = used_memory(conn).await?.saturating_sub(before);
                let keys: Vec<String> = per_key.iter().map(|b| kb(b / n)).collect();
                println!(
                    "| {name} | {} | {} | {} | {} |",
                    moves / n,
                    keys.join(" | "),
                    kb(per_key.iter().sum::<u64>() / n),
                    kb(grown / n)
                );
            }
            None => {
                let grown = rss_bytes()?.saturating_sub(before);
                println!("| {name} | {} | {} |", moves / n, kb(grown / n));
            }
        }
    }
    Ok(())
}

fn kb(bytes: u64) -> String {
    format!("{:.1} KB", bytes as f64 / 1000.0)
}

async fn used_memory(conn: &mut redis::aio::MultiplexedConnection) -> Result<u64, Error> {
    let info: String = redis::cmd("INFO").arg("memory").query_async(conn).await?;
    info.lines()
        .find_map(|l| l.strip_prefix("used_memory:"))
        .and_then(|v| v.trim().parse().ok())
        .ok_or_else(|| "no used_memory in INFO".into())
}

/// This process's resident memory (Linux).
fn rss_bytes() -> Result<u64, Error> {
    let status = std::fs::read_to_string("/proc/self/status")?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map(|kib| kib * 1024)
        .ok_or_else(|| "no VmRSS in /proc/self/status".into())
}
