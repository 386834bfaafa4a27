//! Component tables, read once from `engine/data/attika/*.toml` (embedded at compile time)
//! into typed rows. Every ASSUMED value of the rules page is one row or constant there, so
//! real costs and map layouts can replace the placeholders without code changes.

use super::types::{BuildingId, Counts, Group, Hex, PieceId, Resource};
use crate::Provenance;
use serde::Deserialize;
use std::sync::LazyLock;

const BUILDINGS_TOML: &str = include_str!("../../data/attika/buildings.toml");
const PIECES_TOML: &str = include_str!("../../data/attika/pieces.toml");
const BOARD_TOML: &str = include_str!("../../data/attika/board.toml");

/// Cost units per type as written in the TOML (`{ W = 2, H = 1 }`).
#[derive(Debug, Clone, Copy, Default, Deserialize)]
struct RawCost {
    #[serde(default, rename = "W")]
    w: u8,
    #[serde(default, rename = "F")]
    f: u8,
    #[serde(default, rename = "H")]
    h: u8,
    #[serde(default, rename = "M")]
    m: u8,
}

#[derive(Debug, Clone, Deserialize)]
struct RawBuilding {
    id: String,
    name: String,
    group: Group,
    is_main: bool,
    pile: String,
    cost: RawCost,
    is_road: bool,
    predecessors: Vec<String>,
    provenance: Provenance,
    #[serde(default)]
    note: String,
}

/// One building of the table (§3.1); every colour has the same 30.
#[derive(Debug, Clone)]
pub struct Building {
    pub id: String,
    pub name: String,
    pub group: Group,
    pub is_main: bool,
    /// Units per type (W, F, H, M); all zero for roads, which use the road rule (§2.6).
    pub cost: Counts,
    pub is_road: bool,
    /// Direct predecessors (the arrows pointing at this building).
    pub predecessors: Vec<BuildingId>,
    /// Bit `i` set when building `i` is a direct predecessor.
    pub predecessor_mask: u32,
    pub provenance: Provenance,
    pub note: String,
}

#[derive(Debug, Clone, Deserialize)]
struct RawPiece {
    id: String,
    hexes: Vec<String>,
    provenance: Provenance,
    #[serde(default)]
    note: String,
}

/// A map piece (§3.2): the symbol of the centre, then ring positions 1..6 at rotation 0.
#[derive(Debug, Clone)]
pub struct Piece {
    pub id: String,
    pub hexes: [Option<Resource>; 7],
    pub provenance: Provenance,
    pub note: String,
}

