//! The four writes, each one Lua script run with EVALSHA so it is atomic on the
//! session's keys: create (`create.lua`), seat claim (`claim.lua`), seat release
//! (`release.lua`) and commit (`commit.lua`), and the compaction of a finished log
//! (`compact.lua`), and a rebuilt snapshot's write-back (`snapshot.lua`). The scripts'
//! contracts are in their headers.

use super::records::encode_json;
use super::RedisStore;
use crate::store::{
    codec, now_ms, Claimed, Commit, CommitResult, JoinRecord, SeatClaim, SessionMeta, StoreError,
};
use crate::table::Table;
use agora_engine::Seat;
use redis::{Script, Value};

pub(super) struct Scripts {
    create: Script,
    claim: Script,
    release: Script,
    commit: Script,
    compact: Script,
    snapshot: Script,
}

impl Scripts {
    pub(super) fn new() -> Scripts {
        Scripts {
            create: Script::new(include_str!("create.lua")),
            claim: Script::new(include_str!("claim.lua")),
            release: Script::new(include_str!("release.lua")),
            commit: Script::new(include_str!("commit.lua")),
            compact: Script::new(include_str!("compact.lua")),
            snapshot: Script::new(include_str!("snapshot.lua")),
        }
    }
}

impl RedisStore {
    /// Creates the session's keys at version 0 and indexes it.
    pub(super) async fn create_session(
        &self,
        meta: SessionMeta,
        state: Table,
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
        let mut script = self.inner.scripts.create.key(&keys.meta);
        script
            .key(&keys.snap)
            .arg(envelope)
            .arg(&meta.game_id)
            .arg(meta.create_time_unix_ms)
            .arg(meta.seats.len())
            .arg(snapshot)
            .arg(encode_json(&to_act)?)
            .arg(encode_json(&outcome)?)
            .arg(self.ttl_secs(outcome.is_some()));
        for (i, seat) in meta.seats.iter().enumerate() {
            if let Some(token) = &seat.token_hash {
                script
                    .arg(i)
                    .arg(&seat.player_name)
                    .arg(token)
                    .arg(seat.player_id.as_deref().unwrap_or(""));
            }
        }
        let created: i64 = self.call(script.invoke_async(&mut conn)).await?;
        if created == 0 {
            return Err(StoreError::AlreadyExists(meta.id));
        }
        fail::fail_point!("create-before-index", |_| crate::failpoints::crash(
            "create-before-index"
        ));
        self.index_session(&meta).await
    }

    /// Lists a session in the lobby indexes. They live outside the session's hash slot
    /// (Redis Cluster), so they are written after the create script; a replica that died
    /// in between left the session unlisted, and the retry of its CreateSession lists it
    /// again (`Lobby::relist`). `NX` keeps the first creation time; listing reads
    /// the record, so the entry of a session that has filled up since is skipped, never
    /// shown as open.
    pub(super) async fn index_session(&self, meta: &SessionMeta) -> Result<(), StoreError> {
        let mut index = vec![self.all_key()];
        if meta.open_seats() > 0 && !meta.private() {
            index.push(self.lobby_key());
        }
        let mut adds: Vec<redis::Cmd> = index
            .iter()
            .map(|key| {
                let mut cmd = redis::cmd("ZADD");
                cmd.arg(key)
                    .arg("NX")
                    .arg(meta.create_time_unix_ms)
                    .arg(&meta.id);
                cmd
            })
            .collect();
        // Seats bound at creation (a rematch's players) list it among their sessions.
        for player in meta.seats.iter().filter_map(|s| s.player_id.as_deref()) {
            adds.extend(self.player_index_add(player, &meta.id));
        }
        self.each::<()>(&adds).await.map(drop)
    }

    /// `ZADD NX` of session `id` into `player_id`'s index, scored now, and the index's
    /// expiry pushed out to the abandoned TTL: the index of a player who joins nothing
    /// more goes when its sessions would have.
    pub(super) fn player_index_add(&self, player_id: &str, id: &str) -> [redis::Cmd; 2] {
        let key = self.player_key(player_id);
        let mut add = redis::cmd("ZADD");
        add.arg(&key).arg("NX").arg(now_ms()).arg(id);
        let mut expire = redis::cmd("EXPIRE");
        expire.arg(&key).arg(self.ttl_secs(false));
        [add, expire]
    }

