//! Worked examples of the rules page (section 5) and rule tests: bonus actions,
//! zodiac cards and District matching. Building abilities: origins_buildings.rs.

mod origins_common;
use origins_common::*;

use agora_engine::origins::city::pattern_matches;
use agora_engine::origins::data::{tables, validate, ZodiacKind};
use agora_engine::origins::military::{advance, attack, bastion_holder, retreat};
use agora_engine::origins::round::BASE_END_CONDITIONS;
use agora_engine::origins::scoring::{final_score, solo_target};
use agora_engine::origins::setup::{recruitment_order, tower_reserve};
use agora_engine::origins::state::Task;
use agora_engine::origins::types::*;
use agora_engine::origins::Origins;
use agora_engine::{Game, Seat};

#[test]
fn data_tables_are_valid() {
    validate().expect("valid data");
}

#[test]
fn setup_counts() {
    for players in 1..=4u8 {
        let s = Origins::setup(&Options { players }, 9).expect("setup");
        let pc = tables().player_count(players).expect("row");
        assert_eq!(s.districts.len(), pc.district_cards as usize);
        assert!(s.districts.iter().all(|(_, g)| *g == 2));
        assert_eq!(s.orator_area.iter().flatten().count(), pc.orators as usize);
        assert_eq!(s.market.iter().flatten().count(), 5);
        assert!(s.places.iter().all(|p| p.dial == 1));
        assert!(s
            .recruitment
            .iter()
            .flatten()
            .all(|d| (1..=5).contains(&d.value)));
    }
    assert!(Origins::setup(&Options { players: 5 }, 1).is_err());
    assert!(Origins::setup(&Options { players: 0 }, 1).is_err());
}

#[test]
fn snake_draft_order() {
    let mut s = Origins::setup(&Options { players: 3 }, 11).expect("setup");
    let first = s.bastion;
    let mut order = Vec::new();
    while s.phase == agora_engine::origins::state::Phase::Draft {
        order.push(s.current);
        let seat = Seat(s.current);
        Origins::apply(&mut s, seat, &Action::DraftDie(0)).expect("draft");
    }
    let a = first;
    let b = (first + 1) % 3;
    let c = (first + 2) % 3;
    assert_eq!(order, vec![a, b, c, c, b, a]);
    assert!(s.players.iter().all(|p| p.freemen.len() == 2));
    assert_eq!(s.current, first);
}

#[test]
fn solo_draft_discards_two_highest() {
    let mut s = Origins::setup(&Options { players: 1 }, 5).expect("setup");
    let max = s.draft_pool.iter().map(|d| d.value).max().unwrap_or(0);
    for a in Origins::legal_actions(&s, Seat(0)) {
        let Action::DraftDie(i) = a else { panic!() };
        assert_eq!(s.draft_pool[i as usize].value, max);
    }
    for _ in 0..3 {
        let a = legal(&s)[0];
        act(&mut s, a);
    }
    assert_eq!(s.players[0].freemen.len(), 2);
}

// ---------------------------------------------------------------- worked examples

#[test]
fn t01_attack() {
    let mut s = game(3);
    s.neutral = None;
    s.players[0].military = 9; // W+ space, 2 boundaries crossed
    s.players[1].military = 5;
    s.players[2].military = 9;
    let (vp, w) = (s.players[0].vp, s.players[0].res[2]);
    attack(&mut s, 0);
    assert_eq!(s.players[0].vp - vp, 3, "2 boundaries + 1 weaker marker");
    assert_eq!(s.players[0].res[2] - w, 1);
    // W+ under A-08 also grants one basic resource of choice
    assert_eq!(s.tasks.last(), Some(&Task::GainBasic { n: 1 }));
}

#[test]
fn t02_advance_crosses_boundary_lands_on_top() {
    let mut s = game(3);
    s.players[0].military = 5;
    s.players[1].military = 6;
    s.players[2].military = 7;
    advance(&mut s, 0, 2);
    assert_eq!(s.players[0].military, 7);
    assert_eq!(s.players[0].superiority, 1);
    assert!(s.players[0].military_key > s.players[2].military_key);
}

#[test]
fn t03_final_scoring_72() {
    let mut s = game(2);
    let p = &mut s.players[0];
    p.vp = 0;
    p.res = [0, 0, 0, 4];
    p.counsellors = vec![Colour::Red, Colour::Purple, Colour::Blue];
    p.temples = [11, 7, 5];
    p.towers = [1, 1, 1, 1, 2];
    p.seats = vec![
        (
            Cell::new(5, 5),
            Die {
                colour: Colour::Orange,
                value: 6,
            },
        ),
        (
            Cell::new(6, 6),
            Die {
                colour: Colour::Red,
                value: 3,
            },
        ),
    ];
    assert_eq!(final_score(&s, 0), 72);
}

