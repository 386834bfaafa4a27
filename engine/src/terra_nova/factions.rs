//! Faction abilities as numbers and predicates (the texts are in `data/terra_nova/factions.toml`).
//! Every number here is printed in the seed (`shared/rules/terra-nova.md` §5.2).

use super::state::Player;
use super::types::Faction;

/// Génies: +4 VP per town founded. [seed]
pub const GENIES_TOWN_VP: i32 = 4;
/// Farfadets: +2 power per spade used. [seed]
pub const FARFADETS_POWER_PER_SPADE: u8 = 2;
/// Farfadets left palace: +6 power when built. [seed]
pub const FARFADETS_PALACE_POWER: u8 = 6;
/// Inventeurs: power when another faction builds a house (3-4 players, 2 players). [seed]
pub const INVENTORS_POWER: [u8; 2] = [1, 2];
/// Inventeurs left palace: power cost of the trading-post action. [seed]
pub const INVENTORS_TP_POWER: u8 = 6;
/// Inventeurs right palace: VP per house built. [seed]
pub const INVENTORS_HOUSE_VP: i32 = 2;
/// Félins: coins when another faction upgrades (3-4 players, 2 players). [seed]
pub const FELINES_COINS: [u32; 2] = [1, 2];
/// Félins left palace: house -> trading post cost (opponent adjacent, none). [seed]
pub const FELINES_TP_COST: [u32; 2] = [5, 7];
/// Fées: +2 power every income phase. [seed]
pub const FAIRIES_INCOME_POWER: u8 = 2;
/// Fées left palace: power cost of the 1-free-spade action. [seed]
pub const FAIRIES_SPADE_POWER: u8 = 2;
/// Druides left palace: +2 power per hamlet when passing. [seed]
pub const DRUIDS_PASS_POWER_PER_HAMLET: u8 = 2;
/// Druides right palace: +3 VP per house upgraded to a trading post. [seed]
pub const DRUIDS_TP_VP: i32 = 3;
/// Éfrits: board power actions cost 1 less. [seed]
pub const EFRITS_POWER_DISCOUNT: u8 = 1;
/// Golems pass VP by trading posts on the board (0..=4). [seed]
pub const GOLEMS_PASS_VP: [i32; 5] = [0, 2, 2, 3, 4];

/// Factions whose right palace lowers the town value to 6 (side A). [seed]
pub fn right_palace_town_six(f: Faction) -> bool {
    matches!(
        f,
        Faction::Genies
            | Faction::Golems
            | Faction::Farfadets
            | Faction::Fairies
            | Faction::DesertSisters
    )
}

/// Index 0 for 3-4 players, 1 for 2 players.
pub fn by_player_count(players: usize) -> usize {
    usize::from(players == 2)
}

impl Player {
    /// The palace ability of `f` is active (left palace).
    pub fn left_of(&self, f: Faction) -> bool {
        self.is(f) && self.left_palace
    }

    /// The palace ability of `f` is active (right palace).
    pub fn right_of(&self, f: Faction) -> bool {
        self.is(f) && self.right_palace
    }
}
