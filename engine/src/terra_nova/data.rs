//! Component tables of Terra Nova, read once from `engine/data/terra_nova/*.toml` (embedded at
//! compile time) into typed rows. Rule code reads these tables, never literal numbers.

use super::types::{Colour, Faction, Hex, SheetSide, Terrain, HEX_COUNT};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::LazyLock;

const MAP_TOML: &str = include_str!("../../data/terra_nova/map.toml");
const ECONOMY_TOML: &str = include_str!("../../data/terra_nova/economy.toml");
const FACTIONS_TOML: &str = include_str!("../../data/terra_nova/factions.toml");
const TILES_TOML: &str = include_str!("../../data/terra_nova/tiles.toml");

/// Where a data row comes from (see `shared/rules/terra-nova.md`): the shared catalog type.
pub use crate::Provenance;

// ------------------------------------------------------------------ raw rows

#[derive(Deserialize)]
struct RawMap {
    provenance: Provenance,
    note: String,
    rows: Vec<String>,
    continent: Vec<RawContinent>,
    edge: RawHexList,
    bridges: RawBridges,
    two_player_symbols: RawSymbols,
}

#[derive(Deserialize)]
struct RawContinent {
    name: String,
    hexes: Vec<String>,
}

#[derive(Deserialize)]
struct RawHexList {
    hexes: Vec<String>,
}

#[derive(Deserialize)]
struct RawBridges {
    provenance: Provenance,
    note: String,
    spots: Vec<[String; 2]>,
}

#[derive(Deserialize)]
struct RawSymbols {
    provenance: Provenance,
    note: String,
    lake: Vec<String>,
    forest: Vec<String>,
    wasteland: Vec<String>,
    desert: Vec<String>,
    swamp: Vec<String>,
}

#[derive(Deserialize)]
struct Row<T> {
    value: T,
    provenance: Provenance,
    #[serde(default)]
    note: String,
}

#[derive(Deserialize)]
struct RawEconomy {
    start_coins: Row<u32>,
    start_bowls: Row<[u8; 3]>,
    house_cost: Row<u32>,
    spade_cost: Row<u32>,
    trading_post_cost: Row<u32>,
    trading_post_cost_with_neighbour: Row<u32>,
    palace_cost: Row<u32>,
    navigation_cost: Row<u32>,
    bridge_cost: Row<u32>,
    town_min_buildings: Row<u32>,
    town_min_value: Row<u32>,
    town_min_value_palace: Row<u32>,
    building_values: Row<[u32; 3]>,
    pieces: Row<[u8; 4]>,
    house_slot_coins: Row<[u32; 8]>,
    trading_post_slot_coins: Row<[u32; 4]>,
    trading_post_slot_power: Row<[u8; 4]>,
    navigation_vp: Row<Vec<i32>>,
    territory_vp: Row<[i32; 4]>,
    wealth_coins_per_vp: Row<u32>,
    druid_exchange: Row<[u8; 2]>,
    bonus_tiles_extra: Row<u8>,
    round5_bonus_swap: Row<bool>,
}

#[derive(Deserialize)]
struct RawFactions {
    faction: Vec<RawFaction>,
}

#[derive(Deserialize)]
struct RawFaction {
    id: Faction,
    name: String,
    name_fr: String,
    colour: Colour,
    side: SheetSide,
    home: Terrain,
    terrain_provenance: Provenance,
    left_palace_coins: u32,
    left_palace_power: u8,
    ability: String,
    left_palace: String,
    right_palace: String,
}

#[derive(Deserialize)]
struct RawTiles {
    power_action: Vec<RawPowerAction>,
    bonus: Vec<RawBonus>,
    round_tile: Vec<RawRoundTile>,
    town_tile: Vec<RawTownTile>,
    presets: RawPresets,
}

#[derive(Deserialize)]
struct RawPowerAction {
    id: String,
    effect: PowerEffect,
    power: u8,
    #[serde(default)]
    coins: u32,
    provenance: Provenance,
}

