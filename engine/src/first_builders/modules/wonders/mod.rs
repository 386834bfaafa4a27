//! Ancient Wonders (expansion module 1, rules page `origins-ancient-wonders.md` 3.1): its
//! data rows (`data`), its rules (`rules`: setup, unlock, claim, build, placement,
//! re-activation, the 8 abilities, conservation) and its decisions (`tasks`). Option
//! `wonders`; the ids and records it adds to the contract are in `module_types`.

pub mod data;
pub mod rules;
pub mod tasks;

use super::super::module_types::{BoardWonder, Wonder};
use super::super::state::State;

/// The module's part of the state, read (tests, tools).
impl State {
    /// The Wonder above each Meeting Place (index = place - 1), `None` once claimed or when
    /// the place got none; empty without the module.
    pub fn place_wonders(&self) -> &[Option<BoardWonder>] {
        &self.place_wonders
    }

    /// The Wonders returned to the box at setup.
    pub fn wonder_box(&self) -> &[Wonder] {
        &self.wonder_box
    }
}
