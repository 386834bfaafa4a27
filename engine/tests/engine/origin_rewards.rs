//! Rewards (rules 2.3) in both rule sets, the stacking rule in play (T3), refills
//! (ASSUMPTIONS 5-7; 7 read from the French), hunting and strait tokens (2.4, T6), the Objective hand limit.

use crate::origin_support::*;
use TileColumn::*;

/// Seat 0 has a size-1 pawn on `from`, ready to migrate.
fn mover(from: &str) -> Position {
    Position::standard(2).pawn(from, "P11K", 0)
}

// ------------------------------------------------------------------ Standard: A / B

#[test]
fn yellow_option_a_takes_a_placeable_column_tile_then_the_top_action_card() {
    let mut s = mover("AF4")
        .slot(Yellow, 0, Some(1))
        .slot(Yellow, 1, Some(2))
        .slot(Yellow, 2, Some(1))
        .hidden_tiles(&[4, 3])
        .pile(CardColor::Yellow, &["A05", "A06"])
        .build();
    ok(&mut s, 0, migrate("AF4", "AF2"));
    ok(&mut s, 0, choose(RewardOption::A));
    // Only the level-1 tiles can be placed in an empty collection.
    assert_eq!(legal(&s, 0), vec![take(Yellow, 0), take(Yellow, 2)]);
    refuse(&mut s, 0, take(Yellow, 1), "TILE_NOT_PLACEABLE");
    refuse(&mut s, 0, take(Orange, 0), "WRONG_COLUMN");
    refuse(&mut s, 0, Action::SkipTile, "TILE_SKIP_NOT_ALLOWED");
    ok(&mut s, 0, take(Yellow, 2));
    assert_eq!(stacks(&s, 0), vec![vec![1]]);
    assert_eq!(slot_level(&s, Yellow, 2), Some(3), "refilled from the top");
    assert_eq!(hand(&s, 0), vec![card_id("A06")]);
    assert_eq!(pending(&s), Pending::AfterMain);
}

#[test]
fn option_a_without_placeable_tile_still_draws_the_card() {
    let mut s = mover("AF4")
        .slot(Yellow, 0, Some(3))
        .slot(Yellow, 1, Some(3))
        .slot(Yellow, 2, Some(2))
        .build();
    ok(&mut s, 0, migrate("AF4", "AF2"));
    ok(&mut s, 0, choose(RewardOption::A));
    assert_eq!(hand_colors(&s, 0), [1, 0, 0]);
    assert!(stacks(&s, 0).is_empty());
    assert_eq!(pending(&s), Pending::AfterMain);
}

#[test]
fn option_b_draws_three_and_returns_two_to_the_bottom() {
    let mut s = mover("AF4")
        .pile(CardColor::Yellow, &["A01", "A02", "A03", "A04", "A05"])
        .hand(0, &["P01"])
        .build();
    ok(&mut s, 0, migrate("AF4", "AF2"));
    ok(&mut s, 0, choose(RewardOption::B));
    assert_eq!(
        pending(&s),
        Pending::ReturnCards {
            color: CardColor::Yellow,
            count: 2
        }
    );
    refuse(
        &mut s,
        0,
        Action::ReturnCard {
            card: card_id("P01"),
        },
        "WRONG_CARD_COLOR",
    );
    refuse(
        &mut s,
        0,
        Action::ReturnCard {
            card: card_id("A01"),
        },
        "CARD_NOT_IN_HAND",
    );
    ok(
        &mut s,
        0,
        Action::ReturnCard {
            card: card_id("A05"),
        },
    );
    ok(
        &mut s,
        0,
        Action::ReturnCard {
            card: card_id("A03"),
        },
    );
    assert_eq!(hand(&s, 0), vec![card_id("P01"), card_id("A04")]);
    assert_eq!(pile_bottom(&s, CardColor::Yellow), Some(card_id("A03")));
    assert_eq!(pile_len(&s, CardColor::Yellow), 4);
    assert_eq!(pending(&s), Pending::AfterMain);
    assert!(cards_conserved(&s));
}

