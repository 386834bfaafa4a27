//! Every Objective card's condition (rules 3.7), each played at exactly its printed count
//! ("at least": validated) and with one pawn, token or tile short, or with the right count
//! in the wrong shape (refused OBJECTIVE_NOT_MET). Seat 1's pawns never help seat 0.

use crate::origin_support::*;

/// Pawn types handed out in order to the territories of a case that does not name them
/// (one copy of each exists at 2 players; the neutral pawn is a P11W).
const POOL: [&str; 8] = [
    "P11B", "P12B", "P21K", "P22W", "P13B", "P31K", "P23W", "P32B",
];

/// A position for seat 0: `own` pawns (territory, optional type), one seat-1 pawn on
/// `theirs`, and `card` in hand.
fn position(card: &str, own: &[(&str, Option<&str>)], theirs: &str) -> Position {
    let mut pool = POOL.iter();
    let mut p = Position::standard(2)
        .hand(0, &[card])
        .pawn(theirs, "P33W", 1);
    for &(t, pawn) in own {
        let pawn = pawn.unwrap_or_else(|| pool.next().expect("enough pool pawns"));
        p = p.pawn(t, pawn, 0);
    }
    p
}

fn on(territories: &[&'static str]) -> Vec<(&'static str, Option<&'static str>)> {
    territories.iter().map(|&t| (t, None)).collect()
}

fn met(card: &str, own: &[(&str, Option<&str>)], theirs: &str) {
    let mut s = position(card, own, theirs).build();
    ok(&mut s, 0, play(card));
    assert_eq!(played_objectives(&s, 0), vec![card_id(card)], "{card}");
}

fn not_met(card: &str, own: &[(&str, Option<&str>)], theirs: &str) {
    let mut s = position(card, own, theirs).build();
    refuse(&mut s, 0, play(card), "OBJECTIVE_NOT_MET");
}

/// O01-O04: "≥ 2 own pawns on green territories", "≥ 3 ... brown / orange / yellow". The
/// third pawn of each case stands on another colour, and seat 1 holds one of the colour.
#[test]
fn territory_colour_objectives_count_own_pawns_on_that_colour() {
    let cases: [(&str, &[&str], &str, &str); 4] = [
        ("O01", &["AF6", "EU9"], "AF2", "NA4"),
        ("O02", &["AF5", "EU4", "EU8"], "AF2", "NA2"),
        ("O03", &["AF3", "AF8", "EU3"], "AF2", "NA3"),
        ("O04", &["AF2", "AF7", "EU1"], "AF3", "NA5"),
    ];
    for (card, colour, other, theirs) in cases {
        let mut own = on(colour);
        own.push((other, None));
        met(card, &own, theirs);
        own.remove(0);
        not_met(card, &own, theirs);
    }
}

/// O05-O10: "≥ 3 own pawns in Africa / Eurasia / Oceania / South America / North America /
/// Antarctica" (Oceania's two islands are one continent).
#[test]
fn continent_objectives_count_own_pawns_on_that_continent() {
    let cases: [(&str, &[&str], &str); 6] = [
        ("O05", &["AF2", "AF3", "AF4"], "EU1"),
        ("O06", &["EU1", "EU2", "EU3"], "AF2"),
        ("O07", &["OC1", "OC2", "OC4"], "AF2"),
        ("O08", &["SA1", "SA2", "SA3"], "AF2"),
        ("O09", &["NA1", "NA2", "NA3"], "AF2"),
        ("O10", &["AN1", "AN2", "AN3"], "AF2"),
    ];
    for (card, continent, other) in cases {
        let mut own = on(continent);
        own.push((other, None));
        met(card, &own, "AF8");
        own.remove(0);
        not_met(card, &own, "AF8");
    }
}

/// O11: "4 own pawns on a connected group of territories, all on one continent"; O12: the
/// same group "spanning ≥ 2 continents" (a strait joins continents, ASSUMPTION 17).
#[test]
fn connected_group_objectives_need_four_joined_pawns() {
    let africa_chain = on(&["AF2", "AF3", "AF5", "AF6"]);
    let across_sinai = on(&["AF2", "AF3", "EU5", "EU6"]);
    let broken = on(&["AF2", "AF3", "AF5", "AF7"]);
    met("O11", &africa_chain, "EU1");
    not_met("O11", &africa_chain[..3], "EU1");
    not_met("O11", &across_sinai, "EU1");
    not_met("O11", &broken, "EU1");
    met("O12", &across_sinai, "EU1");
    not_met("O12", &across_sinai[..3], "EU1");
    not_met("O12", &africa_chain, "EU1");
    not_met("O12", &on(&["AF2", "AF3", "EU5", "EU9"]), "EU4");
}

/// O13: "own pawns on ≥ 4 different continents (≥ 1 each)".
#[test]
fn four_continents_objective_counts_continents_not_pawns() {
    met("O13", &on(&["AF2", "EU1", "NA1", "SA1"]), "AN1");
    not_met("O13", &on(&["AF2", "AF3", "EU1", "NA1"]), "AN1");
}

/// O14: "≥ 3 own pawns of strength 3"; O15: "≥ 3 own pawns of size 3"; O16: "≥ 2 white,
/// ≥ 2 brown and ≥ 2 black own pawns". Pawn codes are P{size}{strength}{W|B|K}.
#[test]
fn pawn_objectives_count_strength_size_and_colours() {
    let strength3 = [
        ("AF2", Some("P13W")),
        ("AF3", Some("P23B")),
        ("AF4", Some("P13K")),
        ("AF5", Some("P32W")),
    ];
    met("O14", &strength3, "EU1");
    let mut short = strength3;
    short[2].1 = Some("P12K");
    not_met("O14", &short, "EU1");

    let size3 = [
        ("AF2", Some("P31W")),
        ("AF3", Some("P32B")),
        ("AF4", Some("P31K")),
        ("AF5", Some("P23W")),
    ];
    met("O15", &size3, "EU1");
    let mut short = size3;
    short[2].1 = Some("P21K");
    not_met("O15", &short, "EU1");

    let colours = [
        ("AF2", Some("P12W")),
        ("AF3", Some("P13W")),
        ("AF4", Some("P11B")),
        ("AF5", Some("P12B")),
        ("AF6", Some("P11K")),
        ("AF7", Some("P12K")),
    ];
    met("O16", &colours, "EU1");
    // One white, one brown, one black short in turn.
    for (i, instead) in [(1, "P13B"), (3, "P21W"), (5, "P21W")] {
        let mut short = colours;
        short[i].1 = Some(instead);
        not_met("O16", &short, "EU1");
    }
}

/// O17: "own ≥ 2 strait tokens"; O18: "own ≥ 5 Innovation tiles"; O19: "own an Innovation
/// tile of level ≥ 4"; O20: "≥ 6 own villages on the board" (placeholders, ASSUMPTION 19).
#[test]
fn collection_objectives_count_tokens_tiles_and_villages() {
    let one = on(&["AF2"]);
    let mut s = position("O17", &one, "EU1")
        .owned_strait_tokens(0, &[("S1", 2), ("S2", 3)])
        .build();
    ok(&mut s, 0, play("O17"));
    let mut s = position("O17", &one, "EU1")
        .owned_strait_tokens(0, &[("S1", 2)])
        .owned_strait_tokens(1, &[("S2", 3)])
        .build();
    refuse(&mut s, 0, play("O17"), "OBJECTIVE_NOT_MET");

    let mut s = position("O18", &one, "EU1")
        .tiles(0, &[&[1, 2, 3], &[1, 2]])
        .build();
    ok(&mut s, 0, play("O18"));
    let mut s = position("O18", &one, "EU1")
        .tiles(0, &[&[1, 2, 3], &[1]])
        .tiles(1, &[&[1]])
        .build();
    refuse(&mut s, 0, play("O18"), "OBJECTIVE_NOT_MET");

    let mut s = position("O19", &one, "EU1")
        .tiles(0, &[&[1, 2, 3, 4]])
        .build();
    ok(&mut s, 0, play("O19"));
    let mut s = position("O19", &one, "EU1")
        .tiles(0, &[&[1, 2, 3], &[1, 2, 3]])
        .tiles(1, &[&[4]])
        .build();
    refuse(&mut s, 0, play("O19"), "OBJECTIVE_NOT_MET");

    let six = on(&["AF2", "AF3", "AF4", "AF5", "AF6", "AF7"]);
    met("O20", &six, "EU1");
    not_met("O20", &six[..5], "EU1");
}
