//! Standard cards (rules 2.6): windows, one card of each colour per turn, Permanent level
//! requirement, Objectives, and every Action (A01-A14) and Permanent (P01-P14) effect.

use crate::origin_support::*;
use agora_engine::origin::scoring;
use TileColumn::*;

fn base() -> Position {
    Position::standard(2)
}

/// Plays one whole reward with the first legal choices (option B where offered).
fn settle(s: &mut State) {
    let seat = current(s).0;
    for _ in 0..20 {
        match pending(s) {
            Pending::Main | Pending::AfterMain | Pending::GameOver => return,
            Pending::Reward { .. } if legal(s, seat).contains(&choose(RewardOption::B)) => {
                ok(s, seat, choose(RewardOption::B));
            }
            _ => {
                // Return / put back the most recently drawn cards.
                let a = legal(s, seat).last().cloned().expect("a decision");
                ok(s, seat, a);
            }
        }
    }
}

// ------------------------------------------------------------------ windows and limits

#[test]
fn one_card_of_each_colour_per_turn() {
    let mut s = base()
        .pawn("AF2", "P11K", 0)
        .hand(0, &["A03", "A10", "P01"])
        .tiles(0, &[&[1]])
        .build();
    ok(&mut s, 0, play("A03"));
    refuse(&mut s, 0, play("A10"), "CARD_COLOR_ALREADY_PLAYED");
    ok(&mut s, 0, play("P01"));
    ok(&mut s, 0, migrate("AF2", "AF5"));
    settle(&mut s);
    assert_eq!(pending(&s), Pending::AfterMain);
    refuse(&mut s, 0, play("A10"), "CARD_COLOR_ALREADY_PLAYED");
    ok(&mut s, 0, Action::EndTurn);
}

#[test]
fn cards_are_played_before_or_after_the_main_action_not_inside_a_reward() {
    let mut s = base()
        .pawn("AF4", "P11K", 0)
        .hand(0, &["A10", "A08"])
        .build();
    ok(&mut s, 0, migrate("AF4", "AF2"));
    refuse(&mut s, 0, play("A10"), "CARD_NOT_NOW");
    settle(&mut s);
    ok(&mut s, 0, play("A10"));
    assert_eq!(pending(&s), Pending::AfterMain);
}

#[test]
fn cards_not_in_hand_or_other_seats_are_refused() {
    let mut s = base().pawn("AF4", "P11K", 0).hand(1, &["A10"]).build();
    refuse(&mut s, 0, play("A10"), "CARD_NOT_IN_HAND");
    refuse(&mut s, 1, play("A10"), "NOT_YOUR_TURN");
}

#[test]
fn permanent_needs_an_innovation_tile_of_its_level() {
    let mut s = base()
        .pawn("AF4", "P11K", 0)
        .hand(0, &["P07"])
        .tiles(0, &[&[1, 2]])
        .build();
    refuse(&mut s, 0, play("P07"), "INNOVATION_LEVEL_TOO_LOW");
    let mut s = base()
        .pawn("AF4", "P11K", 0)
        .hand(0, &["P07"])
        .tiles(0, &[&[1, 2, 3]])
        .build();
    ok(&mut s, 0, play("P07"));
    assert_eq!(permanents(&s, 0), vec![card_id("P07")]);
    assert!(hand(&s, 0).is_empty());
}

#[test]
fn objective_needs_its_condition_and_is_replaced() {
    // O01: two pawns on green territories.
    let mut s = base()
        .pawn("AF6", "P11K", 0)
        .hand(0, &["O01"])
        .pile(CardColor::Purple, &["O09", "O05"])
        .build();
    refuse(&mut s, 0, play("O01"), "OBJECTIVE_NOT_MET");
    let mut s = base()
        .pawn("AF6", "P11K", 0)
        .pawn("EU9", "P12K", 0)
        .hand(0, &["O01"])
        .pile(CardColor::Purple, &["O09", "O05"])
        .build();
    ok(&mut s, 0, play("O01"));
    assert_eq!(played_objectives(&s, 0), vec![card_id("O01")]);
    assert_eq!(hand(&s, 0), vec![card_id("O05")]);
    assert_eq!(pending(&s), Pending::Main);
}

