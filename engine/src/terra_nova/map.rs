//! Board geometry on bit masks (113 hexes fit a `u128`): adjacency with bridges, reach through
//! rivers, groups of buildings, spade distances.

use super::data::tables;
use super::state::State;
use super::types::{Hex, Owner, Terrain};
use crate::Seat;

/// ASSUMPTION A6 as one switch: `true` = every built bridge is adjacency for every player and
/// every purpose (the rules page's default reading: the seed's adjacency definition names no
/// owner); `false` = a bridge counts only for its owner (Terra Mystica-like).
///
/// Every rules use of adjacency goes through [`State::adjacent`], which asks "adjacent
/// from whose point of view": reach, towns, hamlets and territory of a seat use that seat;
/// neighbour power uses the seat that gains; the trading-post cost uses the upgrading seat.
/// With `false`, only that seat's own bridges link hexes. The `*_with` functions take the
/// flag as a parameter so both readings stay tested.
pub const BRIDGES_ARE_GLOBAL: bool = true;

/// Does a bridge of `owner` count as adjacency for `seat`?
pub fn bridge_counts(owner: Seat, seat: Seat, global: bool) -> bool {
    global || owner == seat
}

/// A set of hexes.
pub type Mask = u128;

pub fn bit(h: Hex) -> Mask {
    1u128 << h.0
}

/// Iterates the hexes of a mask.
pub fn hexes(mut mask: Mask) -> impl Iterator<Item = Hex> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros();
        mask &= mask - 1;
        Some(Hex(i as u8))
    })
}

/// Directly adjacent hexes.
pub fn neighbours(h: Hex) -> Mask {
    tables()
        .map
        .neighbours
        .get(h.0 as usize)
        .copied()
        .unwrap_or(0)
}

/// Union of the direct neighbours of every hex of `mask`.
pub fn spread(mask: Mask) -> Mask {
    hexes(mask).fold(0, |acc, h| acc | neighbours(h))
}

/// Spades to turn `from` into `home`: cyclic distance on the 5-cycle (1 or 2).
pub fn spade_distance(from: Terrain, home: Terrain) -> u8 {
    let d = (from.index() as i32 - home.index() as i32).rem_euclid(5);
    d.min(5 - d) as u8
}

impl State {
    /// Hexes joined to `h` by a built bridge that counts for `seat` (every bridge when
    /// `global`, else only `seat`'s own; A6).
    pub fn bridge_partners_with(&self, h: Hex, seat: Seat, global: bool) -> Mask {
        let spots = &tables().map.bridge_spots;
        let mut out = 0;
        for (i, owner) in self.bridges.iter().enumerate() {
            if owner.is_some_and(|o| bridge_counts(o, seat, global)) {
                if let Some((a, b)) = spots.get(i) {
                    if *a == h {
                        out |= bit(*b);
                    } else if *b == h {
                        out |= bit(*a);
                    }
                }
            }
        }
        out
    }

    /// Adjacent in the rules sense, for `seat`: directly adjacent, or joined by a built bridge
    /// that counts for `seat` under [`BRIDGES_ARE_GLOBAL`] (A6).
    pub fn adjacent(&self, h: Hex, seat: Seat) -> Mask {
        self.adjacent_with(h, seat, BRIDGES_ARE_GLOBAL)
    }

    /// [`Self::adjacent`] with the A6 switch as a parameter.
    pub fn adjacent_with(&self, h: Hex, seat: Seat, global: bool) -> Mask {
        neighbours(h) | self.bridge_partners_with(h, seat, global)
    }

    /// Hexes holding one of `seat`'s buildings.
    pub fn own_mask(&self, seat: Seat) -> Mask {
        self.occupied_by(Owner::Seat(seat))
    }

    pub fn occupied_by(&self, owner: Owner) -> Mask {
        let mut m = 0;
        for (i, p) in self.placed.iter().enumerate() {
            if let Some(p) = p {
                if p.owner == owner {
                    m |= 1u128 << i;
                }
            }
        }
        m
    }

