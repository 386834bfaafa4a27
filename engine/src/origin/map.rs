//! The world map as a graph: adjacency bitsets (land borders plus straits) and precomputed
//! movement distances. Intermediate territories never block a path (rules 2.2), so how far
//! a pawn can go depends only on the graph, never on occupancy.

use super::assumptions::STRAITS_COUNT_FOR_MOVEMENT;
use super::data::tables;
use super::types::{Continent, StraitId, TerritoryColor, TerritoryId};
use std::collections::VecDeque;
use std::sync::LazyLock;

/// A set of territories (the map has fewer than 64).
pub type TerritorySet = u64;

pub fn bit(t: TerritoryId) -> TerritorySet {
    1u64 << t.0
}

/// The territories of a set, in id order.
pub fn members(set: TerritorySet) -> Members {
    Members(set)
}

/// Iterator over the bits of a [`TerritorySet`].
pub struct Members(u64);

impl Iterator for Members {
    type Item = TerritoryId;
    fn next(&mut self) -> Option<TerritoryId> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(TerritoryId(i))
    }
}

pub struct Map {
    pub count: usize,
    /// Land borders plus straits (rules 2.1: straits count as adjacency).
    pub adjacent: Vec<TerritorySet>,
    /// Adjacency used for Migrate/Exchange (ASSUMPTION 2).
    pub movement: Vec<TerritorySet>,
    /// Shortest path length (steps) between territories, straits costing one step.
    pub dist: Vec<Vec<u8>>,
    /// Same, straits costing nothing (Permanent effect `StraitsFree`).
    pub dist_straits_free: Vec<Vec<u8>>,
    /// `within[free][from][range]`: territories at 1..=range steps (`from` excluded).
    pub within: [Vec<[TerritorySet; MAX_RANGE + 1]>; 2],
    pub origin: TerritoryId,
    pub colors: Vec<TerritoryColor>,
    pub continents: Vec<Continent>,
    pub strait_ends: Vec<[TerritoryId; 2]>,
    /// Each territory's neighbours as views list them: land borders in table order, then
    /// strait partners in strait order.
    pub neighbours: Vec<Vec<TerritoryId>>,
}

pub static MAP: LazyLock<Map> = LazyLock::new(build);

pub fn map() -> &'static Map {
    &MAP
}

const FAR: u8 = u8::MAX;

/// Largest movement range precomputed (size 3 + every bonus); larger ranges use this.
pub const MAX_RANGE: usize = 8;

fn within_table(dist: &[Vec<u8>]) -> Vec<[TerritorySet; MAX_RANGE + 1]> {
    dist.iter()
        .enumerate()
        .map(|(from, row)| {
            let mut sets = [0u64; MAX_RANGE + 1];
            for (r, set) in sets.iter_mut().enumerate() {
                for (i, &d) in row.iter().enumerate() {
                    if i != from && d as usize <= r {
                        *set |= 1 << i;
                    }
                }
            }
            sets
        })
        .collect()
}

fn build() -> Map {
    let t = tables();
    let n = t.territories.len();
    let mut land = vec![0u64; n];
    for (i, row) in t.territories.iter().enumerate() {
        for &j in &row.land {
            land[i] |= 1 << j;
            land[j as usize] |= 1 << i;
        }
    }
    let mut straits = vec![0u64; n];
    for s in &t.straits {
        let [a, b] = s.ends;
        straits[a as usize] |= 1 << b;
        straits[b as usize] |= 1 << a;
    }
    let adjacent: Vec<u64> = (0..n).map(|i| land[i] | straits[i]).collect();
    let movement = if STRAITS_COUNT_FOR_MOVEMENT {
        adjacent.clone()
    } else {
        land.clone()
    };
    let strait_move = if STRAITS_COUNT_FOR_MOVEMENT {
        straits.clone()
    } else {
        vec![0; n]
    };
    let dist: Vec<Vec<u8>> = (0..n)
        .map(|s| distances(s, &land, &strait_move, 1))
        .collect();
    let dist_straits_free: Vec<Vec<u8>> = (0..n)
        .map(|s| distances(s, &land, &strait_move, 0))
        .collect();
    let within = [within_table(&dist), within_table(&dist_straits_free)];
    let neighbours = (0..n)
        .map(|i| {
            let land = t.territories[i].land.iter().map(|&j| TerritoryId(j));
            let across = t.straits.iter().filter_map(|s| match s.ends {
                [a, b] if a as usize == i => Some(TerritoryId(b)),
                [a, b] if b as usize == i => Some(TerritoryId(a)),
                _ => None,
            });
            land.chain(across).collect()
        })
        .collect();
    Map {
        count: n,
        neighbours,
        adjacent,
        movement,
        dist,
        dist_straits_free,
        within,
        origin: TerritoryId(t.origin),
        colors: t.territories.iter().map(|r| r.color).collect(),
        continents: t.territories.iter().map(|r| r.continent).collect(),
        strait_ends: t
            .straits
            .iter()
            .map(|s| [TerritoryId(s.ends[0]), TerritoryId(s.ends[1])])
            .collect(),
    }
}

