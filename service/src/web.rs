//! `--web-dir`: a built web client served on the gRPC port, so that a browser page calls the
//! API on its own origin (no second server, no CORS). A layer outside gRPC-Web, because
//! tonic-web answers 400 to any HTTP/1.1 request that is not gRPC-Web.

use futures::future::{BoxFuture, Either, MapOk};
use futures::{FutureExt, TryFutureExt};
use std::convert::Infallible;
use std::path::Path;
use std::task::{Context, Poll};
use tonic::codegen::http::{header, Method, Request, Response};
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// Serves GET and HEAD requests that are not gRPC from a directory (its index.html for
/// paths it lacks: the client's own routes); everything else goes to the gRPC services.
#[derive(Clone)]
pub struct WebFilesLayer {
    files: Option<ServeDir<ServeFile>>,
}

impl WebFilesLayer {
    pub fn new(dir: Option<&Path>) -> Self {
        WebFilesLayer {
            files: dir
                .map(|dir| ServeDir::new(dir).fallback(ServeFile::new(dir.join("index.html")))),
        }
    }
}

impl<S> tower::Layer<S> for WebFilesLayer {
    type Service = WebFiles<S>;
    fn layer(&self, inner: S) -> WebFiles<S> {
        WebFiles {
            inner,
            files: self.files.clone(),
        }
    }
}

#[derive(Clone)]
pub struct WebFiles<S> {
    inner: S,
    files: Option<ServeDir<ServeFile>>,
}

/// A page, script or image request: GET or HEAD, and not a gRPC content type.
fn is_page_request<B>(request: &Request<B>) -> bool {
    (request.method() == Method::GET || request.method() == Method::HEAD)
        && !request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/grpc"))
}

impl<S, ReqBody, ResBody> tower::Service<Request<ReqBody>> for WebFiles<S>
where
    S: tower::Service<Request<ReqBody>, Response = Response<ResBody>>,
    S::Future: Send + 'static,
    ReqBody: Send + 'static,
    ResBody: http_body::Body<Data = tonic::codegen::Bytes> + Send + 'static,
    ResBody::Error: Into<BoxError>,
{
    type Response = Response<tonic::body::Body>;
    type Error = S::Error;
    /// gRPC calls pass through unboxed (no allocation on the move path); only page
    /// requests, which are rare, are boxed.
    type Future = Either<
        BoxFuture<'static, Result<Self::Response, S::Error>>,
        MapOk<S::Future, fn(Response<ResBody>) -> Response<tonic::body::Body>>,
    >;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<ReqBody>) -> Self::Future {
        if let Some(files) = &self.files {
            if is_page_request(&request) {
                let files = files.clone();
                return Either::Left(
                    async move {
                        let answer: Result<_, Infallible> = files.oneshot(request).await;
                        match answer {
                            Ok(response) => Ok(response.map(tonic::body::Body::new)),
                            Err(never) => match never {},
                        }
                    }
                    .boxed(),
                );
            }
        }
        let to_body: fn(Response<ResBody>) -> Response<tonic::body::Body> = rebody::<ResBody>;
        Either::Right(self.inner.call(request).map_ok(to_body))
    }
}

/// The inner body as tonic's `Body` (a downcast, not a new box, when it already is one).
fn rebody<B>(response: Response<B>) -> Response<tonic::body::Body>
where
    B: http_body::Body<Data = tonic::codegen::Bytes> + Send + 'static,
    B::Error: Into<BoxError>,
{
    response.map(tonic::body::Body::new)
}
