//! Random legal play, for bots, property tests and benchmarks.

use crate::{Game, RuleError, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A chooser of random legal actions with its own seed (independent of the game's RNG).
pub struct RandomBot(ChaCha8Rng);

impl RandomBot {
    pub fn seeded(seed: u64) -> Self {
        RandomBot(ChaCha8Rng::seed_from_u64(seed))
    }

    /// The first seat that must decide, and one of its legal actions chosen uniformly.
    /// `None` when nobody has anything to decide (the game is over).
    pub fn choose<G: Game>(&mut self, state: &G::State) -> Option<(Seat, G::Action)> {
        let seat = G::to_act(state).iter().next()?;
        let mut actions = G::legal_actions(state, seat);
        if actions.is_empty() {
            return None;
        }
        let i = self.0.random_range(0..actions.len());
        Some((seat, actions.swap_remove(i)))
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0.random_range(0..n)
    }
}

/// Why a random playout stopped before an outcome.
#[derive(Debug)]
pub enum PlayoutError<A> {
    /// A listed legal action was refused.
    Rejected {
        step: usize,
        seat: Seat,
        action: A,
        error: RuleError,
    },
    /// A seat is expected to act but has no legal action.
    Stuck { step: usize },
    /// The game did not end within the step budget.
    TooLong { steps: usize },
}

/// The decisions of a game, in the order they were played.
pub type Played<A> = Vec<(Seat, A)>;

/// Plays random legal actions until the game ends; returns the actions played.
pub fn play_random<G: Game>(
    state: &mut G::State,
    bot: &mut RandomBot,
    max_steps: usize,
) -> Result<Played<G::Action>, PlayoutError<G::Action>> {
    let mut played = Vec::new();
    for step in 0..max_steps {
        if G::to_act(state).is_empty() {
            return Ok(played);
        }
        let Some((seat, action)) = bot.choose::<G>(state) else {
            return Err(PlayoutError::Stuck { step });
        };
        if let Err(error) = G::apply(state, seat, &action) {
            return Err(PlayoutError::Rejected {
                step,
                seat,
                action,
                error,
            });
        }
        played.push((seat, action));
    }
    Err(PlayoutError::TooLong { steps: max_steps })
}
