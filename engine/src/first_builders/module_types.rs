//! The contract vocabulary the two expansion modules add (the Ancient Wonders' ids and
//! records, the Builders' Challenges option, tile id and view). It sits below `types` and
//! `state` so the contract and the state can carry it without importing the modules' rules;
//! the methods that read the modules' data tables (`Wonder::row`, `ChallengeId::code`,
//! `Challenges::tiles`, ...) are defined with those tables in `modules::*::data`.

use serde::{Deserialize, Serialize};

// ------------------------------------------------------------------------ Ancient Wonders

/// One of the 8 Ancient Wonders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wonder {
    Colossus,
    Pyramid,
    Gardens,
    Ishtar,
    Lighthouse,
    Mausoleum,
    Zeus,
    Artemis,
}

impl Wonder {
    pub const ALL: [Wonder; 8] = [
        Wonder::Colossus,
        Wonder::Pyramid,
        Wonder::Gardens,
        Wonder::Ishtar,
        Wonder::Lighthouse,
        Wonder::Mausoleum,
        Wonder::Zeus,
        Wonder::Artemis,
    ];
}

/// (vertical) the named cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Orientation {
    Horizontal,
    Vertical,
}

/// A Wonder still above its Meeting Place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardWonder {
    pub wonder: Wonder,
    /// Flipped when the place's dial first reached 5; never locks again.
    pub unlocked: bool,
}

/// The one Wonder a player claimed this game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldWonder {
    pub wonder: Wonder,
    /// In the city (else beside it, claimed only: no ability).
    pub built: bool,
    /// Its ability was activated this turn (reset at the end of the turn and when a
    /// Superiority token buys a new turn action).
    pub used_this_turn: bool,
}

/// A Meeting Place's Wonder, as the view shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct WonderSlotView {
    pub place: u8,
    pub wonder: Wonder,
    pub unlocked: bool,
}

// ------------------------------------------------------------------------ Builders' Challenges

/// The Builders' Challenges option: how many tiles the row holds (`None`: module off).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Challenges {
    #[default]
    None,
    /// 4 tiles.
    Short,
    /// 5 tiles (the only length solo plays).
    Normal,
    /// 6 tiles.
    Long,
}
impl Challenges {
    pub fn on(self) -> bool {
        self != Challenges::None
    }
}

/// A challenge tile, named on the wire by its code ("A01").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ChallengeId(pub u8);

/// A tile of the row as the view shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeTileView {
    pub id: ChallengeId,
    /// An ASSUMED placeholder tile (AW-30), not a printed one.
    pub provisional: bool,
}
