//! Helpers for Attika tests: the position builders of `agora_engine::attika::testing`
//! (a 2-4 player board with every symbol cleared, empty hands, and shortcuts to put
//! buildings, cards and symbols where a test needs them), playing and refusal checks.
#![allow(dead_code)]

use agora_engine::attika::state::{State, Step};
pub use agora_engine::attika::testing::*;
use agora_engine::attika::types::{Action, Event, Hex, Resource};
use agora_engine::attika::{Attika, Refusal};
use agora_engine::{Game, Seat};

pub const W: Resource = Resource::Water;
pub const F: Resource = Resource::Forest;
pub const H: Resource = Resource::Hill;
pub const M: Resource = Resource::Mountain;

pub fn hex(q: i16, r: i16) -> Hex {
    Hex::new(q, r)
}

/// Applies a listed action; the position before and after keeps every component.
pub fn play(s: &mut State, seat: u8, a: Action) -> Vec<Event> {
    assert_eq!(Attika::invariants(s), Ok(()), "before {a:?}");
    let legal = Attika::legal_actions(s, Seat(seat));
    assert!(legal.contains(&a), "{a:?} not listed; legal: {legal:?}");
    let events = Attika::apply(s, Seat(seat), &a).unwrap_or_else(|e| panic!("{a:?} refused: {e}"));
    assert_eq!(Attika::invariants(s), Ok(()), "after {a:?}");
    events
}

/// Applies an action that must be refused with `refusal`, and checks nothing changed.
pub fn refused(s: &mut State, seat: u8, a: Action, refusal: Refusal) {
    let before = s.clone();
    assert!(
        !Attika::legal_actions(s, Seat(seat)).contains(&a),
        "{a:?} is listed"
    );
    let e = Attika::apply(s, Seat(seat), &a).expect_err("must be refused");
    assert_eq!(e.code, refusal.code(), "{e}");
    assert!(!e.message.is_empty());
    assert!(*s == before, "a refused action changed the state");
}

pub fn cards_drawn(events: &[Event]) -> u8 {
    events
        .iter()
        .map(|e| match e {
            Event::CardsDrawn { count, .. } => *count,
            _ => 0,
        })
        .sum()
}

pub fn is_paying(s: &State) -> bool {
    matches!(s.step(), Step::Paying { .. })
}

pub fn total_cards(s: &State) -> usize {
    s.deck_size()
        + s.discards().iter().map(|&c| c as usize).sum::<usize>()
        + s.seats()
            .map(|seat| {
                s.player(seat)
                    .hand
                    .iter()
                    .map(|&c| c as usize)
                    .sum::<usize>()
            })
            .sum::<usize>()
}

pub fn buildings_of(s: &State, seat: u8) -> usize {
    let p = s.player(Seat(seat));
    let held = if s.current() == Seat(seat) {
        usize::from(s.held_building().is_some())
    } else {
        0
    };
    p.piles.iter().map(|x| x.len()).sum::<usize>() + p.reserve.len() + p.placed.len() + held
}
