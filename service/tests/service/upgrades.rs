//! Sessions stored under older rules, met through the real load path over gRPC on both
//! stores (issue 35): records are rewritten in the store as an older state version of
//! the game would have left them, then the API is called.
//!
//! - a snapshot of an older state version is rebuilt from the log, stored back at once
//!   (the stored snapshot is of this release before any move), and the session plays on;
//! - a session whose log does not replay is pinned: GetSession answers its metadata and
//!   a `pinned` marker, GetHistory and ExportSession answer from the log, redacted per
//!   viewer (checked on bytes), and writes answer FAILED_PRECONDITION, RULES_CHANGED;
//! - a log entry older than the game's `LOG_COMPATIBLE_SINCE` is never decoded: reading
//!   it answers FAILED_PRECONDITION with a sentence, and a rebuild that needs it pins.

use crate::history::assert_no_others_secrets;
use crate::support::harness::*;
use crate::support::redis_server::RedisServer;
use agora_engine::registry::{AnyOptions, AnyState};
use agora_engine::{Seat, Secret};
use agora_proto::v1 as pb;
use agora_service::config::Config;
use agora_service::store::codec;
use agora_service::store::memory::MemoryStore;
use agora_service::store::redis::{Keys, RedisConfig, RedisStore};
use agora_service::store::{LogEntry, Store};
use agora_service::table::Table;
use prost::Message;
use std::sync::Arc;
use tokio::sync::oneshot;
use tonic::Code;
use tonic_types::StatusExt;

per_store!(
    an_older_snapshot_is_rebuilt_stored_back_and_played_on,
    a_session_whose_log_does_not_replay_stays_readable_and_refuses_writes,
    log_entries_older_than_the_log_compatible_version_are_never_decoded,
);

const SEED: u64 = 0x5EED_0035;

/// The store behind a served API, with its raw records at hand.
enum Raw {
    Memory(Arc<MemoryStore>),
    Redis(RedisServer),
}

struct Served {
    addr: std::net::SocketAddr,
    store: Arc<dyn Store>,
    raw: Raw,
    _stop: oneshot::Sender<()>,
}

impl Served {
    async fn start(kind: StoreKind) -> Served {
        let (store, raw): (Arc<dyn Store>, Raw) = match kind {
            StoreKind::Memory => {
                let memory = Arc::new(MemoryStore::new(1000, 64));
                (memory.clone(), Raw::Memory(memory))
            }
            StoreKind::Redis => {
                let redis = RedisServer::start();
                let store = RedisStore::connect(RedisConfig::new(redis.url()))
                    .await
                    .expect("connect to redis");
                (Arc::new(store), Raw::Redis(redis))
            }
        };
        // No cached states: the test rewrites records under the server, and each call
        // must read them.
        let config = Config {
            state_cache_sessions: 0,
            ..Config::for_tests()
        };
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
        Served {
            addr,
            store,
            raw,
            _stop: stop,
        }
    }

    async fn client(&self) -> Client {
        let channel = tonic::transport::Endpoint::from_shared(format!("http://{}", self.addr))
            .expect("endpoint")
            .connect()
            .await
            .expect("connect to the test server");
        Client::new(channel)
    }

    /// Session `id`'s stored snapshot and log entries, as bytes.
    async fn records(&self, id: &str) -> (Vec<u8>, Vec<Vec<u8>>) {
        match &self.raw {
            Raw::Memory(memory) => memory.records(id).expect("records"),
            Raw::Redis(redis) => {
                let keys = Keys::of_session("agora", id);
                let mut conn = redis_conn(redis).await;
                let snapshot: Vec<u8> = ::redis::cmd("GET")
                    .arg(&keys.snap)
                    .query_async(&mut conn)
                    .await
                    .expect("GET");
                let items: Vec<StreamItem> = ::redis::cmd("XRANGE")
                    .arg(&keys.log)
                    .arg("-")
                    .arg("+")
                    .query_async(&mut conn)
                    .await
                    .expect("XRANGE");
                let entries = items
                    .into_iter()
                    .map(|(_, mut fields)| fields.remove(0).1)
                    .collect();
                (snapshot, entries)
            }
        }
    }

