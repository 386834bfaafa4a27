//! The commit-conflict policy, made deterministic: a store wrapper lets "another replica"
//! commit a move just before the service's own commit reaches the store. An unpinned
//! SubmitAction is then reloaded, re-validated by the engine and committed on top; a
//! pinned one is ABORTED and writes nothing. Run on both stores.

use crate::support::intercept::{Hooks, Intercepted};
use crate::support::redis_server::RedisServer;
use agora_engine::registry::{AnyAction, AnyState};
use agora_engine::Seat;
use agora_proto::v1 as pb;
use agora_proto::v1::game_service_client::GameServiceClient;
use agora_service::api::convert;
use agora_service::config::Config;
use agora_service::store::memory::MemoryStore;
use agora_service::store::redis::{RedisConfig, RedisStore};
use agora_service::store::{Commit, CommitResult, LogEntry, Sessions, Store, StoreError};
use async_trait::async_trait;
use std::sync::{Arc, Mutex};
use tonic::{Code, Request};

/// Delegates to `inner`, but the next commit is preceded by `inject` committed directly,
/// as if another replica had won the race.
struct Racing {
    inject: Mutex<Option<(Seat, AnyAction)>>,
}

#[async_trait]
impl Hooks for Racing {
    async fn commit(
        &self,
        inner: &dyn Sessions,
        id: &str,
        commit: Commit,
    ) -> Result<CommitResult, StoreError> {
        let inject = self.inject.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some((seat, action)) = inject {
            let loaded = inner.load(id).await?;
            let mut next = loaded.state.clone();
            let events = next
                .play(seat, &action)
                .expect("the injected move is legal");
            let entry = LogEntry {
                version: loaded.version + 1,
                cause: None,
                seat,
                events,
                to_act: next.to_act().iter().collect(),
                outcome: next.outcome(),
                request_id: None,
                request_fingerprint: None,
                clocks: Vec::new(),
            };
            let other = Commit {
                expected_version: loaded.version,
                state: std::sync::Arc::new(next),
                entry: std::sync::Arc::new(entry),
            };
            inner.commit(id, other).await?;
        }
        inner.commit(id, commit).await
    }
}

/// Moves (x, a1) then (y, a2) where a2 is legal for y both now and after a1.
pub(crate) fn find_pair(state: &AnyState) -> Option<((Seat, AnyAction), (Seat, AnyAction))> {
    for x in state.to_act().iter() {
        for a1 in state.legal_actions(x) {
            let mut after = state.clone();
            if after.apply(x, &a1).is_err() || after.outcome().is_some() {
                continue;
            }
            for y in after.to_act().iter() {
                if !state.to_act().contains(y) {
                    continue;
                }
                let now = state.legal_actions(y);
                if let Some(a2) = after
                    .legal_actions(y)
                    .into_iter()
                    .find(|a| now.contains(a) && *a != a1)
                {
                    return Some(((x, a1.clone()), (y, a2)));
                }
            }
        }
    }
    None
}

fn authed<T>(message: T, token: &str) -> Request<T> {
    let mut request = Request::new(message);
    request.metadata_mut().insert(
        "authorization",
        format!("Bearer {token}").parse().expect("header"),
    );
    request
}

async fn conflict_policy(inner: Arc<dyn Store>) {
    let racing = Intercepted::new(
        inner.clone(),
        Racing {
            inject: Mutex::new(None),
        },
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(agora_service::server::serve_with_store(
        Config::for_tests(),
        racing.clone(),
        listener,
        async move {
            let _ = stopped.await;
        },
    ));
    let mut client = GameServiceClient::connect(format!("http://{addr}"))
        .await
        .unwrap();
    let options = pb::GameOptions {
        game: Some(pb::game_options::Game::Origin(pb::OriginOptions {
            players: 2,
            rules: pb::OriginRuleSet::Standard as i32,
            first_player: None,
        })),
    };
    let session = client
        .create_session(pb::CreateSessionRequest {
            options: Some(options),
            seed: Some(5),
            unrated: true,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner()
        .session
        .unwrap();
    let id = session.session_id;
    let mut tokens = Vec::new();
    for seat in 0..2 {
        let joined = client
            .join_session(pb::JoinSessionRequest {
                session_id: id.clone(),
                seat: Some(seat),
                player_name: format!("p{seat}"),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        tokens.push(joined.seat_token);
    }

    for pinned in [false, true] {
        // Walk forward until a position offers a pair of compatible moves.
        let (loaded, ((x, a1), (y, a2))) = {
            let mut found = None;
            for _ in 0..300 {
                let loaded = inner.sessions().load(&id).await.unwrap();
                if let Some(pair) = find_pair(&loaded.state.game) {
                    found = Some((loaded, pair));
                    break;
                }
                let seat = loaded.state.to_act().iter().next().expect("in progress");
                let action = loaded.state.legal_actions(seat).remove(0);
                client
                    .submit_action(authed(
                        pb::SubmitActionRequest {
                            session_id: id.clone(),
                            action: Some(convert::action_out(&action)),
                            expected_version: Some(loaded.version),
                            request_id: String::new(),
                        },
                        &tokens[usize::from(seat.0)],
                    ))
                    .await
                    .unwrap();
            }
            found.expect("a position with two compatible moves")
        };
        let v = loaded.version;
        *racing.hooks.inject.lock().unwrap() = Some((x, a1.clone()));
        let result = client
            .submit_action(authed(
                pb::SubmitActionRequest {
                    session_id: id.clone(),
                    action: Some(convert::action_out(&a2)),
                    expected_version: pinned.then_some(v),
                    request_id: format!("rq-{pinned}"),
                },
                &tokens[usize::from(y.0)],
            ))
            .await;
        let log = inner.sessions().read_log(&id, v, 10).await.unwrap();
        assert_eq!(
            log[0].seat,
            x,
            "the other replica's move is version {}",
            v + 1
        );
        if pinned {
            let status = result.expect_err("a pinned stale submit is refused");
            assert_eq!(status.code(), Code::Aborted, "{status:?}");
            assert_eq!(log.len(), 1, "nothing written for the aborted submit");
        } else {
            let response = result.expect("an unpinned submit is retried").into_inner();
            assert_eq!(response.version, v + 2, "re-validated on top of the winner");
            assert_eq!(log.len(), 2);
            assert_eq!(log[1].seat, y);
            assert_eq!(
                inner
                    .sessions()
                    .find_request(&id, "rq-false")
                    .await
                    .unwrap(),
                Some(v + 2),
                "the request id is in the session's request index"
            );
            // The stored state is the engine's sequential replay of both moves.
            let mut replay = loaded.state.clone();
            replay.play(x, &a1).unwrap();
            replay.play(y, &a2).unwrap();
            assert!(inner.sessions().load(&id).await.unwrap().state == replay);
        }
    }
    let _ = stop.send(());
    server.await.unwrap().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn conflicts_are_retried_unless_pinned_memory() {
    conflict_policy(Arc::new(MemoryStore::new(100, 64))).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn conflicts_are_retried_unless_pinned_redis() {
    let redis = RedisServer::start();
    let store = RedisStore::connect(RedisConfig::new(redis.url()))
        .await
        .unwrap();
    conflict_policy(Arc::new(store)).await;
}
