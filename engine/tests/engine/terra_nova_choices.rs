//! Terra Nova: which choices the rules offer, with the book's numbers (issue 18, session 10).
//! Each test was written for a rule mistake that the mutation run of `effects.rs`,
//! `actions.rs` and `towns.rs` planted and that no earlier test noticed (engine/MUTANTS.md
//! lists them): a free Sisters transform across a bridge, a bridge spot far from one's
//! buildings, a second free spade out of reach, a third palace, a special action with its
//! building used up, a Chiens de Mer river link joining buildings far from it, and so on.

use agora_engine::terra_nova::map::{bit, hexes};
use agora_engine::terra_nova::testing::{
    bridge, build, hex, palace, quiet_round, scenario, set_bowls, set_coins, set_navigation,
    set_order, set_terrain, town_check, turn,
};
use agora_engine::terra_nova::{
    Action, Awaiting, Building, Event, Faction, PalaceSide, PowerAction, Special, State, TerraNova,
    Terrain, TownTile,
};
use agora_engine::{Game, Seat};

use super::terra_nova_common::{act, pending, spot};

const S0: Seat = Seat(0);
const S1: Seat = Seat(1);
const S2: Seat = Seat(2);

fn transformed(ev: &[Event]) -> Vec<(Terrain, Terrain)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Transformed { from, to, .. } => Some((*from, *to)),
            _ => None,
        })
        .collect()
}

/// The hexes offered to `seat` now, by name, sorted.
fn hexes_offered(s: &State, seat: Seat) -> Vec<String> {
    let mut v: Vec<String> = TerraNova::legal_actions(s, seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::Hex(h) => Some(h.to_string()),
            _ => None,
        })
        .collect();
    v.sort();
    v
}

// ------------------------------------------------------------------ Sœurs du Désert

/// Sœurs du Désert, left palace: « rendre habitable une case Terrain adjacente située sur le
/// même continent – ce qui exclut de fait toute case située au-delà d'une rivière, même reliée
/// par un pont. » Palace on E8 (Desert), own bridge E8-G8: G8 is within reach but across the
/// river, so the free transform offers only E7 (Swamp) and D7 (Lake) — no river hex, not the
/// bridged G8.
#[test]
fn sisters_transform_only_next_door_on_the_same_continent_not_across_a_bridge() {
    let mut s = scenario(&[Faction::DesertSisters, Faction::Golems]);
    quiet_round(&mut s);
    palace(&mut s, S0, "E8", PalaceSide::Left);
    bridge(&mut s, S0, spot("E8", "G8"));
    assert_ne!(s.reach(S0) & bit(hex("G8")), 0);
    act(&mut s, S0, Action::Special(Special::SistersTransform));
    assert_eq!(hexes_offered(&s, S0), vec!["D7", "E7"]);
}

/// The same action is the left palace's: with only a house on E8 the Sœurs are not offered it
/// (E7 and D7 are next door all the same).
#[test]
fn sisters_transform_needs_the_left_palace() {
    let mut s = scenario(&[Faction::DesertSisters, Faction::Golems]);
    quiet_round(&mut s);
    build(&mut s, S0, "E8", Building::House);
    let legal = TerraNova::legal_actions(&s, S0);
    assert!(
        !legal.contains(&Action::Special(Special::SistersTransform)),
        "{legal:?}"
    );
    palace(&mut s, S0, "A5", PalaceSide::Left);
    assert!(TerraNova::legal_actions(&s, S0).contains(&Action::Special(Special::SistersTransform)));
}

// ------------------------------------------------------------------ bridges

