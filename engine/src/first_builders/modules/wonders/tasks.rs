//! The Ancient Wonders module's decisions, in the shape of a base decision kind
//! (`tasks/<kind>.rs`): which tasks it owns, their options, refusals, pending decision and
//! resolution, plus the claim offered at every decision of a visit.

use super::super::super::packing::take_market;
use super::super::super::refusal::Refusal;
use super::super::super::state::{Play, State, Task};
use super::super::super::types::{Action, CityTile, Event, Pending, Resource};
use super::data::table;
use super::rules::{claim, claimable_in_visit, gardens_food, place, placements};
use crate::{RuleError, Seat};

// ------------------------------------------------------------------------ decisions

/// The tasks of this module.
pub fn owns(task: &Task) -> bool {
    matches!(
        task,
        Task::PlaceWonder { .. }
            | Task::Colossus
            | Task::Pyramid { .. }
            | Task::Ishtar
            | Task::GardensFarm
            | Task::GardensFood
    )
}

/// The steps that run by themselves: the Hanging Gardens' Food.
pub fn is_automatic(task: &Task) -> bool {
    matches!(task, Task::GardensFood)
}

/// The options of the module's decisions.
pub fn choices(state: &State, seat: Seat, task: &Task) -> Vec<Action> {
    let p = state.player(seat);
    let mut v = Vec::new();
    match task {
        // Unpaid, a Wonder has no cell to offer (the `_` arm lists nothing).
        Task::PlaceWonder { wonder }
            if state.can_pay(seat, Resource::Stone, wonder.stone() as u32) =>
        {
            v.extend(
                placements(state, seat)
                    .into_iter()
                    .map(|(cell, orientation)| Action::PlaceWonder { cell, orientation }),
            );
        }
        Task::Colossus => {
            v.push(Action::TakeVp);
            v.push(Action::Resource(Resource::Stone));
        }
        // AW-16: one resource at a time, any kind, Gold included; stop to score.
        Task::Pyramid { paid } => {
            if (*paid as usize) < table().constants.pyramid_vp.len() {
                for r in [
                    Resource::Stone,
                    Resource::Food,
                    Resource::Wisdom,
                    Resource::Gold,
                ] {
                    if p.res[r.index()] > 0 {
                        v.push(Action::Resource(r));
                    }
                }
            }
            v.push(Action::Done);
        }
        // AW-18: a Freeman (used or not) or a Seat die of value 5 or less; never an Orator.
        Task::Ishtar => {
            for (i, f) in p.freemen.iter().enumerate() {
                if f.die.value <= 5 {
                    v.push(Action::Freeman(i as u8));
                }
            }
            for (cell, die) in &p.seats {
                if die.value <= 5 {
                    v.push(Action::Seat(*cell));
                }
            }
        }
        // AW-17: any Market tile, Farm side up.
        Task::GardensFarm => {
            for (k, m) in state.market.iter().enumerate() {
                if m.is_some() {
                    v.push(Action::MarketTile {
                        slot: k as u8 + 1,
                        farm: true,
                    });
                }
            }
        }
        _ => {}
    }
    v
}

/// The claim offered at every decision of a visit ([`claimable_in_visit`]).
pub fn visit_choice(state: &State, seat: Seat) -> Option<Action> {
    claimable_in_visit(state, seat).map(|_| Action::ClaimWonder)
}

/// Does `action` answer the visit itself rather than the decision on top?
pub fn answers_visit(action: Action) -> bool {
    action == Action::ClaimWonder
}

/// Claims the Wonder of the visited place (the answer [`visit_choice`] offered).
pub fn resolve_visit_choice(state: &mut Play<'_>, seat: Seat) {
    if let Some(place) = claimable_in_visit(state, seat) {
        claim(state, seat, place);
    }
}

