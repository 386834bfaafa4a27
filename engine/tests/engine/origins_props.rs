//! Random legal playouts of Origins: First Builders (2-4 players and solo).
//!
//! CHECKLIST (property -> where)
//! * at least 1,000 random legal games per player count and solo reach an outcome ->
//!   solo/two/three/four_player_random_games_end (AGORA_CONFORMANCE_GAMES, default 1000,
//!   plus 1/5 as many "long" games that mostly avoid raising towers to reach deep states)
//! * no listed legal action is ever rejected -> every listed action is applied on a clone
//!   at every step of every game (`run`)
//! * dice, tiles, floors, Orators and Superiority tokens conserved -> check_invariants,
//!   after every listed action of every step
//! * resources never negative -> u32 amounts (an underflow panics in test builds) and
//!   check_payments: every change is a Gained/Paid event and each action pays exactly its
//!   cost, so no cost is ever silently cut short
//! * replay from options + seed + actions reproduces the state -> end of `run`, every game

use agora_engine::core::playout::{play_random, RandomBot};
use agora_engine::origins::data::{tables, BonusEffect, MainAction, ZodiacKind};
use agora_engine::origins::state::{State, Task};
use agora_engine::origins::types::{Action, CityTile, Event, MainSlot, Options, Worker};
use agora_engine::origins::Origins;
use agora_engine::{Game, Seat};

