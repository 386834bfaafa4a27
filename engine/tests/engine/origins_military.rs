//! Origins: First Builders, military track rules a wrong engine could get past the worked
//! examples (issue 18): one Superiority token per boundary even when one advance crosses
//! two, and the Final space (9 VP once, then the marker never moves, forward or back).

use agora_engine::first_builders::testing::{self, Position};
use agora_engine::Seat;

/// « A chaque palier franchi, recevez immédiatement un jeton Supériorité » : advancing 5 from
/// space 2 crosses P1 (after 3) and P2 (after 6), so 2 tokens, not 1.
#[test]
fn one_advance_across_two_boundaries_gives_two_superiority_tokens() {
    let mut s = Position::drafted(2).military(0, 2).military(1, 1).build();
    let supply = s.superiority_supply();
    testing::advance(&mut s, Seat(0), 5);
    assert_eq!(s.players()[0].military, 7);
    assert_eq!(s.players()[0].superiority, 2);
    assert_eq!(s.superiority_supply(), supply - 2, "taken from the supply");
    // Inside one section: no token.
    testing::advance(&mut s, Seat(0), 2);
    assert_eq!(s.players()[0].military, 9);
    assert_eq!(s.players()[0].superiority, 2);
}

/// A-32 (rules page): the supply holds 20 Superiority tokens; once it is empty, crossing a
/// boundary gives none. Seat 1 holds all 20: seat 0 crosses two boundaries and gains nothing.
#[test]
fn an_empty_superiority_supply_gives_no_token() {
    let mut s = Position::drafted(2)
        .military(0, 2)
        .military(1, 1)
        .superiority(1, 20)
        .build();
    assert_eq!(s.superiority_supply(), 0);
    testing::advance(&mut s, Seat(0), 5);
    assert_eq!(s.players()[0].military, 7);
    assert_eq!(s.players()[0].superiority, 0);
    assert_eq!(s.superiority_supply(), 0);
}

/// « L'emplacement final de la piste Militaire est particulier. Lorsque votre marqueur
/// Militaire l'atteint, vous gagnez immédiatement 9 points de Victoire. Dès lors, votre
/// marqueur Militaire ne sera plus déplacé sur la piste, quel que soit le sens, même si des
/// déplacements sont alloués. »
#[test]
fn final_space_scores_nine_once_and_the_marker_never_moves_again() {
    let mut s = Position::drafted(2)
        .military(0, 14)
        .military(1, 14)
        .vp(0, 0)
        .build();
    // 14 -> 16 uses 2 of the 5 spaces; the other 3 are lost. P5 is crossed: 1 token.
    testing::advance(&mut s, Seat(0), 5);
    assert_eq!(s.players()[0].military, 16);
    assert_eq!(s.players()[0].vp, 9);
    assert_eq!(s.players()[0].superiority, 1);
    // Further advances move nothing and score nothing.
    testing::advance(&mut s, Seat(0), 3);
    assert_eq!((s.players()[0].military, s.players()[0].vp), (16, 9));
    // The end-of-round retreat leaves it there; seat 1 on 14 goes back to 13.
    testing::retreat(&mut s);
    assert_eq!(s.players()[0].military, 16, "never moved back");
    assert_eq!(s.players()[1].military, 13);
    // An Attack from the Final space: no bonus, 5 boundaries + 1 weaker marker = 6 VP.
    let res = s.players()[0].res;
    testing::attack(&mut s, Seat(0));
    assert_eq!(s.players()[0].vp, 9 + 6);
    assert_eq!(s.players()[0].res, res, "no bonus on the Final space");
    assert!(s.tasks().is_empty(), "no bonus task: {:?}", s.tasks());
}

/// Solo: the neutral marker stands for the opponent, so an Attack counts it as a weaker
/// marker only when it is behind the player's (one more VP); level with or ahead of it,
/// nothing. (`military::weaker`, also used by the Equestrian Grounds.)
#[test]
fn solo_attack_counts_the_neutral_marker_only_when_behind() {
    let vp_with_neutral_on = |neutral: u8| {
        let mut s = Position::drafted(1)
            .military(0, 7)
            .neutral_military(neutral)
            .vp(0, 0)
            .build();
        assert_eq!(s.neutral(), Some(neutral));
        testing::attack(&mut s, Seat(0));
        s.players()[0].vp
    };
    let level = vp_with_neutral_on(7);
    assert_eq!(
        vp_with_neutral_on(3),
        level + 1,
        "behind: one weaker marker"
    );
    assert_eq!(vp_with_neutral_on(9), level, "ahead: none");
}
