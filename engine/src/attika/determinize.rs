//! Determinization ([`crate::Game::determinize`]): a state one seat cannot tell from the
//! real one. Hidden from a seat in Attika: the other seats' landscape cards and the order
//! of the draw deck, the order of every player's face-down building piles (the owner's
//! too: piles 1–3 were dealt from one shuffle of the 24 non-main buildings, so which pile
//! holds which of them is unknown), the order of the face-down map stack, and the
//! generator's future draws. Everything else (own hand, discards, reserves, the board,
//! the building or map piece being handled) is face up and kept.
//!
//! Known limitation, the safe reading: past events showed a seat some of another seat's
//! cards (the types it paid, the cards of a reshuffled discard pile now in the deck), but
//! the state does not record what each seat was shown, so those cards are treated as
//! unknown and pooled with the rest.

use super::state::State;
use super::types::{BuildingId, PieceId, Resource};
use crate::{GameRng, Seat};

/// `state` with everything hidden from `seat` dealt again with `rng`; see the module doc.
pub fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
    let mut det = state.clone();
    deal_cards(&mut det, seat, rng);
    for player in 0..det.players.len() {
        deal_piles(&mut det, player, rng);
    }
    deal_map_stack(&mut det, rng);
    det.rng = rng.fork();
    det
}

/// Pools the deck and the other seats' hands (the cards `seat` has not seen), shuffles
/// them in a canonical order and deals each other hand back at its size, the rest to the
/// deck.
fn deal_cards(state: &mut State, seat: Seat, rng: &mut GameRng) {
    let others: Vec<usize> = (0..state.players.len())
        .filter(|&i| i != seat.index())
        .collect();
    let mut unseen = [0u8; 4];
    for card in &state.deck {
        unseen[card.index()] += 1;
    }
    for &i in &others {
        for r in Resource::ALL {
            unseen[r.index()] += state.players[i].hand[r.index()];
        }
    }
    let mut pool: Vec<Resource> = Resource::ALL
        .into_iter()
        .flat_map(|r| std::iter::repeat_n(r, usize::from(unseen[r.index()])))
        .collect();
    rng.shuffle(&mut pool);
    for &i in &others {
        let size: u8 = state.players[i].hand.iter().sum();
        let mut hand = [0u8; 4];
        for card in pool.drain(pool.len().saturating_sub(usize::from(size))..) {
            hand[card.index()] += 1;
        }
        state.players[i].hand = hand;
    }
    state.deck = pool;
}

/// Reshuffles pile 0 (the main buildings) on its own, and deals piles 1–3 again from
/// their pooled buildings, each keeping its size.
fn deal_piles(state: &mut State, player: usize, rng: &mut GameRng) {
    let piles = &mut state.players[player].piles;
    shuffle_sorted(&mut piles[0], rng);
    let sizes = [1, 2, 3].map(|k| piles[k].len());
    let mut pool: Vec<BuildingId> = piles[1..].iter_mut().flat_map(std::mem::take).collect();
    shuffle_sorted(&mut pool, rng);
    for (k, size) in [1, 2, 3].into_iter().zip(sizes) {
        piles[k] = pool.drain(pool.len().saturating_sub(size)..).collect();
    }
}

fn deal_map_stack(state: &mut State, rng: &mut GameRng) {
    let stack: &mut Vec<PieceId> = &mut state.map_stack;
    shuffle_sorted(stack, rng);
}

/// Shuffles `items` from a canonical order, so the result depends only on which items
/// they are, never on the order they were in.
fn shuffle_sorted<T: Ord>(items: &mut [T], rng: &mut GameRng) {
    items.sort();
    rng.shuffle(items);
}
