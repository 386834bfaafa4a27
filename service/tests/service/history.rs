//! GetHistory, ExportSession and ImportSession over real gRPC on both stores:
//!
//! - history pages are the stream's versions for the same viewer, and carry no secret of
//!   another seat (on bytes, against the engine's `secrets` replayed from the export);
//! - a game in play exports only the caller's history: no seed, no decision, no secret;
//! - every configuration, played to the end by server bots, exports, imports to a session
//!   whose stored table is byte for byte the original's, with the same history; an import
//!   stopped at version N is at version N with the first N versions;
//! - a tampered export is refused naming the version and creates nothing; an import is
//!   safe to retry and nobody can play it;
//! - an import whose replica dies part way is finished by its retry on another replica;
//! - resignations and seats handed to bots are in the history (`seat_change`), the export
//!   and the replay.

use crate::support::harness::*;
use crate::support::redis_server::RedisServer;
use agora_engine::registry::{self, AnyAction, AnyOptions, AnyState};
use agora_engine::{Seat, Secret};
use agora_proto::v1 as pb;
use agora_service::api::convert;
use agora_service::config::Config;
use agora_service::store::codec::encode_snapshot;
use agora_service::store::memory::MemoryStore;
use agora_service::store::redis::{RedisConfig, RedisStore};
use agora_service::store::Store;
use prost::Message;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::oneshot;
use tonic::{Code, Request};

per_store!(
    history_pages_are_the_streams_versions_without_others_secrets,
    a_game_in_play_exports_nothing_the_caller_may_not_see,
    every_configuration_exports_and_imports_to_the_same_table,
    a_tampered_export_is_refused_and_creates_nothing,
    imports_are_safe_to_retry_and_nobody_plays_them,
    seat_changes_are_in_the_history_and_replay,
);

/// A seed whose encodings are long and distinctive, to look for in bytes.
const SEED: u64 = 0x9E37_79B9_7F4A_7C15;
const FINISHED: i32 = pb::SessionStatus::Finished as i32;

/// A server on a store the test also holds, to read the stored tables.
struct Served {
    addr: std::net::SocketAddr,
    store: Arc<dyn Store>,
    _stop: oneshot::Sender<()>,
    _redis: Option<RedisServer>,
}

impl Served {
    async fn start(kind: StoreKind) -> Served {
        let (store, redis): (Arc<dyn Store>, _) = match kind {
            StoreKind::Memory => (Arc::new(MemoryStore::new(10_000, 1024)), None),
            StoreKind::Redis => {
                let redis = RedisServer::start();
                let store = RedisStore::connect(RedisConfig::new(redis.url()))
                    .await
                    .expect("connect to redis");
                (Arc::new(store), Some(redis))
            }
        };
        let config = Config::for_tests();
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
            _stop: stop,
            _redis: redis,
        }
    }

    async fn client(&self) -> Client {
        let channel = tonic::transport::Endpoint::from_shared(format!("http://{}", self.addr))
            .expect("endpoint")
            .connect()
            .await
            .expect("connect to the test server");
        Client::new(channel).max_decoding_message_size(8 << 20)
    }

    /// The stored table of session `id`, encoded as the store keeps it.
    async fn snapshot(&self, id: &str) -> Vec<u8> {
        let loaded = self.store.sessions().load(id).await.expect("load");
        encode_snapshot(&loaded.state).expect("encode")
    }
}

fn as_viewer<T>(message: T, token: Option<&str>) -> Request<T> {
    match token {
        Some(token) => authed(message, token),
        None => Request::new(message),
    }
}

/// Every version after `after` through GetHistory pages of `page_size`, checking the
/// paging on the way.
async fn history(
    client: &mut Client,
    id: &str,
    token: Option<&str>,
    page_size: u32,
) -> Vec<pb::StreamEventsResponse> {
    let mut all = Vec::new();
    let mut after = 0;
    loop {
        let page = client
            .get_history(as_viewer(
                pb::GetHistoryRequest {
                    session_id: id.into(),
                    after_version: after,
                    page_size,
                },
                token,
            ))
            .await
            .expect("history")
            .into_inner();
        assert!(page.versions.len() <= page_size.max(1) as usize || page_size == 0);
        assert_consecutive(&page.versions, after);
        all.extend(page.versions);
        if page.next_after_version == 0 {
            return all;
        }
        assert_eq!(page.next_after_version, all.last().expect("a page").version);
        after = page.next_after_version;
    }
}

