//! Connection to the server, seat-token metadata and readable errors.

use std::{collections::HashMap, fmt, time::Duration};

use agora_proto::v1::game_service_client::GameServiceClient;
use prost::Message;
use tonic::{
    metadata::{Ascii, MetadataValue},
    transport::{Channel, Endpoint},
    Request, Status,
};

/// The generated client over a plain channel.
pub type Client = GameServiceClient<Channel>;

/// Everything that makes a command fail.
#[derive(Debug)]
pub enum CliError {
    /// The server answered with a gRPC error.
    Status(Status),
    /// The server could not be reached.
    Connect { server: String, message: String },
    /// The user asked for something impossible.
    Usage(String),
    /// Anything else (unexpected answers, broken invariants).
    Other(String),
}

pub type CliResult<T> = Result<T, CliError>;

impl From<Status> for CliError {
    fn from(status: Status) -> Self {
        CliError::Status(status)
    }
}

/// The canonical upper-case name of a gRPC code.
pub use agora_proto::code_name;

/// `google.rpc.Status`, as carried in the `grpc-status-details-bin` trailer.
#[derive(Clone, PartialEq, Message)]
struct RpcStatus {
    #[prost(int32, tag = "1")]
    code: i32,
    #[prost(string, tag = "2")]
    message: String,
    #[prost(message, repeated, tag = "3")]
    details: Vec<prost_types::Any>,
}

/// `google.rpc.ErrorInfo`.
#[derive(Clone, PartialEq, Message)]
pub struct ErrorInfo {
    #[prost(string, tag = "1")]
    pub reason: String,
    #[prost(string, tag = "2")]
    pub domain: String,
    #[prost(map = "string, string", tag = "3")]
    pub metadata: HashMap<String, String>,
}

/// The `google.rpc.ErrorInfo` detail of a status, if the server attached one.
pub fn error_info(status: &Status) -> Option<ErrorInfo> {
    if status.details().is_empty() {
        return None;
    }
    let rpc = RpcStatus::decode(status.details()).ok()?;
    rpc.details
        .iter()
        .filter(|any| any.type_url.ends_with("google.rpc.ErrorInfo"))
        .find_map(|any| ErrorInfo::decode(any.value.as_slice()).ok())
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Status(status) => {
                write!(f, "{}: {}", code_name(status.code()), status.message())?;
                if let Some(info) = error_info(status) {
                    write!(f, " (reason: {}", info.reason)?;
                    if !info.domain.is_empty() {
                        write!(f, ", domain: {}", info.domain)?;
                    }
                    let mut meta: Vec<_> = info.metadata.iter().collect();
                    meta.sort();
                    for (k, v) in meta {
                        write!(f, ", {k}: {v}")?;
                    }
                    write!(f, ")")?;
                }
                Ok(())
            }
            CliError::Connect { server, message } => {
                write!(f, "cannot connect to {server}: {message}")
            }
            CliError::Usage(message) => write!(f, "{message}"),
            CliError::Other(message) => write!(f, "{message}"),
        }
    }
}

impl std::error::Error for CliError {}

fn endpoint(server: &str) -> CliResult<Endpoint> {
    let uri = if server.contains("://") {
        server.to_string()
    } else {
        format!("http://{server}")
    };
    Endpoint::from_shared(uri)
        .map(|e| e.connect_timeout(Duration::from_secs(5)))
        .map_err(|e| CliError::Usage(format!("invalid server address {server:?}: {e}")))
}

/// Connects at once; a failure is reported as a connection error.
pub async fn connect(server: &str) -> CliResult<Client> {
    Ok(GameServiceClient::new(connect_channel(server).await?))
}

/// A connected channel, for other services (health) on the same server.
pub async fn connect_channel(server: &str) -> CliResult<Channel> {
    endpoint(server)?
        .connect()
        .await
        .map_err(|e| CliError::Connect {
            server: server.to_string(),
            message: source_chain(&e),
        })
}

/// Connects on first use and reconnects by itself after a disconnect (for long streams).
pub fn connect_lazy(server: &str) -> CliResult<Client> {
    Ok(GameServiceClient::new(endpoint(server)?.connect_lazy()))
}

fn source_chain(err: &dyn std::error::Error) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(s) = source {
        let part = s.to_string();
        // Transport errors often repeat their cause's text: print each part once.
        if !text.ends_with(&part) {
            text.push_str(": ");
            text.push_str(&part);
        }
        source = s.source();
    }
    text
}

/// A request carrying `authorization: Bearer <token>` when a token is given.
pub fn request<T>(message: T, token: Option<&str>) -> CliResult<Request<T>> {
    let auth = token.filter(|t| !t.is_empty()).map(bearer).transpose()?;
    Ok(authorized(message, auth.as_ref()))
}

/// The `authorization` value for a seat token.
pub fn bearer(token: &str) -> CliResult<MetadataValue<Ascii>> {
    MetadataValue::try_from(format!("Bearer {token}"))
        .map_err(|_| CliError::Usage("the seat token contains invalid characters".into()))
}

/// A request with `auth` (from [`bearer`]) as its `authorization`, if any.
pub fn authorized<T>(message: T, auth: Option<&MetadataValue<Ascii>>) -> Request<T> {
    let mut request = Request::new(message);
    if let Some(value) = auth {
        request
            .metadata_mut()
            .insert("authorization", value.clone());
    }
    request
}

/// The token given with `--token` / AGORA_TOKEN, required by this command.
pub fn require_token(token: Option<&str>) -> CliResult<&str> {
    token.filter(|t| !t.is_empty()).ok_or_else(|| {
        CliError::Usage(
            "this command needs a seat token: pass --token or set AGORA_TOKEN (see `agora join`)"
                .into(),
        )
    })
}
