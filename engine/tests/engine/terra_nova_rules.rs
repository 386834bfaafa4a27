//! Terra Nova rules: the worked examples of `shared/rules/terra-nova.md` §8 with the book's
//! numbers, each faction and palace ability, reach, towns, passing and scoring.

use agora_engine::terra_nova::data::{tables, RoundTrigger};
use agora_engine::terra_nova::map::hexes;
use agora_engine::terra_nova::scoring::{territory_vp, wealth};
use agora_engine::terra_nova::testing::{
    bridge, build, found_town, give_bonus, hex, income, neutral_house, palace, quiet_round,
    round_tile, scenario, set_bowls, set_coins, set_navigation, set_order, set_passed, set_round,
    set_start_player, set_terrain, set_turn_order_variant, set_vp, town_check, turn,
    use_power_action, use_town_tiles,
};
use agora_engine::terra_nova::{
    Action, Awaiting, BonusTile, BridgeSpot, Building, Event, Faction, Hex, NeutralVariant,
    Options, Owner, PalaceSide, Player, PowerAction, Special, State, Step, TerraNova, Terrain,
    TownTile,
};
use agora_engine::{Game, Seat};

use super::terra_nova_common::{act, pending, play_first_until, spot};

const S0: Seat = Seat(0);
const S1: Seat = Seat(1);
const S2: Seat = Seat(2);
const S3: Seat = Seat(3);

