//! Scenario tests added for the mutants that survived the Origins: First Builders rules
//! (issue 18, engine/MUTANTS-fb.md). Each test is a rule a player would recognise, with the
//! rulebook's numbers; the French sentence is quoted where the rulebook has one.

use crate::origins_common::*;

use agora_engine::first_builders::data::{tables, ZodiacKind};
use agora_engine::first_builders::state::Task;
use agora_engine::first_builders::testing::{self, Position};
use agora_engine::first_builders::types::*;
use agora_engine::first_builders::{FirstBuilders, Options};
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
    assert_die_changed(&events, Colour::Blue, 3, 4);
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
        let i = s
            .draft_pool()
            .iter()
            .position(|d| d.value == max)
            .unwrap_or(0);
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
    let low = (0..3).min_by_key(|&i| s.draft_pool()[i].value).unwrap_or(0);
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

/// Workshop: « Recevez 1 ressource de base (Nourriture, Pierre ou Sagesse). » One, not
/// two: after the choice the decision is over. Kills resolve.rs 352:18 (`n > 1` ->
/// `n >= 1`, which asked for a second resource).
#[test]
fn workshop_gives_exactly_one_basic_resource() {
    let mut s = Position::drafted(2)
        .current(0)
        .resources(0, [0, 0, 0, 0])
        .building(0, "Y6", 1, 0)
        .build();
    activate_now(&mut s, 1, 0);
    act(&mut s, Action::Resource(Resource::Stone));
    assert_eq!(s.players()[0].res, [1, 0, 0, 0]);
    assert!(
        !legal(&s).contains(&Action::Resource(Resource::Stone)),
        "no second resource: {:?}",
        legal(&s)
    );
}

/// Equestrian Grounds: « Progressez de 2 cases sur la piste Militaire et recevez 1
/// ressource Pierre/Nourriture par adversaire plus faible. » With two opponents behind,
/// two resources. Kills resolve.rs 358:18 (`n > 1` -> `n < 1`: one resource only).
#[test]
fn equestrian_grounds_gives_one_stone_or_food_per_weaker_opponent() {
    let mut s = Position::drafted(3)
        .current(0)
        .resources(0, [0, 0, 0, 0])
        .military(0, 0)
        .military(1, 0)
        .military(2, 1)
        .building(0, "R4", 1, 0)
        .build();
    activate_now(&mut s, 1, 0);
    assert_eq!(s.players()[0].military, 2);
    act(&mut s, Action::Resource(Resource::Stone));
    act(&mut s, Action::Resource(Resource::Food));
    assert_eq!(s.players()[0].res, [1, 1, 0, 0]);
}

/// « Si vous n'avez aucun socle Population libre, vous ne pouvez pas prendre de Citoyen. »
/// A Freeman visiting Meeting Place 4 (Gold / Recruit) when every base holds a Freeman is
/// offered the Gold action only. Kills choices.rs 136:5 (`recruit_possible` -> true),
/// 136:28 (`> 0` -> `== 0` / `>= 0`) and 137:9 (`&&` -> `||`).
#[test]
fn recruiting_needs_a_free_base() {
    let mut s = Position::drafted(2)
        .current(0)
        .resources(0, [0, 0, 10, 0])
        .freemen(0, &[freeman(Colour::Red, 5), freeman(Colour::Blue, 5)])
        .bases(0, 2)
        .build();
    act(&mut s, Action::Worker(Worker::Freeman(0)));
    act(&mut s, Action::MeetingPlace(4));
    assert!(legal(&s).contains(&Action::Main(MainSlot::Top)));
    assert!(
        !legal(&s).contains(&Action::Main(MainSlot::Bottom)),
        "no free base: no Citizen ({:?})",
        legal(&s)
    );
    // with a third base the same visit may recruit
    let mut s = Position::drafted(2)
        .current(0)
        .resources(0, [0, 0, 10, 0])
        .freemen(0, &[freeman(Colour::Red, 5), freeman(Colour::Blue, 5)])
        .bases(0, 3)
        .build();
    act(&mut s, Action::Worker(Worker::Freeman(0)));
    act(&mut s, Action::MeetingPlace(4));
    assert!(legal(&s).contains(&Action::Main(MainSlot::Bottom)));
}

