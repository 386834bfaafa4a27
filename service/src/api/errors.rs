//! How failures become gRPC statuses (see the codes in `game_service.proto`): every
//! condition a call can end in is one [`ApiError`] variant, and `From<ApiError> for
//! Status` is the only place a status is built, so each condition has one code and one
//! message. Every message is a sentence a person can act on.

use crate::auth::AuthError;
use crate::identity::TokenError;
use crate::limits::LimitReached;
use crate::store::StoreError;
use agora_engine::{FieldViolation, RuleError};
use std::collections::HashMap;
use tonic::{Code, Status};
use tonic_types::{ErrorDetails, StatusExt};

/// The `google.rpc.ErrorInfo` domain of Agora's machine-readable reasons.
pub const DOMAIN: &str = "agora.dev";

/// Why a call failed, before it becomes a [`Status`].
#[derive(Debug)]
pub enum ApiError {
    /// A request field is missing or malformed: INVALID_ARGUMENT with a BadRequest detail.
    Field(FieldViolation),
    /// The game refused the action: FAILED_PRECONDITION with the rule's code.
    Refused(RuleError),
    /// The store could not do what was asked.
    Store(StoreError),
    /// An action before every seat is taken.
    WaitingForPlayers { open_seats: usize },
    /// A seat given back (LeaveSession) once every seat is taken: the game is on.
    GameStarted,
    /// A finished session's export needs the cause of every version, and this version
    /// was written by a release that did not record it.
    ExportUnavailable { version: u64 },
    /// The caller decided on a version that is no longer current.
    Stale { expected: u64, actual: u64 },
    /// A stream's subscriber fell behind and the versions it missed cannot be read.
    Lagged { last_version: u64 },
    /// StreamEvents asked for versions after one the session has not reached.
    AheadOfSession { after_version: u64, version: u64 },
    /// The store stopped feeding a stream.
    StreamEnded { last_version: u64 },
    /// The server is stopping; the stream may resume elsewhere.
    ShuttingDown { last_version: u64 },
    /// This replica cannot read the session's log (its store is unreachable from here);
    /// the stream resumes on another replica.
    LogUnreachable { last_version: u64 },
    /// The seat token is missing, malformed or not one of this session's.
    Auth(AuthError),
    /// A player token (JWT) failed a check: UNAUTHENTICATED saying which (UNAVAILABLE
    /// when the identity provider's keys could not be fetched).
    Token(TokenError),
    /// A concurrency limit refused the call at once.
    Limit(LimitReached),
    /// A private session's JoinSession by someone it did not invite.
    NotInvited,
    /// A player asked for another seat of a session where it holds one already.
    AlreadySeated { seat: u8 },
    /// A CreateSession or JoinSession request id that another caller used first.
    RequestIdOfAnotherCaller,
    /// A spectator asked for the chat of a table whose chat is for its players only.
    ChatForPlayers,
    /// The session holds its most chat messages.
    ChatFull { cap: u64 },
    /// The operator's chat filter refused the message.
    ChatRejected,
    /// The operator's chat filter did not answer, and its default is to reject.
    ChatFilterUnavailable,
    /// The author sent more chat messages than the rate allows; it may again after this.
    ChatRate { retry_after: std::time::Duration },
    /// A StreamChat ended (server stopping, or the chat could not be followed here).
    ChatStreamEnded { last_sequence: u64 },
    /// A join that would seat two players of whom one blocked the other.
    PlayerBlocked,
    /// A quick-match call refused (see `quick_match.rs`).
    Match(super::quick_match::MatchError),
    /// A rating pool or game id that names no rating pool (see `ratings.rs`).
    UnknownPool { field: &'static str, value: String },
    /// A request message that `convert` refused, with the status it built (through
    /// [`invalid`] or [`field`]). Goes once every game's conversion returns a
    /// [`FieldViolation`].
    Wire(Status),
}

impl From<ApiError> for Status {
    fn from(error: ApiError) -> Status {
        match error {
            ApiError::Field(violation) => field(violation),
            ApiError::Refused(rule) => precondition(rule.code, rule.message),
            ApiError::Store(store) => store_status(store),
            ApiError::WaitingForPlayers { open_seats } => precondition(
                "WAITING_FOR_PLAYERS",
                format!(
                    "The game starts when every seat is taken; {open_seats} seat(s) still open."
                ),
            ),
            ApiError::GameStarted => precondition(
                "GAME_STARTED",
                "The game has started (every seat is taken), so the seat cannot be given \
                 back; resign with ResignSession instead.",
            ),
            ApiError::ExportUnavailable { version } => precondition(
                "EXPORT_UNAVAILABLE",
                format!(
                    "This session cannot be exported for replay: version {version} was recorded \
                     by an earlier release that did not keep what made it. GetHistory still \
                     shows every version."
                ),
            ),
            // "Stale" only for a version behind; one ahead is a client's mistake, said as such.
            ApiError::Stale { expected, actual } if expected > actual => Status::aborted(format!(
                "expected_version {expected} is ahead of the session, which is at version \
                     {actual}. Reload and decide again."
            )),
            ApiError::Stale { expected, actual } => Status::aborted(format!(
                "expected_version {expected} is stale: the session is at version {actual}. \
                 Reload and decide again."
            )),
            ApiError::Lagged { last_version } => Status::aborted(format!(
                "This stream fell behind the game; resume from version {last_version}."
            )),
            ApiError::AheadOfSession {
                after_version,
                version,
            } => Status::out_of_range(format!(
                "after_version {after_version} is ahead of the session's version {version}."
            )),
            ApiError::StreamEnded { last_version } => Status::unavailable(format!(
                "The event stream ended; resume from version {last_version}."
            )),
            ApiError::ShuttingDown { last_version } => Status::unavailable(format!(
                "server shutting down, resume from version {last_version}"
            )),
            ApiError::LogUnreachable { last_version } => Status::unavailable(format!(
                "This server cannot read the game's log right now; resume from version \
                 {last_version}, on another server if you can."
            )),
            ApiError::Auth(auth) => match auth {
                AuthError::Unreadable => {
                    Status::unauthenticated("The authorization header is not readable text.")
                }
                AuthError::NotBearer => Status::unauthenticated(
                    "The authorization header must be `Bearer <seat token>`.",
                ),
                AuthError::Required => Status::unauthenticated(
                    "This call needs the seat token returned by JoinSession \
                     (authorization: Bearer <token>).",
                ),
                AuthError::NotASeat => Status::permission_denied(
                    "This seat token does not belong to any seat of this session.",
                ),
                AuthError::NotPlayersSeat => Status::permission_denied(
                    "You (the signed-in player) hold no seat of this session; join it first.",
                ),
                AuthError::PlayerRequired => Status::unauthenticated(
                    "This call needs a signed-in player: authorization: Bearer <JWT of the \
                     identity provider this server trusts>.",
                ),
            },
            ApiError::UnknownPool { field, value } => Status::not_found(format!(
                "{field} {value:?} names no rating pool: ListGames lists each game's \
                 rating_pools (ids like \"origin/standard-2p\"); solo games are never rated."
            )),
            ApiError::NotInvited => Status::permission_denied(
                "This session is private: only the players it invited may join (sign in as \
                 one of them).",
            ),
            ApiError::AlreadySeated { seat } => precondition(
                "ALREADY_SEATED",
                format!(
                    "You already hold seat {seat} of this session, which allows one seat per \
                     player."
                ),
            ),
            ApiError::Token(token) => match token {
                TokenError::KeysUnavailable(_) => Status::unavailable(token.sentence()),
                _ => Status::unauthenticated(token.sentence()),
            },
            ApiError::Limit(limit) => match limit {
                LimitReached::Requests { max } => Status::resource_exhausted(format!(
                    "the server is at its limit of {max} concurrent requests; retry with backoff"
                )),
                LimitReached::Streams { max } => Status::resource_exhausted(format!(
                    "this connection already has {max} open event streams, the server's \
                     limit; close one or open another connection, and retry with backoff"
                )),
                LimitReached::StreamsPerAddress { max } => Status::resource_exhausted(format!(
                    "your address already has {max} open event streams, the server's limit \
                     per client address (--max-streams-per-address); close one, and retry \
                     with backoff"
                )),
                LimitReached::StreamsPerPlayer { max } => Status::resource_exhausted(format!(
                    "you already have {max} open event streams, the server's limit per \
                     player (--max-streams-per-player); close one, and retry with backoff"
                )),
                LimitReached::PlayerCalls { per_second } => Status::resource_exhausted(format!(
                    "You made more than {per_second} calls in a second, this server's limit \
                     per player; slow down and retry with backoff."
                )),
                LimitReached::PlayerSessions { max } => Status::resource_exhausted(format!(
                    "You already hold seats in {max} sessions that are not finished, this \
                     server's limit per player; finish or leave one first."
                )),
            },
            ApiError::RequestIdOfAnotherCaller => Status::already_exists(
                "This request_id was used by another caller; a new request needs a fresh id \
                 (a random UUID).",
            ),
            ApiError::ChatForPlayers => Status::permission_denied(
                "This table's chat is for its players only (and private tables' always is); \
                 join a seat to read and write it.",
            ),
            ApiError::ChatFull { cap } => precondition(
                "CHAT_FULL",
                format!("This table's chat holds its most messages ({cap}); no more can be sent."),
            ),
            ApiError::ChatRejected => precondition(
                "MESSAGE_REJECTED",
                "The server's chat filter refused this message; it was not sent.",
            ),
            ApiError::ChatFilterUnavailable => Status::unavailable(
                "The server's chat filter did not answer, so the message was not sent; retry \
                 with the same request_id.",
            ),
            ApiError::ChatRate { retry_after } => {
                let mut details = ErrorDetails::new();
                details.set_retry_info(Some(retry_after));
                Status::with_error_details(
                    Code::ResourceExhausted,
                    format!(
                        "You are sending chat messages faster than this server allows; wait \
                         {} ms and send again.",
                        retry_after.as_millis().max(1)
                    ),
                    details,
                )
            }
            ApiError::ChatStreamEnded { last_sequence } => Status::unavailable(format!(
                "The chat stream ended; resume after sequence {last_sequence}."
            )),
            ApiError::PlayerBlocked => precondition(
                "PLAYER_BLOCKED",
                "You cannot sit at this table: a block between you and one of its players \
                 keeps you apart. Choose another table.",
            ),
            ApiError::Match(error) => error.status(),
            ApiError::Wire(status) => status,
        }
    }
}

/// A version conflict is a stale decision and a lagged subscription is a lag, whichever
/// layer noticed it: one message each.
impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> ApiError {
        match error {
            StoreError::Conflict { expected, actual } => ApiError::Stale { expected, actual },
            StoreError::Lagged { last_version } => ApiError::Lagged { last_version },
            StoreError::GameStarted => ApiError::GameStarted,
            other => ApiError::Store(other),
        }
    }
}

