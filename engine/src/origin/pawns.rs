//! Tribe pawns: the 27 types, their codes, the reserve and the evolution relation (2.2).

use super::types::{PawnColor, PawnType};

pub const PAWN_TYPES: usize = 27;

pub const COLORS: [PawnColor; 3] = [PawnColor::White, PawnColor::Brown, PawnColor::Black];

/// How a new pawn relates to its reference pawn when evolving.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Evolution {
    Identical,
    OtherColor,
    Stronger,
    Taller,
}

pub fn color_index(c: PawnColor) -> usize {
    match c {
        PawnColor::White => 0,
        PawnColor::Brown => 1,
        PawnColor::Black => 2,
    }
}

/// Index of a pawn type in `0..27`, `None` for an impossible size or strength.
pub fn index(p: PawnType) -> Option<usize> {
    if !(1..=3).contains(&p.size) || !(1..=3).contains(&p.strength) {
        return None;
    }
    Some((p.size as usize - 1) * 9 + (p.strength as usize - 1) * 3 + color_index(p.color))
}

pub fn from_index(i: usize) -> PawnType {
    PawnType {
        size: (i / 9) as u8 + 1,
        strength: ((i / 3) % 3) as u8 + 1,
        color: COLORS[i % 3],
    }
}

pub fn all_types() -> impl Iterator<Item = PawnType> {
    (0..PAWN_TYPES).map(from_index)
}

/// The relation of `new` to `reference`, if `new` may evolve from it (rules 2.2): identical,
/// other colour, strength + 1 or size + 1; never smaller, weaker, + 2 or two differences.
pub fn evolution(reference: PawnType, new: PawnType) -> Option<Evolution> {
    let same_size = new.size == reference.size;
    let same_str = new.strength == reference.strength;
    let same_col = new.color == reference.color;
    match (same_size, same_str, same_col) {
        (true, true, true) => Some(Evolution::Identical),
        (true, true, false) => Some(Evolution::OtherColor),
        (true, false, true) if new.strength == reference.strength + 1 => Some(Evolution::Stronger),
        (false, true, true) if new.size == reference.size + 1 => Some(Evolution::Taller),
        _ => None,
    }
}

/// Every pawn type that may evolve from `reference` (at most 5).
pub fn evolutions(reference: PawnType) -> impl Iterator<Item = PawnType> {
    let mut out = [None; 5];
    out[0] = Some(reference);
    let mut k = 1;
    for c in COLORS {
        if c != reference.color {
            out[k] = Some(PawnType {
                color: c,
                ..reference
            });
            k += 1;
        }
    }
    if reference.strength < 3 {
        out[k] = Some(PawnType {
            strength: reference.strength + 1,
            ..reference
        });
        k += 1;
    }
    if reference.size < 3 {
        out[k] = Some(PawnType {
            size: reference.size + 1,
            ..reference
        });
    }
    out.into_iter().flatten()
}

/// Number of characteristics (size, strength, colour) in which two pawns differ.
pub fn differences(a: PawnType, b: PawnType) -> u8 {
    (a.size != b.size) as u8 + (a.strength != b.strength) as u8 + (a.color != b.color) as u8
}