/// « Prenez un dé sur la zone Recrutement Citoyen »: with no die left in the Recruitment
/// area there is nothing to take, so the Recruit action is not offered. Kills choices.rs
/// 139:17 (`is_some() && ...` -> `||`, which took an empty slot for a die).
#[test]
fn no_recruit_from_an_empty_recruitment_area() {
    let mut s = Position::drafted(2)
        .current(0)
        .resources(0, [0, 0, 10, 0])
        .freemen(0, &[freeman(Colour::Red, 5)])
        .bases(0, 3)
        .recruitment([None, None, None, None, None])
        .build();
    act(&mut s, Action::Worker(Worker::Freeman(0)));
    act(&mut s, Action::MeetingPlace(4));
    assert!(
        !legal(&s).contains(&Action::Main(MainSlot::Bottom)),
        "{:?}",
        legal(&s)
    );
}

/// M_FEED (Meeting Place 5, bottom): « Dépensez 1-3 ressources Nourriture et, pour
/// chacune, vous devez choisir une des options : augmenter de 1 la valeur d'un Stratège
/// non utilisé ; progresser d'une case sur la piste Militaire. » Three Food: the unused
/// blue 2 becomes a 4, the marker moves 1 space, and a fourth Food is not asked for.
/// Kills resolve.rs 483:54 (`done + 1` -> `done * 1`: no limit of 3), 486:17 and 487:17
/// (the Freeman and the advance arms deleted: Food paid for nothing).
#[test]
fn feeding_spends_up_to_three_food_each_for_plus_one_or_one_space() {
    let mut s = Position::drafted(2)
        .current(0)
        .resources(0, [0, 5, 0, 0])
        .military(0, 0)
        .freemen(0, &[freeman(Colour::Red, 5), freeman(Colour::Blue, 2)])
        .build();
    act(&mut s, Action::Worker(Worker::Freeman(0)));
    act(&mut s, Action::MeetingPlace(5));
    act(&mut s, Action::Main(MainSlot::Bottom));
    assert_eq!(legal(&s), vec![Action::Freeman(1), Action::Advance]);
    act(&mut s, Action::Freeman(1));
    act(&mut s, Action::Freeman(1));
    act(&mut s, Action::Advance);
    assert_eq!(s.players()[0].freemen[1].die.value, 4);
    assert_eq!(s.players()[0].military, 1);
    assert_eq!(s.players()[0].res[1], 2, "3 Food paid");
    assert_eq!(legal(&s), vec![Action::Done], "at most 3 Food");
}

/// M_FEED needs Food: « Dépensez 1-3 ressources Nourriture ». Without Food (nor Gold) a
/// visit to Meeting Place 5 offers only its other action (1 Stone, 1 Wisdom, 1 Food); with
/// 1 Food it offers both. Kills choices.rs 189:9 (the Feed arm deleted: always possible)
/// and 191:17 (`&&` -> `||`: possible without Food as long as the marker can advance).
#[test]
fn feeding_is_offered_only_with_food_to_spend() {
    let visit = |food: u32| {
        let mut s = Position::drafted(2)
            .current(0)
            .resources(0, [0, food, 0, 0])
            .military(0, 0)
            .freemen(0, &[freeman(Colour::Red, 5), freeman(Colour::Blue, 2)])
            .build();
        act(&mut s, Action::Worker(Worker::Freeman(0)));
        act(&mut s, Action::MeetingPlace(5));
        legal(&s)
    };
    let none = visit(0);
    assert!(none.contains(&Action::Main(MainSlot::Top)));
    assert!(!none.contains(&Action::Main(MainSlot::Bottom)), "{none:?}");
    assert!(visit(1).contains(&Action::Main(MainSlot::Bottom)));
}

