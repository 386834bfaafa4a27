//! Effects shared by the actions: gains, payments, building, upgrading, transforming,
//! navigation, and the triggers they fire (neighbour power, abilities, round tiles).

use super::data::{tables, RoundTrigger};
use super::factions::*;
use super::map::{bit, spade_distance};
use super::state::State;
use super::types::{Building, Event, Faction, Hex, Owner, PalaceSide, Reason};
use crate::Seat;

pub type Events = Vec<Event>;

impl State {
    /// Gains coins, power (through the bowls) and VP; records one event if anything changed.
    pub(crate) fn gain(
        &mut self,
        seat: Seat,
        coins: u32,
        power: u8,
        vp: i32,
        reason: Reason,
        ev: &mut Events,
    ) {
        let Some(p) = self.players.get_mut(seat.index()) else {
            return;
        };
        p.coins += coins;
        let used = p.gain_power(power);
        p.vp += vp;
        if coins > 0 || power > 0 || vp != 0 {
            ev.push(Event::Gained {
                seat,
                coins: coins as i32,
                power: used,
                vp,
                reason,
            });
        }
    }

    /// Pays coins and power; false (nothing changes) if the seat cannot.
    pub(crate) fn pay(&mut self, seat: Seat, coins: u32, power: u8, ev: &mut Events) -> bool {
        let Some(p) = self.players.get_mut(seat.index()) else {
            return false;
        };
        if p.coins < coins || p.bowls[2] < power {
            return false;
        }
        p.coins -= coins;
        p.spend_power(power);
        if coins > 0 || power > 0 {
            ev.push(Event::Paid { seat, coins, power });
        }
        true
    }

    /// VP of the current round tile for `trigger`, times `count`.
    pub(crate) fn round_vp(
        &mut self,
        seat: Seat,
        trigger: RoundTrigger,
        count: i32,
        ev: &mut Events,
    ) {
        let Some(tile) = self.round_tile() else {
            return;
        };
        let Some(data) = tables().round_tiles.get(tile.0 as usize) else {
            return;
        };
        if data.trigger == trigger && count > 0 {
            self.gain(seat, 0, 0, data.vp * count, Reason::RoundTile, ev);
        }
    }

    /// Spades needed to make `h` the home terrain of `seat` (0 if already home).
    pub fn spades_needed(&self, seat: Seat, h: Hex) -> u8 {
        let (Some(from), Some(p)) = (self.terrain_at(h), self.player(seat)) else {
            return 0;
        };
        let Some(home) = p.home() else {
            return 0;
        };
        let d = spade_distance(from, home);
        if d == 2 && p.left_of(Faction::Golems) {
            1
        } else {
            d
        }
    }

    /// Turns `h` into `seat`'s home terrain. `spades` = spades used (round tile, Farfadets);
    /// 0 for transforms that are not spades.
    pub(crate) fn transform(&mut self, seat: Seat, h: Hex, spades: u8, ev: &mut Events) {
        let (Some(from), Some(home)) =
            (self.terrain_at(h), self.player(seat).and_then(|p| p.home()))
        else {
            return;
        };
        if let Some(t) = self.terrain.get_mut(h.0 as usize) {
            *t = Some(home);
        }
        ev.push(Event::Transformed {
            seat,
            hex: h,
            from,
            to: home,
            spades,
        });
        if spades > 0 {
            self.round_vp(seat, RoundTrigger::Spade, spades as i32, ev);
            if self.player(seat).is_some_and(|p| p.is(Faction::Farfadets)) {
                self.gain(
                    seat,
                    0,
                    FARFADETS_POWER_PER_SPADE * spades,
                    0,
                    Reason::FactionAbility,
                    ev,
                );
            }
        }
    }

    /// Every other real player gains 1 power per own building adjacent to `h` (adjacency
    /// seen from the gaining player, A6).
    fn neighbour_power(&mut self, actor: Seat, h: Hex, ev: &mut Events) {
        for s in self.seats().collect::<Vec<_>>() {
            if s != actor {
                let n = (self.adjacent(h, s) & self.own_mask(s)).count_ones() as u8;
                if n > 0 {
                    self.gain(s, 0, n, 0, Reason::Neighbour, ev);
                }
            }
        }
    }

    /// Places `seat`'s leftmost house on `h` and fires "build a house" triggers.
    pub(crate) fn place_house(&mut self, seat: Seat, h: Hex, ev: &mut Events) {
        self.put(h, Owner::Seat(seat), Building::House);
        if let Some(p) = self.players.get_mut(seat.index()) {
            p.houses_built += 1;
        }
        ev.push(Event::Built {
            seat,
            hex: h,
            building: Building::House,
        });
        self.neighbour_power(seat, h, ev);
        let players = self.players.len();
        for s in self.seats().collect::<Vec<_>>() {
            if s != seat && self.player(s).is_some_and(|p| p.is(Faction::Inventors)) {
                let power = INVENTORS_POWER[by_player_count(players)];
                self.gain(s, 0, power, 0, Reason::FactionAbility, ev);
            }
        }
        self.round_vp(seat, RoundTrigger::House, 1, ev);
        if self
            .player(seat)
            .is_some_and(|p| p.right_of(Faction::Inventors))
        {
            self.gain(seat, 0, 0, INVENTORS_HOUSE_VP, Reason::Palace, ev);
        }
    }