fn names(mask: u128) -> Vec<String> {
    let mut v: Vec<String> = hexes(mask).map(|h| h.to_string()).collect();
    v.sort();
    v
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn player(s: &State, seat: Seat) -> &Player {
    &s.players()[seat.index()]
}

// ------------------------------------------------------------------ §8 seed examples

#[test]
fn w1_income_16_coins_5_power() {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    for h in ["E4", "E6", "D7", "H7"] {
        build(&mut s, S0, h, Building::House);
    }
    for h in ["D2", "A1"] {
        build(&mut s, S0, h, Building::TradingPost);
    }
    give_bonus(&mut s, S0, 'B');
    set_bowls(&mut s, S0, [8, 0, 0]);
    let coins = player(&s, S0).coins;
    income(&mut s);
    assert_eq!(player(&s, S0).coins - coins, 16, "13 (sheet) + 3 (tile)");
    assert_eq!(player(&s, S0).bowls, [3, 5, 0], "5 power gained");
}

#[test]
fn w2_w3_power_cycle_gain_and_overflow() {
    let mut pl = Player::new();
    assert_eq!(pl.bowls, [2, 2, 4]);
    assert_eq!(pl.gain_power(3), 3);
    assert_eq!(pl.bowls, [0, 3, 5], "2 tokens I->II, then 1 II->III");
    pl.bowls = [0, 0, 8];
    assert_eq!(pl.gain_power(2), 0, "both lost");
    assert_eq!(pl.bowls, [0, 0, 8]);
    pl.bowls = [0, 1, 7];
    assert_eq!(pl.gain_power(3), 1, "1 used, 2 lost");
    assert_eq!(pl.bowls, [0, 0, 8]);
}

#[test]
fn d1_spend_with_bowls_i_and_ii_not_empty() {
    let mut pl = Player::new();
    pl.bowls = [3, 1, 4];
    pl.coins = 0;
    assert!(pl.exchange(4));
    assert_eq!(pl.bowls, [7, 1, 0]);
    assert_eq!(pl.coins, 4);
    assert!(!pl.exchange(1), "bowl III empty");
}

#[test]
fn w4_genies_two_spade_conversion_and_house() {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    quiet_round(&mut s);
    build(&mut s, S0, "E4", Building::House);
    set_coins(&mut s, S0, 20);
    act(&mut s, S0, Action::Build);
    act(&mut s, S0, Action::Hex(hex("E3")));
    assert_eq!(player(&s, S0).coins, 8, "2 spades = 12 coins");
    assert_eq!(s.terrain_at(hex("E3")), Some(Terrain::Lake));
    act(&mut s, S0, Action::BuildHouse(hex("E3")));
    assert_eq!(player(&s, S0).coins, 4, "16 coins in all");
    assert_eq!(player(&s, S0).houses_built, 2);
    assert_eq!(
        s.placed_at(hex("E3")).map(|x| x.building),
        Some(Building::House)
    );
}

#[test]
fn w5_round_tile_spade_one_free_plus_one_bought() {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    round_tile(&mut s, RoundTrigger::Spade);
    build(&mut s, S0, "E4", Building::House);
    act(&mut s, S0, Action::PowerAction(PowerAction(4)));
    assert_eq!(player(&s, S0).bowls, [6, 2, 0], "4 power spent");
    act(&mut s, S0, Action::Hex(hex("D3")));
    assert_eq!(
        s.terrain_at(hex("D3")),
        Some(Terrain::Lake),
        "Desert -> Lake"
    );
    assert_eq!(player(&s, S0).coins, 9, "2nd spade bought for 6");
    assert_eq!(player(&s, S0).vp, 4, "2 spades used -> 4 VP");
    act(&mut s, S0, Action::Skip);
}

#[test]
fn w6_round_tile_house() {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    round_tile(&mut s, RoundTrigger::House);
    build(&mut s, S0, "E6", Building::House);
    set_terrain(&mut s, "D6", Terrain::Lake);
    act(&mut s, S0, Action::Build);
    act(&mut s, S0, Action::Hex(hex("D6")));
    assert_eq!(player(&s, S0).coins, 11);
    assert_eq!(player(&s, S0).vp, 2);
}

#[test]
fn w7_w8_upgrade_cost_and_bookkeeping() {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    quiet_round(&mut s);
    build(&mut s, S0, "A1", Building::House); // no opponent next to it
    build(&mut s, S0, "E4", Building::House);
    build(&mut s, S0, "E6", Building::House);
    build(&mut s, S0, "D7", Building::House);
    build(&mut s, S1, "E3", Building::TradingPost);
    build(&mut s, S1, "E3", Building::Palace);
    assert_eq!(s.trading_post_cost(S0, hex("A1")), 10);
    assert_eq!(
        s.trading_post_cost(S0, hex("E4")),
        7,
        "next to a red palace"
    );
    // Income before: 4 houses = 2+2+2+3 = 9 coins.
    let before = income_of(&s, S0);
    assert_eq!(before, (9, 0));
    set_coins(&mut s, S0, 20);
    act(&mut s, S0, Action::Upgrade);
    act(&mut s, S0, Action::Hex(hex("E4")));
    assert_eq!(player(&s, S0).coins, 13, "paid 7");
    assert_eq!(player(&s, S0).houses_built, 3, "house back on the sheet");
    assert_eq!(player(&s, S0).trading_posts_built, 1);
    let after = income_of(&s, S0);
    assert_eq!(
        after,
        (9 - 3 + 2, 1),
        "house slot 4 covered (-3), TP slot 1 (+2c +1p)"
    );
}

fn income_of(s: &State, seat: Seat) -> (u32, u8) {
    let mut c = s.clone();
    set_bowls(&mut c, seat, [8, 0, 0]);
    let coins = player(&c, seat).coins;
    income(&mut c);
    let q = player(&c, seat);
    (q.coins - coins, q.bowls[1])
}

#[test]
fn w9_power_from_neighbours() {
    let mut s = scenario(&[Faction::Genies, Faction::DesertSisters, Faction::Farfadets]);
    quiet_round(&mut s);
    build(&mut s, S0, "E4", Building::House);
    build(&mut s, S1, "E3", Building::House);
    build(&mut s, S1, "E5", Building::House);
    build(&mut s, S2, "D3", Building::TradingPost);
    build(&mut s, S2, "D3", Building::Palace);
    act(&mut s, S0, Action::Upgrade);
    act(&mut s, S0, Action::Hex(hex("E4")));
    assert_eq!(player(&s, S0).bowls, [2, 2, 4], "Blue +0");
    assert_eq!(player(&s, S1).bowls, [0, 4, 4], "Yellow +2");
    assert_eq!(
        player(&s, S2).bowls,
        [1, 3, 4],
        "Black +1 (a palace counts once)"
    );
}

#[test]
fn w10_town_founded_by_a_bridge() {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    quiet_round(&mut s);
    build(&mut s, S0, "A1", Building::House);
    build(&mut s, S0, "A2", Building::TradingPost);
    build(&mut s, S0, "B1", Building::TradingPost);
    build(&mut s, S0, "D1", Building::TradingPost);
    assert!(
        town_check(&mut s, S0).is_none(),
        "3 + 1 buildings, not joined"
    );
    set_coins(&mut s, S0, 12);
    act(&mut s, S0, Action::BuildBridge);
    act(&mut s, S0, Action::Bridge(spot("B1", "D1")));
    assert!(matches!(pending(&s), Awaiting::TownTile { .. }));
    act(&mut s, S0, Action::TownTile(TownTile(0)));
    assert_eq!(player(&s, S0).coins, 2 + 6);
    assert_eq!(player(&s, S0).vp, 5 + 4, "tile 5 VP + Génies 4 VP");
    assert!(s.placed_at(hex("D1")).is_some_and(|x| x.in_town));
    assert_eq!(player(&s, S0).bridges_built, 1);
}

#[test]
fn w11_w12_navigation_step_vp_and_round_tile() {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    quiet_round(&mut s);
    set_navigation(&mut s, S0, 1);
    act(&mut s, S0, Action::AdvanceNavigation);
    assert_eq!(player(&s, S0).navigation, 2);
    assert_eq!(player(&s, S0).vp, 3);
    assert_eq!(player(&s, S0).coins, 7);

    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    round_tile(&mut s, RoundTrigger::Navigation);
    set_navigation(&mut s, S0, 1);
    act(&mut s, S0, Action::AdvanceNavigation);
    assert_eq!(player(&s, S0).vp, 5, "3 + 2");
    set_coins(&mut s, S0, 100);
    turn(&mut s, S0);
    act(&mut s, S0, Action::AdvanceNavigation);
    turn(&mut s, S0);
    act(&mut s, S0, Action::AdvanceNavigation);
    assert_eq!(player(&s, S0).navigation, 4);
    turn(&mut s, S0);
    assert!(!TerraNova::legal_actions(&s, S0).contains(&Action::AdvanceNavigation));
    let e = TerraNova::apply(&mut s, S0, &Action::AdvanceNavigation).unwrap_err();
    assert_eq!(e.code, "NAVIGATION_AT_MAXIMUM");
}

#[test]
fn w13_pass_with_trading_post_tile_then_swap() {
    let mut s = scenario(&[Faction::Genies, Faction::Fairies]);
    quiet_round(&mut s);
    build(&mut s, S0, "E4", Building::TradingPost);
    build(&mut s, S0, "A1", Building::TradingPost);
    give_bonus(&mut s, S0, 'E');
    act(&mut s, S0, Action::Pass);
    assert_eq!(player(&s, S0).vp, 4);
    assert_eq!(s.start_player(), S0);
    let options = TerraNova::legal_actions(&s, S0);
    assert!(
        !options.contains(&Action::TakeBonus(BonusTile(4))),
        "not the returned tile"
    );
    let other = options[0].clone();
    act(&mut s, S0, other.clone());
    let Action::TakeBonus(t) = other else {
        panic!()
    };
    assert_eq!(player(&s, S0).bonus, Some(t));
    assert!(s
        .bonus_tiles()
        .iter()
        .any(|b| b.tile == BonusTile(4) && b.holder.is_none()));
}

#[test]
fn w14_d4_to_d7_territory_ties() {
    assert_eq!(territory_vp(&[10, 10, 5], &[12, 8, 4]), vec![10, 10, 4]);
    assert_eq!(
        territory_vp(&[9, 9, 9, 4], &[12, 8, 4, 0]),
        vec![8, 8, 8, 0]
    );
    assert_eq!(
        territory_vp(&[12, 7, 7, 7], &[12, 8, 4, 0]),
        vec![12, 4, 4, 4]
    );
    assert_eq!(
        territory_vp(&[8, 8, 8, 8], &[12, 8, 4, 0]),
        vec![6, 6, 6, 6]
    );
    assert_eq!(
        territory_vp(&[10, 6, 3, 3], &[12, 8, 4, 0]),
        vec![12, 8, 2, 2]
    );
    assert_eq!(territory_vp(&[5, 9], &[12, 8]), vec![8, 12]);
}

/// Ends phase 3: every seat asked to exchange power declines.
fn end_round_exchanges(s: &mut State) {
    while let Step::RoundEndExchange { .. } = s.step() {
        let seat = TerraNova::to_act(s).iter().next().unwrap();
        act(s, seat, Action::EndTurn);
    }
}

fn pass_all(s: &mut State, order: &[Seat]) {
    for seat in order {
        turn(s, *seat);
        act(s, *seat, Action::Pass);
        if let Some(Action::TakeBonus(t)) = TerraNova::legal_actions(s, *seat).first().cloned() {
            act(s, *seat, Action::TakeBonus(t));
        }
        if TerraNova::legal_actions(s, *seat).contains(&Action::EndTurn) {
            act(s, *seat, Action::EndTurn);
        }
    }
    end_round_exchanges(s);
}

#[test]
fn w15_turn_order_variant_next_order_is_pass_order() {
    for variant in [true, false] {
        let mut s = scenario(&[Faction::Golems, Faction::Fairies, Faction::Genies]);
        set_turn_order_variant(&mut s, variant);
        pass_all(&mut s, &[S2, S1, S0]);
        assert_eq!(s.round(), 2);
        assert_eq!(s.order()[0], S2, "Génies passed first, act first");
        if variant {
            assert_eq!(s.order(), vec![S2, S1, S0]);
        } else {
            assert_eq!(
                s.order(),
                vec![S2, S0, S1],
                "clockwise from the start player"
            );
        }
    }
}

#[test]
fn w16_extra_town_value_is_wasted() {
    for tp in [1usize, 3] {
        let mut s = scenario(&[Faction::Golems, Faction::Fairies]);
        quiet_round(&mut s);
        let group = ["A1", "A2", "A3", "A4"];
        for (i, h) in group.iter().enumerate() {
            let b = if i < tp {
                Building::TradingPost
            } else {
                Building::House
            };
            build(&mut s, S0, h, b);
        }
        // value: 1 TP -> 2+1+1+1 = 5 (no town); upgrade one more below.
        let g = town_check(&mut s, S0);
        if tp == 1 {
            assert!(g.is_none());
        } else {
            let g = g.expect("value 7 founds a town");
            assert_eq!(s.group_value(g), (4, 7));
        }
    }
    let mut s = scenario(&[Faction::Golems, Faction::Fairies]);
    for h in ["A1", "A2", "A3"] {
        build(&mut s, S0, h, Building::TradingPost);
    }
    build(&mut s, S0, "A4", Building::TradingPost);
    let g = town_check(&mut s, S0).expect("value 8");
    found_town(&mut s, S0, g, TownTile(2));
    assert!(town_check(&mut s, S0).is_none(), "one town per group");
    assert_eq!(player(&s, S0).town_tiles_left().len(), 3);
}

// ------------------------------------------------------------------ §8 derived tests

#[test]
fn d2_efrits_power_actions_cost_one_less() {
    let mut s = scenario(&[Faction::Efrits, Faction::Fairies]);
    build(&mut s, S0, "E3", Building::House);
    set_bowls(&mut s, S0, [3, 0, 5]);
    assert_eq!(s.power_action_cost(S0, 5), 5);
    assert_eq!(s.power_action_cost(S0, 0), 2);
    act(&mut s, S0, Action::PowerAction(PowerAction(5)));
    assert_eq!(player(&s, S0).bowls, [8, 0, 0]);
    assert_eq!(s.power_action_cost(S1, 5), 6);
}

#[test]
fn d3_golems_pass_by_trading_posts() {
    for (tps, vp) in [(0, 0), (1, 2), (2, 2), (3, 3), (4, 4)] {
        let mut s = scenario(&[Faction::Golems, Faction::Fairies]);
        quiet_round(&mut s);
        for h in ["A2", "A6", "E3", "I1"].iter().take(tps) {
            build(&mut s, S0, h, Building::TradingPost);
        }
        act(&mut s, S0, Action::Pass);
        assert_eq!(player(&s, S0).vp, vp, "{tps} TPs");
    }
}

#[test]
fn d8_d9_wealth() {
    assert_eq!(wealth(14, 3, false), (0, 5));
    assert_eq!(
        wealth(2, 7, true),
        (2, 5),
        "2 conversions + 1 coin -> 3 coins -> 1 VP"
    );
    assert_eq!(wealth(2, 7, false), (0, 3));
}

#[test]
fn d10_inventors_two_players_gain_three() {
    let mut s = scenario(&[Faction::Genies, Faction::Inventors]);
    quiet_round(&mut s);
    build(&mut s, S0, "E6", Building::House);
    build(&mut s, S1, "E7", Building::House);
    set_terrain(&mut s, "D6", Terrain::Lake);
    act(&mut s, S0, Action::Build);
    act(&mut s, S0, Action::Hex(hex("D6")));
    assert_eq!(
        player(&s, S1).bowls,
        [0, 3, 5],
        "+2 ability +1 neighbour = 3"
    );
}

#[test]
fn d11_felines_four_players_upgrade_next_to_two() {
    let mut s = scenario(&[
        Faction::Genies,
        Faction::Felines,
        Faction::Golems,
        Faction::Fairies,
    ]);
    quiet_round(&mut s);
    build(&mut s, S0, "E6", Building::House);
    build(&mut s, S1, "E7", Building::House);
    build(&mut s, S1, "E5", Building::House);
    let coins = player(&s, S1).coins;
    act(&mut s, S0, Action::Upgrade);
    act(&mut s, S0, Action::Hex(hex("E6")));
    assert_eq!(player(&s, S1).coins, coins + 1);
    assert_eq!(player(&s, S1).bowls, [0, 4, 4]);
    assert_eq!(player(&s, S0).coins, 15 - 7);
}

#[test]
fn d12_fairies_income_with_left_palace() {
    let mut s = scenario(&[Faction::Fairies, Faction::Golems]);
    build(&mut s, S0, "A3", Building::TradingPost);
    palace(&mut s, S0, "A3", PalaceSide::Left);
    give_bonus(&mut s, S0, 'A');
    set_bowls(&mut s, S0, [8, 0, 0]);
    let coins = player(&s, S0).coins;
    income(&mut s);
    assert_eq!(
        player(&s, S0).coins - coins,
        2 + 6,
        "palace 2 coins + tile 6"
    );
    assert_eq!(
        player(&s, S0).bowls,
        [3, 5, 0],
        "2 (ability) + 3 (palace) power"
    );
}

#[test]
fn d13_genies_town_on_town_round_with_t3() {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    round_tile(&mut s, RoundTrigger::Town);
    for h in ["A1", "B1"] {
        build(&mut s, S0, h, Building::TradingPost);
    }
    build(&mut s, S0, "A2", Building::House);
    build(&mut s, S0, "A4", Building::House);
    // A3 joins A2 and A4: 4 buildings... need value 7: TP, TP, H, H + new house = 7 with 5.
    set_terrain(&mut s, "A3", Terrain::Lake);
    act(&mut s, S0, Action::Build);
    act(&mut s, S0, Action::Hex(hex("A3")));
    act(&mut s, S0, Action::TownTile(TownTile(2)));
    assert_eq!(player(&s, S0).vp, 9 + 4 + 5);
}

#[test]
fn d14_value_six_palace_founds_a_separate_town_at_once() {
    let mut s = scenario(&[Faction::Golems, Faction::Fairies]);
    quiet_round(&mut s);
    build(&mut s, S0, "A1", Building::House);
    build(&mut s, S0, "A2", Building::House);
    build(&mut s, S0, "A3", Building::TradingPost);
    build(&mut s, S0, "A4", Building::TradingPost);
    build(&mut s, S0, "I1", Building::TradingPost);
    set_coins(&mut s, S0, 14);
    assert!(town_check(&mut s, S0).is_none(), "value 6 < 7");
    act(&mut s, S0, Action::Upgrade);
    act(&mut s, S0, Action::Hex(hex("I1")));
    act(&mut s, S0, Action::Palace(PalaceSide::Right));
    assert!(matches!(pending(&s), Awaiting::TownTile { .. }));
    act(&mut s, S0, Action::TownTile(TownTile(2)));
    assert_eq!(player(&s, S0).vp, 9);
    assert!(s.placed_at(hex("A1")).is_some_and(|x| x.in_town));
    assert!(!s.placed_at(hex("I1")).is_some_and(|x| x.in_town));
}

#[test]
fn d15_bonus_tile_coins_accumulate() {
    let o = Options::preset(2);
    let mut s = TerraNova::setup(&o, 3).unwrap();
    // Preset 2p: tiles A-E, C and E taken: A, B, D carry 1 coin.
    let coins = |s: &State, t: u8| {
        s.bonus_tiles()
            .iter()
            .find(|b| b.tile == BonusTile(t))
            .map(|b| b.coins)
    };
    assert_eq!(coins(&s, 0), Some(1));
    assert_eq!(coins(&s, 2), Some(0), "held");
    // Two rounds where nobody takes A: 3 coins when taken in round 3.
    for _ in 0..2 {
        let order = s.order().to_vec();
        for seat in order {
            turn(&mut s, seat);
            act(&mut s, seat, Action::Pass);
            let pick = TerraNova::legal_actions(&s, seat)
                .into_iter()
                .find(|a| *a != Action::TakeBonus(BonusTile(0)))
                .unwrap();
            act(&mut s, seat, pick);
            if TerraNova::legal_actions(&s, seat).contains(&Action::EndTurn) {
                act(&mut s, seat, Action::EndTurn);
            }
        }
        end_round_exchanges(&mut s);
    }
    assert_eq!(s.round(), 3);
    assert_eq!(coins(&s, 0), Some(3));
    let seat = s.order()[0];
    turn(&mut s, seat);
    act(&mut s, seat, Action::Pass);
    let before = player(&s, seat).coins;
    act(&mut s, seat, Action::TakeBonus(BonusTile(0)));
    assert_eq!(player(&s, seat).coins, before + 3);
}

#[test]
fn d16_trading_post_cost_next_to_a_neutral_house() {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    build(&mut s, S0, "E4", Building::House);
    neutral_house(&mut s, "E5", Terrain::Swamp);
    assert_eq!(s.trading_post_cost(S0, hex("E4")), 7);
}

#[test]
fn d17_reach_examples() {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    build(&mut s, S0, "B1", Building::House);
    for (nav, want) in [
        (0, vec!["A1", "A2"]),
        (1, vec!["A1", "A2", "A3", "C3", "D1", "D2"]),
        (2, vec!["A1", "A2", "A3", "A4", "B4", "C3", "D1", "D2"]),
    ] {
        set_navigation(&mut s, S0, nav);
        assert_eq!(names(s.reach(S0)), sorted(&want), "navigation {nav}");
    }
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    build(&mut s, S0, "E6", Building::House);
    set_navigation(&mut s, S0, 1);
    assert_eq!(
        names(s.reach(S0)),
        sorted(&["C5", "D6", "E5", "E7", "F5", "F6"])
    );
}

// ------------------------------------------------------------------ reach, bridges, bonus D

#[test]
fn reach_through_bridges_and_the_navigation_bonus_tile() {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    build(&mut s, S0, "B1", Building::House);
    assert!(s.reach(S0) & (1u128 << hex("D1").0) == 0);
    give_bonus(&mut s, S0, 'D');
    assert_eq!(
        names(s.reach(S0)),
        sorted(&["A1", "A2", "A3", "C3", "D1", "D2"]),
        "bonus tile: navigation 0 + 1"
    );
    assert_eq!(s.territory_groups(S0).len(), 1);
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    build(&mut s, S0, "B1", Building::House);
    set_bowls(&mut s, S0, [0, 0, 8]);
    act(&mut s, S0, Action::PowerAction(PowerAction(0)));
    assert_eq!(player(&s, S0).bowls, [3, 0, 5]);
    act(&mut s, S0, Action::Bridge(spot("B1", "D1")));
    assert_eq!(names(s.reach(S0)), sorted(&["A1", "A2", "D1"]));
    assert_eq!(player(&s, S0).coins, 15, "power bridge is free of coins");
}

#[test]
fn territory_uses_track_navigation_not_the_bonus() {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    build(&mut s, S0, "B1", Building::House);
    build(&mut s, S0, "D1", Building::House);
    build(&mut s, S0, "E1", Building::House);
    give_bonus(&mut s, S0, 'D');
    assert_eq!(s.territory(S0), 2, "D1-E1; B1 apart without navigation");
    set_navigation(&mut s, S0, 1);
    assert_eq!(s.territory(S0), 3);
}

// ------------------------------------------------------------------ towns: merging

#[test]
fn towns_absorb_new_buildings_and_merging_founds_nothing() {
    let mut s = scenario(&[Faction::Golems, Faction::Fairies]);
    quiet_round(&mut s);
    for h in ["A1", "A2", "A3"] {
        build(&mut s, S0, h, Building::TradingPost);
    }
    build(&mut s, S0, "B1", Building::House);
    let g = town_check(&mut s, S0).unwrap();
    found_town(&mut s, S0, g, TownTile(2));
    // The sheet holds 4 trading posts: the second town is 2 palaces and 2 houses (value 8).
    palace(&mut s, S0, "A6", PalaceSide::Left);
    palace(&mut s, S0, "A7", PalaceSide::Right);
    build(&mut s, S0, "A8", Building::House);
    build(&mut s, S0, "B8", Building::House);
    let g = town_check(&mut s, S0).unwrap();
    found_town(&mut s, S0, g, TownTile(0));
    // A4 and A5 join both towns: no new town, both keep their tiles.
    build(&mut s, S0, "A4", Building::TradingPost);
    set_terrain(&mut s, "A5", Terrain::Wasteland);
    set_coins(&mut s, S0, 4);
    act(&mut s, S0, Action::Build);
    act(&mut s, S0, Action::Hex(hex("A5")));
    assert!(!matches!(
        s.step(),
        Step::Turn {
            pending: Awaiting::TownTile { .. },
            ..
        }
    ));
    assert!(s.placed_at(hex("A5")).is_some_and(|x| x.in_town));
    assert!(s.placed_at(hex("A4")).is_some_and(|x| x.in_town));
    assert_eq!(
        player(&s, S0).town_tiles_left(),
        vec![TownTile(1), TownTile(3)]
    );
}

#[test]
fn no_town_without_a_town_tile() {
    let mut s = scenario(&[Faction::Golems, Faction::Fairies]);
    use_town_tiles(
        &mut s,
        S0,
        &[TownTile(0), TownTile(1), TownTile(2), TownTile(3)],
    );
    for h in ["A1", "A2", "A3", "A4"] {
        build(&mut s, S0, h, Building::TradingPost);
    }
    assert!(town_check(&mut s, S0).is_none());
}

#[test]
fn town_tiles_t2_and_t4() {
    let mut s = scenario(&[Faction::Golems, Faction::Fairies]);
    quiet_round(&mut s);
    // The sheet holds 4 trading posts: 3 here (value 7), 1 in the second town.
    for h in ["A1", "A2", "A3"] {
        build(&mut s, S0, h, Building::TradingPost);
    }
    build(&mut s, S0, "A4", Building::House);
    set_bowls(&mut s, S0, [2, 2, 4]);
    let g = town_check(&mut s, S0).unwrap();
    found_town(&mut s, S0, g, TownTile(1));
    assert_eq!(
        player(&s, S0).bowls,
        [0, 0, 8],
        "8 power through the cycle (2 lost)"
    );
    assert_eq!(player(&s, S0).vp, 6);
    // Palace, trading post, 2 houses: value 7.
    build(&mut s, S0, "I1", Building::Palace);
    build(&mut s, S0, "I2", Building::TradingPost);
    build(&mut s, S0, "I3", Building::House);
    build(&mut s, S0, "I4", Building::House);
    let g = town_check(&mut s, S0).unwrap();
    found_town(&mut s, S0, g, TownTile(3));
    assert_eq!(player(&s, S0).navigation, 1);
    assert_eq!(
        player(&s, S0).vp,
        6 + 4 + 2,
        "4 VP + navigation step 1 (2 VP)"
    );
}

// ------------------------------------------------------------------ faction abilities

#[test]
fn genies_left_palace_free_lake_house_anywhere() {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    quiet_round(&mut s);
    palace(&mut s, S0, "I4", PalaceSide::Left);
    let coins = player(&s, S0).coins;
    act(&mut s, S0, Action::Special(Special::GeniesLakeHouse));
    act(&mut s, S0, Action::Hex(hex("A1")));
    assert_eq!(player(&s, S0).coins, coins, "free");
    assert_eq!(player(&s, S0).houses_built, 1);
    turn(&mut s, S0);
    assert!(
        !TerraNova::legal_actions(&s, S0).contains(&Action::Special(Special::GeniesLakeHouse)),
        "once per round"
    );
    assert_eq!(
        income_of(&s, S0).1,
        2,
        "left palace +2 power (plus nothing else)"
    );
}

#[test]
fn sea_dogs_palaces_and_river_town() {
    // Left palace: +1 navigation when built.
    let mut s = scenario(&[Faction::SeaDogs, Faction::Golems]);
    round_tile(&mut s, RoundTrigger::Navigation);
    build(&mut s, S0, "I4", Building::TradingPost);
    act(&mut s, S0, Action::Upgrade);
    act(&mut s, S0, Action::Hex(hex("I4")));
    act(&mut s, S0, Action::Palace(PalaceSide::Left));
    assert_eq!(player(&s, S0).navigation, 1);
    assert_eq!(player(&s, S0).vp, 2 + 2);
    assert_eq!(income_of(&s, S0).1, 4);
    // Right palace: free house -> TP once per round.
    let mut s = scenario(&[Faction::SeaDogs, Faction::Golems]);
    quiet_round(&mut s);
    palace(&mut s, S0, "I4", PalaceSide::Right);
    build(&mut s, S0, "A1", Building::House);
    act(&mut s, S0, Action::Special(Special::SeaDogsUpgrade));
    act(&mut s, S0, Action::Hex(hex("A1")));
    assert_eq!(player(&s, S0).coins, 15);
    assert_eq!(
        s.placed_at(hex("A1")).unwrap().building,
        Building::TradingPost
    );
    // Ability: a town across one river hex (B2 touches A2 and C3... use C1/C2 around B1/D1).
    let mut s = scenario(&[Faction::SeaDogs, Faction::Golems]);
    quiet_round(&mut s);
    build(&mut s, S0, "A1", Building::TradingPost);
    build(&mut s, S0, "B1", Building::TradingPost);
    build(&mut s, S0, "D1", Building::House);
    build(&mut s, S0, "E1", Building::House);
    set_terrain(&mut s, "D2", Terrain::Lake);
    set_coins(&mut s, S0, 4);
    act(&mut s, S0, Action::Build);
    act(&mut s, S0, Action::Hex(hex("D2")));
    let Awaiting::RiverLink { options } = pending(&s) else {
        panic!("{:?}", s.step())
    };
    assert!(options.contains(&hex("C1")));
    act(&mut s, S0, Action::RiverLink(hex("C1")));
    let evs = act(&mut s, S0, Action::TownTile(TownTile(2)));
    assert!(evs
        .iter()
        .any(|e| matches!(e, Event::TownFounded { river_link: Some(h), .. } if *h == hex("C1"))));
    assert_eq!(player(&s, S0).vp, 9);
}

#[test]
fn sea_dogs_may_decline_the_river_link() {
    let mut s = scenario(&[Faction::SeaDogs, Faction::Golems]);
    quiet_round(&mut s);
    build(&mut s, S0, "A1", Building::TradingPost);
    build(&mut s, S0, "B1", Building::TradingPost);
    build(&mut s, S0, "D1", Building::House);
    build(&mut s, S0, "E1", Building::House);
    set_terrain(&mut s, "D2", Terrain::Lake);
    act(&mut s, S0, Action::Build);
    act(&mut s, S0, Action::Hex(hex("D2")));
    act(&mut s, S0, Action::Skip);
    assert!(s.placed_at(hex("A1")).is_some_and(|x| !x.in_town));
}

#[test]
fn golems_left_palace_two_spades_need_one() {
    let mut s = scenario(&[Faction::Golems, Faction::Fairies]);
    quiet_round(&mut s);
    build(&mut s, S0, "E4", Building::House);
    assert_eq!(s.spades_needed(S0, hex("E5")), 2, "Swamp -> Wasteland");
    palace(&mut s, S0, "A1", PalaceSide::Left);
    assert_eq!(s.spades_needed(S0, hex("E5")), 1);
    act(&mut s, S0, Action::Build);
    act(&mut s, S0, Action::Hex(hex("E5")));
    assert_eq!(player(&s, S0).coins, 9, "one spade");
    assert_eq!(income_of(&s, S0).1, 4);
}

#[test]
fn efrits_left_palace_edge_house_and_right_palace_pass() {
    let mut s = scenario(&[Faction::Efrits, Faction::Fairies]);
    quiet_round(&mut s);
    build(&mut s, S0, "E3", Building::TradingPost);
    act(&mut s, S0, Action::Upgrade);
    act(&mut s, S0, Action::Hex(hex("E3")));
    act(&mut s, S0, Action::Palace(PalaceSide::Left));
    assert_eq!(pending(&s), Awaiting::EdgeHouseHex);
    let coins = player(&s, S0).coins;
    act(&mut s, S0, Action::Hex(hex("I13")));
    assert_eq!(player(&s, S0).coins, coins);
    assert_eq!(s.terrain_at(hex("I13")), Some(Terrain::Wasteland));
    assert_eq!(player(&s, S0).houses_built, 1);
    // Right palace: 1 VP per hamlet with an edge building.
    let mut s = scenario(&[Faction::Efrits, Faction::Fairies]);
    quiet_round(&mut s);
    palace(&mut s, S0, "E3", PalaceSide::Right);
    build(&mut s, S0, "A1", Building::House);
    build(&mut s, S0, "A2", Building::House);
    build(&mut s, S0, "I1", Building::House);
    act(&mut s, S0, Action::Pass);
    assert_eq!(
        player(&s, S0).vp,
        2,
        "hamlets {{A1,A2}} and {{I1}} touch the edge; E3 does not"
    );
}

#[test]
fn farfadets_power_per_spade_and_left_palace() {
    let mut s = scenario(&[Faction::Farfadets, Faction::Golems]);
    quiet_round(&mut s);
    build(&mut s, S0, "E5", Building::House);
    set_bowls(&mut s, S0, [8, 0, 0]);
    act(&mut s, S0, Action::Build);
    act(&mut s, S0, Action::Hex(hex("E4")));
    assert_eq!(
        player(&s, S0).bowls,
        [6, 2, 0],
        "Lake -> Swamp: 1 spade, +2 power"
    );
    let mut s = scenario(&[Faction::Farfadets, Faction::Golems]);
    quiet_round(&mut s);
    build(&mut s, S0, "E5", Building::TradingPost);
    set_bowls(&mut s, S0, [8, 0, 0]);
    act(&mut s, S0, Action::Upgrade);
    act(&mut s, S0, Action::Hex(hex("E5")));
    act(&mut s, S0, Action::Palace(PalaceSide::Left));
    assert_eq!(player(&s, S0).bowls, [2, 6, 0], "+6 power when built");
    assert_eq!(income_of(&s, S0), (5, 2));
}

#[test]
fn inventors_palaces() {
    let mut s = scenario(&[Faction::Inventors, Faction::Golems, Faction::Fairies]);
    round_tile(&mut s, RoundTrigger::TradingPost);
    palace(&mut s, S0, "E5", PalaceSide::Left);
    palace(&mut s, S0, "A1", PalaceSide::Right);
    set_bowls(&mut s, S0, [0, 0, 8]);
    build(&mut s, S1, "D3", Building::House);
    act(&mut s, S0, Action::Special(Special::InventorsTradingPost));
    act(&mut s, S0, Action::Hex(hex("E4")));
    assert_eq!(s.terrain_at(hex("E4")), Some(Terrain::Swamp));
    assert_eq!(
        s.placed_at(hex("E4")).unwrap().building,
        Building::TradingPost
    );
    assert_eq!(
        player(&s, S0).vp,
        3,
        "counts as an upgrade to TP for the round tile"
    );
    assert_eq!(player(&s, S1).bowls, [1, 3, 4], "neighbour power");
    assert_eq!(player(&s, S0).houses_built, 0);
    // Usable again the same round.
    set_bowls(&mut s, S0, [0, 0, 8]);
    turn(&mut s, S0);
    assert!(
        TerraNova::legal_actions(&s, S0).contains(&Action::Special(Special::InventorsTradingPost))
    );
    // Right palace: +2 VP per house built; 3 players: +1 power when others build.
    let mut s = scenario(&[Faction::Inventors, Faction::Golems, Faction::Fairies]);
    quiet_round(&mut s);
    palace(&mut s, S0, "E5", PalaceSide::Right);
    act(&mut s, S0, Action::Build);
    act(&mut s, S0, Action::Hex(hex("E4")));
    act(&mut s, S0, Action::BuildHouse(hex("E4")));
    assert_eq!(player(&s, S0).vp, 2);
    build(&mut s, S1, "I1", Building::House);
    set_bowls(&mut s, S0, [8, 0, 0]);
    set_bowls(&mut s, S1, [0, 0, 8]);
    set_coins(&mut s, S1, 20);
    turn(&mut s, S1);
    act(&mut s, S1, Action::Build);
    act(&mut s, S1, Action::Hex(hex("I2")));
    act(&mut s, S1, Action::BuildHouse(hex("I2")));
    assert_eq!(player(&s, S0).bowls, [7, 1, 0], "+1 (3 players)");
}

#[test]
fn inventors_and_felines_gain_after_passing() {
    let mut s = scenario(&[Faction::Genies, Faction::Inventors, Faction::Felines]);
    quiet_round(&mut s);
    set_passed(&mut s, S1);
    set_passed(&mut s, S2);
    build(&mut s, S0, "E4", Building::House);
    build(&mut s, S0, "E6", Building::House);
    set_bowls(&mut s, S1, [8, 0, 0]);
    set_terrain(&mut s, "D6", Terrain::Lake);
    act(&mut s, S0, Action::Build);
    act(&mut s, S0, Action::Hex(hex("D6")));
    assert_eq!(player(&s, S1).bowls, [7, 1, 0]);
    turn(&mut s, S0);
    let coins = player(&s, S2).coins;
    act(&mut s, S0, Action::Upgrade);
    act(&mut s, S0, Action::Hex(hex("E4")));
    assert_eq!(player(&s, S2).coins, coins + 1);
}

#[test]
fn fairies_left_palace_spade_power_action() {
    let mut s = scenario(&[Faction::Fairies, Faction::Golems]);
    quiet_round(&mut s);
    palace(&mut s, S0, "A3", PalaceSide::Left);
    act(&mut s, S0, Action::Special(Special::FairiesSpade));
    assert_eq!(player(&s, S0).bowls, [4, 2, 2], "2 power");
    act(&mut s, S0, Action::Hex(hex("A2")));
    assert_eq!(s.terrain_at(hex("A2")), Some(Terrain::Forest));
    act(&mut s, S0, Action::BuildHouse(hex("A2")));
    assert_eq!(player(&s, S0).coins, 11);
}

#[test]
fn druids_exchange_and_palaces() {
    let mut s = scenario(&[Faction::Druids, Faction::Golems]);
    quiet_round(&mut s);
    set_bowls(&mut s, S0, [0, 1, 7]);
    act(&mut s, S0, Action::ConvertPowerToVp);
    act(&mut s, S0, Action::ConvertPowerToVp);
    assert_eq!(player(&s, S0).vp, 4);
    assert_eq!(player(&s, S0).bowls, [6, 1, 1]);
    assert!(!TerraNova::legal_actions(&s, S0).contains(&Action::ConvertPowerToVp));
    // Right palace: +3 VP per house -> TP.
    palace(&mut s, S0, "A3", PalaceSide::Right);
    build(&mut s, S0, "A1", Building::House);
    act(&mut s, S0, Action::Upgrade);
    act(&mut s, S0, Action::Hex(hex("A1")));
    assert_eq!(player(&s, S0).vp, 4 + 3);
    // Left palace: +2 power per hamlet when passing (A1-A3 are 2 hamlets: A1, A3).
    palace(&mut s, S0, "A4", PalaceSide::Left); // joins A3's hamlet
    set_bowls(&mut s, S0, [8, 0, 0]);
    turn(&mut s, S0);
    act(&mut s, S0, Action::Pass);
    assert_eq!(player(&s, S0).bowls, [4, 4, 0]);
    assert_eq!(income_of(&s, S0).1, 4 + 1, "palace 4 + TP slot 1");
}

/// The Druides' left palace: +2 power per hamlet when passing, so one hamlet gives 2 and
/// three give 6 (two hamlets would give 4 whether the rule multiplies or adds).
#[test]
fn druids_left_palace_two_power_per_hamlet_when_passing() {
    for (houses, power) in [(&[][..], 2u8), (&["A1", "I1"][..], 6)] {
        let mut s = scenario(&[Faction::Druids, Faction::Golems]);
        quiet_round(&mut s);
        palace(&mut s, S0, "A4", PalaceSide::Left);
        for h in houses {
            build(&mut s, S0, h, Building::House);
        }
        set_bowls(&mut s, S0, [8, 0, 0]);
        turn(&mut s, S0);
        act(&mut s, S0, Action::Pass);
        assert_eq!(
            player(&s, S0).bowls,
            [8 - power, power, 0],
            "{} hamlets",
            houses.len() + 1
        );
    }
}

#[test]
fn desert_sisters_third_house_and_left_palace() {
    let mut o = Options::standard(2);
    o.factions = agora_engine::terra_nova::FactionSetup::Fixed(vec![
        Faction::DesertSisters,
        Faction::Golems,
    ]);
    let mut s = TerraNova::setup(&o, 5).unwrap();
    let mut placed = vec![];
    while let Step::InitialHouses { .. } = s.step() {
        let seat = TerraNova::to_act(&s).iter().next().unwrap();
        let a = TerraNova::legal_actions(&s, seat)[0].clone();
        placed.push(seat);
        act(&mut s, seat, a);
    }
    assert_eq!(placed, vec![S0, S1, S1, S0, S0]);
    assert_eq!(player(&s, S0).houses_built, 3);
    // Left palace: free transform of a directly adjacent hex, optional house for 4.
    let mut s = scenario(&[Faction::DesertSisters, Faction::Golems]);
    quiet_round(&mut s);
    palace(&mut s, S0, "E8", PalaceSide::Left);
    act(&mut s, S0, Action::Special(Special::SistersTransform));
    let legal = TerraNova::legal_actions(&s, S0);
    assert!(legal.contains(&Action::Hex(hex("E7"))));
    assert!(
        !legal.contains(&Action::Hex(hex("G8"))),
        "not across a river"
    );
    act(&mut s, S0, Action::Hex(hex("E7")));
    assert_eq!(player(&s, S0).coins, 15);
    act(&mut s, S0, Action::BuildHouse(hex("E7")));
    assert_eq!(player(&s, S0).coins, 11);
}

#[test]
fn felines_palaces() {
    let mut s = scenario(&[Faction::Felines, Faction::Golems]);
    quiet_round(&mut s);
    palace(&mut s, S0, "I3", PalaceSide::Left);
    build(&mut s, S0, "E8", Building::House);
    build(&mut s, S0, "A5", Building::House);
    build(&mut s, S1, "E7", Building::House);
    assert_eq!(s.trading_post_cost(S0, hex("E8")), 5);
    assert_eq!(s.trading_post_cost(S0, hex("A5")), 7);
    // Right palace: +1 VP per own building not next to a river hex. Beside a river: A2 (B2)
    // and E8 (E9). Dry: I3, A5, A1. Three dry against two wet, so the count says which.
    palace(&mut s, S0, "A2", PalaceSide::Right);
    build(&mut s, S0, "A1", Building::House);
    act(&mut s, S0, Action::Pass);
    assert_eq!(player(&s, S0).vp, 3, "I3, A5 and A1; not A2 nor E8");
}

#[test]
fn value_six_right_palaces_on_side_a() {
    for f in [
        Faction::Genies,
        Faction::Golems,
        Faction::Farfadets,
        Faction::Fairies,
        Faction::DesertSisters,
    ] {
        let partner = if f == Faction::Fairies {
            Faction::Golems
        } else {
            Faction::Druids
        };
        let mut s = scenario(&[f, partner]);
        assert_eq!(s.town_threshold(S0), 7);
        palace(&mut s, S0, "A1", PalaceSide::Right);
        assert_eq!(s.town_threshold(S0), 6, "{f:?}");
    }
    let mut s = scenario(&[Faction::Efrits, Faction::Druids]);
    palace(&mut s, S0, "A1", PalaceSide::Right);
    assert_eq!(s.town_threshold(S0), 7);
}

// ------------------------------------------------------------------ passing, rounds, end

#[test]
fn round_five_pass_keeps_the_tile_and_ends_the_game() {
    let mut s = scenario(&[Faction::Golems, Faction::Fairies]);
    set_round(&mut s, 5);
    quiet_round(&mut s);
    build(&mut s, S0, "I1", Building::House);
    build(&mut s, S1, "A3", Building::House);
    give_bonus(&mut s, S0, 'F');
    give_bonus(&mut s, S1, 'A');
    set_start_player(&mut s, S1);
    act(&mut s, S0, Action::Pass);
    assert_eq!(s.start_player(), S1, "no start-player token in round 5");
    assert_eq!(
        player(&s, S0).bonus,
        Some(BonusTile(5)),
        "no swap in round 5 (A9)"
    );
    assert_eq!(player(&s, S0).vp, 1, "F: 1 VP per house");
    if TerraNova::legal_actions(&s, S0).contains(&Action::EndTurn) {
        act(&mut s, S0, Action::EndTurn);
    }
    turn(&mut s, S1);
    act(&mut s, S1, Action::Pass);
    if TerraNova::legal_actions(&s, S1).contains(&Action::EndTurn) {
        act(&mut s, S1, Action::EndTurn);
    }
    // Final exchange: each seat with bowl III power decides; "done" converts the rest.
    for seat in [S0, S1] {
        assert!(matches!(s.step(), Step::FinalExchange { .. }));
        assert_eq!(TerraNova::to_act(&s).iter().collect::<Vec<_>>(), vec![seat]);
        act(&mut s, seat, Action::EndTurn);
    }
    assert_eq!(*s.step(), Step::GameOver);
    let out = TerraNova::outcome(&s).expect("outcome");
    assert_eq!(out.standings.len(), 2);
    // Wealth: 15 coins + 4 power -> 19 -> 6 VP; territory 1 each -> 10 each.
    assert_eq!(out.standings[0].score, 1 + 6 + 10);
    assert!(TerraNova::legal_actions(&s, S0).is_empty());
    assert_eq!(
        TerraNova::apply(&mut s, S0, &Action::Pass)
            .unwrap_err()
            .code,
        "GAME_OVER"
    );
}

#[test]
fn refused_actions_leave_the_state_untouched() {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    build(&mut s, S0, "E4", Building::House);
    let before = s.clone();
    for (seat, a, code) in [
        (S1, Action::Pass, "NOT_YOUR_TURN"),
        (S0, Action::Hex(hex("E3")), "UNEXPECTED_DECISION"),
        (S0, Action::ExchangePower(5), "NOT_ENOUGH_POWER"),
        (S0, Action::ConvertPowerToVp, "NOT_DRUIDS"),
        (
            S0,
            Action::Special(Special::GeniesLakeHouse),
            "ACTION_NOT_POSSIBLE",
        ),
        (
            S0,
            Action::ChooseFaction(Faction::Druids),
            "UNEXPECTED_DECISION",
        ),
    ] {
        let e = TerraNova::apply(&mut s, seat, &a).unwrap_err();
        assert_eq!(e.code, code, "{a:?}");
        assert!(!e.message.is_empty());
        assert!(s == before);
    }
    use_power_action(&mut s, PowerAction(3));
    let e = TerraNova::apply(&mut s, S0, &Action::PowerAction(PowerAction(3))).unwrap_err();
    assert_eq!(e.code, "POWER_ACTION_USED");
    act(&mut s, S0, Action::Build);
    let before = s.clone();
    let e = TerraNova::apply(&mut s, S0, &Action::Hex(hex("A1"))).unwrap_err();
    assert_eq!(e.code, "HEX_NOT_ALLOWED");
    let e = TerraNova::apply(&mut s, S0, &Action::Hex(hex("D4"))).unwrap_err();
    assert_eq!(e.code, "NOT_LAND");
    assert!(s == before);
}

#[test]
fn exchange_before_and_after_the_action() {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    quiet_round(&mut s);
    set_bowls(&mut s, S0, [0, 0, 8]);
    act(&mut s, S0, Action::ExchangePower(1));
    assert_eq!(player(&s, S0).coins, 16);
    act(&mut s, S0, Action::PowerAction(PowerAction(3)));
    assert_eq!(player(&s, S0).coins, 23);
    assert_eq!(pending(&s), Awaiting::AfterAction);
    act(&mut s, S0, Action::ExchangePower(3));
    assert_eq!(player(&s, S0).coins, 26);
    assert_eq!(player(&s, S0).bowls, [8, 0, 0]);
    act(&mut s, S0, Action::EndTurn);
    assert_eq!(s.turn_seat(), Some(S1));
    // With bowl III empty after the action, the turn ends at once.
    act(&mut s, S1, Action::ExchangePower(4));
    act(&mut s, S1, Action::AdvanceNavigation);
    assert_eq!(s.turn_seat(), Some(S0));
}

#[test]
fn phase_three_power_exchange_before_the_next_income() {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    set_bowls(&mut s, S0, [0, 0, 8]);
    set_bowls(&mut s, S1, [8, 0, 0]);
    pass_all_keep_exchange(&mut s);
    let Step::RoundEndExchange { .. } = s.step() else {
        panic!("{:?}", s.step())
    };
    assert_eq!(
        TerraNova::to_act(&s).iter().next(),
        Some(S0),
        "only seats with bowl III power"
    );
    let coins = player(&s, S0).coins;
    act(&mut s, S0, Action::ExchangePower(8));
    assert_eq!(player(&s, S0).coins, coins + 8);
    act(&mut s, S0, Action::EndTurn);
    assert_eq!(s.round(), 2);
    assert_eq!(
        player(&s, S0).bowls[2],
        0,
        "income power moved I -> II only"
    );
}

fn pass_all_keep_exchange(s: &mut State) {
    for seat in s.order().to_vec() {
        turn(s, seat);
        act(s, seat, Action::Pass);
        if let Some(Action::TakeBonus(t)) = TerraNova::legal_actions(s, seat).first().cloned() {
            act(s, seat, Action::TakeBonus(t));
        }
        if TerraNova::legal_actions(s, seat).contains(&Action::EndTurn) {
            act(s, seat, Action::EndTurn);
        }
    }
}

#[test]
fn two_spade_power_action_on_two_hexes_with_one_house() {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    round_tile(&mut s, RoundTrigger::Spade);
    build(&mut s, S0, "E6", Building::House);
    set_bowls(&mut s, S0, [0, 2, 6]);
    act(&mut s, S0, Action::PowerAction(PowerAction(5)));
    act(&mut s, S0, Action::Hex(hex("E5")));
    act(&mut s, S0, Action::Hex(hex("E7")));
    assert_eq!(s.terrain_at(hex("E5")), Some(Terrain::Lake));
    assert_eq!(s.terrain_at(hex("E7")), Some(Terrain::Lake));
    assert_eq!(player(&s, S0).vp, 4);
    let legal = TerraNova::legal_actions(&s, S0);
    assert!(
        legal.contains(&Action::BuildHouse(hex("E5")))
            && legal.contains(&Action::BuildHouse(hex("E7")))
    );
    act(&mut s, S0, Action::BuildHouse(hex("E7")));
    assert_eq!(player(&s, S0).houses_built, 2);
    assert_eq!(player(&s, S0).coins, 11);
}

#[test]
fn two_player_variants_place_neutral_houses() {
    let s = TerraNova::setup(&Options::two_player(NeutralVariant::Planner), 9).unwrap();
    assert!(matches!(s.step(), Step::PlannerNeutral { next: S0 }));
    let t = s.neutral_terrain().unwrap();
    let mut s = s;
    for seat in [S0, S1] {
        let a = TerraNova::legal_actions(&s, seat)[0].clone();
        act(&mut s, seat, a);
    }
    assert!(matches!(s.step(), Step::FactionDraft { .. }));
    let legal = TerraNova::legal_actions(&s, S0);
    assert!(legal.iter().all(|a| match a {
        Action::ChooseSheet(home) => *home != t,
        _ => false,
    }));
    assert_eq!(legal.len(), 4, "5 sheets, the neutral colour's is out");
    // Random variant: a neutral decision before round 1's income.
    let mut o = Options::two_player(NeutralVariant::Random);
    o.factions =
        agora_engine::terra_nova::FactionSetup::Fixed(vec![Faction::Genies, Faction::Golems]);
    let mut s = TerraNova::setup(&o, 2).unwrap();
    play_first_until(&mut s, |s| {
        matches!(s.step(), Step::RandomNeutral { .. } | Step::Turn { .. })
    });
    let Step::RandomNeutral { terrain, .. } = s.step().clone() else {
        panic!()
    };
    assert!(![Terrain::Lake, Terrain::Wasteland].contains(&terrain));
    let seat = TerraNova::to_act(&s).iter().next().unwrap();
    let Action::Hex(h) = TerraNova::legal_actions(&s, seat)[0].clone() else {
        panic!()
    };
    act(&mut s, seat, Action::Hex(h));
    assert_eq!(s.placed_at(h).unwrap().owner, Owner::Neutral(terrain));
    let _: Hex = h;
    let _ = S3;
}

/// A 2-player random-variant game (Genies, Golems; seed 2) one decision before round 1
/// starts, with that decision: it draws the round's neutral colours.
fn before_round_one_draw() -> (State, Seat, Action) {
    let mut o = Options::two_player(NeutralVariant::Random);
    o.factions =
        agora_engine::terra_nova::FactionSetup::Fixed(vec![Faction::Genies, Faction::Golems]);
    let mut s = TerraNova::setup(&o, 2).unwrap();
    loop {
        let seat = TerraNova::to_act(&s).iter().next().unwrap();
        let a = TerraNova::legal_actions(&s, seat)[0].clone();
        let mut t = s.clone();
        act(&mut t, seat, a.clone());
        if matches!(t.step(), Step::RandomNeutral { .. }) {
            return (s, seat, a);
        }
        s = t;
    }
}

/// Random variant, round 1: the start player draws a colour and places its neutral house,
/// then the other player does the same; the third colour is not drawn.
#[test]
fn random_variant_each_player_places_one_neutral_house() {
    let (mut s, seat, last) = before_round_one_draw();
    act(&mut s, seat, last);
    let mut placers = vec![];
    while let Step::RandomNeutral { .. } = s.step() {
        let seat = TerraNova::to_act(&s).iter().next().unwrap();
        placers.push(seat);
        let a = TerraNova::legal_actions(&s, seat)[0].clone();
        act(&mut s, seat, a);
    }
    assert_eq!(placers.len(), 2, "two colours placed, the third not drawn");
    assert_ne!(placers[0], placers[1], "one each");
    assert_eq!(placers[0], s.start_player());
    assert!(matches!(s.step(), Step::Turn { .. }));
}

/// Random variant: the start player draws one of the 3 colours nobody plays, then the other
/// player one of the 2 left; the last colour is not drawn. A colour with no free symbol hex
/// is discarded and the next player draws: with no free symbol at all, exactly two colours
/// are drawn and discarded, and the round goes on to income.
#[test]
fn random_variant_two_draws_even_when_both_are_discarded() {
    let (mut s, seat, last) = before_round_one_draw();
    for t in [
        Terrain::Lake,
        Terrain::Forest,
        Terrain::Wasteland,
        Terrain::Desert,
        Terrain::Swamp,
    ] {
        let other = if t == Terrain::Lake {
            Terrain::Forest
        } else {
            Terrain::Lake
        };
        for h in tables().map.symbols[t.index()].clone() {
            set_terrain(&mut s, &h.to_string(), other);
        }
    }
    let events = act(&mut s, seat, last);
    let discarded = events
        .iter()
        .filter(|e| matches!(e, Event::NeutralHouseDiscarded { .. }))
        .count();
    assert_eq!(discarded, 2, "{events:?}");
    assert!(matches!(s.step(), Step::Turn { .. }), "{:?}", s.step());
}

/// Random neutral variant (§4.13): each round starts with a colour drawn at random. The
/// draw moves the game's random stream (`randomness_drawn`: a replay or an undo must know
/// that chance was involved), and a determinized copy of the game (what a searching bot may
/// look at) draws from a stream of its own, so it cannot foresee the real colour.
#[test]
fn random_neutral_draw_moves_the_stream_and_cannot_be_foreseen() {
    let (s, seat, last) = before_round_one_draw();
    let before = TerraNova::randomness_drawn(&s);
    let mut real = s.clone();
    act(&mut real, seat, last.clone());
    assert!(
        TerraNova::randomness_drawn(&real) > before,
        "a colour was drawn"
    );
    let outcomes: std::collections::BTreeSet<String> = (0..8)
        .map(|k| {
            let mut d = TerraNova::determinize(&s, S1, &mut agora_engine::GameRng::seeded(k));
            act(&mut d, seat, last.clone());
            format!("{:?}", d.step())
        })
        .collect();
    assert!(
        outcomes.len() > 1,
        "eight determinizations all drew the same colour: {outcomes:?}"
    );
}

/// A seat whose time runs out is passed for (`Game::pass`) only where the rules have a pass:
/// choosing its first bonus tile at setup is a choice, not a pass, so nothing is offered
/// there, though the same `TakeBonus` is what a passing seat is given later.
#[test]
fn no_pass_is_offered_for_the_setup_bonus_tile() {
    let mut s = TerraNova::setup(&Options::standard(2), 3).unwrap();
    play_first_until(&mut s, |s| matches!(s.step(), Step::BonusDraft { .. }));
    let seat = TerraNova::to_act(&s).iter().next().unwrap();
    assert!(matches!(
        TerraNova::legal_actions(&s, seat)[0],
        Action::TakeBonus(_)
    ));
    assert_eq!(TerraNova::pass(&s, seat), None);
}

/// Initial houses (§3) go on free hexes of the player's home terrain: the first house may go
/// on any of them (the board has 16 Lake and Forest hexes, 15 of the others, §6.2), the
/// second on any but the first one's.
#[test]
fn initial_houses_go_on_free_home_hexes() {
    let count = |t: Terrain| match t {
        Terrain::Lake | Terrain::Forest => 16,
        _ => 15,
    };
    let mut o = Options::standard(2);
    o.factions =
        agora_engine::terra_nova::FactionSetup::Fixed(vec![Faction::Genies, Faction::Golems]);
    let mut s = TerraNova::setup(&o, 4).unwrap();
    let mut placed = 0;
    while let Step::InitialHouses { .. } = s.step() {
        let seat = TerraNova::to_act(&s).iter().next().unwrap();
        let home = player(&s, seat).home().unwrap();
        let legal = TerraNova::legal_actions(&s, seat);
        let mine = s
            .players()
            .get(seat.index())
            .map_or(0, |p| p.houses_built as usize);
        assert_eq!(legal.len(), count(home) - mine, "{seat} on {home:?}");
        for a in &legal {
            let Action::Hex(h) = a else { panic!("{a:?}") };
            assert_eq!(s.terrain_at(*h), Some(home));
            assert!(s.placed_at(*h).is_none());
        }
        act(&mut s, seat, legal[0].clone());
        placed += 1;
    }
    assert_eq!(placed, 4);
}

/// Setup 4 (§3): shuffle the 8 bonus tiles and reveal players + 3 of them (2p: 5, 3p: 6,
/// 4p: 7), all different.
#[test]
fn setup_reveals_players_plus_three_bonus_tiles() {
    for (players, revealed) in [(2u8, 5usize), (3, 6), (4, 7)] {
        for seed in 0..5 {
            let s = TerraNova::setup(&Options::standard(players), seed).unwrap();
            let tiles: std::collections::BTreeSet<_> =
                s.bonus_tiles().iter().map(|b| b.tile).collect();
            assert_eq!(s.bonus_tiles().len(), revealed, "{players} players");
            assert_eq!(tiles.len(), revealed, "all different");
        }
    }
}

/// Options the rules do not allow are refused at setup, each with the sentence saying why.
#[test]
fn setup_refuses_options_outside_the_rules() {
    let refused = |o: Options| TerraNova::setup(&o, 1).map(|_| ()).unwrap_err().0;
    let players = "Terra Nova is played by 2 to 4 players.";
    assert_eq!(refused(Options::standard(1)), players);
    assert_eq!(refused(Options::standard(5)), players);
    let mut o = Options::two_player(NeutralVariant::Planner);
    o.players = 3;
    assert_eq!(refused(o), "The neutral-house variants are for 2 players.");
    let mut o = Options::standard(2);
    o.board = Options::two_player(NeutralVariant::Random).board;
    assert_eq!(
        refused(o),
        "The 2-player board side is used exactly with a neutral-house variant."
    );
    let mut o = Options::two_player(NeutralVariant::Random);
    o.first_game_preset = true;
    assert_eq!(
        refused(o),
        "The first-game presets use the standard board without neutral houses."
    );
    let mut o = Options::standard(3);
    o.factions =
        agora_engine::terra_nova::FactionSetup::Fixed(vec![Faction::Genies, Faction::Golems]);
    assert_eq!(refused(o), "Give exactly one faction per seat.");
    let colour = |f: Faction| tables().faction(f).colour;
    let twin = Faction::ALL
        .into_iter()
        .find(|f| *f != Faction::Genies && colour(*f) == colour(Faction::Genies))
        .expect("each sheet has two sides");
    let mut o = Options::standard(2);
    o.factions = agora_engine::terra_nova::FactionSetup::Fixed(vec![Faction::Genies, twin]);
    assert_eq!(
        refused(o),
        "Two factions of the same sheet (colour) cannot both play."
    );
}

/// Planner variant (§4.13): each player puts one neutral house on a symbol hex of the
/// neutral colour at setup; in phase 3 of round 3 only, the two remaining symbol hexes
/// get one each.
#[test]
fn planner_variant_fills_the_last_two_symbols_at_the_end_of_round_three_only() {
    let mut s = TerraNova::setup(&Options::two_player(NeutralVariant::Planner), 9).unwrap();
    let t = s.neutral_terrain().unwrap();
    let symbols = tables().map.symbols[t.index()].clone();
    assert_eq!(symbols.len(), 4);
    let neutral = |s: &State| {
        symbols
            .iter()
            .filter(|h| {
                s.placed_at(**h)
                    .is_some_and(|p| p.owner == Owner::Neutral(t))
            })
            .count()
    };
    play_first_until(&mut s, |s| matches!(s.step(), Step::Turn { .. }));
    for round in 1..=3 {
        assert_eq!(s.round(), round);
        assert_eq!(
            neutral(&s),
            2,
            "one per player at setup, until round 3 ends"
        );
        let order = s.order().to_vec();
        pass_all(&mut s, &order);
    }
    assert_eq!(s.round(), 4);
    assert_eq!(neutral(&s), 4, "the two remaining symbol hexes");
}

/// A13: a house-symbol hex is free for a neutral house when it has no building and still
/// shows the symbol's terrain; one taken by a building, or transformed, is not.
#[test]
fn a13_a_symbol_hex_built_on_or_transformed_is_not_free() {
    let mut s = TerraNova::setup(&Options::two_player(NeutralVariant::Planner), 9).unwrap();
    let t = Terrain::Lake;
    let symbols = tables().map.symbols[t.index()].clone();
    assert!(symbols.len() >= 3);
    let mask = |hs: &[Hex]| hs.iter().fold(0u128, |m, h| m | 1u128 << h.0);
    assert_eq!(s.free_symbols(t), mask(&symbols), "all free at setup");
    neutral_house(&mut s, &symbols[0].to_string(), Terrain::Lake);
    set_terrain(&mut s, &symbols[1].to_string(), Terrain::Forest);
    assert_eq!(
        s.free_symbols(t),
        mask(&symbols[2..]),
        "{} is built on, {} is a forest now",
        symbols[0],
        symbols[1]
    );
}

// ------------------------------------------------------------------ A6 switch

#[test]
fn a6_bridges_global_or_owner_only() {
    use agora_engine::terra_nova::map::{bridge_counts, BRIDGES_ARE_GLOBAL};
    assert!(bridge_counts(S1, S0, true) && bridge_counts(S0, S0, false));
    assert!(!bridge_counts(S1, S0, false));
    // Seat 1 owns the bridge B1-D1; seat 0 has a house on B1, D1 is free.
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    build(&mut s, S0, "B1", Building::House);
    bridge(&mut s, S1, spot("B1", "D1"));
    let d1 = 1u128 << hex("D1").0;
    assert_ne!(s.adjacent_with(hex("B1"), S0, true) & d1, 0);
    assert_eq!(s.adjacent_with(hex("B1"), S0, false) & d1, 0);
    assert_ne!(s.adjacent_with(hex("B1"), S1, false) & d1, 0, "owner");
    assert_eq!(names(s.reach_with(S0, true)), sorted(&["A1", "A2", "D1"]));
    assert_eq!(names(s.reach_with(S0, false)), sorted(&["A1", "A2"]));
    assert_eq!(s.reach(S0), s.reach_with(S0, BRIDGES_ARE_GLOBAL));
    // Territory / hamlets / towns: seat 0 on both ends of seat 1's bridge (hand-built).
    build(&mut s, S0, "A1", Building::House);
    build(&mut s, S0, "A2", Building::TradingPost);
    set_bowls(&mut s, S0, [8, 0, 0]);
    build(&mut s, S0, "D1", Building::TradingPost);
    let b1 = 1u128 << hex("B1").0;
    build(&mut s, S0, "B1", Building::TradingPost);
    assert_eq!(s.town_groups_with(S0, true).len(), 1);
    let owner_only = s.town_groups_with(S0, false);
    assert_eq!(owner_only.len(), 2);
    assert!(owner_only.contains(&d1));
    assert_eq!(s.hamlets_with(S0, true).len(), 1);
    assert_eq!(s.hamlets_with(S0, false).len(), 2);
    assert_eq!(s.territory_groups_with(S0, true).len(), 1);
    assert_eq!(s.territory_groups_with(S0, false).len(), 2);
    assert!(owner_only
        .iter()
        .any(|g| g & b1 != 0 && g.count_ones() == 3));
    // Seat 0's own bridge counts in both readings.
    bridge(&mut s, S0, spot("B1", "D1"));
    assert_eq!(s.town_groups_with(S0, false).len(), 1);
    assert_eq!(s.territory_groups_with(S0, false).len(), 1);
    // Trading-post cost seen from the upgrading seat: seat 1's bridge makes seat 0's house on
    // B1 next to seat 1's house on D1 only when bridges are global.
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    build(&mut s, S0, "B1", Building::House);
    build(&mut s, S1, "D1", Building::House);
    bridge(&mut s, S1, spot("B1", "D1"));
    assert_eq!(
        s.trading_post_cost(S0, hex("B1")),
        if BRIDGES_ARE_GLOBAL { 7 } else { 10 }
    );
}

// ------------------------------------------------------------------ towns for every seat

/// After an action, every seat's groups are checked (§4.4), not only the acting seat's. In
/// legal play a bridge always has one end on its builder's building, so this state (seat 1's
/// qualifying group without a town) is hand-built; the check must still found it, with seat 1
/// choosing its own tile, after the acting seat's own town.
#[test]
fn towns_are_checked_for_every_seat_after_an_action() {
    let mut s = scenario(&[Faction::Genies, Faction::Golems, Faction::Fairies]);
    quiet_round(&mut s);
    // Seat 0: W10's bridge town.
    build(&mut s, S0, "A1", Building::House);
    build(&mut s, S0, "A2", Building::TradingPost);
    build(&mut s, S0, "B1", Building::TradingPost);
    build(&mut s, S0, "D1", Building::TradingPost);
    // Seat 2: a qualifying group (4 buildings, value 7) without a town.
    build(&mut s, S2, "I1", Building::House);
    build(&mut s, S2, "I2", Building::House);
    build(&mut s, S2, "I3", Building::TradingPost);
    palace(&mut s, S2, "I4", PalaceSide::Left);
    set_coins(&mut s, S0, 12);
    set_bowls(&mut s, S0, [4, 0, 4]);
    let (coins2, vp2) = (player(&s, S2).coins, player(&s, S2).vp);
    act(&mut s, S0, Action::BuildBridge);
    act(&mut s, S0, Action::Bridge(spot("B1", "D1")));
    // The acting seat's own town first.
    assert!(matches!(
        pending(&s),
        Awaiting::TownTile { owner: None, .. }
    ));
    act(&mut s, S0, Action::TownTile(TownTile(0)));
    // Then seat 2 decides its own tile, during seat 0's turn.
    assert_eq!(s.turn_seat(), Some(S0));
    assert!(matches!(
        pending(&s),
        Awaiting::TownTile {
            owner: Some(S2),
            ..
        }
    ));
    assert_eq!(TerraNova::to_act(&s).iter().collect::<Vec<_>>(), vec![S2]);
    assert!(TerraNova::legal_actions(&s, S0).is_empty());
    assert_eq!(
        TerraNova::legal_actions(&s, S2),
        (0..4)
            .map(|t| Action::TownTile(TownTile(t)))
            .collect::<Vec<_>>()
    );
    let before = s.clone();
    let e = TerraNova::apply(&mut s, S0, &Action::TownTile(TownTile(1))).unwrap_err();
    assert_eq!(e.code, "NOT_YOUR_TURN");
    assert!(s == before);
    let ev = act(&mut s, S2, Action::TownTile(TownTile(0)));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::TownFounded { seat, .. } if *seat == S2)));
    assert_eq!(player(&s, S2).coins, coins2 + 6, "T1 goes to seat 2");
    assert_eq!(player(&s, S2).vp, vp2 + 5);
    assert_eq!(player(&s, S2).town_tiles_left().len(), 3);
    assert_eq!(player(&s, S0).town_tiles_left().len(), 3);
    assert!(s.placed_at(hex("I4")).is_some_and(|x| x.in_town));
    // Seat 0's turn resumes: exchange after the action, then seat 1.
    assert_eq!(pending(&s), Awaiting::AfterAction);
    assert_eq!(TerraNova::to_act(&s).iter().collect::<Vec<_>>(), vec![S0]);
    act(&mut s, S0, Action::EndTurn);
    assert_eq!(s.turn_seat(), Some(S1));
    assert!(matches!(pending(&s), Awaiting::Main));
}

