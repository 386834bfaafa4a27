//! The round cycle (§4): neutral houses of the random variant, income, turn order, passing
//! order, end of round, end of game.

use super::data::tables;
use super::effects::Events;
use super::factions::FAIRIES_INCOME_POWER;
use super::map::{bit, Mask};
use super::state::{Awaiting, State, Step};
use super::types::{Building, Event, Faction, NeutralVariant, Owner, Reason, Terrain};
use crate::Seat;

impl State {
    /// Free 2-player symbol hexes of `terrain` that still have that terrain (A13).
    pub fn free_symbols(&self, terrain: Terrain) -> Mask {
        tables().map.symbols[terrain.index()]
            .iter()
            .filter(|h| self.placed_at(**h).is_none() && self.terrain_at(**h) == Some(terrain))
            .fold(0, |m, h| m | bit(*h))
    }

    pub(crate) fn place_neutral(
        &mut self,
        terrain: Terrain,
        h: super::types::Hex,
        ev: &mut Events,
    ) {
        self.put(h, Owner::Neutral(terrain), Building::House);
        ev.push(Event::NeutralHousePlaced { terrain, hex: h });
    }

    /// Starts round `round`: order, random neutral houses, income, first turn.
    pub(crate) fn start_round(&mut self, round: u8, ev: &mut Events) {
        self.round = round;
        for p in self.players.iter_mut() {
            p.passed = false;
        }
        if round > 1
            && self.options.turn_order_variant
            && self.pass_order.len() == self.players.len()
        {
            self.order = self.pass_order.clone();
        } else {
            let n = self.players.len() as u8;
            self.order = (0..n)
                .map(|i| Seat((self.start_player.0 + i) % n))
                .collect();
        }
        self.pass_order.clear();
        ev.push(Event::RoundStarted {
            round,
            order: self.order.clone(),
        });
        if self.options.neutral_variant == NeutralVariant::Random {
            let left = self.unplayed_terrains.clone();
            self.draw_neutral(0, left, ev);
        } else {
            self.income_and_actions(ev);
        }
    }

    /// Random variant: seat `order[index]` draws a colour from `left`.
    pub(crate) fn draw_neutral(&mut self, mut index: u8, mut left: Vec<Terrain>, ev: &mut Events) {
        while (index as usize) < self.players.len().min(2) && !left.is_empty() {
            let i = self.rng.index(left.len());
            let terrain = left.remove(i);
            if self.free_symbols(terrain) != 0 {
                self.step = Step::RandomNeutral {
                    index,
                    terrain,
                    left,
                };
                return;
            }
            ev.push(Event::NeutralHouseDiscarded { terrain });
            index += 1;
        }
        self.income_and_actions(ev);
    }

    /// Phase 1 (income) for everyone, then the first turn of phase 2.
    fn income_and_actions(&mut self, ev: &mut Events) {
        self.income(ev);
        match self.order.first().copied() {
            Some(seat) => self.begin_turn(seat),
            None => self.step = Step::GameOver,
        }
    }

    /// Phase 1: every player's income (bonus tile, empty sheet slots, palace, Fées).
    pub(crate) fn income(&mut self, ev: &mut Events) {
        let t = tables();
        let e = &t.economy;
        for s in self.seats().collect::<Vec<_>>() {
            let Some(p) = self.player(s) else { continue };
            let mut coins: u32 = e
                .house_slot_coins
                .iter()
                .take(p.houses_built as usize)
                .sum();
            let tps = p.trading_posts_built as usize;
            coins += e.trading_post_slot_coins.iter().take(tps).sum::<u32>();
            let mut power: u8 = e.trading_post_slot_power.iter().take(tps).sum();
            if let Some(b) = p.bonus.and_then(|b| t.bonus.get(b.0 as usize)) {
                coins += b.income_coins;
                power += b.income_power;
            }
            if let Some(f) = p.faction {
                if p.left_palace {
                    coins += t.faction(f).left_palace_coins;
                    power += t.faction(f).left_palace_power;
                }
                if f == Faction::Fairies {
                    power += FAIRIES_INCOME_POWER;
                }
            }
            self.gain(s, coins, power, 0, Reason::Income, ev);
        }
    }

    pub(crate) fn begin_turn(&mut self, seat: Seat) {
        self.link_declined = false;
        self.step = Step::Turn {
            seat,
            pending: Awaiting::Main,
        };
    }

    /// After a turn: the next seat that has not passed, or the end of the round.
    pub(crate) fn end_turn(&mut self, seat: Seat, ev: &mut Events) {
        if self.players.iter().all(|p| p.passed) {
            self.end_round(ev);
            return;
        }
        let n = self.order.len();
        let at = self.order.iter().position(|s| *s == seat).unwrap_or(0);
        for k in 1..=n {
            let next = self.order[(at + k) % n];
            if self.player(next).is_some_and(|p| !p.passed) {
                self.begin_turn(next);
                return;
            }
        }
        self.end_round(ev);
    }

    /// Phase 3 (skipped after round 5, which ends the game).
    fn end_round(&mut self, ev: &mut Events) {
        let round = self.round;
        ev.push(Event::RoundEnded { round });
        if round >= 5 {
            let before = self.players.iter().map(|p| p.vp).collect();
            self.final_exchange(0, before, ev);
            return;
        }
        self.power_actions_used = [false; 6];
        for p in self.players.iter_mut() {
            p.specials_used.clear();
        }
        for slot in self.bonus_tiles.iter_mut() {
            if slot.holder.is_none() {
                slot.coins += 1;
            }
        }
        if round == 3 && self.options.neutral_variant == NeutralVariant::Planner {
            if let Some(terrain) = self.neutral_terrain {
                for h in super::map::hexes(self.free_symbols(terrain)) {
                    self.place_neutral(terrain, h, ev);
                }
            }
        }
        self.round_end_exchange(0, ev);
    }

    /// Phase 3 power exchange: the next seat (in this round's order, from `index`) with power
    /// in bowl III decides; then the next round starts.
    pub(crate) fn round_end_exchange(&mut self, index: u8, ev: &mut Events) {
        for i in index as usize..self.order.len() {
            let seat = self.order[i];
            if self.player(seat).is_some_and(|p| p.bowls[2] > 0) {
                self.step = Step::RoundEndExchange { index: i as u8 };
                return;
            }
        }
        self.start_round(self.round + 1, ev);
    }

    /// Final power exchange (§4.14 wealth): the next seat (in round 5's order, from `index`)
    /// with power in bowl III decides; then final scoring and the end of the game.
    pub(crate) fn final_exchange(&mut self, index: u8, before: Vec<i32>, ev: &mut Events) {
        for i in index as usize..self.order.len() {
            let seat = self.order[i];
            if self.player(seat).is_some_and(|p| p.bowls[2] > 0) {
                self.step = Step::FinalExchange {
                    index: i as u8,
                    before,
                };
                return;
            }
        }
        self.final_scoring(&before, ev);
        self.step = Step::GameOver;
        ev.push(Event::GameEnded);
    }

    /// "Done" in the final exchange: the rest of bowl III becomes coins ("convert every power
    /// token of bowl III into money"), then the next seat.
    pub(crate) fn finish_final_exchange(
        &mut self,
        seat: Seat,
        index: u8,
        before: Vec<i32>,
        ev: &mut Events,
    ) {
        let rest = self.player(seat).map_or(0, |p| p.bowls[2]);
        if rest > 0 {
            self.exchange(seat, &super::types::Action::ExchangePower(rest), ev);
        }
        self.final_exchange(index + 1, before, ev);
    }
}
