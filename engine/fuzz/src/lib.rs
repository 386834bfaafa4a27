//! The property every fuzz target checks, written once for any game with a wire mapping
//! (shakmaty's `legals_are_legal`): build a reachable position from the input, decode the
//! rest of the input as the game's proto action, and check that the rules accept it
//! exactly when they list it, and that a refused action leaves the state byte-identical.
//!
//! Input layout: byte 0 picks the game among the registry's (`GameKind::ALL`, see
//! [`any_game`]); then, for that game, byte 0 picks one of `Game::configurations()`,
//! bytes 1..9 are the setup seed (also the random bot's), bytes 9..11 the number of random
//! legal steps (mod [`MAX_STEPS`]), byte 11 the seat (high bit clear: the seat to act; set:
//! the seat of the low bits, so other seats are tried too); the rest is the action message.

use agora_engine::core::playout::RandomBot;
use agora_engine::core::wire::{WireGame, WireInto};
use agora_engine::registry::{visit_wire_games, GameKind, WireGameVisitor};
use agora_engine::Seat;
use prost::Message;

/// The one fuzz target: byte 0 picks a registered game, and [`legal_iff_accepted`] runs
/// that game on the rest, so a new game is fuzzed once it is registered.
pub fn any_game(data: &[u8]) {
    struct Pick<'a> {
        kind: GameKind,
        data: &'a [u8],
    }
    impl WireGameVisitor for Pick<'_> {
        fn visit<G: WireGame>(&mut self, kind: GameKind) {
            if kind == self.kind {
                legal_iff_accepted::<G>(self.data);
            }
        }
    }
    let Some((&first, data)) = data.split_first() else {
        return;
    };
    let kind = GameKind::ALL[usize::from(first) % GameKind::ALL.len()];
    visit_wire_games(&mut Pick { kind, data });
}

/// Random legal steps before the action is tried; enough to reach every kind of decision
/// (payments, map pieces, the amphora phase, the end of a game) in each game.
pub const MAX_STEPS: u16 = 1024;

const HEADER: usize = 12;

pub fn legal_iff_accepted<G: WireGame>(data: &[u8]) {
    let Some((header, message)) = data.split_at_checked(HEADER) else {
        return;
    };
    let configurations = G::configurations();
    let (name, options) = &configurations[usize::from(header[0]) % configurations.len()];
    let seed = u64::from_le_bytes(header[1..9].try_into().expect("8 bytes"));
    let steps = u16::from_le_bytes([header[9], header[10]]) % MAX_STEPS;

    let mut state = G::setup(options, seed).unwrap_or_else(|e| panic!("{name}: setup: {e}"));
    let mut bot = RandomBot::seeded(seed);
    for _ in 0..steps {
        let Some((seat, action)) = bot.choose::<G>(&state) else {
            break;
        };
        if let Err(e) = G::apply(&mut state, seat, &action) {
            panic!("{name} seed {seed}: listed {action:?} by {seat} refused: {e}");
        }
    }

    let Ok(message) = G::PbAction::decode(message) else {
        return;
    };
    let decoded: Result<G::Action, _> = message.wire_into();
    let Ok(action) = decoded else {
        return;
    };
    // What decodes must encode back to the same action.
    let again: Result<G::Action, _> = G::PbAction::from(&action).wire_into();
    assert_eq!(again.as_ref(), Ok(&action), "{name}: wire round trip");

    let seat_count = G::seat_count(&state);
    let seat = match (header[11] & 0x80, G::to_act(&state).iter().next()) {
        (0, Some(to_act)) => to_act,
        _ => Seat((header[11] & 0x7f) % seat_count as u8),
    };
    let listed = G::legal_actions(&state, seat).contains(&action);
    let before = serde_json::to_vec(&state).expect("state serializes");
    let result = G::apply(&mut state, seat, &action);
    assert_eq!(
        listed,
        result.is_ok(),
        "{name} seed {seed} after {steps} steps: {action:?} by {seat} listed {listed}, apply {result:?}"
    );
    if result.is_err() {
        let after = serde_json::to_vec(&state).expect("state serializes");
        assert!(
            before == after,
            "{name} seed {seed}: refused {action:?} by {seat} changed the state"
        );
    }
}