#[test]
fn t04_raise_tower() {
    let mut s = game(2);
    s.current = 0;
    s.players[0].towers[Colour::Orange.index()] = 3;
    s.players[0].res[3] = 3;
    s.floor_reserve[Colour::Orange.index()] = 2;
    act(&mut s, Action::RaiseTower(Colour::Orange));
    assert_eq!(s.players[0].res[3], 0);
    assert_eq!(s.players[0].towers[Colour::Orange.index()], 4);
    assert_eq!(s.floor_reserve[Colour::Orange.index()], 1);
}

#[test]
fn t05_population() {
    let mut s = game(2);
    s.current = 0;
    s.players[0].res = [0, 2, 0, 0];
    act(&mut s, Action::BuyBase);
    assert_eq!(s.players[0].bases, 3);
    assert_eq!(s.players[0].res[1], 0);
    s.current = 0;
    s.step = agora_engine::origins::state::TurnStep::Start;
    s.players[0].bases = 5;
    s.players[0].res = [0, 8, 0, 0];
    let vp = s.players[0].vp;
    act(&mut s, Action::BuyBase);
    assert_eq!(s.players[0].bases, 6);
    assert_eq!(s.players[0].res[1], 0);
    assert_eq!(s.players[0].vp - vp, 10);
}

fn market_setup(s: &mut agora_engine::origins::State) {
    s.market = [
        Some(b("Y1")),
        Some(b("B4")),
        Some(b("O1")), // orange, 2 Stone
        Some(b("R1")),
        Some(b("P1")),
    ];
}

#[test]
fn t06_build_from_market() {
    let mut s = game(2);
    market_setup(&mut s);
    let next = *s.piles[Colour::Orange.index()].last().expect("orange pile");
    let pile = s.piles[Colour::Orange.index()].len();
    s.players[0].res = [2, 0, 2, 0];
    start_task(&mut s, Task::Build);
    act(
        &mut s,
        Action::MarketTile {
            slot: 3,
            farm: false,
        },
    );
    assert_eq!(
        s.market,
        [
            Some(b("Y1")),
            Some(b("B4")),
            Some(b("R1")),
            Some(b("P1")),
            Some(next)
        ]
    );
    assert_eq!(s.piles[Colour::Orange.index()].len(), pile - 1);
    act(&mut s, Action::Place(Cell::new(1, 0)));
    assert_eq!(s.players[0].res, [0, 0, 0, 0]);
    assert_eq!(s.building_at(0, Cell::new(1, 0)), Some(b("O1")));
}

#[test]
fn t07_farm_from_market() {
    let mut s = game(2);
    market_setup(&mut s);
    s.players[0].res = [0, 0, 0, 0];
    start_task(&mut s, Task::Build);
    act(
        &mut s,
        Action::MarketTile {
            slot: 3,
            farm: true,
        },
    );
    act(&mut s, Action::Place(Cell::new(-1, 0)));
    assert_eq!(s.farms(0), 1);
    assert_eq!(s.players[0].res, [0, 0, 0, 0]);
    assert_eq!(s.market[2], Some(b("R1")));
}

fn block(s: &mut agora_engine::origins::State, seat: usize, ids: [&str; 3]) {
    // District with Seat at (0,0): cells (0,1) Agora, (1,1), (0,0) Palace, (1,0) ... we use
    // a fresh block away from the Agora: cells (1,0) (2,0) (1,1) (2,1); (1,0)-(1,1) touch
    // the Palace/Agora column but the Seat at (1,0) has no Agora in its block.
    put(s, seat, ids[0], 1, 1);
    put(s, seat, ids[1], 2, 1);
    put(s, seat, ids[2], 1, 0);
    farm(s, seat, 2, 0);
}

#[test]
fn t08_district_without_match() {
    let mut s = game(2);
    s.districts = vec![(card("D19"), 2)]; // B B - -
    block(&mut s, 0, ["R1", "Y1", "P1"]);
    s.players[0].freemen = vec![freeman(Colour::Red, 3)];
    s.current = 0;
    act(&mut s, Action::CompleteDistrict(0));
    act(&mut s, Action::Seat(Cell::new(1, 0)));
    assert_eq!(s.players[0].seats.len(), 1);
    assert_eq!(s.free_bases(0), 2);
    assert_eq!(s.players[0].vp, 0);
    assert_eq!(s.districts[0].1, 2);
    assert_eq!(
        s.tasks.last(),
        Some(&Task::Activate {
            cells: vec![Cell::new(1, 1)]
        })
    );
}

