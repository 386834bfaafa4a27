//! Terra Nova refusals a client sees: an action that answers the pending decision but cannot
//! be taken gets the code naming what is wrong (not enough power, coins, a used action, a
//! taken tile or spot), so an app can tell the player why. Every refusal leaves the state
//! as it was.

use agora_engine::terra_nova::data::tables;
use agora_engine::terra_nova::testing::{
    build, palace, quiet_round, scenario, set_bowls, set_coins, set_navigation, turn,
};
use agora_engine::terra_nova::{
    Action, Awaiting, BonusTile, BridgeSpot, Building, Faction, Options, PalaceSide, PowerAction,
    Special, State, Step, TerraNova, TownTile,
};
use agora_engine::{Game, Seat};

use super::terra_nova_common::{act, pending, play_first_until, spot};

const S0: Seat = Seat(0);

/// Applies `a` (which must not be legal) for `seat` and returns the refusal code; the
/// state must be unchanged and the refusal must say why in a sentence.
fn refusal(s: &State, seat: Seat, a: Action) -> &'static str {
    assert!(
        !TerraNova::legal_actions(s, seat).contains(&a),
        "{a:?} is legal here"
    );
    let mut t = s.clone();
    let e = TerraNova::apply(&mut t, seat, &a).expect_err("refused");
    assert!(t == *s, "{a:?} was refused but changed the state");
    assert!(e.message.ends_with('.'), "{a:?}: {}", e.message);
    e.code
}

/// `n` power tokens in bowl III, the rest in bowl I.
fn bowl_three(s: &mut State, seat: Seat, n: u8) {
    let total = s.players()[seat.index()].power_tokens() as u8;
    set_bowls(s, seat, [total - n, 0, n]);
}

/// Génies, seat 0's main action, nothing on the board.
fn main_action() -> State {
    let mut s = scenario(&[Faction::Genies, Faction::Golems]);
    quiet_round(&mut s);
    assert_eq!(pending(&s), Awaiting::Main);
    s
}

#[test]
fn power_actions_need_the_power_and_a_target() {
    let mut s = main_action();
    let bridge = PowerAction(0); // P1: a bridge for 3 power
    bowl_three(&mut s, S0, 2);
    assert_eq!(
        refusal(&s, S0, Action::PowerAction(bridge)),
        "NOT_ENOUGH_POWER"
    );
    // exactly the 3 power, but no building next to a bridge spot
    bowl_three(&mut s, S0, 3);
    assert_eq!(
        refusal(&s, S0, Action::PowerAction(bridge)),
        "ACTION_NOT_POSSIBLE"
    );
}

#[test]
fn navigation_needs_8_coins_and_room_on_the_track() {
    let mut s = main_action();
    set_coins(&mut s, S0, 7);
    assert_eq!(
        refusal(&s, S0, Action::AdvanceNavigation),
        "NOT_ENOUGH_COINS"
    );
    set_coins(&mut s, S0, 8);
    set_navigation(&mut s, S0, tables().economy.max_navigation());
    assert_eq!(
        refusal(&s, S0, Action::AdvanceNavigation),
        "NAVIGATION_AT_MAXIMUM"
    );
}

#[test]
fn a_bridge_needs_10_coins_and_a_spot() {
    let mut s = main_action();
    set_coins(&mut s, S0, 9);
    assert_eq!(refusal(&s, S0, Action::BuildBridge), "NOT_ENOUGH_COINS");
    // exactly 10 coins, but no building next to a bridge spot
    set_coins(&mut s, S0, 10);
    assert_eq!(refusal(&s, S0, Action::BuildBridge), "ACTION_NOT_POSSIBLE");
    // a house on B1: the B1-D1 spot is open, E8-G8 is not
    build(&mut s, S0, "B1", Building::House);
    act(&mut s, S0, Action::BuildBridge);
    assert!(TerraNova::legal_actions(&s, S0).contains(&Action::Bridge(spot("B1", "D1"))));
    let far: BridgeSpot = spot("E8", "G8");
    assert_eq!(
        refusal(&s, S0, Action::Bridge(far)),
        "BRIDGE_SPOT_UNAVAILABLE"
    );
}