/// The starting board for one player count (§3.3).
#[derive(Debug, Clone, Deserialize)]
pub struct Start {
    pub players: u8,
    #[serde(deserialize_with = "hexes")]
    pub centres: Vec<Hex>,
    #[serde(deserialize_with = "hexes")]
    pub shrines: Vec<Hex>,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

fn hexes<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Hex>, D::Error> {
    let raw: Vec<[i16; 2]> = Vec::deserialize(d)?;
    Ok(raw.into_iter().map(|[q, r]| Hex::new(q, r)).collect())
}

#[derive(Debug, Clone, Deserialize)]
pub struct Constants {
    pub amphorae: u8,
    pub cards_per_type: u8,
    pub start_hands: Vec<u8>,
    pub draws: u8,
    pub builds: u8,
    pub no_action_cards: u8,
    pub road_base: u8,
    pub provenance: Provenance,
    #[serde(default)]
    pub note: String,
}

#[derive(Deserialize)]
struct BuildingFile {
    building: Vec<RawBuilding>,
}
#[derive(Deserialize)]
struct PieceFile {
    piece: Vec<RawPiece>,
}
#[derive(Deserialize)]
struct BoardFile {
    start: Vec<Start>,
    constants: Constants,
}

/// Every table of the game.
pub struct Tables {
    pub buildings: Vec<Building>,
    pub pieces: Vec<Piece>,
    pub starts: Vec<Start>,
    pub constants: Constants,
}

/// A map hex's symbol: a resource code, or "-" for a blank hex.
fn symbol(code: &str) -> Result<Option<Resource>, String> {
    match code {
        "-" => Ok(None),
        _ => Resource::from_code(code)
            .map(Some)
            .ok_or_else(|| format!("bad symbol {code:?}")),
    }
}

fn load() -> Result<Tables, String> {
    let b: BuildingFile =
        toml::from_str(BUILDINGS_TOML).map_err(|e| format!("buildings.toml: {e}"))?;
    let p: PieceFile = toml::from_str(PIECES_TOML).map_err(|e| format!("pieces.toml: {e}"))?;
    let board: BoardFile = toml::from_str(BOARD_TOML).map_err(|e| format!("board.toml: {e}"))?;
    let index = |id: &str| b.building.iter().position(|r| r.id == id);
    let mut buildings = Vec::with_capacity(b.building.len());
    for raw in &b.building {
        let mut predecessors = Vec::new();
        let mut predecessor_mask = 0u32;
        for p in &raw.predecessors {
            let i = index(p).ok_or_else(|| format!("{}: unknown predecessor {p}", raw.id))?;
            predecessors.push(BuildingId(i as u8));
            predecessor_mask |= 1 << i;
        }
        let expected_pile = if raw.is_main { "0" } else { "1-3" };
        if raw.pile != expected_pile {
            return Err(format!(
                "{}: pile {:?} must be {expected_pile:?}",
                raw.id, raw.pile
            ));
        }
        buildings.push(Building {
            id: raw.id.clone(),
            name: raw.name.clone(),
            group: raw.group,
            is_main: raw.is_main,
            cost: [raw.cost.w, raw.cost.f, raw.cost.h, raw.cost.m],
            is_road: raw.is_road,
            predecessors,
            predecessor_mask,
            provenance: raw.provenance,
            note: raw.note.clone(),
        });
    }
    let mut pieces = Vec::with_capacity(p.piece.len());
    for raw in &p.piece {
        if raw.hexes.len() != 7 {
            return Err(format!("{}: 7 hexes expected", raw.id));
        }
        let mut hexes = [None; 7];
        for (slot, s) in hexes.iter_mut().zip(&raw.hexes) {
            *slot = symbol(s).map_err(|e| format!("{}: {e}", raw.id))?;
        }
        pieces.push(Piece {
            id: raw.id.clone(),
            hexes,
            provenance: raw.provenance,
            note: raw.note.clone(),
        });
    }
    Ok(Tables {
        buildings,
        pieces,
        starts: board.start,
        constants: board.constants,
    })
}

/// The tables, parsed once. The embedded files are validated by tests, so a parse error
/// is a build defect, never a consequence of an action.
pub static TABLES: LazyLock<Tables> =
    LazyLock::new(|| load().unwrap_or_else(|e| panic!("attika data: {e}")));

pub fn tables() -> &'static Tables {
    &TABLES
}

impl Tables {
    pub fn building(&self, id: BuildingId) -> &Building {
        &self.buildings[id.0 as usize]
    }
    pub fn start(&self, players: u8) -> Option<&Start> {
        self.starts.iter().find(|s| s.players == players)
    }
    /// The ids of a group's buildings, in table order.
    pub fn group_members(&self, group: Group) -> impl Iterator<Item = BuildingId> + '_ {
        self.buildings
            .iter()
            .enumerate()
            .filter(move |(_, b)| b.group == group)
            .map(|(i, _)| BuildingId(i as u8))
    }
}

