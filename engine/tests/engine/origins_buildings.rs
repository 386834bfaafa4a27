//! One test per building ability (rules page 3.9).
//!
//! CHECKLIST (building -> test; numbers from the rules page table, data rows A-19)
//! * Y1 Granary -> building_y1_granary            * R1 Armoury -> building_r1_armoury
//! * Y2 Port -> building_y2_port                  * R2 Arena -> building_r2_arena
//! * Y3 Market -> building_y3_market              * R3 Outpost -> building_r3_outpost
//! * Y4 Mint -> building_y4_mint                  * R4 Equestrian Grounds -> building_r4_equestrian_grounds
//! * Y5 Quarry -> building_y5_quarry              * R5 Fortress -> building_r5_fortress
//! * Y6 Workshop -> building_y6_workshop          * R6 Veterans' Quarters -> building_r6_veterans_quarters
//! * P1 Castle -> building_p1_castle              * B1 Forest Temple -> building_b1_forest_temple
//! * P2 Construction Site -> building_p2_construction_site
//! * P3 Court of Justice -> building_p3_court_of_justice
//! * P4 Estate -> building_p4_estate              * B2 Mountain Temple -> building_b2_mountain_temple
//! * P5 Forum -> building_p5_forum                * B3 Sea Temple -> building_b3_sea_temple
//! * P6 Stone Circle (T23) -> building_p6_stone_circle_worked_example_t23
//! * B4 Obelisk (T24) -> building_b4_obelisk_worked_example_t24
//! * B5 Sanctuary -> building_b5_sanctuary        * B6 Statue -> building_b6_statue
//! * O1 Artists' Salon -> building_o1_artists_salon
//! * O2 Astronomy Tower -> building_o2_astronomy_tower
//! * O3 Fountain of Wisdom -> building_o3_fountain_of_wisdom,
//!   building_o3_fountain_during_a_visit_to_the_same_place_ends_at_2
//! * O4 Portal -> building_o4_portal              * O5 Healer's House -> building_o5_healers_house
//! * O6 Mages' Tower -> building_o6_mages_tower,
//!   building_o6_mages_tower_may_copy_another_mages_tower_once_per_chain
//! * activation after building -> new_building_may_be_activated_after_building
//! * Agora (A-09) -> agora_activated_by_adjacent_district

use crate::origins_common::*;

use agora_engine::first_builders::state::Task;
use agora_engine::first_builders::testing::Position;
use agora_engine::first_builders::types::*;
use agora_engine::first_builders::State;
use agora_engine::Seat;

fn with(id: &str) -> State {
    Position::drafted(2)
        .current(0)
        .resources(0, [0, 0, 0, 0])
        .vp(0, 0)
        .freemen(0, &[])
        .building(0, id, 1, 0)
        .build()
}

fn run(s: &mut State) {
    activate_now(s, 1, 0);
}

#[test]
fn building_y1_granary() {
    let mut s = with("Y1");
    farm(&mut s, 0, -1, 0);
    farm(&mut s, 0, -1, 1);
    run(&mut s);
    assert_eq!(s.players()[0].res[1], 3);
}

#[test]
fn building_y2_port() {
    let mut s = with("Y2");
    put(&mut s, 0, "Y1", 2, 0);
    run(&mut s);
    assert_eq!(s.players()[0].vp, 4);
}

#[test]
fn building_y3_market() {
    let mut s = with("Y3");
    let mut away = freeman(Colour::Yellow, 2);
    away.at = Some(2);
    edit(&mut s, |p| {
        p.freemen(
            0,
            &[freeman(Colour::Yellow, 1), away, freeman(Colour::Red, 2)],
        )
    });
    run(&mut s);
    assert_eq!(s.players()[0].vp, 8);
}

#[test]
fn building_y4_mint() {
    let mut s = with("Y4");
    run(&mut s);
    assert_eq!(s.players()[0].res[3], 1);
}