    /// Stores `snapshot` and `entries` as session `id`'s records, as another release
    /// would have written them.
    async fn rewrite(&self, id: &str, snapshot: Vec<u8>, entries: &[Vec<u8>]) {
        match &self.raw {
            Raw::Memory(memory) => {
                let numbered: Vec<(u64, Vec<u8>)> = (1u64..).zip(entries.iter().cloned()).collect();
                memory
                    .rewrite_records(id, snapshot, &numbered)
                    .expect("rewrite");
            }
            Raw::Redis(redis) => {
                let keys = Keys::of_session("agora", id);
                let mut conn = redis_conn(redis).await;
                let mut pipe = ::redis::pipe();
                pipe.atomic()
                    .cmd("SET")
                    .arg(&keys.snap)
                    .arg(snapshot)
                    .arg("KEEPTTL")
                    .cmd("DEL")
                    .arg(&keys.log);
                for (version, entry) in (1u64..).zip(entries) {
                    pipe.cmd("XADD")
                        .arg(&keys.log)
                        .arg(format!("{version}-0"))
                        .arg("e")
                        .arg(entry.as_slice());
                }
                let () = pipe.query_async(&mut conn).await.expect("rewrite");
            }
        }
    }
}

/// An XRANGE item: its id and its fields.
type StreamItem = (String, Vec<(String, Vec<u8>)>);

async fn redis_conn(redis: &RedisServer) -> ::redis::aio::MultiplexedConnection {
    ::redis::Client::open(redis.url())
        .expect("redis url")
        .get_multiplexed_async_connection()
        .await
        .expect("connect to redis")
}

/// The state version a format-5 record's header names.
fn state_version(record: &[u8]) -> u16 {
    assert_eq!(
        record[..2],
        [0, codec::SNAPSHOT_FORMAT],
        "a format-5 record"
    );
    u16::from_le_bytes([record[3], record[4]])
}

/// `record` with its rules header saying `version` and `release`, as a release of that
/// state version wrote it (the body is this release's: only the header is compared).
fn written_under(record: &[u8], version: u16, release: &str) -> Vec<u8> {
    let body = &record[6 + usize::from(record[5])..];
    let mut out = record[..3].to_vec();
    out.extend_from_slice(&version.to_le_bytes());
    out.push(release.len() as u8);
    out.extend_from_slice(release.as_bytes());
    out.extend_from_slice(body);
    out
}

/// A 3-player Origin game (hidden hands) with every seat joined, after `steps` random
/// decisions, still in play.
async fn in_play(client: &mut Client, steps: usize) -> (String, Vec<String>, u64) {
    let (session, tokens) = started_with(client, origin_options(3, false), SEED).await;
    let id = session.session_id;
    let last = play(client, &id, &tokens, 3, steps).await;
    assert_eq!(last.status, pb::SessionStatus::InProgress as i32);
    (id, tokens, last.version)
}

async fn get(client: &mut Client, id: &str) -> Result<pb::Session, tonic::Status> {
    client
        .get_session(pb::GetSessionRequest {
            session_id: id.into(),
        })
        .await
        .map(|r| r.into_inner().session.expect("session"))
}

async fn history(
    client: &mut Client,
    id: &str,
    token: &str,
) -> Result<Vec<pb::StreamEventsResponse>, tonic::Status> {
    client
        .get_history(authed(
            pb::GetHistoryRequest {
                session_id: id.into(),
                after_version: 0,
                page_size: 1000,
            },
            token,
        ))
        .await
        .map(|r| r.into_inner().versions)
}

async fn export(
    client: &mut Client,
    id: &str,
    token: &str,
) -> Result<pb::SessionExport, tonic::Status> {
    client
        .export_session(authed(
            pb::ExportSessionRequest {
                session_id: id.into(),
            },
            token,
        ))
        .await
        .map(|r| r.into_inner().export.expect("export"))
}

fn current_rules() -> pb::RulesVersion {
    let kind = agora_engine::registry::GameKind::ALL
        .iter()
        .copied()
        .find(|k| k.id() == "origin")
        .expect("origin is hosted");
    pb::RulesVersion {
        engine_release: agora_engine::ENGINE_RELEASE.into(),
        state_version: kind.state_version().into(),
    }
}

async fn an_older_snapshot_is_rebuilt_stored_back_and_played_on(kind: StoreKind) {
    let served = Served::start(kind).await;
    let mut client = served.client().await;
    let (id, tokens, version) = in_play(&mut client, 9).await;
    let before = get(&mut client, &id).await.expect("session");
    let (snapshot, entries) = served.records(&id).await;
    let current = state_version(&snapshot);
    let played = codec::decode_snapshot(&snapshot).expect("this release's snapshot");

    // The snapshot as a release one state version older left it: never decoded as today's.
    let older = written_under(&snapshot, current - 1, "0.0.9");
    assert!(codec::decode_snapshot(&older).is_err());
    served.rewrite(&id, older, &entries).await;

    let after = get(&mut client, &id)
        .await
        .expect("a rebuilt session reads");
    assert!(after == before, "the rebuilt session is the one played");
    assert_eq!(after.rules_version, Some(current_rules()));
    assert_eq!(after.pinned, None);
    // Stored back at once, before any move: the stored snapshot is of this release.
    let (stored, _) = served.records(&id).await;
    assert_eq!(state_version(&stored), current);
    assert!(codec::decode_snapshot(&stored).expect("decodes") == played);

    let next = play(&mut client, &id, &tokens, 4, 1).await;
    assert_eq!(next.version, version + 1, "a move is accepted");
    let (stored, _) = served.records(&id).await;
    assert_eq!(state_version(&stored), current);
}

