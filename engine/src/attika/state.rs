//! The full game state and the helpers every rule module uses: board lookup, colonies,
//! card draws.

use super::data::tables;
use super::hex::neighbours;
use super::types::{
    BuildingId, Counts, Event, Group, Hex, Mode, Options, PieceId, Resource, Victory,
};
use crate::{GameRng, Seat};
use serde::{Deserialize, Serialize};

/// One board cell (a hex of a placed map piece).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    pub hex: Hex,
    pub symbol: Option<Resource>,
    /// Owner seat and building.
    pub building: Option<(Seat, BuildingId)>,
}

/// One player's material.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Cards per type (W, F, H, M).
    pub hand: Counts,
    /// Piles 0..=3, face down; the top is the last element.
    pub piles: [Vec<BuildingId>; 4],
    /// The storage board: buildings that may be built.
    pub reserve: Vec<BuildingId>,
    /// Buildings on the board, in placement order.
    pub placed: Vec<(BuildingId, Hex)>,
    pub amphorae: u8,
    /// Groups whose amphora (or card) was earned (at most once each, A4).
    pub groups_done: Vec<Group>,
}

/// Where the building being placed came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    /// Just drawn from this pile: once resolved, an empty pile extends the board (§2.9).
    Drawn {
        pile: u8,
    },
    Reserve,
}

/// The decision pending now. The building being handled (drawn, or taken from the
/// reserve) is held here, neither in a pile nor in the reserve.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// Choose an action or end the normal turn.
    Main,
    /// Place or store the building just drawn from `pile`.
    Drawn {
        building: BuildingId,
        pile: u8,
    },
    /// Choose a cell for a building taken from the reserve.
    ChooseCell {
        building: BuildingId,
    },
    /// Pay the remaining units, typed (W, F, H, M order) first, then generic.
    Paying {
        building: BuildingId,
        cell: Hex,
        source: Source,
        typed: Counts,
        generic: u8,
        paid: Vec<Resource>,
        new_colony: bool,
    },
    /// Lay the revealed map piece.
    PlacePiece {
        piece: PieceId,
    },
    /// After the normal turn: spend amphorae for extra actions, or end the turn.
    Amphorae,
    Over {
        winner: Seat,
        by: Victory,
    },
}

/// The current turn's counters (§2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Turn {
    pub mode: Option<Mode>,
    pub draws: u8,
    pub builds: u8,
    /// The normal turn has ended; actions now cost an amphora each.
    pub amphora_phase: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub(crate) options: Options,
    pub(crate) rng: GameRng,
    /// The random start player; turn order is clockwise (increasing seat) from it.
    pub(crate) start: Seat,
    pub(crate) current: Seat,
    pub(crate) turn: Turn,
    pub(crate) step: Step,
    pub(crate) players: Vec<Player>,
    /// Board cells, sorted by hex.
    pub(crate) cells: Vec<Cell>,
    pub(crate) shrines: Vec<Hex>,
    /// Face-down map pieces; the top is the last element.
    pub(crate) map_stack: Vec<PieceId>,
    /// Map pieces on the board: piece, centre, rotation.
    pub(crate) pieces: Vec<(PieceId, Hex, u8)>,
    /// Face-down draw deck; the top is the last element.
    pub(crate) deck: Vec<Resource>,
    pub(crate) discards: Counts,
    pub(crate) amphora_supply: u8,
    /// A field that changes only the stored layout (test feature `state-layout-probe`,
    /// with [`crate::Game::STATE_VERSION`] 2), for the rolling-upgrade test.
    #[cfg(feature = "state-layout-probe")]
    pub(crate) layout_probe: u8,
}

impl State {
    pub fn seat_count(&self) -> usize {
        self.players.len()
    }

