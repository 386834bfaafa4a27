//! Clocks over real gRPC on both stores: a seat whose time runs out gets the session's
//! timeout policy as a committed version (a random decision, its pass, or the seat loses), the clocks
//! show in GetSession and in the stream, a move in time stops its clock, and a deadline is
//! honoured once by another replica when the one that set it dies.

use crate::support::harness::*;
use crate::support::redis_server::RedisServer;
use crate::support::server_process::ServerProcess;
use agora_proto::v1 as pb;
use std::time::{Duration, Instant};
use tonic::Code;

per_store!(
    a_seat_out_of_time_gets_a_random_move_and_the_game_goes_on,
    a_seat_out_of_time_loses_when_the_policy_says_so,
    a_seat_out_of_time_ends_its_turn_under_skip_or_gets_a_random_move,
    a_move_in_time_stops_the_clock_and_a_bank_keeps_the_rest,
    bad_time_controls_are_refused,
);

const FINISHED: i32 = pb::SessionStatus::Finished as i32;

fn per_move(ms: u64, policy: pb::TimeoutPolicy) -> pb::TimeControl {
    pb::TimeControl {
        limit: Some(pb::time_control::Limit::PerMove(pb::PerMoveLimit {
            limit_ms: ms,
        })),
        on_timeout: policy as i32,
    }
}

fn bank(initial: u64, increment: u64) -> pb::TimeControl {
    pb::TimeControl {
        limit: Some(pb::time_control::Limit::Bank(pb::TimeBank {
            initial_ms: initial,
            increment_ms: increment,
            max_ms: 0,
        })),
        on_timeout: pb::TimeoutPolicy::Lose as i32,
    }
}

/// A two-player Origin session with `control`, every seat taken: (id, tokens).
async fn clocked(client: &mut Client, control: pb::TimeControl) -> (String, Vec<String>) {
    let session = client
        .create_session(pb::CreateSessionRequest {
            options: Some(origin_options(2, false)),
            seed: Some(7),
            unrated: true,
            request_id: uuid::Uuid::new_v4().to_string(),
            time_control: Some(control),
            ..Default::default()
        })
        .await
        .expect("create")
        .into_inner()
        .session
        .expect("session");
    assert!(session.time_control.is_some());
    let tokens = join_all(client, &session).await;
    (session.session_id, tokens)
}

