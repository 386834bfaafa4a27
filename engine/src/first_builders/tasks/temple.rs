//! The temple tracks (rules 2.6): climb a track (`Temple`, taking its Zodiac card after a
//! main action), and the paid extra step Aquarius offers (`TempleExtra`).

use super::super::data::tables;
use super::super::refusal::Refusal;
use super::super::state::{Play, State, Task};
use super::super::types::{Action, Event, Pending, Resource, Temple};
use crate::{RuleError, Seat};

pub fn owns(task: &Task) -> bool {
    matches!(task, Task::Temple { .. } | Task::TempleExtra { .. })
}

pub fn pending(task: &Task) -> Pending {
    match *task {
        Task::Temple { steps, .. } => Pending::ChooseTemple { steps },
        Task::TempleExtra { exclude } => Pending::ExtraTempleStep { exclude },
        _ => Pending::Pass,
    }
}

/// Is some track of `seat` below the top?
pub fn temple_open(state: &State, seat: Seat) -> bool {
    Temple::ALL
        .iter()
        .any(|&t| state.temple_step(seat, t) < tables().temple_top())
}

pub fn choices(state: &State, seat: Seat, task: &Task) -> Vec<Action> {
    let top = tables().temple_top();
    let open = |t: Temple| state.temple_step(seat, t) < top;
    match *task {
        Task::Temple { .. } => Temple::ALL
            .into_iter()
            .filter(|&t| open(t))
            .map(Action::Track)
            .collect(),
        Task::TempleExtra { exclude } => {
            let mut v = Vec::new();
            if state.player(seat).res[3] >= 1 {
                v.extend(
                    Temple::ALL
                        .into_iter()
                        .filter(|&t| t != exclude && open(t))
                        .map(Action::Track),
                );
            }
            v.push(Action::Done);
            v
        }
        _ => Vec::new(),
    }
}

pub fn refusal(action: &Action) -> Option<RuleError> {
    matches!(action, Action::Track(_))
        .then(|| Refusal::BadTemple.because("That temple track cannot be climbed now."))
}

pub fn resolve(state: &mut Play<'_>, seat: Seat, task: Task, action: Action) {
    let Action::Track(t) = action else { return };
    match task {
        Task::Temple {
            steps,
            card,
            aquarius,
        } => {
            move_temple(state, seat, t, steps);
            if card {
                let holder = Some(seat);
                state.zodiac[t.index()].1 = holder;
                let card = state.zodiac[t.index()].0;
                state.emit(Event::ZodiacTaken { seat: holder, card });
            }
            if aquarius {
                state.tasks.push(Task::TempleExtra { exclude: t });
            }
        }
        Task::TempleExtra { .. } => {
            state.pay(seat, Resource::Gold, 1);
            move_temple(state, seat, t, 1);
        }
        _ => {}
    }
}

pub fn move_temple(state: &mut Play<'_>, seat: Seat, t: Temple, steps: u8) {
    let top = tables().temple_top();
    let from = state.temple_step(seat, t);
    let to = (from + steps).min(top);
    if to == from {
        return;
    }
    let key = state.next_top();
    let p = state.player_mut(seat);
    p.temples[t.index()] = to;
    p.temple_key[t.index()] = key;
    state.emit(Event::TempleMoved {
        seat,
        temple: t,
        from,
        to,
    });
}
