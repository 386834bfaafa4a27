//! Helpers shared by the Origins: First Builders tests.
#![allow(dead_code)]

use agora_engine::first_builders::data::{tables, ZodiacKind};
use agora_engine::first_builders::state::{Phase, Play, Task, TurnStep};
use agora_engine::first_builders::types::*;
use agora_engine::first_builders::{resolve, FirstBuilders, State};
use agora_engine::{Game, Seat};

/// A game after the draft.
pub fn game(players: u8) -> State {
    let mut s = FirstBuilders::setup(
        &Options {
            players,
            ..Default::default()
        },
        3,
    )
    .expect("setup");
    while s.phase == Phase::Draft {
        let a = legal(&s)[0];
        act(&mut s, a);
    }
    s
}

pub fn legal(s: &State) -> Vec<Action> {
    FirstBuilders::legal_actions(s, s.current)
}

pub fn act(s: &mut State, a: Action) -> Vec<Event> {
    let seat = s.current;
    let l = legal(s);
    FirstBuilders::apply(s, seat, &a).unwrap_or_else(|e| panic!("{a:?}: {e}; legal: {l:?}"))
}

/// The building whose code is `id` ("R6").
pub fn building(id: &str) -> BuildingId {
    BuildingId::from_code(id).expect("building id")
}

/// The District card whose code is `id` ("D01").
pub fn card(id: &str) -> DistrictId {
    DistrictId::from_code(id).expect("card id")
}

pub fn put(s: &mut State, seat: usize, id: &str, x: i16, y: i16) {
    s.players[seat].city.push(PlacedTile {
        tile: CityTile::Building(building(id)),
        cells: vec![Cell::new(x, y)],
    });
}

pub fn farm(s: &mut State, seat: usize, x: i16, y: i16) {
    s.players[seat].city.push(PlacedTile {
        tile: CityTile::Farm {
            pile: Colour::Yellow,
            building: building("Y1"),
        },
        cells: vec![Cell::new(x, y)],
    });
}

pub fn freeman(colour: Colour, value: u8) -> Freeman {
    Freeman {
        die: Die { colour, value },
        at: None,
    }
}

pub fn give_zodiac(s: &mut State, seat: u8, kind: ZodiacKind) {
    let seat = Seat(seat);
    let idx = tables().zodiac_card(kind).expect("zodiac");
    let slot = s
        .zodiac
        .iter()
        .position(|z| z.0 == idx)
        .or_else(|| s.zodiac.iter().position(|z| z.1 != Some(seat)))
        .expect("slot");
    s.zodiac[slot] = (idx, Some(seat));
}

pub fn set_place(s: &mut State, place: usize, bonus: &str) {
    let idx = BonusTileId::from_code(bonus).expect("bonus");
    if let Some(other) = s.places.iter().position(|p| p.bonus == idx) {
        s.places[other].bonus = s.places[place - 1].bonus;
    }
    s.places[place - 1].bonus = idx;
}

/// Seat 0 starts resolving `task` now.
pub fn start_task(s: &mut State, task: Task) {
    s.current = Seat(0);
    s.step = TurnStep::Acting;
    s.tasks.push(task);
}

/// Seat 0 activates the building at (x, y) now.
pub fn activate_now(s: &mut State, x: i16, y: i16) -> Vec<Event> {
    s.current = Seat(0);
    s.step = TurnStep::Acting;
    let mut events = Vec::new();
    let mut play = Play::new(s, &mut events);
    resolve::activate(&mut play, Seat(0), Cell::new(x, y));
    resolve::settle(&mut play);
    events
}

/// Drops pending decisions and gives the turn back to seat 0.
pub fn finish_turn(s: &mut State) {
    s.tasks.clear();
    s.step = TurnStep::Start;
    s.superiority_used = false;
    s.current = Seat(0);
}

pub fn die(colour: Colour, value: u8) -> Die {
    Die { colour, value }
}

/// Sets the Bonus tiles of Meeting Places 1..5, in order.
pub fn set_places(s: &mut State, ids: [&str; 5]) {
    for (i, id) in ids.iter().enumerate() {
        set_place(s, i + 1, id);
    }
}

/// A named part of an outcome breakdown.
pub fn part(breakdown: &[(String, i32)], name: &str) -> Option<i32> {
    breakdown.iter().find(|(n, _)| n == name).map(|(_, v)| *v)
}

/// Runs rule code that changes `s` (and reports events) outside a decision.
pub fn play<R>(s: &mut State, f: impl FnOnce(&mut Play<'_>) -> R) -> R {
    let mut events = Vec::new();
    f(&mut Play::new(s, &mut events))
}
