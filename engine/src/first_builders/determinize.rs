//! Determinization ([`crate::Game::determinize`]). Everything on an Origins table is open
//! to every seat (the view is the same for all) except the order of the five building
//! piles below their face-up top tile, and the generator's future draws (dice, Orator
//! rolls, the solo Zodiac draw). The District, Zodiac and Challenge cards not dealt at
//! setup are never drawn later, and the Wonders in the box never come back into play, so
//! nothing else hidden can change the game.
//!
//! A pile keeps its face-up top tile and the tiles every seat saw go under it (Farms
//! returned by Virgo, `State::known_bottoms`); the tiles between them are put in a fixed
//! order (sorted) and shuffled, so the result depends only on which tiles they are.

use super::state::State;
use crate::GameRng;

/// `state` with the hidden part of every building pile reshuffled with `rng`, and a new
/// generator for the future draws.
pub fn determinize(state: &State, rng: &mut GameRng) -> State {
    let mut det = state.clone();
    for colour in 0..det.piles.len() {
        let known = usize::from(det.known_bottoms[colour]);
        let pile = &mut det.piles[colour];
        let top = pile.len().saturating_sub(1);
        if let Some(hidden) = pile.get_mut(known.min(top)..top) {
            hidden.sort();
            rng.shuffle(hidden);
        }
    }
    det.rng = rng.fork();
    det
}
