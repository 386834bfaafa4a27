//! Who decides now, the complete list of legal decisions, and applying one (setup steps and
//! turns). A refused decision leaves the state untouched.

use super::data::tables;
use super::effects::Events;
use super::map::hexes;
use super::setup::{after_planner, draft_order, finish_setup, snake, take_bonus};
use super::state::{Awaiting, State, Step};
use super::types::{Action, Building, Event, Faction, Owner, Terrain};
use super::view::pending;
use crate::{RuleError, Seat, SeatSet};

crate::refusals! {
    /// Why Terra Nova refuses a decision (the codes clients switch on).
    pub enum Refusal {
        /// Not the kind of decision the game waits for now.
        UnexpectedDecision = "UNEXPECTED_DECISION",
        /// Power exchange during an action or outside one's own moments.
        ExchangeNotNow = "EXCHANGE_NOT_NOW",
        /// The faction's sheet is taken.
        FactionUnavailable = "FACTION_UNAVAILABLE",
        BonusTileUnavailable = "BONUS_TILE_UNAVAILABLE",
        NotEnoughPower = "NOT_ENOUGH_POWER",
        /// Only the Druides turn 3 power into 2 VP.
        NotDruids = "NOT_DRUIDS",
        PowerActionUsed = "POWER_ACTION_USED",
        SpecialActionUsed = "SPECIAL_ACTION_USED",
        NavigationAtMaximum = "NAVIGATION_AT_MAXIMUM",
        NotEnoughCoins = "NOT_ENOUGH_COINS",
        /// A river hex where land is needed.
        NotLand = "NOT_LAND",
        /// A land hex that is not a target of the decision.
        HexNotAllowed = "HEX_NOT_ALLOWED",
        BridgeSpotUnavailable = "BRIDGE_SPOT_UNAVAILABLE",
        TownTileUnavailable = "TOWN_TILE_UNAVAILABLE",
        PalaceUnavailable = "PALACE_UNAVAILABLE",
        /// One of the seven actions with no legal target or no way to pay now.
        ActionNotPossible = "ACTION_NOT_POSSIBLE",
    }
}

/// The seat that must decide now.
pub fn actor(state: &State) -> Option<Seat> {
    match &state.step {
        Step::FactionDraft { next } | Step::SideChoice { next } | Step::PlannerNeutral { next } => {
            Some(*next)
        }
        Step::InitialHouses { index } => snake(state).get(*index as usize).copied(),
        Step::BonusDraft { index } => draft_order(state).get(*index as usize).copied(),
        Step::RandomNeutral { index, .. }
        | Step::RoundEndExchange { index }
        | Step::FinalExchange { index, .. } => state.order.get(*index as usize).copied(),
        Step::Turn { .. } => state.turn_decider(),
        Step::GameOver => None,
    }
}

pub fn to_act(state: &State) -> SeatSet {
    actor(state).map_or(SeatSet::EMPTY, SeatSet::only)
}

fn free_home_hexes(state: &State, seat: Seat) -> Vec<Action> {
    let Some(home) = state.player(seat).and_then(|p| p.home()) else {
        return Vec::new();
    };
    hexes(tables().map.land & !state.occupied())
        .filter(|h| state.terrain_at(*h) == Some(home))
        .map(Action::Hex)
        .collect()
}

