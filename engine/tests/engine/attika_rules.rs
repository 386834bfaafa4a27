//! Attika: the worked examples of the rules page (§5) with the book's numbers, and tests
//! for every rule that can go wrong. Random-game properties: attika_props.rs.
//!
//! CHECKLIST (must show -> test)
//! * §5 worked examples 1-16 -> worked_example_01_basic_reduction .. worked_example_16_start
//! * data tables -> data_tables_validate_and_counts, catalog_info_names_assumed_tables
//! * no mixing / stored tile not buildable (A13) -> worked_example_10_mixing_forbidden,
//!   build_then_draw_is_mixing, stored_tile_cannot_be_built_even_with_an_amphora
//! * draw and build limits -> draw_limit_is_two, build_limit_is_three
//! * unused-action cards 0/1/2/3 -> worked_example_09_unused_actions
//! * pair payments -> worked_example_02_pair_joker, pair_joker_replaces_only_a_missing_resource
//! * feasibility / no dead end -> payment_steps_are_exactly_the_completable_ones
//! * roads -> worked_example_05..07, founding_road_pays_surcharge_even_at_cap,
//!   road_next_to_opponent_road_is_paid
//! * colony surcharge and merge -> worked_example_03_colony_surcharge, worked_example_04_merge
//! * arrows -> worked_example_08_logical_order, free_placement_needs_no_payment_step
//! * amphorae -> worked_example_11_amphora_award, amphora_needs_connected_group,
//!   amphora_awarded_once_per_group, worked_example_12_amphora_use,
//!   amphora_mode_choice_after_no_action, amphora_for_card_option, unused_amphora_gives_nothing
//! * board extension -> worked_example_13_extension_trigger, extension_may_touch_only_a_shrine,
//!   extension_overlap_and_far_refused, empty_map_stack_skips_extension,
//!   extension_after_building_the_last_drawn_tile
//! * victory -> worked_example_14_connection_win, worked_example_15_thirty_buildings,
//!   win_on_last_drawn_tile_comes_before_extension
//! * deck reshuffle -> deck_reshuffles_discards
//! * hidden information -> view_hides_other_hands, cards_drawn_redacted_for_others
//! * refused actions change nothing -> every `refused(..)` call checks it; wrong_decision_codes

use crate::attika_common::*;
use agora_engine::attika::choices::payments;
use agora_engine::attika::cost::{cost_at, feasible};
use agora_engine::attika::data::{tables, validate};
use agora_engine::attika::state::{State, Step};
use agora_engine::attika::types::{
    Action, Event, Group, Hex, Mode, Pending, Resource, Victory, BUILDING_CODES,
};
use agora_engine::attika::{Attika, Refusal};
use agora_engine::{Game, Seat, Viewer};
use std::collections::HashMap;

fn place_free(s: &mut State, seat: u8, code: &str, cell: Hex) -> Vec<Event> {
    let mut ev = play(
        s,
        seat,
        Action::Build {
            building: building(code),
        },
    );
    ev.extend(play(s, seat, Action::Place { cell }));
    ev
}

/// Pays whatever is pending with the first listed payment step.
fn pay_all(s: &mut State, seat: u8) -> Vec<Event> {
    let mut ev = Vec::new();
    while is_paying(s) {
        let a = Attika::legal_actions(s, Seat(seat))[0].clone();
        ev.extend(play(s, seat, a));
    }
    ev
}

fn won(ev: &[Event]) -> Option<Victory> {
    ev.iter().find_map(|e| match e {
        Event::Won { by, .. } => Some(*by),
        _ => None,
    })
}

#[test]
fn data_tables_validate_and_counts() {
    validate().expect("data valid");
    let t = tables();
    assert_eq!(t.buildings.len(), 30);
    assert_eq!(t.buildings.iter().filter(|b| b.is_main).count(), 6);
    let sizes: Vec<usize> = [
        Group::Supply,
        Group::Defence,
        Group::Roads,
        Group::Shipping,
        Group::Mint,
        Group::Vineyard,
        Group::City,
    ]
    .iter()
    .map(|g| t.group_members(*g).count())
    .collect();
    assert_eq!(sizes, vec![4, 4, 4, 4, 2, 2, 10]);
    assert_eq!(t.pieces.len(), 22);
    for r in Resource::ALL {
        let n = t
            .pieces
            .iter()
            .flat_map(|p| p.hexes)
            .filter(|x| *x == Some(r))
            .count();
        assert_eq!(n, 16);
    }
    let ids: Vec<&str> = t.buildings.iter().map(|b| b.id.as_str()).collect();
    assert_eq!(ids, BUILDING_CODES.to_vec(), "data order = contract codes");
    assert_eq!(t.constants.amphorae, 15);
    assert_eq!(t.constants.start_hands, vec![4, 5, 6, 7]);
    assert_eq!(
        (
            t.constants.draws,
            t.constants.builds,
            t.constants.no_action_cards
        ),
        (2, 3, 3)
    );
    assert_eq!(t.constants.road_base, 5);
}

#[test]
fn catalog_info_names_assumed_tables() {
    let info = Attika::info();
    assert_eq!(
        (info.id, info.name, info.min_players, info.max_players),
        ("attika", "Attika", 2, 4)
    );
    assert!(info.options.iter().any(|o| o.name == "amphora_for_card"));
    assert_eq!(info.refusal_codes, Refusal::codes());
    assert!(info.refusal_codes.contains(&"PAYMENT_DEAD_END"));
    let rows = &info.provisional_data;
    assert!(rows.contains(
        &"starting boards and shrines: 2 players, 3 players, 4 players (A1)".to_string()
    ));
    let buildings = rows
        .iter()
        .find(|r| r.starts_with("buildings"))
        .expect("assumed buildings");
    assert!(buildings.contains("SUP1, SUP2") && buildings.ends_with("(A2, A2b)"));
    assert!(!buildings.contains("RD1"), "roads come from the seed");
    assert!(rows
        .iter()
        .any(|r| r.starts_with("map piece symbols: T01") && r.ends_with("(A6)")));
    assert!(
        !rows.iter().any(|r| r.starts_with("constants")),
        "constants are sourced"
    );
}

#[test]
fn a_corrected_row_leaves_the_provisional_list() {
    use agora_engine::attika::data::provisional_line;
    use agora_engine::Provenance;
    let rows = |second: Provenance| {
        [
            ("T01".to_string(), Provenance::Assumed, "A6: placeholder"),
            ("T02".to_string(), second, "A6 and A7b"),
        ]
        .into_iter()
    };
    assert_eq!(
        provisional_line("pieces", rows(Provenance::Assumed)).as_deref(),
        Some("pieces: T01, T02 (A6, A7b)")
    );
    assert_eq!(
        provisional_line("pieces", rows(Provenance::Seed)).as_deref(),
        Some("pieces: T01 (A6)")
    );
    let none = [("T01".to_string(), Provenance::Source, "A6")].into_iter();
    assert_eq!(provisional_line("pieces", none), None);
}

