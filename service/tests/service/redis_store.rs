//! The Redis store against a private redis-server: the Store contract, the key
//! layout, TTLs, feeds, lagging subscribers, and Redis going away and coming back; and the
//! follow contract (resume, back-fill, gone, lag) asked of the memory store and Redis alike.

use crate::support::redis_server::RedisServer;
use agora_engine::origin;
use agora_engine::registry::{AnyOptions, AnyState};
use agora_engine::Seat;
use agora_service::store::memory::{Expiry, MemoryStore};
use agora_service::store::redis::{RedisConfig, RedisStore};
use agora_service::store::{
    Claimed, Commit, CommitResult, JoinRecord, ListFilter, LogEntry, SeatClaim, SeatRecord,
    SessionMeta, Store, StoreError,
};
use agora_service::table::Table;
use futures::StreamExt;
use std::time::{Duration, Instant};

fn config(server: &RedisServer) -> RedisConfig {
    let mut config = RedisConfig::new(server.url());
    config.op_timeout = Duration::from_millis(1500);
    config
}

async fn store(server: &RedisServer) -> RedisStore {
    RedisStore::connect(config(server)).await.expect("connect")
}

fn new_session(id: &str, created: i64) -> (SessionMeta, Table) {
    let options = AnyOptions::Origin(origin::Options::default());
    let state = Table::new(AnyState::setup(&options, 7).expect("setup"));
    let meta = SessionMeta::new(
        id.to_string(),
        options,
        u64::MAX - 3,
        vec![SeatRecord::default(); state.seat_count()],
        created,
    );
    (meta, state)
}

/// The next version: the first legal action of the first seat to act.
fn next_commit(state: &Table, version: u64, request_id: Option<&str>) -> Commit {
    let seat = state.to_act().iter().next().expect("someone acts");
    let action = state.legal_actions(seat).into_iter().next().expect("legal");
    let mut next = state.clone();
    let events = next.play(seat, &action).expect("legal action applies");
    Commit {
        expected_version: version,
        entry: std::sync::Arc::new(LogEntry {
            version: version + 1,
            cause: None,
            seat,
            events,
            to_act: next.to_act().iter().collect(),
            outcome: next.outcome(),
            request_id: request_id.map(str::to_string),
            request_fingerprint: None,
            clocks: Vec::new(),
        }),
        state: std::sync::Arc::new(next),
    }
}

async fn seat_all(store: &impl Store, id: &str) {
    let loaded = store.sessions().load(id).await.expect("load");
    for (i, seat) in loaded.meta.seats.iter().enumerate() {
        if seat.taken() {
            continue;
        }
        let claim = SeatClaim::new(Some(i as u32), format!("p{i}"), format!("hash{i}"));
        store.sessions().claim_seat(id, claim).await.expect("claim");
    }
}

/// Plays `n` versions on top of whatever the session is at.
async fn play(store: &impl Store, id: &str, n: usize) {
    for _ in 0..n {
        let loaded = store.sessions().load(id).await.expect("load");
        let commit = next_commit(&loaded.state, loaded.version, None);
        store.sessions().commit(id, commit).await.expect("commit");
    }
}

async fn raw(server: &RedisServer) -> redis::aio::MultiplexedConnection {
    redis::Client::open(server.url())
        .expect("url")
        .get_multiplexed_async_connection()
        .await
        .expect("raw connection")
}