    /// Every seat, in seat order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> {
        (0..self.players.len() as u8).map(Seat)
    }

    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[seat.index()]
    }

    /// The random start player.
    pub fn start(&self) -> Seat {
        self.start
    }

    pub fn current(&self) -> Seat {
        self.current
    }

    pub fn turn(&self) -> Turn {
        self.turn
    }

    pub fn step(&self) -> &Step {
        &self.step
    }

    /// Board cells, sorted by hex.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    pub fn shrines(&self) -> &[Hex] {
        &self.shrines
    }

    /// Face-down map pieces left (their order is hidden).
    pub fn map_pieces_left(&self) -> usize {
        self.map_stack.len()
    }

    /// Map pieces on the board: piece, centre, rotation.
    pub fn pieces(&self) -> &[(PieceId, Hex, u8)] {
        &self.pieces
    }

    /// Cards left in the face-down deck (their order is hidden).
    pub fn deck_size(&self) -> usize {
        self.deck.len()
    }

    pub fn discards(&self) -> Counts {
        self.discards
    }

    pub fn amphora_supply(&self) -> u8 {
        self.amphora_supply
    }

    pub(crate) fn player_mut(&mut self, seat: Seat) -> &mut Player {
        &mut self.players[seat.index()]
    }

    pub fn is_over(&self) -> bool {
        matches!(self.step, Step::Over { .. })
    }

    pub fn cell(&self, hex: Hex) -> Option<&Cell> {
        self.cells
            .binary_search_by_key(&hex, |c| c.hex)
            .ok()
            .map(|i| &self.cells[i])
    }

    pub(crate) fn cell_mut(&mut self, hex: Hex) -> Option<&mut Cell> {
        self.cells
            .binary_search_by_key(&hex, |c| c.hex)
            .ok()
            .map(move |i| &mut self.cells[i])
    }

    /// Adds a board cell (no-op if it exists).
    pub(crate) fn add_cell(&mut self, hex: Hex, symbol: Option<Resource>) {
        if let Err(i) = self.cells.binary_search_by_key(&hex, |c| c.hex) {
            self.cells.insert(
                i,
                Cell {
                    hex,
                    symbol,
                    building: None,
                },
            );
        }
    }

    pub fn is_shrine(&self, hex: Hex) -> bool {
        self.shrines.contains(&hex)
    }

    /// The building being handled (drawn or taken from the reserve), if any.
    pub fn held_building(&self) -> Option<BuildingId> {
        match &self.step {
            Step::Drawn { building, .. }
            | Step::ChooseCell { building }
            | Step::Paying { building, .. } => Some(*building),
            _ => None,
        }
    }

    /// The connected groups of `seat`'s buildings (edge adjacency; shrines never join).
    pub fn colonies(&self, seat: Seat) -> Vec<Vec<Hex>> {
        let own: Vec<Hex> = self.player(seat).placed.iter().map(|(_, h)| *h).collect();
        components(&own)
    }

    pub fn colony_count(&self, seat: Seat) -> u8 {
        self.colonies(seat).len() as u8
    }

    /// Draws up to `count` cards for `seat`, reshuffling the discards into the deck when it
    /// runs out (A8); when both are empty the player gets fewer.
    pub(crate) fn draw_cards(&mut self, seat: Seat, count: u8, events: &mut Vec<Event>) {
        if count == 0 {
            return;
        }
        let mut cards = Vec::new();
        for _ in 0..count {
            if self.deck.is_empty() {
                if self.discards.iter().all(|&c| c == 0) {
                    break;
                }
                self.reshuffle();
                events.push(Event::DeckReshuffled {
                    size: self.deck.len() as u8,
                });
            }
            if let Some(card) = self.deck.pop() {
                self.player_mut(seat).hand[card.index()] += 1;
                cards.push(card);
            }
        }
        events.push(Event::CardsDrawn {
            seat,
            count: cards.len() as u8,
            cards,
        });
    }

    fn reshuffle(&mut self) {
        for r in Resource::ALL {
            for _ in 0..self.discards[r.index()] {
                self.deck.push(r);
            }
        }
        self.discards = [0; 4];
        self.rng.shuffle(&mut self.deck);
    }
}

/// Connected components of a set of hexes under edge adjacency.
pub fn components(hexes: &[Hex]) -> Vec<Vec<Hex>> {
    let mut seen = vec![false; hexes.len()];
    let mut out = Vec::new();
    for start in 0..hexes.len() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut comp = vec![hexes[start]];
        let mut i = 0;
        while i < comp.len() {
            let ns = neighbours(comp[i]);
            for (j, h) in hexes.iter().enumerate() {
                if !seen[j] && ns.contains(h) {
                    seen[j] = true;
                    comp.push(*h);
                }
            }
            i += 1;
        }
        out.push(comp);
    }
    out
}

/// The group of a building (table lookup).
pub fn group_of(b: BuildingId) -> Group {
    tables().building(b).group
}