#[test]
fn worked_example_01_basic_reduction() {
    let mut s = fresh(2);
    let a = hex(0, 0);
    set_symbol(&mut s, a, M);
    set_symbol(&mut s, hex(1, 0), M);
    set_symbol(&mut s, hex(1, -1), H);
    set_symbol(&mut s, hex(0, -1), W);
    set_symbol(&mut s, hex(-1, 0), F);
    put(&mut s, 0, "CTY6", hex(-1, 0)); // occupied: its F does not count (A5)
    reserve(&mut s, 0, &["DEF2"]);
    set_hand(&mut s, 0, [1, 1, 1, 0]);
    let c = cost_at(&s, Seat(0), building("DEF2"), a).expect("empty cell");
    assert_eq!((c.typed, c.generic, c.new_colony), ([0, 1, 0, 0], 0, false));
    play(
        &mut s,
        0,
        Action::Build {
            building: building("DEF2"),
        },
    );
    play(&mut s, 0, Action::Place { cell: a });
    assert_eq!(
        Attika::view(&s, Viewer::Seat(Seat(0))).pending,
        Pending::Paying {
            building: building("DEF2"),
            cell: a,
            typed: [0, 1, 0, 0],
            generic: 0
        }
    );
    let legal = Attika::legal_actions(&s, Seat(0));
    assert!(
        legal.contains(&Action::PayCard { card: F }),
        "1 Forest card"
    );
    assert!(
        !legal.contains(&Action::PayPair {
            first: W,
            second: H
        }),
        "F is not missing: no pair"
    );
    assert!(!legal.contains(&Action::PayCard { card: W }));
    let ev = play(&mut s, 0, Action::PayCard { card: F });
    assert!(ev.iter().any(
        |e| matches!(e, Event::BuildingPlaced { paid, new_colony: false, .. } if *paid == vec![F])
    ));
    assert_eq!(s.player(Seat(0)).hand, [1, 0, 1, 0]);
}

/// Issue 18, read from the French: « n'importe quelle paire de cartes (pas nécessairement
/// identiques) constituent un joker et peuvent être payées à la place d'une matière première
/// manquante ». A Ship (F2 W1) on a cell with one F leaves {F1, W1}: with {F,W,H,M} in hand
/// the F is not missing, so H+M may not replace it; with {W,H,M} it is, and H+M pays it.
#[test]
fn pair_joker_replaces_only_a_missing_resource() {
    let mut s = fresh(2);
    set_symbol(&mut s, hex(0, 0), F);
    reserve(&mut s, 0, &["SHP2"]);
    set_hand(&mut s, 0, [1, 1, 1, 1]); // {W,F,H,M}
    let ship = Action::Build {
        building: building("SHP2"),
    };
    play(&mut s, 0, ship.clone());
    play(&mut s, 0, Action::Place { cell: hex(0, 0) });
    play(&mut s, 0, Action::PayCard { card: W });
    let pair = Action::PayPair {
        first: H,
        second: M,
    };
    assert_eq!(
        Attika::legal_actions(&s, Seat(0)),
        vec![Action::PayCard { card: F }],
        "the Forest card pays the Forest unit; no pair is offered"
    );
    refused(&mut s, 0, pair.clone(), Refusal::PairNotMissing);
    play(&mut s, 0, Action::PayCard { card: F });
    assert_eq!(s.player(Seat(0)).hand, [0, 0, 1, 1], "H and M kept");

    let mut s = fresh(2);
    set_symbol(&mut s, hex(0, 0), F);
    reserve(&mut s, 0, &["SHP2"]);
    set_hand(&mut s, 0, [1, 0, 1, 1]); // {W,H,M}: no Forest card
    play(&mut s, 0, ship);
    play(&mut s, 0, Action::Place { cell: hex(0, 0) });
    play(&mut s, 0, Action::PayCard { card: W });
    assert_eq!(Attika::legal_actions(&s, Seat(0)), vec![pair.clone()]);
    play(&mut s, 0, pair);
    assert_eq!(s.player(Seat(0)).hand, [0; 4]);
    assert_eq!(*s.step(), Step::Main);
}

/// Two Forest units and one Forest card: one Forest is missing, so a pair may pay either
/// unit (before or after the Forest card); once the Forest card is the only way left for the
/// last unit, the pair is no longer offered.
#[test]
fn pair_joker_with_one_of_two_forests_held() {
    let pay_pair = Action::PayPair {
        first: H,
        second: H,
    };
    let typed = [0, 2, 0, 0];
    assert_eq!(
        payments(&[0, 1, 2, 0], &typed, 0),
        vec![Action::PayCard { card: F }, pay_pair.clone()]
    );
    assert_eq!(payments(&[0, 0, 2, 0], &[0, 1, 0, 0], 0), vec![pay_pair]);
    assert_eq!(
        payments(&[0, 1, 2, 0], &[0, 1, 0, 0], 0),
        vec![Action::PayCard { card: F }]
    );
}

#[test]
fn worked_example_02_pair_joker() {
    // Ship (F2 W1) on a cell with one F: remaining {F1, W1}.
    let mut s = fresh(2);
    set_symbol(&mut s, hex(0, 0), F);
    reserve(&mut s, 0, &["SHP2"]);
    let c = cost_at(&s, Seat(0), building("SHP2"), hex(0, 0)).expect("cell");
    assert_eq!((c.typed, c.generic), ([1, 1, 0, 0], 0));
    set_hand(&mut s, 0, [1, 0, 2, 1]); // {H,H,M,W}
    play(
        &mut s,
        0,
        Action::Build {
            building: building("SHP2"),
        },
    );
    play(&mut s, 0, Action::Place { cell: hex(0, 0) });
    play(&mut s, 0, Action::PayCard { card: W });
    play(
        &mut s,
        0,
        Action::PayPair {
            first: H,
            second: H,
        },
    );
    assert_eq!(s.player(Seat(0)).hand, [0, 0, 0, 1], "hand after: {{M}}");
    // The page calls {H,M,W} illegal, but by §2.4 it pays exactly (W with W, F with the
    // pair H+M); what its reason describes ("only 1 spare card" for the F pair) is a hand
    // like {M,W}, which is refused.
    assert!(
        feasible(&[1, 0, 1, 1], &[1, 1, 0, 0], 0),
        "§2.4 arithmetic: 3 cards suffice"
    );
    assert!(!feasible(&[1, 0, 0, 1], &[1, 1, 0, 0], 0));
    let mut s = fresh(2);
    set_symbol(&mut s, hex(0, 0), F);
    reserve(&mut s, 0, &["SHP2"]);
    set_hand(&mut s, 0, [1, 0, 0, 1]);
    refused(
        &mut s,
        0,
        Action::Build {
            building: building("SHP2"),
        },
        Refusal::CannotAfford,
    );
    set_hand(&mut s, 0, [1, 0, 1, 1]);
    play(
        &mut s,
        0,
        Action::Build {
            building: building("SHP2"),
        },
    );
    play(&mut s, 0, Action::Place { cell: hex(0, 0) });
    pay_all(&mut s, 0);
    assert_eq!(s.player(Seat(0)).hand, [0; 4]);
}