#[tokio::test]
async fn sessions_round_trip_with_seats_commits_duplicates_and_conflicts() {
    let server = RedisServer::start();
    let store = store(&server).await;
    let (meta, state) = new_session("s1", 1000);
    store
        .sessions()
        .create(meta.clone(), state.clone())
        .await
        .unwrap();
    assert_eq!(
        store.sessions().create(meta.clone(), state.clone()).await,
        Err(StoreError::AlreadyExists("s1".into()))
    );
    let loaded = store.sessions().load("s1").await.unwrap();
    assert_eq!(loaded.meta, meta);
    assert_eq!(loaded.meta.seed, u64::MAX - 3, "u64 seeds survive");
    assert_eq!(loaded.version, 0);
    assert_eq!(loaded.state, state);
    assert!(matches!(
        store.sessions().load("nope").await,
        Err(StoreError::NotFound(_))
    ));

    // Seats: a wanted one, the lowest open one, taken, missing, full.
    let (seat, m) = store
        .sessions()
        .claim_seat("s1", SeatClaim::new(Some(1), "bob", "hb"))
        .await
        .unwrap();
    assert_eq!(seat, Claimed::Taken(Seat(1)));
    assert_eq!(m.seats[1].token_hash.as_deref(), Some("hb"));
    assert_eq!(
        store
            .sessions()
            .claim_seat("s1", SeatClaim::new(Some(1), "eve", "he"))
            .await,
        Err(StoreError::SeatTaken(1))
    );
    assert_eq!(
        store
            .sessions()
            .claim_seat("s1", SeatClaim::new(Some(9), "eve", "he"))
            .await,
        Err(StoreError::NoSuchSeat { seat: 9, seats: 2 })
    );
    let (seat, m) = store
        .sessions()
        .claim_seat("s1", SeatClaim::new(None, "ann", "ha"))
        .await
        .unwrap();
    assert_eq!(seat, Claimed::Taken(Seat(0)));
    assert!(m.all_seats_taken());
    assert_eq!(m.seat_of("ha"), Some(Seat(0)));
    assert_eq!(
        store
            .sessions()
            .claim_seat("s1", SeatClaim::new(None, "eve", "he"))
            .await,
        Err(StoreError::SessionFull)
    );
    assert!(matches!(
        store
            .sessions()
            .claim_seat("nope", SeatClaim::new(None, "eve", "he"))
            .await,
        Err(StoreError::NotFound(_))
    ));

    // Commits: ok, duplicate request id, stale version.
    let c1 = next_commit(&state, 0, Some("r1"));
    let after1 = c1.state.clone();
    assert_eq!(
        store.sessions().commit("s1", c1.clone()).await,
        Ok(CommitResult::Committed(1))
    );
    assert_eq!(
        store.sessions().commit("s1", c1.clone()).await,
        Ok(CommitResult::Duplicate(1))
    );
    assert_eq!(store.sessions().find_request("s1", "r1").await, Ok(Some(1)));
    assert_eq!(store.sessions().find_request("s1", "r2").await, Ok(None));
    let stale = next_commit(&state, 0, Some("r2"));
    assert_eq!(
        store.sessions().commit("s1", stale).await,
        Err(StoreError::Conflict {
            expected: 0,
            actual: 1
        })
    );
    let loaded = store.sessions().load("s1").await.unwrap();
    assert_eq!((loaded.version, &loaded.state), (1, &*after1));
    play(&store, "s1", 4).await;

    let log = store.sessions().read_log("s1", 0, 100).await.unwrap();
    let versions: Vec<u64> = log.iter().map(|e| e.version).collect();
    assert_eq!(versions, vec![1, 2, 3, 4, 5]);
    assert_eq!(
        store.sessions().find_request("s1", "r1").await.unwrap(),
        Some(1)
    );
    let some: Vec<u64> = store
        .sessions()
        .read_log("s1", 2, 2)
        .await
        .unwrap()
        .iter()
        .map(|e| e.version)
        .collect();
    assert_eq!(some, vec![3, 4]);
    assert!(store
        .sessions()
        .read_log("s1", 5, 10)
        .await
        .unwrap()
        .is_empty());
}