/// ASSUMPTION 7, read from the French: « Piochez les 3 premières cartes Action et
/// ajoutez-les à votre main. Puis prenez 2 de vos cartes Action en main et mettez-les sous la
/// pile. » No exception when the pile holds fewer than 3: draw the 2 left, still put 2 back.
#[test]
fn option_b_with_two_cards_left_still_puts_two_under_the_pile_and_triggers_the_end() {
    let mut s = mover("AF4")
        .pile(CardColor::Yellow, &["A01", "A02"])
        .hand(0, &["A07"])
        .build();
    ok(&mut s, 0, migrate("AF4", "AF2"));
    let ev = ok(&mut s, 0, choose(RewardOption::B));
    assert!(ev.contains(&Event::EndTriggered {
        seat: Seat(0),
        reason: EndTrigger::PileEmpty(CardColor::Yellow)
    }));
    assert_eq!(
        pending(&s),
        Pending::ReturnCards {
            color: CardColor::Yellow,
            count: 2
        }
    );
    ok(
        &mut s,
        0,
        Action::ReturnCard {
            card: card_id("A07"),
        },
    );
    ok(
        &mut s,
        0,
        Action::ReturnCard {
            card: card_id("A01"),
        },
    );
    // The hand went from 1 to 3 and back to 1; the pile holds the 2 returned cards.
    assert_eq!(hand(&s, 0), vec![card_id("A02")]);
    assert_eq!(pile_len(&s, CardColor::Yellow), 2);
    assert_eq!(pending(&s), Pending::AfterMain);
    assert!(final_round(&s).is_some(), "the end stays triggered");
}

/// The same sentence with one card left and nothing else of that colour in hand: the player
/// holds only 1 card of the colour, so only 1 goes back (« prenez 2 de vos cartes » cannot
/// take cards the player does not have).
#[test]
fn option_b_with_one_card_left_and_no_other_returns_the_one_held() {
    let mut s = mover("AF4")
        .pile(CardColor::Yellow, &["A01"])
        .hand(0, &["P01"])
        .build();
    ok(&mut s, 0, migrate("AF4", "AF2"));
    ok(&mut s, 0, choose(RewardOption::B));
    assert_eq!(
        pending(&s),
        Pending::ReturnCards {
            color: CardColor::Yellow,
            count: 2
        }
    );
    ok(
        &mut s,
        0,
        Action::ReturnCard {
            card: card_id("A01"),
        },
    );
    assert_eq!(hand(&s, 0), vec![card_id("P01")]);
    assert_eq!(pile_len(&s, CardColor::Yellow), 1);
    assert_eq!(pending(&s), Pending::AfterMain);
}

#[test]
fn brown_option_a_takes_two_from_the_six_then_refills_both() {
    let mut s = mover("AF3")
        .slot(Brown, 0, Some(1))
        .slot(Brown, 1, Some(2))
        .slot(Brown, 2, Some(4))
        .slot(Brown, 3, Some(4))
        .slot(Brown, 4, Some(4))
        .slot(Brown, 5, Some(4))
        .hidden_tiles(&[3, 5, 3])
        .build();
    ok(&mut s, 0, migrate("AF3", "AF5"));
    ok(&mut s, 0, choose(RewardOption::A));
    assert_eq!(legal(&s, 0), vec![take(Brown, 0)]);
    ok(&mut s, 0, take(Brown, 0));
    // Not refilled yet (ASSUMPTION 6); the second tile may go on the first.
    assert_eq!(slot_level(&s, Brown, 0), None);
    assert_eq!(legal(&s, 0), vec![take(Brown, 1)]);
    ok(&mut s, 0, take(Brown, 1));
    assert_eq!(stacks(&s, 0), vec![vec![1, 2]]);
    assert_eq!(slot_level(&s, Brown, 0), Some(3));
    assert_eq!(slot_level(&s, Brown, 1), Some(5));
    assert_eq!(hidden_tile_count(&s), 1);
    assert_eq!(pending(&s), Pending::AfterMain);
}

#[test]
fn brown_option_b_takes_one_tile_from_any_column_t3_in_play() {
    // T3 in play: stacks [1,2,3] and [1]; legal levels are 1, 2 and 4.
    let mut s = mover("AF3")
        .tiles(0, &[&[1, 2, 3], &[1]])
        .slot(Yellow, 0, Some(3))
        .slot(Orange, 0, Some(4))
        .slot(Purple, 0, Some(5))
        .slot(Brown, 0, Some(2))
        .slot(Brown, 1, Some(1))
        .build();
    ok(&mut s, 0, migrate("AF3", "AF5"));
    ok(&mut s, 0, choose(RewardOption::B));
    let levels = takeable_levels(&s);
    assert!(levels.iter().all(|l| [1, 2, 4].contains(l)), "{levels:?}");
    assert!(levels.contains(&4) && levels.contains(&2) && levels.contains(&1));
    refuse(&mut s, 0, take(Yellow, 0), "TILE_NOT_PLACEABLE");
    refuse(&mut s, 0, take(Purple, 0), "TILE_NOT_PLACEABLE");
    ok(&mut s, 0, take(Orange, 0));
    assert_eq!(stacks(&s, 0), vec![vec![1, 2, 3, 4], vec![1]]);
    assert_eq!(pending(&s), Pending::AfterMain, "only one tile");
}

