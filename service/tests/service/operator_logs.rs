//! What an operator reads when things fail: a real `agora-server` process logging JSON at
//! WARN, on a private Redis that is killed (UNAVAILABLE for the callers, WARN lines in the
//! log, at most one per second with a count of those held back) or whose data is damaged
//! (INTERNAL, an ERROR line); a shutdown is a WARN line too. Played moves are not logged
//! at this level.

use crate::support::harness::*;
use crate::support::redis_server::RedisServer;
use crate::support::server_process::ServerProcess;
use agora_proto::v1 as pb;
use std::time::{Duration, Instant};
use tonic::Code;

/// The log's JSON lines at `level` whose message contains `text`.
fn lines(log: &str, level: &str, text: &str) -> Vec<serde_json::Value> {
    log.lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|v| v["level"] == level && v["message"].as_str().is_some_and(|m| m.contains(text)))
        .collect()
}

async fn get(client: &mut Client, id: &str) -> Result<pb::Session, tonic::Status> {
    client
        .get_session(pb::GetSessionRequest {
            session_id: id.to_string(),
        })
        .await
        .map(|r| r.into_inner().session.unwrap_or_default())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unavailable_store_is_warned_about_once_a_second_with_a_count() {
    let mut redis = RedisServer::start();
    let url = redis.url();
    let mut server = ServerProcess::start_with(
        &[
            "--store",
            "redis",
            "--redis-url",
            &url,
            "--log-format",
            "json",
        ],
        &[],
    );
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, false, 3).await;
    play(&mut client, &id, &tokens, 3, 10).await;
    assert!(
        lines(&server.log_text(), "WARN", "").is_empty(),
        "a healthy server played quietly: {}",
        server.log_text()
    );

    redis.kill();
    // Batches of concurrent calls for a little over two seconds: many failures per second.
    let start = Instant::now();
    let mut failed = 0;
    while start.elapsed() < Duration::from_millis(2200) {
        let batch: Vec<_> = (0..20)
            .map(|_| {
                let mut client = client.clone();
                let id = id.clone();
                tokio::spawn(async move { get(&mut client, &id).await })
            })
            .collect();
        for call in batch {
            let status = call.await.expect("task").expect_err("Redis is down");
            assert_eq!(status.code(), Code::Unavailable, "{status:?}");
            assert!(status.message().contains("unavailable"), "{status:?}");
            failed += 1;
        }
    }
    let log = server.log_text();
    let warned = lines(&log, "WARN", "session store is unavailable");
    assert!(
        (2..=4).contains(&warned.len()) && failed > 3 * warned.len(),
        "{failed} failures, {} lines: {log}",
        warned.len()
    );
    let held: u64 = warned.iter().filter_map(|w| w["suppressed"].as_u64()).sum();
    eprintln!(
        "{failed} UNAVAILABLE calls, {} WARN lines, {held} held back",
        warned.len()
    );
    assert!(
        held > 0,
        "the later line counts those held back: {warned:?}"
    );
    assert!(warned[0]["detail"]
        .as_str()
        .is_some_and(|d| d.contains("Redis")));

    // Redis back: calls succeed again; a shutdown says so at WARN.
    redis.restart();
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        match get(&mut client, &id).await {
            Err(status) if status.code() == Code::NotFound => break, // no persistence
            Err(status) if Instant::now() < deadline => {
                assert_eq!(status.code(), Code::Unavailable, "{status:?}");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            other => panic!("after the restart: {other:?}"),
        }
    }
    #[cfg(unix)]
    {
        server.terminate();
        assert_eq!(
            lines(&server.log_text(), "WARN", "shutting down").len(),
            1,
            "{}",
            server.log_text()
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unreadable_stored_data_is_internal_and_an_error_line() {
    let redis = RedisServer::start();
    let url = redis.url();
    let server = ServerProcess::start_with(
        &[
            "--store",
            "redis",
            "--redis-url",
            &url,
            "--log-format",
            "json",
        ],
        &[],
    );
    let mut client = server.client().await;
    let created = create(&mut client, 2, false, 4).await;
    let mut raw = redis::Client::open(url.as_str())
        .expect("url")
        .get_multiplexed_async_connection()
        .await
        .expect("raw connection");
    let key = format!("agora:{{{}}}:snap", created.session_id);
    redis::cmd("SET")
        .arg(&key)
        .arg("not a snapshot")
        .query_async::<()>(&mut raw)
        .await
        .expect("damage the snapshot");
    let status = get(&mut client, &created.session_id)
        .await
        .expect_err("unreadable");
    assert_eq!(status.code(), Code::Internal, "{status:?}");
    assert!(
        !status.message().contains("not a snapshot"),
        "no internals leak"
    );
    let log = server.log_text();
    assert_eq!(
        lines(&log, "ERROR", "stored session data is unreadable").len(),
        1,
        "{log}"
    );
}
