//! Glicko-2 ratings and leaderboards (issue 37) through the API, on both stores: a rated
//! game between two new signed-in players gives 1662.3 / 290.3 and 1337.7 / 290.3, a
//! resignation is a loss, unrated / chosen-seed / bot / seat-token / aborted games change
//! nothing, leaderboards page and rank; the store applies one game once however many
//! workers race; a replica killed around the update applies it once (Redis, fail points).

use crate::support::harness::*;
use crate::support::idp::{self, claims, Jwks, SigningKey};
use crate::support::redis_server::RedisServer;
use crate::support::server_process::ServerProcess;
use agora_proto::v1 as pb;
use agora_service::ratings::pools::PoolId;
use agora_service::store::ratings::{Applied, PlayerRating, RatingWrite, Ratings};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tonic::{Code, Request};

per_store!(
    quick_match_tickets_carry_ratings_and_only_rated_pools_rate,
    a_rated_game_played_to_the_end_rates_both_new_players,
    a_resignation_counts_as_a_loss_and_both_are_listed_provisional,
    unrated_chosen_seed_bot_seat_token_and_aborted_games_change_nothing,
    leaderboards_page_in_order_and_show_the_players_around_me,
    rating_calls_refuse_unknown_pools_bad_tokens_and_anonymous_callers,
    the_store_applies_a_game_once_when_workers_race_and_refuses_moved_records,
);

const POOL: &str = "origin/standard-2p";

async fn setup(kind: StoreKind) -> (SigningKey, Jwks, TestServer) {
    let key = SigningKey::generate("k1");
    let jwks = Jwks::serve(&[&key]).await;
    let server = TestServer::start_with(kind, |c| idp::trust(c, &jwks)).await;
    (key, jwks, server)
}

/// A rated 2-player Standard Origin session (server seed) with `jwts` seated in order.
async fn rated_session(client: &mut Client, jwts: &[&str]) -> pb::Session {
    let session = client
        .create_session(pb::CreateSessionRequest {
            options: Some(origin_options(2, false)),
            request_id: uuid::Uuid::new_v4().to_string(),
            ..Default::default()
        })
        .await
        .expect("create")
        .into_inner()
        .session
        .expect("session");
    assert!(
        session.rated,
        "a server-seeded session without bots is rated"
    );
    for (seat, jwt) in jwts.iter().enumerate() {
        join(client, &session.session_id, seat as u32, jwt).await;
    }
    session
}

async fn join(client: &mut Client, id: &str, seat: u32, jwt: &str) {
    client
        .join_session(authed(
            pb::JoinSessionRequest {
                session_id: id.to_string(),
                seat: Some(seat),
                player_name: String::new(),
                request_id: uuid::Uuid::new_v4().to_string(),
            },
            jwt,
        ))
        .await
        .expect("join");
}

/// Plays the first legal action of whoever must decide until every seat decided once.
async fn everyone_decides(client: &mut Client, id: &str, jwts: &[&str]) {
    let mut decided = vec![false; jwts.len()];
    for _ in 0..200 {
        if decided.iter().all(|d| *d) {
            return;
        }
        let now = session(client, id).await;
        let seat = now.to_act[0] as usize;
        let options = legal(client, id, jwts[seat]).await;
        let action = options.actions.first().expect("a legal action").clone();
        client
            .submit_action(authed(
                submit_request(
                    id,
                    action,
                    Some(options.version),
                    &uuid::Uuid::new_v4().to_string(),
                ),
                jwts[seat],
            ))
            .await
            .expect("a legal action is accepted");
        decided[seat] = true;
    }
    panic!("some seat never got to decide");
}

async fn resign(client: &mut Client, id: &str, jwt: &str) {
    client
        .resign_session(authed(
            pb::ResignSessionRequest {
                session_id: id.to_string(),
                request_id: uuid::Uuid::new_v4().to_string(),
            },
            jwt,
        ))
        .await
        .expect("resign");
}

async fn rating(client: &mut Client, player: &str, pool: &str) -> pb::PlayerRating {
    client
        .get_rating(pb::GetRatingRequest {
            player_id: player.to_string(),
            pool_id: pool.to_string(),
            game_id: String::new(),
        })
        .await
        .expect("rating")
        .into_inner()
        .ratings
        .remove(0)
}