#[test]
fn building_y5_quarry() {
    let mut s = with("Y5");
    run(&mut s);
    // (1,0): Palace on the left, 3 empty neighbours
    assert_eq!(s.players()[0].res[0], 4);
}

#[test]
fn building_y6_workshop() {
    let mut s = with("Y6");
    run(&mut s);
    act(&mut s, Action::Resource(Resource::Wisdom));
    assert_eq!(s.players()[0].res[2], 1);
}

#[test]
fn building_r1_armoury() {
    let mut s = with("R1");
    run(&mut s);
    act(&mut s, Action::Advance);
    assert_eq!(s.players()[0].military, 2);
    act(&mut s, Action::Attack);
    // space 2: TRADE bonus; 1 opponent behind, 0 boundaries
    assert_eq!(s.players()[0].vp, 1);
    assert_eq!(s.tasks().last(), Some(&Task::Trade));
}

#[test]
fn building_r2_arena() {
    let mut s = with("R2");
    put(&mut s, 0, "R3", 2, 0);
    edit(&mut s, |p| p.freemen(0, &[freeman(Colour::Red, 2)]));
    run(&mut s);
    assert_eq!(s.players()[0].vp, 2 * 2 + 2);
}

#[test]
fn building_r3_outpost() {
    let mut s = with("R3");
    run(&mut s);
    assert_eq!(legal(&s), vec![Action::Advance, Action::Attack]);
    act(&mut s, Action::Advance);
    assert_eq!(s.players()[0].military, 1);
    assert!(s.tasks().is_empty(), "advance OR attack");
}

#[test]
fn building_r4_equestrian_grounds() {
    let mut s = with("R4");
    edit(&mut s, |p| p.military(1, 0));
    run(&mut s);
    assert_eq!(s.players()[0].military, 2);
    act(&mut s, Action::Resource(Resource::Food));
    assert_eq!(s.players()[0].res[1], 1);
    assert!(s.tasks().is_empty(), "one choice per weaker marker");
    // a marker on the same space is not behind
    let mut s = with("R4");
    edit(&mut s, |p| p.military(1, 2));
    run(&mut s);
    assert_eq!(s.players()[0].military, 2);
    assert!(s.tasks().is_empty());
    assert_eq!(s.players()[0].res, [0, 0, 0, 0]);
}

#[test]
fn building_r5_fortress() {
    let mut s = with("R5");
    put(&mut s, 0, "R1", 2, 0);
    put(&mut s, 0, "R3", 3, 0);
    run(&mut s);
    assert_eq!(s.players()[0].military, 3);
}

#[test]
fn building_r6_veterans_quarters() {
    let mut s = with("R6");
    edit(&mut s, |p| {
        p.freemen(0, &[freeman(Colour::Red, 4), freeman(Colour::Blue, 1)])
    });
    run(&mut s);
    act(&mut s, Action::Freeman(0));
    assert_eq!(s.players()[0].vp, 4);
    assert_eq!(s.players()[0].freemen[0].die.value, 3);
    run(&mut s);
    act(&mut s, Action::Freeman(1));
    assert_eq!(s.players()[0].freemen[1].die.value, 1, "minimum 1 (A-24)");
}

#[test]
fn building_p1_castle() {
    let mut s = with("P1");
    edit(&mut s, |p| {
        p.seats_of_power(
            0,
            &[
                (Cell::new(5, 5), die(Colour::Red, 1)),
                (Cell::new(6, 6), die(Colour::Red, 1)),
            ],
        )
    });
    run(&mut s);
    assert_eq!(s.players()[0].vp, 7);
}

