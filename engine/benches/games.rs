//! Full random games per second, per game and configuration.
//! Run: `cargo bench -p agora-engine --bench games`.

use agora_engine::attika::{Attika, Options as AttikaOptions};
use agora_engine::core::playout::{play_random, RandomBot};
use agora_engine::origin::{Origin, OriginOptions, RuleSet};
use agora_engine::origins::{Options as OriginsOptions, Origins};
use agora_engine::terra_nova::{TerraNova, TerraNovaOptions};
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

fn origin(c: &mut Criterion) {
    for (name, rules) in [
        ("origin_standard_4p", RuleSet::Standard),
        ("origin_junior_4p", RuleSet::Junior),
    ] {
        full_games::<Origin>(
            c,
            name,
            OriginOptions {
                players: 4,
                rules,
                first_player: None,
            },
        );
    }
}

fn terra_nova(c: &mut Criterion) {
    full_games::<TerraNova>(c, "terra_nova_4p", TerraNovaOptions::standard(4));
}

fn origins(c: &mut Criterion) {
    full_games::<Origins>(c, "origins_4p", OriginsOptions { players: 4 });
    full_games::<Origins>(c, "origins_solo", OriginsOptions { players: 1 });
}

fn attika(c: &mut Criterion) {
    full_games::<Attika>(
        c,
        "attika_4p",
        AttikaOptions {
            players: 4,
            amphora_for_card: false,
        },
    );
}

criterion_group!(benches, origin, terra_nova, origins, attika);
criterion_main!(benches);
