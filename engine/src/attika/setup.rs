//! Setting up a game (§1.2): starting board and shrines, piles and starting reserve,
//! deck, start player and starting hands.

use super::data::tables;
use super::hex::piece_cells;
use super::state::{Player, State, Step, Turn};
use super::types::{BuildingId, Options, PieceId, Resource};
use crate::{GameRng, Seat, SetupError};

pub fn setup(options: &Options, seed: u64) -> Result<State, SetupError> {
    let t = tables();
    let start = t.start(options.players).ok_or_else(|| {
        SetupError(format!(
            "Attika is played by 2 to 4 players, not {}.",
            options.players
        ))
    })?;
    let seat_count = options.players as usize;
    let c = &t.constants;
    let mut rng = GameRng::seeded(seed);

    let mut stack: Vec<PieceId> = (0..t.pieces.len() as u8).map(PieceId).collect();
    rng.shuffle(&mut stack);

    let mut state = State {
        options: options.clone(),
        rng,
        start: Seat(0),
        current: Seat(0),
        turn: Turn::default(),
        step: Step::Main,
        players: Vec::with_capacity(seat_count),
        cells: Vec::new(),
        shrines: start.shrines.clone(),
        map_stack: Vec::new(),
        pieces: Vec::new(),
        deck: Vec::new(),
        discards: [0; 4],
        amphora_supply: c.amphorae,
        #[cfg(feature = "state-layout-probe")]
        layout_probe: 0,
    };
    for &centre in &start.centres {
        let Some(piece) = stack.pop() else {
            return Err(SetupError("not enough map pieces".into()));
        };
        lay_piece(&mut state, piece, centre, 0);
    }
    state.map_stack = stack;

    for _ in 0..seat_count {
        let mut main: Vec<BuildingId> = Vec::new();
        let mut others: Vec<BuildingId> = Vec::new();
        for (i, b) in t.buildings.iter().enumerate() {
            if b.is_main {
                main.push(BuildingId(i as u8));
            } else {
                others.push(BuildingId(i as u8));
            }
        }
        state.rng.shuffle(&mut main);
        state.rng.shuffle(&mut others);
        let third = others.len().div_ceil(3);
        let mut chunks = others.chunks(third.max(1)).map(|c| c.to_vec());
        let mut piles = [
            main,
            chunks.next().unwrap_or_default(),
            chunks.next().unwrap_or_default(),
            chunks.next().unwrap_or_default(),
        ];
        let reserve = piles.iter_mut().filter_map(|p| p.pop()).collect();
        state.players.push(Player {
            hand: [0; 4],
            piles,
            reserve,
            placed: Vec::new(),
            amphorae: 0,
            groups_done: Vec::new(),
        });
    }

    for r in Resource::ALL {
        for _ in 0..c.cards_per_type {
            state.deck.push(r);
        }
    }
    state.rng.shuffle(&mut state.deck);

    state.start = Seat(state.rng.index(seat_count) as u8);
    state.current = state.start;
    for i in 0..seat_count {
        let seat = Seat(((state.start.index() + i) % seat_count) as u8);
        let count = c.start_hands.get(i).copied().unwrap_or(0);
        let mut ignored = Vec::new();
        state.draw_cards(seat, count, &mut ignored);
    }
    Ok(state)
}

/// Adds a map piece's seven cells to the board.
pub(crate) fn lay_piece(
    state: &mut State,
    piece: PieceId,
    center: super::types::Hex,
    rotation: u8,
) {
    let data = &tables().pieces[piece.0 as usize];
    for (hex, i) in piece_cells(center, rotation) {
        state.add_cell(hex, data.hexes[i]);
    }
    state.pieces.push((piece, center, rotation));
}
