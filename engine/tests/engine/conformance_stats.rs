//! Conformance statistics (issue 18): how often each end condition and each action kind
//! occurs, per game, configuration and bot (uniform [`RandomBot`], and [`GreedyBot`] for a
//! game that offers a [`Game::heuristic`]), with fixed seeds, for every registered game.
//! The greedy bot builds, upgrades, founds towns and scores when it can, so the late game
//! (towns, palaces, Wonders, late scoring) is played, not only the opening. What each game
//! must reach is asserted in that game's own test file, from the same tallies
//! ([`tallies`], computed once per game and test run).
//! `cargo test -p agora-engine --test engine conformance_stats -- --nocapture` prints the
//! tables; `AGORA_STATS_GAMES=N` plays N games per configuration and bot.

use agora_engine::core::playout::{play_greedy, play_random, GreedyBot, RandomBot};
use agora_engine::registry::{visit_games, GameKind, GameVisitor};
use agora_engine::Game;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock};

const MAX_STEPS: usize = 20_000;

fn games(default: u64) -> u64 {
    std::env::var("AGORA_STATS_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The variant name of an action as its JSON shows it (`"pass"`, `{"build": ..}`).
fn kind<A: serde::Serialize>(action: &A) -> String {
    match serde_json::to_value(action) {
        Ok(serde_json::Value::String(s)) => s,
        Ok(serde_json::Value::Object(m)) => m
            .iter()
            .find(|(k, _)| k.as_str() != "type" && k.as_str() != "kind")
            .map(|(k, _)| k.clone())
            .or_else(|| {
                m.get("type")
                    .or_else(|| m.get("kind"))
                    .and_then(|v| v.as_str().map(str::to_string))
            })
            .unwrap_or_else(|| "?".into()),
        _ => "?".into(),
    }
}

#[derive(Default)]
pub struct Tally {
    pub ends: BTreeMap<String, u32>,
    pub kinds: BTreeMap<String, u32>,
}

impl Tally {
    /// How many times the action kind `kind` was played.
    pub fn count(&self, kind: &str) -> u32 {
        self.kinds.get(kind).copied().unwrap_or(0)
    }
}

/// The tallies of one game: the uniform bot's, and the greedy bot's (empty without a
/// heuristic).
pub struct Tallies {
    pub uniform: Tally,
    pub greedy: Tally,
}

impl Tallies {
    /// Both bots together (the assertions are about the suite, not about one bot).
    pub fn union(&self) -> Tally {
        let mut u = Tally::default();
        for x in [&self.uniform, &self.greedy] {
            for (k, v) in &x.ends {
                *u.ends.entry(k.clone()).or_default() += v;
            }
            for (k, v) in &x.kinds {
                *u.kinds.entry(k.clone()).or_default() += v;
            }
        }
        u
    }
}

/// Plays `n` games of every configuration with both bots; returns the tallies per bot
/// (summed over configurations) after printing one line per configuration and bot.
fn stats<G: Game>(n: u64) -> Tallies {
    let game = G::ID;
    let heuristic = G::heuristic();
    let mut all = [Tally::default(), Tally::default()];
    for (config, options) in G::configurations() {
        let bots = ["uniform", "greedy"].into_iter().enumerate();
        for (b, bot) in bots.take(if heuristic.is_some() { 2 } else { 1 }) {
            let mut t = Tally::default();
            for seed in 0..n {
                let mut state = G::setup(&options, seed).expect("setup");
                let played = match heuristic {
                    Some(h) if b == 1 => {
                        play_greedy::<G>(h, &mut state, &mut GreedyBot::seeded(seed), MAX_STEPS)
                    }
                    _ => play_random::<G>(&mut state, &mut RandomBot::seeded(seed), MAX_STEPS),
                };
                let played =
                    played.unwrap_or_else(|e| panic!("{game} {config} {bot} {seed}: {e:?}"));
                let end = heuristic
                    .and_then(|h| h.end_condition(&state))
                    .unwrap_or_else(|| "unfinished".into());
                *t.ends.entry(end).or_default() += 1;
                for (_, a) in &played {
                    *t.kinds.entry(kind(a)).or_default() += 1;
                }
            }
            println!("{game} {config} {bot} ({n} games): ends {:?}", t.ends);
            println!("{game} {config} {bot}: action kinds {:?}", t.kinds);
            for (k, v) in t.ends {
                *all[b].ends.entry(k).or_default() += v;
            }
            for (k, v) in t.kinds {
                *all[b].kinds.entry(k).or_default() += v;
            }
        }
    }
    let [uniform, greedy] = all;
    Tallies { uniform, greedy }
}

/// Games per configuration and bot in the default run (about 10 s of CPU for the four
/// games); the assertions in the games' test files hold for these fixed seeds.
const GAMES: u64 = 10;

/// The statistics of `G`, played once per test run whichever test asks first (the
/// registry-wide test below or the game's own assertions).
pub fn tallies<G: Game>() -> Arc<Tallies> {
    type Cells = BTreeMap<&'static str, Arc<OnceLock<Arc<Tallies>>>>;
    static CELLS: Mutex<Cells> = Mutex::new(BTreeMap::new());
    let cell = {
        let mut cells = CELLS.lock().unwrap_or_else(|e| e.into_inner());
        Arc::clone(cells.entry(G::ID).or_default())
    };
    Arc::clone(cell.get_or_init(|| Arc::new(stats::<G>(games(GAMES)))))
}

pub fn assert_reached(game: &str, tally: &Tally, ends: &[&str], kinds: &[&str]) {
    for e in ends {
        assert!(
            tally.ends.get(*e).copied().unwrap_or(0) > 0,
            "{game}: end condition {e} never reached: {:?}",
            tally.ends
        );
    }
    for k in kinds {
        assert!(
            tally.kinds.get(*k).copied().unwrap_or(0) > 0,
            "{game}: action kind {k} never played: {:?}",
            tally.kinds
        );
    }
}

/// Every registered game: every configuration's random and greedy games end within the
/// step budget (a playout error panics in [`stats`]), and a game with a heuristic names
/// the end condition of each finished game.
#[test]
fn every_game_plays_to_an_end_with_both_bots() {
    struct Check;
    impl GameVisitor for Check {
        fn visit<G: Game>(&mut self, _kind: GameKind) {
            let t = tallies::<G>();
            if G::heuristic().is_some() {
                let unnamed = t.union().ends.get("unfinished").copied().unwrap_or(0);
                assert_eq!(unnamed, 0, "{}: ends {:?}", G::ID, t.union().ends);
            }
        }
    }
    visit_games(&mut Check);
}