#[test]
fn t09_district_with_match() {
    let mut s = game(2);
    s.districts = vec![(card("D04"), 2)]; // R R P -
    block(&mut s, 0, ["R1", "R3", "P1"]);
    s.players[0].freemen = vec![freeman(Colour::Blue, 3), freeman(Colour::Blue, 2)];
    s.current = 0;
    let gold = s.players[0].res[3];
    act(&mut s, Action::CompleteDistrict(0));
    act(&mut s, Action::Seat(Cell::new(1, 0)));
    assert_eq!(s.players[0].vp, 8);
    assert_eq!(s.players[0].res[3] - gold, 2);
    assert_eq!(s.districts[0].1, 0);
    // a second block matching the same card: low VP, no Gold
    put(&mut s, 0, "P2", 1, 2);
    put(&mut s, 0, "R4", 2, 2);
    finish_turn(&mut s);
    s.current = 0;
    act(&mut s, Action::CompleteDistrict(0));
    act(&mut s, Action::Seat(Cell::new(1, 1)));
    assert_eq!(s.players[0].vp, 13);
    assert_eq!(s.players[0].res[3] - gold, 2);
    // another player's first match: high VP, no Gold
    block(&mut s, 1, ["R1", "R3", "P1"]);
    s.players[1].freemen = vec![freeman(Colour::Blue, 3)];
    s.tasks.clear();
    s.step = agora_engine::origins::state::TurnStep::Start;
    s.current = 1;
    let g1 = s.players[1].res[3];
    act(&mut s, Action::CompleteDistrict(0));
    act(&mut s, Action::Seat(Cell::new(1, 0)));
    assert_eq!(s.players[1].vp, 8);
    assert_eq!(s.players[1].res[3], g1);
}

#[test]
fn t10_counsellors() {
    let mut s = game(2);
    s.players[0].freemen = vec![freeman(Colour::Red, 6)];
    s.plus_one(0, 0);
    assert_eq!(s.players[0].counsellors, vec![Colour::Red]);
    assert_eq!(s.free_bases(0), 2);
    s.players[0].freemen = vec![freeman(Colour::Blue, 6)];
    s.plus_one(0, 0);
    let reserve = s.dice_reserve[Colour::Red.index()];
    s.players[0].freemen = vec![freeman(Colour::Red, 6)];
    let vp = s.players[0].vp;
    s.plus_one(0, 0);
    assert_eq!(s.players[0].counsellors, vec![Colour::Red, Colour::Blue]);
    assert_eq!(s.players[0].vp - vp, 3);
    assert_eq!(s.dice_reserve[Colour::Red.index()], reserve + 1);
    // Archon triggers red and blue bonus tiles
    set_place(&mut s, 1, "BON_MILITARY");
    set_place(&mut s, 3, "BON_TEMPLE");
    set_place(&mut s, 2, "BON_BUILD");
    for (place, ok) in [(1, true), (3, true), (2, false)] {
        let mut t = s.clone();
        t.current = 0;
        t.players[0].res = [3, 3, 3, 0];
        act(&mut t, Action::Worker(Worker::Archon));
        act(&mut t, Action::MeetingPlace(place));
        assert_eq!(legal(&t).contains(&Action::Bonus), ok, "place {place}");
    }
}

#[test]
fn t11_archon_colours() {
    let mut s = game(2);
    s.players[0].counsellors = vec![Colour::Purple, Colour::Orange, Colour::Blue];
    set_place(&mut s, 4, "BON_ORATOR");
    set_place(&mut s, 1, "BON_MILITARY");
    let mut t = s.clone();
    t.current = 0;
    act(&mut t, Action::Worker(Worker::Archon));
    act(&mut t, Action::MeetingPlace(4));
    assert!(legal(&t).contains(&Action::Bonus));
    let mut t = s.clone();
    t.current = 0;
    act(&mut t, Action::Worker(Worker::Archon));
    act(&mut t, Action::MeetingPlace(1));
    assert!(!legal(&t).contains(&Action::Bonus));
}

#[test]
fn t12_recruitment_tie_break() {
    let d = |colour, value| Die { colour, value };
    let rolled = vec![
        d(Colour::Red, 3),
        d(Colour::Purple, 5),
        d(Colour::Blue, 1),
        d(Colour::Yellow, 3),
        d(Colour::Orange, 3),
    ];
    // yellow slot 3, orange slot 4, red slot 5 (lowest)
    let market = [
        Some(b("P1")),
        Some(b("B1")),
        Some(b("Y1")),
        Some(b("O1")),
        Some(b("R1")),
    ];
    let order: Vec<Colour> = recruitment_order(rolled, &market)
        .iter()
        .map(|d| d.colour)
        .collect();
    assert_eq!(
        order,
        vec![
            Colour::Blue,
            Colour::Red,
            Colour::Orange,
            Colour::Yellow,
            Colour::Purple
        ]
    );
}

