//! Axial hex geometry (§2.1): pointy-top, neighbour order E, NE, NW, W, SW, SE.

use super::types::Hex;

/// The six neighbour offsets in ring order 1..6 (E, NE, NW, W, SW, SE).
pub const DIRECTIONS: [Hex; 6] = [
    Hex::new(1, 0),
    Hex::new(1, -1),
    Hex::new(0, -1),
    Hex::new(-1, 0),
    Hex::new(-1, 1),
    Hex::new(0, 1),
];

pub fn add(a: Hex, b: Hex) -> Hex {
    Hex::new(a.q + b.q, a.r + b.r)
}

pub fn neighbours(h: Hex) -> [Hex; 6] {
    DIRECTIONS.map(|d| add(h, d))
}

/// Hex distance.
pub fn distance(a: Hex, b: Hex) -> i16 {
    let dq = a.q - b.q;
    let dr = a.r - b.r;
    (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
}

pub fn adjacent(a: Hex, b: Hex) -> bool {
    distance(a, b) == 1
}

/// The cells a map piece covers with its centre at `center` and rotation `rotation`
/// (0..=5), each with the index of the piece's data hex it shows (0 = centre, 1..=6 =
/// ring position). Ring position `i` lands in direction `((i - 1 + k) mod 6) + 1`.
pub fn piece_cells(center: Hex, rotation: u8) -> [(Hex, usize); 7] {
    let mut out = [(center, 0); 7];
    for (i, slot) in out.iter_mut().enumerate().skip(1) {
        let dir = (i - 1 + rotation as usize) % 6;
        *slot = (add(center, DIRECTIONS[dir]), i);
    }
    out
}
