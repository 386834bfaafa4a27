//! Table chat and player moderation (issue 38): messages numbered without gaps and kept in
//! order on both stores; retries answer the first message; streams resume without loss or
//! duplicate, also on another replica; a spectator of a players-only table receives no
//! chat byte; rate, cap and filters refuse with their codes; mutes and blocks hide
//! messages, and a block keeps two players from one table.

use crate::support::harness::*;
use crate::support::idp::{self, claims, Jwks, SigningKey};
use crate::support::redis_server::RedisServer;
use crate::support::server_process::ServerProcess;
use agora_proto::v1 as pb;
use prost::Message;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tonic::{Code, Request};
use tonic_types::StatusExt;

per_store!(
    players_chat_in_order_and_a_retry_answers_the_first_message,
    bad_messages_are_refused_and_change_nothing,
    a_spectator_of_a_players_only_table_receives_no_chat_byte,
    spectators_read_and_signed_in_spectators_write_when_the_table_allows_it,
    a_resumed_stream_gets_each_message_once_in_order,
    the_rate_limit_answers_resource_exhausted_with_retry_info,
    the_session_cap_refuses_the_next_message,
    mutes_and_blocks_hide_messages_and_a_block_keeps_players_apart,
    a_report_is_kept_once_with_its_message,
    the_word_list_masks_and_the_filter_webhook_decides,
    a_finished_games_chat_is_read_from_the_archive_after_the_live_store_drops_it,
);

fn text_body(text: &str) -> Option<pb::send_chat_message_request::Body> {
    Some(pb::send_chat_message_request::Body::Text(text.to_string()))
}

fn send_request(id: &str, text: &str, request_id: &str) -> pb::SendChatMessageRequest {
    pb::SendChatMessageRequest {
        session_id: id.to_string(),
        body: text_body(text),
        request_id: request_id.to_string(),
    }
}

async fn say(client: &mut Client, id: &str, token: &str, text: &str) -> pb::ChatMessage {
    client
        .send_chat_message(authed(
            send_request(id, text, &uuid::Uuid::new_v4().to_string()),
            token,
        ))
        .await
        .unwrap_or_else(|e| panic!("send {text:?}: {e:?}"))
        .into_inner()
        .message
        .expect("message")
}

fn text_of(m: &pb::ChatMessage) -> &str {
    match &m.body {
        Some(pb::chat_message::Body::Text(t)) => t,
        Some(pb::chat_message::Body::PhraseId(p)) => p,
        None => "",
    }
}

fn as_caller<T>(message: T, token: Option<&str>) -> Request<T> {
    match token {
        Some(token) => authed(message, token),
        None => Request::new(message),
    }
}

async fn list(
    client: &mut Client,
    id: &str,
    token: Option<&str>,
    after: u64,
) -> Result<pb::ListChatMessagesResponse, tonic::Status> {
    client
        .list_chat_messages(as_caller(
            pb::ListChatMessagesRequest {
                session_id: id.to_string(),
                after_sequence: after,
                page_size: 0,
            },
            token,
        ))
        .await
        .map(|r| r.into_inner())
}

async fn open_stream(
    client: &mut Client,
    id: &str,
    token: Option<&str>,
    after: u64,
) -> Result<tonic::Streaming<pb::StreamChatResponse>, tonic::Status> {
    client
        .stream_chat(as_caller(
            pb::StreamChatRequest {
                session_id: id.to_string(),
                after_sequence: after,
            },
            token,
        ))
        .await
        .map(|r| r.into_inner())
}

async fn next_message(stream: &mut tonic::Streaming<pb::StreamChatResponse>) -> pb::ChatMessage {
    tokio::time::timeout(Duration::from_secs(10), stream.message())
        .await
        .expect("a chat message within 10 s")
        .expect("the stream goes on")
        .expect("an item")
        .message
        .expect("message")
}

