//! Recruitment and Market packing: the rows stay packed toward slot 1 and a slot left
//! empty because a colour ran out is never refilled; the end condition « plus de Citoyens
//! d'une couleur » reads the reserve.

use crate::origins_common::{act, die, game};

use agora_engine::first_builders::round::BASE_END_CONDITIONS;
use agora_engine::first_builders::state::Task;
use agora_engine::first_builders::testing::{self, Position};
use agora_engine::first_builders::types::{Action, Cell, Colour, EndReason};
use agora_engine::first_builders::State;
use agora_engine::Seat;

/// Goes on setting up `s` with the builder (no invariant checked: a pile is emptied by
/// hand below).
fn edit(s: &mut State, f: impl FnOnce(Position) -> Position) {
    *s = f(Position::from(s.clone())).state;
}

/// Seat 0 starts resolving `task` now.
fn start_task(s: &mut State, task: Task) {
    edit(s, |p| p.task(0, task));
}

/// `colour`'s reserve of citizen dice at `n` (the difference to or from the box).
fn set_reserve(s: &mut State, colour: Colour, n: u8) {
    edit(s, |p| p.dice_reserve(colour, n));
}

fn citizens_exhausted(s: &State) -> bool {
    let (_, test) = BASE_END_CONDITIONS
        .iter()
        .find(|(r, _)| *r == EndReason::CitizensExhausted)
        .expect("condition");
    test(s)
}

/// Seat 0 with free bases and Wisdom, the Recruitment row set to `row` (slots 1..5).
fn recruiting(row: [(Colour, u8); 5]) -> State {
    let mut s = game(2);
    testing::player_mut(&mut s, Seat(0)).bases = 6;
    testing::player_mut(&mut s, Seat(0)).res = [0, 0, 20, 0];
    edit(&mut s, |p| p.recruitment(row.map(|(c, v)| Some(die(c, v)))));
    s
}

fn recruit(s: &mut State, slot: u8) {
    start_task(
        s,
        Task::Recruit {
            free: true,
            optional: false,
        },
    );
    act(s, Action::RecruitSlot(slot));
}

fn colours(s: &State) -> Vec<Option<Colour>> {
    s.recruitment()
        .iter()
        .map(|d| d.map(|d| d.colour))
        .collect()
}

#[test]
fn worked_example_c05_running_out_of_purple() {
    use Colour::*;
    let mut s = recruiting([(Blue, 1), (Purple, 2), (Red, 3), (Yellow, 4), (Orange, 5)]);
    set_reserve(&mut s, Purple, 0);
    recruit(&mut s, 2);
    assert_eq!(
        colours(&s),
        vec![Some(Blue), Some(Red), Some(Yellow), Some(Orange), None],
        "dice slide left, slot 5 stays empty"
    );
    // The next recruit (blue, slot 1): the dice slide left, the blue refill goes to slot 4.
    let blue_reserve = s.dice_reserve(Blue);
    recruit(&mut s, 1);
    assert_eq!(
        colours(&s),
        vec![Some(Red), Some(Yellow), Some(Orange), Some(Blue), None],
        "refill on slot 4, the rightmost slot still used; slot 5 still empty"
    );
    assert_eq!(s.dice_reserve(Blue), blue_reserve - 1);
    // Purple dice coming back to the reserve do not reopen slot 5.
    set_reserve(&mut s, Purple, 2);
    recruit(&mut s, 1);
    assert_eq!(s.recruitment()[4], None, "for the rest of the game");
    assert_eq!(s.recruitment()[3].map(|d| d.colour), Some(Red));
}

#[test]
fn two_exhausted_colours_leave_the_two_rightmost_slots_empty() {
    use Colour::*;
    let mut s = recruiting([(Blue, 1), (Purple, 2), (Red, 3), (Yellow, 4), (Orange, 5)]);
    set_reserve(&mut s, Purple, 0);
    set_reserve(&mut s, Orange, 0);
    recruit(&mut s, 5);
    recruit(&mut s, 2);
    assert_eq!(
        colours(&s),
        vec![Some(Blue), Some(Red), Some(Yellow), None, None]
    );
    recruit(&mut s, 1);
    assert_eq!(
        colours(&s),
        vec![Some(Red), Some(Yellow), Some(Blue), None, None]
    );
}

#[test]
fn citizens_run_out_when_a_colour_reserve_is_empty_not_when_a_refill_fails() {
    let mut s = game(3);
    assert!(!citizens_exhausted(&s));
    // The last yellow die left the reserve (a refill took it): the condition holds now,
    // although no refill has failed yet.
    set_reserve(&mut s, Colour::Yellow, 0);
    assert!(citizens_exhausted(&s));
}

#[test]
fn an_empty_market_slot_is_never_refilled_once_a_pile_ran_out() {
    let mut s = game(2);
    let orange = Colour::Orange.index();
    // Take the orange tile as a Farm while the orange pile is empty.
    // The state is forged through its stored form: no rule and no builder loses a pile.
    let mut json = serde_json::to_value(&s).expect("state serializes");
    json["piles"][orange] = serde_json::json!([]);
    s = serde_json::from_value(json).expect("state deserializes");
    let slot = s
        .market()
        .iter()
        .position(|m| m.and_then(|b| b.colour()) == Some(Colour::Orange))
        .expect("an orange tile in the Market");
    let before = *s.market();
    start_task(&mut s, Task::Build);
    act(
        &mut s,
        Action::MarketTile {
            slot: slot as u8 + 1,
            farm: true,
        },
    );
    act(&mut s, Action::Place(Cell::new(1, 0)));
    let mut expected: Vec<_> = before
        .iter()
        .copied()
        .filter(|m| *m != before[slot])
        .collect();
    expected.push(None);
    assert_eq!(
        s.market().to_vec(),
        expected,
        "tiles slide up, slot 5 empty"
    );
    // The next tile taken (slot 1) is refilled from its pile into slot 4, not slot 5.
    let first = s.market()[0].expect("slot 1");
    let pile = first.colour().expect("colour");
    let next = s.pile(pile).last().copied();
    assert!(next.is_some());
    edit(&mut s, |p| p.new_turn(0));
    start_task(&mut s, Task::Build);
    act(
        &mut s,
        Action::MarketTile {
            slot: 1,
            farm: true,
        },
    );
    act(&mut s, Action::Place(Cell::new(-1, 0)));
    assert_eq!(s.market()[3], next, "refill in the first empty slot");
    assert_eq!(s.market()[4], None, "slot 5 stays empty");
}
