//! Aquarius: « Seule l'Action Principale permettant de monter 2 marches ou la construction
//! d'un Temple peut activer l'effet de cette carte »: a Temple building fires it when it is
//! built, not when a District activates it nor when the Mages' Tower copies it.

use crate::origins_common::{act, game, legal};

use agora_engine::first_builders::data::ZodiacKind;
use agora_engine::first_builders::state::Task;
use agora_engine::first_builders::testing::{self, Position};
use agora_engine::first_builders::types::{Action, Cell, Temple};
use agora_engine::first_builders::State;
use agora_engine::Seat;

/// Goes on setting up `s` with the builder (no invariant checked, as the hand-laid
/// positions of these tests were never).
fn edit(s: &mut State, f: impl FnOnce(Position) -> Position) {
    *s = f(Position::from(s.clone())).state;
}

/// Seat 0 starts resolving `task` now.
fn start_task(s: &mut State, task: Task) {
    edit(s, |p| p.task(0, task));
}

/// Builds `id` (out of its pile) in `seat`'s city at (x, y).
fn put(s: &mut State, seat: u8, id: &str, x: i16, y: i16) {
    edit(s, |p| p.building(seat, id, x, y));
}

/// Seat 0 holds Aquarius.
fn give_aquarius(s: &mut State) {
    edit(s, |p| p.zodiac(0, ZodiacKind::Aquarius));
}

/// Takes every paid extra temple step offered; returns how many there were.
fn extra_steps(s: &mut State) -> usize {
    let mut n = 0;
    while let Some(a) = legal(s).into_iter().find(|a| matches!(a, Action::Track(_))) {
        act(s, a);
        n += 1;
    }
    n
}

fn temple_player(aquarius: bool) -> State {
    let mut s = game(2);
    if aquarius {
        give_aquarius(&mut s);
    }
    testing::player_mut(&mut s, Seat(0)).res = [5, 0, 0, 5];
    testing::player_mut(&mut s, Seat(0)).temples = [0, 0, 0];
    s
}

/// Seat 0 takes `code` from Market slot 1, builds it on (1, 0) and activates it.
fn build_and_activate(s: &mut State, code: &str) {
    edit(s, |p| p.market_slot(1, Some(code)));
    start_task(s, Task::Build);
    act(
        s,
        Action::MarketTile {
            slot: 1,
            farm: false,
        },
    );
    act(s, Action::Place(Cell::new(1, 0)));
    act(s, Action::Activate(Cell::new(1, 0)));
}

#[test]
fn aquarius_fires_when_a_temple_is_built() {
    let mut s = temple_player(true);
    build_and_activate(&mut s, "B1");
    assert_eq!(s.player(Seat(0)).temples[Temple::Forest.index()], 2);
    assert_eq!(
        extra_steps(&mut s),
        2,
        "the Temple's own paid step, then Aquarius's"
    );
    assert_eq!(s.player(Seat(0)).res[3], 3, "1 Gold each");
}

#[test]
fn a_built_temple_without_aquarius_offers_one_paid_step() {
    let mut s = temple_player(false);
    build_and_activate(&mut s, "B2");
    assert_eq!(extra_steps(&mut s), 1);
}

#[test]
fn aquarius_does_not_fire_when_a_district_activates_a_temple() {
    let mut s = temple_player(true);
    put(&mut s, 0, "B3", 1, 0);
    testing::activate(&mut s, Seat(0), Cell::new(1, 0));
    assert_eq!(s.player(Seat(0)).temples[Temple::Sea.index()], 2);
    assert_eq!(extra_steps(&mut s), 1, "only the Temple's own step");
}

#[test]
fn aquarius_does_not_fire_when_the_mages_tower_copies_a_temple() {
    let mut s = temple_player(true);
    put(&mut s, 0, "O6", 1, 0);
    put(&mut s, 0, "B1", 2, 0);
    testing::activate(&mut s, Seat(0), Cell::new(1, 0));
    act(&mut s, Action::Activate(Cell::new(2, 0)));
    assert_eq!(s.player(Seat(0)).temples[Temple::Forest.index()], 2);
    assert_eq!(extra_steps(&mut s), 1, "only the Temple's own step");
}