// ------------------------------------------------------------------ final wealth exchange

/// Ends round 5: every seat passes (no exchange after passing).
fn finish_round_five(s: &mut State) {
    for seat in s.order().to_vec() {
        turn(s, seat);
        act(s, seat, Action::Pass);
        if TerraNova::legal_actions(s, seat).contains(&Action::EndTurn) {
            act(s, seat, Action::EndTurn);
        }
    }
}

#[test]
fn final_wealth_exchange_is_each_seats_decision() {
    let mut s = scenario(&[Faction::Druids, Faction::Golems, Faction::Genies]);
    set_round(&mut s, 5);
    quiet_round(&mut s);
    set_order(&mut s, &[S1, S2, S0]);
    for (seat, h) in [(S0, "A3"), (S1, "A1"), (S2, "I1")] {
        build(&mut s, seat, h, Building::House);
    }
    // D9: Druides, bowl III 7, 2 coins. D8: bowl III 3, 14 coins. Seat 2: nothing in III.
    set_bowls(&mut s, S0, [1, 0, 7]);
    set_coins(&mut s, S0, 2);
    set_bowls(&mut s, S1, [5, 0, 3]);
    set_coins(&mut s, S1, 14);
    set_bowls(&mut s, S2, [8, 0, 0]);
    set_coins(&mut s, S2, 5);
    finish_round_five(&mut s);
    let vp_before: Vec<i32> = s.players().iter().map(|p| p.vp).collect();
    // Turn order of round 5: seat 1 first; seat 2 (bowl III empty) is not asked.
    assert!(matches!(s.step(), Step::FinalExchange { .. }));
    assert_eq!(TerraNova::to_act(&s).iter().collect::<Vec<_>>(), vec![S1]);
    assert_eq!(
        TerraNova::legal_actions(&s, S1),
        vec![
            Action::ExchangePower(1),
            Action::ExchangePower(2),
            Action::ExchangePower(3),
            Action::EndTurn
        ]
    );
    assert!(TerraNova::legal_actions(&s, S0).is_empty());
    let e = TerraNova::apply(&mut s, S1, &Action::ConvertPowerToVp).unwrap_err();
    assert_eq!(e.code, "NOT_DRUIDS");
    let e = TerraNova::apply(&mut s, S1, &Action::Pass).unwrap_err();
    assert_eq!(e.code, "UNEXPECTED_DECISION");
    act(&mut s, S1, Action::ExchangePower(1));
    assert_eq!(player(&s, S1).coins, 15);
    act(&mut s, S1, Action::EndTurn);
    assert_eq!(
        player(&s, S1).coins,
        17,
        "done turns the rest of bowl III into coins"
    );
    assert_eq!(player(&s, S1).bowls, [8, 0, 0]);
    // The Druides choose their conversions (D9's best: twice 3 -> 2 VP, then 1 coin).
    assert_eq!(TerraNova::to_act(&s).iter().collect::<Vec<_>>(), vec![S0]);
    let legal = TerraNova::legal_actions(&s, S0);
    assert_eq!(legal.len(), 7 + 2);
    assert!(legal.contains(&Action::ConvertPowerToVp) && legal.contains(&Action::EndTurn));
    act(&mut s, S0, Action::ConvertPowerToVp);
    act(&mut s, S0, Action::ConvertPowerToVp);
    assert!(!TerraNova::legal_actions(&s, S0).contains(&Action::ConvertPowerToVp));
    act(&mut s, S0, Action::EndTurn);
    assert_eq!(*s.step(), Step::GameOver);
    let out = TerraNova::outcome(&s).expect("outcome");
    let wealth_of = |seat: Seat| wealth_vp(&out, seat);
    assert_eq!(wealth_of(S0), Some(5), "D9: 4 VP + 3 coins -> 1 VP");
    assert_eq!(wealth(2, 7, true).1, 5, "the best choice");
    assert_eq!(wealth_of(S1), Some(5), "D8: 17 coins -> 5 VP");
    assert_eq!(wealth_of(S2), Some(1), "5 coins -> 1 VP");
    assert_eq!(
        player(&s, S0).vp,
        vp_before[0] + 5 + 8,
        "territory tie 12/8/4 -> 8 each"
    );

    // The same position, Druides finishing at once: 9 coins -> 3 VP (a worse choice).
    let mut s = scenario(&[Faction::Druids, Faction::Golems]);
    set_round(&mut s, 5);
    quiet_round(&mut s);
    set_bowls(&mut s, S0, [1, 0, 7]);
    set_coins(&mut s, S0, 2);
    set_bowls(&mut s, S1, [8, 0, 0]);
    set_vp(&mut s, S0, 20);
    finish_round_five(&mut s);
    act(&mut s, S0, Action::EndTurn);
    assert_eq!(*s.step(), Step::GameOver);
    let out = TerraNova::outcome(&s).expect("outcome");
    assert_eq!(
        wealth_vp(&out, S0),
        Some(3),
        "wealth counts only the final exchange, not the 20 VP scored before"
    );
}

