//! Determinization ([`crate::Game::determinize`]): a state one seat cannot tell from the
//! real one, with everything hidden from it dealt again.
//!
//! What a seat does not see (see `view.rs`): the order of the three card piles and of the
//! face-down tiles, the card ids of other seats' hands and draft (their colours and counts
//! show), the unused hunting token, and in Junior the levels of other seats' tiles, the
//! values of other seats' tokens and of every token still on the board, and the 6 Objective
//! cards left out of the game. Each kind of hidden item is pooled, sorted, shuffled and dealt
//! back into the same places, so counts, colours, stack shapes and token positions stay.
//!
//! What the seat was shown earlier but the state does not record is treated as unknown
//! (the safe reading): the cards it put back under a pile (rewards option B, hand limit),
//! the two Objective cards it gave back in the draft (until the deck is reshuffled), and a
//! card stolen from it (it saw which card the thief took).

use super::assumptions::JUNIOR_STACKING_RULE;
use super::data::tables;
use super::state::{pile_index, State, CARD_COLORS};
use super::types::*;
use crate::{GameRng, Seat};

// Junior tiles each start their own stack, so the shape of another seat's stacks says
// nothing about their levels; with the stacking rule it would, and dealing tiles into it
// at random could break it.
const _: () = assert!(
    !JUNIOR_STACKING_RULE,
    "determinize deals Junior tiles freely"
);

/// Keeps what `seat` sees; deals again the hidden cards, tiles and token values, and
/// replaces the generator (the future draws are unknown too).
pub fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
    let mut det = state.clone();
    for color in CARD_COLORS {
        redeal(&mut det, rng, |s, f| hidden_cards(s, seat, color, f));
    }
    redeal(&mut det, rng, |s, f| hidden_tiles(s, seat, f));
    redeal(&mut det, rng, |s, f| hidden_hunting(s, seat, f));
    redeal(&mut det, rng, |s, f| hidden_straits(s, seat, f));
    det.rng = rng.fork();
    det
}

/// Pools the items of the places `places` visits (in a fixed order that depends only on
/// what the seat sees), sorts the pool (so only what the seat sees decides the result),
/// shuffles it and deals it back into the same places.
fn redeal<T: Copy + Ord>(
    state: &mut State,
    rng: &mut GameRng,
    places: impl Fn(&mut State, &mut dyn FnMut(&mut T)),
) {
    let mut pool = Vec::new();
    places(state, &mut |item| pool.push(*item));
    pool.sort_unstable();
    rng.shuffle(&mut pool);
    let mut dealt = pool.into_iter();
    places(state, &mut |item| {
        if let Some(next) = dealt.next() {
            *item = next;
        }
    });
}

/// Junior face-down tiles and tokens are turned up for the final scoring.
fn face_down(state: &State) -> bool {
    state.junior() && !state.over
}

/// The cards of `color` whose id `seat` does not see: its pile, the other seats' cards of
/// that colour (hand and draft), and in Junior the Objective cards left out of the game
/// (in Standard the discard holds only Action cards played face up).
fn hidden_cards(state: &mut State, seat: Seat, color: CardColor, f: &mut dyn FnMut(&mut CardId)) {
    let t = tables();
    let junior = state.junior();
    let mut of_color = |card: &mut CardId| {
        if t.card_color(*card) == color {
            f(card);
        }
    };
    state.piles[pile_index(color)]
        .iter_mut()
        .for_each(&mut of_color);
    for (i, player) in state.players.iter_mut().enumerate() {
        if i != seat.index() {
            player.hand.iter_mut().for_each(&mut of_color);
        }
    }
    for (i, dealt) in state.draft.iter_mut().enumerate() {
        if i != seat.index() {
            dealt.iter_mut().for_each(&mut of_color);
        }
    }
    if junior {
        state.discard.iter_mut().for_each(&mut of_color);
    }
}

/// The face-down tiles, and in Junior the other seats' tiles (face down to `seat`).
fn hidden_tiles(state: &mut State, seat: Seat, f: &mut dyn FnMut(&mut TileId)) {
    state.tile_pile.iter_mut().for_each(&mut *f);
    if face_down(state) {
        for (i, player) in state.players.iter_mut().enumerate() {
            if i != seat.index() {
                player.tiles.0.iter_mut().flatten().for_each(&mut *f);
            }
        }
    }
}

/// The unused hunting token, and in Junior the board's tokens and the other seats' ones.
fn hidden_hunting(state: &mut State, seat: Seat, f: &mut dyn FnMut(&mut u8)) {
    state.unused_hunting.iter_mut().for_each(&mut *f);
    if face_down(state) {
        state.hunting.iter_mut().flatten().for_each(&mut *f);
        for (i, player) in state.players.iter_mut().enumerate() {
            if i != seat.index() {
                player.hunting_tokens.iter_mut().for_each(&mut *f);
            }
        }
    }
}

/// Junior: the values of the strait tokens on the board and of the other seats' ones (each
/// stays on its strait; only its value is hidden). Standard tokens are face up.
fn hidden_straits(state: &mut State, seat: Seat, f: &mut dyn FnMut(&mut u8)) {
    if !face_down(state) {
        return;
    }
    state.straits.iter_mut().flatten().for_each(&mut *f);
    for (i, player) in state.players.iter_mut().enumerate() {
        if i != seat.index() {
            player
                .strait_tokens
                .iter_mut()
                .for_each(|(_, value)| f(value));
        }
    }
}