async fn players_chat_in_order_and_a_retry_answers_the_first_message(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, true, 3).await;
    let first = say(&mut client, &id, &tokens[0], "hello").await;
    assert_eq!(first.sequence, 1);
    assert_eq!(first.seat, Some(0));
    assert_eq!(first.author_name, "player 0");
    assert_eq!(first.game_version, 0);
    // A retry answers the first message and stores nothing.
    let rid = uuid::Uuid::new_v4().to_string();
    let sent = client
        .send_chat_message(authed(send_request(&id, "once", &rid), &tokens[1]))
        .await
        .expect("send")
        .into_inner()
        .message
        .expect("message");
    let again = client
        .send_chat_message(authed(send_request(&id, "once", &rid), &tokens[1]))
        .await
        .expect("retry")
        .into_inner()
        .message
        .expect("message");
    assert_eq!(sent, again);
    assert_eq!(sent.sequence, 2);
    // A move between two messages: the next one says the version it was sent at.
    random_step(
        &mut client,
        &id,
        &tokens,
        &mut <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1),
    )
    .await;
    let phrase = client
        .send_chat_message(authed(
            pb::SendChatMessageRequest {
                session_id: id.clone(),
                body: Some(pb::send_chat_message_request::Body::PhraseId(
                    "good_game".into(),
                )),
                request_id: uuid::Uuid::new_v4().to_string(),
            },
            &tokens[0],
        ))
        .await
        .expect("phrase")
        .into_inner()
        .message
        .expect("message");
    assert_eq!(phrase.sequence, 3);
    assert_eq!(phrase.game_version, 1);
    let listed = list(&mut client, &id, Some(&tokens[1]), 0)
        .await
        .expect("list");
    let seqs: Vec<u64> = listed.messages.iter().map(|m| m.sequence).collect();
    assert_eq!(seqs, vec![1, 2, 3]);
    assert_eq!(text_of(&listed.messages[1]), "once");
    assert_eq!(listed.next_after_sequence, 3);
    let later = list(&mut client, &id, Some(&tokens[1]), 2)
        .await
        .expect("list");
    assert_eq!(later.messages, vec![phrase]);
    // The catalog holds the phrase sent.
    let phrases = client
        .list_quick_phrases(pb::ListQuickPhrasesRequest {})
        .await
        .expect("phrases")
        .into_inner()
        .phrases;
    assert!(phrases.iter().any(|p| p.id == "good_game"));
}

async fn bad_messages_are_refused_and_change_nothing(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, true, 3).await;
    let rid = || uuid::Uuid::new_v4().to_string();
    let long = "x".repeat(281);
    let cases: Vec<(pb::SendChatMessageRequest, &str)> = vec![
        (send_request(&id, "   ", &rid()), "text"),
        (send_request(&id, &long, &rid()), "280"),
        (send_request(&id, "bell\u{7}", &rid()), "control"),
        (send_request(&id, "no id", ""), "request_id"),
        (
            pb::SendChatMessageRequest {
                session_id: id.clone(),
                body: Some(pb::send_chat_message_request::Body::PhraseId("nope".into())),
                request_id: rid(),
            },
            "phrase_id",
        ),
        (
            pb::SendChatMessageRequest {
                session_id: id.clone(),
                body: None,
                request_id: rid(),
            },
            "body",
        ),
    ];
    for (request, says) in cases {
        let status = assert_code(
            client.send_chat_message(authed(request, &tokens[0])).await,
            Code::InvalidArgument,
        );
        assert!(status.message().contains(says), "{status:?}");
    }
    // 280 characters (not bytes) pass.
    let full = "é".repeat(280);
    say(&mut client, &id, &tokens[0], &full).await;
    assert_code(
        client
            .send_chat_message(authed(
                send_request("no-such-session", "hi", &rid()),
                &tokens[0],
            ))
            .await,
        Code::NotFound,
    );
    assert_code(
        client
            .send_chat_message(authed(send_request(&id, "hi", &rid()), "not-a-token"))
            .await,
        Code::PermissionDenied,
    );
    let listed = list(&mut client, &id, Some(&tokens[0]), 0)
        .await
        .expect("list");
    assert_eq!(listed.messages.len(), 1);
}

async fn a_spectator_of_a_players_only_table_receives_no_chat_byte(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, true, 3).await;
    // A spectator's stream opened before anything is said is refused at once.
    let status = assert_code(
        open_stream(&mut client, &id, None, 0).await.map(|_| ()),
        Code::PermissionDenied,
    );
    assert!(status.message().contains("players only"), "{status:?}");
    let secret = "SECRET-TABLE-TALK-7f3a";
    say(&mut client, &id, &tokens[0], secret).await;
    say(&mut client, &id, &tokens[1], secret).await;
    let mut seen: Vec<Vec<u8>> = Vec::new();
    for result in [
        list(&mut client, &id, None, 0)
            .await
            .map(|r| r.encode_to_vec()),
        open_stream(&mut client, &id, None, 0)
            .await
            .map(|_| Vec::new()),
    ] {
        let status = assert_code(result, Code::PermissionDenied);
        seen.push(status.message().as_bytes().to_vec());
        seen.push(status.details().to_vec());
    }
    // Sending as a spectator is refused too, and stores nothing.
    assert_code(
        client
            .send_chat_message(send_request(&id, "hi", &uuid::Uuid::new_v4().to_string()))
            .await,
        Code::PermissionDenied,
    );
    seen.push(session(&mut client, &id).await.encode_to_vec());
    let history = client
        .get_history(pb::GetHistoryRequest {
            session_id: id.clone(),
            after_version: 0,
            page_size: 50,
        })
        .await
        .expect("history")
        .into_inner();
    seen.push(history.encode_to_vec());
    match client
        .export_session(pb::ExportSessionRequest {
            session_id: id.clone(),
        })
        .await
    {
        Ok(export) => seen.push(export.into_inner().encode_to_vec()),
        Err(status) => seen.push(status.message().as_bytes().to_vec()),
    }
    let events = collect_stream(&mut client, &id, 0, None, 0).await;
    seen.extend(events.iter().map(|e| e.encode_to_vec()));
    for bytes in &seen {
        assert!(
            !bytes.windows(secret.len()).any(|w| w == secret.as_bytes()),
            "a spectator received chat bytes"
        );
    }
    // The players read it.
    let listed = list(&mut client, &id, Some(&tokens[1]), 0)
        .await
        .expect("list");
    assert_eq!(listed.messages.len(), 2);
    assert!(!session(&mut client, &id).await.spectators_may_chat);
}