/// A seat that exchanged all of bowl III in the final exchange and says it is done gets
/// nothing more: no exchange of zero tokens appears in the events.
#[test]
fn done_with_an_empty_bowl_three_exchanges_nothing() {
    let mut s = scenario(&[Faction::Golems, Faction::Genies]);
    set_round(&mut s, 5);
    quiet_round(&mut s);
    set_bowls(&mut s, S0, [5, 0, 3]);
    set_bowls(&mut s, S1, [8, 0, 0]);
    finish_round_five(&mut s);
    assert!(matches!(s.step(), Step::FinalExchange { .. }));
    act(&mut s, S0, Action::ExchangePower(3));
    let events = act(&mut s, S0, Action::EndTurn);
    assert!(
        !events.iter().any(|e| matches!(
            e,
            Event::Gained {
                reason: agora_engine::terra_nova::Reason::Exchange,
                ..
            }
        )),
        "{events:?}"
    );
    assert_eq!(*s.step(), Step::GameOver);
}

fn wealth_vp(out: &agora_engine::Outcome, seat: Seat) -> Option<i32> {
    out.standings
        .iter()
        .find(|st| st.seat == seat)
        .and_then(|st| st.breakdown.iter().find(|(k, _)| k == "wealth"))
        .map(|(_, v)| *v)
}

