//! The public contract of Terra Nova: options, actions (one small decision each), events and
//! views. A proto mirrors these types; change them on purpose only.

use crate::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

// ------------------------------------------------------------------ identifiers

/// A hex of the board, row-major: rows A..I, 13 hexes on even rows, 12 on odd rows (`A1` = 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Hex(pub u8);

/// Hexes per row (rows A..I).
pub const ROW_LENGTHS: [u8; 9] = [13, 12, 13, 12, 13, 12, 13, 12, 13];
/// Number of hexes on the board.
pub const HEX_COUNT: usize = 113;

impl Hex {
    /// Row (0 = A) and 0-based column.
    pub fn row_col(self) -> (u8, u8) {
        let mut rest = self.0;
        for (row, len) in ROW_LENGTHS.iter().enumerate() {
            if rest < *len {
                return (row as u8, rest);
            }
            rest -= len;
        }
        (9, rest)
    }

    /// The hex at a row (0 = A) and 0-based column, if on the board.
    pub fn at(row: i32, col: i32) -> Option<Hex> {
        if !(0..9).contains(&row) || col < 0 || col >= ROW_LENGTHS[row as usize] as i32 {
            return None;
        }
        let before: u8 = ROW_LENGTHS[..row as usize].iter().sum();
        Some(Hex(before + col as u8))
    }

    /// Parses a name like `E4`.
    pub fn parse(name: &str) -> Option<Hex> {
        let mut chars = name.chars();
        let letter = chars.next()?;
        let row = (letter.to_ascii_uppercase() as i32) - ('A' as i32);
        let col: i32 = chars.as_str().parse().ok()?;
        Hex::at(row, col - 1)
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (row, col) = self.row_col();
        write!(f, "{}{}", (b'A' + row) as char, col + 1)
    }
}

/// The five terrains, in the order of the terrain cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Lake,
    Forest,
    Wasteland,
    Desert,
    Swamp,
}

impl Terrain {
    /// The terrain cycle: Lake -> Forest -> Wasteland -> Desert -> Swamp -> Lake.
    pub const CYCLE: [Terrain; 5] = [
        Terrain::Lake,
        Terrain::Forest,
        Terrain::Wasteland,
        Terrain::Desert,
        Terrain::Swamp,
    ];

    pub fn index(self) -> usize {
        self as usize
    }
}

/// Sheet colours (one per pair of factions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    Blue,
    Green,
    Yellow,
    Red,
    Black,
}

/// Side of a faction sheet: A = the easier faction, B = the advanced one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SheetSide {
    A,
    B,
}

/// The 10 factions (5 sheets x 2 sides).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Faction {
    Genies,
    SeaDogs,
    Golems,
    Efrits,
    Farfadets,
    Inventors,
    Fairies,
    Druids,
    DesertSisters,
    Felines,
}

impl Faction {
    pub const ALL: [Faction; 10] = [
        Faction::Genies,
        Faction::SeaDogs,
        Faction::Golems,
        Faction::Efrits,
        Faction::Farfadets,
        Faction::Inventors,
        Faction::Fairies,
        Faction::Druids,
        Faction::DesertSisters,
        Faction::Felines,
    ];

    pub fn index(self) -> usize {
        self as usize
    }
}

/// A building on the board. Values 1 / 2 / 3 for towns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Building {
    House,
    TradingPost,
    Palace,
}

/// Which of the two palaces of a sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PalaceSide {
    Left,
    Right,
}

/// One of the 8 bonus tiles, 0 = `A` .. 7 = `H`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct BonusTile(pub u8);

impl fmt::Display for BonusTile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", (b'A' + self.0) as char)
    }
}

/// One of the 8 round-scoring tiles, 0 = `S1` .. 7 = `S8`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct RoundTile(pub u8);

/// One of a player's 4 town tiles, 0 = `T1` .. 3 = `T4`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TownTile(pub u8);

/// One of the 6 board power actions, 0 = `P1` .. 5 = `P6`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PowerAction(pub u8);

/// One of the printed bridge spots (index into the map's bridge table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct BridgeSpot(pub u8);