#[tokio::test]
async fn keys_share_a_hash_tag_carry_ttls_and_tokens_only_as_hashes() {
    let server = RedisServer::start();
    let mut config = config(&server);
    config.abandoned_ttl = Duration::from_secs(3000);
    config.finished_ttl = Duration::from_secs(60);
    let store = RedisStore::connect(config).await.unwrap();
    let (meta, state) = new_session("abc", 1);
    store.sessions().create(meta, state).await.unwrap();
    let retried = SeatClaim::new(None, "p0", "hash0").with_retry(join_record("k", "f", "salt"));
    store.sessions().claim_seat("abc", retried).await.unwrap();
    seat_all(&store, "abc").await;
    let loaded = store.sessions().load("abc").await.unwrap();
    let commit = next_commit(&loaded.state, 0, Some("rq"));
    store.sessions().commit("abc", commit).await.unwrap();

    let mut conn = raw(&server).await;
    let mut keys: Vec<String> = redis::cmd("KEYS")
        .arg("agora:*")
        .query_async(&mut conn)
        .await
        .unwrap();
    keys.sort();
    assert_eq!(
        keys,
        vec![
            "agora:sessions",
            "agora:{abc}:join",
            "agora:{abc}:log",
            "agora:{abc}:meta",
            "agora:{abc}:req",
            "agora:{abc}:snap"
        ],
        "a full session leaves the lobby"
    );
    for key in &keys[1..] {
        let ttl: i64 = redis::cmd("TTL")
            .arg(key)
            .query_async(&mut conn)
            .await
            .unwrap();
        assert!((2990..=3000).contains(&ttl), "{key} ttl {ttl}");
    }
    let ids: Vec<(String, Vec<Vec<u8>>)> = redis::cmd("XRANGE")
        .arg("agora:{abc}:log")
        .arg("-")
        .arg("+")
        .query_async(&mut conn)
        .await
        .unwrap();
    assert_eq!(ids[0].0, "1-0", "stream ids follow versions");
    let token: Option<String> = redis::cmd("HGET")
        .arg("agora:{abc}:meta")
        .arg("seat:0:token")
        .query_async(&mut conn)
        .await
        .unwrap();
    assert_eq!(token.as_deref(), Some("hash0"));
    let join: Option<String> = redis::cmd("HGET")
        .arg("agora:{abc}:join")
        .arg("k")
        .query_async(&mut conn)
        .await
        .unwrap();
    assert_eq!(join.as_deref(), Some("0 f salt"), "seat, fingerprint, salt");
    let snap: Vec<u8> = redis::cmd("GET")
        .arg("agora:{abc}:snap")
        .query_async(&mut conn)
        .await
        .unwrap();
    assert_eq!(
        snap[..2],
        [0, agora_service::store::codec::SNAPSHOT_FORMAT],
        "the snapshot is binary and carries its format"
    );
}

/// The PTTL of every key of session `id`, in ms.
async fn pttls(conn: &mut redis::aio::MultiplexedConnection, id: &str) -> Vec<(String, i64)> {
    let mut out = Vec::new();
    for suffix in ["meta", "snap", "log", "req", "join"] {
        let key = format!("agora:{{{id}}}:{suffix}");
        let ttl: i64 = redis::cmd("PTTL")
            .arg(&key)
            .query_async(conn)
            .await
            .unwrap();
        out.push((key, ttl));
    }
    out
}

/// Commits push the keys' expiries out only once per sixteenth of the TTL; a key a commit
/// creates (the log, the request index) gets its TTL at once, and after a sixteenth of the
/// TTL has passed the next commit pushes every key's expiry out again.
#[tokio::test]
async fn commits_refresh_expiries_once_per_sixteenth_of_the_ttl() {
    let server = RedisServer::start();
    let mut config = config(&server);
    config.abandoned_ttl = Duration::from_secs(16);
    let store = RedisStore::connect(config).await.unwrap();
    let (meta, state) = new_session("ttl", 1);
    store.sessions().create(meta, state).await.unwrap();
    let claim = SeatClaim::new(None, "p0", "hash0").with_retry(join_record("k", "f", "salt"));
    store.sessions().claim_seat("ttl", claim).await.unwrap();
    seat_all(&store, "ttl").await;
    let mut conn = raw(&server).await;
    let mut state = store.sessions().load("ttl").await.unwrap().state;
    // Version 1 has no request id: the request index does not exist yet.
    let first = next_commit(&state, 0, None);
    state = Table::clone(&first.state);
    store.sessions().commit("ttl", first).await.unwrap();
    // Version 2 is the first with a request id, inside the same sixteenth: not a refresh,
    // but the index it creates must not live forever.
    let second = next_commit(&state, 1, Some("rq-2"));
    state = Table::clone(&second.state);
    store.sessions().commit("ttl", second).await.unwrap();
    for (key, ttl) in pttls(&mut conn, "ttl").await {
        assert!((14_000..=16_000).contains(&ttl), "{key} pttl {ttl}");
    }
    tokio::time::sleep(Duration::from_millis(1_300)).await;
    for (key, ttl) in pttls(&mut conn, "ttl").await {
        assert!(ttl < 15_000, "{key} pttl {ttl}: 1.3 s passed");
    }
    // More than a sixteenth (1 s) since the last push: this commit pushes every key.
    let third = next_commit(&state, 2, Some("rq-3"));
    store.sessions().commit("ttl", third).await.unwrap();
    for (key, ttl) in pttls(&mut conn, "ttl").await {
        assert!(ttl > 15_000, "{key} pttl {ttl}: refreshed by the commit");
    }
}

