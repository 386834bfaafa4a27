use super::*;
use crate::store::memory::MemoryStore;
use crate::store::{SeatRecord, SessionMeta};
use agora_engine::origin;
use agora_engine::registry::{AnyOptions, AnyState};

/// The example of the Standard Webhooks specification's reference libraries.
#[test]
fn signatures_match_the_standard_webhooks_reference() {
    let secret = parse_secret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw").expect("secret");
    let signature = sign(
        &secret,
        "msg_p5jXN8AQM9LWM0D4loKWxJek",
        1614265330,
        br#"{"test": 2432232314}"#,
    );
    assert_eq!(signature, "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
}

#[test]
fn secrets_must_be_whsec_base64_of_a_real_key() {
    assert!(parse_secret("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw").is_err());
    assert!(parse_secret("whsec_not base64!").is_err());
    assert!(
        parse_secret("whsec_c2hvcnQ=").is_err(),
        "5 bytes is too short"
    );
}

#[test]
fn timestamps_are_rfc3339_utc() {
    assert_eq!(rfc3339(0), "1970-01-01T00:00:00.000Z");
    assert_eq!(rfc3339(1_614_265_330_123), "2021-02-25T15:02:10.123Z");
    assert_eq!(rfc3339(951_782_400_000), "2000-02-29T00:00:00.000Z");
}

#[test]
fn ids_depend_on_every_part() {
    let id = Notification::derive_id("s", 3, "alice", Reason::YourTurn);
    assert_eq!(
        id,
        Notification::derive_id("s", 3, "alice", Reason::YourTurn)
    );
    assert!(id.starts_with("msg_"));
    for other in [
        Notification::derive_id("t", 3, "alice", Reason::YourTurn),
        Notification::derive_id("s", 4, "alice", Reason::YourTurn),
        Notification::derive_id("s", 3, "bob", Reason::YourTurn),
        Notification::derive_id("s", 3, "alice", Reason::GameOver),
        // Parts are length-prefixed: moving a character between them changes the id.
        Notification::derive_id("s3", 3, "lice", Reason::YourTurn),
    ] {
        assert_ne!(id, other);
    }
}

#[test]
fn backoff_doubles_with_jitter_and_is_capped() {
    let config = WebhookConfig {
        url: "http://127.0.0.1:1/".into(),
        secret: vec![0; 32],
        timeout: Duration::from_secs(1),
        max_attempts: 5,
        backoff: Duration::from_millis(100),
        backoff_max: Duration::from_millis(1000),
        clock_warning: None,
        presence_ttl: Duration::from_secs(15),
    };
    for (failures, full) in [
        (1, 100),
        (2, 200),
        (3, 400),
        (4, 800),
        (5, 1000),
        (30, 1000),
    ] {
        for _ in 0..20 {
            let wait = config.backoff_after(failures).as_millis() as u64;
            assert!(
                (full / 2..=full).contains(&wait),
                "after {failures} failures: {wait} ms"
            );
        }
    }
}

fn meta(players: [Option<&str>; 2]) -> SessionMeta {
    let options = AnyOptions::Origin(origin::Options::default());
    SessionMeta {
        started_ms: Some(0),
        ..SessionMeta::new(
            "s",
            options,
            1,
            players
                .iter()
                .map(|p| SeatRecord {
                    player_name: "p".into(),
                    token_hash: Some("h".into()),
                    player_id: p.map(str::to_string),
                })
                .collect(),
            0,
        )
    }
}

fn table() -> Table {
    let options = AnyOptions::Origin(origin::Options::default());
    Table::new(AnyState::setup(&options, 1).expect("setup"))
}

fn change<'a>(
    meta: &'a SessionMeta,
    table: &'a Table,
    before: &'a [Seat],
    to_act: &'a [Seat],
    outcome: Option<&'a Outcome>,
    clocks: &'a [SeatClock],
    caller: Option<Seat>,
) -> Change<'a> {
    Change {
        meta,
        table,
        version: 7,
        before,
        to_act,
        outcome,
        clocks,
        caller,
        now: 1000,
    }
}

