//! Server bots and changes of who plays a seat, over real gRPC on both stores: seats a bot
//! plays from the start, a whole game of bots, ResignSession (the game ends with one
//! opponent; a bot plays the seat out with more), HandSeatToBot, and a bot that goes on
//! playing on another replica when the one playing it dies.

use crate::support::harness::*;
use crate::support::redis_server::RedisServer;
use crate::support::server_process::ServerProcess;
use agora_proto::v1 as pb;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};
use tonic::Code;

per_store!(
    a_game_of_bots_plays_to_the_end_on_its_own,
    a_bot_seat_answers_its_player,
    resigning_against_one_opponent_ends_the_game_with_the_seat_last,
    with_more_players_a_bot_plays_the_resigned_seat_out_and_it_ranks_last,
    a_seat_handed_to_a_bot_is_played_by_it,
    bad_bot_requests_are_refused_and_change_nothing,
    every_configuration_of_every_game_plays_to_the_end_with_server_bots,
    an_mcts_bot_plays_its_seat_and_shows_its_strength,
);

const FINISHED: i32 = pb::SessionStatus::Finished as i32;

fn bots(seats: &[u32]) -> Vec<pb::SeatBot> {
    seats
        .iter()
        .map(|&seat| pb::SeatBot {
            seat,
            kind: pb::BotKind::Random as i32,
            strength: None,
        })
        .collect()
}

/// An MCTS bot thinking `iterations` playouts per decision.
fn mcts(seat: u32, iterations: u32) -> pb::SeatBot {
    pb::SeatBot {
        seat,
        kind: pb::BotKind::Mcts as i32,
        strength: Some(pb::BotStrength {
            budget: Some(pb::bot_strength::Budget::Iterations(iterations)),
        }),
    }
}

/// A spectator's stream from the first version to the one that ends the game.
async fn to_the_end(client: &mut Client, id: &str) -> Vec<pb::StreamEventsResponse> {
    let mut stream = client
        .stream_events(pb::StreamEventsRequest {
            session_id: id.to_string(),
            after_version: 0,
        })
        .await
        .expect("stream")
        .into_inner();
    let mut items = Vec::new();
    loop {
        let item = tokio::time::timeout(Duration::from_secs(60), stream.message())
            .await
            .unwrap_or_else(|_| panic!("stream stalled after {} versions", items.len()))
            .expect("stream item")
            .expect("the stream goes on until the end");
        let last = item.status == FINISHED;
        items.push(item);
        if last {
            return items;
        }
    }
}

/// An Origin session of `players` with random bots in `bot_seats`, under a fresh request id.
fn with_bots(players: u32, bot_seats: &[u32]) -> pb::CreateSessionRequest {
    pb::CreateSessionRequest {
        options: Some(origin_options(players, false)),
        seed: Some(11),
        unrated: true,
        request_id: uuid::Uuid::new_v4().to_string(),
        bots: bots(bot_seats),
        time_control: None,
        ..Default::default()
    }
}

async fn create_with_bots(client: &mut Client, players: u32, bot_seats: &[u32]) -> pb::Session {
    client
        .create_session(with_bots(players, bot_seats))
        .await
        .expect("create with bots")
        .into_inner()
        .session
        .expect("session")
}

/// Plays random legal actions for the seats in `tokens` (by seat; `None` for seats the
/// server plays) whenever one of them is to act, and waits for the bots otherwise, until
/// the game ends. Returns the last session.
async fn play_with_bots(client: &mut Client, id: &str, tokens: &[Option<String>]) -> pb::Session {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let start = Instant::now();
    loop {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the game did not end"
        );
        let current = session(client, id).await;
        if current.status == FINISHED {
            return current;
        }
        let mine = current
            .to_act
            .iter()
            .find_map(|&s| tokens.get(s as usize).cloned().flatten());
        let Some(token) = mine else {
            tokio::time::sleep(Duration::from_millis(5)).await;
            continue;
        };
        let options = legal(client, id, &token).await;
        if options.actions.is_empty() {
            continue;
        }
        let action = options.actions[rng.random_range(0..options.actions.len())].clone();
        match client
            .submit_action(authed(
                submit_request(id, action, Some(options.version), ""),
                &token,
            ))
            .await
        {
            Ok(_) => {}
            // A bot moved in between: decide again.
            Err(status) if status.code() == Code::Aborted => {}
            Err(status) => panic!("a listed action was refused: {status:?}"),
        }
    }
}

