//! Attika's determinization (`Game::determinize`) as a player sees it: my cards and
//! everything face up never change; the opponents' cards, the deck, every face-down
//! building pile (mine too) and the map stack are dealt again from what I have not seen.
//! The contract for every game (same view, blind, resampled): determinization.rs.

use crate::attika_common::*;
use agora_engine::attika::state::State;
use agora_engine::attika::types::{Action, BuildingId, Event, Resource};
use agora_engine::attika::Attika;
use agora_engine::core::playout::RandomBot;
use agora_engine::{Game, GameRng, Seat, Viewer};
use std::collections::BTreeSet;

/// Determinizations tried per test.
const TRIES: u64 = 40;

fn det(s: &State, seat: u8, seed: u64) -> State {
    Attika::determinize(s, Seat(seat), &mut GameRng::seeded(seed))
}

/// A 3-player game some turns in: cards in every hand and in the discards, buildings in
/// reserves and on the board.
fn midgame() -> State {
    let mut s = Attika::setup(&options(3), 11).expect("setup");
    let mut bot = RandomBot::seeded(5);
    for _ in 0..80 {
        let Some((seat, action)) = bot.choose::<Attika>(&s) else {
            break;
        };
        Attika::apply(&mut s, seat, &action).expect("a listed action");
    }
    assert!(!s.is_over(), "the test wants a game still running");
    s
}

/// What each determinization gives, as a set (more than one: dealt again).
fn outcomes<T: Ord>(f: impl Fn(u64) -> T) -> BTreeSet<T> {
    (0..TRIES).map(f).collect()
}

fn sorted(mut buildings: Vec<BuildingId>) -> Vec<BuildingId> {
    buildings.sort();
    buildings
}

#[test]
fn my_hand_and_everything_face_up_never_change() {
    let s = midgame();
    for seed in 0..TRIES {
        let d = det(&s, 0, seed);
        assert_eq!(d.player(Seat(0)).hand, s.player(Seat(0)).hand);
        assert_eq!(
            Attika::view(&d, Viewer::Seat(Seat(0))),
            Attika::view(&s, Viewer::Seat(Seat(0)))
        );
        for seat in s.seats() {
            let (p, q) = (d.player(seat), s.player(seat));
            assert_eq!(p.reserve, q.reserve);
            assert_eq!(p.placed, q.placed);
            assert_eq!(p.hand.iter().sum::<u8>(), q.hand.iter().sum::<u8>());
        }
        assert_eq!(d.discards(), s.discards());
        assert_eq!(d.deck_size(), s.deck_size());
        assert_eq!(d.cells(), s.cells());
        assert_eq!(Attika::invariants(&d), Ok(()));
    }
}

#[test]
fn an_opponents_hand_keeps_its_size_but_comes_from_the_cards_i_have_not_seen() {
    let mut s = fresh(2);
    // I hold every water card: the opponent can hold none.
    set_hand(&mut s, 0, [15, 0, 0, 0]);
    set_hand(&mut s, 1, [0, 2, 2, 0]);
    let hands = outcomes(|seed| det(&s, 0, seed).player(Seat(1)).hand);
    for hand in &hands {
        assert_eq!(hand.iter().sum::<u8>(), 4);
        assert_eq!(hand[W.index()], 0, "{hand:?}");
    }
    assert!(hands.len() > 1, "the opponent's hand is always {hands:?}");
}

#[test]
fn the_deck_is_reshuffled_so_the_next_cards_drawn_differ() {
    let s = fresh(2);
    let draws = outcomes(|seed| {
        let mut d = det(&s, 0, seed);
        // No action this turn: the turn ends with cards from the deck.
        cards_of(&play(&mut d, 0, Action::EndTurn))
    });
    assert!(draws.len() > 1, "the deck always deals {draws:?}");
}

#[test]
fn a_reshuffle_still_to_come_is_unknown_too() {
    let mut s = fresh(2);
    deck_to_discards(&mut s);
    let draws = outcomes(|seed| {
        let mut d = det(&s, 0, seed);
        let events = play(&mut d, 0, Action::EndTurn);
        assert!(events
            .iter()
            .any(|e| matches!(e, Event::DeckReshuffled { .. })));
        cards_of(&events)
    });
    assert!(draws.len() > 1, "the reshuffle always deals {draws:?}");
}

#[test]
fn face_down_piles_keep_their_sizes_and_buildings_but_not_their_order() {
    let s = midgame();
    for seed in 0..TRIES {
        let d = det(&s, 0, seed);
        for seat in s.seats() {
            let (p, q) = (&d.player(seat).piles, &s.player(seat).piles);
            assert_eq!(p.clone().map(|x| x.len()), q.clone().map(|x| x.len()));
            // The main buildings stay in pile 0; the others mix across piles 1-3.
            assert_eq!(sorted(p[0].clone()), sorted(q[0].clone()));
            assert_eq!(sorted(p[1..].concat()), sorted(q[1..].concat()));
        }
    }
    // Even my own piles: I do not know which building lies where.
    let tops = outcomes(|seed| det(&s, 0, seed).player(Seat(0)).piles[1].last().copied());
    assert!(tops.len() > 1, "my pile 1 always has {tops:?} on top");
    let tops = outcomes(|seed| det(&s, 0, seed).player(Seat(1)).piles[2].last().copied());
    assert!(
        tops.len() > 1,
        "the opponent's pile 2 always has {tops:?} on top"
    );
}

#[test]
fn the_map_stack_is_reshuffled_so_the_next_piece_differs() {
    let mut s = fresh(2);
    // Pile 3 holds one building: drawing and storing it reveals a map piece.
    empty_pile(&mut s, 0, 3, 2);
    let code = s.player(Seat(0)).piles[2][0].code();
    pile_top(&mut s, 0, 3, code);
    let pieces = outcomes(|seed| {
        let mut d = det(&s, 0, seed);
        play(&mut d, 0, Action::Draw { pile: 3 });
        play(&mut d, 0, Action::Store)
            .iter()
            .find_map(|e| match e {
                Event::PieceRevealed { piece, .. } => Some(*piece),
                _ => None,
            })
            .expect("a map piece is revealed")
    });
    assert!(pieces.len() > 1, "the map stack always reveals {pieces:?}");
}

#[test]
fn two_positions_that_look_the_same_to_me_determinize_the_same() {
    let mut one = fresh(2);
    set_hand(&mut one, 1, [2, 0, 0, 0]);
    let mut other = fresh(2);
    set_hand(&mut other, 1, [0, 1, 0, 1]);
    // The opponent's bottom building of pile 1 moved to the top of that pile.
    let bottom = other.player(Seat(1)).piles[1][0].code();
    pile_top(&mut other, 1, 1, bottom);
    assert_ne!(one, other);
    let me = Viewer::Seat(Seat(0));
    assert_eq!(Attika::view(&one, me), Attika::view(&other, me));
    for seed in 0..TRIES {
        assert!(det(&one, 0, seed) == det(&other, 0, seed), "seed {seed}");
    }
}

/// The landscape cards the events show as drawn.
fn cards_of(events: &[Event]) -> Vec<Resource> {
    events
        .iter()
        .flat_map(|e| match e {
            Event::CardsDrawn { cards, .. } => cards.clone(),
            _ => Vec::new(),
        })
        .collect()
}