#[test]
fn worked_example_03_colony_surcharge() {
    let mut s = fresh(2);
    // Red (seat 0): 2 colonies; Blue (seat 1): 1 colony.
    put(&mut s, 0, "CTY2", hex(5, -1));
    put(&mut s, 0, "CTY3", hex(2, 1));
    put(&mut s, 1, "CTY2", hex(3, -2));
    let red = cost_at(&s, Seat(0), building("DEF1"), hex(0, 0)).expect("cell");
    let blue = cost_at(&s, Seat(1), building("DEF1"), hex(0, 0)).expect("cell");
    assert_eq!(
        (red.typed, red.generic, red.new_colony),
        ([0, 0, 2, 2], 2, true)
    );
    assert_eq!(blue.generic, 1);
    let s0 = fresh(2);
    let first = cost_at(&s0, Seat(0), building("DEF1"), hex(0, 0)).expect("cell");
    assert_eq!(
        (first.generic, first.new_colony),
        (0, true),
        "first building: +0"
    );
}

#[test]
fn worked_example_04_merge() {
    let mut s = fresh(2);
    put(&mut s, 0, "CTY2", hex(-1, 0)); // colony X
    put(&mut s, 0, "CTY3", hex(1, 0)); // colony Y
    assert_eq!(s.colony_count(Seat(0)), 2);
    reserve(&mut s, 0, &["DEF1"]);
    let c = cost_at(&s, Seat(0), building("DEF1"), hex(0, 0)).expect("cell");
    assert_eq!((c.generic, c.new_colony), (0, false), "no surcharge");
    set_hand(&mut s, 0, [0, 0, 2, 2]);
    play(
        &mut s,
        0,
        Action::Build {
            building: building("DEF1"),
        },
    );
    play(&mut s, 0, Action::Place { cell: hex(0, 0) });
    pay_all(&mut s, 0);
    assert_eq!(s.colony_count(Seat(0)), 1, "red now has 1 colony");
    assert_eq!(Attika::view(&s, Viewer::Spectator).players[0].colonies, 1);
}

/// Target (0,0) with W; empty neighbours with F and H; M on an occupied neighbour.
fn road_board() -> State {
    let mut s = fresh(2);
    set_symbol(&mut s, hex(0, 0), W);
    set_symbol(&mut s, hex(1, 0), F);
    set_symbol(&mut s, hex(1, -1), H);
    set_symbol(&mut s, hex(0, -1), M);
    put(&mut s, 1, "CTY2", hex(0, -1));
    s
}

#[test]
fn worked_example_05_first_road() {
    let s = road_board();
    let c = cost_at(&s, Seat(0), building("RD1"), hex(0, 0)).expect("cell");
    assert_eq!((c.typed, c.generic), ([0; 4], 2), "5 - 3 = 2 of any type");
    let mut s = road_board();
    put(&mut s, 0, "CTY3", hex(5, -1));
    let c = cost_at(&s, Seat(0), building("RD1"), hex(0, 0)).expect("cell");
    assert_eq!(c.generic, 3, "2nd colony: 2 + 1");
    // Paid with any cards, one per unit.
    reserve(&mut s, 0, &["RD1"]);
    set_hand(&mut s, 0, [0, 1, 1, 1]);
    play(
        &mut s,
        0,
        Action::Build {
            building: building("RD1"),
        },
    );
    play(&mut s, 0, Action::Place { cell: hex(0, 0) });
    let legal = Attika::legal_actions(&s, Seat(0));
    assert_eq!(legal.len(), 3, "any held card: {legal:?}");
    refused(
        &mut s,
        0,
        Action::PayPair {
            first: F,
            second: H,
        },
        Refusal::PairNotNeeded,
    );
    let ev = pay_all(&mut s, 0);
    assert!(ev.iter().any(
        |e| matches!(e, Event::BuildingPlaced { paid, new_colony: true, .. } if paid.len() == 3)
    ));
}

#[test]
fn worked_example_06_road_next_to_own_road() {
    let mut s = road_board();
    put(&mut s, 0, "RD2", hex(-1, 1));
    let c = cost_at(&s, Seat(0), building("RD1"), hex(0, 0)).expect("cell");
    assert!(
        c.typed == [0; 4] && c.generic == 0,
        "free whatever the symbols"
    );
}

#[test]
fn road_next_to_opponent_road_is_paid() {
    let mut s = road_board();
    put(&mut s, 1, "RD2", hex(-1, 1));
    let c = cost_at(&s, Seat(0), building("RD1"), hex(0, 0)).expect("cell");
    assert_eq!(c.generic, 2, "paid as in example 5");
}

#[test]
fn worked_example_07_road_cap() {
    let mut s = fresh(2);
    for (h, r) in [
        ((0, 0), W),
        ((1, 0), F),
        ((1, -1), H),
        ((0, -1), M),
        ((-1, 0), W),
        ((-1, 1), F),
    ] {
        set_symbol(&mut s, hex(h.0, h.1), r);
    }
    let c = cost_at(&s, Seat(0), building("RD1"), hex(0, 0)).expect("cell");
    assert_eq!(c.generic, 0, "S = 6: cost 0, never negative");
    reserve(&mut s, 0, &["RD1"]);
    let ev = place_free(&mut s, 0, "RD1", hex(0, 0));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::BuildingPlaced { paid, .. } if paid.is_empty())));
    assert_eq!(*s.step(), Step::Main, "no payment step");
}

#[test]
fn founding_road_pays_surcharge_even_at_cap() {
    let mut s = fresh(2);
    for (h, r) in [
        ((0, 0), W),
        ((1, 0), F),
        ((1, -1), H),
        ((0, -1), M),
        ((-1, 0), W),
        ((-1, 1), F),
    ] {
        set_symbol(&mut s, hex(h.0, h.1), r);
    }
    put(&mut s, 0, "CTY2", hex(5, -1));
    put(&mut s, 0, "CTY3", hex(2, 1));
    let c = cost_at(&s, Seat(0), building("RD1"), hex(0, 0)).expect("cell");
    assert_eq!(c.generic, 2, "max(0, 5 - 6) + 2 colonies (A15)");
}

#[test]
fn worked_example_08_logical_order() {
    let mut s = fresh(2);
    put(&mut s, 0, "DEF2", hex(0, 0)); // own Fortress
    put(&mut s, 0, "DEF1", hex(3, -2)); // own Quarry
    put(&mut s, 0, "DEF3", hex(5, -1)); // own Tower
    put(&mut s, 1, "DEF2", hex(2, 1)); // opponent's Fortress
    let free = |s: &State, code: &str, h: Hex| {
        cost_at(s, Seat(0), building(code), h).expect("cell").typed == [0; 4]
    };
    assert!(
        free(&s, "DEF4", hex(1, 0)),
        "Tower next to own Fortress: free"
    );
    assert!(
        !free(&s, "DEF4", hex(4, -2)),
        "Tower next to own Quarry only: paid (skips a step)"
    );
    assert!(
        !free(&s, "DEF2", hex(6, -1)),
        "Fortress next to own Tower: paid (reverse order)"
    );
    assert!(
        !free(&s, "DEF4", hex(3, 1)),
        "Tower next to opponent's Fortress: paid"
    );
    assert!(
        !free(&s, "DEF1", hex(1, 0)),
        "Quarry (main) next to anything: paid"
    );
}

#[test]
fn free_placement_needs_no_payment_step() {
    let mut s = fresh(2);
    put(&mut s, 0, "DEF2", hex(0, 0));
    reserve(&mut s, 0, &["DEF3"]);
    let ev = place_free(&mut s, 0, "DEF3", hex(1, 0));
    assert!(ev.iter().any(
        |e| matches!(e, Event::BuildingPlaced { paid, new_colony: false, .. } if paid.is_empty())
    ));
    assert_eq!((s.step().clone(), s.turn().builds), (Step::Main, 1));
}