#[test]
fn last_turn_allows_several_objectives_but_replaces_only_the_first() {
    let mut s = base()
        .pawn("AF6", "P11K", 0)
        .pawn("EU9", "P12K", 0)
        .pawn("AF2", "P13K", 0)
        .pawn("AF8", "P13W", 0)
        .hand(0, &["O01", "O05"])
        .pile(CardColor::Purple, &["O09", "O10"])
        .final_round(&[1])
        .build();
    ok(&mut s, 0, play("O01")); // 2 on green
    ok(&mut s, 0, play("O05")); // 3 in Africa
    assert_eq!(
        played_objectives(&s, 0),
        vec![card_id("O01"), card_id("O05")]
    );
    assert_eq!(hand(&s, 0), vec![card_id("O10")]);
    assert_eq!(pile_len(&s, CardColor::Purple), 1);
    // Outside the last turn the second purple card is refused.
    let mut s = base()
        .pawn("AF6", "P11K", 0)
        .pawn("EU9", "P12K", 0)
        .pawn("AF2", "P13K", 0)
        .pawn("AF8", "P13W", 0)
        .hand(0, &["O01", "O05"])
        .build();
    ok(&mut s, 0, play("O01"));
    refuse(&mut s, 0, play("O05"), "CARD_COLOR_ALREADY_PLAYED");
}

/// The last turn lifts the one-card-per-colour limit for Objectives only (rules 2.8: "the
/// one-purple-per-turn limit is lifted"): a second Action card is still refused, for its
/// colour.
#[test]
fn last_turn_lifts_the_colour_limit_for_objectives_only() {
    let mut s = base()
        .pawn("AF2", "P11K", 0)
        .hand(0, &["A03", "A10"])
        .final_round(&[1])
        .build();
    ok(&mut s, 0, play("A03"));
    refuse(&mut s, 0, play("A10"), "CARD_COLOR_ALREADY_PLAYED");
}

// ------------------------------------------------------------------ Action cards

#[test]
fn a01_extra_evolve_with_its_reward_then_the_main_action() {
    let mut s = base().pawn("AF2", "P22B", 0).hand(0, &["A01"]).build();
    ok(&mut s, 0, play("A01"));
    assert_eq!(
        pending(&s),
        Pending::CardEffect {
            card: card_id("A01")
        }
    );
    assert!(legal(&s, 0)
        .iter()
        .all(|a| matches!(a, Action::Evolve { .. })));
    ok(&mut s, 0, evolve("AF4", "AF2", "P22W"));
    assert_eq!(
        pending(&s),
        Pending::Reward {
            color: TerritoryColor::Purple
        }
    );
    settle(&mut s);
    assert_eq!(
        pending(&s),
        Pending::Main,
        "the main action is still to come"
    );
    ok(&mut s, 0, evolve("AF8", "AF4", "P23W"));
    assert_eq!(
        villages_left(&s, 0),
        6,
        "9 - the reference pawn - two evolutions"
    );
}

#[test]
fn a02_extra_migrate() {
    let mut s = base().pawn("AF2", "P11K", 0).hand(0, &["A02"]).build();
    ok(&mut s, 0, play("A02"));
    assert!(legal(&s, 0)
        .iter()
        .all(|a| matches!(a, Action::Migrate { .. })));
    ok(&mut s, 0, migrate("AF2", "AF4"));
    settle(&mut s);
    assert_eq!(pending(&s), Pending::Main);
}

#[test]
fn a03_range_plus_one_this_turn() {
    let mut s = base().pawn("AF2", "P11K", 0).hand(0, &["A03"]).build();
    refuse(&mut s, 0, migrate("AF2", "AF5"), "OUT_OF_RANGE");
    ok(&mut s, 0, play("A03"));
    ok(&mut s, 0, migrate("AF2", "AF5"));
}

#[test]
fn a04_takes_a_random_card_from_an_opponent() {
    let mut s = base()
        .pawn("AF2", "P11K", 0)
        .hand(0, &["A04"])
        .hand(1, &["P02"])
        .build();
    ok(&mut s, 0, play("A04"));
    assert_eq!(legal(&s, 0), vec![Action::ChooseOpponent { seat: Seat(1) }]);
    refuse(
        &mut s,
        0,
        Action::ChooseOpponent { seat: Seat(0) },
        "NOT_AN_OPPONENT",
    );
    let ev = ok(&mut s, 0, Action::ChooseOpponent { seat: Seat(1) });
    assert!(ev.contains(&Event::CardStolen {
        from: Seat(1),
        to: Seat(0),
        card: Some(card_id("P02"))
    }));
    assert_eq!(hand(&s, 0), vec![card_id("P02")]);
    assert!(hand(&s, 1).is_empty());
    assert_eq!(pending(&s), Pending::Main);
    // The stolen card's id is hidden from a third party.
    let seen = Origin::redact_event(&ev[0], Viewer::Spectator);
    assert!(matches!(seen, Event::CardStolen { card: None, .. }));
}

