//! Full random games per second, for every configuration of every registered game
//! (`Game::configurations`), named `full_random_game/<game id>/<configuration>`.
//! Run: `cargo bench -p agora-engine --bench games` (add a filter such as `attika/4p`).

use agora_engine::core::playout::{play_random, RandomBot};
use agora_engine::registry::{visit_games, GameKind, GameVisitor};
use agora_engine::Game;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn full_games<G: Game>(c: &mut Criterion, name: &str, options: G::Options) {
    let mut group = c.benchmark_group("full_random_game");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function(name, |b| {
        b.iter(|| {
            seed += 1;
            let mut state = G::setup(&options, seed).expect("setup");
            let mut bot = RandomBot::seeded(seed);
            let played = play_random::<G>(&mut state, &mut bot, 100_000).expect("game ends");
            assert!(G::outcome(&state).is_some());
            played.len()
        })
    });
    group.finish();
}

struct Bench<'a>(&'a mut Criterion);

impl GameVisitor for Bench<'_> {
    fn visit<G: Game>(&mut self, _kind: GameKind) {
        for (name, options) in G::configurations() {
            full_games::<G>(self.0, &format!("{}/{name}", G::ID), options);
        }
    }
}

fn games(c: &mut Criterion) {
    visit_games(&mut Bench(c));
}

criterion_group!(benches, games);
criterion_main!(benches);
