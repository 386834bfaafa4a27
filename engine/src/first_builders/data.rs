//! Component tables, read once from `engine/data/origins/*.toml` (embedded at compile time)
//! into typed rows. Every ASSUMED value of the rules page is one row there.

/// The main actions and Bonus effects are part of the contract (`types`); the tables
/// spell them and rule code names them through here too.
pub use super::types::{BonusEffect, MainAction};
use super::types::{BonusTileId, BuildingId, Colour, DistrictId, ZodiacId};
use crate::Provenance;
use serde::Deserialize;
use std::sync::LazyLock;

const BOARD_TOML: &str = include_str!("../../data/origins/board.toml");
const BUILDINGS_TOML: &str = include_str!("../../data/origins/buildings.toml");
const DISTRICTS_TOML: &str = include_str!("../../data/origins/districts.toml");
const ZODIAC_TOML: &str = include_str!("../../data/origins/zodiac.toml");

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum MilitaryBonus {
    #[serde(rename = "none")]
    None,
    #[serde(rename = "trade")]
    Trade,
    S,
    F,
    W,
    G1,
    G2,
    #[serde(rename = "S+")]
    SPlus,
    #[serde(rename = "F+")]
    FPlus,
    #[serde(rename = "W+")]
    WPlus,
    #[serde(rename = "G+")]
    GPlus,
}

