//! The server's codec: tonic-prost's, except that a request body that is not a valid
//! protobuf message of the call's request type is refused with INVALID_ARGUMENT and a
//! sentence naming the type. tonic-prost answers INTERNAL there (gRPC's rule for a peer's
//! parse failure), which tells a client the server is broken and invites retries of a
//! request that will never decode. Clients keep the stock codec: a response that does not
//! decode is the server's fault, INTERNAL.

use prost::Message;
use std::marker::PhantomData;
use tonic::codec::{BufferSettings, Codec, DecodeBuf, Decoder, EncodeBuf, Encoder};
use tonic::Status;
use tonic_prost::{ProstDecoder, ProstEncoder};

/// Encodes responses `T`, decodes requests `U` (see the module doc).
#[derive(Debug, Clone)]
pub struct RequestCodec<T, U>(PhantomData<(T, U)>);

impl<T, U> Default for RequestCodec<T, U> {
    fn default() -> Self {
        RequestCodec(PhantomData)
    }
}

impl<T, U> Codec for RequestCodec<T, U>
where
    T: Message + Send + 'static,
    U: Message + Default + Send + 'static,
{
    type Encode = T;
    type Decode = U;
    type Encoder = ResponseEncoder<T>;
    type Decoder = RequestDecoder<U>;

    fn encoder(&mut self) -> Self::Encoder {
        ResponseEncoder(ProstEncoder::default())
    }

    fn decoder(&mut self) -> Self::Decoder {
        RequestDecoder(ProstDecoder::default())
    }
}

/// Bytes tonic sets aside per call to encode responses into (tonic's default is 8 KiB). It
/// is allocated when the call starts and kept while it lasts, so every open StreamEvents
/// holds it; a response is a few hundred bytes, and a larger one grows the buffer.
const RESPONSE_BUFFER: usize = 1024;
/// Encoded bytes gathered before tonic hands them to the connection: tonic's default.
const YIELD_THRESHOLD: usize = 32 * 1024;

/// tonic-prost's encoder with a buffer sized for this API's responses.
#[derive(Debug)]
pub struct ResponseEncoder<T>(ProstEncoder<T>);

impl<T: Message> Encoder for ResponseEncoder<T> {
    type Item = T;
    type Error = Status;

    fn encode(&mut self, item: T, buf: &mut EncodeBuf<'_>) -> Result<(), Status> {
        self.0.encode(item, buf)
    }

    fn buffer_settings(&self) -> BufferSettings {
        BufferSettings::new(RESPONSE_BUFFER, YIELD_THRESHOLD)
    }
}

/// tonic-prost's decoder with its parse failures turned into INVALID_ARGUMENT.
#[derive(Debug)]
pub struct RequestDecoder<U>(ProstDecoder<U>);

impl<U: Message + Default> Decoder for RequestDecoder<U> {
    type Item = U;
    type Error = Status;

    fn decode(&mut self, buf: &mut DecodeBuf<'_>) -> Result<Option<U>, Status> {
        self.0.decode(buf).map_err(|status| {
            Status::invalid_argument(format!(
                "The request is not a valid agora.v1.{} message ({}); \
                 fix the request, do not retry it as it is.",
                type_name::<U>(),
                status.message()
            ))
        })
    }

    fn buffer_settings(&self) -> BufferSettings {
        self.0.buffer_settings()
    }
}

/// `SubmitActionRequest` for `agora_proto::v1::SubmitActionRequest`.
fn type_name<U>() -> &'static str {
    let full = std::any::type_name::<U>();
    full.rsplit("::").next().unwrap_or(full)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::v1::SubmitActionRequest;

    #[test]
    fn the_request_type_is_named_without_its_path() {
        assert_eq!(type_name::<SubmitActionRequest>(), "SubmitActionRequest");
    }
}
