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
/// condition that ended a finished game, for the conformance statistics.
pub trait Heuristic: Game {
    /// Higher is better for `seat`.
    fn progress(state: &Self::State, seat: Seat) -> i64;
    /// Why the game ended (`None` while it runs).
    fn end_condition(state: &Self::State) -> Option<String>;
    /// A preference for an action whose gain comes in later decisions of the same turn (a
    /// one-step lookahead sees nothing when choosing "upgrade" before its hex).
    fn intent(_action: &Self::Action) -> i64 {
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

    /// The first seat that must decide, and its greedy action; `None` when the game is over.
    pub fn choose<G: Heuristic>(&mut self, state: &G::State) -> Option<(Seat, G::Action)> {
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
            let p = G::progress(&next, seat) + G::intent(action);
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

/// Plays greedy actions until the game ends; returns the actions played.
pub fn play_greedy<G: Heuristic>(
    state: &mut G::State,
    bot: &mut GreedyBot,
    max_steps: usize,
) -> Result<Played<G::Action>, PlayoutError<G::Action>> {
    play_with::<G>(state, |s| bot.choose::<G>(s), max_steps)
}

impl Heuristic for crate::terra_nova::TerraNova {
    fn progress(state: &Self::State, seat: Seat) -> i64 {
        let Some(p) = state.player(seat) else {
            return 0;
        };
        let towns = p.town_tiles_used.iter().filter(|u| **u).count() as i64;
        let palaces = p.left_palace as i64 + p.right_palace as i64;
        4 * p.vp as i64
            + 3 * p.houses_built as i64
            + 6 * p.trading_posts_built as i64
            + 12 * palaces
            + 10 * towns
            + p.navigation as i64
    }

    fn intent(action: &Self::Action) -> i64 {
        use crate::terra_nova::Action as A;
        match action {
            A::Upgrade => 20,
            A::Build => 12,
            A::PowerAction(_) | A::Special(_) => 6,
            A::ExchangePower(_) | A::ConvertPowerToVp => -1,
            A::Pass => -8,
            _ => 0,
        }
    }

    fn end_condition(state: &Self::State) -> Option<String> {
        state
            .final_scores
            .is_some()
            .then(|| "five_rounds".to_string())
    }
}

impl Heuristic for crate::attika::Attika {
    fn progress(state: &Self::State, seat: Seat) -> i64 {
        if let crate::attika::state::Step::Over { winner, .. } = state.step {
            return if winner == seat {
                1_000_000
            } else {
                -1_000_000
            };
        }
        let p = state.player(seat);
        let cards: u8 = p.hand.iter().sum();
        20 * p.placed.len() as i64 + 3 * p.reserve.len() as i64 + cards as i64 + p.amphorae as i64
    }

    fn end_condition(state: &Self::State) -> Option<String> {
        match state.step {
            crate::attika::state::Step::Over { by, .. } => Some(by.name().to_string()),
            _ => None,
        }
    }
}

impl Heuristic for crate::origin::Origin {
    fn progress(state: &Self::State, seat: Seat) -> i64 {
        crate::origin::scoring::score(state, seat) as i64
    }

    fn end_condition(state: &Self::State) -> Option<String> {
        Self::to_act(state).is_empty().then(|| match &state.end {
            Some(end) => format!("{:?}", end.reason),
            None if state.junior() => "junior_pile_empty".to_string(),
            None => "none".to_string(),
        })
    }
}

impl Heuristic for crate::first_builders::FirstBuilders {
    fn progress(state: &Self::State, seat: Seat) -> i64 {
        let p = state.player(seat);
        10 * crate::first_builders::scoring::final_score(state, seat) as i64
            + 30 * p.wonder.is_some() as i64
            + 5 * p.city.len() as i64
    }

    fn end_condition(state: &Self::State) -> Option<String> {
        Self::to_act(state).is_empty().then(|| {
            let reasons: Vec<&str> = state.end_reasons().iter().map(|r| r.code()).collect();
            reasons.join("+")
        })
    }
}
