//! The Ancient Wonders' data rows (`engine/data/origins/wonders.toml`) and the methods of
//! the Wonder ids that read them.

use super::super::super::module_types::Wonder;
use crate::Provenance;
use serde::Deserialize;
use std::sync::LazyLock;

const WONDERS_TOML: &str = include_str!("../../../../data/origins/wonders.toml");

impl Wonder {
    /// Its data row (every Wonder has one: `validate` checks it).
    pub fn row(self) -> Option<&'static WonderRow> {
        table().wonder.iter().find(|r| r.wonder == self)
    }
    /// The row's code, "W_COLOSSUS" ...
    pub fn code(self) -> &'static str {
        self.row().map_or("", |r| r.id.as_str())
    }
    /// Stone cost printed on the tile.
    pub fn stone(self) -> u8 {
        self.row().map_or(3, |r| r.stone)
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct WonderRow {
    pub id: String,
    pub wonder: Wonder,
    pub name: String,
    pub name_fr: String,
    pub stone: u8,
    pub text: String,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct WonderConstants {
    pub in_play: u8,
    pub in_play_solo: u8,
    pub claim_gold: u8,
    pub unlock_dial: u8,
    pub pyramid_vp: Vec<i32>,
    pub colossus_advance: u8,
    pub colossus_vp: i32,
    pub colossus_stone: u8,
    pub mausoleum_vp: i32,
    pub zeus_gold: u8,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

/// A reading of the rules page's section 6 that the engine implements.
#[derive(Debug, Clone, Deserialize)]
pub struct Assumption {
    pub id: String,
    pub note: String,
    pub provenance: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
pub struct WonderTable {
    pub constants: WonderConstants,
    pub wonder: Vec<WonderRow>,
    pub assumption: Vec<Assumption>,
}

fn load() -> Result<WonderTable, String> {
    toml::from_str(WONDERS_TOML).map_err(|e| format!("wonders.toml: {e}"))
}

/// Parsed once; the embedded file is validated by tests, so a parse error is a build defect.
static TABLE: LazyLock<WonderTable> =
    LazyLock::new(|| load().unwrap_or_else(|e| panic!("origins data: {e}")));

pub fn table() -> &'static WonderTable {
    &TABLE
}

/// Validation used by tests: 8 Wonders, one row each, costs 3 Stone, 3 Pyramid tiers.
pub fn validate() -> Result<(), String> {
    let t = load()?;
    if t.wonder.len() != 8 {
        return Err("8 Wonders expected".into());
    }
    for w in Wonder::ALL {
        if t.wonder.iter().filter(|r| r.wonder == w).count() != 1 {
            return Err(format!("{w:?}: one row expected"));
        }
    }
    if t.wonder.iter().any(|r| r.stone != 3) {
        return Err("every Wonder costs 3 Stone".into());
    }
    if t.constants.pyramid_vp.len() != 3 {
        return Err("3 Pyramid tiers expected".into());
    }
    if t.constants.in_play as usize > 5 || t.constants.in_play_solo as usize > 5 {
        return Err("at most one Wonder per Meeting Place".into());
    }
    Ok(())
}