/// Seat 0 with own Fortress and Harbour on the board and free followers in reserve.
fn free_builds() -> State {
    let mut s = fresh(2);
    put(&mut s, 0, "DEF2", hex(0, 0));
    put(&mut s, 0, "SHP1", hex(3, -2));
    reserve(&mut s, 0, &["DEF3", "DEF4", "SHP2", "SHP3"]);
    s
}

#[test]
fn worked_example_09_unused_actions() {
    let mut s = free_builds();
    place_free(&mut s, 0, "DEF3", hex(1, 0));
    assert_eq!(
        cards_drawn(&play(&mut s, 0, Action::EndTurn)),
        2,
        "build mode, 1 build: +2"
    );

    let mut s = free_builds();
    place_free(&mut s, 0, "DEF3", hex(1, 0));
    place_free(&mut s, 0, "DEF4", hex(-1, 0));
    place_free(&mut s, 0, "SHP2", hex(4, -2));
    assert_eq!(
        cards_drawn(&play(&mut s, 0, Action::EndTurn)),
        0,
        "3 builds: +0"
    );

    let mut s = fresh(2);
    play(&mut s, 0, Action::Draw { pile: 1 });
    play(&mut s, 0, Action::Store);
    assert_eq!(
        cards_drawn(&play(&mut s, 0, Action::EndTurn)),
        1,
        "draw mode, 1 draw: +1"
    );

    let mut s = fresh(2);
    for _ in 0..2 {
        play(&mut s, 0, Action::Draw { pile: 1 });
        play(&mut s, 0, Action::Store);
    }
    assert_eq!(
        cards_drawn(&play(&mut s, 0, Action::EndTurn)),
        0,
        "2 draws: +0"
    );

    let mut s = fresh(2);
    let ev = play(&mut s, 0, Action::EndTurn);
    assert_eq!(cards_drawn(&ev), 3, "no action: +3");
    assert_eq!(s.player(Seat(0)).hand.iter().sum::<u8>(), 3);
    assert_eq!(s.current(), Seat(1));
}

#[test]
fn worked_example_10_mixing_forbidden() {
    let mut s = free_builds();
    play(&mut s, 0, Action::Draw { pile: 1 });
    play(&mut s, 0, Action::Store);
    refused(
        &mut s,
        0,
        Action::Build {
            building: building("DEF3"),
        },
        Refusal::MixedModes,
    );

    // Drawing a tile and building it at once is legal and uses 1 draw.
    let mut s = fresh(2);
    put(&mut s, 0, "DEF2", hex(0, 0));
    let top = *s.player(Seat(0)).piles[1].last().expect("tile");
    let target = tables().building(top);
    set_hand(&mut s, 0, [5, 5, 5, 5]);
    play(&mut s, 0, Action::Draw { pile: 1 });
    assert_eq!(drawn_building(&s), Some(top), "{}", target.id);
    play(&mut s, 0, Action::Place { cell: hex(1, 0) });
    pay_all(&mut s, 0);
    assert_eq!(
        (s.turn().mode, s.turn().draws, s.turn().builds),
        (Some(Mode::Draw), 1, 0)
    );
    assert!(s.player(Seat(0)).placed.iter().any(|(id, _)| *id == top));
}

#[test]
fn a_wrong_decision_says_what_the_turn_waits_for_in_words() {
    // At the start of a turn only drawing, building or ending the turn answer: paying
    // does not, and the sentence says so without the step's internal name.
    let mut s = fresh(2);
    let e = Attika::apply(
        &mut s,
        Seat(0),
        &Action::PayCard {
            card: Resource::Water,
        },
    )
    .expect_err("refused");
    assert_eq!(e.code, Refusal::WrongDecision.code());
    assert_eq!(
        e.message,
        "You cannot pay with a card now: first draw or build, or end your turn."
    );
}

/// The building just drawn, as the view shows it.
fn drawn_building(s: &State) -> Option<agora_engine::attika::types::BuildingId> {
    match Attika::view(s, Viewer::Spectator).pending {
        Pending::Drawn { building } => Some(building),
        _ => None,
    }
}

#[test]
fn build_then_draw_is_mixing() {
    let mut s = free_builds();
    place_free(&mut s, 0, "DEF3", hex(1, 0));
    refused(&mut s, 0, Action::Draw { pile: 1 }, Refusal::MixedModes);
}

#[test]
fn stored_tile_cannot_be_built_even_with_an_amphora() {
    let mut s = free_builds();
    give_amphorae(&mut s, 0, 1);
    play(&mut s, 0, Action::Draw { pile: 1 });
    let stored = s.held_building().expect("drawn");
    play(&mut s, 0, Action::Store);
    play(&mut s, 0, Action::EndTurn);
    assert_eq!(*s.step(), Step::Amphorae);
    assert!(Attika::legal_actions(&s, Seat(0))
        .iter()
        .all(|a| !matches!(a, Action::Build { .. })));
    refused(
        &mut s,
        0,
        Action::Build { building: stored },
        Refusal::MixedModes,
    );
}

#[test]
fn draw_limit_is_two() {
    let mut s = fresh(2);
    for _ in 0..2 {
        play(&mut s, 0, Action::Draw { pile: 2 });
        play(&mut s, 0, Action::Store);
    }
    refused(&mut s, 0, Action::Draw { pile: 1 }, Refusal::NoDrawsLeft);
    assert_eq!(Attika::legal_actions(&s, Seat(0)), vec![Action::EndTurn]);
}

#[test]
fn build_limit_is_three() {
    let mut s = free_builds();
    place_free(&mut s, 0, "DEF3", hex(1, 0));
    place_free(&mut s, 0, "DEF4", hex(-1, 0));
    place_free(&mut s, 0, "SHP2", hex(4, -2));
    refused(
        &mut s,
        0,
        Action::Build {
            building: building("SHP3"),
        },
        Refusal::NoBuildsLeft,
    );
    assert_eq!(Attika::legal_actions(&s, Seat(0)), vec![Action::EndTurn]);
}

/// Every way to pay the current unit, regardless of the listing.
fn all_steps(hand: &[u8; 4], typed: &[u8; 4], generic: u8) -> Vec<(Action, [u8; 4], [u8; 4], u8)> {
    let mut out = Vec::new();
    let cur = Resource::ALL.into_iter().find(|r| typed[r.index()] > 0);
    let mut t = *typed;
    let mut g = generic;
    match cur {
        Some(r) => t[r.index()] -= 1,
        None if generic > 0 => g -= 1,
        None => return out,
    }
    for c in Resource::ALL {
        if hand[c.index()] > 0 && (cur.is_none() || cur == Some(c)) {
            let mut h = *hand;
            h[c.index()] -= 1;
            out.push((Action::PayCard { card: c }, h, t, g));
        }
    }
    // A pair pays a unit only when its resource is missing (fewer cards than units).
    if cur.is_some_and(|r| hand[r.index()] < typed[r.index()]) {
        for a in Resource::ALL {
            for b in Resource::ALL.into_iter().filter(|b| *b >= a) {
                let mut h = *hand;
                if h[a.index()] == 0 {
                    continue;
                }
                h[a.index()] -= 1;
                if h[b.index()] == 0 {
                    continue;
                }
                h[b.index()] -= 1;
                out.push((
                    Action::PayPair {
                        first: a,
                        second: b,
                    },
                    h,
                    t,
                    g,
                ));
            }
        }
    }
    out
}

