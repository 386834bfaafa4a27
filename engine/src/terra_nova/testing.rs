//! Builders for tests: a game in phase 2 with chosen factions, then hand-made positions on
//! it. Not part of the API. Components keep their totals: a building put on the board comes
//! off its owner's sheet (and the one it replaces goes back), a palace takes one of the two
//! palace slots, a bridge comes out of its owner's reserve, power tokens only move between
//! bowls. Values with no component behind them (coins, navigation, terrain, the round, the
//! turn order, flags) have plain setters. A few rule steps run on their own (income, the town
//! check, founding a town) for tests of that step alone.

use super::data::{tables, RoundTrigger};
use super::map::Mask;
use super::setup::setup;
use super::state::{Awaiting, BonusSlot, State, Step};
use super::types::{
    BonusTile, BridgeSpot, Building, Faction, FactionSetup, Hex, Options, Owner, PalaceSide,
    PowerAction, RoundTile, Terrain, TownTile,
};
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

/// Empties `h`: a seat's building goes back on its owner's sheet.
fn clear(s: &mut State, h: Hex) {
    let Some(old) = s.placed_at(h) else { return };
    if let Owner::Seat(o) = old.owner {
        let p = &mut s.players[o.index()];
        match old.building {
            Building::House => p.houses_built -= 1,
            Building::TradingPost => p.trading_posts_built -= 1,
            Building::Palace => panic!("{h} holds a palace: build positions without replacing it"),
        }
    }
    s.placed[h.0 as usize] = None;
}

/// Puts a building of `seat` on `name` (terrain set to its home), taken from its sheet; the
/// building it replaces goes back on its owner's sheet. A palace takes the left slot if it
/// is free, else the right one (see [`palace`]).
pub fn build(s: &mut State, seat: Seat, name: &str, building: Building) {
    if building == Building::Palace {
        let side = if s.players[seat.index()].left_palace {
            PalaceSide::Right
        } else {
            PalaceSide::Left
        };
        palace(s, seat, name, side);
        return;
    }
    let h = hex(name);
    clear(s, h);
    let p = &mut s.players[seat.index()];
    match building {
        Building::House => {
            assert!(p.houses_on_sheet() > 0, "{seat} has no house left");
            p.houses_built += 1;
        }
        Building::TradingPost => {
            assert!(
                p.trading_posts_on_sheet() > 0,
                "{seat} has no trading post left"
            );
            p.trading_posts_built += 1;
        }
        Building::Palace => {}
    }
    let home = p.home();
    s.terrain[h.0 as usize] = home;
    s.put(h, Owner::Seat(seat), building);
}

/// Puts `seat`'s `side` palace on `name` (terrain set to its home); the slot must be free.
/// Nothing triggers (no when-built effect).
pub fn palace(s: &mut State, seat: Seat, name: &str, side: PalaceSide) {
    let h = hex(name);
    clear(s, h);
    let p = &mut s.players[seat.index()];
    let slot = match side {
        PalaceSide::Left => &mut p.left_palace,
        PalaceSide::Right => &mut p.right_palace,
    };
    assert!(!*slot, "{seat}'s {side:?} palace is already built");
    *slot = true;
    let home = p.home();
    s.terrain[h.0 as usize] = home;
    s.put(h, Owner::Seat(seat), Building::Palace);
}

/// Puts a neutral house of `terrain` on `name` (the neutral colour has no sheet).
pub fn neutral_house(s: &mut State, name: &str, terrain: Terrain) {
    let h = hex(name);
    clear(s, h);
    s.terrain[h.0 as usize] = Some(terrain);
    s.put(h, Owner::Neutral(terrain), Building::House);
}

/// Sets the terrain of `name` (as a transform would).
pub fn set_terrain(s: &mut State, name: &str, terrain: Terrain) {
    s.terrain[hex(name).0 as usize] = Some(terrain);
}

