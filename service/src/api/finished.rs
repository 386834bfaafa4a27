//! The archive's listings (issue 36 items 4 and 5): ListFinishedSessions (finished games
//! of a game id between dates) and GetMyStatistics (a player's record per game), and the
//! archived part of ListMySessions' finished group ([`GameApi::archived_history`]).
//!
//! A listed game shows its session as GetSession shows a finished one to a spectator
//! (no state, no to-act seats), from the archived metadata and final snapshot.

use super::errors::ApiError;
use super::GameApi;
use crate::archive::history::{ArchiveCursor, GameFilter, GameRow, ResultFilter};
use crate::archive::Archive;
use crate::auth::{self, AuthError};
use crate::identity::Caller;
use crate::store::{codec, SessionMeta, StoreError};
use agora_engine::{FieldViolation, Outcome, RuleError};
use agora_proto::v1 as pb;
use base64::Engine;
use std::sync::Arc;

const DEFAULT_PAGE: usize = 50;
const MAX_PAGE: usize = 500;

/// A time bound of a request: 0 is none; a negative one is refused.
pub(super) fn time_bound(field: &str, ms: i64) -> Result<Option<i64>, FieldViolation> {
    match ms {
        0 => Ok(None),
        ms if ms < 0 => Err(FieldViolation::new(
            field,
            "must be milliseconds since the Unix epoch (0 for no bound), not negative.",
        )),
        ms => Ok(Some(ms)),
    }
}

pub(super) fn result_filter(value: i32) -> Result<Option<ResultFilter>, FieldViolation> {
    match pb::MyGameResult::try_from(value) {
        Ok(pb::MyGameResult::Unspecified) => Ok(None),
        Ok(pb::MyGameResult::Won) => Ok(Some(ResultFilter::Won)),
        Ok(pb::MyGameResult::Lost) => Ok(Some(ResultFilter::Lost)),
        Ok(pb::MyGameResult::Drawn) => Ok(Some(ResultFilter::Drawn)),
        Ok(pb::MyGameResult::Unfinished) => Ok(Some(ResultFilter::Unfinished)),
        Err(_) => Err(FieldViolation::new(
            "result",
            format!("{value} is not a MyGameResult."),
        )),
    }
}

/// How `seat` ended in `outcome`, as the archive records it (see
/// [`crate::archive::ArchivedGame::from_session`]); None without an outcome.
pub(super) fn seat_result(
    outcome: Option<&Outcome>,
    seat: agora_engine::Seat,
) -> Option<ResultFilter> {
    let standings = &outcome?.standings;
    let standing = standings.iter().find(|s| s.seat == seat)?;
    let all_first = standings.len() > 1 && standings.iter().all(|s| s.rank == 1);
    Some(match standing.rank {
        1 if all_first => ResultFilter::Drawn,
        1 => ResultFilter::Won,
        _ => ResultFilter::Lost,
    })
}

fn archive_off() -> ApiError {
    ApiError::Refused(RuleError::new(
        "ARCHIVE_OFF",
        "This server keeps no archive of finished games (it runs without --archive-url).",
    ))
}

fn encode_cursor(cursor: &ArchiveCursor) -> String {
    let text = format!("{}:{}", cursor.finished_ms, cursor.session_id);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(text)
}

fn decode_cursor(token: &str) -> Result<ArchiveCursor, FieldViolation> {
    let bad = || FieldViolation::new("page_token", "is not a token this call returned.");
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(token)
        .map_err(|_| bad())?;
    let text = String::from_utf8(bytes).map_err(|_| bad())?;
    let (ms, id) = text.split_once(':').ok_or_else(bad)?;
    Ok(ArchiveCursor {
        finished_ms: ms.parse().map_err(|_| bad())?,
        session_id: id.to_string(),
    })
}

fn page_size(requested: u32) -> usize {
    match requested as usize {
        0 => DEFAULT_PAGE,
        n => n.min(MAX_PAGE),
    }
}

/// An archived game's metadata and its session as a listing shows it.
pub(super) async fn listed(
    archive: &Arc<dyn Archive>,
    row: &GameRow,
) -> Result<(SessionMeta, pb::Session), ApiError> {
    let meta = codec::decode_meta(&row.meta)?;
    let outcome = match codec::decode_snapshot(&row.snapshot) {
        Ok(state) => state.outcome(),
        // A game archived under an older state layout: its last log entry has the outcome.
        Err(StoreError::OlderRules(_)) => {
            let game = archive
                .game(&row.session_id)
                .await
                .map_err(StoreError::from)?
                .ok_or_else(|| {
                    StoreError::Corrupt(format!("archived session {} is gone", row.session_id))
                })?;
            game.entries()?.pop().and_then(|e| e.outcome)
        }
        Err(e) => return Err(e.into()),
    };
    let mut session =
        super::convert::session_out(&meta, row.final_version, &[], outcome.as_ref(), &[], &[]);
    super::convert::ended_unfinished(&mut session, &meta);
    Ok((meta, session))
}

