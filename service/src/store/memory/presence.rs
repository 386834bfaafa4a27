//! Presence marks and player leases in memory.

use super::MemoryStore;
use crate::store::{now_ms, Presence, StoreError};
use async_trait::async_trait;
use std::collections::HashMap;

/// Presence marks and join leases, under one lock.
#[derive(Default)]
pub(super) struct MemoryPresence {
    /// (session, player) -> present until (ms).
    present: HashMap<(String, String), i64>,
    /// Per player: the holder of its join lease and until when.
    leases: HashMap<String, (String, i64)>,
}

#[async_trait]
impl Presence for MemoryStore {
    async fn mark_present(&self, id: &str, player_id: &str, ttl_ms: i64) -> Result<(), StoreError> {
        let now = now_ms();
        let mut presence = self.presence.lock().unwrap_or_else(|p| p.into_inner());
        presence.present.retain(|_, until| *until > now);
        presence
            .present
            .insert((id.to_string(), player_id.to_string()), now + ttl_ms);
        Ok(())
    }

    async fn is_present(&self, id: &str, player_id: &str) -> Result<bool, StoreError> {
        let presence = self.presence.lock().unwrap_or_else(|p| p.into_inner());
        Ok(presence
            .present
            .get(&(id.to_string(), player_id.to_string()))
            .is_some_and(|until| *until > now_ms()))
    }

    async fn lock_player(
        &self,
        player_id: &str,
        holder: &str,
        ttl_ms: i64,
    ) -> Result<bool, StoreError> {
        let now = now_ms();
        let mut presence = self.presence.lock().unwrap_or_else(|p| p.into_inner());
        let leases = &mut presence.leases;
        leases.retain(|_, (_, until)| *until > now);
        if leases.contains_key(player_id) {
            return Ok(false);
        }
        leases.insert(player_id.to_string(), (holder.to_string(), now + ttl_ms));
        Ok(true)
    }

    async fn unlock_player(&self, player_id: &str, holder: &str) -> Result<(), StoreError> {
        let mut presence = self.presence.lock().unwrap_or_else(|p| p.into_inner());
        let leases = &mut presence.leases;
        if leases.get(player_id).is_some_and(|(h, _)| h == holder) {
            leases.remove(player_id);
        }
        Ok(())
    }
}