fn completable(
    hand: [u8; 4],
    typed: [u8; 4],
    generic: u8,
    memo: &mut HashMap<([u8; 4], [u8; 4], u8), bool>,
) -> bool {
    if typed == [0; 4] && generic == 0 {
        return true;
    }
    if let Some(v) = memo.get(&(hand, typed, generic)) {
        return *v;
    }
    let v = all_steps(&hand, &typed, generic)
        .into_iter()
        .any(|(_, h, t, g)| completable(h, t, g, memo));
    memo.insert((hand, typed, generic), v);
    v
}

#[test]
fn payment_steps_are_exactly_the_completable_ones() {
    let mut memo = HashMap::new();
    let mut checked = 0;
    for hv in 0..4u32.pow(4) {
        let hand = [0, 1, 2, 3].map(|i| ((hv / 4u32.pow(i)) % 4) as u8);
        for tv in 0..3u32.pow(4) {
            let typed = [0, 1, 2, 3].map(|i| ((tv / 3u32.pow(i)) % 3) as u8);
            for generic in 0..3u8 {
                if typed == [0; 4] && generic == 0 {
                    continue;
                }
                let can = completable(hand, typed, generic, &mut memo);
                assert_eq!(
                    feasible(&hand, &typed, generic),
                    can,
                    "{hand:?} {typed:?} {generic}"
                );
                let listed = payments(&hand, &typed, generic);
                let good: Vec<Action> = all_steps(&hand, &typed, generic)
                    .into_iter()
                    .filter(|(_, h, t, g)| completable(*h, *t, *g, &mut memo))
                    .map(|(a, ..)| a)
                    .collect();
                assert_eq!(listed, good, "{hand:?} {typed:?} {generic}");
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000);
}

#[test]
fn worked_example_11_amphora_award() {
    let mut s = fresh(2);
    put(&mut s, 1, "VIN1", hex(0, 0));
    reserve(&mut s, 1, &["VIN2"]);
    set_current(&mut s, 1);
    let ev = place_free(&mut s, 1, "VIN2", hex(1, 0));
    assert!(ev.contains(&Event::AmphoraEarned {
        seat: Seat(1),
        group: Group::Vineyard,
        from_supply: true
    }));
    assert_eq!((s.player(Seat(1)).amphorae, s.amphora_supply()), (1, 14));

    let mut s = fresh(2);
    put(&mut s, 1, "VIN1", hex(0, 0));
    reserve(&mut s, 1, &["VIN2"]);
    set_current(&mut s, 1);
    let supply = s.amphora_supply();
    give_amphorae(&mut s, 0, supply);
    let ev = place_free(&mut s, 1, "VIN2", hex(1, 0));
    assert!(ev.contains(&Event::AmphoraEarned {
        seat: Seat(1),
        group: Group::Vineyard,
        from_supply: false
    }));
    assert_eq!(
        (s.player(Seat(1)).amphorae, cards_drawn(&ev)),
        (0, 1),
        "a card instead"
    );
    assert_eq!(s.player(Seat(1)).hand.iter().sum::<u8>(), 1);
}

#[test]
fn amphora_needs_connected_group() {
    let mut s = fresh(2);
    put(&mut s, 0, "VIN1", hex(0, 0));
    reserve(&mut s, 0, &["VIN2"]);
    set_hand(&mut s, 0, [5, 5, 5, 5]);
    play(
        &mut s,
        0,
        Action::Build {
            building: building("VIN2"),
        },
    );
    play(&mut s, 0, Action::Place { cell: hex(5, -1) });
    let ev = pay_all(&mut s, 0);
    assert!(
        ev.iter().all(|e| !matches!(e, Event::AmphoraEarned { .. })),
        "not connected (A4)"
    );
    assert_eq!(s.player(Seat(0)).amphorae, 0);
}

#[test]
fn amphora_awarded_once_per_group() {
    let mut s = fresh(2);
    put(&mut s, 0, "VIN1", hex(0, 0));
    reserve(&mut s, 0, &["VIN2", "DEF3"]);
    put(&mut s, 0, "DEF2", hex(-1, 1));
    place_free(&mut s, 0, "VIN2", hex(1, 0));
    assert_eq!(s.player(Seat(0)).groups_done, vec![Group::Vineyard]);
    let ev = place_free(&mut s, 0, "DEF3", hex(-1, 0));
    assert!(ev.iter().all(|e| !matches!(e, Event::AmphoraEarned { .. })));
    assert_eq!(s.player(Seat(0)).amphorae, 1);
    // The Vineyard stays recorded: no later placement can award it again.
    assert_eq!(s.player(Seat(0)).groups_done.len(), 1);
}

#[test]
fn worked_example_12_amphora_use() {
    let mut s = free_builds();
    give_amphorae(&mut s, 0, 1);
    place_free(&mut s, 0, "DEF3", hex(1, 0));
    place_free(&mut s, 0, "DEF4", hex(-1, 0));
    place_free(&mut s, 0, "SHP2", hex(4, -2));
    let ev = play(&mut s, 0, Action::EndTurn);
    assert_eq!(cards_drawn(&ev), 0);
    assert_eq!(
        Attika::view(&s, Viewer::Spectator).pending,
        Pending::Amphorae
    );
    let ev = place_free(&mut s, 0, "SHP3", hex(3, -1));
    assert!(ev.contains(&Event::AmphoraSpent { seat: Seat(0) }));
    assert_eq!(
        (
            s.turn().builds,
            s.player(Seat(0)).amphorae,
            s.amphora_supply()
        ),
        (4, 0, 15),
        "a 4th build"
    );

    let mut s = fresh(2);
    give_amphorae(&mut s, 0, 1);
    for _ in 0..2 {
        play(&mut s, 0, Action::Draw { pile: 1 });
        play(&mut s, 0, Action::Store);
    }
    play(&mut s, 0, Action::EndTurn);
    play(&mut s, 0, Action::Draw { pile: 1 });
    assert_eq!(s.turn().draws, 3, "a 3rd draw");
    play(&mut s, 0, Action::Store);
    assert_eq!(Attika::legal_actions(&s, Seat(0)), vec![Action::EndTurn]);
}

#[test]
fn amphora_mode_choice_after_no_action() {
    let mut s = free_builds();
    give_amphorae(&mut s, 0, 2);
    let ev = play(&mut s, 0, Action::EndTurn);
    assert_eq!(cards_drawn(&ev), 3);
    let legal = Attika::legal_actions(&s, Seat(0));
    assert!(
        legal.iter().any(|a| matches!(a, Action::Draw { .. })),
        "{legal:?}"
    );
    assert!(
        legal.iter().any(|a| matches!(a, Action::Build { .. })),
        "{legal:?}"
    );
    play(&mut s, 0, Action::Draw { pile: 1 });
    play(&mut s, 0, Action::Store);
    refused(
        &mut s,
        0,
        Action::Build {
            building: building("DEF3"),
        },
        Refusal::MixedModes,
    );
    play(&mut s, 0, Action::Draw { pile: 1 });
    play(&mut s, 0, Action::Store);
    refused(&mut s, 0, Action::Draw { pile: 1 }, Refusal::NoAmphora);
}

#[test]
fn amphora_for_card_option() {
    let mut s = fresh(2);
    give_amphorae(&mut s, 0, 1);
    play(&mut s, 0, Action::EndTurn);
    refused(&mut s, 0, Action::AmphoraForCard, Refusal::OptionDisabled);

    let mut s = fresh(2);
    set_amphora_for_card(&mut s, true);
    give_amphorae(&mut s, 0, 1);
    refused(&mut s, 0, Action::AmphoraForCard, Refusal::WrongDecision);
    play(&mut s, 0, Action::EndTurn);
    let ev = play(&mut s, 0, Action::AmphoraForCard);
    assert_eq!(cards_drawn(&ev), 1);
    assert_eq!(
        (
            s.player(Seat(0)).hand.iter().sum::<u8>(),
            s.amphora_supply()
        ),
        (4, 15)
    );
    assert_eq!(Attika::legal_actions(&s, Seat(0)), vec![Action::EndTurn]);
}

#[test]
fn unused_amphora_gives_nothing() {
    let mut s = fresh(2);
    give_amphorae(&mut s, 0, 2);
    play(&mut s, 0, Action::EndTurn);
    let ev = play(&mut s, 0, Action::EndTurn);
    assert_eq!(cards_drawn(&ev), 0);
    assert_eq!(
        (s.player(Seat(0)).amphorae, s.current()),
        (2, Seat(1)),
        "kept for later"
    );
}

/// Leaves exactly one tile in pile 2 of seat 0 (the rest go to pile 1).
fn last_tile_in_pile_2(s: &mut State) {
    let keep = *s.player(Seat(0)).piles[2].last().expect("tile");
    empty_pile(s, 0, 2, 1);
    pile_top(s, 0, 2, keep.code());
}

#[test]
fn worked_example_13_extension_trigger() {
    let mut s = fresh(2);
    last_tile_in_pile_2(&mut s);
    let before = s.map_pieces_left();
    play(&mut s, 0, Action::Draw { pile: 2 });
    let ev = play(&mut s, 0, Action::Store);
    let piece = s.map_pieces_left();
    assert_eq!(piece, before - 1);
    assert!(ev.iter().any(|e| matches!(e, Event::PieceRevealed { .. })));
    assert!(matches!(
        Attika::view(&s, Viewer::Spectator).pending,
        Pending::PlacePiece { .. }
    ));
    let legal = Attika::legal_actions(&s, Seat(0));
    assert!(
        !legal.is_empty() && legal.iter().all(|a| matches!(a, Action::PlacePiece { .. })),
        "must lay it"
    );
    refused(&mut s, 0, Action::EndTurn, Refusal::WrongDecision);
    let cells = s.cells().len();
    play(&mut s, 0, legal[0].clone());
    assert_eq!(s.cells().len(), cells + 7);
    refused(&mut s, 0, Action::Draw { pile: 2 }, Refusal::EmptyPile);
    assert!(Attika::legal_actions(&s, Seat(0)).contains(&Action::Draw { pile: 1 }));
}

#[test]
fn extension_may_touch_only_a_shrine() {
    let mut s = fresh(2);
    last_tile_in_pile_2(&mut s);
    play(&mut s, 0, Action::Draw { pile: 2 });
    play(&mut s, 0, Action::Store);
    let board: Vec<Hex> = s.cells().iter().map(|c| c.hex).collect();
    let shrine = s.shrines()[0];
    let legal = Attika::legal_actions(&s, Seat(0));
    let behind = legal.iter().find(|a| {
        let Action::PlacePiece { center, .. } = a else {
            return false;
        };
        let cells = agora_engine::attika::hex::piece_cells(*center, 0);
        let touches_board = cells.iter().any(|(h, _)| {
            agora_engine::attika::hex::neighbours(*h)
                .iter()
                .any(|n| board.contains(n))
        });
        let touches_shrine = cells
            .iter()
            .any(|(h, _)| agora_engine::attika::hex::neighbours(*h).contains(&shrine));
        !touches_board && touches_shrine
    });
    let a = behind
        .expect("a placement behind a shrine is listed")
        .clone();
    play(&mut s, 0, a);
}

#[test]
fn extension_overlap_and_far_refused() {
    let mut s = fresh(2);
    last_tile_in_pile_2(&mut s);
    play(&mut s, 0, Action::Draw { pile: 2 });
    play(&mut s, 0, Action::Store);
    refused(
        &mut s,
        0,
        Action::PlacePiece {
            center: hex(0, 0),
            rotation: 0,
        },
        Refusal::BadPiecePlacement,
    );
    refused(
        &mut s,
        0,
        Action::PlacePiece {
            center: hex(-3, 1),
            rotation: 0,
        },
        Refusal::BadPiecePlacement,
    ); // on the shrine
    refused(
        &mut s,
        0,
        Action::PlacePiece {
            center: hex(40, 40),
            rotation: 2,
        },
        Refusal::BadPiecePlacement,
    );
    let ok = Attika::legal_actions(&s, Seat(0))[0].clone();
    if let Action::PlacePiece { center, .. } = ok {
        refused(
            &mut s,
            0,
            Action::PlacePiece {
                center,
                rotation: 6,
            },
            Refusal::BadRotation,
        );
    }
}

#[test]
fn empty_map_stack_skips_extension() {
    let mut s = fresh(2);
    last_tile_in_pile_2(&mut s);
    lay_map_stack(&mut s);
    play(&mut s, 0, Action::Draw { pile: 2 });
    let ev = play(&mut s, 0, Action::Store);
    assert!(ev.contains(&Event::NoPieceLeft { seat: Seat(0) }));
    assert_eq!(*s.step(), Step::Main);
}

#[test]
fn extension_after_building_the_last_drawn_tile() {
    let mut s = fresh(2);
    last_tile_in_pile_2(&mut s);
    set_hand(&mut s, 0, [5, 5, 5, 5]);
    play(&mut s, 0, Action::Draw { pile: 2 });
    play(&mut s, 0, Action::Place { cell: hex(0, 0) });
    let ev = pay_all(&mut s, 0);
    assert!(ev.iter().any(|e| matches!(e, Event::PieceRevealed { .. })));
    assert!(matches!(s.step(), Step::PlacePiece { .. }), "{ev:?}");
}

/// Seat 0's colony from (-1,1) (next to shrine (-2,1)) to (6,-2) (next to shrine (7,-2)),
/// missing (3,-1).
fn almost_connected() -> State {
    let mut s = fresh(2);
    let path = [(-1, 1), (0, 0), (1, 0), (2, -1), (4, -1), (5, -1), (6, -2)];
    for (code, (q, r)) in ["CTY2", "CTY3", "CTY4", "CTY5", "CTY7", "CTY8", "CTY10"]
        .iter()
        .zip(path)
    {
        put(&mut s, 0, code, hex(q, r));
    }
    s
}

#[test]
fn worked_example_14_connection_win() {
    let mut s = almost_connected();
    assert_eq!(s.shrines(), vec![hex(-2, 1), hex(7, -2)]);
    reserve(&mut s, 0, &["CTY9", "SUP1"]);
    set_hand(&mut s, 0, [5, 5, 5, 5]);
    play(
        &mut s,
        0,
        Action::Build {
            building: building("CTY9"),
        },
    );
    play(&mut s, 0, Action::Place { cell: hex(3, -1) });
    let ev = pay_all(&mut s, 0);
    assert_eq!(won(&ev), Some(Victory::ShrineConnection));
    assert_eq!(s.turn().builds, 1, "in the middle of the turn");
    assert!(s.is_over() && Attika::to_act(&s).is_empty());
    assert!(Attika::legal_actions(&s, Seat(0)).is_empty());
    refused_over(&mut s);
    let out = Attika::outcome(&s).expect("outcome");
    assert_eq!(out.standings[0].rank, 1);
    assert_eq!(out.standings[0].score, 1);
    assert_eq!(out.standings[1].rank, 2);
    assert_eq!(out.standings[0].breakdown[0].0, "shrine connection");
    assert!(
        out.standings[1].breakdown.is_empty(),
        "nothing to explain for a loser"
    );
    assert_eq!(
        Attika::view(&s, Viewer::Spectator).winner,
        Some((Seat(0), Victory::ShrineConnection))
    );
}

fn refused_over(s: &mut State) {
    let before = s.clone();
    let e = Attika::apply(s, Seat(0), &Action::EndTurn).expect_err("over");
    assert_eq!(e.code, "GAME_OVER");
    assert!(*s == before);
}

#[test]
fn win_on_last_drawn_tile_comes_before_extension() {
    let mut s = almost_connected();
    empty_pile(&mut s, 0, 2, 1);
    pile_top(&mut s, 0, 2, "CTY9");
    set_hand(&mut s, 0, [5, 5, 5, 5]);
    play(&mut s, 0, Action::Draw { pile: 2 });
    play(&mut s, 0, Action::Place { cell: hex(3, -1) });
    let ev = pay_all(&mut s, 0);
    assert_eq!(won(&ev), Some(Victory::ShrineConnection));
    assert!(
        ev.iter().all(|e| !matches!(e, Event::PieceRevealed { .. })),
        "A14"
    );
}

#[test]
fn worked_example_15_thirty_buildings() {
    let mut s = fresh(4);
    let free: Vec<Hex> = s
        .cells()
        .iter()
        .map(|c| c.hex)
        .filter(|h| {
            s.shrines()
                .iter()
                .all(|sh| !agora_engine::attika::hex::adjacent(*h, *sh))
        })
        .collect();
    assert!(free.len() >= 30);
    for (i, code) in BUILDING_CODES.iter().take(29).enumerate() {
        put(&mut s, 0, code, free[i]);
    }
    reserve(&mut s, 0, &["CTY10"]);
    assert_eq!(buildings_of(&s, 0), 30);
    set_hand(&mut s, 0, [10, 10, 10, 10]);
    play(
        &mut s,
        0,
        Action::Build {
            building: building("CTY10"),
        },
    );
    play(&mut s, 0, Action::Place { cell: free[29] });
    let ev = pay_all(&mut s, 0);
    assert_eq!(won(&ev), Some(Victory::AllBuildings), "wins at once");
    assert_eq!(s.player(Seat(0)).placed.len(), 30);
    assert_eq!(
        Attika::outcome(&s).expect("over").standings[0].breakdown[0].0,
        "all buildings"
    );
}

#[test]
fn worked_example_16_start() {
    for seed in 0..20 {
        let s = Attika::setup(&options(3), seed).expect("setup");
        assert_eq!(s.current(), s.start());
        for i in 0..3u8 {
            let seat = (s.start().index() + usize::from(i)) % 3;
            assert_eq!(
                s.player(Seat(seat as u8)).hand.iter().sum::<u8>(),
                4 + i,
                "hands 4/5/6 in turn order"
            );
        }
        for p in s.seats().map(|seat| s.player(seat)) {
            let mains = p
                .reserve
                .iter()
                .filter(|b| tables().building(**b).is_main)
                .count();
            assert_eq!((p.reserve.len(), mains), (4, 1), "1 main + 3 others");
            assert_eq!(p.piles.each_ref().map(|x| x.len()), [5, 7, 7, 7]);
        }
        assert_eq!(s.cells().len(), 6 * 7);
        assert_eq!(s.shrines().len(), 3);
        assert_eq!(s.map_pieces_left(), 16);
        assert_eq!(s.deck_size(), 60 - 15);
        assert_eq!(s.amphora_supply(), 15);
    }
    let pieces_at_start = |n: u8| Attika::setup(&options(n), 1).expect("setup").pieces().len();
    assert_eq!((pieces_at_start(2), pieces_at_start(4)), (4, 8));
    assert!(Attika::setup(&options(5), 1).is_err());
    assert!(Attika::setup(&options(1), 1).is_err());
}

#[test]
fn deck_reshuffles_discards() {
    let mut s = fresh(2);
    deck_to_discards(&mut s);
    let ev = play(&mut s, 0, Action::EndTurn);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::DeckReshuffled { size } if *size > 0)));
    assert_eq!(cards_drawn(&ev), 3);
    assert_eq!(s.discards(), [0; 4]);
    assert_eq!(total_cards(&s), 60);
}

