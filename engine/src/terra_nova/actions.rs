//! The seven actions and their follow-up decisions (§4.5 - §4.10): which choices are legal
//! now, and what each choice does.

use super::data::{tables, PowerEffect};
use super::effects::Events;
use super::factions::{FAIRIES_SPADE_POWER, INVENTORS_TP_POWER};
use super::map::{bit, hexes, spread, Mask};
use super::setup::take_bonus;
use super::state::{Awaiting, State, Step, Transform};
use super::types::{
    Action, BonusTile, BridgeSpot, Building, Event, Faction, PalaceSide, PowerAction, Reason,
    Special,
};
use crate::Seat;

impl State {
    /// Free land hexes `seat` may choose for a transform of kind `kind`.
    pub fn transform_targets(&self, seat: Seat, kind: Transform) -> Mask {
        let Some(p) = self.player(seat) else { return 0 };
        let Some(home) = p.home() else { return 0 };
        let e = &tables().economy;
        let free = tables().map.land & !self.occupied();
        let candidates = match kind {
            Transform::Sisters => spread(self.own_mask(seat)) & free,
            _ => self.reach(seat),
        };
        let mut out = 0;
        for h in hexes(candidates) {
            let is_home = self.terrain_at(h) == Some(home);
            let spades = self.spades_needed(seat, h) as u32;
            let ok = match kind {
                Transform::Coins => {
                    if is_home {
                        p.houses_on_sheet() > 0 && p.coins >= e.house_cost
                    } else {
                        p.coins >= spades * e.spade_cost
                    }
                }
                Transform::OneSpade => {
                    !is_home && (spades <= 1 || p.coins >= (spades - 1) * e.spade_cost)
                }
                Transform::TwoSpades | Transform::Sisters => !is_home,
            };
            if ok {
                out |= bit(h);
            }
        }
        out
    }

    /// Own buildings `seat` can upgrade now (with coins).
    pub fn upgrade_targets(&self, seat: Seat) -> Mask {
        let Some(p) = self.player(seat) else { return 0 };
        let mut out = 0;
        if p.trading_posts_on_sheet() > 0 {
            for h in hexes(self.own_of_kind(seat, Building::House)) {
                if p.coins >= self.trading_post_cost(seat, h) {
                    out |= bit(h);
                }
            }
        }
        if p.palaces_built() < 2 && p.coins >= tables().economy.palace_cost {
            out |= self.own_of_kind(seat, Building::TradingPost);
        }
        out
    }

    /// Free bridge spots with one end on an own building.
    pub fn bridge_targets(&self, seat: Seat) -> Vec<BridgeSpot> {
        if self
            .player(seat)
            .is_none_or(|p| p.bridges_in_reserve() == 0)
        {
            return Vec::new();
        }
        let own = self.own_mask(seat);
        tables()
            .map
            .bridge_spots
            .iter()
            .enumerate()
            .filter(|(i, (a, b))| {
                self.bridges.get(*i).is_some_and(|o| o.is_none()) && (bit(*a) | bit(*b)) & own != 0
            })
            .map(|(i, _)| BridgeSpot(i as u8))
            .collect()
    }

    /// May `seat` make the free power exchange now (1 power → 1 coin, and the Druides'
    /// 3 power → 2 VP, any number of times)? Reading of the rules page §4.2 / seed p. 9
    /// ("lors de la phase 2 : à tout moment de votre tour, avant ou après votre action, même
    /// si l'action est Passer"; "lors de la phase 3"; "à la fin de la partie"; Druides: "aux
    /// moments prévus pour l'Option supplémentaire"), A24:
    ///
    /// * phase 2, on one's own turn, **before** the action (`Awaiting::Main`) and **after** it
    ///   (`Awaiting::AfterAction`, reached after every action including Pass and its bonus
    ///   swap, once the action's town foundings are settled), any number of times;
    /// * **not during** an action: its follow-up decisions (hex, optional house, palace side,
    ///   bridge spot, second spade, edge house, town tile, river link, bonus swap) are part of
    ///   the action, whose costs must be covered by exchanging before choosing it;
    /// * not on another seat's turn (also not while choosing one's own town tile during
    ///   another seat's turn), not in setup or phase 1;
    /// * phase 3 (`Step::RoundEndExchange`) and the final wealth exchange
    ///   (`Step::FinalExchange`), in turn order.
    ///
    /// Only moments where bowl III holds power are ever offered (nothing to exchange
    /// otherwise): a turn ends at once after the action with bowl III empty, and phase 3 and
    /// the final exchange skip such seats.
    pub fn exchange_moment(&self, seat: Seat) -> bool {
        match &self.step {
            Step::Turn {
                seat: turn,
                pending: Awaiting::Main | Awaiting::AfterAction,
            } => *turn == seat,
            Step::RoundEndExchange { index } | Step::FinalExchange { index, .. } => {
                self.order.get(*index as usize) == Some(&seat)
            }
            _ => false,
        }
    }

