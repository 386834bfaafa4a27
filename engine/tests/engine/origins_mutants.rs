//! Scenario tests added for the mutants that survived the Origins: First Builders rules
//! (issue 18, engine/MUTANTS-fb.md). Each test is a rule a player would recognise, with the
//! rulebook's numbers; the French sentence is quoted where the rulebook has one.

use crate::origins_common::*;

use agora_engine::first_builders::testing::Position;
use agora_engine::first_builders::data::ZodiacKind;
use agora_engine::first_builders::types::*;
use agora_engine::first_builders::state::Task;
use agora_engine::first_builders::FirstBuilders;
use agora_engine::{Game, Seat};

/// « Prenez dans la réserve un dé de la même couleur que celui choisi, lancez-le (relancez
/// en cas de 6) et placez-le sur la case vide de la zone Recrutement. » The new die is
/// rolled, so recruiting moves the game's random stream (the service does not let a player
/// take such a decision back); raising a tower rolls nothing.
/// Kills mod.rs `randomness_drawn` -> 0 and -> 1.
#[test]
fn recruiting_rolls_the_new_recruitment_die_at_random_a_tower_rolls_nothing() {
    let mut s = Position::drafted(2)
        .bases(0, 3)
        .floor_reserve(Colour::Red, 2)
        .resources(0, [0, 0, 0, 5])
        .task(
            0,
            Task::Recruit {
                free: true,
                optional: false,
            },
        )
        .build();
    let before = FirstBuilders::randomness_drawn(&s);
    assert!(before > 0, "the setup rolled dice and shuffled tiles");
    act(&mut s, Action::RecruitSlot(1));
    let after = FirstBuilders::randomness_drawn(&s);
    assert!(after > before, "the refill die was rolled");
    finish_turn(&mut s);
    act(&mut s, Action::RaiseTower(Colour::Red));
    assert_eq!(FirstBuilders::randomness_drawn(&s), after, "no roll");
}

/// Port: « Gagnez 2 points de Victoire pour chacun de vos Bâtiments jaunes. » Three yellow
/// buildings (the Port counts itself) give 6 VP. Kills abilities.rs 25:34 (`2 * n` ->
/// `2 + n`, which the two-building case could not tell: 2 x 2 = 2 + 2).
#[test]
fn port_scores_two_vp_for_each_of_three_yellow_buildings() {
    let mut s = Position::drafted(2)
        .current(0)
        .vp(0, 0)
        .building(0, "Y2", 1, 0)
        .building(0, "Y1", 2, 0)
        .building(0, "Y4", 3, 0)
        .building(0, "R1", 4, 0)
        .build();
    activate_now(&mut s, 1, 0);
    assert_eq!(s.players()[0].vp, 6);
}

/// Arena: « Gagnez 2 points de Victoire pour chacun de vos Bâtiments rouges et 2 autres
/// points pour chacun de vos Stratèges rouges. » Three red buildings and one red Freeman:
/// 3 x 2 + 1 x 2 = 8 VP. Kills abilities.rs 60:34 (`2 * b` -> `2 + b`, equal for b = 2).
#[test]
fn arena_scores_two_vp_per_red_building_and_per_red_freeman() {
    let mut s = Position::drafted(2)
        .current(0)
        .vp(0, 0)
        .freemen(0, &[freeman(Colour::Red, 2), freeman(Colour::Blue, 3)])
        .building(0, "R2", 1, 0)
        .building(0, "R1", 2, 0)
        .building(0, "R3", 3, 0)
        .building(0, "Y1", 4, 0)
        .build();
    activate_now(&mut s, 1, 0);
    assert_eq!(s.players()[0].vp, 8);
}

/// Aquarius: « Seule l'Action Principale permettant de monter 2 marches ou la construction
/// d'un Temple peut activer l'effet de cette carte. » A Forest Temple activated by a
/// District (not built now) climbs 2 and offers the Temple's own paid step on another
/// track, once: Aquarius adds no second one. Kills abilities.rs 109:22 (`built &&
/// has_zodiac` -> `||`).
#[test]
fn aquarius_gives_no_extra_step_to_a_temple_activated_by_a_district() {
    let mut s = Position::drafted(2)
        .current(0)
        .zodiac(0, ZodiacKind::Aquarius)
        .resources(0, [0, 0, 0, 2])
        .temples(0, [0, 0, 0])
        .building(0, "B1", 1, 0)
        .build();
    activate_now(&mut s, 1, 0);
    assert_eq!(s.players()[0].temples, [2, 0, 0]);
    act(&mut s, Action::Track(Temple::Sea));
    assert_eq!(s.players()[0].temples, [2, 0, 1]);
    assert_eq!(s.players()[0].res[3], 1, "one Gold paid");
    assert!(
        !legal(&s).contains(&Action::Track(Temple::Mountain)),
        "no second paid step: {:?}",
        legal(&s)
    );
}