/// « placez-le sur un emplacement de pont libre [...] adjacent à une case Terrain déjà occupée
/// par l'un de vos bâtiments. » Génies house on E8: of the 29 spots only E8-G8 and D9-E8
/// touch it; the Golems' house on G4 gives the Génies no spot there.
#[test]
fn bridge_spots_only_next_to_own_buildings() {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    quiet_round(&mut s);
    build(&mut s, S0, "E8", Building::House);
    build(&mut s, S1, "G4", Building::House);
    set_coins(&mut s, S0, 10);
    act(&mut s, S0, Action::BuildBridge);
    let mut offered = TerraNova::legal_actions(&s, S0);
    offered.sort_by_key(|a| format!("{a:?}"));
    let mut expected = vec![
        Action::Bridge(spot("E8", "G8")),
        Action::Bridge(spot("D9", "E8")),
    ];
    expected.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(offered, expected);
}

// ------------------------------------------------------------------ power actions

/// « Rendre habitable et Construire avec 1 pelle gratuite [...] terrain qui vous demande 2
/// pelles, vous pouvez payer la seconde pelle pour 6 pièces. » Génies (Lake) on E6 with
/// exactly 6 coins: D6 (Wasteland, 2 spades) is offered, the bought spade costs the 6 coins.
/// With 5 coins it is not offered.
#[test]
fn one_free_spade_power_action_buys_the_second_spade_for_six_coins() {
    for (money, offered) in [(6, true), (5, false)] {
        let mut s = scenario(&[Faction::Genies, Faction::Golems]);
        quiet_round(&mut s);
        build(&mut s, S0, "E6", Building::House);
        set_bowls(&mut s, S0, [0, 4, 4]);
        set_coins(&mut s, S0, money);
        assert_eq!(s.spades_needed(S0, hex("D6")), 2);
        act(&mut s, S0, Action::PowerAction(PowerAction(4)));
        let hexes = hexes_offered(&s, S0);
        assert_eq!(
            hexes.contains(&"D6".to_string()),
            offered,
            "{money}: {hexes:?}"
        );
        assert!(hexes.contains(&"E5".to_string()), "1 spade, free");
        if offered {
            act(&mut s, S0, Action::Hex(hex("D6")));
            assert_eq!(s.terrain_at(hex("D6")), Some(Terrain::Lake));
            assert_eq!(s.players()[0].coins, 0, "the second spade: 6 coins");
        }
    }
}

/// « Dépensez 4 pouvoir pour augmenter votre valeur de navigation de 1 »: offered below the
/// end of the track (navigation 0 -> 1: 2 VP), not at its end (4).
#[test]
fn navigation_power_action_only_below_the_end_of_the_track() {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    quiet_round(&mut s);
    set_bowls(&mut s, S0, [0, 4, 4]);
    let nav = Action::PowerAction(PowerAction(2));
    act(&mut s, S0, nav.clone());
    assert_eq!(s.players()[0].navigation, 1);
    assert_eq!(s.players()[0].vp, 2);
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    set_bowls(&mut s, S0, [0, 4, 4]);
    set_navigation(&mut s, S0, 3);
    assert!(TerraNova::legal_actions(&s, S0).contains(&nav), "3 -> 4");
    set_navigation(&mut s, S0, 4);
    assert!(
        !TerraNova::legal_actions(&s, S0).contains(&nav),
        "end of the track"
    );
}

// ------------------------------------------------------------------ buildings used up

/// « vous pouvez choisir librement l'un de vos deux palais »: with both palaces built, a
/// trading post cannot become a third one, even with 14 coins.
#[test]
fn no_third_palace() {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    quiet_round(&mut s);
    palace(&mut s, S0, "A1", PalaceSide::Left);
    build(&mut s, S0, "I4", Building::TradingPost);
    set_coins(&mut s, S0, 30);
    assert!(TerraNova::legal_actions(&s, S0).contains(&Action::Upgrade));
    palace(&mut s, S0, "A4", PalaceSide::Right);
    assert!(
        !TerraNova::legal_actions(&s, S0).contains(&Action::Upgrade),
        "both palaces built"
    );
}

