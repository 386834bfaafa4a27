//! The lobby: listing sessions from the two index sorted sets, which are kept honest
//! lazily (rows whose session expired leave both, full ones leave the lobby), and pruned
//! before the session cap refuses a create.

use super::records::meta_row;
use super::{RedisStore, PAGE};
use crate::store::{ListFilter, Lobby, SessionMeta, StoreError, Summary};
use async_trait::async_trait;
use std::collections::HashMap;

impl RedisStore {
    /// Takes `ids` out of the lobby index, and out of the index of all sessions when
    /// `everywhere`.
    async fn unindex(&self, ids: &[&String], everywhere: bool) -> Result<(), StoreError> {
        if ids.is_empty() {
            return Ok(());
        }
        let mut cmds = vec![redis::cmd("ZREM")];
        cmds[0].arg(self.lobby_key()).arg(ids);
        if everywhere {
            let mut all = redis::cmd("ZREM");
            all.arg(self.all_key()).arg(ids);
            cmds.push(all);
        }
        self.each::<()>(&cmds).await.map(drop)
    }

    /// Removes sessions whose keys are gone from both indexes; returns how many remain.
    pub(super) async fn prune_index(&self) -> Result<usize, StoreError> {
        let mut conn = self.conn();
        let ids: Vec<String> = self
            .call(
                redis::cmd("ZRANGE")
                    .arg(self.all_key())
                    .arg(0)
                    .arg(-1)
                    .query_async(&mut conn),
            )
            .await?;
        let mut alive = 0;
        for chunk in ids.chunks(PAGE) {
            let probes: Vec<redis::Cmd> = chunk
                .iter()
                .map(|id| {
                    let mut cmd = redis::cmd("EXISTS");
                    cmd.arg(self.keys(id).meta);
                    cmd
                })
                .collect();
            let exists: Vec<i64> = self.each(&probes).await?;
            let gone: Vec<&String> = chunk
                .iter()
                .zip(&exists)
                .filter(|(_, e)| **e == 0)
                .map(|(id, _)| id)
                .collect();
            alive += chunk.len() - gone.len();
            self.unindex(&gone, true).await?;
        }
        Ok(alive)
    }
}

#[async_trait]
impl Lobby for RedisStore {
    /// Lobby rows, newest first.
    async fn list(&self, filter: &ListFilter) -> Result<Vec<Summary>, StoreError> {
        let index = if filter.include_full {
            self.all_key()
        } else {
            self.lobby_key()
        };
        let mut conn = self.conn();
        let mut rows = Vec::new();
        let mut offset = 0usize;
        let page = filter.limit.clamp(16, PAGE);
        while rows.len() < filter.limit {
            let ids: Vec<String> = self
                .call(
                    redis::cmd("ZREVRANGE")
                        .arg(&index)
                        .arg(offset)
                        .arg(offset + page - 1)
                        .query_async(&mut conn),
                )
                .await?;
            if ids.is_empty() {
                break;
            }
            offset += ids.len();
            let reads: Vec<redis::Cmd> = ids
                .iter()
                .map(|id| {
                    let mut cmd = redis::cmd("HGETALL");
                    cmd.arg(self.keys(id).meta);
                    cmd
                })
                .collect();
            let hashes: Vec<HashMap<String, Vec<u8>>> = self.each(&reads).await?;
            let mut gone = Vec::new();
            let mut full = Vec::new();
            for (id, hash) in ids.iter().zip(hashes) {
                if hash.is_empty() {
                    gone.push(id);
                    continue;
                }
                let row = match meta_row(&hash) {
                    Ok(row) => row,
                    Err(e) => {
                        tracing::warn!(session = %id, error = %e, "unreadable session in the index");
                        continue;
                    }
                };
                let open = row.meta.open_seats() > 0;
                if !open {
                    full.push(id);
                }
                let game_ok = filter
                    .game_id
                    .as_deref()
                    .is_none_or(|g| g == row.meta.game_id);
                let listed = game_ok && !row.meta.private();
                if listed && (filter.include_full || open) && rows.len() < filter.limit {
                    rows.push(Summary {
                        updated_ms: row.updated_ms,
                        meta: row.meta,
                        version: row.version,
                        to_act: row.to_act,
                        outcome: row.outcome,
                    });
                }
            }
            // Keep the indexes honest: expired sessions leave both, full ones the lobby.
            if !gone.is_empty() || !full.is_empty() {
                self.unindex(&gone, true).await?;
                self.unindex(&full, false).await?;
                if !filter.include_full {
                    // Removed rows shift the lobby's ranks down.
                    offset -= gone.len() + full.len();
                } else {
                    offset -= gone.len();
                }
            }
        }
        Ok(rows)
    }

