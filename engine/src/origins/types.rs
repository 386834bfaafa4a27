//! Public contract of Origins: First Builders: options, actions, events and views.
//! A proto mirrors these types; keep them stable.

use serde::{Deserialize, Serialize};

/// Colour of dice, buildings, bonus tiles, motherships and tower floors (canonical order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Colour {
    #[serde(rename = "R")]
    Red,
    #[serde(rename = "P")]
    Purple,
    #[serde(rename = "B")]
    Blue,
    #[serde(rename = "Y")]
    Yellow,
    #[serde(rename = "O")]
    Orange,
}

impl Colour {
    pub const ALL: [Colour; 5] = [
        Colour::Red,
        Colour::Purple,
        Colour::Blue,
        Colour::Yellow,
        Colour::Orange,
    ];
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Resources. Stone, Food and Wisdom are basic; Gold is the wildcard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Resource {
    Stone,
    Food,
    Wisdom,
    Gold,
}

impl Resource {
    pub const BASIC: [Resource; 3] = [Resource::Stone, Resource::Food, Resource::Wisdom];
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The three temple tracks, left to right.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Temple {
    Forest,
    Mountain,
    Sea,
}

impl Temple {
    pub const ALL: [Temple; 3] = [Temple::Forest, Temple::Mountain, Temple::Sea];
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A city cell; y grows upward. The Palace is at (0,0), the Agora at (0,1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cell {
    pub x: i16,
    pub y: i16,
}

impl Cell {
    pub const fn new(x: i16, y: i16) -> Self {
        Cell { x, y }
    }
    pub fn neighbours(self) -> [Cell; 4] {
        [
            Cell::new(self.x + 1, self.y),
            Cell::new(self.x - 1, self.y),
            Cell::new(self.x, self.y + 1),
            Cell::new(self.x, self.y - 1),
        ]
    }
}

/// A Seat of Power, named by the bottom-left cell of its 2x2 block.
pub type SeatOfPower = Cell;

/// Which main action of a Meeting Place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MainSlot {
    Top,
    Bottom,
}

/// A worker a player can send to a Meeting Place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Worker {
    Archon,
    /// Index into the player's Freemen list.
    Freeman(u8),
    /// Index into the player's held Orators.
    Orator(u8),
}

/// Game options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// 1 (solo training mode) to 4.
    pub players: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options { players: 2 }
    }
}

/// One small decision. The pending decision (see the view's `pending`) says which apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Setup draft: take (multiplayer) or discard/return (solo) the die at this pool index.
    DraftDie(u8),
    // ---- turn actions
    /// VISIT step 1: choose the worker (then `MeetingPlace`).
    Worker(Worker),
    /// DISTRICT step 1: choose the unused Freeman (then `Seat`).
    CompleteDistrict(u8),
    /// TOWER: raise the tower of this colour.
    RaiseTower(Colour),
    /// POPULATION: buy the next base.
    BuyBase,
    Pass,
    /// Spend a Superiority token for one more turn action (or, solo, to freeze the dials).
    UseSuperiority,
    EndTurn,
    // ---- choices inside a turn
    /// A Meeting Place, 1..5 (visit target, Fountain of Wisdom, solo neighbour dial).
    MeetingPlace(u8),
    Seat(SeatOfPower),
    Main(MainSlot),
    Bonus,
    /// Pisces: take 1 Gold instead of the Bonus action.
    BonusGold,
    FinishVisit,
    Resource(Resource),
    Advance,
    Attack,
    /// Take a Building Market tile (1 = top .. 5 = bottom), as a building or as a Farm.
    MarketTile {
        slot: u8,
        farm: bool,
    },
    /// Build a tile kept aside by the Construction Site.
    KeptTile(u8),
    /// Where to put the tile (an empty cell, or one of your Farms under Virgo).
    Place(Cell),
    /// Activate the building at this cell.
    Activate(Cell),
    Track(Temple),
    /// Citizen Recruitment slot 1..5.
    RecruitSlot(u8),
    /// Orator Recruitment slot 1..4.
    OratorSlot(u8),
    Freeman(u8),
    FreemanPlus {
        freeman: u8,
        plus: u8,
    },
    SwapDie {
        freeman: u8,
        colour: Colour,
    },
    /// Index into the revealed District cards.
    DistrictCard(u8),
    /// Accept an optional effect (Sagittarius +1).
    Accept,
    /// Decline / stop an optional step.
    Done,
}

