//! The full state of a game and the pending decision.

use super::data::tables;
use super::map::Mask;
use super::types::{
    BonusTile, Building, Faction, Hex, Options, Owner, Placed, RoundTile, Special, Terrain,
    TownTile,
};
use crate::{GameRng, Seat};
use serde::{Deserialize, Serialize};

/// One player's sheet and supply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The faction sheet taken in the draft (its home terrain), before its side is chosen.
    #[serde(default)]
    pub sheet: Option<Terrain>,
    pub faction: Option<Faction>,
    pub coins: u32,
    pub vp: i32,
    pub bowls: [u8; 3],
    pub navigation: u8,
    /// Buildings on the board (their sheet slots are empty).
    pub houses_built: u8,
    pub trading_posts_built: u8,
    pub left_palace: bool,
    pub right_palace: bool,
    pub bridges_built: u8,
    pub town_tiles_used: [bool; 4],
    pub bonus: Option<BonusTile>,
    pub passed: bool,
    /// Special / personal actions used this round.
    pub specials_used: Vec<Special>,
    /// Éfrits: the left palace's one-time edge house has been taken or declined.
    pub edge_house_done: bool,
    /// Éfrits: the left palace was just built; the edge house is to be chosen.
    pub edge_house_due: bool,
    /// Chiens de Mer: river hexes used as town links.
    pub river_links: Vec<Hex>,
}

impl Player {
    pub fn new() -> Self {
        let e = &tables().economy;
        Player {
            sheet: None,
            faction: None,
            coins: e.start_coins,
            vp: 0,
            bowls: e.start_bowls,
            navigation: 0,
            houses_built: 0,
            trading_posts_built: 0,
            left_palace: false,
            right_palace: false,
            bridges_built: 0,
            town_tiles_used: [false; 4],
            bonus: None,
            passed: false,
            specials_used: Vec::new(),
            edge_house_done: false,
            edge_house_due: false,
            river_links: Vec::new(),
        }
    }

    pub fn is(&self, faction: Faction) -> bool {
        self.faction == Some(faction)
    }

    pub fn houses_on_sheet(&self) -> u8 {
        tables().economy.pieces[0].saturating_sub(self.houses_built)
    }

    pub fn trading_posts_on_sheet(&self) -> u8 {
        tables().economy.pieces[1].saturating_sub(self.trading_posts_built)
    }

    pub fn bridges_in_reserve(&self) -> u8 {
        tables().economy.pieces[3].saturating_sub(self.bridges_built)
    }

    pub fn palaces_built(&self) -> u8 {
        self.left_palace as u8 + self.right_palace as u8
    }

    pub fn town_tiles_left(&self) -> Vec<TownTile> {
        (0..4u8)
            .filter(|i| !self.town_tiles_used[*i as usize])
            .map(TownTile)
            .collect()
    }

    pub fn home(&self) -> Option<Terrain> {
        self.faction
            .map(|f| tables().faction(f).home)
            .or(self.sheet)
    }
}

impl Default for Player {
    fn default() -> Self {
        Player::new()
    }
}

/// How a transform is paid for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Transform {
    /// The Build action: spades paid in coins (or build on home terrain).
    Coins,
    /// 1 free spade (board P5, bonus tile, Fées palace); a 2nd may be bought.
    OneSpade,
    /// 2 free spades (board P6): one hex, or two 1-spade hexes.
    TwoSpades,
    /// Sœurs du Désert palace action: free transform of a directly adjacent hex.
    Sisters,
}

/// What a turn awaits from its seat now, with the rule's working data (masks); the view
/// shows it as the public [`Pending`](super::types::Pending).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Awaiting {
    /// Choose one of the seven actions (or exchange power first).
    Main,
    /// Choose the hex to make habitable (and/or build on).
    TransformHex(Transform),
    /// 2 free spades: a second 1-spade hex, or skip. `reach` is the reach before the action.
    SecondSpadeHex { first: Hex, reach: Mask },
    /// Build the optional house on one of these transformed hexes, or skip.
    BuildOn { hexes: Vec<Hex> },
    /// Choose the building to upgrade.
    UpgradeHex,
    /// Choose which palace to build on this trading post.
    PalaceSide { hex: Hex },
    /// Choose a bridge spot (`paid`: coins were the price, else power).
    BridgeSpot,
    /// Génies: choose the Lake hex.
    LakeHouseHex,
    /// Chiens de Mer: choose the house to upgrade for free.
    FreeUpgradeHex,
    /// Inventeurs: choose the hex for the trading post.
    InventorsHex,
    /// Éfrits: choose the edge hex for the free house, or skip.
    EdgeHouseHex,
    /// Choose a town tile for this group. `owner` is set when the town belongs to another
    /// seat than the one taking the turn (§4.4: every player's groups are checked after an
    /// action); that seat decides, then the turn resumes.
    TownTile {
        group: Mask,
        link: Option<Hex>,
        #[serde(default)]
        owner: Option<Seat>,
    },
    /// Chiens de Mer: found a town across one of these river hexes, or skip.
    RiverLink { options: Vec<Hex> },
    /// Passing: choose the new bonus tile.
    PassBonus,
    /// After the action: exchange power or end the turn.
    AfterAction,
}

