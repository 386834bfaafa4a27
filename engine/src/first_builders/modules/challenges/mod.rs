//! Builders' Challenges (Ancient Wonders expansion, module 2, option `challenges`): the
//! tile table (`data`) and the rules (`rules`: setup, end-of-round scoring, the solo
//! target). The option, tile id and view are in `module_types`.

pub mod data;
pub mod rules;
