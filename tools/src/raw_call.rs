//! Calls with raw bodies: a bytes codec over `tonic::client::Grpc`, so that malformed
//! protobuf reaches the server exactly as sent (the generated client can only send
//! well-formed messages), and answers come back undecoded.

use prost::bytes::{Buf, BufMut, Bytes};
use std::time::Duration;
use tonic::codec::{Codec, DecodeBuf, Decoder, EncodeBuf, Encoder};
use tonic::codegen::http::uri::PathAndQuery;
use tonic::transport::Channel;
use tonic::{Request, Status};

/// Sends and receives message bodies as bytes, untouched.
#[derive(Debug, Clone, Copy, Default)]
pub struct RawCodec;

#[derive(Debug, Clone, Copy, Default)]
pub struct RawEncoder;

#[derive(Debug, Clone, Copy, Default)]
pub struct RawDecoder;

impl Codec for RawCodec {
    type Encode = Bytes;
    type Decode = Bytes;
    type Encoder = RawEncoder;
    type Decoder = RawDecoder;

    fn encoder(&mut self) -> RawEncoder {
        RawEncoder
    }

    fn decoder(&mut self) -> RawDecoder {
        RawDecoder
    }
}

impl Encoder for RawEncoder {
    type Item = Bytes;
    type Error = Status;

    fn encode(&mut self, item: Bytes, dst: &mut EncodeBuf<'_>) -> Result<(), Status> {
        dst.put_slice(&item);
        Ok(())
    }
}

impl Decoder for RawDecoder {
    type Item = Bytes;
    type Error = Status;

    fn decode(&mut self, src: &mut DecodeBuf<'_>) -> Result<Option<Bytes>, Status> {
        Ok(Some(src.copy_to_bytes(src.remaining())))
    }
}

/// A GameService method, by its gRPC path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Method {
    ListGames,
    CreateSession,
    GetSession,
    ListSessions,
    JoinSession,
    GetState,
    ListLegalActions,
    SubmitAction,
    StreamEvents,
}

impl Method {
    pub const ALL: [Method; 9] = [
        Method::ListGames,
        Method::CreateSession,
        Method::GetSession,
        Method::ListSessions,
        Method::JoinSession,
        Method::GetState,
        Method::ListLegalActions,
        Method::SubmitAction,
        Method::StreamEvents,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Method::ListGames => "ListGames",
            Method::CreateSession => "CreateSession",
            Method::GetSession => "GetSession",
            Method::ListSessions => "ListSessions",
            Method::JoinSession => "JoinSession",
            Method::GetState => "GetState",
            Method::ListLegalActions => "ListLegalActions",
            Method::SubmitAction => "SubmitAction",
            Method::StreamEvents => "StreamEvents",
        }
    }

    fn path(self) -> PathAndQuery {
        PathAndQuery::from_static(match self {
            Method::ListGames => "/agora.v1.GameService/ListGames",
            Method::CreateSession => "/agora.v1.GameService/CreateSession",
            Method::GetSession => "/agora.v1.GameService/GetSession",
            Method::ListSessions => "/agora.v1.GameService/ListSessions",
            Method::JoinSession => "/agora.v1.GameService/JoinSession",
            Method::GetState => "/agora.v1.GameService/GetState",
            Method::ListLegalActions => "/agora.v1.GameService/ListLegalActions",
            Method::SubmitAction => "/agora.v1.GameService/SubmitAction",
            Method::StreamEvents => "/agora.v1.GameService/StreamEvents",
        })
    }
}

/// How a raw call ended: the answer's status code, or for a stream that was still open
/// when the caller stopped reading, `Ok` with the messages read so far.
#[derive(Debug)]
pub struct Outcome {
    pub code: tonic::Code,
    pub message: String,
    /// Messages received (1 for a unary success).
    pub messages: usize,
}

/// Sends `body` to `method` with an optional bearer token. A stream is read for at most
/// `stream_for` (or `max_messages` messages), then dropped.
pub async fn call(
    channel: Channel,
    method: Method,
    body: Bytes,
    token: Option<&str>,
    stream_for: Duration,
    max_messages: usize,
) -> Outcome {
    let mut grpc = tonic::client::Grpc::new(channel).max_decoding_message_size(64 << 20);
    if let Err(e) = grpc.ready().await {
        return Outcome {
            code: tonic::Code::Unavailable,
            message: format!("channel not ready: {e}"),
            messages: 0,
        };
    }
    let mut request = Request::new(body);
    if let Some(token) = token {
        // A token that cannot be a header value is sent as none at all.
        if let Ok(value) = format!("Bearer {token}").parse() {
            request.metadata_mut().insert("authorization", value);
        }
    }
    let failed = |status: Status, messages| Outcome {
        code: status.code(),
        message: status.message().to_string(),
        messages,
    };
    if method != Method::StreamEvents {
        return match grpc.unary(request, method.path(), RawCodec).await {
            Ok(_) => Outcome {
                code: tonic::Code::Ok,
                message: String::new(),
                messages: 1,
            },
            Err(status) => failed(status, 0),
        };
    }
    let mut stream = match grpc
        .server_streaming(request, method.path(), RawCodec)
        .await
    {
        Ok(response) => response.into_inner(),
        Err(status) => return failed(status, 0),
    };
    let mut messages = 0;
    let deadline = tokio::time::Instant::now() + stream_for;
    while messages < max_messages {
        match tokio::time::timeout_at(deadline, stream.message()).await {
            Ok(Ok(Some(_))) => messages += 1,
            Ok(Ok(None)) => break,
            Ok(Err(status)) => return failed(status, messages),
            Err(_) => break,
        }
    }
    Outcome {
        code: tonic::Code::Ok,
        message: String::new(),
        messages,
    }
}