#[derive(Deserialize)]
struct RawBonus {
    id: String,
    #[serde(default)]
    income_coins: u32,
    #[serde(default)]
    income_power: u8,
    #[serde(default)]
    special_spade: bool,
    #[serde(default)]
    reach_bonus: u8,
    #[serde(default)]
    pass_vp: Option<PassCount>,
    #[serde(default)]
    pass_vp_each: i32,
    provenance: Provenance,
}

#[derive(Deserialize)]
struct RawRoundTile {
    id: String,
    trigger: RoundTrigger,
    vp: i32,
    provenance: Provenance,
}

#[derive(Deserialize)]
struct RawTownTile {
    id: String,
    #[serde(default)]
    coins: u32,
    #[serde(default)]
    power: u8,
    #[serde(default)]
    navigation: u8,
    vp: i32,
    provenance: Provenance,
}

#[derive(Deserialize)]
struct RawPresets {
    round_tiles: Vec<String>,
    round_tiles_provenance: Provenance,
    game: Vec<RawPresetGame>,
}

#[derive(Deserialize)]
struct RawPresetGame {
    players: u8,
    houses_provenance: Provenance,
    bonus_tiles: Vec<String>,
    seats: Vec<RawPresetSeat>,
}

#[derive(Deserialize)]
struct RawPresetSeat {
    faction: Faction,
    bonus: String,
    houses: Vec<String>,
}

// ------------------------------------------------------------------ typed tables

/// The effect of a board power action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PowerEffect {
    Bridge,
    Navigation,
    Coins,
    OneSpade,
    TwoSpades,
}

/// What a bonus tile counts when passing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PassCount {
    House,
    TradingPost,
    Palace,
    Navigation,
}

/// What a round-scoring tile rewards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundTrigger {
    House,
    TradingPost,
    Palace,
    Town,
    Navigation,
    Spade,
}

#[derive(Debug, Clone)]
pub struct PowerActionData {
    pub id: String,
    pub effect: PowerEffect,
    pub power: u8,
    pub coins: u32,
    pub provenance: Provenance,
}

#[derive(Debug, Clone)]
pub struct BonusData {
    pub id: String,
    pub income_coins: u32,
    pub income_power: u8,
    pub special_spade: bool,
    pub reach_bonus: u8,
    pub pass_vp: Option<(PassCount, i32)>,
    pub provenance: Provenance,
}

#[derive(Debug, Clone)]
pub struct RoundTileData {
    pub id: String,
    pub trigger: RoundTrigger,
    pub vp: i32,
    pub provenance: Provenance,
}

#[derive(Debug, Clone)]
pub struct TownTileData {
    pub id: String,
    pub coins: u32,
    pub power: u8,
    pub navigation: u8,
    pub vp: i32,
    pub provenance: Provenance,
}

#[derive(Debug, Clone)]
pub struct FactionData {
    pub faction: Faction,
    pub name: String,
    pub name_fr: String,
    pub colour: Colour,
    pub side: SheetSide,
    pub home: Terrain,
    pub terrain_provenance: Provenance,
    pub left_palace_coins: u32,
    pub left_palace_power: u8,
    pub ability: String,
    pub left_palace: String,
    pub right_palace: String,
}

/// One number of the printed economy with its provenance.
#[derive(Debug, Clone)]
pub struct Provenanced {
    pub name: &'static str,
    pub provenance: Provenance,
    pub note: String,
}