fn games() -> u64 {
    std::env::var("AGORA_CONFORMANCE_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000)
}

/// Dice, orators, tiles and floors are conserved; resources never negative (u32).
fn colour_of(b: u8) -> Option<usize> {
    agora_engine::origins::state::building_colour(b).map(|x| x.index())
}

fn check_invariants(s: &State) {
    for c in 0..5 {
        let mut n = s.dice_reserve[c] as usize;
        n += s
            .recruitment
            .iter()
            .flatten()
            .filter(|d| d.colour.index() == c)
            .count();
        n += s
            .draft_pool
            .iter()
            .filter(|d| d.colour.index() == c)
            .count();
        for p in &s.players {
            n += p
                .freemen
                .iter()
                .filter(|f| f.die.colour.index() == c)
                .count();
            n += p
                .seats
                .iter()
                .filter(|(_, d)| d.colour.index() == c)
                .count();
            n += p.counsellors.iter().filter(|d| d.index() == c).count();
        }
        assert_eq!(n, s.dice_total[c] as usize, "dice of colour {c}");
        let mut tiles = s.piles[c].len();
        tiles += s
            .market
            .iter()
            .flatten()
            .filter(|&&b| {
                agora_engine::origins::state::building_colour(b).map(|x| x.index()) == Some(c)
            })
            .count();
        for p in &s.players {
            for t in &p.city {
                let b = match t.tile {
                    CityTile::Building(b) | CityTile::Farm { building: b, .. } => b,
                    _ => continue,
                };
                if colour_of(b) == Some(c) {
                    tiles += 1;
                }
            }
            tiles += p
                .kept
                .iter()
                .filter(|&&b| {
                    agora_engine::origins::state::building_colour(b).map(|x| x.index()) == Some(c)
                })
                .count();
        }
        for t in &s.tasks {
            if let agora_engine::origins::state::Task::Place {
                tile: CityTile::Building(b) | CityTile::Farm { building: b, .. },
                ..
            } = t
            {
                if agora_engine::origins::state::building_colour(*b).map(|x| x.index()) == Some(c) {
                    tiles += 1;
                }
            }
        }
        assert_eq!(tiles, 15, "tiles of colour {c}");
        let floors = s.floor_reserve[c] as usize
            + s.floor_box[c] as usize
            + s.players
                .iter()
                .map(|p| p.towers[c] as usize)
                .sum::<usize>();
        assert_eq!(floors, 12, "floors of colour {c}");
    }
    let orators = s.orator_area.iter().flatten().count()
        + s.players.iter().map(|p| p.orators.len()).sum::<usize>();
    assert_eq!(orators, s.orators_total as usize);
    let sup = s.superiority_supply as usize
        + s.players
            .iter()
            .map(|p| p.superiority as usize)
            .sum::<usize>();
    assert_eq!(sup, 20);
    for p in &s.players {
        assert!(p.freemen.len() <= p.bases as usize);
        assert!(p.bases <= 6);
    }
}

/// Resource amounts an action must pay, computed from the state before it (every path
/// that pays: towers, bases, visits, Market/kept tiles, recruitment, Temple main action,
/// the three paying Bonus actions, Feed, Trade, the temple buildings' extra step). With the
/// `Paid` events this proves that no cost was silently reduced: a payment never took
/// more than the player held (resources never negative).
fn expected_payment(s: &State, seat: u8, action: &Action) -> u32 {
    let t = tables();
    let p = &s.players[seat as usize];
    match (s.tasks.last(), action) {
        (None, Action::RaiseTower(c)) => p.towers[c.index()] as u32,
        (None, Action::BuyBase) => t.board.population.food[(p.bases - 2) as usize] as u32,
        (Some(Task::ChoosePlace { worker }), Action::MeetingPlace(pl)) => {
            let value = match worker {
                Worker::Archon => return 0,
                Worker::Freeman(i) => p.freemen[*i as usize].die.value,
                Worker::Orator(i) => p.orators[*i as usize].value,
            };
            s.places[*pl as usize - 1].dial.saturating_sub(value) as u32
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
            let bonus = s.places[*place as usize - 1].bonus as usize;
            match t.board.bonus_tile[bonus].effect {
                BonusEffect::Military | BonusEffect::Build | BonusEffect::Temple => 1,
                BonusEffect::Resource | BonusEffect::Orator => 0,
            }
        }
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
fn check_payments(before: &State, after: &State, seat: u8, action: &Action, events: &[Event]) {
    for (k, (b, a)) in before.players.iter().zip(&after.players).enumerate() {
        let mut expected: [i64; 4] = b.res.map(i64::from);
        let mut paid = 0u32;
        for e in events {
            match e {
                Event::Gained {
                    seat: s,
                    resource,
                    amount,
                } if *s as usize == k => expected[resource.index()] += *amount as i64,
                Event::Paid {
                    seat: s,
                    resource,
                    amount,
                } if *s as usize == k => {
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
        let cost = if k == seat as usize {
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
    let seat = Seat(state.current);
    let all = Origins::legal_actions(state, seat);
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

fn run(players: u8, count: u64, long: bool) {
    let options = Options { players };
    for g in 0..count {
        let seed = 1000 * players as u64 + g + if long { 500_000 } else { 0 };
        let mut state = Origins::setup(&options, seed).expect("setup");
        check_invariants(&state);
        let mut bot = RandomBot::seeded(seed ^ 0x5eed);
        let mut played = Vec::new();
        let mut steps = 0;
        while !Origins::to_act(&state).is_empty() {
            steps += 1;
            assert!(steps < 20_000, "game too long ({players}p seed {seed})");
            let (seat, action) = choose(&mut bot, &state, long);
            // every listed action is accepted, and each keeps the invariants
            for a in Origins::legal_actions(&state, seat) {
                let mut c = state.clone();
                Origins::apply(&mut c, seat, &a).unwrap_or_else(|e| {
                    panic!("listed action {a:?} refused: {e} ({players}p seed {seed})")
                });
                check_invariants(&c);
            }
            let before = state.clone();
            let events = Origins::apply(&mut state, seat, &action).unwrap_or_else(|e| {
                panic!("listed action {action:?} refused: {e} ({players}p seed {seed})")
            });
            check_payments(&before, &state, seat.0, &action, &events);
            played.push((seat, action));
        }
        check_invariants(&state);
        let outcome = Origins::outcome(&state).expect("an outcome");
        assert_eq!(outcome.standings.len(), players as usize);
        // replay from options + seed + actions reproduces the state
        let mut replay = Origins::setup(&options, seed).expect("setup");
        for (seat, a) in &played {
            Origins::apply(&mut replay, *seat, a).expect("replay");
        }
        assert_eq!(replay, state, "replay differs ({players}p seed {seed})");
        if g % 20 == 0 {
            let json = serde_json::to_string(&state).expect("serialize");
            let back: State = serde_json::from_str(&json).expect("deserialize");
            assert_eq!(back, state);
        }
    }
}

#[test]
fn solo_random_games_end() {
    run(1, games(), false);
    run(1, games() / 5, true);
}

#[test]
fn two_player_random_games_end() {
    run(2, games(), false);
    run(2, games() / 5, true);
}

#[test]
fn three_player_random_games_end() {
    run(3, games(), false);
    run(3, games() / 5, true);
}

#[test]
fn four_player_random_games_end() {
    run(4, games(), false);
    run(4, games() / 5, true);
}

#[test]
fn play_random_reaches_outcome() {
    let mut state = Origins::setup(&Options { players: 4 }, 7).expect("setup");
    let mut bot = RandomBot::seeded(7);
    play_random::<Origins>(&mut state, &mut bot, 50_000).expect("playout");
    assert!(Origins::outcome(&state).is_some());
    assert!(Origins::legal_actions(&state, Seat(0)).is_empty());
}