// ------------------------------------------------------------------ power exchange moments

fn exchanges_listed(s: &State, seat: Seat) -> (usize, bool) {
    let legal = TerraNova::legal_actions(s, seat);
    (
        legal
            .iter()
            .filter(|a| matches!(a, Action::ExchangePower(_)))
            .count(),
        legal.contains(&Action::ConvertPowerToVp),
    )
}

/// §4.2 / seed p. 9: before or after one's action (also Pass), never during it, never on
/// another seat's turn; phase 3; game end. The Druides' 3 -> 2 VP at the same moments.
#[test]
fn power_exchange_offered_before_and_after_the_action_never_during() {
    let mut s = scenario(&[Faction::Druids, Faction::Golems]);
    quiet_round(&mut s);
    build(&mut s, S0, "E4", Building::House);
    set_bowls(&mut s, S0, [0, 1, 7]);
    set_coins(&mut s, S0, 10);
    // Before the action.
    assert!(s.exchange_moment(S0) && !s.exchange_moment(S1));
    assert_eq!(exchanges_listed(&s, S0), (7, true));
    act(&mut s, S0, Action::ConvertPowerToVp);
    assert_eq!(player(&s, S0).vp, 2);
    assert_eq!(exchanges_listed(&s, S0), (4, true));
    // During the action: not offered, refused with a reason, state untouched.
    act(&mut s, S0, Action::Build);
    assert_eq!(exchanges_listed(&s, S0), (0, false));
    let before = s.clone();
    for a in [Action::ExchangePower(1), Action::ConvertPowerToVp] {
        let e = TerraNova::apply(&mut s, S0, &a).unwrap_err();
        assert_eq!(e.code, "EXCHANGE_NOT_NOW", "{a:?}");
        assert!(s == before);
    }
    act(&mut s, S0, Action::Hex(hex("E3")));
    assert_eq!(player(&s, S0).coins, 4, "1 spade");
    assert!(matches!(pending(&s), Awaiting::BuildOn { .. }));
    assert_eq!(exchanges_listed(&s, S0), (0, false));
    act(&mut s, S0, Action::BuildHouse(hex("E3")));
    // After the action.
    assert_eq!(pending(&s), Awaiting::AfterAction);
    assert_eq!(exchanges_listed(&s, S0), (4, true));
    act(&mut s, S0, Action::ExchangePower(1));
    assert_eq!(player(&s, S0).coins, 1);
    act(&mut s, S0, Action::EndTurn);
    // Another seat's turn: nothing for seat 0.
    assert_eq!(s.turn_seat(), Some(S1));
    assert!(!s.exchange_moment(S0));
    assert!(TerraNova::legal_actions(&s, S0).is_empty());
    assert_eq!(
        TerraNova::apply(&mut s, S0, &Action::ExchangePower(1))
            .unwrap_err()
            .code,
        "NOT_YOUR_TURN"
    );
    act(&mut s, S1, Action::Pass);
    if let Some(Action::TakeBonus(t)) = TerraNova::legal_actions(&s, S1).first().cloned() {
        act(&mut s, S1, Action::TakeBonus(t));
    }
    act(&mut s, S1, Action::EndTurn);
    // Passing: the bonus swap is part of the action; the exchange comes after it.
    act(&mut s, S0, Action::Pass);
    assert_eq!(pending(&s), Awaiting::PassBonus);
    assert_eq!(exchanges_listed(&s, S0), (0, false));
    let Some(Action::TakeBonus(t)) = TerraNova::legal_actions(&s, S0).first().cloned() else {
        panic!("a bonus tile to take")
    };
    act(&mut s, S0, Action::TakeBonus(t));
    assert_eq!(pending(&s), Awaiting::AfterAction);
    assert_eq!(exchanges_listed(&s, S0), (3, true));
    act(&mut s, S0, Action::EndTurn);
    // Phase 3.
    assert!(matches!(s.step(), Step::RoundEndExchange { .. }));
    assert_eq!(TerraNova::to_act(&s).iter().next(), Some(S0));
    assert_eq!(exchanges_listed(&s, S0), (3, true));
    act(&mut s, S0, Action::ConvertPowerToVp);
    assert_eq!(player(&s, S0).vp, 4);
}