async fn spectators_read_and_signed_in_spectators_write_when_the_table_allows_it(kind: StoreKind) {
    let key = SigningKey::generate("k1");
    let jwks = Jwks::serve(&[&key]).await;
    let server = TestServer::start_with(kind, |c| idp::trust(c, &jwks)).await;
    let mut client = server.client().await;
    let created = client
        .create_session(pb::CreateSessionRequest {
            options: Some(origin_options(2, true)),
            seed: Some(3),
            unrated: true,
            spectators_may_chat: true,
            request_id: uuid::Uuid::new_v4().to_string(),
            ..Default::default()
        })
        .await
        .expect("create")
        .into_inner()
        .session
        .expect("session");
    assert!(created.spectators_may_chat);
    let id = created.session_id.clone();
    let tokens = join_all(&mut client, &created).await;
    let mut spectator = open_stream(&mut client, &id, None, 0)
        .await
        .expect("stream");
    say(&mut client, &id, &tokens[0], "welcome").await;
    assert_eq!(text_of(&next_message(&mut spectator).await), "welcome");
    // An anonymous spectator reads but does not write; a signed-in one writes.
    assert_code(
        client
            .send_chat_message(send_request(&id, "anon", &uuid::Uuid::new_v4().to_string()))
            .await,
        Code::Unauthenticated,
    );
    let carol = key.sign(&claims("carol", "Carol"));
    let said = say(&mut client, &id, &carol, "hi from the rail").await;
    assert_eq!(said.seat, None);
    assert_eq!(said.author_player_id, "carol");
    assert_eq!(said.author_name, "Carol");
    assert_eq!(next_message(&mut spectator).await, said);
    let listed = list(&mut client, &id, None, 0).await.expect("list");
    assert_eq!(listed.messages.len(), 2);
}

async fn a_resumed_stream_gets_each_message_once_in_order(kind: StoreKind) {
    let server = TestServer::start_with(kind, |c| c.chat_messages_per_minute = 0).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, true, 3).await;
    for i in 1..=3 {
        say(&mut client, &id, &tokens[0], &format!("m{i}")).await;
    }
    let mut stream = open_stream(&mut client, &id, Some(&tokens[1]), 0)
        .await
        .expect("stream");
    let mut got = Vec::new();
    for _ in 0..3 {
        got.push(next_message(&mut stream).await.sequence);
    }
    // Live messages from two writers at once.
    let (mut a, mut b) = (server.client().await, server.client().await);
    let (ida, idb, ta, tb) = (id.clone(), id.clone(), tokens[0].clone(), tokens[1].clone());
    let writers = tokio::join!(
        async move {
            for i in 0..10 {
                say(&mut a, &ida, &ta, &format!("a{i}")).await;
            }
        },
        async move {
            for i in 0..10 {
                say(&mut b, &idb, &tb, &format!("b{i}")).await;
            }
        }
    );
    let () = writers.0;
    for _ in 0..5 {
        got.push(next_message(&mut stream).await.sequence);
    }
    drop(stream);
    // Resume after the last one received: the rest, once each.
    let last = *got.last().expect("some");
    let mut resumed = open_stream(&mut client, &id, Some(&tokens[1]), last)
        .await
        .expect("resume");
    while got.len() < 23 {
        got.push(next_message(&mut resumed).await.sequence);
    }
    assert_eq!(got, (1..=23).collect::<Vec<u64>>());
    say(&mut client, &id, &tokens[0], "after").await;
    assert_eq!(next_message(&mut resumed).await.sequence, 24);
}

