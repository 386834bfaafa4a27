//! Ratings in memory: the Redis layout's rules under one lock (records by pool and player,
//! two ordered lists per pool, the applied sessions).

use super::MemoryStore;
use crate::ratings::pools::PoolId;
use crate::store::ratings::{Applied, PlayerRating, Ranked, RatingWrite, Ratings, APPLIED_KEPT_MS};
use crate::store::StoreError;
use async_trait::async_trait;
use std::cmp::{Ordering, Reverse};
use std::collections::{BTreeSet, HashMap};

/// A rating ordered as a sorted set's score.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Score(f64);

impl Eq for Score {}
impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Score {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// Best first; equal ratings by player id, descending (as Redis's ZREVRANGE).
type Board = BTreeSet<(Reverse<Score>, Reverse<String>)>;

#[derive(Default)]
struct Pool {
    records: HashMap<String, PlayerRating>,
    established: Board,
    provisional: Board,
}

/// Every pool's ratings of [`MemoryStore`].
#[derive(Default)]
pub(super) struct MemoryRatings {
    pools: HashMap<PoolId, Pool>,
    /// Applied session ids, with when.
    applied: HashMap<String, i64>,
}

#[async_trait]
impl Ratings for MemoryStore {
    async fn records(
        &self,
        pool: &PoolId,
        players: &[String],
    ) -> Result<Vec<Option<PlayerRating>>, StoreError> {
        let ratings = self.ratings.lock().unwrap_or_else(|p| p.into_inner());
        let records = ratings.pools.get(pool).map(|p| &p.records);
        Ok(players
            .iter()
            .map(|player| records.and_then(|r| r.get(player)).cloned())
            .collect())
    }

    async fn apply(
        &self,
        pool: &PoolId,
        session_id: &str,
        writes: &[RatingWrite],
        now_ms: i64,
    ) -> Result<Applied, StoreError> {
        let mut ratings = self.ratings.lock().unwrap_or_else(|p| p.into_inner());
        let ratings = &mut *ratings;
        ratings
            .applied
            .retain(|_, at| *at > now_ms - APPLIED_KEPT_MS);
        if ratings.applied.contains_key(session_id) {
            return Ok(Applied::AlreadyApplied);
        }
        let entry = ratings.pools.entry(pool.clone()).or_default();
        for write in writes {
            let revision = entry
                .records
                .get(&write.player_id)
                .map_or(0, |r| r.revision);
            if revision != write.expected_revision {
                return Ok(Applied::Moved);
            }
        }
        for write in writes {
            let member =
                |r: &PlayerRating| (Reverse(Score(r.rating)), Reverse(write.player_id.clone()));
            if let Some(old) = entry.records.get(&write.player_id) {
                entry.established.remove(&member(old));
                entry.provisional.remove(&member(old));
            }
            let board = if write.record.provisional() {
                &mut entry.provisional
            } else {
                &mut entry.established
            };
            board.insert(member(&write.record));
            entry
                .records
                .insert(write.player_id.clone(), write.record.clone());
        }
        ratings.applied.insert(session_id.to_string(), now_ms);
        Ok(Applied::Done)
    }

    async fn leaderboard(
        &self,
        pool: &PoolId,
        provisional: bool,
        offset: u64,
        limit: usize,
    ) -> Result<(Vec<Ranked>, u64), StoreError> {
        let ratings = self.ratings.lock().unwrap_or_else(|p| p.into_inner());
        let Some(entry) = ratings.pools.get(pool) else {
            return Ok((Vec::new(), 0));
        };
        let board = if provisional {
            &entry.provisional
        } else {
            &entry.established
        };
        let rows = board
            .iter()
            .enumerate()
            .skip(usize::try_from(offset).unwrap_or(usize::MAX))
            .take(limit)
            .filter_map(|(i, (_, Reverse(player)))| {
                entry.records.get(player).map(|record| Ranked {
                    rank: i as u64 + 1,
                    player_id: player.clone(),
                    record: record.clone(),
                })
            })
            .collect();
        Ok((rows, board.len() as u64))
    }

    async fn rank(&self, pool: &PoolId, player: &str) -> Result<Option<(u64, bool)>, StoreError> {
        let ratings = self.ratings.lock().unwrap_or_else(|p| p.into_inner());
        let Some(entry) = ratings.pools.get(pool) else {
            return Ok(None);
        };
        let Some(record) = entry.records.get(player) else {
            return Ok(None);
        };
        let provisional = record.provisional();
        let board = if provisional {
            &entry.provisional
        } else {
            &entry.established
        };
        let member = (Reverse(Score(record.rating)), Reverse(player.to_string()));
        Ok(Some((
            board.range(..&member).count() as u64 + 1,
            provisional,
        )))
    }
}