/// Issue 18, read from the French setup: « Dans l'ordre du tour (en commençant par le premier
/// joueur puis dans le sens horaire), choisissez une fiche de faction » and only later, in
/// the personal setup, « Choisissez le côté A ou B de votre fiche de faction ». Every seat
/// takes a sheet first; then, again in turn order, each chooses the side of its own sheet.
#[test]
fn faction_sheet_first_then_side_in_turn_order() {
    let mut s = TerraNova::setup(&Options::standard(3), 4).unwrap();
    let sheets = |s: &State, seat| TerraNova::legal_actions(s, seat);
    assert_eq!(
        TerraNova::view(&s, agora_engine::Viewer::Spectator).pending,
        agora_engine::terra_nova::Pending::ChooseSheet
    );
    assert_eq!(sheets(&s, S0).len(), 5, "one sheet per colour");
    assert!(sheets(&s, S0)
        .iter()
        .all(|a| matches!(a, Action::ChooseSheet(_))));
    let e = TerraNova::apply(&mut s, S0, &Action::ChooseFaction(Faction::Genies)).unwrap_err();
    assert_eq!(e.code, "UNEXPECTED_DECISION", "no side before the sheet");
    act(&mut s, S0, Action::ChooseSheet(Terrain::Lake));
    assert!(!sheets(&s, S1).contains(&Action::ChooseSheet(Terrain::Lake)));
    let e = TerraNova::apply(&mut s, S1, &Action::ChooseSheet(Terrain::Lake)).unwrap_err();
    assert_eq!(e.code, "FACTION_UNAVAILABLE");
    act(&mut s, S1, Action::ChooseSheet(Terrain::Desert));
    // Seat 0 has a sheet but no side yet: seat 2 chooses a sheet knowing no side.
    assert!(player(&s, S0).faction.is_none());
    act(&mut s, S2, Action::ChooseSheet(Terrain::Swamp));
    assert_eq!(
        TerraNova::view(&s, agora_engine::Viewer::Spectator).pending,
        agora_engine::terra_nova::Pending::ChooseFaction
    );
    // Seat 0 (first player) chooses first, between the two sides of the Lake sheet.
    let lake_sides: Vec<Action> = Faction::ALL
        .iter()
        .filter(|f| tables().faction(**f).home == Terrain::Lake)
        .map(|f| Action::ChooseFaction(*f))
        .collect();
    assert_eq!(lake_sides.len(), 2);
    assert_eq!(TerraNova::to_act(&s), agora_engine::SeatSet::only(S0));
    assert_eq!(sheets(&s, S0), lake_sides);
    let desert = Faction::ALL
        .into_iter()
        .find(|f| tables().faction(*f).home == Terrain::Desert)
        .unwrap();
    let e = TerraNova::apply(&mut s, S0, &Action::ChooseFaction(desert)).unwrap_err();
    assert_eq!(
        e.code, "FACTION_UNAVAILABLE",
        "not a side of the Lake sheet"
    );
    let Action::ChooseFaction(lake) = lake_sides[1].clone() else {
        unreachable!()
    };
    act(&mut s, S0, Action::ChooseFaction(lake));
    assert_eq!(player(&s, S0).faction, Some(lake));
    for seat in [S1, S2] {
        let side = sheets(&s, seat)[0].clone();
        act(&mut s, seat, side);
    }
    assert!(matches!(s.step(), Step::InitialHouses { index: 0 }));
}

