//! Helpers for hand-built Attika positions: a 2-4 player board with every symbol
//! cleared, empty hands, and shortcuts to put buildings and symbols where a test needs them.
#![allow(dead_code)]

use agora_engine::attika::data::tables;
use agora_engine::attika::state::{State, Step};
use agora_engine::attika::types::{Action, BuildingId, Counts, Event, Hex, Options, Resource};
use agora_engine::attika::Attika;
use agora_engine::{Game, Seat};

pub const W: Resource = Resource::Water;
pub const F: Resource = Resource::Forest;
pub const H: Resource = Resource::Hill;
pub const M: Resource = Resource::Mountain;

pub fn opts(players: u8) -> Options {
    Options {
        players,
        amphora_for_card: false,
    }
}

/// A set-up game with seat 0 to play, all symbols blank, empty hands and reserves
/// (the reserve tiles go back on top of their piles' stock is irrelevant here: tests set
/// what they need). Cards removed from hands go back to the deck.
pub fn fresh(players: u8) -> State {
    let mut s = Attika::setup(&opts(players), 7).expect("setup");
    s.start = 0;
    s.current = 0;
    for c in &mut s.cells {
        c.symbol = None;
    }
    for p in 0..s.players.len() {
        set_hand(&mut s, p as u8, [0; 4]);
    }
    s
}

pub fn b(code: &str) -> BuildingId {
    tables().building_index(code).expect("building code")
}

pub fn hex(q: i16, r: i16) -> Hex {
    Hex::new(q, r)
}

pub fn sym(s: &mut State, h: Hex, r: Resource) {
    s.cell_mut(h).expect("board cell").symbol = Some(r);
}

/// Takes `id` out of `seat`'s piles/reserve (keeps the 30 conserved) and puts it on `h`.
pub fn put(s: &mut State, seat: u8, code: &str, h: Hex) {
    let id = b(code);
    take(s, seat, id);
    s.cell_mut(h).expect("board cell").building = Some((seat, id));
    s.players[seat as usize].placed.push((id, h));
}

fn take(s: &mut State, seat: u8, id: BuildingId) {
    let p = &mut s.players[seat as usize];
    p.reserve.retain(|x| *x != id);
    for pile in &mut p.piles {
        pile.retain(|x| *x != id);
    }
}

/// Moves `codes` into `seat`'s reserve (out of its piles) and returns the rest of the old
/// reserve to pile 1, so every building stays accounted for.
pub fn reserve(s: &mut State, seat: u8, codes: &[&str]) {
    let old = std::mem::take(&mut s.players[seat as usize].reserve);
    s.players[seat as usize].piles[1].extend(old);
    for c in codes {
        let id = b(c);
        take(s, seat, id);
        s.players[seat as usize].reserve.push(id);
    }
}

/// Sets a hand exactly; the difference goes to / comes from the deck (cards conserved).
pub fn set_hand(s: &mut State, seat: u8, hand: Counts) {
    let p = seat as usize;
    for r in Resource::ALL {
        let i = r.index();
        while s.players[p].hand[i] > 0 {
            s.players[p].hand[i] -= 1;
            s.deck.insert(0, r);
        }
        for _ in 0..hand[i] {
            if let Some(pos) = s.deck.iter().position(|c| *c == r) {
                s.deck.remove(pos);
            } else {
                s.discards[i] -= 1;
            }
            s.players[p].hand[i] += 1;
        }
    }
}

pub fn play(s: &mut State, seat: u8, a: Action) -> Vec<Event> {
    let legal = Attika::legal_actions(s, Seat(seat));
    assert!(legal.contains(&a), "{a:?} not listed; legal: {legal:?}");
    Attika::apply(s, Seat(seat), &a).unwrap_or_else(|e| panic!("{a:?} refused: {e}"))
}

/// Applies an action that must be refused with `code`, and checks nothing changed.
pub fn refused(s: &mut State, seat: u8, a: Action, code: &str) {
    let before = s.clone();
    assert!(
        !Attika::legal_actions(s, Seat(seat)).contains(&a),
        "{a:?} is listed"
    );
    let e = Attika::apply(s, Seat(seat), &a).expect_err("must be refused");
    assert_eq!(e.code, code, "{e}");
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
    matches!(s.step, Step::Paying { .. })
}

pub fn total_cards(s: &State) -> usize {
    s.deck.len()
        + s.discards.iter().map(|&c| c as usize).sum::<usize>()
        + s.players
            .iter()
            .map(|p| p.hand.iter().map(|&c| c as usize).sum::<usize>())
            .sum::<usize>()
}

pub fn buildings_of(s: &State, seat: u8) -> usize {
    let p = &s.players[seat as usize];
    let held = if s.current == seat {
        usize::from(s.held_building().is_some())
    } else {
        0
    };
    p.piles.iter().map(|x| x.len()).sum::<usize>() + p.reserve.len() + p.placed.len() + held
}
