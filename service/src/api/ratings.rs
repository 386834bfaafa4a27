//! GetRating, GetLeaderboard, GetLeaderboardAroundMe: reads of the ratings role (see
//! [`crate::ratings`]). Ratings are public, as on every site that rates: anyone may read
//! anyone's; only "around me" needs a signed-in caller.

use super::errors::ApiError;
use super::GameApi;
use crate::auth::AuthError;
use crate::identity::Caller;
use crate::ratings::glicko2::Rating;
use crate::ratings::pools::{self, PoolId};
use crate::store::now_ms;
use crate::store::ratings::{PlayerRating, Ranked};
use agora_engine::FieldViolation;
use agora_proto::v1 as pb;
use base64::Engine;

const DEFAULT_PAGE: usize = 50;
const MAX_PAGE: usize = 500;
const DEFAULT_AROUND: usize = 5;
const MAX_AROUND: usize = 50;

fn pool(field: &'static str, value: &str) -> Result<PoolId, ApiError> {
    if value.is_empty() {
        return Err(FieldViolation::new(
            field,
            "required: a pool id such as \"origin/standard-2p\".",
        )
        .into());
    }
    PoolId::parse(value).ok_or_else(|| ApiError::UnknownPool {
        field,
        value: value.chars().take(128).collect(),
    })
}

fn check_player_id(id: &str) -> Result<(), FieldViolation> {
    if id.len() > crate::identity::MAX_PLAYER_ID_LEN {
        return Err(FieldViolation::new(
            "player_id",
            format!(
                "a player id (a token's `sub`) of at most {} bytes.",
                crate::identity::MAX_PLAYER_ID_LEN
            ),
        ));
    }
    Ok(())
}

fn entry_out(row: &Ranked, now: i64) -> pb::LeaderboardEntry {
    pb::LeaderboardEntry {
        rank: row.rank,
        player_id: row.player_id.clone(),
        player_name: row.record.name.clone(),
        rating: row.record.rating,
        deviation: row.record.at(now).deviation,
        games: row.record.games,
    }
}

fn rating_out(
    pool: &PoolId,
    player_id: &str,
    record: Option<&PlayerRating>,
    rank: Option<(u64, bool)>,
    now: i64,
) -> pb::PlayerRating {
    let rating = record.map_or(Rating::NEW, |r| r.at(now));
    pb::PlayerRating {
        pool_id: pool.to_string(),
        player_id: player_id.to_string(),
        player_name: record.map(|r| r.name.clone()).unwrap_or_default(),
        rating: rating.rating,
        deviation: rating.deviation,
        volatility: rating.volatility,
        games: record.map_or(0, |r| r.games),
        provisional: record.is_none_or(|r| r.provisional()),
        last_rated_unix_ms: record.map_or(0, |r| r.last_rated_ms),
        rank: rank.map_or(0, |(rank, _)| rank),
    }
}

/// A page token: the pool, the list and the offset of the next row.
fn encode_token(pool: &PoolId, provisional: bool, offset: u64) -> String {
    let text = format!("{}|{}|{offset}", pool.as_str(), u8::from(provisional));
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(text)
}

fn decode_token(token: &str, pool: &PoolId, provisional: bool) -> Result<u64, FieldViolation> {
    let bad = || {
        FieldViolation::new(
            "page_token",
            "is not a token this call returned for this pool and list.",
        )
    };
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(token)
        .map_err(|_| bad())?;
    let text = String::from_utf8(bytes).map_err(|_| bad())?;
    let mut parts = text.split('|');
    let (Some(p), Some(list), Some(offset), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad());
    };
    if p != pool.as_str() || list != if provisional { "1" } else { "0" } {
        return Err(bad());
    }
    offset.parse().map_err(|_| bad())
}

