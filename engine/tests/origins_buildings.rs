//! One test per building ability (rules page 3.9).

mod origins_common;
use origins_common::*;

use agora_engine::origins::state::Task;
use agora_engine::origins::types::*;
use agora_engine::origins::State;

fn with(id: &str) -> State {
    let mut s = game(2);
    s.current = 0;
    s.players[0].res = [0, 0, 0, 0];
    s.players[0].vp = 0;
    s.players[0].freemen.clear();
    put(&mut s, 0, id, 1, 0);
    s
}

fn run(s: &mut State) {
    activate_now(s, 1, 0);
}

#[test]
fn y1_granary() {
    let mut s = with("Y1");
    farm(&mut s, 0, -1, 0);
    farm(&mut s, 0, -1, 1);
    run(&mut s);
    assert_eq!(s.players[0].res[1], 3);
}

#[test]
fn y2_port() {
    let mut s = with("Y2");
    put(&mut s, 0, "Y1", 2, 0);
    run(&mut s);
    assert_eq!(s.players[0].vp, 4);
}

#[test]
fn y3_market() {
    let mut s = with("Y3");
    s.players[0].freemen = vec![
        freeman(Colour::Yellow, 1),
        freeman(Colour::Yellow, 2),
        freeman(Colour::Red, 2),
    ];
    s.players[0].freemen[1].at = Some(2);
    run(&mut s);
    assert_eq!(s.players[0].vp, 8);
}

#[test]
fn y4_mint() {
    let mut s = with("Y4");
    run(&mut s);
    assert_eq!(s.players[0].res[3], 1);
}

#[test]
fn y5_quarry() {
    let mut s = with("Y5");
    run(&mut s);
    // (1,0): Palace on the left, 3 empty neighbours
    assert_eq!(s.players[0].res[0], 4);
}

#[test]
fn y6_workshop() {
    let mut s = with("Y6");
    run(&mut s);
    act(&mut s, Action::Resource(Resource::Wisdom));
    assert_eq!(s.players[0].res[2], 1);
}

#[test]
fn r1_armoury() {
    let mut s = with("R1");
    run(&mut s);
    act(&mut s, Action::Advance);
    assert_eq!(s.players[0].military, 2);
    act(&mut s, Action::Attack);
    // space 2: TRADE bonus; 1 opponent behind, 0 boundaries
    assert_eq!(s.players[0].vp, 1);
    assert_eq!(s.tasks.last(), Some(&Task::Trade));
}

#[test]
fn r2_arena() {
    let mut s = with("R2");
    put(&mut s, 0, "R3", 2, 0);
    s.players[0].freemen = vec![freeman(Colour::Red, 2)];
    run(&mut s);
    assert_eq!(s.players[0].vp, 2 * 2 + 2);
}

#[test]
fn r3_outpost() {
    let mut s = with("R3");
    run(&mut s);
    assert_eq!(legal(&s), vec![Action::Advance, Action::Attack]);
    act(&mut s, Action::Advance);
    assert_eq!(s.players[0].military, 1);
    assert!(s.tasks.is_empty(), "advance OR attack");
}

#[test]
fn r4_equestrian_grounds() {
    let mut s = with("R4");
    s.players[1].military = 0;
    run(&mut s);
    assert_eq!(s.players[0].military, 2);
    act(&mut s, Action::Resource(Resource::Food));
    assert_eq!(s.players[0].res[1], 1);
}

#[test]
fn r5_fortress() {
    let mut s = with("R5");
    put(&mut s, 0, "R1", 2, 0);
    put(&mut s, 0, "R3", 3, 0);
    run(&mut s);
    assert_eq!(s.players[0].military, 3);
}