/// Waits until `player` has played `games` rated games in `pool`.
async fn rated_after(
    client: &mut Client,
    player: &str,
    pool: &str,
    games: u32,
) -> pb::PlayerRating {
    let start = Instant::now();
    loop {
        let now = rating(client, player, pool).await;
        if now.games >= games {
            assert_eq!(
                now.games, games,
                "{player} was rated more often than played"
            );
            return now;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{player} never got rated ({now:?})"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn assert_near(actual: f64, expected: f64, what: &str) {
    assert!(
        (actual - expected).abs() < 0.05,
        "{what}: {actual} where {expected} was expected"
    );
}

/// A rated game with a winner: `winner` beats `loser` by resignation after each decided.
async fn resigned_game(client: &mut Client, winner: &str, loser: &str) -> String {
    let session = rated_session(client, &[winner, loser]).await;
    everyone_decides(client, &session.session_id, &[winner, loser]).await;
    resign(client, &session.session_id, loser).await;
    session.session_id
}

async fn a_rated_game_played_to_the_end_rates_both_new_players(kind: StoreKind) {
    let (key, _jwks, server) = setup(kind).await;
    let alice = key.sign(&claims("alice", "Alice"));
    let bob = key.sign(&claims("bob", "Bob"));
    let mut client = server.client().await;
    let session = rated_session(&mut client, &[alice.as_str(), bob.as_str()]).await;
    let tokens = vec![alice.clone(), bob.clone()];
    let last = play(&mut client, &session.session_id, &tokens, 3, 20_000).await;
    assert_eq!(last.status, pb::SessionStatus::Finished as i32);
    assert!(last.rated);
    let ranks: Vec<u32> = (0..2)
        .map(|seat| {
            last.outcome
                .as_ref()
                .expect("outcome")
                .standings
                .iter()
                .find(|s| s.seat == seat)
                .expect("standing")
                .rank
        })
        .collect();
    let a = rated_after(&mut client, "alice", POOL, 1).await;
    let b = rated_after(&mut client, "bob", POOL, 1).await;
    let (expect_a, expect_b) = match ranks[0].cmp(&ranks[1]) {
        std::cmp::Ordering::Less => (1662.3, 1337.7),
        std::cmp::Ordering::Greater => (1337.7, 1662.3),
        std::cmp::Ordering::Equal => (1500.0, 1500.0),
    };
    assert_near(a.rating, expect_a, "alice's rating");
    assert_near(b.rating, expect_b, "bob's rating");
    assert_near(a.deviation, 290.3, "alice's deviation");
    assert_near(b.deviation, 290.3, "bob's deviation");
    assert_eq!(a.player_name, "Alice");
    assert!(a.provisional);
    // Once per game: a while later it has still been applied once.
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(rating(&mut client, "alice", POOL).await.games, 1);
}

/// Quick match reads ratings: a ticket carries the player's rating in the rating pool of
/// the ticket's game, a rated pool's match session is rated and a casual one's is not.
async fn quick_match_tickets_carry_ratings_and_only_rated_pools_rate(kind: StoreKind) {
    let (key, _jwks, server) = setup(kind).await;
    let alice = key.sign(&claims("alice", "Alice"));
    let bob = key.sign(&claims("bob", "Bob"));
    let mut client = server.client().await;
    resigned_game(&mut client, &alice, &bob).await;
    let winner = rated_after(&mut client, "alice", POOL, 1).await;
    let loser = rated_after(&mut client, "bob", POOL, 1).await;
    assert_near(winner.rating, 1662.3, "alice's rating");
    // Origin, 2 players, any options: the standard 2-player pool.
    let ticket = |jwt: &str, unrated: bool| {
        authed(
            pb::StartQuickMatchRequest {
                game_id: "origin".into(),
                players: 2,
                unrated,
                request_id: uuid::Uuid::new_v4().to_string(),
                ..Default::default()
            },
            jwt,
        )
    };
    let mut sessions = Vec::new();
    for unrated in [true, false] {
        let mut ids = Vec::new();
        for (jwt, expected) in [(&alice, winner.rating), (&bob, loser.rating)] {
            let t = client
                .start_quick_match(ticket(jwt, unrated))
                .await
                .expect("ticket")
                .into_inner()
                .ticket
                .expect("a ticket");
            // The rating read when the ticket was made (inactivity may have grown only the
            // deviation since).
            assert_near(t.rating, expected, "the ticket's rating");
            ids.push((jwt.clone(), t.ticket_id));
        }
        // 324.6 apart: the window (100 + 20 a second) holds both within ~12 s.
        let mut session = None;
        for _ in 0..400 {
            let t = client
                .get_match_ticket(authed(
                    pb::GetMatchTicketRequest {
                        ticket_id: ids[0].1.clone(),
                    },
                    &ids[0].0,
                ))
                .await
                .expect("poll")
                .into_inner()
                .ticket
                .expect("a ticket");
            if t.state == pb::MatchTicketState::Matched as i32 {
                session = Some(t.session_id);
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let session = session.expect("matched within 20 s");
        sessions.push((unrated, session_now(&mut client, &session).await));
    }
    for (unrated, session) in sessions {
        assert_eq!(
            session.rated, !unrated,
            "unrated pool {unrated}: {session:?}"
        );
    }
}

async fn a_resignation_counts_as_a_loss_and_both_are_listed_provisional(kind: StoreKind) {
    let (key, _jwks, server) = setup(kind).await;
    let alice = key.sign(&claims("alice", "Alice"));
    let bob = key.sign(&claims("bob", "Bob"));
    let mut client = server.client().await;
    // Alice resigns: whatever the board says, she lost.
    resigned_game(&mut client, &bob, &alice).await;
    let a = rated_after(&mut client, "alice", POOL, 1).await;
    let b = rated_after(&mut client, "bob", POOL, 1).await;
    assert_near(a.rating, 1337.7, "the resigner's rating");
    assert_near(b.rating, 1662.3, "the winner's rating");
    assert_near(a.deviation, 290.3, "deviation");
    // Other pools of the game are untouched; a game id gives each pool in order.
    let all = client
        .get_rating(pb::GetRatingRequest {
            player_id: "alice".into(),
            pool_id: String::new(),
            game_id: "origin".into(),
        })
        .await
        .expect("every pool")
        .into_inner()
        .ratings;
    assert_eq!(all.len(), 6);
    assert_eq!(all.iter().filter(|r| r.games == 1).count(), 1);
    let junior = all
        .iter()
        .find(|r| r.pool_id == "origin/junior-2p")
        .expect("junior");
    assert_eq!(
        (junior.rating, junior.deviation, junior.games),
        (1500.0, 350.0, 0)
    );
    // Both are provisional (deviation above 110): listed apart, the winner first.
    let established = leaderboard(&mut client, POOL, false, 0, "").await;
    assert!(established.entries.is_empty());
    let provisional = leaderboard(&mut client, POOL, true, 0, "").await;
    let ids: Vec<_> = provisional
        .entries
        .iter()
        .map(|e| e.player_id.as_str())
        .collect();
    assert_eq!(ids, ["bob", "alice"]);
    assert_eq!(provisional.entries[0].rank, 1);
    assert_eq!(provisional.entries[1].player_name, "Alice");
    assert_eq!(provisional.total_size, 2);
    // The caller's own rating, by its token.
    let mine = client
        .get_rating(authed(
            pb::GetRatingRequest {
                player_id: String::new(),
                pool_id: POOL.into(),
                game_id: String::new(),
            },
            &alice,
        ))
        .await
        .expect("my rating")
        .into_inner()
        .ratings
        .remove(0);
    assert_eq!((mine.player_id.as_str(), mine.rank), ("alice", 2));
}

async fn leaderboard(
    client: &mut Client,
    pool: &str,
    provisional: bool,
    page_size: u32,
    page_token: &str,
) -> pb::GetLeaderboardResponse {
    client
        .get_leaderboard(pb::GetLeaderboardRequest {
            pool_id: pool.into(),
            page_size,
            page_token: page_token.into(),
            provisional,
        })
        .await
        .expect("leaderboard")
        .into_inner()
}

async fn unrated_chosen_seed_bot_seat_token_and_aborted_games_change_nothing(kind: StoreKind) {
    let (key, _jwks, server) = setup(kind).await;
    let alice = key.sign(&claims("alice", "Alice"));
    let bob = key.sign(&claims("bob", "Bob"));
    let mut client = server.client().await;
    let create = |adjust: fn(&mut pb::CreateSessionRequest)| {
        let mut request = pb::CreateSessionRequest {
            options: Some(origin_options(2, false)),
            request_id: uuid::Uuid::new_v4().to_string(),
            ..Default::default()
        };
        adjust(&mut request);
        request
    };
    let mut finished = Vec::new();
    // Asked unrated; with a chosen seed.
    for request in [create(|r| r.unrated = true), create(|r| r.seed = Some(5))] {
        let session = client
            .create_session(request)
            .await
            .expect("create")
            .into_inner()
            .session
            .expect("session");
        assert!(!session.rated);
        let id = session.session_id;
        join(&mut client, &id, 0, &alice).await;
        join(&mut client, &id, 1, &bob).await;
        everyone_decides(&mut client, &id, &[alice.as_str(), bob.as_str()]).await;
        resign(&mut client, &id, &bob).await;
        finished.push(id);
    }
    // A bot seat.
    let session = client
        .create_session(create(|r| {
            r.bots = vec![pb::SeatBot {
                seat: 1,
                kind: pb::BotKind::Random as i32,
                ..Default::default()
            }]
        }))
        .await
        .expect("create")
        .into_inner()
        .session
        .expect("session");
    assert!(!session.rated);
    join(&mut client, &session.session_id, 0, &alice).await;
    resign(&mut client, &session.session_id, &alice).await;
    // A seat taken with a seat token (no signed-in player): unrated from then on.
    let session = rated_session(&mut client, &[alice.as_str()]).await;
    let anonymous = client
        .join_session(pb::JoinSessionRequest {
            session_id: session.session_id.clone(),
            seat: Some(1),
            player_name: "guest".into(),
            request_id: uuid::Uuid::new_v4().to_string(),
        })
        .await
        .expect("join")
        .into_inner();
    let now = session_now(&mut client, &session.session_id).await;
    assert!(!now.rated, "a guest's seat makes the game unrated");
    let tokens = [alice.as_str(), anonymous.seat_token.as_str()];
    everyone_decides(&mut client, &session.session_id, &tokens).await;
    resign(&mut client, &session.session_id, &alice).await;
    // Rated, but resigned before every seat decided: aborted.
    let session = rated_session(&mut client, &[alice.as_str(), bob.as_str()]).await;
    resign(&mut client, &session.session_id, &bob).await;
    // A rated game of two others afterwards: once it is applied, the earlier jobs were
    // handled too (jobs are claimed in the order they were made).
    let carol = key.sign(&claims("carol", "Carol"));
    let dave = key.sign(&claims("dave", "Dave"));
    resigned_game(&mut client, &carol, &dave).await;
    rated_after(&mut client, "carol", POOL, 1).await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    for player in ["alice", "bob"] {
        let r = rating(&mut client, player, POOL).await;
        assert_eq!(
            (r.games, r.rating, r.deviation, r.rank),
            (0, 1500.0, 350.0, 0),
            "{player}"
        );
    }
}

async fn session_now(client: &mut Client, id: &str) -> pb::Session {
    session(client, id).await
}

async fn leaderboards_page_in_order_and_show_the_players_around_me(kind: StoreKind) {
    let (key, _jwks, server) = setup(kind).await;
    let mut client = server.client().await;
    let names: Vec<String> = (0..6).map(|i| format!("p{i}")).collect();
    let jwts: Vec<String> = names.iter().map(|n| key.sign(&claims(n, n))).collect();
    // p0 beats p1, p2 beats p3, p4 beats p5, then p0 beats p2 and p4 beats p1.
    let games = [(0, 1), (2, 3), (4, 5), (0, 2), (4, 1)];
    for (w, l) in games {
        resigned_game(&mut client, &jwts[w], &jwts[l]).await;
    }
    let played = |p: usize| games.iter().filter(|(w, l)| *w == p || *l == p).count() as u32;
    for (i, name) in names.iter().enumerate() {
        rated_after(&mut client, name, POOL, played(i)).await;
    }
    let full = leaderboard(&mut client, POOL, true, 0, "").await;
    assert_eq!(full.total_size, 6);
    assert_eq!(full.entries.len(), 6);
    assert!(full.next_page_token.is_empty());
    for pair in full.entries.windows(2) {
        assert!(pair[0].rating >= pair[1].rating, "best first");
        assert_eq!(pair[1].rank, pair[0].rank + 1);
    }
    // Paged by two: the same rows in the same order.
    let mut paged = Vec::new();
    let mut token = String::new();
    loop {
        let page = leaderboard(&mut client, POOL, true, 2, &token).await;
        assert!(page.entries.len() <= 2);
        paged.extend(page.entries);
        if page.next_page_token.is_empty() {
            break;
        }
        token = page.next_page_token;
    }
    assert_eq!(rows(&paged), rows(&full.entries));
    // Around the fourth: one above and one below, itself in the middle.
    let fourth = &full.entries[3];
    let jwt = &jwts[names
        .iter()
        .position(|n| *n == fourth.player_id)
        .expect("a player")];
    let around = client
        .get_leaderboard_around_me(authed(
            pb::GetLeaderboardAroundMeRequest {
                pool_id: POOL.into(),
                count: 1,
            },
            jwt,
        ))
        .await
        .expect("around me")
        .into_inner();
    assert_eq!(around.rank, 4);
    assert!(around.provisional);
    assert_eq!(rows(&around.entries), rows(&full.entries[2..5]));
    // The first has nobody above.
    let first_jwt = &jwts[names
        .iter()
        .position(|n| *n == full.entries[0].player_id)
        .expect("a player")];
    let top = client
        .get_leaderboard_around_me(authed(
            pb::GetLeaderboardAroundMeRequest {
                pool_id: POOL.into(),
                count: 2,
            },
            first_jwt,
        ))
        .await
        .expect("around me")
        .into_inner();
    assert_eq!(rows(&top.entries), rows(&full.entries[..3]));
    // Someone never rated: rank 0, no rows.
    let stranger = key.sign(&claims("stranger", "S"));
    let none = client
        .get_leaderboard_around_me(authed(
            pb::GetLeaderboardAroundMeRequest {
                pool_id: POOL.into(),
                count: 2,
            },
            &stranger,
        ))
        .await
        .expect("around me")
        .into_inner();
    assert_eq!((none.rank, none.entries.len()), (0, 0));
}

/// Rank, player and rating of each row (the deviation shown grows by the millisecond).
fn rows(entries: &[pb::LeaderboardEntry]) -> Vec<(u64, String, f64)> {
    entries
        .iter()
        .map(|e| (e.rank, e.player_id.clone(), e.rating))
        .collect()
}

async fn rating_calls_refuse_unknown_pools_bad_tokens_and_anonymous_callers(kind: StoreKind) {
    let (_key, _jwks, server) = setup(kind).await;
    let mut client = server.client().await;
    let status = assert_code(
        client
            .get_leaderboard(pb::GetLeaderboardRequest {
                pool_id: "origin/blitz".into(),
                ..Default::default()
            })
            .await,
        Code::NotFound,
    );
    assert!(
        status.message().contains("origin/blitz"),
        "{}",
        status.message()
    );
    assert_code(
        client
            .get_rating(pb::GetRatingRequest {
                player_id: "alice".into(),
                pool_id: String::new(),
                game_id: "chess".into(),
            })
            .await,
        Code::NotFound,
    );
    let status = assert_code(
        client
            .get_leaderboard(pb::GetLeaderboardRequest {
                pool_id: POOL.into(),
                page_token: "not-a-token".into(),
                ..Default::default()
            })
            .await,
        Code::InvalidArgument,
    );
    assert!(
        status.message().contains("page_token"),
        "{}",
        status.message()
    );
    assert_code(
        client
            .get_rating(pb::GetRatingRequest {
                player_id: "alice".into(),
                pool_id: POOL.into(),
                game_id: "origin".into(),
            })
            .await,
        Code::InvalidArgument,
    );
    assert_code(
        client
            .get_leaderboard_around_me(Request::new(pb::GetLeaderboardAroundMeRequest {
                pool_id: POOL.into(),
                count: 1,
            }))
            .await,
        Code::Unauthenticated,
    );
    // A new player's defaults; the catalog lists each game's pools, solo has none.
    let fresh = rating(&mut client, "nobody", POOL).await;
    assert_eq!(
        (
            fresh.rating,
            fresh.deviation,
            fresh.volatility,
            fresh.games,
            fresh.rank
        ),
        (1500.0, 350.0, 0.06, 0, 0)
    );
    let games = client
        .list_games(pb::ListGamesRequest {})
        .await
        .expect("catalog")
        .into_inner()
        .games;
    let origin = games
        .iter()
        .find(|g| g.game_id == "origin")
        .expect("origin");
    let pools: Vec<_> = origin
        .rating_pools
        .iter()
        .map(|p| p.pool_id.as_str())
        .collect();
    assert!(
        pools.contains(&POOL) && pools.contains(&"origin/junior-4p"),
        "{pools:?}"
    );
    assert!(games.iter().all(|g| !g.rating_pools.is_empty()));
}

/// The ratings role of a store of `kind` (with its Redis kept alive).
async fn ratings_store(kind: StoreKind) -> (Arc<dyn Ratings>, Option<RedisServer>) {
    match kind {
        StoreKind::Memory => (
            Arc::new(agora_service::store::memory::MemoryStore::new(100, 16)),
            None,
        ),
        StoreKind::Redis => {
            let redis = RedisServer::start();
            let store = agora_service::store::redis::RedisStore::connect(
                agora_service::store::redis::RedisConfig::new(redis.url()),
            )
            .await
            .expect("connect");
            (Arc::new(store), Some(redis))
        }
    }
}

fn record(rating: f64, deviation: f64, revision: u64) -> PlayerRating {
    PlayerRating {
        format: 1,
        rating,
        deviation,
        volatility: 0.06,
        games: revision as u32,
        last_rated_ms: agora_service::store::now_ms(),
        revision,
        name: String::new(),
    }
}

fn write(player: &str, expected: u64, rating: f64, deviation: f64) -> RatingWrite {
    RatingWrite {
        player_id: player.into(),
        expected_revision: expected,
        record: record(rating, deviation, expected + 1),
    }
}

async fn the_store_applies_a_game_once_when_workers_race_and_refuses_moved_records(
    kind: StoreKind,
) {
    let (store, _redis) = ratings_store(kind).await;
    let pool = PoolId::parse(POOL).expect("pool");
    let now = agora_service::store::now_ms();
    let writes = vec![write("a", 0, 1662.3, 290.3), write("b", 0, 1337.7, 290.3)];
    // Eight workers apply one game at once: one writes, the others find it applied.
    let mut racing = Vec::new();
    for _ in 0..8 {
        let (store, pool, writes) = (store.clone(), pool.clone(), writes.clone());
        racing.push(tokio::spawn(async move {
            store
                .apply(&pool, "game-1", &writes, now)
                .await
                .expect("apply")
        }));
    }
    let mut answers = Vec::new();
    for task in racing {
        answers.push(task.await.expect("task"));
    }
    assert_eq!(
        answers.iter().filter(|a| **a == Applied::Done).count(),
        1,
        "{answers:?}"
    );
    assert_eq!(
        answers
            .iter()
            .filter(|a| **a == Applied::AlreadyApplied)
            .count(),
        7
    );
    // Another game computed from records read before game-1: refused, nothing written.
    let stale = vec![write("a", 0, 1700.0, 290.0), write("c", 0, 1300.0, 290.0)];
    assert_eq!(
        store
            .apply(&pool, "game-2", &stale, now)
            .await
            .expect("apply"),
        Applied::Moved
    );
    let records = store
        .records(&pool, &["a".into(), "c".into()])
        .await
        .expect("records");
    assert_eq!(
        records[0].as_ref().map(|r| (r.rating, r.revision)),
        Some((1662.3, 1))
    );
    assert!(records[1].is_none());
    // Recomputed from fresh records, it goes through once.
    let fresh = vec![write("a", 1, 1700.0, 100.0), write("c", 0, 1300.0, 290.0)];
    assert_eq!(
        store
            .apply(&pool, "game-2", &fresh, now)
            .await
            .expect("apply"),
        Applied::Done
    );
    assert_eq!(
        store
            .apply(&pool, "game-2", &fresh, now)
            .await
            .expect("apply"),
        Applied::AlreadyApplied
    );
    // "a" fell to deviation 100: established, listed apart from b and c.
    let (established, total) = store.leaderboard(&pool, false, 0, 10).await.expect("board");
    assert_eq!(total, 1);
    assert_eq!(established[0].player_id, "a");
    let (provisional, total) = store.leaderboard(&pool, true, 0, 10).await.expect("board");
    assert_eq!(total, 2);
    let ids: Vec<_> = provisional
        .iter()
        .map(|r| (r.rank, r.player_id.as_str()))
        .collect();
    assert_eq!(ids, [(1, "b"), (2, "c")]);
    assert_eq!(
        store.rank(&pool, "a").await.expect("rank"),
        Some((1, false))
    );
    assert_eq!(store.rank(&pool, "c").await.expect("rank"), Some((2, true)));
    assert_eq!(store.rank(&pool, "zed").await.expect("rank"), None);
    let (page, _) = store.leaderboard(&pool, true, 1, 10).await.expect("page");
    assert_eq!(page.len(), 1);
    assert_eq!(page[0].rank, 2);
    // The matchmaker's read: defaults for a stranger, inactivity applied for the others.
    let stranger = store.rating(&pool, "zed", now).await.expect("rating");
    assert_eq!(stranger, agora_service::ratings::glicko2::Rating::NEW);
    let year_later = store
        .rating(&pool, "a", now + 365 * 24 * 3600 * 1000)
        .await
        .expect("rating");
    let expected = ((100.0f64 / 173.7178).powi(2) + 0.06f64.powi(2) * 365.0).sqrt() * 173.7178;
    assert!(
        (year_later.deviation - expected).abs() < 1e-6,
        "{year_later:?}"
    );
}

/// A replica killed between reading the ratings and writing them, then one killed after
/// writing them but before finishing the job: each game is applied exactly once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replica_killed_around_the_rating_update_applies_each_game_once() {
    let redis = RedisServer::start();
    let key = SigningKey::generate("k1");
    let jwks = Jwks::serve(&[&key]).await;
    let redis_url = redis.url();
    let mut args = vec!["--store", "redis", "--redis-url", redis_url.as_str()];
    args.extend_from_slice(&idp::trust_flags(&jwks));
    let alice = key.sign(&claims("alice", "Alice"));
    let bob = key.sign(&claims("bob", "Bob"));

    let mut first =
        ServerProcess::start_with(&args, &[("FAILPOINTS", "rating-before-apply=return")]);
    let mut client = first.client().await;
    resigned_game(&mut client, &alice, &bob).await;
    assert!(
        first.exited_within(Duration::from_secs(60)).is_some(),
        "no crash before the update"
    );
    let second = ServerProcess::start_with(&args, &[]);
    let mut client = second.client().await;
    let a = rated_after(&mut client, "alice", POOL, 1).await;
    assert_near(a.rating, 1662.3, "alice after the first game");
    drop(second);

    let mut third = ServerProcess::start_with(&args, &[("FAILPOINTS", "rating-applied=return")]);
    let mut client = third.client().await;
    resigned_game(&mut client, &alice, &bob).await;
    assert!(
        third.exited_within(Duration::from_secs(60)).is_some(),
        "no crash after the update"
    );
    let fourth = ServerProcess::start_with(&args, &[]);
    let mut client = fourth.client().await;
    rated_after(&mut client, "alice", POOL, 2).await;
    // The job comes due again after its lease: once done, still two games.
    let queue = ::redis::Client::open(redis_url.as_str()).expect("url");
    let mut conn = queue
        .get_multiplexed_async_connection()
        .await
        .expect("redis");
    let start = Instant::now();
    loop {
        let pending: u64 = ::redis::cmd("ZCARD")
            .arg("agora:{agora:work:rating}:due")
            .query_async(&mut conn)
            .await
            .expect("ZCARD");
        if pending == 0 {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the rating job is never finished"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(rating(&mut client, "alice", POOL).await.games, 2);
    assert_eq!(rating(&mut client, "bob", POOL).await.games, 2);
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1]
}

/// BENCHMARKS.md: GetLeaderboard (top 100) and GetLeaderboardAroundMe (10 above and
/// below) over gRPC with 100,000 rated players in one pool on Redis, p50 / p99 of 500
/// calls each. The pool's sorted sets are filled directly (the records the worker writes).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a benchmark: run with --ignored --nocapture"]
async fn bench_leaderboard_with_100000_players() {
    let (key, _jwks, server) = setup(StoreKind::Redis).await;
    let url = server.redis_url().expect("redis");
    let redis = ::redis::Client::open(url.as_str()).expect("url");
    let mut conn = redis
        .get_multiplexed_async_connection()
        .await
        .expect("redis");
    let tag = format!("agora:{{ratings:{POOL}}}");
    let players = 100_000;
    let fill = Instant::now();
    for chunk in (0..players).collect::<Vec<u32>>().chunks(2_000) {
        let mut pipe = ::redis::pipe();
        for &i in chunk {
            // Ratings spread over 800-2600, deviations 45-350 (about a sixth provisional).
            let rating = 800.0 + (i as f64 * 7_919.0) % 1_800.0;
            let deviation =
                45.0 + (i as f64 * 104_729.0) % 305.0 / 4.0 + if i % 6 == 0 { 70.0 } else { 0.0 };
            let player = format!("player-{i}");
            let json = serde_json::to_string(&serde_json::json!({
                "format": 1, "rating": rating, "deviation": deviation, "volatility": 0.06,
                "games": 20, "last_rated_ms": agora_service::store::now_ms(), "revision": 20,
                "name": format!("Player {i}"),
            }))
            .expect("json");
            let board = if deviation > 110.0 {
                "provisional"
            } else {
                "board"
            };
            pipe.cmd("HSET")
                .arg(format!("{tag}:players"))
                .arg(&player)
                .arg(json)
                .ignore();
            pipe.cmd("ZADD")
                .arg(format!("{tag}:{board}"))
                .arg(rating)
                .arg(&player)
                .ignore();
        }
        let () = pipe.query_async(&mut conn).await.expect("fill");
    }
    println!("filled {players} players in {:?}", fill.elapsed());
    let mut client = server.client().await;
    let established = leaderboard(&mut client, POOL, false, 1, "")
        .await
        .total_size;
    println!(
        "established {established}, provisional {}",
        players as u64 - established
    );
    let calls = 500;
    let mut top = Vec::with_capacity(calls);
    for _ in 0..calls {
        let start = Instant::now();
        let page = leaderboard(&mut client, POOL, false, 100, "").await;
        top.push(start.elapsed());
        assert_eq!(page.entries.len(), 100);
    }
    // Players whose list is the established one, spread over the ranks.
    let jwts: Vec<String> = (0..50u32)
        .map(|k| k * 1_999 + 1)
        .map(|i| key.sign(&claims(&format!("player-{i}"), "P")))
        .collect();
    let mut around = Vec::with_capacity(calls);
    for n in 0..calls {
        let start = Instant::now();
        let page = client
            .get_leaderboard_around_me(authed(
                pb::GetLeaderboardAroundMeRequest {
                    pool_id: POOL.into(),
                    count: 10,
                },
                &jwts[n % jwts.len()],
            ))
            .await
            .expect("around me")
            .into_inner();
        around.push(start.elapsed());
        assert!(page.rank > 0 && !page.entries.is_empty());
    }
    top.sort();
    around.sort();
    println!(
        "top 100: p50 {:?} p99 {:?}; around me (10 above and below): p50 {:?} p99 {:?}",
        percentile(&top, 0.5),
        percentile(&top, 0.99),
        percentile(&around, 0.5),
        percentile(&around, 0.99)
    );
}
