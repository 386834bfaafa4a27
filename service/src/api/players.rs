//! ListMySessions: the signed-in player's sessions, its turn first, then waiting, then
//! finished, from the store's per-player index
//! ([`crate::store::Lobby::player_sessions`]) and, with an archive, every finished game
//! the archive holds (paged there by the same key, so with no cap).
//!
//! Pages are cut by a keyset cursor (group, last change, session id) rather than an
//! offset, so a session that changes between two pages is neither skipped nor repeated
//! unless it moves across the cursor.

use super::errors::ApiError;
use super::{finished, GameApi};
use crate::archive::history::{ArchiveCursor, GameFilter};
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
        let filter = GameFilter {
            game_id: Some(request.game_id.clone()).filter(|g| !g.is_empty()),
            result: finished::result_filter(request.result)?,
            finished_from_ms: finished::time_bound(
                "finished_after_unix_ms",
                request.finished_after_unix_ms,
            )?,
            finished_before_ms: finished::time_bound(
                "finished_before_unix_ms",
                request.finished_before_unix_ms,
            )?,
        };
        // A result or a date keeps finished sessions only.
        let finished_only = filter.result.is_some()
            || filter.finished_from_ms.is_some()
            || filter.finished_before_ms.is_some();
        let rows = self
            .store
            .lobby()
            .player_sessions(&player.id, MAX_PLAYER_SESSIONS)
            .await?;
        let mut items: Vec<(SortKey, pb::MySession)> = rows
            .iter()
            .filter(|row| kept(&filter, finished_only, row, &player.id))
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
        // Finished games the live store no longer keeps come from the archive, merged
        // into the finished group by the same key: the next `limit + 1` after the cursor.
        let finished = pb::MySessionGroup::Finished as i32;
        let archive_after = after
            .as_ref()
            .filter(|after| after.0 == finished)
            .map(|after| ArchiveCursor {
                finished_ms: -after.1,
                session_id: after.2.clone(),
            });
        if after.as_ref().is_none_or(|after| after.0 <= finished) {
            if let Some(archived) = self
                .archived_history(&player.id, &filter, archive_after.as_ref(), limit + 1)
                .await?
            {
                let live: std::collections::HashSet<String> =
                    rows.iter().map(|r| r.meta.id.clone()).collect();
                for (row, meta, session) in archived {
                    if live.contains(&row.session_id) {
                        continue;
                    }
                    let seats = auth::players_seats(&meta, &player.id);
                    items.push((
                        sort_key(
                            pb::MySessionGroup::Finished,
                            row.finished_ms,
                            &row.session_id,
                        ),
                        pb::MySession {
                            session: Some(session),
                            seats: seats.iter().map(|s| u32::from(s.0)).collect(),
                            group: finished,
                            update_time_unix_ms: row.finished_ms,
                        },
                    ));
                }
            }
        }
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

/// Whether a live session passes the request's filters (as the archive's query does).
fn kept(filter: &GameFilter, finished_only: bool, row: &Summary, player_id: &str) -> bool {
    if filter
        .game_id
        .as_ref()
        .is_some_and(|g| *g != row.meta.game_id)
    {
        return false;
    }
    if !finished_only {
        return true;
    }
    if row.outcome.is_none() {
        return false;
    }
    if filter
        .finished_from_ms
        .is_some_and(|from| row.updated_ms < from)
        || filter
            .finished_before_ms
            .is_some_and(|before| row.updated_ms >= before)
    {
        return false;
    }
    filter.result.is_none_or(|wanted| {
        auth::players_seats(&row.meta, player_id)
            .into_iter()
            .any(|seat| finished::seat_result(row.outcome.as_ref(), seat) == Some(wanted))
    })
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
