//! The service's OpenTelemetry instruments. They come from the global meter, which is a
//! no-op unless [`crate::telemetry::init`] configured an OTLP endpoint first.
//!
//! | instrument | kind | attributes |
//! |---|---|---|
//! | `agora.actions.committed` | counter | `game` (game id) |
//! | `agora.actions.refused` | counter | `rpc.grpc.status_code` (e.g. `FAILED_PRECONDITION`), `reason` (the ErrorInfo reason, when there is one) |
//! | `agora.submit_action.duration` | histogram, seconds | `rpc.grpc.status_code` |
//! | `agora.streams.open` | up-down counter | — |
//! | `agora.notifications.delivered` | counter | `reason` (your_turn, game_over, clock_warning, invited) |
//! | `agora.notifications.retried` | counter | `reason`: a webhook attempt failed and will be retried |
//! | `agora.notifications.dead` | counter | `reason`: the last attempt failed; the notification is in the dead-letter list |
//! | `agora.notifications.dropped` | counter | `reason`: not sent (the player has a stream open, or it is no longer true) |
//! | `agora.archive.written` | counter | `game`: finished games this replica wrote to the archive |
//! | `agora.archive.retried` | counter | — : an archive write failed and will be retried |
//! | `agora.archive.pending` | gauge | — : archive jobs waiting in the store (every replica reports the shared queue) |
//! | `agora.archive.oldest_pending_age` | gauge, seconds | — : age of the job due first |
//! | `agora.ratings.applied` | counter | `pool`: rated games this replica applied to ratings |
//! | `agora.ratings.skipped` | counter | `reason`: finished rated sessions that changed no rating (`not_every_seat_decided`, `not_signed_in`, `gone`) |
//! | `agora.ratings.pending` | gauge | — : rating jobs waiting in the store |
//! | `agora.ratings.oldest_pending_age` | gauge, seconds | — : age of the rating job due first |

use opentelemetry::metrics::{Counter, Gauge, Histogram, UpDownCounter};
use opentelemetry::{global, KeyValue};
use std::time::Duration;
use tonic::{Code, Status};
use tonic_types::StatusExt;

pub const METER: &str = "agora-server";
pub const COMMITTED: &str = "agora.actions.committed";
pub const REFUSED: &str = "agora.actions.refused";
pub const SUBMIT_DURATION: &str = "agora.submit_action.duration";
pub const OPEN_STREAMS: &str = "agora.streams.open";
pub const NOTIFICATIONS_DELIVERED: &str = "agora.notifications.delivered";
pub const NOTIFICATIONS_RETRIED: &str = "agora.notifications.retried";
pub const NOTIFICATIONS_DEAD: &str = "agora.notifications.dead";
pub const NOTIFICATIONS_DROPPED: &str = "agora.notifications.dropped";
pub const ARCHIVE_WRITTEN: &str = "agora.archive.written";
pub const ARCHIVE_RETRIED: &str = "agora.archive.retried";
pub const ARCHIVE_PENDING: &str = "agora.archive.pending";
pub const ARCHIVE_OLDEST_PENDING_AGE: &str = "agora.archive.oldest_pending_age";
pub const RATINGS_APPLIED: &str = "agora.ratings.applied";
pub const RATINGS_SKIPPED: &str = "agora.ratings.skipped";
pub const RATINGS_PENDING: &str = "agora.ratings.pending";
pub const RATINGS_OLDEST_PENDING_AGE: &str = "agora.ratings.oldest_pending_age";

