//! Quick match through the API, on both stores: signed-in players start tickets, the
//! matcher forms matches and creates their sessions with everyone seated, and the
//! players play them with their JWTs; 3 and 4 player pools; cancel; expiry; one open
//! ticket per player per pool; no player in two matches when many tickets race; the
//! ticket rate; the watch stream.

use crate::support::harness::*;
use crate::support::idp::{self, claims, Jwks, SigningKey};
use agora_proto::v1 as pb;
use std::collections::{HashMap, HashSet};
use std::time::Duration;
use tonic::{Code, Request};
use tonic_types::StatusExt;

per_store!(
    two_players_match_and_play_the_created_session,
    three_and_four_player_pools_fill,
    a_cancelled_ticket_is_never_matched,
    an_unmatched_ticket_expires,
    a_second_ticket_of_a_pool_answers_the_first,
    only_signed_in_players_queue,
    no_player_lands_in_two_matches_when_many_tickets_race,
    tickets_over_the_rate_are_refused_with_a_wait,
    a_watch_ends_with_the_match,
);

async fn setup_with(
    kind: StoreKind,
    adjust: impl FnOnce(&mut agora_service::Config),
) -> (SigningKey, Jwks, TestServer) {
    let key = SigningKey::generate("k1");
    let jwks = Jwks::serve(&[&key]).await;
    let server = TestServer::start_with(kind, |c| {
        idp::trust(c, &jwks);
        adjust(c);
    })
    .await;
    (key, jwks, server)
}

fn jwt(key: &SigningKey, player: &str) -> String {
    key.sign(&claims(player, &format!("Name of {player}")))
}

fn any_of(game: &str, players: u32) -> pb::StartQuickMatchRequest {
    pb::StartQuickMatchRequest {
        game_id: game.into(),
        players,
        request_id: uuid::Uuid::new_v4().to_string(),
        ..Default::default()
    }
}

async fn start(
    client: &mut Client,
    jwt: &str,
    request: pb::StartQuickMatchRequest,
) -> Result<pb::MatchTicket, tonic::Status> {
    client
        .start_quick_match(authed(request, jwt))
        .await
        .map(|r| r.into_inner().ticket.expect("a ticket"))
}

async fn ticket(
    client: &mut Client,
    jwt: &str,
    id: &str,
) -> Result<pb::MatchTicket, tonic::Status> {
    client
        .get_match_ticket(authed(
            pb::GetMatchTicketRequest {
                ticket_id: id.into(),
            },
            jwt,
        ))
        .await
        .map(|r| r.into_inner().ticket.expect("a ticket"))
}