/// Construction Site: « Prenez gratuitement un Bâtiment du Marché et placez-le à côté de
/// votre plateau individuel. Vous pouvez le construire plus tard à l'occasion d'une action
/// de construction normale. » With the Market empty, a visit to Meeting Place 2 offers the
/// Build action only to a player who kept a tile, and the kept tile is built. Kills
/// choices.rs 174:12 (`!kept.is_empty()` -> `kept.is_empty()`), 175:9 (`||` -> `&&`,
/// which asked for a Wonder as well) and 186:9 (the Build arm deleted: always possible).
#[test]
fn with_the_market_empty_only_a_kept_tile_can_be_built() {
    let empty_market = |p: Position| {
        (1..=5)
            .fold(p, |p, k| p.market_slot(k, None))
            .new_turn(0)
            .resources(0, [5, 0, 5, 0])
            .freemen(0, &[freeman(Colour::Red, 5)])
    };
    // nothing kept: no Build
    let mut s = empty_market(Position::drafted(2)).build();
    act(&mut s, Action::Worker(Worker::Freeman(0)));
    act(&mut s, Action::MeetingPlace(2));
    assert!(
        !legal(&s).contains(&Action::Main(MainSlot::Bottom)),
        "{:?}",
        legal(&s)
    );
    // a tile kept by the Construction Site: Build, and the kept tile is built
    let mut s = Position::drafted(2).task(0, Task::ConstructionSite).build();
    act(
        &mut s,
        Action::MarketTile {
            slot: 1,
            farm: false,
        },
    );
    let kept = s.players()[0].kept.clone();
    assert_eq!(kept.len(), 1);
    edit(&mut s, empty_market);
    act(&mut s, Action::Worker(Worker::Freeman(0)));
    act(&mut s, Action::MeetingPlace(2));
    act(&mut s, Action::Main(MainSlot::Bottom));
    assert_eq!(legal(&s), vec![Action::KeptTile(0)]);
    act(&mut s, Action::KeptTile(0));
    act(&mut s, Action::Place(Cell::new(1, 0)));
    assert_eq!(s.building_at(Seat(0), Cell::new(1, 0)), Some(kept[0]));
}

/// Worked example T09 as the players are told it: the blue 3 completes the District
/// R, R, P, Farm, which matches card D04 (R, R, P, any); the event names the card that
/// scored. Kills resolve.rs 816:9 (the `[only]` arm deleted: the event named no card).
#[test]
fn a_district_matching_one_card_names_that_card() {
    let mut s = Position::drafted(2)
        .districts(&["D04"])
        .building(0, "R1", 1, 1)
        .building(0, "R3", 2, 1)
        .building(0, "P1", 1, 0)
        .farm(0, "Y1", 2, 0)
        .freemen(0, &[freeman(Colour::Blue, 3)])
        .current(0)
        .build();
    act(&mut s, Action::CompleteDistrict(0));
    let events = act(&mut s, Action::Seat(Cell::new(1, 0)));
    assert!(
        events.contains(&Event::DistrictCompleted {
            seat: Seat(0),
            at: Cell::new(1, 0),
            colour: Colour::Blue,
            value: 3,
            card: Some(card("D04")),
        }),
        "{events:?}"
    );
    assert_eq!(s.players()[0].vp, 8);
}

/// Solo: « Lors d'une visite sur un Lieu de Rencontre, vous devez aussi augmenter la valeur
/// d'un Lieu voisin, soit à gauche, soit à droite. » Visiting Meeting Place 2 at 3 and
/// choosing its neighbour 3 at 4: place 2 goes to 4 and place 3 to 5. Kills resolve.rs
/// 311:13 (the neighbour's arm deleted: neither dial moved).
#[test]
fn solo_visit_turns_the_visited_place_and_the_chosen_neighbour() {
    let mut s = Position::setup(1, 2)
        .draft()
        .new_turn(0)
        .dial(2, 3)
        .dial(3, 4)
        .freemen(0, &[freeman(Colour::Red, 5)])
        .build();
    act(&mut s, Action::Worker(Worker::Freeman(0)));
    act(&mut s, Action::MeetingPlace(2));
    act(&mut s, Action::Main(MainSlot::Top));
    act(&mut s, Action::FinishVisit);
    act(&mut s, Action::MeetingPlace(3));
    assert_eq!(s.places()[1].dial, 4);
    assert_eq!(s.places()[2].dial, 5);
}

/// M_TEMPLE: « Dépensez 1 ressource Pierre pour monter 2 marches d'un seul Temple et
/// recevez sa carte Zodiaque. » A player whose three markers are at the top has no step
/// left to climb: Meeting Place 3 offers only its other action (3 Wisdom); one step below
/// the top on one track, it offers the Temple too. Kills choices.rs 167:5
/// (`temple_open` -> true) and 169:46 (`<` -> `<=`: a track at the top still open).
#[test]
fn the_temple_action_needs_a_track_below_the_top() {
    let top = tables().temple_top();
    let visit = |forest: u8| {
        let mut s = Position::drafted(2)
            .current(0)
            .resources(0, [3, 0, 0, 0])
            .temples(0, [forest, top, top])
            .freemen(0, &[freeman(Colour::Red, 5)])
            .build();
        act(&mut s, Action::Worker(Worker::Freeman(0)));
        act(&mut s, Action::MeetingPlace(3));
        legal(&s)
    };
    let all_top = visit(top);
    assert!(all_top.contains(&Action::Main(MainSlot::Top)));
    assert!(
        !all_top.contains(&Action::Main(MainSlot::Bottom)),
        "{all_top:?}"
    );
    assert!(visit(top - 1).contains(&Action::Main(MainSlot::Bottom)));
}

