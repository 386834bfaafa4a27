//! The request size limit (`--max-message-bytes`), answered RESOURCE_EXHAUSTED as gRPC's
//! convention and this service's docs say. tonic enforces the same limit but answers
//! OUT_OF_RANGE; this layer reads each gRPC message's length prefix as the body streams
//! in and refuses an oversized message before tonic (or anyone) buffers it.

use http_body::{Body, Frame, SizeHint};
use std::pin::Pin;
use std::task::{ready, Context, Poll};
use tonic::codegen::http;
use tonic::codegen::Bytes;
use tonic::Status;

/// A gRPC message's prefix: a compression flag byte, then the length (u32, big-endian).
const PREFIX: usize = 5;

/// Wraps every request body in a [`Limited`] body of at most `max` bytes per message.
#[derive(Debug, Clone, Copy)]
pub struct MessageSizeLayer {
    max: usize,
}

impl MessageSizeLayer {
    pub fn new(max: usize) -> MessageSizeLayer {
        MessageSizeLayer { max }
    }
}

impl<S> tower::Layer<S> for MessageSizeLayer {
    type Service = MessageSize<S>;

    fn layer(&self, inner: S) -> MessageSize<S> {
        MessageSize {
            inner,
            max: self.max,
        }
    }
}

#[derive(Debug, Clone)]
pub struct MessageSize<S> {
    inner: S,
    max: usize,
}

impl<S> tower::Service<http::Request<tonic::body::Body>> for MessageSize<S>
where
    S: tower::Service<http::Request<tonic::body::Body>>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = S::Future;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<tonic::body::Body>) -> Self::Future {
        let max = self.max;
        self.inner
            .call(request.map(|body| tonic::body::Body::new(Limited::new(body, max))))
    }
}

/// A request body that fails with RESOURCE_EXHAUSTED as soon as a message prefix
/// announces more than `max` bytes; tonic passes that status on to the caller.
#[derive(Debug)]
pub struct Limited<B> {
    inner: B,
    max: usize,
    /// The prefix read so far, when `left` is 0.
    prefix: [u8; PREFIX],
    have: usize,
    /// Bytes of the current message still to come.
    left: usize,
}

impl<B> Limited<B> {
    pub fn new(inner: B, max: usize) -> Limited<B> {
        Limited {
            inner,
            max,
            prefix: [0; PREFIX],
            have: 0,
            left: 0,
        }
    }

    /// Follows the message boundaries through one chunk of the body.
    fn scan(&mut self, mut data: &[u8]) -> Result<(), Status> {
        while !data.is_empty() {
            if self.left > 0 {
                let n = self.left.min(data.len());
                self.left -= n;
                data = &data[n..];
                continue;
            }
            let n = (PREFIX - self.have).min(data.len());
            self.prefix[self.have..self.have + n].copy_from_slice(&data[..n]);
            self.have += n;
            data = &data[n..];
            if self.have == PREFIX {
                self.have = 0;
                let [_, a, b, c, d] = self.prefix;
                let len = u32::from_be_bytes([a, b, c, d]) as usize;
                if len > self.max {
                    return Err(too_large(len, self.max));
                }
                self.left = len;
            }
        }
        Ok(())
    }
}

/// The refusal: the size, the limit, and that resending it as it is cannot help.
pub fn too_large(len: usize, max: usize) -> Status {
    Status::resource_exhausted(format!(
        "The request message is {len} bytes, over this server's limit of {max} bytes; \
         it is refused however often it is sent."
    ))
}

impl<B> Body for Limited<B>
where
    B: Body<Data = Bytes> + Unpin,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    type Data = Bytes;
    type Error = Status;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Status>>> {
        let this = &mut *self;
        let frame = ready!(Pin::new(&mut this.inner).poll_frame(cx));
        Poll::Ready(match frame {
            Some(Ok(frame)) => match frame.data_ref().map(|data| this.scan(data)) {
                Some(Err(refused)) => Some(Err(refused)),
                _ => Some(Ok(frame)),
            },
            Some(Err(e)) => Some(Err(Status::from_error(e.into()))),
            None => None,
        })
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(len: u32) -> Vec<u8> {
        let mut bytes = vec![0];
        bytes.extend_from_slice(&len.to_be_bytes());
        bytes.extend(std::iter::repeat_n(7u8, len as usize));
        bytes
    }

    fn scan_in_chunks(bytes: &[u8], chunk: usize, max: usize) -> Result<(), Status> {
        let mut limited = Limited::new((), max);
        bytes.chunks(chunk).try_for_each(|c| limited.scan(c))
    }

    #[test]
    fn messages_within_the_limit_pass_however_the_body_is_cut() {
        let body: Vec<u8> = [message(0), message(10), message(3)].concat();
        for chunk in 1..body.len() {
            assert!(
                scan_in_chunks(&body, chunk, 10).is_ok(),
                "chunks of {chunk}"
            );
        }
    }

    #[test]
    fn a_message_over_the_limit_is_resource_exhausted_even_after_good_ones() {
        let body: Vec<u8> = [message(4), message(11)].concat();
        for chunk in 1..body.len() {
            let refused = scan_in_chunks(&body, chunk, 10).expect_err("over the limit");
            assert_eq!(refused.code(), tonic::Code::ResourceExhausted);
            assert!(refused.message().contains("11 bytes"), "{refused:?}");
        }
    }
}
