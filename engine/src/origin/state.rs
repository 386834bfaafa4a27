//! The full state of a game of Origin (hidden information and RNG included) and setup
//! (rules 1.3-1.5).

use super::assumptions::*;
use super::data::{tables, CardKind, PermanentEffect};
use super::frame::Frame;
use super::map::map;
use super::pawns::{self, PAWN_TYPES};
use super::tiles::{self, Stacks};
use super::types::*;
use crate::{GameRng, Seat, SetupError};
use serde::{Deserialize, Serialize};

/// A pawn on the board with its village (`owner`), or the neutral pawn (`owner = None`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placed {
    pub pawn: PawnType,
    pub owner: Option<Seat>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    pub villages_left: u8,
    /// Cards in hand (Junior: the cards taken, only their colour counts).
    pub hand: Vec<CardId>,
    pub played_objectives: Vec<CardId>,
    pub permanents: Vec<CardId>,
    pub tiles: Stacks,
    pub hunting_tokens: Vec<u8>,
    pub strait_tokens: Vec<(StraitId, u8)>,
}

impl PlayerState {
    fn new() -> Self {
        PlayerState {
            villages_left: VILLAGES_PER_PLAYER,
            hand: Vec::new(),
            played_objectives: Vec::new(),
            permanents: Vec::new(),
            tiles: Stacks::default(),
            hunting_tokens: Vec::new(),
            strait_tokens: Vec::new(),
        }
    }
}

/// What the current turn has done so far.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnFlags {
    /// Bitmask of card colours played this turn (yellow 1, orange 2, purple 4).
    pub played_colors: u8,
    /// Objectives validated this turn (only the first is replaced on the last turn).
    pub objectives_played: u8,
    /// Extra Migrate/Exchange range from Action cards this turn.
    pub range_bonus: u8,
    /// The main action of this turn was a pass.
    pub passed: bool,
}

/// Standard end of game: who triggered it and who still plays a last turn (rules 2.8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndState {
    pub trigger: Seat,
    pub reason: EndTrigger,
    pub remaining: Vec<Seat>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub(crate) options: Options,
    pub(crate) rng: GameRng,
    /// One entry per territory.
    pub(crate) board: Vec<Option<Placed>>,
    /// Pawns in the reserve, by pawn type index.
    pub(crate) reserve: Vec<u8>,
    /// Hunting token lying on each territory (only green ones hold one).
    pub(crate) hunting: Vec<Option<u8>>,
    /// The 6th hunting token, removed unseen.
    pub(crate) unused_hunting: Option<u8>,
    /// Strait token still on each strait.
    pub(crate) straits: Vec<Option<u8>>,
    pub(crate) players: Vec<PlayerState>,
    /// Card piles by colour (yellow, orange, purple); the top is the last element.
    pub(crate) piles: [Vec<CardId>; 3],
    /// Played Action cards and Junior objectives left out of the game.
    pub(crate) discard: Vec<CardId>,
    /// Face-down tiles (Standard: the random reserve; Junior: the pile); top = last.
    pub(crate) tile_pile: Vec<TileId>,
    /// Standard face-up slots, flat (see `tiles::slot_at`).
    pub(crate) slots: Vec<Option<TileId>>,
    /// Standard objective draft: the three cards dealt to each seat until it keeps one.
    pub(crate) draft: Vec<Vec<CardId>>,
    pub(crate) current: Seat,
    /// Pending steps of the turn; the last is resolved first.
    pub(crate) stack: Vec<Frame>,
    pub(crate) turn: TurnFlags,
    pub(crate) end: Option<EndState>,
    /// Consecutive turns whose main action was a pass.
    pub(crate) passes: u8,
    pub(crate) over: bool,
}

pub fn pile_index(color: CardColor) -> usize {
    match color {
        CardColor::Yellow => 0,
        CardColor::Orange => 1,
        CardColor::Purple => 2,
    }
}

pub const CARD_COLORS: [CardColor; 3] = [CardColor::Yellow, CardColor::Orange, CardColor::Purple];

impl State {
    pub fn junior(&self) -> bool {
        self.options.rules == RuleSet::Junior
    }

    pub fn seats(&self) -> impl Iterator<Item = Seat> {
        (0..self.options.players).map(Seat)
    }

    pub fn player(&self, seat: Seat) -> &PlayerState {
        &self.players[seat.index()]
    }

    pub fn at(&self, t: TerritoryId) -> Option<Placed> {
        self.board.get(t.0 as usize).copied().flatten()
    }

