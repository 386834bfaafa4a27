//! The three main actions (rules 2.2), worked examples T4 and T5, their edge cases and error
//! codes; straits as adjacency (ASSUMPTION 2); PassMain (ASSUMPTION 3).

use crate::origin_support::*;

// ------------------------------------------------------------------ T4: evolution

/// Seat 1 owns a (2, 2, brown) pawn on AF2 (Sahara); seat 0 evolves onto AF4 from it.
fn t4_position(players: u8) -> State {
    Position::standard(players).pawn("AF2", "P22B", 1).build()
}

#[test]
fn t4_legal_evolutions_from_a_medium_normal_brown_pawn() {
    for pawn in ["P22W", "P22K", "P23B", "P32B"] {
        let mut s = t4_position(2);
        let ev = ok(&mut s, 0, evolve("AF4", "AF2", pawn));
        assert!(matches!(ev[0], Event::Evolved { .. }));
        assert_eq!(pawn_at(&s, "AF4"), Some((pawn_type(pawn), Some(Seat(0)))));
        assert_eq!(villages_left(&s, 0), 8);
        assert_eq!(reserve_count(&s, pawn), 0);
    }
}

#[test]
fn t4_illegal_evolutions() {
    let mut s = t4_position(2);
    for pawn in ["P21B", "P12B", "P23W", "P32K", "P33B"] {
        refuse(&mut s, 0, evolve("AF4", "AF2", pawn), "INVALID_EVOLUTION");
    }
    // Strength + 2 from the neutral (1, 1, black) pawn.
    let mut s = Position::standard(2).neutral("P11K").build();
    refuse(&mut s, 0, evolve("AF2", "AF1", "P13K"), "INVALID_EVOLUTION");
    refuse(&mut s, 0, evolve("AF2", "AF1", "P31K"), "INVALID_EVOLUTION");
    ok(&mut s, 0, evolve("AF2", "AF1", "P12K"));
}

#[test]
fn t4_identical_needs_a_twin_in_the_reserve() {
    // 2 players: every pawn is unique, the identical pawn is on the board.
    let mut s = t4_position(2);
    refuse(
        &mut s,
        0,
        evolve("AF4", "AF2", "P22B"),
        "PAWN_NOT_IN_RESERVE",
    );
    // 4 players: the medium pawns are doubled.
    let mut s = t4_position(4);
    assert_eq!(reserve_count(&s, "P22B"), 1);
    ok(&mut s, 0, evolve("AF4", "AF2", "P22B"));
    assert_eq!(reserve_count(&s, "P22B"), 0);
    // Never for small or large pawns, even at 4 players.
    let mut s = Position::standard(4).pawn("AF2", "P31W", 1).build();
    refuse(
        &mut s,
        0,
        evolve("AF4", "AF2", "P31W"),
        "PAWN_NOT_IN_RESERVE",
    );
}

#[test]
fn evolve_needs_an_empty_adjacent_target_and_a_village() {
    let mut s = t4_position(2);
    refuse(&mut s, 0, evolve("AF7", "AF2", "P22W"), "NOT_ADJACENT");
    refuse(
        &mut s,
        0,
        evolve("AF2", "AF1", "P11B"),
        "TERRITORY_OCCUPIED",
    );
    refuse(&mut s, 0, evolve("AF4", "AF8", "P22W"), "REFERENCE_EMPTY");
    refuse(&mut s, 0, evolve("AF4", "AF2", "P23W"), "INVALID_EVOLUTION");
    let mut s = Position::standard(2)
        .pawn("AF2", "P22B", 1)
        .villages(0, 0)
        .build();
    refuse(&mut s, 0, evolve("AF4", "AF2", "P22W"), "NO_VILLAGES_LEFT");
    assert!(!legal(&s, 0)
        .iter()
        .any(|a| matches!(a, Action::Evolve { .. })));
}