async fn export(client: &mut Client, id: &str, token: Option<&str>) -> pb::SessionExport {
    client
        .export_session(as_viewer(
            pb::ExportSessionRequest {
                session_id: id.into(),
            },
            token,
        ))
        .await
        .expect("export")
        .into_inner()
        .export
        .expect("an export")
}

async fn import(
    client: &mut Client,
    export: &pb::SessionExport,
    stop: Option<u64>,
    request_id: &str,
) -> Result<pb::Session, tonic::Status> {
    client
        .import_session(pb::ImportSessionRequest {
            export: Some(export.clone()),
            stop_at_version: stop,
            request_id: request_id.into(),
        })
        .await
        .map(|r| r.into_inner().session.expect("session"))
}

/// Each seat's secrets after every version of a finished game's export (index 0: set-up),
/// replayed in the engine.
fn secrets_by_version(export: &pb::SessionExport) -> Vec<Vec<Vec<Secret>>> {
    let options = AnyOptions::try_from(export.options.as_ref().expect("options")).expect("options");
    let mut state = AnyState::setup(&options, export.seed).expect("setup");
    let secrets = |s: &AnyState| {
        (0..s.seat_count())
            .map(|i| s.secrets(Seat(i as u8)))
            .collect()
    };
    let mut all: Vec<Vec<Vec<Secret>>> = vec![secrets(&state)];
    for version in &export.versions {
        if let Some(pb::exported_version::Cause::Action(action)) = &version.cause {
            let action = AnyAction::try_from(action).expect("an exported action decodes");
            state
                .apply(Seat(version.seat as u8), &action)
                .expect("an exported action applies");
        }
        all.push(secrets(&state));
    }
    all
}

/// True when `code` is encoded as a whole proto string in `bytes` (length byte + text).
fn contains_code(bytes: &[u8], code: &str) -> bool {
    let mut needle = vec![code.len() as u8];
    needle.extend_from_slice(code.as_bytes());
    bytes.windows(needle.len()).any(|w| w == needle.as_slice())
}

fn contains(bytes: &[u8], needle: &[u8]) -> bool {
    bytes.windows(needle.len()).any(|w| w == needle)
}

/// The seed as a proto varint and as 8 bytes either way round.
fn seed_encodings() -> Vec<Vec<u8>> {
    let mut varint = Vec::new();
    prost::encoding::encode_varint(SEED, &mut varint);
    vec![
        varint,
        SEED.to_le_bytes().to_vec(),
        SEED.to_be_bytes().to_vec(),
    ]
}

/// Checks, as contract.rs does for streams, that each history item of `looker` (a seat,
/// or `None` for a spectator) holds no code of another seat's secrets at its version that
/// the looker did not hold itself before it. Returns how many codes were checked.
pub(crate) fn assert_no_others_secrets(
    items: &[pb::StreamEventsResponse],
    secrets_at: &[Vec<Vec<Secret>>],
    looker: Option<usize>,
    what: &str,
) -> usize {
    let mut checked = 0;
    for item in items {
        let version = item.version as usize;
        let bytes = item.encode_to_vec();
        let held_before: Vec<&str> = looker
            .and_then(|seat| secrets_at[version - 1].get(seat))
            .into_iter()
            .flatten()
            .filter_map(|s| s.code.as_deref())
            .collect();
        for (seat, held) in secrets_at[version].iter().enumerate() {
            if Some(seat) == looker {
                continue;
            }
            for code in held.iter().filter_map(|s| s.code.as_deref()) {
                if held_before.contains(&code) {
                    continue;
                }
                checked += 1;
                assert!(
                    !contains_code(&bytes, code),
                    "{what}: {looker:?} sees seat {seat}'s {code} at version {version}"
                );
            }
        }
    }
    checked
}