#[test]
fn building_p2_construction_site() {
    let mut s = with("P2");
    let tile = s.market()[0].expect("tile");
    run(&mut s);
    act(
        &mut s,
        Action::MarketTile {
            slot: 1,
            farm: false,
        },
    );
    assert_eq!(s.players()[0].kept, vec![tile]);
    assert!(s.market().iter().all(|m| m.is_some()));
    // later: build it paying only its Stone
    let stone = tile.row().expect("tile").stone as u32;
    edit(&mut s, |p| {
        p.resources(0, [3, 0, 5, 0]).task(0, Task::Build)
    });
    act(&mut s, Action::KeptTile(0));
    act(&mut s, Action::Place(Cell::new(2, 0)));
    assert_eq!(s.players()[0].res, [3 - stone, 0, 5, 0], "only its Stone");
    assert!(s.players()[0].kept.is_empty());
    assert_eq!(s.building_at(Seat(0), Cell::new(2, 0)), Some(tile));
}

#[test]
fn building_p3_court_of_justice() {
    let mut s = with("P3");
    edit(&mut s, |p| p.freemen(0, &[freeman(Colour::Red, 4)]));
    let (r, b) = (s.dice_reserve(Colour::Red), s.dice_reserve(Colour::Blue));
    run(&mut s);
    act(
        &mut s,
        Action::SwapDie {
            freeman: 0,
            colour: Colour::Blue,
        },
    );
    assert_eq!(s.players()[0].freemen, vec![freeman(Colour::Blue, 4)]);
    assert_eq!(
        (s.dice_reserve(Colour::Red), s.dice_reserve(Colour::Blue)),
        (r + 1, b - 1)
    );
}

#[test]
fn building_p4_estate() {
    let mut s = with("P4");
    edit(&mut s, |p| {
        p.recruitment_slot(5, Some(die(Colour::Orange, 5)))
    });
    run(&mut s);
    act(&mut s, Action::RecruitSlot(5));
    assert_eq!(s.players()[0].freemen, vec![freeman(Colour::Orange, 5)]);
    assert_eq!(s.players()[0].res[2], 0, "free");
}

#[test]
fn building_p5_forum() {
    let mut s = with("P5");
    edit(&mut s, |p| p.orator_area(&[None, Some(3), None, None]));
    run(&mut s);
    act(&mut s, Action::OratorSlot(2));
    assert_eq!(s.players()[0].orators, vec![Orator { value: 3, at: None }]);
}

#[test]
fn building_p6_stone_circle_worked_example_t23() {
    let mut s = with("P6");
    put(&mut s, 0, "R1", 2, 0);
    put(&mut s, 0, "R3", 3, 0);
    put(&mut s, 0, "Y1", 4, 0);
    put(&mut s, 0, "B4", 5, 0);
    farm(&mut s, 0, 6, 0);
    run(&mut s);
    assert_eq!(s.players()[0].vp, 6);
}

/// Temple building: +2 on its own track (no Zodiac card), then 1 Gold for +1 step on
/// another track.
fn temple_building(id: &str, own: Temple, other: Temple) {
    let mut s = with(id);
    edit(&mut s, |p| p.resource(0, Resource::Gold, 1));
    let cards = *s.zodiac();
    run(&mut s);
    let mut expected = [0, 0, 0];
    expected[own.index()] = 2;
    assert_eq!(s.players()[0].temples, expected);
    assert_eq!(*s.zodiac(), cards, "no Zodiac card");
    assert!(!legal(&s).contains(&Action::Track(own)), "another temple");
    act(&mut s, Action::Track(other));
    expected[other.index()] = 1;
    assert_eq!(s.players()[0].temples, expected);
    assert_eq!(s.players()[0].res[3], 0, "1 Gold");
    // without Gold the extra step is not offered
    let mut s = with(id);
    run(&mut s);
    assert!(!legal(&s).contains(&Action::Track(other)));
}

#[test]
fn building_b1_forest_temple() {
    temple_building("B1", Temple::Forest, Temple::Sea);
}

#[test]
fn building_b2_mountain_temple() {
    temple_building("B2", Temple::Mountain, Temple::Forest);
}

#[test]
fn building_b3_sea_temple() {
    temple_building("B3", Temple::Sea, Temple::Mountain);
}

