//! Aquarius: « Seule l'Action Principale permettant de monter 2 marches ou la construction
//! d'un Temple peut activer l'effet de cette carte »: a Temple building fires it when it is
//! built, not when a District activates it nor when the Mages' Tower copies it.

use super::super::data::{tables, ZodiacKind};
use super::super::state::{State, Task};
use super::super::tasks::activate as resolve;
use super::super::types::{Action, Cell, Temple};
use super::*;

fn give_aquarius(s: &mut State) {
    let card = tables()
        .zodiac_card(ZodiacKind::Aquarius)
        .expect("Aquarius");
    s.zodiac[0] = (card, Some(Seat(0)));
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
    s.players[0].res = [5, 0, 0, 5];
    s.players[0].temples = [0, 0, 0];
    s
}

/// Seat 0 takes `code` from Market slot 1, builds it on (1, 0) and activates it.
fn build_and_activate(s: &mut State, code: &str) {
    s.market[0] = Some(building(code));
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
    assert_eq!(s.players[0].temples[Temple::Forest.index()], 2);
    assert_eq!(
        extra_steps(&mut s),
        2,
        "the Temple's own paid step, then Aquarius's"
    );
    assert_eq!(s.players[0].res[3], 3, "1 Gold each");
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
    with_play(&mut s, |play| {
        resolve::activate(play, Seat(0), Cell::new(1, 0))
    });
    assert_eq!(s.players[0].temples[Temple::Sea.index()], 2);
    assert_eq!(extra_steps(&mut s), 1, "only the Temple's own step");
}

#[test]
fn aquarius_does_not_fire_when_the_mages_tower_copies_a_temple() {
    let mut s = temple_player(true);
    put(&mut s, 0, "O6", 1, 0);
    put(&mut s, 0, "B1", 2, 0);
    with_play(&mut s, |play| {
        resolve::activate(play, Seat(0), Cell::new(1, 0))
    });
    act(&mut s, Action::Activate(Cell::new(2, 0)));
    assert_eq!(s.players[0].temples[Temple::Forest.index()], 2);
    assert_eq!(extra_steps(&mut s), 1, "only the Temple's own step");
}
