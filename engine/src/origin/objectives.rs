//! Objective card conditions (section 3.7), evaluated on a player's pawns and collection.

use super::data::{Condition, GroupSpan};
use super::map::{map, members};
use super::pawns::{color_index, COLORS};
use super::state::State;
use super::types::Continent;
use crate::Seat;

/// True if `seat` meets `condition` now ("at least").
pub fn met(state: &State, seat: Seat, condition: &Condition) -> bool {
    let m = map();
    let own = state.own(seat);
    let pawns = || members(own).filter_map(|t| state.at(t).map(|p| (t, p.pawn)));
    let player = state.player(seat);
    match *condition {
        Condition::PawnsOnColor { color, count } => {
            let c = color.territory_color();
            members(own).filter(|&t| m.color(t) == c).count() >= count as usize
        }
        Condition::PawnsOnContinent { continent, count } => {
            members(own)
                .filter(|&t| m.continent(t) == continent)
                .count()
                >= count as usize
        }
        Condition::ConnectedGroup { count, span } => connected_group(own, count as usize, span),
        Condition::Continents { count } => {
            Continent::ALL
                .iter()
                .filter(|&&c| members(own).any(|t| m.continent(t) == c))
                .count()
                >= count as usize
        }
        Condition::PawnsWithStrength { strength, count } => {
            pawns().filter(|(_, p)| p.strength == strength).count() >= count as usize
        }
        Condition::PawnsWithSize { size, count } => {
            pawns().filter(|(_, p)| p.size == size).count() >= count as usize
        }
        Condition::PawnsOfEachColor { count } => {
            let mut n = [0usize; 3];
            for (_, p) in pawns() {
                n[color_index(p.color)] += 1;
            }
            COLORS.iter().all(|&c| n[color_index(c)] >= count as usize)
        }
        Condition::StraitTokens { count } => player.strait_tokens.len() >= count as usize,
        Condition::Tiles { count } => player.tiles.count() >= count as usize,
        Condition::TileLevelAtLeast { level } => player.tiles.max_level() >= level,
        Condition::VillagesOnBoard { count } => own.count_ones() as usize >= count as usize,
    }
}

/// ASSUMPTION 17: `count` own territories forming a connected subgraph (land or strait).
/// A connected component of size >= count contains a connected subset of exactly `count`;
/// for several continents, growing from a cross-continent edge keeps both continents.
pub fn connected_group(own: u64, count: usize, span: GroupSpan) -> bool {
    let m = map();
    let mut seen = 0u64;
    for start in members(own) {
        if seen & (1 << start.0) != 0 {
            continue;
        }
        match span {
            GroupSpan::OneContinent => {
                let c = m.continent(start);
                let same: u64 = members(own)
                    .filter(|&t| m.continent(t) == c)
                    .fold(0, |acc, t| acc | (1 << t.0));
                let comp = component(start.0, same);
                if comp.count_ones() as usize >= count {
                    return true;
                }
                seen |= comp;
            }
            GroupSpan::SeveralContinents => {
                let comp = component(start.0, own);
                seen |= comp;
                let continents = members(comp)
                    .map(|t| m.continent(t))
                    .collect::<std::collections::BTreeSet<_>>();
                if comp.count_ones() as usize >= count && continents.len() >= 2 {
                    return true;
                }
            }
        }
    }
    false
}

fn component(start: u8, within: u64) -> u64 {
    let m = map();
    let mut comp = 1u64 << start;
    let mut frontier = comp;
    while frontier != 0 {
        let mut next = 0u64;
        for t in members(frontier) {
            next |= m.adjacent[t.0 as usize] & within;
        }
        frontier = next & !comp;
        comp |= next;
    }
    comp
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::origin::types::TerritoryId;

    fn set(codes: &[&str]) -> u64 {
        codes
            .iter()
            .map(|c| 1u64 << TerritoryId::from_code(c).unwrap().0)
            .fold(0, |a, b| a | b)
    }

    #[test]
    fn connected_groups() {
        // a chain in Africa
        let own = set(&["AF2", "AF3", "AF5", "AF6"]);
        assert!(connected_group(own, 4, GroupSpan::OneContinent));
        assert!(!connected_group(own, 4, GroupSpan::SeveralContinents));
        // through the Sinai strait
        let own = set(&["AF2", "AF3", "EU5", "EU6"]);
        assert!(!connected_group(own, 4, GroupSpan::OneContinent));
        assert!(connected_group(own, 4, GroupSpan::SeveralContinents));
        // not connected
        let own = set(&["AF2", "AF7", "EU1", "EU14"]);
        assert!(!connected_group(own, 4, GroupSpan::OneContinent));
        assert!(!connected_group(own, 4, GroupSpan::SeveralContinents));
        // Oceania across the Tasman strait counts as one continent
        let own = set(&["OC1", "OC2", "OC3", "OC4"]);
        assert!(connected_group(own, 4, GroupSpan::OneContinent));
    }
}
