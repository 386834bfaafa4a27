//! Catalog and lobby: `games`, `create`, `sessions`, `my-sessions`, `join`, `leave`,
//! `session`.

use agora_proto::v1::{
    CreateSessionRequest, GameOptions, GetSessionRequest, JoinSessionRequest, JoinSessionResponse,
    LeaveSessionRequest, ListGamesRequest, ListMySessionsRequest, ListSessionsRequest, SeatBot,
    Session, TimeControl,
};

use crate::{
    client::{authorized, bearer, request, require_token, CliError, CliResult, Client},
    render,
};

pub async fn games(client: &mut Client) -> CliResult<()> {
    let games = client
        .list_games(request(ListGamesRequest {}, None)?)
        .await?
        .into_inner()
        .games;
    if games.is_empty() {
        println!("no games hosted");
    }
    for game in &games {
        print!("{}", render::game_info(game));
    }
    Ok(())
}

pub async fn create_session(
    client: &mut Client,
    options: GameOptions,
    seed: Option<u64>,
    bots: &[SeatBot],
    time_control: Option<TimeControl>,
) -> CliResult<Session> {
    let message = CreateSessionRequest {
        options: Some(options),
        seed,
        // A seed chosen between people is allowed only in an unrated session, which
        // shows every player that its seed was chosen (Session.seed_chosen).
        unrated: seed.is_some(),
        request_id: super::request_id(),
        bots: bots.to_vec(),
        time_control,
        ..Default::default()
    };
    super::retrying("CreateSession", || {
        let mut client = client.clone();
        let request = authorized(message.clone(), None);
        async move { client.create_session(request).await }
    })
    .await?
    .into_inner()
    .session
    .ok_or_else(|| CliError::Other("the server created a session but returned none".into()))
}

pub async fn create(
    client: &mut Client,
    options: GameOptions,
    seed: Option<u64>,
    bots: &[SeatBot],
    time_control: Option<TimeControl>,
) -> CliResult<()> {
    let session = create_session(client, options, seed, bots, time_control).await?;
    print!("{}", render::session_text(&session));
    println!("join with: agora join {}", session.session_id);
    Ok(())
}

pub async fn sessions(client: &mut Client, game: Option<String>, all: bool) -> CliResult<()> {
    let sessions = client
        .list_sessions(request(
            ListSessionsRequest {
                game_id: game.unwrap_or_default(),
                include_full: all,
                page_size: 0,
            },
            None,
        )?)
        .await?
        .into_inner()
        .sessions;
    if sessions.is_empty() {
        println!("no {}sessions", if all { "" } else { "open " });
    }
    for session in &sessions {
        println!("{}", render::session_line(session));
    }
    Ok(())
}

/// ListMySessions, page by page: one line per session with the group it is in and the
/// seats the player holds.
pub async fn my_sessions(
    client: &mut Client,
    token: Option<&str>,
    page_size: u32,
    all: bool,
) -> CliResult<()> {
    let token = require_token(token)?;
    let mut page_token = String::new();
    let mut listed = 0;
    loop {
        let page = client
            .list_my_sessions(request(
                ListMySessionsRequest {
                    page_size,
                    page_token: std::mem::take(&mut page_token),
                    ..Default::default()
                },
                Some(token),
            )?)
            .await?
            .into_inner();
        for mine in &page.sessions {
            let Some(session) = &mine.session else {
                continue;
            };
            let seats: Vec<String> = mine.seats.iter().map(u32::to_string).collect();
            println!(
                "{:<10}  seat {}  {}",
                render::my_group_name(mine.group),
                seats.join(","),
                render::session_line(session)
            );
            listed += 1;
        }
        if page.next_page_token.is_empty() {
            break;
        }
        if !all {
            println!("more: pass --all to list every page");
            break;
        }
        page_token = page.next_page_token;
    }
    if listed == 0 {
        println!("no sessions");
    }
    Ok(())
}

pub async fn session(client: &mut Client, session_id: String) -> CliResult<()> {
    let session = client
        .get_session(request(GetSessionRequest { session_id }, None)?)
        .await?
        .into_inner()
        .session
        .ok_or_else(|| CliError::Other("the server returned no session".into()))?;
    print!("{}", render::session_text(&session));
    Ok(())
}

/// JoinSession under the retry policy: with its request id, a retry after a lost answer
/// gets the same seat and token. With `token` (a player's JWT) the seat is bound to the
/// signed-in player.
pub async fn join_session(
    client: &mut Client,
    token: Option<&str>,
    message: JoinSessionRequest,
) -> CliResult<JoinSessionResponse> {
    let auth = token.filter(|t| !t.is_empty()).map(bearer).transpose()?;
    let response = super::retrying("JoinSession", || {
        let mut client = client.clone();
        let request = authorized(message.clone(), auth.as_ref());
        async move { client.join_session(request).await }
    })
    .await?;
    Ok(response.into_inner())
}

pub async fn join(
    client: &mut Client,
    token: Option<&str>,
    session_id: String,
    seat: Option<u32>,
    name: Option<String>,
) -> CliResult<()> {
    let joined = join_session(
        client,
        token,
        JoinSessionRequest {
            session_id: session_id.clone(),
            seat,
            player_name: name.unwrap_or_default(),
            request_id: super::request_id(),
        },
    )
    .await?;
    println!("session: {session_id}");
    println!("seat: {}", joined.seat);
    println!("token: {}", joined.seat_token);
    println!("use it with: export AGORA_TOKEN={}", joined.seat_token);
    Ok(())
}

/// Gives the token's seat back (LeaveSession). Retried under the policy without a request
/// id: the call is idempotent (a retry finds the seat free and answers OK).
pub async fn leave(client: &mut Client, token: Option<&str>, session_id: String) -> CliResult<()> {
    let auth = bearer(require_token(token)?)?;
    let message = LeaveSessionRequest {
        session_id: session_id.clone(),
    };
    let session = super::retrying("LeaveSession", || {
        let mut client = client.clone();
        let request = authorized(message.clone(), Some(&auth));
        async move { client.leave_session(request).await }
    })
    .await?
    .into_inner()
    .session
    .ok_or_else(|| CliError::Other("the server returned no session".into()))?;
    println!("left session {session_id}: the token holds no seat of it now");
    print!("{}", render::session_text(&session));
    Ok(())
}
