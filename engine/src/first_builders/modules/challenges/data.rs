//! The Builders' Challenges tile table (`engine/data/origins/challenges.toml`: only 6 tile
//! texts are known; the 18 others are ASSUMED placeholders, AW-30, dealt only with
//! `Options::provisional_challenges`) and the methods of the ids that read it.

use super::super::super::module_types::{ChallengeId, Challenges};
use super::super::super::types::Colour;
use crate::Provenance;
use serde::Deserialize;
use std::sync::LazyLock;

const CHALLENGES_TOML: &str = include_str!("../../../../data/origins/challenges.toml");

impl Challenges {
    /// Tiles in the row for this option (0 when off).
    pub fn tiles(self) -> usize {
        let l = &data().length;
        match self {
            Challenges::None => 0,
            Challenges::Short => l.short,
            Challenges::Normal => l.normal,
            Challenges::Long => l.long,
        }
    }
}

/// What a tile counts (× its `vp`); `challenges.toml` spells these in snake case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scoring {
    BuildingColours,
    Freemen,
    AgoraOrPalaceNeighbours,
    Farms,
    PrintedStone,
    StoneAtLeast,
    StoneExactly,
    ColourBuildings,
    Counsellors,
    Districts,
    FloorsAboveStart,
    BasicResources,
    ZodiacCards,
    MilitaryBoundaries,
    LowestTemple,
    ExtraBases,
    SeatPips,
    HighFreemen,
    Gold,
    CounsellorAndSeatColours,
}

/// One challenge tile.
#[derive(Debug, Clone, Deserialize)]
pub struct ChallengeTile {
    pub id: String,
    pub scoring: Scoring,
    pub vp: i32,
    /// `colour_buildings`: the colour counted.
    #[serde(default)]
    pub colour: Option<Colour>,
    /// `stone_at_least` / `stone_exactly`: the Stone cost.
    #[serde(default)]
    pub stone: Option<u8>,
    /// `high_freemen`: the lowest value counted.
    #[serde(default)]
    pub value: Option<u8>,
    pub text: String,
    #[serde(default)]
    pub text_fr: String,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

/// Tiles in the row per game length.
#[derive(Debug, Clone, Deserialize)]
pub struct Length {
    pub short: usize,
    pub normal: usize,
    pub long: usize,
    pub solo: usize,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

/// Solo with the module: win with strictly more than `more_than` VP.
#[derive(Debug, Clone, Deserialize)]
pub struct SoloRow {
    pub more_than: i32,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ChallengeData {
    pub length: Length,
    pub solo: SoloRow,
    #[serde(rename = "challenge")]
    pub tiles: Vec<ChallengeTile>,
}

fn load() -> Result<ChallengeData, String> {
    toml::from_str(CHALLENGES_TOML).map_err(|e| format!("challenges.toml: {e}"))
}

/// The table, parsed once (validated by tests, like the other tables).
static DATA: LazyLock<ChallengeData> =
    LazyLock::new(|| load().unwrap_or_else(|e| panic!("origins data: {e}")));

pub fn data() -> &'static ChallengeData {
    &DATA
}

/// The tile table's checks: 24 tiles A01..A24 in order, the 6 known ones from the seed,
/// and the parameter each scoring needs.
pub fn validate() -> Result<(), String> {
    let d = load()?;
    if d.tiles.len() != 24 {
        return Err("24 challenge tiles expected".into());
    }
    for (i, t) in d.tiles.iter().enumerate() {
        if t.id != format!("A{:02}", i + 1) {
            return Err(format!("{}: tiles A01..A24 in order", t.id));
        }
        let known = ["A01", "A08", "A09", "A15", "A16", "A17"].contains(&t.id.as_str());
        if known != (t.provenance == Provenance::Seed) || known == t.provenance.is_provisional() {
            return Err(format!(
                "{}: seed for the 6 known tiles, assumed else",
                t.id
            ));
        }
        let needs = match t.scoring {
            Scoring::ColourBuildings => t.colour.is_some(),
            Scoring::StoneAtLeast | Scoring::StoneExactly => t.stone.is_some(),
            Scoring::HighFreemen => t.value.is_some(),
            _ => true,
        };
        if !needs {
            return Err(format!("{}: missing parameter", t.id));
        }
    }
    let l = &d.length;
    if (l.short, l.normal, l.long, l.solo) != (4, 5, 6, 5) {
        return Err("4 / 5 / 6 tiles, solo 5".into());
    }
    Ok(())
}

impl ChallengeId {
    pub fn code(self) -> &'static str {
        self.row().map_or("", |r| r.id.as_str())
    }
    pub fn from_code(code: &str) -> Option<Self> {
        data()
            .tiles
            .iter()
            .position(|r| r.id == code)
            .and_then(|i| u8::try_from(i).ok())
            .map(ChallengeId)
    }
    pub fn row(self) -> Option<&'static ChallengeTile> {
        data().tiles.get(self.0 as usize)
    }
    /// Every tile, in table order.
    pub fn all() -> impl Iterator<Item = ChallengeId> {
        (0..data().tiles.len())
            .filter_map(|i| u8::try_from(i).ok())
            .map(ChallengeId)
    }
    /// True for the placeholder tiles (AW-30).
    pub fn provisional(self) -> bool {
        self.row().is_some_and(|r| r.provenance.is_provisional())
    }
}