#[test]
fn deck_and_discards_empty_gives_nothing() {
    let mut s = fresh(2);
    deal_deck(&mut s, 1);
    let ev = play(&mut s, 0, Action::EndTurn);
    assert_eq!(cards_drawn(&ev), 0);
    assert_eq!(total_cards(&s), 60);
}

#[test]
fn view_hides_other_hands() {
    let s = Attika::setup(&options(3), 3).expect("setup");
    let v = Attika::view(&s, Viewer::Seat(Seat(1)));
    let json: serde_json::Value = serde_json::to_value(&v).expect("serializes");
    let players = json["players"].as_array().expect("players");
    assert!(players[0]["hand"].is_null() && players[2]["hand"].is_null());
    assert!(players[1]["hand"].is_array());
    assert_eq!(
        players[0]["hand_size"],
        serde_json::json!(s.player(Seat(0)).hand.iter().sum::<u8>())
    );
    let spectator = serde_json::to_string(&Attika::view(&s, Viewer::Spectator)).expect("json");
    assert!(
        !spectator.contains("\"hand\":["),
        "a spectator sees no hand"
    );
    assert_eq!(v.players[0].piles, [5, 7, 7, 7]);
    assert!(!spectator.contains("map_stack") && !spectator.contains("\"deck\""));
}