    /// The sessions `player_id` holds a seat in (see `Lobby::player_sessions`):
    /// each indexed session's meta row is read; gone ones, and ones that no longer seat
    /// the player (it left), leave the index.
    async fn player_sessions(
        &self,
        player_id: &str,
        limit: usize,
    ) -> Result<Vec<Summary>, StoreError> {
        if limit == 0 {
            return Ok(Vec::new());
        }
        let key = self.player_key(player_id);
        let mut conn = self.conn();
        let ids: Vec<String> = self
            .call(
                redis::cmd("ZREVRANGE")
                    .arg(&key)
                    .arg(0)
                    .arg(limit - 1)
                    .query_async(&mut conn),
            )
            .await?;
        let mut rows = Vec::new();
        let mut stale = Vec::new();
        for chunk in ids.chunks(PAGE) {
            let reads: Vec<redis::Cmd> = chunk
                .iter()
                .map(|id| {
                    let mut cmd = redis::cmd("HGETALL");
                    cmd.arg(self.keys(id).meta);
                    cmd
                })
                .collect();
            let hashes: Vec<HashMap<String, Vec<u8>>> = self.each(&reads).await?;
            for (id, hash) in chunk.iter().zip(hashes) {
                if hash.is_empty() {
                    stale.push(id.clone());
                    continue;
                }
                match meta_row(&hash) {
                    Ok(row) if row.meta.seat_of_player(player_id).is_some() => rows.push(Summary {
                        updated_ms: row.updated_ms,
                        meta: row.meta,
                        version: row.version,
                        to_act: row.to_act,
                        outcome: row.outcome,
                    }),
                    Ok(_) => stale.push(id.clone()),
                    Err(e) => {
                        tracing::warn!(session = %id, error = %e, "unreadable session in a player's index");
                    }
                }
            }
        }
        if !stale.is_empty() {
            self.call(
                redis::cmd("ZREM")
                    .arg(&key)
                    .arg(&stale)
                    .query_async::<()>(&mut conn),
            )
            .await?;
        }
        Ok(rows)
    }

    async fn set_rematch(&self, id: &str, rematch: &str) -> Result<String, StoreError> {
        let keys = self.keys(id);
        let mut conn = self.conn();
        // One slot (the session's keys): a pipeline is atomic enough here, as HSETNX alone
        // decides and HGET only reads its result.
        let (_, recorded): ((), Option<String>) = self
            .call(
                redis::pipe()
                    .atomic()
                    .cmd("HSETNX")
                    .arg(&keys.meta)
                    .arg("rematch")
                    .arg(rematch)
                    .ignore()
                    .cmd("HGET")
                    .arg(&keys.meta)
                    .arg("rematch")
                    .query_async::<(Option<String>,)>(&mut conn),
            )
            .await
            .map(|(r,)| ((), r))?;
        recorded.ok_or_else(|| StoreError::NotFound(id.to_string()))
    }

    async fn relist(&self, meta: &SessionMeta) -> Result<(), StoreError> {
        self.index_session(meta).await
    }
}
