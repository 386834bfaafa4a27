//! The search bot ([`agora_engine::core::mcts`]) as a player meets it: it only ever plays
//! legal actions, it thinks the same way twice, and it beats a player choosing at random.
//! (That it cannot see hidden cards is checked in `determinization.rs` for every game.)

use agora_engine::core::mcts::{self, Budget};
use agora_engine::core::playout::RandomBot;
use agora_engine::registry::{visit_games, GameKind, GameVisitor};
use agora_engine::{Game, Seat};

/// Plays one game: `bot` searches with `iterations`, every other seat plays at random.
/// Returns the bot's rank.
fn match_against_random<G: Game>(
    options: &G::Options,
    seed: u64,
    bot: Seat,
    iterations: u32,
) -> u8 {
    let mut state = G::setup(options, seed).expect("sets up");
    let mut random = RandomBot::seeded(seed);
    for step in 0..20_000u64 {
        let to_act = G::to_act(&state);
        if to_act.is_empty() {
            break;
        }
        let (seat, action) = if to_act.contains(bot) {
            let action = mcts::choose::<G>(&state, bot, Budget::Iterations(iterations), step)
                .expect("a seat to act has an action");
            assert!(
                G::is_legal(&state, bot, &action),
                "the bot chose an illegal action"
            );
            (bot, action)
        } else {
            random
                .choose::<G>(&state)
                .expect("a seat to act has an action")
        };
        G::apply(&mut state, seat, &action).expect("a legal action is accepted");
    }
    let outcome = G::outcome(&state).expect("the game ended");
    outcome.standings[bot.index()].rank
}

struct BeatsRandom {
    results: Vec<String>,
    failed: Vec<String>,
}

impl GameVisitor for BeatsRandom {
    fn visit<G: Game>(&mut self, _kind: GameKind) {
        // Attika's games are long (one decision per card paid): its strength is measured
        // by the `bot_strength` example (BENCHMARKS.md) rather than here.
        if G::ID == "attika" {
            return;
        }
        let Some((name, options)) = G::configurations()
            .into_iter()
            .find(|(_, o)| G::seat_count(&G::setup(o, 0).expect("sets up")) == 2)
        else {
            return;
        };
        let won = (0..4u64)
            .filter(|&g| match_against_random::<G>(&options, g, Seat((g % 2) as u8), 24) == 1)
            .count();
        self.results.push(format!("{}/{name}: {won} of 4", G::ID));
        if won < 3 {
            self.failed.push(format!("{}/{name}", G::ID));
        }
    }
}

#[test]
fn the_search_beats_random_play_in_two_player_games() {
    let mut suite = BeatsRandom {
        results: Vec::new(),
        failed: Vec::new(),
    };
    visit_games(&mut suite);
    eprintln!("{:?}", suite.results);
    assert!(
        suite.failed.is_empty(),
        "lost too often: {:?}",
        suite.results
    );
}

#[test]
fn the_same_position_and_seed_give_the_same_choice() {
    use agora_engine::registry::{configurations, AnyState};
    for (name, options) in configurations() {
        let mut state = AnyState::setup(&options, 5).expect("sets up");
        let mut random = RandomBot::seeded(5);
        // A few decisions in, so that the position is not the opening.
        for _ in 0..6 {
            let Some(seat) = state.to_act().iter().next() else {
                break;
            };
            let actions = state.legal_actions(seat);
            let action = actions[random.below(actions.len())].clone();
            state.apply(seat, &action).expect("legal");
        }
        let Some(seat) = state.to_act().iter().next() else {
            continue;
        };
        let choose = || state.mcts_choice(seat, Budget::Iterations(8), 99);
        let first = choose().expect("a seat to act has an action");
        assert_eq!(choose(), Some(first.clone()), "{name}");
        assert!(state.legal_actions(seat).contains(&first), "{name}");
        // A seat with nothing to decide gets nothing.
        let idle = (0..state.seat_count() as u8)
            .map(Seat)
            .find(|s| state.legal_actions(*s).is_empty());
        if let Some(idle) = idle {
            assert_eq!(
                state.mcts_choice(idle, Budget::Iterations(8), 99),
                None,
                "{name}"
            );
        }
    }
}