async fn a_game_of_bots_plays_to_the_end_on_its_own(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let created = create_with_bots(&mut client, 2, &[0, 1]).await;
    assert!(created
        .seats
        .iter()
        .all(|s| s.taken && s.bot == pb::BotKind::Random as i32 && !s.resigned));
    let id = created.session_id;
    // A spectator sees every version from the first, in order, up to the end.
    let items = to_the_end(&mut client, &id).await;
    let last = items.last().expect("the bots played");
    assert_eq!(last.status, FINISHED, "the stream ends with the game");
    assert!(last.outcome.is_some());
    assert_consecutive(&items, 0);
    let after = session(&mut client, &id).await;
    assert_eq!(after.status, FINISHED);
    assert_eq!(after.version, last.version);
}

async fn a_bot_seat_answers_its_player(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let created = create_with_bots(&mut client, 2, &[1]).await;
    assert_eq!(created.status, pb::SessionStatus::WaitingForPlayers as i32);
    assert!(created.seats[1].taken && !created.seats[0].taken);
    let id = created.session_id.clone();
    // The bot's seat is not open to players.
    let refused = client
        .join_session(pb::JoinSessionRequest {
            session_id: id.clone(),
            seat: Some(1),
            player_name: "p".into(),
            request_id: String::new(),
        })
        .await;
    assert_code(refused, Code::FailedPrecondition);
    let joined = client
        .join_session(pb::JoinSessionRequest {
            session_id: id.clone(),
            seat: None,
            player_name: "alice".into(),
            request_id: uuid::Uuid::new_v4().to_string(),
        })
        .await
        .expect("join")
        .into_inner();
    assert_eq!(joined.seat, 0);
    let last = play_with_bots(&mut client, &id, &[Some(joined.seat_token), None]).await;
    assert!(last.outcome.is_some());
    let items = to_the_end(&mut client, &id).await;
    assert_consecutive(&items, 0);
    assert!(items.iter().any(|i| i.seat == 1), "the bot played");
    assert!(items.iter().any(|i| i.seat == 0), "the player played");
}

async fn resigning_against_one_opponent_ends_the_game_with_the_seat_last(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, false, 21).await;
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    random_step(&mut client, &id, &tokens, &mut rng).await;
    let before = session(&mut client, &id).await;
    let resign = |request_id: &str| pb::ResignSessionRequest {
        session_id: id.clone(),
        request_id: request_id.to_string(),
    };
    assert_code(
        client.resign_session(resign("r-anon")).await,
        Code::Unauthenticated,
    );
    let resigned = client
        .resign_session(authed(resign("r-1"), &tokens[0]))
        .await
        .expect("resign")
        .into_inner();
    assert_eq!(resigned.version, before.version + 1);
    let after = resigned.session.expect("session");
    assert_eq!(after.status, FINISHED);
    assert!(after.seats[0].resigned && !after.seats[1].resigned);
    assert!(after.to_act.is_empty());
    let ranks: Vec<u32> = after
        .outcome
        .as_ref()
        .expect("outcome")
        .standings
        .iter()
        .map(|s| s.rank)
        .collect();
    assert_eq!(ranks, vec![2, 1], "the seat that resigned is last");
    // A retry answers the same version; a second resignation has nothing to resign.
    let again = client
        .resign_session(authed(resign("r-1"), &tokens[0]))
        .await
        .expect("retried resign")
        .into_inner();
    assert_eq!(again.version, resigned.version);
    let status = assert_code(
        client.resign_session(authed(resign(""), &tokens[1])).await,
        Code::FailedPrecondition,
    );
    assert!(status.message().contains("over"), "{status:?}");
    // Nobody plays after the end.
    let options = legal(&mut client, &id, &tokens[1]).await;
    assert!(options.actions.is_empty());
    // Streams show the resignation as its own version.
    let items = collect_stream(&mut client, &id, before.version, None, 1).await;
    let change = items[0].seat_change.as_ref().expect("a seat change");
    assert!(change.resigned);
    assert_eq!(
        change.bot,
        pb::BotKind::Unspecified as i32,
        "the game ended"
    );
    assert_eq!(items[0].status, FINISHED);
    assert!(items[0].events.is_empty());
    assert_eq!(session(&mut client, &id).await.version, resigned.version);
}

