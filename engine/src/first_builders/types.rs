//! Public contract of Origins: First Builders: options, actions, events and views.
//! A proto mirrors these types; keep them stable.

pub use super::module_types::{BoardWonder, HeldWonder, Orientation, Wonder, WonderSlotView};
pub use super::module_types::{ChallengeId, ChallengeTileView, Challenges};
use crate::Seat;
use serde::{Deserialize, Serialize};

/// A main action of a Meeting Place (spelled in snake case in `board.toml`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MainAction {
    Stone3,
    Military,
    Food3,
    Build,
    Wisdom3,
    Temple,
    Gold,
    Recruit,
    Mix3,
    Feed,
}

impl MainAction {
    pub const ALL: [MainAction; 10] = [
        MainAction::Stone3,
        MainAction::Military,
        MainAction::Food3,
        MainAction::Build,
        MainAction::Wisdom3,
        MainAction::Temple,
        MainAction::Gold,
        MainAction::Recruit,
        MainAction::Mix3,
        MainAction::Feed,
    ];
    /// The wire name: "STONE3", "MILITARY" ...
    pub fn code(self) -> &'static str {
        match self {
            MainAction::Stone3 => "STONE3",
            MainAction::Military => "MILITARY",
            MainAction::Food3 => "FOOD3",
            MainAction::Build => "BUILD",
            MainAction::Wisdom3 => "WISDOM3",
            MainAction::Temple => "TEMPLE",
            MainAction::Gold => "GOLD",
            MainAction::Recruit => "RECRUIT",
            MainAction::Mix3 => "MIX3",
            MainAction::Feed => "FEED",
        }
    }
    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.code() == code)
    }
}

/// The effect of a Bonus action tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BonusEffect {
    Military,
    Build,
    Temple,
    Resource,
    Orator,
}

impl BonusEffect {
    pub const ALL: [BonusEffect; 5] = [
        BonusEffect::Military,
        BonusEffect::Build,
        BonusEffect::Temple,
        BonusEffect::Resource,
        BonusEffect::Orator,
    ];
    /// The wire name: "MILITARY", "BUILD", "TEMPLE", "RESOURCE", "ORATOR".
    pub fn code(self) -> &'static str {
        match self {
            BonusEffect::Military => "MILITARY",
            BonusEffect::Build => "BUILD",
            BonusEffect::Temple => "TEMPLE",
            BonusEffect::Resource => "RESOURCE",
            BonusEffect::Orator => "ORATOR",
        }
    }
    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|e| e.code() == code)
    }
}

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
    /// The letter of the data files and the rules page: "R", "P", "B", "Y", "O".
    pub fn code(self) -> &'static str {
        match self {
            Colour::Red => "R",
            Colour::Purple => "P",
            Colour::Blue => "B",
            Colour::Yellow => "Y",
            Colour::Orange => "O",
        }
    }
    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.code() == code)
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
    /// The Ancient Wonders module (expansion).
    #[serde(default)]
    pub wonders: bool,
    /// Builders' Challenges: none (module off), short, normal or long (4 / 5 / 6 tiles).
    #[serde(default)]
    pub challenges: Challenges,
    /// Builders' Challenges: deal from all 24 tiles, 18 of them ASSUMED placeholders
    /// (AW-30), instead of the 6 known ones.
    #[serde(default)]
    pub provisional_challenges: bool,
}

impl Options {
    /// The base game for `players` (1 = solo), no module.
    pub fn players(players: u8) -> Self {
        Options {
            players,
            ..Options::default()
        }
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            players: 2,
            wonders: false,
            challenges: Challenges::None,
            provisional_challenges: false,
        }
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
    // ---- Ancient Wonders
    /// Pay 1 Gold for the unlocked Wonder of the visited Meeting Place.
    ClaimWonder,
    /// Build your claimed Wonder instead of a Market tile (3 Stone, no Wisdom).
    BuildWonder,
    /// Where the Wonder goes: `cell` and the cell right of it (horizontal) or above it.
    PlaceWonder {
        cell: Cell,
        orientation: Orientation,
    },
    /// Colossus of Rhodes: the victory points instead of the Stone.
    TakeVp,
}