async fn the_rate_limit_answers_resource_exhausted_with_retry_info(kind: StoreKind) {
    // 6 a minute: bursts of one.
    let server = TestServer::start_with(kind, |c| c.chat_messages_per_minute = 6).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, true, 3).await;
    say(&mut client, &id, &tokens[0], "one").await;
    let rid = uuid::Uuid::new_v4().to_string();
    let status = assert_code(
        client
            .send_chat_message(authed(send_request(&id, "two", &rid), &tokens[0]))
            .await,
        Code::ResourceExhausted,
    );
    let retry = status
        .get_details_retry_info()
        .and_then(|r| r.retry_delay)
        .expect("a RetryInfo detail");
    assert!(
        retry > Duration::ZERO && retry <= Duration::from_secs(10),
        "{retry:?}"
    );
    // The other seat has its own rate; nothing was stored for the refused message.
    say(&mut client, &id, &tokens[1], "mine").await;
    let listed = list(&mut client, &id, Some(&tokens[0]), 0)
        .await
        .expect("list");
    assert_eq!(listed.messages.len(), 2);
}

async fn the_session_cap_refuses_the_next_message(kind: StoreKind) {
    let server = TestServer::start_with(kind, |c| c.chat_messages_per_minute = 0).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, true, 3).await;
    let cap = agora_service::api::chat::MAX_MESSAGES_PER_SESSION;
    let mut tasks = Vec::new();
    for w in 0..4u64 {
        let mut c = server.client().await;
        let (id, token) = (id.clone(), tokens[(w % 2) as usize].clone());
        tasks.push(tokio::spawn(async move {
            for i in 0..cap / 4 {
                say(&mut c, &id, &token, &format!("{w}-{i}")).await;
            }
        }));
    }
    for t in tasks {
        t.await.expect("writer");
    }
    let status = assert_code(
        client
            .send_chat_message(authed(
                send_request(&id, "one too many", &uuid::Uuid::new_v4().to_string()),
                &tokens[0],
            ))
            .await,
        Code::FailedPrecondition,
    );
    assert!(status.message().contains(&cap.to_string()), "{status:?}");
    // Numbered 1 to cap with no gap, though four writers raced.
    let mut after = 0;
    let mut seqs = Vec::new();
    loop {
        let page = client
            .list_chat_messages(authed(
                pb::ListChatMessagesRequest {
                    session_id: id.clone(),
                    after_sequence: after,
                    page_size: 500,
                },
                &tokens[0],
            ))
            .await
            .expect("list")
            .into_inner();
        if page.messages.is_empty() {
            break;
        }
        seqs.extend(page.messages.iter().map(|m| m.sequence));
        after = page.next_after_sequence;
    }
    assert_eq!(seqs, (1..=cap).collect::<Vec<u64>>());
}