    pub fn owner_at(&self, t: TerritoryId) -> Option<Seat> {
        self.at(t).and_then(|p| p.owner)
    }

    pub fn occupied(&self) -> u64 {
        let mut set = 0u64;
        for (i, p) in self.board.iter().enumerate() {
            if p.is_some() {
                set |= 1 << i;
            }
        }
        set
    }

    /// Territories holding `seat`'s pawns.
    pub fn own(&self, seat: Seat) -> u64 {
        let mut set = 0u64;
        for (i, p) in self.board.iter().enumerate() {
            if matches!(p, Some(Placed { owner: Some(o), .. }) if *o == seat) {
                set |= 1 << i;
            }
        }
        set
    }

    pub fn reserve_count(&self, p: PawnType) -> u8 {
        pawns::index(p).map_or(0, |i| self.reserve[i])
    }

    pub fn reserve_total(&self) -> u32 {
        self.reserve.iter().map(|&n| n as u32).sum()
    }

    pub fn pile(&self, color: CardColor) -> &Vec<CardId> {
        &self.piles[pile_index(color)]
    }

    pub fn next_seat(&self, seat: Seat) -> Seat {
        Seat((seat.0 + 1) % self.options.players)
    }
}

/// True if `seat` has played a Permanent card with `effect`.
pub fn has_permanent(state: &State, seat: Seat, effect: PermanentEffect) -> bool {
    let t = tables();
    state.players.get(seat.index()).is_some_and(|p| {
        p.permanents.iter().any(|&c| {
            matches!(t.card(c).map(|r| r.kind), Some(CardKind::Permanent { effect: e, .. }) if e == effect)
        })
    })
}

