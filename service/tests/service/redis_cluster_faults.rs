//! A silent path to one node of a Redis Cluster (issue 34): node 0 of a private
//! three-node cluster announces a fault proxy's port to clients (its cluster bus stays
//! direct), so a replica reaches it only through the proxy. The proxy swallows bytes
//! (blackhole) for [`FAULT`]: calls on a session that node holds end in a clear error
//! (UNAVAILABLE) within [`CALL_BOUND`], never hang; once the path heals, the replica
//! serves that session again within [`RECOVERY`] without anybody closing its connections.

use crate::support::harness::{join_all, origin_options, session, Client};
use crate::support::redis_cluster::RedisCluster;
use agora_process::fault_proxy::{FaultProxy, Mode};
use agora_proto::v1 as pb;
use agora_proto::v1::game_service_client::GameServiceClient;
use agora_service::config::{Config, StoreKind};
use std::net::SocketAddr;
use std::process::Command;
use std::time::{Duration, Instant};
use tokio::sync::oneshot;
use tonic::Code;

/// How long the path to node 0 swallows bytes.
const FAULT: Duration = Duration::from_secs(8);
/// The store's 2 s call timeout, plus scheduling on a busy machine.
const CALL_BOUND: Duration = Duration::from_secs(5);
/// From the heal to the node's sessions answered again.
const RECOVERY: Duration = Duration::from_secs(10);

/// The node (index into `cluster.ports`) that holds session `id`'s keys.
fn owner(cluster: &RedisCluster, id: &str) -> Option<usize> {
    let key = format!("agora:{{{id}}}:meta");
    cluster.ports.iter().position(|port| {
        Command::new("redis-cli")
            .args(["-p", &port.to_string(), "EXISTS", &key])
            .output()
            .map(|out| String::from_utf8_lossy(&out.stdout).trim() == "1")
            .unwrap_or(false)
    })
}

async fn get(client: &mut Client, id: &str) -> Result<pb::Session, tonic::Status> {
    let mut request = tonic::Request::new(pb::GetSessionRequest {
        session_id: id.to_string(),
    });
    request.set_timeout(CALL_BOUND * 2);
    Ok(client
        .get_session(request)
        .await?
        .into_inner()
        .session
        .unwrap_or_default())
}

#[tokio::test]
async fn a_silent_path_to_one_cluster_node_fails_calls_clearly_and_heals_by_itself() {
    let mut proxy = None;
    let cluster = RedisCluster::start_announcing(|i, port| {
        (i == 0).then(|| {
            let upstream: SocketAddr = ([127, 0, 0, 1], port).into();
            let started = FaultProxy::start(upstream).expect("start the fault proxy");
            let front = started.addr.port();
            proxy = Some(started);
            front
        })
    });
    let proxy = proxy.expect("node 0 is behind the proxy");
    // Seeds: the two direct nodes; the client learns node 0's (proxied) address from them.
    let seeds = cluster.ports[1..]
        .iter()
        .map(|p| format!("redis://127.0.0.1:{p}"))
        .collect::<Vec<_>>()
        .join(",");
    let mut config = Config::for_tests();
    config.store = StoreKind::RedisCluster;
    config.redis_url = Some(seeds);
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .expect("bind a loopback port");
    let addr = listener.local_addr().expect("local address");
    let (_stop, stopped) = oneshot::channel::<()>();
    tokio::spawn(agora_service::serve(config, listener, async move {
        let _ = stopped.await;
    }));
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{addr}"))
        .expect("endpoint")
        .connect()
        .await
        .expect("connect to the replica");
    let mut client = GameServiceClient::new(channel);

    // Sessions until one lives on node 0 (a third of the slots) and one elsewhere.
    let (mut on_node0, mut elsewhere) = (None, None);
    for _ in 0..60 {
        let created = client
            .create_session(pb::CreateSessionRequest {
                options: Some(origin_options(2, false)),
                request_id: uuid::Uuid::new_v4().to_string(),
                ..Default::default()
            })
            .await
            .expect("create through the healthy path")
            .into_inner()
            .session
            .expect("session");
        join_all(&mut client, &created).await;
        match owner(&cluster, &created.session_id) {
            Some(0) if on_node0.is_none() => on_node0 = Some(created.session_id),
            Some(n) if n != 0 && elsewhere.is_none() => elsewhere = Some(created.session_id),
            _ => {}
        }
        if on_node0.is_some() && elsewhere.is_some() {
            break;
        }
    }
    let (node0, other) = (
        on_node0.expect("a session on node 0"),
        elsewhere.expect("a session on another node"),
    );
    let before = session(&mut client, &node0).await;

    proxy.set_mode(Mode::Blackhole);
    let cut = Instant::now();
    // Calls on node 0's session end in a clear error within the bound, every one.
    let mut refused = 0;
    while cut.elapsed() < FAULT {
        let asked = Instant::now();
        match get(&mut client, &node0).await {
            Ok(_) => {}
            Err(status) => {
                let took = asked.elapsed();
                assert!(
                    took <= CALL_BOUND,
                    "a call on the cut node took {took:?} to fail ({status:?})"
                );
                assert_eq!(status.code(), Code::Unavailable, "{status:?}");
                refused += 1;
            }
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(
        refused > 0,
        "no call on the cut node failed during the fault"
    );
    // The other node's session, meanwhile: answered or refused, never hung.
    let asked = Instant::now();
    let _ = get(&mut client, &other).await;
    assert!(asked.elapsed() <= CALL_BOUND, "the other node's call hung");

    proxy.set_mode(Mode::Pass);
    let healed = Instant::now();
    loop {
        match get(&mut client, &node0).await {
            Ok(again) => {
                assert_eq!(again.version, before.version);
                break;
            }
            Err(status) => assert!(
                healed.elapsed() < RECOVERY,
                "still failing {:?} after the heal: {status:?}",
                healed.elapsed()
            ),
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let recovered = healed.elapsed();
    get(&mut client, &other)
        .await
        .expect("the other node's session after the heal");
    eprintln!(
        "cluster node cut {FAULT:?}: {refused} calls refused UNAVAILABLE; answered again {recovered:?} after the heal"
    );
}
