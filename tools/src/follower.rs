//! Followers of one session's StreamEvents that resume after every cut from the last
//! version they saw (on the next replica), counting what a client would notice: versions
//! received twice, versions skipped, and whether they reached the end. And the audit: the
//! whole log read back once the game is over.

use crate::bot_session::{Ack, Client};
use agora_proto::v1 as pb;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};
use tokio::sync::watch;
use tonic::Code;

/// What one follower saw.
#[derive(Debug, Default, Clone, serde::Serialize)]
pub struct Followed {
    /// Messages received, duplicates included.
    pub received: u64,
    /// Messages whose version was not after the last one seen.
    pub duplicates: u64,
    /// Versions skipped (a message whose version jumps past the next one).
    pub gaps: u64,
    pub last: u64,
    /// Streams opened again after a cut.
    pub resumes: u64,
    /// Reached the session's last version (or its end).
    pub complete: bool,
    /// The stream said the session no longer exists.
    pub not_found: bool,
}

/// Follows session `id` from version 0, starting on `replicas[first]`, until it sees the
/// finished status or the version `until` names (set by the player when it stops), or
/// `grace` after `until` was set without reaching it.
pub async fn follow(
    replicas: Vec<Client>,
    first: usize,
    id: String,
    mut until: watch::Receiver<Option<u64>>,
    grace: Duration,
) -> Followed {
    let mut seen = Followed::default();
    let mut at = first;
    let mut opened = false;
    let mut until_since: Option<Instant> = None;
    loop {
        let done = |seen: &Followed, until: &watch::Receiver<Option<u64>>| matches!(*until.borrow(), Some(last) if seen.last >= last);
        if done(&seen, &until) {
            seen.complete = true;
            return seen;
        }
        if until.borrow().is_some() {
            let since = *until_since.get_or_insert_with(Instant::now);
            if since.elapsed() > grace {
                return seen;
            }
        }
        let mut client = replicas[at % replicas.len()].clone();
        let request = pb::StreamEventsRequest {
            session_id: id.clone(),
            after_version: seen.last,
        };
        let stream =
            tokio::time::timeout(Duration::from_secs(2), client.stream_events(request)).await;
        let mut stream = match stream {
            Ok(Ok(s)) => s.into_inner(),
            Ok(Err(status)) if status.code() == Code::NotFound => {
                seen.not_found = true;
                return seen;
            }
            _ => {
                at += 1;
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        if opened {
            seen.resumes += 1;
        }
        opened = true;
        loop {
            let next = tokio::select! {
                next = stream.message() => next,
                changed = until.changed() => {
                    if changed.is_err() || done(&seen, &until) {
                        break;
                    }
                    continue;
                }
                // Once the player has stopped, a follower that hears nothing more for the
                // grace period is incomplete.
                _ = tokio::time::sleep(grace), if until.borrow().is_some() => break,
            };
            match next {
                Ok(Some(item)) => {
                    seen.received += 1;
                    if item.version <= seen.last {
                        seen.duplicates += 1;
                    } else {
                        seen.gaps += item.version - seen.last - 1;
                        seen.last = item.version;
                    }
                    if item.status == pb::SessionStatus::Finished as i32 || done(&seen, &until) {
                        seen.complete = true;
                        return seen;
                    }
                }
                Err(status) if status.code() == Code::NotFound => {
                    seen.not_found = true;
                    return seen;
                }
                // Cut (replica gone, shutting down, Redis away): resume from `last`.
                Ok(None) | Err(_) => {
                    at += 1;
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    break;
                }
            }
        }
    }
}

/// The log read back against the acknowledged moves.
#[derive(Debug, Default, Clone, serde::Serialize)]
pub struct Audit {
    /// Acknowledged moves missing from the log, or there with another seat.
    pub lost: u64,
    /// Versions in the log beyond the last acknowledged one, or seen twice.
    pub duplicated: u64,
    /// Versions the log skips.
    pub gaps: u64,
    /// The log could not be read to the end.
    pub unreadable: Option<String>,
}

/// Reads the whole log of `id` (retrying on another replica after a cut) up to the
/// server's current version and compares it with `acks`; `unanswered` moves (sent, never
/// answered, given up) may have committed after the last acknowledged one.
pub async fn audit(replicas: &[Client], id: &str, acks: &[Ack], unanswered: u64) -> Audit {
    let mut result = Audit::default();
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut log: BTreeMap<u64, u32> = BTreeMap::new();
    let mut at = 0usize;
    let mut last = 0u64;
    let mut target = None;
    while Instant::now() < deadline {
        let mut client = replicas[at % replicas.len()].clone();
        at += 1;
        if target.is_none() {
            let got = client
                .get_session(pb::GetSessionRequest {
                    session_id: id.to_string(),
                })
                .await;
            match got {
                Ok(r) => target = r.into_inner().session.map(|s| s.version),
                Err(s) if s.code() == Code::NotFound => {
                    result.unreadable = Some(format!("the session is gone: {}", s.message()));
                    break;
                }
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            }
        }
        let Some(target) = target else { continue };
        if last >= target {
            break;
        }
        let stream = client
            .stream_events(pb::StreamEventsRequest {
                session_id: id.to_string(),
                after_version: last,
            })
            .await;
        let Ok(stream) = stream else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let mut stream = stream.into_inner();
        while last < target {
            match tokio::time::timeout(Duration::from_secs(5), stream.message()).await {
                Ok(Ok(Some(item))) => {
                    if log.insert(item.version, item.seat).is_some() {
                        result.duplicated += 1;
                    }
                    last = last.max(item.version);
                }
                _ => break,
            }
        }
    }
    let Some(target) = target else {
        result
            .unreadable
            .get_or_insert_with(|| "no replica answered GetSession".into());
        return result;
    };
    if last < target {
        result
            .unreadable
            .get_or_insert_with(|| format!("read to version {last} of {target}"));
    }
    let acked_last = acks.last().map(|a| a.version).unwrap_or(0);
    result.duplicated += target.saturating_sub(acked_last + unanswered);
    result.gaps = (1..=last).filter(|v| !log.contains_key(v)).count() as u64;
    result.lost = acks
        .iter()
        .filter(|a| log.get(&a.version) != Some(&a.seat))
        .count() as u64;
    result
}