#[test]
fn empty_reserve_leaves_the_slot_empty() {
    let mut s = mover("AF4")
        .slot(Yellow, 0, Some(1))
        .no_hidden_tiles()
        .build();
    ok(&mut s, 0, migrate("AF4", "AF2"));
    ok(&mut s, 0, choose(RewardOption::A));
    ok(&mut s, 0, take(Yellow, 0));
    assert_eq!(slot_level(&s, Yellow, 0), None);
}

#[test]
fn purple_draw_above_the_hand_limit_puts_objectives_back() {
    let mut s = mover("AF2")
        .hand(0, &["O01", "O02"])
        .pile(CardColor::Purple, &["O10", "O05"])
        .slot(Purple, 0, Some(2))
        .slot(Purple, 1, Some(2))
        .slot(Purple, 2, Some(2))
        .build();
    ok(&mut s, 0, migrate("AF2", "AF4"));
    ok(&mut s, 0, choose(RewardOption::A));
    assert_eq!(hand(&s, 0).len(), 3);
    assert_eq!(pending(&s), Pending::HandLimit { count: 1 });
    assert_eq!(legal(&s, 0).len(), 3);
    refuse(&mut s, 0, Action::EndTurn, "UNEXPECTED_ACTION");
    ok(
        &mut s,
        0,
        Action::DiscardObjective {
            card: card_id("O01"),
        },
    );
    assert_eq!(hand(&s, 0), vec![card_id("O02"), card_id("O05")]);
    assert_eq!(pile_bottom(&s, CardColor::Purple), Some(card_id("O01")));
    assert_eq!(pending(&s), Pending::AfterMain);
}

#[test]
fn purple_option_b_returns_two_then_applies_the_hand_limit() {
    let mut s = mover("AF2")
        .hand(0, &["O01", "O02"])
        .pile(CardColor::Purple, &["O10", "O05", "O06", "O07"])
        .build();
    ok(&mut s, 0, migrate("AF2", "AF4"));
    ok(&mut s, 0, choose(RewardOption::B));
    assert!(matches!(pending(&s), Pending::ReturnCards { count: 2, .. }));
    ok(
        &mut s,
        0,
        Action::ReturnCard {
            card: card_id("O07"),
        },
    );
    ok(
        &mut s,
        0,
        Action::ReturnCard {
            card: card_id("O06"),
        },
    );
    assert_eq!(pending(&s), Pending::HandLimit { count: 1 });
    ok(
        &mut s,
        0,
        Action::DiscardObjective {
            card: card_id("O05"),
        },
    );
    assert_eq!(pending(&s), Pending::AfterMain);
}

#[test]
fn green_gives_only_the_hunting_token_to_the_first_arrival() {
    let mut s = Position::standard(2)
        .pawn("AF5", "P11K", 0)
        .pawn("AF8", "P11B", 1)
        .hunting_token("AF6", Some(7))
        .build();
    let ev = ok(&mut s, 0, migrate("AF5", "AF6"));
    assert!(ev.contains(&Event::HuntingTokenTaken {
        seat: Seat(0),
        territory: territory_id("AF6"),
        value: Some(7)
    }));
    assert_eq!(hunting_tokens(&s, 0), vec![7]);
    assert_eq!(pending(&s), Pending::AfterMain, "no choice on green");
    ok(&mut s, 0, Action::EndTurn);
    finish_turn_with(&mut s, 1, migrate("AF8", "AF7"));
    finish_turn_with(&mut s, 0, migrate("AF6", "AF5"));
    // Seat 1 arrives second: nothing left.
    ok(&mut s, 1, migrate("AF7", "AF6"));
    assert!(hunting_tokens(&s, 1).is_empty());
}

fn finish_turn_with(s: &mut State, seat: u8, action: Action) {
    ok(s, seat, action);
    finish_turn(s);
}

// ------------------------------------------------------------------ straits (T6)