#[tokio::test]
async fn finished_and_abandoned_sessions_expire_and_leave_the_lobby() {
    let server = RedisServer::start();
    let mut config = config(&server);
    config.abandoned_ttl = Duration::from_secs(1);
    let store = RedisStore::connect(config).await.unwrap();
    let (meta, state) = new_session("old", 1);
    store.sessions().create(meta, state).await.unwrap();
    let (meta, state) = new_session("older", 0);
    store.sessions().create(meta, state).await.unwrap();
    let filter = ListFilter {
        game_id: None,
        include_full: true,
        limit: 10,
    };
    let rows = store.lobby().list(&filter).await.unwrap();
    let ids: Vec<&str> = rows.iter().map(|r| r.meta.id.as_str()).collect();
    assert_eq!(ids, vec!["old", "older"], "newest first");
    tokio::time::sleep(Duration::from_millis(2200)).await;
    assert!(matches!(
        store.sessions().load("old").await,
        Err(StoreError::NotFound(_))
    ));
    assert!(store.lobby().list(&filter).await.unwrap().is_empty());
    let mut conn = raw(&server).await;
    let left: Vec<String> = redis::cmd("KEYS")
        .arg("agora:*")
        .query_async(&mut conn)
        .await
        .unwrap();
    assert!(left.is_empty(), "indexes pruned: {left:?}");
}

#[tokio::test]
async fn a_session_expiring_while_followed_ends_its_subscriptions_with_gone() {
    let server = RedisServer::start();
    let mut config = config(&server);
    config.abandoned_ttl = Duration::from_secs(1);
    let store = RedisStore::connect(config).await.unwrap();
    let (meta, state) = new_session("brief", 1);
    store.sessions().create(meta, state).await.unwrap();
    let mut sub = store.sessions().subscribe("brief", 0).await.unwrap();
    let end = tokio::time::timeout(Duration::from_secs(10), sub.next())
        .await
        .expect("a subscription to an expired session must not wait forever");
    assert_eq!(end, Some(Err(StoreError::Gone("brief".into()))));
    assert!(sub.next().await.is_none(), "and then it ends");
    assert!(matches!(
        store.sessions().subscribe("brief", 0).await,
        Err(StoreError::NotFound(_))
    ));
}

#[tokio::test]
async fn lobby_lists_open_sessions_by_game_and_respects_limits() {
    let server = RedisServer::start();
    let store = store(&server).await;
    for i in 0..30 {
        let (meta, state) = new_session(&format!("s{i:02}"), i);
        store.sessions().create(meta, state).await.unwrap();
    }
    for i in 0..10 {
        seat_all(&store, &format!("s{i:02}")).await;
    }
    let open = store
        .lobby()
        .list(&ListFilter {
            game_id: Some("origin".into()),
            include_full: false,
            limit: 100,
        })
        .await
        .unwrap();
    assert_eq!(open.len(), 20);
    assert_eq!(open[0].meta.id, "s29");
    let all = store
        .lobby()
        .list(&ListFilter {
            game_id: None,
            include_full: true,
            limit: 25,
        })
        .await
        .unwrap();
    assert_eq!(all.len(), 25);
    let other = store
        .lobby()
        .list(&ListFilter {
            game_id: Some("chess".into()),
            include_full: true,
            limit: 25,
        })
        .await
        .unwrap();
    assert!(other.is_empty());
}

#[tokio::test]
async fn subscribers_get_history_then_live_once_in_order_through_one_feed() {
    let server = RedisServer::start();
    let store = store(&server).await;
    let (meta, state) = new_session("s", 1);
    store.sessions().create(meta, state).await.unwrap();
    seat_all(&store, "s").await;
    play(&store, "s", 3).await;

    let mut subs = Vec::new();
    for after in [0, 2, 3] {
        subs.push((after, store.sessions().subscribe("s", after).await.unwrap()));
    }
    assert_eq!(
        store.active_feeds(),
        1,
        "one reader per session per replica"
    );
    let writer = {
        let store = store.clone();
        tokio::spawn(async move { play(&store, "s", 20).await })
    };
    for (after, sub) in &mut subs {
        let mut expect = *after + 1;
        while expect <= 23 {
            let entry = tokio::time::timeout(Duration::from_secs(10), sub.next())
                .await
                .expect("no stall")
                .expect("open")
                .expect("entry")
                .version()
                .expect("a version");
            assert_eq!(entry.version, expect);
            expect += 1;
        }
    }
    writer.await.unwrap();
    assert!(matches!(
        store.sessions().subscribe("nope", 0).await,
        Err(StoreError::NotFound(_))
    ));
    drop(subs);
    assert_eq!(
        store.active_feeds(),
        0,
        "the feed stops with its last subscriber"
    );
}