#[test]
fn t13_military_retreat() {
    let mut s = game(4);
    // seat 0 Black, 1 Blue, 2 Green, 3 Brown
    s.players[0].military = 1;
    s.players[2].military = 5;
    s.players[2].military_key = 10;
    s.players[1].military = 5;
    s.players[1].military_key = 11; // Blue on top of Green
    s.players[3].military = 6;
    s.players[3].military_key = 12;
    assert_eq!(bastion_holder(&s), 3);
    retreat(&mut s);
    assert_eq!(s.players[0].military, 1);
    for p in 1..4 {
        assert_eq!(s.players[p].military, 4);
    }
    let (blue, green, brown) = (
        s.players[1].military_key,
        s.players[2].military_key,
        s.players[3].military_key,
    );
    assert!(
        brown < green && green < blue,
        "bottom->top: Brown, Green, Blue"
    );
}

#[test]
fn t14_zodiac_tie_goes_to_lowest_marker() {
    let mut s = game(2);
    s.current = 0;
    s.players[0].temples[1] = 4;
    s.players[0].temple_key[1] = 5; // Black arrived first (under)
    s.players[1].temples[1] = 4;
    s.players[1].temple_key[1] = 6;
    s.zodiac[1].1 = None;
    agora_engine::origins::round::end_of_round(&mut s);
    assert_eq!(s.zodiac[1].1, Some(0));
}

#[test]
fn t15_value_six_double_action() {
    let mut s = game(2);
    s.current = 0;
    set_place(&mut s, 2, "BON_BUILD");
    s.places[1].dial = 4;
    s.players[0].freemen = vec![freeman(Colour::Purple, 6)];
    s.players[0].res = [0, 0, 0, 0];
    act(&mut s, Action::Worker(Worker::Freeman(0)));
    act(&mut s, Action::MeetingPlace(2));
    act(&mut s, Action::Main(MainSlot::Top));
    assert_eq!(s.players[0].res[1], 3);
    act(&mut s, Action::Bonus);
    assert_eq!(s.players[0].res[1], 2);
    act(
        &mut s,
        Action::MarketTile {
            slot: 1,
            farm: true,
        },
    );
    act(&mut s, Action::Place(Cell::new(1, 0)));
    act(&mut s, Action::Main(MainSlot::Bottom));
    act(
        &mut s,
        Action::MarketTile {
            slot: 1,
            farm: true,
        },
    );
    act(&mut s, Action::Place(Cell::new(2, 0)));
    assert_eq!(s.farms(0), 2);
    act(&mut s, Action::FinishVisit);
    assert_eq!(s.places[1].dial, 5);
}

#[test]
fn t16_paying_the_difference() {
    let mut s = game(2);
    s.current = 0;
    s.places[2].dial = 5;
    s.players[0].freemen = vec![freeman(Colour::Yellow, 2), freeman(Colour::Yellow, 1)];
    s.players[0].res = [0, 0, 8, 0];
    act(&mut s, Action::Worker(Worker::Freeman(0)));
    act(&mut s, Action::MeetingPlace(3));
    assert_eq!(s.players[0].res[2], 5);
    act(&mut s, Action::Main(MainSlot::Top));
    act(&mut s, Action::FinishVisit);
    assert_eq!(s.places[2].dial, 6);
    s.players[0].res = [0, 0, 5, 0];
    s.tasks.clear();
    s.step = agora_engine::origins::state::TurnStep::Start;
    s.current = 0;
    act(&mut s, Action::Worker(Worker::Freeman(1)));
    act(&mut s, Action::MeetingPlace(3));
    assert_eq!(s.players[0].res[2], 0);
    act(&mut s, Action::Main(MainSlot::Top));
    act(&mut s, Action::FinishVisit);
    assert_eq!(s.places[2].dial, 1);
    // cannot visit without the Wisdom
    let mut t = game(2);
    t.current = 0;
    t.places.iter_mut().for_each(|p| p.dial = 6);
    t.players[0].freemen = vec![freeman(Colour::Yellow, 1)];
    t.players[0].res = [0, 0, 4, 0];
    assert!(!legal(&t).contains(&Action::Worker(Worker::Freeman(0))));
    let seat = Seat(0);
    let err =
        Origins::apply(&mut t.clone(), seat, &Action::Worker(Worker::Freeman(0))).unwrap_err();
    assert_eq!(err.code, "WORKER_UNAVAILABLE");
}

