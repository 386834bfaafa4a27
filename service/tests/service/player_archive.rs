//! A player's history, statistics and search over the permanent archive (issue 36 items
//! 4 to 6), against a real PostgreSQL (one throwaway cluster per test binary, a database
//! per test):
//!
//! - ListMySessions pages through every archived game of a player (more than a page,
//!   ties on the finish time included) after the live ones, each once, filtered by
//!   result and dates; GetMyStatistics counts them in SQL; ListFinishedSessions pages
//!   through a game's finished games and lists a private one only to its seated players;
//! - erasure leaves no byte of the player's id or name in their games' rows (metadata,
//!   snapshot, log decompressed, seat rows);
//! - retention deletes only older games, and only one replica at a time runs it.

use crate::support::harness::*;
use crate::support::idp::{self, claims, Jwks, SigningKey};
use crate::support::postgres::fresh_database;
use agora_proto::v1 as pb;
use agora_service::archive::history::GameFilter;
use agora_service::archive::postgres::{PgArchive, PgSettings};
use agora_service::archive::retention::{self, Run};
use agora_service::archive::{Archive, ArchivedGame, ArchivedSeat, OutcomeKind, SeatResult};
use agora_service::store::codec;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};
use tonic::Code;
use tonic_types::StatusExt;

const ALICE: &str = "alice-7f3c9e-subject";
const ALICE_NAME: &str = "Alice Quixotewren";
const BOB: &str = "bob-22aa-subject";
const CAROL: &str = "carol-51bd-subject";

fn archive(url: &str) -> PgArchive {
    PgArchive::connect_lazy(&PgSettings {
        url: url.to_string(),
        pool_size: 2,
        statement_timeout: Duration::from_secs(10),
    })
    .expect("archive settings")
}

/// A server with the archive on and a stand-in identity provider, and its archive.
struct Setup {
    key: SigningKey,
    _jwks: Jwks,
    server: TestServer,
    archive: PgArchive,
    url: String,
}

async fn setup() -> Setup {
    let key = SigningKey::generate("k1");
    let jwks = Jwks::serve(&[&key]).await;
    let url = fresh_database();
    let server = TestServer::start_with(StoreKind::Memory, |c| {
        idp::trust(c, &jwks);
        c.archive_url = Some(url.clone());
    })
    .await;
    let archive = archive(&url);
    archive.migrate().await.expect("migrate");
    Setup {
        key,
        _jwks: jwks,
        server,
        archive,
        url,
    }
}

impl Setup {
    fn jwt(&self, sub: &str, name: &str) -> String {
        self.key.sign(&claims(sub, name))
    }