async fn with_more_players_a_bot_plays_the_resigned_seat_out_and_it_ranks_last(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 3, false, 23).await;
    let resigned = client
        .resign_session(authed(
            pb::ResignSessionRequest {
                session_id: id.clone(),
                request_id: "resign-2".into(),
            },
            &tokens[2],
        ))
        .await
        .expect("resign")
        .into_inner();
    let after = resigned.session.expect("session");
    assert_ne!(after.status, FINISHED, "the others play on");
    assert!(after.seats[2].resigned);
    assert_eq!(after.seats[2].bot, pb::BotKind::Random as i32);
    // The player who resigned decides nothing any more.
    let status = client
        .submit_action(authed(
            submit_request(&id, pb::GameAction::default(), None, ""),
            &tokens[2],
        ))
        .await;
    assert!(status.is_err());
    let players = [Some(tokens[0].clone()), Some(tokens[1].clone()), None];
    let last = play_with_bots(&mut client, &id, &players).await;
    let standings = &last.outcome.expect("outcome").standings;
    assert_eq!(standings[2].rank, 3, "{standings:?}");
    assert!(standings[..2].iter().all(|s| s.rank < 3));
    let items = to_the_end(&mut client, &id).await;
    assert_consecutive(&items, 0);
    let change = items[0].seat_change.as_ref().expect("the resignation");
    assert_eq!(change.bot, pb::BotKind::Random as i32);
}

async fn a_seat_handed_to_a_bot_is_played_by_it(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, false, 25).await;
    let hand = |kind: pb::BotKind| pb::HandSeatToBotRequest {
        session_id: id.clone(),
        kind: kind as i32,
        request_id: String::new(),
        strength: None,
    };
    let status = assert_code(
        client
            .hand_seat_to_bot(authed(hand(pb::BotKind::Unspecified), &tokens[0]))
            .await,
        Code::InvalidArgument,
    );
    assert!(status.message().contains("kind"), "{status:?}");
    let handed = client
        .hand_seat_to_bot(authed(hand(pb::BotKind::Random), &tokens[0]))
        .await
        .expect("hand over")
        .into_inner();
    assert_eq!(
        handed.session.expect("session").seats[0].bot,
        pb::BotKind::Random as i32
    );
    let status = assert_code(
        client
            .hand_seat_to_bot(authed(hand(pb::BotKind::Random), &tokens[0]))
            .await,
        Code::FailedPrecondition,
    );
    assert!(status.message().contains("bot"), "{status:?}");
    let last = play_with_bots(&mut client, &id, &[None, Some(tokens[1].clone())]).await;
    assert!(last.outcome.is_some());
    assert!(legal(&mut client, &id, &tokens[0]).await.actions.is_empty());
}