#[tokio::test]
async fn a_lagging_subscriber_is_back_filled_never_skipped() {
    let server = RedisServer::start();
    let mut config = config(&server);
    config.live_buffer = 4;
    let store = RedisStore::connect(config).await.unwrap();
    let (meta, state) = new_session("s", 1);
    store.sessions().create(meta, state).await.unwrap();
    seat_all(&store, "s").await;
    let mut slow = store.sessions().subscribe("s", 0).await.unwrap();
    let mut fast = store.sessions().subscribe("s", 0).await.unwrap();
    let reader = tokio::spawn(async move {
        let mut n = 0;
        while let Some(Ok(e)) = fast.next().await {
            let e = e.version().expect("a version");
            n += 1;
            assert_eq!(e.version, n);
            if n == 30 {
                break;
            }
        }
        n
    });
    play(&store, "s", 30).await;
    assert_eq!(reader.await.unwrap(), 30);
    tokio::time::sleep(Duration::from_millis(200)).await;
    // The feed dropped most of these for `slow`; it reads them back from the log.
    assert_eq!(versions(&mut slow, 30).await, (1..=30).collect::<Vec<_>>());
}

/// The next `n` versions of a subscription, each within 10 seconds.
async fn versions(sub: &mut agora_service::store::LogStream, n: usize) -> Vec<u64> {
    let mut seen = Vec::new();
    for _ in 0..n {
        let item = tokio::time::timeout(Duration::from_secs(10), sub.next())
            .await
            .expect("the next version in time")
            .expect("an item")
            .expect("an entry")
            .version()
            .expect("a version");
        seen.push(item.version);
    }
    seen
}

/// A session `s` with every seat taken and `played` versions committed.
async fn played(store: &impl Store, played: usize) {
    let (meta, state) = new_session("s", 1);
    store.sessions().create(meta, state).await.expect("create");
    seat_all(store, "s").await;
    play(store, "s", played).await;
}

/// Subscribing from any version gives every later one once, history then live.
async fn resumes_from_any_version(store: impl Store) {
    played(&store, 5).await;
    let mut subs = Vec::new();
    for after in 0..=5 {
        subs.push((
            after,
            store
                .sessions()
                .subscribe("s", after)
                .await
                .expect("subscribe"),
        ));
    }
    play(&store, "s", 2).await;
    for (after, mut sub) in subs {
        let expected: Vec<u64> = ((after + 1)..=7).collect();
        assert_eq!(
            versions(&mut sub, expected.len()).await,
            expected,
            "after {after}"
        );
    }
}

/// A subscriber that reads nothing while many versions pass its live buffer still gets
/// each of them, in order.
async fn back_fills_a_slow_subscriber(store: impl Store) {
    played(&store, 0).await;
    let mut slow = store.sessions().subscribe("s", 0).await.expect("subscribe");
    play(&store, "s", 20).await;
    assert_eq!(versions(&mut slow, 20).await, (1..=20).collect::<Vec<_>>());
}

/// A session that expires while followed ends its subscriptions with Gone.
async fn ends_with_gone_when_the_session_expires(store: impl Store) {
    played(&store, 1).await;
    let mut sub = store.sessions().subscribe("s", 0).await.expect("subscribe");
    assert_eq!(versions(&mut sub, 1).await, vec![1]);
    let end = tokio::time::timeout(Duration::from_secs(10), sub.next())
        .await
        .expect("the end in time");
    assert_eq!(end, Some(Err(StoreError::Gone("s".into()))));
    assert!(sub.next().await.is_none(), "and the stream ends");
}

fn join_record(key: &str, fingerprint: &str, salt: &str) -> JoinRecord {
    JoinRecord {
        key: key.into(),
        fingerprint: fingerprint.into(),
        salt: salt.into(),
        seat: Seat(0),
    }
}

