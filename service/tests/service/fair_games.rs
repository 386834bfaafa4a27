//! Fair games: a chosen seed fixes every hidden card, so between people it is refused
//! unless the session is created unrated or the operator allows chosen seeds, and every
//! player sees `seed_chosen`. Bots do not count as people; imports keep their seed.

use crate::support::harness::*;
use agora_proto::v1 as pb;
use tonic::Code;

fn request(players: u32, seed: Option<u64>, bot_seats: &[u32]) -> pb::CreateSessionRequest {
    pb::CreateSessionRequest {
        options: Some(origin_options(players, true)),
        seed,
        bots: bot_seats
            .iter()
            .map(|&seat| pb::SeatBot {
                seat,
                kind: pb::BotKind::Random as i32,
                strength: None,
            })
            .collect(),
        ..Default::default()
    }
}

async fn create(
    client: &mut Client,
    request: pb::CreateSessionRequest,
) -> Result<pb::Session, tonic::Status> {
    client
        .create_session(request)
        .await
        .map(|r| r.into_inner().session.expect("session"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chosen_seed_is_refused_between_people_unless_unrated_and_shown_to_all() {
    // The default server: no --allow-chosen-seeds.
    let server = TestServer::start_with(StoreKind::Memory, |c| c.allow_chosen_seeds = false).await;
    let mut client = server.client().await;

    let status = assert_code(
        create(&mut client, request(2, Some(7), &[])).await,
        Code::InvalidArgument,
    );
    assert!(status.message().contains("seed"), "{status:?}");
    assert!(
        status.message().contains("2 seats left to people"),
        "{status:?}"
    );
    assert!(status.message().contains("unrated"), "{status:?}");
    let three = assert_code(
        create(&mut client, request(3, Some(7), &[2])).await,
        Code::InvalidArgument,
    );
    assert!(
        three.message().contains("2 seats left to people"),
        "{three:?}"
    );

    // Drawn by the server: allowed, and not marked.
    let drawn = create(&mut client, request(2, None, &[]))
        .await
        .expect("no seed");
    assert!(!drawn.seed_chosen);
    // One person against bots: nobody to cheat, allowed and marked.
    let solo = create(&mut client, request(2, Some(7), &[1]))
        .await
        .expect("one person and a bot");
    assert!(solo.seed_chosen);
    // Unrated: allowed, and every player (anyone reading the session) sees it.
    let unrated = create(
        &mut client,
        pb::CreateSessionRequest {
            unrated: true,
            ..request(2, Some(7), &[])
        },
    )
    .await
    .expect("an unrated session may have a chosen seed");
    assert!(unrated.seed_chosen);
    let tokens = join_all(&mut client, &unrated).await;
    for token in &tokens {
        let seen = client
            .get_session(authed(
                pb::GetSessionRequest {
                    session_id: unrated.session_id.clone(),
                },
                token,
            ))
            .await
            .expect("get session")
            .into_inner()
            .session
            .expect("session");
        assert!(seen.seed_chosen, "every player sees the seed was chosen");
    }
    let listed = client
        .list_sessions(pb::ListSessionsRequest {
            include_full: true,
            ..Default::default()
        })
        .await
        .expect("list")
        .into_inner()
        .sessions;
    let row = listed
        .iter()
        .find(|s| s.session_id == unrated.session_id)
        .expect("listed");
    assert!(row.seed_chosen, "the lobby shows it too");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_operator_may_allow_chosen_seeds() {
    let server = TestServer::start_with(StoreKind::Memory, |c| c.allow_chosen_seeds = true).await;
    let mut client = server.client().await;
    let session = create(&mut client, request(2, Some(7), &[]))
        .await
        .expect("allowed by --allow-chosen-seeds");
    assert!(session.seed_chosen, "still shown to every player");
}
