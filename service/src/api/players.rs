//! ListMySessions: the signed-in player's sessions, its turn first, then waiting, then
//! finished, from the store's per-player index
//! ([`crate::store::Lobby::player_sessions`]).
//!
//! Pages are cut by a keyset cursor (group, last change, session id) rather than an
//! offset, so a session that changes between two pages is neither skipped nor repeated
//! unless it moves across the cursor.

use super::errors::ApiError;
use super::GameApi;
use crate::auth::{self, AuthError};
use crate::identity::Caller;
use crate::store::Summary;
use agora_engine::FieldViolation;
use agora_proto::v1 as pb;
use base64::Engine;

const DEFAULT_PAGE: usize = 50;
const MAX_PAGE: usize = 500;
/// Most sessions of one player read per call (its most recently joined).
pub const MAX_PLAYER_SESSIONS: usize = 1000;

/// Where a row sorts: group, then most recent change first, then id.
type SortKey = (i32, i64, String);

fn sort_key(group: pb::MySessionGroup, updated_ms: i64, id: &str) -> SortKey {
    (group as i32, -updated_ms, id.to_string())
}

fn group_of(summary: &Summary, seats: &[agora_engine::Seat]) -> pb::MySessionGroup {
    if summary.outcome.is_some() {
        pb::MySessionGroup::Finished
    } else if summary.meta.all_seats_taken() && summary.to_act.iter().any(|s| seats.contains(s)) {
        pb::MySessionGroup::YourTurn
    } else {
        pb::MySessionGroup::Waiting
    }
}

fn encode_cursor(key: &SortKey) -> String {
    let text = format!("{}:{}:{}", key.0, key.1, key.2);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(text)
}

fn decode_cursor(token: &str) -> Result<SortKey, FieldViolation> {
    let bad = || FieldViolation::new("page_token", "is not a token this call returned.");
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(token)
        .map_err(|_| bad())?;
    let text = String::from_utf8(bytes).map_err(|_| bad())?;
    let mut parts = text.splitn(3, ':');
    let group = parts.next().and_then(|g| g.parse().ok()).ok_or_else(bad)?;
    let updated = parts.next().and_then(|u| u.parse().ok()).ok_or_else(bad)?;
    let id = parts.next().ok_or_else(bad)?.to_string();
    Ok((group, updated, id))
}

impl GameApi {
    #[tracing::instrument(skip_all)]
    pub(crate) async fn my_sessions(
        &self,
        request: pb::ListMySessionsRequest,
        caller: Caller,
    ) -> Result<pb::ListMySessionsResponse, ApiError> {
        let Caller::Player(player) = caller else {
            return Err(AuthError::PlayerRequired.into());
        };
        let limit = match request.page_size as usize {
            0 => DEFAULT_PAGE,
            n => n.min(MAX_PAGE),
        };
        let after = match request.page_token.as_str() {
            "" => None,
            token => Some(decode_cursor(token)?),
        };
        let rows = self
            .store
            .lobby()
            .player_sessions(&player.id, MAX_PLAYER_SESSIONS)
            .await?;
        let mut items: Vec<(SortKey, pb::MySession)> = rows
            .iter()
            .map(|row| {
                let seats = auth::players_seats(&row.meta, &player.id);
                let group = group_of(row, &seats);
                let session = super::convert::session_out(
                    &row.meta,
                    row.version,
                    &row.to_act,
                    row.outcome.as_ref(),
                    &[],
                    &[],
                );
                (
                    sort_key(group, row.updated_ms, &row.meta.id),
                    pb::MySession {
                        session: Some(session),
                        seats: seats.iter().map(|s| u32::from(s.0)).collect(),
                        group: group as i32,
                        update_time_unix_ms: row.updated_ms,
                    },
                )
            })
            .filter(|(key, _)| after.as_ref().is_none_or(|after| key > after))
            .collect();
        items.sort_by(|a, b| a.0.cmp(&b.0));
        let next_page_token = if items.len() > limit {
            encode_cursor(&items[limit - 1].0)
        } else {
            String::new()
        };
        items.truncate(limit);
        Ok(pb::ListMySessionsResponse {
            sessions: items.into_iter().map(|(_, s)| s).collect(),
            next_page_token,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip_and_refuse_garbage() {
        let key = sort_key(pb::MySessionGroup::Waiting, 1234, "a:b");
        assert_eq!(decode_cursor(&encode_cursor(&key)).unwrap(), key);
        assert!(decode_cursor("not a cursor!").is_err());
        assert!(
            decode_cursor(&base64::engine::general_purpose::URL_SAFE_NO_PAD.encode("x")).is_err()
        );
    }
}