#[derive(Debug, Clone)]
pub struct Economy {
    pub start_coins: u32,
    pub start_bowls: [u8; 3],
    pub house_cost: u32,
    pub spade_cost: u32,
    pub trading_post_cost: u32,
    pub trading_post_cost_with_neighbour: u32,
    pub palace_cost: u32,
    pub navigation_cost: u32,
    pub bridge_cost: u32,
    pub town_min_buildings: u32,
    pub town_min_value: u32,
    pub town_min_value_palace: u32,
    /// House, trading post, palace.
    pub building_values: [u32; 3],
    /// Houses, trading posts, palaces, bridges.
    pub pieces: [u8; 4],
    pub house_slot_coins: [u32; 8],
    pub trading_post_slot_coins: [u32; 4],
    pub trading_post_slot_power: [u8; 4],
    /// VP on entering step 1, 2, ...; the track maximum is its length.
    pub navigation_vp: Vec<i32>,
    pub territory_vp: [i32; 4],
    pub wealth_coins_per_vp: u32,
    /// Druides: power spent, VP gained.
    pub druid_exchange: [u8; 2],
    pub bonus_tiles_extra: u8,
    pub round5_bonus_swap: bool,
    /// Provenance of every row.
    pub rows: Vec<Provenanced>,
}

impl Economy {
    pub fn max_navigation(&self) -> u8 {
        self.navigation_vp.len() as u8
    }
}

/// A first-game preset seat.
#[derive(Debug, Clone)]
pub struct PresetSeat {
    pub faction: Faction,
    pub bonus: u8,
    pub houses: Vec<Hex>,
}

#[derive(Debug, Clone)]
pub struct Preset {
    pub players: u8,
    /// Of the seats' initial houses.
    pub houses_provenance: Provenance,
    pub bonus_tiles: Vec<u8>,
    pub seats: Vec<PresetSeat>,
}

/// The board: geometry, terrains, rivers, bridge spots, continents, edge hexes, symbols.
#[derive(Debug, Clone)]
pub struct MapData {
    /// Printed terrain per hex; `None` = river.
    pub terrain: Vec<Option<Terrain>>,
    /// Directly adjacent hexes, as a bit mask per hex.
    pub neighbours: Vec<u128>,
    pub land: u128,
    pub river: u128,
    /// Land hexes with fewer than 6 on-board neighbours (computed).
    pub edge: u128,
    /// Edge hexes as listed in the data file.
    pub edge_listed: Vec<Hex>,
    /// Continent index per land hex (computed from the rows).
    pub continent_of: Vec<Option<u8>>,
    /// Continents as listed in the data file.
    pub continents_listed: Vec<(String, Vec<Hex>)>,
    pub bridge_spots: Vec<(Hex, Hex)>,
    /// 2-player side: house-symbol hexes per terrain (cycle order).
    pub symbols: [Vec<Hex>; 5],
    /// Provenance of the rows (terrains), the bridge spots and the 2-player symbols.
    pub provenance: Vec<Provenanced>,
}

#[derive(Debug, Clone)]
pub struct Tables {
    pub map: MapData,
    pub economy: Economy,
    pub factions: Vec<FactionData>,
    pub power_actions: Vec<PowerActionData>,
    pub bonus: Vec<BonusData>,
    pub round_tiles: Vec<RoundTileData>,
    pub town_tiles: Vec<TownTileData>,
    pub preset_round_tiles: Vec<u8>,
    pub preset_round_tiles_provenance: Provenance,
    pub presets: Vec<Preset>,
}

impl Tables {
    pub fn faction(&self, faction: Faction) -> &FactionData {
        &self.factions[faction.index()]
    }
}

/// The tables, parsed once.
pub static TABLES: LazyLock<Tables> = LazyLock::new(|| load().expect("terra_nova data is valid"));

pub fn tables() -> &'static Tables {
    &TABLES
}

fn hex(name: &str) -> Result<Hex, String> {
    Hex::from_code(name).ok_or_else(|| format!("unknown hex {name}"))
}

fn hexes(names: &[String]) -> Result<Vec<Hex>, String> {
    names.iter().map(|n| hex(n)).collect()
}

fn index_of(ids: &[String], id: &str) -> Result<u8, String> {
    ids.iter()
        .position(|x| x == id)
        .map(|i| i as u8)
        .ok_or_else(|| format!("unknown id {id}"))
}

