//! [`Game::pass`], what a server plays for a seat whose time ran out under the "skip"
//! policy: along random games of every configuration, where one seat passes whenever it
//! can, it is always a legal decision of that seat. Then, per game, the rules' pass or end
//! of turn is the one offered.
//!
//! A seat that always passes need not let the game end: in Attika the only ends are
//! victories, and a 2-player game (seed 0) with seat 0 always ending its turn at once ran past
//! 20,000 decisions, so the random games here stop after [`MAX_STEPS`].

use agora_engine::attika::{types as attika, Attika};
use agora_engine::core::playout::RandomBot;
use agora_engine::first_builders::{types as fb, FirstBuilders};
use agora_engine::origin::{self, Origin};
use agora_engine::registry::{visit_games, GameKind, GameVisitor};
use agora_engine::terra_nova::{self, TerraNova};
use agora_engine::{Game, Seat};

const GAMES: u64 = 12;
const MAX_STEPS: usize = 3_000;

/// Plays `GAMES` games of `options` where seat 0 passes whenever it can (a player that
/// keeps timing out) and the others play at random: returns how often a pass was offered.
fn passes_are_legal<G: Game>(name: &str, options: &G::Options) -> usize {
    let mut offered = 0;
    for seed in 0..GAMES {
        let mut state = G::setup(options, seed).expect("sets up");
        let mut bot = RandomBot::seeded(seed);
        for step in 0..MAX_STEPS {
            let to_act = G::to_act(&state);
            if to_act.is_empty() {
                break;
            }
            for seat in (0..G::seat_count(&state) as u8).map(Seat) {
                let Some(pass) = G::pass(&state, seat) else {
                    continue;
                };
                offered += 1;
                assert!(
                    G::legal_actions(&state, seat).contains(&pass),
                    "{name} seed {seed} step {step}: {pass:?} offered to {seat} is not legal"
                );
            }
            let skipped = G::pass(&state, Seat(0)).filter(|_| to_act.contains(Seat(0)));
            let (seat, action) = match skipped {
                Some(pass) => (Seat(0), pass),
                None => bot
                    .choose::<G>(&state)
                    .expect("the seat to act has a choice"),
            };
            G::apply(&mut state, seat, &action).expect("a legal decision is accepted");
        }
    }
    offered
}

struct Passes;

impl GameVisitor for Passes {
    fn visit<G: Game>(&mut self, _kind: GameKind) {
        let offered: usize = G::configurations()
            .iter()
            .map(|(name, options)| passes_are_legal::<G>(&format!("{}/{name}", G::ID), options))
            .sum();
        assert!(offered > 0, "{}: a pass is offered sometimes", G::ID);
    }
}

#[test]
fn every_offered_pass_is_legal() {
    visit_games(&mut Passes);
}

/// Plays at random from `seed` until the seat to act may take `wanted`; returns that seat.
fn play_until<G: Game>(state: &mut G::State, seed: u64, wanted: &G::Action) -> Seat {
    try_play_until::<G>(state, seed, wanted)
        .unwrap_or_else(|| panic!("{wanted:?} never became legal"))
}

/// Plays at random from `seed` until the seat to act may take `wanted` (that seat), or
/// until the game ends (`None`).
fn try_play_until<G: Game>(state: &mut G::State, seed: u64, wanted: &G::Action) -> Option<Seat> {
    let mut bot = RandomBot::seeded(seed);
    for _ in 0..MAX_STEPS {
        let seat = G::to_act(state).iter().next()?;
        if G::legal_actions(state, seat).contains(wanted) {
            return Some(seat);
        }
        let (seat, action) = bot.choose::<G>(state)?;
        G::apply(state, seat, &action).expect("legal");
    }
    None
}

fn first_configuration<G: Game>() -> G::Options {
    let (_, options) = G::configurations().swap_remove(0);
    options
}