    /// The exchanges `seat` may make now (none outside [`Self::exchange_moment`]).
    pub(super) fn exchanges(&self, seat: Seat, out: &mut Vec<Action>) {
        if !self.exchange_moment(seat) {
            return;
        }
        let Some(p) = self.player(seat) else { return };
        out.extend((1..=p.bowls[2]).map(Action::ExchangePower));
        if p.is(Faction::Druids) && p.bowls[2] >= tables().economy.druid_exchange[0] {
            out.push(Action::ConvertPowerToVp);
        }
    }

    fn power_action_possible(&self, seat: Seat, i: usize) -> bool {
        let (Some(p), Some(a)) = (self.player(seat), tables().power_actions.get(i)) else {
            return false;
        };
        if self.power_actions_used.get(i).copied().unwrap_or(true)
            || p.bowls[2] < self.power_action_cost(seat, i)
        {
            return false;
        }
        match a.effect {
            PowerEffect::Bridge => !self.bridge_targets(seat).is_empty(),
            PowerEffect::Navigation => p.navigation < tables().economy.max_navigation(),
            PowerEffect::Coins => true,
            PowerEffect::OneSpade => self.transform_targets(seat, Transform::OneSpade) != 0,
            PowerEffect::TwoSpades => self.transform_targets(seat, Transform::TwoSpades) != 0,
        }
    }

    fn special_possible(&self, seat: Seat, s: Special) -> bool {
        let Some(p) = self.player(seat) else {
            return false;
        };
        if s != Special::InventorsTradingPost && p.specials_used.contains(&s) {
            return false;
        }
        let one_spade = || self.transform_targets(seat, Transform::OneSpade) != 0;
        match s {
            Special::BonusSpade => {
                p.bonus
                    .and_then(|b| tables().bonus.get(b.0 as usize))
                    .is_some_and(|b| b.special_spade)
                    && one_spade()
            }
            Special::GeniesLakeHouse => {
                p.left_of(Faction::Genies) && p.houses_on_sheet() > 0 && self.lake_targets() != 0
            }
            Special::SeaDogsUpgrade => {
                p.right_of(Faction::SeaDogs)
                    && p.trading_posts_on_sheet() > 0
                    && self.own_of_kind(seat, Building::House) != 0
            }
            Special::SistersTransform => {
                p.left_of(Faction::DesertSisters)
                    && self.transform_targets(seat, Transform::Sisters) != 0
            }
            Special::FairiesSpade => {
                p.left_of(Faction::Fairies) && p.bowls[2] >= FAIRIES_SPADE_POWER && one_spade()
            }
            Special::InventorsTradingPost => {
                p.left_of(Faction::Inventors)
                    && p.bowls[2] >= INVENTORS_TP_POWER
                    && p.trading_posts_on_sheet() > 0
                    && self.reach(seat) != 0
            }
        }
    }

    fn lake_targets(&self) -> Mask {
        hexes(tables().map.land & !self.occupied())
            .filter(|h| self.terrain_at(*h) == Some(super::types::Terrain::Lake))
            .fold(0, |m, h| m | bit(h))
    }

    fn edge_targets(&self, seat: Seat) -> Mask {
        if self.player(seat).is_none_or(|p| p.houses_on_sheet() == 0) {
            return 0;
        }
        tables().map.edge & !self.occupied()
    }

    fn can_build_house(&self, seat: Seat) -> bool {
        self.player(seat)
            .is_some_and(|p| p.houses_on_sheet() > 0 && p.coins >= tables().economy.house_cost)
    }

