//! Builders for tests: hand-made positions on a [`State`], by codes ("CTY6", "DEF2"). Not
//! part of the API. Components keep their totals: a building put on the board or in the
//! reserve leaves its owner's piles, a card put in a hand leaves the deck, an amphora given
//! leaves the supply. Only what no component stands behind (the printed symbols, whose
//! turn it is, an option) has a plain setter.

use super::state::State;
use super::types::{BuildingId, Counts, Hex, Options, Resource};
use crate::{Game, Seat};

/// Building by code ("CTY6").
pub fn building(code: &str) -> BuildingId {
    BuildingId::from_code(code).unwrap_or_else(|| panic!("no building {code}"))
}

pub fn options(players: u8) -> Options {
    Options {
        players,
        amphora_for_card: false,
    }
}

/// A set-up game (seed 7) with seat 0 to start and play, every board symbol blank and
/// empty hands (their cards go back to the deck).
pub fn fresh(players: u8) -> State {
    let mut s = super::Attika::setup(&options(players), 7).expect("setup");
    s.start = Seat(0);
    s.current = Seat(0);
    for c in &mut s.cells {
        c.symbol = None;
    }
    for seat in 0..players {
        set_hand(&mut s, seat, [0; 4]);
    }
    s
}

/// Prints `symbol` on the board cell `hex` (a map symbol is no component).
pub fn set_symbol(s: &mut State, hex: Hex, symbol: Resource) {
    s.cell_mut(hex).expect("board cell").symbol = Some(symbol);
}

/// Whose turn it is (the main decision of a fresh turn).
pub fn set_current(s: &mut State, seat: u8) {
    s.current = Seat(seat);
}

pub fn set_amphora_for_card(s: &mut State, on: bool) {
    s.options.amphora_for_card = on;
}

/// Takes building `code` out of `seat`'s piles or reserve and puts it on `hex`.
pub fn put(s: &mut State, seat: u8, code: &str, hex: Hex) {
    let id = building(code);
    take(s, seat, id);
    let cell = s.cell_mut(hex).expect("board cell");
    assert!(cell.building.is_none(), "{hex} is built on");
    cell.building = Some((Seat(seat), id));
    s.players[seat as usize].placed.push((id, hex));
}

/// Removes `id` from `seat`'s piles or reserve; it must be there.
fn take(s: &mut State, seat: u8, id: BuildingId) {
    let p = &mut s.players[seat as usize];
    let before = p.reserve.len() + p.piles.iter().map(Vec::len).sum::<usize>();
    p.reserve.retain(|x| *x != id);
    for pile in &mut p.piles {
        pile.retain(|x| *x != id);
    }
    let after = p.reserve.len() + p.piles.iter().map(Vec::len).sum::<usize>();
    assert_eq!(
        before,
        after + 1,
        "{} is not in seat {seat}'s piles or reserve",
        id.code()
    );
}

/// Makes `codes` `seat`'s whole reserve: they leave its piles, and the old reserve goes on
/// top of pile 1.
pub fn reserve(s: &mut State, seat: u8, codes: &[&str]) {
    let old = std::mem::take(&mut s.players[seat as usize].reserve);
    s.players[seat as usize].piles[1].extend(old);
    for code in codes {
        let id = building(code);
        take(s, seat, id);
        s.players[seat as usize].reserve.push(id);
    }
}

/// Moves every building of `seat`'s pile `from` on top of its pile `onto`.
pub fn empty_pile(s: &mut State, seat: u8, from: usize, onto: usize) {
    let p = &mut s.players[seat as usize];
    let moved = std::mem::take(&mut p.piles[from]);
    p.piles[onto].extend(moved);
}

/// Puts building `code` (out of `seat`'s piles or reserve) on top of its pile `pile`.
pub fn pile_top(s: &mut State, seat: u8, pile: usize, code: &str) {
    let id = building(code);
    take(s, seat, id);
    s.players[seat as usize].piles[pile].push(id);
}

/// Sets a hand exactly; the difference goes to the bottom of the deck or comes from the
/// deck (then from the discards).
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
                assert!(s.discards[i] > 0, "no {} card left", r.name());
                s.discards[i] -= 1;
            }
            s.players[p].hand[i] += 1;
        }
    }
}

/// Gives `seat` every card of the deck.
pub fn deal_deck(s: &mut State, seat: u8) {
    for card in std::mem::take(&mut s.deck) {
        s.players[seat as usize].hand[card.index()] += 1;
    }
}

/// Turns the whole deck into discards.
pub fn deck_to_discards(s: &mut State) {
    for card in std::mem::take(&mut s.deck) {
        s.discards[card.index()] += 1;
    }
}

/// Gives `seat` `count` amphorae from the supply.
pub fn give_amphorae(s: &mut State, seat: u8, count: u8) {
    assert!(s.amphora_supply >= count, "the supply has too few amphorae");
    s.amphora_supply -= count;
    s.players[seat as usize].amphorae += count;
}

/// Lays every face-down map piece on the board (each at the first legal centre, rotation
/// 0), leaving the map stack empty.
pub fn lay_map_stack(s: &mut State) {
    while let Some(piece) = s.map_stack.pop() {
        let center = super::choices::piece_candidates(s)[0];
        super::setup::lay_piece(s, piece, center, 0);
    }
}