async fn mutes_and_blocks_hide_messages_and_a_block_keeps_players_apart(kind: StoreKind) {
    let key = SigningKey::generate("k1");
    let jwks = Jwks::serve(&[&key]).await;
    let server = TestServer::start_with(kind, |c| idp::trust(c, &jwks)).await;
    let mut client = server.client().await;
    let alice = key.sign(&claims("alice", "Alice"));
    let bob = key.sign(&claims("bob", "Bob"));
    let carol = key.sign(&claims("carol", "Carol"));
    let new_table = |players: u32| pb::CreateSessionRequest {
        options: Some(origin_options(players, true)),
        seed: Some(3),
        unrated: true,
        request_id: uuid::Uuid::new_v4().to_string(),
        ..Default::default()
    };
    let join = |id: &str, jwt: &str| {
        authed(
            pb::JoinSessionRequest {
                session_id: id.to_string(),
                seat: None,
                player_name: String::new(),
                request_id: uuid::Uuid::new_v4().to_string(),
            },
            jwt,
        )
    };
    let table = client
        .create_session(new_table(3))
        .await
        .expect("create")
        .into_inner();
    let id = table.session.expect("session").session_id;
    for jwt in [&alice, &bob, &carol] {
        client.join_session(join(&id, jwt)).await.expect("join");
    }
    // Moderation needs a signed-in player.
    assert_code(
        client
            .mute_player(pb::MutePlayerRequest {
                player_id: "bob".into(),
            })
            .await,
        Code::Unauthenticated,
    );
    assert_code(
        client
            .mute_player(authed(
                pb::MutePlayerRequest {
                    player_id: "alice".into(),
                },
                &alice,
            ))
            .await,
        Code::InvalidArgument,
    );
    client
        .mute_player(authed(
            pb::MutePlayerRequest {
                player_id: "bob".into(),
            },
            &alice,
        ))
        .await
        .expect("mute");
    let mut alice_stream = open_stream(&mut client, &id, Some(&alice), 0)
        .await
        .expect("stream");
    say(&mut client, &id, &bob, "muted words").await;
    say(&mut client, &id, &carol, "carol speaks").await;
    // Alice's stream skips Bob's message; Carol sees both.
    let got = next_message(&mut alice_stream).await;
    assert_eq!((got.sequence, text_of(&got)), (2, "carol speaks"));
    let for_alice = list(&mut client, &id, Some(&alice), 0).await.expect("list");
    assert_eq!(for_alice.messages.len(), 1);
    assert_eq!(for_alice.next_after_sequence, 2);
    let for_carol = list(&mut client, &id, Some(&carol), 0).await.expect("list");
    assert_eq!(for_carol.messages.len(), 2);
    client
        .unmute_player(authed(
            pb::UnmutePlayerRequest {
                player_id: "bob".into(),
            },
            &alice,
        ))
        .await
        .expect("unmute");
    assert_eq!(
        list(&mut client, &id, Some(&alice), 0)
            .await
            .expect("list")
            .messages
            .len(),
        2
    );
    // Carol blocks Bob: his messages are hidden from her, and no table seats both.
    client
        .block_player(authed(
            pb::BlockPlayerRequest {
                player_id: "bob".into(),
            },
            &carol,
        ))
        .await
        .expect("block");
    client
        .block_player(authed(
            pb::BlockPlayerRequest {
                player_id: "bob".into(),
            },
            &carol,
        ))
        .await
        .expect("a block again changes nothing");
    let listed = client
        .list_blocked_players(authed(pb::ListBlockedPlayersRequest {}, &carol))
        .await
        .expect("list blocked")
        .into_inner();
    assert_eq!(listed.blocked_player_ids, vec!["bob".to_string()]);
    assert!(listed.muted_player_ids.is_empty());
    assert_eq!(
        list(&mut client, &id, Some(&carol), 0)
            .await
            .expect("list")
            .messages
            .len(),
        1
    );
    let mut messages = Vec::new();
    for (first, second) in [(&carol, &bob), (&bob, &carol)] {
        let other = client
            .create_session(new_table(2))
            .await
            .expect("create")
            .into_inner();
        let other = other.session.expect("session").session_id;
        client
            .join_session(join(&other, first))
            .await
            .expect("first joins");
        let status = assert_code(
            client.join_session(join(&other, second)).await,
            Code::FailedPrecondition,
        );
        // The same sentence either way: it does not tell who blocked whom.
        messages.push(status.message().to_string());
    }
    assert_eq!(messages[0], messages[1]);
    assert!(!messages[0].contains("bob") && !messages[0].contains("carol"));
    // Alice is free to sit with Bob.
    let free = client
        .create_session(new_table(2))
        .await
        .expect("create")
        .into_inner();
    let free = free.session.expect("session").session_id;
    client.join_session(join(&free, &bob)).await.expect("bob");
    client
        .join_session(join(&free, &alice))
        .await
        .expect("alice");
    client
        .unblock_player(authed(
            pb::UnblockPlayerRequest {
                player_id: "bob".into(),
            },
            &carol,
        ))
        .await
        .expect("unblock");
    let again = client
        .create_session(new_table(2))
        .await
        .expect("create")
        .into_inner();
    let again = again.session.expect("session").session_id;
    client.join_session(join(&again, &bob)).await.expect("bob");
    client
        .join_session(join(&again, &carol))
        .await
        .expect("carol, unblocked");
    // A mute made while a stream is open applies to it within seconds (it reads the
    // reader's mutes again every 5 s): Alice now mutes Carol, and has unmuted Bob.
    client
        .mute_player(authed(
            pb::MutePlayerRequest {
                player_id: "carol".into(),
            },
            &alice,
        ))
        .await
        .expect("mute carol");
    tokio::time::sleep(Duration::from_millis(5_500)).await;
    say(&mut client, &id, &carol, "carol, muted now").await;
    say(&mut client, &id, &bob, "bob, heard again").await;
    let got = next_message(&mut alice_stream).await;
    assert_eq!(text_of(&got), "bob, heard again");
}