#[test]
fn t17_solo_target() {
    let mut s = Origins::setup(&Options { players: 1 }, 1).expect("setup");
    set_place(&mut s, 1, "BON_MILITARY");
    set_place(&mut s, 2, "BON_RESOURCE");
    set_place(&mut s, 3, "BON_TEMPLE");
    set_place(&mut s, 4, "BON_BUILD");
    set_place(&mut s, 5, "BON_ORATOR");
    assert_eq!(solo_target(&s), 220);
}

#[test]
fn t18_tower_reserve_at_setup() {
    let cards: Vec<u8> = ["D01", "D10", "D19", "D28", "D37"]
        .iter()
        .map(|c| card(c))
        .collect();
    assert_eq!(tower_reserve(&cards), [2, 2, 2, 2, 2]);
}

#[test]
fn t19_end_on_tower_reserve() {
    let mut s = game(2);
    let cond = BASE_END_CONDITIONS
        .iter()
        .find(|(n, _)| *n == "TOWER_RESERVE")
        .expect("cond")
        .1;
    s.floor_reserve = [0, 0, 1, 1, 1];
    assert!(cond(&s));
    s.floor_reserve = [1, 0, 1, 1, 1];
    assert!(!cond(&s));
}

#[test]
fn end_conditions() {
    let mut s = game(2);
    let get = |n: &str| {
        BASE_END_CONDITIONS
            .iter()
            .find(|(x, _)| *x == n)
            .expect("cond")
            .1
    };
    assert!(!get("ZODIAC_TOPS")(&s));
    s.players[1].temples = [11, 11, 11];
    assert!(get("ZODIAC_TOPS")(&s));
    assert!(!get("NO_DISTRICT_GOLD")(&s));
    s.districts.iter_mut().for_each(|d| d.1 = 0);
    assert!(get("NO_DISTRICT_GOLD")(&s));
    assert!(!get("CITIZENS_EXHAUSTED")(&s));
    s.recruit_exhausted = true;
    assert!(get("CITIZENS_EXHAUSTED")(&s));
}

#[test]
fn t25_aging_on_pass() {
    let mut s = game(2);
    s.current = 0;
    s.players[0].freemen = vec![
        Freeman {
            die: Die {
                colour: Colour::Red,
                value: 6,
            },
            at: Some(1),
        },
        freeman(Colour::Blue, 3),
    ];
    act(&mut s, Action::Pass);
    assert_eq!(s.players[0].counsellors, vec![Colour::Red]);
    assert_eq!(s.players[0].freemen, vec![freeman(Colour::Blue, 4)]);
}

#[test]
fn superiority_gives_one_more_action_once_per_turn() {
    let mut s = game(2);
    s.current = 0;
    s.players[0].superiority = 2;
    s.players[0].res = [0, 10, 0, 0];
    act(&mut s, Action::BuyBase);
    assert_eq!(legal(&s), vec![Action::UseSuperiority, Action::EndTurn]);
    act(&mut s, Action::UseSuperiority);
    assert_eq!(s.current, 0);
    act(&mut s, Action::BuyBase);
    assert_eq!(s.current, 1, "second token not allowed: turn ends");
    assert_eq!(s.players[0].superiority, 1);
}

#[test]
fn refused_action_leaves_state_unchanged() {
    let s = game(2);
    let mut t = s.clone();
    let other = Seat((s.current + 1) % 2);
    assert_eq!(
        Origins::apply(&mut t, other, &Action::Pass)
            .unwrap_err()
            .code,
        "NOT_YOUR_TURN"
    );
    let me = Seat(s.current);
    assert_eq!(
        Origins::apply(&mut t, me, &Action::Advance)
            .unwrap_err()
            .code,
        "WRONG_DECISION"
    );
    assert_eq!(
        Origins::apply(&mut t, me, &Action::MeetingPlace(9))
            .unwrap_err()
            .code,
        "WRONG_DECISION"
    );
    assert_eq!(t, s);
}

// ---------------------------------------------------------------- bonus actions

fn visit_bonus(bonus: &str, colour: Colour) -> agora_engine::origins::State {
    let mut s = game(2);
    s.current = 0;
    set_place(&mut s, 5, bonus);
    s.players[0].freemen = vec![freeman(colour, 5)];
    s.players[0].res = [2, 2, 2, 0];
    act(&mut s, Action::Worker(Worker::Freeman(0)));
    act(&mut s, Action::MeetingPlace(5));
    act(&mut s, Action::Bonus);
    s
}

#[test]
fn bonus_military() {
    let mut s = visit_bonus("BON_MILITARY", Colour::Red);
    assert_eq!(s.players[0].res[2], 1);
    act(&mut s, Action::Advance);
    assert_eq!(s.players[0].military, 1);
    assert!(!legal(&s).contains(&Action::Attack), "advance OR attack");
}