/// Waits until session `id` reaches `version` (or ends).
async fn wait_for_version(client: &mut Client, id: &str, version: u64) -> pb::Session {
    let start = Instant::now();
    loop {
        let current = session(client, id).await;
        if current.version >= version || current.status == FINISHED {
            return current;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "still at version {} after 20 s",
            current.version
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn a_seat_out_of_time_gets_a_random_move_and_the_game_goes_on(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, _tokens) = clocked(&mut client, per_move(300, pb::TimeoutPolicy::RandomMove)).await;
    let started = session(&mut client, &id).await;
    let first = started.to_act[0];
    let clock = &started.clocks[first as usize];
    assert!(clock.deadline_unix_ms.is_some(), "the seat to act runs");
    assert!(clock.remaining_ms <= 300);
    let after = wait_for_version(&mut client, &id, 2).await;
    assert_ne!(after.status, FINISHED, "the game goes on");
    let items = collect_stream(&mut client, &id, 0, None, 2).await;
    assert_consecutive(&items, 0);
    let change = items[0].seat_change.as_ref().expect("a timeout");
    assert!(change.timed_out);
    assert_eq!(items[0].seat, first);
    assert!(!items[0].events.is_empty(), "a random decision was played");
    assert_eq!(items[0].clocks.len(), 2, "the stream carries the clocks");
}

async fn a_seat_out_of_time_loses_when_the_policy_says_so(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, _tokens) = clocked(&mut client, bank(300, 0)).await;
    let first = session(&mut client, &id).await.to_act[0];
    let after = wait_for_version(&mut client, &id, 1).await;
    assert_eq!(after.status, FINISHED);
    let standings = &after.outcome.expect("outcome").standings;
    assert_eq!(standings[first as usize].rank, 2, "{standings:?}");
    assert_eq!(standings[1 - first as usize].rank, 1);
    assert!(after.clocks.iter().all(|c| c.deadline_unix_ms.is_none()));
    let items = collect_stream(&mut client, &id, 0, None, 1).await;
    assert!(items[0].seat_change.as_ref().expect("timeout").timed_out);
    assert!(items[0].events.is_empty());
    // Once over, nothing more happens.
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(session(&mut client, &id).await.version, 1);
}

/// Whether `action` is Origin's end of turn.
fn is_end_turn(action: &pb::GameAction) -> bool {
    use pb::{game_action::Game, origin_action::Action};
    matches!(
        &action.game,
        Some(Game::Origin(pb::OriginAction {
            action: Some(Action::EndTurn(_))
        }))
    )
}

/// Whether `item` holds Origin's end of turn and no card played.
fn ends_the_turn(item: &pb::StreamEventsResponse) -> bool {
    use pb::{game_event::Game, origin_event::Event};
    let events: Vec<_> = item
        .events
        .iter()
        .filter_map(|e| match &e.game {
            Some(Game::Origin(pb::OriginEvent { event: Some(event) })) => Some(event),
            _ => None,
        })
        .collect();
    events.iter().any(|e| matches!(e, Event::TurnEnded(_)))
        && !events.iter().any(|e| matches!(e, Event::CardPlayed(_)))
}

/// Under SKIP the Objective draft, which has no pass, times out into a random decision; once
/// the seat to act may end its turn, its timeout ends it and the next seat is to act.
async fn a_seat_out_of_time_ends_its_turn_under_skip_or_gets_a_random_move(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = clocked(&mut client, per_move(800, pb::TimeoutPolicy::Skip)).await;
    let drafted = wait_for_version(&mut client, &id, 1).await;
    let items = collect_stream(&mut client, &id, 0, None, 1).await;
    assert!(items[0].seat_change.as_ref().expect("a timeout").timed_out);
    assert!(!items[0].events.is_empty(), "a random Objective was kept");
    // Play in time until the seat to act may end its turn, then let its time run out.
    let mut current = drafted;
    let (seat, version) = loop {
        assert_ne!(
            current.status, FINISHED,
            "the turn could end before the game did"
        );
        let seat = current.to_act[0] as usize;
        let options = legal(&mut client, &id, &tokens[seat]).await;
        if options.actions.iter().any(is_end_turn) {
            break (seat, options.version);
        }
        let response = client
            .submit_action(authed(
                submit_request(&id, options.actions[0].clone(), Some(options.version), ""),
                &tokens[seat],
            ))
            .await;
        current = match response {
            Ok(answer) => answer.into_inner().session.expect("session"),
            // A clock ran out meanwhile (a slow machine): look again.
            Err(_) => session(&mut client, &id).await,
        };
    };
    let after = wait_for_version(&mut client, &id, version + 1).await;
    let items = collect_stream(&mut client, &id, version, None, 1).await;
    let item = &items[0];
    assert!(item.seat_change.as_ref().expect("a timeout").timed_out);
    assert_eq!(item.seat, seat as u32);
    assert!(ends_the_turn(item), "the turn ended: {:?}", item.events);
    assert_ne!(after.status, FINISHED, "the game goes on");
    assert!(
        !after.to_act.contains(&(seat as u32)),
        "the next seat is to act"
    );
}

async fn a_move_in_time_stops_the_clock_and_a_bank_keeps_the_rest(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = clocked(&mut client, bank(60_000, 2_000)).await;
    let before = session(&mut client, &id).await;
    let seat = before.to_act[0] as usize;
    let options = legal(&mut client, &id, &tokens[seat]).await;
    let response = client
        .submit_action(authed(
            submit_request(&id, options.actions[0].clone(), Some(options.version), "m1"),
            &tokens[seat],
        ))
        .await
        .expect("a move in time")
        .into_inner();
    let after = response.session.expect("session");
    let mine = after.clocks[seat];
    // It used a few milliseconds and got 2 s back.
    assert!(
        mine.remaining_ms > 60_000 && mine.remaining_ms <= 62_000,
        "{mine:?}"
    );
    if !after.to_act.contains(&(seat as u32)) {
        assert_eq!(mine.deadline_unix_ms, None, "its clock stopped");
    }
    let next = after.to_act[0] as usize;
    assert!(after.clocks[next].deadline_unix_ms.is_some());
}

async fn bad_time_controls_are_refused(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let create = |control: pb::TimeControl| pb::CreateSessionRequest {
        options: Some(origin_options(2, false)),
        time_control: Some(control),
        ..Default::default()
    };
    for (control, field) in [
        (
            per_move(5, pb::TimeoutPolicy::Lose),
            "time_control.per_move.limit_ms",
        ),
        (bank(0, 0), "time_control.bank.initial_ms"),
        (
            pb::TimeControl {
                limit: None,
                on_timeout: 0,
            },
            "time_control.limit",
        ),
        (
            pb::TimeControl {
                on_timeout: 9,
                ..per_move(1_000, pb::TimeoutPolicy::Lose)
            },
            "time_control.on_timeout",
        ),
    ] {
        let status = assert_code(
            client.create_session(create(control)).await,
            Code::InvalidArgument,
        );
        assert!(status.message().starts_with(field), "{status:?}");
    }
}

/// A seat's clock runs out while the replica that holds its player's stream and that set
/// its deadline is killed: the other replica applies the timeout, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deadline_is_honoured_once_by_another_replica_when_its_replica_dies() {
    let redis = RedisServer::start();
    let mut doomed = ServerProcess::start(&redis.url(), &[]);
    let survivor = ServerProcess::start(&redis.url(), &[]);
    let mut client = doomed.client().await;
    let (id, _tokens) = clocked(&mut client, per_move(1_500, pb::TimeoutPolicy::RandomMove)).await;
    let _stream = client
        .stream_events(pb::StreamEventsRequest {
            session_id: id.clone(),
            after_version: 0,
        })
        .await
        .expect("a stream on the doomed replica");
    doomed.kill9();
    let mut client = survivor.client().await;
    let after = wait_for_version(&mut client, &id, 2).await;
    assert!(after.version >= 2);
    let items = collect_stream(&mut client, &id, 0, None, after.version as usize).await;
    assert_consecutive(&items, 0);
    for item in &items {
        let change = item
            .seat_change
            .as_ref()
            .expect("every version is a timeout");
        assert!(change.timed_out, "{item:?}");
    }
}
