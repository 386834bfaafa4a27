//! Scenario tests added for the mutants that survived the Origins: First Builders rules
//! (issue 18, engine/MUTANTS-fb.md). Each test is a rule a player would recognise, with the
//! rulebook's numbers; the French sentence is quoted where the rulebook has one.

use crate::origins_common::*;

use agora_engine::first_builders::testing::Position;
use agora_engine::first_builders::types::*;
use agora_engine::first_builders::state::Task;
use agora_engine::first_builders::FirstBuilders;
use agora_engine::Game;

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
