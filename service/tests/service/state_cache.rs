//! The replica state cache (issue 13 item 1): two servers share one store, each with its
//! own cache. A move built on a stale cached state is refused by the store's commit and
//! replayed on fresh state; a retried request id is answered by the commit itself, with
//! no load and no request-id lookup. A store wrapper counts the calls each one makes.

use crate::redis_retry::find_pair;
use crate::support::intercept::{Hooks, Intercepted};
use crate::support::redis_server::RedisServer;
use agora_engine::registry::AnyAction;
use agora_engine::Seat;
use agora_proto::v1 as pb;
use agora_proto::v1::game_service_client::GameServiceClient;
use agora_service::api::convert;
use agora_service::config::Config;
use agora_service::store::memory::MemoryStore;
use agora_service::store::redis::{RedisConfig, RedisStore};
use agora_service::store::{Commit, CommitResult, Loaded, Sessions, Store, StoreError};
use async_trait::async_trait;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use tonic::transport::Channel;
use tonic::Request;

/// Delegates to `inner`, counting the calls of the submit path.
struct Counting {
    loads: AtomicUsize,
    commits: AtomicUsize,
    conflicts: AtomicUsize,
    lookups: AtomicUsize,
}

/// Calls made since the last `take`: (loads, commits, conflicts, request-id lookups).
impl Counting {
    fn take(&self) -> (usize, usize, usize, usize) {
        (
            self.loads.swap(0, Ordering::SeqCst),
            self.commits.swap(0, Ordering::SeqCst),
            self.conflicts.swap(0, Ordering::SeqCst),
            self.lookups.swap(0, Ordering::SeqCst),
        )
    }
}

#[async_trait]
impl Hooks for Counting {
    async fn load(&self, inner: &dyn Sessions, id: &str) -> Result<Loaded, StoreError> {
        self.loads.fetch_add(1, Ordering::SeqCst);
        inner.load(id).await
    }
    async fn commit(
        &self,
        inner: &dyn Sessions,
        id: &str,
        commit: Commit,
    ) -> Result<CommitResult, StoreError> {
        self.commits.fetch_add(1, Ordering::SeqCst);
        let result = inner.commit(id, commit).await;
        if let Err(StoreError::Conflict { .. }) = result {
            self.conflicts.fetch_add(1, Ordering::SeqCst);
        }
        result
    }
    async fn find_request(
        &self,
        inner: &dyn Sessions,
        id: &str,
        request_id: &str,
    ) -> Result<Option<u64>, StoreError> {
        self.lookups.fetch_add(1, Ordering::SeqCst);
        inner.find_request(id, request_id).await
    }
}

fn submit(
    id: &str,
    seat: Seat,
    action: &AnyAction,
    request_id: &str,
    tokens: &[String],
) -> Request<pb::SubmitActionRequest> {
    let mut request = Request::new(pb::SubmitActionRequest {
        session_id: id.to_string(),
        action: Some(convert::action_out(action)),
        expected_version: None,
        request_id: request_id.to_string(),
    });
    let token = &tokens[usize::from(seat.0)];
    request.metadata_mut().insert(
        "authorization",
        format!("Bearer {token}").parse().expect("header"),
    );
    request
}

/// A server on `store`; the sender stops it.
async fn replica(
    store: Arc<dyn Store>,
) -> (GameServiceClient<Channel>, tokio::sync::oneshot::Sender<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("address");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(agora_service::server::serve_with_store(
        Config::for_tests(),
        store,
        listener,
        async move {
            let _ = stopped.await;
        },
    ));
    let client = GameServiceClient::connect(format!("http://{addr}"))
        .await
        .expect("connect");
    (client, stop)
}

