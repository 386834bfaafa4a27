//! The moderation role: what players decide about each other (mutes and blocks, per
//! player) and the reports they file for operators. Each call is atomic on its own and
//! safe to repeat: a mute or block is a set membership, a report is kept under an id
//! derived from its reporter and request id, so a retry keeps one.

use super::chat::ChatMessage;
use super::{Store, StoreError};
use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The record format of a [`Report`] written now; a reader refuses a later one.
pub const REPORT_FORMAT: u32 = 1;

/// What a player may decide about another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relation {
    /// Their messages are hidden from the player.
    Muted,
    /// Their messages are hidden, and they never sit at one table.
    Blocked,
}

/// A player's report about another, kept for operators with its context.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    #[serde(default = "first_format")]
    pub format: u32,
    /// `rep_<hex>` of the reporter and its request id (see [`Report::derive_id`]).
    pub id: String,
    pub reporter_id: String,
    pub player_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_id: Option<String>,
    /// The message reported, as it was stored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<ChatMessage>,
    #[serde(default)]
    pub reason: String,
    pub time_ms: i64,
}

fn first_format() -> u32 {
    1
}

impl Report {
    /// The same for the same reporter and request id.
    pub fn derive_id(reporter_id: &str, request_id: &str) -> String {
        let mut hash = Sha256::new();
        for part in ["report", reporter_id, request_id] {
            hash.update((part.len() as u64).to_be_bytes());
            hash.update(part.as_bytes());
        }
        format!("rep_{}", hex::encode(&hash.finalize()[..16]))
    }

    /// The report in `json`, refused when a later release wrote it.
    pub fn decode(json: &[u8]) -> Result<Report, StoreError> {
        #[derive(Deserialize)]
        struct Format {
            #[serde(default = "first_format")]
            format: u32,
        }
        let format: Format = serde_json::from_slice(json)
            .map_err(|e| StoreError::Corrupt(format!("report: {e}")))?;
        if format.format > REPORT_FORMAT {
            return Err(StoreError::Corrupt(format!(
                "report of format {} (this release reads up to {REPORT_FORMAT})",
                format.format
            )));
        }
        serde_json::from_slice(json).map_err(|e| StoreError::Corrupt(format!("report: {e}")))
    }

    pub fn encode(&self) -> Result<String, StoreError> {
        serde_json::to_string(self).map_err(|e| StoreError::Corrupt(format!("report: {e}")))
    }
}

/// Mutes, blocks and reports (see the module's doc).
#[async_trait]
pub trait Moderation: Send + Sync {
    /// Sets or clears `player`'s `relation` to `target`.
    async fn set(
        &self,
        player: &str,
        relation: Relation,
        target: &str,
        on: bool,
    ) -> Result<(), StoreError>;

    /// The players `player` holds in `relation`, sorted.
    async fn list(&self, player: &str, relation: Relation) -> Result<Vec<String>, StoreError>;

    /// The players who blocked `player`, sorted.
    async fn blocked_by(&self, player: &str) -> Result<Vec<String>, StoreError>;

    /// Keeps `report` unless one with its id is kept; answers the one kept.
    async fn report(&self, report: Report) -> Result<Report, StoreError>;

    /// The newest `limit` reports, newest first (for the operators' API).
    async fn reports(&self, limit: usize) -> Result<Vec<Report>, StoreError>;
}

/// Whether `a` blocked `b` or `b` blocked `a`: the one question the seat rules and the
/// matchmaker ask.
pub async fn is_blocked(store: &dyn Store, a: &str, b: &str) -> Result<bool, StoreError> {
    blocked_among(store, a, &[b]).await
}

/// Whether `player` blocked any of `others`, or was blocked by one.
pub async fn blocked_among(
    store: &dyn Store,
    player: &str,
    others: &[&str],
) -> Result<bool, StoreError> {
    let others: Vec<&str> = others.iter().copied().filter(|o| *o != player).collect();
    if others.is_empty() {
        return Ok(false);
    }
    let moderation = store.moderation();
    let blocked = moderation.list(player, Relation::Blocked).await?;
    if others.iter().any(|o| blocked.iter().any(|b| b == o)) {
        return Ok(true);
    }
    let by = moderation.blocked_by(player).await?;
    Ok(others.iter().any(|o| by.iter().any(|b| b == o)))
}