/// A04 takes a card at random: the game's random stream moves (so the service never lets a
/// player take that decision back), while playing the card itself draws nothing yet.
#[test]
fn a04_draws_at_random_and_says_so() {
    let mut s = base()
        .pawn("AF2", "P11K", 0)
        .hand(0, &["A04"])
        .hand(1, &["P02", "P03"])
        .build();
    let start = Origin::randomness_drawn(&s);
    ok(&mut s, 0, play("A04"));
    assert_eq!(Origin::randomness_drawn(&s), start, "nothing drawn yet");
    ok(&mut s, 0, Action::ChooseOpponent { seat: Seat(1) });
    assert!(
        Origin::randomness_drawn(&s) > start,
        "the card was drawn at random"
    );
    assert_eq!(hand(&s, 0).len(), 1);
    assert_eq!(hand(&s, 1).len(), 1);
}

#[test]
fn a04_not_playable_when_every_opponent_is_protected_or_empty() {
    let mut s = base()
        .pawn("AF2", "P11K", 0)
        .hand(0, &["A04"])
        .hand(1, &["P02"])
        .permanent(1, &["P09"])
        .build();
    refuse(&mut s, 0, play("A04"), "CARD_HAS_NO_EFFECT");
    let mut s = base().pawn("AF2", "P11K", 0).hand(0, &["A04"]).build();
    refuse(&mut s, 0, play("A04"), "CARD_HAS_NO_EFFECT");
}

#[test]
fn a05_takes_a_strait_token_from_an_opponent() {
    let mut s = base()
        .pawn("AF2", "P11K", 0)
        .hand(0, &["A05"])
        .owned_strait_tokens(1, &[("S3", 5)])
        .build();
    ok(&mut s, 0, play("A05"));
    ok(
        &mut s,
        0,
        Action::ChooseStraitToken {
            seat: Seat(1),
            strait: crate::origin_support::strait_id("S3"),
        },
    );
    assert_eq!(
        strait_tokens(&s, 0),
        vec![(crate::origin_support::strait_id("S3"), 5)]
    );
    assert!(strait_tokens(&s, 1).is_empty());
}

#[test]
fn a06_takes_an_opponents_free_tile_if_placeable() {
    let mut s = base()
        .pawn("AF2", "P11K", 0)
        .hand(0, &["A06"])
        .tiles(0, &[&[1]])
        .tiles(1, &[&[1, 2], &[1, 2, 3]])
        .build();
    ok(&mut s, 0, play("A06"));
    let choices: Vec<_> = legal(&s, 0);
    assert_eq!(choices.len(), 1, "only the level-2 top fits: {choices:?}");
    ok(&mut s, 0, choices[0].clone());
    assert_eq!(stacks(&s, 0), vec![vec![1, 2]]);
    assert_eq!(stacks(&s, 1), vec![vec![1], vec![1, 2, 3]]);
    // Nothing placeable: not playable.
    let mut s = base()
        .pawn("AF2", "P11K", 0)
        .hand(0, &["A06"])
        .tiles(1, &[&[1, 2, 3]])
        .build();
    refuse(&mut s, 0, play("A06"), "CARD_HAS_NO_EFFECT");
}

#[test]
fn a07_takes_one_face_up_tile_from_any_column() {
    let mut s = base()
        .pawn("AF2", "P11K", 0)
        .hand(0, &["A07"])
        .slot(Purple, 1, Some(1))
        .hidden_tiles(&[5])
        .build();
    ok(&mut s, 0, play("A07"));
    assert_eq!(
        pending(&s),
        Pending::CardEffect {
            card: card_id("A07")
        }
    );
    ok(&mut s, 0, take(Purple, 1));
    assert_eq!(stacks(&s, 0), vec![vec![1]]);
    assert_eq!(slot_level(&s, Purple, 1), Some(5));
    assert_eq!(pending(&s), Pending::Main);
}