/// A 4-player Origin game (Standard: hidden hands with distinctive card codes) with every
/// seat joined, after `steps` random steps.
async fn origin_in_play(client: &mut Client, steps: usize) -> (String, Vec<String>) {
    let (session, tokens) = started_with(client, origin_options(4, false), SEED).await;
    let id = session.session_id;
    let last = play(client, &id, &tokens, 7, steps).await;
    assert_ne!(last.status, FINISHED, "the game is still in play");
    (id, tokens)
}

async fn history_pages_are_the_streams_versions_without_others_secrets(kind: StoreKind) {
    let served = Served::start(kind).await;
    let mut client = served.client().await;
    let (id, tokens) = origin_in_play(&mut client, 40).await;
    let version = session(&mut client, &id).await.version;
    let lookers: Vec<Option<usize>> = (0..tokens.len()).map(Some).chain([None]).collect();
    let token = |l: Option<usize>| l.map(|s| tokens[s].as_str());

    // Each viewer's pages are its stream, whatever the page size.
    let mut seen = Vec::new();
    for &looker in &lookers {
        let stream = collect_stream(&mut client, &id, 0, token(looker), version as usize).await;
        for page_size in [0, 1, 7, 5000] {
            let pages = history(&mut client, &id, token(looker), page_size).await;
            assert!(
                pages == stream,
                "{looker:?}, pages of {page_size}: not the stream"
            );
        }
        seen.push(stream);
    }
    assert!(seen[0] != seen[4], "a seat sees more than a spectator");
    // A later page starts where it is asked to, and nothing lies past the session.
    let tail = client
        .get_history(pb::GetHistoryRequest {
            session_id: id.clone(),
            after_version: version - 2,
            page_size: 10,
        })
        .await
        .expect("history")
        .into_inner();
    assert_eq!(tail.versions.len(), 2);
    assert_eq!(tail.next_after_version, 0);
    assert_eq!(tail.versions[..], seen[4][version as usize - 2..]);
    let ahead = client
        .get_history(pb::GetHistoryRequest {
            session_id: id.clone(),
            after_version: version + 1,
            page_size: 10,
        })
        .await;
    assert_code(ahead, Code::OutOfRange);
    assert_code(
        client
            .get_history(authed(
                pb::GetHistoryRequest {
                    session_id: id.clone(),
                    after_version: 0,
                    page_size: 1,
                },
                "not-a-token",
            ))
            .await,
        Code::PermissionDenied,
    );
    assert_code(
        client
            .get_history(pb::GetHistoryRequest {
                session_id: "no-such-session".into(),
                after_version: 0,
                page_size: 1,
            })
            .await,
        Code::NotFound,
    );

    // On bytes: play to the end, learn every seat's secrets at every version from the
    // export, and check each viewer's history against them.
    let last = play(&mut client, &id, &tokens, 8, 20_000).await;
    assert_eq!(last.status, FINISHED);
    let finished = export(&mut client, &id, None).await;
    let secrets_at = secrets_by_version(&finished);
    let mut checked = 0;
    for &looker in &lookers {
        let items = history(&mut client, &id, token(looker), 100).await;
        assert_eq!(items.len(), finished.versions.len());
        checked += assert_no_others_secrets(&items, &secrets_at, looker, "history");
    }
    assert!(checked > 100, "too few secrets were checked ({checked})");
    // A seat does see its own: the codes it was dealt are in its own history.
    let own = history(&mut client, &id, token(Some(0)), 100).await;
    let own_bytes: Vec<u8> = own.iter().flat_map(|i| i.encode_to_vec()).collect();
    let dealt: Vec<&str> = secrets_at[1][0]
        .iter()
        .filter_map(|s| s.code.as_deref())
        .collect();
    assert!(
        dealt.iter().any(|code| contains_code(&own_bytes, code)),
        "seat 0 sees its own cards"
    );
}

