//! A session played by random bots through several replicas, as a careful client plays:
//! every call has a deadline, and a call that failed without a definite answer
//! (UNAVAILABLE, a cut connection, a deadline) is retried with backoff on the next
//! replica; SubmitAction carries a request id and the expected version, so a retry is
//! answered from the log instead of being applied twice. Legal actions come from a local
//! replica of the game (same options and seed), so each move costs one SubmitAction, and
//! every acknowledged move is recorded for the audit.

use agora_engine::registry::{AnyAction, AnyOptions, AnyState};
use agora_engine::Seat;
use agora_proto::v1 as pb;
use agora_proto::v1::game_service_client::GameServiceClient;
use agora_service::api::convert;
use rand::rngs::StdRng;
use rand::Rng;
use std::future::Future;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tonic::transport::Channel;
use tonic::{Code, Request, Status};

pub type Client = GameServiceClient<Channel>;

/// A client of `addr` that connects on first use and reconnects after the replica
/// restarts.
pub fn lazy_client(addr: SocketAddr) -> Result<Client, tonic::transport::Error> {
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{addr}"))?
        .connect_timeout(Duration::from_secs(1))
        .tcp_nodelay(true)
        .connect_lazy();
    Ok(GameServiceClient::new(channel))
}

/// How hard a call is retried.
#[derive(Debug, Clone, Copy)]
pub struct RetryPolicy {
    /// Deadline of one attempt.
    pub attempt: Duration,
    /// Give up after retrying this long.
    pub give_up_after: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            attempt: Duration::from_secs(5),
            give_up_after: Duration::from_secs(60),
        }
    }
}

/// Codes after which the call's outcome is unknown (the server may or may not have
/// acted), or that say "try later": retried. INTERNAL and UNKNOWN are here because a
/// connection cut mid-answer surfaces as one of them on the client side.
pub fn retryable(code: Code) -> bool {
    matches!(
        code,
        Code::Unavailable
            | Code::DeadlineExceeded
            | Code::Cancelled
            | Code::ResourceExhausted
            | Code::Unknown
            | Code::Internal
    )
}

/// Why a bot could not go on.
#[derive(Debug, Clone)]
pub enum Failure {
    /// A definite refusal (the call was answered, and not with success).
    Refused(Status),
    /// Retried for [`RetryPolicy::give_up_after`] without a definite answer.
    GaveUp(Status),
    /// JoinSession was retried after an unknown outcome and the seat was taken: the
    /// first attempt took it, but its token never arrived (JoinSession has no request id).
    SeatLostOnRetry(Status),
    /// The server's answer contradicts the local replica (a version skipped or repeated).
    Mismatch(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Refused(s) => write!(f, "refused {:?}: {}", s.code(), s.message()),
            Failure::GaveUp(s) => {
                write!(f, "gave up retrying, last {:?}: {}", s.code(), s.message())
            }
            Failure::SeatLostOnRetry(s) => write!(
                f,
                "join retried after an unknown outcome, seat gone: {}",
                s.message()
            ),
            Failure::Mismatch(m) => write!(f, "answer contradicts the local game: {m}"),
        }
    }
}

/// What the retries saw: failed attempts by code (method "retry"), and attempts in all.
#[derive(Debug, Default, Clone)]
pub struct CallStats {
    pub failed_attempts: crate::tally::CodeTable,
    pub attempts: u64,
    /// Calls, however many attempts each took.
    pub calls: u64,
    /// Calls answered (Ok or a definite refusal) after at least one failed attempt.
    pub cured_by_retry: u64,
}

/// Calls `call` on `replicas[(first + attempt) % n]` until it gives a definite answer:
/// Ok, or a status that is not [`retryable`]. The Err carries the last status and whether
/// any attempt ended without a definite answer before it.
async fn with_retry<T, F, Fut>(
    replicas: &[Client],
    first: usize,
    policy: RetryPolicy,
    stats: &mut CallStats,
    method: &str,
    mut call: F,
) -> Result<T, (Status, bool, bool)>
where
    F: FnMut(Client) -> Fut,
    Fut: Future<Output = Result<T, Status>>,
{
    if replicas.is_empty() {
        return Err((Status::invalid_argument("no replica to call"), false, false));
    }
    let start = Instant::now();
    let mut attempt = 0usize;
    let mut uncertain = false;
    stats.calls += 1;
    loop {
        let client = replicas[(first + attempt) % replicas.len()].clone();
        stats.attempts += 1;
        let status = match tokio::time::timeout(policy.attempt, call(client)).await {
            Ok(Ok(v)) => {
                stats.cured_by_retry += u64::from(attempt > 0);
                return Ok(v);
            }
            Ok(Err(status)) => status,
            Err(_) => Status::deadline_exceeded("no answer within the attempt deadline"),
        };
        if !retryable(status.code()) {
            stats.cured_by_retry += u64::from(attempt > 0);
            return Err((status, uncertain, false));
        }
        stats.failed_attempts.add_status(method, &status);
        uncertain = true;
        if start.elapsed() > policy.give_up_after {
            return Err((status, uncertain, true));
        }
        let backoff = 20u64 << attempt.min(6);
        let jitter = rand::rng().random_range(0..=backoff / 2);
        tokio::time::sleep(Duration::from_millis(backoff + jitter)).await;
        attempt += 1;
    }
}

/// `message` carrying seat token `token` as its bearer credential.
pub fn authed<T>(message: T, token: &str) -> Request<T> {
    let mut request = Request::new(message);
    if let Ok(value) = format!("Bearer {token}").parse() {
        request.metadata_mut().insert("authorization", value);
    }
    request
}

