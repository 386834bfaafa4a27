//! Builders' Challenges (Ancient Wonders expansion, module 2; rules page AW 2.3, 3.2):
//! a row of 4 / 5 / 6 challenge tiles dealt before the starting-dice draft; at the end of
//! each round (step 0, before the Orators return) the leftmost tile scores for every player
//! and leaves the row; the game ends when the last one is scored, which replaces every base
//! end condition (AW-25). Solo always plays 5 tiles and wins with more than 230 VP.

use super::super::super::data::tables;
use super::super::super::module_types::ChallengeId;
use super::super::super::state::{Play, State};
use super::super::super::types::{BuildingId, CityTile, Event, Options};
use super::data::{data, ChallengeTile, Scoring};
use crate::{Seat, SetupError};

/// The printed Stone cost of every Wonder (AW 3.1.8), which A16 and A17 count for a built
/// Wonder.
pub const WONDER_STONE: u8 = 3;

// ------------------------------------------------------------------------ setup

/// Refuses what the rules forbid: solo always plays 5 tiles (AW 3.2.4).
pub fn check_options(options: &Options) -> Result<(), SetupError> {
    let c = options.challenges;
    if options.players == 1 && c.on() && c.tiles() != data().length.solo {
        return Err(SetupError(format!(
            "Solo plays the Builders' Challenges with {} tiles: set challenges to normal, \
             not short or long.",
            data().length.solo
        )));
    }
    Ok(())
}

/// Module setup (after the base setup up to the Military stack, before the draft roll):
/// shuffle the deck (the 6 known tiles, or all 24 with `provisional_challenges`) and lay
/// out the row left to right.
pub fn deal(state: &mut State) {
    let c = state.options.challenges;
    if !c.on() {
        return;
    }
    let provisional = state.options.provisional_challenges;
    let mut deck: Vec<ChallengeId> = ChallengeId::all()
        .filter(|t| provisional || !t.provisional())
        .collect();
    state.rng.shuffle(&mut deck);
    deck.truncate(c.tiles());
    state.challenge_row = deck;
}

// ------------------------------------------------------------------------ end of round

/// End-of-round step 0: the leftmost tile scores for every player (in-game VP, AW-29) and
/// goes back to the box. True when it was the last tile: the game ends now (A-33, AW-23).
pub fn end_of_round(state: &mut Play<'_>) -> bool {
    if !state.options.challenges.on() || state.challenge_row.is_empty() {
        return false;
    }
    let tile = state.challenge_row.remove(0);
    let seats: Vec<Seat> = state.seats().collect();
    for seat in seats {
        let vp = score(state, seat, tile);
        state.player_mut(seat).vp += vp;
        state.emit(Event::ChallengeScored { seat, tile, vp });
    }
    state.challenges_scored += 1;
    state.emit(Event::ChallengeRemoved { tile });
    state.challenge_row.is_empty()
}

/// Solo with the module: the target and whether `score` wins it (strictly more, AW 3.2.4).
pub fn solo_result(state: &State, score: i32) -> Option<(i32, bool)> {
    let more_than = data().solo.more_than;
    state
        .options
        .challenges
        .on()
        .then_some((more_than, score > more_than))
}

// ------------------------------------------------------------------------ scoring

/// The VP `tile` gives `seat` now.
pub fn score(state: &State, seat: Seat, tile: ChallengeId) -> i32 {
    tile.row().map_or(0, |t| t.vp * count(state, seat, t))
}

/// Built Wonders in the city: the two-cell tiles (the expansion seam of `PlacedTile`).
fn built_wonders(state: &State, seat: Seat) -> i32 {
    state
        .player(seat)
        .city
        .iter()
        .filter(|t| matches!(t.tile, CityTile::Wonder(_)))
        .count() as i32
}

fn stone_of(b: BuildingId) -> u8 {
    b.row().map_or(0, |r| r.stone)
}

fn distinct<T: Ord>(mut v: Vec<T>) -> i32 {
    v.sort();
    v.dedup();
    v.len() as i32
}

/// AW-27: tiles sharing an edge with the tile of `kind`. « comptabilisez tous les Bâtiments
/// adjacents », and the annex names Palais, Agora and Ferme colourless Bâtiments: Farms, a
/// Wonder (once) and the other starting tile all count.
fn neighbours_of(state: &State, seat: Seat, kind: CityTile) -> i32 {
    let city = &state.player(seat).city;
    let Some(centre) = city.iter().find(|t| t.tile == kind) else {
        return 0;
    };
    city.iter()
        .filter(|t| t.tile != kind)
        .filter(|t| {
            t.cells
                .iter()
                .any(|c| centre.cells.iter().any(|x| x.neighbours().contains(c)))
        })
        .count() as i32
}

/// How many units of `t` the seat has.
fn count(state: &State, seat: Seat, t: &ChallengeTile) -> i32 {
    let p = state.player(seat);
    let wonders = built_wonders(state, seat);
    match t.scoring {
        Scoring::BuildingColours => {
            distinct(state.buildings(seat).filter_map(|b| b.colour()).collect())
        }
        Scoring::Freemen => p.freemen.len() as i32,
        Scoring::AgoraOrPalaceNeighbours => neighbours_of(state, seat, CityTile::Agora)
            .max(neighbours_of(state, seat, CityTile::Palace)),
        Scoring::Farms => state.farms(seat) as i32,
        Scoring::PrintedStone => {
            state
                .buildings(seat)
                .map(|b| i32::from(stone_of(b)))
                .sum::<i32>()
                + wonders * i32::from(WONDER_STONE)
        }
        Scoring::StoneAtLeast => {
            let min = t.stone.unwrap_or(0);
            state
                .buildings(seat)
                .filter(|&b| stone_of(b) >= min)
                .count() as i32
                + if WONDER_STONE >= min { wonders } else { 0 }
        }
        Scoring::StoneExactly => {
            let n = t.stone.unwrap_or(0);
            state.buildings(seat).filter(|&b| stone_of(b) == n).count() as i32
        }
        Scoring::ColourBuildings => t.colour.map_or(0, |c| state.count_colour(seat, c) as i32),
        Scoring::Counsellors => p.counsellors.len() as i32,
        Scoring::Districts => p.seats.len() as i32,
        Scoring::FloorsAboveStart => p.towers.iter().map(|&h| i32::from(h) - 1).sum(),
        Scoring::BasicResources => p.res[..3].iter().map(|&n| n as i32).sum(),
        Scoring::ZodiacCards => state
            .zodiac
            .iter()
            .filter(|(_, holder)| *holder == Some(seat))
            .count() as i32,
        Scoring::MilitaryBoundaries => i32::from(tables().section(p.military)),
        Scoring::LowestTemple => p.temples.iter().copied().min().map_or(0, i32::from),
        Scoring::ExtraBases => i32::from(p.bases) - i32::from(tables().board.constants.bases_start),
        Scoring::SeatPips => p.seats.iter().map(|(_, d)| i32::from(d.value)).sum(),
        Scoring::HighFreemen => {
            let min = t.value.unwrap_or(0);
            p.freemen.iter().filter(|f| f.die.value >= min).count() as i32
        }
        Scoring::Gold => p.res[3] as i32,
        Scoring::CounsellorAndSeatColours => distinct(
            p.counsellors
                .iter()
                .copied()
                .chain(p.seats.iter().map(|(_, d)| d.colour))
                .collect(),
        ),
    }
}