    /// Every hex with a building (neutral houses included).
    pub fn occupied(&self) -> Mask {
        let mut m = 0;
        for (i, p) in self.placed.iter().enumerate() {
            if p.is_some() {
                m |= 1u128 << i;
            }
        }
        m
    }

    /// Land hexes adjacent (for `seat`, bridges counted as A6 says when `global`) to `from` or
    /// at most `navigation` river hexes away (occupancy ignored).
    pub fn reach_from_with(&self, from: Mask, navigation: u8, seat: Seat, global: bool) -> Mask {
        let map = &tables().map;
        let mut reach = 0;
        for h in hexes(from) {
            reach |= self.adjacent_with(h, seat, global);
        }
        let mut frontier = spread(from) & map.river;
        let mut visited = frontier;
        for _ in 0..navigation {
            if frontier == 0 {
                break;
            }
            let next = spread(frontier);
            reach |= next & map.land;
            frontier = next & map.river & !visited;
            visited |= frontier;
        }
        reach & map.land & !from
    }

    /// Navigation value for reach during phase 2 (track + bonus tile).
    pub fn reach_navigation(&self, seat: Seat) -> u8 {
        let Some(p) = self.players.get(seat.index()) else {
            return 0;
        };
        let bonus = p
            .bonus
            .and_then(|b| tables().bonus.get(b.0 as usize))
            .map_or(0, |b| b.reach_bonus);
        p.navigation + bonus
    }

    /// Free land hexes in `seat`'s reach.
    pub fn reach(&self, seat: Seat) -> Mask {
        self.reach_with(seat, BRIDGES_ARE_GLOBAL)
    }

    /// [`Self::reach`] with the A6 switch as a parameter.
    pub fn reach_with(&self, seat: Seat, global: bool) -> Mask {
        let nav = self.reach_navigation(seat);
        self.reach_from_with(self.own_mask(seat), nav, seat, global) & !self.occupied()
    }

    /// Connected components of `mask` where two hexes are linked when `linked(a)` contains b.
    pub fn components(&self, mask: Mask, linked: impl Fn(Hex) -> Mask) -> Vec<Mask> {
        let mut left = mask;
        let mut out = Vec::new();
        while left != 0 {
            let start = Hex(left.trailing_zeros() as u8);
            let mut group = bit(start);
            let mut frontier = group;
            while frontier != 0 {
                let mut next = 0;
                for h in hexes(frontier) {
                    next |= linked(h);
                }
                next &= mask & !group;
                group |= next;
                frontier = next;
            }
            left &= !group;
            out.push(group);
        }
        out
    }

    /// Hamlets: groups of own buildings under rules adjacency (direct + bridges).
    pub fn hamlets(&self, seat: Seat) -> Vec<Mask> {
        self.hamlets_with(seat, BRIDGES_ARE_GLOBAL)
    }

    /// [`Self::hamlets`] with the A6 switch as a parameter.
    pub fn hamlets_with(&self, seat: Seat, global: bool) -> Vec<Mask> {
        self.components(self.own_mask(seat), |h| self.adjacent_with(h, seat, global))
    }

    /// Territory groups: buildings connected when one is in the other's reach with the track
    /// navigation (no bonus tile), occupancy ignored.
    pub fn territory_groups(&self, seat: Seat) -> Vec<Mask> {
        self.territory_groups_with(seat, BRIDGES_ARE_GLOBAL)
    }

    /// [`Self::territory_groups`] with the A6 switch as a parameter.
    pub fn territory_groups_with(&self, seat: Seat, global: bool) -> Vec<Mask> {
        let nav = self.players.get(seat.index()).map_or(0, |p| p.navigation);
        self.components(self.own_mask(seat), |h| {
            self.reach_from_with(bit(h), nav, seat, global)
        })
    }

    /// Size of the largest territory group.
    pub fn territory(&self, seat: Seat) -> u32 {
        self.territory_groups(seat)
            .iter()
            .map(|g| g.count_ones())
            .max()
            .unwrap_or(0)
    }
}
