//! Games that end without an outcome are archived too (issue 36 item 2), on both stores,
//! against a real PostgreSQL:
//!
//! - a started game nobody plays on is archived as abandoned, one whose seats were never
//!   all taken as aborted, each once, before the live store drops it at `--abandoned-ttl`;
//!   afterwards GetSession and ListMySessions show it ABANDONED / ABORTED (not in
//!   progress), and the player's statistics count it unfinished;
//! - a finished game's ImportSession is archived as finished.

use crate::support::harness::*;
use crate::support::idp::{self, claims, Jwks, SigningKey};
use crate::support::postgres::fresh_database;
use agora_proto::v1 as pb;
use agora_service::archive::postgres::{PgArchive, PgSettings};
use agora_service::archive::{Archive, ArchivedGame, OutcomeKind};
use std::time::{Duration, Instant};

per_store!(games_that_end_without_an_outcome_are_archived_once_with_their_end);

const ALICE: &str = "alice-unfinished-subject";
const BOB: &str = "bob-unfinished-subject";
/// Short, so the test sees sessions expire; archived a quarter of it before.
const ABANDONED_TTL: Duration = Duration::from_secs(4);

async fn archived(archive: &PgArchive, id: &str, outcome: OutcomeKind) -> ArchivedGame {
    // The bound only turns a broken worker into a failure instead of a hang.
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Some(game) = archive.game(id).await.expect("read the archive") {
            if game.outcome == outcome {
                return game;
            }
        }
        assert!(
            Instant::now() < deadline,
            "{id} was never archived as {outcome:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn rows(url: &str, id: &str) -> i64 {
    let pool = sqlx::PgPool::connect(url).await.expect("connect");
    sqlx::query_scalar("SELECT count(*) FROM archived_session WHERE session_id = $1")
        .bind(id)
        .fetch_one(&pool)
        .await
        .expect("count")
}

async fn create(client: &mut Client, jwt: &str) -> String {
    client
        .create_session(authed(
            pb::CreateSessionRequest {
                options: Some(origin_options(2, true)),
                unrated: true,
                request_id: uuid::Uuid::new_v4().to_string(),
                ..Default::default()
            },
            jwt,
        ))
        .await
        .expect("create")
        .into_inner()
        .session
        .expect("session")
        .session_id
}

async fn join(client: &mut Client, id: &str, seat: u32, jwt: &str) {
    client
        .join_session(authed(
            pb::JoinSessionRequest {
                session_id: id.to_string(),
                seat: Some(seat),
                player_name: String::new(),
                request_id: uuid::Uuid::new_v4().to_string(),
            },
            jwt,
        ))
        .await
        .expect("join");
}

async fn status(client: &mut Client, id: &str) -> i32 {
    session(client, id).await.status
}

async fn games_that_end_without_an_outcome_are_archived_once_with_their_end(kind: StoreKind) {
    let key = SigningKey::generate("k1");
    let jwks = Jwks::serve(&[&key]).await;
    let url = fresh_database();
    let server = TestServer::start_with(kind, |c| {
        idp::trust(c, &jwks);
        c.archive_url = Some(url.clone());
        c.abandoned_ttl = ABANDONED_TTL;
        c.finished_ttl = ABANDONED_TTL;
    })
    .await;
    let archive = PgArchive::connect_lazy(&PgSettings {
        url: url.clone(),
        pool_size: 2,
        statement_timeout: Duration::from_secs(10),
    })
    .expect("archive settings");
    archive.migrate().await.expect("migrate");
    let alice = key.sign(&claims(ALICE, "Alice"));
    let bob = key.sign(&claims(BOB, "Bob"));
    let mut client = server.client().await;

    // Started, then nobody plays; and one Bob never joins.
    let abandoned = create(&mut client, &alice).await;
    join(&mut client, &abandoned, 0, &alice).await;
    join(&mut client, &abandoned, 1, &bob).await;
    let aborted = create(&mut client, &alice).await;
    join(&mut client, &aborted, 0, &alice).await;
    // A finished game, exported and imported: the import is archived as finished.
    let resigned = create(&mut client, &alice).await;
    join(&mut client, &resigned, 0, &alice).await;
    join(&mut client, &resigned, 1, &bob).await;
    client
        .resign_session(authed(
            pb::ResignSessionRequest {
                session_id: resigned.clone(),
                request_id: uuid::Uuid::new_v4().to_string(),
            },
            &bob,
        ))
        .await
        .expect("resign");
    let export = client
        .export_session(pb::ExportSessionRequest {
            session_id: resigned.clone(),
        })
        .await
        .expect("export")
        .into_inner()
        .export;
    let imported = client
        .import_session(pb::ImportSessionRequest {
            export,
            stop_at_version: None,
            request_id: uuid::Uuid::new_v4().to_string(),
        })
        .await
        .expect("import")
        .into_inner()
        .session
        .expect("session")
        .session_id;
    assert_eq!(
        status(&mut client, &abandoned).await,
        pb::SessionStatus::InProgress as i32
    );

    let game = archived(&archive, &abandoned, OutcomeKind::Abandoned).await;
    assert!(game.seats.iter().all(|s| s.result.is_none()), "{game:?}");
    assert_eq!(game.seats[0].player_id.as_deref(), Some(ALICE));
    assert!(game.finished_ms >= game.created_ms);
    let game = archived(&archive, &aborted, OutcomeKind::Aborted).await;
    assert_eq!(game.seats[1].player_id, None);
    let game = archived(&archive, &imported, OutcomeKind::Finished).await;
    assert!(game.seats.iter().any(|s| s.result.is_some()), "{game:?}");
    archived(&archive, &resigned, OutcomeKind::Finished).await;

    // Once the live store has dropped them, reads come from the archive with their end.
    let deadline = Instant::now() + Duration::from_secs(60);
    while status(&mut client, &abandoned).await != pb::SessionStatus::Abandoned as i32 {
        assert!(Instant::now() < deadline, "never shown abandoned");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    while status(&mut client, &aborted).await != pb::SessionStatus::Aborted as i32 {
        assert!(Instant::now() < deadline, "never shown aborted");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let shown = session(&mut client, &abandoned).await;
    assert!(shown.to_act.is_empty(), "{shown:?}");
    let mine = client
        .list_my_sessions(authed(pb::ListMySessionsRequest::default(), &alice))
        .await
        .expect("list my sessions")
        .into_inner();
    let listed = |id: &str| {
        mine.sessions
            .iter()
            .find(|s| s.session.as_ref().is_some_and(|s| s.session_id == id))
            .unwrap_or_else(|| panic!("{id} is not in Alice's history: {mine:?}"))
    };
    for (id, wanted) in [
        (&abandoned, pb::SessionStatus::Abandoned),
        (&aborted, pb::SessionStatus::Aborted),
        (&resigned, pb::SessionStatus::Finished),
    ] {
        let row = listed(id);
        assert_eq!(row.session.as_ref().expect("session").status, wanted as i32);
        assert_eq!(row.group, pb::MySessionGroup::Finished as i32);
    }
    let unfinished = client
        .list_my_sessions(authed(
            pb::ListMySessionsRequest {
                result: pb::MyGameResult::Unfinished as i32,
                ..Default::default()
            },
            &alice,
        ))
        .await
        .expect("list unfinished")
        .into_inner();
    let mut ids: Vec<String> = unfinished
        .sessions
        .iter()
        .filter_map(|s| s.session.as_ref().map(|s| s.session_id.clone()))
        .collect();
    ids.sort();
    let mut want = vec![abandoned.clone(), aborted.clone()];
    want.sort();
    assert_eq!(ids, want);
    let stats = client
        .get_my_statistics(authed(pb::GetMyStatisticsRequest::default(), &alice))
        .await
        .expect("statistics")
        .into_inner();
    assert_eq!(stats.games.len(), 1);
    assert_eq!((stats.games[0].played, stats.games[0].unfinished), (3, 2));

    // Exactly once: one row each, and the expiry jobs finish once the sessions are gone.
    for id in [&abandoned, &aborted, &imported, &resigned] {
        assert_eq!(rows(&url, id).await, 1, "{id}");
    }
    drop(jwks);
}
