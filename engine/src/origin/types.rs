//! The public vocabulary of Origin: options, ids, actions, events and views.
//! This file is the contract with the API layer (proto conversion in the service):
//! extend it, but do not rename or remove what is here without updating the proto.

use super::data::tables;
use crate::{Seat, Viewer};
use serde::{Deserialize, Serialize};

// ----------------------------------------------------------------------------- options

/// Which rule set of the box is played.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RuleSet {
    /// The default when a request leaves the rule set unset.
    #[default]
    Standard,
    Junior,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// 2, 3 or 4.
    pub players: u8,
    pub rules: RuleSet,
    /// Seat that plays first; `None` draws it with the seeded RNG.
    pub first_player: Option<Seat>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            players: 2,
            rules: RuleSet::Standard,
            first_player: None,
        }
    }
}

// ----------------------------------------------------------------------------- ids

/// Index into the map table (`data/origin/map.toml`); shown to clients as its code ("EU5").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TerritoryId(pub u8);

/// Index into the strait table; code "S1".."S11".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct StraitId(pub u8);

/// Index into the card table (`data/origin/cards.toml`); code "A01", "P07", "O13".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CardId(pub u8);

/// Index of one physical Innovation tile (0..30); its level comes from the tile table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TileId(pub u8);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum PawnColor {
    White,
    Brown,
    Black,
}

/// A pawn type: size (speed) 1..=3, strength 1..=3, colour. Two physical pawns of the same
/// type are interchangeable, so actions name the type. Code "P23K" = size 2, strength 3, black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PawnType {
    pub size: u8,
    pub strength: u8,
    pub color: PawnColor,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
/// A continent of the map (objectives count them; views name them).
pub enum Continent {
    Africa,
    Eurasia,
    NorthAmerica,
    SouthAmerica,
    Oceania,
    Antarctica,
}

impl Continent {
    /// The display name views show ("North America").
    pub fn name(self) -> &'static str {
        match self {
            Continent::Africa => "Africa",
            Continent::Eurasia => "Eurasia",
            Continent::NorthAmerica => "North America",
            Continent::SouthAmerica => "South America",
            Continent::Oceania => "Oceania",
            Continent::Antarctica => "Antarctica",
        }
    }

    pub const ALL: [Continent; 6] = [
        Continent::Africa,
        Continent::Eurasia,
        Continent::NorthAmerica,
        Continent::SouthAmerica,
        Continent::Oceania,
        Continent::Antarctica,
    ];
}

/// The colour of a territory, which decides its reward.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TerritoryColor {
    Yellow,
    Orange,
    Purple,
    Brown,
    Green,
    /// The Origin territory: never entered.
    None,
}

/// Card colours, which are also the card kinds in Standard rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CardColor {
    /// Action cards.
    Yellow,
    /// Permanent cards.
    Orange,
    /// Objective cards.
    Purple,
}

/// A column of face-up Innovation tiles on the Standard reward board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TileColumn {
    Yellow,
    Orange,
    Purple,
    Brown,
}

/// One face-up slot of the Standard reward board (yellow/orange/purple: 0..3, brown: 0..6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TileSlot {
    pub column: TileColumn,
    pub index: u8,
}

/// The two reward options of a Standard territory colour (rules 2.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RewardOption {
    /// Yellow/orange/purple: one tile of the column, then the top card. Brown: two brown tiles.
    A,
    /// Yellow/orange/purple: draw 3 cards, return 2. Brown: one tile from any column.
    B,
}

// ----------------------------------------------------------------------------- codes
// Each id type owns its notation: the codes of the rules page and the data tables, used by
// messages, tests and the wire alike. `code()` of an id outside the tables is "?".

impl TerritoryId {
    /// The map code ("AF2").
    pub fn code(self) -> &'static str {
        tables()
            .territories
            .get(self.0 as usize)
            .map_or("?", |row| row.code.as_str())
    }

    pub fn from_code(code: &str) -> Option<TerritoryId> {
        let rows = &tables().territories;
        let i = rows.iter().position(|row| row.code == code)?;
        Some(TerritoryId(i as u8))
    }
}

impl StraitId {
    /// The strait code ("S4").
    pub fn code(self) -> &'static str {
        tables()
            .straits
            .get(self.0 as usize)
            .map_or("?", |row| row.code.as_str())
    }

    pub fn from_code(code: &str) -> Option<StraitId> {
        let rows = &tables().straits;
        let i = rows.iter().position(|row| row.code == code)?;
        Some(StraitId(i as u8))
    }
}

impl CardId {
    /// The card code ("A01", "P07", "O13").
    pub fn code(self) -> &'static str {
        tables()
            .cards
            .get(self.0 as usize)
            .map_or("?", |row| row.code.as_str())
    }

    pub fn from_code(code: &str) -> Option<CardId> {
        let rows = &tables().cards;
        let i = rows.iter().position(|row| row.code == code)?;
        Some(CardId(i as u8))
    }
}

