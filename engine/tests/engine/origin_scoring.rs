//! Origin's scoring examples from the rules (T1 Junior = 61, T2 Standard = 51), the Junior
//! set values and the Permanent scoring effects, on the tallies scoring reads from a state.
//! (Integration tests, so the mutation check, which builds this binary only, runs them.)

use agora_engine::origin::data::PermanentEffect;
use agora_engine::origin::scoring::*;

fn total(parts: &[(String, i32)]) -> i32 {
    parts.iter().map(|(_, v)| v).sum()
}

#[test]
fn junior_set_values() {
    let expected = [
        (0, 0),
        (1, 1),
        (2, 3),
        (3, 7),
        (4, 13),
        (5, 21),
        (6, 22),
        (7, 24),
        (10, 42),
        (11, 43),
    ];
    for (n, v) in expected {
        assert_eq!(junior_cards(n), v, "score({n})");
    }
}

/// T1: Junior scoring example = 61.
#[test]
fn t1_junior_example() {
    let tally = JuniorTally {
        cards: [7, 2, 0],
        hunting: vec![4],
        straits: vec![4, 5],
        tile_levels: vec![1, 1, 4, 5],
        pawn_colors: [4, 2, 3],
    };
    let parts = junior_breakdown(&tally);
    let get = |k: &str| parts.iter().find(|(n, _)| n == k).unwrap().1;
    assert_eq!(get("yellow_cards"), 24);
    assert_eq!(get("orange_cards"), 3);
    assert_eq!(get("purple_cards"), 0);
    assert_eq!(get("hunting_tokens"), 4);
    assert_eq!(get("strait_tokens"), 9);
    assert_eq!(get("innovation_tiles"), 11);
    assert_eq!(get("colour_bonus"), 10);
    assert_eq!(total(&parts), 61);
    let no_bonus = JuniorTally {
        pawn_colors: [4, 1, 3],
        ..tally
    };
    assert_eq!(total(&junior_breakdown(&no_bonus)), 51);
}

/// T2: Standard scoring example = 51.
#[test]
fn t2_standard_example() {
    let tally = StandardTally {
        objective_vp: vec![6, 5, 5, 4, 4],
        hand: 3,
        hunting: vec![4],
        straits: vec![4, 5],
        tile_levels: vec![1, 1, 2, 2, 3, 4, 5],
        permanents: vec![],
    };
    let parts = standard_breakdown(&tally);
    let get = |k: &str| parts.iter().find(|(n, _)| n == k).unwrap().1;
    assert_eq!(get("objectives"), 24);
    assert_eq!(get("cards_in_hand"), 3);
    assert_eq!(get("hunting_tokens"), 4);
    assert_eq!(get("strait_tokens"), 9);
    assert_eq!(get("innovation_tiles"), 11);
    assert_eq!(total(&parts), 51);
}

/// The Permanent cards that score at the end (P05, P06, P13, P14), with three hunting
/// tokens so that "2 VP per token" cannot pass as "2 + tokens".
#[test]
fn permanent_scoring_effects() {
    let tally = StandardTally {
        objective_vp: vec![5, 4],
        hand: 0,
        hunting: vec![4, 6, 5],
        straits: vec![3, 3, 5],
        tile_levels: vec![1, 2, 3, 4],
        permanents: vec![
            PermanentEffect::HuntingBonusTwo,
            PermanentEffect::StraitBonusOne,
            PermanentEffect::ObjectiveBonusOne,
            PermanentEffect::LevelFourTilesFour,
        ],
    };
    let parts = standard_breakdown(&tally);
    let get = |k: &str| parts.iter().find(|(n, _)| n == k).unwrap().1;
    // P05: 2 VP per hunting token (3 tokens), P06: 1 per strait token (3), P13: 1 per
    // played Objective (2).
    assert_eq!(get("permanent_cards"), 2 * 3 + 3 + 2);
    assert_eq!(get("innovation_tiles"), 3 + 4);
}