/// The specials that place a building take it from the sheet: Génies (free lake house) with
/// their 8 houses built, Chiens de Mer (free trading post) and Inventeurs (6-power trading
/// post) with their 4 trading posts built are not offered their special.
#[test]
fn specials_need_a_building_left_on_the_sheet() {
    let spare = ["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8"];
    // Génies: a free house on any lake, but no house left.
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    quiet_round(&mut s);
    palace(&mut s, S0, "I4", PalaceSide::Left);
    for h in &spare[..7] {
        build(&mut s, S0, h, Building::House);
    }
    let genies = Action::Special(Special::GeniesLakeHouse);
    assert!(
        TerraNova::legal_actions(&s, S0).contains(&genies),
        "7 built"
    );
    build(&mut s, S0, spare[7], Building::House);
    assert!(
        !TerraNova::legal_actions(&s, S0).contains(&genies),
        "8 built"
    );
    // Chiens de Mer: a free house -> trading post, but no trading post left.
    let mut s = scenario(&[Faction::SeaDogs, Faction::Golems]);
    quiet_round(&mut s);
    palace(&mut s, S0, "I4", PalaceSide::Right);
    build(&mut s, S0, "E1", Building::House);
    for h in &spare[..3] {
        build(&mut s, S0, h, Building::TradingPost);
    }
    let dogs = Action::Special(Special::SeaDogsUpgrade);
    assert!(TerraNova::legal_actions(&s, S0).contains(&dogs), "3 built");
    build(&mut s, S0, spare[3], Building::TradingPost);
    assert!(!TerraNova::legal_actions(&s, S0).contains(&dogs), "4 built");
    // Inventeurs: 6 power for a trading post, but no trading post left.
    let mut s = scenario(&[Faction::Inventors, Faction::Golems]);
    quiet_round(&mut s);
    palace(&mut s, S0, "E5", PalaceSide::Left);
    set_bowls(&mut s, S0, [0, 0, 8]);
    for h in &spare[..3] {
        build(&mut s, S0, h, Building::TradingPost);
    }
    let inventors = Action::Special(Special::InventorsTradingPost);
    assert!(
        TerraNova::legal_actions(&s, S0).contains(&inventors),
        "3 built"
    );
    build(&mut s, S0, spare[3], Building::TradingPost);
    assert!(
        !TerraNova::legal_actions(&s, S0).contains(&inventors),
        "4 built"
    );
}

// ------------------------------------------------------------------ two free spades

/// « Les deux cases Terrain doivent être à portée de vos bâtiments avant que vous ne
/// commenciez à résoudre cette action. » Génies (Lake) house on E6, Fées house on F6
/// (Forest, 1 spade, but taken): after E5 the second free spade may go on E7 only — not on
/// the Golems' hex, not on A3 (Forest) or A8 (Swamp), 1 spade each but far away.
#[test]
fn second_free_spade_only_on_a_free_hex_in_reach() {
    let mut s = scenario(&[Faction::Genies, Faction::Fairies]);
    quiet_round(&mut s);
    build(&mut s, S0, "E6", Building::House);
    build(&mut s, S1, "F6", Building::House);
    set_bowls(&mut s, S0, [0, 2, 6]);
    for h in ["E5", "E7", "F6", "A3", "A8"] {
        assert_eq!(s.spades_needed(S0, hex(h)), 1, "{h}");
    }
    act(&mut s, S0, Action::PowerAction(PowerAction(5)));
    act(&mut s, S0, Action::Hex(hex("E5")));
    assert!(matches!(pending(&s), Awaiting::SecondSpadeHex { .. }));
    assert_eq!(hexes_offered(&s, S0), vec!["E7"]);
}

// ------------------------------------------------------------------ towns of other seats