fn neighbours_of(h: Hex) -> Vec<Hex> {
    let (r, c) = h.row_col();
    let (r, c) = (r as i32, c as i32);
    let mut out = vec![Hex::at(r, c - 1), Hex::at(r, c + 1)];
    if r % 2 == 0 {
        out.extend([
            Hex::at(r - 1, c - 1),
            Hex::at(r - 1, c),
            Hex::at(r + 1, c - 1),
            Hex::at(r + 1, c),
        ]);
    } else {
        out.extend([
            Hex::at(r - 1, c),
            Hex::at(r - 1, c + 1),
            Hex::at(r + 1, c),
            Hex::at(r + 1, c + 1),
        ]);
    }
    out.into_iter().flatten().collect()
}

fn bit(h: Hex) -> u128 {
    1u128 << h.0
}

fn load_map() -> Result<MapData, String> {
    let raw: RawMap = toml::from_str(MAP_TOML).map_err(|e| e.to_string())?;
    let mut terrain = Vec::with_capacity(HEX_COUNT);
    for (r, row) in raw.rows.iter().enumerate() {
        let cells: Vec<&str> = row.split_whitespace().collect();
        if cells.len() != super::types::ROW_LENGTHS[r] as usize {
            return Err(format!("row {r} has {} hexes", cells.len()));
        }
        for cell in cells {
            terrain.push(match cell {
                "L" => Some(Terrain::Lake),
                "F" => Some(Terrain::Forest),
                "W" => Some(Terrain::Wasteland),
                "D" => Some(Terrain::Desert),
                "S" => Some(Terrain::Swamp),
                "~" => None,
                other => return Err(format!("unknown terrain {other}")),
            });
        }
    }
    if terrain.len() != HEX_COUNT {
        return Err(format!("{} hexes", terrain.len()));
    }
    let all: Vec<Hex> = (0..HEX_COUNT as u8).map(Hex).collect();
    let neighbours: Vec<u128> = all
        .iter()
        .map(|h| neighbours_of(*h).into_iter().map(bit).fold(0, |a, b| a | b))
        .collect();
    let land = all
        .iter()
        .filter(|h| terrain[h.0 as usize].is_some())
        .map(|h| bit(*h))
        .fold(0, |a, b| a | b);
    let river = all
        .iter()
        .filter(|h| terrain[h.0 as usize].is_none())
        .map(|h| bit(*h))
        .fold(0, |a, b| a | b);
    let edge = all
        .iter()
        .filter(|h| terrain[h.0 as usize].is_some() && neighbours[h.0 as usize].count_ones() < 6)
        .map(|h| bit(*h))
        .fold(0, |a, b| a | b);
    // Continents: land components under direct adjacency.
    let mut continent_of = vec![None; HEX_COUNT];
    let mut next = 0u8;
    for start in &all {
        if terrain[start.0 as usize].is_none() || continent_of[start.0 as usize].is_some() {
            continue;
        }
        let mut stack = vec![*start];
        continent_of[start.0 as usize] = Some(next);
        while let Some(h) = stack.pop() {
            for n in neighbours_of(h) {
                if terrain[n.0 as usize].is_some() && continent_of[n.0 as usize].is_none() {
                    continent_of[n.0 as usize] = Some(next);
                    stack.push(n);
                }
            }
        }
        next += 1;
    }
    let continents_listed = raw
        .continent
        .iter()
        .map(|c| Ok((c.name.clone(), hexes(&c.hexes)?)))
        .collect::<Result<Vec<_>, String>>()?;
    let bridge_spots = raw
        .bridges
        .spots
        .iter()
        .map(|[a, b]| Ok((hex(a)?, hex(b)?)))
        .collect::<Result<Vec<_>, String>>()?;
    let s = &raw.two_player_symbols;
    let symbols = [
        hexes(&s.lake)?,
        hexes(&s.forest)?,
        hexes(&s.wasteland)?,
        hexes(&s.desert)?,
        hexes(&s.swamp)?,
    ];
    Ok(MapData {
        terrain,
        neighbours,
        land,
        river,
        edge,
        edge_listed: hexes(&raw.edge.hexes)?,
        continent_of,
        continents_listed,
        bridge_spots,
        symbols,
        provenance: vec![
            Provenanced {
                name: "rows",
                provenance: raw.provenance,
                note: raw.note,
            },
            Provenanced {
                name: "bridges",
                provenance: raw.bridges.provenance,
                note: raw.bridges.note,
            },
            Provenanced {
                name: "two_player_symbols",
                provenance: raw.two_player_symbols.provenance,
                note: raw.two_player_symbols.note,
            },
        ],
    })
}

