//! How failures become gRPC statuses (see the codes in `game_service.proto`). Every
//! status message is a sentence a person can act on.

use crate::store::StoreError;
use agora_engine::{FieldViolation, RuleError};
use std::collections::HashMap;
use tonic::{Code, Status};
use tonic_types::{ErrorDetails, StatusExt};

/// The `google.rpc.ErrorInfo` domain of Agora's machine-readable reasons.
pub const DOMAIN: &str = "agora.dev";

/// FAILED_PRECONDITION with the rule's stable code in an ErrorInfo detail.
pub fn rule(error: &RuleError) -> Status {
    precondition(error.code, error.message.clone())
}

/// FAILED_PRECONDITION with `reason` in an ErrorInfo detail.
pub fn precondition(reason: &str, message: impl Into<String>) -> Status {
    Status::with_error_details(
        Code::FailedPrecondition,
        message,
        ErrorDetails::with_error_info(reason, DOMAIN, HashMap::<String, String>::new()),
    )
}

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

/// The status for a store failure on `session_id`.
pub fn store(error: StoreError) -> Status {
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
        StoreError::Conflict { expected, actual } => Status::aborted(format!(
            "The session moved from version {expected} to {actual}; reload and try again."
        )),
        StoreError::Lagged { last_version } => Status::aborted(format!(
            "This stream fell behind; resume from version {last_version}."
        )),
        StoreError::Corrupt(detail) => {
            tracing::error!(%detail, "stored session data is unreadable");
            Status::internal("The stored session could not be read.")
        }
        StoreError::Unavailable(detail) => {
            Status::unavailable(format!("The session store is unavailable: {detail}"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let status = rule(&RuleError::new(
            "NOT_ADJACENT",
            "Pick an adjacent territory.",
        ));
        assert_eq!(status.code(), Code::FailedPrecondition);
        assert_eq!(status.message(), "Pick an adjacent territory.");
        let info = status.get_details_error_info().unwrap();
        assert_eq!(info.reason, "NOT_ADJACENT");
        assert_eq!(info.domain, DOMAIN);
    }
}