/// « Après toute autre action que Passer, vous pouvez immédiatement dépenser un jeton
/// Supériorité pour réaliser une autre action »: *may*. A player who declines keeps the
/// token and the turn goes to the next player. Kills resolve.rs 96:9 (the `EndTurn` arm
/// deleted: declining re-asked the same question forever).
#[test]
fn declining_the_superiority_token_ends_the_turn_and_keeps_the_token() {
    let mut s = Position::drafted(2)
        .current(0)
        .superiority(0, 1)
        .resources(0, [0, 10, 0, 0])
        .build();
    act(&mut s, Action::BuyBase);
    assert_eq!(legal(&s), vec![Action::UseSuperiority, Action::EndTurn]);
    act(&mut s, Action::EndTurn);
    assert_eq!(s.current(), Seat(1));
    assert_eq!(s.players()[0].superiority, 1);
}

/// Worked example T04 as the players are told it: the orange tower of height 3 is raised
/// for 3 Gold and the event says it is now 4 floors high. Kills resolve.rs 119:19 (the
/// event's `h + 1` -> `h - 1`).
#[test]
fn raising_a_tower_of_three_reports_height_four() {
    let mut s = Position::drafted(2)
        .current(0)
        .tower(0, Colour::Orange, 3)
        .resource(0, Resource::Gold, 3)
        .floor_reserve(Colour::Orange, 2)
        .build();
    let events = act(&mut s, Action::RaiseTower(Colour::Orange));
    assert!(
        events.contains(&Event::TowerRaised {
            seat: Seat(0),
            colour: Colour::Orange,
            height: 4
        }),
        "{events:?}"
    );
    assert_eq!(s.players()[0].towers[Colour::Orange.index()], 4);
}

/// Worked example T25 as the players are told it: « Augmentez de 1 la valeur de tous les
/// Stratèges entre 1 et 5. » On passing, the blue 3 becomes a 4 and the event says 3 -> 4.
/// Kills resolve.rs 174:33 (the event's `value + 1` -> `value - 1` / `value * 1`).
#[test]
fn passing_ages_a_blue_three_to_four_and_says_so() {
    let mut s = Position::drafted(2)
        .current(0)
        .freemen(0, &[freeman(Colour::Blue, 3)])
        .build();
    let events = act(&mut s, Action::Pass);
    assert!(
        events.contains(&Event::DieChanged {
            seat: Seat(0),
            colour: Colour::Blue,
            from: 3,
            to: 4
        }),
        "{events:?}"
    );
    assert_eq!(s.players()[0].freemen, vec![freeman(Colour::Blue, 4)]);
}

/// Solo setup: « écartez les 2 plus grandes valeurs (choisissez en cas d'égalité) et
/// prenez-en 2 parmi les 3 restant. » After the two highest dice are set aside, any of the
/// three others may be the one left out. Kills choices.rs 48:21 (`&&` -> `||`) and 48:44
/// (`> 1` -> `>= 1`), which forced the highest of the three out as well.
#[test]
fn solo_draft_keeps_any_two_of_the_three_lowest_dice() {
    let mut s = (0..50)
        .map(|seed| FirstBuilders::setup(&Options::players(1), seed).expect("setup"))
        .find(|s| {
            let mut v: Vec<u8> = s.draft_pool().iter().map(|d| d.value).collect();
            v.sort();
            v[0] < v[2]
        })
        .expect("a pool whose three lowest dice differ");
    for _ in 0..2 {
        let max = s.draft_pool().iter().map(|d| d.value).max().unwrap_or(0);
        let i = s.draft_pool().iter().position(|d| d.value == max).unwrap_or(0);
        act(&mut s, Action::DraftDie(i as u8));
    }
    assert_eq!(s.draft_pool().len(), 3);
    assert_eq!(
        legal(&s),
        vec![
            Action::DraftDie(0),
            Action::DraftDie(1),
            Action::DraftDie(2)
        ]
    );
    // leave out the lowest die: the two higher ones are kept
    let low = (0..3)
        .min_by_key(|&i| s.draft_pool()[i].value)
        .unwrap_or(0);
    let mut kept: Vec<u8> = (0..3)
        .filter(|&i| i != low)
        .map(|i| s.draft_pool()[i].value)
        .collect();
    act(&mut s, Action::DraftDie(low as u8));
    let mut got: Vec<u8> = s.players()[0].freemen.iter().map(|f| f.die.value).collect();
    kept.sort();
    got.sort();
    assert_eq!(got, kept);
}
