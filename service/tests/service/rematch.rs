//! RematchSession over real gRPC on both stores: from a finished game, one new session
//! with the same players one seat further on, whose old seat tokens play it; asked again
//! (by any player) it is the same one; refused before the end and to a spectator.

use crate::support::harness::*;
use agora_proto::v1 as pb;
use tonic::Code;

per_store!(a_finished_game_is_rematched_once_with_the_seats_rotated);

fn rematch(id: &str) -> pb::RematchSessionRequest {
    pb::RematchSessionRequest {
        session_id: id.to_string(),
    }
}

async fn a_finished_game_is_rematched_once_with_the_seats_rotated(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, false, 31).await;
    let status = assert_code(
        client
            .rematch_session(authed(rematch(&id), &tokens[0]))
            .await,
        Code::FailedPrecondition,
    );
    assert!(status.message().contains("over"), "{status:?}");
    // The quickest end: seat 1 resigns.
    client
        .resign_session(authed(
            pb::ResignSessionRequest {
                session_id: id.clone(),
                request_id: String::new(),
            },
            &tokens[1],
        ))
        .await
        .expect("resign");
    assert_code(
        client.rematch_session(rematch(&id)).await,
        Code::Unauthenticated,
    );
    let new = client
        .rematch_session(authed(rematch(&id), &tokens[0]))
        .await
        .expect("rematch")
        .into_inner()
        .session
        .expect("session");
    assert_ne!(new.session_id, id);
    assert_eq!(
        new.status,
        pb::SessionStatus::InProgress as i32,
        "every seat taken"
    );
    let names: Vec<&str> = new.seats.iter().map(|s| s.player_name.as_str()).collect();
    assert_eq!(
        names,
        vec!["player 1", "player 0"],
        "seat i plays seat i + 1"
    );
    // The other player asking gets the same rematch, and the old session names it.
    let again = client
        .rematch_session(authed(rematch(&id), &tokens[1]))
        .await
        .expect("rematch again")
        .into_inner()
        .session
        .expect("session");
    assert_eq!(again.session_id, new.session_id);
    assert_eq!(
        session(&mut client, &id).await.rematch_session_id,
        new.session_id
    );
    // Old tokens play the rotated seats: the old seat 0 is seat 1 now.
    let rotated = vec![tokens[1].clone(), tokens[0].clone()];
    let last = play(&mut client, &new.session_id, &rotated, 5, 3).await;
    assert!(last.version >= 3);
}
