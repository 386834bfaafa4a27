//! Helpers for tests: a game in phase 2 with chosen factions and hand-placed buildings.

use super::data::{tables, RoundTrigger};
use super::setup::setup;
use super::state::{Awaiting, State, Step};
use super::types::{BonusTile, Building, Faction, FactionSetup, Hex, Options, Owner, RoundTile};
use crate::Seat;

/// A game in round 1, phase 2, seat 0 to act, no buildings, no bonus tiles held.
pub fn scenario(factions: &[Faction]) -> State {
    let mut o = Options::standard(factions.len() as u8);
    o.factions = FactionSetup::Fixed(factions.to_vec());
    let mut s = setup(&o, 1).expect("valid options");
    s.round = 1;
    s.placed = vec![None; s.placed.len()];
    for p in s.players.iter_mut() {
        p.houses_built = 0;
        p.bonus = None;
    }
    for b in s.bonus_tiles.iter_mut() {
        b.holder = None;
        b.coins = 0;
    }
    s.step = Step::Turn {
        seat: Seat(0),
        pending: Awaiting::Main,
    };
    s
}

/// The hex named `name` (panics on a bad name: tests only).
pub fn hex(name: &str) -> Hex {
    Hex::from_code(name).expect("hex name")
}

/// Puts a building of `seat` on `name` (terrain set to its home), keeping sheet counts right.
pub fn build(s: &mut State, seat: Seat, name: &str, building: Building) {
    let h = hex(name);
    if let Some(old) = s.placed_at(h) {
        if let Owner::Seat(o) = old.owner {
            let p = &mut s.players[o.index()];
            match old.building {
                Building::House => p.houses_built -= 1,
                Building::TradingPost => p.trading_posts_built -= 1,
                Building::Palace => {}
            }
        }
    }
    let home = s.players[seat.index()].home();
    s.terrain[h.0 as usize] = home;
    s.put(h, Owner::Seat(seat), building);
    let p = &mut s.players[seat.index()];
    match building {
        Building::House => p.houses_built += 1,
        Building::TradingPost => p.trading_posts_built += 1,
        Building::Palace => {}
    }
}

/// Sets the round tile of the current round to one with `trigger`.
pub fn round_tile(s: &mut State, trigger: RoundTrigger) {
    let i = tables()
        .round_tiles
        .iter()
        .position(|r| r.trigger == trigger)
        .expect("tile");
    let r = s.round as usize - 1;
    s.round_tiles[r] = RoundTile(i as u8);
}

/// Removes the current round's scoring tile (tests whose VP must not include round VP).
pub fn quiet_round(s: &mut State) {
    let r = s.round as usize - 1;
    s.round_tiles[r] = RoundTile(u8::MAX);
}

/// Gives `seat` bonus tile `letter` (A..H).
pub fn give_bonus(s: &mut State, seat: Seat, letter: char) {
    let tile = BonusTile(letter as u8 - b'A');
    if !s.bonus_tiles.iter().any(|b| b.tile == tile) {
        s.bonus_tiles.push(super::state::BonusSlot {
            tile,
            coins: 0,
            holder: None,
        });
    }
    for b in s.bonus_tiles.iter_mut() {
        if b.holder == Some(seat) {
            b.holder = None;
        }
        if b.tile == tile {
            b.holder = Some(seat);
        }
    }
    s.players[seat.index()].bonus = Some(tile);
}

/// Makes `seat` the one to act, with `pending`.
pub fn turn(s: &mut State, seat: Seat) {
    s.step = Step::Turn {
        seat,
        pending: Awaiting::Main,
    };
}