/// Where the game is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Faction draft, first part: seat `next` takes a sheet (turn order, §3.1 step 6).
    FactionDraft {
        next: Seat,
    },
    /// Faction draft, second part: seat `next` chooses the side of its sheet (personal
    /// setup, after every sheet is taken, so no side is seen before a sheet is chosen).
    SideChoice {
        next: Seat,
    },
    /// Planner variant setup: seat `next` places a neutral house.
    PlannerNeutral {
        next: Seat,
    },
    /// Initial houses: index into the snake order.
    InitialHouses {
        index: u8,
    },
    /// Bonus-tile draft in reverse order: index into that order.
    BonusDraft {
        index: u8,
    },
    /// Random variant, before income: seat `order[index]` places a house of `terrain`.
    RandomNeutral {
        index: u8,
        terrain: Terrain,
        left: Vec<Terrain>,
    },
    /// Phase 3: seat `order[index]` may exchange power (A24), then ends with `EndTurn`.
    RoundEndExchange {
        index: u8,
    },
    /// Game end, wealth (§4.14): seat `order[index]` makes its final power exchange
    /// (`ExchangePower`, Druides' `ConvertPowerToVp`), then `EndTurn` ("done") turns the rest
    /// of its bowl III into coins. `before` = each seat's VP when round 5 ended.
    FinalExchange {
        index: u8,
        before: Vec<i32>,
    },
    /// Phase 2: `seat` is taking a turn.
    Turn {
        seat: Seat,
        pending: Awaiting,
    },
    GameOver,
}

/// Everything about a game (nothing is hidden but the RNG).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub(crate) options: Options,
    pub(crate) rng: GameRng,
    /// 0 during setup, then 1..=5.
    pub(crate) round: u8,
    pub(crate) step: Step,
    /// Current terrain per hex (`None` = river).
    pub(crate) terrain: Vec<Option<Terrain>>,
    pub(crate) placed: Vec<Option<Placed>>,
    /// Owner of each bridge spot's bridge, if built.
    pub(crate) bridges: Vec<Option<Seat>>,
    pub(crate) players: Vec<Player>,
    /// One per round.
    pub(crate) round_tiles: Vec<RoundTile>,
    /// Revealed bonus tiles, with their coins (held ones have 0 and are marked).
    pub(crate) bonus_tiles: Vec<BonusSlot>,
    pub(crate) power_actions_used: [bool; 6],
    pub(crate) start_player: Seat,
    /// This round's turn order.
    pub(crate) order: Vec<Seat>,
    /// Seats in the order they passed this round.
    pub(crate) pass_order: Vec<Seat>,
    /// Planner variant: the neutral colour's terrain.
    pub(crate) neutral_terrain: Option<Terrain>,
    /// Chiens de Mer declined a river link during this action.
    pub(crate) link_declined: bool,
    /// Faction draw pool for the random variant (terrains nobody plays).
    pub(crate) unplayed_terrains: Vec<Terrain>,
    pub(crate) final_scores: Option<Vec<FinalScore>>,
}

/// A revealed bonus tile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BonusSlot {
    pub tile: BonusTile,
    pub coins: u32,
    pub holder: Option<Seat>,
}

/// Final scoring details of one seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalScore {
    pub before: i32,
    pub wealth: i32,
    pub territory_size: u32,
    pub territory: i32,
}

impl State {
    /// 0 during setup, then 1..=5.
    pub fn round(&self) -> u8 {
        self.round
    }

    pub fn step(&self) -> &Step {
        &self.step
    }

    pub fn players(&self) -> &[Player] {
        &self.players
    }

    pub fn player(&self, seat: Seat) -> Option<&Player> {
        self.players.get(seat.index())
    }

    /// Revealed bonus tiles, with their coins (held ones have 0 and are marked).
    pub fn bonus_tiles(&self) -> &[BonusSlot] {
        &self.bonus_tiles
    }

    pub fn start_player(&self) -> Seat {
        self.start_player
    }

    pub fn order(&self) -> &[Seat] {
        &self.order
    }

    /// Planner variant: the neutral colour's terrain.
    pub fn neutral_terrain(&self) -> Option<Terrain> {
        self.neutral_terrain
    }

    pub fn placed_at(&self, h: Hex) -> Option<Placed> {
        self.placed.get(h.0 as usize).copied().flatten()
    }

    pub fn terrain_at(&self, h: Hex) -> Option<Terrain> {
        self.terrain.get(h.0 as usize).copied().flatten()
    }

    pub(crate) fn put(&mut self, h: Hex, owner: Owner, building: Building) {
        if let Some(slot) = self.placed.get_mut(h.0 as usize) {
            let in_town = slot.is_some_and(|p| p.in_town);
            *slot = Some(Placed {
                owner,
                building,
                in_town,
            });
        }
    }

    /// The seat that decides the pending decision of the turn: the seat taking the turn,
    /// or the owner of a town being founded for another seat.
    pub fn turn_decider(&self) -> Option<Seat> {
        match &self.step {
            Step::Turn {
                pending:
                    Awaiting::TownTile {
                        owner: Some(owner), ..
                    },
                ..
            } => Some(*owner),
            Step::Turn { seat, .. } => Some(*seat),
            _ => None,
        }
    }

    /// The seat currently taking a turn, if any.
    pub fn turn_seat(&self) -> Option<Seat> {
        match &self.step {
            Step::Turn { seat, .. } => Some(*seat),
            _ => None,
        }
    }

    pub fn round_tile(&self) -> Option<RoundTile> {
        if self.round == 0 {
            return None;
        }
        self.round_tiles.get(self.round as usize - 1).copied()
    }

    pub fn seats(&self) -> impl Iterator<Item = Seat> {
        (0..self.players.len() as u8).map(Seat)
    }
}
