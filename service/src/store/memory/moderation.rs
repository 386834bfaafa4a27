//! Mutes, blocks and reports in memory, under one lock.

use super::MemoryStore;
use crate::store::moderation::{Moderation, Relation, Report};
use crate::store::StoreError;
use async_trait::async_trait;
use std::collections::{BTreeSet, HashMap};

#[derive(Default)]
pub(super) struct MemoryModeration {
    muted: HashMap<String, BTreeSet<String>>,
    blocked: HashMap<String, BTreeSet<String>>,
    blocked_by: HashMap<String, BTreeSet<String>>,
    /// In the order kept.
    reports: Vec<Report>,
}

fn edit(map: &mut HashMap<String, BTreeSet<String>>, key: &str, member: &str, on: bool) {
    if on {
        map.entry(key.to_string())
            .or_default()
            .insert(member.to_string());
    } else if let Some(set) = map.get_mut(key) {
        set.remove(member);
        if set.is_empty() {
            map.remove(key);
        }
    }
}

fn members(map: &HashMap<String, BTreeSet<String>>, key: &str) -> Vec<String> {
    map.get(key)
        .map(|s| s.iter().cloned().collect())
        .unwrap_or_default()
}

#[async_trait]
impl Moderation for MemoryStore {
    async fn set(
        &self,
        player: &str,
        relation: Relation,
        target: &str,
        on: bool,
    ) -> Result<(), StoreError> {
        let mut m = self.moderation.lock().unwrap_or_else(|p| p.into_inner());
        match relation {
            Relation::Muted => edit(&mut m.muted, player, target, on),
            Relation::Blocked => {
                edit(&mut m.blocked, player, target, on);
                edit(&mut m.blocked_by, target, player, on);
            }
        }
        Ok(())
    }

    async fn list(&self, player: &str, relation: Relation) -> Result<Vec<String>, StoreError> {
        let m = self.moderation.lock().unwrap_or_else(|p| p.into_inner());
        Ok(match relation {
            Relation::Muted => members(&m.muted, player),
            Relation::Blocked => members(&m.blocked, player),
        })
    }

    async fn blocked_by(&self, player: &str) -> Result<Vec<String>, StoreError> {
        let m = self.moderation.lock().unwrap_or_else(|p| p.into_inner());
        Ok(members(&m.blocked_by, player))
    }

    async fn report(&self, report: Report) -> Result<Report, StoreError> {
        let mut m = self.moderation.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(kept) = m.reports.iter().find(|r| r.id == report.id) {
            return Ok(kept.clone());
        }
        m.reports.push(report.clone());
        Ok(report)
    }

    async fn reports(&self, limit: usize) -> Result<Vec<Report>, StoreError> {
        let m = self.moderation.lock().unwrap_or_else(|p| p.into_inner());
        Ok(m.reports.iter().rev().take(limit).cloned().collect())
    }
}
