//! Origins: First Builders, the end condition the conformance playouts never reach
//! (« Il n'y a plus d'Or sur aucune carte Quartier », rules page 2.13 condition 2), played
//! from a constructed state through the end of the round to the outcome.

use crate::origins_common::*;
use agora_engine::first_builders::scoring::final_score;
use agora_engine::first_builders::testing::Position;
use agora_engine::first_builders::types::*;
use agora_engine::first_builders::{FirstBuilders, State};
use agora_engine::{Game, Seat};

/// Two players with nothing that scores at the end but their VP (30 and 20); every District
/// card's Gold set to `gold`.
fn last_round(gold: u8) -> State {
    let s = (0..2)
        .fold(Position::drafted(2), |p, seat| {
            p.vp(seat, 30 - 10 * seat as i32)
                .resources(seat, [0; 4])
                .counsellors(seat, &[])
                .freemen(seat, &[])
                .temples(seat, [0; 3])
                .seats_of_power(seat, &[])
        })
        .current(0)
        .build();
    let cards = s.districts().len();
    let mut s = s;
    edit(&mut s, |p| {
        (0..cards).fold(p, |p, i| p.district_gold(i, gold))
    });
    s
}

fn pass_both(s: &mut State) -> Vec<Event> {
    let mut ev = act(s, Action::Pass);
    ev.extend(act(s, Action::Pass));
    ev
}

#[test]
fn no_gold_left_on_any_district_card_ends_the_game_at_the_end_of_the_round() {
    let mut s = last_round(0);
    let ev = pass_both(&mut s);
    assert!(
        ev.contains(&Event::GameEnded {
            reasons: vec![EndReason::NoDistrictGold]
        }),
        "{ev:?}"
    );
    assert_eq!(s.end_reasons(), [EndReason::NoDistrictGold]);
    assert!(FirstBuilders::to_act(&s).is_empty());
    let o = FirstBuilders::outcome(&s).expect("outcome");
    let score = |seat: u8| o.standings.iter().find(|x| x.seat == Seat(seat)).unwrap();
    assert_eq!((score(0).score, score(0).rank), (30, 1));
    assert_eq!((score(1).score, score(1).rank), (20, 2));
    assert_eq!(score(0).score, final_score(&s, Seat(0)));
}

#[test]
fn one_gold_left_on_a_district_card_plays_another_round() {
    let mut s = last_round(0);
    edit(&mut s, |p| p.district_gold(0, 2));
    let round = s.round();
    let ev = pass_both(&mut s);
    assert!(!ev.iter().any(|e| matches!(e, Event::GameEnded { .. })));
    assert_eq!(s.round(), round + 1);
    assert!(FirstBuilders::outcome(&s).is_none());
}

/// The conformance statistics (conformance_stats.rs) reach Wonders, towers and these end
/// reasons. Not reached in those games: `NO_DISTRICT_GOLD` (some card still held Gold at
/// every end of round where the game ended), played from a constructed state above.
#[test]
fn statistics_reach_wonders_towers_and_end_reasons() {
    let t = crate::conformance_stats::tallies::<FirstBuilders>();
    crate::conformance_stats::assert_reached(
        "origins",
        &t.union(),
        &[
            "CHALLENGES_DONE",
            "CITIZENS_EXHAUSTED",
            "SOLO_FIVE_ROUNDS",
            "TOWER_RESERVE",
            "ZODIAC_TOPS",
        ],
        &[
            "ClaimWonder",
            "BuildWonder",
            "RaiseTower",
            "CompleteDistrict",
            "Attack",
        ],
    );
}
