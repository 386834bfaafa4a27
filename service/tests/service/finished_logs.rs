//! A finished game's log on both stores: compacted into one record (codec format 3) with
//! the request index reduced to the final move, and still read back whole. A retry of
//! the final move gets its first answer; a retry of an older move after the end is
//! refused (ABORTED for a move pinned to its version, as the SDKs send them; "game over"
//! without a pin) and changes nothing: nothing can be applied after the end anyway.

use crate::support::harness::{self, *};
use agora_proto::v1 as pb;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tonic::Code;

per_store!(a_finished_log_is_compacted_and_still_answers_the_final_retry);

async fn a_finished_log_is_compacted_and_still_answers_the_final_retry(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    // Standard Origin for two lasts well over the 64 versions whose fingerprints stay.
    let (id, tokens) = started(&mut client, 2, false, 5).await;
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    // Per move: the seat, its request and its answer.
    let mut moves: Vec<(usize, pb::SubmitActionRequest, pb::SubmitActionResponse)> = Vec::new();
    loop {
        let current = harness::session(&mut client, &id).await;
        if current.status == pb::SessionStatus::Finished as i32 {
            break;
        }
        assert!(moves.len() < 5_000, "the game ends");
        let seat = current.to_act[rng.random_range(0..current.to_act.len())] as usize;
        let listed = legal(&mut client, &id, &tokens[seat]).await;
        let action = listed.actions[rng.random_range(0..listed.actions.len())].clone();
        let request = submit_request(
            &id,
            action,
            Some(listed.version),
            &format!("move-{}", moves.len()),
        );
        let answer = client
            .submit_action(authed(request.clone(), &tokens[seat]))
            .await
            .expect("a listed action")
            .into_inner();
        moves.push((seat, request, answer));
    }
    let last = moves.len() as u64;
    assert!(last > 100, "{last} versions");

    // Every version reads back, in order, from the compacted log.
    let stream = collect_stream(&mut client, &id, 0, None, moves.len()).await;
    assert_eq!(stream.len(), moves.len());
    assert_consecutive(&stream, 0);

    // The final move's retry: the first answer again, nothing written.
    let (seat, request, answer) = moves.last().expect("moves").clone();
    let again = client
        .submit_action(authed(request, &tokens[seat]))
        .await
        .expect("the final move's retry is answered")
        .into_inner();
    assert_eq!(again, answer);

    // Older moves' retries: the game is over, nothing is applied twice.
    for index in [0, moves.len() - 2] {
        let (seat, request, _) = moves[index].clone();
        assert_code(
            client
                .submit_action(authed(request.clone(), &tokens[seat]))
                .await,
            Code::Aborted,
        );
        let unpinned = pb::SubmitActionRequest {
            expected_version: None,
            ..request
        };
        assert_code(
            client.submit_action(authed(unpinned, &tokens[seat])).await,
            Code::FailedPrecondition,
        );
    }
    assert_eq!(harness::session(&mut client, &id).await.version, last);

    if let Some(url) = server.redis_url() {
        let mut conn = ::redis::Client::open(url)
            .expect("url")
            .get_multiplexed_async_connection()
            .await
            .expect("redis");
        let key = |k: &str| format!("agora:{{{id}}}:{k}");
        let compacted: i64 = ::redis::cmd("EXISTS")
            .arg(key("logz"))
            .query_async(&mut conn)
            .await
            .expect("EXISTS");
        let streamed: i64 = ::redis::cmd("XLEN")
            .arg(key("log"))
            .query_async(&mut conn)
            .await
            .expect("XLEN");
        let requests: i64 = ::redis::cmd("HLEN")
            .arg(key("req"))
            .query_async(&mut conn)
            .await
            .expect("HLEN");
        assert_eq!(
            (compacted, streamed, requests),
            (1, 0, 1),
            "(compacted record, stream entries, request ids) of a finished session"
        );
        let ttl: i64 = ::redis::cmd("TTL")
            .arg(key("logz"))
            .query_async(&mut conn)
            .await
            .expect("TTL");
        assert!(ttl > 0, "the compacted record expires with the session");
    }
}
