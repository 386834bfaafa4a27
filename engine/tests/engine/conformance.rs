//! The conformance suite every game must pass, written once against the [`Game`] trait
//! (as OpenSpiel does for its games). It runs every configuration that each registered
//! game declares in [`Game::configurations`], so a new game or configuration needs no
//! edit here.
//!
//! Per configuration: `AGORA_CONFORMANCE_GAMES` random legal games (default 1,000) are
//! played to an outcome; every action listed as legal is accepted; actions not listed are
//! refused and leave the state unchanged; a state survives a serialize/deserialize round
//! trip; replaying options + seed + actions reproduces the final state byte for byte.

use agora_engine::core::playout::RandomBot;
use agora_engine::registry::{visit_games, GameKind, GameVisitor};
use agora_engine::{Game, Seat};

const MAX_STEPS: usize = 20_000;

fn games_per_configuration() -> u64 {
    std::env::var("AGORA_CONFORMANCE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000)
}

/// Plays random games and checks every invariant of the suite. Deep checks (all legal
/// actions on a clone, unlisted actions, serde round trip at every step) run on every
/// 25th game to keep the suite fast.
fn conformance<G: Game>(name: &str, options: &G::Options) {
    let games = games_per_configuration();
    let mut pool: Vec<G::Action> = Vec::new();
    let mut total_steps = 0usize;
    for seed in 0..games {
        let deep = seed % 25 == 0;
        let initial =
            G::setup(options, seed).unwrap_or_else(|e| panic!("{name}: setup failed: {e}"));
        let mut state = initial.clone();
        let mut bot = RandomBot::seeded(seed ^ 0x5eed);
        let mut played = Vec::new();
        for step in 0..MAX_STEPS {
            let to_act = G::to_act(&state);
            if to_act.is_empty() {
                break;
            }
            if let Err(broken) = G::invariants(&state) {
                panic!("{name} seed {seed} step {step}: invariant broken: {broken}");
            }
            if deep {
                check_step::<G>(name, seed, step, &state, &pool);
            }
            let Some((seat, action)) = bot.choose::<G>(&state) else {
                panic!(
                    "{name} seed {seed} step {step}: {to_act:?} must act but have no legal action"
                );
            };
            if let Err(e) = G::apply(&mut state, seat, &action) {
                panic!("{name} seed {seed} step {step}: legal {action:?} by {seat} refused: {e}");
            }
            played.push((seat, action));
            assert!(
                step + 1 < MAX_STEPS,
                "{name} seed {seed}: no end after {MAX_STEPS} steps"
            );
        }
        total_steps += played.len();
        let outcome = G::outcome(&state)
            .unwrap_or_else(|| panic!("{name} seed {seed}: game over without an outcome"));
        assert_eq!(
            outcome.standings.len(),
            G::seat_count(&state),
            "{name}: one standing per seat"
        );
        assert!(
            outcome.standings.iter().any(|s| s.rank == 1),
            "{name}: someone wins"
        );
        for seat in (0..G::seat_count(&state) as u8).map(Seat) {
            assert!(
                G::legal_actions(&state, seat).is_empty(),
                "{name}: no legal action after the end"
            );
        }

        // Replay: same options + seed + actions = same state, byte for byte.
        let mut replay = initial;
        for (seat, action) in &played {
            G::apply(&mut replay, *seat, action).expect("replayed action is accepted");
        }
        assert_eq!(
            serde_json::to_string(&replay).expect("serializes"),
            serde_json::to_string(&state).expect("serializes"),
            "{name} seed {seed}: replay diverged"
        );
        if deep && pool.len() < 5_000 {
            pool.extend(played.iter().step_by(7).map(|(_, a)| a.clone()));
        }
    }
    eprintln!("{name}: {games} games, {total_steps} decisions");
}

/// The deep checks at one step of one game.
fn check_step<G: Game>(name: &str, seed: u64, step: usize, state: &G::State, pool: &[G::Action]) {
    let ctx = format!("{name} seed {seed} step {step}");
    let json = serde_json::to_string(state).expect("state serializes");
    let back: G::State = serde_json::from_str(&json).expect("state deserializes");
    assert!(back == *state, "{ctx}: serde round trip changed the state");

    let to_act = G::to_act(state);
    for seat in (0..G::seat_count(state) as u8).map(Seat) {
        let legal = G::legal_actions(state, seat);
        assert_eq!(
            !legal.is_empty(),
            to_act.contains(seat),
            "{ctx}: {seat} has legal actions iff it must act"
        );
        for action in &legal {
            let mut copy = state.clone();
            if let Err(e) = G::apply(&mut copy, seat, action) {
                panic!("{ctx}: listed {action:?} by {seat} refused: {e}");
            }
        }
        // Unlisted actions (seen in other games, or listed for another seat) are refused
        // and change nothing.
        for action in pool.iter().filter(|a| !legal.contains(a)).take(200) {
            let mut copy = state.clone();
            match G::apply(&mut copy, seat, action) {
                Ok(_) => panic!("{ctx}: unlisted {action:?} by {seat} accepted"),
                Err(e) => {
                    assert!(
                        !e.code.is_empty() && !e.message.is_empty(),
                        "{ctx}: empty error"
                    );
                    assert!(
                        copy == *state,
                        "{ctx}: refused {action:?} changed the state"
                    );
                }
            }
        }
    }
}

/// Runs the suite on every configuration of every registered game, one thread per
/// configuration (the suite is CPU-bound; the test harness sees one test).
struct Suite<'scope, 'env> {
    scope: &'scope std::thread::Scope<'scope, 'env>,
    runs: Vec<std::thread::ScopedJoinHandle<'scope, ()>>,
}

impl<'scope, 'env> GameVisitor for Suite<'scope, 'env> {
    fn visit<G: Game>(&mut self, _kind: GameKind) {
        for (name, options) in G::configurations() {
            let name = format!("{}/{name}", G::ID);
            let run = std::thread::Builder::new()
                .name(name.clone())
                .spawn_scoped(self.scope, move || conformance::<G>(&name, &options))
                .expect("spawns a suite thread");
            self.runs.push(run);
        }
    }
}

#[test]
fn every_configuration_of_every_game_conforms() {
    let failed = std::thread::scope(|scope| {
        let mut suite = Suite {
            scope,
            runs: Vec::new(),
        };
        visit_games(&mut suite);
        let mut failed = Vec::new();
        for run in suite.runs {
            let name = run.thread().name().unwrap_or("?").to_string();
            if run.join().is_err() {
                failed.push(name);
            }
        }
        failed
    });
    assert!(failed.is_empty(), "configurations that failed: {failed:?}");
}
