//! Random legal playouts of Attika (2, 3 and 4 players, with and without the
//! amphora-for-card option).
//!
//! CHECKLIST (property -> where)
//! * random legal games for 2, 3 and 4 players reach a winner -> two/three/four_player_random_games_end
//! * every listed legal action is accepted -> `run` applies every listed action on a clone
//!   at every step
//! * cards conserved (deck + discards + hands = 60), each player's 30 buildings conserved
//!   (piles + reserve + held + board), amphorae conserved (supply + held = 15), board cells
//!   = 7 per laid piece -> `check_invariants` after every step
//! * replay from options + seed + actions reproduces the state -> end of `run`

use crate::attika_common::{buildings_of, total_cards};
use agora_engine::attika::state::State;
use agora_engine::attika::types::Options;
use agora_engine::attika::Attika;
use agora_engine::core::playout::RandomBot;
use agora_engine::{Game, Seat};

fn games() -> u64 {
    std::env::var("AGORA_PROPS_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(150)
}

fn check_invariants(s: &State, ctx: &str) {
    assert_eq!(total_cards(s), 60, "{ctx}: cards conserved");
    for seat in 0..s.n() as u8 {
        assert_eq!(buildings_of(s, seat), 30, "{ctx}: buildings of seat {seat}");
    }
    let held: u32 = s.players.iter().map(|p| p.amphorae as u32).sum();
    assert_eq!(
        held + s.amphora_supply as u32,
        15,
        "{ctx}: amphorae conserved"
    );
    assert_eq!(
        s.cells.len(),
        7 * s.pieces.len(),
        "{ctx}: pieces never overlap"
    );
    assert_eq!(
        s.pieces.len()
            + s.map_stack.len()
            + usize::from(matches!(
                s.step,
                agora_engine::attika::state::Step::PlacePiece { .. }
            )),
        22,
        "{ctx}: map pieces conserved"
    );
    let built: usize = s.cells.iter().filter(|c| c.building.is_some()).count();
    let placed: usize = s.players.iter().map(|p| p.placed.len()).sum();
    assert_eq!(built, placed, "{ctx}: board and placed lists agree");
    for c in &s.cells {
        assert!(
            !s.shrines.contains(&c.hex),
            "{ctx}: a shrine is not a board cell"
        );
    }
}

fn run(players: u8, amphora_for_card: bool) {
    let options = Options {
        players,
        amphora_for_card,
    };
    let mut winners = vec![0u32; players as usize];
    let mut steps_max = 0;
    let mut by_connection = 0u32;
    for seed in 0..games() {
        let initial = Attika::setup(&options, seed).expect("setup");
        let mut s = initial.clone();
        let mut bot = RandomBot::seeded(seed.wrapping_mul(31) ^ 0xa77);
        let mut played = Vec::new();
        check_invariants(&s, "setup");
        while !Attika::to_act(&s).is_empty() {
            let ctx = format!("{players}p seed {seed} step {}", played.len());
            let seat = Seat(s.current);
            for a in Attika::legal_actions(&s, seat) {
                let mut copy = s.clone();
                if let Err(e) = Attika::apply(&mut copy, seat, &a) {
                    panic!("{ctx}: listed {a:?} refused: {e}");
                }
                check_invariants(&copy, &ctx);
            }
            let (seat, a) = bot.choose::<Attika>(&s).expect("an action");
            Attika::apply(&mut s, seat, &a).expect("accepted");
            played.push((seat, a));
            assert!(played.len() < 20_000, "{ctx}: too long");
        }
        steps_max = steps_max.max(played.len());
        let out = Attika::outcome(&s).expect("outcome");
        let w: Vec<Seat> = out.winners().collect();
        assert_eq!(w.len(), 1, "exactly one winner");
        assert_eq!(w[0].0, s.current, "only the active player can win");
        winners[w[0].index()] += 1;
        if out.standings[w[0].index()].breakdown[0].0 == "shrine connection" {
            by_connection += 1;
        }
        let mut replay = initial;
        for (seat, a) in &played {
            Attika::apply(&mut replay, *seat, a).expect("replay");
        }
        assert!(replay == s, "replay diverged");
    }
    eprintln!(
        "attika {players}p (amphora_for_card {amphora_for_card}): wins per seat {winners:?}, \
         {by_connection} by shrine connection, longest game {steps_max} decisions"
    );
}

#[test]
fn two_player_random_games_end() {
    run(2, false);
}

#[test]
fn three_player_random_games_end() {
    run(3, false);
}

#[test]
fn four_player_random_games_end() {
    run(4, false);
}

#[test]
fn amphora_for_card_random_games_end() {
    run(3, true);
}