/// Félins, 2 players: « Chaque fois qu'une autre faction améliore un bâtiment ... gagnez
/// immédiatement 1 pièce (3-4 joueurs) ou 2 pièces (2 joueurs). La règle Gagner du Pouvoir
/// grâce aux autres joueurs p. 7 s'applique toujours. » An upgrade next to two Félins houses
/// gives them 2 coins and 2 power.
#[test]
fn felines_two_players_upgrade_next_to_two() {
    let mut s = scenario(&[Faction::Genies, Faction::Felines]);
    quiet_round(&mut s);
    build(&mut s, S0, "E6", Building::House);
    build(&mut s, S1, "E7", Building::House);
    build(&mut s, S1, "E5", Building::House);
    let coins = player(&s, S1).coins;
    let bowls = player(&s, S1).bowls;
    act(&mut s, S0, Action::Upgrade);
    let ev = act(&mut s, S0, Action::Hex(hex("E6")));
    assert_eq!(player(&s, S1).coins, coins + 2, "2 coins with 2 players");
    // Both players see the coins-only gain (no power, no VP) as an event.
    assert!(
        ev.contains(&Event::Gained {
            seat: S1,
            coins: 2,
            power: 0,
            vp: 0,
            reason: agora_engine::terra_nova::Reason::FactionAbility,
        }),
        "{ev:?}"
    );
    // And the power-only gain from the two neighbouring houses.
    assert!(
        ev.contains(&Event::Gained {
            seat: S1,
            coins: 0,
            power: 2,
            vp: 0,
            reason: agora_engine::terra_nova::Reason::Neighbour,
        }),
        "{ev:?}"
    );
    assert_eq!(
        player(&s, S1).bowls.iter().map(|&b| b as u32).sum::<u32>(),
        bowls.iter().map(|&b| b as u32).sum::<u32>(),
        "power moves between bowls, none is created"
    );
    assert_ne!(player(&s, S1).bowls, bowls, "2 neighbour power gained");
}

