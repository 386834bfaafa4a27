//! The lobby in memory: listings read every live slot; a player's sessions come from the
//! per-player index.

use super::{MemoryStore, Slot};
use crate::store::follow::Live;
use crate::store::{ListFilter, Lobby, StoreError, Summary};
use async_trait::async_trait;
use std::sync::Arc;
use tokio::time::Instant;

#[async_trait]
impl Lobby for MemoryStore {
    async fn list(&self, filter: &ListFilter) -> Result<Vec<Summary>, StoreError> {
        let slots: Vec<Arc<Slot>> = {
            let sessions = self.sessions.read().unwrap_or_else(|p| p.into_inner());
            sessions.values().cloned().collect()
        };
        let now = Instant::now();
        let mut rows: Vec<Summary> = slots
            .iter()
            .filter_map(|slot| {
                let data = slot.lock();
                if data.expired(&self.expiry, now) {
                    return None;
                }
                let meta = &data.meta;
                let game_ok = filter.game_id.as_deref().is_none_or(|g| g == meta.game_id);
                let open_ok = filter.include_full || meta.open_seats() > 0;
                (game_ok && open_ok && !meta.private()).then(|| Summary {
                    meta: meta.clone(),
                    updated_ms: data.updated_ms,
                    version: data.version,
                    to_act: data.to_act.clone(),
                    outcome: data.outcome.clone(),
                })
            })
            .collect();
        rows.sort_by(|a, b| {
            (b.meta.create_time_unix_ms, &b.meta.id).cmp(&(a.meta.create_time_unix_ms, &a.meta.id))
        });
        rows.truncate(filter.limit);
        Ok(rows)
    }

    async fn player_sessions(
        &self,
        player_id: &str,
        limit: usize,
    ) -> Result<Vec<Summary>, StoreError> {
        let mut ids: Vec<(String, i64)> = {
            let players = self.players.lock().unwrap_or_else(|p| p.into_inner());
            players
                .get(player_id)
                .map(|m| m.iter().map(|(id, at)| (id.clone(), *at)).collect())
                .unwrap_or_default()
        };
        ids.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        ids.truncate(limit);
        let mut rows = Vec::new();
        let mut stale = Vec::new();
        for (id, _) in ids {
            let row = self.slot(&id).ok().and_then(|slot| {
                let data = slot.lock();
                data.meta.seat_of_player(player_id).map(|_| Summary {
                    meta: data.meta.clone(),
                    updated_ms: data.updated_ms,
                    version: data.version,
                    to_act: data.to_act.clone(),
                    outcome: data.outcome.clone(),
                })
            });
            match row {
                Some(row) => rows.push(row),
                None => stale.push(id),
            }
        }
        if !stale.is_empty() {
            let mut players = self.players.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(mine) = players.get_mut(player_id) {
                for id in &stale {
                    mine.remove(id);
                }
                if mine.is_empty() {
                    players.remove(player_id);
                }
            }
        }
        Ok(rows)
    }

    async fn set_rematch(&self, id: &str, rematch: &str) -> Result<String, StoreError> {
        let slot = self.slot(id)?;
        let mut data = slot.lock();
        let recorded = data
            .meta
            .rematch
            .get_or_insert_with(|| rematch.to_string())
            .clone();
        if let Some(live) = &data.live {
            let _ = live.send(Live::Rematch(recorded.clone()));
        }
        Ok(recorded)
    }
}
