//! Passing rewards (§4.10), final scoring (§4.14): wealth, territory with shared ties, and the
//! outcome.

use super::data::{tables, PassCount};
use super::effects::Events;
use super::factions::*;
use super::map::{hexes, neighbours};
use super::state::{FinalScore, State};
use super::types::{Building, Faction, Reason};
use crate::{Outcome, Seat, Standing};

/// VP for territory sizes: rank by size, tied seats share the sum of their positions' VP.
/// `table` is the VP per position (12, 8, 4, 0).
pub fn territory_vp(sizes: &[u32], table: &[i32]) -> Vec<i32> {
    sizes
        .iter()
        .map(|s| {
            let better = sizes.iter().filter(|o| *o > s).count();
            let tied = sizes.iter().filter(|o| *o == s).count();
            let sum: i32 = (better..better + tied)
                .map(|i| table.get(i).copied().unwrap_or(0))
                .sum();
            sum / tied as i32
        })
        .collect()
}

/// The best final exchange: (Druides conversions, VP from conversions + wealth). The engine
/// does not pick it: the final exchange is each seat's decision (`Step::FinalExchange`); this
/// is what an optimal choice reaches (D8, D9).
pub fn wealth(coins: u32, bowl3: u8, druid: bool) -> (u8, i32) {
    let e = &tables().economy;
    let [cost, vp] = e.druid_exchange;
    let per = e.wealth_coins_per_vp.max(1);
    let max_k = if druid && cost > 0 { bowl3 / cost } else { 0 };
    (0..=max_k)
        .map(|k| {
            let left = (bowl3 - k * cost) as u32;
            (k, k as i32 * vp as i32 + ((coins + left) / per) as i32)
        })
        .max_by_key(|(k, v)| (*v, std::cmp::Reverse(*k)))
        .unwrap_or((0, 0))
}

impl State {
    /// Rewards of passing: bonus tile held, faction ability, palaces.
    pub(crate) fn pass_rewards(&mut self, seat: Seat, ev: &mut Events) {
        let Some(p) = self.player(seat).cloned() else {
            return;
        };
        let houses = self.own_of_kind(seat, Building::House).count_ones() as i32;
        let tps = self.own_of_kind(seat, Building::TradingPost).count_ones() as i32;
        let palaces = self.own_of_kind(seat, Building::Palace).count_ones() as i32;
        if let Some((count, each)) = p
            .bonus
            .and_then(|b| tables().bonus.get(b.0 as usize))
            .and_then(|b| b.pass_vp)
        {
            let n = match count {
                PassCount::House => houses,
                PassCount::TradingPost => tps,
                PassCount::Palace => palaces,
                PassCount::Navigation => p.navigation as i32,
            };
            self.gain(seat, 0, 0, n * each, Reason::BonusTile, ev);
        }
        if p.is(Faction::Golems) {
            let vp = GOLEMS_PASS_VP.get(tps as usize).copied().unwrap_or(0);
            self.gain(seat, 0, 0, vp, Reason::FactionAbility, ev);
        }
        if p.right_of(Faction::Efrits) {
            let edge = tables().map.edge;
            let n = self.hamlets(seat).iter().filter(|h| *h & edge != 0).count() as i32;
            self.gain(seat, 0, 0, n, Reason::Palace, ev);
        }
        if p.left_of(Faction::Druids) {
            let n = self.hamlets(seat).len() as u8;
            self.gain(
                seat,
                0,
                DRUIDS_PASS_POWER_PER_HAMLET * n,
                0,
                Reason::Palace,
                ev,
            );
        }
        if p.right_of(Faction::Felines) {
            let river = tables().map.river;
            let n = hexes(self.own_mask(seat))
                .filter(|h| neighbours(*h) & river == 0)
                .count() as i32;
            self.gain(seat, 0, 0, n, Reason::Palace, ev);
        }
    }

    /// Final scoring, after every seat's final exchange: wealth (VP of the Druides'
    /// conversions made in the final exchange + 1 VP per full 3 coins), then territory.
    /// `before` = each seat's VP when round 5 ended.
    pub(crate) fn final_scoring(&mut self, before: &[i32], ev: &mut Events) {
        let e = &tables().economy;
        let per = e.wealth_coins_per_vp.max(1);
        let mut scores = Vec::new();
        for s in self.seats().collect::<Vec<_>>() {
            let Some(p) = self.players.get(s.index()) else {
                continue;
            };
            let start = before.get(s.index()).copied().unwrap_or(p.vp);
            let coins_vp = (p.coins / per) as i32;
            scores.push(FinalScore {
                before: start,
                wealth: p.vp - start + coins_vp,
                territory_size: 0,
                territory: 0,
            });
            self.gain(s, 0, 0, coins_vp, Reason::Wealth, ev);
        }
        let sizes: Vec<u32> = self.seats().map(|s| self.territory(s)).collect();
        let table = &e.territory_vp[..self.players.len().min(4)];
        let vps = territory_vp(&sizes, table);
        for (i, s) in self.seats().collect::<Vec<_>>().into_iter().enumerate() {
            if let Some(f) = scores.get_mut(i) {
                f.territory_size = sizes[i];
                f.territory = vps[i];
            }
            self.gain(s, 0, 0, vps[i], Reason::Territory, ev);
        }
        self.final_scores = Some(scores);
    }

    pub fn outcome(&self) -> Option<Outcome> {
        let finals = self.final_scores.as_ref()?;
        let standings = self
            .seats()
            .zip(finals)
            .map(|(seat, f)| Standing {
                seat,
                score: self.player(seat).map_or(0, |p| p.vp),
                rank: 0,
                tie_breaks: vec![],
                breakdown: vec![
                    ("game".into(), f.before),
                    ("wealth".into(), f.wealth),
                    ("territory".into(), f.territory),
                ],
                solo: None,
            })
            .collect();
        Some(Outcome::ranked(standings))
    }
}