#[test]
fn bonus_build() {
    let mut s = visit_bonus("BON_BUILD", Colour::Purple);
    assert_eq!(s.players[0].res[1], 1);
    act(
        &mut s,
        Action::MarketTile {
            slot: 1,
            farm: true,
        },
    );
    act(&mut s, Action::Place(Cell::new(1, 0)));
    assert_eq!(s.farms(0), 1);
}

#[test]
fn bonus_temple() {
    let mut s = visit_bonus("BON_TEMPLE", Colour::Blue);
    assert_eq!(s.players[0].res[0], 1);
    let holder = s.zodiac[2].1;
    act(&mut s, Action::Track(Temple::Sea));
    assert_eq!(s.players[0].temples, [0, 0, 1]);
    assert_eq!(s.zodiac[2].1, holder, "no Zodiac card from the bonus");
}

#[test]
fn bonus_resource() {
    let mut s = visit_bonus("BON_RESOURCE", Colour::Yellow);
    act(&mut s, Action::Resource(Resource::Stone));
    assert_eq!(s.players[0].res[0], 3);
}

#[test]
fn bonus_orator_and_orator_worker() {
    let mut s = visit_bonus("BON_ORATOR", Colour::Orange);
    s.orator_area = vec![Some(4), None, None, None];
    act(&mut s, Action::OratorSlot(1));
    assert_eq!(s.players[0].orators, vec![Orator { value: 4, at: None }]);
    assert!(!legal(&s).contains(&Action::Bonus));
    act(&mut s, Action::Main(MainSlot::Top));
    act(&mut s, Action::FinishVisit);
    finish_turn(&mut s);
    s.current = 0;
    s.players[0].res = [0, 0, 0, 0];
    s.places[0].dial = 4;
    act(&mut s, Action::Worker(Worker::Orator(0)));
    act(&mut s, Action::MeetingPlace(1));
    assert!(
        !legal(&s).contains(&Action::Bonus),
        "orators never take the bonus"
    );
    act(&mut s, Action::Main(MainSlot::Top));
    act(&mut s, Action::FinishVisit);
    // end of round: used orator returns with +1
    agora_engine::origins::round::end_of_round(&mut s);
    assert!(s.orator_area.contains(&Some(5)));
    assert!(s.players[0].orators.is_empty());
}

// ---------------------------------------------------------------- zodiac cards

#[test]
fn zodiac_sagittarius() {
    let mut s = game(2);
    give_zodiac(&mut s, 0, ZodiacKind::Sagittarius);
    s.recruitment[0] = Some(Die {
        colour: Colour::Red,
        value: 2,
    });
    s.players[0].freemen.clear();
    start_task(
        &mut s,
        Task::Recruit {
            free: true,
            optional: false,
        },
    );
    act(&mut s, Action::RecruitSlot(1));
    act(&mut s, Action::Accept);
    assert_eq!(s.players[0].freemen[0].die.value, 3);
}

#[test]
fn zodiac_pisces() {
    let mut s = game(2);
    give_zodiac(&mut s, 0, ZodiacKind::Pisces);
    set_place(&mut s, 5, "BON_ORATOR");
    s.current = 0;
    s.players[0].freemen = vec![freeman(Colour::Orange, 5)];
    let g = s.players[0].res[3];
    act(&mut s, Action::Worker(Worker::Freeman(0)));
    act(&mut s, Action::MeetingPlace(5));
    act(&mut s, Action::BonusGold);
    assert_eq!(s.players[0].res[3], g + 1);
    assert!(!legal(&s).contains(&Action::Bonus));
}

#[test]
fn zodiac_capricorn() {
    let mut s = game(2);
    give_zodiac(&mut s, 0, ZodiacKind::Capricorn);
    s.current = 0;
    s.players[0].freemen = vec![freeman(Colour::Red, 5), freeman(Colour::Red, 6)];
    s.players[0].res[3] = 1;
    act(&mut s, Action::RaiseTower(Colour::Red));
    assert!(
        !legal(&s).contains(&Action::Freeman(1)),
        "a 6 cannot be raised"
    );
    act(&mut s, Action::Freeman(0));
    assert_eq!(s.players[0].freemen[0].die.value, 6);
}

#[test]
fn zodiac_aquarius() {
    let mut s = game(2);
    give_zodiac(&mut s, 0, ZodiacKind::Aquarius);
    s.players[0].res = [1, 0, 0, 1];
    start_task(
        &mut s,
        Task::Temple {
            steps: 2,
            card: true,
            aquarius: true,
        },
    );
    act(&mut s, Action::Track(Temple::Forest));
    assert!(!legal(&s).contains(&Action::Track(Temple::Forest)));
    act(&mut s, Action::Track(Temple::Sea));
    assert_eq!(s.players[0].temples, [2, 0, 1]);
    assert_eq!(s.players[0].res[3], 0);
    assert_eq!(s.zodiac[0].1, Some(0), "M_TEMPLE takes the card");
}

