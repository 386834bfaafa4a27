//! Terra Nova rule mistakes named by issue 18, each as a scenario with the book's numbers and
//! the French sentence that decides it (the French text wins): neighbour power across a
//! bridge, the Inventeurs' trading post that is not spades, no bought spade with the
//! two-spade power action.

use agora_engine::terra_nova::data::RoundTrigger;
use agora_engine::terra_nova::map::{bit, neighbours};
use agora_engine::terra_nova::testing::{
    bridge, build, hex, palace, quiet_round, round_tile, scenario, set_bowls, set_coins,
};
use agora_engine::terra_nova::{
    Action, Awaiting, Building, Event, Faction, PalaceSide, PowerAction, Special, State, Step,
    TerraNova, Terrain,
};
use agora_engine::{Game, Seat};

use super::terra_nova_common::{act, spot};

const S0: Seat = Seat(0);
const S1: Seat = Seat(1);

fn bowls(s: &State, seat: Seat) -> [u8; 3] {
    s.players()[seat.index()].bowls
}

fn coins(s: &State, seat: Seat) -> u32 {
    s.players()[seat.index()].coins
}

// ------------------------------------------------------------------ neighbour power, bridges

/// Génies (seat 0) own building on `ours`, Golems (seat 1) house on D1 across the river: B1
/// and D1 share no edge, the bridge spot B1-D1 joins them. `bridged`: a bridge of seat 1
/// stands there. B1 is Desert on the board (2 spades from the Génies' Lake).
fn across_the_river(bridged: bool, ours: &str) -> State {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    quiet_round(&mut s);
    build(&mut s, S0, ours, Building::House);
    build(&mut s, S1, "D1", Building::House);
    assert_eq!(neighbours(hex("B1")) & bit(hex("D1")), 0, "no common edge");
    if bridged {
        bridge(&mut s, S1, spot("B1", "D1"));
    }
    set_coins(&mut s, S0, 30);
    set_bowls(&mut s, S1, [2, 2, 4]);
    s
}

/// « Deux cases Terrain (ou bâtiments) sont adjacentes lorsqu'elles partagent une arête
/// commune ou qu'elles sont reliées par un pont. » and « Lorsque vous construisez une maison ou
/// améliorez un bâtiment, tous les autres joueurs possédant un ou des bâtiments adjacents au
/// vôtre gagnent 1 pouvoir pour chacun d'entre eux » : upgrading next to a building across a
/// bridge gives its owner 1 power (and costs 7, not 10).
#[test]
fn upgrade_across_a_bridge_gives_the_neighbour_one_power() {
    let mut s = across_the_river(true, "B1");
    act(&mut s, S0, Action::Upgrade);
    act(&mut s, S0, Action::Hex(hex("B1")));
    assert_eq!(coins(&s, S0), 30 - 7, "an opponent's building is adjacent");
    assert_eq!(
        bowls(&s, S1),
        [1, 3, 4],
        "Golems +1 power across the bridge"
    );
    // Without the bridge the two houses are not adjacent: 10 coins, no power.
    let mut s = across_the_river(false, "B1");
    act(&mut s, S0, Action::Upgrade);
    act(&mut s, S0, Action::Hex(hex("B1")));
    assert_eq!(coins(&s, S0), 30 - 10);
    assert_eq!(bowls(&s, S1), [2, 2, 4], "no neighbour, no power");
}

/// The same for a house (« à chaque fois que vous construisez une maison dans une case
/// adjacente à un ou des bâtiments adverses, vos adversaires gagnent du pouvoir »): the Génies'
/// house on A1 reaches B1, which they make a lake (2 spades, 12 coins) and build on (4).
#[test]
fn house_built_across_a_bridge_gives_the_neighbour_one_power() {
    for bridged in [true, false] {
        let mut s = across_the_river(bridged, "A1");
        act(&mut s, S0, Action::Build);
        act(&mut s, S0, Action::Hex(hex("B1")));
        assert_eq!(coins(&s, S0), 30 - 12, "Desert -> Lake: 2 spades");
        assert_eq!(bowls(&s, S1), [2, 2, 4], "a transform alone gives no power");
        act(&mut s, S0, Action::BuildHouse(hex("B1")));
        let expected = if bridged { [1, 3, 4] } else { [2, 2, 4] };
        assert_eq!(bowls(&s, S1), expected, "bridge: {bridged}");
    }
}