#[test]
fn building_b4_obelisk_worked_example_t24() {
    let mut s = with("B4");
    put(&mut s, 0, "B4", 2, 0);
    put(&mut s, 0, "B4", 3, 0);
    run(&mut s);
    assert_eq!(s.players()[0].vp, 4);
    put(&mut s, 0, "B4", 4, 0);
    put(&mut s, 0, "B4", 5, 0);
    edit(&mut s, |p| p.vp(0, 0));
    run(&mut s);
    assert_eq!(s.players()[0].vp, 7);
}

#[test]
fn building_b5_sanctuary() {
    let mut s = with("B5");
    edit(&mut s, |p| {
        p.zodiac_holder(Temple::Forest, Some(0))
            .zodiac_holder(Temple::Mountain, Some(0))
            .zodiac_holder(Temple::Sea, None)
    });
    run(&mut s);
    assert_eq!(s.players()[0].vp, 6);
}

#[test]
fn building_b6_statue() {
    let mut s = with("B6");
    run(&mut s);
    act(&mut s, Action::Track(Temple::Mountain));
    assert_eq!(s.players()[0].temples, [0, 1, 0]);
}

#[test]
fn building_o1_artists_salon() {
    let mut s = with("O1");
    edit(&mut s, |p| {
        p.freemen(
            0,
            &[
                freeman(Colour::Red, 1),
                freeman(Colour::Red, 2),
                freeman(Colour::Blue, 2),
            ],
        )
    });
    run(&mut s);
    assert_eq!(s.players()[0].vp, 6);
}

#[test]
fn building_o2_astronomy_tower() {
    let mut s = with("O2");
    edit(&mut s, |p| p.counsellors(0, &[Colour::Red, Colour::Blue]));
    run(&mut s);
    assert_eq!(s.players()[0].res[2], 3);
}

#[test]
fn building_o3_fountain_of_wisdom() {
    let mut s = with("O3");
    edit(&mut s, |p| p.dial(4, 5));
    run(&mut s);
    assert_eq!(s.players()[0].res[2], 1);
    act(&mut s, Action::MeetingPlace(4));
    assert_eq!(s.places()[3].dial, 1);
}

#[test]
fn building_o4_portal() {
    let mut s = with("O4");
    edit(&mut s, |p| {
        p.freemen(0, &[freeman(Colour::Red, 4), freeman(Colour::Blue, 6)])
    });
    run(&mut s);
    assert!(!legal(&s).contains(&Action::FreemanPlus {
        freeman: 1,
        plus: 2
    }));
    act(
        &mut s,
        Action::FreemanPlus {
            freeman: 0,
            plus: 2,
        },
    );
    assert_eq!(s.players()[0].freemen[0].die.value, 6);
    run(&mut s);
    act(
        &mut s,
        Action::FreemanPlus {
            freeman: 1,
            plus: 1,
        },
    );
    assert_eq!(s.players()[0].counsellors, vec![Colour::Blue]);
}

#[test]
fn building_o5_healers_house() {
    let mut s = with("O5");
    edit(&mut s, |p| {
        p.freemen(
            0,
            &[
                freeman(Colour::Red, 1),
                freeman(Colour::Red, 2),
                freeman(Colour::Blue, 2),
            ],
        )
    });
    run(&mut s);
    assert_eq!(s.players()[0].vp, 4);
}

#[test]
fn building_o6_mages_tower() {
    let mut s = with("O6");
    put(&mut s, 0, "Y4", 2, 0);
    put(&mut s, 0, "O6", 1, 1);
    run(&mut s);
    // Both adjacent coloured buildings, the other Mages' Tower included.
    assert_eq!(
        legal(&s),
        vec![
            Action::Activate(Cell::new(2, 0)),
            Action::Activate(Cell::new(1, 1)),
            Action::Done
        ]
    );
    act(&mut s, Action::Activate(Cell::new(2, 0)));
    assert_eq!(s.players()[0].res[3], 1);
}

