//! Origin determinization (`Game::determinize`) as a player would check it: what I see
//! stays, what I do not see is dealt again from the items I have not seen.

use crate::origin_support::*;
use agora_engine::core::playout::RandomBot;
use agora_engine::GameRng;
use std::collections::HashSet;

/// Determinizations of `state` for `seat`, one per generator seed.
fn dets(state: &State, seat: u8, n: u64) -> Vec<State> {
    (0..n)
        .map(|k| Origin::determinize(state, Seat(seat), &mut GameRng::seeded(k)))
        .collect()
}

fn seen_by(state: &State, seat: u8) -> String {
    serde_json::to_string(&Origin::view(state, Viewer::Seat(Seat(seat)))).expect("serializes")
}

/// Standard 2p, seat 0 to play: seat 0 and seat 1 each hold three cards.
fn standard_hands() -> State {
    Position::standard(2)
        .hand(0, &["A03", "P01", "O01"])
        .hand(1, &["A10", "A08", "P05"])
        .build()
}

/// Plays random legal actions from `setup` until `stop` holds (or the game ends).
fn play_until(options: &Options, seed: u64, stop: impl Fn(&State) -> bool) -> State {
    let mut state = Origin::setup(options, seed).expect("sets up");
    let mut bot = RandomBot::seeded(seed);
    while !stop(&state) {
        let Some((seat, action)) = bot.choose::<Origin>(&state) else {
            break;
        };
        Origin::apply(&mut state, seat, &action).expect("a listed action is accepted");
    }
    state
}

fn junior(players: u8) -> Options {
    Options {
        players,
        rules: RuleSet::Junior,
        first_player: None,
    }
}

#[test]
fn my_hand_the_played_cards_and_the_face_up_tiles_never_change() {
    let state = standard_hands();
    for det in dets(&state, 0, 20) {
        assert_eq!(hand(&det, 0), hand(&state, 0));
        assert_eq!(seen_by(&det, 0), seen_by(&state, 0));
        assert_eq!(
            Origin::view(&det, Viewer::Spectator),
            Origin::view(&state, Viewer::Spectator)
        );
        assert_eq!(
            Origin::legal_actions(&det, Seat(0)),
            Origin::legal_actions(&state, Seat(0))
        );
        assert!(cards_conserved(&det));
        assert_eq!(Origin::invariants(&det), Ok(()));
    }
}

#[test]
fn the_opponent_hand_keeps_its_colours_but_comes_from_the_cards_i_have_not_seen() {
    let state = standard_hands();
    let mine: HashSet<CardId> = hand(&state, 0).into_iter().collect();
    let mut hands = HashSet::new();
    for det in dets(&state, 0, 20) {
        assert_eq!(hand_colors(&det, 1), hand_colors(&state, 1));
        assert!(hand(&det, 1).iter().all(|c| !mine.contains(c)));
        hands.insert(hand(&det, 1));
    }
    assert!(
        hands.len() > 10,
        "the opponent's hand is dealt again: {hands:?}"
    );
}

#[test]
fn the_piles_are_reshuffled_the_next_card_drawn_differs() {
    let state = standard_hands();
    let tops: HashSet<Option<CardId>> = dets(&state, 0, 20)
        .iter()
        .map(|det| pile_cards(det, CardColor::Yellow).last().copied())
        .collect();
    assert!(tops.len() > 3, "next yellow cards: {tops:?}");
    let next_tiles: HashSet<Vec<u8>> = dets(&state, 0, 20)
        .iter()
        .map(|det| hidden_tile_levels(det).into_iter().rev().take(3).collect())
        .collect();
    assert!(next_tiles.len() > 3, "next refills: {next_tiles:?}");
}

#[test]
fn what_the_opponent_holds_in_secret_does_not_reach_the_result() {
    // Two positions I cannot tell apart: the opponent holds A10 or A11 (the other one is
    // in the yellow pile).
    let one = Position::standard(2).hand(1, &["A10"]).build();
    let two = Position::standard(2).hand(1, &["A11"]).build();
    assert_eq!(seen_by(&one, 0), seen_by(&two, 0));
    for k in 0..5 {
        let a = Origin::determinize(&one, Seat(0), &mut GameRng::seeded(k));
        let b = Origin::determinize(&two, Seat(0), &mut GameRng::seeded(k));
        assert!(a == b, "generator {k}: the determinizations differ");
    }
}

#[test]
fn in_the_draft_my_three_objectives_stay_and_the_others_come_from_the_rest() {
    let options = Options {
        players: 3,
        rules: RuleSet::Standard,
        first_player: None,
    };
    let state = Origin::setup(&options, 5).expect("sets up");
    let mine: HashSet<CardId> = draft(&state, 0).into_iter().collect();
    let mut dealt = HashSet::new();
    for det in dets(&state, 0, 20) {
        assert_eq!(draft(&det, 0), draft(&state, 0));
        for other in [1, 2] {
            assert_eq!(draft(&det, other).len(), 3);
            assert!(draft(&det, other).iter().all(|c| !mine.contains(c)));
        }
        dealt.insert(draft(&det, 1));
    }
    assert!(dealt.len() > 10);
}

#[test]
fn junior_my_tiles_and_tokens_stay_the_others_keep_their_count_not_their_values() {
    // A Junior game where the opponent holds tiles and a token.
    let held = |s: &State| {
        !stacks(s, 1).is_empty() && !hunting_tokens(s, 1).is_empty() && !stacks(s, 0).is_empty()
    };
    let state = (0..200)
        .map(|seed| play_until(&junior(2), seed, held))
        .find(|s| held(s) && !is_over(s))
        .expect("some game reaches it");
    let unseen = |s: &State| {
        let mut levels = hidden_tile_levels(s);
        levels.extend(stacks(s, 1).concat());
        levels.sort_unstable();
        levels
    };
    let mut theirs = HashSet::new();
    for det in dets(&state, 0, 30) {
        assert_eq!(stacks(&det, 0), stacks(&state, 0));
        assert_eq!(hunting_tokens(&det, 0), hunting_tokens(&state, 0));
        assert_eq!(strait_tokens(&det, 0), strait_tokens(&state, 0));
        let shape = |s: &State| stacks(s, 1).iter().map(Vec::len).collect::<Vec<_>>();
        assert_eq!(shape(&det), shape(&state));
        assert_eq!(
            hunting_tokens(&det, 1).len(),
            hunting_tokens(&state, 1).len()
        );
        // Dealt from the tiles I have not seen, and only from those.
        assert_eq!(unseen(&det), unseen(&state));
        theirs.insert((stacks(&det, 1), hunting_tokens(&det, 1)));
    }
    assert!(
        theirs.len() > 5,
        "the opponent's tiles and tokens are dealt again"
    );
}

#[test]
fn junior_final_scoring_turns_everything_up_nothing_moves() {
    let state = play_until(&junior(3), 3, is_over);
    assert!(is_over(&state));
    for det in dets(&state, 0, 5) {
        for seat in 0..3 {
            assert_eq!(stacks(&det, seat), stacks(&state, seat));
            assert_eq!(hunting_tokens(&det, seat), hunting_tokens(&state, seat));
            assert_eq!(strait_tokens(&det, seat), strait_tokens(&state, seat));
            assert_eq!(hand_colors(&det, seat), hand_colors(&state, seat));
        }
        assert_eq!(Origin::outcome(&det), Origin::outcome(&state));
    }
}
