//! Helpers shared by the Origins: First Builders tests.
#![allow(dead_code)]

use agora_engine::origins::data::{tables, ZodiacKind};
use agora_engine::origins::state::{Phase, Task, TurnStep};
use agora_engine::origins::types::*;
use agora_engine::origins::{resolve, Origins, State};
use agora_engine::{Game, Seat};

/// A game after the draft.
pub fn game(players: u8) -> State {
    let mut s = Origins::setup(&Options { players }, 3).expect("setup");
    while s.phase == Phase::Draft {
        let a = legal(&s)[0];
        act(&mut s, a);
    }
    s
}

pub fn legal(s: &State) -> Vec<Action> {
    Origins::legal_actions(s, Seat(s.current))
}

pub fn act(s: &mut State, a: Action) -> Vec<Event> {
    let seat = Seat(s.current);
    let l = legal(s);
    Origins::apply(s, seat, &a).unwrap_or_else(|e| panic!("{a:?}: {e}; legal: {l:?}"))
}

pub fn b(id: &str) -> u8 {
    tables().building_index(id).expect("building id")
}

pub fn card(id: &str) -> u8 {
    tables()
        .districts
        .iter()
        .position(|d| d.id == id)
        .expect("card id") as u8
}

pub fn put(s: &mut State, seat: usize, id: &str, x: i16, y: i16) {
    s.players[seat].city.push(PlacedTile {
        tile: CityTile::Building(b(id)),
        cells: vec![Cell::new(x, y)],
    });
}

pub fn farm(s: &mut State, seat: usize, x: i16, y: i16) {
    s.players[seat].city.push(PlacedTile {
        tile: CityTile::Farm {
            pile: Colour::Yellow,
            building: b("Y1"),
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
    let idx = tables().zodiac_index(kind).expect("zodiac");
    let slot = s
        .zodiac
        .iter()
        .position(|z| z.0 == idx)
        .or_else(|| s.zodiac.iter().position(|z| z.1 != Some(seat)))
        .expect("slot");
    s.zodiac[slot] = (idx, Some(seat));
}

pub fn set_place(s: &mut State, place: usize, bonus: &str) {
    let idx = tables()
        .board
        .bonus_tile
        .iter()
        .position(|b| b.id == bonus)
        .expect("bonus") as u8;
    if let Some(other) = s.places.iter().position(|p| p.bonus == idx) {
        s.places[other].bonus = s.places[place - 1].bonus;
    }
    s.places[place - 1].bonus = idx;
}

/// Seat 0 starts resolving `task` now.
pub fn start_task(s: &mut State, task: Task) {
    s.current = 0;
    s.step = TurnStep::Acting;
    s.tasks.push(task);
}

/// Seat 0 activates the building at (x, y) now.
pub fn activate_now(s: &mut State, x: i16, y: i16) {
    s.current = 0;
    s.step = TurnStep::Acting;
    resolve::activate(s, 0, Cell::new(x, y));
    resolve::settle(s);
}

/// Drops pending decisions and gives the turn back to seat 0.
pub fn finish_turn(s: &mut State) {
    s.tasks.clear();
    s.step = TurnStep::Start;
    s.superiority_used = false;
    s.current = 0;
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