    /// Every legal decision of `seat` while `pending` is open in its turn.
    pub fn turn_actions(&self, seat: Seat, pending: &Awaiting) -> Vec<Action> {
        let Some(p) = self.player(seat) else {
            return Vec::new();
        };
        let e = &tables().economy;
        let hex_list = |m: Mask| hexes(m).map(Action::Hex).collect::<Vec<_>>();
        match pending {
            Awaiting::Main => {
                let mut out = Vec::new();
                self.exchanges(seat, &mut out);
                if self.transform_targets(seat, Transform::Coins) != 0 {
                    out.push(Action::Build);
                }
                if self.upgrade_targets(seat) != 0 {
                    out.push(Action::Upgrade);
                }
                if p.navigation < e.max_navigation() && p.coins >= e.navigation_cost {
                    out.push(Action::AdvanceNavigation);
                }
                if p.coins >= e.bridge_cost && !self.bridge_targets(seat).is_empty() {
                    out.push(Action::BuildBridge);
                }
                for i in 0..tables().power_actions.len() {
                    if self.power_action_possible(seat, i) {
                        out.push(Action::PowerAction(PowerAction(i as u8)));
                    }
                }
                for s in [
                    Special::BonusSpade,
                    Special::GeniesLakeHouse,
                    Special::SeaDogsUpgrade,
                    Special::SistersTransform,
                    Special::FairiesSpade,
                    Special::InventorsTradingPost,
                ] {
                    if self.special_possible(seat, s) {
                        out.push(Action::Special(s));
                    }
                }
                out.push(Action::Pass);
                out
            }
            Awaiting::TransformHex(kind) => hex_list(self.transform_targets(seat, *kind)),
            Awaiting::SecondSpadeHex { first, reach } => {
                let mut out = hex_list(self.second_spade_targets(seat, *first, *reach));
                out.push(Action::Skip);
                out
            }
            Awaiting::BuildOn { hexes } => {
                let mut out: Vec<Action> = if self.can_build_house(seat) {
                    hexes.iter().map(|h| Action::BuildHouse(*h)).collect()
                } else {
                    Vec::new()
                };
                out.push(Action::Skip);
                out
            }
            Awaiting::UpgradeHex => hex_list(self.upgrade_targets(seat)),
            Awaiting::PalaceSide { .. } => {
                let mut out = Vec::new();
                if !p.left_palace {
                    out.push(Action::Palace(PalaceSide::Left));
                }
                if !p.right_palace {
                    out.push(Action::Palace(PalaceSide::Right));
                }
                out
            }
            Awaiting::BridgeSpot => self
                .bridge_targets(seat)
                .into_iter()
                .map(Action::Bridge)
                .collect(),
            Awaiting::LakeHouseHex => hex_list(self.lake_targets()),
            Awaiting::FreeUpgradeHex => hex_list(self.own_of_kind(seat, Building::House)),
            Awaiting::InventorsHex => hex_list(self.reach(seat)),
            Awaiting::EdgeHouseHex => {
                let mut out = hex_list(self.edge_targets(seat));
                out.push(Action::Skip);
                out
            }
            Awaiting::TownTile { .. } => p
                .town_tiles_left()
                .into_iter()
                .map(Action::TownTile)
                .collect(),
            Awaiting::RiverLink { options } => {
                let mut out: Vec<Action> = options.iter().map(|h| Action::RiverLink(*h)).collect();
                out.push(Action::Skip);
                out
            }
            Awaiting::PassBonus => self
                .pass_bonus_options(seat)
                .into_iter()
                .map(Action::TakeBonus)
                .collect(),
            Awaiting::AfterAction => {
                let mut out = Vec::new();
                self.exchanges(seat, &mut out);
                out.push(Action::EndTurn);
                out
            }
        }
    }

    fn second_spade_targets(&self, seat: Seat, first: super::types::Hex, reach: Mask) -> Mask {
        let Some(home) = self.player(seat).and_then(|p| p.home()) else {
            return 0;
        };
        hexes(reach & !self.occupied() & !bit(first))
            .filter(|h| self.terrain_at(*h) != Some(home) && self.spades_needed(seat, *h) == 1)
            .fold(0, |m, h| m | bit(h))
    }

    /// Bonus tiles `seat` may take when passing (not its own).
    pub fn pass_bonus_options(&self, seat: Seat) -> Vec<BonusTile> {
        let own = self.player(seat).and_then(|p| p.bonus);
        self.bonus_tiles
            .iter()
            .filter(|s| s.holder.is_none() && Some(s.tile) != own)
            .map(|s| s.tile)
            .collect()
    }

    fn set_pending(&mut self, seat: Seat, pending: Awaiting) {
        self.step = Step::Turn { seat, pending };
    }