/// A claim with a retry key takes one seat, once: its retry answers the first claim's
/// record whatever else it says and whatever seats are open, and takes nothing.
async fn claims_once_per_retry_key(store: impl Store) {
    let (meta, state) = new_session("s", 1);
    store.sessions().create(meta, state).await.expect("create");
    let first = SeatClaim::new(Some(1), "ann", "h1").with_retry(join_record("k1", "f1", "salt1"));
    let (claimed, meta) = store
        .sessions()
        .claim_seat("s", first)
        .await
        .expect("claim");
    assert_eq!(claimed, Claimed::Taken(Seat(1)));
    assert_eq!(meta.seat_of("h1"), Some(Seat(1)));
    let retry = SeatClaim::new(None, "other", "h2").with_retry(join_record("k1", "f2", "salt2"));
    let (claimed, meta) = store
        .sessions()
        .claim_seat("s", retry)
        .await
        .expect("retry");
    let mut record = join_record("k1", "f1", "salt1");
    record.seat = Seat(1);
    assert_eq!(claimed, Claimed::Before(record.clone()));
    assert_eq!(meta.open_seats(), 1, "the retry took nothing");
    assert_eq!(meta.seat_of("h2"), None);
    let other = SeatClaim::new(None, "bob", "h3").with_retry(join_record("k2", "f1", "salt3"));
    let (claimed, meta) = store
        .sessions()
        .claim_seat("s", other)
        .await
        .expect("another key");
    assert_eq!(claimed, Claimed::Taken(Seat(0)));
    assert!(meta.all_seats_taken());
    let late = SeatClaim::new(Some(1), "ann", "h1").with_retry(join_record("k1", "f1", "x"));
    assert_eq!(
        store
            .sessions()
            .claim_seat("s", late)
            .await
            .expect("retry when full")
            .0,
        Claimed::Before(record),
        "a full session still answers a retry"
    );
    let new = SeatClaim::new(None, "eve", "h4").with_retry(join_record("k3", "f1", "x"));
    assert_eq!(
        store.sessions().claim_seat("s", new).await,
        Err(StoreError::SessionFull)
    );
}

fn memory() -> MemoryStore {
    MemoryStore::new(10, 2)
}

async fn redis(server: &RedisServer) -> RedisStore {
    let mut config = config(server);
    config.live_buffer = 2;
    RedisStore::connect(config).await.expect("connect")
}

fn second() -> Expiry {
    Expiry {
        finished: Duration::from_secs(1),
        abandoned: Duration::from_secs(1),
    }
}

#[tokio::test]
async fn both_stores_resume_from_any_version() {
    resumes_from_any_version(memory()).await;
    let server = RedisServer::start();
    resumes_from_any_version(redis(&server).await).await;
}

#[tokio::test]
async fn both_stores_claim_once_per_retry_key() {
    claims_once_per_retry_key(memory()).await;
    let server = RedisServer::start();
    claims_once_per_retry_key(redis(&server).await).await;
}

#[tokio::test]
async fn both_stores_back_fill_a_slow_subscriber() {
    back_fills_a_slow_subscriber(memory()).await;
    let server = RedisServer::start();
    back_fills_a_slow_subscriber(redis(&server).await).await;
}

#[tokio::test]
async fn both_stores_end_a_followed_session_that_expires_with_gone() {
    ends_with_gone_when_the_session_expires(memory().with_expiry(second())).await;
    let server = RedisServer::start();
    let mut config = config(&server);
    config.abandoned_ttl = Duration::from_secs(1);
    config.finished_ttl = Duration::from_secs(1);
    let store = RedisStore::connect(config).await.expect("connect");
    ends_with_gone_when_the_session_expires(store).await;
}

/// Lag is for versions truly gone from the log: only a damaged Redis stream can lose one
/// (the memory store never does), and the subscriber learns where to resume.
#[tokio::test]
async fn a_version_missing_from_the_log_ends_the_subscription_as_lagged() {
    let server = RedisServer::start();
    let store = store(&server).await;
    played(&store, 5).await;
    let _: i64 = redis::cmd("XDEL")
        .arg("agora:{s}:log")
        .arg("3-0")
        .query_async(&mut raw(&server).await)
        .await
        .expect("XDEL");
    let mut sub = store.sessions().subscribe("s", 0).await.expect("subscribe");
    assert_eq!(versions(&mut sub, 2).await, vec![1, 2]);
    assert_eq!(
        sub.next().await,
        Some(Err(StoreError::Lagged { last_version: 2 }))
    );
    assert!(sub.next().await.is_none(), "the stream ends after Lagged");
}