async fn bad_bot_requests_are_refused_and_change_nothing(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let create = |bots: Vec<pb::SeatBot>| pb::CreateSessionRequest {
        options: Some(origin_options(2, false)),
        seed: Some(1),
        unrated: true,
        request_id: String::new(),
        bots,
        time_control: None,
        ..Default::default()
    };
    let status = assert_code(
        client.create_session(create(bots(&[5]))).await,
        Code::InvalidArgument,
    );
    assert!(status.message().starts_with("bots[0].seat"), "{status:?}");
    let status = assert_code(
        client.create_session(create(bots(&[1, 1]))).await,
        Code::InvalidArgument,
    );
    assert!(status.message().starts_with("bots[1].seat"), "{status:?}");
    let mut unset = bots(&[0]);
    unset[0].kind = 0;
    assert_code(
        client.create_session(create(unset)).await,
        Code::InvalidArgument,
    );
    // An MCTS bot's strength is bounded, and only MCTS bots have one.
    for (bot, field) in [
        (mcts(1, 0), "bots[0].strength.iterations"),
        (mcts(1, 20_001), "bots[0].strength.iterations"),
        (
            pb::SeatBot {
                strength: Some(pb::BotStrength {
                    budget: Some(pb::bot_strength::Budget::Millis(2_001)),
                }),
                ..mcts(1, 1)
            },
            "bots[0].strength.millis",
        ),
        (
            pb::SeatBot {
                kind: pb::BotKind::Random as i32,
                ..mcts(1, 10)
            },
            "bots[0].strength",
        ),
    ] {
        let status = assert_code(
            client.create_session(create(vec![bot])).await,
            Code::InvalidArgument,
        );
        assert!(status.message().starts_with(field), "{status:?}");
    }
    let listed = client
        .list_sessions(pb::ListSessionsRequest {
            include_full: true,
            ..Default::default()
        })
        .await
        .expect("list")
        .into_inner();
    assert!(listed.sessions.is_empty(), "nothing was created");
    // Resigning before the game starts is refused.
    let session = create_with_bots(&mut client, 3, &[2]).await;
    let joined = client
        .join_session(pb::JoinSessionRequest {
            session_id: session.session_id.clone(),
            seat: None,
            player_name: "p".into(),
            request_id: String::new(),
        })
        .await
        .expect("join")
        .into_inner();
    let status = assert_code(
        client
            .resign_session(authed(
                pb::ResignSessionRequest {
                    session_id: session.session_id.clone(),
                    request_id: String::new(),
                },
                &joined.seat_token,
            ))
            .await,
        Code::FailedPrecondition,
    );
    assert!(status.message().contains("seat"), "{status:?}");
}

/// A replica playing a game of bots dies in the middle (a fail point aborts it right after
/// its 20th bot commit); another replica sharing the Redis store finds the turn in the due
/// index once the dead one's lease ran out, and plays the game to its end, with every
/// version exactly once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_keeps_playing_when_its_replica_dies() {
    let redis = RedisServer::start();
    let mut doomed = ServerProcess::start_with(
        &["--store", "redis", "--redis-url", &redis.url()],
        &[("FAILPOINTS", "bot-committed=20*off->return")],
    );
    let survivor = ServerProcess::start(&redis.url(), &[]);
    let request = with_bots(2, &[0, 1]);
    // The bots start as the session is stored: on a busy machine the doomed replica may
    // die before it answers, and the client retries the same request on the survivor.
    let answered = doomed.client().await.create_session(request.clone()).await;
    let mut client = survivor.client().await;
    let created = match answered {
        Ok(answer) => answer.into_inner(),
        Err(_) => client
            .create_session(request)
            .await
            .expect("the retried create finds the stored session")
            .into_inner(),
    }
    .session
    .expect("session");
    let exit = doomed
        .exited_within(Duration::from_secs(20))
        .expect("the replica died");
    assert!(!exit.success());
    assert!(doomed.log_text().contains("fail point bot-committed"));
    let at_death = session(&mut client, &created.session_id).await;
    // 21 unless its lease ran out on a busy machine and the survivor played a turn first.
    assert!(
        at_death.version >= 21 && at_death.status != FINISHED,
        "it died mid-game after its 21st commit: {at_death:?}"
    );
    let start = Instant::now();
    while session(&mut client, &created.session_id).await.status != FINISHED {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the survivor did not play on: {}",
            survivor.log_text()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let items = to_the_end(&mut client, &created.session_id).await;
    assert_consecutive(&items, 0);
    assert_eq!(items.last().expect("versions").status, FINISHED);
}