fn reasons(items: &[Notification]) -> Vec<(String, Reason, i64)> {
    let mut out: Vec<_> = items
        .iter()
        .map(|n| (n.player_id.clone(), n.reason, n.not_before_ms))
        .collect();
    out.sort_by_key(|(p, r, _)| (p.clone(), r.as_str()));
    out
}

#[test]
fn a_seat_that_becomes_to_act_is_told_once() {
    let meta = meta([Some("alice"), Some("bob")]);
    let table = table();
    let planned = plan(
        &change(
            &meta,
            &table,
            &[Seat(0)],
            &[Seat(1)],
            None,
            &[],
            Some(Seat(0)),
        ),
        None,
    );
    assert_eq!(reasons(&planned), [("bob".into(), Reason::YourTurn, 1000)]);
    let n = &planned[0];
    assert_eq!(
        (n.version, n.seat, n.session_id.as_str()),
        (7, Some(1), "s")
    );
    // Still to act (a turn of several decisions): nothing new.
    let planned = plan(
        &change(&meta, &table, &[Seat(1)], &[Seat(1)], None, &[], None),
        None,
    );
    assert!(planned.is_empty());
    // The caller is not told of its own change; seats without a player never are.
    let meta = super::tests::meta([Some("alice"), None]);
    let planned = plan(
        &change(
            &meta,
            &table,
            &[],
            &[Seat(0), Seat(1)],
            None,
            &[],
            Some(Seat(0)),
        ),
        None,
    );
    assert!(planned.is_empty());
}

#[test]
fn the_end_tells_every_player_but_the_caller() {
    let meta = meta([Some("alice"), Some("bob")]);
    let table = table();
    let outcome = Outcome { standings: vec![] };
    let planned = plan(
        &change(
            &meta,
            &table,
            &[Seat(0)],
            &[],
            Some(&outcome),
            &[],
            Some(Seat(0)),
        ),
        None,
    );
    assert_eq!(reasons(&planned), [("bob".into(), Reason::GameOver, 1000)]);
    let planned = plan(
        &change(&meta, &table, &[Seat(0)], &[], Some(&outcome), &[], None),
        None,
    );
    assert_eq!(
        planned.len(),
        2,
        "a timeout or a bot's move ends it for both"
    );
}

#[test]
fn running_clocks_are_warned_ahead_of_their_deadline() {
    let meta = meta([Some("alice"), Some("bob")]);
    let table = table();
    let clocks = [
        SeatClock {
            seat: Seat(0),
            remaining_ms: 5000,
            deadline_ms: None,
        },
        SeatClock {
            seat: Seat(1),
            remaining_ms: 90_000,
            deadline_ms: Some(91_000),
        },
    ];
    let planned = plan(
        &change(
            &meta,
            &table,
            &[Seat(0)],
            &[Seat(1)],
            None,
            &clocks,
            Some(Seat(0)),
        ),
        Some(Duration::from_secs(60)),
    );
    assert_eq!(
        reasons(&planned),
        [
            ("bob".into(), Reason::ClockWarning, 31_000),
            ("bob".into(), Reason::YourTurn, 1000)
        ]
    );
    // Less time left than the warning: warned at once.
    let planned = plan(
        &change(
            &meta,
            &table,
            &[Seat(0)],
            &[Seat(1)],
            None,
            &clocks,
            Some(Seat(0)),
        ),
        Some(Duration::from_secs(120)),
    );
    assert!(planned
        .iter()
        .any(|n| n.reason == Reason::ClockWarning && n.not_before_ms == 1000));
}

fn item(id: &str, not_before: i64) -> Notification {
    Notification {
        id: id.into(),
        reason: Reason::YourTurn,
        player_id: "alice".into(),
        session_id: "s".into(),
        game_id: "origin".into(),
        version: 1,
        seat: Some(0),
        created_ms: 0,
        not_before_ms: not_before,
    }
}

