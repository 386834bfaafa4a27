//! How long Origins: First Builders games last: plays N games per configuration (solo,
//! 2, 3 and 4 players; base game and Builders' Challenges short / normal / long) with a bot
//! that raises a tower or builds whenever it can (else picks uniformly among the legal
//! actions), and prints per configuration the distribution of the rounds played and of
//! the end conditions that fired.
//!
//! ```sh
//! cargo run --release -p agora-engine --example origins_game_length -- --games 1000
//! cargo run --release -p agora-engine --example origins_game_length -- --games 1000 --patient
//! ```
//!
//! `--patient`: the bot passes only when it has nothing else to do (a uniform bot passes
//! early and starves its economy, so base games rarely reach an end condition).

use agora_engine::first_builders::data::{tables, BonusEffect, MainAction};
use agora_engine::first_builders::types::{
    Action, Challenges, EndReason, MainSlot, Options, Pending,
};
use agora_engine::first_builders::{view, FirstBuilders, State};
use agora_engine::{Game, GameRng};
use std::collections::BTreeMap;
use std::io::Write;

/// Rounds after which a game counts as unfinished.
const MAX_ROUNDS: u8 = 100;

/// The bot's choice: a tower, else a building (a Market or kept tile, the Build main or
/// Bonus action, the Meeting Place that builds), else any legal action; a `patient` bot
/// passes only when it has nothing else to do.
fn choose(state: &State, legal: &[Action], rng: &mut GameRng, patient: bool) -> Action {
    let pick = |wanted: Vec<Action>, rng: &mut GameRng| -> Option<Action> {
        (!wanted.is_empty()).then(|| wanted[rng.index(wanted.len())])
    };
    let towers: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::RaiseTower(_)))
        .collect();
    if let Some(a) = pick(towers, rng) {
        return a;
    }
    let builds: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| {
            matches!(
                a,
                Action::MarketTile { farm: false, .. } | Action::KeptTile(_)
            )
        })
        .collect();
    let in_build = matches!(view::pending(state), Pending::ChooseBuilding);
    if in_build {
        if let Some(a) = pick(builds, rng) {
            return a;
        }
    }
    let t = tables();
    match view::pending(state) {
        Pending::VisitActions { place } => {
            let mp = &t.board.meeting_place[place as usize - 1];
            let bonus_builds = state.places()[place as usize - 1]
                .bonus
                .row()
                .is_some_and(|b| b.effect == BonusEffect::Build);
            let wanted: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| match a {
                    Action::Main(MainSlot::Top) => mp.top == MainAction::Build,
                    Action::Main(MainSlot::Bottom) => mp.bottom == MainAction::Build,
                    Action::Bonus => bonus_builds,
                    _ => false,
                })
                .collect();
            if let Some(a) = pick(wanted, rng) {
                return a;
            }
        }
        Pending::ChooseMeetingPlace { .. } => {
            let wanted: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| match a {
                    Action::MeetingPlace(p) => {
                        let mp = &t.board.meeting_place[*p as usize - 1];
                        mp.top == MainAction::Build || mp.bottom == MainAction::Build
                    }
                    _ => false,
                })
                .collect();
            if let Some(a) = pick(wanted, rng) {
                return a;
            }
        }
        _ => {}
    }
    if patient {
        let not_passing: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| *a != Action::Pass)
            .collect();
        if let Some(a) = pick(not_passing, rng) {
            return a;
        }
    }
    legal[rng.index(legal.len())]
}

/// Rounds played and the end conditions that fired; `None` if the game did not end.
fn play(options: &Options, seed: u64, patient: bool) -> Option<(u8, Vec<EndReason>)> {
    let mut state = FirstBuilders::setup(options, seed).ok()?;
    let mut rng = GameRng::seeded(seed ^ 0x5eed);
    while state.round() <= MAX_ROUNDS {
        let Some(seat) = FirstBuilders::to_act(&state).iter().next() else {
            return Some((state.round(), state.end_reasons().to_vec()));
        };
        let legal = FirstBuilders::legal_actions(&state, seat);
        if legal.is_empty() {
            return None;
        }
        let a = choose(&state, &legal, &mut rng, patient);
        FirstBuilders::apply(&mut state, seat, &a).ok()?;
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
        for (suffix, challenges) in [
            ("base", Challenges::None),
            ("challenges-short", Challenges::Short),
            ("challenges-normal", Challenges::Normal),
            ("challenges-long", Challenges::Long),
        ] {
            // Solo plays the Builders' Challenges with 5 tiles only.
            if players == 1 && matches!(challenges, Challenges::Short | Challenges::Long) {
                continue;
            }
            let options = Options {
                players,
                challenges,
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
    let patient = args.iter().any(|a| a == "--patient");
    println!("Origins: First Builders game length, {games} games per configuration");
    if patient {
        println!("(bot: raises a tower or builds when it can, else uniform random but never");
        println!("passes while it has anything else to do)\n");
    } else {
        println!("(bot: raises a tower or builds when it can, else uniform random)\n");
    }
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
            match play(options, seed, patient) {
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