async fn a_report_is_kept_once_with_its_message(kind: StoreKind) {
    let key = SigningKey::generate("k1");
    let jwks = Jwks::serve(&[&key]).await;
    let server = TestServer::start_with(kind, |c| idp::trust(c, &jwks)).await;
    let mut client = server.client().await;
    let alice = key.sign(&claims("alice", "Alice"));
    let bob = key.sign(&claims("bob", "Bob"));
    let table = client
        .create_session(pb::CreateSessionRequest {
            options: Some(origin_options(2, true)),
            seed: Some(3),
            unrated: true,
            ..Default::default()
        })
        .await
        .expect("create")
        .into_inner()
        .session
        .expect("session");
    let id = table.session_id;
    for jwt in [&alice, &bob] {
        client
            .join_session(authed(
                pb::JoinSessionRequest {
                    session_id: id.clone(),
                    seat: None,
                    player_name: String::new(),
                    request_id: String::new(),
                },
                jwt,
            ))
            .await
            .expect("join");
    }
    let rude = say(&mut client, &id, &bob, "rude words").await;
    let mine = say(&mut client, &id, &alice, "my words").await;
    let report = |sequence: u64, rid: &str| {
        authed(
            pb::ReportPlayerRequest {
                player_id: "bob".into(),
                session_id: id.clone(),
                message_sequence: sequence,
                reason: "insults".into(),
                request_id: rid.to_string(),
            },
            &alice,
        )
    };
    let rid = uuid::Uuid::new_v4().to_string();
    let first = client
        .report_player(report(rude.sequence, &rid))
        .await
        .expect("report");
    let again = client
        .report_player(report(rude.sequence, &rid))
        .await
        .expect("retry");
    assert_eq!(first.get_ref().report_id, again.get_ref().report_id);
    let other = client
        .report_player(report(rude.sequence, &uuid::Uuid::new_v4().to_string()))
        .await
        .expect("another report");
    assert_ne!(first.get_ref().report_id, other.get_ref().report_id);
    // A message that is not the reported player's, or that does not exist, is refused.
    assert_code(
        client
            .report_player(report(mine.sequence, &uuid::Uuid::new_v4().to_string()))
            .await,
        Code::InvalidArgument,
    );
    assert_code(
        client
            .report_player(report(99, &uuid::Uuid::new_v4().to_string()))
            .await,
        Code::NotFound,
    );
    assert_code(
        client
            .report_player(Request::new(pb::ReportPlayerRequest {
                player_id: "bob".into(),
                request_id: uuid::Uuid::new_v4().to_string(),
                ..Default::default()
            }))
            .await,
        Code::Unauthenticated,
    );
}

/// A chat filter endpoint: answers each POST with `answer` (after `delay`), counting the
/// signed requests it received.
async fn filter_endpoint(answer: &'static str, delay: Duration) -> (String, Arc<AtomicUsize>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let url = format!("http://{}/filter", listener.local_addr().expect("addr"));
    let signed = Arc::new(AtomicUsize::new(0));
    let counted = signed.clone();
    tokio::spawn(async move {
        loop {
            let Ok((mut socket, _)) = listener.accept().await else {
                return;
            };
            let counted = counted.clone();
            tokio::spawn(async move {
                let mut head = Vec::new();
                let mut buf = [0u8; 4096];
                while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                    match socket.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => head.extend_from_slice(&buf[..n]),
                    }
                }
                let text = String::from_utf8_lossy(&head).to_lowercase();
                if text.contains("webhook-signature: v1,") && text.contains("webhook-id: ") {
                    counted.fetch_add(1, Ordering::SeqCst);
                }
                tokio::time::sleep(delay).await;
                let response = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{answer}",
                    answer.len()
                );
                let _ = socket.write_all(response.as_bytes()).await;
                let _ = socket.shutdown().await;
            });
        }
    });
    (url, signed)
}

const SECRET: &str = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

async fn the_word_list_masks_and_the_filter_webhook_decides(kind: StoreKind) {
    let dir = std::env::temp_dir().join(format!("agora-words-{}", uuid::Uuid::new_v4()));
    std::fs::write(&dir, "# words\nbadword\n").expect("word list");
    let words = dir.to_string_lossy().to_string();
    // The word list alone.
    let server = TestServer::start_with(kind, |c| {
        c.chat_word_list = Some(words.clone());
    })
    .await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, true, 3).await;
    let masked = say(&mut client, &id, &tokens[0], "what a BadWord move").await;
    assert_eq!(text_of(&masked), "what a *** move");
    drop(client);
    server.stop().await;
    // The webhook: its verdicts, and its default when it is late.
    for (answer, delay, expect) in [
        (
            r#"{"verdict":"accept"}"#,
            Duration::ZERO,
            Ok("fine badword"),
        ),
        (
            r#"{"verdict":"mask","text":"f***"}"#,
            Duration::ZERO,
            Ok("f***"),
        ),
        (
            r#"{"verdict":"reject"}"#,
            Duration::ZERO,
            Err(Code::FailedPrecondition),
        ),
        (
            r#"{"verdict":"accept"}"#,
            Duration::from_secs(3),
            Err(Code::Unavailable),
        ),
    ] {
        let (url, signed) = filter_endpoint(answer, delay).await;
        let server = TestServer::start_with(kind, |c| {
            c.chat_filter_url = Some(url.clone());
            c.chat_filter_secret = Some(SECRET.to_string());
            c.chat_filter_timeout_ms = 500;
        })
        .await;
        let mut client = server.client().await;
        let (id, tokens) = started(&mut client, 2, true, 3).await;
        let sent = client
            .send_chat_message(authed(
                send_request(&id, "fine badword", &uuid::Uuid::new_v4().to_string()),
                &tokens[0],
            ))
            .await;
        match expect {
            Ok(text) => {
                let m = sent
                    .expect("accepted")
                    .into_inner()
                    .message
                    .expect("message");
                assert_eq!(text_of(&m), text, "{answer}");
            }
            Err(code) => {
                assert_code(sent, code);
                let listed = list(&mut client, &id, Some(&tokens[0]), 0)
                    .await
                    .expect("list");
                assert!(listed.messages.is_empty(), "{answer}: nothing stored");
            }
        }
        assert_eq!(signed.load(Ordering::SeqCst), 1, "one signed request");
        // Quick phrases do not go through the filter.
        client
            .send_chat_message(authed(
                pb::SendChatMessageRequest {
                    session_id: id.clone(),
                    body: Some(pb::send_chat_message_request::Body::PhraseId(
                        "hello".into(),
                    )),
                    request_id: uuid::Uuid::new_v4().to_string(),
                },
                &tokens[1],
            ))
            .await
            .expect("phrase");
        assert_eq!(signed.load(Ordering::SeqCst), 1);
        drop(client);
        server.stop().await;
    }
    let _ = std::fs::remove_file(&dir);
}