impl MilitaryBonus {
    /// The bonus as board.toml spells it (the catalog's `TrackSpace.bonus`); empty for none.
    pub fn code(self) -> &'static str {
        match self {
            MilitaryBonus::None => "",
            MilitaryBonus::Trade => "trade",
            MilitaryBonus::S => "S",
            MilitaryBonus::F => "F",
            MilitaryBonus::W => "W",
            MilitaryBonus::G1 => "G1",
            MilitaryBonus::G2 => "G2",
            MilitaryBonus::SPlus => "S+",
            MilitaryBonus::FPlus => "F+",
            MilitaryBonus::WPlus => "W+",
            MilitaryBonus::GPlus => "G+",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ability {
    Granary,
    Port,
    Market,
    Mint,
    Quarry,
    Workshop,
    Armoury,
    Arena,
    Outpost,
    Equestrian,
    Fortress,
    Veterans,
    Castle,
    ConstructionSite,
    CourtOfJustice,
    Estate,
    Forum,
    StoneCircle,
    ForestTemple,
    MountainTemple,
    SeaTemple,
    Obelisk,
    Sanctuary,
    Statue,
    ArtistsSalon,
    AstronomyTower,
    Fountain,
    Portal,
    HealersHouse,
    MagesTower,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ZodiacKind {
    Sagittarius,
    Pisces,
    Capricorn,
    Aquarius,
    Taurus,
    Cancer,
    Libra,
    Aries,
    Leo,
    Gemini,
    Virgo,
    Scorpio,
}

#[derive(Debug, Clone, Deserialize)]
pub struct PlayerCount {
    pub players: u8,
    pub dice_per_colour: u8,
    pub orators: u8,
    pub district_cards: u8,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Constants {
    pub gold_per_district_card: u8,
    pub draft_dice_per_colour: u8,
    pub superiority_tokens: u8,
    pub floors_per_colour: u8,
    pub bases_total: u8,
    pub bases_start: u8,
    pub final_space_vp: i32,
    pub last_base_vp: i32,
    pub solo_target_base: i32,
    pub solo_target_step: i32,
    pub solo_rounds: u8,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct MeetingPlace {
    pub number: u8,
    pub top: MainAction,
    pub bottom: MainAction,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct BonusTile {
    pub id: String,
    pub colour: Colour,
    pub effect: BonusEffect,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SoloCondition {
    pub place: u8,
    pub colour: Colour,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct CostRow {
    pub wisdom: Vec<u8>,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct OratorRow {
    pub faces: Vec<u8>,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct FoodRow {
    pub food: Vec<u8>,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct VpRow {
    pub vp: Vec<i32>,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct MilitarySpace {
    pub index: u8,
    pub section: u8,
    pub bonus: MilitaryBonus,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

/// Spaces a marker advances with the Military main action and Bonus action.
#[derive(Debug, Clone, Deserialize)]
pub struct MilitaryAdvance {
    pub main: u8,
    pub bonus: u8,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SoloNeutral {
    pub round: u8,
    pub space: u8,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct StoneCircleRow {
    pub vp_by_colours: Vec<i32>,
}
#[derive(Debug, Clone, Deserialize)]
pub struct ObeliskRow {
    pub vp_by_count: Vec<i32>,
}
#[derive(Debug, Clone, Deserialize)]
pub struct SanctuaryRow {
    pub vp_by_cards: Vec<i32>,
}
#[derive(Debug, Clone, Deserialize)]
pub struct AgoraRow {
    pub effect: String,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Board {
    pub player_count: Vec<PlayerCount>,
    pub constants: Constants,
    pub military_advance: MilitaryAdvance,
    pub meeting_place: Vec<MeetingPlace>,
    pub bonus_tile: Vec<BonusTile>,
    pub solo_condition: Vec<SoloCondition>,
    pub market: CostRow,
    pub recruitment: CostRow,
    pub orator: OratorRow,
    pub population: FoodRow,
    pub temple: VpRow,
    pub counsellors: VpRow,
    pub agora: AgoraRow,
    pub military_space: Vec<MilitarySpace>,
    pub solo_neutral: Vec<SoloNeutral>,
    pub stone_circle: StoneCircleRow,
    pub obelisk: ObeliskRow,
    pub sanctuary: SanctuaryRow,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Building {
    pub id: String,
    pub name: String,
    pub name_fr: String,
    pub colour: Colour,
    pub stone: u8,
    pub copies: u8,
    pub ability: Ability,
    pub text: String,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

/// A District card. `pattern` = TL, TR, BL, BR; `None` = grey (any tile).
#[derive(Debug, Clone, Deserialize)]
pub struct DistrictCard {
    pub id: String,
    /// The towers shown on the top of the card: one reserve floor each at setup.
    pub towers: Vec<Colour>,
    #[serde(deserialize_with = "pattern")]
    pub pattern: [Option<Colour>; 4],
    pub vp_high: i32,
    pub vp_low: i32,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

fn pattern<'de, D: serde::Deserializer<'de>>(d: D) -> Result<[Option<Colour>; 4], D::Error> {
    let raw: Vec<String> = Vec::deserialize(d)?;
    if raw.len() != 4 {
        return Err(serde::de::Error::custom("pattern needs 4 positions"));
    }
    let mut out = [None; 4];
    for (i, s) in raw.iter().enumerate() {
        out[i] = match s.as_str() {
            "-" => None,
            code => Some(
                Colour::from_code(code)
                    .ok_or_else(|| serde::de::Error::custom(format!("bad colour {code}")))?,
            ),
        };
    }
    Ok(out)
}

#[derive(Debug, Clone, Deserialize)]
pub struct Zodiac {
    pub id: String,
    pub kind: ZodiacKind,
    pub name: String,
    pub name_fr: String,
    pub text: String,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

#[derive(Deserialize)]
struct BuildingFile {
    building: Vec<Building>,
}
#[derive(Deserialize)]
struct DistrictFile {
    card: Vec<DistrictCard>,
}
#[derive(Deserialize)]
struct ZodiacFile {
    zodiac: Vec<Zodiac>,
}

/// Every table of the game.
pub struct Tables {
    pub board: Board,
    pub buildings: Vec<Building>,
    pub districts: Vec<DistrictCard>,
    pub zodiac: Vec<Zodiac>,
}

fn load() -> Result<Tables, String> {
    let board: Board = toml::from_str(BOARD_TOML).map_err(|e| format!("board.toml: {e}"))?;
    let b: BuildingFile =
        toml::from_str(BUILDINGS_TOML).map_err(|e| format!("buildings.toml: {e}"))?;
    let d: DistrictFile =
        toml::from_str(DISTRICTS_TOML).map_err(|e| format!("districts.toml: {e}"))?;
    let z: ZodiacFile = toml::from_str(ZODIAC_TOML).map_err(|e| format!("zodiac.toml: {e}"))?;
    Ok(Tables {
        board,
        buildings: b.building,
        districts: d.card,
        zodiac: z.zodiac,
    })
}

/// The tables, parsed once. The embedded files are validated by tests, so a parse error
/// is a build defect, never a consequence of an action.
pub static TABLES: LazyLock<Tables> =
    LazyLock::new(|| load().unwrap_or_else(|e| panic!("origins data: {e}")));

pub fn tables() -> &'static Tables {
    &TABLES
}

impl Tables {
    pub fn player_count(&self, players: u8) -> Option<&PlayerCount> {
        self.board
            .player_count
            .iter()
            .find(|p| p.players == players)
    }
    /// The Zodiac card of this kind.
    pub fn zodiac_card(&self, kind: ZodiacKind) -> Option<ZodiacId> {
        self.zodiac
            .iter()
            .position(|z| z.kind == kind)
            .and_then(|i| u8::try_from(i).ok())
            .map(ZodiacId)
    }
    pub fn section(&self, space: u8) -> u8 {
        self.board
            .military_space
            .get(space as usize)
            .map(|s| s.section)
            .unwrap_or(0)
    }
    pub fn final_space(&self) -> u8 {
        (self.board.military_space.len() as u8).saturating_sub(1)
    }
    /// First space of the section of `space` (retreat target; section 0 -> space 1, A-37).
    pub fn retreat_target(&self, space: u8) -> u8 {
        if space == 0 || space >= self.final_space() {
            return space;
        }
        let s = self.section(space);
        self.board
            .military_space
            .iter()
            .filter(|m| m.section == s && m.index > 0)
            .map(|m| m.index)
            .min()
            .unwrap_or(space)
    }
    pub fn temple_top(&self) -> u8 {
        (self.board.temple.vp.len() as u8).saturating_sub(1)
    }
}

/// The catalog's `board_tracks` entry for the military track: board.toml's spaces with
/// their sections (a Superiority token per section boundary crossed) and attack bonuses,
/// Start and Final named as §2.5.4 names them, and the Final space's arrival VP, so that
/// clients draw the track from the same rows [`super::military`] plays by.
pub fn military_track() -> crate::BoardTrack {
    let t = tables();
    let last = t.final_space();
    crate::BoardTrack {
        track: "military",
        spaces: t
            .board
            .military_space
            .iter()
            .map(|m| crate::TrackSpace {
                index: m.index.into(),
                section: m.section.into(),
                bonus: m.bonus.code(),
                label: match m.index {
                    0 => "Start",
                    i if i == last => "Final",
                    _ => "",
                },
                arrival_vp: if m.index == last {
                    t.board.constants.final_space_vp
                } else {
                    0
                },
            })
            .collect(),
    }
}

/// The catalog's list of data that is not from the printed game: one line per table and
/// note of the rows marked `assumed`, so correcting a row in the TOML files changes the
/// catalog without a code edit.
pub fn provisional() -> Vec<String> {
    let t = tables();
    let b = &t.board;
    let mut rows: Vec<(&str, String, Provenance, &str)> = Vec::new();
    let mut row = |table, id: String, provenance, note: &'static str| {
        rows.push((table, id, provenance, note));
    };
    for r in &b.player_count {
        row("players", r.players.to_string(), r.provenance, &r.note);
    }
    row(
        "constants",
        String::new(),
        b.constants.provenance,
        &b.constants.note,
    );
    let advance = &b.military_advance;
    row(
        "military advance",
        String::new(),
        advance.provenance,
        &advance.note,
    );
    for r in &b.meeting_place {
        row("meeting place", r.number.to_string(), r.provenance, &r.note);
    }
    for r in &b.bonus_tile {
        row("bonus tile", r.id.clone(), r.provenance, &r.note);
    }
    for r in &b.solo_condition {
        row("solo condition", r.place.to_string(), r.provenance, &r.note);
    }
    row(
        "Market Wisdom costs",
        String::new(),
        b.market.provenance,
        &b.market.note,
    );
    let recruitment = &b.recruitment;
    row(
        "Recruitment Wisdom costs",
        String::new(),
        recruitment.provenance,
        &recruitment.note,
    );
    row(
        "Orator faces",
        String::new(),
        b.orator.provenance,
        &b.orator.note,
    );
    row(
        "population Food costs",
        String::new(),
        b.population.provenance,
        &b.population.note,
    );
    row(
        "temple track VP",
        String::new(),
        b.temple.provenance,
        &b.temple.note,
    );
    row(
        "counsellor VP",
        String::new(),
        b.counsellors.provenance,
        &b.counsellors.note,
    );
    row(
        "Agora ability",
        String::new(),
        b.agora.provenance,
        &b.agora.note,
    );
    for r in &b.military_space {
        row(
            "military spaces",
            r.index.to_string(),
            r.provenance,
            &r.note,
        );
    }
    for r in &b.solo_neutral {
        row(
            "solo neutral rounds",
            r.round.to_string(),
            r.provenance,
            &r.note,
        );
    }
    for r in &t.buildings {
        row("buildings", r.id.clone(), r.provenance, &r.note);
    }
    for r in &t.districts {
        row("district cards", r.id.clone(), r.provenance, &r.note);
    }
    for r in &t.zodiac {
        row("zodiac cards", r.id.clone(), r.provenance, &r.note);
    }
    group_provisional(rows)
}

/// A data row for the catalog's list: table, id, provenance, note.
pub type ProvisionalRow<'a> = (&'static str, String, Provenance, &'a str);

/// The catalog lines of the assumed rows among `rows`: one per table and note, in table
/// order.
pub fn group_provisional(rows: Vec<ProvisionalRow<'_>>) -> Vec<String> {
    // Group the assumed rows by table and note, in table order.
    let mut groups: Vec<(&str, &str, Vec<String>)> = Vec::new();
    for (table, id, provenance, note) in rows {
        if !provenance.is_provisional() {
            continue;
        }
        match groups
            .iter_mut()
            .find(|(t, n, _)| *t == table && *n == note)
        {
            Some((_, _, ids)) => ids.push(id),
            None => groups.push((table, note, vec![id])),
        }
    }
    groups
        .into_iter()
        .map(|(table, note, ids)| {
            let ids = match ids.as_slice() {
                [] => String::new(),
                [one] if one.is_empty() => String::new(),
                [one] => format!(" {one}"),
                [first, .., last] => format!(" {first} to {last} ({})", ids.len()),
            };
            if note.is_empty() {
                format!("{table}{ids}")
            } else {
                format!("{table}{ids}: {note}")
            }
        })
        .collect()
}

/// Validation used by tests.
pub fn validate() -> Result<(), String> {
    let t = load()?;
    if t.buildings.len() != 30 {
        return Err("30 building types expected".into());
    }
    for c in Colour::ALL {
        let n: u32 = t
            .buildings
            .iter()
            .filter(|b| b.colour == c)
            .map(|b| b.copies as u32)
            .sum();
        if n != 15 {
            return Err(format!("{}: {n} tiles, 15 expected", c.code()));
        }
        if t.board.bonus_tile.iter().filter(|b| b.colour == c).count() != 1 {
            return Err(format!("{}: one bonus tile expected", c.code()));
        }
    }
    if t.buildings.iter().any(|b| !(1..=3).contains(&b.stone)) {
        return Err("stone costs 1..3".into());
    }
    if t.districts.len() != 45 || t.zodiac.len() != 12 {
        return Err("45 district cards and 12 zodiac cards expected".into());
    }
    check_towers(&t)?;
    if t.board.meeting_place.len() != 5 || t.board.bonus_tile.len() != 5 {
        return Err("5 meeting places and 5 bonus tiles expected".into());
    }
    for (i, m) in t.board.meeting_place.iter().enumerate() {
        if m.number as usize != i + 1 {
            return Err("meeting places numbered 1..5 in order".into());
        }
    }
    if t.board.market.wisdom.len() != 5 || t.board.recruitment.wisdom.len() != 5 {
        return Err("5 market and 5 recruitment costs expected".into());
    }
    if t.board.population.food.len() != 4 || t.board.counsellors.vp.len() != 5 {
        return Err("4 population costs and 5 counsellor values expected".into());
    }
    if t.board.temple.vp.len() != 12 || t.board.orator.faces.len() != 6 {
        return Err("12 temple steps and 6 orator faces expected".into());
    }
    for (i, m) in t.board.military_space.iter().enumerate() {
        if m.index as usize != i {
            return Err("military spaces indexed in order".into());
        }
    }
    if t.board.military_space.len() != 17 {
        return Err("17 military spaces expected".into());
    }
    let mut ids: Vec<&str> = t.buildings.iter().map(|b| b.id.as_str()).collect();
    ids.extend(t.districts.iter().map(|d| d.id.as_str()));
    ids.extend(t.zodiac.iter().map(|z| z.id.as_str()));
    let n = ids.len();
    ids.sort();
    ids.dedup();
    if ids.len() != n {
        return Err("duplicate ids".into());
    }
    Ok(())
}

/// every District card shows 1 to 3 towers, and no colour's reserve can outgrow the
/// box: 1 floor + the towers of the revealed cards showing the most of that colour must fit
/// in the floors the players leave (12 per colour, 1 per player at the largest count).
pub fn check_towers(t: &Tables) -> Result<(), String> {
    if let Some(d) = t
        .districts
        .iter()
        .find(|d| !(1..=3).contains(&d.towers.len()))
    {
        return Err(format!("{}: 1 to 3 towers expected", d.id));
    }
    let c = &t.board.constants;
    for pc in &t.board.player_count {
        let room = c.floors_per_colour.saturating_sub(pc.players);
        for colour in Colour::ALL {
            let mut shown: Vec<u8> = t
                .districts
                .iter()
                .map(|d| d.towers.iter().filter(|&&x| x == colour).count() as u8)
                .collect();
            shown.sort_unstable_by(|a, b| b.cmp(a));
            let most: u8 = shown.iter().take(pc.district_cards as usize).sum();
            if 1 + most > room {
                return Err(format!(
                    "{}: up to {} floors in the reserve with {} players, {room} left in the box",
                    colour.code(),
                    1 + most,
                    pc.players
                ));
            }
        }
    }
    Ok(())
}

/// The methods of a table id (`types`) that read its row.
macro_rules! table_rows {
    ($name:ident, $table:ident, $row:ty) => {
        impl $name {
            /// The row's code; empty for an index past the table (never built by the rules).
            pub fn code(self) -> &'static str {
                self.row().map_or("", |r| r.id.as_str())
            }
            /// The row whose code is `code`.
            pub fn from_code(code: &str) -> Option<Self> {
                $table()
                    .iter()
                    .position(|r| r.id == code)
                    .and_then(|i| u8::try_from(i).ok())
                    .map($name)
            }
            pub fn row(self) -> Option<&'static $row> {
                $table().get(self.0 as usize)
            }
            /// Every row, in table order.
            pub fn all() -> impl Iterator<Item = $name> {
                (0..$table().len())
                    .filter_map(|i| u8::try_from(i).ok())
                    .map($name)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.code())
            }
        }
    };
}

fn building_rows() -> &'static [Building] {
    &tables().buildings
}
fn district_rows() -> &'static [DistrictCard] {
    &tables().districts
}
fn zodiac_rows() -> &'static [Zodiac] {
    &tables().zodiac
}
fn bonus_tile_rows() -> &'static [BonusTile] {
    &tables().board.bonus_tile
}

table_rows!(BuildingId, building_rows, Building);
table_rows!(DistrictId, district_rows, DistrictCard);
table_rows!(ZodiacId, zodiac_rows, Zodiac);
table_rows!(BonusTileId, bonus_tile_rows, BonusTile);

impl BuildingId {
    pub fn colour(self) -> Option<Colour> {
        self.row().map(|b| b.colour)
    }
    pub fn ability(self) -> Option<Ability> {
        self.row().map(|b| b.ability)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalog_lists_each_group_of_assumed_rows_once() {
        let list = provisional();
        for line in [
            "players 1: A-01: solo dice/orators extrapolated; district count seed",
            "military advance: A-05",
            "military spaces 2 to 15 (14): A-08",
            "district cards D01 to D45 (45): A-20/A-21 placeholder card",
        ] {
            assert!(list.iter().any(|l| l == line), "{line} in {list:#?}");
        }
        assert!(
            !list.iter().any(|l| l.starts_with("constants")),
            "seed rows stay out"
        );
        let mut unique = list.clone();
        unique.dedup();
        assert_eq!(unique, list);
    }

    #[test]
    fn the_catalog_s_military_track_reads_back_as_board_toml() {
        #[derive(Deserialize)]
        struct Row {
            bonus: MilitaryBonus,
        }
        let t = tables();
        let track = military_track();
        assert_eq!(track.spaces.len(), t.board.military_space.len());
        for (space, row) in track.spaces.iter().zip(&t.board.military_space) {
            assert_eq!(space.index, u32::from(row.index));
            assert_eq!(space.section, u32::from(t.section(row.index)));
            // The catalog's code reads back as the bonus the attack pays ("" = none).
            let code = if space.bonus.is_empty() {
                "none"
            } else {
                space.bonus
            };
            let back: Row = toml::from_str(&format!("bonus = {code:?}")).expect("a bonus code");
            assert_eq!(back.bonus, row.bonus, "space {}", row.index);
        }
        let labels: Vec<_> = track
            .spaces
            .iter()
            .map(|s| s.label)
            .filter(|l| !l.is_empty())
            .collect();
        assert_eq!(labels, ["Start", "Final"]);
        let last = track.spaces.last().expect("spaces");
        assert_eq!(last.index, u32::from(t.final_space()));
        assert_eq!(last.arrival_vp, t.board.constants.final_space_vp);
    }
}