async fn a_game_in_play_exports_nothing_the_caller_may_not_see(kind: StoreKind) {
    let served = Served::start(kind).await;
    let mut client = served.client().await;
    let (id, tokens) = origin_in_play(&mut client, 30).await;
    let version = session(&mut client, &id).await.version;
    let lookers: Vec<Option<usize>> = (0..tokens.len()).map(Some).chain([None]).collect();
    let token = |l: Option<usize>| l.map(|s| tokens[s].as_str());
    let mut exports = Vec::new();
    for &looker in &lookers {
        let exported = export(&mut client, &id, token(looker)).await;
        assert!(exported.seed_hidden);
        assert_eq!(exported.seed, 0);
        assert!(exported.versions.is_empty(), "no decision while in play");
        assert!(exported.outcome.is_none());
        assert_eq!(exported.version, version);
        assert_eq!(exported.seats.len(), tokens.len());
        assert_eq!(exported.game_id, "origin");
        let pages = history(&mut client, &id, token(looker), 0).await;
        assert!(
            exported.history == pages,
            "{looker:?}: the export's history is GetHistory's"
        );
        let bytes = exported.encode_to_vec();
        for seed in seed_encodings() {
            assert!(
                !contains(&bytes, &seed),
                "{looker:?}: the seed is in the export"
            );
        }
        // Not importable: nothing to replay.
        let status = assert_code(
            import(&mut client, &exported, None, "").await,
            Code::InvalidArgument,
        );
        assert!(
            status.message().starts_with("export.seed_hidden"),
            "{status:?}"
        );
        exports.push((looker, exported));
    }
    // The secrets, on bytes, once the game is over and they can be known.
    let last = play(&mut client, &id, &tokens, 9, 20_000).await;
    assert_eq!(last.status, FINISHED);
    let finished = export(&mut client, &id, None).await;
    assert_eq!(finished.seed, SEED);
    let secrets_at = secrets_by_version(&finished);
    let mut checked = 0;
    for (looker, exported) in &exports {
        checked += assert_no_others_secrets(&exported.history, &secrets_at, *looker, "export");
        // What another seat holds at the export's version is nowhere in it, unless the
        // looker held it itself before.
        let bytes = exported.encode_to_vec();
        let own: Vec<&str> = looker
            .map(|s| {
                secrets_at[..=version as usize]
                    .iter()
                    .flat_map(|by_seat| by_seat[s].iter().filter_map(|x| x.code.as_deref()))
                    .collect()
            })
            .unwrap_or_default();
        for (seat, held) in secrets_at[version as usize].iter().enumerate() {
            if Some(seat) == *looker {
                continue;
            }
            for code in held.iter().filter_map(|s| s.code.as_deref()) {
                if own.contains(&code) {
                    continue;
                }
                checked += 1;
                assert!(
                    !contains_code(&bytes, code)
                        || public_before(&finished, &secrets_at, code, version),
                    "{looker:?} sees seat {seat}'s {code} in its export"
                );
            }
        }
    }
    assert!(checked > 50, "too few secrets were checked ({checked})");
}

/// Whether `code` was nobody's secret at some version up to `version` after being one:
/// then it was shown (played) and may be in any history.
fn public_before(
    _export: &pb::SessionExport,
    secrets_at: &[Vec<Vec<Secret>>],
    code: &str,
    version: u64,
) -> bool {
    secrets_at[1..=version as usize].iter().any(|by_seat| {
        !by_seat
            .iter()
            .flatten()
            .any(|s| s.code.as_deref() == Some(code))
    })
}

