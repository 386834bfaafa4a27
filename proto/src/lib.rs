//! Agora's gRPC API, generated from `proto/agora/v1/*.proto`.

/// `agora.v1`: the game service and every game's typed messages.
pub mod v1 {
    #![allow(clippy::all, missing_docs)]
    tonic::include_proto!("agora.v1");

    /// Encoded descriptor set of `agora.v1`, for gRPC server reflection.
    pub const FILE_DESCRIPTOR_SET: &[u8] = tonic::include_file_descriptor_set!("agora_descriptor");
}