#[test]
fn a08_a09_a10_draw_two_cards() {
    for (card, color, index) in [
        ("A08", CardColor::Orange, 1),
        ("A09", CardColor::Purple, 2),
        ("A10", CardColor::Yellow, 0),
    ] {
        let mut s = base().pawn("AF2", "P11K", 0).hand(0, &[card]).build();
        let before = pile_len(&s, color);
        ok(&mut s, 0, play(card));
        assert_eq!(hand_colors(&s, 0)[index], 2, "{card}");
        assert_eq!(pile_len(&s, color), before - 2);
        assert_eq!(pending(&s), Pending::Main);
    }
    // A09 above the hand limit.
    let mut s = base()
        .pawn("AF2", "P11K", 0)
        .hand(0, &["A09", "O01", "O02"])
        .build();
    ok(&mut s, 0, play("A09"));
    assert_eq!(pending(&s), Pending::HandLimit { count: 2 });
}

#[test]
fn a11_replaces_a_pawn_by_one_differing_in_one_characteristic() {
    let mut s = base().pawn("AF2", "P22W", 0).hand(0, &["A11"]).build();
    ok(&mut s, 0, play("A11"));
    ok(&mut s, 0, territory("AF2"));
    refuse(
        &mut s,
        0,
        Action::ChoosePawn {
            pawn: pawn_type("P33W"),
        },
        "INVALID_REPLACEMENT",
    );
    let choices = legal(&s, 0);
    assert!(choices.contains(&Action::ChoosePawn {
        pawn: pawn_type("P21W")
    }));
    assert!(choices.contains(&Action::ChoosePawn {
        pawn: pawn_type("P22K")
    }));
    assert!(!choices.contains(&Action::ChoosePawn {
        pawn: pawn_type("P22W")
    }));
    ok(
        &mut s,
        0,
        Action::ChoosePawn {
            pawn: pawn_type("P32W"),
        },
    );
    assert_eq!(pawn_at(&s, "AF2"), Some((pawn_type("P32W"), Some(Seat(0)))));
    assert_eq!(reserve_count(&s, "P22W"), 1);
    assert_eq!(reserve_count(&s, "P32W"), 0);
    assert_eq!(pending(&s), Pending::Main, "no reward");
}

#[test]
fn a12_pushes_an_opponent_pawn_to_an_adjacent_empty_territory() {
    let mut s = base()
        .pawn("AF2", "P11K", 0)
        .pawn("AF5", "P12B", 1)
        .hand(0, &["A12"])
        .hunting_token("AF6", Some(6))
        .build();
    ok(&mut s, 0, play("A12"));
    refuse(&mut s, 0, territory("AF1"), "NEUTRAL_PAWN");
    refuse(&mut s, 0, territory("AF2"), "OWN_PAWN");
    ok(&mut s, 0, territory("AF5"));
    refuse(&mut s, 0, territory("AF7"), "NOT_ADJACENT");
    let ev = ok(&mut s, 0, territory("AF6"));
    assert!(ev.contains(&Event::PawnMoved {
        owner: Seat(1),
        from: territory_id("AF5"),
        to: territory_id("AF6")
    }));
    // The owner of the pushed pawn is the first arrival on the green territory.
    assert_eq!(hunting_tokens(&s, 1), vec![6]);
    assert_eq!(pending(&s), Pending::Main);
}

/// A12 offers only the opponents' pawns that have an empty adjacent territory to be moved
/// to: a pawn walled in by other pawns (AF7: AF6, AF8 and, across the Cape strait, AN2
/// all held) cannot be chosen.
#[test]
fn a12_offers_only_pawns_with_an_empty_neighbour() {
    let mut s = base()
        .pawn("AF2", "P11K", 0)
        .pawn("AF6", "P13K", 0)
        .pawn("AF8", "P13W", 0)
        .pawn("AF7", "P12B", 1)
        .pawn("AN2", "P12K", 1)
        .pawn("AF5", "P12W", 1)
        .hand(0, &["A12"])
        .build();
    ok(&mut s, 0, play("A12"));
    let mut offered = legal(&s, 0);
    offered.sort_by_key(|a| format!("{a:?}"));
    let mut expected = vec![territory("AF5"), territory("AN2")];
    expected.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(offered, expected);
    refuse(&mut s, 0, territory("AF7"), "INVALID_CHOICE");
    ok(&mut s, 0, territory("AF5"));
    ok(&mut s, 0, territory("AF3"));
    assert_eq!(pawn_at(&s, "AF3"), Some((pawn_type("P12W"), Some(Seat(1)))));
}