/// The catalog's `provisional_data`: one line per table that holds assumed rows, naming
/// those rows and the assumptions (A-numbers of the rules page) their notes cite, so a
/// corrected row leaves the catalog without a code edit.
pub fn provisional_rows() -> Vec<String> {
    let t = tables();
    let starts = t.starts.iter().map(|s| {
        (
            format!("{} players", s.players),
            s.provenance,
            s.note.as_str(),
        )
    });
    let buildings = t
        .buildings
        .iter()
        .map(|b| (b.id.clone(), b.provenance, b.note.as_str()));
    let pieces = t
        .pieces
        .iter()
        .map(|p| (p.id.clone(), p.provenance, p.note.as_str()));
    let constants = std::iter::once((
        "constants".to_string(),
        t.constants.provenance,
        t.constants.note.as_str(),
    ));
    [
        provisional_line("starting boards and shrines", starts),
        provisional_line("buildings (costs, names, arrows)", buildings),
        provisional_line("map piece symbols", pieces),
        provisional_line("constants", constants),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// "`table`: `ids` (A1, A2)" for the assumed rows among `rows`, if any.
pub fn provisional_line<'a>(
    table: &str,
    rows: impl Iterator<Item = (String, Provenance, &'a str)>,
) -> Option<String> {
    let mut ids = Vec::new();
    let mut assumptions: Vec<&str> = Vec::new();
    for (id, _, note) in rows.filter(|(_, p, _)| p.is_provisional()) {
        ids.push(id);
        for tag in assumption_tags(note) {
            if !assumptions.contains(&tag) {
                assumptions.push(tag);
            }
        }
    }
    if ids.is_empty() {
        return None;
    }
    Some(format!(
        "{table}: {} ({})",
        ids.join(", "),
        assumptions.join(", ")
    ))
}

/// The rules page's assumption numbers a note cites: "A2", "A2b" ...
fn assumption_tags(note: &str) -> impl Iterator<Item = &str> {
    note.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| {
            let mut chars = w.chars();
            chars.next() == Some('A')
                && chars.next().is_some_and(|c| c.is_ascii_digit())
                && chars.all(|c| c.is_ascii_digit() || c.is_ascii_lowercase())
        })
}

/// Checks the counts the rules page states (§1.1, §3.1–3.4). Used by tests.
pub fn validate() -> Result<(), String> {
    let t = load()?;
    if t.buildings.len() != 30 {
        return Err("30 buildings expected".into());
    }
    if t.buildings.iter().filter(|b| b.is_main).count() != 6 {
        return Err("6 main buildings expected".into());
    }
    let sizes = [
        (Group::Supply, 4),
        (Group::Defence, 4),
        (Group::Roads, 4),
        (Group::Shipping, 4),
        (Group::Mint, 2),
        (Group::Vineyard, 2),
        (Group::City, 10),
    ];
    for (g, n) in sizes {
        if t.buildings.iter().filter(|b| b.group == g).count() != n {
            return Err(format!("{g:?}: {n} buildings expected"));
        }
        let mains = t
            .buildings
            .iter()
            .filter(|b| b.group == g && b.is_main)
            .count();
        if mains != usize::from(g != Group::Roads) {
            return Err(format!("{g:?}: wrong number of main buildings"));
        }
    }
    for b in &t.buildings {
        if b.is_road != (b.group == Group::Roads) {
            return Err(format!("{}: is_road must match the Roads group", b.id));
        }
        if b.is_road && b.cost != [0; 4] {
            return Err(format!("{}: roads have no typed cost", b.id));
        }
        if !b.is_road && b.cost.iter().sum::<u8>() == 0 {
            return Err(format!("{}: a cost is needed", b.id));
        }
        if b.is_main && !b.predecessors.is_empty() {
            return Err(format!("{}: main buildings have no predecessor", b.id));
        }
        for p in &b.predecessors {
            if t.buildings[p.0 as usize].group != b.group || p.0 as usize >= t.buildings.len() {
                return Err(format!("{}: predecessors come from its own group", b.id));
            }
        }
    }
    for (i, b) in t.buildings.iter().enumerate() {
        if BuildingId(i as u8).code() != b.id {
            return Err(format!(
                "{}: building ids must follow BUILDING_CODES order",
                b.id
            ));
        }
    }
    for (i, p) in t.pieces.iter().enumerate() {
        if PieceId(i as u8).code() != p.id {
            return Err(format!("{}: piece ids must be T01 .. T22 in order", p.id));
        }
    }
    let mut ids: Vec<&str> = t.buildings.iter().map(|b| b.id.as_str()).collect();
    ids.extend(t.pieces.iter().map(|p| p.id.as_str()));
    let n = ids.len();
    ids.sort_unstable();
    ids.dedup();
    if ids.len() != n {
        return Err("duplicate ids".into());
    }
    if t.pieces.len() != 22 {
        return Err("22 map pieces expected".into());
    }
    for r in Resource::ALL {
        let n = t
            .pieces
            .iter()
            .flat_map(|p| p.hexes)
            .filter(|s| *s == Some(r))
            .count();
        if n != 16 {
            return Err(format!("{r:?}: 16 symbols expected, {n} found"));
        }
    }
    for players in 2..=4u8 {
        let s = t
            .start(players)
            .ok_or_else(|| format!("no start for {players}"))?;
        if s.centres.len() != 2 * players as usize || s.shrines.len() != players as usize {
            return Err(format!(
                "{players} players: 2n pieces and n shrines expected"
            ));
        }
        let cells: Vec<Hex> = s
            .centres
            .iter()
            .flat_map(|c| super::hex::piece_cells(*c, 0).map(|(h, _)| h))
            .collect();
        let mut unique = cells.clone();
        unique.sort_unstable();
        unique.dedup();
        if unique.len() != cells.len() {
            return Err(format!("{players} players: pieces overlap"));
        }
        for sh in &s.shrines {
            if cells.contains(sh) {
                return Err(format!("{players} players: shrine on the board"));
            }
            if !super::hex::neighbours(*sh)
                .iter()
                .any(|n| cells.contains(n))
            {
                return Err(format!("{players} players: shrine off the board"));
            }
        }
    }
    let c = &t.constants;
    if c.start_hands.len() < 4 || c.amphorae != 15 || c.cards_per_type != 15 {
        return Err("constants: 4 start hands, 15 amphorae, 15 cards per type".into());
    }
    Ok(())
}
