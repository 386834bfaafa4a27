//! What a game declares about itself once (OpenSpiel's `GameType`): its lobby entry,
//! its options, its refusal codes and which of its component data is provisional.
//! [`crate::Game::info`] returns it; the registry turns the list of games into the catalog.

use serde::{Deserialize, Serialize};

/// A game's lobby entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameInfo {
    /// The wire id (`"terra-nova"`), the same as [`crate::Game::ID`].
    pub id: &'static str,
    pub name: &'static str,
    pub min_players: u8,
    pub max_players: u8,
    /// Every field of the game's options message, in proto field order.
    pub options: Vec<OptionInfo>,
    /// Component data that is not from the printed game (ASSUMED or placeholder rows),
    /// derived from the data tables' provenance so it cannot drift from them.
    pub provisional_data: Vec<String>,
    /// Every refusal code the game's rules can return (besides the common ones of
    /// [`crate::RuleError`]), so clients can enumerate them.
    pub refusal_codes: Vec<&'static str>,
    /// Where a client draws each place of the game's static board (Origin's territories),
    /// from the game's data tables; empty for a game whose view carries its own geometry.
    pub board_layout: Vec<BoardPoint>,
    /// The tracks of the game's static board whose view gives only a marker's space
    /// (Origins' military track), from the game's data tables so that a client draws the
    /// spaces, sections and rewards without its own copy of them; empty for the others.
    pub board_tracks: Vec<BoardTrack>,
}

/// One place of a static board and where to draw it, in the game's map units (x east,
/// y down). Layouts are data (their provenance is the place's row), not rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardPoint {
    /// The place's wire id (an Origin territory code such as `AF1`).
    pub place: String,
    pub x: i32,
    pub y: i32,
}

/// A track of a static board: spaces in a row that a marker moves along, the marker's
/// position in the view being a space's `index`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardTrack {
    /// Which track, named like the view field that holds a marker's space (`military`).
    pub track: &'static str,
    /// Every space, first (index 0) to last.
    pub spaces: Vec<TrackSpace>,
}

/// One space of a [`BoardTrack`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TrackSpace {
    /// The marker value that stands here (0 = the first space).
    pub index: u32,
    /// The space's section; crossing into another section is what a drawing marks with a
    /// boundary (in Origins it takes a Superiority token while the supply lasts).
    pub section: u32,
    /// What the space gives, as the game's data spells it (Origins' attack bonus `S+`,
    /// `trade`...); empty for nothing.
    pub bonus: &'static str,
    /// The space's name when it has one (`Start`, `Final`), else empty.
    pub label: &'static str,
    /// Victory points for reaching the space (Origins' Final space), else 0.
    pub arrival_vp: i32,
}

/// One option of a game: a field of its proto options message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OptionInfo {
    /// The proto field name (`amphora_for_card`).
    pub name: &'static str,
    /// A sentence for a lobby form.
    pub description: &'static str,
    /// The values a client may offer, spelled as the field's proto JSON value (enum
    /// values in lower case without their prefix: `two_player`).
    pub values: Vec<&'static str>,
    /// The value used when the field is left unset; empty when unset means something
    /// that is not one of `values` (a random first player, say), as `description` tells.
    pub default: &'static str,
}

/// Where a row of component data comes from. Rows that are not from the printed game
/// (`Assumed`) are listed in the catalog's `provisional_data`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Provenance {
    /// The French rulebook text in `shared/seeds/`.
    Seed,
    /// A secondary source named in the rules page.
    Source,
    /// Board Game Arena's implementation.
    Bga,
    /// Computed from other rows or rules.
    Derived,
    /// An ASSUMPTION of the rules page: a placeholder until someone reads the real box.
    Assumed,
}

impl Provenance {
    /// True for data that is not from the printed game.
    pub fn is_provisional(self) -> bool {
        self == Provenance::Assumed
    }
}
