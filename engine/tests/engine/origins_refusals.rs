//! Origins: First Builders refusals a client sees: an action that answers another decision
//! is `WRONG_DECISION`; an action that answers the pending decision but cannot be taken
//! gets the code naming what is wrong (no Gold for the tower, no such temple track, ...).
//! Every refusal leaves the state as it was.

use agora_engine::first_builders::testing::Position;
use agora_engine::first_builders::types::*;
use agora_engine::first_builders::view::pending;
use agora_engine::first_builders::{FirstBuilders, State};
use agora_engine::Game;

use super::origins_common::{act, edit, game, legal};

/// Applies `a` (which must not be legal) for the seat to act and returns the refusal code;
/// the state must be unchanged and the refusal must say why in a sentence.
fn refusal(s: &State, a: Action) -> String {
    assert!(!legal(s).contains(&a), "{a:?} is legal here");
    let mut t = s.clone();
    let e = FirstBuilders::apply(&mut t, s.current(), &a).expect_err("refused");
    assert_eq!(&t, s, "{a:?} was refused but changed the state");
    assert!(e.message.ends_with('.'), "{a:?}: {}", e.message);
    // A sentence for a player: no internal enum name such as TURN_ACTION.
    let shouting = e
        .message
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .find(|w| w.len() > 2 && w.chars().all(|c| c.is_ascii_uppercase() || c == '_'));
    assert_eq!(shouting, None, "{a:?}: {}", e.message);
    e.code.to_string()
}

/// Checks each (action, code) pair against `s`.
fn expect(s: &State, cases: &[(Action, &str)]) {
    for (a, code) in cases {
        assert_eq!(refusal(s, *a), *code, "{a:?} under {:?}", pending(s));
    }
}

#[test]
fn the_draft_takes_only_dice() {
    let s = Position::setup(2, 7).build();
    assert_eq!(pending(&s), Pending::Draft);
    expect(
        &s,
        &[
            (Action::DraftDie(99), "BAD_DRAFT_DIE"),
            (Action::Worker(Worker::Archon), "WRONG_DECISION"),
            (Action::MeetingPlace(1), "WRONG_DECISION"),
            (Action::Track(Temple::Sea), "WRONG_DECISION"),
            (Action::EndTurn, "WRONG_DECISION"),
        ],
    );
}

#[test]
fn a_wrong_decision_says_what_the_game_waits_for_in_words() {
    let s = Position::setup(2, 7).build();
    let e =
        FirstBuilders::apply(&mut s.clone(), s.current(), &Action::EndTurn).expect_err("refused");
    assert_eq!(
        e.message,
        "You cannot end turn now: first take a die from the draft pool."
    );
}

#[test]
fn a_turn_action_that_cannot_be_paid_says_why() {
    let mut s = game(2);
    edit(&mut s, |p| p.resources(0, [0, 0, 0, 0]).new_turn(0));
    assert_eq!(pending(&s), Pending::TurnAction);
    expect(
        &s,
        &[
            (Action::Worker(Worker::Orator(9)), "WORKER_UNAVAILABLE"),
            (Action::CompleteDistrict(9), "CANNOT_COMPLETE_DISTRICT"),
            (Action::RaiseTower(Colour::Red), "CANNOT_RAISE_TOWER"),
            (Action::BuyBase, "CANNOT_BUY_BASE"),
            // choices inside a turn do not answer "choose a turn action"
            (Action::MeetingPlace(1), "WRONG_DECISION"),
            (Action::Main(MainSlot::Top), "WRONG_DECISION"),
            (Action::UseSuperiority, "WRONG_DECISION"),
            (Action::EndTurn, "WRONG_DECISION"),
            (Action::DraftDie(0), "WRONG_DECISION"),
        ],
    );
}

#[test]
fn choices_inside_a_visit_name_what_is_missing() {
    let mut s = game(2);
    edit(&mut s, |p| p.resources(0, [0, 0, 5, 0]).new_turn(0));
    act(&mut s, Action::Worker(Worker::Freeman(1)));
    assert!(matches!(pending(&s), Pending::ChooseMeetingPlace { .. }));
    expect(&s, &[(Action::MeetingPlace(9), "CANNOT_VISIT")]);
    act(&mut s, Action::MeetingPlace(3));
    assert!(matches!(pending(&s), Pending::VisitActions { place: 3 }));
    let far = Cell::new(40, 40);
    expect(
        &s,
        &[
            (Action::FinishVisit, "MAIN_ACTION_REQUIRED"),
            (Action::Seat(far), "CANNOT_COMPLETE_DISTRICT"),
            (
                Action::MarketTile {
                    slot: 9,
                    farm: false,
                },
                "CANNOT_BUILD",
            ),
            (Action::KeptTile(9), "CANNOT_BUILD"),
            (Action::Place(far), "BAD_CITY_CELL"),
            (Action::Activate(far), "CANNOT_ACTIVATE"),
            (Action::Track(Temple::Forest), "BAD_TEMPLE"),
            (Action::RecruitSlot(9), "CANNOT_RECRUIT"),
            (Action::OratorSlot(9), "NO_ORATOR"),
            (Action::ClaimWonder, "CANNOT_CLAIM_WONDER"),
            (Action::BuildWonder, "CANNOT_BUILD_WONDER"),
            (
                Action::PlaceWonder {
                    cell: far,
                    orientation: Orientation::Horizontal,
                },
                "BAD_WONDER_CELLS",
            ),
            (Action::UseSuperiority, "NO_SUPERIORITY"),
            (Action::BonusGold, "BONUS_UNAVAILABLE"),
            (Action::Resource(Resource::Gold), "ILLEGAL_CHOICE"),
            // turn actions, draft dice and the end of the turn answer other decisions
            (Action::Worker(Worker::Archon), "WRONG_DECISION"),
            (Action::BuyBase, "WRONG_DECISION"),
            (Action::Pass, "WRONG_DECISION"),
            (Action::DraftDie(0), "WRONG_DECISION"),
            (Action::EndTurn, "WRONG_DECISION"),
        ],
    );
    // The main action taken, the Bonus action and the main action are refused by name.
    act(&mut s, Action::Main(MainSlot::Top));
    let mains: Vec<Action> = [MainSlot::Top, MainSlot::Bottom]
        .into_iter()
        .map(Action::Main)
        .filter(|a| !legal(&s).contains(a))
        .collect();
    assert!(!mains.is_empty(), "one main action per visit");
    for a in mains {
        assert_eq!(refusal(&s, a), "MAIN_ACTION_UNAVAILABLE");
    }
}

#[test]
fn after_the_turn_action_only_superiority_or_the_end_of_the_turn() {
    let mut s = game(2);
    edit(&mut s, |p| {
        p.resources(0, [0, 10, 0, 0]).superiority(0, 1).new_turn(0)
    });
    act(&mut s, Action::BuyBase);
    assert_eq!(pending(&s), Pending::SuperiorityOrEndTurn);
    assert_eq!(legal(&s), vec![Action::UseSuperiority, Action::EndTurn]);
    expect(
        &s,
        &[
            (Action::Worker(Worker::Archon), "WRONG_DECISION"),
            (Action::BuyBase, "WRONG_DECISION"),
            (Action::MeetingPlace(1), "WRONG_DECISION"),
            (Action::Resource(Resource::Food), "WRONG_DECISION"),
            (Action::DraftDie(0), "WRONG_DECISION"),
        ],
    );
}
