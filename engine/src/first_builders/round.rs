//! End of round (rules page 2.10), end-game conditions (2.13) and the solo schedule (2.12).
//! The steps and the conditions are lists so an expansion can add or replace entries.

use super::data::tables;
use super::military::{bastion_holder, retreat};
use super::state::{Phase, Play, State, TurnStep};
use super::types::{EndReason, Event, Temple};

/// An end-game condition: its reason and its test.
pub type EndCondition = (EndReason, fn(&State) -> bool);

/// The base game's four end conditions (Builders' Challenges would replace this list).
pub const BASE_END_CONDITIONS: [EndCondition; 4] = [
    (EndReason::ZodiacTops, |s| {
        let top = tables().temple_top();
        s.players
            .iter()
            .any(|p| p.temples.iter().all(|&t| t >= top))
    }),
    (EndReason::NoDistrictGold, |s| {
        s.districts.iter().all(|(_, g)| *g == 0)
    }),
    (EndReason::TowerReserve, |s| {
        s.floor_reserve.iter().filter(|&&f| f > 0).count() <= 3
    }),
    // « plus de Citoyens d'une couleur »: a colour's reserve is empty (not only once a
    // refill failed; Recruitment packing, `packing`).
    (EndReason::CitizensExhausted, |s| {
        s.dice_reserve.contains(&0)
    }),
];

/// An end-of-round step.
pub type RoundStep = fn(&mut Play);

/// End-of-round steps 1-4, in order (an expansion can insert steps).
pub const ROUND_STEPS: [RoundStep; 4] = [return_orators, give_bastion, retreat, award_zodiac];

pub fn end_of_round(state: &mut Play<'_>) {
    state.emit(Event::RoundEnded { round: state.round });
    if let Some(reason) = super::modules::end_of_round(state) {
        end_game(state, vec![reason]);
        return;
    }
    for step in ROUND_STEPS {
        step(state);
    }
    let reasons: Vec<EndReason> = if super::modules::replaces_end_conditions(state) {
        Vec::new()
    } else if state.solo() {
        if state.round >= tables().board.constants.solo_rounds {
            vec![EndReason::SoloFiveRounds]
        } else {
            Vec::new()
        }
    } else {
        BASE_END_CONDITIONS
            .iter()
            .filter(|(_, f)| f(state))
            .map(|(reason, _)| *reason)
            .collect()
    };
    if !reasons.is_empty() {
        end_game(state, reasons);
        return;
    }
    // Players who only pass never end a base game; the count stops rather than wraps.
    state.round = state.round.saturating_add(1);
    for p in state.players.iter_mut() {
        p.passed = false;
    }
    state.current = state.bastion;
    state.step = TurnStep::Start;
    state.superiority_used = false;
    if state.solo() {
        let round = state.round;
        if let Some(row) = tables()
            .board
            .solo_neutral
            .iter()
            .find(|r| r.round == round)
        {
            state.neutral = Some(row.space);
        }
    }
}

fn end_game(state: &mut Play<'_>, reasons: Vec<EndReason>) {
    state.end_reasons = reasons.clone();
    state.phase = Phase::Over;
    state.tasks.clear();
    state.emit(Event::GameEnded { reasons });
}

fn return_orators(state: &mut Play<'_>) {
    for s in state.seats() {
        let orators = std::mem::take(&mut state.player_mut(s).orators);
        for o in orators {
            let value = match o.at {
                Some(_) if o.value >= 5 => state.roll_orator(),
                Some(_) => o.value + 1,
                None => o.value,
            };
            if let Some(slot) = state.orator_area.iter_mut().find(|x| x.is_none()) {
                *slot = Some(value);
            }
        }
    }
}

fn give_bastion(state: &mut Play<'_>) {
    let b = bastion_holder(state);
    state.bastion = b;
    state.emit(Event::BastionTo { seat: b });
}

fn award_zodiac(state: &mut Play<'_>) {
    if state.solo() {
        let held: Vec<usize> = (0..3).filter(|&i| state.zodiac[i].1.is_some()).collect();
        if held.len() > 1 {
            let keep = held[state.rng.index(held.len())];
            for i in held {
                if i != keep {
                    state.zodiac[i].1 = None;
                    state.emit(Event::ZodiacTaken {
                        seat: None,
                        card: state.zodiac[i].0,
                    });
                }
            }
        }
        return;
    }
    for t in Temple::ALL {
        let i = t.index();
        let best = state
            .seats()
            .filter(|&s| state.player(s).temples[i] > 0)
            .max_by_key(|&s| (state.player(s).temples[i], -state.player(s).temple_key[i]));
        if let Some(s) = best {
            if state.zodiac[i].1 != Some(s) {
                state.zodiac[i].1 = Some(s);
                state.emit(Event::ZodiacTaken {
                    seat: Some(s),
                    card: state.zodiac[i].0,
                });
            }
        }
    }
}