async fn stale_cache_never_commits(inner: Arc<dyn Store>) {
    let counting = Intercepted::new(
        inner.clone(),
        Counting {
            loads: AtomicUsize::new(0),
            commits: AtomicUsize::new(0),
            conflicts: AtomicUsize::new(0),
            lookups: AtomicUsize::new(0),
        },
    );
    let (mut a, _stop_a) = replica(counting.clone()).await;
    let (mut b, _stop_b) = replica(counting.clone()).await;
    let options = pb::GameOptions {
        game: Some(pb::game_options::Game::Origin(pb::OriginOptions {
            players: 2,
            rules: pb::OriginRuleSet::Standard as i32,
            first_player: None,
        })),
    };
    let id = a
        .create_session(pb::CreateSessionRequest {
            options: Some(options),
            seed: Some(11),
            unrated: true,
            ..Default::default()
        })
        .await
        .expect("create")
        .into_inner()
        .session
        .expect("session")
        .session_id;
    let mut tokens = Vec::new();
    for seat in 0..2 {
        let joined = a
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

    // Replica A plays until a position offers two compatible moves: A has cached it.
    let (loaded, ((x, a1), (y, a2))) = {
        let mut found = None;
        for _ in 0..300 {
            let loaded = inner.sessions().load(&id).await.expect("load");
            let seat = loaded.state.to_act().iter().next().expect("in progress");
            let action = loaded.state.legal_actions(seat).remove(0);
            a.submit_action(submit(&id, seat, &action, "", &tokens))
                .await
                .expect("a legal move");
            let loaded = inner.sessions().load(&id).await.expect("load");
            if let Some(pair) = find_pair(&loaded.state.game) {
                found = Some((loaded, pair));
                break;
            }
        }
        found.expect("a position with two compatible moves")
    };
    let v = loaded.version;

    // Replica B moves: A's cached state (v) is now stale.
    let first = b
        .submit_action(submit(&id, x, &a1, "r1", &tokens))
        .await
        .expect("B's move")
        .into_inner();
    assert_eq!(first.version, v + 1);
    counting.hooks.take();

    // A new move on A's stale state: the commit refuses it, A reloads and commits on top.
    let second = a
        .submit_action(submit(&id, y, &a2, "r2", &tokens))
        .await
        .expect("re-validated on fresh state")
        .into_inner();
    assert_eq!(second.version, v + 2);
    assert_eq!(
        counting.hooks.take(),
        (1, 2, 1, 0),
        "(loads, commits, conflicts, lookups)"
    );
    let log = inner.sessions().read_log(&id, v, 10).await.expect("log");
    assert_eq!(log.len(), 2);
    assert_eq!((log[0].seat, log[1].seat), (x, y));
    let mut replay = loaded.state.clone();
    replay.play(x, &a1).expect("a1");
    replay.play(y, &a2).expect("a2");
    assert!(
        inner.sessions().load(&id).await.expect("load").state == replay,
        "the stored state is the sequential replay of both moves"
    );

    // B moves again: A's cached state (v + 2) is stale once more.
    let fresh = inner.sessions().load(&id).await.expect("load");
    let seat = fresh.state.to_act().iter().next().expect("in progress");
    let action = fresh.state.legal_actions(seat).remove(0);
    let third = b
        .submit_action(submit(&id, seat, &action, "r3", &tokens))
        .await
        .expect("B's move")
        .into_inner();
    assert_eq!(third.version, v + 3);
    counting.hooks.take();

    // A retry of B's request reaches A: its stale state accepts the move, and the commit
    // itself answers "duplicate of v + 3": one commit, no load, no request-id lookup.
    let retried = a
        .submit_action(submit(&id, seat, &action, "r3", &tokens))
        .await
        .expect("the retry is answered")
        .into_inner();
    assert_eq!(retried, third, "the retry gets the first answer");
    assert_eq!(
        counting.hooks.take(),
        (0, 1, 0, 0),
        "(loads, commits, conflicts, lookups)"
    );

    // The state A built on its stale entry was not kept: its next move loads first.
    let calls = next_move_calls(&counting, inner.as_ref(), &mut a, &id, "r4", &tokens).await;
    assert_eq!(calls, (1, 1, 0, 0), "(loads, commits, conflicts, lookups)");

    // Warm now: A's next move is one commit and nothing else.
    let calls = next_move_calls(&counting, inner.as_ref(), &mut a, &id, "r5", &tokens).await;
    assert_eq!(calls, (0, 1, 0, 0), "(loads, commits, conflicts, lookups)");
}

/// The store calls `replica` makes for the first legal move of the stored session.
async fn next_move_calls(
    counting: &Intercepted<Counting>,
    inner: &dyn Store,
    replica: &mut GameServiceClient<Channel>,
    id: &str,
    request_id: &str,
    tokens: &[String],
) -> (usize, usize, usize, usize) {
    let fresh = inner.sessions().load(id).await.expect("load");
    counting.hooks.take();
    let seat = fresh.state.to_act().iter().next().expect("in progress");
    let action = fresh.state.legal_actions(seat).remove(0);
    replica
        .submit_action(submit(id, seat, &action, request_id, tokens))
        .await
        .expect("a legal move");
    counting.hooks.take()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stale_cached_state_never_commits_memory() {
    stale_cache_never_commits(Arc::new(MemoryStore::new(100, 64))).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stale_cached_state_never_commits_redis() {
    let redis = RedisServer::start();
    let store = RedisStore::connect(RedisConfig::new(redis.url()))
        .await
        .expect("connect");
    stale_cache_never_commits(Arc::new(store)).await;
}