/// Town check for every seat after an action (rules page §4.4, A6), in turn order after the
/// acting seat. 3 players, order 0-1-2; seats 0 and 2 each have 4 adjacent buildings of value
/// 7 without a town (house, house, trading post, palace). Seat 1 advances its navigation:
/// seat 2 chooses its town tile first, then seat 0, then seat 1's turn goes on.
#[test]
fn other_seats_found_their_towns_in_turn_order_after_the_acting_seat() {
    let mut s = scenario(&[Faction::Genies, Faction::Golems, Faction::Fairies]);
    quiet_round(&mut s);
    set_order(&mut s, &[S0, S1, S2]);
    for (seat, row) in [(S0, "A"), (S2, "I")] {
        build(&mut s, seat, &format!("{row}1"), Building::House);
        build(&mut s, seat, &format!("{row}2"), Building::House);
        build(&mut s, seat, &format!("{row}3"), Building::TradingPost);
        palace(&mut s, seat, &format!("{row}4"), PalaceSide::Left);
    }
    turn(&mut s, S1);
    set_coins(&mut s, S1, 8);
    act(&mut s, S1, Action::AdvanceNavigation);
    let owner = |s: &State| match pending(s) {
        Awaiting::TownTile { owner, .. } => owner,
        other => panic!("no town tile to choose: {other:?}"),
    };
    assert_eq!(owner(&s), Some(S2), "seat 2 comes first after seat 1");
    act(&mut s, S2, Action::TownTile(TownTile(0)));
    assert_eq!(owner(&s), Some(S0), "then seat 0");
    act(&mut s, S0, Action::TownTile(TownTile(1)));
    assert_eq!(s.turn_seat(), Some(S1));
    for h in ["A4", "I4"] {
        assert!(s.placed_at(hex(h)).is_some_and(|p| p.in_town), "{h}");
    }
}

// ------------------------------------------------------------------ Druides, right palace

/// Druides, right palace: « marquez 3 points à chaque fois que vous améliorez une maison en
/// comptoir. » Only theirs: the Golems' upgrade (10 coins, no neighbour) and the Druides'
/// without that palace score nothing.
#[test]
fn three_vp_per_trading_post_only_for_the_druides_right_palace() {
    for (faction, right_palace, vp) in [
        (Faction::Golems, false, 0),
        (Faction::Druids, false, 0),
        (Faction::Druids, true, 3),
    ] {
        let mut s = scenario(&[faction, Faction::Genies]);
        quiet_round(&mut s);
        if right_palace {
            palace(&mut s, S0, "I4", PalaceSide::Right);
        }
        build(&mut s, S0, "A1", Building::House);
        set_coins(&mut s, S0, 10);
        act(&mut s, S0, Action::Upgrade);
        act(&mut s, S0, Action::Hex(hex("A1")));
        assert_eq!(s.players()[0].coins, 0, "{faction:?}");
        assert_eq!(
            s.players()[0].vp,
            vp,
            "{faction:?} right palace {right_palace}"
        );
    }
}

// ------------------------------------------------------------------ free buildings, terrain

/// Éfrits, left palace: « vous pouvez immédiatement rendre une case Terrain de bord de plateau
/// habitable et y construire une maison, et tout ceci gratuitement. » I12 (Forest, on the
/// edge) becomes Wasteland under the house; I13, already Wasteland, is not transformed
/// again.
#[test]
fn efrits_edge_house_makes_the_hex_wasteland_when_it_is_not() {
    for (edge, from) in [("I12", Some(Terrain::Forest)), ("I13", None)] {
        let mut s = scenario(&[Faction::Efrits, Faction::Fairies]);
        quiet_round(&mut s);
        build(&mut s, S0, "E3", Building::TradingPost);
        act(&mut s, S0, Action::Upgrade);
        act(&mut s, S0, Action::Hex(hex("E3")));
        act(&mut s, S0, Action::Palace(PalaceSide::Left));
        assert_eq!(pending(&s), Awaiting::EdgeHouseHex);
        let coins = s.players()[0].coins;
        let ev = act(&mut s, S0, Action::Hex(hex(edge)));
        assert_eq!(s.terrain_at(hex(edge)), Some(Terrain::Wasteland), "{edge}");
        assert_eq!(
            s.placed_at(hex(edge)).map(|p| p.building),
            Some(Building::House)
        );
        assert_eq!(s.players()[0].coins, coins, "free");
        let expected: Vec<(Terrain, Terrain)> =
            from.map(|f| (f, Terrain::Wasteland)).into_iter().collect();
        assert_eq!(transformed(&ev), expected, "{edge}");
    }
}