/// Polls until the ticket is no longer waiting (10 s at most).
async fn settled(client: &mut Client, jwt: &str, id: &str) -> pb::MatchTicket {
    for _ in 0..200 {
        let t = ticket(client, jwt, id).await.expect("the ticket");
        if t.state != pb::MatchTicketState::Waiting as i32 {
            return t;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("ticket {id} still waits after 10 s");
}

fn matched(t: &pb::MatchTicket) -> (&str, u32) {
    assert_eq!(t.state, pb::MatchTicketState::Matched as i32, "{t:?}");
    (t.session_id.as_str(), t.seat)
}

async fn two_players_match_and_play_the_created_session(kind: StoreKind) {
    let (key, _jwks, server) = setup_with(kind, |_| {}).await;
    let mut client = server.client().await;
    let (alice, bob) = (jwt(&key, "alice"), jwt(&key, "bob"));
    let a = start(&mut client, &alice, any_of("origin", 2))
        .await
        .expect("alice queues");
    assert_eq!(a.state, pb::MatchTicketState::Waiting as i32);
    assert_eq!(
        a.rating, 1500.0,
        "everyone is 1500 until ratings are joined"
    );
    let b = start(&mut client, &bob, any_of("origin", 2))
        .await
        .expect("bob queues");
    let a = settled(&mut client, &alice, &a.ticket_id).await;
    let b = settled(&mut client, &bob, &b.ticket_id).await;
    let (session_a, seat_a) = matched(&a);
    let (session_b, seat_b) = matched(&b);
    assert_eq!(session_a, session_b, "one session for the match");
    assert_ne!(seat_a, seat_b);
    let session = session(&mut client, session_a).await;
    assert_eq!(session.seats[seat_a as usize].player_id, "alice");
    assert_eq!(session.seats[seat_b as usize].player_id, "bob");
    assert_eq!(session.seats[seat_a as usize].player_name, "Name of alice");
    assert!(
        session.seats.iter().all(|s| s.taken),
        "everyone is seated: {session:?}"
    );
    // They play it with their JWTs alone, a few moves each.
    let jwts: HashMap<u32, &str> = [(seat_a, alice.as_str()), (seat_b, bob.as_str())].into();
    let id = session.session_id.clone();
    for _ in 0..6 {
        let now = crate::support::harness::session(&mut client, &id).await;
        let Some(to_act) = now.to_act.first() else {
            break;
        };
        let mover = jwts[to_act];
        let options = legal(&mut client, &id, mover).await;
        let action = options.actions.first().expect("a legal action").clone();
        client
            .submit_action(authed(
                submit_request(
                    &id,
                    action,
                    Some(options.version),
                    &uuid::Uuid::new_v4().to_string(),
                ),
                mover,
            ))
            .await
            .expect("the matched player's move is accepted");
    }
    assert!(
        crate::support::harness::session(&mut client, &id)
            .await
            .version
            >= 6
    );
}

async fn three_and_four_player_pools_fill(kind: StoreKind) {
    let (key, _jwks, server) = setup_with(kind, |_| {}).await;
    let mut client = server.client().await;
    for players in [3u32, 4] {
        let mut tickets = Vec::new();
        for i in 0..players {
            let who = jwt(&key, &format!("p{players}-{i}"));
            let t = start(&mut client, &who, any_of("origin", players))
                .await
                .expect("queue");
            tickets.push((who, t.ticket_id));
        }
        let mut sessions = HashSet::new();
        let mut seats = HashSet::new();
        for (who, id) in &tickets {
            let t = settled(&mut client, who, id).await;
            let (session, seat) = matched(&t);
            sessions.insert(session.to_string());
            seats.insert(seat);
        }
        assert_eq!(sessions.len(), 1, "one {players}-player session");
        assert_eq!(seats.len(), players as usize, "every seat dealt once");
        let id = sessions.into_iter().next().unwrap_or_default();
        let s = session(&mut client, &id).await;
        assert_eq!(s.seats.len(), players as usize);
        assert!(s.seats.iter().all(|s| s.taken));
    }
}

async fn a_cancelled_ticket_is_never_matched(kind: StoreKind) {
    let (key, _jwks, server) = setup_with(kind, |_| {}).await;
    let mut client = server.client().await;
    let (alice, bob) = (jwt(&key, "alice"), jwt(&key, "bob"));
    let a = start(&mut client, &alice, any_of("attika", 2))
        .await
        .expect("alice queues");
    let refused = client
        .cancel_quick_match(authed(
            pb::CancelQuickMatchRequest {
                ticket_id: a.ticket_id.clone(),
            },
            &bob,
        ))
        .await;
    assert_code(refused, Code::NotFound);
    for _ in 0..2 {
        let cancelled = client
            .cancel_quick_match(authed(
                pb::CancelQuickMatchRequest {
                    ticket_id: a.ticket_id.clone(),
                },
                &alice,
            ))
            .await
            .expect("cancel (twice: idempotent)")
            .into_inner()
            .ticket
            .expect("ticket");
        assert_eq!(cancelled.state, pb::MatchTicketState::Cancelled as i32);
    }
    let b = start(&mut client, &bob, any_of("attika", 2))
        .await
        .expect("bob queues");
    tokio::time::sleep(Duration::from_millis(800)).await;
    let b = ticket(&mut client, &bob, &b.ticket_id)
        .await
        .expect("bob's ticket");
    assert_eq!(
        b.state,
        pb::MatchTicketState::Waiting as i32,
        "nobody to meet"
    );
    // Alice queues again and meets Bob.
    let a2 = start(&mut client, &alice, any_of("attika", 2))
        .await
        .expect("again");
    assert_ne!(a2.ticket_id, a.ticket_id);
    let t1 = settled(&mut client, &alice, &a2.ticket_id).await;
    let t2 = settled(&mut client, &bob, &b.ticket_id).await;
    assert_eq!(matched(&t1).0, matched(&t2).0);
}

async fn an_unmatched_ticket_expires(kind: StoreKind) {
    let (key, _jwks, server) = setup_with(kind, |c| {
        c.quick_match_ticket_ttl = Duration::from_millis(600)
    })
    .await;
    let mut client = server.client().await;
    let alice = jwt(&key, "alice");
    let a = start(&mut client, &alice, any_of("origin", 2))
        .await
        .expect("queue");
    assert_eq!(a.expire_time_unix_ms - a.create_time_unix_ms, 600);
    let t = settled(&mut client, &alice, &a.ticket_id).await;
    assert_eq!(t.state, pb::MatchTicketState::Expired as i32);
    // An expired ticket no longer holds the pool: a new one waits (and would match).
    let again = start(&mut client, &alice, any_of("origin", 2))
        .await
        .expect("again");
    assert_ne!(again.ticket_id, a.ticket_id);
    assert_eq!(again.state, pb::MatchTicketState::Waiting as i32);
}

async fn a_second_ticket_of_a_pool_answers_the_first(kind: StoreKind) {
    let (key, _jwks, server) = setup_with(kind, |_| {}).await;
    let mut client = server.client().await;
    let alice = jwt(&key, "alice");
    let request = any_of("terra-nova", 2);
    let first = start(&mut client, &alice, request.clone())
        .await
        .expect("queue");
    let retried = start(&mut client, &alice, request.clone())
        .await
        .expect("retry");
    assert_eq!(retried.ticket_id, first.ticket_id, "same request id");
    let second = start(&mut client, &alice, any_of("terra-nova", 2))
        .await
        .expect("again");
    assert_eq!(second.ticket_id, first.ticket_id, "the open ticket answers");
    // Other options in the same pool: refused while the first waits.
    let exact = exact_options();
    assert_code(start(&mut client, &alice, exact).await, Code::AlreadyExists);
    // The same request id with another request (exact options) is refused.
    let mut reused = exact_options();
    reused.request_id = request.request_id.clone();
    let status = assert_code(
        start(&mut client, &alice, reused).await,
        Code::InvalidArgument,
    );
    assert!(status.message().contains("request_id"), "{status:?}");
    // Another pool (casual) is another ticket; and nothing changed by the refusals.
    let casual = start(
        &mut client,
        &alice,
        pb::StartQuickMatchRequest {
            unrated: true,
            ..any_of("terra-nova", 2)
        },
    )
    .await
    .expect("casual pool");
    assert_ne!(casual.ticket_id, first.ticket_id);
    assert!(casual.unrated);
    let still = ticket(&mut client, &alice, &first.ticket_id)
        .await
        .expect("first");
    assert_eq!(still.state, pb::MatchTicketState::Waiting as i32);
    // Bad input: refused with the field named.
    for (bad, field) in [
        (any_of("no-such-game", 2), "game_id"),
        (any_of("origin", 9), "players"),
        (any_of("", 2), "game_id"),
    ] {
        let status = assert_code(start(&mut client, &alice, bad).await, Code::InvalidArgument);
        let named = status
            .get_error_details()
            .bad_request()
            .map(|b| b.field_violations.iter().any(|v| v.field == field))
            .unwrap_or(false);
        assert!(named, "{field}: {status:?}");
    }
    assert_code(
        ticket(&mut client, &alice, "origin.2.rated.00").await,
        Code::NotFound,
    );
    assert_code(ticket(&mut client, &alice, "").await, Code::InvalidArgument);
}

fn exact_options() -> pb::StartQuickMatchRequest {
    pb::StartQuickMatchRequest {
        options: Some(pb::GameOptions {
            game: Some(pb::game_options::Game::TerraNova(pb::TerraNovaOptions {
                players: 2,
                ..Default::default()
            })),
        }),
        request_id: uuid::Uuid::new_v4().to_string(),
        ..Default::default()
    }
}

async fn only_signed_in_players_queue(kind: StoreKind) {
    let (_key, _jwks, server) = setup_with(kind, |_| {}).await;
    let mut client = server.client().await;
    let status = assert_code(
        client
            .start_quick_match(Request::new(any_of("origin", 2)))
            .await,
        Code::Unauthenticated,
    );
    assert!(status.message().contains("signed-in player"), "{status:?}");
    assert_code(
        client
            .get_match_ticket(Request::new(pb::GetMatchTicketRequest {
                ticket_id: "origin.2.rated.00".into(),
            }))
            .await,
        Code::Unauthenticated,
    );
}

async fn no_player_lands_in_two_matches_when_many_tickets_race(kind: StoreKind) {
    let (key, _jwks, server) = setup_with(kind, |_| {}).await;
    const PLAYERS: usize = 40;
    let mut tasks = Vec::new();
    for i in 0..PLAYERS {
        let who = jwt(&key, &format!("racer{i}"));
        let client = server.client().await;
        tasks.push(tokio::spawn(async move {
            // Each asks twice at once: the second answers the first's open ticket, unless
            // the matcher matched the first in between (then it is a new ticket, and the
            // first one is no longer waiting).
            let (mut c1, mut c2) = (client.clone(), client.clone());
            let (a, b) = tokio::join!(
                start(&mut c1, &who, any_of("origin", 2)),
                start(&mut c2, &who, any_of("origin", 2)),
            );
            let (a, b) = (a.expect("queue"), b.expect("queue"));
            let mut ids = vec![a.ticket_id];
            if b.ticket_id != ids[0] {
                ids.push(b.ticket_id);
            }
            (format!("racer{i}"), who, ids)
        }));
    }
    let mut tickets = Vec::new();
    for task in tasks {
        let (name, who, ids) = task.await.expect("task");
        for id in ids {
            tickets.push((name.clone(), who.clone(), id));
        }
    }
    if tickets.len() % 2 == 1 {
        let filler = jwt(&key, "filler");
        let mut client = server.client().await;
        let t = start(&mut client, &filler, any_of("origin", 2))
            .await
            .expect("filler");
        tickets.push(("filler".into(), filler, t.ticket_id));
    }
    let mut client = server.client().await;
    let mut by_session: HashMap<String, Vec<(String, u32)>> = HashMap::new();
    for (name, who, id) in &tickets {
        let t = settled(&mut client, who, id).await;
        let (session, seat) = matched(&t);
        by_session
            .entry(session.to_string())
            .or_default()
            .push((name.clone(), seat));
    }
    assert_eq!(by_session.len(), tickets.len() / 2, "{by_session:?}");
    for (id, players) in &by_session {
        assert_eq!(players.len(), 2, "{id}: {players:?}");
        assert_ne!(players[0].0, players[1].0, "a player met themselves");
        let s = session(&mut client, id).await;
        for (who, seat) in players {
            assert_eq!(&s.seats[*seat as usize].player_id, who);
        }
    }
}

async fn tickets_over_the_rate_are_refused_with_a_wait(kind: StoreKind) {
    let (key, _jwks, server) = setup_with(kind, |c| c.quick_match_tickets_per_minute = 2).await;
    let mut client = server.client().await;
    let alice = jwt(&key, "alice");
    start(&mut client, &alice, any_of("origin", 2))
        .await
        .expect("first");
    start(&mut client, &alice, any_of("origin", 3))
        .await
        .expect("second");
    let status = assert_code(
        start(&mut client, &alice, any_of("origin", 4)).await,
        Code::ResourceExhausted,
    );
    let wait = status
        .get_error_details()
        .retry_info()
        .and_then(|r| r.retry_delay)
        .expect("a RetryInfo");
    assert!(
        wait >= Duration::from_secs(1) && wait <= Duration::from_secs(30),
        "{wait:?}"
    );
    // Another player is not held back.
    start(&mut client, &jwt(&key, "bob"), any_of("origin", 4))
        .await
        .expect("bob");
}

async fn a_watch_ends_with_the_match(kind: StoreKind) {
    let (key, _jwks, server) = setup_with(kind, |_| {}).await;
    let mut client = server.client().await;
    let (alice, bob) = (jwt(&key, "alice"), jwt(&key, "bob"));
    let a = start(&mut client, &alice, any_of("origins", 2))
        .await
        .expect("alice");
    let mut stream = client
        .watch_match_ticket(authed(
            pb::WatchMatchTicketRequest {
                ticket_id: a.ticket_id.clone(),
            },
            &alice,
        ))
        .await
        .expect("watch")
        .into_inner();
    let first = stream
        .message()
        .await
        .expect("a message")
        .expect("the ticket");
    assert_eq!(
        first.ticket.expect("ticket").state,
        pb::MatchTicketState::Waiting as i32
    );
    start(&mut client, &bob, any_of("origins", 2))
        .await
        .expect("bob");
    let mut last = None;
    while let Some(item) = tokio::time::timeout(Duration::from_secs(10), stream.message())
        .await
        .expect("the watch ends within 10 s")
        .expect("no error")
    {
        last = item.ticket;
    }
    let last = last.expect("a last message");
    assert_eq!(last.state, pb::MatchTicketState::Matched as i32);
    assert!(!last.session_id.is_empty());
}

/// BENCHMARKS.md, "Quick match": 10,000 players waiting in one pool at once (ratings
/// normal around 1500, sd 300), forming steps run back to back on one task until the
/// pool is drained: time to match per ticket (from the burst, not counting the matcher's
/// 200 ms tick), mean rating gap, tickets/s. Run with
/// `cargo test --release -p agora-service --test service quick_match::burst -- --ignored --nocapture`.
#[tokio::test(flavor = "current_thread")]
#[ignore = "a measurement: figures in BENCHMARKS.md"]
async fn burst_of_10000_waiting_players() {
    use agora_service::store::matchmaking::{Pool, Ticket, TICKET_FORMAT};
    use agora_service::store::Store;
    use rand::{Rng, SeedableRng};
    use std::sync::Arc;
    let redis = crate::support::redis_server::RedisServer::start();
    let memory: Arc<dyn Store> = Arc::new(agora_service::store::memory::MemoryStore::new(10, 16));
    let shared: Arc<dyn Store> = Arc::new(
        agora_service::store::redis::RedisStore::connect(
            agora_service::store::redis::RedisConfig::new(redis.url()),
        )
        .await
        .expect("redis"),
    );
    for (name, store) in [("memory", memory), ("redis", shared)] {
        for seats in [2u8, 4] {
            const N: usize = 10_000;
            let pool = Pool {
                game_id: "origin".into(),
                seats,
                rated: true,
            };
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
            // Box-Muller: normal around 1500, sd 300.
            let normal = |rng: &mut rand_chacha::ChaCha8Rng| {
                let (u, v): (f64, f64) = (rng.random_range(1e-12..1.0), rng.random());
                1500.0 + 300.0 * (-2.0 * u.ln()).sqrt() * (2.0 * std::f64::consts::PI * v).cos()
            };
            let now = agora_service::store::now_ms();
            let mut ratings = HashMap::new();
            for i in 0..N {
                let rating: f64 = normal(&mut rng);
                let id = format!("{}.{i:08x}", pool.key());
                ratings.insert(id.clone(), rating);
                let ticket = Ticket {
                    format: TICKET_FORMAT,
                    id,
                    player_id: format!("p{i}"),
                    player_name: String::new(),
                    pool: pool.clone(),
                    options: None,
                    rating,
                    created_ms: now,
                    expires_ms: now + 600_000,
                };
                store.matchmaking().open(&ticket).await.expect("open");
            }
            let start = std::time::Instant::now();
            let mut waits = Vec::new();
            let mut gaps = Vec::new();
            let mut steps = 0;
            loop {
                let formed = store
                    .matchmaking()
                    .form(
                        &pool,
                        agora_service::store::now_ms(),
                        agora_service::matchmaking::WINDOW,
                        64,
                    )
                    .await
                    .expect("form");
                steps += 1;
                if formed.is_empty() {
                    break;
                }
                let at = start.elapsed();
                for m in formed {
                    let r: Vec<f64> = m.tickets.iter().map(|t| ratings[t]).collect();
                    let max = r.iter().cloned().fold(f64::MIN, f64::max);
                    let min = r.iter().cloned().fold(f64::MAX, f64::min);
                    gaps.push(max - min);
                    waits.extend(std::iter::repeat_n(at, m.tickets.len()));
                }
            }
            let elapsed = start.elapsed();
            waits.sort();
            let p = |q: f64| waits[((waits.len() as f64 * q) as usize).min(waits.len() - 1)];
            let left = store.matchmaking().waiting(&pool).await.expect("waiting");
            println!(
                "{name} {seats}p: {} matched, {left} left after {steps} steps in {elapsed:?} \
                 ({:.0} tickets/s); time to match p50 {:?} p99 {:?}; mean gap {:.1}, max gap {:.1}",
                waits.len(),
                waits.len() as f64 / elapsed.as_secs_f64(),
                p(0.5),
                p(0.99),
                gaps.iter().sum::<f64>() / gaps.len() as f64,
                gaps.iter().cloned().fold(0.0, f64::max),
            );
        }
    }
}

/// Two replicas on one Redis: the one whose matcher forms the match dies right after
/// (fail point `match-formed`, before it creates the session); the other replica's
/// matcher takes the match job over when its lease ends and creates the session once,
/// with both players seated.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_formed_by_a_replica_that_dies_is_created_by_another_once() {
    use crate::support::redis_server::RedisServer;
    use crate::support::server_process::ServerProcess;
    let key = SigningKey::generate("k1");
    let jwks = Jwks::serve(&[&key]).await;
    let redis = RedisServer::start();
    let mut args = vec!["--store", "redis", "--redis-url"];
    let url = redis.url();
    args.push(&url);
    args.extend_from_slice(&idp::trust_flags(&jwks));
    let mut doomed = ServerProcess::start_with(&args, &[("FAILPOINTS", "match-formed=return")]);
    let (alice, bob) = (jwt(&key, "alice"), jwt(&key, "bob"));
    let mut client = doomed.client().await;
    let a = start(&mut client, &alice, any_of("origin", 2))
        .await
        .expect("alice");
    // Bob's call may be answered or cut by the crash: the ticket is his either way.
    let b_request = any_of("origin", 2);
    let _ = start(&mut client, &bob, b_request.clone()).await;
    let exit = doomed
        .exited_within(Duration::from_secs(10))
        .expect("the replica died after forming the match");
    assert!(!exit.success());
    assert!(
        doomed.log_text().contains("fail point match-formed"),
        "{}",
        doomed.log_text()
    );

    let survivor = ServerProcess::start_with(&args, &[]);
    let mut client = survivor.client().await;
    let b = start(&mut client, &bob, b_request)
        .await
        .expect("bob's retry answers his ticket");
    let a = settled(&mut client, &alice, &a.ticket_id).await;
    let b = settled(&mut client, &bob, &b.ticket_id).await;
    assert_eq!(matched(&a).0, matched(&b).0, "the match's one session");
    assert_ne!(matched(&a).1, matched(&b).1);
    let all = client
        .list_sessions(pb::ListSessionsRequest {
            include_full: true,
            ..Default::default()
        })
        .await
        .expect("list")
        .into_inner()
        .sessions;
    assert_eq!(all.len(), 1, "created once: {all:?}");
    let s = session(&mut client, matched(&a).0).await;
    assert!(s.seats.iter().all(|s| s.taken));
}