    fn upgrade_triggers(&mut self, seat: Seat, h: Hex, ev: &mut Events) {
        self.neighbour_power(seat, h, ev);
        let players = self.players.len();
        for s in self.seats().collect::<Vec<_>>() {
            if s != seat && self.player(s).is_some_and(|p| p.is(Faction::Felines)) {
                let coins = FELINES_COINS[by_player_count(players)];
                self.gain(s, coins, 0, 0, Reason::FactionAbility, ev);
            }
        }
    }

    /// Puts a trading post on `h` (from a house, or directly for Inventeurs).
    pub(crate) fn place_trading_post(&mut self, seat: Seat, h: Hex, ev: &mut Events) {
        let from_house = self
            .placed_at(h)
            .is_some_and(|p| p.building == Building::House);
        self.put(h, Owner::Seat(seat), Building::TradingPost);
        if let Some(p) = self.players.get_mut(seat.index()) {
            if from_house {
                p.houses_built = p.houses_built.saturating_sub(1);
            }
            p.trading_posts_built += 1;
        }
        ev.push(Event::Built {
            seat,
            hex: h,
            building: Building::TradingPost,
        });
        self.upgrade_triggers(seat, h, ev);
        self.round_vp(seat, RoundTrigger::TradingPost, 1, ev);
        if from_house
            && self
                .player(seat)
                .is_some_and(|p| p.right_of(Faction::Druids))
        {
            self.gain(seat, 0, 0, DRUIDS_TP_VP, Reason::Palace, ev);
        }
    }

    /// Upgrades the trading post on `h` to the chosen palace, with its when-built effects.
    pub(crate) fn place_palace(&mut self, seat: Seat, h: Hex, side: PalaceSide, ev: &mut Events) {
        self.put(h, Owner::Seat(seat), Building::Palace);
        let Some(p) = self.players.get_mut(seat.index()) else {
            return;
        };
        p.trading_posts_built = p.trading_posts_built.saturating_sub(1);
        match side {
            PalaceSide::Left => p.left_palace = true,
            PalaceSide::Right => p.right_palace = true,
        }
        let faction = p.faction;
        ev.push(Event::Built {
            seat,
            hex: h,
            building: Building::Palace,
        });
        self.upgrade_triggers(seat, h, ev);
        self.round_vp(seat, RoundTrigger::Palace, 1, ev);
        if side == PalaceSide::Left {
            match faction {
                Some(Faction::SeaDogs) => self.advance_navigation(seat, Reason::Palace, ev),
                Some(Faction::Farfadets) => {
                    self.gain(seat, 0, FARFADETS_PALACE_POWER, 0, Reason::Palace, ev)
                }
                Some(Faction::Efrits) => {
                    if let Some(p) = self.players.get_mut(seat.index()) {
                        p.edge_house_done = false;
                        p.edge_house_due = true;
                    }
                }
                _ => {}
            }
        }
    }

    /// +1 navigation (if below the maximum): the step's VP and the round tile's.
    pub(crate) fn advance_navigation(&mut self, seat: Seat, reason: Reason, ev: &mut Events) {
        let e = &tables().economy;
        let Some(p) = self.players.get_mut(seat.index()) else {
            return;
        };
        if p.navigation >= e.max_navigation() {
            return;
        }
        p.navigation += 1;
        let level = p.navigation;
        let vp = e
            .navigation_vp
            .get(level as usize - 1)
            .copied()
            .unwrap_or(0);
        ev.push(Event::NavigationAdvanced { seat, level });
        self.gain(seat, 0, 0, vp, reason, ev);
        self.round_vp(seat, RoundTrigger::Navigation, 1, ev);
    }

    /// Cost of upgrading `seat`'s house on `h` to a trading post.
    pub fn trading_post_cost(&self, seat: Seat, h: Hex) -> u32 {
        let e = &tables().economy;
        let others = self.occupied() & !self.own_mask(seat);
        let neighbour = self.adjacent(h, seat) & others != 0;
        let felines = self
            .player(seat)
            .is_some_and(|p| p.left_of(Faction::Felines));
        match (felines, neighbour) {
            (true, true) => FELINES_TP_COST[0],
            (true, false) => FELINES_TP_COST[1],
            (false, true) => e.trading_post_cost_with_neighbour,
            (false, false) => e.trading_post_cost,
        }
    }

    /// Power cost of a board power action for `seat` (Éfrits pay 1 less).
    pub fn power_action_cost(&self, seat: Seat, index: usize) -> u8 {
        let base = tables()
            .power_actions
            .get(index)
            .map_or(u8::MAX, |a| a.power);
        if self.player(seat).is_some_and(|p| p.is(Faction::Efrits)) {
            base.saturating_sub(EFRITS_POWER_DISCOUNT)
        } else {
            base
        }
    }

    /// Own buildings as a mask of hexes with `kind`.
    pub fn own_of_kind(&self, seat: Seat, kind: Building) -> u128 {
        let mut m = 0;
        for (i, p) in self.placed.iter().enumerate() {
            if let Some(p) = p {
                if p.owner == Owner::Seat(seat) && p.building == kind {
                    m |= bit(Hex(i as u8));
                }
            }
        }
        m
    }
}