#[test]
fn cards_drawn_redacted_for_others() {
    let mut s = fresh(2);
    let ev = play(&mut s, 0, Action::EndTurn);
    let drawn = ev
        .iter()
        .find(|e| matches!(e, Event::CardsDrawn { .. }))
        .expect("drawn")
        .clone();
    let own = Attika::redact_event(&drawn, Viewer::Seat(Seat(0)));
    assert_eq!(own, drawn);
    for viewer in [Viewer::Seat(Seat(1)), Viewer::Spectator] {
        match Attika::redact_event(&drawn, viewer) {
            Event::CardsDrawn { seat, count, cards } => {
                assert_eq!((seat, count, cards.len()), (Seat(0), 3, 0));
            }
            other => panic!("{other:?}"),
        }
    }
    let public = Event::TurnEnded { seat: Seat(0) };
    assert_eq!(Attika::redact_event(&public, Viewer::Spectator), public);
}

#[test]
fn wrong_decision_codes() {
    let mut s = free_builds();
    refused(&mut s, 0, Action::Store, Refusal::WrongDecision);
    refused(
        &mut s,
        0,
        Action::PayCard { card: W },
        Refusal::WrongDecision,
    );
    refused(
        &mut s,
        0,
        Action::Place { cell: hex(1, 0) },
        Refusal::WrongDecision,
    );
    refused(&mut s, 0, Action::Draw { pile: 4 }, Refusal::NoSuchPile);
    refused(
        &mut s,
        0,
        Action::Build {
            building: building("CTY1"),
        },
        Refusal::NotInReserve,
    );
    let e = Attika::apply(&mut s, Seat(1), &Action::EndTurn).expect_err("not seat 1's turn");
    assert_eq!(e.code, "NOT_YOUR_TURN");
    play(
        &mut s,
        0,
        Action::Build {
            building: building("DEF3"),
        },
    );
    refused(
        &mut s,
        0,
        Action::Place { cell: hex(0, 0) },
        Refusal::BadCell,
    );
    refused(
        &mut s,
        0,
        Action::Place { cell: hex(-2, 1) },
        Refusal::BadCell,
    ); // shrine
    refused(
        &mut s,
        0,
        Action::Place { cell: hex(30, 30) },
        Refusal::BadCell,
    );
    refused(
        &mut s,
        0,
        Action::Place { cell: hex(5, -1) },
        Refusal::CannotAfford,
    );
    refused(&mut s, 0, Action::EndTurn, Refusal::WrongDecision);
}