#[test]
fn a13_exchange_against_equal_strength_with_its_reward() {
    let mut s = base()
        .pawn("AF2", "P22W", 0)
        .pawn("AF3", "P22K", 1)
        .hand(0, &["A13"])
        .build();
    refuse(
        &mut s,
        0,
        exchange("AF2", "AF3"),
        "EXCHANGE_TARGET_NOT_WEAKER",
    );
    ok(&mut s, 0, play("A13"));
    ok(&mut s, 0, exchange("AF2", "AF3"));
    assert_eq!(
        pending(&s),
        Pending::Reward {
            color: TerritoryColor::Orange
        }
    );
    settle(&mut s);
    assert_eq!(pending(&s), Pending::Main);
}

#[test]
fn a14_relocates_a_pawn_within_its_continent() {
    let mut s = base().pawn("AF2", "P11K", 0).hand(0, &["A14"]).build();
    ok(&mut s, 0, play("A14"));
    ok(&mut s, 0, territory("AF2"));
    refuse(&mut s, 0, territory("EU1"), "OTHER_CONTINENT");
    refuse(&mut s, 0, territory("AF1"), "TERRITORY_OCCUPIED");
    ok(&mut s, 0, territory("AF7"));
    assert_eq!(pawn_at(&s, "AF7").map(|x| x.1), Some(Some(Seat(0))));
    assert_eq!(pending(&s), Pending::Main, "no reward");
}

// ------------------------------------------------------------------ Permanent cards

#[test]
fn p01_raises_the_objective_hand_limit_to_three() {
    let mut s = base()
        .pawn("AF2", "P11K", 0)
        .hand(0, &["A09", "O01"])
        .permanent(0, &["P01"])
        .build();
    ok(&mut s, 0, play("A09"));
    assert_eq!(pending(&s), Pending::Main, "3 objectives allowed");
}

#[test]
fn p02_p11_movement_bonuses() {
    let mut s = base().pawn("AF2", "P11K", 0).permanent(0, &["P02"]).build();
    ok(&mut s, 0, migrate("AF2", "AF5"));
    let mut s = base()
        .pawn("AF2", "P11K", 0)
        .permanent(0, &["P02", "P11"])
        .build();
    ok(&mut s, 0, migrate("AF2", "AF6")); // 3 steps
    let mut s = base().pawn("AF2", "P21K", 0).permanent(0, &["P11"]).build();
    ok(&mut s.clone(), 0, migrate("AF2", "AF6"));
    ok(&mut s.clone(), 0, migrate("AF2", "AF7")); // 3 steps
    refuse(&mut s, 0, migrate("AF2", "AN2"), "OUT_OF_RANGE"); // 4 steps
}

#[test]
fn p03_yellow_option_a_draws_an_extra_action_card() {
    let mut s = base().pawn("AF4", "P11K", 0).permanent(0, &["P03"]).build();
    ok(&mut s, 0, migrate("AF4", "AF2"));
    ok(&mut s, 0, choose(RewardOption::A));
    settle(&mut s);
    assert_eq!(hand_colors(&s, 0), [2, 0, 0]);
}

#[test]
fn p04_straits_cost_no_step() {
    let mut s = base().pawn("AF3", "P11K", 0).build();
    refuse(&mut s, 0, migrate("AF3", "EU4"), "OUT_OF_RANGE");
    let mut s = base().pawn("AF3", "P11K", 0).permanent(0, &["P04"]).build();
    ok(&mut s, 0, migrate("AF3", "EU4")); // Sinai (free) then one land step
}

#[test]
fn p07_p10_exchange_with_equal_strength_and_p08_immunity() {
    let position = |perm0: &[&str], perm1: &[&str]| {
        base()
            .pawn("AF2", "P22W", 0)
            .pawn("AF3", "P22K", 1)
            .permanent(0, perm0)
            .permanent(1, perm1)
            .build()
    };
    ok(&mut position(&["P07"], &[]), 0, exchange("AF2", "AF3"));
    ok(&mut position(&["P10"], &[]), 0, exchange("AF2", "AF3"));
    refuse(
        &mut position(&["P07"], &["P08"]),
        0,
        exchange("AF2", "AF3"),
        "EXCHANGE_TARGET_PROTECTED",
    );
}