#[test]
fn zodiac_taurus() {
    let mut s = game(2);
    give_zodiac(&mut s, 0, ZodiacKind::Taurus);
    market_setup(&mut s);
    s.players[0].res = [2, 0, 1, 0];
    start_task(&mut s, Task::Build);
    act(
        &mut s,
        Action::MarketTile {
            slot: 3,
            farm: false,
        },
    );
    act(&mut s, Action::Place(Cell::new(1, 0)));
    assert_eq!(s.players[0].res, [0, 0, 0, 0]);
}

#[test]
fn zodiac_cancer() {
    let mut s = game(2);
    give_zodiac(&mut s, 0, ZodiacKind::Cancer);
    s.current = 0;
    s.players[0].freemen = vec![freeman(Colour::Red, 2)];
    s.recruitment[0] = Some(Die {
        colour: Colour::Blue,
        value: 1,
    });
    act(&mut s, Action::Pass);
    act(&mut s, Action::RecruitSlot(1));
    // recruited before aging: both aged
    assert_eq!(
        s.players[0].freemen,
        vec![freeman(Colour::Red, 3), freeman(Colour::Blue, 2)]
    );
}

#[test]
fn zodiac_libra_and_scorpio_and_leo() {
    let mut s = game(2);
    give_zodiac(&mut s, 0, ZodiacKind::Libra);
    give_zodiac(&mut s, 0, ZodiacKind::Scorpio);
    give_zodiac(&mut s, 0, ZodiacKind::Leo);
    s.districts = vec![(card("D19"), 2)];
    block(&mut s, 0, ["Y1", "Y4", "Y6"]);
    s.players[0].freemen = vec![freeman(Colour::Red, 3)];
    s.players[0].res = [0, 0, 0, 0];
    s.recruitment[0] = Some(Die {
        colour: Colour::Blue,
        value: 1,
    });
    s.current = 0;
    act(&mut s, Action::CompleteDistrict(0));
    act(&mut s, Action::Seat(Cell::new(1, 0)));
    assert_eq!(s.players[0].seats[0].1.value, 5, "Leo +2");
    assert_eq!(s.players[0].res[2], 1, "Scorpio +1 Wisdom");
    assert_eq!(
        s.tasks.last(),
        Some(&Task::Recruit {
            free: false,
            optional: true
        })
    );
    act(&mut s, Action::RecruitSlot(1));
    assert_eq!(s.players[0].freemen.len(), 1);
    // Scorpio on a counsellor
    s.players[0].freemen = vec![freeman(Colour::Red, 6)];
    let w = s.players[0].res[2];
    s.plus_one(0, 0);
    assert_eq!(s.players[0].res[2], w + 1);
}

#[test]
fn zodiac_aries() {
    let mut s = game(2);
    give_zodiac(&mut s, 0, ZodiacKind::Aries);
    s.players[0].freemen = vec![freeman(Colour::Red, 2), freeman(Colour::Blue, 2)];
    s.players[0].seats = vec![(
        Cell::new(9, 9),
        Die {
            colour: Colour::Red,
            value: 1,
        },
    )];
    s.players[0].counsellors = vec![Colour::Red];
    s.players[0].military = 1;
    s.players[1].military = 0;
    let vp = s.players[0].vp;
    attack(&mut s, 0);
    assert_eq!(s.players[0].vp - vp, 1 + 2);
}

#[test]
fn zodiac_gemini() {
    let mut s = game(2);
    give_zodiac(&mut s, 0, ZodiacKind::Gemini);
    s.current = 0;
    s.players[0].military = 3;
    act(&mut s, Action::Pass);
    assert_eq!(s.tasks.last(), Some(&Task::GainBasic { n: 2 }));
    act(&mut s, Action::Resource(Resource::Food));
    act(&mut s, Action::Resource(Resource::Food));
}

#[test]
fn zodiac_virgo() {
    let mut s = game(2);
    give_zodiac(&mut s, 0, ZodiacKind::Virgo);
    market_setup(&mut s);
    let farm_tile = b("Y4");
    s.players[0].city.push(PlacedTile {
        tile: CityTile::Farm {
            pile: Colour::Yellow,
            building: farm_tile,
        },
        cells: vec![Cell::new(1, 0)],
    });
    s.players[0].res = [0, 0, 0, 0];
    let pile = s.piles[Colour::Yellow.index()].len();
    start_task(&mut s, Task::Build);
    act(
        &mut s,
        Action::MarketTile {
            slot: 5,
            farm: false,
        },
    );
    assert_eq!(legal(&s), vec![Action::Place(Cell::new(1, 0))]);
    act(&mut s, Action::Place(Cell::new(1, 0)));
    assert_eq!(s.building_at(0, Cell::new(1, 0)), Some(b("P1")));
    assert_eq!(s.piles[Colour::Yellow.index()][0], farm_tile);
    assert_eq!(s.piles[Colour::Yellow.index()].len(), pile + 1);
}