    /// A two-seat game Alice (seat 0) and Bob play until Bob resigns, private when
    /// `invited`; returns it once the archive holds it.
    async fn resigned_game(&self, invited: bool) -> ArchivedGame {
        let mut client = self.server.client().await;
        let alice = self.jwt(ALICE, ALICE_NAME);
        let bob = self.jwt(BOB, "Bob");
        let mut request = pb::CreateSessionRequest {
            options: Some(origin_options(2, true)),
            unrated: true,
            request_id: uuid::Uuid::new_v4().to_string(),
            ..Default::default()
        };
        if invited {
            request.invited_player_ids = vec![ALICE.into(), BOB.into()];
        }
        let session = client
            .create_session(authed(request, &alice))
            .await
            .expect("create")
            .into_inner()
            .session
            .expect("session");
        for (seat, jwt) in [(0, &alice), (1, &bob)] {
            client
                .join_session(authed(
                    pb::JoinSessionRequest {
                        session_id: session.session_id.clone(),
                        seat: Some(seat),
                        player_name: String::new(),
                        request_id: uuid::Uuid::new_v4().to_string(),
                    },
                    jwt,
                ))
                .await
                .expect("join");
        }
        client
            .resign_session(authed(
                pb::ResignSessionRequest {
                    session_id: session.session_id.clone(),
                    request_id: uuid::Uuid::new_v4().to_string(),
                },
                &bob,
            ))
            .await
            .expect("resign");
        // The archive worker writes it within a few polls; the bound is only there so a
        // broken worker fails the test instead of hanging it.
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(game) = self.archive.game(&session.session_id).await.expect("read") {
                return game;
            }
            assert!(Instant::now() < deadline, "the game was never archived");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// `game` as another session `id` finished at `finished_ms`, with Alice's seat (0)
/// ending as `result` with `score`; `seat0` takes seat 0 instead of Alice when given.
fn copy(
    game: &ArchivedGame,
    id: &str,
    finished_ms: i64,
    result: SeatResult,
    score: i32,
    seat0: Option<&str>,
) -> ArchivedGame {
    let mut meta = game.session_meta().expect("meta");
    meta.id = id.to_string();
    if let Some(other) = seat0 {
        meta.seats[0].player_id = Some(other.to_string());
        meta.seats[0].player_name = other.to_string();
    }
    let other = match result {
        SeatResult::Won => SeatResult::Lost,
        SeatResult::Lost => SeatResult::Won,
        SeatResult::Drawn => SeatResult::Drawn,
    };
    let mut out = game.clone();
    out.session_id = id.to_string();
    out.finished_ms = finished_ms;
    out.meta = codec::encode_meta(&meta).expect("encode meta");
    out.seats = vec![
        ArchivedSeat {
            seat: 0,
            player_id: meta.seats[0].player_id.clone(),
            player_name: meta.seats[0].player_name.clone(),
            score: Some(score),
            rank: Some(if result == SeatResult::Lost { 2 } else { 1 }),
            result: Some(result),
        },
        ArchivedSeat {
            seat: 1,
            player_id: Some(BOB.into()),
            player_name: "Bob".into(),
            score: Some(0),
            rank: Some(if other == SeatResult::Lost { 2 } else { 1 }),
            result: Some(other),
        },
    ];
    out
}

/// Every page of ListMySessions for `jwt` with `base`'s filters, as session ids.
async fn my_pages(client: &mut Client, jwt: &str, base: pb::ListMySessionsRequest) -> Vec<String> {
    let mut ids = Vec::new();
    let mut token = String::new();
    loop {
        let page = client
            .list_my_sessions(authed(
                pb::ListMySessionsRequest {
                    page_size: 7,
                    page_token: token.clone(),
                    ..base.clone()
                },
                jwt,
            ))
            .await
            .expect("list my sessions")
            .into_inner();
        assert!(page.sessions.len() <= 7);
        ids.extend(
            page.sessions
                .iter()
                .map(|s| s.session.as_ref().expect("session").session_id.clone()),
        );
        if page.next_page_token.is_empty() {
            return ids;
        }
        token = page.next_page_token;
    }
}

async fn search_pages(client: &mut Client, jwt: Option<&str>, game_id: &str) -> Vec<String> {
    let mut ids = Vec::new();
    let mut token = String::new();
    loop {
        let message = pb::ListFinishedSessionsRequest {
            game_id: game_id.to_string(),
            page_size: 9,
            page_token: token.clone(),
            ..Default::default()
        };
        let request = match jwt {
            Some(jwt) => authed(message, jwt),
            None => tonic::Request::new(message),
        };
        let page = client
            .list_finished_sessions(request)
            .await
            .expect("search")
            .into_inner();
        for s in &page.sessions {
            let session = s.session.as_ref().expect("session");
            assert_eq!(session.status, pb::SessionStatus::Finished as i32);
            ids.push(session.session_id.clone());
        }
        if page.next_page_token.is_empty() {
            return ids;
        }
        token = page.next_page_token;
    }
}

#[tokio::test]
async fn history_statistics_and_search_page_through_the_archive() {
    let setup = setup().await;
    let real = setup.resigned_game(false).await;
    let game_id = real.game_id.clone();
    assert_eq!(real.seats[0].player_id.as_deref(), Some(ALICE));
    assert_eq!(real.seats[0].result, Some(SeatResult::Won));

    // 60 more of Alice's games, archived only (the live store never had them): two per
    // millisecond, so pages also cut between games that finished together.
    let base = real.finished_ms - 100_000;
    let mut games = vec![real.clone()];
    for i in 0..60i64 {
        let result = [SeatResult::Won, SeatResult::Lost, SeatResult::Drawn][(i % 3) as usize];
        games.push(copy(
            &real,
            &format!("copy-{i:03}"),
            base - (i / 2) * 1000,
            result,
            i as i32,
            None,
        ));
    }
    // A private game of Alice's, and a private one she has no seat in (Carol's).
    let mut private = copy(&real, "private-alice", base + 5, SeatResult::Lost, -3, None);
    let mut meta = private.session_meta().expect("meta");
    meta.invited_player_ids = vec![ALICE.into(), BOB.into()];
    private.meta = codec::encode_meta(&meta).expect("meta");
    games.push(private);
    let mut carols = copy(
        &real,
        "private-carol",
        base + 6,
        SeatResult::Won,
        99,
        Some(CAROL),
    );
    let mut meta = carols.session_meta().expect("meta");
    meta.invited_player_ids = vec![CAROL.into(), BOB.into()];
    carols.meta = codec::encode_meta(&meta).expect("meta");
    for game in games.iter().skip(1).chain([&carols]) {
        assert!(setup.archive.write(game).await.expect("write"));
    }

    let mut client = setup.server.client().await;
    let alice = setup.jwt(ALICE, ALICE_NAME);
    let carol = setup.jwt(CAROL, "Carol");
    // Newest first, then by id; the real game is both live and archived, and listed once.
    let mut expected: Vec<&ArchivedGame> = games.iter().collect();
    expected.sort_by(|a, b| (-a.finished_ms, &a.session_id).cmp(&(-b.finished_ms, &b.session_id)));
    let ids = |games: &[&ArchivedGame]| -> Vec<String> {
        games.iter().map(|g| g.session_id.clone()).collect()
    };
    let all = my_pages(&mut client, &alice, Default::default()).await;
    assert_eq!(all, ids(&expected));

    // Filters: her wins; a date range; a game id no game has.
    let won: Vec<&ArchivedGame> = expected
        .iter()
        .copied()
        .filter(|g| g.seats[0].result == Some(SeatResult::Won))
        .collect();
    let filtered = my_pages(
        &mut client,
        &alice,
        pb::ListMySessionsRequest {
            result: pb::MyGameResult::Won as i32,
            ..Default::default()
        },
    )
    .await;
    assert_eq!(filtered, ids(&won));
    let (from, before) = (base - 20_000, base - 10_000);
    let in_range: Vec<&ArchivedGame> = expected
        .iter()
        .copied()
        .filter(|g| g.finished_ms >= from && g.finished_ms < before)
        .collect();
    assert_eq!(in_range.len(), 20);
    let ranged = my_pages(
        &mut client,
        &alice,
        pb::ListMySessionsRequest {
            finished_after_unix_ms: from,
            finished_before_unix_ms: before,
            ..Default::default()
        },
    )
    .await;
    assert_eq!(ranged, ids(&in_range));
    let none = my_pages(
        &mut client,
        &alice,
        pb::ListMySessionsRequest {
            game_id: "no-such-game".into(),
            ..Default::default()
        },
    )
    .await;
    assert!(none.is_empty());

    // Statistics: the same numbers as counting the games here.
    let stats = client
        .get_my_statistics(authed(pb::GetMyStatisticsRequest::default(), &alice))
        .await
        .expect("statistics")
        .into_inner();
    assert_eq!(stats.games.len(), 1);
    let s = &stats.games[0];
    let mine: Vec<&ArchivedSeat> = games.iter().map(|g| &g.seats[0]).collect();
    let count = |r: SeatResult| mine.iter().filter(|s| s.result == Some(r)).count() as u64;
    let scores: Vec<i32> = mine.iter().filter_map(|s| s.score).collect();
    assert_eq!(s.game_id, game_id);
    assert_eq!(s.played, games.len() as u64);
    assert_eq!(
        (s.won, s.lost, s.drawn, s.unfinished),
        (
            count(SeatResult::Won),
            count(SeatResult::Lost),
            count(SeatResult::Drawn),
            0
        )
    );
    assert_eq!(s.best_score, scores.iter().copied().max());
    let average = scores.iter().map(|&x| f64::from(x)).sum::<f64>() / scores.len() as f64;
    assert!((s.average_score.expect("an average") - average).abs() < 1e-9);
    assert_eq!(s.last_played_unix_ms, real.finished_ms);
    assert_code(
        client
            .get_my_statistics(pb::GetMyStatisticsRequest::default())
            .await,
        Code::Unauthenticated,
    );

    // Search: anyone sees the public games; a seated player also its private ones.
    let public: Vec<String> = ids(&expected)
        .into_iter()
        .filter(|id| !id.starts_with("private"))
        .collect();
    assert_eq!(search_pages(&mut client, None, &game_id).await, public);
    let with_alice = search_pages(&mut client, Some(&alice), &game_id).await;
    assert!(with_alice.contains(&"private-alice".to_string()));
    assert!(!with_alice.contains(&"private-carol".to_string()));
    assert_eq!(with_alice.len(), public.len() + 1);
    let with_carol = search_pages(&mut client, Some(&carol), &game_id).await;
    assert!(with_carol.contains(&"private-carol".to_string()));
    assert!(!with_carol.contains(&"private-alice".to_string()));
    assert!(search_pages(&mut client, None, "no-such-game")
        .await
        .is_empty());

    // Bad input: the field is named.
    for request in [
        pb::ListFinishedSessionsRequest {
            page_token: "garbage!".into(),
            ..Default::default()
        },
        pb::ListFinishedSessionsRequest {
            finished_after_unix_ms: -1,
            ..Default::default()
        },
    ] {
        let status = assert_code(
            client.list_finished_sessions(request).await,
            Code::InvalidArgument,
        );
        assert!(status.get_details_bad_request().is_some(), "{status:?}");
    }
    assert_code(
        client
            .list_my_sessions(authed(
                pb::ListMySessionsRequest {
                    result: 77,
                    ..Default::default()
                },
                &alice,
            ))
            .await,
        Code::InvalidArgument,
    );
    let _ = setup.url;
}

#[tokio::test]
async fn without_an_archive_statistics_and_search_say_so() {
    let key = SigningKey::generate("k1");
    let jwks = Jwks::serve(&[&key]).await;
    let server = TestServer::start_with(StoreKind::Memory, |c| idp::trust(c, &jwks)).await;
    let mut client = server.client().await;
    let jwt = key.sign(&claims(ALICE, ALICE_NAME));
    for status in [
        client
            .get_my_statistics(authed(pb::GetMyStatisticsRequest::default(), &jwt))
            .await
            .expect_err("no archive"),
        client
            .list_finished_sessions(pb::ListFinishedSessionsRequest::default())
            .await
            .expect_err("no archive"),
    ] {
        assert_eq!(status.code(), Code::FailedPrecondition);
        assert_eq!(
            status.get_details_error_info().expect("error info").reason,
            "ARCHIVE_OFF"
        );
    }
}

/// Every byte an archived game's rows hold: the session row's columns (the log
/// decompressed as well as stored) and its seat rows.
async fn row_bytes(archive: &PgArchive, url: &str, id: &str) -> Vec<u8> {
    let game = archive.game(id).await.expect("read").expect("archived");
    let mut out = Vec::new();
    out.extend_from_slice(game.options_json.as_bytes());
    out.extend_from_slice(&game.meta);
    out.extend_from_slice(&game.snapshot);
    out.extend_from_slice(&game.log);
    out.extend_from_slice(format!("{:?}", game.entries().expect("log")).as_bytes());
    out.extend_from_slice(format!("{:?}", game.seats).as_bytes());
    // The rows as PostgreSQL prints them, every column.
    let pool = sqlx::PgPool::connect(url).await.expect("connect");
    for sql in [
        "SELECT s::text FROM archived_session s WHERE session_id = $1",
        "SELECT t::text FROM archived_seat t WHERE session_id = $1",
    ] {
        let rows: Vec<String> = sqlx::query_scalar(sql)
            .bind(id)
            .fetch_all(&pool)
            .await
            .expect("rows");
        for row in rows {
            out.extend_from_slice(row.as_bytes());
        }
    }
    out
}

fn holds(haystack: &[u8], needle: &str) -> bool {
    haystack
        .windows(needle.len())
        .any(|w| w == needle.as_bytes())
}

#[tokio::test]
async fn erasure_leaves_no_byte_of_the_player_in_their_games() {
    let setup = setup().await;
    let public = setup.resigned_game(false).await;
    let private = setup.resigned_game(true).await;
    // Invited to a private game she never joined: her id is in its invitations only.
    let mut invited = copy(
        &public,
        "invited-only",
        public.finished_ms - 5,
        SeatResult::Won,
        1,
        Some(CAROL),
    );
    let mut meta = invited.session_meta().expect("meta");
    meta.invited_player_ids = vec![CAROL.into(), ALICE.into()];
    invited.meta = codec::encode_meta(&meta).expect("meta");
    assert!(setup.archive.write(&invited).await.expect("write"));
    let ids = [&public.session_id, &private.session_id, &invited.session_id];
    for id in ids {
        let bytes = row_bytes(&setup.archive, &setup.url, id).await;
        assert!(holds(&bytes, ALICE), "{id} holds her id before");
    }
    let bytes = row_bytes(&setup.archive, &setup.url, &public.session_id).await;
    assert!(holds(&bytes, ALICE_NAME), "her name is there before");

    // Her chat in the public game, and Bob's.
    let chat = |seat: u8, player: &str, name: &str, text: &str, sequence: u64| {
        agora_service::store::chat::ChatMessage {
            format: 1,
            sequence,
            seat: Some(seat),
            player_id: Some(player.into()),
            author_name: name.into(),
            time_ms: 1,
            game_version: 0,
            body: agora_service::store::chat::ChatBody::Text(text.into()),
        }
    };
    setup
        .archive
        .write_chat(
            &public.session_id,
            &[
                chat(0, ALICE, ALICE_NAME, "alice-private-words", 1),
                chat(1, BOB, "Bob", "bob-words", 2),
            ],
        )
        .await
        .expect("write chat");
    let said = agora_service::archive::cli::run(agora_service::archive::cli::ArchiveCli {
        archive_url: setup.url.clone(),
        statement_timeout: Duration::from_secs(30),
        command: agora_service::archive::cli::ArchiveCommand::ErasePlayer {
            player_id: ALICE.into(),
        },
    })
    .await
    .expect("erase");
    assert!(said.contains("3 archived game(s)"), "{said}");

    let mut pseudonyms = std::collections::BTreeSet::new();
    for id in ids {
        let bytes = row_bytes(&setup.archive, &setup.url, id).await;
        assert!(!holds(&bytes, ALICE), "{id} still holds her id");
        assert!(!holds(&bytes, ALICE_NAME), "{id} still holds her name");
        assert!(holds(&bytes, BOB), "{id} lost Bob's id");
        let game = setup
            .archive
            .game(id)
            .await
            .expect("read")
            .expect("archived");
        let meta = game.session_meta().expect("meta still decodes");
        for p in meta
            .seats
            .iter()
            .filter_map(|s| s.player_id.clone())
            .chain(meta.invited_player_ids.iter().cloned())
            .filter(|p| p.starts_with("erased-"))
        {
            pseudonyms.insert(p);
        }
    }
    let kept = setup.archive.chat(&public.session_id).await.expect("chat");
    let kept_json = serde_json::to_string(&kept).expect("json");
    assert!(
        !kept_json.contains(ALICE) && !kept_json.contains(ALICE_NAME),
        "{kept_json}"
    );
    assert!(!kept_json.contains("alice-private-words"), "{kept_json}");
    assert!(
        kept_json.contains("bob-words") && kept_json.contains(BOB),
        "{kept_json}"
    );
    assert_eq!(kept.len(), 2);
    assert!(kept[0]
        .player_id
        .as_deref()
        .is_some_and(|p| p.starts_with("erased-")));
    // One pseudonym across her games: her history still adds up, under it.
    assert_eq!(pseudonyms.len(), 1, "{pseudonyms:?}");
    let pseudonym = pseudonyms.into_iter().next().expect("a pseudonym");
    let history = setup
        .archive
        .history_page(&pseudonym, &GameFilter::default(), None, 10)
        .await
        .expect("history");
    assert_eq!(history.len(), 2);
    assert!(setup
        .archive
        .history_page(ALICE, &GameFilter::default(), None, 10)
        .await
        .expect("history")
        .is_empty());
    // Again: nothing left to change.
    let again = setup
        .archive
        .erase_player(ALICE, "erased-again")
        .await
        .expect("erase again");
    assert_eq!(again.games, 0);
}

#[tokio::test]
async fn retention_deletes_older_games_on_one_replica_at_a_time() {
    let url = fresh_database();
    let archive = archive(&url);
    archive.migrate().await.expect("migrate");
    let game = |id: &str, finished_ms: i64| ArchivedGame {
        session_id: id.into(),
        game_id: "origins".into(),
        options_json: "{}".into(),
        seed: 1,
        state_version: 1,
        rules_release: "test".into(),
        created_ms: finished_ms - 1000,
        finished_ms,
        outcome: OutcomeKind::Abandoned,
        final_version: 0,
        seats: vec![ArchivedSeat {
            seat: 0,
            player_id: Some("p".into()),
            player_name: "P".into(),
            score: None,
            rank: None,
            result: None,
        }],
        meta: b"{}".to_vec(),
        snapshot: Vec::new(),
        log: Vec::new(),
    };
    let now = 1_800_000_000_000i64;
    let day = 86_400_000i64;
    let mut by_age = BTreeMap::new();
    for i in 0..2500i64 {
        // Half older than 30 days, half younger.
        let finished = now - (i % 60) * day - 1;
        by_age.insert(format!("g{i:05}"), finished);
        assert!(archive
            .write(&game(&format!("g{i:05}"), finished))
            .await
            .expect("write"));
    }
    let cutoff = now - 30 * day;
    let older = by_age.values().filter(|&&f| f < cutoff).count() as u64;
    let pool = sqlx::PgPool::connect(&url).await.expect("connect");
    // Another replica holds the job: this one does nothing.
    let mut holder = pool.acquire().await.expect("connection");
    sqlx::query("SELECT pg_advisory_lock($1)")
        .bind(retention::LOCK_KEY)
        .execute(&mut *holder)
        .await
        .expect("lock");
    let period = retention::PERIOD;
    assert_eq!(
        archive
            .delete_finished_before(cutoff, now, period)
            .await
            .expect("run"),
        Run::NotDue
    );
    sqlx::query("SELECT pg_advisory_unlock($1)")
        .bind(retention::LOCK_KEY)
        .execute(&mut *holder)
        .await
        .expect("unlock");
    drop(holder);
    assert_eq!(
        archive
            .delete_finished_before(cutoff, now, period)
            .await
            .expect("run"),
        Run::Deleted(older)
    );
    // Ran a moment ago (by any replica): not again within the period.
    assert_eq!(
        archive
            .delete_finished_before(cutoff, now + 1000, period)
            .await
            .expect("run"),
        Run::NotDue
    );
    let later = now + i64::try_from(period.as_millis()).expect("ms");
    assert_eq!(
        archive
            .delete_finished_before(cutoff, later, period)
            .await
            .expect("run"),
        Run::Deleted(0)
    );
    for (id, finished) in by_age {
        let kept = archive.game(&id).await.expect("read").is_some();
        assert_eq!(kept, finished >= cutoff, "{id}");
    }
    let seats: i64 = sqlx::query_scalar("SELECT count(*) FROM archived_seat")
        .fetch_one(&pool)
        .await
        .expect("count");
    assert_eq!(seats as u64, 2500 - older, "seat rows go with their games");
}

/// The p50 and p99 of `samples`, in ms.
fn percentiles(mut samples: Vec<Duration>) -> (f64, f64) {
    samples.sort();
    let at = |q: f64| {
        let i = ((samples.len() as f64 * q).ceil() as usize).clamp(1, samples.len()) - 1;
        samples[i].as_secs_f64() * 1000.0
    };
    (at(0.50), at(0.99))
}

/// By hand, not in CI (BENCHMARKS.md, "Archive: a player's history and statistics"):
/// a player with 5,000 archived games among 20,000; the first page of ListMySessions (50)
/// and GetMyStatistics through gRPC, and their statements alone, p50/p99 over 500 calls
/// each, with the query plans.
///
/// `cargo test --release -p agora-service --test service bench_player_with_5000_games -- --ignored --nocapture`
#[tokio::test]
#[ignore]
async fn bench_player_with_5000_games() {
    let setup = setup().await;
    let real = setup.resigned_game(false).await;
    let base = real.finished_ms - 1_000;
    let started = Instant::now();
    for i in 0..20_000i64 {
        let result = [SeatResult::Won, SeatResult::Lost, SeatResult::Drawn][(i % 3) as usize];
        // Every fourth game is Alice's; the others are among 50 other players.
        let seat0 = (i % 4 != 0).then(|| format!("other-{}", i % 50));
        let game = copy(
            &real,
            &format!("g{i:06}"),
            base - i * 60_000,
            result,
            (i % 40) as i32,
            seat0.as_deref(),
        );
        assert!(setup.archive.write(&game).await.expect("write"));
    }
    println!("wrote 20,000 games in {:.1?}", started.elapsed());
    let pool = sqlx::PgPool::connect(&setup.url).await.expect("connect");
    sqlx::query("ANALYZE")
        .execute(&pool)
        .await
        .expect("analyze");
    let mut client = setup.server.client().await;
    let alice = setup.jwt(ALICE, ALICE_NAME);
    const N: usize = 500;
    let mut page = Vec::with_capacity(N);
    let mut stats = Vec::with_capacity(N);
    let mut page_sql = Vec::with_capacity(N);
    let mut stats_sql = Vec::with_capacity(N);
    for _ in 0..N {
        let t = Instant::now();
        let got = client
            .list_my_sessions(authed(pb::ListMySessionsRequest::default(), &alice))
            .await
            .expect("page")
            .into_inner();
        page.push(t.elapsed());
        assert_eq!(got.sessions.len(), 50);
        let t = Instant::now();
        let got = client
            .get_my_statistics(authed(pb::GetMyStatisticsRequest::default(), &alice))
            .await
            .expect("stats")
            .into_inner();
        stats.push(t.elapsed());
        assert_eq!(got.games[0].played, 5_001);
        let t = Instant::now();
        setup
            .archive
            .history_page(ALICE, &GameFilter::default(), None, 51)
            .await
            .expect("page");
        page_sql.push(t.elapsed());
        let t = Instant::now();
        setup
            .archive
            .player_statistics(ALICE, None)
            .await
            .expect("stats");
        stats_sql.push(t.elapsed());
    }
    for (name, samples) in [
        ("ListMySessions first page (gRPC)", page),
        ("GetMyStatistics (gRPC)", stats),
        ("history_page statement", page_sql),
        ("player_statistics statement", stats_sql),
    ] {
        let (p50, p99) = percentiles(samples);
        println!("{name}: p50 {p50:.2} ms, p99 {p99:.2} ms");
    }
    use agora_service::archive::history::{history_sql, STATISTICS_SQL};
    let explain = |sql: String| format!("EXPLAIN (ANALYZE, BUFFERS) {sql}");
    let plan: Vec<String> = sqlx::query_scalar(&explain(history_sql(None)))
        .bind(ALICE)
        .bind(None::<String>)
        .bind(None::<i64>)
        .bind(None::<i64>)
        .bind(None::<i64>)
        .bind(None::<String>)
        .bind(51i64)
        .fetch_all(&pool)
        .await
        .expect("explain");
    println!("history plan:\n{}", plan.join("\n"));
    let plan: Vec<String> = sqlx::query_scalar(&explain(STATISTICS_SQL.to_string()))
        .bind(ALICE)
        .bind(None::<String>)
        .fetch_all(&pool)
        .await
        .expect("explain");
    println!("statistics plan:\n{}", plan.join("\n"));
}
