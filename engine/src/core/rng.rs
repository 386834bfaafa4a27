use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// The only source of randomness in a game: a seeded ChaCha stream stored inside the
/// state, so options + seed + actions always give the same game. Never shown to a viewer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRng(ChaCha8Rng);

impl GameRng {
    pub fn seeded(seed: u64) -> Self {
        GameRng(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A uniform index in `0..len`. `len` must be non-zero.
    pub fn index(&mut self, len: usize) -> usize {
        self.0.random_range(0..len)
    }

    /// How far the stream has been drawn: a decision that moves it drew at random (a card,
    /// a tile, a die), which the service's undo must not let a player take back.
    pub fn position(&self) -> u128 {
        self.0.get_word_pos()
    }

    /// A new generator seeded from this one: what a determinization puts in place of the
    /// game's own, whose future draws a viewer does not know.
    pub fn fork(&mut self) -> GameRng {
        GameRng::seeded(self.0.random())
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.0.random_range(0..=i);
            items.swap(i, j);
        }
    }
}