/// Two replicas on one Redis: a follower on one replica gets what is sent on the other;
/// when its replica is killed it resumes on the other after the last sequence it got, and
/// receives every message once, in order.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_follows_across_two_replicas_and_a_replica_kill() {
    let redis = RedisServer::start();
    let flags = ["--chat-messages-per-minute", "0"];
    let mut a = ServerProcess::start(&redis.url(), &flags);
    let b = ServerProcess::start(&redis.url(), &flags);
    let (mut on_a, mut on_b) = (a.client().await, b.client().await);
    let (id, tokens) = started(&mut on_a, 2, true, 3).await;
    let mut stream = open_stream(&mut on_a, &id, Some(&tokens[1]), 0)
        .await
        .expect("stream");
    let mut got = Vec::new();
    for i in 0..10 {
        let on = if i % 2 == 0 { &mut on_a } else { &mut on_b };
        say(on, &id, &tokens[0], &format!("m{i}")).await;
    }
    for _ in 0..10 {
        got.push(next_message(&mut stream).await.sequence);
    }
    // Messages sent on b while a dies.
    let writer = {
        let (mut c, id, token) = (b.client().await, id.clone(), tokens[0].clone());
        tokio::spawn(async move {
            for i in 10..30 {
                say(&mut c, &id, &token, &format!("m{i}")).await;
            }
        })
    };
    a.terminate();
    // What a's stream delivered before it ended counts; the rest comes from b.
    while let Ok(Ok(Some(item))) =
        tokio::time::timeout(Duration::from_secs(10), stream.message()).await
    {
        got.push(item.message.expect("message").sequence);
    }
    writer.await.expect("writer");
    let last = *got.last().expect("some");
    let mut resumed = open_stream(&mut on_b, &id, Some(&tokens[1]), last)
        .await
        .expect("resume");
    while got.len() < 30 {
        got.push(next_message(&mut resumed).await.sequence);
    }
    assert_eq!(got, (1..=30).collect::<Vec<u64>>());
}

