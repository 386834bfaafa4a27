//! Towns (§4.4): groups of 4+ buildings of value 7 (or 6), one town per group, merging, the
//! Chiens de Mer river links, and the town tiles.

use super::data::{tables, RoundTrigger};
use super::effects::Events;
use super::factions::{right_palace_town_six, GENIES_TOWN_VP};
use super::map::{bit, hexes, neighbours, Mask, BRIDGES_ARE_GLOBAL};
use super::state::State;
use super::types::{Building, Event, Faction, Hex, Reason, TownTile};
use crate::Seat;

impl State {
    /// Town value a group needs for `seat`.
    pub fn town_threshold(&self, seat: Seat) -> u32 {
        let e = &tables().economy;
        match self.player(seat) {
            Some(p) if p.right_palace && p.faction.is_some_and(right_palace_town_six) => {
                e.town_min_value_palace
            }
            _ => e.town_min_value,
        }
    }

    /// Adjacency for towns: rules adjacency (for `seat`, A6) plus the seat's used river links.
    fn town_adjacent(&self, seat: Seat, h: Hex, global: bool) -> Mask {
        let mut m = self.adjacent_with(h, seat, global);
        if let Some(p) = self.player(seat) {
            for r in &p.river_links {
                let around = neighbours(*r);
                if around & bit(h) != 0 {
                    m |= around;
                }
            }
        }
        m
    }

    /// Number of buildings and total value of a group.
    pub fn group_value(&self, group: Mask) -> (u32, u32) {
        let values = tables().economy.building_values;
        let mut value = 0;
        for h in hexes(group) {
            value += match self.placed_at(h).map(|p| p.building) {
                Some(Building::House) => values[0],
                Some(Building::TradingPost) => values[1],
                Some(Building::Palace) => values[2],
                None => 0,
            };
        }
        (group.count_ones(), value)
    }

    fn qualifies(&self, seat: Seat, group: Mask) -> bool {
        let e = &tables().economy;
        let (count, value) = self.group_value(group);
        count >= e.town_min_buildings
            && value >= self.town_threshold(seat)
            && self
                .player(seat)
                .is_some_and(|p| !p.town_tiles_left().is_empty())
    }

    fn has_town(&self, group: Mask) -> bool {
        hexes(group).any(|h| self.placed_at(h).is_some_and(|p| p.in_town))
    }

    /// Groups of `seat`'s buildings for towns (rules adjacency and used river links).
    pub fn town_groups(&self, seat: Seat) -> Vec<Mask> {
        self.town_groups_with(seat, BRIDGES_ARE_GLOBAL)
    }

    /// [`Self::town_groups`] with the A6 switch as a parameter.
    pub fn town_groups_with(&self, seat: Seat, global: bool) -> Vec<Mask> {
        self.components(self.own_mask(seat), |h| self.town_adjacent(seat, h, global))
    }

    /// Town groups of `seat`. Buildings joined to a town join it; returns the first group
    /// that founds a new town (no town yet, enough buildings and value, a tile left).
    pub(crate) fn town_check(&mut self, seat: Seat) -> Option<Mask> {
        let groups = self.town_groups(seat);
        let mut found = None;
        for g in groups {
            if self.has_town(g) {
                for h in hexes(g) {
                    if let Some(Some(p)) = self.placed.get_mut(h.0 as usize) {
                        p.in_town = true;
                    }
                }
            } else if found.is_none() && self.qualifies(seat, g) {
                found = Some(g);
            }
        }
        found
    }

    /// Chiens de Mer: river hexes across which a new town could be founded now.
    pub fn river_link_options(&self, seat: Seat) -> Vec<Hex> {
        let Some(p) = self.player(seat) else {
            return Vec::new();
        };
        if !p.is(Faction::SeaDogs) || p.town_tiles_left().is_empty() {
            return Vec::new();
        }
        let own = self.own_mask(seat);
        let groups = self.town_groups(seat);
        let mut out = Vec::new();
        for r in hexes(tables().map.river) {
            if p.river_links.contains(&r) {
                continue;
            }
            let around = neighbours(r) & own;
            let touched: Vec<Mask> = groups.iter().copied().filter(|g| g & around != 0).collect();
            if touched.len() < 2 {
                continue;
            }
            let merged = touched.iter().fold(0, |a, g| a | g);
            if !self.has_town(merged) && self.qualifies(seat, merged) {
                out.push(r);
            }
        }
        out
    }

    /// Founds a town on `group` with `tile`: rewards, round tile, Génies.
    pub(crate) fn found_town(
        &mut self,
        seat: Seat,
        group: Mask,
        tile: TownTile,
        link: Option<Hex>,
        ev: &mut Events,
    ) {
        for h in hexes(group) {
            if let Some(Some(p)) = self.placed.get_mut(h.0 as usize) {
                p.in_town = true;
            }
        }
        let Some(data) = tables().town_tiles.get(tile.0 as usize) else {
            return;
        };
        if let Some(p) = self.players.get_mut(seat.index()) {
            if let Some(used) = p.town_tiles_used.get_mut(tile.0 as usize) {
                *used = true;
            }
        }
        ev.push(Event::TownFounded {
            seat,
            tile,
            hexes: hexes(group).collect(),
            river_link: link,
        });
        self.gain(seat, data.coins, data.power, data.vp, Reason::Town, ev);
        for _ in 0..data.navigation {
            self.advance_navigation(seat, Reason::Town, ev);
        }
        self.round_vp(seat, RoundTrigger::Town, 1, ev);
        if self.player(seat).is_some_and(|p| p.is(Faction::Genies)) {
            self.gain(seat, 0, 0, GENIES_TOWN_VP, Reason::FactionAbility, ev);
        }
    }
}
