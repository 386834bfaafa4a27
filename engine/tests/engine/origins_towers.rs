//! Towers on District cards (A-21 corrected): a card shows 1 to 3 towers, one reserve
//! floor each, and the reserve never outgrows the box.

use agora_engine::first_builders::data::{check_towers, tables, validate, Tables};
use agora_engine::first_builders::setup::tower_reserve;
use agora_engine::first_builders::types::{Colour, DistrictId, Options};
use agora_engine::first_builders::FirstBuilders;
use agora_engine::Game;

fn card(id: &str) -> DistrictId {
    DistrictId::from_code(id).expect("card id")
}

#[test]
fn a_card_showing_three_towers_adds_three_floors() {
    let d01 = card("D01");
    assert_eq!(
        d01.row().expect("row").towers,
        vec![Colour::Red, Colour::Purple, Colour::Blue]
    );
    assert_eq!(tower_reserve(&[d01]), [2, 2, 2, 1, 1]);
    // D02 shows P, B, Y and D03 B, Y, O: on top of one floor per colour (S11),
    // red 1 + 1, purple 1 + 2, blue 1 + 3, yellow 1 + 2, orange 1 + 1.
    assert_eq!(
        tower_reserve(&[d01, card("D02"), card("D03")]),
        [2, 3, 4, 3, 2]
    );
}

#[test]
fn every_card_shows_three_towers_of_three_colours() {
    validate().expect("data");
    for d in &tables().districts {
        let mut colours = d.towers.clone();
        colours.sort();
        colours.dedup();
        assert_eq!(colours.len(), 3, "{}: three towers, three colours", d.id);
    }
    for c in Colour::ALL {
        let shown: usize = tables()
            .districts
            .iter()
            .map(|d| d.towers.iter().filter(|&&x| x == c).count())
            .sum();
        assert_eq!(shown, 27, "{c:?}");
    }
}

#[test]
fn the_reserve_never_exceeds_the_components() {
    for players in 1..=4u8 {
        for seed in 0..300 {
            let options = Options {
                players,
                ..Options::default()
            };
            let s = FirstBuilders::setup(&options, seed).expect("setup");
            for c in Colour::ALL {
                assert!(s.floor_reserve(c) <= 8, "{players}p seed {seed}: {c:?}");
                assert!(s.floor_reserve(c) >= 1, "one floor of each colour (S11)");
                let in_play = s.floor_reserve(c) + players + s.floor_box(c);
                assert_eq!(in_play, 12, "12 floors of a colour in the box");
            }
            assert_eq!(
                Colour::ALL.map(|c| s.floor_reserve(c)),
                tower_reserve(&s.districts().iter().map(|d| d.0).collect::<Vec<_>>())
            );
        }
    }
}

#[test]
fn the_data_check_refuses_a_deck_that_would_outgrow_the_box() {
    let t = tables();
    let mut districts = t.districts.clone();
    // Six cards showing 2 red towers each: 1 + 12 red floors with 6 cards revealed.
    for d in districts.iter_mut().take(6) {
        d.towers = vec![Colour::Red, Colour::Red];
    }
    let bad = Tables {
        board: t.board.clone(),
        buildings: t.buildings.clone(),
        districts,
        zodiac: t.zodiac.clone(),
    };
    let err = check_towers(&bad).expect_err("too many red floors");
    assert!(
        err.starts_with("R: up to 11 floors in the reserve with 3 players"),
        "{err}"
    );
    let mut four = t.districts.clone();
    four[0].towers = vec![Colour::Red; 4];
    let bad = Tables {
        districts: four,
        ..bad
    };
    assert_eq!(
        check_towers(&bad).expect_err("4 towers"),
        "D01: 1 to 3 towers expected"
    );
}

#[test]
fn the_view_shows_each_revealed_cards_towers_and_they_make_the_reserve() {
    for players in 1..=4u8 {
        let s = FirstBuilders::setup(&Options::players(players), 21).expect("setup");
        let view = FirstBuilders::view(&s, agora_engine::Viewer::Spectator);
        let cards: Vec<DistrictId> = view.district_cards.iter().map(|c| c.id).collect();
        for c in &view.district_cards {
            assert_eq!(c.towers, c.id.row().expect("row").towers, "{}", c.id.code());
        }
        assert_eq!(
            view.floor_reserve,
            tower_reserve(&cards),
            "{players} players"
        );
    }
}