impl Action {
    /// The action's name, as the field of the proto `OriginsAction` oneof that carries it.
    pub fn name(&self) -> &'static str {
        match self {
            Action::DraftDie(_) => "draft_die",
            Action::Worker(_) => "worker",
            Action::CompleteDistrict(_) => "complete_district",
            Action::RaiseTower(_) => "raise_tower",
            Action::BuyBase => "buy_base",
            Action::Pass => "pass",
            Action::UseSuperiority => "use_superiority",
            Action::EndTurn => "end_turn",
            Action::MeetingPlace(_) => "meeting_place",
            Action::Seat(_) => "seat",
            Action::Main(_) => "main",
            Action::Bonus => "bonus",
            Action::BonusGold => "bonus_gold",
            Action::FinishVisit => "finish_visit",
            Action::Resource(_) => "resource",
            Action::Advance => "advance",
            Action::Attack => "attack",
            Action::MarketTile { .. } => "market_tile",
            Action::KeptTile(_) => "kept_tile",
            Action::Place(_) => "place",
            Action::Activate(_) => "activate",
            Action::Track(_) => "track",
            Action::RecruitSlot(_) => "recruit_slot",
            Action::OratorSlot(_) => "orator_slot",
            Action::Freeman(_) => "freeman",
            Action::FreemanPlus { .. } => "freeman_plus",
            Action::SwapDie { .. } => "swap_die",
            Action::DistrictCard(_) => "district_card",
            Action::Accept => "accept",
            Action::Done => "done",
            Action::ClaimWonder => "claim_wonder",
            Action::BuildWonder => "build_wonder",
            Action::PlaceWonder { .. } => "place_wonder",
            Action::TakeVp => "take_vp",
        }
    }
}

/// What happened (all public).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Drafted {
        seat: Seat,
        colour: Colour,
        value: u8,
    },
    Visited {
        seat: Seat,
        place: u8,
        worker: Worker,
        wisdom_paid: u8,
    },
    MainAction {
        seat: Seat,
        place: u8,
        action: MainAction,
    },
    BonusAction {
        seat: Seat,
        place: u8,
        bonus: BonusTaken,
    },
    Gained {
        seat: Seat,
        resource: Resource,
        amount: u8,
    },
    Paid {
        seat: Seat,
        resource: Resource,
        amount: u8,
    },
    Vp {
        seat: Seat,
        amount: i32,
        reason: String,
    },
    Built {
        seat: Seat,
        building: BuildingId,
        cell: Cell,
        farm: bool,
    },
    /// The Agora or a building was activated.
    Activated {
        seat: Seat,
        tile: CityTile,
        cell: Cell,
    },
    Recruited {
        seat: Seat,
        colour: Colour,
        value: u8,
    },
    OratorTaken {
        seat: Seat,
        value: u8,
    },
    MilitaryMoved {
        seat: Seat,
        from: u8,
        to: u8,
    },
    Attacked {
        seat: Seat,
        space: u8,
        vp: i32,
    },
    SuperiorityGained {
        seat: Seat,
    },
    SuperiorityUsed {
        seat: Seat,
    },
    TempleMoved {
        seat: Seat,
        temple: Temple,
        from: u8,
        to: u8,
    },
    ZodiacTaken {
        seat: Option<Seat>,
        card: ZodiacId,
    },
    DistrictCompleted {
        seat: Seat,
        at: Cell,
        colour: Colour,
        value: u8,
        card: Option<DistrictId>,
    },
    TowerRaised {
        seat: Seat,
        colour: Colour,
        height: u8,
    },
    BaseBought {
        seat: Seat,
        food: u8,
    },
    CounsellorMade {
        seat: Seat,
        colour: Colour,
        duplicate: bool,
    },
    DieChanged {
        seat: Seat,
        colour: Colour,
        from: u8,
        to: u8,
    },
    DialSet {
        place: u8,
        value: u8,
    },
    Passed {
        seat: Seat,
    },
    RoundEnded {
        round: u8,
    },
    BastionTo {
        seat: Seat,
    },
    GameEnded {
        reasons: Vec<EndReason>,
    },
    /// A Meeting Place's dial reached 5 for the first time.
    WonderUnlocked {
        place: u8,
        wonder: Wonder,
    },
    WonderClaimed {
        seat: Seat,
        place: u8,
        wonder: Wonder,
    },
    WonderBuilt {
        seat: Seat,
        wonder: Wonder,
        cell: Cell,
        orientation: Orientation,
    },
    /// A Wonder's ability was used.
    WonderActivated {
        seat: Seat,
        wonder: Wonder,
    },
    /// Builders' Challenges: at the end of a round `tile` gave `seat` `vp` in-game VP.
    ChallengeScored {
        seat: Seat,
        tile: ChallengeId,
        vp: i32,
    },
    /// Builders' Challenges: the scored tile left the row.
    ChallengeRemoved {
        tile: ChallengeId,
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
        building: BuildingId,
    },
    Building(BuildingId),
    /// An Ancient Wonder (two cells, colourless, one tile).
    Wonder(Wonder),
}

