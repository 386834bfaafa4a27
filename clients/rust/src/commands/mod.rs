//! The `agora` subcommands.

pub mod chat;
pub mod game;
pub mod health;
pub mod history;
pub mod lobby;
pub mod play;
pub mod ratings;
pub mod record;
pub mod watch;

use std::future::Future;
use std::time::Duration;

use agora_proto::v1::{
    BotKind, BotStrength, GameAction, SeatBot, SubmitActionRequest, SubmitActionResponse,
};

/// A server bot as the API names it: its kind, and an MCTS bot's strength.
#[derive(Debug, Clone)]
pub struct ServerBot {
    pub kind: BotKind,
    pub strength: Option<BotStrength>,
}

impl ServerBot {
    /// This bot in each of `seats` from the start.
    pub fn seats(&self, seats: &[u32]) -> Vec<SeatBot> {
        seats
            .iter()
            .map(|&seat| SeatBot {
                seat,
                kind: self.kind as i32,
                strength: self.strength,
            })
            .collect()
    }
}
use rand::Rng;
use tonic::{Code, Status};

use crate::client::{authorized, bearer, CliResult, Client};

/// Attempts of one call under [`retrying`], the first included.
pub const MAX_ATTEMPTS: u32 = 5;

/// The API's retry policy for clients (see the README and `game_service.proto`): a call
/// refused with UNAVAILABLE (store down, replica gone, shutting down) or
/// RESOURCE_EXHAUSTED (a limit) is sent again, unchanged (so with the same request_id),
/// after an exponential backoff with jitter, up to [`MAX_ATTEMPTS`] attempts. Only safe
/// for reads, for writes that carry a request id, and for idempotent writes (LeaveSession).
pub async fn retrying<T, F, Fut>(what: &str, mut call: F) -> Result<T, Status>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, Status>>,
{
    let mut backoff = Duration::from_millis(100);
    let mut attempt = 1;
    loop {
        match call().await {
            Err(status) if retryable(status.code()) && attempt < MAX_ATTEMPTS => {
                eprintln!(
                    "{what}: {} ({}); retrying ({attempt}/{MAX_ATTEMPTS})",
                    crate::client::code_name(status.code()),
                    status.message()
                );
                let jitter = rand::rng().random_range(0.5..1.0);
                tokio::time::sleep(backoff.mul_f64(jitter)).await;
                backoff = (backoff * 2).min(Duration::from_secs(2));
                attempt += 1;
            }
            result => return result,
        }
    }
}

fn retryable(code: Code) -> bool {
    matches!(code, Code::Unavailable | Code::ResourceExhausted)
}

/// A fresh request id for one mutating call (its retries reuse it).
pub fn request_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// Submits an action under [`retrying`]: the request id makes a retry safe (it is applied
/// once and answered the same).
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
    let auth = bearer(token)?;
    let response = retrying("SubmitAction", || {
        let mut client = client.clone();
        let request = authorized(message.clone(), Some(&auth));
        async move { client.submit_action(request).await }
    })
    .await?;
    Ok(response.into_inner())
}