/// M_FEED, each Food: « augmenter de 1 la valeur d'un Stratège non utilisé » or
/// « progresser d'une case sur la piste Militaire ». Either target is enough: the visitor
/// alone may still feed to advance; at the Final space (no more moves) it needs another,
/// unused Freeman. Kills choices.rs 192:21 (`||` -> `&&`: both targets required), 197:54
/// (`&&` -> `||`: the visitor itself counted as unused) and 197:65 (`!=` -> `==`: no
/// Freeman ever counted).
#[test]
fn feeding_needs_an_unused_freeman_or_room_to_advance() {
    let fin = tables().final_space();
    let visit = |space: u8, freemen: &[Freeman]| {
        let mut s = Position::drafted(2)
            .current(0)
            .resources(0, [0, 3, 0, 0])
            .military(0, space)
            .freemen(0, freemen)
            .build();
        act(&mut s, Action::Worker(Worker::Freeman(0)));
        act(&mut s, Action::MeetingPlace(5));
        legal(&s).contains(&Action::Main(MainSlot::Bottom))
    };
    let alone = [freeman(Colour::Red, 5)];
    let two = [freeman(Colour::Red, 5), freeman(Colour::Blue, 2)];
    assert!(visit(0, &alone), "the visitor alone: feed to advance");
    assert!(!visit(fin, &alone), "nothing to feed at the Final space");
    assert!(visit(fin, &two), "the unused blue can be fed");
}

/// End of round, step 1: « Chaque dé Orateur utilisé pour réaliser une action est
/// augmenté de 1 (si vous devez augmenter de 1 un dé Orateur de valeur 5, relancez le dé à
/// la place). » An Orator 5 that visited comes back rolled (faces 2, 2, 3, 3, 4, 5), never
/// as a 6. Kills round.rs 101:28 (the guard `o.value >= 5` -> false: it came back a 6).
#[test]
fn a_used_orator_five_is_rolled_again_at_the_end_of_the_round() {
    let mut s = Position::drafted(2)
        .orator_area(&[Some(5), None])
        .task(0, Task::TakeOrator { optional: false })
        .build();
    act(&mut s, Action::OratorSlot(1));
    finish_turn(&mut s);
    act(&mut s, Action::Worker(Worker::Orator(0)));
    act(&mut s, Action::MeetingPlace(1));
    act(&mut s, Action::Main(MainSlot::Top));
    act(&mut s, Action::FinishVisit);
    assert_eq!(s.orator_area().iter().flatten().count(), 0);
    testing::end_of_round(&mut s);
    let back: Vec<u8> = s.orator_area().iter().flatten().copied().collect();
    assert_eq!(back.len(), 1, "{back:?}");
    assert!([2, 3, 4, 5].contains(&back[0]), "rolled, not 6: {back:?}");
}

/// Setup S21 and end of round step 2: « le joueur dont le marqueur Force Militaire est en
/// bas de la pile reçoit la tuile Bastion » on a tie, and the first player's marker is put
/// on the start space first (the bottom of the stack). So when nobody moves on the
/// Military track in round 1, the first player keeps the Bastion and starts round 2.
/// Kills setup.rs 180:37 (`%` -> `/`) and 180:32 (`+` -> `*`), which stacked the markers
/// in another order.
#[test]
fn with_no_military_move_the_first_player_keeps_the_bastion() {
    for players in 2..=4u8 {
        for seed in 0..6 {
            let mut s = Position::setup(players, seed).draft().build();
            let first = s.bastion();
            assert_eq!(s.current(), first);
            while s.round() == 1 {
                act(&mut s, Action::Pass);
            }
            assert_eq!(s.bastion(), first, "{players}p seed {seed}");
            assert_eq!(s.current(), first);
        }
    }
}

// ---------------------------------------------------------------- session 14: choices.rs