/// Every decision `seat` may take now.
pub fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
    if actor(state) != Some(seat) {
        return Vec::new();
    }
    match &state.step {
        Step::FactionDraft { .. } => {
            let taken: Vec<_> = state
                .players
                .iter()
                .filter_map(|p| p.home())
                .chain(state.neutral_terrain)
                .collect();
            // One sheet per home terrain, in the order of the faction list.
            let mut sheets: Vec<Terrain> = Vec::new();
            for f in Faction::ALL {
                let home = tables().faction(f).home;
                if !taken.contains(&home) && !sheets.contains(&home) {
                    sheets.push(home);
                }
            }
            sheets.into_iter().map(Action::ChooseSheet).collect()
        }
        Step::SideChoice { .. } => {
            let sheet = state.player(seat).and_then(|p| p.sheet);
            Faction::ALL
                .iter()
                .filter(|f| Some(tables().faction(**f).home) == sheet)
                .map(|f| Action::ChooseFaction(*f))
                .collect()
        }
        Step::PlannerNeutral { .. } => state
            .neutral_terrain
            .map(|t| hexes(state.free_symbols(t)).map(Action::Hex).collect())
            .unwrap_or_default(),
        Step::RandomNeutral { terrain, .. } => hexes(state.free_symbols(*terrain))
            .map(Action::Hex)
            .collect(),
        Step::InitialHouses { .. } => free_home_hexes(state, seat),
        Step::BonusDraft { .. } => state
            .bonus_tiles
            .iter()
            .filter(|s| s.holder.is_none())
            .map(|s| Action::TakeBonus(s.tile))
            .collect(),
        Step::RoundEndExchange { .. } | Step::FinalExchange { .. } => {
            let mut out = Vec::new();
            state.exchanges(seat, &mut out);
            out.push(Action::EndTurn);
            out
        }
        Step::Turn { pending, .. } => state.turn_actions(seat, pending),
        Step::GameOver => Vec::new(),
    }
}

/// Performs a listed decision in place (the caller checked it is legal, so no step of it
/// can be refused).
pub fn perform(state: &mut State, seat: Seat, action: &Action, ev: &mut Events) {
    let seat_count = state.players.len() as u8;
    match (state.step.clone(), action) {
        (Step::FactionDraft { next }, Action::ChooseSheet(home)) => {
            if let Some(p) = state.players.get_mut(seat.index()) {
                p.sheet = Some(*home);
            }
            ev.push(Event::SheetChosen { seat, home: *home });
            state.step = if next.0 + 1 < seat_count {
                Step::FactionDraft {
                    next: Seat(next.0 + 1),
                }
            } else {
                Step::SideChoice { next: Seat(0) }
            };
        }
        (Step::SideChoice { next }, Action::ChooseFaction(f)) => {
            if let Some(p) = state.players.get_mut(seat.index()) {
                p.faction = Some(*f);
            }
            ev.push(Event::FactionChosen { seat, faction: *f });
            state.step = if next.0 + 1 < seat_count {
                Step::SideChoice {
                    next: Seat(next.0 + 1),
                }
            } else {
                Step::InitialHouses { index: 0 }
            };
        }
        (Step::PlannerNeutral { next }, Action::Hex(h)) => {
            if let Some(t) = state.neutral_terrain {
                state.place_neutral(t, *h, ev);
            }
            if next.0 + 1 < seat_count {
                state.step = Step::PlannerNeutral {
                    next: Seat(next.0 + 1),
                };
            } else {
                after_planner(state);
            }
        }
        (
            Step::RandomNeutral {
                index,
                terrain,
                left,
            },
            Action::Hex(h),
        ) => {
            state.place_neutral(terrain, *h, ev);
            state.draw_neutral(index + 1, left, ev);
        }
        (Step::InitialHouses { index }, Action::Hex(h)) => {
            state.put(*h, Owner::Seat(seat), Building::House);
            if let Some(p) = state.players.get_mut(seat.index()) {
                p.houses_built += 1;
            }
            ev.push(Event::Built {
                seat,
                hex: *h,
                building: Building::House,
            });
            state.step = if (index as usize + 1) < snake(state).len() {
                Step::InitialHouses { index: index + 1 }
            } else {
                Step::BonusDraft { index: 0 }
            };
        }
        (Step::BonusDraft { index }, Action::TakeBonus(t)) => {
            take_bonus(state, seat, *t, ev);
            if index + 1 < seat_count {
                state.step = Step::BonusDraft { index: index + 1 };
            } else {
                finish_setup(state, ev);
            }
        }
        (Step::RoundEndExchange { index }, Action::EndTurn) => {
            state.round_end_exchange(index + 1, ev);
        }
        (Step::RoundEndExchange { .. }, action) => state.exchange(seat, action, ev),
        (Step::FinalExchange { index, before }, Action::EndTurn) => {
            state.finish_final_exchange(seat, index, before, ev);
        }
        (Step::FinalExchange { .. }, action) => state.exchange(seat, action, ev),
        (Step::Turn { pending, .. }, action) => state.resolve(seat, pending, action, ev),
        (step, action) => debug_assert!(false, "{action:?} is never listed in {step:?}"),
    }
}

