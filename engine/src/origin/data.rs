//! Component tables of Origin, read once from `engine/data/origin/*.toml` (embedded at
//! compile time) into typed rows. Rule code reads these tables, never literal ids.

use super::types::{
    CardColor, CardId, Continent, PawnColor, PawnType, TerritoryColor, TileColumn, TileId,
};
use crate::Provenance;
use serde::Deserialize;
use std::sync::LazyLock;

const MAP_TOML: &str = include_str!("../../data/origin/map.toml");
const PAWNS_TOML: &str = include_str!("../../data/origin/pawns.toml");
const TILES_TOML: &str = include_str!("../../data/origin/tiles.toml");
const TOKENS_TOML: &str = include_str!("../../data/origin/tokens.toml");
const CARDS_TOML: &str = include_str!("../../data/origin/cards.toml");

// ------------------------------------------------------------------ raw rows (TOML)

#[derive(Deserialize)]
struct RawMap {
    origin: String,
    hunting: Vec<String>,
    territory: Vec<RawTerritory>,
    strait: Vec<RawStrait>,
}

#[derive(Deserialize)]
struct RawTerritory {
    code: String,
    name: String,
    continent: Continent,
    /// Where a client draws it (ASSUMPTION 13: a schematic layout, see map.toml).
    x: i32,
    y: i32,
    color: RawTerritoryColor,
    land: Vec<String>,
    provenance: Provenance,
    #[serde(default)]
    note: String,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum RawTerritoryColor {
    Yellow,
    Orange,
    Purple,
    Brown,
    Green,
    None,
}

#[derive(Deserialize)]
struct RawStrait {
    code: String,
    name: String,
    ends: [String; 2],
    provenance: Provenance,
    #[serde(default)]
    note: String,
}

#[derive(Deserialize)]
struct RawPawns {
    pawn: Vec<RawPawn>,
}

#[derive(Deserialize)]
struct RawPawn {
    code: String,
    size: u8,
    strength: u8,
    color: RawPawnColor,
    copies_2_3_players: u8,
    copies_4_players: u8,
    provenance: Provenance,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum RawPawnColor {
    White,
    Brown,
    Black,
}

#[derive(Deserialize)]
struct RawTiles {
    level: Vec<TileLevelRow>,
    column: Vec<RawColumn>,
    setup: RawTileSetup,
}

/// One row of the tile level distribution.
#[derive(Debug, Clone, Deserialize)]
pub struct TileLevelRow {
    pub level: u8,
    pub count: u8,
    pub standard_vp: u8,
    pub junior_vp: u8,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

#[derive(Deserialize)]
struct RawColumn {
    column: RawColumnName,
    slots: u8,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum RawColumnName {
    Yellow,
    Orange,
    Purple,
    Brown,
}

#[derive(Deserialize)]
struct RawTileSetup {
    min_level_one_face_up: u8,
}

#[derive(Deserialize)]
struct RawTokens {
    hunting: TokenSet,
    strait: TokenSet,
}

/// A multiset of token values with its provenance.
#[derive(Debug, Clone, Deserialize)]
pub struct TokenSet {
    pub values: Vec<u8>,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

#[derive(Deserialize)]
struct RawCards {
    action: Vec<RawAction>,
    permanent: Vec<RawPermanent>,
    objective: Vec<RawObjective>,
}

#[derive(Deserialize)]
struct RawAction {
    id: String,
    effect: ActionEffect,
    text: String,
    provenance: Provenance,
    #[serde(default)]
    note: String,
}

#[derive(Deserialize)]
struct RawPermanent {
    id: String,
    level: u8,
    effect: PermanentEffect,
    text: String,
    provenance: Provenance,
    #[serde(default)]
    note: String,
}

#[derive(Deserialize)]
struct RawObjective {
    id: String,
    vp: u8,
    condition: Condition,
    text: String,
    provenance: Provenance,
    #[serde(default)]
    note: String,
}

// ------------------------------------------------------------------ typed tables

/// The one-shot effect of an Action card (section 3.8, placeholders).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionEffect {
    ExtraEvolve,
    ExtraMigrate,
    RangePlusOne,
    StealCard,
    StealStraitToken,
    StealTile,
    TakeFaceUpTile,
    DrawPermanents,
    DrawObjectives,
    DrawActions,
    ReplacePawn,
    PushOpponent,
    EqualExchange,
    RelocateInContinent,
}

/// The lasting effect of a Permanent card (section 3.9, placeholders).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PermanentEffect {
    ObjectiveHandLimitThree,
    SmallPawnsMoveTwo,
    YellowOptionAExtraCard,
    StraitsFree,
    HuntingBonusTwo,
    StraitBonusOne,
    ExchangeEqualStrength,
    ExchangeImmune,
    ActionImmune,
    ExchangeStrengthPlusOne,
    MovePlusOne,
    OptionBReturnOne,
    ObjectiveBonusOne,
    LevelFourTilesFour,
}

/// Which continents a connected group must span (ASSUMPTION 17).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GroupSpan {
    OneContinent,
    SeveralContinents,
}

/// An Objective card's condition ("at least").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Condition {
    PawnsOnColor { color: RawColorName, count: u8 },
    PawnsOnContinent { continent: Continent, count: u8 },
    ConnectedGroup { count: u8, span: GroupSpan },
    Continents { count: u8 },
    PawnsWithStrength { strength: u8, count: u8 },
    PawnsWithSize { size: u8, count: u8 },
    PawnsOfEachColor { count: u8 },
    StraitTokens { count: u8 },
    Tiles { count: u8 },
    TileLevelAtLeast { level: u8 },
    VillagesOnBoard { count: u8 },
}

/// A territory colour as written in the card table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RawColorName {
    Yellow,
    Orange,
    Purple,
    Brown,
    Green,
}