/// Armoury: « Progressez de 2 cases sur la piste Militaire et/ou mener une Attaque. » Each
/// once: after the advance only the attack (or stopping) is left; a marker on the Final space
/// never moves (« ne sera plus déplacé »), so there only the attack is offered. Kills
/// choices.rs 318:30 (`!advanced && can_advance` -> `||`: advancing twice, or at the Final
/// space).
#[test]
fn armoury_advances_once_and_not_from_the_final_space() {
    let mut s = Position::drafted(2)
        .current(0)
        .building(0, "R1", 1, 0)
        .build();
    activate_now(&mut s, 1, 0);
    assert_eq!(legal(&s), vec![Action::Advance, Action::Attack]);
    act(&mut s, Action::Advance);
    assert_eq!(legal(&s), vec![Action::Attack, Action::Done]);

    let top = tables().final_space();
    let mut s = Position::drafted(2)
        .current(0)
        .military(0, top)
        .building(0, "R1", 1, 0)
        .build();
    activate_now(&mut s, 1, 0);
    assert_eq!(legal(&s), vec![Action::Attack]);
}

/// Bonus TRADE (rules page, bonus codes): « pay 1 basic resource to gain 1 Gold
/// (optional) ». Only a resource the player holds can be paid: 1 Stone and 2 Wisdom, no
/// Food. Kills choices.rs 338:37 (`> 0` -> `< 0`: nothing could be traded).
#[test]
fn trade_pays_one_held_basic_resource_for_one_gold() {
    let mut s = Position::drafted(2)
        .current(0)
        .resources(0, [1, 0, 2, 0])
        .task(0, Task::Trade)
        .build();
    assert_eq!(
        legal(&s),
        vec![
            Action::Resource(Resource::Stone),
            Action::Resource(Resource::Wisdom),
            Action::Done
        ]
    );
    act(&mut s, Action::Resource(Resource::Wisdom));
    assert_eq!(s.players()[0].res, [1, 0, 1, 1]);
}

/// Vierge: « À chaque fois que vous construisez un Bâtiment, vous pouvez le placer
/// par-dessus une Ferme de votre cité. » Only a Building, and only with the card: without
/// Virgo a building is not offered the Farm's cell, and with it a Farm is not placed over a
/// Farm. Kills choices.rs 379:25 (`building && has_zodiac` -> `||`).
#[test]
fn only_a_building_with_virgo_goes_over_a_farm() {
    let farm_cell = Cell::new(1, 0);
    // Market slot 1 is Y1 (taken as a Farm), slot 5 is P1 (a building).
    let place = |virgo: bool, slot: u8, farm: bool| {
        let mut p = Position::drafted(2)
            .current(0)
            .market(["Y1", "B4", "O1", "R1", "P1"])
            .farm(0, "Y4", 1, 0)
            .resources(0, [5, 5, 5, 0]);
        if virgo {
            p = p.zodiac(0, ZodiacKind::Virgo);
        }
        let mut s = p.task(0, Task::Build).build();
        act(&mut s, Action::MarketTile { slot, farm });
        legal(&s)
    };
    assert!(place(true, 5, false).contains(&Action::Place(farm_cell)));
    let no_card = place(false, 5, false);
    assert!(!no_card.is_empty());
    assert!(!no_card.contains(&Action::Place(farm_cell)), "{no_card:?}");
    let farm = place(true, 1, true);
    assert!(!farm.is_empty());
    assert!(!farm.contains(&Action::Place(farm_cell)), "{farm:?}");
}

/// Verseau: « vous pouvez payer 1 Or pour monter une marche d'un autre Temple »: another
/// temple, and one that has a step left. Forest was climbed, Mountain is at the top: only
/// Sea (or nothing). Kills choices.rs 408:68 (`< top` -> `<=`).
#[test]
fn aquarius_extra_step_only_on_another_temple_below_the_top() {
    let top = tables().temple_top();
    let s = Position::drafted(2)
        .current(0)
        .resources(0, [0, 0, 0, 1])
        .temples(0, [2, top, 0])
        .task(
            0,
            Task::TempleExtra {
                exclude: Temple::Forest,
            },
        )
        .build();
    assert_eq!(legal(&s), vec![Action::Track(Temple::Sea), Action::Done]);
}