/// Shared by every call through [`crate::api::GameApi`].
#[derive(Debug, Clone)]
pub struct Metrics {
    committed: Counter<u64>,
    refused: Counter<u64>,
    submit_duration: Histogram<f64>,
    open_streams: UpDownCounter<i64>,
    delivered: Counter<u64>,
    retried: Counter<u64>,
    dead: Counter<u64>,
    dropped: Counter<u64>,
    archive_written: Counter<u64>,
    archive_retried: Counter<u64>,
    archive_pending: Gauge<u64>,
    archive_oldest_age: Gauge<f64>,
    ratings_applied: Counter<u64>,
    ratings_skipped: Counter<u64>,
    ratings_pending: Gauge<u64>,
    ratings_oldest_age: Gauge<f64>,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    pub fn new() -> Metrics {
        let meter = global::meter(METER);
        Metrics {
            committed: meter
                .u64_counter(COMMITTED)
                .with_description("Actions committed, by game.")
                .with_unit("{action}")
                .build(),
            refused: meter
                .u64_counter(REFUSED)
                .with_description("SubmitAction calls refused, by gRPC code and reason.")
                .with_unit("{action}")
                .build(),
            submit_duration: meter
                .f64_histogram(SUBMIT_DURATION)
                .with_description("SubmitAction latency, from the call to its answer.")
                .with_unit("s")
                .with_boundaries(vec![
                    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
                    10.0,
                ])
                .build(),
            open_streams: meter
                .i64_up_down_counter(OPEN_STREAMS)
                .with_description("StreamEvents subscriptions open now.")
                .with_unit("{stream}")
                .build(),
            delivered: meter
                .u64_counter(NOTIFICATIONS_DELIVERED)
                .with_description("Notifications the webhook endpoint accepted, by reason.")
                .with_unit("{notification}")
                .build(),
            retried: meter
                .u64_counter(NOTIFICATIONS_RETRIED)
                .with_description("Failed webhook attempts that will be retried, by reason.")
                .with_unit("{attempt}")
                .build(),
            dead: meter
                .u64_counter(NOTIFICATIONS_DEAD)
                .with_description("Notifications moved to the dead-letter list, by reason.")
                .with_unit("{notification}")
                .build(),
            dropped: meter
                .u64_counter(NOTIFICATIONS_DROPPED)
                .with_description(
                    "Notifications not sent: the player was connected or it was no longer true.",
                )
                .with_unit("{notification}")
                .build(),
            archive_written: meter
                .u64_counter(ARCHIVE_WRITTEN)
                .with_description("Finished games written to the archive, by game.")
                .with_unit("{game}")
                .build(),
            archive_retried: meter
                .u64_counter(ARCHIVE_RETRIED)
                .with_description("Archive writes that failed and will be retried.")
                .with_unit("{attempt}")
                .build(),
            archive_pending: meter
                .u64_gauge(ARCHIVE_PENDING)
                .with_description("Archive jobs waiting in the store.")
                .with_unit("{game}")
                .build(),
            archive_oldest_age: meter
                .f64_gauge(ARCHIVE_OLDEST_PENDING_AGE)
                .with_description("Age of the archive job due first.")
                .with_unit("s")
                .build(),
            ratings_applied: meter
                .u64_counter(RATINGS_APPLIED)
                .with_description("Rated games applied to their players' ratings, by pool.")
                .with_unit("{game}")
                .build(),
            ratings_skipped: meter
                .u64_counter(RATINGS_SKIPPED)
                .with_description("Finished rated sessions that changed no rating, by reason.")
                .with_unit("{game}")
                .build(),
            ratings_pending: meter
                .u64_gauge(RATINGS_PENDING)
                .with_description("Rating jobs waiting in the store.")
                .with_unit("{game}")
                .build(),
            ratings_oldest_age: meter
                .f64_gauge(RATINGS_OLDEST_PENDING_AGE)
                .with_description("Age of the rating job due first.")
                .with_unit("s")
                .build(),
        }
    }

    pub fn archive_written(&self, game: &str) {
        self.archive_written
            .add(1, &[KeyValue::new("game", game.to_string())]);
    }

    pub fn archive_retried(&self) {
        self.archive_retried.add(1, &[]);
    }

    /// The archive queue now: `pending` jobs, the one due first made `oldest_age` ago.
    pub fn archive_backlog(&self, pending: u64, oldest_age: Duration) {
        self.archive_pending.record(pending, &[]);
        self.archive_oldest_age
            .record(oldest_age.as_secs_f64(), &[]);
    }

    pub fn rating_applied(&self, pool: &str) {
        self.ratings_applied
            .add(1, &[KeyValue::new("pool", pool.to_string())]);
    }

    pub fn rating_skipped(&self, reason: &'static str) {
        self.ratings_skipped
            .add(1, &[KeyValue::new("reason", reason)]);
    }

    /// The rating queue now: `pending` jobs, the one due first made `oldest_age` ago.
    pub fn rating_backlog(&self, pending: u64, oldest_age: Duration) {
        self.ratings_pending.record(pending, &[]);
        self.ratings_oldest_age
            .record(oldest_age.as_secs_f64(), &[]);
    }

    /// One action of `game` committed.
    pub fn committed(&self, game: &str) {
        self.committed
            .add(1, &[KeyValue::new("game", game.to_string())]);
    }

    /// One SubmitAction answered after `elapsed`, refused when `result` is a status.
    pub fn submitted<T>(&self, result: &Result<T, Status>, elapsed: Duration) {
        let code = match result {
            Ok(_) => Code::Ok,
            Err(status) => status.code(),
        };
        let code = KeyValue::new("rpc.grpc.status_code", code_name(code));
        self.submit_duration
            .record(elapsed.as_secs_f64(), std::slice::from_ref(&code));
        if let Err(status) = result {
            let mut attributes = vec![code];
            if let Some(info) = status.get_details_error_info() {
                attributes.push(KeyValue::new("reason", info.reason));
            }
            self.refused.add(1, &attributes);
        }
    }

    pub fn notification_delivered(&self, reason: &'static str) {
        self.delivered.add(1, &[KeyValue::new("reason", reason)]);
    }

    pub fn notification_retried(&self, reason: &'static str) {
        self.retried.add(1, &[KeyValue::new("reason", reason)]);
    }

    pub fn notification_dead(&self, reason: &'static str) {
        self.dead.add(1, &[KeyValue::new("reason", reason)]);
    }

    pub fn notification_dropped(&self, reason: &'static str) {
        self.dropped.add(1, &[KeyValue::new("reason", reason)]);
    }

    /// Counts a stream as open until the returned guard is dropped.
    pub fn stream_opened(&self) -> OpenStream {
        self.open_streams.add(1, &[]);
        OpenStream {
            open_streams: self.open_streams.clone(),
        }
    }
}

/// An open stream in `agora.streams.open`.
#[derive(Debug)]
pub struct OpenStream {
    open_streams: UpDownCounter<i64>,
}

impl Drop for OpenStream {
    fn drop(&mut self) {
        self.open_streams.add(-1, &[]);
    }
}

/// The canonical name of a gRPC code, as gRPC documents and OpenTelemetry reports it.
pub use agora_proto::code_name;