/// Each seat's secrets after every version of session `id` (index 0: set-up), replayed
/// from its unredacted log.
async fn secrets_by_version(store: &dyn Store, id: &str) -> Vec<Vec<Vec<Secret>>> {
    let log: Vec<Arc<LogEntry>> = store
        .sessions()
        .read_log(id, 0, 10_000)
        .await
        .expect("read the log");
    let options = AnyOptions::try_from(&origin_options(3, false)).expect("options");
    let mut table = Table::new(AnyState::setup(&options, SEED).expect("setup"));
    let secrets = |t: &Table| {
        (0..t.seat_count())
            .map(|i| t.game.secrets(Seat(i as u8)))
            .collect::<Vec<_>>()
    };
    let mut all = vec![secrets(&table)];
    for entry in &log {
        let cause = entry.cause.as_ref().expect("a recorded cause");
        table.apply(entry.seat, cause).expect("the log replays");
        all.push(secrets(&table));
    }
    all
}

async fn a_session_whose_log_does_not_replay_stays_readable_and_refuses_writes(kind: StoreKind) {
    let served = Served::start(kind).await;
    let mut client = served.client().await;
    let (id, tokens, version) = in_play(&mut client, 30).await;
    let before = get(&mut client, &id).await.expect("session");
    let histories: Vec<Vec<pb::StreamEventsResponse>> = {
        let mut all = Vec::new();
        for token in &tokens {
            all.push(history(&mut client, &id, token).await.expect("history"));
        }
        all
    };
    let secrets = secrets_by_version(served.store.as_ref(), &id).await;

    // An older snapshot whose log no longer replays: version 2's events are not what the
    // rules make of its decision now (as after a rules fix).
    let (snapshot, entries) = served.records(&id).await;
    let current = state_version(&snapshot);
    let origin = agora_engine::registry::GameKind::ALL
        .iter()
        .copied()
        .find(|k| k.id() == "origin")
        .expect("origin");
    let mut log: Vec<LogEntry> = (1u64..)
        .zip(&entries)
        .map(|(v, e)| codec::decode_entry(v, e).expect("entry"))
        .collect();
    log[1].events = log[0].events.clone();
    assert_ne!(log[1].events, log[2].events);
    let mut rewritten = entries.clone();
    rewritten[1] = codec::encode_entry(origin, &log[1]).expect("encode");
    served
        .rewrite(
            &id,
            written_under(&snapshot, current - 1, "0.0.9"),
            &rewritten,
        )
        .await;

    // GetSession: the metadata, and why it cannot be played.
    let replays = || {
        served
            .store
            .sessions()
            .pin_cache()
            .expect("the store caches pinned verdicts")
            .replays()
    };
    let replays_before = replays();
    let pinned = get(&mut client, &id).await.expect("a pinned session reads");
    assert_eq!(replays(), replays_before + 1, "the first read judges it");
    // Later reads answer from the cached verdict: no second replay of the log.
    for _ in 0..5 {
        let again = get(&mut client, &id).await.expect("reads again");
        assert_eq!(again.pinned, pinned.pinned);
    }
    assert_eq!(replays(), replays_before + 1, "one replay for six reads");
    let marker = pinned.pinned.clone().expect("marked pinned");
    assert_eq!(
        marker.written_under,
        Some(pb::RulesVersion {
            engine_release: "0.0.9".into(),
            state_version: u32::from(current - 1),
        })
    );
    assert_eq!(marker.current_state_version, u32::from(current));
    assert!(
        marker.reason.contains("version 2"),
        "the reason names the version: {}",
        marker.reason
    );
    assert_eq!(pinned.version, version);
    assert_eq!(pinned.to_act, before.to_act);
    assert_eq!(pinned.status, before.status);
    assert_eq!(pinned.rules_version, Some(current_rules()));
    assert!(pinned.clocks.is_empty());
    assert_eq!(pinned.seats.len(), 3);

    // GetHistory and ExportSession: from the log, each seat's as before (version 2 now
    // carries the tampered events), with no other seat's secret, on bytes.
    let mut checked = 0;
    for (seat, token) in tokens.iter().enumerate() {
        let read = history(&mut client, &id, token)
            .await
            .expect("history reads");
        assert_eq!(read.len() as u64, version);
        for (i, (now, was)) in read.iter().zip(&histories[seat]).enumerate() {
            if i != 1 {
                assert!(now == was, "seat {seat}, version {}", i + 1);
            }
        }
        let exported = export(&mut client, &id, token).await.expect("exports");
        assert!(exported.seed_hidden);
        assert_eq!(exported.seed, 0);
        assert!(exported.history == read, "the export is the history");
        assert_eq!(exported.started_under, Some(current_rules()));
        let bytes = exported.encode_to_vec();
        assert!(!bytes
            .windows(8)
            .any(|w| w == SEED.to_le_bytes() || w == SEED.to_be_bytes()));
        checked += assert_no_others_secrets(&read, &secrets, Some(seat), "pinned history");
        checked +=
            assert_no_others_secrets(&exported.history, &secrets, Some(seat), "pinned export");
    }
    assert!(checked > 0, "some secrets were checked");

    // Writes and the state: FAILED_PRECONDITION, RULES_CHANGED, with a sentence.
    let legal = {
        // The legal actions of the seat to act, from before the pin.
        let seat = before.to_act[0] as usize;
        let snapshot = codec::decode_snapshot(&snapshot).expect("the played snapshot");
        let action = snapshot.legal_actions(Seat(seat as u8)).remove(0);
        (seat, agora_service::api::convert::action_out(&action))
    };
    let refused = assert_code(
        client
            .submit_action(authed(
                submit_request(&id, legal.1, Some(version), ""),
                &tokens[legal.0],
            ))
            .await,
        Code::FailedPrecondition,
    );
    assert_eq!(
        refused.get_details_error_info().expect("ErrorInfo").reason,
        "RULES_CHANGED"
    );
    assert!(
        refused
            .message()
            .contains("started under rules version origin"),
        "{}",
        refused.message()
    );
    let state = assert_code(
        client
            .get_state(authed(
                pb::GetStateRequest {
                    session_id: id.clone(),
                },
                &tokens[0],
            ))
            .await,
        Code::FailedPrecondition,
    );
    assert_eq!(
        state.get_details_error_info().expect("ErrorInfo").reason,
        "RULES_CHANGED"
    );
    // Nothing was changed by any of it.
    let (after, entries_after) = served.records(&id).await;
    assert_eq!(state_version(&after), current - 1);
    assert_eq!(entries_after, rewritten);
}