impl From<FieldViolation> for ApiError {
    fn from(violation: FieldViolation) -> ApiError {
        ApiError::Field(violation)
    }
}

impl From<RuleError> for ApiError {
    fn from(rule: RuleError) -> ApiError {
        ApiError::Refused(rule)
    }
}

impl From<AuthError> for ApiError {
    fn from(auth: AuthError) -> ApiError {
        ApiError::Auth(auth)
    }
}

impl From<TokenError> for ApiError {
    fn from(token: TokenError) -> ApiError {
        ApiError::Token(token)
    }
}

impl From<LimitReached> for ApiError {
    fn from(limit: LimitReached) -> ApiError {
        ApiError::Limit(limit)
    }
}

/// Lets `limits` answer a refused call without naming the API (which owns the limits).
impl From<LimitReached> for Status {
    fn from(limit: LimitReached) -> Status {
        ApiError::Limit(limit).into()
    }
}

/// `convert` still answers with statuses; they pass through unchanged.
impl From<Status> for ApiError {
    fn from(status: Status) -> ApiError {
        ApiError::Wire(status)
    }
}

/// Puts in the log what an operator must know about a failed call: the store unreachable
/// or unreadable, and load shed by a limit, at WARN or ERROR, at most one line per kind per
/// second ([`throttle`]); refusals that are the caller's business (bad input, an illegal
/// move, a stale version) only at DEBUG.
pub fn report(error: &ApiError) {
    let admit = crate::throttle::admit;
    match error {
        ApiError::Store(StoreError::Unavailable(detail)) => {
            if let Some(suppressed) = admit("store_unavailable") {
                tracing::warn!(
                    suppressed,
                    %detail,
                    "the session store is unavailable: calls fail with UNAVAILABLE"
                );
            }
        }
        ApiError::Store(StoreError::Corrupt(detail)) => {
            if let Some(suppressed) = admit("store_corrupt") {
                tracing::error!(
                    suppressed,
                    %detail,
                    "stored session data is unreadable: calls fail with INTERNAL"
                );
            }
        }
        ApiError::Store(StoreError::Full(max)) => {
            if let Some(suppressed) = admit("sessions_full") {
                tracing::warn!(
                    suppressed,
                    max,
                    "the session limit is reached: CreateSession is refused"
                );
            }
        }
        ApiError::Limit(LimitReached::Streams { max }) => {
            if let Some(suppressed) = admit("streams_per_connection") {
                tracing::warn!(
                    suppressed,
                    max,
                    "a connection's event stream limit is reached: StreamEvents is refused"
                );
            }
        }
        ApiError::Lagged { last_version } => {
            if let Some(suppressed) = admit("stream_lagged") {
                tracing::warn!(
                    suppressed,
                    last_version,
                    "an event stream fell behind and was ended"
                );
            }
        }
        other => tracing::debug!(error = ?other, "call refused"),
    }
}

