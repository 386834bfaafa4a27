//! Random legal playouts of Terra Nova: every configuration reaches an outcome, no listed
//! action is refused, power tokens are conserved, coins never go negative, and replaying
//! options + seed + actions reproduces the state. `AGORA_CONFORMANCE_GAMES` sets the number
//! of games per configuration (default 1,000).

use agora_engine::core::playout::{play_random, RandomBot};
use agora_engine::terra_nova::{
    FactionSetup, NeutralVariant, TerraNova, TerraNovaOptions, TerraNovaState,
};
use agora_engine::Game;

const MAX_STEPS: usize = 20_000;

fn games() -> u64 {
    std::env::var("AGORA_CONFORMANCE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000)
}

fn invariants(name: &str, seed: u64, state: &TerraNovaState) {
    for (i, p) in state.players.iter().enumerate() {
        assert_eq!(
            p.power_tokens(),
            8,
            "{name} seed {seed}: seat {i} power tokens not conserved: {:?}",
            p.bowls
        );
        assert!(p.houses_built <= 8 && p.trading_posts_built <= 4 && p.bridges_built <= 3);
    }
}

fn run(name: &str, options: TerraNovaOptions) {
    let n = games();
    let mut steps = 0;
    for seed in 0..n {
        let initial = TerraNova::setup(&options, seed).expect("setup");
        let mut state = initial.clone();
        let mut bot = RandomBot::seeded(seed ^ 0x7e77a);
        let played = match play_random::<TerraNova>(&mut state, &mut bot, MAX_STEPS) {
            Ok(played) => played,
            Err(e) => panic!("{name} seed {seed}: {e:?}"),
        };
        steps += played.len();
        let outcome = TerraNova::outcome(&state).unwrap_or_else(|| {
            panic!(
                "{name} seed {seed}: no outcome after {} steps",
                played.len()
            )
        });
        assert_eq!(outcome.standings.len(), options.players as usize);
        // Replay step by step: invariants after every decision, same final state.
        let mut replay = initial;
        invariants(name, seed, &replay);
        for (seat, action) in &played {
            TerraNova::apply(&mut replay, *seat, action).expect("replay accepted");
            invariants(name, seed, &replay);
        }
        assert!(replay == state, "{name} seed {seed}: replay diverged");
    }
    eprintln!("{name}: {n} games, {steps} decisions");
}

#[test]
fn random_games_2p() {
    run("2p", TerraNovaOptions::standard(2));
}

#[test]
fn random_games_3p() {
    run("3p", TerraNovaOptions::standard(3));
}

#[test]
fn random_games_4p_turn_order() {
    let mut o = TerraNovaOptions::standard(4);
    o.turn_order_variant = true;
    run("4p turn order", o);
}

#[test]
fn random_games_4p() {
    run("4p", TerraNovaOptions::standard(4));
}

#[test]
fn random_games_2p_planner() {
    run(
        "2p planner",
        TerraNovaOptions::two_player(NeutralVariant::Planner),
    );
}

#[test]
fn random_games_2p_random_neutral() {
    run(
        "2p random",
        TerraNovaOptions::two_player(NeutralVariant::Random),
    );
}

#[test]
fn random_games_presets_and_fixed_factions() {
    for players in 2..=4 {
        run("preset", TerraNovaOptions::preset(players));
    }
    let mut o = TerraNovaOptions::standard(4);
    o.factions = FactionSetup::Fixed(vec![
        agora_engine::terra_nova::Faction::SeaDogs,
        agora_engine::terra_nova::Faction::Efrits,
        agora_engine::terra_nova::Faction::Inventors,
        agora_engine::terra_nova::Faction::Druids,
    ]);
    run("fixed B sides", o);
}