/// The due index's contract, on both stores: a due mark is claimed by one sweeper at a
/// time, comes due again when its lease runs out, and is cleared only by its holder.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_due_index_hands_a_turn_to_one_claimer_at_a_time() {
    use agora_service::store::memory::MemoryStore;
    use agora_service::store::redis::{RedisConfig, RedisStore};
    use agora_service::store::Store;
    let redis = RedisServer::start();
    let stores: Vec<(&str, Box<dyn Store>)> = vec![
        ("memory", Box::new(MemoryStore::new(10, 16))),
        (
            "redis",
            Box::new(
                RedisStore::connect(RedisConfig::new(redis.url()))
                    .await
                    .expect("connect"),
            ),
        ),
    ];
    for (name, store) in stores {
        store.timers().schedule("a", 1_000).await.unwrap();
        store.timers().schedule("b", 5_000).await.unwrap();
        assert_eq!(
            store.timers().claim_due(999, 100, 10).await.unwrap(),
            vec![],
            "{name}"
        );
        let claimed = store.timers().claim_due(1_000, 100, 10).await.unwrap();
        assert_eq!(claimed, vec![("a".to_string(), 1_100)], "{name}");
        // Claimed: nobody else gets it before the lease ends, then it comes due again.
        assert!(
            store
                .timers()
                .claim_due(1_050, 100, 10)
                .await
                .unwrap()
                .is_empty(),
            "{name}"
        );
        assert_eq!(
            store.timers().claim_due(1_100, 100, 10).await.unwrap(),
            vec![("a".to_string(), 1_200)],
            "{name}"
        );
        // Only the current holder's mark clears it; a newer mark stays.
        assert!(
            !store.timers().reschedule("a", 1_100, None).await.unwrap(),
            "{name}"
        );
        assert_eq!(
            store
                .timers()
                .claim_due(1_200, 100, 10)
                .await
                .unwrap()
                .len(),
            1,
            "{name}"
        );
        store.timers().schedule("a", 1_250).await.unwrap();
        // A write only brings a mark forward.
        store.timers().schedule("a", 9_000).await.unwrap();
        assert!(
            !store.timers().reschedule("a", 1_300, None).await.unwrap(),
            "{name}"
        );
        assert!(
            store.timers().reschedule("b", 5_000, None).await.unwrap(),
            "{name}"
        );
        assert_eq!(
            store.timers().claim_due(10_000, 100, 10).await.unwrap(),
            vec![("a".to_string(), 10_100)],
            "{name}: b was cleared, a's newer mark stayed"
        );
        // Its holder moves it on.
        assert!(store
            .timers()
            .reschedule("a", 10_100, Some(20_000))
            .await
            .unwrap());
        assert!(store
            .timers()
            .claim_due(19_999, 100, 10)
            .await
            .unwrap()
            .is_empty());
        assert_eq!(
            store
                .timers()
                .claim_due(20_000, 100, 10)
                .await
                .unwrap()
                .len(),
            1
        );
    }
}

