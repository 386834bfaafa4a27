//! Assembles the tonic server: GameService, gRPC health, reflection and gRPC-Web behind
//! size, time and concurrency limits (which refuse with RESOURCE_EXHAUSTED, never queue),
//! with graceful shutdown that ends open streams with a status telling clients where to
//! resume.

use crate::api::GameApi;
use crate::config::{Config, StoreKind};
use crate::deadline::DeadlineLayer;
use crate::limits::RequestLimitLayer;
use crate::message_size::MessageSizeLayer;
use crate::notify::{Notifier, WebhookConfig};
use crate::store::memory::{Expiry, MemoryStore};
use crate::store::redis::{RedisConfig, RedisStore};
use crate::store::Store;
use agora_proto::v1::game_service_server::GameServiceServer;
use std::future::Future;
use std::sync::Arc;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio_stream::wrappers::TcpListenerStream;
use tonic::transport::Server;

#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("configuration: {0}")]
    Config(String),
    #[error("reflection: {0}")]
    Reflection(#[from] tonic_reflection::server::Error),
    #[error("transport: {0}")]
    Transport(#[from] tonic::transport::Error),
    #[error("listener: {0}")]
    Io(#[from] std::io::Error),
}

/// The store `config` asks for (connecting to Redis for `--store redis`).
pub async fn open_store(config: &Config) -> Result<Arc<dyn Store>, ServeError> {
    match config.store {
        StoreKind::Memory => Ok(Arc::new(
            MemoryStore::new(config.max_sessions, config.stream_buffer).with_expiry(Expiry {
                finished: config.finished_ttl,
                abandoned: config.abandoned_ttl,
            }),
        )),
        StoreKind::Redis | StoreKind::RedisCluster => {
            let cluster = config.store == StoreKind::RedisCluster;
            let url = config.redis_url.clone().ok_or_else(|| {
                ServeError::Config(if cluster {
                    "--store redis-cluster needs --redis-url (or AGORA_REDIS_URL) listing seed nodes, e.g. redis://10.0.0.1:6379,redis://10.0.0.2:6379".into()
                } else {
                    "--store redis needs --redis-url (or AGORA_REDIS_URL), e.g. redis://127.0.0.1:6379/0".into()
                })
            })?;
            let mut redis = RedisConfig::new(url);
            redis.cluster = cluster;
            redis.finished_ttl = config.finished_ttl;
            redis.abandoned_ttl = config.abandoned_ttl;
            redis.max_sessions = config.max_sessions;
            redis.live_buffer = config.stream_buffer;
            redis.feed_unreachable_after = config.stream_store_timeout();
            let store = RedisStore::connect(redis)
                .await
                .map_err(|e| ServeError::Config(format!("cannot open the Redis store: {e}")))?;
            Ok(Arc::new(store))
        }
    }
}

/// Serves on `listener` until `shutdown` completes, then stops accepting, ends streams
/// with UNAVAILABLE and waits for in-flight calls.
pub async fn serve(
    config: Config,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let store = open_store(&config).await?;
    serve_with_store(config, store, listener, shutdown).await
}

/// [`serve`] with a store built by the caller (tests share one between servers).
pub async fn serve_with_store(
    config: Config,
    store: Arc<dyn Store>,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let identity = crate::identity::Identity::from_config(&config).map_err(ServeError::Config)?;
    if let Some(identity) = &identity {
        identity.start();
        tracing::info!(?identity, "player tokens accepted");
    }
    let (stop_tx, stop_rx) = watch::channel(false);
    let api = GameApi::new(store.clone(), config.commit_retries, stop_rx.clone())
        .with_stream_limits(crate::limits::StreamLimits {
            per_connection: config.max_concurrent_streams as usize,
            per_address: config.max_streams_per_address,
            per_player: config.max_streams_per_player,
        })
        .with_state_cache(config.state_cache_sessions, state_max_age(&config))
        .with_identity(identity)
        .with_allow_chosen_seeds(config.allow_chosen_seeds)
        .with_player_limits(crate::limits::PlayerLimits::new(
            config.max_open_sessions_per_player,
            config.player_calls_per_second,
        ))
        .with_chat(
            config.chat_messages_per_minute,
            crate::chat_filter::ChatFilter::from_config(&config).map_err(ServeError::Config)?,
        )
        .with_quick_match(
            config.quick_match_tickets_per_minute,
            config.quick_match_ticket_ttl,
        );
    // Every replica delivers notifications from the shared outbox (see `notify`).
    let notifier = match WebhookConfig::from_config(&config).map_err(ServeError::Config)? {
        Some(webhook) => Some(Arc::new(
            Notifier::new(webhook, api.metrics()).map_err(ServeError::Config)?,
        )),
        None => None,
    };
    if let Some(notifier) = &notifier {
        tracing::info!(url = %notifier.config.url, "turn notifications on");
        tokio::spawn(notifier.clone().run(store.clone(), stop_rx.clone()));
    }
    let api = api.with_notifier(notifier);
    // Every replica writes finished games from the shared work queue (see `archive`).
    let api = match config.archive_url.as_deref().filter(|u| !u.is_empty()) {
        Some(url) => {
            let settings = crate::archive::postgres::PgSettings {
                url: url.to_string(),
                pool_size: config.archive_pool_size,
                statement_timeout: config.archive_statement_timeout,
            };
            let archive = crate::archive::postgres::PgArchive::connect_lazy(&settings)
                .map_err(ServeError::Config)?;
            let archiver = Arc::new(
                crate::archive::worker::Archiver::new(
                    Arc::new(archive.clone()),
                    api.metrics(),
                    config.archive_statement_timeout,
                )
                .with_abandoned_ttl(config.abandoned_ttl),
            );
            tracing::info!("archive on");
            if let crate::config::Keep::For(keep) = config.archive_keep {
                tokio::spawn(crate::archive::retention::run(
                    archive.clone(),
                    keep,
                    stop_rx.clone(),
                ));
            }
            tokio::spawn(crate::archive::worker::migrate_then_run(
                archive,
                archiver.clone(),
                store.clone(),
                stop_rx.clone(),
            ));
            api.with_archiver(Some(archiver))
        }
        None => api,
    };
    // Every replica applies finished rated games from the shared work queue (see `ratings`).
    tokio::spawn(
        Arc::new(crate::ratings::worker::Rater::new(api.metrics()))
            .run(store.clone(), stop_rx.clone()),
    );
    // Every replica plays the bot turns whose replica died (see `api::bots`).
    tokio::spawn(api.clone().sweep_bots());
    // Every replica forms quick matches and creates their sessions (see `api::matcher`).
    tokio::spawn(api.clone().run_matcher());

    // Readiness: agora.v1.GameService is SERVING while the store answers (see
    // `readiness`); "" stays SERVING while the process runs (liveness).
    let (health, health_service) = tonic_health::server::health_reporter();
    health.set_serving::<GameServiceServer<GameApi>>().await;
    tokio::spawn(crate::readiness::watch(
        store,
        health.clone(),
        <GameServiceServer<GameApi> as tonic::server::NamedService>::NAME,
        stop_rx,
    ));
    // Both reflection versions: many tools still ask `v1alpha` first (Python's
    // grpcio-reflection, older grpcurl, Evans, Postman) and give up on UNIMPLEMENTED.
    let reflection = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(agora_proto::v1::FILE_DESCRIPTOR_SET)
        .build_v1()?;
    let reflection_v1alpha = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(agora_proto::v1::FILE_DESCRIPTOR_SET)
        .build_v1alpha()?;
    let games = GameServiceServer::new(api)
        .max_decoding_message_size(config.max_message_bytes)
        .max_encoding_message_size(config.max_message_bytes);

    let local = listener.local_addr()?;
    tracing::info!(listen = %local, store = ?config.store, "agora-server ready");

    let signal = async move {
        shutdown.await;
        tracing::warn!("shutting down: ending streams, finishing calls");
        health.set_not_serving::<GameServiceServer<GameApi>>().await;
        let _ = stop_tx.send(true);
    };

    let cors = cors_layer(&config.cors_allow_origins)?;
    if let Some(dir) = &config.web_dir {
        tracing::info!(web_dir = %dir.display(), "serving the web client");
    }

    Server::builder()
        .accept_http1(true)
        .max_concurrent_streams(Some(config.http2_max_streams()))
        // Idle streams' heartbeat: HTTP/2 PINGs on a quiet connection (docs/api.md).
        .http2_keepalive_interval(config.http2_keepalive_interval())
        .http2_keepalive_timeout(Some(config.http2_keepalive_timeout))
        // Room above --max-metadata-bytes, so that oversized metadata reaches
        // MetadataSizeLayer (RESOURCE_EXHAUSTED) instead of h2's own 431 or GOAWAY.
        .http2_max_header_list_size(crate::metadata_size::h2_header_list_size(
            config.max_metadata_bytes,
        ))
        .trace_fn(rpc_span)
        // CORS outside gRPC-Web: preflights never reach the gRPC services.
        .layer(tower::util::option_layer(cors))
        // Page requests (GET, not gRPC) for --web-dir, before tonic-web refuses them.
        .layer(crate::web::WebFilesLayer::new(config.web_dir.as_deref()))
        // gRPC-Web outermost, so that a refusal below reaches a browser as gRPC-Web too.
        .layer(tonic_web::GrpcWebLayer::new())
        .layer(crate::metadata_size::MetadataSizeLayer::new(
            config.max_metadata_bytes,
        ))
        .layer(RequestLimitLayer::new(config.max_concurrent_requests))
        // DEADLINE_EXCEEDED past --request-timeout-ms (tonic's own timeout says CANCELLED).
        .layer(DeadlineLayer::new(config.request_timeout()))
        // Before tonic's own check of the same limit, which would answer OUT_OF_RANGE.
        .layer(MessageSizeLayer::new(config.max_message_bytes))
        .add_service(health_service)
        .add_service(reflection)
        .add_service(reflection_v1alpha)
        .add_service(games)
        .serve_with_incoming_shutdown(incoming(listener), signal)
        .await?;
    tracing::warn!("stopped");
    Ok(())
}

/// CORS for pages from `origins` (none: no CORS headers at all, same-origin only). The
/// grpc-status/grpc-message headers are exposed so that a browser client can read refusals.
fn cors_layer(origins: &[String]) -> Result<Option<tower_http::cors::CorsLayer>, ServeError> {
    use tonic::codegen::http::{header::HeaderName, HeaderValue, Method};
    use tower_http::cors::{AllowHeaders, AllowOrigin, CorsLayer};
    if origins.is_empty() {
        return Ok(None);
    }
    let origins = origins
        .iter()
        .map(|origin| {
            HeaderValue::from_str(origin.trim()).map_err(|_| {
                ServeError::Config(format!(
                    "--cors-allow-origin {origin:?} is not a valid origin"
                ))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Some(
        CorsLayer::new()
            .allow_origin(AllowOrigin::list(origins))
            .allow_methods([Method::GET, Method::POST, Method::OPTIONS])
            .allow_headers(AllowHeaders::mirror_request())
            .expose_headers([
                HeaderName::from_static("grpc-status"),
                HeaderName::from_static("grpc-message"),
                HeaderName::from_static("grpc-status-details-bin"),
            ])
            .max_age(std::time::Duration::from_secs(24 * 3600)),
    ))
}

/// The span of one call: named after the RPC (`agora.v1.GameService/SubmitAction`) in
/// exported traces, and a child of the caller's trace when it sent a `traceparent`.
fn rpc_span(request: &tonic::codegen::http::Request<()>) -> tracing::Span {
    use tracing_opentelemetry::OpenTelemetrySpanExt;
    let path = request.uri().path();
    let rpc = path.trim_start_matches('/');
    let span = tracing::info_span!(
        "grpc",
        path = %path,
        otel.name = %rpc,
        otel.kind = "server",
        rpc.system = "grpc",
        // Filled in by the handler when it answers (see `api::traced`).
        rpc.grpc.status_code = tracing::field::Empty,
        otel.status_code = tracing::field::Empty,
        otel.status_message = tracing::field::Empty,
    );
    let parent = crate::telemetry::parent_context(request.headers());
    let _ = span.set_parent(parent);
    span
}

/// Accepted connections with Nagle's algorithm off: a response is several small writes
/// (headers, message, trailers), and Nagle with delayed ACKs would hold some for ~40 ms.
fn incoming(
    listener: TcpListener,
) -> impl futures::Stream<Item = std::io::Result<tokio::net::TcpStream>> {
    use futures::StreamExt;
    TcpListenerStream::new(listener).map(|accepted| {
        accepted.inspect(|stream| {
            if let Err(e) = stream.set_nodelay(true) {
                tracing::debug!(error = %e, "cannot set TCP_NODELAY");
            }
        })
    })
}

/// Completes on SIGTERM (Kubernetes, docker stop) or SIGINT (Ctrl-C).
pub async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut sigterm) => {
                sigterm.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = interrupt => {},
        _ = terminate => {},
    }
}

/// Cached states must not outlive their sessions: at most half the shorter TTL.
fn state_max_age(config: &Config) -> std::time::Duration {
    crate::api::DEFAULT_STATE_MAX_AGE
        .min(config.finished_ttl / 2)
        .min(config.abandoned_ttl / 2)
}
