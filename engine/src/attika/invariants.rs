//! What holds in every reachable state: components are neither created nor lost (cards,
//! each player's 30 buildings, amphorae, map pieces) and the board agrees with the
//! players' lists. The conformance suite checks it after every step of every game.

use super::data::tables;
use super::state::{State, Step};
use crate::Seat;

pub fn check(state: &State) -> Result<(), String> {
    let t = tables();
    let c = &t.constants;

    let cards = state.deck.len()
        + count(&state.discards)
        + state.players.iter().map(|p| count(&p.hand)).sum::<usize>();
    let printed_cards = 4 * usize::from(c.cards_per_type);
    if cards != printed_cards {
        return Err(format!("{cards} landscape cards, {printed_cards} printed"));
    }

    for seat in state.seats() {
        let buildings = buildings_of(state, seat);
        if buildings != t.buildings.len() {
            return Err(format!(
                "{seat} has {buildings} buildings, {} printed",
                t.buildings.len()
            ));
        }
    }

    let amphorae = usize::from(state.amphora_supply)
        + state
            .players
            .iter()
            .map(|p| usize::from(p.amphorae))
            .sum::<usize>();
    if amphorae != usize::from(c.amphorae) {
        return Err(format!("{amphorae} amphorae, {} printed", c.amphorae));
    }

    let revealed = usize::from(matches!(state.step, Step::PlacePiece { .. }));
    let pieces = state.pieces.len() + state.map_stack.len() + revealed;
    if pieces != t.pieces.len() {
        return Err(format!("{pieces} map pieces, {} printed", t.pieces.len()));
    }
    if state.cells.len() != 7 * state.pieces.len() {
        return Err(format!(
            "{} board cells for {} laid pieces: pieces overlap",
            state.cells.len(),
            state.pieces.len()
        ));
    }
    if let Some(shrine) = state.shrines.iter().find(|h| state.cell(**h).is_some()) {
        return Err(format!("the shrine at {shrine} is also a board cell"));
    }

    for cell in &state.cells {
        if let Some((owner, building)) = cell.building {
            let listed = state
                .players
                .get(owner.index())
                .is_some_and(|p| p.placed.contains(&(building, cell.hex)));
            if !listed {
                return Err(format!(
                    "{} on {} is not among {owner}'s placed buildings",
                    building.code(),
                    cell.hex
                ));
            }
        }
    }
    let built = state.cells.iter().filter(|c| c.building.is_some()).count();
    let placed: usize = state.players.iter().map(|p| p.placed.len()).sum();
    if built != placed {
        return Err(format!(
            "{built} buildings on the board, {placed} in the players' lists"
        ));
    }

    if state.current.index() >= state.seat_count() {
        return Err(format!("{} is not at the table", state.current));
    }
    Ok(())
}

fn count(counts: &[u8; 4]) -> usize {
    counts.iter().map(|&n| usize::from(n)).sum()
}

/// A player's buildings wherever they are: piles, reserve, board, and the one being
/// handled this turn (neither in a pile nor in the reserve).
pub fn buildings_of(state: &State, seat: Seat) -> usize {
    let p = state.player(seat);
    let held = usize::from(state.current == seat && state.held_building().is_some());
    p.piles.iter().map(Vec::len).sum::<usize>() + p.reserve.len() + p.placed.len() + held
}

#[cfg(test)]
mod tests {
    use super::super::testing::{building, fresh, options, put, reserve};
    use super::super::types::Hex;
    use super::check;
    use crate::attika::Attika;
    use crate::{Game, Seat};

    #[test]
    fn invariants_hold_at_setup_and_catch_a_lost_or_forged_component() {
        for players in 2..=4 {
            let s = Attika::setup(&options(players), 5).expect("setup");
            assert_eq!(check(&s), Ok(()));
        }
        let mut s = fresh(2);
        put(&mut s, 0, "DEF2", Hex::new(0, 0));
        put(&mut s, 0, "SHP1", Hex::new(3, -2));
        reserve(&mut s, 0, &["DEF3", "DEF4", "SHP2", "SHP3"]);
        assert_eq!(check(&s), Ok(()));

        let mut lost_card = s.clone();
        lost_card.deck.pop();
        assert!(check(&lost_card).unwrap_err().contains("landscape cards"));

        let mut forged_amphora = s.clone();
        forged_amphora.players[1].amphorae += 1;
        assert!(check(&forged_amphora).unwrap_err().contains("amphorae"));

        let mut lost_building = s.clone();
        lost_building.players[1].piles[2].pop();
        assert!(check(&lost_building)
            .unwrap_err()
            .contains("seat 1 has 29 buildings"));

        let mut ghost = s.clone();
        let empty = ghost
            .cells
            .iter_mut()
            .find(|c| c.building.is_none())
            .expect("an empty cell");
        empty.building = Some((Seat(0), building("CTY1")));
        assert!(check(&ghost).is_err());

        let mut lost_piece = s;
        lost_piece.map_stack.pop();
        assert!(check(&lost_piece).unwrap_err().contains("map pieces"));
    }
}