#[test]
fn r6_veterans_quarters() {
    let mut s = with("R6");
    s.players[0].freemen = vec![freeman(Colour::Red, 4), freeman(Colour::Blue, 1)];
    run(&mut s);
    act(&mut s, Action::Freeman(0));
    assert_eq!(s.players[0].vp, 4);
    assert_eq!(s.players[0].freemen[0].die.value, 3);
    run(&mut s);
    act(&mut s, Action::Freeman(1));
    assert_eq!(s.players[0].freemen[1].die.value, 1, "minimum 1 (A-24)");
}

#[test]
fn p1_castle() {
    let mut s = with("P1");
    s.players[0].seats = vec![
        (
            Cell::new(5, 5),
            Die {
                colour: Colour::Red,
                value: 1,
            },
        ),
        (
            Cell::new(6, 6),
            Die {
                colour: Colour::Red,
                value: 1,
            },
        ),
    ];
    run(&mut s);
    assert_eq!(s.players[0].vp, 7);
}

#[test]
fn p2_construction_site() {
    let mut s = with("P2");
    let tile = s.market[0].expect("tile");
    run(&mut s);
    act(
        &mut s,
        Action::MarketTile {
            slot: 1,
            farm: false,
        },
    );
    assert_eq!(s.players[0].kept, vec![tile]);
    assert!(s.market.iter().all(|m| m.is_some()));
    // later: build it paying only its Stone
    s.players[0].res = [3, 0, 0, 0];
    start_task(&mut s, Task::Build);
    act(&mut s, Action::KeptTile(0));
    act(&mut s, Action::Place(Cell::new(2, 0)));
    assert!(s.players[0].kept.is_empty());
    assert_eq!(s.building_at(0, Cell::new(2, 0)), Some(tile));
}

#[test]
fn p3_court_of_justice() {
    let mut s = with("P3");
    s.players[0].freemen = vec![freeman(Colour::Red, 4)];
    let (r, b) = (s.dice_reserve[0], s.dice_reserve[2]);
    run(&mut s);
    act(
        &mut s,
        Action::SwapDie {
            freeman: 0,
            colour: Colour::Blue,
        },
    );
    assert_eq!(s.players[0].freemen, vec![freeman(Colour::Blue, 4)]);
    assert_eq!((s.dice_reserve[0], s.dice_reserve[2]), (r + 1, b - 1));
}

#[test]
fn p4_estate() {
    let mut s = with("P4");
    s.recruitment[4] = Some(Die {
        colour: Colour::Orange,
        value: 5,
    });
    run(&mut s);
    act(&mut s, Action::RecruitSlot(5));
    assert_eq!(s.players[0].freemen, vec![freeman(Colour::Orange, 5)]);
    assert_eq!(s.players[0].res[2], 0, "free");
}

#[test]
fn p5_forum() {
    let mut s = with("P5");
    s.orator_area = vec![None, Some(3), None, None];
    run(&mut s);
    act(&mut s, Action::OratorSlot(2));
    assert_eq!(s.players[0].orators, vec![Orator { value: 3, at: None }]);
}

#[test]
fn p6_stone_circle_t23() {
    let mut s = with("P6");
    put(&mut s, 0, "R1", 2, 0);
    put(&mut s, 0, "R3", 3, 0);
    put(&mut s, 0, "Y1", 4, 0);
    put(&mut s, 0, "B4", 5, 0);
    farm(&mut s, 0, 6, 0);
    run(&mut s);
    assert_eq!(s.players[0].vp, 6);
}

#[test]
fn b1_b2_b3_temples() {
    for (id, t) in [
        ("B1", Temple::Forest),
        ("B2", Temple::Mountain),
        ("B3", Temple::Sea),
    ] {
        let mut s = with(id);
        s.players[0].res[3] = 1;
        run(&mut s);
        assert_eq!(s.players[0].temples[t.index()], 2);
        assert!(!legal(&s).contains(&Action::Track(t)));
        let other = if t == Temple::Sea {
            Temple::Forest
        } else {
            Temple::Sea
        };
        act(&mut s, Action::Track(other));
        assert_eq!(s.players[0].temples[other.index()], 1);
        assert_eq!(s.players[0].res[3], 0);
    }
}

