//! How strong the information-set MCTS bot is: it plays whole games against uniform random
//! bots, in every seat in turn, and this prints its win rate and how long it thought.
//!
//! ```sh
//! cargo run --release -p agora-engine --example bot_strength -- --games 200 --iterations 200
//! cargo run --release -p agora-engine --example bot_strength -- --config attika/2p --games 20
//! ```
//!
//! A game counts as won when the bot ranks first (alone or tied); solo configurations count
//! a reached target. Each game is also played with a random bot in the same seat and the
//! same seeds: that is the baseline the bot is compared with. Games are spread over
//! `--threads` threads.

use agora_engine::core::mcts::{self, Budget};
use agora_engine::core::playout::RandomBot;
use agora_engine::registry::{visit_games, GameKind, GameVisitor};
use agora_engine::{Game, Seat};
use clap::Parser;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Parser, Debug, Clone)]
struct Args {
    /// Games per configuration.
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// MCTS iterations per decision.
    #[arg(long, default_value_t = 200)]
    iterations: u32,
    /// Only configurations whose `<game>/<name>` contains this (default: each game's
    /// two-player and solo configurations).
    #[arg(long)]
    config: Option<String>,
    #[arg(long, default_value_t = 2)]
    threads: usize,
}

/// One game's result for the bot.
struct Game1 {
    won: bool,
    score: i32,
    decisions: usize,
    thinking: Duration,
    slowest: Duration,
}

/// One game with `bot_seat` played by MCTS with `iterations`, or with `None` by a random
/// bot like every other seat (the baseline: same seeds, same seat).
fn play<G: Game>(
    options: &G::Options,
    seed: u64,
    bot_seat: Seat,
    iterations: Option<u32>,
) -> Game1 {
    let mut state = G::setup(options, seed).expect("sets up");
    let mut random = RandomBot::seeded(seed ^ 0xBAD);
    let (mut decisions, mut thinking, mut slowest) = (0, Duration::ZERO, Duration::ZERO);
    for step in 0..50_000u64 {
        let to_act = G::to_act(&state);
        let Some(first) = to_act.iter().next() else {
            break;
        };
        let searching = iterations.filter(|_| to_act.contains(bot_seat));
        let (seat, action) = if let Some(iterations) = searching {
            let started = Instant::now();
            let budget = Budget::Iterations(iterations);
            let action = mcts::choose::<G>(&state, bot_seat, budget, seed ^ step)
                .expect("the bot has a legal action");
            let took = started.elapsed();
            decisions += 1;
            thinking += took;
            slowest = slowest.max(took);
            (bot_seat, action)
        } else {
            let mut actions = G::legal_actions(&state, first);
            let i = random.below(actions.len());
            (first, actions.swap_remove(i))
        };
        G::apply(&mut state, seat, &action).expect("a legal action is accepted");
    }
    let outcome = G::outcome(&state).expect("the game ended");
    let mine = &outcome.standings[bot_seat.index()];
    let won = match mine.solo {
        Some(solo) => solo.won,
        None => mine.rank == 1,
    };
    Game1 {
        won,
        score: mine.score,
        decisions,
        thinking,
        slowest,
    }
}

struct Strength {
    args: Args,
}

impl GameVisitor for Strength {
    fn visit<G: Game>(&mut self, _kind: GameKind) {
        for (name, options) in G::configurations() {
            let name = format!("{}/{name}", G::ID);
            let chosen = match &self.args.config {
                Some(filter) => name.contains(filter.as_str()),
                None => {
                    let seats = G::seat_count(&G::setup(&options, 0).expect("sets up"));
                    // One two-player and one solo configuration per game.
                    (seats == 2 || seats == 1)
                        && !G::configurations()
                            .iter()
                            .take_while(|(n, _)| format!("{}/{n}", G::ID) != name)
                            .any(|(_, o)| G::seat_count(&G::setup(o, 0).expect("sets up")) == seats)
                }
            };
            if chosen {
                self.run::<G>(&name, &options);
            }
        }
    }
}

impl Strength {
    fn run<G: Game>(&self, name: &str, options: &G::Options) {
        let seats = G::seat_count(&G::setup(options, 0).expect("sets up"));
        let games = self.args.games;
        let next = AtomicUsize::new(0);
        let results = Mutex::new(Vec::new());
        let started = Instant::now();
        std::thread::scope(|scope| {
            for _ in 0..self.args.threads.max(1) {
                scope.spawn(|| loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= games {
                        break;
                    }
                    let seat = Seat((g % seats) as u8);
                    let result = play::<G>(options, g as u64, seat, Some(self.args.iterations));
                    let baseline = play::<G>(options, g as u64, seat, None);
                    let mut all = results.lock().expect("no thread panicked holding it");
                    all.push((result, baseline));
                    if all.len() % 10 == 0 {
                        eprintln!(
                            "{name}: {}/{games} games, {:.0?}",
                            all.len(),
                            started.elapsed()
                        );
                    }
                });
            }
        });
        let results = results.into_inner().expect("no thread panicked holding it");
        let baseline = results.iter().filter(|(_, b)| b.won).count();
        let mean = |scores: &mut dyn Iterator<Item = i32>| {
            f64::from(scores.sum::<i32>()) / games.max(1) as f64
        };
        let baseline_score = mean(&mut results.iter().map(|(_, b)| b.score));
        let results: Vec<Game1> = results.into_iter().map(|(r, _)| r).collect();
        let score = mean(&mut results.iter().map(|r| r.score));
        let won = results.iter().filter(|r| r.won).count();
        let decisions: usize = results.iter().map(|r| r.decisions).sum();
        let thinking: Duration = results.iter().map(|r| r.thinking).sum();
        let slowest = results.iter().map(|r| r.slowest).max().unwrap_or_default();
        let percent = |n: usize| 100.0 * n as f64 / games.max(1) as f64;
        println!(
            "| {name} | {seats} | {games} | {won} ({:.0}%) | {baseline} ({:.0}%) | {score:.1} / {baseline_score:.1} | {} | {:.1} ms | {:.0} ms |",
            percent(won),
            percent(baseline),
            self.args.iterations,
            thinking.as_secs_f64() * 1000.0 / decisions.max(1) as f64,
            slowest.as_secs_f64() * 1000.0,
        );
    }
}

fn main() {
    let args = Args::parse();
    println!("| configuration | seats | games | MCTS won | random won (same seats) | mean score (MCTS / random) | iterations | mean decision | slowest |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    visit_games(&mut Strength { args });
}