/// Puts a bridge of `seat` on `spot`, taken from its reserve; a bridge already there goes
/// back to its owner's reserve.
pub fn bridge(s: &mut State, seat: Seat, spot: BridgeSpot) {
    let i = spot.0 as usize;
    if let Some(old) = s.bridges[i].take() {
        s.players[old.index()].bridges_built -= 1;
    }
    let p = &mut s.players[seat.index()];
    assert!(p.bridges_in_reserve() > 0, "{seat} has no bridge left");
    p.bridges_built += 1;
    s.bridges[i] = Some(seat);
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

/// Gives `seat` bonus tile `letter` (A..H); the tile it held goes back to the supply.
pub fn give_bonus(s: &mut State, seat: Seat, letter: char) {
    let tile = BonusTile(letter as u8 - b'A');
    if !s.bonus_tiles.iter().any(|b| b.tile == tile) {
        s.bonus_tiles.push(BonusSlot {
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

/// Makes `seat` the one to act, choosing its main action.
pub fn turn(s: &mut State, seat: Seat) {
    s.step = Step::Turn {
        seat,
        pending: Awaiting::Main,
    };
}

/// Sets the current round (1..=5); the round tiles stay as they are.
pub fn set_round(s: &mut State, round: u8) {
    assert!((1..=5).contains(&round), "round {round}");
    s.round = round;
}

/// Sets this round's turn order (every seat once).
pub fn set_order(s: &mut State, order: &[Seat]) {
    let mut sorted = order.to_vec();
    sorted.sort();
    assert_eq!(sorted, s.seats().collect::<Vec<_>>(), "every seat once");
    s.order = order.to_vec();
}

pub fn set_start_player(s: &mut State, seat: Seat) {
    s.start_player = seat;
}

pub fn set_turn_order_variant(s: &mut State, on: bool) {
    s.options.turn_order_variant = on;
}

pub fn set_coins(s: &mut State, seat: Seat, coins: u32) {
    s.players[seat.index()].coins = coins;
}

/// `seat`'s score on the VP track.
pub fn set_vp(s: &mut State, seat: Seat, vp: i32) {
    s.players[seat.index()].vp = vp;
}

/// Moves `seat`'s power tokens between its bowls (the total cannot change).
pub fn set_bowls(s: &mut State, seat: Seat, bowls: [u8; 3]) {
    let p = &mut s.players[seat.index()];
    let total: u32 = bowls.iter().map(|b| u32::from(*b)).sum();
    assert_eq!(total, p.power_tokens(), "power tokens are only moved");
    p.bowls = bowls;
}

pub fn set_navigation(s: &mut State, seat: Seat, level: u8) {
    assert!(
        level <= tables().economy.max_navigation(),
        "navigation {level}"
    );
    s.players[seat.index()].navigation = level;
}

/// `seat` has passed this round (last in the passing order so far).
pub fn set_passed(s: &mut State, seat: Seat) {
    s.players[seat.index()].passed = true;
    if !s.pass_order.contains(&seat) {
        s.pass_order.push(seat);
    }
}

/// `seat` has used these town tiles (no town on the board for them).
pub fn use_town_tiles(s: &mut State, seat: Seat, tiles: &[TownTile]) {
    for t in tiles {
        s.players[seat.index()].town_tiles_used[t.0 as usize] = true;
    }
}

/// The power action is taken this round.
pub fn use_power_action(s: &mut State, action: PowerAction) {
    s.power_actions_used[action.0 as usize] = true;
}

// ------------------------------------------------------------------ rule steps on their own

/// Phase 1 alone: every seat's income.
pub fn income(s: &mut State) {
    s.income(&mut Vec::new());
}

/// The town check run after an action, for `seat`: buildings joined to a town join it; the
/// first group that founds a new town, if any.
pub fn town_check(s: &mut State, seat: Seat) -> Option<Mask> {
    s.town_check(seat)
}

/// Founds a town on `group` with `tile` for `seat`, rewards included (no river link).
pub fn found_town(s: &mut State, seat: Seat, group: Mask, tile: TownTile) {
    s.found_town(seat, group, tile, None, &mut Vec::new());
}
