//! Smoke: games played with random legal actions reach the end for both rule sets.

use agora_engine::origin::{Origin, OriginOptions, RuleSet};
use agora_engine::{Game, GameRng, Seat};

fn play(options: &OriginOptions, seed: u64) -> (usize, agora_engine::Outcome) {
    let mut state = Origin::setup(options, seed).unwrap();
    let mut rng = GameRng::seeded(seed ^ 0xabcdef);
    let mut steps = 0;
    while Origin::outcome(&state).is_none() {
        let to_act: Vec<Seat> = Origin::to_act(&state).iter().collect();
        assert!(!to_act.is_empty(), "nobody to act but no outcome");
        let seat = to_act[rng.index(to_act.len())];
        let legal = Origin::legal_actions(&state, seat);
        assert!(!legal.is_empty(), "{seat} must act but has no legal action");
        let action = legal[rng.index(legal.len())].clone();
        if let Err(e) = Origin::apply(&mut state, seat, &action) {
            panic!("legal action {action:?} refused: {e}");
        }
        steps += 1;
        assert!(steps < 20_000, "game does not end");
    }
    assert!(Origin::to_act(&state).is_empty());
    (steps, Origin::outcome(&state).unwrap())
}

#[test]
fn random_games_reach_the_end() {
    for rules in [RuleSet::Standard, RuleSet::Junior] {
        for players in 2..=4 {
            for seed in 0..20 {
                let options = OriginOptions {
                    players,
                    rules,
                    first_player: None,
                };
                let (_, outcome) = play(&options, seed);
                assert_eq!(outcome.standings.len(), players as usize);
            }
        }
    }
}

/// Timing probe (run with `--release -- --ignored --nocapture`); no timed assertion.
#[test]
#[ignore]
fn timing_probe() {
    for rules in [RuleSet::Standard, RuleSet::Junior] {
        for players in [2u8, 4] {
            let options = OriginOptions {
                players,
                rules,
                first_player: None,
            };
            let n = 2000;
            let start = std::time::Instant::now();
            let mut steps = 0;
            for seed in 0..n {
                steps += play(&options, seed).0;
            }
            let per_game = start.elapsed() / n as u32;
            println!(
                "{rules:?} {players}p: {per_game:?} per game, {} steps per game",
                steps / n as usize
            );
        }
    }
}
