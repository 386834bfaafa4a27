//! The public contract of Terra Nova: options, actions (one small decision each), events and
//! views. A proto mirrors these types; change them on purpose only.

use super::data::tables;
use super::state::Transform;
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

    /// The code of the rules page: row letter and 1-based column (`E4`).
    pub fn code(self) -> String {
        self.to_string()
    }

    /// The hex whose code is exactly `code` (`E4`): an upper-case row letter and the
    /// column without leading zeros, on the board. Other spellings (`e4`, `E04`) name
    /// nothing: the API accepts only the codes it lists.
    pub fn from_code(code: &str) -> Option<Hex> {
        let bytes = code.as_bytes();
        // Only a letter and one or two digits reach the column arithmetic.
        if !(2..=3).contains(&bytes.len())
            || !bytes[0].is_ascii_uppercase()
            || !bytes[1..].iter().all(u8::is_ascii_digit)
            || bytes[1] == b'0'
        {
            return None;
        }
        let row = i32::from(bytes[0]) - i32::from(b'A');
        let col: i32 = code[1..].parse().ok()?;
        Hex::at(row, col - 1)
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (row, col) = self.row_col();
        write!(f, "{}{}", (b'A' + row) as char, col + 1)
    }
}

impl std::str::FromStr for Hex {
    type Err = CodeError;
    fn from_str(code: &str) -> Result<Hex, CodeError> {
        Hex::from_code(code).ok_or(CodeError)
    }
}

/// A code that names nothing of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeError;

/// A numbered component's code: `prefix` and its 1-based number (`S1`, `T4`, `P6`).
fn numbered_code(prefix: char, index: u8) -> String {
    format!("{prefix}{}", u32::from(index) + 1)
}

/// The index of `prefix` + 1-based number among `count` components.
fn numbered_from_code(code: &str, prefix: char, count: usize) -> Option<u8> {
    let digits = code.strip_prefix(prefix)?;
    // Canonical only: digits (`parse` alone would take `S+1`), no leading zero (`S01` is not
    // `S1`). An empty or too long number fails `parse` or the range below.
    if digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: usize = digits.parse().ok()?;
    (1..=count).contains(&n).then(|| (n - 1) as u8)
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

    /// The snake_case code of the catalog and the data files (`sea_dogs`).
    pub fn code(self) -> &'static str {
        match self {
            Faction::Genies => "genies",
            Faction::SeaDogs => "sea_dogs",
            Faction::Golems => "golems",
            Faction::Efrits => "efrits",
            Faction::Farfadets => "farfadets",
            Faction::Inventors => "inventors",
            Faction::Fairies => "fairies",
            Faction::Druids => "druids",
            Faction::DesertSisters => "desert_sisters",
            Faction::Felines => "felines",
        }
    }

    /// The faction whose code is `code`.
    pub fn from_code(code: &str) -> Option<Faction> {
        Faction::ALL.into_iter().find(|f| f.code() == code)
    }
}

impl fmt::Display for Faction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
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

impl BonusTile {
    /// Its letter (`A`).
    pub fn code(self) -> String {
        self.to_string()
    }

    /// The tile whose letter is `code`, among the game's bonus tiles.
    pub fn from_code(code: &str) -> Option<BonusTile> {
        let count = tables().bonus.len();
        match code.as_bytes() {
            [c @ b'A'..=b'Z'] if usize::from(c - b'A') < count => Some(BonusTile(c - b'A')),
            _ => None,
        }
    }

    /// The last letter, for messages ("A" to "H").
    pub fn last() -> BonusTile {
        BonusTile(tables().bonus.len().saturating_sub(1) as u8)
    }
}

impl fmt::Display for BonusTile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", (b'A' + self.0) as char)
    }
}

/// One of the 8 round-scoring tiles, 0 = `S1` .. 7 = `S8`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct RoundTile(pub u8);

impl RoundTile {
    /// `S1` .. `S8`.
    pub fn code(self) -> String {
        numbered_code('S', self.0)
    }

