//! The request metadata limit (`--max-metadata-bytes`), answered RESOURCE_EXHAUSTED on
//! the one call, like any other limit, instead of what HTTP/2 does on its own: hyper's h2
//! answers a header list over its SETTINGS_MAX_HEADER_LIST_SIZE with HTTP 431, which a
//! gRPC client sees as UNKNOWN, and one whose encoded block outgrows that size again
//! with a GOAWAY that fails every call of the connection. The server advertises
//! [`h2_header_list_size`] (four times the limit), so metadata between the limit and that
//! reaches this layer and is refused with a sentence; only larger blocks still meet h2's
//! own answers (docs/operations.md, "Metadata size").

use std::future::{ready, Ready};
use std::task::{Context, Poll};
use tonic::codegen::http;
use tonic::Status;

/// The HTTP/2 SETTINGS_MAX_HEADER_LIST_SIZE for a metadata limit of `max` bytes: room
/// for the refusals to be answered by this layer, bounded so a connection never buffers
/// much more than that.
pub fn h2_header_list_size(max: usize) -> u32 {
    u32::try_from(max.saturating_mul(4)).unwrap_or(u32::MAX)
}

/// The size of `headers` as HTTP/2 counts it (RFC 9113 §6.5.2: each field's name and
/// value plus 32 bytes).
pub fn header_list_size(headers: &http::HeaderMap) -> usize {
    headers
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len() + 32)
        .sum()
}

/// Refuses a call whose metadata is over `max` bytes before it reaches any service.
#[derive(Debug, Clone, Copy)]
pub struct MetadataSizeLayer {
    max: usize,
}

impl MetadataSizeLayer {
    pub fn new(max: usize) -> MetadataSizeLayer {
        MetadataSizeLayer { max }
    }
}

impl<S> tower::Layer<S> for MetadataSizeLayer {
    type Service = MetadataSize<S>;

    fn layer(&self, inner: S) -> MetadataSize<S> {
        MetadataSize {
            inner,
            max: self.max,
        }
    }
}

#[derive(Debug, Clone)]
pub struct MetadataSize<S> {
    inner: S,
    max: usize,
}

impl<S, ReqBody, ResBody> tower::Service<http::Request<ReqBody>> for MetadataSize<S>
where
    S: tower::Service<http::Request<ReqBody>, Response = http::Response<ResBody>>,
    ResBody: Default,
{
    type Response = http::Response<ResBody>;
    type Error = S::Error;
    type Future = futures::future::Either<Ready<Result<Self::Response, S::Error>>, S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<ReqBody>) -> Self::Future {
        let size = header_list_size(request.headers());
        if size <= self.max {
            return futures::future::Either::Right(self.inner.call(request));
        }
        let refusal = Status::resource_exhausted(format!(
            "the call's metadata is {size} bytes, over this server's limit of {} bytes \
             (--max-metadata-bytes); send smaller headers",
            self.max
        ));
        futures::future::Either::Left(ready(Ok(refusal.into_http::<ResBody>())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_lists_are_measured_as_http2_does() {
        let mut headers = http::HeaderMap::new();
        headers.insert("ab", http::HeaderValue::from_static("cde"));
        assert_eq!(header_list_size(&headers), 2 + 3 + 32);
        assert_eq!(h2_header_list_size(16 << 10), 64 << 10);
        assert_eq!(h2_header_list_size(usize::MAX), u32::MAX);
    }
}