fn load_economy() -> Result<Economy, String> {
    let e: RawEconomy = toml::from_str(ECONOMY_TOML).map_err(|e| e.to_string())?;
    let mut rows = Vec::new();
    macro_rules! take {
        ($($field:ident),+) => {
            $( rows.push(Provenanced {
                name: stringify!($field),
                provenance: e.$field.provenance,
                note: e.$field.note.clone(),
            }); )+
        };
    }
    take!(
        start_coins,
        start_bowls,
        house_cost,
        spade_cost,
        trading_post_cost,
        trading_post_cost_with_neighbour,
        palace_cost,
        navigation_cost,
        bridge_cost,
        town_min_buildings,
        town_min_value,
        town_min_value_palace,
        building_values,
        pieces,
        house_slot_coins,
        trading_post_slot_coins,
        trading_post_slot_power,
        navigation_vp,
        territory_vp,
        wealth_coins_per_vp,
        druid_exchange,
        bonus_tiles_extra,
        round5_bonus_swap
    );
    Ok(Economy {
        start_coins: e.start_coins.value,
        start_bowls: e.start_bowls.value,
        house_cost: e.house_cost.value,
        spade_cost: e.spade_cost.value,
        trading_post_cost: e.trading_post_cost.value,
        trading_post_cost_with_neighbour: e.trading_post_cost_with_neighbour.value,
        palace_cost: e.palace_cost.value,
        navigation_cost: e.navigation_cost.value,
        bridge_cost: e.bridge_cost.value,
        town_min_buildings: e.town_min_buildings.value,
        town_min_value: e.town_min_value.value,
        town_min_value_palace: e.town_min_value_palace.value,
        building_values: e.building_values.value,
        pieces: e.pieces.value,
        house_slot_coins: e.house_slot_coins.value,
        trading_post_slot_coins: e.trading_post_slot_coins.value,
        trading_post_slot_power: e.trading_post_slot_power.value,
        navigation_vp: e.navigation_vp.value,
        territory_vp: e.territory_vp.value,
        wealth_coins_per_vp: e.wealth_coins_per_vp.value,
        druid_exchange: e.druid_exchange.value,
        bonus_tiles_extra: e.bonus_tiles_extra.value,
        round5_bonus_swap: e.round5_bonus_swap.value,
        rows,
    })
}