/// Inventeurs, left palace: « Vous n'êtes pas obligé d'utiliser l'effet de transformation qui
/// vous est offert : vous avez le droit de choisir une case déjà habitable pour construire. »
/// The trading post on E4, already Swamp, transforms nothing.
#[test]
fn inventors_trading_post_on_a_habitable_hex_transforms_nothing() {
    let mut s = scenario(&[Faction::Inventors, Faction::Golems]);
    quiet_round(&mut s);
    palace(&mut s, S0, "E5", PalaceSide::Left);
    set_terrain(&mut s, "E4", Terrain::Swamp);
    set_bowls(&mut s, S0, [0, 0, 8]);
    act(&mut s, S0, Action::Special(Special::InventorsTradingPost));
    let ev = act(&mut s, S0, Action::Hex(hex("E4")));
    assert_eq!(
        s.placed_at(hex("E4")).map(|p| p.building),
        Some(Building::TradingPost)
    );
    assert_eq!(s.players()[0].bowls, [6, 0, 2], "6 power");
    assert_eq!(transformed(&ev), vec![], "already habitable");
}

// ------------------------------------------------------------------ Chiens de Mer, river towns

/// Chiens de Mer: « Vous pouvez fonder des villes de part et d'autre d'une case de rivière sans
/// devoir construire un pont. » The river hex C1 joins the buildings on its two banks (A1, B1
/// | D1, E1, town founded with 9 VP) and nothing else: a later group of 4 buildings of value 7
/// far from C1 (I1-I4) is a group of its own and founds a second town.
#[test]
fn sea_dogs_river_link_joins_only_the_buildings_beside_it() {
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
    act(&mut s, S0, Action::RiverLink(hex("C1")));
    act(&mut s, S0, Action::TownTile(TownTile(2)));
    assert!(s.placed_at(hex("E1")).is_some_and(|p| p.in_town));
    build(&mut s, S0, "I1", Building::House);
    build(&mut s, S0, "I2", Building::House);
    build(&mut s, S0, "I3", Building::TradingPost);
    palace(&mut s, S0, "I4", PalaceSide::Left);
    let group = town_check(&mut s, S0).expect("a second town");
    let mut names: Vec<String> = hexes(group).map(|h| h.to_string()).collect();
    names.sort();
    assert_eq!(names, vec!["I1", "I2", "I3", "I4"]);
    assert!(s.placed_at(hex("I1")).is_some_and(|p| !p.in_town));
}

/// The Chiens de Mer's river link joins the groups on the banks of one river hex, as many as
/// touch it: trading posts A1 and B1, trading post C3, house D1 are three groups (no two of
/// them a town: 3 buildings at most), and only the river hex C2 touches all three (4 buildings,
/// value 2 + 2 + 2 + 1 = 7); C1 touches two. So C2 is the one river link offered. Another
/// faction with the same buildings founds no town across a river: the ability is the
/// Chiens de Mer's.
#[test]
fn sea_dogs_river_link_across_three_groups() {
    for (faction, offered) in [
        (Faction::SeaDogs, vec![hex("C2")]),
        (Faction::Golems, vec![]),
    ] {
        let mut s = scenario(&[faction, Faction::Fairies]);
        quiet_round(&mut s);
        build(&mut s, S0, "A1", Building::TradingPost);
        build(&mut s, S0, "B1", Building::TradingPost);
        build(&mut s, S0, "C3", Building::TradingPost);
        build(&mut s, S0, "D1", Building::House);
        assert_eq!(s.town_groups(S0).len(), 3, "{faction:?}");
        assert_eq!(s.river_link_options(S0), offered, "{faction:?}");
    }
}