async fn log_entries_older_than_the_log_compatible_version_are_never_decoded(kind: StoreKind) {
    let served = Served::start(kind).await;
    let mut client = served.client().await;
    let (id, tokens, version) = in_play(&mut client, 6).await;
    let (snapshot, mut entries) = served.records(&id).await;
    let origin = agora_engine::registry::GameKind::ALL
        .iter()
        .copied()
        .find(|k| k.id() == "origin")
        .expect("origin");
    let oldest = origin.log_compatible_since();
    // Version 3 as a release older than the oldest this one reads wrote it.
    entries[2] = written_under(&entries[2], oldest - 1, "0.0.1");
    served.rewrite(&id, snapshot.clone(), &entries).await;

    // The snapshot is this release's: the session plays, but its history cannot be read.
    let session = get(&mut client, &id).await.expect("session");
    assert_eq!(session.pinned, None);
    let status = assert_code(
        history(&mut client, &id, &tokens[0]).await,
        Code::FailedPrecondition,
    );
    assert_eq!(
        status.get_details_error_info().expect("ErrorInfo").reason,
        "RULES_CHANGED"
    );
    assert!(
        status.message().contains("no longer reads"),
        "{}",
        status.message()
    );
    assert_code(
        export(&mut client, &id, &tokens[0]).await,
        Code::FailedPrecondition,
    );

    // A snapshot that needs the log to be rebuilt: pinned, since the log is unreadable.
    let current = state_version(&snapshot);
    served
        .rewrite(
            &id,
            written_under(&snapshot, current - 1, "0.0.9"),
            &entries,
        )
        .await;
    let pinned = get(&mut client, &id).await.expect("a pinned session reads");
    let marker = pinned.pinned.expect("pinned");
    assert!(marker.reason.contains("log entries"), "{}", marker.reason);
    assert_eq!(pinned.version, version);
}