#[test]
fn t6_strait_token_goes_to_the_player_holding_both_ends_once() {
    let mut s = Position::standard(2)
        .pawn("AF2", "P22K", 0)
        .pawn("EU2", "P33W", 1)
        .strait_token("S1", Some(4))
        .build();
    let ev = ok(&mut s, 0, evolve("EU1", "AF2", "P22W"));
    assert!(ev.contains(&Event::StraitTokenTaken {
        seat: Seat(0),
        strait: s_("S1"),
        value: Some(4)
    }));
    assert_eq!(strait_tokens(&s, 0), vec![(s_("S1"), 4)]);
    assert_eq!(strait_on_board(&s, "S1"), None);
    finish_turn(&mut s);
    // Seat 1 takes EU1 by Exchange: ownership changes, the token stays with seat 0.
    ok(&mut s, 1, exchange("EU2", "EU1"));
    assert_eq!(strait_tokens(&s, 0), vec![(s_("S1"), 4)]);
    assert!(strait_tokens(&s, 1).is_empty());
}

/// A strait token goes only to a player holding both ends: with seat 1 on EU1, seat 0
/// arriving on AF2 (the other end of Gibraltar, S1) leaves the token on the board.
#[test]
fn strait_token_stays_when_its_ends_are_held_by_two_players() {
    let mut s = Position::standard(2)
        .pawn("AF4", "P22K", 0)
        .pawn("EU1", "P33W", 1)
        .strait_token("S1", Some(4))
        .build();
    let ev = ok(&mut s, 0, migrate("AF4", "AF2"));
    assert!(!ev
        .iter()
        .any(|e| matches!(e, Event::StraitTokenTaken { .. })));
    assert_eq!(strait_on_board(&s, "S1"), Some(4));
    assert!(strait_tokens(&s, 0).is_empty());
    assert!(strait_tokens(&s, 1).is_empty());
}

fn s_(code: &str) -> StraitId {
    crate::origin_support::strait_id(code)
}

#[test]
fn displaced_player_wins_a_strait_token() {
    // Sinai S2 joins AF3 and EU5. Seat 1 holds EU5; its weak pawn on AF2 is swapped to AF3.
    let mut s = Position::standard(2)
        .pawn("AF3", "P22W", 0)
        .pawn("AF2", "P21B", 1)
        .pawn("EU5", "P12W", 1)
        .strait_token("S2", Some(5))
        .build();
    let ev = ok(&mut s, 0, exchange("AF3", "AF2"));
    assert!(ev.contains(&Event::StraitTokenTaken {
        seat: Seat(1),
        strait: s_("S2"),
        value: Some(5)
    }));
    assert_eq!(strait_tokens(&s, 1), vec![(s_("S2"), 5)]);
    assert!(strait_tokens(&s, 0).is_empty());
}

// ------------------------------------------------------------------ Junior rewards

#[test]
fn junior_rewards_are_automatic() {
    // yellow: one card back
    let mut s = Position::junior(2).pawn("AF4", "P11K", 0).build();
    let ev = ok(&mut s, 0, migrate("AF4", "AF2"));
    assert_eq!(hand_colors(&s, 0), [1, 0, 0]);
    assert!(ev.contains(&Event::TurnStarted { seat: Seat(1) }));
    assert_eq!(current(&s), Seat(1));
    // brown: two tiles from the face-down pile, no stacking rule
    let mut s = Position::junior(2)
        .pawn("AF3", "P11K", 0)
        .hidden_tiles(&[1, 5, 4])
        .build();
    ok(&mut s, 0, migrate("AF3", "AF5"));
    assert_eq!(stacks(&s, 0), vec![vec![4], vec![5]]);
    // green: the hunting token
    let mut s = Position::junior(2)
        .pawn("AF5", "P11K", 0)
        .hunting_token("AF6", Some(8))
        .build();
    ok(&mut s, 0, migrate("AF5", "AF6"));
    assert_eq!(hunting_tokens(&s, 0), vec![8]);
    assert_eq!(current(&s), Seat(1));
}

#[test]
fn junior_has_no_cards_to_play_and_no_choices() {
    let s = Position::junior(2)
        .pawn("AF4", "P11K", 0)
        .hand(0, &["A01", "O01"])
        .build();
    assert!(legal(&s, 0).iter().all(is_main_actions));
    let mut s = s;
    refuse(&mut s, 0, play("A01"), "NO_CARD_PLAY_IN_JUNIOR");
}
