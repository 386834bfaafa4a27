//! `--store redis-cluster` on a private three-node Redis Cluster, with two real
//! `agora-server` replicas: sessions spread over the nodes, the lobby reads across them,
//! a whole game is played through one replica while the other streams it, and the store
//! contract's multi-session paths (index pruning, expiry while followed) hold.

use crate::support::harness::*;
use crate::support::redis_cluster::RedisCluster;
use crate::support::server_process::ServerProcess;
use agora_engine::origin;
use agora_engine::registry::{AnyOptions, AnyState};
use agora_proto::v1 as pb;
use agora_service::store::redis::{RedisConfig, RedisStore};
use agora_service::store::{ListFilter, SeatRecord, SessionMeta, Store, StoreError};
use agora_service::table::Table;
use futures::StreamExt;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_replicas_on_a_redis_cluster_play_list_and_stream() {
    let cluster = RedisCluster::start();
    let a = ServerProcess::start_on("redis-cluster", &cluster.urls(), &[]);
    let b = ServerProcess::start_on("redis-cluster", &cluster.urls(), &[]);
    let mut on_a = a.client().await;
    let mut on_b = b.client().await;

    // Twelve sessions: their keys land on several nodes (all on one: odds 1 in 3^11).
    let mut sessions = Vec::new();
    for seed in 0..12 {
        sessions.push(started(&mut on_a, 2, false, seed).await);
    }
    let spread = cluster.keys_per_node("agora:{*");
    assert!(
        spread.iter().filter(|&&n| n > 0).count() >= 2,
        "session keys on several nodes: {spread:?}"
    );

    // The lobby, read through the other replica, gathers rows from every node.
    let listed = on_b
        .list_sessions(pb::ListSessionsRequest {
            game_id: String::new(),
            include_full: true,
            page_size: 50,
        })
        .await
        .expect("list sessions")
        .into_inner()
        .sessions;
    for (id, _) in &sessions {
        assert!(
            listed.iter().any(|s| &s.session_id == id),
            "{id} missing from the lobby"
        );
    }

    // A whole game through replica a, streamed by replica b, every version once in order.
    let (id, tokens) = sessions[0].clone();
    let mut stream = on_b
        .stream_events(pb::StreamEventsRequest {
            session_id: id.clone(),
            after_version: 0,
        })
        .await
        .expect("stream on b")
        .into_inner();
    let last = play(&mut on_a, &id, &tokens, 7, 20_000).await;
    assert_eq!(last.status, pb::SessionStatus::Finished as i32);
    let mut seen = Vec::new();
    while seen.last() != Some(&last.version) {
        let item = tokio::time::timeout(Duration::from_secs(20), stream.message())
            .await
            .expect("the stream keeps up")
            .expect("no stream error")
            .expect("the stream stays open");
        seen.push(item.version);
    }
    let expected: Vec<u64> = (1..=last.version).collect();
    assert_eq!(seen, expected);
}

fn new_session(id: &str) -> (SessionMeta, Table) {
    let options = AnyOptions::Origin(origin::Options::default());
    let state = Table::new(AnyState::setup(&options, 3).expect("setup"));
    let meta = SessionMeta::new(
        id.to_string(),
        options,
        3,
        vec![SeatRecord::default(); state.seat_count()],
        1,
    );
    (meta, state)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn expiry_pruning_and_the_session_cap_work_across_nodes() {
    let cluster = RedisCluster::start();
    let mut config = RedisConfig::new(cluster.urls());
    config.cluster = true;
    config.abandoned_ttl = Duration::from_secs(2);
    config.max_sessions = 8;
    let store = RedisStore::connect(config).await.expect("connect");
    for i in 0..8 {
        let (meta, state) = new_session(&format!("s{i}"));
        store.sessions().create(meta, state).await.expect("create");
    }
    let (meta, state) = new_session("one-too-many");
    assert_eq!(
        store.sessions().create(meta, state).await,
        Err(StoreError::Full(8)),
        "the cap counts sessions on every node"
    );
    let mut followed = store
        .sessions()
        .subscribe("s0", 0)
        .await
        .expect("subscribe");

    // Everything expires after two seconds; the full store prunes its index across nodes
    // and makes room.
    let end = tokio::time::timeout(Duration::from_secs(10), followed.next())
        .await
        .expect("a followed session that expires is reported");
    assert_eq!(end, Some(Err(StoreError::Gone("s0".into()))));
    let (meta, state) = new_session("fresh");
    store
        .sessions()
        .create(meta, state)
        .await
        .expect("room after pruning");
    let rows = store
        .lobby()
        .list(&ListFilter {
            game_id: None,
            include_full: true,
            limit: 20,
        })
        .await
        .expect("list");
    let ids: Vec<&str> = rows.iter().map(|r| r.meta.id.as_str()).collect();
    assert_eq!(ids, vec!["fresh"]);
}
