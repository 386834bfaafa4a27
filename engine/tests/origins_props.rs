//! Random legal playouts of Origins: First Builders (2-4 players and solo).

use agora_engine::core::playout::{play_random, RandomBot};
use agora_engine::origins::state::State;
use agora_engine::origins::types::{CityTile, Options};
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

fn run(players: u8, count: u64) {
    let options = Options { players };
    for g in 0..count {
        let seed = 1000 * players as u64 + g;
        let mut state = Origins::setup(&options, seed).expect("setup");
        let mut bot = RandomBot::seeded(seed ^ 0x5eed);
        let deep = g % 20 == 0;
        let mut played = Vec::new();
        let mut steps = 0;
        while !Origins::to_act(&state).is_empty() {
            steps += 1;
            assert!(steps < 20_000, "game too long ({players}p seed {seed})");
            let (seat, action) = bot.choose::<Origins>(&state).expect("a legal action");
            if deep {
                for a in Origins::legal_actions(&state, seat) {
                    let mut c = state.clone();
                    Origins::apply(&mut c, seat, &a).unwrap_or_else(|e| {
                        panic!("listed action {a:?} refused: {e} ({players}p seed {seed})")
                    });
                }
                check_invariants(&state);
            }
            Origins::apply(&mut state, seat, &action).unwrap_or_else(|e| {
                panic!("listed action {action:?} refused: {e} ({players}p seed {seed})")
            });
            played.push((seat, action));
        }
        check_invariants(&state);
        let outcome = Origins::outcome(&state).expect("an outcome");
        assert_eq!(outcome.standings.len(), players as usize);
        if deep {
            let mut replay = Origins::setup(&options, seed).expect("setup");
            for (seat, a) in &played {
                Origins::apply(&mut replay, *seat, a).expect("replay");
            }
            assert_eq!(replay, state, "replay differs");
            let json = serde_json::to_string(&state).expect("serialize");
            let back: State = serde_json::from_str(&json).expect("deserialize");
            assert_eq!(back, state);
        }
    }
}

#[test]
fn solo_random_games_end() {
    run(1, games());
}

#[test]
fn two_player_random_games_end() {
    run(2, games());
}

#[test]
fn three_player_random_games_end() {
    run(3, games());
}

#[test]
fn four_player_random_games_end() {
    run(4, games());
}

#[test]
fn play_random_reaches_outcome() {
    let mut state = Origins::setup(&Options { players: 4 }, 7).expect("setup");
    let mut bot = RandomBot::seeded(7);
    play_random::<Origins>(&mut state, &mut bot, 50_000).expect("playout");
    assert!(Origins::outcome(&state).is_some());
    assert!(Origins::legal_actions(&state, Seat(0)).is_empty());
}
