//! Erasure seen through the API (issue 36 item 6), on both stores, against a real
//! PostgreSQL: once the live store has dropped a finished game and
//! `agora-server archive erase-player` has run, no byte of the erased player's id or
//! name is in any answer about their archived games: GetSession, every GetHistory page
//! and ExportSession (as a spectator and as the other player's seat), ListMySessions of
//! the other player, ListFinishedSessions. Before the erasure the same answers hold them
//! (so the test can fail).

use crate::support::harness::*;
use crate::support::idp::{self, claims, Jwks, SigningKey};
use crate::support::postgres::fresh_database;
use agora_proto::v1 as pb;
use agora_service::archive::cli::{run, ArchiveCli, ArchiveCommand};
use agora_service::archive::postgres::{PgArchive, PgSettings};
use agora_service::archive::Archive;
use prost::Message;
use std::time::{Duration, Instant};
use tonic::Request;

per_store!(an_erased_player_appears_in_no_answer_about_their_archived_games);

const ALICE: &str = "alice-erasure-7d1e-subject";
const ALICE_NAME: &str = "Alice Vantablackwood";
const BOB: &str = "bob-erasure-subject";
const FINISHED_TTL: Duration = Duration::from_secs(3);

fn as_viewer<T>(message: T, token: Option<&str>) -> Request<T> {
    match token {
        Some(token) => authed(message, token),
        None => Request::new(message),
    }
}

/// Every answer about session `id` that `token` (a seat or player token, or none) gets,
/// as bytes, with `bob`'s ListMySessions and the search of its game.
async fn answers(client: &mut Client, id: &str, token: Option<&str>, bob: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let got = client
        .get_session(as_viewer(
            pb::GetSessionRequest {
                session_id: id.into(),
            },
            token,
        ))
        .await
        .expect("get session")
        .into_inner();
    out.extend(got.encode_to_vec());
    let mut after = 0;
    loop {
        let page = client
            .get_history(as_viewer(
                pb::GetHistoryRequest {
                    session_id: id.into(),
                    after_version: after,
                    page_size: 50,
                },
                token,
            ))
            .await
            .expect("history")
            .into_inner();
        out.extend(page.encode_to_vec());
        if page.next_after_version == 0 {
            break;
        }
        after = page.next_after_version;
    }
    let export = client
        .export_session(as_viewer(
            pb::ExportSessionRequest {
                session_id: id.into(),
            },
            token,
        ))
        .await
        .expect("export")
        .into_inner();
    out.extend(export.encode_to_vec());
    let mine = client
        .list_my_sessions(authed(pb::ListMySessionsRequest::default(), bob))
        .await
        .expect("list my sessions")
        .into_inner();
    assert!(
        mine.sessions
            .iter()
            .any(|s| s.session.as_ref().is_some_and(|s| s.session_id == id)),
        "Bob's history lists the game"
    );
    out.extend(mine.encode_to_vec());
    let found = client
        .list_finished_sessions(pb::ListFinishedSessionsRequest {
            game_id: "origin".into(),
            ..Default::default()
        })
        .await
        .expect("search")
        .into_inner();
    assert!(found
        .sessions
        .iter()
        .any(|s| s.session.as_ref().is_some_and(|s| s.session_id == id)));
    out.extend(found.encode_to_vec());
    out
}

fn holds(haystack: &[u8], needle: &str) -> bool {
    haystack
        .windows(needle.len())
        .any(|w| w == needle.as_bytes())
}

async fn an_erased_player_appears_in_no_answer_about_their_archived_games(kind: StoreKind) {
    let key = SigningKey::generate("k1");
    let jwks = Jwks::serve(&[&key]).await;
    let url = fresh_database();
    let server = TestServer::start_with(kind, |c| {
        idp::trust(c, &jwks);
        c.archive_url = Some(url.clone());
        c.finished_ttl = FINISHED_TTL;
    })
    .await;
    let archive = PgArchive::connect_lazy(&PgSettings {
        url: url.clone(),
        pool_size: 2,
        statement_timeout: Duration::from_secs(10),
    })
    .expect("archive settings");
    archive.migrate().await.expect("migrate");
    let alice = key.sign(&claims(ALICE, ALICE_NAME));
    let bob = key.sign(&claims(BOB, "Bob"));
    let mut client = server.client().await;

    // Alice (seat 0) and Bob play a few moves, then Alice resigns.
    let id = client
        .create_session(authed(
            pb::CreateSessionRequest {
                options: Some(origin_options(2, true)),
                unrated: true,
                request_id: uuid::Uuid::new_v4().to_string(),
                ..Default::default()
            },
            &alice,
        ))
        .await
        .expect("create")
        .into_inner()
        .session
        .expect("session")
        .session_id;
    let mut bob_seat_token = String::new();
    for (seat, jwt) in [(0, &alice), (1, &bob)] {
        let joined = client
            .join_session(authed(
                pb::JoinSessionRequest {
                    session_id: id.clone(),
                    seat: Some(seat),
                    player_name: String::new(),
                    request_id: uuid::Uuid::new_v4().to_string(),
                },
                jwt,
            ))
            .await
            .expect("join")
            .into_inner();
        if seat == 1 {
            bob_seat_token = joined.seat_token;
        }
    }
    for _ in 0..4 {
        let now = session(&mut client, &id).await;
        let seat = now.to_act[0];
        let jwt = if seat == 0 { &alice } else { &bob };
        let legal = legal(&mut client, &id, jwt).await;
        let action = legal.actions.into_iter().next().expect("an action");
        client
            .submit_action(authed(
                submit_request(&id, action, Some(now.version), ""),
                jwt,
            ))
            .await
            .expect("submit");
    }
    client
        .resign_session(authed(
            pb::ResignSessionRequest {
                session_id: id.clone(),
                request_id: uuid::Uuid::new_v4().to_string(),
            },
            &alice,
        ))
        .await
        .expect("resign");

    // Archived, then dropped by the live store: every read below is the archive's.
    let deadline = Instant::now() + Duration::from_secs(60);
    while archive.game(&id).await.expect("read").is_none() {
        assert!(Instant::now() < deadline, "never archived");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(FINISHED_TTL + Duration::from_millis(1500)).await;

    let viewers: [Option<&str>; 3] = [None, Some(&bob), Some(&bob_seat_token)];
    for viewer in viewers {
        let bytes = answers(&mut client, &id, viewer, &bob).await;
        assert!(holds(&bytes, ALICE_NAME), "her name is shown before");
        assert!(holds(&bytes, ALICE), "her id is shown before");
    }

    let said = run(ArchiveCli {
        archive_url: url.clone(),
        statement_timeout: Duration::from_secs(30),
        command: ArchiveCommand::ErasePlayer {
            player_id: ALICE.into(),
        },
    })
    .await
    .expect("erase");
    assert!(said.contains("1 archived game(s)"), "{said}");

    for viewer in viewers {
        let bytes = answers(&mut client, &id, viewer, &bob).await;
        assert!(!holds(&bytes, ALICE_NAME), "her name is still shown");
        assert!(!holds(&bytes, ALICE), "her id is still shown");
        assert!(holds(&bytes, "erased-"), "the pseudonym is shown instead");
    }
    drop(jwks);
}