impl RawColorName {
    pub fn territory_color(self) -> TerritoryColor {
        match self {
            RawColorName::Yellow => TerritoryColor::Yellow,
            RawColorName::Orange => TerritoryColor::Orange,
            RawColorName::Purple => TerritoryColor::Purple,
            RawColorName::Brown => TerritoryColor::Brown,
            RawColorName::Green => TerritoryColor::Green,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardKind {
    Action(ActionEffect),
    Permanent { level: u8, effect: PermanentEffect },
    Objective { vp: u8, condition: Condition },
}

#[derive(Debug, Clone)]
pub struct CardRow {
    pub code: String,
    pub color: CardColor,
    pub kind: CardKind,
    pub text: String,
    pub provenance: Provenance,
    pub note: String,
}

#[derive(Debug, Clone)]
pub struct TerritoryRow {
    pub code: String,
    pub name: String,
    pub continent: Continent,
    /// Where a client draws it, in map units (x east, y down): the catalog's board layout.
    pub at: (i32, i32),
    pub color: TerritoryColor,
    /// Land neighbours (indices).
    pub land: Vec<u8>,
    pub provenance: Provenance,
    pub note: String,
}

#[derive(Debug, Clone)]
pub struct StraitRow {
    pub code: String,
    pub name: String,
    pub ends: [u8; 2],
    pub provenance: Provenance,
    pub note: String,
}

#[derive(Debug, Clone)]
pub struct PawnRow {
    pub code: String,
    pub pawn: PawnType,
    pub copies_2_3_players: u8,
    pub copies_4_players: u8,
    pub provenance: Provenance,
}

/// Every component table, parsed once.
#[derive(Debug)]
pub struct Tables {
    pub territories: Vec<TerritoryRow>,
    pub straits: Vec<StraitRow>,
    pub origin: u8,
    pub hunting: Vec<u8>,
    pub pawns: Vec<PawnRow>,
    pub tile_levels: Vec<TileLevelRow>,
    /// Level of each physical tile, indexed by [`TileId`].
    pub tiles: Vec<u8>,
    /// Face-up slots per column, in [`TileColumn`] order.
    pub column_slots: [u8; 4],
    pub min_level_one_face_up: u8,
    pub hunting_tokens: TokenSet,
    pub strait_tokens: TokenSet,
    pub cards: Vec<CardRow>,
}

pub static TABLES: LazyLock<Tables> = LazyLock::new(load);

/// The parsed tables.
pub fn tables() -> &'static Tables {
    &TABLES
}

fn load() -> Tables {
    // The data is embedded at compile time and validated by tests: a failure here is a
    // build defect, never a reaction to a player's input.
    let map: RawMap = toml::from_str(MAP_TOML).expect("data/origin/map.toml");
    let pawns: RawPawns = toml::from_str(PAWNS_TOML).expect("data/origin/pawns.toml");
    let tiles: RawTiles = toml::from_str(TILES_TOML).expect("data/origin/tiles.toml");
    let tokens: RawTokens = toml::from_str(TOKENS_TOML).expect("data/origin/tokens.toml");
    let cards: RawCards = toml::from_str(CARDS_TOML).expect("data/origin/cards.toml");

    let index_of = |code: &str| -> u8 {
        map.territory
            .iter()
            .position(|t| t.code == code)
            .unwrap_or_else(|| panic!("unknown territory code {code} in map.toml")) as u8
    };
    let territories = map
        .territory
        .iter()
        .map(|t| TerritoryRow {
            code: t.code.clone(),
            name: t.name.clone(),
            continent: t.continent,
            at: (t.x, t.y),
            color: match t.color {
                RawTerritoryColor::Yellow => TerritoryColor::Yellow,
                RawTerritoryColor::Orange => TerritoryColor::Orange,
                RawTerritoryColor::Purple => TerritoryColor::Purple,
                RawTerritoryColor::Brown => TerritoryColor::Brown,
                RawTerritoryColor::Green => TerritoryColor::Green,
                RawTerritoryColor::None => TerritoryColor::None,
            },
            land: t.land.iter().map(|c| index_of(c)).collect(),
            provenance: t.provenance,
            note: t.note.clone(),
        })
        .collect();
    let straits = map
        .strait
        .iter()
        .map(|s| StraitRow {
            code: s.code.clone(),
            name: s.name.clone(),
            ends: [index_of(&s.ends[0]), index_of(&s.ends[1])],
            provenance: s.provenance,
            note: s.note.clone(),
        })
        .collect();
    let pawn_rows = pawns
        .pawn
        .iter()
        .map(|p| PawnRow {
            code: p.code.clone(),
            pawn: PawnType {
                size: p.size,
                strength: p.strength,
                color: match p.color {
                    RawPawnColor::White => PawnColor::White,
                    RawPawnColor::Brown => PawnColor::Brown,
                    RawPawnColor::Black => PawnColor::Black,
                },
            },
            copies_2_3_players: p.copies_2_3_players,
            copies_4_players: p.copies_4_players,
            provenance: p.provenance,
        })
        .collect();
    let mut tile_list = Vec::new();
    for row in &tiles.level {
        for _ in 0..row.count {
            tile_list.push(row.level);
        }
    }
    let mut column_slots = [0u8; 4];
    for c in &tiles.column {
        let i = match c.column {
            RawColumnName::Yellow => 0,
            RawColumnName::Orange => 1,
            RawColumnName::Purple => 2,
            RawColumnName::Brown => 3,
        };
        column_slots[i] = c.slots;
    }
    let mut card_rows = Vec::new();
    for a in cards.action {
        card_rows.push(CardRow {
            code: a.id,
            color: CardColor::Yellow,
            kind: CardKind::Action(a.effect),
            text: a.text,
            provenance: a.provenance,
            note: a.note,
        });
    }
    for p in cards.permanent {
        card_rows.push(CardRow {
            code: p.id,
            color: CardColor::Orange,
            kind: CardKind::Permanent {
                level: p.level,
                effect: p.effect,
            },
            text: p.text,
            provenance: p.provenance,
            note: p.note,
        });
    }
    for o in cards.objective {
        card_rows.push(CardRow {
            code: o.id,
            color: CardColor::Purple,
            kind: CardKind::Objective {
                vp: o.vp,
                condition: o.condition,
            },
            text: o.text,
            provenance: o.provenance,
            note: o.note,
        });
    }
    Tables {
        territories,
        straits,
        origin: index_of(&map.origin),
        hunting: map.hunting.iter().map(|c| index_of(c)).collect(),
        pawns: pawn_rows,
        tile_levels: tiles.level,
        tiles: tile_list,
        column_slots,
        min_level_one_face_up: tiles.setup.min_level_one_face_up,
        hunting_tokens: tokens.hunting,
        strait_tokens: tokens.strait,
        cards: card_rows,
    }
}

impl Tables {
    pub fn card(&self, id: CardId) -> Option<&CardRow> {
        self.cards.get(id.0 as usize)
    }

    pub fn card_color(&self, id: CardId) -> CardColor {
        self.card(id).map_or(CardColor::Yellow, |c| c.color)
    }

    /// Card ids of one colour, in table order.
    pub fn cards_of(&self, color: CardColor) -> Vec<CardId> {
        self.cards
            .iter()
            .enumerate()
            .filter(|(_, c)| c.color == color)
            .map(|(i, _)| CardId(i as u8))
            .collect()
    }

    pub fn tile_level(&self, tile: TileId) -> u8 {
        self.tiles.get(tile.0 as usize).copied().unwrap_or(0)
    }

    pub fn tile_count(&self) -> usize {
        self.tiles.len()
    }

    pub fn slots_in(&self, column: TileColumn) -> u8 {
        self.column_slots[column_index(column)]
    }

    pub fn tile_vp(&self, level: u8, junior: bool) -> u8 {
        self.tile_levels
            .iter()
            .find(|r| r.level == level)
            .map_or(0, |r| if junior { r.junior_vp } else { r.standard_vp })
    }
}

/// The catalog's `board_layout`: every territory where map.toml places it.
pub fn board_layout() -> Vec<crate::BoardPoint> {
    tables()
        .territories
        .iter()
        .map(|r| crate::BoardPoint {
            place: r.code.clone(),
            x: r.at.0,
            y: r.at.1,
        })
        .collect()
}

/// A data row's code, provenance and note, for the catalog.
type ProvenanceRow = (String, Provenance, String);

/// The catalog's `provisional_data`: per table, the rows marked `assumed` and the
/// ASSUMPTIONs their notes cite, so correcting a row's provenance updates the catalog.
pub fn provisional_rows() -> Vec<String> {
    let t = tables();
    let row = |code: &str, provenance: Provenance, note: &str| {
        (code.to_string(), provenance, note.to_string())
    };
    let cards = |color: CardColor| -> Vec<ProvenanceRow> {
        t.cards
            .iter()
            .filter(|c| c.color == color)
            .map(|c| row(&c.code, c.provenance, &c.note))
            .collect()
    };
    let tokens = |set: &TokenSet| vec![row("values", set.provenance, &set.note)];
    let groups: [(&str, Vec<ProvenanceRow>); 8] = [
        (
            "map territories",
            t.territories
                .iter()
                .map(|r| row(&r.code, r.provenance, &r.note))
                .collect(),
        ),
        (
            "map straits",
            t.straits
                .iter()
                .map(|r| row(&r.code, r.provenance, &r.note))
                .collect(),
        ),
        (
            "innovation tile levels",
            t.tile_levels
                .iter()
                .map(|r| row(&r.level.to_string(), r.provenance, &r.note))
                .collect(),
        ),
        ("hunting tokens", tokens(&t.hunting_tokens)),
        ("strait tokens", tokens(&t.strait_tokens)),
        ("action cards", cards(CardColor::Yellow)),
        ("permanent cards", cards(CardColor::Orange)),
        ("objective cards", cards(CardColor::Purple)),
    ];
    groups
        .iter()
        .filter_map(|(label, rows)| provisional_group(label, rows))
        .collect()
}

/// "objective cards: O17, O18 (ASSUMPTION 19)"; `None` when no row is assumed.
fn provisional_group(label: &str, rows: &[ProvenanceRow]) -> Option<String> {
    let assumed: Vec<&ProvenanceRow> = rows
        .iter()
        .filter(|(_, provenance, _)| provenance.is_provisional())
        .collect();
    if assumed.is_empty() {
        return None;
    }
    let which = if assumed.len() == rows.len() {
        "every row".to_string()
    } else {
        let codes: Vec<&str> = assumed.iter().map(|(code, ..)| code.as_str()).collect();
        codes.join(", ")
    };
    let mut cited: Vec<u32> = assumed
        .iter()
        .flat_map(|(.., note)| note.split("ASSUMPTION ").skip(1))
        .filter_map(|rest| {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok()
        })
        .collect();
    cited.sort_unstable();
    cited.dedup();
    let cited: Vec<String> = cited.iter().map(|n| format!("ASSUMPTION {n}")).collect();
    Some(format!("{label}: {which} ({})", cited.join(", ")))
}

pub fn column_index(column: TileColumn) -> usize {
    match column {
        TileColumn::Yellow => 0,
        TileColumn::Orange => 1,
        TileColumn::Purple => 2,
        TileColumn::Brown => 3,
    }
}

pub const COLUMNS: [TileColumn; 4] = [
    TileColumn::Yellow,
    TileColumn::Orange,
    TileColumn::Purple,
    TileColumn::Brown,
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::origin::types::{StraitId, TerritoryId};
    use std::collections::HashSet;

    #[test]
    fn map_counts() {
        let t = tables();
        assert_eq!(t.territories.len(), 42);
        assert_eq!(t.straits.len(), 11);
        assert_eq!(t.hunting.len(), 5);
        assert_eq!(t.territories[t.origin as usize].color, TerritoryColor::None);
        for color in [
            TerritoryColor::Yellow,
            TerritoryColor::Orange,
            TerritoryColor::Purple,
            TerritoryColor::Brown,
        ] {
            assert_eq!(
                t.territories.iter().filter(|r| r.color == color).count(),
                9,
                "{color:?}"
            );
        }
        let greens: HashSet<u8> = t
            .territories
            .iter()
            .enumerate()
            .filter(|(_, r)| r.color == TerritoryColor::Green)
            .map(|(i, _)| i as u8)
            .collect();
        assert_eq!(greens, t.hunting.iter().copied().collect());
        for c in Continent::ALL {
            let n = t.territories.iter().filter(|r| r.continent == c).count();
            assert!(n >= 4, "{c:?} has {n} territories");
        }
    }

    #[test]
    fn land_adjacency_is_symmetric_and_irreflexive() {
        let t = tables();
        for (i, row) in t.territories.iter().enumerate() {
            for &n in &row.land {
                assert_ne!(n as usize, i, "{} borders itself", row.code);
                assert!(
                    t.territories[n as usize].land.contains(&(i as u8)),
                    "{} -> {} not symmetric",
                    row.code,
                    t.territories[n as usize].code
                );
            }
        }
    }

    #[test]
    fn ids_are_unique() {
        let t = tables();
        let codes: HashSet<&str> = t.territories.iter().map(|r| r.code.as_str()).collect();
        assert_eq!(codes.len(), t.territories.len());
        let straits: HashSet<&str> = t.straits.iter().map(|r| r.code.as_str()).collect();
        assert_eq!(straits.len(), 11);
        let cards: HashSet<&str> = t.cards.iter().map(|r| r.code.as_str()).collect();
        assert_eq!(cards.len(), t.cards.len());
        let pawns: HashSet<PawnType> = t.pawns.iter().map(|r| r.pawn).collect();
        assert_eq!(pawns.len(), 27);
        for s in &t.straits {
            assert_ne!(s.ends[0], s.ends[1]);
            assert!(
                !t.territories[s.ends[0] as usize].land.contains(&s.ends[1]),
                "strait {} duplicates a land border",
                s.code
            );
        }
    }

    #[test]
    fn every_assumed_row_says_why() {
        let t = tables();
        let assumed = Provenance::Assumed;
        for r in &t.territories {
            assert!(r.provenance != assumed || !r.note.is_empty(), "{}", r.code);
        }
        for r in &t.straits {
            assert!(r.provenance != assumed || !r.note.is_empty(), "{}", r.code);
        }
        for r in &t.cards {
            assert!(r.provenance != assumed || !r.note.is_empty(), "{}", r.code);
        }
        for r in &t.tile_levels {
            assert!(r.provenance != assumed || !r.note.is_empty(), "{}", r.level);
        }
        for r in [&t.hunting_tokens, &t.strait_tokens] {
            assert!(r.provenance != assumed || !r.note.is_empty());
        }
    }

    #[test]
    fn every_table_code_round_trips_through_its_id() {
        let t = tables();
        for (i, row) in t.territories.iter().enumerate() {
            let id = TerritoryId::from_code(&row.code).unwrap();
            assert_eq!((id, id.code()), (TerritoryId(i as u8), row.code.as_str()));
        }
        for (i, row) in t.straits.iter().enumerate() {
            let id = StraitId::from_code(&row.code).unwrap();
            assert_eq!((id, id.code()), (StraitId(i as u8), row.code.as_str()));
        }
        for (i, row) in t.cards.iter().enumerate() {
            let id = CardId::from_code(&row.code).unwrap();
            assert_eq!((id, id.code()), (CardId(i as u8), row.code.as_str()));
        }
        for row in &t.pawns {
            assert_eq!(row.pawn.code(), row.code);
            assert_eq!(PawnType::from_code(&row.code), Some(row.pawn));
        }
        assert_eq!(TerritoryId::from_code("XX9"), None);
        assert_eq!(StraitId(99).code(), "?");
    }

    #[test]
    fn board_layout_places_every_territory_apart() {
        let layout = board_layout();
        assert_eq!(layout.len(), tables().territories.len());
        for (i, p) in layout.iter().enumerate() {
            assert!(
                (0..=1000).contains(&p.x) && (0..=580).contains(&p.y),
                "{p:?} off the map"
            );
            for q in &layout[i + 1..] {
                let (dx, dy) = (p.x - q.x, p.y - q.y);
                // Drawn as circles of radius 22: centres 50 apart never overlap.
                assert!(
                    dx * dx + dy * dy >= 50 * 50,
                    "{} and {} overlap",
                    p.place,
                    q.place
                );
            }
        }
    }

    #[test]
    fn provisional_data_lists_the_assumed_rows() {
        let rows = provisional_rows();
        assert!(rows.contains(&"objective cards: O17, O18, O19, O20 (ASSUMPTION 19)".into()));
        assert!(rows.contains(&"map territories: every row (ASSUMPTION 13)".into()));
        assert!(rows.iter().all(|r| r.contains("ASSUMPTION")), "{rows:?}");
        let mixed = [
            ("X1".to_string(), Provenance::Seed, String::new()),
            (
                "X2".to_string(),
                Provenance::Assumed,
                "ASSUMPTION 7: guess".to_string(),
            ),
        ];
        assert_eq!(
            provisional_group("things", &mixed).as_deref(),
            Some("things: X2 (ASSUMPTION 7)")
        );
        assert_eq!(provisional_group("things", &mixed[..1]), None);
    }

    #[test]
    fn pawn_counts() {
        let t = tables();
        let small: u32 = t.pawns.iter().map(|p| p.copies_2_3_players as u32).sum();
        let big: u32 = t.pawns.iter().map(|p| p.copies_4_players as u32).sum();
        assert_eq!((small, big), (27, 36));
        for p in &t.pawns {
            assert_eq!(p.copies_4_players, if p.pawn.size == 2 { 2 } else { 1 });
            assert_eq!(p.provenance, Provenance::Seed);
        }
    }

    #[test]
    fn tile_and_token_counts() {
        let t = tables();
        assert_eq!(t.tiles.len(), 30);
        assert_eq!(t.column_slots, [3, 3, 3, 6]);
        let per_level: Vec<usize> = (1..=5)
            .map(|l| t.tiles.iter().filter(|&&x| x == l).count())
            .collect();
        assert_eq!(per_level, vec![10, 8, 6, 4, 2]);
        assert_eq!(t.hunting_tokens.values.len(), 6);
        assert!(t.hunting_tokens.values.iter().all(|v| (4..=8).contains(v)));
        assert_eq!(t.strait_tokens.values.len(), 11);
        assert!(t.strait_tokens.values.iter().all(|v| (3..=5).contains(v)));
        assert_eq!(
            t.strait_tokens
                .values
                .iter()
                .map(|&v| v as u32)
                .sum::<u32>(),
            44
        );
    }

    #[test]
    fn card_counts_and_provenance() {
        let t = tables();
        assert_eq!(t.cards_of(CardColor::Yellow).len(), 14);
        assert_eq!(t.cards_of(CardColor::Orange).len(), 14);
        assert_eq!(t.cards_of(CardColor::Purple).len(), 20);
        for c in &t.cards {
            let expected = match c.color {
                CardColor::Yellow => 'A',
                CardColor::Orange => 'P',
                CardColor::Purple => 'O',
            };
            assert!(c.code.starts_with(expected));
            assert!(!c.text.is_empty());
            if c.color != CardColor::Purple {
                assert_eq!(c.provenance, Provenance::Assumed);
            }
            if let CardKind::Permanent { level, .. } = c.kind {
                assert!((1..=5).contains(&level));
            }
        }
        let bga = t
            .cards
            .iter()
            .filter(|c| c.provenance == Provenance::Bga)
            .count();
        assert_eq!(bga, 16);
    }
}