/// FAILED_PRECONDITION with `reason` in an ErrorInfo detail.
fn precondition(reason: &str, message: impl Into<String>) -> Status {
    Status::with_error_details(
        Code::FailedPrecondition,
        message,
        ErrorDetails::with_error_info(reason, DOMAIN, HashMap::<String, String>::new()),
    )
}

/// INVALID_ARGUMENT without a field path, for `convert`'s per-game modules until they
/// return [`FieldViolation`]s.
pub fn invalid(message: impl Into<String>) -> Status {
    Status::invalid_argument(message)
}

/// INVALID_ARGUMENT for a request field that cannot be converted: the message says which
/// field and why, and a `google.rpc.BadRequest` detail carries the same field path for
/// programs.
pub fn field(violation: FieldViolation) -> Status {
    Status::with_error_details(
        Code::InvalidArgument,
        violation.to_string(),
        ErrorDetails::with_bad_request_violation(violation.field, violation.description),
    )
}

/// The ErrorInfo reason of a write to a session whose history does not replay under this
/// release's rules (see `docs/operations.md`, "Upgrades").
pub const RULES_CHANGED: &str = "RULES_CHANGED";
/// The ErrorInfo reason of a session a later release wrote, met by an older replica.
pub const WRITTEN_BY_NEWER_RELEASE: &str = "WRITTEN_BY_NEWER_RELEASE";

