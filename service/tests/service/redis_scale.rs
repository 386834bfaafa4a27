//! Scale-out on one Redis with real `agora-server` processes: streams across replicas,
//! a replica killed with `kill -9` mid-game, eight racing submitters, and Redis itself
//! restarted (append-only file) mid-game.

use crate::support::harness::*;
use crate::support::redis_server::RedisServer;
use crate::support::server_process::ServerProcess;
use agora_engine::registry::AnyState;
use agora_proto::v1 as pb;
use agora_service::api::convert;
use agora_service::store::redis::{RedisConfig, RedisStore};
use agora_service::store::Store;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tonic::{Code, Request, Status};

const MAX_STEPS: usize = 5_000;

/// What one subscriber saw.
#[derive(Debug)]
struct Watched {
    versions: Vec<u64>,
    /// Streams it had to open again (after a cut).
    resumes: usize,
    /// Address that served its last version.
    last_addr: SocketAddr,
}

async fn connect(addr: SocketAddr) -> Option<Client> {
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{addr}"))
        .ok()?
        .connect_timeout(Duration::from_secs(1))
        .connect()
        .await
        .ok()?;
    Some(Client::new(channel))
}

/// Follows session `id` until it finishes, starting on `addrs[first]`; when a stream is
/// cut it resumes from its last version, on the same replica if it still answers and on
/// the next one otherwise. Bounded in attempts and time.
async fn watch(addrs: Vec<SocketAddr>, first: usize, id: String, token: Option<String>) -> Watched {
    let mut last = 0u64;
    let mut versions = Vec::new();
    let mut resumes = 0;
    let mut at = first;
    let deadline = Instant::now() + Duration::from_secs(240);
    let mut opened = false;
    while Instant::now() < deadline {
        let Some(mut client) = connect(addrs[at]).await else {
            at = (at + 1) % addrs.len();
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let message = pb::StreamEventsRequest {
            session_id: id.clone(),
            after_version: last,
        };
        let request = match &token {
            Some(t) => authed(message, t),
            None => Request::new(message),
        };
        let mut stream = match client.stream_events(request).await {
            Ok(s) => s.into_inner(),
            Err(_) => {
                at = (at + 1) % addrs.len();
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        if opened {
            resumes += 1;
        }
        opened = true;
        loop {
            match tokio::time::timeout(Duration::from_secs(60), stream.message()).await {
                Ok(Ok(Some(item))) => {
                    versions.push(item.version);
                    last = item.version;
                    if item.status == pb::SessionStatus::Finished as i32 {
                        return Watched {
                            versions,
                            resumes,
                            last_addr: addrs[at],
                        };
                    }
                }
                // Cut (server gone, shutting down, or lagging): resume from `last`.
                Ok(Ok(None)) | Ok(Err(_)) => break,
                Err(_) => panic!("stream stalled after version {last}"),
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("watcher gave up at version {last}");
}

fn assert_exactly_once(watched: &Watched, last: u64, who: &str) {
    let expect: Vec<u64> = (1..=last).collect();
    assert_eq!(
        watched.versions, expect,
        "{who}: every version exactly once, in order"
    );
}

/// One random legal step through `client`; None once the game is over.
async fn step(
    client: &mut Client,
    id: &str,
    tokens: &[String],
    rng: &mut ChaCha8Rng,
) -> Option<pb::Session> {
    let current = session(client, id).await;
    if current.status == pb::SessionStatus::Finished as i32 {
        return None;
    }
    Some(random_step(client, id, tokens, rng).await)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_replicas_every_subscriber_gets_every_version_once_in_order() {
    let redis = RedisServer::start();
    let a = ServerProcess::start(&redis.url(), &[]);
    let b = ServerProcess::start(&redis.url(), &[]);
    let mut clients = [a.client().await, b.client().await];
    let session = create(&mut clients[0], 2, false, 41).await;
    let id = session.session_id.clone();
    // Seats joined through different replicas.
    let mut tokens = Vec::new();
    for seat in 0..2u32 {
        let joined = clients[seat as usize]
            .join_session(pb::JoinSessionRequest {
                session_id: id.clone(),
                seat: Some(seat),
                player_name: format!("p{seat}"),
                ..Default::default()
            })
            .await
            .expect("join")
            .into_inner();
        tokens.push(joined.seat_token);
    }

    let addrs = vec![a.addr, b.addr];
    let mut watchers = Vec::new();
    for (first, token) in [
        (0, Some(tokens[0].clone())),
        (0, None),
        (1, Some(tokens[1].clone())),
        (1, None),
    ] {
        watchers.push(tokio::spawn(watch(addrs.clone(), first, id.clone(), token)));
    }

    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let mut last = None;
    for n in 0..MAX_STEPS {
        match step(&mut clients[n % 2], &id, &tokens, &mut rng).await {
            Some(s) => last = Some(s),
            None => break,
        }
    }
    let last = last.expect("some moves");
    assert_eq!(last.status, pb::SessionStatus::Finished as i32);
    for (i, w) in watchers.into_iter().enumerate() {
        let watched = w.await.expect("watcher");
        assert_exactly_once(&watched, last.version, &format!("subscriber {i}"));
        assert_eq!(watched.resumes, 0, "subscriber {i} was never cut");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn kill_9_of_a_replica_mid_game_its_subscribers_resume_on_the_other() {
    let redis = RedisServer::start();
    let mut a = ServerProcess::start(&redis.url(), &[]);
    let b = ServerProcess::start(&redis.url(), &[]);
    let mut ca = a.client().await;
    let mut cb = b.client().await;
    let (id, tokens) = started(&mut ca, 2, false, 42).await;

    let addrs = vec![a.addr, b.addr];
    let mut watchers = Vec::new();
    for (first, token) in [
        (0, Some(tokens[0].clone())),
        (0, Some(tokens[1].clone())),
        (0, None),
        (1, None),
    ] {
        watchers.push(tokio::spawn(watch(addrs.clone(), first, id.clone(), token)));
    }

    let mut rng = ChaCha8Rng::seed_from_u64(42);
    for n in 0..20 {
        let client = if n % 2 == 0 { &mut ca } else { &mut cb };
        step(client, &id, &tokens, &mut rng)
            .await
            .expect("the game lasts more than 20 versions");
    }
    // Let A's subscribers catch up partway, then kill A without warning.
    tokio::time::sleep(Duration::from_millis(200)).await;
    a.kill9();
    assert!(
        ca.get_session(pb::GetSessionRequest {
            session_id: id.clone(),
        })
        .await
        .is_err(),
        "A is gone"
    );

    let mut last = None;
    for _ in 0..MAX_STEPS {
        match step(&mut cb, &id, &tokens, &mut rng).await {
            Some(s) => last = Some(s),
            None => break,
        }
    }
    let last = last.expect("moves after the kill");
    assert_eq!(last.status, pb::SessionStatus::Finished as i32);
    for (i, w) in watchers.into_iter().enumerate() {
        let watched = w.await.expect("watcher");
        assert_exactly_once(&watched, last.version, &format!("subscriber {i}"));
        assert_eq!(watched.last_addr, b.addr, "subscriber {i} ends on B");
        if i < 3 {
            assert!(watched.resumes >= 1, "subscriber {i} of A had to resume");
        } else {
            assert_eq!(watched.resumes, 0, "B's subscriber was never cut");
        }
    }
}

/// What a racer got from the server.
#[derive(Debug, Default)]
struct Tally {
    accepted: Vec<(u64, u32, pb::GameAction)>,
    aborted: usize,
    refused: usize,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn eight_racing_submitters_one_commit_per_version_and_the_log_replays() {
    let redis = RedisServer::start();
    let a = ServerProcess::start(&redis.url(), &[]);
    let b = ServerProcess::start(&redis.url(), &[]);
    let mut ca = a.client().await;
    let seed = 43;
    let (id, tokens) = started(&mut ca, 2, false, seed).await;
    const VERSIONS: u64 = 120;

    let mut racers = Vec::new();
    for r in 0..8usize {
        let addr = if r % 2 == 0 { a.addr } else { b.addr };
        let id = id.clone();
        let tokens = tokens.clone();
        racers.push(tokio::spawn(async move {
            let mut client = connect(addr).await.expect("connect");
            let mut rng = ChaCha8Rng::seed_from_u64(1000 + r as u64);
            let pinned = r % 4 < 2;
            let mut tally = Tally::default();
            let deadline = Instant::now() + Duration::from_secs(120);
            while Instant::now() < deadline {
                let current = session(&mut client, &id).await;
                if current.status == pb::SessionStatus::Finished as i32
                    || current.version >= VERSIONS
                {
                    break;
                }
                let seat = current.to_act[rng.random_range(0..current.to_act.len())];
                let options = legal(&mut client, &id, &tokens[seat as usize]).await;
                if options.actions.is_empty() {
                    continue;
                }
                let action = options.actions[rng.random_range(0..options.actions.len())].clone();
                let request = submit_request(
                    &id,
                    action.clone(),
                    pinned.then_some(options.version),
                    &uuid::Uuid::new_v4().to_string(),
                );
                match client
                    .submit_action(authed(request, &tokens[seat as usize]))
                    .await
                {
                    Ok(response) => {
                        tally
                            .accepted
                            .push((response.into_inner().version, seat, action))
                    }
                    Err(status) if status.code() == Code::Aborted => tally.aborted += 1,
                    // An unpinned action re-validated on a newer version may no longer
                    // be legal (or its seat no longer to act).
                    Err(status) if !pinned && status.code() == Code::FailedPrecondition => {
                        tally.refused += 1
                    }
                    Err(status) => panic!("racer {r} (pinned {pinned}): {status:?}"),
                }
            }
            tally
        }));
    }
    let mut accepted = Vec::new();
    let (mut aborted, mut refused) = (0, 0);
    for racer in racers {
        let tally = racer.await.expect("racer");
        accepted.extend(tally.accepted);
        aborted += tally.aborted;
        refused += tally.refused;
    }
    accepted.sort_by_key(|(v, _, _)| *v);
    let final_session = session(&mut ca, &id).await;
    let versions: Vec<u64> = accepted.iter().map(|(v, _, _)| *v).collect();
    assert_eq!(
        versions,
        (1..=final_session.version).collect::<Vec<_>>(),
        "exactly one accepted commit per version"
    );
    assert!(
        aborted + refused > 0,
        "eight racers never collided; the test proves nothing"
    );
    eprintln!(
        "racers: {} commits, {aborted} aborted, {refused} refused after retry",
        accepted.len()
    );

    // A sequential replay of the accepted actions gives the stored state and log.
    let options = convert::options_in(final_session.options.as_ref()).expect("options");
    let mut state = AnyState::setup(&options, seed).expect("setup");
    let store = RedisStore::connect(RedisConfig::new(redis.url()))
        .await
        .expect("store");
    let log = store
        .sessions()
        .read_log(&id, 0, accepted.len() + 10)
        .await
        .expect("log");
    assert_eq!(log.len(), accepted.len());
    for ((version, seat, action), entry) in accepted.iter().zip(&log) {
        let action = convert::action_in(Some(action)).expect("action");
        let events = state
            .apply(agora_engine::Seat(*seat as u8), &action)
            .unwrap_or_else(|e| panic!("version {version} does not replay: {e:?}"));
        assert_eq!(entry.version, *version);
        assert_eq!(u32::from(entry.seat.0), *seat);
        assert_eq!(entry.events, events, "version {version} events");
    }
    let stored = store.sessions().load(&id).await.expect("load");
    assert_eq!(stored.version, final_session.version);
    assert!(
        stored.state.game == state,
        "the replayed state is the stored one"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn redis_restarted_with_aof_mid_game_play_continues_without_restarting_the_service() {
    let mut redis = RedisServer::start_with_aof();
    let a = ServerProcess::start(&redis.url(), &[]);
    let mut client = a.client().await;
    let (id, tokens) = started(&mut client, 2, false, 44).await;
    let watcher = tokio::spawn(watch(vec![a.addr], 0, id.clone(), None));
    let mut rng = ChaCha8Rng::seed_from_u64(44);
    for _ in 0..15 {
        step(&mut client, &id, &tokens, &mut rng)
            .await
            .expect("the game lasts more than 15 versions");
    }
    let before = session(&mut client, &id).await;

    redis.kill();
    let t = Instant::now();
    let status = assert_code(
        client
            .get_session(pb::GetSessionRequest {
                session_id: id.clone(),
            })
            .await,
        Code::Unavailable,
    );
    assert!(
        t.elapsed() < Duration::from_secs(4),
        "fails fast: {:?}",
        t.elapsed()
    );
    assert!(
        status.message().contains("store is unavailable"),
        "a clear message: {}",
        status.message()
    );

    redis.restart();
    let after = session_after_recovery(&mut client, &id)
        .await
        .unwrap_or_else(|s| panic!("the session did not survive: {s:?}"));
    assert_eq!(after.version, before.version, "the session survived");

    let mut last = after;
    for _ in 0..MAX_STEPS {
        match step(&mut client, &id, &tokens, &mut rng).await {
            Some(s) => last = s,
            None => break,
        }
    }
    assert_eq!(last.status, pb::SessionStatus::Finished as i32);
    let watched = watcher.await.expect("watcher");
    assert_exactly_once(&watched, last.version, "subscriber");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn redis_restarted_without_its_data_ends_streams_with_not_found() {
    let mut redis = RedisServer::start();
    let a = ServerProcess::start(&redis.url(), &[]);
    let mut client = a.client().await;
    let (id, tokens) = started(&mut client, 2, false, 45).await;
    let mut rng = ChaCha8Rng::seed_from_u64(45);
    for _ in 0..5 {
        step(&mut client, &id, &tokens, &mut rng)
            .await
            .expect("the game lasts more than 5 versions");
    }
    let mut stream = stream_caught_up(&mut client, &id, 5).await;

    // No append-only file: Redis comes back empty, as after losing its data.
    redis.restart();
    let end = tokio::time::timeout(Duration::from_secs(20), stream.message())
        .await
        .expect("the stream must not wait forever for a session that is gone");
    let status = assert_code(end, Code::NotFound);
    assert!(
        status.message().contains("no longer exists"),
        "a clear message: {}",
        status.message()
    );
    assert_code(
        session_after_recovery(&mut client, &id).await,
        Code::NotFound,
    );
}

/// GetSession once the replica reaches Redis again: the first calls after a Redis restart
/// may be UNAVAILABLE while its connection is re-established.
async fn session_after_recovery(client: &mut Client, id: &str) -> Result<pb::Session, Status> {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let got = client
            .get_session(pb::GetSessionRequest {
                session_id: id.to_string(),
            })
            .await;
        match got {
            Err(s) if s.code() == Code::Unavailable && Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(100)).await
            }
            other => return other.map(|r| r.into_inner().session.expect("session")),
        }
    }
}