    pub fn from_code(code: &str) -> Option<RoundTile> {
        numbered_from_code(code, 'S', tables().round_tiles.len()).map(RoundTile)
    }
}

/// One of a player's 4 town tiles, 0 = `T1` .. 3 = `T4`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TownTile(pub u8);

impl TownTile {
    /// `T1` .. `T4`.
    pub fn code(self) -> String {
        numbered_code('T', self.0)
    }

    pub fn from_code(code: &str) -> Option<TownTile> {
        numbered_from_code(code, 'T', tables().town_tiles.len()).map(TownTile)
    }
}

/// One of the 6 board power actions, 0 = `P1` .. 5 = `P6`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PowerAction(pub u8);

impl PowerAction {
    /// `P1` .. `P6`.
    pub fn code(self) -> String {
        numbered_code('P', self.0)
    }

    pub fn from_code(code: &str) -> Option<PowerAction> {
        numbered_from_code(code, 'P', tables().power_actions.len()).map(PowerAction)
    }
}

/// One of the printed bridge spots (index into the map's bridge table). Its code is its
/// number, from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct BridgeSpot(pub u8);

impl BridgeSpot {
    /// The spot numbered `number`, if printed on the board.
    pub fn from_number(number: u32) -> Option<BridgeSpot> {
        u8::try_from(number)
            .ok()
            .filter(|s| usize::from(*s) < tables().map.bridge_spots.len())
            .map(BridgeSpot)
    }

    /// Every printed spot, in order.
    pub fn all() -> impl Iterator<Item = BridgeSpot> {
        (0..tables().map.bridge_spots.len() as u8).map(BridgeSpot)
    }

    /// The two hexes the spot joins.
    pub fn hexes(self) -> Option<(Hex, Hex)> {
        tables().map.bridge_spots.get(usize::from(self.0)).copied()
    }
}

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