/// One acknowledged SubmitAction: the version it created and the seat that played it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ack {
    pub version: u64,
    pub seat: u32,
}

/// A session with every seat taken, its tokens, and the local replica of its game.
pub struct BotSession {
    pub id: String,
    pub tokens: Vec<String>,
    pub state: AnyState,
    pub version: u64,
    pub acks: Vec<Ack>,
    /// The action of each acknowledged move, in the order of `acks` (an audit compares
    /// them with an export).
    pub played: Vec<AnyAction>,
}

impl BotSession {
    /// Creates a session of `options` (seeded, so that the local replica matches) and
    /// takes every seat, through `replicas` starting at `first`.
    pub async fn start(
        replicas: &[Client],
        first: usize,
        options: &AnyOptions,
        seed: u64,
        policy: RetryPolicy,
        stats: &mut CallStats,
    ) -> Result<BotSession, Failure> {
        let state = AnyState::setup(options, seed)
            .map_err(|e| Failure::Mismatch(format!("local set-up failed: {e}")))?;
        let wire_options = convert::options_out(options);
        // One request id per call, kept across its retries (AIP-155): a retry after a lost
        // answer gets the same session, and the same seat and token.
        let create_id = uuid::Uuid::new_v4().to_string();
        let session = with_retry(replicas, first, policy, stats, "CreateSession", |mut c| {
            let request = pb::CreateSessionRequest {
                options: Some(wire_options.clone()),
                seed: Some(seed),
                // One client plays every seat from the seed it chose: an unrated game.
                unrated: true,
                request_id: create_id.clone(),
                ..Default::default()
            };
            async move { c.create_session(request).await }
        })
        .await
        .map_err(|(s, _, gave_up)| {
            if gave_up {
                Failure::GaveUp(s)
            } else {
                Failure::Refused(s)
            }
        })?
        .into_inner()
        .session
        .ok_or_else(|| Failure::Mismatch("CreateSession answered without a session".into()))?;
        let id = session.session_id;
        let mut tokens = Vec::new();
        for seat in 0..state.seat_count() as u32 {
            let join_id = uuid::Uuid::new_v4().to_string();
            let joined = with_retry(
                replicas,
                first + seat as usize,
                policy,
                stats,
                "JoinSession",
                |mut c| {
                    let request = pb::JoinSessionRequest {
                        session_id: id.clone(),
                        seat: Some(seat),
                        player_name: format!("bot {seat}"),
                        request_id: join_id.clone(),
                    };
                    async move { c.join_session(request).await }
                },
            )
            .await
            .map_err(|(s, uncertain, gave_up)| {
                if gave_up {
                    Failure::GaveUp(s)
                } else if uncertain && s.code() == Code::FailedPrecondition {
                    Failure::SeatLostOnRetry(Status::new(
                        s.code(),
                        format!("session {id}, seat {seat}: {}", s.message()),
                    ))
                } else {
                    Failure::Refused(s)
                }
            })?
            .into_inner();
            if joined.seat != seat {
                return Err(Failure::Mismatch(format!(
                    "asked for seat {seat}, got {}",
                    joined.seat
                )));
            }
            tokens.push(joined.seat_token);
        }
        Ok(BotSession {
            id,
            tokens,
            state,
            version: 0,
            acks: Vec::new(),
            played: Vec::new(),
        })
    }

    pub fn finished(&self) -> bool {
        self.state.outcome().is_some()
    }

    /// Plays one random legal action, pinned to the local version with a fresh request
    /// id, through `replicas` starting at `first`; returns how long it took, retries
    /// included.
    pub async fn step(
        &mut self,
        replicas: &[Client],
        first: usize,
        rng: &mut StdRng,
        policy: RetryPolicy,
        stats: &mut CallStats,
    ) -> Result<Duration, Failure> {
        let to_act: Vec<Seat> = self.state.to_act().iter().collect();
        let seat = *to_act
            .get(rng.random_range(0..to_act.len().max(1)))
            .ok_or_else(|| Failure::Mismatch("nobody is to act in an unfinished game".into()))?;
        let actions = self.state.legal_actions(seat);
        let action = actions
            .get(rng.random_range(0..actions.len().max(1)))
            .cloned()
            .ok_or_else(|| {
                Failure::Mismatch(format!("seat {} must act but has no legal action", seat.0))
            })?;
        let request = pb::SubmitActionRequest {
            session_id: self.id.clone(),
            action: Some(convert::action_out(&action)),
            expected_version: Some(self.version),
            request_id: uuid::Uuid::new_v4().to_string(),
        };
        let token = self.tokens[usize::from(seat.0)].clone();
        let t = Instant::now();
        let response = with_retry(replicas, first, policy, stats, "SubmitAction", |mut c| {
            let request = authed(request.clone(), &token);
            async move { c.submit_action(request).await }
        })
        .await
        .map_err(|(s, _, gave_up)| {
            if gave_up {
                Failure::GaveUp(s)
            } else {
                Failure::Refused(s)
            }
        })?
        .into_inner();
        let took = t.elapsed();
        let expected = self.version + 1;
        if response.version != expected {
            return Err(Failure::Mismatch(format!(
                "SubmitAction at version {} answered version {}",
                self.version, response.version
            )));
        }
        self.state.apply(seat, &action).map_err(|e| {
            Failure::Mismatch(format!(
                "the local game refused its own legal action: {e:?}"
            ))
        })?;
        self.version = expected;
        self.acks.push(Ack {
            version: expected,
            seat: u32::from(seat.0),
        });
        self.played.push(action);
        Ok(took)
    }
}
