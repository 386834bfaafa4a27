//! The unary deadline (`--request-timeout-ms`, or the caller's shorter `grpc-timeout`):
//! a call whose response has not started by then ends with DEADLINE_EXCEEDED, as gRPC
//! servers answer an expired deadline. (tonic's own `Server::timeout` answers CANCELLED,
//! which says the caller gave up.) Only the start of a response is bounded: an open
//! StreamEvents stream is never cut.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tonic::codegen::http;
use tonic::Status;

/// Bounds every call by `timeout` or the caller's `grpc-timeout`, whichever is shorter.
#[derive(Debug, Clone, Copy)]
pub struct DeadlineLayer {
    timeout: Duration,
}

impl DeadlineLayer {
    pub fn new(timeout: Duration) -> DeadlineLayer {
        DeadlineLayer { timeout }
    }
}

impl<S> tower::Layer<S> for DeadlineLayer {
    type Service = Deadline<S>;

    fn layer(&self, inner: S) -> Deadline<S> {
        Deadline {
            inner,
            timeout: self.timeout,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Deadline<S> {
    inner: S,
    timeout: Duration,
}

type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send + 'static>>;

impl<S, ReqBody, ResBody> tower::Service<http::Request<ReqBody>> for Deadline<S>
where
    S: tower::Service<http::Request<ReqBody>, Response = http::Response<ResBody>>,
    S::Future: Send + 'static,
    ResBody: Default + Send + 'static,
{
    type Response = http::Response<ResBody>;
    type Error = S::Error;
    type Future = BoxFuture<Result<Self::Response, Self::Error>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<ReqBody>) -> Self::Future {
        let asked = request
            .headers()
            .get("grpc-timeout")
            .and_then(|v| v.to_str().ok())
            .and_then(grpc_timeout);
        let timeout = asked.map_or(self.timeout, |asked| asked.min(self.timeout));
        let future = self.inner.call(request);
        Box::pin(async move {
            match tokio::time::timeout(timeout, future).await {
                Ok(response) => response,
                Err(_) => Ok(expired(timeout).into_http()),
            }
        })
    }
}

/// The refusal: how long the call had.
pub fn expired(timeout: Duration) -> Status {
    Status::deadline_exceeded(format!(
        "The call did not complete within its deadline of {} ms; nothing is known of its \
         effect, so retry it with the same request_id.",
        timeout.as_millis()
    ))
}

/// A `grpc-timeout` header value: at most 8 digits and a unit (`H`, `M`, `S`, `m`, `u`,
/// `n`), as the gRPC protocol writes it; `None` for anything else.
pub fn grpc_timeout(value: &str) -> Option<Duration> {
    let split = value.len().checked_sub(1)?;
    let (digits, unit) = value.split_at_checked(split)?;
    if digits.is_empty() || digits.len() > 8 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: u64 = digits.parse().ok()?;
    Some(match unit {
        "H" => Duration::from_secs(n.saturating_mul(3600)),
        "M" => Duration::from_secs(n.saturating_mul(60)),
        "S" => Duration::from_secs(n),
        "m" => Duration::from_millis(n),
        "u" => Duration::from_micros(n),
        "n" => Duration::from_nanos(n),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grpc_timeouts_read_as_the_protocol_writes_them() {
        assert_eq!(grpc_timeout("300m"), Some(Duration::from_millis(300)));
        assert_eq!(grpc_timeout("2S"), Some(Duration::from_secs(2)));
        assert_eq!(grpc_timeout("1H"), Some(Duration::from_secs(3600)));
        assert_eq!(grpc_timeout("5n"), Some(Duration::from_nanos(5)));
        for bad in ["", "m", "123456789m", "10x", "-1S", "1.5S", "é"] {
            assert_eq!(grpc_timeout(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn an_expired_call_is_deadline_exceeded() {
        let status = expired(Duration::from_millis(250));
        assert_eq!(status.code(), tonic::Code::DeadlineExceeded);
        assert!(status.message().contains("250 ms"));
    }
}