/// Rules 1.3-1.5.
pub fn setup(options: &Options, seed: u64) -> Result<State, SetupError> {
    if !(2..=4).contains(&options.players) {
        return Err(SetupError(format!(
            "Origin is played by 2 to 4 players, not {}.",
            options.players
        )));
    }
    if let Some(first) = options.first_player {
        if first.0 >= options.players {
            return Err(SetupError(format!(
                "First player {} does not exist with {} players.",
                first.0, options.players
            )));
        }
    }
    let t = tables();
    let m = map();
    let mut rng = GameRng::seeded(seed);
    let four = options.players == 4;
    let junior = options.rules == RuleSet::Junior;

    // Pawns in play, then the neutral pawn on the Origin territory.
    let mut reserve = vec![0u8; PAWN_TYPES];
    for row in &t.pawns {
        if let Some(i) = pawns::index(row.pawn) {
            reserve[i] = if four {
                row.copies_4_players
            } else {
                row.copies_2_3_players
            };
        }
    }
    let neutral_color = if NEUTRAL_PAWN_RANDOM_COLOR {
        pawns::COLORS[rng.index(3)]
    } else {
        PawnColor::White
    };
    let neutral = PawnType {
        size: 1,
        strength: 1,
        color: neutral_color,
    };
    let mut board = vec![None; m.count];
    board[m.origin.0 as usize] = Some(Placed {
        pawn: neutral,
        owner: None,
    });
    if let Some(i) = pawns::index(neutral) {
        reserve[i] -= 1;
    }

    // Strait tokens, one per strait; hunting tokens on the green territories, one unseen.
    let mut strait_values = t.strait_tokens.values.clone();
    rng.shuffle(&mut strait_values);
    let straits: Vec<Option<u8>> = strait_values.into_iter().map(Some).collect();
    let mut hunting_values = t.hunting_tokens.values.clone();
    rng.shuffle(&mut hunting_values);
    let mut hunting = vec![None; m.count];
    for (k, &g) in t.hunting.iter().enumerate() {
        hunting[g as usize] = hunting_values.get(k).copied();
    }
    let unused_hunting = hunting_values.get(t.hunting.len()).copied();

    let mut players: Vec<PlayerState> = (0..options.players).map(|_| PlayerState::new()).collect();
    let mut piles: [Vec<CardId>; 3] = Default::default();
    let mut discard = Vec::new();
    let mut draft = vec![Vec::new(); options.players as usize];
    let mut slots = vec![None; tiles::slot_count()];
    let mut tile_pile: Vec<TileId> = (0..t.tile_count() as u8).map(TileId).collect();

    if junior {
        // Three piles of 14: all actions, all permanents, 14 random objectives (rules 1.4).
        for color in [CardColor::Yellow, CardColor::Orange] {
            let mut cards = t.cards_of(color);
            cards.truncate(JUNIOR_PILE_SIZE);
            piles[pile_index(color)] = cards;
        }
        let mut objectives = t.cards_of(CardColor::Purple);
        rng.shuffle(&mut objectives);
        let keep = objectives.split_off(objectives.len().saturating_sub(JUNIOR_PILE_SIZE));
        discard = objectives;
        piles[2] = keep;
        rng.shuffle(&mut tile_pile);
    } else {
        for color in [CardColor::Yellow, CardColor::Orange] {
            let mut cards = t.cards_of(color);
            rng.shuffle(&mut cards);
            piles[pile_index(color)] = cards;
        }
        let mut objectives = t.cards_of(CardColor::Purple);
        rng.shuffle(&mut objectives);
        for hand in draft.iter_mut() {
            for _ in 0..DRAFT_DEAL {
                if let Some(c) = objectives.pop() {
                    hand.push(c);
                }
            }
        }
        piles[2] = objectives;
        // 15 face-up tiles; redeal while fewer than 3 are level 1 (rules 1.5).
        loop {
            rng.shuffle(&mut tile_pile);
            let face_up = &tile_pile[tile_pile.len().saturating_sub(slots.len())..];
            let ones = face_up.iter().filter(|&&x| tiles::level(x) == 1).count();
            if ones >= t.min_level_one_face_up as usize {
                break;
            }
        }
        for slot in slots.iter_mut() {
            *slot = tile_pile.pop();
        }
    }
    for p in players.iter_mut() {
        p.villages_left = VILLAGES_PER_PLAYER;
    }
    let current = match options.first_player {
        Some(f) => f,
        None => Seat(rng.index(options.players as usize) as u8),
    };
    let stack = if junior {
        vec![Frame::Main]
    } else {
        vec![Frame::Draft]
    };
    Ok(State {
        options: options.clone(),
        rng,
        board,
        reserve,
        hunting,
        unused_hunting,
        straits,
        players,
        piles,
        discard,
        tile_pile,
        slots,
        draft,
        current,
        stack,
        turn: TurnFlags::default(),
        end: None,
        passes: 0,
        over: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_setup() {
        for players in 2..=4 {
            let s = setup(
                &Options {
                    players,
                    rules: RuleSet::Standard,
                    first_player: Some(Seat(1)),
                },
                7,
            )
            .unwrap();
            assert_eq!(s.current, Seat(1));
            let expected = if players == 4 { 35 } else { 26 };
            assert_eq!(s.reserve_total(), expected);
            assert_eq!(s.slots.iter().flatten().count(), 15);
            assert_eq!(s.tile_pile.len(), 15);
            let ones = s
                .slots
                .iter()
                .flatten()
                .filter(|&&t| tiles::level(t) == 1)
                .count();
            assert!(ones >= 3);
            assert!(s.draft.iter().all(|d| d.len() == 3));
            assert_eq!(s.pile(CardColor::Purple).len(), 20 - 3 * players as usize);
            assert_eq!(s.straits.iter().flatten().count(), 11);
            assert_eq!(s.hunting.iter().flatten().count(), 5);
            assert!(s.unused_hunting.is_some());
            let neutral = s.at(map().origin).unwrap();
            assert_eq!(
                (neutral.pawn.size, neutral.pawn.strength, neutral.owner),
                (1, 1, None)
            );
        }
    }

    #[test]
    fn junior_setup() {
        let s = setup(
            &Options {
                players: 3,
                rules: RuleSet::Junior,
                first_player: None,
            },
            3,
        )
        .unwrap();
        for c in CARD_COLORS {
            assert_eq!(s.pile(c).len(), 14);
        }
        assert_eq!(s.discard.len(), 6);
        assert_eq!(s.tile_pile.len(), 30);
        assert!(s.slots.iter().all(Option::is_none));
        assert!(s.current.0 < 3);
    }

    #[test]
    fn bad_options_are_refused() {
        for (players, first) in [(1, None), (5, None), (2, Some(Seat(2)))] {
            assert!(setup(
                &Options {
                    players,
                    rules: RuleSet::Standard,
                    first_player: first,
                },
                0
            )
            .is_err());
        }
    }

    #[test]
    fn neutral_colour_varies_with_seed() {
        let colors: std::collections::HashSet<_> = (0..40)
            .map(|seed| {
                setup(&Options::default(), seed)
                    .unwrap()
                    .at(map().origin)
                    .unwrap()
                    .pawn
                    .color
            })
            .collect();
        assert_eq!(colors.len(), 3);
    }
}