/// 0-1 BFS from `start`: land steps cost 1, strait steps cost `strait_cost`.
fn distances(start: usize, land: &[u64], straits: &[u64], strait_cost: u8) -> Vec<u8> {
    let n = land.len();
    let mut dist = vec![FAR; n];
    dist[start] = 0;
    let mut queue = VecDeque::new();
    queue.push_back(start);
    while let Some(u) = queue.pop_front() {
        let d = dist[u];
        for (set, cost) in [(land[u], 1u8), (straits[u], strait_cost)] {
            for (v, dv) in dist.iter_mut().enumerate() {
                if set & (1 << v) != 0 && d + cost < *dv {
                    *dv = d + cost;
                    if cost == 0 {
                        queue.push_front(v);
                    } else {
                        queue.push_back(v);
                    }
                }
            }
        }
    }
    dist
}

impl Map {
    pub fn contains(&self, t: TerritoryId) -> bool {
        (t.0 as usize) < self.count
    }

    pub fn is_adjacent(&self, a: TerritoryId, b: TerritoryId) -> bool {
        self.contains(a) && self.contains(b) && self.adjacent[a.0 as usize] & bit(b) != 0
    }

    pub fn color(&self, t: TerritoryId) -> TerritoryColor {
        self.colors
            .get(t.0 as usize)
            .copied()
            .unwrap_or(TerritoryColor::None)
    }

    pub fn continent(&self, t: TerritoryId) -> Continent {
        self.continents
            .get(t.0 as usize)
            .copied()
            .unwrap_or(Continent::Africa)
    }

    /// Steps needed to go from `a` to `b` (`u8::MAX` if unreachable). The rules use
    /// [`Map::reach`]; this checks the distance tables in the unit tests.
    #[cfg(test)]
    pub fn distance(&self, a: TerritoryId, b: TerritoryId, straits_free: bool) -> u8 {
        if !self.contains(a) || !self.contains(b) {
            return FAR;
        }
        let table = if straits_free {
            &self.dist_straits_free
        } else {
            &self.dist
        };
        table[a.0 as usize][b.0 as usize]
    }

    /// Territories reachable from `from` in 1..=`range` steps, `from` excluded (ASSUMPTION 4).
    pub fn reach(&self, from: TerritoryId, range: u8, straits_free: bool) -> TerritorySet {
        if !self.contains(from) {
            return 0;
        }
        self.within[straits_free as usize][from.0 as usize][(range as usize).min(MAX_RANGE)]
    }

    /// Land neighbours, then strait partners (the same set as `adjacent`).
    pub fn neighbours(&self, t: TerritoryId) -> &[TerritoryId] {
        self.neighbours.get(t.0 as usize).map_or(&[], Vec::as_slice)
    }

    pub fn strait(&self, s: StraitId) -> Option<[TerritoryId; 2]> {
        self.strait_ends.get(s.0 as usize).copied()
    }

    pub fn all(&self) -> impl Iterator<Item = TerritoryId> {
        (0..self.count as u8).map(TerritoryId)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(code: &str) -> TerritoryId {
        TerritoryId::from_code(code).unwrap()
    }

    #[test]
    fn whole_map_is_connected() {
        let m = map();
        for t in m.all() {
            assert!(m.dist[m.origin.0 as usize][t.0 as usize] < FAR);
        }
    }

    #[test]
    fn adjacency_is_symmetric_and_straits_are_adjacent() {
        let m = map();
        for a in m.all() {
            for b in members(m.adjacent[a.0 as usize]) {
                assert!(m.is_adjacent(b, a));
            }
        }
        assert!(m.is_adjacent(id("EU1"), id("AF2")));
        assert!(m.is_adjacent(id("OC4"), id("AN4")));
        assert!(!m.is_adjacent(id("EU1"), id("AF1")));
        for a in m.all() {
            let listed: TerritorySet = m.neighbours(a).iter().map(|&b| bit(b)).sum();
            assert_eq!(listed, m.adjacent[a.0 as usize], "{}", a.code());
            assert_eq!(m.neighbours(a).len() as u32, listed.count_ones());
        }
    }

    #[test]
    fn continents_only_joined_by_straits() {
        let m = map();
        let t = tables();
        for (i, row) in t.territories.iter().enumerate() {
            for &j in &row.land {
                assert_eq!(
                    row.continent, t.territories[j as usize].continent,
                    "{i}-{j}"
                );
            }
        }
        let _ = m;
    }

    #[test]
    fn distances_with_and_without_strait_cost() {
        let m = map();
        assert_eq!(m.distance(id("AF2"), id("EU1"), false), 1);
        assert_eq!(m.distance(id("AF1"), id("EU1"), false), 2);
        assert_eq!(m.distance(id("AF1"), id("EU1"), true), 1);
        assert_eq!(m.distance(id("AF3"), id("EU4"), true), 1);
        let r = m.reach(id("AF2"), 1, false);
        assert_eq!(r & bit(id("AF2")), 0);
        assert_ne!(r & bit(id("EU1")), 0);
    }
}