/// BENCHMARKS.md, "Table chat": messages a second one table sustains with 1,000
/// followers (every follower receives every message), and the bytes Redis holds per
/// stored message. Run pinned to one core:
/// `taskset -c 0 cargo test --release -p agora-service --test service chat::chat_cost -- --ignored --nocapture`
#[tokio::test(flavor = "current_thread")]
#[ignore = "a measurement for BENCHMARKS.md"]
async fn chat_cost() {
    for kind in [StoreKind::Memory, StoreKind::Redis] {
        let server = TestServer::start_with(kind, |c| {
            c.chat_messages_per_minute = 0;
            c.max_concurrent_streams = 2_000;
            c.max_streams_per_address = 0;
            c.max_streams_per_player = 0;
        })
        .await;
        let mut client = server.client().await;
        let (id, tokens) = started(&mut client, 2, true, 3).await;
        const FOLLOWERS: usize = 1_000;
        const MESSAGES: u64 = 200;
        let mut followers = Vec::new();
        let mut c = server.client().await;
        for i in 0..FOLLOWERS {
            // A connection per 100 streams, as clients behind a balancer.
            if i % 100 == 0 {
                c = server.client().await;
            }
            let stream = open_stream(&mut c, &id, Some(&tokens[1]), 0)
                .await
                .expect("follow");
            followers.push(tokio::spawn(async move {
                let mut stream = stream;
                let mut n = 0;
                while n < MESSAGES {
                    match stream.message().await {
                        Ok(Some(_)) => n += 1,
                        other => panic!("follower ended: {other:?}"),
                    }
                }
            }));
        }
        let start = std::time::Instant::now();
        for i in 0..MESSAGES {
            say(
                &mut client,
                &id,
                &tokens[0],
                &format!("message number {i}, a typical line of table talk"),
            )
            .await;
        }
        for f in followers {
            f.await.expect("follower");
        }
        let elapsed = start.elapsed();
        println!(
            "{kind:?}: {MESSAGES} messages to {FOLLOWERS} followers in {elapsed:?}: {:.0} messages/s, {:.0} deliveries/s",
            MESSAGES as f64 / elapsed.as_secs_f64(),
            (MESSAGES as usize * FOLLOWERS) as f64 / elapsed.as_secs_f64()
        );
        if let Some(url) = server.redis_url() {
            let redis = ::redis::Client::open(url).expect("redis");
            let mut conn = redis
                .get_multiplexed_async_connection()
                .await
                .expect("conn");
            let mut bytes = 0i64;
            for key in ["chat", "chatreq"] {
                let used: i64 = ::redis::cmd("MEMORY")
                    .arg("USAGE")
                    .arg(format!("agora:{{{id}}}:{key}"))
                    .arg("SAMPLES")
                    .arg(0)
                    .query_async(&mut conn)
                    .await
                    .expect("memory usage");
                bytes += used;
            }
            println!(
                "Redis: {bytes} bytes for {MESSAGES} messages: {} bytes per message",
                bytes / MESSAGES as i64
            );
        }
        drop(client);
        server.stop().await;
    }
}

async fn a_finished_games_chat_is_read_from_the_archive_after_the_live_store_drops_it(
    kind: StoreKind,
) {
    use agora_service::archive::postgres::{PgArchive, PgSettings};
    use agora_service::archive::Archive;
    let url = crate::support::postgres::fresh_database();
    let ttl = Duration::from_secs(4);
    let server = TestServer::start_with(kind, |c| {
        c.archive_url = Some(url.clone());
        c.finished_ttl = ttl;
    })
    .await;
    let mut client = server.client().await;
    let created = client
        .create_session(pb::CreateSessionRequest {
            options: Some(origin_options(2, true)),
            seed: Some(3),
            unrated: true,
            bots: vec![pb::SeatBot {
                seat: 1,
                kind: pb::BotKind::Random as i32,
                strength: None,
            }],
            ..Default::default()
        })
        .await
        .expect("create")
        .into_inner()
        .session
        .expect("session");
    let id = created.session_id.clone();
    let token = client
        .join_session(pb::JoinSessionRequest {
            session_id: id.clone(),
            seat: Some(0),
            player_name: "player 0".into(),
            request_id: uuid::Uuid::new_v4().to_string(),
        })
        .await
        .expect("join")
        .into_inner()
        .seat_token;
    let kept = say(&mut client, &id, &token, "kept with the game").await;
    client
        .resign_session(authed(
            pb::ResignSessionRequest {
                session_id: id.clone(),
                request_id: String::new(),
            },
            &token,
        ))
        .await
        .expect("resign");
    let archive = PgArchive::connect_lazy(&PgSettings {
        url: url.clone(),
        pool_size: 1,
        statement_timeout: Duration::from_secs(5),
    })
    .expect("archive");
    let start = std::time::Instant::now();
    while archive
        .chat(&id)
        .await
        .map(|c| c.is_empty())
        .unwrap_or(true)
    {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the chat was not archived"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The live store drops the finished session after its TTL.
    tokio::time::sleep(ttl + Duration::from_secs(2)).await;
    if let Some(redis) = server.redis_url() {
        let redis = ::redis::Client::open(redis).expect("redis");
        let mut conn = redis
            .get_multiplexed_async_connection()
            .await
            .expect("conn");
        let live: i64 = ::redis::cmd("EXISTS")
            .arg(format!("agora:{{{id}}}:chat"))
            .arg(format!("agora:{{{id}}}:meta"))
            .query_async(&mut conn)
            .await
            .expect("exists");
        assert_eq!(live, 0, "the live store still holds the session");
    }
    let listed = list(&mut client, &id, Some(&token), 0)
        .await
        .expect("from the archive");
    assert_eq!(listed.messages, vec![kept]);
    // Still the players' only.
    assert_code(
        list(&mut client, &id, None, 0).await,
        Code::PermissionDenied,
    );
}
