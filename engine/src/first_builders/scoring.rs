//! Final scoring (rules page 2.13), tie-break and the solo target (2.12).

use super::data::tables;
use super::state::{counsellor_vp, temple_vp, State};
use crate::{Outcome, Seat, SoloResult, Standing};

/// Named parts of a seat's final score.
pub fn breakdown(state: &State, seat: Seat) -> Vec<(String, i32)> {
    let p = state.player(seat);
    let mut temples: Vec<i32> = p.temples.iter().map(|&s| temple_vp(s)).collect();
    temples.sort();
    let seats: i32 = p
        .seats
        .iter()
        .map(|(_, d)| d.value as i32 * p.towers[d.colour.index()] as i32)
        .sum();
    vec![
        ("in_game".into(), p.vp),
        ("gold".into(), p.res[3] as i32),
        ("counsellors".into(), counsellor_vp(p.counsellors.len())),
        ("temples".into(), temples[0] + temples[1]),
        ("seats".into(), seats),
    ]
}

pub fn final_score(state: &State, seat: Seat) -> i32 {
    breakdown(state, seat).iter().map(|(_, v)| v).sum()
}

/// Solo target: 180 + 20 per true condition (bonus tile colours on Meeting Places 1-4).
pub fn solo_target(state: &State) -> i32 {
    let t = tables();
    let c = &t.board.constants;
    let hits = t
        .board
        .solo_condition
        .iter()
        .filter(|cond| {
            state
                .places
                .get(cond.place as usize - 1)
                .and_then(|p| p.bonus.row())
                .is_some_and(|b| b.colour == cond.colour)
        })
        .count() as i32;
    c.solo_target_base + c.solo_target_step * hits
}

pub fn outcome(state: &State) -> Outcome {
    let standings = state
        .seats()
        .map(|s| {
            let b = breakdown(state, s);
            let score: i32 = b.iter().map(|(_, v)| v).sum();
            let solo = state.solo().then(|| {
                let (target, won) = super::modules::solo_result(state, score)
                    .unwrap_or_else(|| (solo_target(state), score >= solo_target(state)));
                SoloResult { target, won }
            });
            Standing {
                seat: s,
                score,
                rank: 0,
                tie_breaks: vec![state.player(s).city.len() as i32],
                breakdown: b,
                solo,
            }
        })
        .collect();
    Outcome::ranked(standings)
}
