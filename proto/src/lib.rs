//! Agora's gRPC API, generated from `proto/agora/v1/*.proto`.

pub mod codec;
pub mod encoded;

/// `agora.v1`: the game service and every game's typed messages.
pub mod v1 {
    #![allow(clippy::all, missing_docs)]
    tonic::include_proto!("agora.v1");
    // The server, built apart with `codec::RequestCodec` (see build.rs).
    include!(concat!(env!("OUT_DIR"), "/server/agora.v1.rs"));

    /// Encoded descriptor set of `agora.v1`, for gRPC server reflection.
    pub const FILE_DESCRIPTOR_SET: &[u8] = tonic::include_file_descriptor_set!("agora_descriptor");
}

/// The canonical name of a gRPC code ("INVALID_ARGUMENT"), as gRPC documents it and
/// OpenTelemetry reports it; tonic only offers a description.
pub fn code_name(code: tonic::Code) -> &'static str {
    use tonic::Code;
    match code {
        Code::Ok => "OK",
        Code::Cancelled => "CANCELLED",
        Code::Unknown => "UNKNOWN",
        Code::InvalidArgument => "INVALID_ARGUMENT",
        Code::DeadlineExceeded => "DEADLINE_EXCEEDED",
        Code::NotFound => "NOT_FOUND",
        Code::AlreadyExists => "ALREADY_EXISTS",
        Code::PermissionDenied => "PERMISSION_DENIED",
        Code::ResourceExhausted => "RESOURCE_EXHAUSTED",
        Code::FailedPrecondition => "FAILED_PRECONDITION",
        Code::Aborted => "ABORTED",
        Code::OutOfRange => "OUT_OF_RANGE",
        Code::Unimplemented => "UNIMPLEMENTED",
        Code::Internal => "INTERNAL",
        Code::Unavailable => "UNAVAILABLE",
        Code::DataLoss => "DATA_LOSS",
        Code::Unauthenticated => "UNAUTHENTICATED",
    }
}
