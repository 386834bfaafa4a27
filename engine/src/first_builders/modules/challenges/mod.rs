//! Builders' Challenges (Ancient Wonders expansion, module 2, option `challenges`): the
//! tile table (`data`) and the rules (`rules`: setup, end-of-round scoring, the solo
//! target). The option, tile id and view are in `module_types`.

pub mod data;
pub mod rules;

use super::super::module_types::ChallengeId;
use super::super::state::State;

/// The module's part of the state, read (tests, tools).
impl State {
    /// The challenge tiles still in the row, left to right; empty without the module.
    pub fn challenge_row(&self) -> &[ChallengeId] {
        &self.challenge_row
    }

    /// Challenge tiles scored so far.
    pub fn challenges_scored(&self) -> u8 {
        self.challenges_scored
    }
}