#[test]
fn evolve_names_one_reference_and_lists_each_reference() {
    // AF4 touches both AF1 (neutral P11W) and AF2 (P22B): both are listed as references.
    let s = t4_position(2);
    let list = legal(&s, 0);
    assert!(list.contains(&evolve("AF4", "AF1", "P12W")));
    assert!(list.contains(&evolve("AF4", "AF2", "P23B")));
    // A pawn evolving from AF1 cannot be stronger by 1 relative to AF2.
    assert!(!list.contains(&evolve("AF4", "AF1", "P23B")));
}

#[test]
fn evolve_across_a_strait() {
    // Gibraltar S1 joins AF2 and EU1.
    let mut s = t4_position(2);
    ok(&mut s, 0, evolve("EU1", "AF2", "P22W"));
    assert_eq!(pawn_at(&s, "EU1").map(|x| x.1), Some(Some(Seat(0))));
}

#[test]
fn evolve_leads_to_the_reward_of_the_target() {
    let mut s = t4_position(2);
    ok(&mut s, 0, evolve("AF4", "AF2", "P22W")); // AF4 is purple
    assert_eq!(
        pending(&s),
        Pending::Reward {
            color: TerritoryColor::Purple
        }
    );
    assert_eq!(
        legal(&s, 0),
        vec![choose(RewardOption::A), choose(RewardOption::B)]
    );
}

// ------------------------------------------------------------------ T5: migrate / exchange

#[test]
fn t5_migrate_through_an_occupied_territory() {
    // Seat 0's size-2 pawn on AF2 passes through AF3 (seat 1) to the empty AF5 (brown).
    let mut s = Position::standard(2)
        .pawn("AF2", "P21W", 0)
        .pawn("AF3", "P11B", 1)
        .build();
    ok(&mut s, 0, migrate("AF2", "AF5"));
    assert_eq!(pawn_at(&s, "AF2"), None);
    assert_eq!(pawn_at(&s, "AF5"), Some((pawn_type("P21W"), Some(Seat(0)))));
    assert_eq!(
        pending(&s),
        Pending::Reward {
            color: TerritoryColor::Brown
        }
    );
}

#[test]
fn migrate_range_is_the_size() {
    let mut s = Position::standard(2)
        .pawn("AF2", "P11B", 0)
        .pawn("EU5", "P31K", 0)
        .build();
    // size 1: AF2 -> AF5 is two steps
    refuse(&mut s, 0, migrate("AF2", "AF5"), "OUT_OF_RANGE");
    ok(&mut s.clone(), 0, migrate("AF2", "AF4"));
    // size 3: EU5 -> EU8 (2) and EU11 (3), not EU12's neighbour OC1 (4)
    ok(&mut s.clone(), 0, migrate("EU5", "EU11"));
    refuse(&mut s, 0, migrate("EU5", "OC1"), "OUT_OF_RANGE");
}

#[test]
fn migrate_destination_must_be_empty_and_not_the_start() {
    let mut s = Position::standard(2)
        .pawn("AF2", "P21W", 0)
        .pawn("AF3", "P11B", 1)
        .build();
    refuse(&mut s, 0, migrate("AF2", "AF2"), "SAME_TERRITORY");
    refuse(&mut s, 0, migrate("AF2", "AF3"), "TERRITORY_OCCUPIED");
    refuse(&mut s, 0, migrate("AF2", "AF1"), "TERRITORY_OCCUPIED");
    refuse(&mut s, 0, migrate("AF3", "AF5"), "NOT_YOUR_PAWN");
    refuse(&mut s, 0, migrate("AF4", "AF5"), "NO_PAWN");
    let list = legal(&s, 0);
    assert!(!list.contains(&migrate("AF2", "AF2")));
}

#[test]
fn migrate_uses_straits_as_adjacency() {
    let mut s = Position::standard(2).pawn("AF2", "P11K", 0).build();
    ok(&mut s, 0, migrate("AF2", "EU1"));
}

