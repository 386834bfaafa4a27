//! Mutes, blocks and reports on Redis (keys in `mod.rs`). A block is two set writes in two
//! players' slots, each idempotent: a replica dying between them leaves a block known to
//! one side only, which a repeat of the call completes.

use super::RedisStore;
use crate::store::moderation::{Moderation, Relation, Report};
use crate::store::StoreError;
use async_trait::async_trait;

fn set_name(relation: Relation) -> &'static str {
    match relation {
        Relation::Muted => "mutes",
        Relation::Blocked => "blocks",
    }
}

impl RedisStore {
    async fn members(&self, key: String) -> Result<Vec<String>, StoreError> {
        let mut conn = self.conn();
        let mut members: Vec<String> = self
            .call(redis::cmd("SMEMBERS").arg(key).query_async(&mut conn))
            .await?;
        members.sort();
        Ok(members)
    }
}

#[async_trait]
impl Moderation for RedisStore {
    async fn set(
        &self,
        player: &str,
        relation: Relation,
        target: &str,
        on: bool,
    ) -> Result<(), StoreError> {
        let command = if on { "SADD" } else { "SREM" };
        let mut cmds = vec![redis::cmd(command)
            .arg(self.player_set_key(player, set_name(relation)))
            .arg(target)
            .to_owned()];
        if relation == Relation::Blocked {
            cmds.push(
                redis::cmd(command)
                    .arg(self.player_set_key(target, "blockedby"))
                    .arg(player)
                    .to_owned(),
            );
        }
        self.each::<i64>(&cmds).await?;
        Ok(())
    }

    async fn list(&self, player: &str, relation: Relation) -> Result<Vec<String>, StoreError> {
        self.members(self.player_set_key(player, set_name(relation)))
            .await
    }

    async fn blocked_by(&self, player: &str) -> Result<Vec<String>, StoreError> {
        self.members(self.player_set_key(player, "blockedby")).await
    }

    async fn report(&self, report: Report) -> Result<Report, StoreError> {
        let (items, time) = self.report_keys();
        let mut conn = self.conn();
        let (added, kept): (i64, Option<Vec<u8>>) = self
            .call(
                redis::pipe()
                    .atomic()
                    .cmd("HSETNX")
                    .arg(&items)
                    .arg(&report.id)
                    .arg(report.encode()?)
                    .cmd("HGET")
                    .arg(&items)
                    .arg(&report.id)
                    .query_async(&mut conn),
            )
            .await?;
        if added == 1 {
            let _: i64 = self
                .call(
                    redis::cmd("ZADD")
                        .arg(&time)
                        .arg("NX")
                        .arg(report.time_ms)
                        .arg(&report.id)
                        .query_async(&mut conn),
                )
                .await?;
            return Ok(report);
        }
        match kept {
            Some(json) => Report::decode(&json),
            None => Ok(report),
        }
    }

    async fn reports(&self, limit: usize) -> Result<Vec<Report>, StoreError> {
        if limit == 0 {
            return Ok(Vec::new());
        }
        let (items, time) = self.report_keys();
        let mut conn = self.conn();
        let ids: Vec<String> = self
            .call(
                redis::cmd("ZRANGE")
                    .arg(&time)
                    .arg(0)
                    .arg(limit - 1)
                    .arg("REV")
                    .query_async(&mut conn),
            )
            .await?;
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let found: Vec<Option<Vec<u8>>> = self
            .call(
                redis::cmd("HMGET")
                    .arg(&items)
                    .arg(&ids)
                    .query_async(&mut conn),
            )
            .await?;
        found
            .into_iter()
            .flatten()
            .map(|j| Report::decode(&j))
            .collect()
    }
}
