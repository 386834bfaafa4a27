//! Logs, traces and metrics. Logs: `tracing` events as text or one JSON object per line,
//! filtered by `RUST_LOG` (default `info`); every call runs in a span carrying its session,
//! seat and version. Traces and metrics: exported over OTLP/gRPC when `--otlp-endpoint`
//! (or `OTEL_EXPORTER_OTLP_ENDPOINT`) is set — the same spans, through
//! `tracing-opentelemetry`, and the instruments of [`crate::metrics`] — and not at all
//! otherwise: without an endpoint no exporter is built and nothing leaves the process.

use crate::config::{Config, LogFormat};
use opentelemetry::trace::TracerProvider as _;
use opentelemetry::{global, KeyValue};
use opentelemetry_otlp::WithExportConfig;
use opentelemetry_sdk::metrics::SdkMeterProvider;
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::SdkTracerProvider;
use opentelemetry_sdk::Resource;
use std::time::Duration;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{fmt, EnvFilter, Layer};

/// The service name exported unless `OTEL_SERVICE_NAME` names another.
pub const SERVICE_NAME: &str = "agora-server";

#[derive(Debug, thiserror::Error)]
pub enum TelemetryError {
    #[error("cannot build the OTLP exporter for {endpoint}: {detail}")]
    Exporter { endpoint: String, detail: String },
}

/// The OpenTelemetry providers exporting to one OTLP endpoint.
#[derive(Debug)]
pub struct Providers {
    pub endpoint: String,
    pub tracer: SdkTracerProvider,
    pub meter: SdkMeterProvider,
}

/// What [`init`] set up; [`Telemetry::shutdown`] flushes it.
#[derive(Debug, Default)]
pub struct Telemetry {
    providers: Option<Providers>,
}

/// The endpoint `config` names, if any (an empty value names none).
pub fn endpoint(config: &Config) -> Option<&str> {
    config
        .otlp_endpoint
        .as_deref()
        .map(str::trim)
        .filter(|e| !e.is_empty())
}

/// The exported resource: `service.name` is `agora-server` unless `OTEL_SERVICE_NAME` is
/// set (the SDK's detectors read it, and `OTEL_RESOURCE_ATTRIBUTES`).
pub fn resource() -> Resource {
    let mut builder = Resource::builder();
    let named = std::env::var("OTEL_SERVICE_NAME").is_ok_and(|name| !name.trim().is_empty());
    if !named {
        builder = builder.with_service_name(SERVICE_NAME);
    }
    builder
        .with_attribute(KeyValue::new("service.version", env!("CARGO_PKG_VERSION")))
        .build()
}

/// Trace and metric providers exporting to the configured endpoint over OTLP/gRPC, or
/// `None` (and nothing built) without one. Call inside a Tokio runtime: the gRPC channel
/// runs on it.
pub fn providers(config: &Config) -> Result<Option<Providers>, TelemetryError> {
    let Some(endpoint) = endpoint(config) else {
        return Ok(None);
    };
    let failed = |e: opentelemetry_otlp::ExporterBuildError| TelemetryError::Exporter {
        endpoint: endpoint.to_string(),
        detail: e.to_string(),
    };
    let spans = opentelemetry_otlp::SpanExporter::builder()
        .with_tonic()
        .with_endpoint(endpoint)
        .with_timeout(Duration::from_secs(10))
        .build()
        .map_err(failed)?;
    let metrics = opentelemetry_otlp::MetricExporter::builder()
        .with_tonic()
        .with_endpoint(endpoint)
        .with_timeout(Duration::from_secs(10))
        .build()
        .map_err(failed)?;
    let resource = resource();
    let tracer = SdkTracerProvider::builder()
        .with_batch_exporter(spans)
        .with_resource(resource.clone())
        .build();
    let meter = SdkMeterProvider::builder()
        .with_periodic_exporter(metrics)
        .with_resource(resource)
        .build();
    Ok(Some(Providers {
        endpoint: endpoint.to_string(),
        tracer,
        meter,
    }))
}

/// Installs the global subscriber (a second call, as in tests, leaves the first one) and,
/// when an endpoint is configured, the OpenTelemetry providers, meter and W3C trace-context
/// propagation (a `traceparent` header makes a call's span a child of the caller's).
pub fn init(config: &Config) -> Result<Telemetry, TelemetryError> {
    let providers = providers(config)?;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let logs = match config.log_format {
        LogFormat::Text => fmt::layer().with_target(false).boxed(),
        LogFormat::Json => fmt::layer()
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_target(false)
            .boxed(),
    };
    let otel = providers.as_ref().map(|p| {
        tracing_opentelemetry::layer()
            .with_tracer(p.tracer.tracer(SERVICE_NAME))
            .with_tracked_inactivity(false)
    });
    let _ = tracing_subscriber::registry()
        .with(filter)
        .with(logs)
        .with(otel)
        .try_init();
    if let Some(p) = &providers {
        global::set_text_map_propagator(TraceContextPropagator::new());
        global::set_tracer_provider(p.tracer.clone());
        global::set_meter_provider(p.meter.clone());
        tracing::info!(endpoint = %p.endpoint, "exporting traces and metrics over OTLP");
    }
    Ok(Telemetry { providers })
}

impl Telemetry {
    /// Whether traces and metrics are being exported.
    pub fn exporting(&self) -> bool {
        self.providers.is_some()
    }

    /// Exports what is buffered (spans, a last collection of metrics) and stops the
    /// exporters. Blocking work runs off the async workers, which drive the gRPC channel.
    pub async fn shutdown(self) {
        let Some(providers) = self.providers else {
            return;
        };
        let done = tokio::task::spawn_blocking(move || {
            if let Err(e) = providers.tracer.shutdown() {
                tracing::warn!(error = %e, "flushing traces failed");
            }
            if let Err(e) = providers.meter.shutdown() {
                tracing::warn!(error = %e, "flushing metrics failed");
            }
        })
        .await;
        if let Err(e) = done {
            tracing::warn!(error = %e, "telemetry shutdown did not finish");
        }
    }
}

/// The parent trace context a request carries in its `traceparent`/`tracestate` headers.
pub fn parent_context(headers: &tonic::codegen::http::HeaderMap) -> opentelemetry::Context {
    struct Headers<'a>(&'a tonic::codegen::http::HeaderMap);
    impl opentelemetry::propagation::Extractor for Headers<'_> {
        fn get(&self, key: &str) -> Option<&str> {
            self.0.get(key).and_then(|v| v.to_str().ok())
        }
        fn keys(&self) -> Vec<&str> {
            self.0.keys().map(|k| k.as_str()).collect()
        }
    }
    global::get_text_map_propagator(|p| p.extract(&Headers(headers)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_an_endpoint_no_provider_is_built() {
        let mut config = Config::for_tests();
        config.otlp_endpoint = None;
        assert!(providers(&config).expect("no error").is_none());
        config.otlp_endpoint = Some("  ".into());
        assert!(endpoint(&config).is_none());
        assert!(providers(&config).expect("no error").is_none());
    }

    #[test]
    fn the_service_is_named_agora_server() {
        if std::env::var("OTEL_SERVICE_NAME").is_ok() {
            return;
        }
        let resource = resource();
        let name = resource.get(&opentelemetry::Key::new("service.name"));
        assert_eq!(name.map(|v| v.to_string()), Some(SERVICE_NAME.to_string()));
    }
}