#[tokio::test]
async fn the_memory_outbox_leases_retries_and_buries() {
    let store = MemoryStore::new(10, 16);
    let now = now_ms();
    store
        .outbox()
        .put(&[item("a", now), item("b", now + 60_000)])
        .await
        .expect("put");
    // Putting it again keeps one.
    store.outbox().put(&[item("a", now)]).await.expect("put");
    let claimed = store.outbox().claim(now, 1000, 10).await.expect("claim");
    assert_eq!(claimed.len(), 1, "b is not due yet");
    let a = &claimed[0];
    assert_eq!((a.notification.id.as_str(), a.failures), ("a", 0));
    // Held: nobody else claims it during its lease.
    assert!(store
        .outbox()
        .claim(now, 1000, 10)
        .await
        .expect("claim")
        .is_empty());
    // A stale lease finishes nothing.
    assert!(!store
        .outbox()
        .finish("a", a.lease - 1, Finish::Done)
        .await
        .expect("finish"));
    assert!(store
        .outbox()
        .finish("a", a.lease, Finish::Failed { at_ms: now })
        .await
        .expect("finish"));
    let again = store.outbox().claim(now, 1000, 10).await.expect("claim");
    assert_eq!(again[0].failures, 1);
    assert!(store
        .outbox()
        .finish(
            "a",
            again[0].lease,
            Finish::Dead {
                error: "503".into(),
                now_ms: now
            }
        )
        .await
        .expect("finish"));
    let dead = store.outbox().dead_letters(10).await.expect("dead");
    assert_eq!(dead.len(), 1);
    assert_eq!((dead[0].attempts, dead[0].error.as_str()), (2, "503"));
    // A finished id cannot be put back.
    store.outbox().put(&[item("a", now)]).await.expect("put");
    assert!(store
        .outbox()
        .claim(now, 1000, 10)
        .await
        .expect("claim")
        .is_empty());
}

#[tokio::test]
async fn presence_marks_lapse() {
    let store = MemoryStore::new(10, 16);
    assert!(!store
        .presence()
        .is_present("s", "alice")
        .await
        .expect("read"));
    store
        .presence()
        .mark_present("s", "alice", 60_000)
        .await
        .expect("mark");
    assert!(store
        .presence()
        .is_present("s", "alice")
        .await
        .expect("read"));
    assert!(!store.presence().is_present("s", "bob").await.expect("read"));
    store
        .presence()
        .mark_present("s", "alice", -1)
        .await
        .expect("mark");
    assert!(!store
        .presence()
        .is_present("s", "alice")
        .await
        .expect("read"));
}

/// The first turn's notifications are written before the create or the claim that starts
/// the game: they wait for it (briefly at first, then every half minute, since the last
/// seat may be taken later by someone else) and go out once the game has started.
#[tokio::test]
async fn a_start_notification_waits_for_the_game_to_start() {
    let store = MemoryStore::new(10, 16);
    let now = now_ms();
    let first = table().to_act().iter().next().expect("someone acts first");
    let mut n = item("n", now);
    n.version = 0;
    n.seat = Some(first.0);
    n.created_ms = now;
    // Not created yet: wait a moment; long after: the create never happened.
    assert_eq!(
        verdict(&store, &n, now).await,
        Ok(Verdict::Wait(WAIT_STEP_MS))
    );
    let late = now + COMMIT_WAIT_MS + 1;
    assert_eq!(
        verdict(&store, &n, late).await,
        Ok(Verdict::Drop("the session is gone"))
    );
    // Created with the other seat open: not started, so it waits, ever more slowly.
    let mut waiting = meta([None, None]);
    waiting.id = n.session_id.clone();
    waiting.started_ms = None;
    let open = 1 - usize::from(first.0);
    waiting.seats[usize::from(first.0)].player_id = Some("alice".into());
    waiting.seats[open] = SeatRecord::default();
    store
        .sessions()
        .create(waiting, table())
        .await
        .expect("create");
    assert_eq!(
        verdict(&store, &n, now).await,
        Ok(Verdict::Wait(WAIT_STEP_MS))
    );
    assert_eq!(
        verdict(&store, &n, late).await,
        Ok(Verdict::Wait(NOT_STARTED_STEP_MS))
    );
    // The last seat is taken: the game starts, and alice is told, however late.
    let claim = crate::store::SeatClaim::new(Some(open as u32), "bob", "hash");
    store
        .sessions()
        .claim_seat(&n.session_id, claim)
        .await
        .expect("claim");
    assert_eq!(verdict(&store, &n, late).await, Ok(Verdict::Deliver));
}