/// Special and personal actions (bonus tile, palaces).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Special {
    /// Bonus tile: make habitable & build with 1 free spade.
    BonusSpade,
    /// Génies left palace: a free house on any free Lake hex.
    GeniesLakeHouse,
    /// Chiens de Mer right palace: upgrade a house to a trading post for free.
    SeaDogsUpgrade,
    /// Sœurs du Désert left palace: free transform of a directly adjacent hex.
    SistersTransform,
    /// Fées left palace (power action, 2 power): 1 free spade.
    FairiesSpade,
    /// Inventeurs left palace (6 power, several times per round): free hex + trading post.
    InventorsTradingPost,
}

// ------------------------------------------------------------------ options

/// Which side of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardSide {
    /// 2-4 players.
    Standard,
    /// Only with a 2-player neutral-house variant.
    TwoPlayer,
}

/// The 2-player neutral-house variants (§4.13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NeutralVariant {
    None,
    Planner,
    Random,
}

/// How seats get their faction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FactionSetup {
    /// Seats choose a faction (sheet and side) in turn order.
    Draft,
    /// One faction per seat, in seat order (at most one faction per sheet).
    Fixed(Vec<Faction>),
}

/// Options of a Terra Nova game. Seat 0 is the start player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerraNovaOptions {
    /// 2..=4.
    pub players: u8,
    /// `TwoPlayer` exactly when a neutral variant is played.
    pub board: BoardSide,
    pub factions: FactionSetup,
    /// Next round's order is this round's passing order (§4.12).
    pub turn_order_variant: bool,
    /// 2 players only.
    pub neutral_variant: NeutralVariant,
    /// First-game preset (§3.5): fixed factions, bonus tiles, round tiles and houses;
    /// `factions` is ignored.
    pub first_game_preset: bool,
}

impl TerraNovaOptions {
    /// A standard game with a faction draft.
    pub fn standard(players: u8) -> Self {
        TerraNovaOptions {
            players,
            board: BoardSide::Standard,
            factions: FactionSetup::Draft,
            turn_order_variant: false,
            neutral_variant: NeutralVariant::None,
            first_game_preset: false,
        }
    }

    /// A 2-player game on the 2-player board with a neutral variant.
    pub fn two_player(variant: NeutralVariant) -> Self {
        TerraNovaOptions {
            players: 2,
            board: BoardSide::TwoPlayer,
            factions: FactionSetup::Draft,
            turn_order_variant: false,
            neutral_variant: variant,
            first_game_preset: false,
        }
    }

    /// The first-game preset for 2, 3 or 4 players.
    pub fn preset(players: u8) -> Self {
        TerraNovaOptions {
            first_game_preset: true,
            ..TerraNovaOptions::standard(players)
        }
    }
}

// ------------------------------------------------------------------ actions

/// One decision. A turn is a sequence: e.g. `Build`, then `Hex(E5)`, then `BuildHouse(E5)`
/// or `Skip`, then maybe `TownTile`, then `ExchangePower` or `EndTurn`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    // --- setup
    /// Faction draft: take this faction (its sheet, on this side).
    ChooseFaction(Faction),
    /// Take this bonus tile (setup draft, or the swap when passing).
    TakeBonus(BonusTile),

    // --- free exchanges (own turn: before or after the action; phase 3; game end)
    /// Move n power from bowl III to bowl I, gain n coins.
    ExchangePower(u8),
    /// Druides: move 3 power from bowl III to bowl I, gain 2 VP.
    ConvertPowerToVp,

    // --- the seven actions
    /// Make habitable & build (then choose the hex).
    Build,
    /// Upgrade a building (then choose it).
    Upgrade,
    /// Advance navigation for 8 coins.
    AdvanceNavigation,
    /// Build a bridge for 10 coins (then choose the spot).
    BuildBridge,
    /// A board power action.
    PowerAction(PowerAction),
    /// A special or personal action (bonus tile, palace).
    Special(Special),
    /// Pass (drop out of the round).
    Pass,

    // --- follow-up decisions
    /// Choose a hex (initial house, neutral house, transform/build target, building to
    /// upgrade, special-action target).
    Hex(Hex),
    /// Build the optional house on this just-transformed hex.
    BuildHouse(Hex),
    /// Choose a bridge spot.
    Bridge(BridgeSpot),
    /// Choose which palace to build.
    Palace(PalaceSide),
    /// Decline an optional step (second hex, house, Éfrits' edge house, river link).
    Skip,
    /// Choose the town tile for a town being founded.
    TownTile(TownTile),
    /// Chiens de Mer: found a town across this river hex.
    RiverLink(Hex),
    /// End the turn (after the action and any exchanges); also ends one's phase-3 exchange
    /// and one's final exchange (game end: the rest of bowl III becomes coins).
    EndTurn,
}

