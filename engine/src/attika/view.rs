//! What one viewer may see: hands are private, piles and the map stack show counts only.

use super::state::{State, Step};
use super::types::{CellView, Event, Pending, PlayerView, View};
use crate::Viewer;

pub fn view(state: &State, viewer: Viewer) -> View {
    let players = state
        .players
        .iter()
        .zip(state.seats())
        .map(|(p, seat)| PlayerView {
            seat,
            hand_size: p.hand.iter().sum(),
            hand: viewer.sees_private_of(seat).then_some(p.hand),
            reserve: p.reserve.clone(),
            piles: [0, 1, 2, 3].map(|k| p.piles[k].len() as u8),
            amphorae: p.amphorae,
            groups_completed: p.groups_done.clone(),
            built: p.placed.len() as u8,
            colonies: state.colony_count(seat),
        })
        .collect();
    let cells = state
        .cells
        .iter()
        .map(|c| CellView {
            hex: c.hex,
            symbol: c.symbol,
            building: c.building,
        })
        .collect();
    View {
        players,
        cells,
        shrines: state.shrines.clone(),
        current: state.current,
        mode: state.turn.mode,
        draws: state.turn.draws,
        builds: state.turn.builds,
        pending: pending(state),
        deck_size: state.deck.len() as u8,
        discards: state.discards,
        map_pieces_left: state.map_stack.len() as u8,
        amphora_supply: state.amphora_supply,
        winner: match state.step {
            Step::Over { winner, by } => Some((winner, by)),
            _ => None,
        },
    }
}

pub fn pending(state: &State) -> Pending {
    match &state.step {
        Step::Main => Pending::Main,
        Step::Drawn { building, .. } => Pending::Drawn {
            building: *building,
        },
        Step::ChooseCell { building } => Pending::ChooseCell {
            building: *building,
        },
        Step::Paying {
            building,
            cell,
            typed,
            generic,
            ..
        } => Pending::Paying {
            building: *building,
            cell: *cell,
            typed: *typed,
            generic: *generic,
        },
        Step::PlacePiece { piece } => Pending::PlacePiece { piece: *piece },
        Step::Amphorae => Pending::Amphorae,
        Step::Over { .. } => Pending::Over,
    }
}

/// Drawn cards are private to the drawing seat; the count stays public.
pub fn redact(event: &Event, viewer: Viewer) -> Event {
    match event {
        Event::CardsDrawn { seat, count, .. } if !viewer.sees_private_of(*seat) => {
            Event::CardsDrawn {
                seat: *seat,
                count: *count,
                cards: Vec::new(),
            }
        }
        other => other.clone(),
    }
}