#[test]
fn solo_zodiac_return_and_neutral_schedule() {
    let mut s = Origins::setup(&Options { players: 1 }, 2).expect("setup");
    for _ in 0..3 {
        let a = legal(&s)[0];
        act(&mut s, a);
    }
    s.zodiac = [(0, Some(0)), (1, Some(0)), (2, Some(0))];
    agora_engine::origins::round::end_of_round(&mut s);
    assert_eq!(s.zodiac.iter().filter(|z| z.1.is_some()).count(), 1);
    assert_eq!(s.neutral, Some(6));
    assert_eq!(s.round, 2);
}

#[test]
fn solo_dial_neighbour_and_freeze() {
    let mut s = Origins::setup(&Options { players: 1 }, 2).expect("setup");
    for _ in 0..3 {
        let a = legal(&s)[0];
        act(&mut s, a);
    }
    s.places[1].dial = 6;
    act(&mut s, Action::Worker(Worker::Archon));
    act(&mut s, Action::MeetingPlace(1));
    act(&mut s, Action::Main(MainSlot::Top));
    act(&mut s, Action::FinishVisit);
    assert_eq!(
        legal(&s),
        vec![Action::Done],
        "neighbour at 6 cannot be chosen"
    );
    act(&mut s, Action::Done);
    assert_eq!(s.places[0].dial, 2);
    s.players[0].superiority = 1;
    s.places[2].dial = 3;
    s.players[0].freemen[0].die.value = 6;
    act(&mut s, Action::Worker(Worker::Freeman(0)));
    act(&mut s, Action::MeetingPlace(2));
    act(&mut s, Action::Main(MainSlot::Top));
    act(&mut s, Action::FinishVisit);
    assert!(legal(&s).contains(&Action::MeetingPlace(3)));
    act(&mut s, Action::UseSuperiority);
    assert_eq!(s.places[1].dial, 6);
    assert_eq!(s.places[2].dial, 3);
    assert_eq!(s.players[0].superiority, 0);
}

#[test]
fn solo_outcome_reports_target() {
    let mut s = Origins::setup(&Options { players: 1 }, 4).expect("setup");
    let mut bot = agora_engine::core::playout::RandomBot::seeded(4);
    agora_engine::core::playout::play_random::<Origins>(&mut s, &mut bot, 50_000).expect("playout");
    let o = Origins::outcome(&s).expect("outcome");
    let b = &o.standings[0].breakdown;
    assert!(b.iter().any(|(n, v)| n == "solo_target" && *v >= 180));
    assert!(b.iter().any(|(n, _)| n == "solo_won"));
    assert_eq!(s.round, 5);
}

// ---------------------------------------------------------------- district patterns

fn rotate(p: [Option<Colour>; 4]) -> [Option<Colour>; 4] {
    // clockwise: TL<-BL, TR<-TL, BL<-BR, BR<-TR
    [p[2], p[0], p[3], p[1]]
}
fn mirror(p: [Option<Colour>; 4]) -> [Option<Colour>; 4] {
    [p[1], p[0], p[3], p[2]]
}

#[test]
fn district_patterns_match_under_all_symmetries() {
    for d in &tables().districts {
        let filled = d.pattern.map(|c| c.or(Some(Colour::Orange)));
        let mut block = filled;
        for m in 0..2 {
            for _ in 0..4 {
                assert!(pattern_matches(&d.pattern, &block), "{} {block:?}", d.id);
                block = rotate(block);
            }
            if m == 0 {
                block = mirror(filled);
            }
        }
    }
    // a non-symmetric arrangement of the same colours does not match
    let r = Some(Colour::Red);
    let (p, bl, y) = (
        Some(Colour::Purple),
        Some(Colour::Blue),
        Some(Colour::Yellow),
    );
    let pat = [r, p, bl, y];
    assert!(!pattern_matches(&pat, &[r, y, bl, p]));
    // grey positions accept colourless tiles, coloured ones do not
    assert!(pattern_matches(
        &[r, None, None, None],
        &[None, None, r, None]
    ));
    assert!(!pattern_matches(&[r, r, None, None], &[r, None, None, r]));
    assert!(pattern_matches(&[r, r, None, None], &[None, None, r, r]));
}
