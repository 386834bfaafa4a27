//! Shared helpers of the Origin rule tests.
#![allow(dead_code, unused_imports)]

pub use agora_engine::origin::testing::*;
pub use agora_engine::origin::*;
pub use agora_engine::{Game, Seat, Viewer};

/// Applies a legal action (it must be listed by `legal_actions` and accepted).
pub fn ok(state: &mut OriginState, seat: u8, action: Action) -> Vec<Event> {
    assert!(
        Origin::legal_actions(state, Seat(seat)).contains(&action),
        "{action:?} should be listed as legal for seat {seat}; legal: {:?}",
        Origin::legal_actions(state, Seat(seat))
    );
    Origin::apply(state, Seat(seat), &action).unwrap_or_else(|e| panic!("{action:?} refused: {e}"))
}

/// Checks that `action` is refused with `code` and changes nothing.
pub fn refuse(state: &mut OriginState, seat: u8, action: Action, code: &str) {
    let before = state.clone();
    let err = Origin::apply(state, Seat(seat), &action)
        .expect_err(&format!("{action:?} should be refused"));
    assert_eq!(err.code, code, "{action:?}: {}", err.message);
    assert!(!err.message.is_empty());
    assert!(*state == before, "a refused action changed the state");
    assert!(
        !Origin::legal_actions(state, Seat(seat)).contains(&action),
        "{action:?} is refused but listed as legal"
    );
}

pub fn legal(state: &OriginState, seat: u8) -> Vec<Action> {
    Origin::legal_actions(state, Seat(seat))
}

pub fn pending(state: &OriginState) -> Pending {
    Origin::view(state, Viewer::Spectator).pending
}

pub fn evolve(target: &str, reference: &str, pawn: &str) -> Action {
    Action::Evolve {
        target: t(target),
        reference: t(reference),
        pawn: p(pawn),
    }
}

pub fn migrate(from: &str, to: &str) -> Action {
    Action::Migrate {
        from: t(from),
        to: t(to),
    }
}

pub fn exchange(from: &str, to: &str) -> Action {
    Action::Exchange {
        from: t(from),
        to: t(to),
    }
}

pub fn take(column: TileColumn, index: u8) -> Action {
    Action::TakeTile {
        slot: TileSlot { column, index },
    }
}

pub fn choose(option: RewardOption) -> Action {
    Action::ChooseReward { option }
}

pub fn play(card: &str) -> Action {
    Action::PlayCard { card: c(card) }
}

pub fn territory(code: &str) -> Action {
    Action::ChooseTerritory { territory: t(code) }
}

pub fn is_main_actions(a: &Action) -> bool {
    matches!(
        a,
        Action::Evolve { .. } | Action::Migrate { .. } | Action::Exchange { .. }
    )
}

/// Resolves whatever the current player must still decide with the first legal choice
/// (never a card play), then ends the turn (Standard).
pub fn finish_turn(state: &mut OriginState) {
    let seat = current(state).0;
    for _ in 0..100 {
        match pending(state) {
            Pending::AfterMain => {
                ok(state, seat, Action::EndTurn);
                return;
            }
            Pending::Main | Pending::GameOver => return,
            _ => {
                let a = legal(state, seat)
                    .into_iter()
                    .find(|a| !matches!(a, Action::PlayCard { .. }))
                    .expect("a decision");
                ok(state, seat, a);
            }
        }
    }
    panic!("turn does not finish");
}

/// Levels of the legal TakeTile slots, sorted.
pub fn takeable_levels(state: &OriginState) -> Vec<u8> {
    let seat = current(state).0;
    let mut v: Vec<u8> = legal(state, seat)
        .iter()
        .filter_map(|a| match a {
            Action::TakeTile { slot } => slot_level(state, slot.column, slot.index),
            _ => None,
        })
        .collect();
    v.sort();
    v.dedup();
    v
}