/// Why an unlisted decision is refused: a stable code and a sentence.
pub fn refusal(state: &State, seat: Seat, action: &Action) -> RuleError {
    let e = &tables().economy;
    let expected = match &state.step {
        Step::FactionDraft { .. } => "choose a faction sheet",
        Step::SideChoice { .. } => "choose the side (faction) of your sheet",
        Step::PlannerNeutral { .. } | Step::RandomNeutral { .. } => {
            "choose a hex for the neutral house"
        }
        Step::InitialHouses { .. } => "choose a free hex of your home terrain for an initial house",
        Step::BonusDraft { .. } => "choose a bonus tile",
        Step::RoundEndExchange { .. } => "exchange power or end the round for you",
        Step::FinalExchange { .. } => {
            "make your final power exchange, then finish it (the rest of bowl III becomes coins)"
        }
        Step::Turn { .. } => pending(state).summary(),
        Step::GameOver => "nothing",
    };
    let p = state.player(seat);
    let b3 = p.map_or(0, |p| p.bowls[2]);
    let coins = p.map_or(0, |p| p.coins);
    let kind_ok = matches!(
        (&state.step, action),
        (Step::FactionDraft { .. }, Action::ChooseSheet(_))
            | (Step::SideChoice { .. }, Action::ChooseFaction(_))
            | (Step::BonusDraft { .. }, Action::TakeBonus(_))
            | (
                Step::RoundEndExchange { .. } | Step::FinalExchange { .. },
                Action::ExchangePower(_) | Action::ConvertPowerToVp | Action::EndTurn
            )
            | (
                Step::PlannerNeutral { .. }
                    | Step::RandomNeutral { .. }
                    | Step::InitialHouses { .. },
                Action::Hex(_)
            )
    ) || matches!(&state.step, Step::Turn { pending, .. } if accepts(pending, action));
    if matches!(action, Action::ExchangePower(_) | Action::ConvertPowerToVp)
        && !state.exchange_moment(seat)
        && matches!(state.step, Step::Turn { .. })
    {
        return Refusal::ExchangeNotNow.because(format!(
                "Power can be exchanged only before or after your action, not during it; now you must {expected}."
            ),
        );
    }
    if !kind_ok {
        return Refusal::UnexpectedDecision.because(format!("Now you must {expected}."));
    }
    match action {
        Action::ChooseSheet(t) => Refusal::FactionUnavailable
            .because(format!("The {t:?} sheet cannot be chosen: it is taken.")),
        Action::ChooseFaction(f) => {
            Refusal::FactionUnavailable.because(format!("{f} is not a side of your sheet."))
        }
        Action::TakeBonus(t) => {
            Refusal::BonusTileUnavailable.because(format!("Bonus tile {t} is not available."))
        }
        Action::ExchangePower(n) if *n > b3 => {
            Refusal::NotEnoughPower.because(format!("You have only {b3} power in bowl III."))
        }
        Action::ConvertPowerToVp if p.is_some_and(|p| !p.is(Faction::Druids)) => {
            Refusal::NotDruids.because("Only the Druides may turn 3 power into 2 VP.")
        }
        Action::ConvertPowerToVp => {
            let [cost, vp] = e.druid_exchange;
            Refusal::NotEnoughPower.because(format!(
                "Turning power into {vp} VP takes {cost} power from bowl III; you have {b3}."
            ))
        }
        Action::PowerAction(a)
            if state
                .power_actions_used
                .get(a.0 as usize)
                .copied()
                .unwrap_or(false) =>
        {
            Refusal::PowerActionUsed.because("This power action was already taken this round.")
        }
        Action::PowerAction(a) if b3 < state.power_action_cost(seat, a.0 as usize) => {
            Refusal::NotEnoughPower.because("Not enough power in bowl III for this power action.")
        }
        Action::Special(s) if p.is_some_and(|p| p.specials_used.contains(s)) => {
            Refusal::SpecialActionUsed.because("This special action was already used this round.")
        }
        Action::AdvanceNavigation if p.is_some_and(|p| p.navigation >= e.max_navigation()) => {
            Refusal::NavigationAtMaximum
                .because("Your navigation is already at the end of the track.")
        }
        Action::AdvanceNavigation if coins < e.navigation_cost => {
            Refusal::NotEnoughCoins.because("Advancing navigation costs 8 coins.")
        }
        Action::BuildBridge if coins < e.bridge_cost => {
            Refusal::NotEnoughCoins.because("A bridge costs 10 coins.")
        }
        Action::Hex(h) | Action::BuildHouse(h) if state.terrain_at(*h).is_none() => {
            Refusal::NotLand.because(format!("{h} is a river hex."))
        }
        Action::Hex(h) | Action::BuildHouse(h) => Refusal::HexNotAllowed
            .because(format!("{h} cannot be chosen now: you must {expected}.")),
        Action::Bridge(_) => {
            Refusal::BridgeSpotUnavailable.because("This bridge spot cannot be used now.")
        }
        Action::TownTile(_) => {
            Refusal::TownTileUnavailable.because("This town tile is not available.")
        }
        Action::Palace(_) => {
            Refusal::PalaceUnavailable.because("This palace is not on your sheet.")
        }
        Action::Build
        | Action::Upgrade
        | Action::BuildBridge
        | Action::Special(_)
        | Action::PowerAction(_) => match &state.step {
            Step::Turn {
                pending: Awaiting::Main,
                ..
            } => Refusal::ActionNotPossible
                .because("This action has no legal target or cannot be paid now."),
            _ => Refusal::UnexpectedDecision.because(format!("Now you must {expected}.")),
        },
        _ => Refusal::UnexpectedDecision.because(format!("Now you must {expected}.")),
    }
}

