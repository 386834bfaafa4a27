//! The catalog's static boards (ListGames' `GameInfo.board_layout` and `board_tracks`), which
//! the web client draws from instead of keeping copies of its own. Checked against the
//! engine's map and against what its rules do on each space (not against the service's
//! conversion of the same catalog entry, which the contract suite already compares), so a
//! catalog that drifted from the rules the server plays by fails here.

use crate::support::harness::*;
use agora_engine::first_builders::testing::{self, Position};
use agora_engine::first_builders::types::Event;
use agora_engine::origin::map::map;
use agora_engine::Seat;
use agora_proto::v1 as pb;
use std::collections::HashMap;

async fn catalog() -> Vec<pb::GameInfo> {
    let server = TestServer::start(StoreKind::Memory).await;
    let mut client = server.client().await;
    client
        .list_games(pb::ListGamesRequest {})
        .await
        .expect("list games")
        .into_inner()
        .games
}

fn game<'a>(games: &'a [pb::GameInfo], id: &str) -> &'a pb::GameInfo {
    games
        .iter()
        .find(|g| g.game_id == id)
        .unwrap_or_else(|| panic!("{id} in the catalog"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn origin_s_board_layout_places_every_territory_of_the_map_once() {
    let games = catalog().await;
    let layout = &game(&games, "origin").board_layout;
    let mut at: HashMap<&str, (i32, i32)> = HashMap::new();
    for p in layout {
        assert!(
            at.insert(p.place.as_str(), (p.x, p.y)).is_none(),
            "{} placed twice",
            p.place
        );
    }
    // Every territory the rules move on (the map's adjacency), and nothing else.
    let territories: Vec<&str> = map().all().map(|t| t.code()).collect();
    assert!(territories.len() > 40, "the whole map: {territories:?}");
    for code in &territories {
        assert!(at.contains_key(code), "{code} has no point in board_layout");
    }
    assert_eq!(
        layout.len(),
        territories.len(),
        "only the map's territories"
    );
    // Sane coordinates: map units (x east, y down) in a page-sized box, every point apart
    // from the others, the whole spread over both axes.
    let (xs, ys): (Vec<i32>, Vec<i32>) = layout.iter().map(|p| (p.x, p.y)).unzip();
    for p in layout {
        assert!(
            (0..=2000).contains(&p.x) && (0..=2000).contains(&p.y),
            "{p:?}"
        );
    }
    let spread = |v: &[i32]| v.iter().max().unwrap_or(&0) - v.iter().min().unwrap_or(&0);
    assert!(
        spread(&xs) >= 500 && spread(&ys) >= 250,
        "a map, not a line"
    );
    for (i, p) in layout.iter().enumerate() {
        for q in &layout[i + 1..] {
            assert!(
                (p.x, p.y) != (q.x, q.y),
                "{} and {} on one point",
                p.place,
                q.place
            );
        }
    }
    // The other games' views carry their own geometry.
    for id in ["terra-nova", "attika", "origins"] {
        assert!(game(&games, id).board_layout.is_empty(), "{id}");
    }
}

/// What the attack bonus `code` of the catalog adds to [stone, food, wisdom, gold].
fn bonus_resources(code: &str) -> [u32; 4] {
    match code.trim_end_matches('+') {
        "" | "trade" => [0, 0, 0, 0],
        "S" => [1, 0, 0, 0],
        "F" => [0, 1, 0, 0],
        "W" => [0, 0, 1, 0],
        "G" | "G1" => [0, 0, 0, 1],
        "G2" => [0, 0, 0, 2],
        other => panic!("unknown attack bonus code {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn origins_military_track_is_the_one_the_rules_play_on() {
    let games = catalog().await;
    let origins = game(&games, "origins");
    assert_eq!(origins.board_tracks.len(), 1, "one track: military");
    let track = &origins.board_tracks[0];
    assert_eq!(track.track, "military");
    let spaces = &track.spaces;
    let last = spaces.len() - 1;
    for (i, space) in spaces.iter().enumerate() {
        assert_eq!(space.index as usize, i, "spaces in order from 0");
    }
    assert_eq!(spaces[0].label, "Start");
    assert_eq!(spaces[last].label, "Final");
    assert!(spaces[1..last].iter().all(|s| s.label.is_empty()));
    let seat = Seat(0);
    for i in 0..last {
        // One step from space i: a Superiority token exactly where the catalog draws a
        // boundary, the arrival VP only on the Final space.
        let mut state = Position::drafted(2).military(0, i as u8).build();
        let vp = state.player(seat).vp;
        let events = testing::advance(&mut state, seat, 1);
        assert_eq!(state.player(seat).military as usize, i + 1);
        let token = events
            .iter()
            .any(|e| matches!(e, Event::SuperiorityGained { .. }));
        let boundary = spaces[i].section != spaces[i + 1].section;
        assert_eq!(token, boundary, "from space {i}: token vs catalog boundary");
        assert_eq!(
            state.player(seat).vp - vp,
            spaces[i + 1].arrival_vp,
            "arriving on space {}",
            i + 1
        );
    }
    // The Final space is the last: no step beyond it.
    let mut state = Position::drafted(2).military(0, last as u8).build();
    testing::advance(&mut state, seat, 1);
    assert_eq!(state.player(seat).military as usize, last);
    let boundaries = spaces.windows(2).filter(|w| w[0].section != w[1].section);
    assert_eq!(boundaries.count(), 5, "P1 to P5 (first-builders §2.5.4)");
    // An attack on each space pays the bonus the catalog names there.
    for (i, space) in spaces.iter().enumerate() {
        let mut state = Position::drafted(2).military(0, i as u8).build();
        let before = state.player(seat).res;
        testing::attack(&mut state, seat);
        let after = state.player(seat).res;
        let gained: Vec<u32> = after.iter().zip(before).map(|(a, b)| a - b).collect();
        assert_eq!(
            gained,
            bonus_resources(&space.bonus),
            "attack on space {i} ({:?})",
            space.bonus
        );
    }
    for id in ["terra-nova", "attika", "origin"] {
        assert!(game(&games, id).board_tracks.is_empty(), "{id}");
    }
}
