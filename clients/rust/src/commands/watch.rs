//! `agora watch`: follows StreamEvents, resuming after disconnects from the last version seen.

use std::time::Duration;

use agora_proto::v1::{GetSessionRequest, SessionStatus, StreamEventsRequest};
use tonic::{Code, Status};

use crate::{
    client::{code_name, connect_lazy, request, CliError, CliResult},
    render::{self, Names},
};

/// Errors after which the stream is resumed rather than abandoned.
fn is_disconnect(status: &Status) -> bool {
    match status.code() {
        Code::Unavailable | Code::Cancelled => true,
        Code::Unknown | Code::Internal => {
            let m = status.message().to_ascii_lowercase();
            [
                "transport",
                "h2",
                "connection",
                "stream",
                "broken pipe",
                "reset",
            ]
            .iter()
            .any(|w| m.contains(w))
        }
        _ => false,
    }
}

pub async fn watch(
    server: &str,
    token: Option<&str>,
    session_id: String,
    after: u64,
) -> CliResult<()> {
    let mut client = connect_lazy(server)?;
    let mut last = after;
    let mut delay = Duration::from_millis(200);
    let mut names = Names::default();
    let mut have_names = false;
    loop {
        if !have_names {
            match client
                .get_session(request(
                    GetSessionRequest {
                        session_id: session_id.clone(),
                    },
                    token,
                )?)
                .await
            {
                Ok(r) => {
                    let session = r.into_inner().session;
                    names = Names::from_session(session.as_ref());
                    have_names = true;
                    if let Some(s) = &session {
                        println!(
                            "watching {} ({}), version {} now; streaming after v{last}",
                            s.session_id,
                            render::game_options(s.options.as_ref()),
                            s.version
                        );
                        if s.status == SessionStatus::Finished as i32 && s.version <= last {
                            println!("the game is over");
                            if let Some(outcome) = &s.outcome {
                                print!("{}", render::outcome_text(outcome, &names));
                            }
                            return Ok(());
                        }
                    }
                }
                Err(status) if is_disconnect(&status) => {
                    eprintln!(
                        "{}: {}; retrying in {:?}",
                        code_name(status.code()),
                        status.message(),
                        delay
                    );
                    tokio::time::sleep(delay).await;
                    delay = (delay * 2).min(Duration::from_secs(5));
                    continue;
                }
                Err(status) => return Err(status.into()),
            }
        }
        let stream = client
            .stream_events(request(
                StreamEventsRequest {
                    session_id: session_id.clone(),
                    after_version: last,
                },
                token,
            )?)
            .await;
        let mut stream = match stream {
            Ok(s) => s.into_inner(),
            Err(status) if is_disconnect(&status) => {
                eprintln!(
                    "{}: {}; reconnecting in {:?} (resuming after v{last})",
                    code_name(status.code()),
                    status.message(),
                    delay
                );
                tokio::time::sleep(delay).await;
                delay = (delay * 2).min(Duration::from_secs(5));
                continue;
            }
            Err(status) => return Err(status.into()),
        };
        loop {
            match stream.message().await {
                Ok(Some(msg)) => {
                    delay = Duration::from_millis(200);
                    if msg.version <= last {
                        continue; // never print a version twice
                    }
                    if msg.version != last + 1 {
                        eprintln!(
                            "warning: versions {}..{} were skipped",
                            last + 1,
                            msg.version
                        );
                    }
                    last = msg.version;
                    println!("{}", render::stream_message(&msg, &names));
                    if msg.outcome.is_some() || msg.status == SessionStatus::Finished as i32 {
                        return Ok(());
                    }
                }
                Ok(None) => {
                    eprintln!("stream closed by the server; resuming after v{last}");
                    break;
                }
                Err(status) if is_disconnect(&status) => {
                    eprintln!(
                        "{}: {}; reconnecting (resuming after v{last})",
                        code_name(status.code()),
                        status.message()
                    );
                    break;
                }
                Err(status) => return Err(CliError::Status(status)),
            }
        }
        tokio::time::sleep(delay).await;
        delay = (delay * 2).min(Duration::from_secs(5));
    }
}
