//! Logs: `tracing` events as text or one JSON object per line, filtered by `RUST_LOG`
//! (default `info`). Every call runs in a span carrying its session, seat and version.

use crate::config::LogFormat;
use tracing_subscriber::{fmt, EnvFilter};

/// Installs the global subscriber; a second call (tests) is a no-op.
pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = fmt().with_env_filter(filter).with_target(false);
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .try_init(),
    };
}
