//! The decisions a building's or a Zodiac card's ability asks for: Veterans' Quarters,
//! Court of Justice, Construction Site, Portal, Fountain of Wisdom and Capricorn. Each may
//! be declined with `Done` except the Fountain.

use super::super::packing::take_market;
use super::super::state::{Play, State, Task};
use super::super::types::{Action, Colour, Event, Pending};
use crate::Seat;

pub fn owns(task: &Task) -> bool {
    matches!(
        task,
        Task::Veterans
            | Task::Court
            | Task::ConstructionSite
            | Task::Portal
            | Task::Fountain
            | Task::Capricorn
    )
}

pub fn pending(task: &Task) -> Pending {
    match task {
        Task::Veterans => Pending::VeteransQuarters,
        Task::Court => Pending::CourtOfJustice,
        Task::ConstructionSite => Pending::ConstructionSite,
        Task::Portal => Pending::Portal,
        Task::Fountain => Pending::FountainOfWisdom,
        _ => Pending::Capricorn,
    }
}

pub fn choices(state: &State, seat: Seat, task: &Task) -> Vec<Action> {
    let p = state.player(seat);
    let mut v = Vec::new();
    match task {
        Task::Veterans => v.extend(state.unused_freemen(seat).map(Action::Freeman)),
        Task::Court => {
            for i in state.unused_freemen(seat) {
                let own = p.freemen[i as usize].die.colour;
                for c in Colour::ALL {
                    if c != own && state.dice_reserve[c.index()] > 0 {
                        v.push(Action::SwapDie {
                            freeman: i,
                            colour: c,
                        });
                    }
                }
            }
        }
        Task::ConstructionSite => {
            for (k, m) in state.market.iter().enumerate() {
                if m.is_some() {
                    v.push(Action::MarketTile {
                        slot: k as u8 + 1,
                        farm: false,
                    });
                }
            }
        }
        Task::Portal => {
            for i in state.unused_freemen(seat) {
                v.push(Action::FreemanPlus {
                    freeman: i,
                    plus: 1,
                });
                if p.freemen[i as usize].die.value <= 5 {
                    v.push(Action::FreemanPlus {
                        freeman: i,
                        plus: 2,
                    });
                }
            }
        }
        // Not optional: no `Done`.
        Task::Fountain => return (1..=5).map(Action::MeetingPlace).collect(),
        Task::Capricorn => {
            for (i, f) in p.freemen.iter().enumerate() {
                if f.die.value <= 5 {
                    v.push(Action::Freeman(i as u8));
                }
            }
        }
        _ => return v,
    }
    v.push(Action::Done);
    v
}

pub fn resolve(state: &mut Play<'_>, seat: Seat, task: Task, action: Action) {
    match (task, action) {
        (Task::Veterans, Action::Freeman(i)) => veterans(state, seat, i as usize),
        (Task::Court, Action::SwapDie { freeman, colour }) => {
            let Some(old) = state
                .player(seat)
                .freemen
                .get(freeman as usize)
                .map(|f| f.die.colour)
            else {
                return;
            };
            state.dice_reserve[old.index()] += 1;
            state.dice_reserve[colour.index()] -= 1;
            if let Some(f) = state.player_mut(seat).freemen.get_mut(freeman as usize) {
                f.die.colour = colour;
            }
        }
        (Task::ConstructionSite, Action::MarketTile { slot, .. }) => {
            if let Some(b) = take_market(state, slot as usize - 1) {
                state.player_mut(seat).kept.push(b);
            }
        }
        (Task::Portal, Action::FreemanPlus { freeman, plus }) => {
            if plus == 1 {
                state.plus_one(seat, freeman as usize);
            } else {
                state.plus_two(seat, freeman as usize);
            }
        }
        (Task::Fountain, Action::MeetingPlace(pl)) => {
            if let Some(p) = state.places.get_mut(pl as usize - 1) {
                p.dial = 1;
            }
            state.emit(Event::DialSet {
                place: pl,
                value: 1,
            });
        }
        (Task::Capricorn, Action::Freeman(i)) => state.plus_two(seat, i as usize),
        _ => {}
    }
}

/// Veterans' Quarters: VP equal to the Freeman's value, then the die loses 1 (not below 1).
fn veterans(state: &mut Play<'_>, seat: Seat, i: usize) {
    let Some(v) = state.player(seat).freemen.get(i).map(|f| f.die.value) else {
        return;
    };
    state.add_vp(seat, v as i32, "Veterans' Quarters");
    if let Some(f) = state.player_mut(seat).freemen.get_mut(i) {
        f.die.value = v.saturating_sub(1).max(1);
    }
}
