//! A random bot: picks uniformly among the legal actions with its own seeded generator.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A seeded random player: the same seed and the same legal lists give the same choices.
#[derive(Debug, Clone)]
pub struct Bot {
    rng: ChaCha8Rng,
}

impl Bot {
    pub fn new(seed: u64) -> Self {
        Bot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The index of the chosen action, or None when there is nothing to choose.
    pub fn choose<T>(&mut self, actions: &[T]) -> Option<usize> {
        if actions.is_empty() {
            None
        } else {
            Some(self.rng.random_range(0..actions.len()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_choices() {
        let items = [1, 2, 3, 4, 5, 6, 7];
        let mut a = Bot::new(7);
        let mut b = Bot::new(7);
        for _ in 0..100 {
            let i = a.choose(&items);
            assert_eq!(i, b.choose(&items));
            assert!(i.is_some_and(|i| i < items.len()));
        }
        assert_eq!(a.choose::<u8>(&[]), None);
    }
}
