//! Unit tests of issue 11 (towers, Recruitment and Market packing, Aquarius, Builders'
//! Challenges), one file per topic; helpers shared by them here.

mod aquarius;
mod challenges;
mod packing;
mod towers;

use super::state::{Phase, Play, Task, TurnStep};
use super::types::{Action, BuildingId, Cell, CityTile, Colour, Event, Options};
use super::{FirstBuilders, State};
use crate::{Game, Seat};

/// A game after the draft, seat 0 to act.
pub fn game_with(options: Options) -> State {
    let mut s = FirstBuilders::setup(&options, 3).expect("setup");
    while s.phase == Phase::Draft {
        let a = legal(&s)[0];
        act(&mut s, a);
    }
    s
}

pub fn game(players: u8) -> State {
    game_with(Options {
        players,
        ..Options::default()
    })
}

pub fn legal(s: &State) -> Vec<Action> {
    FirstBuilders::legal_actions(s, s.current)
}

/// Plays a listed action of the seat to act ([`crate::core::testing::act_listed`]: the
/// positions here are laid out by hand).
pub fn act(s: &mut State, a: Action) -> Vec<Event> {
    let seat = s.current;
    crate::core::testing::act_listed::<FirstBuilders>(s, seat, &a)
}

pub fn building(id: &str) -> BuildingId {
    BuildingId::from_code(id).expect("building id")
}

pub fn put(s: &mut State, seat: usize, id: &str, x: i16, y: i16) {
    s.players[seat].city.push(super::types::PlacedTile {
        tile: CityTile::Building(building(id)),
        cells: vec![Cell::new(x, y)],
    });
}

pub fn farm(s: &mut State, seat: usize, x: i16, y: i16) {
    s.players[seat].city.push(super::types::PlacedTile {
        tile: CityTile::Farm {
            pile: Colour::Yellow,
            building: building("Y1"),
        },
        cells: vec![Cell::new(x, y)],
    });
}

pub use super::testing::{die, freeman};

/// Seat 0 starts resolving `task` now.
pub fn start_task(s: &mut State, task: Task) {
    s.current = Seat(0);
    s.step = TurnStep::Acting;
    s.tasks.push(task);
}

/// Runs `f` on seat 0's turn as rule code does, then settles; returns the events.
pub fn with_play(s: &mut State, f: impl FnOnce(&mut Play<'_>)) -> Vec<Event> {
    s.current = Seat(0);
    s.step = TurnStep::Acting;
    let mut events = Vec::new();
    let mut play = Play::new(s, &mut events);
    f(&mut play);
    super::tasks::settle(&mut play);
    events
}

/// Drops pending decisions and gives the turn back to seat 0.
pub fn finish(s: &mut State) {
    s.tasks.clear();
    s.step = TurnStep::Start;
    s.superiority_used = false;
    s.current = Seat(0);
}
