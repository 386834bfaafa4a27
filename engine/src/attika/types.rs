//! Public contract of Attika: options, actions, events and views. The proto
//! (`proto/agora/v1/attika.proto`) mirrors these types; keep them stable.
//!
//! Ids are the codes of the rules page (`shared/rules/attika.md`): buildings "SUP1" ..
//! "CTY10" (§3.1), map pieces "T01" .. "T22" (§3.2). Hexes are axial `(q, r)`, pointy-top,
//! neighbour order E, NE, NW, W, SW, SE (§2.1).

use crate::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Options of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// 2, 3 or 4.
    pub players: u8,
    /// A3's secondary-source option: an amphora may also be returned for 1 landscape card.
    /// Off by default ("seed mode").
    pub amphora_for_card: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            players: 2,
            amphora_for_card: false,
        }
    }
}

/// A landscape type: the four card types and the four map symbols.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Resource {
    #[serde(rename = "W")]
    Water,
    #[serde(rename = "F")]
    Forest,
    #[serde(rename = "H")]
    Hill,
    #[serde(rename = "M")]
    Mountain,
}

impl Resource {
    pub const ALL: [Resource; 4] = [
        Resource::Water,
        Resource::Forest,
        Resource::Hill,
        Resource::Mountain,
    ];
    pub fn index(self) -> usize {
        self as usize
    }

    /// The letter of the rules page and the data files: "W", "F", "H", "M".
    pub fn code(self) -> &'static str {
        match self {
            Resource::Water => "W",
            Resource::Forest => "F",
            Resource::Hill => "H",
            Resource::Mountain => "M",
        }
    }

    pub fn from_code(code: &str) -> Option<Resource> {
        Resource::ALL.into_iter().find(|r| r.code() == code)
    }

    /// The word a player reads: "water" .. "mountain".
    pub fn name(self) -> &'static str {
        match self {
            Resource::Water => "water",
            Resource::Forest => "forest",
            Resource::Hill => "hill",
            Resource::Mountain => "mountain",
        }
    }
}

/// Cards or cost units per [`Resource`], indexed by [`Resource::index`] (W, F, H, M).
pub type Counts = [u8; 4];

/// A hex in axial coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Hex {
    pub q: i16,
    pub r: i16,
}

impl Hex {
    pub const fn new(q: i16, r: i16) -> Hex {
        Hex { q, r }
    }
}

/// "(q, r)", as the rules page writes a hex.
impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.q, self.r)
    }
}

/// One of a player's 30 buildings: the row index of the building table (§3.1), in table
/// order (SUP1 = 0 .. CTY10 = 29). Every colour has the same 30.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct BuildingId(pub u8);

/// The building codes of the rules page (§3.1), in table order: `BuildingId(i)` is
/// `BUILDING_CODES[i]`. The data file lists the same ids in the same order.
pub const BUILDING_CODES: [&str; 30] = [
    "SUP1", "SUP2", "SUP3", "SUP4", "DEF1", "DEF2", "DEF3", "DEF4", "SHP1", "SHP2", "SHP3", "SHP4",
    "MIN1", "MIN2", "VIN1", "VIN2", "RD1", "RD2", "RD3", "RD4", "CTY1", "CTY2", "CTY3", "CTY4",
    "CTY5", "CTY6", "CTY7", "CTY8", "CTY9", "CTY10",
];

impl BuildingId {
    /// "SUP1" .. "CTY10".
    pub fn code(self) -> &'static str {
        BUILDING_CODES.get(self.0 as usize).copied().unwrap_or("")
    }

    pub fn from_code(code: &str) -> Option<BuildingId> {
        BUILDING_CODES
            .iter()
            .position(|c| *c == code)
            .map(|i| BuildingId(i as u8))
    }
}

/// The seven building groups (§3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Group {
    Supply,
    Defence,
    Roads,
    Shipping,
    Mint,
    Vineyard,
    City,
}

/// A map piece: index into the map-piece table (T01 = 0 .. T22 = 21).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PieceId(pub u8);

/// Number of map pieces (T01 .. T22).
pub const PIECE_COUNT: u8 = 22;

impl PieceId {
    /// "T01" .. "T22".
    pub fn code(self) -> String {
        format!("T{:02}", u32::from(self.0) + 1)
    }

    pub fn from_code(code: &str) -> Option<PieceId> {
        let digits = code.strip_prefix('T')?;
        if digits.len() != 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: u8 = digits.parse().ok()?;
        (1..=PIECE_COUNT).contains(&n).then(|| PieceId(n - 1))
    }
}

/// The kind of actions a turn is made of: they are never mixed in one turn (§2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mode {
    Draw,
    Build,
}

impl Mode {
    /// The word a player reads: "draw" or "build".
    pub fn name(self) -> &'static str {
        match self {
            Mode::Draw => "draw",
            Mode::Build => "build",
        }
    }
}

