//! City grid: Seats of Power, District patterns and their matching (8 symmetries).

use super::state::State;
use super::types::{Cell, CityTile, Colour};
use crate::Seat;

/// The 4 cells of the District whose Seat is named by its bottom-left cell, in the order
/// TL, TR, BL, BR.
pub fn district_cells(seat: Cell) -> [Cell; 4] {
    [
        Cell::new(seat.x, seat.y + 1),
        Cell::new(seat.x + 1, seat.y + 1),
        Cell::new(seat.x, seat.y),
        Cell::new(seat.x + 1, seat.y),
    ]
}

/// Empty Seats of Power (complete 2x2 blocks without a die) of a city.
pub fn empty_seats(state: &State, seat: Seat) -> Vec<Cell> {
    let mut out = Vec::new();
    for t in &state.player(seat).city {
        for &c in &t.cells {
            let cells = district_cells(c);
            if distinct_tiles(state, seat, &cells) == 4
                && !state.player(seat).seats.iter().any(|(s, _)| *s == c)
                && !out.contains(&c)
            {
                out.push(c);
            }
        }
    }
    out.sort();
    out
}

/// Tiles covering a block's 4 cells (a Wonder counts once): a District is « un bloc de
/// 4 tuiles Bâtiment exactement », so the 2 blocks holding both cells of a Wonder have
/// no Seat (AW-01).
fn distinct_tiles(state: &State, seat: Seat, cells: &[Cell; 4]) -> usize {
    let city = &state.player(seat).city;
    let mut tiles: Vec<usize> = Vec::new();
    for c in cells {
        match city.iter().position(|t| t.cells.contains(c)) {
            Some(i) if !tiles.contains(&i) => tiles.push(i),
            Some(_) => {}
            None => return 0,
        }
    }
    tiles.len()
}

/// Colours of a District's cells (TL, TR, BL, BR); `None` for colourless tiles.
pub fn district_colours(state: &State, seat: Seat, at: Cell) -> [Option<Colour>; 4] {
    district_cells(at).map(|c| state.building_at(seat, c).and_then(|b| b.colour()))
}

/// Does a card pattern (TL, TR, BL, BR; None = any) match a block under any of the
/// 8 rotations / mirror images?
pub fn pattern_matches(pattern: &[Option<Colour>; 4], block: &[Option<Colour>; 4]) -> bool {
    // clockwise ring order: TL, TR, BR, BL
    let ring = |a: &[Option<Colour>; 4]| [a[0], a[1], a[3], a[2]];
    let p = ring(pattern);
    let b = ring(block);
    for mirror in [false, true] {
        for rot in 0..4 {
            let ok = (0..4).all(|i| {
                let j = if mirror {
                    (4 + rot - i) % 4
                } else {
                    (rot + i) % 4
                };
                match p[i] {
                    None => true,
                    Some(c) => b[j] == Some(c),
                }
            });
            if ok {
                return true;
            }
        }
    }
    false
}

/// Indices (into `state.districts`) of revealed cards matching the District at `at`.
pub fn matching_cards(state: &State, seat: Seat, at: Cell) -> Vec<u8> {
    let block = district_colours(state, seat, at);
    state
        .districts
        .iter()
        .enumerate()
        .filter(|(_, (card, _))| {
            card.row()
                .is_some_and(|d| pattern_matches(&d.pattern, &block))
        })
        .map(|(i, _)| i as u8)
        .collect()
}

/// Buildings activated by completing the District at `at` with a die of `colour`:
/// adjacent buildings of that colour, plus the Agora if adjacent.
pub fn district_activations(state: &State, seat: Seat, at: Cell, colour: Colour) -> Vec<Cell> {
    let mut out = Vec::new();
    for c in district_cells(at) {
        match state.tile_at(seat, c).map(|t| t.tile) {
            Some(CityTile::Building(b)) if b.colour() == Some(colour) => out.push(c),
            Some(CityTile::Agora) => out.push(c),
            _ => {}
        }
    }
    out
}
