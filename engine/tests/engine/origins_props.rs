//! Random legal playouts of Origins: First Builders (solo and 2-4 players): what the generic
//! conformance suite (`conformance.rs`, which also checks `FirstBuilders::invariants` at every
//! step) does not know about this game.
//!
//! CHECKLIST (property -> where)
//! * resources never negative and every cost paid in full -> check_payments: every change
//!   is a Gained/Paid event and each action pays exactly its cost, so no cost is ever
//!   silently cut short (`AGORA_CONFORMANCE_GAMES` / 5 games per player count)
//! * deep states (Counsellors, Districts, exhausted piles) are reached -> "long" games that
//!   mostly avoid raising towers, the usual way random games end
//! * the game ends with an outcome from `play_random` -> play_random_reaches_outcome
//! * every player count with Ancient Wonders, Builders' Challenges, both and neither, played
//!   by the builder bot (towers, Wonders, the base end conditions), invariants after every
//!   action, challenge games last one round per tile ->
//!   every_module_combination_plays_to_an_outcome_with_the_builder_bot

use crate::conformance::DEFAULT_GAMES;
use agora_engine::core::playout::{play_random, RandomBot};
use agora_engine::first_builders::bot::Builder;
use agora_engine::first_builders::data::{tables, BonusEffect, MainAction, ZodiacKind};
use agora_engine::first_builders::state::{State, Task};
use agora_engine::first_builders::types::{
    Action, Challenges, CityTile, EndReason, Event, MainSlot, Options, Worker,
};
use agora_engine::first_builders::FirstBuilders;
use agora_engine::{Game, Seat};

fn games() -> u64 {
    std::env::var("AGORA_CONFORMANCE_GAMES")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or(DEFAULT_GAMES)
        / 5
}

/// Resource amounts an action must pay, computed from the state before it (every path
/// that pays: towers, bases, visits, Market/kept tiles, recruitment, Temple main action,
/// the three paying Bonus actions, Feed, Trade, the temple buildings' extra step). With the
/// `Paid` events this proves that no cost was silently reduced: a payment never took
/// more than the player held (resources never negative).
fn expected_payment(s: &State, seat: Seat, action: &Action) -> u32 {
    let t = tables();
    let p = s.player(seat);
    match (s.tasks().last(), action) {
        (None, Action::RaiseTower(c)) => p.towers[c.index()] as u32,
        (None, Action::BuyBase) => t.board.population.food[(p.bases - 2) as usize] as u32,
        (Some(Task::ChoosePlace { worker }), Action::MeetingPlace(pl)) => {
            let value = match worker {
                Worker::Archon => return 0,
                Worker::Freeman(i) => p.freemen[*i as usize].die.value,
                Worker::Orator(i) => p.orators[*i as usize].value,
            };
            s.places()[*pl as usize - 1].dial.saturating_sub(value) as u32
        }
        (Some(Task::Visit { place, .. }), Action::Main(slot)) => {
            let mp = &t.board.meeting_place[*place as usize - 1];
            let a = if *slot == MainSlot::Top {
                mp.top
            } else {
                mp.bottom
            };
            u32::from(a == MainAction::Temple)
        }
        (Some(Task::Visit { place, .. }), Action::Bonus) => {
            match s.places()[*place as usize - 1]
                .bonus
                .row()
                .map(|b| b.effect)
            {
                Some(BonusEffect::Military | BonusEffect::Build | BonusEffect::Temple) => 1,
                _ => 0,
            }
        }
        // Ancient Wonders: the claim at any decision of a visit (1 Gold), the Wonder's Stone
        // when it is placed, each resource given to the Great Pyramid.
        (_, Action::ClaimWonder) => 1,
        (Some(Task::PlaceWonder { wonder }), Action::PlaceWonder { .. }) => wonder.stone() as u32,
        (Some(Task::Pyramid { .. }), Action::Resource(_)) => 1,
        (Some(Task::Feed { .. }), Action::Freeman(_) | Action::Advance) => 1,
        (Some(Task::Trade), Action::Resource(_)) => 1,
        (Some(Task::TempleExtra { .. }), Action::Track(_)) => 1,
        (Some(Task::Recruit { free: false, .. }), Action::RecruitSlot(k)) => {
            let taurus = u8::from(s.has_zodiac(seat, ZodiacKind::Taurus));
            t.board.recruitment.wisdom[*k as usize - 1].saturating_sub(taurus) as u32
        }
        (
            Some(Task::Place {
                tile: CityTile::Building(_),
                wisdom,
                stone,
            }),
            Action::Place(cell),
        ) => {
            let over_farm = p
                .city
                .iter()
                .any(|x| x.cells.contains(cell) && matches!(x.tile, CityTile::Farm { .. }));
            if over_farm {
                0
            } else {
                *wisdom as u32 + *stone as u32
            }
        }
        _ => 0,
    }
}

/// Every resource change of an action is reported by a Gained or Paid event, and the
/// action paid exactly its cost.
fn check_payments(before: &State, after: &State, seat: Seat, action: &Action, events: &[Event]) {
    for (k, (b, a)) in before
        .seats()
        .zip(before.players().iter().zip(after.players()))
    {
        let mut expected: [i64; 4] = b.res.map(i64::from);
        let mut paid = 0u32;
        for e in events {
            match e {
                Event::Gained {
                    seat: s,
                    resource,
                    amount,
                } if *s == k => expected[resource.index()] += *amount as i64,
                Event::Paid {
                    seat: s,
                    resource,
                    amount,
                } if *s == k => {
                    expected[resource.index()] -= *amount as i64;
                    paid += *amount as u32;
                }
                _ => {}
            }
        }
        assert_eq!(
            expected,
            a.res.map(i64::from),
            "seat {k}: resources vs events after {action:?}"
        );
        let cost = if k == seat {
            expected_payment(before, seat, action)
        } else {
            0
        };
        assert_eq!(paid, cost, "seat {k}: payment of {action:?}");
    }
}