/// Inventeurs, 2 players: « Chaque fois qu'une autre faction construit une maison (où que ce
/// soit ...), gagnez immédiatement 1 pouvoir (3-4 joueurs) ou 2 pouvoir (2 joueurs). » A
/// house far from every Inventeurs building still gives them 2 power.
#[test]
fn inventors_two_players_gain_two_power_for_a_far_house() {
    let mut s = scenario(&[Faction::Genies, Faction::Inventors]);
    quiet_round(&mut s);
    build(&mut s, S0, "E4", Building::House);
    build(&mut s, S0, "E6", Building::House);
    set_bowls(&mut s, S1, [5, 3, 0]);
    set_terrain(&mut s, "D6", Terrain::Lake);
    act(&mut s, S0, Action::Build);
    act(&mut s, S0, Action::Hex(hex("D6")));
    assert_eq!(
        player(&s, S1).bowls,
        [3, 5, 0],
        "2 power: bowl I to bowl II"
    );
}

// ------------------------------------------------------------------ map.rs (session 14)

/// « Deux cases Terrain (ou bâtiments) sont adjacentes lorsqu'elles partagent une arête
/// commune ou qu'elles sont reliées par un pont » (A6: any player's bridge): a bridge joins its two ends both ways, and nothing else. Every bridge
/// spot is tried from each end, then an unrelated hex keeps only its own neighbours. Kills
/// map.rs 76:34 (`*a == h` -> `!=`) and 77:29 (`|=` -> `&=`), which lost one direction.
#[test]
fn a_bridge_joins_its_two_ends_both_ways_and_nothing_else() {
    use agora_engine::terra_nova::map::{bit, neighbours};
    let spots = tables().map.bridge_spots.clone();
    assert!(!spots.is_empty());
    for (i, &(a, b)) in spots.iter().enumerate() {
        let mut s = scenario(&[Faction::Genies, Faction::Golems]);
        bridge(&mut s, S1, BridgeSpot(i as u8));
        assert_eq!(s.adjacent(a, S0), neighbours(a) | bit(b), "{a} -> {b}");
        assert_eq!(s.adjacent(b, S0), neighbours(b) | bit(a), "{b} -> {a}");
        for other in hexes(neighbours(a) | neighbours(b)) {
            assert_eq!(s.adjacent(other, S0), neighbours(other), "{other}");
        }
    }
}

/// Every printed bridge spot joins two land hexes across the river that are not direct
/// neighbours (a bridge over nothing would change no adjacency). This is why map.rs 93:23
/// (`neighbours | bridge partners` -> `^`) is equivalent: the two sets never share a hex.
#[test]
fn bridge_spots_join_land_hexes_that_are_not_neighbours() {
    use agora_engine::terra_nova::map::{bit, neighbours};
    let map = &tables().map;
    for &(a, b) in &map.bridge_spots {
        assert_ne!(map.land & bit(a), 0, "{a}");
        assert_ne!(map.land & bit(b), 0, "{b}");
        assert_eq!(neighbours(a) & bit(b), 0, "{a} {b}");
    }
}
