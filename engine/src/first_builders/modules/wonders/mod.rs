//! Ancient Wonders (expansion module 1, rules page `origins-ancient-wonders.md` 3.1): its
//! data rows (`data`), its rules (`rules`: setup, unlock, claim, build, placement,
//! re-activation, the 8 abilities, conservation) and its decisions (`tasks`). Option
//! `wonders`; the ids and records it adds to the contract are in `module_types`.

pub mod data;
pub mod rules;
pub mod tasks;