/// « Tour des Mages : Utilisez la capacité d'un Bâtiment adjacent. » Another Mages' Tower is
/// a Bâtiment: using its ability uses a building next to *it*. The chain never comes back
/// to a tower already used, so it always ends.
#[test]
fn building_o6_mages_tower_may_copy_another_mages_tower_once_per_chain() {
    let mut s = with("O6"); // the first tower at (1,0)
    put(&mut s, 0, "O6", 1, 1); // a second tower above it
    put(&mut s, 0, "Y4", 2, 1); // a Mint next to the second tower only
    run(&mut s);
    assert_eq!(
        legal(&s),
        vec![Action::Activate(Cell::new(1, 1)), Action::Done],
        "the first tower may copy the second"
    );
    act(&mut s, Action::Activate(Cell::new(1, 1)));
    assert_eq!(
        legal(&s),
        vec![Action::Activate(Cell::new(2, 1)), Action::Done],
        "the second tower uses its own neighbour, the Mint, never the first tower again"
    );
    act(&mut s, Action::Activate(Cell::new(2, 1)));
    assert_eq!(s.players()[0].res[3], 1, "the Mint's Gold");
    assert!(s.tasks().is_empty(), "the chain is over");
}

#[test]
fn new_building_may_be_activated_after_building() {
    let mut s = Position::drafted(2)
        .market_slot(1, Some("Y4"))
        .resources(0, [2, 0, 0, 0])
        .task(0, Task::Build)
        .build();
    act(
        &mut s,
        Action::MarketTile {
            slot: 1,
            farm: false,
        },
    );
    act(&mut s, Action::Place(Cell::new(1, 0)));
    assert_eq!(
        legal(&s),
        vec![Action::Activate(Cell::new(1, 0)), Action::Done]
    );
    act(&mut s, Action::Activate(Cell::new(1, 0)));
    assert_eq!(s.players()[0].res, [0, 0, 0, 1]);
}

#[test]
fn agora_activated_by_adjacent_district() {
    let mut s = Position::drafted(2)
        .districts(&[])
        .building(0, "Y4", 1, 0)
        .building(0, "R1", 1, 1)
        .freemen(0, &[freeman(Colour::Yellow, 3)])
        .current(0)
        .build();
    act(&mut s, Action::CompleteDistrict(0));
    act(&mut s, Action::Seat(Cell::new(0, 0)));
    let l = legal(&s);
    assert!(l.contains(&Action::Activate(Cell::new(0, 1))), "Agora");
    assert!(
        l.contains(&Action::Activate(Cell::new(1, 0))),
        "yellow Mint"
    );
    assert!(
        !l.contains(&Action::Activate(Cell::new(1, 1))),
        "red Armoury"
    );
    act(&mut s, Action::Activate(Cell::new(0, 1)));
    act(&mut s, Action::Resource(Resource::Stone));
}

#[test]
fn building_o3_fountain_during_a_visit_to_the_same_place_ends_at_2() {
    // the Fountain sets the visited Meeting Place to 1, then the visit's +1 makes 2.
    let mut s = Position::drafted(2)
        .current(0)
        .market_slot(1, Some("O3"))
        .dial(2, 4)
        .freemen(0, &[freeman(Colour::Red, 5)])
        .resources(0, [1, 0, 0, 0])
        .build();
    act(&mut s, Action::Worker(Worker::Freeman(0)));
    act(&mut s, Action::MeetingPlace(2));
    act(&mut s, Action::Main(MainSlot::Bottom));
    act(
        &mut s,
        Action::MarketTile {
            slot: 1,
            farm: false,
        },
    );
    act(&mut s, Action::Place(Cell::new(1, 0)));
    act(&mut s, Action::Activate(Cell::new(1, 0)));
    assert_eq!(s.players()[0].res[2], 1);
    act(&mut s, Action::MeetingPlace(2));
    assert_eq!(s.places()[1].dial, 1);
    // The only activation is done: no bare "Done" is asked, the visit ends.
    act(&mut s, Action::FinishVisit);
    assert_eq!(s.places()[1].dial, 2);
}
