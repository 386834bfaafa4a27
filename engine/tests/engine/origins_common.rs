//! Helpers shared by the Origins: First Builders tests. Positions are set up with
//! `first_builders::testing::Position` (components keep their totals); the state is read
//! through its accessors.
#![allow(dead_code)]

use agora_engine::first_builders::state::Task;
use agora_engine::first_builders::testing::{self, Position};
use agora_engine::first_builders::types::*;
use agora_engine::first_builders::{FirstBuilders, State};
use agora_engine::{Game, Seat};

pub use agora_engine::first_builders::testing::{die, freeman};

/// A game after the draft.
pub fn game(players: u8) -> State {
    Position::drafted(players).build()
}

/// Goes on setting up `s` with the builder.
pub fn edit(s: &mut State, f: impl FnOnce(Position) -> Position) {
    *s = f(Position::from(s.clone())).build();
}

pub fn legal(s: &State) -> Vec<Action> {
    FirstBuilders::legal_actions(s, s.current())
}

/// Plays a listed action of the seat to act ([`agora_engine::core::testing::act_listed`]:
/// the positions here are laid out by hand).
pub fn act(s: &mut State, a: Action) -> Vec<Event> {
    let seat = s.current();
    agora_engine::core::testing::act_listed::<FirstBuilders>(s, seat, &a)
}

/// The building whose code is `id` ("R6").
pub fn building(id: &str) -> BuildingId {
    testing::building(id)
}

/// The District card whose code is `id` ("D01").
pub fn card(id: &str) -> DistrictId {
    testing::district(id)
}

/// Builds `id` (out of its pile) in `seat`'s city at (x, y).
pub fn put(s: &mut State, seat: u8, id: &str, x: i16, y: i16) {
    edit(s, |p| p.building(seat, id, x, y));
}

/// A Farm (a Granary, out of the yellow pile) in `seat`'s city at (x, y).
pub fn farm(s: &mut State, seat: u8, x: i16, y: i16) {
    edit(s, |p| p.farm(seat, "Y1", x, y));
}

/// Seat 0 starts resolving `task` now.
pub fn start_task(s: &mut State, task: Task) {
    edit(s, |p| p.task(0, task));
}

/// Seat 0 activates the building at (x, y) now.
pub fn activate_now(s: &mut State, x: i16, y: i16) -> Vec<Event> {
    testing::activate(s, Seat(0), Cell::new(x, y))
}

/// Drops pending decisions and gives the turn back to seat 0.
pub fn finish_turn(s: &mut State) {
    edit(s, |p| p.new_turn(0));
}

/// A named part of an outcome breakdown.
pub fn part(breakdown: &[(String, i32)], name: &str) -> Option<i32> {
    breakdown.iter().find(|(n, _)| n == name).map(|(_, v)| *v)
}

/// Sets the Bonus tiles of Meeting Places 1..5, in order.
pub fn set_places(s: &mut State, ids: [&str; 5]) {
    edit(s, |p| p.place_bonuses(ids));
}

/// Asserts that `events` say seat 0's `colour` die went from `from` to `to`.
pub fn assert_die_changed(events: &[Event], colour: Colour, from: u8, to: u8) {
    let e = Event::DieChanged {
        seat: Seat(0),
        colour,
        from,
        to,
    };
    assert!(events.contains(&e), "{e:?} not in {events:?}");
}