impl CityTile {
    /// "PALACE", "AGORA", or the building's code (for a Farm: the building on its front).
    pub fn code(self) -> &'static str {
        match self {
            CityTile::Palace => "PALACE",
            CityTile::Agora => "AGORA",
            CityTile::Farm { building, .. } | CityTile::Building(building) => building.code(),
            CityTile::Wonder(w) => w.code(),
        }
    }
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
    pub bonus: BonusTileId,
    pub dial: u8,
    pub top: MainAction,
    pub bottom: MainAction,
}

/// A revealed District card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DistrictCardView {
    pub id: DistrictId,
    pub gold: u8,
    /// The towers on the card's top: they set the floor reserve at setup.
    #[serde(default)]
    pub towers: Vec<Colour>,
}

/// A seat's public state, city included.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: Seat,
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
    pub zodiac: Vec<ZodiacId>,
    pub city: Vec<PlacedTile>,
    pub seats: Vec<(Cell, Die)>,
    pub kept_tiles: Vec<BuildingId>,
    pub scored_cards: Vec<DistrictId>,
    /// Ancient Wonders: the claimed (or built) Wonder.
    pub wonder: Option<HeldWonder>,
}

/// The whole public board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub players: u8,
    pub round: u8,
    pub bastion: Seat,
    pub current: Option<Seat>,
    /// The decision the current seat must make.
    pub pending: Pending,
    pub meeting_places: Vec<MeetingPlaceView>,
    /// Market slots 1..5.
    pub market: Vec<Option<BuildingId>>,
    /// Face-up top tile of each pile (R, P, B, Y, O) and the pile sizes.
    pub pile_tops: Vec<Option<BuildingId>>,
    pub pile_sizes: [u8; 5],
    pub recruitment: Vec<Option<Die>>,
    pub orator_area: Vec<Option<u8>>,
    pub district_cards: Vec<DistrictCardView>,
    pub floor_reserve: [u8; 5],
    pub dice_reserve: [u8; 5],
    /// Zodiac card on each temple track (Forest, Mountain, Sea) and who holds it.
    pub zodiac: Vec<(ZodiacId, Option<Seat>)>,
    pub superiority_supply: u8,
    pub solo_neutral: Option<u8>,
    pub draft_pool: Vec<Die>,
    pub player_views: Vec<PlayerView>,
    /// Ancient Wonders: the Wonders still above their Meeting Places.
    pub wonders: Vec<WonderSlotView>,
    /// Builders' Challenges: the tiles still in the row, left to right (empty without the
    /// module); the leftmost scores at the end of this round.
    pub challenges: Vec<ChallengeTileView>,
    /// Builders' Challenges: tiles scored so far.
    pub challenges_scored: u8,
}

/// The decision the current seat must make; `code()` is its stable name
/// ("TURN_ACTION", "CHOOSE_CITY_CELL" ...), the details say what it is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// Setup: take (or, solo, discard) a die of the draft pool.
    Draft,
    /// Choose a turn action.
    TurnAction,
    /// Spend a Superiority token for one more turn action, or end the turn.
    SuperiorityOrEndTurn,
    GameOver,
    ChooseMeetingPlace {
        worker: Worker,
    },
    ChooseSeatOfPower {
        freeman: u8,
    },
    /// Main and Bonus actions of the visited Meeting Place.
    VisitActions {
        place: u8,
    },
    /// Solo: which neighbouring dial also turns.
    SoloDial {
        place: u8,
    },
    /// Advance `advance` spaces and/or attack (`either`: one of the two).
    Military {
        advance: u8,
        either: bool,
    },
    GainBasicResource {
        count: u8,
    },
    StoneOrFood {
        count: u8,
    },
    /// Trade a basic resource for Gold.
    MilitaryTrade,
    ChooseBuilding,
    /// Where the taken tile (a building or a Farm) goes.
    ChooseCityCell {
        tile: CityTile,
    },
    Activations {
        cells: Vec<Cell>,
    },
    ChooseTemple {
        steps: u8,
    },
    /// An optional paid step on a track other than `exclude`.
    ExtraTempleStep {
        exclude: Temple,
    },
    RecruitCitizen {
        free: bool,
        optional: bool,
    },
    TakeOrator {
        optional: bool,
    },
    /// Accept +1 on the die just taken.
    Sagittarius,
    /// Freemen fed so far.
    Feed {
        fed: u8,
    },
    VeteransQuarters,
    CourtOfJustice,
    ConstructionSite,
    Portal,
    FountainOfWisdom,
    MagesTower {
        cell: Cell,
    },
    Capricorn,
    /// Indices into the revealed District cards that the District matches.
    ChooseDistrictCard {
        cards: Vec<u8>,
    },
    /// End of the Pass procedure (settled at once; never left pending).
    Pass,
    /// Where the Wonder being built goes.
    ChooseWonderCell {
        wonder: Wonder,
    },
    /// Colossus of Rhodes: 2 VP or 1 Stone.
    Colossus,
    /// Great Pyramid: pay one more resource, or stop (`paid` so far).
    Pyramid {
        paid: u8,
    },
    /// Ishtar Gate: the Freeman or Seat die that gets +1.
    IshtarGate,
    /// Hanging Gardens: the Market tile taken as the free Farm.
    GardensFarm,
    /// Hanging Gardens: 1 Food per Farm (settled at once; never left pending).
    GardensFood,
}