/// Is `action` the kind of decision `pending` asks for?
fn accepts(pending: &Awaiting, action: &Action) -> bool {
    use Action as A;
    match pending {
        Awaiting::Main => matches!(
            action,
            A::ExchangePower(_)
                | A::ConvertPowerToVp
                | A::Build
                | A::Upgrade
                | A::AdvanceNavigation
                | A::BuildBridge
                | A::PowerAction(_)
                | A::Special(_)
                | A::Pass
        ),
        Awaiting::TransformHex(_)
        | Awaiting::UpgradeHex
        | Awaiting::LakeHouseHex
        | Awaiting::FreeUpgradeHex
        | Awaiting::InventorsHex => matches!(action, A::Hex(_)),
        Awaiting::SecondSpadeHex { .. } | Awaiting::EdgeHouseHex => {
            matches!(action, A::Hex(_) | A::Skip)
        }
        Awaiting::BuildOn { .. } => matches!(action, A::BuildHouse(_) | A::Skip),
        Awaiting::PalaceSide { .. } => matches!(action, A::Palace(_)),
        Awaiting::BridgeSpot => matches!(action, A::Bridge(_)),
        Awaiting::TownTile { .. } => matches!(action, A::TownTile(_)),
        Awaiting::RiverLink { .. } => matches!(action, A::RiverLink(_) | A::Skip),
        Awaiting::PassBonus => matches!(action, A::TakeBonus(_)),
        Awaiting::AfterAction => {
            matches!(
                action,
                A::ExchangePower(_) | A::ConvertPowerToVp | A::EndTurn
            )
        }
    }
}
