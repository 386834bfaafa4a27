//! Board geometry on bit masks (113 hexes fit a `u128`): adjacency with bridges, reach through
//! rivers, groups of buildings, spade distances.

use super::data::tables;
use super::state::TerraNovaState;
use super::types::{Hex, Owner, Terrain};
use crate::Seat;

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

impl TerraNovaState {
    /// Hexes joined to `h` by a built bridge.
    pub fn bridge_partners(&self, h: Hex) -> Mask {
        let spots = &tables().map.bridge_spots;
        let mut out = 0;
        for (i, owner) in self.bridges.iter().enumerate() {
            if owner.is_some() {
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

    /// Adjacent in the rules sense: directly adjacent or joined by a built bridge (A6).
    pub fn adjacent(&self, h: Hex) -> Mask {
        neighbours(h) | self.bridge_partners(h)
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

    /// Land hexes adjacent to `from` or at most `navigation` river hexes away (occupancy
    /// ignored).
    pub fn reach_from(&self, from: Mask, navigation: u8) -> Mask {
        let map = &tables().map;
        let mut reach = 0;
        for h in hexes(from) {
            reach |= self.adjacent(h);
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
        let nav = self.reach_navigation(seat);
        self.reach_from(self.own_mask(seat), nav) & !self.occupied()
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
        self.components(self.own_mask(seat), |h| self.adjacent(h))
    }

    /// Territory groups: buildings connected when one is in the other's reach with the track
    /// navigation (no bonus tile), occupancy ignored.
    pub fn territory_groups(&self, seat: Seat) -> Vec<Mask> {
        let nav = self.players.get(seat.index()).map_or(0, |p| p.navigation);
        self.components(self.own_mask(seat), |h| self.reach_from(bit(h), nav))
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