#[test]
fn t5_exchange_with_a_weaker_pawn_two_steps_away() {
    // Rose (seat 0, size 2 strength 2) on AF8; Green (seat 1, strength 1) on yellow AF2.
    let mut s = Position::standard(2)
        .pawn("AF8", "P22W", 0)
        .pawn("AF2", "P21B", 1)
        .pile(CardColor::Yellow, &["A01", "A02", "A03"])
        .build();
    let ev = ok(&mut s, 0, exchange("AF8", "AF2"));
    assert!(ev.contains(&Event::Exchanged {
        seat: Seat(0),
        from: territory_id("AF8"),
        to: territory_id("AF2"),
        displaced: Seat(1),
    }));
    assert_eq!(pawn_at(&s, "AF2"), Some((pawn_type("P22W"), Some(Seat(0)))));
    assert_eq!(pawn_at(&s, "AF8"), Some((pawn_type("P21B"), Some(Seat(1)))));
    assert_eq!(
        pending(&s),
        Pending::Reward {
            color: TerritoryColor::Yellow
        }
    );
    // Rose takes the yellow reward; Green gains nothing.
    ok(&mut s, 0, choose(RewardOption::B));
    assert_eq!(hand_colors(&s, 0), [3, 0, 0]);
    assert!(hand(&s, 1).is_empty());
    assert_eq!(villages_left(&s, 1), 8);
}

#[test]
fn t5_illegal_exchanges() {
    let mut s = Position::standard(2)
        .pawn("AF2", "P22W", 0)
        .pawn("AF3", "P22K", 1)
        .pawn("AF4", "P33W", 0)
        .build();
    refuse(
        &mut s,
        0,
        exchange("AF2", "AF3"),
        "EXCHANGE_TARGET_NOT_WEAKER",
    );
    refuse(&mut s, 0, exchange("AF2", "AF1"), "NEUTRAL_PAWN");
    refuse(&mut s, 0, exchange("AF2", "AF4"), "OWN_PAWN");
    refuse(&mut s, 0, exchange("AF2", "AF5"), "TERRITORY_EMPTY");
    // The strong pawn may, the weaker one not.
    ok(&mut s.clone(), 0, exchange("AF4", "AF3"));
    // Stronger pawn out of range.
    let mut s = Position::standard(2)
        .pawn("AF7", "P13W", 0)
        .pawn("AF2", "P11K", 1)
        .build();
    refuse(&mut s, 0, exchange("AF7", "AF2"), "OUT_OF_RANGE");
}

#[test]
fn exchange_displaced_pawn_goes_to_the_start_whatever_the_distance() {
    let mut s = Position::standard(2)
        .pawn("AF7", "P33W", 0)
        .pawn("AF4", "P11K", 1)
        .build();
    ok(&mut s, 0, exchange("AF7", "AF4")); // AF7 - AF8 - AF4
    assert_eq!(pawn_at(&s, "AF7"), Some((pawn_type("P11K"), Some(Seat(1)))));
}

// ------------------------------------------------------------------ pass

#[test]
fn pass_only_when_no_main_action_is_legal() {
    let mut s = Position::standard(2).pawn("AF2", "P11K", 1).build();
    refuse(&mut s, 0, Action::PassMain, "MAIN_ACTION_AVAILABLE");
    // No village left, no pawn of seat 0 on the board: nothing but a pass.
    let mut s = Position::standard(2).villages(0, 0).build();
    assert_eq!(legal(&s, 0), vec![Action::PassMain]);
    ok(&mut s, 0, Action::PassMain);
    assert_eq!(pending(&s), Pending::AfterMain);
}

#[test]
fn only_the_current_seat_may_act() {
    let mut s = t4_position(2);
    let before = s.clone();
    let err = Origin::apply(&mut s, Seat(1), &evolve("AF4", "AF2", "P22W")).unwrap_err();
    assert_eq!(err.code, "NOT_YOUR_TURN");
    assert_eq!(s, before);
    assert!(legal(&s, 1).is_empty());
}