/// Creates a session of `options` with every seat a server bot and waits for its end.
async fn bots_to_the_end(
    client: &mut Client,
    name: &str,
    options: &AnyOptions,
    seed: u64,
) -> pb::Session {
    let seats = AnyState::setup(options, seed).expect("setup").seat_count();
    let created = client
        .create_session(pb::CreateSessionRequest {
            options: Some(convert::options_out(options)),
            seed: Some(seed),
            unrated: true,
            request_id: uuid::Uuid::new_v4().to_string(),
            bots: (0..seats as u32)
                .map(|seat| pb::SeatBot {
                    seat,
                    kind: pb::BotKind::Random as i32,
                    strength: None,
                })
                .collect(),
            time_control: None,
            ..Default::default()
        })
        .await
        .expect("create with bots")
        .into_inner()
        .session
        .expect("session");
    let start = Instant::now();
    loop {
        let current = session(client, &created.session_id).await;
        if current.status == FINISHED {
            return current;
        }
        assert!(
            start.elapsed() < Duration::from_secs(240),
            "{name}: the bots did not finish (version {})",
            current.version
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn every_configuration_exports_and_imports_to_the_same_table(kind: StoreKind) {
    let served = Served::start(kind).await;
    let mut client = served.client().await;
    let mut stopped_imports = Vec::new();
    for (i, (name, options)) in registry::configurations().into_iter().enumerate() {
        let original = bots_to_the_end(&mut client, &name, &options, 100 + i as u64).await;
        let id = &original.session_id;
        let exported = export(&mut client, id, None).await;
        assert!(!exported.seed_hidden, "{name}");
        assert_eq!(exported.seed, 100 + i as u64, "{name}");
        assert_eq!(exported.version, original.version, "{name}");
        assert_eq!(exported.versions.len() as u64, original.version, "{name}");
        assert_eq!(exported.outcome, original.outcome, "{name}");
        assert!(exported.history.is_empty(), "{name}");
        assert!(exported
            .seats
            .iter()
            .all(|s| s.bot == pb::BotKind::Random as i32));

        let imported = import(&mut client, &exported, None, "")
            .await
            .unwrap_or_else(|e| panic!("{name}: import refused: {e:?}"));
        assert_ne!(&imported.session_id, id, "{name}: a new session");
        assert_eq!(imported.status, FINISHED, "{name}");
        assert_eq!(imported.version, original.version, "{name}");
        assert_eq!(imported.outcome, original.outcome, "{name}");
        assert_eq!(imported.seats, original.seats, "{name}");
        assert!(
            served.snapshot(id).await == served.snapshot(&imported.session_id).await,
            "{name}: the imported table is not the original's"
        );
        let before = history(&mut client, id, None, 1000).await;
        let after = history(&mut client, &imported.session_id, None, 1000).await;
        assert!(before == after, "{name}: the histories differ");
        // Exported again, the import is the same record (but for its session id).
        let mut again = export(&mut client, &imported.session_id, None).await;
        again.session_id = exported.session_id.clone();
        assert!(again == exported, "{name}: the import exports differently");

        // Stopped half way: that version, its first versions, and nobody to play on.
        let half = original.version / 2;
        let stopped = import(&mut client, &exported, Some(half), "")
            .await
            .unwrap_or_else(|e| panic!("{name}: import to {half} refused: {e:?}"));
        assert_eq!(stopped.version, half, "{name}");
        assert_ne!(stopped.status, FINISHED, "{name}");
        let partial = history(&mut client, &stopped.session_id, None, 1000).await;
        assert!(
            partial[..] == before[..half as usize],
            "{name}: the first {half} versions"
        );
        stopped_imports.push((name, stopped.session_id, half));
    }
    // Every seat of these games is a bot's, and each stopped on some seat's turn: no
    // replica plays on, not even its sweep of the due index (twice a second).
    tokio::time::sleep(Duration::from_millis(1500)).await;
    for (name, id, half) in stopped_imports {
        assert_eq!(
            session(&mut client, &id).await.version,
            half,
            "{name}: no bot plays an import on"
        );
    }
}

/// A finished 2-player game's export, and its session.
async fn finished_export(client: &mut Client) -> (pb::Session, pb::SessionExport) {
    let (_, options) = registry::configurations().remove(0);
    let original = bots_to_the_end(client, "first", &options, 3).await;
    let exported = export(client, &original.session_id, None).await;
    (original, exported)
}

async fn all_sessions(client: &mut Client) -> usize {
    client
        .list_sessions(pb::ListSessionsRequest {
            game_id: String::new(),
            include_full: true,
            page_size: 500,
        })
        .await
        .expect("list")
        .into_inner()
        .sessions
        .len()
}

async fn a_tampered_export_is_refused_and_creates_nothing(kind: StoreKind) {
    use tonic_types::StatusExt;
    let served = Served::start(kind).await;
    let mut client = served.client().await;
    let (_, exported) = finished_export(&mut client).await;
    let sessions = all_sessions(&mut client).await;
    // Version 2 repeats version 1's decision: illegal there.
    let mut tampered = exported.clone();
    tampered.versions[1].seat = tampered.versions[0].seat;
    tampered.versions[1].cause = tampered.versions[0].cause.clone();
    for request_id in ["", "tampered-1"] {
        let status = assert_code(
            import(&mut client, &tampered, None, request_id).await,
            Code::InvalidArgument,
        );
        assert!(
            status.message().starts_with("export.versions[1]: "),
            "{status:?}"
        );
        let bad = status.get_details_bad_request().expect("a BadRequest");
        assert_eq!(bad.field_violations[0].field, "export.versions[1]");
    }
    // Stopping before the change imports nothing changed, and the version after it is
    // checked even when the import stops at it.
    assert_code(
        import(&mut client, &tampered, Some(2), "").await,
        Code::InvalidArgument,
    );
    let mut no_outcome = exported.clone();
    if let Some(o) = no_outcome.outcome.as_mut() {
        o.standings.swap(0, 1);
    }
    assert_code(
        import(&mut client, &no_outcome, None, "").await,
        Code::InvalidArgument,
    );
    assert_code(
        client
            .import_session(pb::ImportSessionRequest::default())
            .await,
        Code::InvalidArgument,
    );
    assert_eq!(
        all_sessions(&mut client).await,
        sessions,
        "nothing was created"
    );
    // Stopped before the tampered version, it imports.
    let stopped = import(&mut client, &tampered, Some(1), "")
        .await
        .expect("import to 1");
    assert_eq!(stopped.version, 1);
}

async fn imports_are_safe_to_retry_and_nobody_plays_them(kind: StoreKind) {
    let served = Served::start(kind).await;
    let mut client = served.client().await;
    let (original, exported) = finished_export(&mut client).await;
    let first = import(&mut client, &exported, Some(4), "import-1")
        .await
        .expect("import");
    let again = import(&mut client, &exported, Some(4), "import-1")
        .await
        .expect("retry");
    assert_eq!(
        first.session_id, again.session_id,
        "a retry answers the same session"
    );
    assert_eq!(again.version, 4);
    let status = assert_code(
        import(&mut client, &exported, None, "import-1").await,
        Code::InvalidArgument,
    );
    assert!(status.message().starts_with("request_id"), "{status:?}");
    // The same id on CreateSession names another session.
    let created = client
        .create_session(pb::CreateSessionRequest {
            options: original.options.clone(),
            request_id: "import-1".into(),
            ..Default::default()
        })
        .await
        .expect("create")
        .into_inner()
        .session
        .expect("session");
    assert_ne!(created.session_id, first.session_id);

    // Every seat is taken and no token holds one.
    let id = first.session_id.clone();
    assert!(first.seats.iter().all(|s| s.taken));
    assert_code(
        client
            .join_session(pb::JoinSessionRequest {
                session_id: id.clone(),
                player_name: "intruder".into(),
                ..Default::default()
            })
            .await,
        Code::FailedPrecondition,
    );
    assert_code(
        client
            .list_legal_actions(authed(
                pb::ListLegalActionsRequest {
                    session_id: id.clone(),
                },
                "replay:",
            ))
            .await,
        Code::PermissionDenied,
    );
    // A spectator watches it.
    let state = client
        .get_state(pb::GetStateRequest {
            session_id: id.clone(),
        })
        .await
        .expect("state")
        .into_inner();
    assert_eq!(state.session.expect("session").version, 4);
    assert_eq!(collect_stream(&mut client, &id, 0, None, 4).await.len(), 4);
}

async fn seat_changes_are_in_the_history_and_replay(kind: StoreKind) {
    use pb::exported_version::Cause;
    let served = Served::start(kind).await;
    let mut client = served.client().await;
    let (created, tokens) = started_with(&mut client, origin_options(3, false), 77).await;
    let id = created.session_id;
    play(&mut client, &id, &tokens, 3, 6).await;
    let hand = |seat: usize| {
        authed(
            pb::HandSeatToBotRequest {
                session_id: id.clone(),
                kind: pb::BotKind::Random as i32,
                request_id: uuid::Uuid::new_v4().to_string(),
                strength: None,
            },
            &tokens[seat],
        )
    };
    client
        .hand_seat_to_bot(hand(1))
        .await
        .expect("hand seat 1 over");
    client
        .resign_session(authed(
            pb::ResignSessionRequest {
                session_id: id.clone(),
                request_id: uuid::Uuid::new_v4().to_string(),
            },
            &tokens[2],
        ))
        .await
        .expect("resign seat 2");
    // With seat 0 handed over too, the server's bots play the game out.
    client
        .hand_seat_to_bot(hand(0))
        .await
        .expect("hand seat 0 over");
    let start = Instant::now();
    let original = loop {
        let current = session(&mut client, &id).await;
        if current.status == FINISHED {
            break current;
        }
        assert!(
            start.elapsed() < Duration::from_secs(240),
            "the bots did not finish"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let items = history(&mut client, &id, None, 100).await;
    let changes: Vec<(u32, bool)> = items
        .iter()
        .filter_map(|i| i.seat_change.as_ref().map(|c| (i.seat, c.resigned)))
        .collect();
    assert_eq!(changes, vec![(1, false), (2, true), (0, false)]);
    let exported = export(&mut client, &id, None).await;
    let causes: Vec<(u32, bool)> = exported
        .versions
        .iter()
        .filter_map(|v| match &v.cause {
            Some(Cause::Resigned(_)) => Some((v.seat, true)),
            Some(Cause::HandedToBot(h)) => {
                assert_eq!(h.kind, pb::BotKind::Random as i32);
                Some((v.seat, false))
            }
            _ => None,
        })
        .collect();
    assert_eq!(causes, changes);
    let imported = import(&mut client, &exported, None, "")
        .await
        .expect("import");
    assert_eq!(
        imported.seats, original.seats,
        "who plays each seat, resigned included"
    );
    assert_eq!(imported.outcome, original.outcome);
    assert!(served.snapshot(&id).await == served.snapshot(&imported.session_id).await);
    assert!(items == history(&mut client, &imported.session_id, None, 100).await);
}

/// An import retried on another replica after the first one died part way (after its first
/// version of many) finishes the same session, with the original's history.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_import_cut_short_is_finished_by_its_retry() {
    use crate::support::server_process::ServerProcess;
    let redis = RedisServer::start();
    let survivor = ServerProcess::start(&redis.url(), &[]);
    let mut client = survivor.client().await;
    let (original, exported) = finished_export(&mut client).await;
    let request = pb::ImportSessionRequest {
        export: Some(exported.clone()),
        stop_at_version: None,
        request_id: "import-cut-short".into(),
    };
    let mut doomed = ServerProcess::start_with(
        &["--store", "redis", "--redis-url", &redis.url()],
        &[("FAILPOINTS", "import-partial=return")],
    );
    let result = doomed.client().await.import_session(request.clone()).await;
    assert!(result.is_err(), "the replica died before answering");
    let exit = doomed
        .exited_within(Duration::from_secs(10))
        .expect("the replica exited");
    assert!(!exit.success(), "it crashed: {exit:?}");
    assert!(doomed.log_text().contains("fail point import-partial"));
    let partial: Vec<pb::Session> = client
        .list_sessions(pb::ListSessionsRequest {
            game_id: String::new(),
            include_full: true,
            page_size: 100,
        })
        .await
        .expect("list")
        .into_inner()
        .sessions
        .into_iter()
        .filter(|s| s.session_id != original.session_id)
        .collect();
    assert_eq!(partial.len(), 1, "the first attempt created the session");
    assert_eq!(
        session(&mut client, &partial[0].session_id).await.version,
        1
    );
    let retried = client
        .import_session(request.clone())
        .await
        .expect("the retry succeeds")
        .into_inner()
        .session
        .expect("session");
    assert_eq!(
        retried.session_id, partial[0].session_id,
        "the same session"
    );
    assert_eq!(retried.version, original.version);
    assert_eq!(retried.outcome, original.outcome);
    let before = history(&mut client, &original.session_id, None, 1000).await;
    assert!(before == history(&mut client, &retried.session_id, None, 1000).await);
}