    /// Takes a seat (or answers the record of a retry key that took one); the last seat
    /// taken leaves the lobby.
    pub(super) async fn claim(
        &self,
        id: &str,
        claim: SeatClaim,
    ) -> Result<(Claimed, SessionMeta), StoreError> {
        let keys = self.keys(id);
        let mut conn = self.conn();
        let (retry_key, record) = match &claim.retry {
            Some(retry) => (
                retry.key.as_str(),
                format!("{} {}", retry.fingerprint, retry.salt),
            ),
            None => ("", String::new()),
        };
        // The player's index is outside the session's slot, so it cannot be written by the
        // script: it is written before it, so that a replica dying after the claim leaves
        // nothing missing. A claim that then fails leaves an entry that no longer seats the
        // player, which the listing drops when it meets it.
        if let Some(player) = &claim.player_id {
            self.each::<()>(&self.player_index_add(player, id)).await?;
        }
        let reply: Value = self
            .call(
                self.inner
                    .scripts
                    .claim
                    .key(&keys.meta)
                    .key(&keys.snap)
                    .key(&keys.log)
                    .key(&keys.req)
                    .key(&keys.join)
                    .arg(claim.seat.map_or(-1, i64::from))
                    .arg(&claim.player_name)
                    .arg(&claim.token_hash)
                    .arg(self.ttl_secs(false))
                    .arg(retry_key)
                    .arg(record)
                    .arg(now_ms())
                    .arg(claim.player_id.as_deref().unwrap_or(""))
                    .arg(if claim.allow_multiple { "1" } else { "0" })
                    .invoke_async(&mut conn),
            )
            .await?;
        let reply = ScriptReply::parse(reply)?;
        let index = match reply.status.as_str() {
            "ok" => reply.a,
            "held" => {
                let row = super::records::meta_row(&self.meta_hash(id).await?)?;
                return Ok((Claimed::Held(seat_index(reply.a)?), row.meta));
            }
            "before" => {
                let record = join_record(retry_key, reply.text.as_deref().unwrap_or_default())?;
                let row = super::records::meta_row(&self.meta_hash(id).await?)?;
                return Ok((Claimed::Before(record), row.meta));
            }
            "missing" => return Err(StoreError::NotFound(id.to_string())),
            "nosuch" => {
                return Err(StoreError::NoSuchSeat {
                    seat: claim.seat.unwrap_or_default(),
                    seats: reply.a as usize,
                })
            }
            "taken" => return Err(StoreError::SeatTaken(reply.a as u8)),
            "full" => return Err(StoreError::SessionFull),
            other => return Err(StoreError::Corrupt(format!("claim answered {other:?}"))),
        };
        if reply.b <= 0 {
            self.call(
                redis::cmd("ZREM")
                    .arg(self.lobby_key())
                    .arg(id)
                    .query_async::<()>(&mut conn),
            )
            .await?;
        }
        let row = super::records::meta_row(&self.meta_hash(id).await?)?;
        Ok((Claimed::Taken(Seat(index as u8)), row.meta))
    }

    /// Gives back the seat `token_hash` holds while seats are still open. The session
    /// stays in the lobby index: it has been there since its creation, as only a claim
    /// that fills the last seat takes it out, and then no seat can be given back.
    pub(super) async fn release(
        &self,
        id: &str,
        token_hash: &str,
    ) -> Result<(Option<Seat>, SessionMeta), StoreError> {
        let keys = self.keys(id);
        let mut conn = self.conn();
        let reply: Value = self
            .call(
                self.inner
                    .scripts
                    .release
                    .key(&keys.meta)
                    .key(&keys.snap)
                    .key(&keys.log)
                    .key(&keys.req)
                    .key(&keys.join)
                    .arg(token_hash)
                    .arg(self.ttl_secs(false))
                    .invoke_async(&mut conn),
            )
            .await?;
        let reply = ScriptReply::parse(reply)?;
        let seat = match reply.status.as_str() {
            "ok" => Some(seat_index(reply.a)?),
            "none" => None,
            "started" => return Err(StoreError::GameStarted),
            "missing" => return Err(StoreError::NotFound(id.to_string())),
            other => return Err(StoreError::Corrupt(format!("release answered {other:?}"))),
        };
        let row = super::records::meta_row(&self.meta_hash(id).await?)?;
        Ok((seat, row.meta))
    }