    /// Offers the optional house on transformed hexes, or continues.
    fn offer_build(&mut self, seat: Seat, hexes: Vec<super::types::Hex>, ev: &mut Events) {
        if self.can_build_house(seat) {
            self.set_pending(seat, Awaiting::BuildOn { hexes });
        } else {
            self.after_effect(seat, ev);
        }
    }

    /// After an action's effect: Éfrits' edge house, towns, river links, then exchanges.
    pub(crate) fn after_effect(&mut self, seat: Seat, ev: &mut Events) {
        if self.player(seat).is_some_and(|p| p.edge_house_due) {
            if self.edge_targets(seat) != 0 {
                self.set_pending(seat, Awaiting::EdgeHouseHex);
                return;
            }
            if let Some(p) = self.players.get_mut(seat.index()) {
                p.edge_house_due = false;
                p.edge_house_done = true;
            }
        }
        if let Some(group) = self.town_check(seat) {
            self.set_pending(
                seat,
                Awaiting::TownTile {
                    group,
                    link: None,
                    owner: None,
                },
            );
            return;
        }
        if !self.link_declined {
            let options = self.river_link_options(seat);
            if !options.is_empty() {
                self.set_pending(seat, Awaiting::RiverLink { options });
                return;
            }
        }
        // Town check for every other seat too (§4.4, A6: a bridge is adjacency for all),
        // in turn order after the acting seat; such a seat chooses its own tile, then the
        // turn resumes here. River links stay the acting Chiens de Mer's choice: another
        // seat's action never changes their buildings.
        let at = self.order.iter().position(|s| *s == seat).unwrap_or(0);
        let n = self.order.len();
        let others: Vec<Seat> = (1..n).map(|k| self.order[(at + k) % n]).collect();
        for other in others.into_iter().filter(|o| *o != seat) {
            if let Some(group) = self.town_check(other) {
                self.set_pending(
                    seat,
                    Awaiting::TownTile {
                        group,
                        link: None,
                        owner: Some(other),
                    },
                );
                return;
            }
        }
        self.enter_after_action(seat, ev);
    }

    fn enter_after_action(&mut self, seat: Seat, ev: &mut Events) {
        if self.player(seat).is_some_and(|p| p.bowls[2] > 0) {
            self.set_pending(seat, Awaiting::AfterAction);
        } else {
            self.end_turn(seat, ev);
        }
    }

    pub(super) fn exchange(&mut self, seat: Seat, action: &Action, ev: &mut Events) {
        let [cost, vp] = tables().economy.druid_exchange;
        let Some(p) = self.players.get_mut(seat.index()) else {
            return;
        };
        match action {
            Action::ExchangePower(n) if p.exchange(*n) => {
                ev.push(Event::Gained {
                    seat,
                    coins: *n as i32,
                    power: 0,
                    vp: 0,
                    reason: Reason::Exchange,
                });
            }
            Action::ConvertPowerToVp if p.spend_power(cost) => {
                p.vp += vp as i32;
                ev.push(Event::Gained {
                    seat,
                    coins: 0,
                    power: 0,
                    vp: vp as i32,
                    reason: Reason::Exchange,
                });
            }
            _ => {}
        }
    }

    /// Pays a cost that the listing already checked is affordable.
    fn charge(&mut self, seat: Seat, coins: u32, power: u8, ev: &mut Events) {
        let paid = self.pay(seat, coins, power, ev);
        debug_assert!(paid, "a listed decision costs what {seat} can pay");
    }

