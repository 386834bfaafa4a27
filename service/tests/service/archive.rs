//! The permanent archive (issue 36) against a real PostgreSQL (one throwaway cluster per
//! test binary, a database per test):
//!
//! - every configuration, finished, answers GetSession, GetHistory and ExportSession with
//!   the same bytes (for a spectator and for a seat) after the live store dropped it at
//!   `--finished-ttl` as before, on both stores;
//! - a replica killed after claiming an archive job and before writing it, or after writing
//!   it and before finishing the job: the game is archived exactly once;
//! - PostgreSQL stopped: archive jobs wait in the store, and are written once it is back.

use crate::support::harness::*;
use crate::support::postgres::{fresh_database, private_cluster};
use crate::support::redis_server::RedisServer;
use crate::support::server_process::ServerProcess;
use agora_engine::registry::{self, AnyOptions, AnyState};
use agora_proto::v1 as pb;
use agora_service::api::convert;
use agora_service::archive::postgres::{PgArchive, PgSettings};
use agora_service::archive::Archive;
use agora_service::config::Config;
use agora_service::store::memory::{Expiry, MemoryStore};
use agora_service::store::redis::{RedisConfig, RedisStore};
use agora_service::store::{Store, StoreError, WorkKind};
use prost::Message;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::oneshot;
use tonic::Request;

per_store!(every_configuration_reads_the_same_bytes_from_the_archive_after_expiry);

const FINISHED: i32 = pb::SessionStatus::Finished as i32;

/// How long the live store keeps a finished session in these tests.
const FINISHED_TTL: Duration = Duration::from_secs(6);

fn archive(url: &str) -> PgArchive {
    PgArchive::connect_lazy(&PgSettings {
        url: url.to_string(),
        pool_size: 2,
        statement_timeout: Duration::from_secs(5),
    })
    .expect("archive settings")
}

/// A server with the archive on, on a store the test also holds.
struct Archived {
    addr: std::net::SocketAddr,
    store: Arc<dyn Store>,
    _stop: oneshot::Sender<()>,
    _redis: Option<RedisServer>,
}

impl Archived {
    async fn start(kind: StoreKind, archive_url: &str, ttl: Duration) -> Archived {
        let (store, redis): (Arc<dyn Store>, _) = match kind {
            StoreKind::Memory => (
                Arc::new(MemoryStore::new(10_000, 1024).with_expiry(Expiry {
                    finished: ttl,
                    abandoned: Duration::from_secs(3600),
                })),
                None,
            ),
            StoreKind::Redis => {
                let redis = RedisServer::start();
                let mut config = RedisConfig::new(redis.url());
                config.finished_ttl = ttl;
                let store = RedisStore::connect(config).await.expect("connect to redis");
                (Arc::new(store), Some(redis))
            }
        };
        let mut config = Config::for_tests();
        config.allow_chosen_seeds = true;
        config.finished_ttl = ttl;
        config.archive_url = Some(archive_url.to_string());
        config.archive_statement_timeout = Duration::from_secs(5);
        let listener = tokio::net::TcpListener::bind(config.listen)
            .await
            .expect("bind a loopback port");
        let addr = listener.local_addr().expect("local address");
        let (stop, stopped) = oneshot::channel::<()>();
        tokio::spawn(agora_service::server::serve_with_store(
            config,
            store.clone(),
            listener,
            async move {
                let _ = stopped.await;
            },
        ));
        Archived {
            addr,
            store,
            _stop: stop,
            _redis: redis,
        }
    }

    async fn client(&self) -> Client {
        let channel = tonic::transport::Endpoint::from_shared(format!("http://{}", self.addr))
            .expect("endpoint")
            .connect()
            .await
            .expect("connect to the test server");
        Client::new(channel).max_decoding_message_size(8 << 20)
    }
}

fn as_viewer<T>(message: T, token: Option<&str>) -> Request<T> {
    match token {
        Some(token) => authed(message, token),
        None => Request::new(message),
    }
}

/// What a viewer reads of a session: GetSession, every GetHistory page, ExportSession,
/// each as the bytes of its answer.
async fn read_all(client: &mut Client, id: &str, token: Option<&str>) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let got = client
        .get_session(as_viewer(
            pb::GetSessionRequest {
                session_id: id.into(),
            },
            token,
        ))
        .await
        .expect("get session")
        .into_inner();
    out.push(got.encode_to_vec());
    let mut after = 0;
    loop {
        let page = client
            .get_history(as_viewer(
                pb::GetHistoryRequest {
                    session_id: id.into(),
                    after_version: after,
                    page_size: 50,
                },
                token,
            ))
            .await
            .expect("history")
            .into_inner();
        out.push(page.encode_to_vec());
        if page.next_after_version == 0 {
            break;
        }
        after = page.next_after_version;
    }
    let export = client
        .export_session(as_viewer(
            pb::ExportSessionRequest {
                session_id: id.into(),
            },
            token,
        ))
        .await
        .expect("export")
        .into_inner();
    out.push(export.encode_to_vec());
    out
}

