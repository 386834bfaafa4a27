//! StreamEvents: every committed version after the one the client names, redacted for
//! its viewer — the log first, then live commits, with no gap and no duplicate. A stream
//! never skips: a subscriber that falls behind, or a server that shuts down, ends the
//! stream with a status telling the client the version to resume from.

use crate::api::{convert, errors, GameApi};
use crate::auth;
use crate::limits::StreamSlot;
use crate::store::{LogEntry, StoreError, TokenHash};
use agora_engine::Viewer;
use agora_proto::v1 as pb;
use futures::StreamExt;
use std::pin::Pin;
use tokio::sync::{mpsc, watch};
use tokio_stream::wrappers::ReceiverStream;
use tonic::Status;
use tracing::Instrument;

pub type EventStream =
    Pin<Box<dyn futures::Stream<Item = Result<pb::StreamEventsResponse, Status>> + Send>>;

/// Responses buffered per stream before the subscriber counts as slow.
const SEND_BUFFER: usize = 32;
/// How long the closing status may wait for room in a slow client's buffer.
const FINAL_SEND: std::time::Duration = std::time::Duration::from_secs(2);

pub async fn start(
    api: &GameApi,
    request: pb::StreamEventsRequest,
    token: Option<TokenHash>,
    slot: StreamSlot,
) -> Result<EventStream, Status> {
    let id = request.session_id.clone();
    let loaded = api.load(&id).await?;
    let viewer = auth::viewer(&loaded.meta, token.as_ref())?;
    let after = request.after_version;
    if after > loaded.version {
        return Err(Status::out_of_range(format!(
            "after_version {after} is ahead of the session's version {}.",
            loaded.version
        )));
    }
    let log = api
        .store
        .subscribe(&id, after)
        .await
        .map_err(errors::store)?;
    let (tx, rx) = mpsc::channel(SEND_BUFFER);
    let seat = match viewer {
        Viewer::Seat(s) => Some(s.0),
        Viewer::Spectator => None,
    };
    let span = tracing::info_span!("stream", session = %id, seat, after);
    tokio::spawn(forward(log, tx, viewer, after, api.shutdown.clone()).instrument(span));
    // The stream owns its slot and its place in `agora.streams.open`: both are given back
    // when tonic drops the stream, whether the stream ended or the client went away.
    let open = api.metrics.stream_opened();
    Ok(Box::pin(ReceiverStream::new(rx).map(move |item| {
        let _held = (&slot, &open);
        item
    })))
}

/// One response per version, as `viewer` may see it.
fn response(entry: &LogEntry, viewer: Viewer) -> pb::StreamEventsResponse {
    // A committed version exists only once play started, so it is in progress or over.
    let status = if entry.outcome.is_some() {
        pb::SessionStatus::Finished
    } else {
        pb::SessionStatus::InProgress
    };
    pb::StreamEventsResponse {
        version: entry.version,
        seat: entry.seat.0.into(),
        events: crate::api::redacted_events(entry, viewer),
        to_act: entry.to_act.iter().map(|s| u32::from(s.0)).collect(),
        status: status as i32,
        outcome: entry.outcome.as_ref().map(convert::outcome_out),
    }
}

/// Moves log entries to the client until it leaves, falls behind, or the server stops.
async fn forward(
    mut log: crate::store::LogStream,
    tx: mpsc::Sender<Result<pb::StreamEventsResponse, Status>>,
    viewer: Viewer,
    after: u64,
    mut shutdown: watch::Receiver<bool>,
) {
    let mut last = after;
    let end = loop {
        let item = tokio::select! {
            _ = shutdown.wait_for(|stop| *stop) => break Some(shutting_down(last)),
            _ = tx.closed() => break None,
            item = log.next() => item,
        };
        match item {
            Some(Ok(entry)) => {
                let message = Ok(response(&entry, viewer));
                tokio::select! {
                    _ = shutdown.wait_for(|stop| *stop) => break Some(shutting_down(last)),
                    sent = tx.send(message) => if sent.is_err() { break None },
                }
                last = entry.version;
            }
            Some(Err(StoreError::Lagged { .. })) => {
                tracing::warn!(last, "subscriber fell behind; ending its stream");
                break Some(Status::aborted(format!(
                    "This stream fell behind the game; resume from version {last}."
                )));
            }
            Some(Err(e)) => break Some(errors::store(e)),
            None => {
                break Some(Status::unavailable(format!(
                    "The event stream ended; resume from version {last}."
                )))
            }
        }
    };
    if let Some(status) = end {
        // The client may be gone or stuck; it must not hold up shutdown.
        let _ = tokio::time::timeout(FINAL_SEND, tx.send(Err(status))).await;
    }
}

fn shutting_down(last: u64) -> Status {
    Status::unavailable(format!("server shutting down, resume from version {last}"))
}