#[tokio::test]
async fn redis_down_fails_fast_and_recovers_without_a_new_store() {
    let mut server = RedisServer::start_with_aof();
    let store = store(&server).await;
    let (meta, state) = new_session("s", 1);
    store.sessions().create(meta, state).await.unwrap();
    seat_all(&store, "s").await;
    play(&store, "s", 2).await;
    let mut sub = store.sessions().subscribe("s", 0).await.unwrap();
    for v in 1..=2 {
        assert_eq!(
            sub.next()
                .await
                .unwrap()
                .unwrap()
                .version()
                .unwrap()
                .version,
            v
        );
    }

    server.kill();
    let t = Instant::now();
    match store.sessions().load("s").await {
        Err(StoreError::Unavailable(msg)) => assert!(!msg.is_empty()),
        other => panic!("expected Unavailable, got {other:?}"),
    }
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    let t = Instant::now();
    assert!(matches!(
        store.sessions().load("s").await,
        Err(StoreError::Unavailable(_))
    ));
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());

    server.restart();
    let deadline = Instant::now() + Duration::from_secs(10);
    let loaded = loop {
        match store.sessions().load("s").await {
            Ok(l) => break l,
            Err(e) if Instant::now() < deadline => {
                let _ = e;
                tokio::time::sleep(Duration::from_millis(100)).await
            }
            Err(e) => panic!("did not recover: {e}"),
        }
    };
    assert_eq!(loaded.version, 2, "the AOF kept every commit");
    play(&store, "s", 2).await;
    for v in 3..=4 {
        let e = tokio::time::timeout(Duration::from_secs(10), sub.next())
            .await
            .expect("the feed came back")
            .unwrap()
            .unwrap()
            .version()
            .unwrap();
        assert_eq!(e.version, v);
    }
}

/// A game finished and compacted before this replica's feed read its last entries (the
/// stream is deleted once the log is one record): the feed finds them in the record at
/// its next look around, so live subscribers still get every version, once, in order.
#[tokio::test]
async fn a_feed_that_missed_the_end_before_compaction_reads_it_from_the_record() {
    let server = RedisServer::start();
    let store = store(&server).await;
    let (meta, state) = new_session("s", 1);
    store.sessions().create(meta, state).await.unwrap();
    seat_all(&store, "s").await;
    play(&store, "s", 3).await;
    let mut sub = store.sessions().subscribe("s", 3).await.unwrap();

    // Two more versions reach the log and the log is compacted in one transaction, so the
    // feed (blocked on the stream) never sees them in the stream.
    let mut entries = store.sessions().read_log("s", 0, 10).await.unwrap();
    let mut state = store.sessions().load("s").await.unwrap().state;
    for version in 3..5 {
        let commit = next_commit(&state, version, None);
        state = std::sync::Arc::unwrap_or_clone(commit.state);
        entries.push(commit.entry);
    }
    let blob = agora_service::store::codec::encode_log_blob(state.game.kind(), &entries).unwrap();
    let mut conn = raw(&server).await;
    let _: () = redis::pipe()
        .atomic()
        .cmd("SET")
        .arg("agora:{s}:logz")
        .arg(blob)
        .ignore()
        .cmd("DEL")
        .arg("agora:{s}:log")
        .ignore()
        .cmd("HSET")
        .arg("agora:{s}:meta")
        .arg("version")
        .arg(5)
        .ignore()
        .query_async(&mut conn)
        .await
        .unwrap();

    for expect in [4, 5] {
        let entry = tokio::time::timeout(Duration::from_secs(10), sub.next())
            .await
            .expect("the feed finds the compacted versions")
            .expect("open")
            .expect("entry")
            .version()
            .expect("a version");
        assert_eq!(entry.version, expect);
    }
    // A new subscriber of the compacted session reads everything from the record.
    let mut late = store.sessions().subscribe("s", 0).await.unwrap();
    assert_eq!(versions(&mut late, 5).await, vec![1, 2, 3, 4, 5]);
}