/// A random legal action; `long` games mostly avoid raising towers (the usual way random
/// games end) to reach deeper states (Counsellors, Districts, exhausted piles).
fn choose(bot: &mut RandomBot, state: &State, long: bool) -> (Seat, Action) {
    let seat = state.current();
    let all = FirstBuilders::legal_actions(state, seat);
    assert!(!all.is_empty(), "no legal action for the seat to act");
    let calm: Vec<Action> = all
        .iter()
        .copied()
        .filter(|a| !matches!(a, Action::RaiseTower(_)))
        .collect();
    let pool = if long && !calm.is_empty() && bot.below(20) != 0 {
        calm
    } else {
        all
    };
    (seat, pool[bot.below(pool.len())])
}

/// Who chooses the actions of a test game.
#[derive(Clone, Copy, PartialEq)]
enum Player {
    /// Uniform over the legal actions.
    Random,
    /// Uniform, but mostly avoiding towers (deeper states).
    Long,
    /// `first_builders::bot::Builder`: saves Gold, raises towers, builds (the late game).
    Builder,
}

fn run(players: u8, count: u64, long: bool) {
    let kind = if long { Player::Long } else { Player::Random };
    run_with(&Options::players(players), count, kind);
}

/// Plays `count` games of `options`, checking every payment and the invariants after
/// every action, and the outcome (and with Builders' Challenges, that the game lasted
/// exactly one round per tile).
fn run_with(options: &Options, count: u64, kind: Player) {
    let players = options.players;
    let salt = match kind {
        Player::Random => 0,
        Player::Long => 500_000,
        Player::Builder => 900_000,
    } + 10_000 * u64::from(options.wonders)
        + 20_000 * options.challenges.tiles() as u64;
    for g in 0..count {
        let seed = 1000 * players as u64 + g + salt;
        let mut state = FirstBuilders::setup(options, seed).expect("setup");
        let mut random = RandomBot::seeded(seed ^ 0x5eed);
        let mut builder = Builder::seeded(seed ^ 0x5eed);
        let mut steps = 0;
        while !FirstBuilders::to_act(&state).is_empty() {
            steps += 1;
            assert!(steps < 20_000, "game too long ({players}p seed {seed})");
            let (seat, action) = match kind {
                Player::Builder => builder.choose(&state).expect("a seat to act"),
                _ => choose(&mut random, &state, kind == Player::Long),
            };
            let before = state.clone();
            let events = FirstBuilders::apply(&mut state, seat, &action).unwrap_or_else(|e| {
                panic!("listed action {action:?} refused: {e} ({players}p seed {seed})")
            });
            check_payments(&before, &state, seat, &action, &events);
            if let Err(e) = FirstBuilders::invariants(&state) {
                panic!("after {action:?}: {e} ({options:?} seed {seed})");
            }
        }
        let outcome = FirstBuilders::outcome(&state).expect("an outcome");
        assert_eq!(outcome.standings.len(), players as usize);
        if options.challenges.on() {
            assert_eq!(state.end_reasons(), [EndReason::ChallengesDone]);
            assert_eq!(state.round() as usize, options.challenges.tiles());
        }
    }
}

/// Every player count with each module alone and both, played by the builder bot, which
/// reaches towers, Wonders built and the base end conditions (the uniform bot rarely
/// does). `AGORA_CONFORMANCE_GAMES=1000` plays 1,000 games of each.
#[test]
fn every_module_combination_plays_to_an_outcome_with_the_builder_bot() {
    let count = std::env::var("AGORA_CONFORMANCE_GAMES")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .map_or(games() / 3, |n| n);
    for players in 1..=4u8 {
        for (wonders, challenges) in [
            (false, Challenges::None),
            (true, Challenges::None),
            (false, Challenges::Normal),
            (true, Challenges::Normal),
        ] {
            let options = Options {
                wonders,
                challenges,
                ..Options::players(players)
            };
            run_with(&options, count, Player::Builder);
        }
    }
}

#[test]
fn solo_games_pay_every_cost() {
    run(1, games(), false);
    run(1, games() / 5, true);
}

#[test]
fn two_player_games_pay_every_cost() {
    run(2, games(), false);
    run(2, games() / 5, true);
}

#[test]
fn three_player_games_pay_every_cost() {
    run(3, games(), false);
    run(3, games() / 5, true);
}

#[test]
fn four_player_games_pay_every_cost() {
    run(4, games(), false);
    run(4, games() / 5, true);
}

#[test]
fn play_random_reaches_outcome() {
    let mut state = FirstBuilders::setup(&Options::players(4), 7).expect("setup");
    let mut bot = RandomBot::seeded(7);
    play_random::<FirstBuilders>(&mut state, &mut bot, 50_000).expect("playout");
    assert!(FirstBuilders::outcome(&state).is_some());
    assert!(FirstBuilders::legal_actions(&state, Seat(0)).is_empty());
}
