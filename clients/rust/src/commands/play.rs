//! `agora play --bots`: one session, a random bot in every seat, played to the end; and
//! `agora play --server-bots`: the same with the server's bots, watched.

use std::collections::HashMap;

use agora_proto::v1::{
    GameOptions, JoinSessionRequest, ListLegalActionsRequest, Session, SessionStatus,
};
use tonic::Code;

use crate::{
    bot::Bot,
    client::{request, CliError, CliResult, Client},
    commands::{lobby, submit_with_retry},
    render::{self, Names},
};

pub struct PlayOptions {
    pub options: GameOptions,
    pub seed: Option<u64>,
    pub bot_seed: Option<u64>,
    pub verbose: bool,
    pub quiet: bool,
    pub max_moves: u64,
}

pub async fn play(client: &mut Client, opts: PlayOptions) -> CliResult<()> {
    let session = lobby::create_session(client, opts.options, opts.seed, &[], None).await?;
    let session_id = session.session_id.clone();
    println!(
        "created session {} ({}: {}){}",
        session_id,
        session.game_id,
        render::game_options(session.options.as_ref()),
        opts.seed.map(|s| format!(", seed {s}")).unwrap_or_default()
    );

    let mut tokens: HashMap<u32, String> = HashMap::new();
    let mut bots: HashMap<u32, Bot> = HashMap::new();
    let bot_seed = opts.bot_seed.or(opts.seed).unwrap_or(0);
    let mut current: Session = session.clone();
    for seat in session.seats.iter().map(|s| s.seat) {
        let joined = lobby::join_session(
            client,
            None,
            JoinSessionRequest {
                session_id: session_id.clone(),
                seat: Some(seat),
                player_name: format!("bot-{seat}"),
                request_id: super::request_id(),
            },
        )
        .await?;
        if joined.seat != seat {
            return Err(CliError::Other(format!(
                "asked for seat {seat}, got seat {}",
                joined.seat
            )));
        }
        tokens.insert(seat, joined.seat_token);
        bots.insert(
            seat,
            Bot::new(bot_seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(seat)),
        );
        if let Some(s) = joined.session {
            current = s;
        }
    }
    let names = Names::from_session(Some(&current));
    println!("joined {} seats with random bots", tokens.len());

    let mut moves = 0u64;
    while current.status != SessionStatus::Finished as i32 {
        if moves >= opts.max_moves {
            return Err(CliError::Other(format!(
                "the game did not end within {} moves (raise --max-moves)",
                opts.max_moves
            )));
        }
        let Some(&seat) = current.to_act.first() else {
            return Err(CliError::Other(format!(
                "version {}: the game is not over but no seat is to act",
                current.version
            )));
        };
        let token = tokens
            .get(&seat)
            .ok_or_else(|| CliError::Other(format!("no token for seat {seat}")))?
            .clone();
        let legal = client
            .list_legal_actions(request(
                ListLegalActionsRequest {
                    session_id: session_id.clone(),
                },
                Some(&token),
            )?)
            .await?
            .into_inner();
        let bot = bots
            .get_mut(&seat)
            .ok_or_else(|| CliError::Other(format!("no bot for seat {seat}")))?;
        let Some(index) = bot.choose(&legal.actions) else {
            return Err(CliError::Other(format!(
                "version {}: {} is to act but has no legal action",
                legal.version,
                names.seat(seat)
            )));
        };
        let action = legal.actions[index].clone();
        let text = render::game_action(&action);
        let request_id = uuid::Uuid::new_v4().to_string();
        let response = match submit_with_retry(
            client,
            &token,
            &session_id,
            action,
            Some(legal.version),
            &request_id,
        )
        .await
        {
            Ok(r) => r,
            Err(CliError::Status(status)) if status.code() == Code::Aborted => {
                // Someone else moved first: look again at the new version.
                if let Some(s) = client
                    .get_session(request(
                        agora_proto::v1::GetSessionRequest {
                            session_id: session_id.clone(),
                        },
                        None,
                    )?)
                    .await?
                    .into_inner()
                    .session
                {
                    current = s;
                }
                continue;
            }
            Err(e) => {
                return Err(CliError::Other(format!(
                    "{} could not play \"{text}\" at version {}: {e}",
                    names.seat(seat),
                    legal.version
                )))
            }
        };
        moves += 1;
        if !opts.quiet {
            println!(
                "v{:<4} {}: {}  ({} option(s))",
                response.version,
                names.seat(seat),
                text,
                legal.actions.len()
            );
            if opts.verbose {
                for event in &response.events {
                    println!("        {}", render::game_event(event));
                }
            }
        }
        current = response.session.ok_or_else(|| {
            CliError::Other("the server answered an action without the session".into())
        })?;
        if current.version != response.version {
            return Err(CliError::Other(format!(
                "the answer's session is at version {} but the action created version {}",
                current.version, response.version
            )));
        }
    }

    println!(
        "game over after {moves} moves (version {}), session {}",
        current.version, session_id
    );
    let outcome = current
        .outcome
        .as_ref()
        .ok_or_else(|| CliError::Other("the game is finished but has no outcome".into()))?;
    print!("{}", render::outcome_text(outcome, &names));
    Ok(())
}

/// A session every seat of which a server bot plays, watched to its end.
pub async fn server_bots(
    client: &mut Client,
    server: &str,
    options: GameOptions,
    seed: Option<u64>,
    bot: super::ServerBot,
) -> CliResult<()> {
    let players = crate::options::players(&options).map_err(CliError::Usage)?;
    let seats: Vec<u32> = (0..players).collect();
    let session = lobby::create_session(client, options, seed, &bot.seats(&seats), None).await?;
    println!(
        "created session {} ({}: {}) with {} server bots",
        session.session_id,
        session.game_id,
        render::game_options(session.options.as_ref()),
        seats.len()
    );
    super::watch::watch(server, None, session.session_id, 0).await
}