impl PawnColor {
    /// The letter of pawn codes: W, B, K.
    pub fn letter(self) -> char {
        match self {
            PawnColor::White => 'W',
            PawnColor::Brown => 'B',
            PawnColor::Black => 'K',
        }
    }

    pub fn from_letter(letter: char) -> Option<PawnColor> {
        [PawnColor::White, PawnColor::Brown, PawnColor::Black]
            .into_iter()
            .find(|c| c.letter() == letter)
    }
}

impl PawnType {
    /// The sizes and strengths a pawn can have.
    pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=3;

    /// The pawn code: "P" + size + strength + colour letter ("P23K").
    pub fn code(self) -> String {
        format!("P{}{}{}", self.size, self.strength, self.color.letter())
    }

    /// The pawn type of a code, if size and strength are 1 to 3.
    pub fn from_code(code: &str) -> Option<PawnType> {
        let mut chars = code.chars();
        if chars.next()? != 'P' {
            return None;
        }
        let digit = |c: Option<char>| {
            c.and_then(|c| c.to_digit(10))
                .and_then(|d| u8::try_from(d).ok())
                .filter(|d| PawnType::LEVELS.contains(d))
        };
        let size = digit(chars.next())?;
        let strength = digit(chars.next())?;
        let color = PawnColor::from_letter(chars.next()?)?;
        if chars.next().is_some() {
            return None;
        }
        Some(PawnType {
            size,
            strength,
            color,
        })
    }
}

// ----------------------------------------------------------------------------- actions

/// One decision of one seat. `legal_actions` lists exactly the ones `apply` accepts now.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Standard setup: keep one of the three dealt Objective cards.
    KeepObjective { card: CardId },
    /// Main action: put `pawn` from the reserve with a village on empty `target`, evolving
    /// from the pawn on adjacent `reference`.
    Evolve {
        target: TerritoryId,
        reference: TerritoryId,
        pawn: PawnType,
    },
    /// Main action: move own pawn on `from` to empty `to` within its range.
    Migrate { from: TerritoryId, to: TerritoryId },
    /// Main action: swap own pawn on `from` with a weaker pawn of another player on `to`.
    Exchange { from: TerritoryId, to: TerritoryId },
    /// Main action when none of the three is possible (ASSUMPTION 3).
    PassMain,
    /// Standard reward: choose option A or B of the territory's colour.
    ChooseReward { option: RewardOption },
    /// Take the face-up tile in `slot` (reward or card effect).
    TakeTile { slot: TileSlot },
    /// Decline the tile part of a reward or effect (when allowed).
    SkipTile,
    /// Option B: put one drawn/held card of the reward's colour at the bottom of its pile.
    ReturnCard { card: CardId },
    /// Hand limit: put one Objective card at the bottom of the Objective pile.
    DiscardObjective { card: CardId },
    /// Play a card from hand (Standard, own turn, before or after the main action).
    PlayCard { card: CardId },
    /// Card effect: choose an opponent.
    ChooseOpponent { seat: Seat },
    /// Card effect: choose a territory (own pawn, opponent pawn or destination).
    ChooseTerritory { territory: TerritoryId },
    /// Card effect: choose a pawn type from the reserve.
    ChoosePawn { pawn: PawnType },
    /// Card effect: choose an opponent's strait token.
    ChooseStraitToken { seat: Seat, strait: StraitId },
    /// Card effect: take an opponent's free (top) tile.
    ChooseOpponentTile { seat: Seat, tile: TileId },
    /// Standard: end the turn after the main action (and any cards).
    EndTurn,
}

// ----------------------------------------------------------------------------- events

/// Where a tile came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TileSource {
    Slot(TileSlot),
    /// Junior: the face-down pile.
    Pile,
    Opponent(Seat),
}

/// Why the end of the game was triggered (rules 2.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndTrigger {
    PileEmpty(CardColor),
    NoTilesOnBoard,
    ReserveEmpty,
    AllVillagesPlaced,
    /// Engine safeguard: every player in a row had to pass the main action (see CHANGES.md).
    Stalemate,
}