/// P10 (« Your pawns count strength + 1 when you Exchange ») counts in the refusals too: a
/// strength-2 pawn faces a strength-3 one as strength 3, not strictly stronger, and the
/// sentence says so; against a strength-2 pawn out of reach the problem is the distance.
#[test]
fn p07_p10_refusals_name_the_real_reason() {
    let with_p10 = |target: &str, pawn: &str| {
        base()
            .pawn("AF2", "P22W", 0)
            .pawn(target, pawn, 1)
            .permanent(0, &["P10"])
            .build()
    };
    let mut s = with_p10("AF3", "P23K");
    refuse(
        &mut s,
        0,
        exchange("AF2", "AF3"),
        "EXCHANGE_TARGET_NOT_WEAKER",
    );
    let err = Origin::apply(&mut s, Seat(0), &exchange("AF2", "AF3")).expect_err("refused");
    assert!(
        err.message
            .contains("(strength 3) can only exchange with a strictly weaker pawn (strength 3)"),
        "{}",
        err.message
    );
    refuse(
        &mut with_p10("OC4", "P22K"),
        0,
        exchange("AF2", "OC4"),
        "OUT_OF_RANGE",
    );
    // Likewise P07 (equal strength allowed): an equal pawn out of reach is refused for the
    // distance, a stronger one for its strength.
    let with_p07 = |pawn: &str| {
        base()
            .pawn("AF2", "P22W", 0)
            .pawn("OC4", pawn, 1)
            .permanent(0, &["P07"])
            .build()
    };
    refuse(
        &mut with_p07("P22K"),
        0,
        exchange("AF2", "OC4"),
        "OUT_OF_RANGE",
    );
    refuse(
        &mut with_p07("P23K"),
        0,
        exchange("AF2", "OC4"),
        "EXCHANGE_TARGET_NOT_WEAKER",
    );
}

#[test]
fn p09_protects_from_opponents_action_cards() {
    let mut s = base()
        .pawn("AF2", "P11K", 0)
        .hand(0, &["A05"])
        .owned_strait_tokens(1, &[("S3", 5)])
        .permanent(1, &["P09"])
        .build();
    refuse(&mut s, 0, play("A05"), "CARD_HAS_NO_EFFECT");
}

#[test]
fn p12_option_b_returns_only_one_card() {
    let mut s = base().pawn("AF4", "P11K", 0).permanent(0, &["P12"]).build();
    ok(&mut s, 0, migrate("AF4", "AF2"));
    ok(&mut s, 0, choose(RewardOption::B));
    assert_eq!(
        pending(&s),
        Pending::ReturnCards {
            color: CardColor::Yellow,
            count: 1
        }
    );
}

#[test]
fn p05_p06_p13_p14_scoring_bonuses() {
    let s = base()
        .owned_hunting_tokens(0, &[4, 5])
        .owned_strait_tokens(0, &[("S1", 3)])
        .tiles(0, &[&[1, 2, 3, 4]])
        .played_objectives(0, &["O01", "O02"])
        .permanent(0, &["P05", "P06", "P13", "P14"])
        .build();
    let parts = scoring::breakdown(&s, Seat(0));
    let get = |k: &str| parts.iter().find(|(n, _)| n == k).unwrap().1;
    assert_eq!(get("permanent_cards"), 2 * 2 + 1 + 2);
    assert_eq!(get("innovation_tiles"), 3 + 4);
    assert_eq!(get("objectives"), 3 + 4);
    assert_eq!(get("hunting_tokens"), 9);
    assert_eq!(get("strait_tokens"), 3);
}

#[test]
fn played_permanents_and_actions_are_not_hand_cards() {
    let mut s = base()
        .pawn("AF2", "P11K", 0)
        .hand(0, &["A03", "P02"])
        .tiles(0, &[&[1]])
        .build();
    let get = |s: &State| scoring::breakdown(s, Seat(0))[1].1;
    assert_eq!(get(&s), 2);
    ok(&mut s, 0, play("A03"));
    ok(&mut s, 0, play("P02"));
    assert_eq!(get(&s), 0);
    assert!(cards_conserved(&s));
}