#[test]
fn b4_obelisk_t24() {
    let mut s = with("B4");
    put(&mut s, 0, "B4", 2, 0);
    put(&mut s, 0, "B4", 3, 0);
    run(&mut s);
    assert_eq!(s.players[0].vp, 4);
    put(&mut s, 0, "B4", 4, 0);
    put(&mut s, 0, "B4", 5, 0);
    s.players[0].vp = 0;
    run(&mut s);
    assert_eq!(s.players[0].vp, 7);
}

#[test]
fn b5_sanctuary() {
    let mut s = with("B5");
    s.zodiac[0].1 = Some(0);
    s.zodiac[1].1 = Some(0);
    s.zodiac[2].1 = None;
    run(&mut s);
    assert_eq!(s.players[0].vp, 6);
}

#[test]
fn b6_statue() {
    let mut s = with("B6");
    run(&mut s);
    act(&mut s, Action::Track(Temple::Mountain));
    assert_eq!(s.players[0].temples, [0, 1, 0]);
}

#[test]
fn o1_artists_salon() {
    let mut s = with("O1");
    s.players[0].freemen = vec![
        freeman(Colour::Red, 1),
        freeman(Colour::Red, 2),
        freeman(Colour::Blue, 2),
    ];
    run(&mut s);
    assert_eq!(s.players[0].vp, 6);
}

#[test]
fn o2_astronomy_tower() {
    let mut s = with("O2");
    s.players[0].counsellors = vec![Colour::Red, Colour::Blue];
    run(&mut s);
    assert_eq!(s.players[0].res[2], 3);
}

#[test]
fn o3_fountain_of_wisdom() {
    let mut s = with("O3");
    s.places[3].dial = 5;
    run(&mut s);
    assert_eq!(s.players[0].res[2], 1);
    act(&mut s, Action::MeetingPlace(4));
    assert_eq!(s.places[3].dial, 1);
}

#[test]
fn o4_portal() {
    let mut s = with("O4");
    s.players[0].freemen = vec![freeman(Colour::Red, 4), freeman(Colour::Blue, 6)];
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
    assert_eq!(s.players[0].freemen[0].die.value, 6);
    run(&mut s);
    act(
        &mut s,
        Action::FreemanPlus {
            freeman: 1,
            plus: 1,
        },
    );
    assert_eq!(s.players[0].counsellors, vec![Colour::Blue]);
}

#[test]
fn o5_healers_house() {
    let mut s = with("O5");
    s.players[0].freemen = vec![
        freeman(Colour::Red, 1),
        freeman(Colour::Red, 2),
        freeman(Colour::Blue, 2),
    ];
    run(&mut s);
    assert_eq!(s.players[0].vp, 4);
}

#[test]
fn o6_mages_tower() {
    let mut s = with("O6");
    put(&mut s, 0, "Y4", 2, 0);
    put(&mut s, 0, "O6", 1, 1);
    run(&mut s);
    assert_eq!(
        legal(&s),
        vec![Action::Activate(Cell::new(2, 0)), Action::Done]
    );
    act(&mut s, Action::Activate(Cell::new(2, 0)));
    assert_eq!(s.players[0].res[3], 1);
}

#[test]
fn new_building_may_be_activated_after_building() {
    let mut s = game(2);
    s.market[0] = Some(b("Y4"));
    s.players[0].res = [2, 0, 0, 0];
    start_task(&mut s, Task::Build);
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
    assert_eq!(s.players[0].res, [0, 0, 0, 1]);
}

#[test]
fn agora_activated_by_adjacent_district() {
    let mut s = game(2);
    s.districts.clear();
    put(&mut s, 0, "Y4", 1, 0);
    put(&mut s, 0, "R1", 1, 1);
    s.players[0].freemen = vec![freeman(Colour::Yellow, 3)];
    s.current = 0;
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
