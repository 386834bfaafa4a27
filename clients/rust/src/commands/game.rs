//! One seat's commands: `state`, `actions`, `submit`.

use agora_proto::v1::{
    GameAction, GetSessionRequest, GetStateRequest, ListLegalActionsRequest,
    ListLegalActionsResponse,
};

use crate::{
    client::{authorized, bearer, request, require_token, CliError, CliResult, Client},
    commands::submit_with_retry,
    proto_json,
    render::{self, Names},
};

/// Prints the session and the view: the game's board when `board` and it has one, else
/// every field of the view.
pub async fn state(
    client: &mut Client,
    token: Option<&str>,
    session_id: String,
    board: bool,
) -> CliResult<()> {
    let state = client
        .get_state(request(GetStateRequest { session_id }, token)?)
        .await?
        .into_inner();
    let names = Names::from_session(state.session.as_ref());
    if let Some(session) = &state.session {
        print!("{}", render::session_text(session));
        println!();
    }
    print!("{}", render::game_view(state.view.as_ref(), &names, board));
    Ok(())
}

async fn legal(
    client: &mut Client,
    token: &str,
    session_id: &str,
) -> CliResult<ListLegalActionsResponse> {
    Ok(client
        .list_legal_actions(request(
            ListLegalActionsRequest {
                session_id: session_id.to_string(),
            },
            Some(token),
        )?)
        .await?
        .into_inner())
}

fn action_json_text(action: &GameAction) -> String {
    proto_json::action_to_json(action).unwrap_or_else(|e| format!("({e})"))
}

pub async fn actions(
    client: &mut Client,
    token: Option<&str>,
    session_id: String,
    json: bool,
) -> CliResult<()> {
    let token = require_token(token)?;
    let legal = legal(client, token, &session_id).await?;
    if legal.actions.is_empty() {
        println!(
            "version {}: nothing to decide for this seat now",
            legal.version
        );
        return Ok(());
    }
    println!(
        "version {}: {} legal action(s); submit with --index N",
        legal.version,
        legal.actions.len()
    );
    for (i, action) in legal.actions.iter().enumerate() {
        if json {
            println!(
                "[{i}] {}\n      {}",
                render::game_action(action),
                action_json_text(action)
            );
        } else {
            println!("[{i}] {}", render::game_action(action));
        }
    }
    Ok(())
}

/// Which action `agora submit` sends.
pub enum Choice {
    /// The N-th action of `agora actions` (numbered from 0).
    Index(usize),
    /// An action in the JSON form of `agora actions --json`.
    Json(String),
}

pub async fn submit(
    client: &mut Client,
    token: Option<&str>,
    session_id: String,
    choice: Choice,
    expected_version: Option<u64>,
    request_id: Option<String>,
) -> CliResult<()> {
    let token = require_token(token)?;
    let (action, expected_version) = match choice {
        Choice::Index(index) => {
            let legal = legal(client, token, &session_id).await?;
            let count = legal.actions.len();
            let action = legal.actions.into_iter().nth(index).ok_or_else(|| {
                CliError::Usage(format!(
                    "no action [{index}]: this seat has {count} legal action(s) at version {} (see `agora actions`)",
                    legal.version
                ))
            })?;
            // The index refers to this listing: apply it only at its version.
            (action, expected_version.or(Some(legal.version)))
        }
        Choice::Json(text) => {
            let session = client
                .get_session(request(
                    GetSessionRequest {
                        session_id: session_id.clone(),
                    },
                    None,
                )?)
                .await?
                .into_inner()
                .session
                .ok_or_else(|| CliError::Other("the server returned no session".into()))?;
            let action = proto_json::action_from_json(&session.game_id, &text)
                .map_err(|e| CliError::Usage(format!("--json: {e}")))?;
            (action, expected_version)
        }
    };
    let request_id = request_id.unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
    let text = render::game_action(&action);
    let response = submit_with_retry(
        client,
        token,
        &session_id,
        action,
        expected_version,
        &request_id,
    )
    .await?;
    let names = Names::from_session(response.session.as_ref());
    println!("submitted: {text}");
    println!("version {} (request {request_id})", response.version);
    for event in &response.events {
        println!("    {}", render::game_event(event));
    }
    if let Some(session) = &response.session {
        if let Some(outcome) = &session.outcome {
            print!("{}", render::outcome_text(outcome, &names));
        } else if !session.to_act.is_empty() {
            let next: Vec<String> = session.to_act.iter().map(|s| names.seat(*s)).collect();
            println!("next to act: {}", next.join(", "));
        }
    }
    Ok(())
}