fn load() -> Result<Tables, String> {
    let map = load_map()?;
    let economy = load_economy()?;
    let raw: RawFactions = toml::from_str(FACTIONS_TOML).map_err(|e| e.to_string())?;
    let mut by_faction: BTreeMap<Faction, FactionData> = BTreeMap::new();
    for f in raw.faction {
        by_faction.insert(
            f.id,
            FactionData {
                faction: f.id,
                name: f.name,
                name_fr: f.name_fr,
                colour: f.colour,
                side: f.side,
                home: f.home,
                terrain_provenance: f.terrain_provenance,
                left_palace_coins: f.left_palace_coins,
                left_palace_power: f.left_palace_power,
                ability: f.ability,
                left_palace: f.left_palace,
                right_palace: f.right_palace,
            },
        );
    }
    let factions = Faction::ALL
        .iter()
        .map(|f| {
            by_faction
                .remove(f)
                .ok_or_else(|| format!("faction {f} missing"))
        })
        .collect::<Result<Vec<_>, String>>()?;

    let t: RawTiles = toml::from_str(TILES_TOML).map_err(|e| e.to_string())?;
    let power_actions = t
        .power_action
        .into_iter()
        .map(|p| PowerActionData {
            id: p.id,
            effect: p.effect,
            power: p.power,
            coins: p.coins,
            provenance: p.provenance,
        })
        .collect();
    let bonus: Vec<BonusData> = t
        .bonus
        .into_iter()
        .map(|b| BonusData {
            id: b.id,
            income_coins: b.income_coins,
            income_power: b.income_power,
            special_spade: b.special_spade,
            reach_bonus: b.reach_bonus,
            pass_vp: b.pass_vp.map(|c| (c, b.pass_vp_each)),
            provenance: b.provenance,
        })
        .collect();
    let round_tiles: Vec<RoundTileData> = t
        .round_tile
        .into_iter()
        .map(|r| RoundTileData {
            id: r.id,
            trigger: r.trigger,
            vp: r.vp,
            provenance: r.provenance,
        })
        .collect();
    let town_tiles = t
        .town_tile
        .into_iter()
        .map(|r| TownTileData {
            id: r.id,
            coins: r.coins,
            power: r.power,
            navigation: r.navigation,
            vp: r.vp,
            provenance: r.provenance,
        })
        .collect();
    let bonus_ids: Vec<String> = bonus.iter().map(|b| b.id.clone()).collect();
    let round_ids: Vec<String> = round_tiles.iter().map(|b| b.id.clone()).collect();
    let preset_round_tiles = t
        .presets
        .round_tiles
        .iter()
        .map(|id| index_of(&round_ids, id))
        .collect::<Result<Vec<_>, String>>()?;
    let presets = t
        .presets
        .game
        .iter()
        .map(|g| {
            Ok(Preset {
                players: g.players,
                houses_provenance: g.houses_provenance,
                bonus_tiles: g
                    .bonus_tiles
                    .iter()
                    .map(|id| index_of(&bonus_ids, id))
                    .collect::<Result<Vec<_>, String>>()?,
                seats: g
                    .seats
                    .iter()
                    .map(|s| {
                        Ok(PresetSeat {
                            faction: s.faction,
                            bonus: index_of(&bonus_ids, &s.bonus)?,
                            houses: hexes(&s.houses)?,
                        })
                    })
                    .collect::<Result<Vec<_>, String>>()?,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(Tables {
        map,
        economy,
        factions,
        power_actions,
        bonus,
        round_tiles,
        town_tiles,
        preset_round_tiles,
        preset_round_tiles_provenance: t.presets.round_tiles_provenance,
        presets,
    })
}

/// The rows that are not from the printed game (for the catalog's `provisional_data`).
pub fn provisional_rows() -> Vec<String> {
    let t = tables();
    let mut out: Vec<String> = t
        .map
        .provenance
        .iter()
        .filter(|r| r.provenance.is_provisional())
        .map(|r| format!("map.{}: {}", r.name, r.note))
        .collect();
    out.extend(
        t.economy
            .rows
            .iter()
            .filter(|r| r.provenance == Provenance::Assumed)
            .map(|r| format!("economy.{}: {}", r.name, r.note)),
    );
    out.extend(
        t.factions
            .iter()
            .filter(|f| f.terrain_provenance == Provenance::Assumed)
            .map(|f| format!("factions.{}.home: A14", f.faction.code())),
    );
    out.extend(
        t.power_actions
            .iter()
            .filter(|p| p.provenance == Provenance::Assumed)
            .map(|p| format!("power_action.{}: A18", p.id)),
    );
    out.extend(
        t.bonus
            .iter()
            .filter(|p| p.provenance == Provenance::Assumed)
            .map(|p| format!("bonus.{}: A19", p.id)),
    );
    out.extend(
        t.round_tiles
            .iter()
            .filter(|p| p.provenance == Provenance::Assumed)
            .map(|p| format!("round_tile.{}: A21", p.id)),
    );
    if t.preset_round_tiles_provenance.is_provisional() {
        out.push("presets.round_tiles: A3".into());
    }
    out.extend(
        t.presets
            .iter()
            .filter(|p| p.houses_provenance.is_provisional())
            .map(|p| format!("presets.{}p.houses: A4", p.players)),
    );
    out
}