#[test]
fn a_special_action_once_per_round() {
    let mut s = main_action();
    palace(&mut s, S0, "I4", PalaceSide::Left);
    act(&mut s, S0, Action::Special(Special::GeniesLakeHouse));
    act(
        &mut s,
        S0,
        Action::Hex(agora_engine::terra_nova::testing::hex("A1")),
    );
    turn(&mut s, S0);
    assert_eq!(
        refusal(&s, S0, Action::Special(Special::GeniesLakeHouse)),
        "SPECIAL_ACTION_USED"
    );
}

/// « Défaussez 3 Pouvoir de la coupe III pour gagner 2 PV »: only the Druides, and only
/// with 3 power in bowl III.
#[test]
fn druides_score_power_only_with_three_in_bowl_three() {
    let mut s = scenario(&[Faction::Druids, Faction::Golems]);
    quiet_round(&mut s);
    bowl_three(&mut s, S0, 2);
    assert_eq!(
        refusal(&s, S0, Action::ConvertPowerToVp),
        "NOT_ENOUGH_POWER"
    );
    let mut s = main_action();
    bowl_three(&mut s, S0, 7);
    assert_eq!(refusal(&s, S0, Action::ConvertPowerToVp), "NOT_DRUIDS");
}

#[test]
fn a_second_palace_takes_the_free_slot_only() {
    let mut s = main_action();
    palace(&mut s, S0, "A1", PalaceSide::Left);
    build(&mut s, S0, "I1", Building::TradingPost);
    set_coins(&mut s, S0, 20);
    bowl_three(&mut s, S0, 0);
    act(&mut s, S0, Action::Upgrade);
    act(
        &mut s,
        S0,
        Action::Hex(agora_engine::terra_nova::testing::hex("I1")),
    );
    assert!(TerraNova::legal_actions(&s, S0).contains(&Action::Palace(PalaceSide::Right)));
    assert_eq!(
        refusal(&s, S0, Action::Palace(PalaceSide::Left)),
        "PALACE_UNAVAILABLE"
    );
}

#[test]
fn a_town_tile_must_be_left() {
    let mut s = main_action();
    for (h, b) in [
        ("A1", Building::House),
        ("A2", Building::TradingPost),
        ("B1", Building::TradingPost),
        ("D1", Building::TradingPost),
    ] {
        build(&mut s, S0, h, b);
    }
    set_coins(&mut s, S0, 12);
    act(&mut s, S0, Action::BuildBridge);
    act(&mut s, S0, Action::Bridge(spot("B1", "D1")));
    assert!(matches!(pending(&s), Awaiting::TownTile { .. }));
    assert_eq!(
        refusal(&s, S0, Action::TownTile(TownTile(99))),
        "TOWN_TILE_UNAVAILABLE"
    );
}

#[test]
fn a_bonus_tile_taken_in_the_draft_is_gone() {
    let mut s = TerraNova::setup(&Options::standard(2), 3).unwrap();
    play_first_until(&mut s, |s| matches!(s.step(), Step::BonusDraft { .. }));
    let first = TerraNova::to_act(&s).iter().next().unwrap();
    let Action::TakeBonus(t) = TerraNova::legal_actions(&s, first)[0].clone() else {
        panic!("a bonus tile")
    };
    act(&mut s, first, Action::TakeBonus(t));
    let second = TerraNova::to_act(&s).iter().next().unwrap();
    assert_ne!(first, second);
    assert_eq!(
        refusal(&s, second, Action::TakeBonus(t)),
        "BONUS_TILE_UNAVAILABLE"
    );
    let _: BonusTile = t;
}