fn release_note(release: &str) -> String {
    if release.is_empty() {
        String::new()
    } else {
        format!(" (release {release})")
    }
}

fn store_status(error: StoreError) -> Status {
    match error {
        StoreError::NotFound(id) => Status::not_found(format!("There is no session {id:?}.")),
        StoreError::Gone(id) => Status::not_found(format!(
            "Session {id:?} no longer exists (it expired, or the session store lost it); \
             no more events will come."
        )),
        StoreError::AlreadyExists(id) => {
            Status::already_exists(format!("Session {id:?} already exists."))
        }
        StoreError::Full(max) => Status::resource_exhausted(format!(
            "The server holds its maximum of {max} sessions; try again later."
        )),
        StoreError::SeatTaken(seat) => {
            precondition("SEAT_TAKEN", format!("Seat {seat} is already taken."))
        }
        StoreError::NoSuchSeat { seat, seats } => Status::invalid_argument(format!(
            "Seat {seat} does not exist: this session has {seats} seats (0 to {}).",
            seats.saturating_sub(1)
        )),
        StoreError::SessionFull => {
            precondition("SESSION_FULL", "Every seat of this session is taken.")
        }
        StoreError::Conflict { expected, actual } => ApiError::Stale { expected, actual }.into(),
        StoreError::Lagged { last_version } => ApiError::Lagged { last_version }.into(),
        StoreError::GameStarted => ApiError::GameStarted.into(),
        StoreError::Corrupt(_) => Status::internal("The stored session could not be read."),
        // A snapshot of older rules is rebuilt by `read`: only log entries of rules
        // older than the game's `LOG_COMPATIBLE_SINCE` come here, never decoded.
        StoreError::OlderRules(written) => precondition(
            RULES_CHANGED,
            format!(
                "Part of this session's history was written under rules version {} {}{}, \
                 which this server's release no longer reads (it reads its versions from \
                 the one it plays, {}, down to a release that did not change actions, \
                 events or options): read or export it on a server of the release that \
                 wrote it.",
                written.game,
                written.state_version,
                release_note(&written.release),
                written.current
            ),
        ),
        StoreError::Pinned { written, .. } => precondition(
            RULES_CHANGED,
            format!(
                "This session was started under rules version {} {}{}, and its history \
                 does not replay under this server's rules (version {}): it can still be \
                 read and exported, but not played here.",
                written.game,
                written.state_version,
                release_note(&written.release),
                written.current
            ),
        ),
        StoreError::NewerRules(written) => Status::with_error_details(
            Code::Unavailable,
            format!(
                "This session was written under rules version {} {}{}, newer than this \
                 server's (version {}): a server of a later release must answer it; retry.",
                written.game,
                written.state_version,
                release_note(&written.release),
                written.current
            ),
            ErrorDetails::with_error_info(
                WRITTEN_BY_NEWER_RELEASE,
                DOMAIN,
                HashMap::<String, String>::new(),
            ),
        ),
        StoreError::Unavailable(detail) => {
            Status::unavailable(format!("The session store is unavailable: {detail}"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(error: impl Into<ApiError>) -> Status {
        Status::from(error.into())
    }

    #[test]
    fn field_violations_carry_their_path_in_a_bad_request_detail() {
        let status = field(
            FieldViolation::required("hex")
                .scope("build")
                .scope("action.attika"),
        );
        assert_eq!(status.code(), Code::InvalidArgument);
        assert_eq!(status.message(), "action.attika.build.hex: is required.");
        let bad = status.get_details_bad_request().unwrap();
        assert_eq!(bad.field_violations.len(), 1);
        assert_eq!(bad.field_violations[0].field, "action.attika.build.hex");
        assert_eq!(bad.field_violations[0].description, "is required.");
    }

    #[test]
    fn rule_errors_carry_their_code() {
        let status = status(RuleError::new(
            "NOT_ADJACENT",
            "Pick an adjacent territory.",
        ));
        assert_eq!(status.code(), Code::FailedPrecondition);
        assert_eq!(status.message(), "Pick an adjacent territory.");
        let info = status.get_details_error_info().unwrap();
        assert_eq!(info.reason, "NOT_ADJACENT");
        assert_eq!(info.domain, DOMAIN);
    }

    #[test]
    fn a_stale_version_reads_the_same_from_the_api_and_from_the_store() {
        let from_api = status(ApiError::Stale {
            expected: 3,
            actual: 5,
        });
        let from_store = status(StoreError::Conflict {
            expected: 3,
            actual: 5,
        });
        assert_eq!(from_api.code(), Code::Aborted);
        assert_eq!(from_api.message(), from_store.message());
        assert!(from_api.message().contains("version 5"), "{from_api:?}");
        // Even a store error mapped without the API's conversion says the same.
        assert_eq!(
            store_status(StoreError::Conflict {
                expected: 3,
                actual: 5
            })
            .message(),
            from_api.message()
        );
    }

    #[test]
    fn an_expected_version_ahead_of_the_session_is_not_called_stale() {
        let ahead = status(ApiError::Stale {
            expected: 5,
            actual: 3,
        });
        assert_eq!(ahead.code(), Code::Aborted);
        assert_eq!(
            ahead.message(),
            "expected_version 5 is ahead of the session, which is at version 3. Reload and \
             decide again."
        );
        let behind = status(ApiError::Stale {
            expected: 3,
            actual: 5,
        });
        assert!(
            behind.message().starts_with("expected_version 3 is stale"),
            "{behind:?}"
        );
    }

    #[test]
    fn a_lagged_stream_reads_the_same_from_the_api_and_from_the_store() {
        let from_api = status(ApiError::Lagged { last_version: 7 });
        let from_store = status(StoreError::Lagged { last_version: 7 });
        assert_eq!(from_api.code(), Code::Aborted);
        assert_eq!(from_api.message(), from_store.message());
        assert!(from_api.message().contains("resume from version 7"));
    }

    #[test]
    fn every_condition_has_its_code() {
        let cases: Vec<(ApiError, Code)> = vec![
            (
                FieldViolation::new("session_id", "required.").into(),
                Code::InvalidArgument,
            ),
            (StoreError::NotFound("s".into()).into(), Code::NotFound),
            (StoreError::Gone("s".into()).into(), Code::NotFound),
            (StoreError::Full(3).into(), Code::ResourceExhausted),
            (
                StoreError::Unavailable("down".into()).into(),
                Code::Unavailable,
            ),
            (StoreError::Corrupt("bad".into()).into(), Code::Internal),
            (
                ApiError::WaitingForPlayers { open_seats: 2 },
                Code::FailedPrecondition,
            ),
            (ApiError::GameStarted, Code::FailedPrecondition),
            (
                ApiError::AheadOfSession {
                    after_version: 5,
                    version: 2,
                },
                Code::OutOfRange,
            ),
            (ApiError::StreamEnded { last_version: 2 }, Code::Unavailable),
            (
                ApiError::ShuttingDown { last_version: 2 },
                Code::Unavailable,
            ),
            (AuthError::Unreadable.into(), Code::Unauthenticated),
            (AuthError::NotBearer.into(), Code::Unauthenticated),
            (AuthError::Required.into(), Code::Unauthenticated),
            (AuthError::NotASeat.into(), Code::PermissionDenied),
            (AuthError::NotPlayersSeat.into(), Code::PermissionDenied),
            (AuthError::PlayerRequired.into(), Code::Unauthenticated),
            (ApiError::NotInvited, Code::PermissionDenied),
            (
                ApiError::UnknownPool {
                    field: "pool_id",
                    value: "x".into(),
                },
                Code::NotFound,
            ),
            (TokenError::Expired.into(), Code::Unauthenticated),
            (TokenError::MissingSub.into(), Code::Unauthenticated),
            (
                TokenError::CriticalExtension("\"x\"".into()).into(),
                Code::Unauthenticated,
            ),
            (ApiError::RequestIdOfAnotherCaller, Code::AlreadyExists),
            (
                LimitReached::StreamsPerAddress { max: 1 }.into(),
                Code::ResourceExhausted,
            ),
            (
                LimitReached::StreamsPerPlayer { max: 1 }.into(),
                Code::ResourceExhausted,
            ),
            (
                TokenError::KeysUnavailable("down".into()).into(),
                Code::Unavailable,
            ),
            (
                LimitReached::Requests { max: 1 }.into(),
                Code::ResourceExhausted,
            ),
            (
                LimitReached::Streams { max: 1 }.into(),
                Code::ResourceExhausted,
            ),
            (
                LimitReached::PlayerCalls { per_second: 1 }.into(),
                Code::ResourceExhausted,
            ),
            (
                LimitReached::PlayerSessions { max: 1 }.into(),
                Code::ResourceExhausted,
            ),
        ];
        for (error, code) in cases {
            let described = format!("{error:?}");
            let status = Status::from(error);
            assert_eq!(status.code(), code, "{described}");
            assert!(!status.message().is_empty(), "{described} needs a sentence");
        }
    }

    #[test]
    fn preconditions_name_their_reason() {
        for (error, reason) in [
            (
                ApiError::WaitingForPlayers { open_seats: 1 },
                "WAITING_FOR_PLAYERS",
            ),
            (StoreError::SeatTaken(1).into(), "SEAT_TAKEN"),
            (StoreError::SessionFull.into(), "SESSION_FULL"),
            (StoreError::GameStarted.into(), "GAME_STARTED"),
            (ApiError::GameStarted, "GAME_STARTED"),
            (ApiError::AlreadySeated { seat: 1 }, "ALREADY_SEATED"),
            (
                ApiError::ExportUnavailable { version: 3 },
                "EXPORT_UNAVAILABLE",
            ),
        ] {
            let status = Status::from(error);
            assert_eq!(status.code(), Code::FailedPrecondition);
            let info = status.get_details_error_info().expect("an ErrorInfo");
            assert_eq!(info.reason, reason);
            assert_eq!(info.domain, DOMAIN);
        }
    }

    #[test]
    fn resumable_ends_name_the_version_to_resume_from() {
        for error in [
            ApiError::Lagged { last_version: 4 },
            ApiError::StreamEnded { last_version: 4 },
            ApiError::ShuttingDown { last_version: 4 },
        ] {
            let status = Status::from(error);
            assert!(
                status.message().contains("resume from version 4"),
                "{status:?}"
            );
        }
    }
}