    /// One compare-and-set on the version that also appends the log and records the
    /// request id.
    /// Stores a rebuilt snapshot if the session is still at `version` (`snapshot.lua`).
    pub(super) async fn replace_snapshot_at(
        &self,
        id: &str,
        version: u64,
        state: &Table,
    ) -> Result<bool, StoreError> {
        let keys = self.keys(id);
        let snapshot = codec::encode_snapshot(state)?;
        let mut conn = self.conn();
        let stored: i64 = self
            .call(
                self.inner
                    .scripts
                    .snapshot
                    .key(&keys.meta)
                    .key(&keys.snap)
                    .arg(version)
                    .arg(snapshot)
                    .invoke_async(&mut conn),
            )
            .await?;
        Ok(stored == 1)
    }

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
        let kind = commit.state.game.kind();
        let entry = codec::encode_entry(kind, &commit.entry)?;
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
                    .key(&keys.join)
                    // Only their expiry: the chat lives as long as the session.
                    .key(&keys.chat)
                    .key(&keys.chatreq)
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
        let ScriptReply { status, a: n, .. } = ScriptReply::parse(reply)?;
        match status.as_str() {
            "ok" if finished => {
                // The move is committed whatever happens here: a log left uncompacted
                // is only bigger.
                if let Err(e) = self.compact(id, kind, version).await {
                    if let Some(suppressed) = crate::throttle::admit("log_compaction") {
                        tracing::warn!(suppressed, session = id, error = %e, "a finished log was not compacted");
                    }
                }
                Ok(CommitResult::Committed(n as u64))
            }
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

impl RedisStore {
    /// Replaces the log stream of a session finished at `version` by one compacted record
    /// (codec format 3), about a fifteenth of the stream's memory.
    async fn compact(
        &self,
        id: &str,
        kind: agora_engine::registry::GameKind,
        version: u64,
    ) -> Result<(), StoreError> {
        let entries = self.range(id, 1, Some(version), version as usize).await?;
        if entries.len() as u64 != version {
            return Err(StoreError::Corrupt(format!(
                "{} of {version} log entries found",
                entries.len()
            )));
        }
        let blob = codec::encode_log_blob(kind, &entries)?;
        let keys = self.keys(id);
        let mut conn = self.conn();
        let _: i64 = self
            .call(
                self.inner
                    .scripts
                    .compact
                    .key(&keys.meta)
                    .key(&keys.log)
                    .key(&keys.logz)
                    .arg(version)
                    .arg(blob)
                    .arg(self.ttl_secs(true))
                    .invoke_async(&mut conn),
            )
            .await?;
        Ok(())
    }
}

/// A script's `{status, number, number, text}` reply (the numbers 0 and the text `None`
/// when absent).
struct ScriptReply {
    status: String,
    a: i64,
    b: i64,
    text: Option<String>,
}

impl ScriptReply {
    fn parse(value: Value) -> Result<ScriptReply, StoreError> {
        let items = match value {
            Value::Array(items) => items,
            other => {
                return Err(StoreError::Corrupt(format!(
                    "unexpected script reply {other:?}"
                )))
            }
        };
        let mut it = items.into_iter();
        let status = match it.next().and_then(text) {
            Some(status) => status,
            None => {
                return Err(StoreError::Corrupt(
                    "a script reply lacks its status".into(),
                ))
            }
        };
        let mut num = || match it.next() {
            Some(Value::Int(n)) => n,
            _ => 0,
        };
        let a = num();
        let b = num();
        Ok(ScriptReply {
            status,
            a,
            b,
            text: it.next().and_then(text),
        })
    }
}

fn text(value: Value) -> Option<String> {
    match value {
        Value::BulkString(b) => Some(String::from_utf8_lossy(&b).into_owned()),
        Value::SimpleString(s) => Some(s),
        _ => None,
    }
}

/// A seat number a script answered.
fn seat_index(n: i64) -> Result<Seat, StoreError> {
    u8::try_from(n)
        .map(Seat)
        .map_err(|_| StoreError::Corrupt(format!("a script answered seat {n}")))
}

/// A join hash value `<seat> <fingerprint> <salt>` as the record of `key`.
fn join_record(key: &str, value: &str) -> Result<JoinRecord, StoreError> {
    let corrupt = || StoreError::Corrupt(format!("join record {value:?}"));
    let mut parts = value.split(' ');
    let seat: u8 = parts
        .next()
        .and_then(|s| s.parse().ok())
        .ok_or_else(corrupt)?;
    let (Some(fingerprint), Some(salt), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(corrupt());
    };
    Ok(JoinRecord {
        key: key.to_string(),
        fingerprint: fingerprint.to_string(),
        salt: salt.to_string(),
        seat: Seat(seat),
    })
}