/// What happened (all public).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Drafted {
        seat: u8,
        colour: Colour,
        value: u8,
    },
    Visited {
        seat: u8,
        place: u8,
        worker: Worker,
        wisdom_paid: u8,
    },
    MainAction {
        seat: u8,
        place: u8,
        action: String,
    },
    BonusAction {
        seat: u8,
        place: u8,
        bonus: String,
    },
    Gained {
        seat: u8,
        resource: Resource,
        amount: u8,
    },
    Paid {
        seat: u8,
        resource: Resource,
        amount: u8,
    },
    Vp {
        seat: u8,
        amount: i32,
        reason: String,
    },
    Built {
        seat: u8,
        building: String,
        cell: Cell,
        farm: bool,
    },
    Activated {
        seat: u8,
        building: String,
        cell: Cell,
    },
    Recruited {
        seat: u8,
        colour: Colour,
        value: u8,
    },
    OratorTaken {
        seat: u8,
        value: u8,
    },
    MilitaryMoved {
        seat: u8,
        from: u8,
        to: u8,
    },
    Attacked {
        seat: u8,
        space: u8,
        vp: i32,
    },
    SuperiorityGained {
        seat: u8,
    },
    SuperiorityUsed {
        seat: u8,
    },
    TempleMoved {
        seat: u8,
        temple: Temple,
        from: u8,
        to: u8,
    },
    ZodiacTaken {
        seat: Option<u8>,
        card: String,
    },
    DistrictCompleted {
        seat: u8,
        at: Cell,
        colour: Colour,
        value: u8,
        card: Option<String>,
    },
    TowerRaised {
        seat: u8,
        colour: Colour,
        height: u8,
    },
    BaseBought {
        seat: u8,
        food: u8,
    },
    CounsellorMade {
        seat: u8,
        colour: Colour,
        duplicate: bool,
    },
    DieChanged {
        seat: u8,
        colour: Colour,
        from: u8,
        to: u8,
    },
    DialSet {
        place: u8,
        value: u8,
    },
    Passed {
        seat: u8,
    },
    RoundEnded {
        round: u8,
    },
    BastionTo {
        seat: u8,
    },
    GameEnded {
        reasons: Vec<String>,
    },
}

/// A die: colour and value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Die {
    pub colour: Colour,
    pub value: u8,
}

/// A tile in a city.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CityTile {
    Palace,
    Agora,
    /// A Farm; `pile` is the colour of the building on its front (where it returns under Virgo).
    Farm {
        pile: Colour,
        building: u8,
    },
    /// A building (index into the building table).
    Building(u8),
}

/// A placed tile; `cells` has one cell (two for a Wonder, expansion seam).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacedTile {
    pub tile: CityTile,
    pub cells: Vec<Cell>,
}

/// One Freeman (citizen die on a base); `at` = Meeting Place it stands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Freeman {
    pub die: Die,
    pub at: Option<u8>,
}

/// An Orator die held by a player; `at` = Meeting Place where it was used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Orator {
    pub value: u8,
    pub at: Option<u8>,
}

/// A Meeting Place on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeetingPlaceView {
    pub number: u8,
    pub colour: Colour,
    pub bonus: String,
    pub dial: u8,
    pub top: String,
    pub bottom: String,
}

/// A revealed District card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DistrictCardView {
    pub id: String,
    pub gold: u8,
}

/// A seat's public state, city included.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: u8,
    pub vp: i32,
    /// Stone, Food, Wisdom, Gold.
    pub resources: [u32; 4],
    pub superiority: u8,
    pub passed: bool,
    pub archon_at: Option<u8>,
    pub freemen: Vec<Freeman>,
    pub orators: Vec<Orator>,
    pub bases: u8,
    pub counsellors: Vec<Colour>,
    pub towers: [u8; 5],
    pub temples: [u8; 3],
    pub military: u8,
    pub zodiac: Vec<String>,
    pub city: Vec<PlacedTile>,
    pub seats: Vec<(Cell, Die)>,
    pub kept_tiles: Vec<String>,
    pub scored_cards: Vec<String>,
}

/// The whole public board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub players: u8,
    pub round: u8,
    pub bastion: u8,
    pub current: Option<u8>,
    /// Name of the pending decision.
    pub pending: String,
    pub meeting_places: Vec<MeetingPlaceView>,
    /// Market slots 1..5 (building ids).
    pub market: Vec<Option<String>>,
    /// Face-up top tile of each pile (R, P, B, Y, O) and the pile sizes.
    pub pile_tops: Vec<Option<String>>,
    pub pile_sizes: [u8; 5],
    pub recruitment: Vec<Option<Die>>,
    pub orator_area: Vec<Option<u8>>,
    pub district_cards: Vec<DistrictCardView>,
    pub floor_reserve: [u8; 5],
    pub dice_reserve: [u8; 5],
    /// Zodiac card on each temple track (Forest, Mountain, Sea) and who holds it.
    pub zodiac: Vec<(String, Option<u8>)>,
    pub superiority_supply: u8,
    pub solo_neutral: Option<u8>,
    pub draft_pool: Vec<Die>,
    pub players_view: Vec<PlayerView>,
}