#[test]
fn payment_refusals() {
    // Ship F2 W1 with no symbol around; hand W1 H2 M2: W exact, F by two pairs.
    let mut s = fresh(2);
    reserve(&mut s, 0, &["SHP2"]);
    set_hand(&mut s, 0, [1, 0, 1, 2]);
    refused(
        &mut s,
        0,
        Action::Build {
            building: building("SHP2"),
        },
        Refusal::CannotAfford,
    );
    set_hand(&mut s, 0, [1, 0, 2, 2]);
    play(
        &mut s,
        0,
        Action::Build {
            building: building("SHP2"),
        },
    );
    play(&mut s, 0, Action::Place { cell: hex(0, 0) });
    refused(
        &mut s,
        0,
        Action::PayPair {
            first: H,
            second: M,
        },
        Refusal::PairNotMissing,
    );
    refused(&mut s, 0, Action::PayCard { card: F }, Refusal::WrongCard);
    refused(
        &mut s,
        0,
        Action::PayPair {
            first: M,
            second: H,
        },
        Refusal::PairOrder,
    );
    assert_eq!(
        Attika::legal_actions(&s, Seat(0)),
        vec![Action::PayCard { card: W }]
    );
    play(&mut s, 0, Action::PayCard { card: W });
    refused(&mut s, 0, Action::PayCard { card: F }, Refusal::CardNotHeld);
    refused(
        &mut s,
        0,
        Action::PayPair {
            first: W,
            second: H,
        },
        Refusal::CardNotHeld,
    );
    play(
        &mut s,
        0,
        Action::PayPair {
            first: H,
            second: M,
        },
    );
    assert!(is_paying(&s), "one F unit left");
    play(
        &mut s,
        0,
        Action::PayPair {
            first: H,
            second: M,
        },
    );
    assert_eq!(
        (s.player(Seat(0)).hand, s.step().clone()),
        ([0; 4], Step::Main)
    );
    assert_eq!(s.discards(), [1, 0, 2, 2]);

    // Hand F1 H2 M2, no Water: W is missing, but the pair F+H would leave 3 cards for the
    // F2 still due (1 exact + a pair needs F and 2 more): a dead end.
    let mut s = fresh(2);
    reserve(&mut s, 0, &["SHP2"]);
    set_hand(&mut s, 0, [0, 1, 2, 2]);
    play(
        &mut s,
        0,
        Action::Build {
            building: building("SHP2"),
        },
    );
    play(&mut s, 0, Action::Place { cell: hex(0, 0) });
    refused(
        &mut s,
        0,
        Action::PayPair {
            first: F,
            second: H,
        },
        Refusal::PaymentDeadEnd,
    );
}

#[test]
fn extension_spots_match_the_definition() {
    use agora_engine::attika::hex::{neighbours, piece_cells};
    let mut s = fresh(3);
    last_tile_in_pile_2(&mut s);
    play(&mut s, 0, Action::Draw { pile: 2 });
    play(&mut s, 0, Action::Store);
    let taken = |h: &Hex| s.cell(*h).is_some() || s.shrines().contains(h);
    let mut expected = Vec::new();
    for q in -15..25i16 {
        for r in -20..20i16 {
            let cells = piece_cells(hex(q, r), 0);
            let free = cells.iter().all(|(h, _)| !taken(h));
            let touches = cells.iter().any(|(h, _)| neighbours(*h).iter().any(taken));
            if free && touches {
                for rotation in 0..6 {
                    expected.push(Action::PlacePiece {
                        center: hex(q, r),
                        rotation,
                    });
                }
            }
        }
    }
    let mut legal = Attika::legal_actions(&s, Seat(0));
    let key = |a: &Action| match a {
        Action::PlacePiece { center, rotation } => (*center, *rotation),
        _ => (hex(0, 0), 9),
    };
    legal.sort_by_key(key);
    expected.sort_by_key(key);
    assert_eq!(legal, expected);
}

#[test]
fn all_sites_agree_with_single_site() {
    use agora_engine::attika::cost::{site, sites};
    let mut s = almost_connected();
    put(&mut s, 1, "RD1", hex(2, 1));
    set_symbol(&mut s, hex(3, 1), W);
    set_symbol(&mut s, hex(2, 2), M);
    for seat in [Seat(0), Seat(1)] {
        let all = sites(&s, seat);
        let empty = s.cells().iter().filter(|c| c.building.is_none()).count();
        assert_eq!(all.len(), empty);
        for x in all {
            assert_eq!(Some(x), site(&s, seat, x.hex));
        }
    }
}

/// The builders move components, never make or lose them (the invariants' own tests, which
/// forge states, are unit tests in `attika/invariants.rs`).
#[test]
fn builder_positions_keep_every_component() {
    let mut positions = vec![
        fresh(2),
        fresh(3),
        fresh(4),
        free_builds(),
        almost_connected(),
    ];
    let mut s = free_builds();
    set_hand(&mut s, 0, [1, 0, 2, 2]);
    give_amphorae(&mut s, 1, 3);
    last_tile_in_pile_2(&mut s);
    positions.push(s.clone());
    deck_to_discards(&mut s);
    positions.push(s.clone());
    set_hand(&mut s, 1, [2, 2, 2, 2]);
    deal_deck(&mut s, 0);
    lay_map_stack(&mut s);
    pile_top(&mut s, 1, 3, "CTY9");
    positions.push(s);
    for s in positions {
        assert_eq!(Attika::invariants(&s), Ok(()));
    }
}

/// The conformance statistics (conformance_stats.rs) reach both victories.
#[test]
fn statistics_reach_both_victories() {
    let t = crate::conformance_stats::tallies::<agora_engine::attika::Attika>();
    crate::conformance_stats::assert_reached(
        "attika",
        &t.union(),
        &["all buildings", "shrine connection"],
        &["PayPair", "PlacePiece", "AmphoraForCard", "Store"],
    );
}
