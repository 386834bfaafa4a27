//! Origins: First Builders' determinization (`Game::determinize`) as a player sees it:
//! the whole table stays, the tiles under each pile's face-up top are dealt again (but a
//! Farm I saw go under a pile stays at its bottom), and the dice still to be rolled are
//! unknown. The game has no per-seat secrets, so the generic suite (determinization.rs)
//! cannot see a kept pile order; these tests do.

use crate::origins_common::*;
use agora_engine::first_builders::data::ZodiacKind;
use agora_engine::first_builders::state::Task;
use agora_engine::first_builders::testing::Position;
use agora_engine::first_builders::types::*;
use agora_engine::first_builders::{FirstBuilders, State};
use agora_engine::{Game, GameRng, Seat, Viewer};
use std::collections::BTreeSet;

/// Determinizations tried per test.
const TRIES: u64 = 40;

fn det(s: &State, seed: u64) -> State {
    FirstBuilders::determinize(s, Seat(0), &mut GameRng::seeded(seed))
}

/// What each determinization gives, as a set (more than one: dealt again).
fn outcomes<T: Ord>(f: impl Fn(u64) -> T) -> BTreeSet<T> {
    (0..TRIES).map(f).collect()
}

fn sorted(tiles: &[BuildingId]) -> Vec<BuildingId> {
    let mut tiles = tiles.to_vec();
    tiles.sort();
    tiles
}

/// The tile just under the face-up top of `colour`'s pile (the next one turned up).
fn under_top(s: &State, colour: Colour) -> Option<BuildingId> {
    let pile = s.pile(colour);
    pile.len().checked_sub(2).map(|i| pile[i])
}

#[test]
fn the_whole_table_stays_and_each_pile_keeps_its_top_and_its_tiles() {
    let s = game(3);
    for seed in 0..TRIES {
        let d = det(&s, seed);
        for seat in s.seats() {
            let viewer = Viewer::Seat(seat);
            assert_eq!(
                FirstBuilders::view(&d, viewer),
                FirstBuilders::view(&s, viewer)
            );
        }
        assert_eq!(d.market(), s.market());
        for colour in Colour::ALL {
            assert_eq!(d.pile(colour).last(), s.pile(colour).last());
            assert_eq!(sorted(d.pile(colour)), sorted(s.pile(colour)));
        }
        assert_eq!(FirstBuilders::invariants(&d), Ok(()));
    }
}

#[test]
fn the_tiles_under_each_pile_top_are_dealt_again() {
    let s = game(2);
    for colour in Colour::ALL {
        let next = outcomes(|seed| under_top(&det(&s, seed), colour));
        assert!(next.len() > 1, "{colour:?}: always {next:?} under the top");
    }
}

#[test]
fn the_tile_turned_up_after_a_market_build_differs() {
    let mut s = game(2);
    edit(&mut s, |p| {
        p.market(["Y1", "B4", "O1", "R1", "P1"])
            .resources(0, [2, 0, 2, 0])
            .task(0, Task::Build)
    });
    let turned_up = outcomes(|seed| {
        let mut d = det(&s, seed);
        act(
            &mut d,
            Action::MarketTile {
                slot: 3,
                farm: false,
            },
        );
        // The old top refilled the Market; the tile under it is now face up.
        d.pile(Colour::Orange).last().copied()
    });
    assert!(turned_up.len() > 1, "always {turned_up:?} turned up");
}

#[test]
fn a_farm_returned_under_its_pile_by_virgo_stays_at_the_bottom() {
    let mut s = Position::drafted(2).zodiac(0, ZodiacKind::Virgo).build();
    edit(&mut s, |p| {
        p.market(["Y1", "B4", "O1", "R1", "P1"])
            .farm(0, "Y4", 1, 0)
            .resources(0, [0, 0, 0, 0])
    });
    start_task(&mut s, Task::Build);
    act(
        &mut s,
        Action::MarketTile {
            slot: 5,
            farm: false,
        },
    );
    act(&mut s, Action::Place(Cell::new(1, 0)));
    assert_eq!(s.pile(Colour::Yellow)[0], building("Y4"));
    for seed in 0..TRIES {
        assert_eq!(det(&s, seed).pile(Colour::Yellow)[0], building("Y4"));
    }
    let next = outcomes(|seed| under_top(&det(&s, seed), Colour::Yellow));
    assert!(next.len() > 1, "the rest of the pile is not dealt again");
}

#[test]
fn the_dice_still_to_be_rolled_are_unknown() {
    let s = Position::drafted(2)
        .recruitment_slot(1, Some(die(Colour::Red, 2)))
        .freemen(0, &[])
        .task(
            0,
            Task::Recruit {
                free: true,
                optional: false,
            },
        )
        .build();
    let tracks = outcomes(|seed| {
        let mut d = det(&s, seed);
        // The die taken is replaced by a new roll.
        act(&mut d, Action::RecruitSlot(1));
        d.recruitment()
            .map(|slot| slot.map(|die| (die.colour.code(), die.value)))
    });
    assert!(tracks.len() > 1, "the new die always rolls {tracks:?}");
}

#[test]
fn two_tables_that_differ_only_under_a_pile_top_determinize_the_same() {
    let one = game(2);
    // The tile under the red top goes to the bottom of the red pile: it passes through
    // Market slot 1, whose tile comes back from under its own pile.
    let red = under_top(&one, Colour::Red).expect("a red pile of 3 tiles or more");
    let slot_1 = one.market()[0].expect("a tile in slot 1").code();
    let mut other = one.clone();
    edit(&mut other, |p| {
        p.market_slot(1, Some(red.code()))
            .market_slot(1, Some(slot_1))
    });
    assert_ne!(one, other);
    assert_eq!(
        FirstBuilders::view(&one, Viewer::Spectator),
        FirstBuilders::view(&other, Viewer::Spectator)
    );
    for seed in 0..TRIES {
        assert!(det(&one, seed) == det(&other, seed), "seed {seed}");
    }
}