impl Pending {
    /// The stable name of this decision.
    /// What the decision asks of the player, as the end of a sentence a player reads
    /// ("... now: first take a die from the draft pool."); never the code's enum name.
    pub fn phrase(&self) -> &'static str {
        match self {
            Pending::Draft => "take a die from the draft pool",
            Pending::TurnAction => "choose a turn action",
            Pending::SuperiorityOrEndTurn => {
                "spend a Superiority token for one more turn action, or end your turn"
            }
            Pending::GameOver => "nothing: the game is over",
            Pending::ChooseMeetingPlace { .. } => "choose the Meeting Place your worker visits",
            Pending::ChooseSeatOfPower { .. } => "choose the Seat of Power for your freeman",
            Pending::VisitActions { .. } => {
                "take the Main and Bonus actions of the Meeting Place you visit, or finish the visit"
            }
            Pending::SoloDial { .. } => "choose which neighbouring dial also turns",
            Pending::Military { .. } => "advance on the military track or attack",
            Pending::GainBasicResource { .. } => "choose the basic resources you gain",
            Pending::StoneOrFood { .. } => "choose Stone or Food",
            Pending::MilitaryTrade => "trade a basic resource for Gold, or decline",
            Pending::ChooseBuilding => "choose a building",
            Pending::ChooseCityCell { .. } => "choose where the tile goes in your city",
            Pending::Activations { .. } => "activate your buildings, or finish",
            Pending::ChooseTemple { .. } => "choose the temple track you advance on",
            Pending::ExtraTempleStep { .. } => "pay for an extra temple step, or decline",
            Pending::RecruitCitizen { .. } => "recruit a citizen",
            Pending::TakeOrator { .. } => "take an orator",
            Pending::Sagittarius => "accept or decline +1 on the die you took (Sagittarius)",
            Pending::Feed { .. } => "feed your freemen",
            Pending::VeteransQuarters => "use the Veterans' Quarters",
            Pending::CourtOfJustice => "use the Court of Justice",
            Pending::ConstructionSite => "use the Construction Site",
            Pending::Portal => "use the Portal",
            Pending::FountainOfWisdom => "use the Fountain of Wisdom",
            Pending::MagesTower { .. } => "use the Mages' Tower",
            Pending::Capricorn => "use Capricorn",
            Pending::ChooseDistrictCard { .. } => "choose the District card your district matches",
            Pending::Pass => "finish passing",
            Pending::ChooseWonderCell { .. } => "choose where the Wonder goes",
            Pending::Colossus => "take 2 VP or 1 Stone (Colossus of Rhodes)",
            Pending::Pyramid { .. } => "pay one more resource for the Great Pyramid, or stop",
            Pending::IshtarGate => "choose the die that gets +1 (Ishtar Gate)",
            Pending::GardensFarm => "choose the Market tile you take as the free Farm (Hanging Gardens)",
            Pending::GardensFood => "take 1 Food per Farm (Hanging Gardens)",
        }
    }

    pub fn code(&self) -> &'static str {
        match self {
            Pending::Draft => "DRAFT",
            Pending::TurnAction => "TURN_ACTION",
            Pending::SuperiorityOrEndTurn => "SUPERIORITY_OR_END_TURN",
            Pending::GameOver => "GAME_OVER",
            Pending::ChooseMeetingPlace { .. } => "CHOOSE_MEETING_PLACE",
            Pending::ChooseSeatOfPower { .. } => "CHOOSE_SEAT_OF_POWER",
            Pending::VisitActions { .. } => "VISIT_ACTIONS",
            Pending::SoloDial { .. } => "SOLO_DIAL",
            Pending::Military { .. } => "MILITARY",
            Pending::GainBasicResource { .. } => "GAIN_BASIC_RESOURCE",
            Pending::StoneOrFood { .. } => "STONE_OR_FOOD",
            Pending::MilitaryTrade => "MILITARY_TRADE",
            Pending::ChooseBuilding => "CHOOSE_BUILDING",
            Pending::ChooseCityCell { .. } => "CHOOSE_CITY_CELL",
            Pending::Activations { .. } => "ACTIVATIONS",
            Pending::ChooseTemple { .. } => "CHOOSE_TEMPLE",
            Pending::ExtraTempleStep { .. } => "EXTRA_TEMPLE_STEP",
            Pending::RecruitCitizen { .. } => "RECRUIT_CITIZEN",
            Pending::TakeOrator { .. } => "TAKE_ORATOR",
            Pending::Sagittarius => "SAGITTARIUS",
            Pending::Feed { .. } => "FEED",
            Pending::VeteransQuarters => "VETERANS_QUARTERS",
            Pending::CourtOfJustice => "COURT_OF_JUSTICE",
            Pending::ConstructionSite => "CONSTRUCTION_SITE",
            Pending::Portal => "PORTAL",
            Pending::FountainOfWisdom => "FOUNTAIN_OF_WISDOM",
            Pending::MagesTower { .. } => "MAGES_TOWER",
            Pending::Capricorn => "CAPRICORN",
            Pending::ChooseDistrictCard { .. } => "CHOOSE_DISTRICT_CARD",
            Pending::Pass => "PASS",
            Pending::ChooseWonderCell { .. } => "CHOOSE_WONDER_CELL",
            Pending::Colossus => "COLOSSUS",
            Pending::Pyramid { .. } => "PYRAMID",
            Pending::IshtarGate => "ISHTAR_GATE",
            Pending::GardensFarm => "GARDENS_FARM",
            Pending::GardensFood => "GARDENS_FOOD",
        }
    }
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndReason {
    /// A player reached the top of all three temple tracks.
    ZodiacTops,
    /// No Gold left on the District cards.
    NoDistrictGold,
    /// Three or more colours of tower floor missing from the reserve.
    TowerReserve,
    /// The reserve holds no Citizen die of some colour.
    CitizensExhausted,
    /// Solo: the fifth round is over.
    SoloFiveRounds,
    /// Builders' Challenges: the last challenge tile was scored (replaces the others).
    ChallengesDone,
}