#[test]
fn main_action_once_per_turn() {
    let mut s = t4_position(2);
    ok(&mut s, 0, evolve("AF4", "AF2", "P22W"));
    refuse(&mut s, 0, evolve("AF8", "AF4", "P22K"), "UNEXPECTED_ACTION");
    ok(&mut s, 0, choose(RewardOption::B));
    while let Pending::ReturnCards { .. } = pending(&s) {
        let a = legal(&s, 0)[0].clone();
        ok(&mut s, 0, a);
    }
    while let Pending::HandLimit { .. } = pending(&s) {
        let a = legal(&s, 0)[0].clone();
        ok(&mut s, 0, a);
    }
    assert_eq!(pending(&s), Pending::AfterMain);
    refuse(
        &mut s,
        0,
        evolve("AF8", "AF4", "P22K"),
        "MAIN_ACTION_ALREADY_TAKEN",
    );
    refuse(
        &mut s,
        0,
        migrate("AF4", "AF8"),
        "MAIN_ACTION_ALREADY_TAKEN",
    );
    ok(&mut s, 0, Action::EndTurn);
    assert_eq!(current(&s), Seat(1));
}

#[test]
fn refused_garbage_never_panics() {
    let s = t4_position(2);
    let bad = [
        evolve("AF4", "AF2", "P22W"),
        Action::Evolve {
            target: TerritoryId(200),
            reference: TerritoryId(250),
            pawn: PawnType {
                size: 9,
                strength: 0,
                color: PawnColor::Black,
            },
        },
        Action::Migrate {
            from: TerritoryId(99),
            to: TerritoryId(98),
        },
        Action::Exchange {
            from: TerritoryId(63),
            to: TerritoryId(64),
        },
        Action::TakeTile {
            slot: TileSlot {
                column: TileColumn::Brown,
                index: 200,
            },
        },
        Action::PlayCard { card: CardId(250) },
        Action::ReturnCard { card: CardId(250) },
        Action::ChooseOpponent { seat: Seat(7) },
        Action::ChooseStraitToken {
            seat: Seat(9),
            strait: StraitId(99),
        },
        Action::ChooseOpponentTile {
            seat: Seat(9),
            tile: TileId(99),
        },
        Action::KeepObjective { card: CardId(77) },
        Action::ChoosePawn {
            pawn: pawn_type("P11W"),
        },
        Action::EndTurn,
        Action::SkipTile,
        Action::DiscardObjective { card: CardId(1) },
    ];
    for seat in 0..4u8 {
        for a in &bad[1..] {
            let mut x = s.clone();
            let r = Origin::apply(&mut x, Seat(seat), a);
            assert!(r.is_err(), "{a:?} accepted");
            assert_eq!(x, s);
        }
    }
}

/// A territory number one past the map's last (42 territories: 0-41) is refused as unknown,
/// not taken for a territory, whatever the main action.
#[test]
fn a_territory_past_the_map_is_unknown() {
    let mut s = Position::standard(2).pawn("AF2", "P11K", 0).build();
    let past = TerritoryId(42);
    let from = territory_id("AF2");
    for action in [
        Action::Migrate { from, to: past },
        Action::Exchange { from, to: past },
        Action::Evolve {
            target: past,
            reference: from,
            pawn: pawn_type("P12K"),
        },
    ] {
        refuse(&mut s, 0, action, "UNKNOWN_TERRITORY");
    }
}

/// Pawns come in sizes and strengths 1 to 3: a pawn of strength 4 or size 0 or 4 named in
/// an Evolve is refused as unknown.
#[test]
fn a_pawn_outside_sizes_and_strengths_one_to_three_is_unknown() {
    let mut s = Position::standard(2).pawn("AF2", "P11K", 0).build();
    for (size, strength) in [(1, 4), (4, 1), (0, 2), (2, 0)] {
        let pawn = PawnType {
            size,
            strength,
            color: PawnColor::Black,
        };
        let action = Action::Evolve {
            target: territory_id("AF4"),
            reference: territory_id("AF2"),
            pawn,
        };
        refuse(&mut s, 0, action, "UNKNOWN_PAWN");
    }
}