// ------------------------------------------------------------------ events

/// Why something was gained.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    Income,
    Exchange,
    Neighbour,
    FactionAbility,
    Palace,
    BonusTile,
    RoundTile,
    Navigation,
    Town,
    PowerAction,
    Spades,
    Wealth,
    Territory,
}

/// What happened. Terra Nova has no hidden information: every event is public.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    FactionChosen {
        seat: Seat,
        faction: Faction,
    },
    NeutralHousePlaced {
        terrain: Terrain,
        hex: Hex,
    },
    /// A neutral colour was drawn but had no free symbol hex.
    NeutralHouseDiscarded {
        terrain: Terrain,
    },
    BonusTaken {
        seat: Seat,
        tile: BonusTile,
        coins: u32,
    },
    RoundStarted {
        round: u8,
        order: Vec<Seat>,
    },
    /// Coins, power (tokens moved through the bowls as asked) and VP gained.
    Gained {
        seat: Seat,
        coins: i32,
        power: u8,
        vp: i32,
        reason: Reason,
    },
    Paid {
        seat: Seat,
        coins: u32,
        power: u8,
    },
    Transformed {
        seat: Seat,
        hex: Hex,
        from: Terrain,
        to: Terrain,
        spades: u8,
    },
    Built {
        seat: Seat,
        hex: Hex,
        building: Building,
    },
    NavigationAdvanced {
        seat: Seat,
        level: u8,
    },
    BridgeBuilt {
        seat: Seat,
        spot: BridgeSpot,
    },
    ActionChosen {
        seat: Seat,
        action: Action,
    },
    TownFounded {
        seat: Seat,
        tile: TownTile,
        hexes: Vec<Hex>,
        river_link: Option<Hex>,
    },
    Passed {
        seat: Seat,
        first: bool,
    },
    RoundEnded {
        round: u8,
    },
    GameEnded,
}

// ------------------------------------------------------------------ views

/// Who owns a building.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Owner {
    Seat(Seat),
    /// A neutral house (2-player variants) of this colour's terrain.
    Neutral(Terrain),
}

/// A building on a hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placed {
    pub owner: Owner,
    pub building: Building,
    /// Part of a founded town.
    pub in_town: bool,
}

/// One hex as seen by everyone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexView {
    pub hex: Hex,
    /// `None` for river hexes.
    pub terrain: Option<Terrain>,
    pub placed: Option<Placed>,
    pub edge: bool,
    /// 2-player side: house symbol of this terrain.
    pub symbol: Option<Terrain>,
}

/// One player's sheet and supply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub faction: Option<Faction>,
    pub coins: u32,
    pub vp: i32,
    pub bowls: [u8; 3],
    pub navigation: u8,
    pub houses_on_sheet: u8,
    pub trading_posts_on_sheet: u8,
    pub left_palace: bool,
    pub right_palace: bool,
    pub bridges_in_reserve: u8,
    pub town_tiles_left: Vec<TownTile>,
    pub bonus: Option<BonusTile>,
    pub passed: bool,
    pub special_used: Vec<Special>,
}

/// What a viewer sees (everything but the RNG).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerraNovaView {
    pub options: TerraNovaOptions,
    /// 0 during setup, 1..=5 during the game.
    pub round: u8,
    /// A short name of the pending decision ("choose_action", "choose_hex", ...).
    pub pending: String,
    pub to_act: Vec<Seat>,
    pub hexes: Vec<HexView>,
    /// Built bridges: spot, its two hexes, owner.
    pub bridges: Vec<(BridgeSpot, Hex, Hex, Seat)>,
    pub players: Vec<PlayerView>,
    pub round_tiles: Vec<RoundTile>,
    /// Revealed bonus tiles nobody holds, with the coins on them.
    pub bonus_supply: Vec<(BonusTile, u32)>,
    pub power_actions_used: Vec<PowerAction>,
    pub start_player: Seat,
    pub order: Vec<Seat>,
    pub game_over: bool,
}