/// What happened. Fields holding private information are `Option`s that
/// [`crate::Game::redact_event`] sets to `None` for viewers who may not see them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Standard setup: three Objective cards dealt to `seat` (ids private to it).
    ObjectivesDealt {
        seat: Seat,
        cards: Vec<Option<CardId>>,
    },
    ObjectiveKept {
        seat: Seat,
        card: Option<CardId>,
    },
    TurnStarted {
        seat: Seat,
    },
    Evolved {
        seat: Seat,
        target: TerritoryId,
        reference: TerritoryId,
        pawn: PawnType,
    },
    Migrated {
        seat: Seat,
        from: TerritoryId,
        to: TerritoryId,
    },
    Exchanged {
        seat: Seat,
        from: TerritoryId,
        to: TerritoryId,
        displaced: Seat,
    },
    PassedMain {
        seat: Seat,
    },
    RewardChosen {
        seat: Seat,
        option: RewardOption,
    },
    /// `level` is private in Junior (face-down tiles).
    TileTaken {
        seat: Seat,
        source: TileSource,
        tile: Option<TileId>,
        level: Option<u8>,
    },
    TileRefilled {
        slot: TileSlot,
        level: u8,
    },
    /// Card ids are private to `seat` (Junior: the colour is all anyone sees).
    CardsDrawn {
        seat: Seat,
        color: CardColor,
        cards: Vec<Option<CardId>>,
    },
    CardsReturned {
        seat: Seat,
        color: CardColor,
        cards: Vec<Option<CardId>>,
    },
    /// Junior hunting token values are private to the taker.
    HuntingTokenTaken {
        seat: Seat,
        territory: TerritoryId,
        value: Option<u8>,
    },
    StraitTokenTaken {
        seat: Seat,
        strait: StraitId,
        value: Option<u8>,
    },
    CardPlayed {
        seat: Seat,
        card: CardId,
    },
    /// A card moved from one hand to another (id private to the two players).
    CardStolen {
        from: Seat,
        to: Seat,
        card: Option<CardId>,
    },
    StraitTokenStolen {
        from: Seat,
        to: Seat,
        strait: StraitId,
    },
    PawnReplaced {
        seat: Seat,
        territory: TerritoryId,
        old: PawnType,
        new: PawnType,
    },
    PawnMoved {
        owner: Seat,
        from: TerritoryId,
        to: TerritoryId,
    },
    EndTriggered {
        seat: Seat,
        reason: EndTrigger,
    },
    TurnEnded {
        seat: Seat,
    },
    GameEnded,
}

// ----------------------------------------------------------------------------- views

/// A token as a viewer sees it: `value` is `None` when face down for this viewer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenView {
    pub value: Option<u8>,
}

/// A territory with its static map data (so a client needs no copy of the map) and what
/// lies on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TerritoryView {
    pub id: TerritoryId,
    pub name: &'static str,
    pub continent: Continent,
    pub color: TerritoryColor,
    /// Land neighbours, then strait partners.
    pub adjacent: Vec<TerritoryId>,
    pub pawn: Option<PawnType>,
    /// `None` for an empty territory or the neutral pawn.
    pub owner: Option<Seat>,
    pub hunting_token: Option<TokenView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StraitView {
    pub id: StraitId,
    pub ends: [TerritoryId; 2],
    pub token: Option<TokenView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ColumnView {
    pub column: TileColumn,
    /// Level of the tile in each slot, `None` for an empty slot.
    pub slots: Vec<Option<u8>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PileView {
    pub color: CardColor,
    pub remaining: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub villages_left: u8,
    /// The cards in hand: ids for the owner, `None` per card for everyone else.
    pub hand: Vec<(CardColor, Option<CardId>)>,
    pub played_objectives: Vec<CardId>,
    pub permanents: Vec<CardId>,
    /// Innovation stacks bottom to top; levels are `None` where face down for this viewer.
    pub tile_stacks: Vec<Vec<Option<u8>>>,
    pub hunting_tokens: Vec<TokenView>,
    pub strait_tokens: Vec<(StraitId, TokenView)>,
    /// Score so far if the game ended now, only where it is public (Standard: without
    /// hidden cards; `None` when it would reveal private information).
    pub public_score: Option<i32>,
}

/// What is pending, as every viewer may see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    ObjectiveDraft,
    /// Before the main action (cards may be played in Standard).
    Main,
    Reward {
        color: TerritoryColor,
    },
    /// Cards to return to the bottom of a pile.
    ReturnCards {
        color: CardColor,
        count: u8,
    },
    HandLimit {
        count: u8,
    },
    /// Resolving a played card.
    CardEffect {
        card: CardId,
    },
    /// After the main action (Standard): play cards or end the turn.
    AfterMain,
    GameOver,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct View {
    pub options: Options,
    pub viewer: Viewer,
    pub current: Option<Seat>,
    pub pending: Pending,
    pub territories: Vec<TerritoryView>,
    pub straits: Vec<StraitView>,
    /// Pawns in the reserve by type, with how many of that type remain.
    pub reserve: Vec<(PawnType, u8)>,
    /// Standard face-up tiles; empty in Junior.
    pub columns: Vec<ColumnView>,
    /// Face-down tiles left (Standard: the random reserve; Junior: the pile).
    pub hidden_tiles: u32,
    pub piles: Vec<PileView>,
    pub players: Vec<PlayerView>,
    /// Set once the end is triggered: the seats that still play a last turn.
    pub final_round: Option<Vec<Seat>>,
}
