//! What a placement costs (§2.4–2.7) and whether a hand can pay it.
//!
//! A cost is a list of units: typed units (one card of that type, or any two cards) and
//! generic units (any one card). Paying exact matches first is optimal, so feasibility is
//! a closed formula.

use super::data::{tables, Building};
use super::hex::neighbours;
use super::state::{Cell, State};
use super::types::{BuildingId, Counts, Hex};
use crate::Seat;

/// The remaining cost of a placement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cost {
    pub typed: Counts,
    pub generic: u8,
    /// The placement touches no own building: it founds a colony (§2.7).
    pub new_colony: bool,
}

/// What the surroundings of one empty board cell give a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Site {
    pub hex: Hex,
    /// Symbols on the cell and on adjacent unoccupied board cells (A5).
    pub symbols: Counts,
    /// Bit `i` set when own building `i` stands on an adjacent cell.
    pub own_adjacent: u32,
}

impl Site {
    pub fn touches_own(&self) -> bool {
        self.own_adjacent != 0
    }
}

/// The site of an empty `cell` for `seat`, given the board cells next to it. The one fold
/// both [`site`] and [`sites`] use; they differ only in how they find the neighbours.
fn site_of<'a>(cell: &Cell, seat: Seat, neighbours: impl Iterator<Item = &'a Cell>) -> Site {
    let mut symbols = [0u8; 4];
    if let Some(s) = cell.symbol {
        symbols[s.index()] += 1;
    }
    let mut own_adjacent = 0u32;
    for neighbour in neighbours {
        match neighbour.building {
            None => {
                if let Some(s) = neighbour.symbol {
                    symbols[s.index()] += 1;
                }
            }
            Some((owner, b)) if owner == seat => own_adjacent |= 1 << b.0,
            Some(_) => {}
        }
    }
    Site {
        hex: cell.hex,
        symbols,
        own_adjacent,
    }
}

/// The site of `hex` for `seat`, or `None` if it is not an empty board cell.
pub fn site(state: &State, seat: Seat, hex: Hex) -> Option<Site> {
    let cell = state.cell(hex)?;
    if cell.building.is_some() {
        return None;
    }
    let around = neighbours(hex).into_iter().filter_map(|n| state.cell(n));
    Some(site_of(cell, seat, around))
}

/// Every empty board cell with its site. Looks neighbours up in a dense grid built for
/// this call (this is the hot path of the legal-action listing).
pub fn sites(state: &State, seat: Seat) -> Vec<Site> {
    let cells = &state.cells;
    let (Some(qmin), Some(qmax)) = (
        cells.iter().map(|c| c.hex.q).min(),
        cells.iter().map(|c| c.hex.q).max(),
    ) else {
        return Vec::new();
    };
    let rmin = cells.iter().map(|c| c.hex.r).min().unwrap_or(0);
    let rmax = cells.iter().map(|c| c.hex.r).max().unwrap_or(0);
    // One free row and column on each side, so every neighbour of a cell is inside.
    let width = (qmax - qmin + 3) as usize;
    let height = (rmax - rmin + 3) as usize;
    let at = |x: Hex| (x.r - rmin + 1) as usize * width + (x.q - qmin + 1) as usize;
    let mut grid = vec![u16::MAX; width * height];
    for (i, c) in cells.iter().enumerate() {
        grid[at(c.hex)] = i as u16;
    }
    cells
        .iter()
        .filter(|c| c.building.is_none())
        .map(|c| {
            let around = neighbours(c.hex)
                .into_iter()
                .filter_map(|n| grid.get(at(n)).and_then(|&i| cells.get(i as usize)));
            site_of(c, seat, around)
        })
        .collect()
}

/// Free by logical order (§2.4 step 1): not a main building, and an own direct
/// predecessor stands next to the cell. Roads list the other roads as predecessors (§2.6).
pub fn arrow_free(b: &Building, site: &Site) -> bool {
    !b.is_main && b.predecessor_mask & site.own_adjacent != 0
}

/// The cost of building `b` on `site` for a player with `colonies` colonies.
pub fn cost(b: &Building, site: &Site, colonies: u8) -> Cost {
    if arrow_free(b, site) {
        return Cost {
            typed: [0; 4],
            generic: 0,
            new_colony: false,
        };
    }
    let mut typed = [0u8; 4];
    let mut generic = 0u8;
    if b.is_road {
        let s: u8 = site.symbols.iter().sum();
        generic = tables().constants.road_base.saturating_sub(s);
    } else {
        for (unit, (base, symbols)) in typed.iter_mut().zip(b.cost.iter().zip(site.symbols)) {
            *unit = base.saturating_sub(symbols);
        }
    }
    let new_colony = !site.touches_own();
    if new_colony {
        generic = generic.saturating_add(colonies);
    }
    Cost {
        typed,
        generic,
        new_colony,
    }
}

/// The cost of `building` on `hex` for `seat`, or `None` if the cell is not an empty
/// board cell.
pub fn cost_at(state: &State, seat: Seat, building: BuildingId, hex: Hex) -> Option<Cost> {
    let s = site(state, seat, hex)?;
    Some(cost(
        tables().building(building),
        &s,
        state.colony_count(seat),
    ))
}

/// Can `hand` pay `typed` + `generic`? Exact matches first; the spare cards must cover
/// two per unmatched typed unit plus one per generic unit.
pub fn feasible(hand: &Counts, typed: &Counts, generic: u8) -> bool {
    let mut exact = 0u32;
    let mut unmatched = 0u32;
    let mut total = 0u32;
    for i in 0..4 {
        let m = hand[i].min(typed[i]) as u32;
        exact += m;
        unmatched += typed[i] as u32 - m;
        total += hand[i] as u32;
    }
    total - exact >= 2 * unmatched + generic as u32
}

pub fn affordable(hand: &Counts, c: &Cost) -> bool {
    feasible(hand, &c.typed, c.generic)
}
