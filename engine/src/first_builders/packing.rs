//! The Citizen Recruitment row and the Building Market are conveyors kept packed toward
//! their cheap end: a taken item leaves a gap, the rest slide toward slot 1 and the refill
//! goes to the first empty slot. When there is nothing to refill (a colour's dice or a
//! building pile ran out) the last slot stays empty, and since a refill only ever follows a
//! take, it stays empty for the rest of the game (« la case la plus à droite ... n'est plus
//! remplie pour le reste de la partie », Ancient Wonders 3.2.3; AW-26, A-07).

use super::state::Play;
use super::types::BuildingId;

/// Takes the tile of Market slot `k` (0-based), slides the rest up and refills the
/// first empty slot from the pile of the taken colour; once a pile is empty the bottom slot
/// it leaves is never refilled (A-07, packed like the Recruitment area).
pub fn take_market(state: &mut Play<'_>, k: usize) -> Option<BuildingId> {
    let b = state.market.get_mut(k)?.take()?;
    let colour = b.colour()?;
    let refill = state.piles[colour.index()].pop();
    let left = state.piles[colour.index()].len() as u8;
    let known = &mut state.known_bottoms[colour.index()];
    *known = (*known).min(left);
    state.market = packed(state.market, refill);
    Some(b)
}

/// `row` with its items slid toward slot 1 in order, then `refill` in the first empty slot.
pub fn packed<T: Copy, const N: usize>(row: [Option<T>; N], refill: Option<T>) -> [Option<T>; N] {
    let mut out = [None; N];
    let items = row.into_iter().flatten().chain(refill);
    for (slot, item) in out.iter_mut().zip(items) {
        *slot = Some(item);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::packed;

    #[test]
    fn items_slide_to_the_front_and_the_refill_takes_the_first_gap() {
        assert_eq!(
            packed([Some(1), None, Some(3), Some(4), Some(5)], Some(9)),
            [Some(1), Some(3), Some(4), Some(5), Some(9)]
        );
        assert_eq!(
            packed([Some(1), None, Some(3), Some(4), Some(5)], None),
            [Some(1), Some(3), Some(4), Some(5), None]
        );
        assert_eq!(
            packed([Some(1), None, Some(4), Some(5), None], Some(9)),
            [Some(1), Some(4), Some(5), Some(9), None]
        );
    }
}