impl BoardSide {
    /// The side a game uses when none is chosen: the 2-player side exactly with a
    /// neutral-house variant.
    pub fn for_variant(variant: NeutralVariant) -> BoardSide {
        match variant {
            NeutralVariant::None => BoardSide::Standard,
            NeutralVariant::Planner | NeutralVariant::Random => BoardSide::TwoPlayer,
        }
    }
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
pub struct Options {
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

impl Options {
    /// A standard game with a faction draft.
    pub fn standard(players: u8) -> Self {
        Options {
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
        Options {
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
        Options {
            first_game_preset: true,
            ..Options::standard(players)
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
    /// Faction draft, first part (§3.1 step 6): take the faction sheet of this home terrain
    /// (« choisissez une fiche de faction »); the side comes later.
    ChooseSheet(Terrain),
    /// Faction draft, second part (personal setup, « Choisissez le côté A ou B de votre
    /// fiche de faction »): this faction, one of the two sides of the seat's own sheet.
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
    /// A faction sheet (named by its home terrain) was taken; its side is chosen later.
    SheetChosen {
        seat: Seat,
        home: Terrain,
    },
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

/// A bridge spot with its two hexes; `owner` once a bridge is built there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BridgeView {
    pub spot: BridgeSpot,
    pub hexes: [Hex; 2],
    pub owner: Option<Seat>,
}

/// The decision the seat in `to_act` must take now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// Faction draft, first part: choose a faction sheet (by its home terrain).
    ChooseSheet,
    /// Faction draft, second part: choose the side (the faction) of your sheet.
    ChooseFaction,
    /// A 2-player variant: a neutral house of this terrain's colour on a free symbol hex.
    PlaceNeutralHouse {
        terrain: Terrain,
    },
    /// Initial houses, in snake order.
    PlaceInitialHouse,
    /// Setup bonus-tile draft.
    ChooseBonusTile,
    /// Phase 3: exchange power, then end.
    RoundEndExchange,
    /// Game end: the final exchange, then end (the rest of bowl III becomes coins).
    FinalExchange,
    /// Choose one of the seven actions (or exchange power first).
    ChooseAction,
    /// Choose the hex to make habitable or build on, paid as `transform` says.
    TransformHex {
        transform: Transform,
    },
    /// 2 free spades: a second 1-spade hex, or skip.
    SecondSpadeHex {
        first: Hex,
    },
    /// Build the optional house on one of these hexes, or skip.
    BuildHouse {
        hexes: Vec<Hex>,
    },
    /// Choose the building to upgrade.
    UpgradeHex,
    /// Choose which palace to build on the trading post at `hex`.
    ChoosePalace {
        hex: Hex,
    },
    /// Choose a bridge spot.
    ChooseBridge,
    /// Génies: choose the Lake hex.
    LakeHouseHex,
    /// Chiens de Mer: choose the house to upgrade for free.
    FreeUpgradeHex,
    /// Inventeurs: choose the hex for the trading post.
    InventorsHex,
    /// Éfrits: choose the edge hex for the free house, or skip.
    EdgeHouseHex,
    /// Choose the town tile of the town on `hexes` (across `river_link`, Chiens de Mer).
    ChooseTownTile {
        hexes: Vec<Hex>,
        river_link: Option<Hex>,
    },
    /// Chiens de Mer: found a town across one of these river hexes, or skip.
    RiverLink {
        hexes: Vec<Hex>,
    },
    /// Passing: choose the new bonus tile.
    PassBonus,
    /// After the action: exchange power or end the turn.
    AfterAction,
    GameOver,
}

impl Pending {
    /// A short sentence naming the decision (the view's `pending` string).
    pub fn summary(&self) -> &'static str {
        match self {
            Pending::ChooseSheet => "choose a faction sheet",
            Pending::ChooseFaction => "choose the side of your faction sheet",
            Pending::PlaceNeutralHouse { .. } => "place a neutral house",
            Pending::PlaceInitialHouse => "place an initial house",
            Pending::ChooseBonusTile => "choose a bonus tile",
            Pending::RoundEndExchange => "exchange power at the end of the round",
            Pending::FinalExchange => "final power exchange (wealth), then end turn",
            Pending::ChooseAction => "choose an action",
            Pending::TransformHex { .. } => "choose the hex to make habitable or build on",
            Pending::SecondSpadeHex { .. } => "choose a second hex for the free spade or skip",
            Pending::BuildHouse { .. } => "build the house or skip",
            Pending::UpgradeHex => "choose the building to upgrade",
            Pending::ChoosePalace { .. } => "choose the palace",
            Pending::ChooseBridge => "choose the bridge spot",
            Pending::LakeHouseHex => "choose the Lake hex",
            Pending::FreeUpgradeHex => "choose the house to upgrade",
            Pending::InventorsHex => "choose the hex for the trading post",
            Pending::EdgeHouseHex => "choose the edge hex or skip",
            Pending::ChooseTownTile { .. } => "choose a town tile",
            Pending::RiverLink { .. } => "choose a river link for a town or skip",
            Pending::PassBonus => "choose your new bonus tile",
            Pending::AfterAction => "exchange power or end your turn",
            Pending::GameOver => "game over",
        }
    }
}

/// What a viewer sees (everything but the RNG).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub options: Options,
    /// 0 during setup, 1..=5 during the game.
    pub round: u8,
    /// The decision of the seat in `to_act`.
    pub pending: Pending,
    pub to_act: Vec<Seat>,
    pub hexes: Vec<HexView>,
    /// Built bridges.
    pub bridges: Vec<BridgeView>,
    /// Every printed bridge spot, built or not (static board data for clients).
    pub bridge_spots: Vec<BridgeView>,
    pub players: Vec<PlayerView>,
    pub round_tiles: Vec<RoundTile>,
    /// Revealed bonus tiles nobody holds, with the coins on them.
    pub bonus_supply: Vec<(BonusTile, u32)>,
    pub power_actions_used: Vec<PowerAction>,
    pub start_player: Seat,
    pub order: Vec<Seat>,
    pub game_over: bool,
}
