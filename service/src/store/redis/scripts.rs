//! The three writes, each one Lua script run with EVALSHA so it is atomic on the
//! session's keys: create (`create.lua`), seat claim (`claim.lua`) and commit
//! (`commit.lua`). The scripts' contracts are in their headers.

use super::records::encode_json;
use super::RedisStore;
use crate::store::{codec, now_ms, Commit, CommitResult, SessionMeta, StoreError, TokenHash};
use agora_engine::registry::AnyState;
use agora_engine::Seat;
use redis::{Script, Value};

pub(super) struct Scripts {
    create: Script,
    claim: Script,
    commit: Script,
}

impl Scripts {
    pub(super) fn new() -> Scripts {
        Scripts {
            create: Script::new(include_str!("create.lua")),
            claim: Script::new(include_str!("claim.lua")),
            commit: Script::new(include_str!("commit.lua")),
        }
    }
}

impl RedisStore {
    /// Creates the session's keys at version 0 and indexes it.
    pub(super) async fn create_session(
        &self,
        meta: SessionMeta,
        state: AnyState,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let max = self.inner.config.max_sessions;
        let count: usize = self
            .call(
                redis::cmd("ZCARD")
                    .arg(self.all_key())
                    .query_async(&mut conn),
            )
            .await?;
        if count >= max && self.prune_index().await? >= max {
            return Err(StoreError::Full(max));
        }
        let keys = self.keys(&meta.id);
        let envelope = codec::encode_meta(&meta)?;
        let snapshot = codec::encode_snapshot(&state)?;
        let to_act: Vec<Seat> = state.to_act().iter().collect();
        let outcome = state.outcome();
        let created: i64 = self
            .call(
                self.inner
                    .scripts
                    .create
                    .key(&keys.meta)
                    .key(&keys.snap)
                    .arg(envelope)
                    .arg(&meta.game_id)
                    .arg(meta.create_time_unix_ms)
                    .arg(meta.seats.len())
                    .arg(snapshot)
                    .arg(encode_json(&to_act)?)
                    .arg(encode_json(&outcome)?)
                    .arg(self.ttl_secs(outcome.is_some()))
                    .invoke_async(&mut conn),
            )
            .await?;
        if created == 0 {
            return Err(StoreError::AlreadyExists(meta.id));
        }
        let mut index = vec![self.all_key()];
        if meta.open_seats() > 0 {
            index.push(self.lobby_key());
        }
        let adds: Vec<redis::Cmd> = index
            .iter()
            .map(|key| {
                let mut cmd = redis::cmd("ZADD");
                cmd.arg(key).arg(meta.create_time_unix_ms).arg(&meta.id);
                cmd
            })
            .collect();
        self.each::<()>(&adds).await.map(drop)
    }

    /// Takes a seat; the last one taken leaves the lobby.
    pub(super) async fn claim(
        &self,
        id: &str,
        seat: Option<u32>,
        player_name: &str,
        token_hash: TokenHash,
    ) -> Result<(Seat, SessionMeta), StoreError> {
        let keys = self.keys(id);
        let mut conn = self.conn();
        let reply: Value = self
            .call(
                self.inner
                    .scripts
                    .claim
                    .key(&keys.meta)
                    .key(&keys.snap)
                    .key(&keys.log)
                    .key(&keys.req)
                    .arg(seat.map_or(-1, i64::from))
                    .arg(player_name)
                    .arg(token_hash)
                    .arg(self.ttl_secs(false))
                    .invoke_async(&mut conn),
            )
            .await?;
        let (status, a, open) = status_reply(reply)?;
        let index = match status.as_str() {
            "ok" => a,
            "missing" => return Err(StoreError::NotFound(id.to_string())),
            "nosuch" => {
                return Err(StoreError::NoSuchSeat {
                    seat: seat.unwrap_or_default(),
                    seats: a as usize,
                })
            }
            "taken" => return Err(StoreError::SeatTaken(a as u8)),
            "full" => return Err(StoreError::SessionFull),
            other => return Err(StoreError::Corrupt(format!("claim answered {other:?}"))),
        };
        if open <= 0 {
            self.call(
                redis::cmd("ZREM")
                    .arg(self.lobby_key())
                    .arg(id)
                    .query_async::<()>(&mut conn),
            )
            .await?;
        }
        let row = super::records::meta_row(&self.meta_hash(id).await?)?;
        Ok((Seat(index as u8), row.meta))
    }

    /// One compare-and-set on the version that also appends the log and records the
    /// request id.
    pub(super) async fn commit_entry(
        &self,
        id: &str,
        commit: Commit,
    ) -> Result<CommitResult, StoreError> {
        let version = commit.expected_version + 1;
        if commit.entry.version != version {
            return Err(StoreError::Corrupt(format!(
                "log entry for version {} committed at version {version}",
                commit.entry.version
            )));
        }
        let keys = self.keys(id);
        let snapshot = codec::encode_snapshot(&commit.state)?;
        let entry = codec::encode_entry(&commit.entry)?;
        let finished = commit.entry.outcome.is_some();
        let mut conn = self.conn();
        let reply: Value = self
            .call(
                self.inner
                    .scripts
                    .commit
                    .key(&keys.meta)
                    .key(&keys.snap)
                    .key(&keys.log)
                    .key(&keys.req)
                    .arg(commit.expected_version)
                    .arg(version)
                    .arg(snapshot)
                    .arg(entry)
                    .arg(commit.entry.request_id.as_deref().unwrap_or(""))
                    .arg(encode_json(&commit.entry.to_act)?)
                    .arg(encode_json(&commit.entry.outcome)?)
                    .arg(self.ttl_secs(finished))
                    .arg(now_ms())
                    .invoke_async(&mut conn),
            )
            .await?;
        let (status, n, _) = status_reply(reply)?;
        match status.as_str() {
            "ok" => Ok(CommitResult::Committed(n as u64)),
            "dup" => Ok(CommitResult::Duplicate(n as u64)),
            "conflict" => Err(StoreError::Conflict {
                expected: commit.expected_version,
                actual: n as u64,
            }),
            "missing" => Err(StoreError::NotFound(id.to_string())),
            other => Err(StoreError::Corrupt(format!("commit answered {other:?}"))),
        }
    }
}

/// A script's `{status, number}` reply.
fn status_reply(value: Value) -> Result<(String, i64, i64), StoreError> {
    let items = match value {
        Value::Array(items) => items,
        other => {
            return Err(StoreError::Corrupt(format!(
                "unexpected script reply {other:?}"
            )))
        }
    };
    let mut it = items.into_iter();
    let status = match it.next() {
        Some(Value::BulkString(b)) => String::from_utf8_lossy(&b).into_owned(),
        Some(Value::SimpleString(s)) => s,
        other => {
            return Err(StoreError::Corrupt(format!(
                "unexpected script status {other:?}"
            )))
        }
    };
    let mut num = || match it.next() {
        Some(Value::Int(n)) => n,
        _ => 0,
    };
    let a = num();
    let b = num();
    Ok((status, a, b))
}
