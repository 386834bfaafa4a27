//! Final scoring (rules 2.9) and the outcome: score, tie-break (cards in hand) and the
//! named parts of every score.

use super::assumptions::*;
use super::data::{tables, CardKind, PermanentEffect};
use super::map::members;
use super::pawns::color_index;
use super::state::State;
use super::tiles;
use crate::{Outcome, Seat, Standing};

/// Junior value of `n` cards of one colour: sets of up to 5 (1, 3, 7, 13, 21).
pub fn junior_cards(n: usize) -> i32 {
    JUNIOR_FULL_SET * (n / 5) as i32 + JUNIOR_SET_VALUES[n % 5]
}

/// What Junior scoring counts for one player.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct JuniorTally {
    /// Cards by colour: yellow, orange, purple.
    pub cards: [usize; 3],
    pub hunting: Vec<u8>,
    pub straits: Vec<u8>,
    pub tile_levels: Vec<u8>,
    /// Controlled pawns by colour: white, brown, black.
    pub pawn_colors: [usize; 3],
}

/// What Standard scoring counts for one player.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StandardTally {
    pub objective_vp: Vec<u8>,
    pub hand: usize,
    pub hunting: Vec<u8>,
    pub straits: Vec<u8>,
    pub tile_levels: Vec<u8>,
    pub permanents: Vec<PermanentEffect>,
}

fn sum(v: &[u8]) -> i32 {
    v.iter().map(|&x| x as i32).sum()
}

pub fn junior_breakdown(t: &JuniorTally) -> Vec<(String, i32)> {
    let bonus = t.pawn_colors.iter().all(|&n| n >= JUNIOR_COLOR_BONUS_MIN);
    let tiles: i32 = t
        .tile_levels
        .iter()
        .map(|&l| tables().tile_vp(l, true) as i32)
        .sum();
    vec![
        ("yellow_cards".into(), junior_cards(t.cards[0])),
        ("orange_cards".into(), junior_cards(t.cards[1])),
        ("purple_cards".into(), junior_cards(t.cards[2])),
        ("hunting_tokens".into(), sum(&t.hunting)),
        ("strait_tokens".into(), sum(&t.straits)),
        ("innovation_tiles".into(), tiles),
        (
            "colour_bonus".into(),
            if bonus { JUNIOR_COLOR_BONUS } else { 0 },
        ),
    ]
}

pub fn standard_breakdown(t: &StandardTally) -> Vec<(String, i32)> {
    let has = |e| t.permanents.contains(&e);
    let tiles: i32 = t
        .tile_levels
        .iter()
        .map(|&l| {
            if l == 4 && has(PermanentEffect::LevelFourTilesFour) {
                4
            } else {
                tables().tile_vp(l, false) as i32
            }
        })
        .sum();
    let mut perm = 0;
    if has(PermanentEffect::HuntingBonusTwo) {
        perm += 2 * t.hunting.len() as i32;
    }
    if has(PermanentEffect::StraitBonusOne) {
        perm += t.straits.len() as i32;
    }
    if has(PermanentEffect::ObjectiveBonusOne) {
        perm += t.objective_vp.len() as i32;
    }
    vec![
        ("objectives".into(), sum(&t.objective_vp)),
        ("cards_in_hand".into(), t.hand as i32),
        ("hunting_tokens".into(), sum(&t.hunting)),
        ("strait_tokens".into(), sum(&t.straits)),
        ("innovation_tiles".into(), tiles),
        ("permanent_cards".into(), perm),
    ]
}

pub fn junior_tally(state: &State, seat: Seat) -> JuniorTally {
    let p = state.player(seat);
    let t = tables();
    let mut cards = [0usize; 3];
    for &c in &p.hand {
        cards[super::state::pile_index(t.card_color(c))] += 1;
    }
    let mut pawn_colors = [0usize; 3];
    for tid in members(state.own(seat)) {
        if let Some(pl) = state.at(tid) {
            pawn_colors[color_index(pl.pawn.color)] += 1;
        }
    }
    JuniorTally {
        cards,
        hunting: p.hunting_tokens.clone(),
        straits: p.strait_tokens.iter().map(|&(_, v)| v).collect(),
        tile_levels: p.tiles.all().map(tiles::level).collect(),
        pawn_colors,
    }
}

pub fn standard_tally(state: &State, seat: Seat) -> StandardTally {
    let p = state.player(seat);
    let t = tables();
    let permanents = p
        .permanents
        .iter()
        .filter_map(|&c| match t.card(c).map(|r| r.kind) {
            Some(CardKind::Permanent { effect, .. }) => Some(effect),
            _ => None,
        })
        .collect();
    StandardTally {
        objective_vp: p
            .played_objectives
            .iter()
            .filter_map(|&c| match t.card(c).map(|r| r.kind) {
                Some(CardKind::Objective { vp, .. }) => Some(vp),
                _ => None,
            })
            .collect(),
        hand: p.hand.len(),
        hunting: p.hunting_tokens.clone(),
        straits: p.strait_tokens.iter().map(|&(_, v)| v).collect(),
        tile_levels: p.tiles.all().map(tiles::level).collect(),
        permanents,
    }
}

/// Score parts of `seat` if the game ended now.
pub fn breakdown(state: &State, seat: Seat) -> Vec<(String, i32)> {
    if state.junior() {
        junior_breakdown(&junior_tally(state, seat))
    } else {
        standard_breakdown(&standard_tally(state, seat))
    }
}

pub fn score(state: &State, seat: Seat) -> i32 {
    breakdown(state, seat).iter().map(|(_, v)| v).sum()
}

/// Scores, tie-break by cards in hand (Junior: cards held), shared rank if still tied.
pub fn outcome(state: &State) -> Outcome {
    let standings = state
        .seats()
        .map(|seat| {
            let parts = breakdown(state, seat);
            Standing {
                seat,
                score: parts.iter().map(|(_, v)| v).sum(),
                rank: 0,
                tie_breaks: vec![state.player(seat).hand.len() as i32],
                breakdown: parts,
                solo: None,
            }
        })
        .collect();
    Outcome::ranked(standings)
}
