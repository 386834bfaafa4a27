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
    play_with::<G>(state, |s| bot.choose::<G>(s), max_steps)
}

/// The one playout loop: asks `choose` for the next (seat, action) until nobody has to act,
/// applying each; the bots differ only in how they choose.
pub fn play_with<G: Game>(
    state: &mut G::State,
    mut choose: impl FnMut(&G::State) -> Option<(Seat, G::Action)>,
    max_steps: usize,
) -> Result<Played<G::Action>, PlayoutError<G::Action>> {
    let mut played = Vec::new();
    for step in 0..max_steps {
        if G::to_act(state).is_empty() {
            return Ok(played);
        }
        let Some((seat, action)) = choose(state) else {
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

/// A game's cheap measure of how far a seat has come, for [`GreedyBot`]: victory points
/// plus what leads to them (buildings, towns, palaces, Wonders), and the name of the end
/// condition that ended a finished game, for the conformance statistics. Optional: a game
/// offers one through [`Game::heuristic`], next to its rules (`<game>/bot.rs`).
pub trait Heuristic<G: Game>: Sync {
    /// Higher is better for `seat`.
    fn progress(&self, state: &G::State, seat: Seat) -> i64;
    /// Why the game ended (`None` while it runs).
    fn end_condition(&self, state: &G::State) -> Option<String>;
    /// A preference for an action whose gain comes in later decisions of the same turn (a
    /// one-step lookahead sees nothing when choosing "upgrade" before its hex).
    fn intent(&self, _action: &G::Action) -> i64 {
        0
    }
}

/// A greedy player: tries every legal action on a copy and keeps the one that raises its
/// [`Heuristic::progress`] most (ties at random); one move in eight is uniformly random so
/// games differ and no greedy loop stalls a game. It builds, upgrades, founds towns and
/// scores when it can, so playouts reach the late game the uniform bot rarely sees.
pub struct GreedyBot(ChaCha8Rng);

impl GreedyBot {
    pub fn seeded(seed: u64) -> Self {
        GreedyBot(ChaCha8Rng::seed_from_u64(seed))
    }

    /// The first seat that must decide, and its greedy action by `heuristic`; `None` when
    /// the game is over.
    pub fn choose<G: Game>(
        &mut self,
        heuristic: &dyn Heuristic<G>,
        state: &G::State,
    ) -> Option<(Seat, G::Action)> {
        let seat = G::to_act(state).iter().next()?;
        let mut actions = G::legal_actions(state, seat);
        if actions.is_empty() {
            return None;
        }
        if actions.len() == 1 || self.0.random_range(0..8) == 0 {
            let i = self.0.random_range(0..actions.len());
            return Some((seat, actions.swap_remove(i)));
        }
        let mut best = i64::MIN;
        let mut ties: Vec<usize> = Vec::new();
        for (i, action) in actions.iter().enumerate() {
            let mut next = state.clone();
            if G::apply(&mut next, seat, action).is_err() {
                continue;
            }
            let p = heuristic.progress(&next, seat) + heuristic.intent(action);
            if p > best {
                best = p;
                ties.clear();
            }
            if p == best {
                ties.push(i);
            }
        }
        let pick = match ties.len() {
            0 => self.0.random_range(0..actions.len()),
            n => ties[self.0.random_range(0..n)],
        };
        Some((seat, actions.swap_remove(pick)))
    }
}

/// Plays greedy actions by `heuristic` until the game ends; returns the actions played.
pub fn play_greedy<G: Game>(
    heuristic: &dyn Heuristic<G>,
    state: &mut G::State,
    bot: &mut GreedyBot,
    max_steps: usize,
) -> Result<Played<G::Action>, PlayoutError<G::Action>> {
    play_with::<G>(state, |s| bot.choose::<G>(heuristic, s), max_steps)
}