/// A finished session of `options`: seat 0 a player (who resigns at once), every other
/// seat a server bot that plays the game out. Its id and seat 0's token.
async fn finished(
    client: &mut Client,
    name: &str,
    options: &AnyOptions,
    seed: u64,
) -> (String, String) {
    let seats = AnyState::setup(options, seed).expect("setup").seat_count();
    let created = client
        .create_session(pb::CreateSessionRequest {
            options: Some(convert::options_out(options)),
            seed: Some(seed),
            unrated: true,
            bots: (1..seats as u32)
                .map(|seat| pb::SeatBot {
                    seat,
                    kind: pb::BotKind::Random as i32,
                    strength: None,
                })
                .collect(),
            ..Default::default()
        })
        .await
        .expect("create")
        .into_inner()
        .session
        .expect("session");
    let id = created.session_id.clone();
    // Seat 0 only: the bots hold the others from the start.
    let token = client
        .join_session(pb::JoinSessionRequest {
            session_id: id.clone(),
            seat: Some(0),
            player_name: "player 0".into(),
            request_id: uuid::Uuid::new_v4().to_string(),
        })
        .await
        .unwrap_or_else(|e| panic!("{name}: join: {e:?}"))
        .into_inner()
        .seat_token;
    client
        .resign_session(authed(
            pb::ResignSessionRequest {
                session_id: id.clone(),
                request_id: String::new(),
            },
            &token,
        ))
        .await
        .unwrap_or_else(|e| panic!("{name}: resign: {e:?}"));
    let start = Instant::now();
    loop {
        if session(client, &id).await.status == FINISHED {
            return (id, token);
        }
        assert!(
            start.elapsed() < Duration::from_secs(240),
            "{name}: the bots did not finish"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn every_configuration_reads_the_same_bytes_from_the_archive_after_expiry(kind: StoreKind) {
    let url = fresh_database();
    let served = Archived::start(kind, &url, FINISHED_TTL).await;
    let mut client = served.client().await;
    let mut games = Vec::new();
    for (i, (name, options)) in registry::configurations().into_iter().enumerate() {
        let (id, token) = finished(&mut client, &name, &options, 700 + i as u64).await;
        // Read at once: the live store keeps it for FINISHED_TTL after its last write.
        let spectator = read_all(&mut client, &id, None).await;
        let seat = read_all(&mut client, &id, Some(&token)).await;
        games.push((name, id, token, spectator, seat));
    }
    // Every one gone from the live store (and so answered from the archive below).
    let start = Instant::now();
    for (name, id, ..) in &games {
        loop {
            match served.store.sessions().load(id).await {
                Err(StoreError::NotFound(_)) => break,
                Ok(_) => {}
                Err(e) => panic!("{name}: {e}"),
            }
            assert!(
                start.elapsed() < FINISHED_TTL * 10,
                "{name}: the finished session never expired"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    let archived = archive(&url);
    for (name, id, token, spectator, seat) in &games {
        assert!(
            archived.game(id).await.expect("read the archive").is_some(),
            "{name}: not archived"
        );
        assert!(
            read_all(&mut client, id, None).await == *spectator,
            "{name}: a spectator reads other bytes from the archive"
        );
        assert!(
            read_all(&mut client, id, Some(token)).await == *seat,
            "{name}: seat 0 reads other bytes from the archive"
        );
    }
    // Bytes per archived game, by game id (BENCHMARKS.md, "Archive"): printed, not asserted.
    let pool = sqlx::PgPool::connect(&url).await.expect("connect");
    let sizes: Vec<(String, i64, i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT s.game_id, count(*), avg(final_version)::bigint, avg(octet_length(log))::bigint, \
         avg(octet_length(snapshot) + octet_length(meta))::bigint, \
         avg(pg_column_size(s.*) + (SELECT sum(pg_column_size(t.*)) FROM archived_seat t \
         WHERE t.session_id = s.session_id))::bigint \
         FROM archived_session s GROUP BY s.game_id ORDER BY s.game_id",
    )
    .fetch_all(&pool)
    .await
    .expect("sizes");
    eprintln!("game_id | games | avg versions | log bytes | snapshot+meta bytes | row bytes (session + seats)");
    for (game, games, versions, log, rest, total) in sizes {
        eprintln!("{game} | {games} | {versions} | {log} | {rest} | {total}");
    }
    pool.close().await;
    // Nothing left to do in the queue.
    let backlog = served
        .store
        .work()
        .backlog(WorkKind::Archive)
        .await
        .expect("backlog");
    assert_eq!(backlog.pending, 0);
}

/// Rows of `session` in the archive: (sessions, seats).
async fn rows(url: &str, session: &str) -> (i64, i64) {
    let pool = sqlx::PgPool::connect(url).await.expect("connect");
    let sessions: i64 =
        sqlx::query_scalar("SELECT count(*) FROM archived_session WHERE session_id = $1")
            .bind(session)
            .fetch_one(&pool)
            .await
            .expect("count sessions");
    let seats: i64 = sqlx::query_scalar("SELECT count(*) FROM archived_seat WHERE session_id = $1")
        .bind(session)
        .fetch_one(&pool)
        .await
        .expect("count seats");
    pool.close().await;
    (sessions, seats)
}

/// A 2-player Standard Origin session, seat 0 resigned: finished in one version.
async fn resigned_game(server: &ServerProcess) -> String {
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, false, 11).await;
    client
        .resign_session(authed(
            pb::ResignSessionRequest {
                session_id: id.clone(),
                request_id: String::new(),
            },
            &tokens[0],
        ))
        .await
        .expect("resign");
    id
}

/// Waits until `server` has exited (it crashed at its fail point).
fn crashed(server: &mut ServerProcess, point: &str) {
    assert!(
        server.exited_within(Duration::from_secs(60)).is_some(),
        "the server did not crash at {point}"
    );
}

async fn wait_archived(url: &str, id: &str) -> (i64, i64) {
    let start = Instant::now();
    loop {
        let counted = rows(url, id).await;
        if counted.0 > 0 || start.elapsed() > Duration::from_secs(120) {
            return counted;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Archive jobs still in the shared Redis queue.
async fn queued(redis_url: &str) -> u64 {
    let client = ::redis::Client::open(redis_url).expect("redis url");
    let mut conn = client
        .get_multiplexed_async_connection()
        .await
        .expect("connect to redis");
    ::redis::cmd("ZCARD")
        .arg("agora:{agora:work:archive}:due")
        .query_async(&mut conn)
        .await
        .expect("ZCARD")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replica_killed_around_the_archive_write_archives_each_game_exactly_once() {
    let redis = RedisServer::start();
    let url = fresh_database();
    let redis_url = redis.url();
    let args = [
        "--store",
        "redis",
        "--redis-url",
        redis_url.as_str(),
        "--archive-url",
        url.as_str(),
        "--archive-statement-timeout",
        "1s",
    ];

    // Killed after the final commit, with the job claimed and nothing written.
    let mut first =
        ServerProcess::start_with(&args, &[("FAILPOINTS", "archive-before-write=return")]);
    let before_write = resigned_game(&first).await;
    crashed(&mut first, "archive-before-write");
    assert_eq!(rows(&url, &before_write).await, (0, 0));
    // Another replica takes the job once its lease has run out.
    let mut second = ServerProcess::start_with(&args, &[]);
    assert_eq!(wait_archived(&url, &before_write).await, (1, 2));
    let _ = second.terminate();

    // Killed after the database write, before the job was finished.
    let mut third = ServerProcess::start_with(&args, &[("FAILPOINTS", "archive-written=return")]);
    let after_write = resigned_game(&third).await;
    crashed(&mut third, "archive-written");
    assert_eq!(rows(&url, &after_write).await, (1, 2));
    assert_eq!(queued(&redis.url()).await, 1, "the job is still there");
    // Another replica writes it again: nothing new, and the job is done.
    let _fourth = ServerProcess::start_with(&args, &[]);
    let start = Instant::now();
    while queued(&redis.url()).await > 0 {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the job is never finished"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(rows(&url, &after_write).await, (1, 2));
    assert_eq!(rows(&url, &before_write).await, (1, 2));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn archive_jobs_wait_while_postgres_is_down_and_are_written_when_it_is_back() {
    let (mut pg, url) = private_cluster();
    // Finished sessions outlive the outage in the live store (the docs' sizing rule).
    let served = Archived::start(StoreKind::Memory, &url, Duration::from_secs(3600)).await;
    let mut client = served.client().await;
    // The server is up and has migrated the archive: one game goes through.
    let (first, _) = finished(&mut client, "first", &registry::configurations()[0].1, 1).await;
    let archived = archive(&url);
    let start = Instant::now();
    while archived.game(&first).await.ok().flatten().is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the first game is never archived"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    pg.kill();
    let mut ids = Vec::new();
    for seed in 2..5 {
        ids.push(
            finished(&mut client, "down", &registry::configurations()[0].1, seed)
                .await
                .0,
        );
    }
    // They wait in the store's queue (retried while the database is down).
    let start = Instant::now();
    loop {
        let backlog = served
            .store
            .work()
            .backlog(WorkKind::Archive)
            .await
            .expect("backlog");
        if backlog.pending == ids.len() as u64 {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "{backlog:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    pg.restart().expect("restart postgres");
    for id in &ids {
        let start = Instant::now();
        while archived.game(id).await.ok().flatten().is_none() {
            assert!(
                start.elapsed() < Duration::from_secs(120),
                "a game finished while the archive was down is never archived"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    let start = Instant::now();
    while served
        .store
        .work()
        .backlog(WorkKind::Archive)
        .await
        .expect("backlog")
        .pending
        > 0
    {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the backlog never drains"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
