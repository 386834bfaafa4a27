//! How long Origins: First Builders games last: plays N games per configuration (solo,
//! 2, 3 and 4 players; base game, Builders' Challenges short / normal / long, Ancient
//! Wonders) with the builder bot (`first_builders::bot::Builder`: saves its Gold for
//! towers, raises a tower, builds, completes Districts whenever it can, passes last), and
//! prints per configuration the distribution of the rounds played and of the end
//! conditions that fired.
//!
//! ```sh
//! cargo run --release -p agora-engine --example origins_game_length -- --games 1000
//! ```

use agora_engine::first_builders::bot::Builder;
use agora_engine::first_builders::types::{Challenges, EndReason, Options};
use agora_engine::first_builders::FirstBuilders;
use agora_engine::Game;
use std::collections::BTreeMap;
use std::io::Write;

/// Rounds after which a game counts as unfinished.
const MAX_ROUNDS: u8 = 100;

/// Rounds played and the end conditions that fired; `None` if the game did not end.
fn play(options: &Options, seed: u64) -> Option<(u8, Vec<EndReason>)> {
    let mut state = FirstBuilders::setup(options, seed).ok()?;
    let mut bot = Builder::seeded(seed ^ 0x5eed);
    while state.round() <= MAX_ROUNDS {
        let Some((seat, action)) = bot.choose(&state) else {
            return (!state.end_reasons().is_empty())
                .then(|| (state.round(), state.end_reasons().to_vec()));
        };
        FirstBuilders::apply(&mut state, seat, &action).ok()?;
    }
    None
}

fn configurations() -> Vec<(String, Options)> {
    let mut out = Vec::new();
    for players in [1u8, 2, 3, 4] {
        let name = if players == 1 {
            "solo".to_string()
        } else {
            format!("{players}p")
        };
        for (suffix, challenges, wonders) in [
            ("base", Challenges::None, false),
            ("wonders", Challenges::None, true),
            ("challenges-short", Challenges::Short, false),
            ("challenges-normal", Challenges::Normal, false),
            ("challenges-long", Challenges::Long, false),
            ("both-normal", Challenges::Normal, true),
        ] {
            // Solo plays the Builders' Challenges with 5 tiles only.
            if players == 1 && matches!(challenges, Challenges::Short | Challenges::Long) {
                continue;
            }
            let options = Options {
                players,
                challenges,
                wonders,
                ..Options::default()
            };
            out.push((format!("{name} {suffix}"), options));
        }
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args
        .iter()
        .position(|a| a == "--games")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000);
    println!("Origins: First Builders game length, {games} games per configuration");
    println!("(bot: first_builders::bot::Builder: saves Gold for towers, raises a tower,");
    println!("builds, completes Districts when it can, passes last)\n");
    println!(
        "| configuration | games | rounds: mean (finished games) | rounds: distribution | \
         end condition (share of games) | ended in round 1 by |"
    );
    println!("|---|---|---|---|---|---|");
    let configs = configurations();
    for (k, (name, options)) in configs.iter().enumerate() {
        let mut rounds: BTreeMap<u8, u64> = BTreeMap::new();
        let mut reasons: BTreeMap<&'static str, u64> = BTreeMap::new();
        let mut round_one: BTreeMap<&'static str, u64> = BTreeMap::new();
        let mut unfinished = 0u64;
        for seed in 0..games {
            match play(options, seed) {
                Some((r, why)) => {
                    *rounds.entry(r).or_default() += 1;
                    for w in why {
                        *reasons.entry(w.code()).or_default() += 1;
                        if r == 1 {
                            *round_one.entry(w.code()).or_default() += 1;
                        }
                    }
                }
                None => unfinished += 1,
            }
            if (seed + 1) % 100 == 0 || seed + 1 == games {
                eprint!(
                    "\r[{}/{}] {name}: {}/{games}   ",
                    k + 1,
                    configs.len(),
                    seed + 1
                );
                let _ = std::io::stderr().flush();
            }
        }
        let finished: u64 = rounds.values().sum();
        let mean = if finished == 0 {
            0.0
        } else {
            rounds
                .iter()
                .map(|(r, n)| f64::from(*r) * *n as f64)
                .sum::<f64>()
                / finished as f64
        };
        // Rounds 1-6 one by one, longer games in buckets.
        let mut buckets: Vec<(String, u64)> = Vec::new();
        for (r, n) in &rounds {
            let label = match r {
                1..=6 => r.to_string(),
                7..=10 => "7-10".into(),
                11..=20 => "11-20".into(),
                21..=50 => "21-50".into(),
                _ => format!("51-{MAX_ROUNDS}"),
            };
            match buckets.last_mut() {
                Some((l, k)) if *l == label => *k += n,
                _ => buckets.push((label, *n)),
            }
        }
        let dist: Vec<String> = buckets
            .iter()
            .map(|(r, n)| format!("{r}: {:.1}%", 100.0 * *n as f64 / games as f64))
            .collect();
        let mut why: Vec<String> = reasons
            .iter()
            .map(|(w, n)| format!("{w} {:.1}%", 100.0 * *n as f64 / games as f64))
            .collect();
        if unfinished > 0 {
            why.push(format!(
                "unfinished after {MAX_ROUNDS} rounds {:.1}%",
                100.0 * unfinished as f64 / games as f64
            ));
        }
        let first: Vec<String> = round_one
            .iter()
            .map(|(w, n)| format!("{w} {:.1}%", 100.0 * *n as f64 / games as f64))
            .collect();
        println!(
            "| {name} | {games} | {mean:.2} | {} | {} | {} |",
            dist.join(", "),
            why.join(", "),
            if first.is_empty() {
                "-".to_string()
            } else {
                first.join(", ")
            }
        );
    }
    eprintln!();
}