    /// Applies a listed decision of `seat` in its turn (the listing checked it, so it cannot
    /// fail).
    pub(crate) fn resolve(
        &mut self,
        seat: Seat,
        pending: Awaiting,
        action: &Action,
        ev: &mut Events,
    ) {
        let e = &tables().economy;
        match (pending, action) {
            (
                Awaiting::Main | Awaiting::AfterAction,
                Action::ExchangePower(_) | Action::ConvertPowerToVp,
            ) => {
                self.exchange(seat, action, ev);
            }
            (Awaiting::AfterAction, Action::EndTurn) => self.end_turn(seat, ev),
            (Awaiting::Main, main) => {
                ev.push(Event::ActionChosen {
                    seat,
                    action: main.clone(),
                });
                self.resolve_main(seat, main, ev);
            }
            (Awaiting::TransformHex(kind), Action::Hex(h)) => {
                let h = *h;
                let spades = self.spades_needed(seat, h);
                let is_home = self.player(seat).and_then(|p| p.home()) == self.terrain_at(h);
                match kind {
                    Transform::Coins if is_home => {
                        self.charge(seat, e.house_cost, 0, ev);
                        self.place_house(seat, h, ev);
                        self.after_effect(seat, ev);
                    }
                    Transform::Coins => {
                        self.charge(seat, spades as u32 * e.spade_cost, 0, ev);
                        self.transform(seat, h, spades, ev);
                        self.offer_build(seat, vec![h], ev);
                    }
                    Transform::OneSpade => {
                        let bought = spades.saturating_sub(1) as u32;
                        self.charge(seat, bought * e.spade_cost, 0, ev);
                        self.transform(seat, h, spades, ev);
                        self.offer_build(seat, vec![h], ev);
                    }
                    Transform::TwoSpades => {
                        let reach = self.reach(seat);
                        self.transform(seat, h, spades, ev);
                        if spades == 1 && self.second_spade_targets(seat, h, reach) != 0 {
                            self.set_pending(seat, Awaiting::SecondSpadeHex { first: h, reach });
                        } else {
                            self.offer_build(seat, vec![h], ev);
                        }
                    }
                    Transform::Sisters => {
                        self.transform(seat, h, 0, ev);
                        self.offer_build(seat, vec![h], ev);
                    }
                }
            }
            (Awaiting::SecondSpadeHex { first, .. }, Action::Hex(h)) => {
                self.transform(seat, *h, 1, ev);
                self.offer_build(seat, vec![first, *h], ev);
            }
            (Awaiting::SecondSpadeHex { first, .. }, Action::Skip) => {
                self.offer_build(seat, vec![first], ev);
            }
            (Awaiting::BuildOn { .. }, Action::BuildHouse(h)) => {
                self.charge(seat, e.house_cost, 0, ev);
                self.place_house(seat, *h, ev);
                self.after_effect(seat, ev);
            }
            (Awaiting::BuildOn { .. }, Action::Skip) => self.after_effect(seat, ev),
            (Awaiting::UpgradeHex, Action::Hex(h)) => {
                match self.placed_at(*h).map(|p| p.building) {
                    Some(Building::House) => {
                        let cost = self.trading_post_cost(seat, *h);
                        self.charge(seat, cost, 0, ev);
                        self.place_trading_post(seat, *h, ev);
                        self.after_effect(seat, ev);
                    }
                    _ => self.set_pending(seat, Awaiting::PalaceSide { hex: *h }),
                }
            }
            (Awaiting::PalaceSide { hex }, Action::Palace(side)) => {
                self.charge(seat, e.palace_cost, 0, ev);
                self.place_palace(seat, hex, *side, ev);
                self.after_effect(seat, ev);
            }
            (Awaiting::BridgeSpot, Action::Bridge(spot)) => {
                if let Some(b) = self.bridges.get_mut(spot.0 as usize) {
                    *b = Some(seat);
                }
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.bridges_built += 1;
                }
                ev.push(Event::BridgeBuilt { seat, spot: *spot });
                self.after_effect(seat, ev);
            }
            (Awaiting::LakeHouseHex, Action::Hex(h)) => {
                self.place_house(seat, *h, ev);
                self.after_effect(seat, ev);
            }
            (Awaiting::FreeUpgradeHex, Action::Hex(h)) => {
                self.place_trading_post(seat, *h, ev);
                self.after_effect(seat, ev);
            }
            (Awaiting::InventorsHex, Action::Hex(h)) => {
                if self.spades_needed(seat, *h) > 0 {
                    self.transform(seat, *h, 0, ev);
                }
                self.place_trading_post(seat, *h, ev);
                self.after_effect(seat, ev);
            }
            (Awaiting::EdgeHouseHex, Action::Hex(h)) => {
                if self.spades_needed(seat, *h) > 0 {
                    self.transform(seat, *h, 0, ev);
                }
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.edge_house_due = false;
                    p.edge_house_done = true;
                }
                self.place_house(seat, *h, ev);
                self.after_effect(seat, ev);
            }
            (Awaiting::EdgeHouseHex, Action::Skip) => {
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.edge_house_due = false;
                    p.edge_house_done = true;
                }
                self.after_effect(seat, ev);
            }
            (Awaiting::TownTile { group, link, owner }, Action::TownTile(t)) => {
                // `seat` decides: the town's owner (`owner`, another seat) or the seat whose
                // turn it is; the turn then continues for the latter.
                let turn = self.turn_seat().unwrap_or(seat);
                self.found_town(owner.unwrap_or(seat), group, *t, link, ev);
                self.after_effect(turn, ev);
            }
            (Awaiting::RiverLink { .. }, Action::RiverLink(r)) => {
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.river_links.push(*r);
                }
                match self.town_check(seat) {
                    Some(group) => self.set_pending(
                        seat,
                        Awaiting::TownTile {
                            group,
                            link: Some(*r),
                            owner: None,
                        },
                    ),
                    None => self.after_effect(seat, ev),
                }
            }
            (Awaiting::RiverLink { .. }, Action::Skip) => {
                self.link_declined = true;
                self.after_effect(seat, ev);
            }
            (Awaiting::PassBonus, Action::TakeBonus(t)) => {
                take_bonus(self, seat, *t, ev);
                self.enter_after_action(seat, ev);
            }
            (pending, action) => {
                debug_assert!(false, "{action:?} is never listed for {pending:?}")
            }
        }
    }

    fn resolve_main(&mut self, seat: Seat, action: &Action, ev: &mut Events) {
        let e = &tables().economy;
        match action {
            Action::Build => self.set_pending(seat, Awaiting::TransformHex(Transform::Coins)),
            Action::Upgrade => self.set_pending(seat, Awaiting::UpgradeHex),
            Action::AdvanceNavigation => {
                self.charge(seat, e.navigation_cost, 0, ev);
                self.advance_navigation(seat, Reason::Navigation, ev);
                self.after_effect(seat, ev);
            }
            Action::BuildBridge => {
                self.charge(seat, e.bridge_cost, 0, ev);
                self.set_pending(seat, Awaiting::BridgeSpot);
            }
            Action::PowerAction(PowerAction(i)) => {
                let i = *i as usize;
                let cost = self.power_action_cost(seat, i);
                let Some(data) = tables().power_actions.get(i) else {
                    debug_assert!(false, "power action {i} is never listed");
                    return;
                };
                self.charge(seat, 0, cost, ev);
                if let Some(u) = self.power_actions_used.get_mut(i) {
                    *u = true;
                }
                match data.effect {
                    PowerEffect::Bridge => self.set_pending(seat, Awaiting::BridgeSpot),
                    PowerEffect::Navigation => {
                        self.advance_navigation(seat, Reason::PowerAction, ev);
                        self.after_effect(seat, ev);
                    }
                    PowerEffect::Coins => {
                        self.gain(seat, data.coins, 0, 0, Reason::PowerAction, ev);
                        self.after_effect(seat, ev);
                    }
                    PowerEffect::OneSpade => {
                        self.set_pending(seat, Awaiting::TransformHex(Transform::OneSpade))
                    }
                    PowerEffect::TwoSpades => {
                        self.set_pending(seat, Awaiting::TransformHex(Transform::TwoSpades))
                    }
                }
            }
            Action::Special(s) => {
                if let Some(p) = self.players.get_mut(seat.index()) {
                    if *s != Special::InventorsTradingPost {
                        p.specials_used.push(*s);
                    }
                }
                match s {
                    Special::BonusSpade => {
                        self.set_pending(seat, Awaiting::TransformHex(Transform::OneSpade))
                    }
                    Special::FairiesSpade => {
                        self.charge(seat, 0, FAIRIES_SPADE_POWER, ev);
                        self.set_pending(seat, Awaiting::TransformHex(Transform::OneSpade));
                    }
                    Special::GeniesLakeHouse => self.set_pending(seat, Awaiting::LakeHouseHex),
                    Special::SeaDogsUpgrade => self.set_pending(seat, Awaiting::FreeUpgradeHex),
                    Special::SistersTransform => {
                        self.set_pending(seat, Awaiting::TransformHex(Transform::Sisters))
                    }
                    Special::InventorsTradingPost => {
                        self.charge(seat, 0, INVENTORS_TP_POWER, ev);
                        self.set_pending(seat, Awaiting::InventorsHex);
                    }
                }
            }
            Action::Pass => {
                let first = self.pass_order.is_empty();
                if first && self.round < 5 {
                    self.start_player = seat;
                }
                self.pass_order.push(seat);
                ev.push(Event::Passed { seat, first });
                self.pass_rewards(seat, ev);
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.passed = true;
                }
                let swap = self.round < 5 || e.round5_bonus_swap;
                if swap && !self.pass_bonus_options(seat).is_empty() {
                    self.set_pending(seat, Awaiting::PassBonus);
                } else {
                    self.enter_after_action(seat, ev);
                }
            }
            action => debug_assert!(false, "{action:?} is not one of the seven actions"),
        }
    }
}