impl EndReason {
    pub const ALL: [EndReason; 6] = [
        EndReason::ZodiacTops,
        EndReason::NoDistrictGold,
        EndReason::TowerReserve,
        EndReason::CitizensExhausted,
        EndReason::SoloFiveRounds,
        EndReason::ChallengesDone,
    ];
    pub fn code(self) -> &'static str {
        match self {
            EndReason::ZodiacTops => "ZODIAC_TOPS",
            EndReason::NoDistrictGold => "NO_DISTRICT_GOLD",
            EndReason::TowerReserve => "TOWER_RESERVE",
            EndReason::CitizensExhausted => "CITIZENS_EXHAUSTED",
            EndReason::SoloFiveRounds => "SOLO_FIVE_ROUNDS",
            EndReason::ChallengesDone => "CHALLENGES_DONE",
        }
    }
}

/// The Bonus action taken at a Meeting Place: the effect of its Bonus tile, or (Pisces)
/// 1 Gold instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BonusTaken {
    Effect(BonusEffect),
    PiscesGold,
}

impl BonusTaken {
    /// The effect's code ("MILITARY" ...), or "PISCES_GOLD".
    pub fn code(self) -> &'static str {
        match self {
            BonusTaken::Effect(e) => e.code(),
            BonusTaken::PiscesGold => "PISCES_GOLD",
        }
    }
}

/// A row of one of the component tables, named on the wire by the row's `id` (the methods
/// reading the row are in `data`).
macro_rules! table_id {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub u8);
    };
}

table_id!(
    /// A building type (`buildings.toml`), coded "R6".
    BuildingId
);
table_id!(
    /// A District card (`districts.toml`), coded "D01".
    DistrictId
);
table_id!(
    /// A Zodiac card (`zodiac.toml`).
    ZodiacId
);
table_id!(
    /// A Bonus action tile (`board.toml`).
    BonusTileId
);