/// Whole games of every game and configuration with every seat a server bot (MCTS and
/// random), through the API, all at once: each ends with an outcome, and its log has
/// every version once.
async fn every_configuration_of_every_game_plays_to_the_end_with_server_bots(kind: StoreKind) {
    use agora_service::api::convert;
    let server = TestServer::start(kind).await;
    let client = server.client().await;
    let games = agora_engine::registry::configurations()
        .into_iter()
        .map(|(name, options)| {
            let mut client = client.clone();
            async move {
                let seats = agora_engine::registry::AnyState::setup(&options, 3)
                    .expect("setup")
                    .seat_count() as u32;
                let created = client
                    .create_session(pb::CreateSessionRequest {
                        options: Some(convert::options_out(&options)),
                        seed: Some(3),
                        unrated: true,
                        request_id: String::new(),
                        // Even seats search (a few playouts, to keep the test short),
                        // odd seats play at random.
                        bots: (0..seats)
                            .map(|seat| match seat % 2 {
                                0 => mcts(seat, 3),
                                _ => bots(&[seat]).remove(0),
                            })
                            .collect(),
                        time_control: None,
                        ..Default::default()
                    })
                    .await
                    .unwrap_or_else(|e| panic!("{name}: {e:?}"))
                    .into_inner()
                    .session
                    .expect("session");
                let items = to_the_end(&mut client, &created.session_id).await;
                assert_consecutive(&items, 0);
                let last = items.last().expect("versions");
                let standings = &last.outcome.as_ref().expect("an outcome").standings;
                assert_eq!(standings.len(), seats as usize, "{name}");
                (name, last.version)
            }
        });
    let played = futures::future::join_all(games).await;
    assert!(
        played.iter().all(|(_, versions)| *versions > 0),
        "{played:?}"
    );
}

/// A seat created for the MCTS bot shows it, with its strength; the bot plays its turns
/// against a player; a player who hands a seat to an MCTS bot sees that on the stream.
async fn an_mcts_bot_plays_its_seat_and_shows_its_strength(kind: StoreKind) {
    let server = TestServer::start(kind).await;
    let mut client = server.client().await;
    let created = client
        .create_session(pb::CreateSessionRequest {
            options: Some(origin_options(3, false)),
            seed: Some(4),
            unrated: true,
            request_id: String::new(),
            bots: vec![mcts(1, 20)],
            time_control: None,
            ..Default::default()
        })
        .await
        .expect("create")
        .into_inner()
        .session
        .expect("session");
    let bot = &created.seats[1];
    assert_eq!(bot.bot, pb::BotKind::Mcts as i32);
    assert_eq!(bot.bot_strength, mcts(1, 20).strength);
    assert!(bot.player_name.contains("mcts-20i"), "{bot:?}");
    let id = created.session_id;
    let mut tokens = vec![None, None, None];
    for seat in [0u32, 2] {
        let joined = client
            .join_session(pb::JoinSessionRequest {
                session_id: id.clone(),
                seat: Some(seat),
                player_name: format!("p{seat}"),
                request_id: String::new(),
            })
            .await
            .expect("join")
            .into_inner();
        tokens[seat as usize] = Some(joined.seat_token);
    }
    // Seat 2 hands its seat to an MCTS bot with a time budget after the first versions.
    let token2 = tokens[2].take().expect("joined");
    let handed = client
        .hand_seat_to_bot(authed(
            pb::HandSeatToBotRequest {
                session_id: id.clone(),
                kind: pb::BotKind::Mcts as i32,
                request_id: String::new(),
                strength: Some(pb::BotStrength {
                    budget: Some(pb::bot_strength::Budget::Millis(5)),
                }),
            },
            &token2,
        ))
        .await
        .expect("hand over")
        .into_inner();
    let seat2 = &handed.session.expect("session").seats[2];
    assert_eq!(seat2.bot, pb::BotKind::Mcts as i32);
    let last = play_with_bots(&mut client, &id, &tokens).await;
    assert_eq!(last.status, FINISHED);
    let items = to_the_end(&mut client, &id).await;
    let change = items
        .iter()
        .find_map(|i| i.seat_change.as_ref())
        .expect("the hand-over is on the stream");
    assert_eq!(change.bot, pb::BotKind::Mcts as i32);
    assert_eq!(
        change.bot_strength,
        Some(pb::BotStrength {
            budget: Some(pb::bot_strength::Budget::Millis(5)),
        })
    );
}