/// One call for the token's seat, with the CLI's retry policy (the message, and so its
/// request id, is the same on every attempt).
async fn as_seat<M, R, F, Fut>(
    client: &Client,
    token: Option<&str>,
    what: &str,
    message: M,
    call: F,
) -> CliResult<R>
where
    M: Clone,
    F: Fn(Client, tonic::Request<M>) -> Fut,
    Fut: std::future::Future<Output = Result<tonic::Response<R>, tonic::Status>>,
{
    let auth = bearer(require_token(token)?)?;
    let response = super::retrying(what, || {
        call(client.clone(), authorized(message.clone(), Some(&auth)))
    })
    .await?;
    Ok(response.into_inner())
}

fn fresh(request_id: Option<String>) -> String {
    request_id.unwrap_or_else(|| uuid::Uuid::new_v4().to_string())
}

/// `agora resign`: the token's seat gives up; retried safely with one request id.
pub async fn resign(
    client: &mut Client,
    token: Option<&str>,
    session_id: String,
    request_id: Option<String>,
) -> CliResult<()> {
    let message = agora_proto::v1::ResignSessionRequest {
        session_id,
        request_id: fresh(request_id),
    };
    let response = as_seat(
        client,
        token,
        "ResignSession",
        message,
        |mut c, r| async move { c.resign_session(r).await },
    )
    .await?;
    println!("resigned at version {}", response.version);
    if let Some(session) = &response.session {
        match &session.outcome {
            Some(outcome) => print!(
                "{}",
                render::outcome_text(outcome, &Names::from_session(Some(session)))
            ),
            None => println!("a server bot plays the seat out"),
        }
    }
    Ok(())
}

/// `agora hand-to-bot`: a server bot plays the token's seat from now on.
pub async fn hand_to_bot(
    client: &mut Client,
    token: Option<&str>,
    session_id: String,
    bot: super::ServerBot,
    request_id: Option<String>,
) -> CliResult<()> {
    let message = agora_proto::v1::HandSeatToBotRequest {
        session_id,
        kind: bot.kind as i32,
        request_id: fresh(request_id),
        strength: bot.strength,
    };
    let response = as_seat(
        client,
        token,
        "HandSeatToBot",
        message,
        |mut c, r| async move { c.hand_seat_to_bot(r).await },
    )
    .await?;
    println!(
        "a server bot plays the seat from version {}",
        response.version
    );
    Ok(())
}

/// `agora undo`: takes back the token's seat's latest decision.
pub async fn undo(
    client: &mut Client,
    token: Option<&str>,
    session_id: String,
    request_id: Option<String>,
) -> CliResult<()> {
    let message = agora_proto::v1::UndoActionRequest {
        session_id,
        request_id: fresh(request_id),
    };
    let response = as_seat(
        client,
        token,
        "UndoAction",
        message,
        |mut c, r| async move { c.undo_action(r).await },
    )
    .await?;
    println!(
        "taken back: the game is as before your last decision (version {})",
        response.version
    );
    Ok(())
}

/// `agora rematch`: the finished session's rematch (made now, or the one made before).
pub async fn rematch(
    client: &mut Client,
    token: Option<&str>,
    session_id: String,
) -> CliResult<()> {
    let message = agora_proto::v1::RematchSessionRequest { session_id };
    let response = as_seat(
        client,
        token,
        "RematchSession",
        message,
        |mut c, r| async move { c.rematch_session(r).await },
    )
    .await?;
    let session = response
        .session
        .ok_or_else(|| CliError::Other("the server returned no session".into()))?;
    print!("{}", render::session_text(&session));
    println!("your token plays its new seat: the seats moved one on");
    Ok(())
}