#[test]
fn terra_nova_passes_takes_the_first_bonus_tile_then_ends_the_turn() {
    use terra_nova::Action;
    let mut state = TerraNova::setup(&first_configuration::<TerraNova>(), 1).expect("setup");
    // A setup choice (the faction draft) is no pass.
    let seat = TerraNova::to_act(&state).iter().next().expect("someone");
    assert_eq!(TerraNova::pass(&state, seat), None);
    let seat = play_until::<TerraNova>(&mut state, 1, &Action::Pass);
    assert_eq!(TerraNova::pass(&state, seat), Some(Action::Pass));
    let other = Seat(1 - seat.0);
    assert_eq!(TerraNova::pass(&state, other), None, "not its turn");
    TerraNova::apply(&mut state, seat, &Action::Pass).expect("pass");
    let legal = TerraNova::legal_actions(&state, seat);
    if matches!(legal.first(), Some(Action::TakeBonus(_))) {
        assert_eq!(TerraNova::pass(&state, seat), legal.first().cloned());
        let tile = legal[0].clone();
        TerraNova::apply(&mut state, seat, &tile).expect("bonus");
    }
    assert_eq!(TerraNova::pass(&state, seat), Some(Action::EndTurn));
}

#[test]
fn origin_ends_the_turn_after_the_main_action_and_junior_has_no_pass() {
    use origin::Action;
    let mut state = Origin::setup(&first_configuration::<Origin>(), 3).expect("setup");
    let seat = Origin::to_act(&state).iter().next().expect("someone");
    assert_eq!(
        Origin::pass(&state, seat),
        None,
        "keeping an Objective is no pass"
    );
    let seat = play_until::<Origin>(&mut state, 3, &Action::EndTurn);
    assert_eq!(Origin::pass(&state, seat), Some(Action::EndTurn));
    Origin::apply(&mut state, seat, &Action::EndTurn).expect("end turn");
    let next = Origin::to_act(&state)
        .iter()
        .next()
        .expect("the game goes on");
    assert_ne!(next, seat, "the turn passed on");

    let junior = Origin::configurations()
        .into_iter()
        .find(|(name, _)| name.starts_with("junior"))
        .map(|(_, options)| options)
        .expect("a Junior configuration");
    let mut state = Origin::setup(&junior, 3).expect("setup");
    let mut bot = RandomBot::seeded(3);
    for _ in 0..50 {
        let Some((seat, action)) = bot.choose::<Origin>(&state) else {
            break;
        };
        assert!(
            matches!(Origin::pass(&state, seat), None | Some(Action::PassMain)),
            "Junior has no end of turn"
        );
        Origin::apply(&mut state, seat, &action).expect("legal");
    }
}

#[test]
fn attika_may_end_the_turn_at_any_moment() {
    use attika::Action;
    let mut state = Attika::setup(&first_configuration::<Attika>(), 5).expect("setup");
    let seat = Attika::to_act(&state).iter().next().expect("someone");
    if Attika::legal_actions(&state, seat).contains(&Action::EndTurn) {
        assert_eq!(Attika::pass(&state, seat), Some(Action::EndTurn));
    }
    let seat = play_until::<Attika>(&mut state, 5, &Action::EndTurn);
    assert_eq!(Attika::pass(&state, seat), Some(Action::EndTurn));
    Attika::apply(&mut state, seat, &Action::EndTurn).expect("end turn");
}

#[test]
fn first_builders_passes_for_the_round_or_ends_the_turn() {
    use fb::Action;
    let mut state =
        FirstBuilders::setup(&first_configuration::<FirstBuilders>(), 7).expect("setup");
    let seat = FirstBuilders::to_act(&state)
        .iter()
        .next()
        .expect("someone");
    assert_eq!(
        FirstBuilders::pass(&state, seat),
        None,
        "the draft is no pass"
    );
    let seat = play_until::<FirstBuilders>(&mut state, 7, &Action::Pass);
    assert_eq!(FirstBuilders::pass(&state, seat), Some(Action::Pass));
    // `EndTurn` is asked only when a Superiority token could buy one more action.
    let ended = (0..50).find_map(|seed| {
        let mut state =
            FirstBuilders::setup(&first_configuration::<FirstBuilders>(), seed).expect("setup");
        let seat = try_play_until::<FirstBuilders>(&mut state, seed, &Action::EndTurn)?;
        Some(FirstBuilders::pass(&state, seat))
    });
    assert_eq!(ended, Some(Some(Action::EndTurn)), "reached in 50 games");
}
