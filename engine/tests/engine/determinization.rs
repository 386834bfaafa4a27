//! The determinization contract ([`Game::determinize`]), written once for every game and
//! configuration, as the conformance suite is. A bot that searches over determinized states
//! must not be able to cheat, so at many points of random games, for every seat:
//!
//! - **consistent:** the determinized state looks exactly the same to that seat (its
//!   serialized view, whose turn it is, its legal actions) and keeps every invariant;
//! - **blind:** determinizing two states that look the same to the seat, with the same
//!   generator, gives the same state, so nothing the seat cannot see reaches the result;
//! - **resampled:** where other seats hold secrets, determinizations deal them differently
//!   at least sometimes (a determinization that kept the true hands would pass the first
//!   two checks while letting the bot see them);
//! - **the bot cannot cheat:** the MCTS bot chooses the same action in two states that
//!   look the same to its seat.

use agora_engine::core::mcts::{self, Budget};
use agora_engine::core::playout::RandomBot;
use agora_engine::registry::{visit_games, GameKind, GameVisitor};
use agora_engine::{Game, GameRng, Seat, Viewer};

/// Random games per configuration, and how often along each game the checks run.
const GAMES: u64 = 12;
const EVERY: usize = 5;
const MAX_STEPS: usize = 20_000;

fn json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).expect("serializes")
}

/// Returns (points checked, points where another seat's secrets were dealt differently,
/// points where another seat held a secret at all).
fn check<G: Game>(name: &str, options: &G::Options) -> (usize, usize, usize) {
    let (mut checked, mut varied, mut hidden) = (0, 0, 0);
    for seed in 0..GAMES {
        let mut state = G::setup(options, seed).expect("sets up");
        let mut bot = RandomBot::seeded(seed ^ 0xde7);
        for step in 0..MAX_STEPS {
            if step % EVERY == 0 {
                for seat in (0..G::seat_count(&state) as u8).map(Seat) {
                    let at = format!("{name} seed {seed} step {step} seat {seat}");
                    let mut rng = GameRng::seeded(seed * 7919 + step as u64);
                    let det = G::determinize(&state, seat, &mut rng);
                    consistent::<G>(&at, &state, &det, seat);
                    // A second state the seat cannot tell from this one, then the same
                    // generator on both.
                    let twin = G::determinize(&state, seat, &mut GameRng::seeded(!seed));
                    let again = G::determinize(&twin, seat, &mut GameRng::seeded(step as u64));
                    let first = G::determinize(&state, seat, &mut GameRng::seeded(step as u64));
                    assert!(
                        json(&again) == json(&first),
                        "{at}: determinization depends on something the seat cannot see"
                    );
                    // The search bot, too, chooses the same in both.
                    if seed < 2 && step % 40 == 0 && G::to_act(&state).contains(seat) {
                        let choice = |s: &G::State| {
                            mcts::choose::<G>(s, seat, Budget::Iterations(12), step as u64)
                        };
                        assert!(
                            choice(&state) == choice(&twin),
                            "{at}: the MCTS bot's choice changed with what it cannot see"
                        );
                    }
                    let others = (0..G::seat_count(&state) as u8)
                        .map(Seat)
                        .filter(|&o| o != seat);
                    let secrets_of =
                        |s: &G::State| others.clone().map(|o| G::secrets(s, o)).collect::<Vec<_>>();
                    let truth = secrets_of(&state);
                    if truth.iter().any(|s| !s.is_empty()) {
                        hidden += 1;
                        if secrets_of(&det) != truth || secrets_of(&twin) != truth {
                            varied += 1;
                        }
                    }
                    checked += 1;
                }
            }
            let Some((seat, action)) = bot.choose::<G>(&state) else {
                break;
            };
            G::apply(&mut state, seat, &action).expect("a listed action is accepted");
        }
    }
    (checked, varied, hidden)
}

fn consistent<G: Game>(at: &str, state: &G::State, det: &G::State, seat: Seat) {
    assert_eq!(
        json(&G::view(det, Viewer::Seat(seat))),
        json(&G::view(state, Viewer::Seat(seat))),
        "{at}: the determinized state looks different to the seat"
    );
    assert_eq!(
        json(&G::view(det, Viewer::Spectator)),
        json(&G::view(state, Viewer::Spectator)),
        "{at}: the determinized state looks different to a spectator"
    );
    assert_eq!(
        G::to_act(det),
        G::to_act(state),
        "{at}: another seat is to act"
    );
    assert!(
        G::legal_actions(det, seat) == G::legal_actions(state, seat),
        "{at}: the seat's legal actions differ"
    );
    assert_eq!(G::outcome(det), G::outcome(state), "{at}: another outcome");
    if let Err(broken) = G::invariants(det) {
        panic!("{at}: the determinized state breaks an invariant: {broken}");
    }
}

struct Suite {
    failed: Vec<String>,
}

impl GameVisitor for Suite {
    fn visit<G: Game>(&mut self, _kind: GameKind) {
        for (name, options) in G::configurations() {
            let name = format!("{}/{name}", G::ID);
            let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                check::<G>(&name, &options)
            }));
            match run {
                Err(_) => self.failed.push(name),
                Ok((checked, varied, hidden)) => {
                    eprintln!(
                        "{name}: {checked} points, another seat held secrets at {hidden}, \
                         dealt differently at {varied}"
                    );
                    if hidden > 0 && varied * 4 < hidden {
                        self.failed.push(format!(
                            "{name}: other seats' secrets were dealt again at only {varied} \
                             of {hidden} points"
                        ));
                    }
                }
            }
        }
    }
}

#[test]
fn every_game_determinizes_consistently_and_blindly() {
    let mut suite = Suite { failed: Vec::new() };
    visit_games(&mut suite);
    assert!(suite.failed.is_empty(), "failed: {:#?}", suite.failed);
}
