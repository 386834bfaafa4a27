//! Every mutating call is safe to retry after the replica answering it dies between its
//! store write and its answer: real `agora-server` processes on one private Redis, the
//! dying one armed with a fail point (`FAILPOINTS`, compiled into test builds only) that
//! aborts the process right after the write. The caller sees the call fail, retries it
//! with the same request id on another replica, and gets what the first call did: the
//! same session, the same seat with a working token, the same version; and the session
//! plays to the end.

use crate::support::harness::*;
use crate::support::redis_server::RedisServer;
use crate::support::server_process::ServerProcess;
use agora_proto::v1 as pb;
use std::time::Duration;
use tonic::Code;

/// A replica that aborts at fail point `point` (after its store write, before answering).
fn doomed(redis: &RedisServer, point: &str) -> ServerProcess {
    let failpoints = format!("{point}=return");
    ServerProcess::start_with(
        &["--store", "redis", "--redis-url", &redis.url()],
        &[("FAILPOINTS", failpoints.as_str())],
    )
}

/// The call failed as a dead server's does, and the replica really died at `point`.
fn died_at<T: std::fmt::Debug>(
    replica: &mut ServerProcess,
    point: &str,
    result: Result<T, tonic::Status>,
) {
    let status = result.expect_err("the replica died before answering");
    assert!(
        matches!(
            status.code(),
            Code::Unavailable | Code::Unknown | Code::Internal
        ),
        "a dead server's failure: {status:?}"
    );
    let exit = replica
        .exited_within(Duration::from_secs(10))
        .expect("the replica exited");
    assert!(!exit.success(), "it crashed: {exit:?}");
    assert!(
        replica.log_text().contains(&format!("fail point {point}")),
        "it died at {point}: {}",
        replica.log_text()
    );
}

fn taken(session: &pb::Session) -> Vec<u32> {
    session
        .seats
        .iter()
        .filter(|s| s.taken)
        .map(|s| s.seat)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn create_join_and_submit_retried_after_the_replica_died_do_what_the_first_call_did() {
    let redis = RedisServer::start();
    let survivor = ServerProcess::start(&redis.url(), &[]);
    let mut client = survivor.client().await;

    // CreateSession: the first attempt stores the session and dies.
    let create = pb::CreateSessionRequest {
        options: Some(origin_options(2, false)),
        seed: Some(77),
        unrated: true,
        request_id: "create-1".into(),
        ..Default::default()
    };
    let mut replica = doomed(&redis, "create-stored");
    let result = replica.client().await.create_session(create.clone()).await;
    died_at(&mut replica, "create-stored", result);
    let created = client
        .create_session(create.clone())
        .await
        .expect("the retry succeeds")
        .into_inner()
        .session
        .expect("session");
    let again = client
        .create_session(create.clone())
        .await
        .expect("and again")
        .into_inner()
        .session
        .expect("session");
    assert_eq!(
        again.session_id, created.session_id,
        "one session, however often"
    );
    let all = client
        .list_sessions(pb::ListSessionsRequest {
            include_full: true,
            ..Default::default()
        })
        .await
        .expect("list")
        .into_inner()
        .sessions;
    assert_eq!(all.len(), 1, "the retries created no other session");
    let id = created.session_id.clone();

    // JoinSession: the first attempt takes seat 0 and dies before the token reaches us.
    let join = pb::JoinSessionRequest {
        session_id: id.clone(),
        seat: None,
        player_name: "Ada".into(),
        request_id: "join-ada".into(),
    };
    let mut replica = doomed(&redis, "join-stored");
    let result = replica.client().await.join_session(join.clone()).await;
    died_at(&mut replica, "join-stored", result);
    assert_eq!(
        taken(&session(&mut client, &id).await),
        vec![0],
        "the seat was taken"
    );
    let ada = client
        .join_session(join.clone())
        .await
        .expect("the retry succeeds")
        .into_inner();
    assert_eq!(ada.seat, 0, "the same seat");
    let ada_again = client
        .join_session(join.clone())
        .await
        .expect("again")
        .into_inner();
    assert_eq!(
        (ada_again.seat, &ada_again.seat_token),
        (0, &ada.seat_token)
    );
    assert_eq!(
        taken(&session(&mut client, &id).await),
        vec![0],
        "no second seat"
    );
    let bob = client
        .join_session(pb::JoinSessionRequest {
            session_id: id.clone(),
            seat: None,
            player_name: "Bob".into(),
            request_id: "join-bob".into(),
        })
        .await
        .expect("the other seat")
        .into_inner();
    assert_eq!(bob.seat, 1);
    let tokens = vec![ada.seat_token.clone(), bob.seat_token.clone()];

    // SubmitAction: the first attempt commits and dies.
    let current = session(&mut client, &id).await;
    let seat = current.to_act[0] as usize;
    let options = legal(&mut client, &id, &tokens[seat]).await;
    let submit = submit_request(&id, options.actions[0].clone(), None, "move-1");
    let mut replica = doomed(&redis, "submit-stored");
    let result = replica
        .client()
        .await
        .submit_action(authed(submit.clone(), &tokens[seat]))
        .await;
    died_at(&mut replica, "submit-stored", result);
    assert_eq!(
        session(&mut client, &id).await.version,
        1,
        "it was committed"
    );
    let answer = client
        .submit_action(authed(submit, &tokens[seat]))
        .await
        .expect("the retry succeeds")
        .into_inner();
    assert_eq!(
        answer.version, 1,
        "answered as committed, not applied again"
    );
    assert_eq!(session(&mut client, &id).await.version, 1);

    // The recovered token plays; the game ends.
    let last = play(&mut client, &id, &tokens, 77, 5_000).await;
    assert_eq!(last.status, pb::SessionStatus::Finished as i32);
}

/// A replica that dies after the Redis create script but before the lobby indexes (they
/// live in other hash slots, so they are written apart): the retry answers the session
/// and lists it, so an open game is not hidden from the lobby until it expires.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_create_retried_after_a_death_before_the_lobby_index_lists_the_session() {
    let redis = RedisServer::start();
    let survivor = ServerProcess::start(&redis.url(), &[]);
    let mut client = survivor.client().await;
    let create = pb::CreateSessionRequest {
        options: Some(origin_options(2, false)),
        seed: Some(78),
        unrated: true,
        request_id: "create-unlisted".into(),
        ..Default::default()
    };
    let mut replica = doomed(&redis, "create-before-index");
    let result = replica.client().await.create_session(create.clone()).await;
    died_at(&mut replica, "create-before-index", result);
    let lobby = |client: &mut Client| {
        let mut client = client.clone();
        async move {
            client
                .list_sessions(pb::ListSessionsRequest::default())
                .await
                .expect("list")
                .into_inner()
                .sessions
        }
    };
    assert!(lobby(&mut client).await.is_empty(), "stored but not listed");
    let created = client
        .create_session(create)
        .await
        .expect("the retry succeeds")
        .into_inner()
        .session
        .expect("session");
    let listed = lobby(&mut client).await;
    assert_eq!(listed.len(), 1, "listed once the retry is answered");
    assert_eq!(listed[0].session_id, created.session_id);
}
