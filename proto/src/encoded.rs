//! A response encoded once and sent as is to many receivers.
//!
//! The server's StreamEvents sends the same version to every stream of one viewer (all
//! spectators of a game share one rendition): build.rs maps `StreamEventsResponse` to
//! [`Encoded`] in the generated server, so each stream copies the shared bytes instead of
//! cloning and encoding the message again. On the wire it is the message itself; clients
//! decode it as the plain `StreamEventsResponse`.

use prost::bytes::{Buf, BufMut, Bytes};
use prost::encoding::{DecodeContext, WireType};
use prost::{DecodeError, Message};
use std::fmt;
use std::marker::PhantomData;

/// What the generated server's StreamEvents sends (mapped in build.rs).
pub type EncodedStreamEventsResponse = Encoded<crate::v1::StreamEventsResponse>;

/// The protobuf encoding of an `M`, shared: cloning it copies no message.
pub struct Encoded<M> {
    bytes: Bytes,
    message: PhantomData<fn() -> M>,
}

impl<M: Message + Default> Encoded<M> {
    /// Encodes `message` once.
    pub fn new(message: &M) -> Encoded<M> {
        Encoded {
            bytes: Bytes::from(message.encode_to_vec()),
            message: PhantomData,
        }
    }

    /// The message back (for tests and tools; the server only sends it).
    pub fn message(&self) -> Result<M, DecodeError> {
        M::decode(self.bytes.clone())
    }
}

impl<M> Clone for Encoded<M> {
    fn clone(&self) -> Self {
        Encoded {
            bytes: self.bytes.clone(),
            message: PhantomData,
        }
    }
}

impl<M> Default for Encoded<M> {
    fn default() -> Self {
        Encoded {
            bytes: Bytes::new(),
            message: PhantomData,
        }
    }
}

impl<M> PartialEq for Encoded<M> {
    fn eq(&self, other: &Self) -> bool {
        self.bytes == other.bytes
    }
}

impl<M> fmt::Debug for Encoded<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Encoded<{}>({} bytes)",
            std::any::type_name::<M>(),
            self.bytes.len()
        )
    }
}

impl<M: Message + Default> Message for Encoded<M> {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        buf.put_slice(&self.bytes);
    }

    /// Decoding goes through `M`, field by field, so it keeps exactly what `M` keeps
    /// (quadratic, but the server never decodes this type).
    fn merge_field(
        &mut self,
        tag: u32,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), DecodeError> {
        let mut message = M::decode(self.bytes.clone())?;
        message.merge_field(tag, wire_type, buf, ctx)?;
        self.bytes = Bytes::from(message.encode_to_vec());
        Ok(())
    }

    fn encoded_len(&self) -> usize {
        self.bytes.len()
    }

    fn clear(&mut self) {
        self.bytes = Bytes::new();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::v1::{GameEvent, StreamEventsResponse};

    fn response() -> StreamEventsResponse {
        StreamEventsResponse {
            version: 7,
            seat: 1,
            events: vec![GameEvent::default(), GameEvent::default()],
            to_act: vec![0, 2],
            status: 2,
            outcome: None,
            seat_change: None,
            clocks: vec![],
            rematch_session_id: String::new(),
        }
    }

    #[test]
    fn the_wire_bytes_are_the_message_s() {
        let plain = response();
        let encoded = Encoded::new(&plain);
        assert_eq!(encoded.encode_to_vec(), plain.encode_to_vec());
        assert_eq!(encoded.encoded_len(), plain.encoded_len());
        assert_eq!(
            StreamEventsResponse::decode(&encoded.encode_to_vec()[..]),
            Ok(plain.clone())
        );
        assert_eq!(encoded.message(), Ok(plain));
    }

    #[test]
    fn decoding_it_keeps_what_the_message_keeps() {
        let plain = response();
        let decoded = Encoded::<StreamEventsResponse>::decode(&plain.encode_to_vec()[..])
            .expect("a valid message");
        assert_eq!(decoded.message(), Ok(plain));
    }
}