pub fn refusal(action: &Action) -> Option<RuleError> {
    let (refusal, msg) = match action {
        Action::ClaimWonder => (
            Refusal::CannotClaimWonder,
            "No unlocked Wonder at this Meeting Place, a Wonder already claimed this game, \
             or no Gold to pay.",
        ),
        Action::BuildWonder => (
            Refusal::CannotBuildWonder,
            "No claimed Wonder to build, or not 3 Stone (Gold as joker) to pay.",
        ),
        Action::PlaceWonder { .. } => (
            Refusal::BadWonderCells,
            "A Wonder needs two empty cells side by side, one of them next to your city.",
        ),
        _ => return None,
    };
    Some(refusal.because(msg))
}

/// Applies a legal answer to one of the module's decisions (or runs the automatic step).
pub fn resolve(state: &mut Play<'_>, seat: Seat, task: Task, action: Action) {
    let c = &table().constants;
    match (task, action) {
        (Task::PlaceWonder { wonder }, Action::PlaceWonder { cell, orientation }) => {
            place(state, seat, wonder, cell, orientation)
        }
        (Task::Colossus, Action::TakeVp) => {
            state.add_vp(seat, c.colossus_vp, "Colossus of Rhodes");
        }
        (Task::Colossus, Action::Resource(Resource::Stone)) => {
            state.gain(seat, Resource::Stone, c.colossus_stone as u32);
        }
        (Task::Pyramid { paid }, Action::Resource(r)) => {
            state.pay(seat, r, 1);
            let paid = paid + 1;
            if paid as usize >= c.pyramid_vp.len() {
                pyramid_score(state, seat, paid);
            } else {
                state.tasks.push(Task::Pyramid { paid });
            }
        }
        (Task::Pyramid { paid }, Action::Done) => pyramid_score(state, seat, paid),
        (Task::Ishtar, Action::Freeman(i)) => {
            let Some(f) = state.player_mut(seat).freemen.get_mut(i as usize) else {
                return;
            };
            let (colour, from) = (f.die.colour, f.die.value);
            f.die.value = from + 1;
            state.emit(Event::DieChanged {
                seat,
                colour,
                from,
                to: from + 1,
            });
        }
        (Task::Ishtar, Action::Seat(at)) => {
            let Some((_, die)) = state
                .player_mut(seat)
                .seats
                .iter_mut()
                .find(|(c, _)| *c == at)
            else {
                return;
            };
            let (colour, from) = (die.colour, die.value);
            die.value = from + 1;
            state.emit(Event::DieChanged {
                seat,
                colour,
                from,
                to: from + 1,
            });
        }
        (Task::GardensFarm, Action::MarketTile { slot, .. }) => {
            let Some(b) = take_market(state, slot as usize - 1) else {
                return;
            };
            let Some(pile) = b.colour() else {
                return;
            };
            state.tasks.push(Task::Place {
                tile: CityTile::Farm { pile, building: b },
                wisdom: 0,
                stone: 0,
            });
        }
        (Task::GardensFood, _) => gardens_food(state, seat),
        _ => {}
    }
}

fn pyramid_score(state: &mut Play<'_>, seat: Seat, paid: u8) {
    if paid == 0 {
        return;
    }
    let vp = table()
        .constants
        .pyramid_vp
        .get(paid as usize - 1)
        .copied()
        .unwrap_or(0);
    state.add_vp(seat, vp, "Great Pyramid of Giza");
}

/// The decision a module task asks for.
pub fn pending(task: &Task) -> Pending {
    match task {
        Task::PlaceWonder { wonder } => Pending::ChooseWonderCell { wonder: *wonder },
        Task::Colossus => Pending::Colossus,
        Task::Pyramid { paid } => Pending::Pyramid { paid: *paid },
        Task::Ishtar => Pending::IshtarGate,
        Task::GardensFarm => Pending::GardensFarm,
        Task::GardensFood => Pending::GardensFood,
        _ => Pending::Pass,
    }
}