/// One small decision. A turn is a sequence of them, e.g. `Build`, `Place`, `PayCard`,
/// `PayPair` ..., then `EndTurn`; or `Draw`, `Store` (or `Place` and payments), maybe
/// `PlacePiece`, then `EndTurn`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Draw the top building of own pile 0..=3 (a draw action; in the amphora phase it
    /// spends an amphora).
    Draw { pile: u8 },
    /// Build this building from the reserve (a build action; in the amphora phase it spends
    /// an amphora); the cell comes next.
    Build { building: BuildingId },
    /// Put the chosen building (from the reserve, or the one just drawn) on this empty
    /// board cell. Listed only for cells where its full cost can be paid.
    Place { cell: Hex },
    /// Put the building just drawn in the reserve (it cannot be built this turn).
    Store,
    /// Pay the current cost unit with one card of this type (a typed unit needs its own
    /// type; a generic unit takes any).
    PayCard { card: Resource },
    /// Pay the current typed cost unit with any two cards ("pair" joker).
    PayPair { first: Resource, second: Resource },
    /// Lay the revealed map piece with its centre here and this rotation (0..=5).
    PlacePiece { center: Hex, rotation: u8 },
    /// Return an amphora for 1 landscape card (only with `Options::amphora_for_card`).
    AmphoraForCard,
    /// End the normal turn (unused actions become cards), or, in the amphora phase, end
    /// the turn.
    EndTurn,
}

impl Action {
    /// The decision's name as the proto spells it ("pay_card"), for refusal messages.
    pub fn name(&self) -> &'static str {
        match self {
            Action::Draw { .. } => "draw",
            Action::Build { .. } => "build",
            Action::Place { .. } => "place",
            Action::Store => "store",
            Action::PayCard { .. } => "pay_card",
            Action::PayPair { .. } => "pay_pair",
            Action::PlacePiece { .. } => "place_piece",
            Action::AmphoraForCard => "amphora_for_card",
            Action::EndTurn => "end_turn",
        }
    }
}

/// What happened. `CardsDrawn` and `CardGained` hide the cards from other viewers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A seat drew building tiles from a pile (public: the tile is revealed).
    BuildingDrawn {
        seat: Seat,
        pile: u8,
        building: BuildingId,
    },
    /// The drawn building went to the reserve.
    BuildingStored {
        seat: Seat,
        building: BuildingId,
    },
    /// A building was placed; `paid` are the cards discarded for it (empty when free).
    BuildingPlaced {
        seat: Seat,
        building: BuildingId,
        cell: Hex,
        paid: Vec<Resource>,
        /// The placement founded a new colony (it touches no own building).
        new_colony: bool,
    },
    /// Landscape cards taken from the deck. `cards` is empty for viewers other than
    /// `seat`; `count` is public.
    CardsDrawn {
        seat: Seat,
        count: u8,
        cards: Vec<Resource>,
    },
    /// The discards were shuffled into a new deck (A8).
    DeckReshuffled {
        size: u8,
    },
    /// A group was completed and connected: one amphora, or a card when the supply is
    /// empty (that card then follows as `CardsDrawn`).
    AmphoraEarned {
        seat: Seat,
        group: Group,
        from_supply: bool,
    },
    /// An amphora went back to the supply for an extra action or a card.
    AmphoraSpent {
        seat: Seat,
    },
    /// A pile ran out: the next map piece is revealed and must be laid.
    PieceRevealed {
        seat: Seat,
        piece: PieceId,
    },
    PiecePlaced {
        seat: Seat,
        piece: PieceId,
        center: Hex,
        rotation: u8,
    },
    /// A pile ran out but the map stack is empty (A7).
    NoPieceLeft {
        seat: Seat,
    },
    TurnEnded {
        seat: Seat,
    },
    /// The game is won at once (§2.10).
    Won {
        seat: Seat,
        by: Victory,
    },
}

/// How a game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Victory {
    AllBuildings,
    ShrineConnection,
}

impl Victory {
    /// The outcome's breakdown line: "all buildings" or "shrine connection".
    pub fn name(self) -> &'static str {
        match self {
            Victory::AllBuildings => "all buildings",
            Victory::ShrineConnection => "shrine connection",
        }
    }
}

/// One cell of the board as everyone sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CellView {
    pub hex: Hex,
    pub symbol: Option<Resource>,
    /// Owner and building, when built on.
    pub building: Option<(Seat, BuildingId)>,
}

/// The decision pending now, for display.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Pending {
    /// Choose an action or end the turn.
    Main,
    /// Place or store the building just drawn.
    Drawn {
        building: BuildingId,
    },
    /// Choose a cell for the building chosen from the reserve.
    ChooseCell {
        building: BuildingId,
    },
    /// Pay for `building` on `cell`: typed units still owed (W, F, H, M) and generic ones.
    Paying {
        building: BuildingId,
        cell: Hex,
        typed: Counts,
        generic: u8,
    },
    /// Lay the revealed map piece.
    PlacePiece {
        piece: PieceId,
    },
    /// Spend amphorae for extra actions, or end the turn.
    Amphorae,
    Over,
}

/// One player as a viewer may see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub hand_size: u8,
    /// Own hand (W, F, H, M counts); `None` for other viewers.
    pub hand: Option<Counts>,
    /// Buildings in the reserve (public).
    pub reserve: Vec<BuildingId>,
    /// Tiles left in piles 0..=3 (face down: counts only).
    pub piles: [u8; 4],
    pub amphorae: u8,
    /// Groups whose amphora this player has earned.
    pub groups_completed: Vec<Group>,
    /// Buildings on the board.
    pub built: u8,
    /// Connected groups of own buildings.
    pub colonies: u8,
}

/// What one viewer may see.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct View {
    pub players: Vec<PlayerView>,
    pub cells: Vec<CellView>,
    pub shrines: Vec<Hex>,
    pub current: Seat,
    /// The turn's mode once an action was taken.
    pub mode: Option<Mode>,
    pub draws: u8,
    pub builds: u8,
    pub pending: Pending,
    pub deck_size: u8,
    pub discards: Counts,
    pub map_pieces_left: u8,
    pub amphora_supply: u8,
    pub winner: Option<(Seat, Victory)>,
}