// ------------------------------------------------------------------ Inventeurs, left palace

/// Inventeurs' left palace: « Celle-ci vous permet de dépenser 6 pouvoir pour rendre habitable
/// un terrain à votre portée et y construire un comptoir [...] Cet effet ne compte pas comme
/// utiliser des pelles, mais il compte comme une amélioration vers un comptoir. » With the
/// spade round tile (2 VP per spade) the Lake made Swamp scores nothing; with the trading-post
/// tile it scores 3.
#[test]
fn inventors_trading_post_is_not_spades_but_an_upgrade() {
    for (trigger, vp) in [(RoundTrigger::Spade, 0), (RoundTrigger::TradingPost, 3)] {
        let mut s = scenario(&[Faction::Inventors, Faction::Golems, Faction::Fairies]);
        round_tile(&mut s, trigger);
        palace(&mut s, S0, "E5", PalaceSide::Left);
        set_bowls(&mut s, S0, [0, 0, 8]);
        assert_eq!(s.terrain_at(hex("E4")), Some(Terrain::Lake));
        assert_eq!(s.spades_needed(S0, hex("E4")), 1, "Lake -> Swamp: 1 spade");
        act(&mut s, S0, Action::Special(Special::InventorsTradingPost));
        let ev = act(&mut s, S0, Action::Hex(hex("E4")));
        assert_eq!(s.terrain_at(hex("E4")), Some(Terrain::Swamp));
        assert_eq!(
            s.placed_at(hex("E4")).map(|p| p.building),
            Some(Building::TradingPost)
        );
        assert_eq!(bowls(&s, S0), [6, 0, 2], "6 power spent");
        assert_eq!(s.players()[0].vp, vp, "{trigger:?}");
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::Transformed { spades: 0, .. })),
            "transformed with no spade: {ev:?}"
        );
    }
}

// ------------------------------------------------------------------ two free spades

/// Génies house on E6 with 6 power in bowl III and 20 coins, round tile « 2 points par
/// pelle ». E5 and E7 (Swamp) need 1 spade, D6 (Wasteland) 2.
fn two_spade_position() -> State {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    round_tile(&mut s, RoundTrigger::Spade);
    build(&mut s, S0, "E6", Building::House);
    set_bowls(&mut s, S0, [0, 2, 6]);
    set_coins(&mut s, S0, 20);
    for (h, n) in [("E5", 1), ("E7", 1), ("D6", 2)] {
        assert_ne!(s.reach(S0) & bit(hex(h)), 0, "{h} in reach");
        assert_eq!(s.spades_needed(S0, hex(h)), n, "{h}");
    }
    act(&mut s, S0, Action::PowerAction(PowerAction(5)));
    s
}

/// « Rendre habitable 2 cases Terrain qui demandent chacune 1 pelle. [...] Vous ne pouvez pas
/// acheter de pelles supplémentaires. » After a 1-spade hex, the second hex must need exactly
/// 1 spade: D6 (2 spades) would need a bought spade and is not offered; no coins are paid.
#[test]
fn two_spade_action_buys_no_spade_for_the_second_hex() {
    let mut s = two_spade_position();
    act(&mut s, S0, Action::Hex(hex("E5")));
    assert!(matches!(
        s.step(),
        Step::Turn {
            pending: Awaiting::SecondSpadeHex { .. },
            ..
        }
    ));
    let legal = TerraNova::legal_actions(&s, S0);
    assert!(legal.contains(&Action::Hex(hex("E7"))), "{legal:?}");
    assert!(!legal.contains(&Action::Hex(hex("D6"))), "{legal:?}");
    assert!(TerraNova::apply(&mut s.clone(), S0, &Action::Hex(hex("D6"))).is_err());
    act(&mut s, S0, Action::Hex(hex("E7")));
    assert_eq!(coins(&s, S0), 20, "both spades free, none bought");
    assert_eq!(s.players()[0].vp, 4, "2 spades used");
}