/// Cour de Justice: « Changez la couleur d'une vos dé non utilisés en le remplaçant par un
/// dé de la réserve, sans changer sa valeur. » Another colour, and one the reserve still
/// holds: a red Freeman with no blue die left can become purple, yellow or orange.
/// Kills choices.rs 467:33 (`c != own && reserve > 0` -> `||`).
#[test]
fn court_of_justice_swaps_to_another_colour_the_reserve_holds() {
    let s = Position::drafted(2)
        .current(0)
        .freemen(0, &[freeman(Colour::Red, 3)])
        .dice_reserve(Colour::Blue, 0)
        .task(0, Task::Court)
        .build();
    assert!(s.dice_reserve(Colour::Red) > 0);
    let swap = |colour| Action::SwapDie { freeman: 0, colour };
    assert_eq!(
        legal(&s),
        vec![
            swap(Colour::Purple),
            swap(Colour::Yellow),
            swap(Colour::Orange),
            Action::Done
        ]
    );
}

// ---------------------------------------------------------------- session 14: state.rs

/// Setup S2, S9, S11-S14 with the rules page's player-count table: « Keep 7/8/9 citizen dice
/// per colour (2/3/4 players) » (solo 6, A-01), 2/3/4 Orators (solo 1), and of the 12 floors
/// of each colour 1 plus one per tower printed on the revealed District cards go to the
/// reserve, 1 to each player's Palace and the rest to the box. Every kept die is somewhere
/// (reserve, recruitment track, draft pool). Kills state.rs `options`, `dice_total`,
/// `floor_reserve`, `floor_box` and `orators_total` replaced by constants.
#[test]
fn setup_keeps_the_books_dice_orators_and_tower_floors() {
    for players in 1..=4u8 {
        let kept = [6, 7, 8, 9][players as usize - 1];
        let orators = [1, 2, 3, 4][players as usize - 1];
        for seed in 0..3 {
            let s = FirstBuilders::setup(&Options::players(players), seed).expect("setup");
            assert_eq!(s.options().players, players);
            assert_eq!(s.orators_total(), orators);
            assert_eq!(s.orator_area().iter().flatten().count(), orators as usize);
            for c in Colour::ALL {
                assert_eq!(s.dice_total(c), kept, "{players}p {c:?}");
                let on_track = s.recruitment().iter().flatten();
                let placed = on_track.chain(s.draft_pool()).filter(|d| d.colour == c);
                assert_eq!(
                    s.dice_reserve(c) as usize + placed.count(),
                    kept as usize,
                    "{players}p {c:?}: every kept die is somewhere"
                );
                let printed = s
                    .districts()
                    .iter()
                    .filter_map(|(d, _)| d.row())
                    .flat_map(|d| d.towers.iter())
                    .filter(|&&t| t == c)
                    .count() as u8;
                assert_eq!(s.floor_reserve(c), 1 + printed, "{players}p {c:?}");
                assert!(s.players().iter().all(|p| p.towers[c.index()] == 1));
                assert_eq!(
                    s.floor_box(c),
                    12 - 1 - printed - players,
                    "{players}p {c:?}"
                );
            }
        }
    }
}

/// S8 and the draft: citizen dice are rolled « (relancez en cas de 6) », so every value is 1
/// to 5, and over a few setups each of the five appears. Kills state.rs 327:33 (`roll_d5`'s
/// `+ 1` -> `* 1`: values 0 to 4).
#[test]
fn citizen_dice_are_rolled_one_to_five() {
    let mut seen = [0usize; 7];
    for seed in 0..10 {
        let s = FirstBuilders::setup(&Options::players(4), seed).expect("setup");
        let rolled = s.recruitment().iter().flatten().chain(s.draft_pool());
        for d in rolled {
            seen[d.value as usize] += 1;
        }
    }
    assert_eq!((seen[0], seen[6]), (0, 0), "no 0, no 6: {seen:?}");
    assert!(seen[1..=5].iter().all(|&n| n > 0), "{seen:?}");
}

/// S18 and building (2.4): a new tile goes on an empty cell sharing an edge with the city.
/// The starting city is the Palace (0,0) with the Agora above it (0,1): the six cells around
/// them, each offered once, never the Palace's or the Agora's own. Kills state.rs 412:49
/// (`free_cells`' `!occupied && !listed` -> `||`: occupied cells offered).
#[test]
fn a_new_building_goes_on_an_empty_cell_next_to_the_starting_city() {
    let mut s = Position::drafted(2)
        .current(0)
        .market(["Y1", "B4", "O1", "R1", "P1"])
        .resources(0, [5, 5, 5, 0])
        .task(0, Task::Build)
        .build();
    act(
        &mut s,
        Action::MarketTile {
            slot: 5,
            farm: false,
        },
    );
    let mut offered = legal(&s);
    offered.sort_by_key(|a| match a {
        Action::Place(c) => Some(*c),
        _ => None,
    });
    let around = [(-1, 0), (-1, 1), (0, -1), (0, 2), (1, 0), (1, 1)];
    let expected: Vec<Action> = around
        .into_iter()
        .map(|(x, y)| Action::Place(Cell::new(x, y)))
        .collect();
    assert_eq!(offered, expected);
}