impl GameApi {
    #[tracing::instrument(skip_all)]
    pub(crate) async fn rating(
        &self,
        request: pb::GetRatingRequest,
        caller: Caller,
    ) -> Result<pb::GetRatingResponse, ApiError> {
        let player_id = match (request.player_id.as_str(), &caller) {
            ("", Caller::Player(player)) => player.id.clone(),
            ("", _) => return Err(AuthError::PlayerRequired.into()),
            (id, _) => {
                check_player_id(id)?;
                id.to_string()
            }
        };
        let asked: Vec<PoolId> = match (request.pool_id.as_str(), request.game_id.as_str()) {
            ("", "") => {
                return Err(FieldViolation::new(
                    "pool_id",
                    "set pool_id (\"origin/standard-2p\") or game_id (every pool of the game).",
                )
                .into())
            }
            (pool_id, "") => vec![pool("pool_id", pool_id)?],
            ("", game_id) => {
                let of_game: Vec<PoolId> =
                    pools::of_game(game_id).into_iter().map(|p| p.id).collect();
                if of_game.is_empty() {
                    return Err(ApiError::UnknownPool {
                        field: "game_id",
                        value: game_id.chars().take(128).collect(),
                    });
                }
                of_game
            }
            _ => {
                return Err(
                    FieldViolation::new("game_id", "set pool_id or game_id, not both.").into(),
                )
            }
        };
        let now = now_ms();
        let mut ratings = Vec::with_capacity(asked.len());
        for pool in &asked {
            let record = self
                .store
                .ratings()
                .records(pool, std::slice::from_ref(&player_id))
                .await?
                .into_iter()
                .next()
                .flatten();
            let rank = match record {
                Some(_) => self.store.ratings().rank(pool, &player_id).await?,
                None => None,
            };
            ratings.push(rating_out(pool, &player_id, record.as_ref(), rank, now));
        }
        Ok(pb::GetRatingResponse { ratings })
    }

    #[tracing::instrument(skip_all)]
    pub(crate) async fn leaderboard(
        &self,
        request: pb::GetLeaderboardRequest,
    ) -> Result<pb::GetLeaderboardResponse, ApiError> {
        let pool = pool("pool_id", &request.pool_id)?;
        let limit = match request.page_size as usize {
            0 => DEFAULT_PAGE,
            n => n.min(MAX_PAGE),
        };
        let offset = match request.page_token.as_str() {
            "" => 0,
            token => decode_token(token, &pool, request.provisional)?,
        };
        let (rows, total) = self
            .store
            .ratings()
            .leaderboard(&pool, request.provisional, offset, limit)
            .await?;
        let next = offset + limit as u64;
        let now = now_ms();
        Ok(pb::GetLeaderboardResponse {
            entries: rows.iter().map(|row| entry_out(row, now)).collect(),
            next_page_token: if next < total {
                encode_token(&pool, request.provisional, next)
            } else {
                String::new()
            },
            total_size: total,
        })
    }

    #[tracing::instrument(skip_all)]
    pub(crate) async fn leaderboard_around_me(
        &self,
        request: pb::GetLeaderboardAroundMeRequest,
        caller: Caller,
    ) -> Result<pb::GetLeaderboardAroundMeResponse, ApiError> {
        let Caller::Player(player) = caller else {
            return Err(AuthError::PlayerRequired.into());
        };
        let pool = pool("pool_id", &request.pool_id)?;
        let around = match request.count as usize {
            0 => DEFAULT_AROUND,
            n => n.min(MAX_AROUND),
        };
        let Some((rank, provisional)) = self.store.ratings().rank(&pool, &player.id).await? else {
            let (_, total) = self.store.ratings().leaderboard(&pool, false, 0, 0).await?;
            return Ok(pb::GetLeaderboardAroundMeResponse {
                rank: 0,
                provisional: false,
                entries: Vec::new(),
                total_size: total,
            });
        };
        let first = rank.saturating_sub(1).saturating_sub(around as u64);
        let rows_wanted = (rank - 1 - first) as usize + 1 + around;
        let (rows, total) = self
            .store
            .ratings()
            .leaderboard(&pool, provisional, first, rows_wanted)
            .await?;
        let now = now_ms();
        Ok(pb::GetLeaderboardAroundMeResponse {
            rank,
            provisional,
            entries: rows.iter().map(|row| entry_out(row, now)).collect(),
            total_size: total,
        })
    }
}