/// « Rendre habitable 1 case Terrain qui vous demande 1 ou 2 pelles »: both free spades go on
/// D6, nothing is left for a second hex, nothing is paid.
#[test]
fn two_spade_action_on_a_two_spade_hex_ends_the_transforms() {
    let mut s = two_spade_position();
    act(&mut s, S0, Action::Hex(hex("D6")));
    assert_eq!(s.terrain_at(hex("D6")), Some(Terrain::Lake));
    assert_eq!(coins(&s, S0), 20);
    assert_eq!(s.players()[0].vp, 4, "2 spades used");
    assert_eq!(
        TerraNova::legal_actions(&s, S0),
        vec![Action::BuildHouse(hex("D6")), Action::Skip]
    );
}

// ------------------------------------------------------------------ gains told to the table

/// A gain of VP alone is told like any other (W6: « marquez 2 points à chaque fois que vous
/// construisez une maison »): the round tile's 2 VP for a house come as one `Gained` event
/// with no coins and no power.
#[test]
fn round_tile_vp_alone_is_told_as_a_gain() {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    round_tile(&mut s, RoundTrigger::House);
    build(&mut s, S0, "E6", Building::House);
    agora_engine::terra_nova::testing::set_terrain(&mut s, "D6", Terrain::Lake);
    act(&mut s, S0, Action::Build);
    let ev = act(&mut s, S0, Action::Hex(hex("D6")));
    assert_eq!(s.players()[0].vp, 2);
    let gains: Vec<&Event> = ev
        .iter()
        .filter(|e| matches!(e, Event::Gained { .. }))
        .collect();
    assert_eq!(
        gains,
        vec![&Event::Gained {
            seat: S0,
            coins: 0,
            power: 0,
            vp: 2,
            reason: agora_engine::terra_nova::Reason::RoundTile,
        }]
    );
}

fn paid(ev: &[Event]) -> Vec<(u32, u8)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Paid { coins, power, .. } => Some((*coins, *power)),
            _ => None,
        })
        .collect()
}

/// Payments are told as they are made, and only when something is paid: W7 « le coût
/// d'amélioration est de 7 pièces » is one payment of 7 coins; the one-free-spade power
/// action (« Dépensez 4 pouvoir ») on a 1-spade hex is one payment of 4 power, the bought
/// spades (none here) add no empty payment.
#[test]
fn payments_are_told_once_each_coins_or_power() {
    let mut s = across_the_river(true, "B1");
    act(&mut s, S0, Action::Upgrade);
    let ev = act(&mut s, S0, Action::Hex(hex("B1")));
    assert_eq!(paid(&ev), vec![(7, 0)]);

    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    quiet_round(&mut s);
    build(&mut s, S0, "E6", Building::House);
    set_bowls(&mut s, S0, [0, 4, 4]);
    let mut ev = act(&mut s, S0, Action::PowerAction(PowerAction(4)));
    ev.extend(act(&mut s, S0, Action::Hex(hex("E5"))));
    assert_eq!(paid(&ev), vec![(0, 4)], "{ev:?}");
}

/// Farfadets: « Gagnez 2 pouvoir pour chaque pelle que vous utilisez pour rendre un terrain
/// habitable. » A Forest made Swamp takes 2 spades: 4 power, not 2.
#[test]
fn farfadets_gain_two_power_for_each_of_two_spades() {
    let mut s = scenario(&[Faction::Farfadets, Faction::Golems]);
    quiet_round(&mut s);
    build(&mut s, S0, "E5", Building::House);
    agora_engine::terra_nova::testing::set_terrain(&mut s, "E4", Terrain::Forest);
    assert_eq!(s.spades_needed(S0, hex("E4")), 2, "Forest -> Swamp");
    set_bowls(&mut s, S0, [8, 0, 0]);
    set_coins(&mut s, S0, 20);
    act(&mut s, S0, Action::Build);
    act(&mut s, S0, Action::Hex(hex("E4")));
    assert_eq!(coins(&s, S0), 20 - 12);
    assert_eq!(bowls(&s, S0), [4, 4, 0], "2 spades x 2 power");
}