/// Bonus TRADE pays 1 Wisdom for 1 Gold: the event stream says exactly that, one payment of
/// the resource paid and no zero payment of the others (clients show these events as the
/// game's log). When the named resource is short, Gold is paid instead (« L'Or, ressource
/// joker, peut être dépensé pour remplacer toute autre ressource »): 1 Stone owed with none
/// left is 1 Gold paid. Kills state.rs 481:18 (`d > 0`
/// -> `>= 0`: a `Paid` event of 0 for every resource).
#[test]
fn a_payment_reports_only_what_was_paid() {
    let paid = |events: &[Event]| -> Vec<(Resource, u8)> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Paid {
                    resource, amount, ..
                } => Some((*resource, *amount)),
                _ => None,
            })
            .collect()
    };
    let mut s = Position::drafted(2)
        .current(0)
        .resources(0, [1, 1, 2, 0])
        .task(0, Task::Trade)
        .build();
    let events = act(&mut s, Action::Resource(Resource::Wisdom));
    assert_eq!(paid(&events), vec![(Resource::Wisdom, 1)]);

    // The Temple action costs 1 Stone; with no Stone, 1 Gold.
    let top = tables().temple_top();
    let mut s = Position::drafted(2)
        .current(0)
        .resources(0, [0, 2, 0, 3])
        .temples(0, [0, top, top])
        .freemen(0, &[freeman(Colour::Red, 5)])
        .build();
    act(&mut s, Action::Worker(Worker::Freeman(0)));
    act(&mut s, Action::MeetingPlace(3));
    let events = act(&mut s, Action::Main(MainSlot::Bottom));
    assert_eq!(paid(&events), vec![(Resource::Gold, 1)]);
    assert_eq!(s.players()[0].res, [0, 2, 0, 2]);
}

/// +1 on a Freeman (Feed, Sagittarius, ...): the event says the die went from 3 to 4. Kills
/// state.rs 527:33 (`to: value + 1` -> `- 1`, `* 1`: the log showed 2 or 3).
#[test]
fn plus_one_reports_the_new_value() {
    let mut s = Position::drafted(2)
        .freemen(0, &[freeman(Colour::Red, 3)])
        .build();
    let events = testing::plus_one(&mut s, Seat(0), 0);
    assert_die_changed(&events, Colour::Red, 3, 4);
    assert_eq!(s.players()[0].freemen[0].die.value, 4);
}

/// Portail: « +2 » (A-26: capped at 6). A 3 becomes a 5 (from 2 or 4, doubling gives the same
/// number and hides a wrong rule). Kills state.rs 536:33 (`from + 2` -> `from * 2`).
#[test]
fn portal_plus_two_turns_a_three_into_a_five() {
    let mut s = Position::drafted(2)
        .current(0)
        .freemen(0, &[freeman(Colour::Red, 3)])
        .task(0, Task::Portal)
        .build();
    act(
        &mut s,
        Action::FreemanPlus {
            freeman: 0,
            plus: 2,
        },
    );
    assert_eq!(s.players()[0].freemen[0].die.value, 5);
}

/// Gold replaces « toute autre ressource », but nothing replaces Gold: `can_pay` of 2 Gold
/// holds with 2 Gold, not with 1 Gold and plenty of the others. No rule asks it about Gold
/// (towers and Aquarius read the Gold held); clients and bots do, so it is tested directly.
/// Kills state.rs 571:16 (`>=` -> `<`).
#[test]
fn gold_is_paid_only_with_gold() {
    let s = Position::drafted(2).resources(0, [5, 5, 5, 2]).build();
    assert!(s.can_pay(Seat(0), Resource::Gold, 2));
    let s = Position::drafted(2).resources(0, [5, 5, 5, 1]).build();
    assert!(!s.can_pay(Seat(0), Resource::Gold, 2));
    assert!(s.can_pay(Seat(0), Resource::Stone, 6), "5 Stone + 1 Gold");
}