impl GameApi {
    fn archive(&self) -> Result<&Arc<dyn Archive>, ApiError> {
        self.archiver
            .as_ref()
            .map(|a| a.archive())
            .ok_or_else(archive_off)
    }

    /// The archived part of a player's history, for ListMySessions: at most `limit` games
    /// `filter` keeps after `after`, newest first; None without an archive.
    pub(super) async fn archived_history(
        &self,
        player_id: &str,
        filter: &GameFilter,
        after: Option<&ArchiveCursor>,
        limit: usize,
    ) -> Result<Option<Vec<(GameRow, SessionMeta, pb::Session)>>, ApiError> {
        let Some(archiver) = &self.archiver else {
            return Ok(None);
        };
        let archive = archiver.archive();
        let rows = archive
            .history_page(player_id, filter, after, limit)
            .await
            .map_err(StoreError::from)?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let (meta, session) = listed(archive, &row).await?;
            out.push((row, meta, session));
        }
        Ok(Some(out))
    }

    #[tracing::instrument(skip_all)]
    pub(crate) async fn my_statistics(
        &self,
        request: pb::GetMyStatisticsRequest,
        caller: Caller,
    ) -> Result<pb::GetMyStatisticsResponse, ApiError> {
        let Caller::Player(player) = caller else {
            return Err(AuthError::PlayerRequired.into());
        };
        let archive = self.archive()?;
        let game_id = Some(request.game_id.as_str()).filter(|g| !g.is_empty());
        let games = archive
            .player_statistics(&player.id, game_id)
            .await
            .map_err(StoreError::from)?;
        Ok(pb::GetMyStatisticsResponse {
            games: games
                .into_iter()
                .map(|g| pb::GameStatistics {
                    game_id: g.game_id,
                    played: g.played,
                    won: g.won,
                    lost: g.lost,
                    drawn: g.drawn,
                    unfinished: g.unfinished,
                    average_score: g.average_score,
                    best_score: g.best_score,
                    last_played_unix_ms: g.last_played_ms,
                })
                .collect(),
        })
    }

    #[tracing::instrument(skip_all)]
    pub(crate) async fn finished_sessions(
        &self,
        request: pb::ListFinishedSessionsRequest,
        caller: Caller,
    ) -> Result<pb::ListFinishedSessionsResponse, ApiError> {
        let archive = self.archive()?;
        let filter = GameFilter {
            game_id: Some(request.game_id.clone()).filter(|g| !g.is_empty()),
            result: None,
            finished_from_ms: time_bound("finished_after_unix_ms", request.finished_after_unix_ms)?,
            finished_before_ms: time_bound(
                "finished_before_unix_ms",
                request.finished_before_unix_ms,
            )?,
        };
        let after = match request.page_token.as_str() {
            "" => None,
            token => Some(decode_cursor(token)?),
        };
        let limit = page_size(request.page_size);
        let rows = archive
            .search_page(&filter, after.as_ref(), limit + 1)
            .await
            .map_err(StoreError::from)?;
        // The token names the last row read, shown or not, so a private session left out
        // is never read twice.
        let next_page_token = match rows.len() > limit {
            true => encode_cursor(&rows[limit - 1].cursor()),
            false => String::new(),
        };
        let viewer = match &caller {
            Caller::Player(player) => Some(player.id.as_str()),
            _ => None,
        };
        let mut sessions = Vec::new();
        for row in rows.iter().take(limit) {
            let (meta, session) = listed(archive, row).await?;
            // Private: listed only to a player seated in it.
            if meta.private() && viewer.is_none_or(|id| auth::players_seats(&meta, id).is_empty()) {
                continue;
            }
            sessions.push(pb::FinishedSession {
                session: Some(session),
                finish_time_unix_ms: row.finished_ms,
            });
        }
        Ok(pb::ListFinishedSessionsResponse {
            sessions,
            next_page_token,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip_and_refuse_garbage() {
        let cursor = ArchiveCursor {
            finished_ms: 1_700_000_000_123,
            session_id: "a:b".into(),
        };
        assert_eq!(decode_cursor(&encode_cursor(&cursor)).unwrap(), cursor);
        assert!(decode_cursor("not a cursor!").is_err());
        assert!(
            decode_cursor(&base64::engine::general_purpose::URL_SAFE_NO_PAD.encode("x:y")).is_err()
        );
    }

    #[test]
    fn bounds_and_results_refuse_what_they_cannot_mean() {
        assert_eq!(time_bound("f", 0).unwrap(), None);
        assert_eq!(time_bound("f", 5).unwrap(), Some(5));
        assert!(time_bound("f", -1).is_err());
        assert_eq!(result_filter(0).unwrap(), None);
        assert_eq!(result_filter(4).unwrap(), Some(ResultFilter::Unfinished));
        assert!(result_filter(99).is_err());
    }
}
