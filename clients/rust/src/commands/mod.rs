//! The `agora` subcommands.

pub mod game;
pub mod health;
pub mod lobby;
pub mod play;
pub mod watch;

use std::time::Duration;

use agora_proto::v1::{GameAction, SubmitActionRequest, SubmitActionResponse};
use tonic::Code;

use crate::client::{request, CliResult, Client};

/// Submits an action, retrying with the same request_id while the server is UNAVAILABLE
/// (the id makes the retry safe: it is applied once and answered the same).
pub async fn submit_with_retry(
    client: &mut Client,
    token: &str,
    session_id: &str,
    action: GameAction,
    expected_version: Option<u64>,
    request_id: &str,
) -> CliResult<SubmitActionResponse> {
    let message = SubmitActionRequest {
        session_id: session_id.to_string(),
        action: Some(action),
        expected_version,
        request_id: request_id.to_string(),
    };
    let mut attempt = 0u32;
    loop {
        match client
            .submit_action(request(message.clone(), Some(token))?)
            .await
        {
            Ok(response) => return Ok(response.into_inner()),
            Err(status) if status.code() == Code::Unavailable && attempt < 5 => {
                attempt += 1;
                eprintln!(
                    "server unavailable ({}), retrying request {request_id} ({attempt}/5)",
                    status.message()
                );
                tokio::time::sleep(Duration::from_millis(200 * u64::from(attempt))).await;
            }
            Err(status) => return Err(status.into()),
        }
    }
}
