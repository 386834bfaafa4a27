//! A signed-in player's record (issue 36): `agora history` (their ended games, newest
//! first, from ListMySessions' finished group, which pages through the server's archive)
//! and `agora stats` (GetMyStatistics: played, won, lost, drawn, unfinished, scores per
//! game). Both need `--token` to be the player's JWT and the server to keep an archive.

use agora_proto::v1::{
    GameStatistics, GetMyStatisticsRequest, ListMySessionsRequest, MyGameResult, MySession,
    MySessionGroup, SessionStatus,
};

use crate::client::{request, require_token, CliResult, Client};
use crate::render;

/// What `agora history` keeps.
#[derive(Debug, Clone, Default)]
pub struct HistoryFilter {
    pub game_id: Option<String>,
    pub result: Option<MyGameResult>,
    /// ms since the Unix epoch.
    pub after_ms: Option<i64>,
    pub before_ms: Option<i64>,
}

pub async fn history(
    client: &mut Client,
    token: Option<&str>,
    filter: HistoryFilter,
    page_size: u32,
    all: bool,
) -> CliResult<()> {
    let token = require_token(token)?;
    let mut page_token = String::new();
    let mut listed = 0;
    loop {
        let page = client
            .list_my_sessions(request(
                ListMySessionsRequest {
                    page_size,
                    page_token: std::mem::take(&mut page_token),
                    game_id: filter.game_id.clone().unwrap_or_default(),
                    result: filter.result.map_or(0, |r| r as i32),
                    finished_after_unix_ms: filter.after_ms.unwrap_or(0),
                    finished_before_unix_ms: filter.before_ms.unwrap_or(0),
                },
                Some(token),
            )?)
            .await?
            .into_inner();
        // Without a result or date filter the list starts with the games in play: the
        // history is its finished group only.
        for mine in page
            .sessions
            .iter()
            .filter(|m| m.group == MySessionGroup::Finished as i32)
        {
            println!("{}", history_line(mine));
            listed += 1;
        }
        if page.next_page_token.is_empty() {
            break;
        }
        // Pages of games in play only are skipped: the first page shown has ended ones.
        if !all && listed > 0 {
            println!("more: pass --all to list every page");
            break;
        }
        page_token = page.next_page_token;
    }
    if listed == 0 {
        println!("no ended games");
    }
    Ok(())
}

pub async fn stats(
    client: &mut Client,
    token: Option<&str>,
    game_id: Option<String>,
) -> CliResult<()> {
    let token = require_token(token)?;
    let games = client
        .get_my_statistics(request(
            GetMyStatisticsRequest {
                game_id: game_id.unwrap_or_default(),
            },
            Some(token),
        )?)
        .await?
        .into_inner()
        .games;
    if games.is_empty() {
        println!("no archived games");
    }
    for game in &games {
        println!("{}", stats_line(game));
    }
    Ok(())
}

/// `2026-11-29 03:05  origin  won  scores 12/9  v41  <session id>`: when it ended, the
/// game, how the player's seats ended, every seat's score, its last version and id.
pub fn history_line(mine: &MySession) -> String {
    let Some(session) = &mine.session else {
        return "(no session)".into();
    };
    let result = match SessionStatus::try_from(session.status) {
        Ok(SessionStatus::Abandoned) => "abandoned".to_string(),
        Ok(SessionStatus::Aborted) => "aborted".to_string(),
        _ => {
            let standings = session
                .outcome
                .as_ref()
                .map(|o| o.standings.as_slice())
                .unwrap_or_default();
            let all_first = standings.len() > 1 && standings.iter().all(|s| s.rank == 1);
            let mine: Vec<&str> = standings
                .iter()
                .filter(|s| mine.seats.contains(&s.seat))
                .map(|s| match s.rank {
                    1 if all_first => "drawn",
                    1 => "won",
                    _ => "lost",
                })
                .collect();
            if mine.is_empty() {
                render::status_name(session.status)
            } else {
                mine.join(",")
            }
        }
    };
    let scores: Vec<String> = session
        .outcome
        .as_ref()
        .map(|o| o.standings.iter().map(|s| s.score.to_string()).collect())
        .unwrap_or_default();
    let scores = match scores.is_empty() {
        true => String::new(),
        false => format!("  scores {}", scores.join("/")),
    };
    format!(
        "{}  {}  {}{}  v{}  {}",
        utc_minute(mine.update_time_unix_ms),
        session.game_id,
        result,
        scores,
        session.version,
        session.session_id
    )
}

/// `origin  played 12  won 5  lost 4  drawn 1  unfinished 2  avg 31.5  best 48  last 2026-11-29 03:05`
pub fn stats_line(game: &GameStatistics) -> String {
    let avg = game
        .average_score
        .map_or("-".to_string(), |a| format!("{a:.1}"));
    let best = game.best_score.map_or("-".to_string(), |b| b.to_string());
    format!(
        "{}  played {}  won {}  lost {}  drawn {}  unfinished {}  avg {}  best {}  last {}",
        game.game_id,
        game.played,
        game.won,
        game.lost,
        game.drawn,
        game.unfinished,
        avg,
        best,
        utc_minute(game.last_played_unix_ms)
    )
}

/// `YYYY-MM-DD HH:MM` (UTC) of `ms` since the Unix epoch.
pub fn utc_minute(ms: i64) -> String {
    let minutes = ms.div_euclid(60_000);
    let (days, minute_of_day) = (minutes.div_euclid(1440), minutes.rem_euclid(1440));
    // Days to a civil date (proleptic Gregorian), after Howard Hinnant's `civil_from_days`.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}",
        minute_of_day / 60,
        minute_of_day % 60
    )
}

/// A `--after`/`--before` value: `YYYY-MM-DD` (UTC midnight) or ms since the epoch.
pub fn parse_day(text: &str) -> Result<i64, String> {
    if let Ok(ms) = text.parse::<i64>() {
        return Ok(ms);
    }
    let bad = || format!("{text:?} is not a date (YYYY-MM-DD) nor ms since the Unix epoch");
    let mut parts = text.splitn(3, '-');
    let mut next = || {
        parts
            .next()
            .and_then(|p| p.parse::<i64>().ok())
            .ok_or_else(bad)
    };
    let (year, month, day) = (next()?, next()?, next()?);
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return Err(bad());
    }
    // Inverse of `utc_minute`'s civil date (Howard Hinnant's `days_from_civil`).
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Ok(days * 86_400_000)
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_proto::v1::{Outcome, Session, Standing};

    #[test]
    fn dates_round_trip_and_refuse_garbage() {
        assert_eq!(utc_minute(0), "1970-01-01 00:00");
        assert_eq!(utc_minute(1_795_921_500_000), "2026-11-29 03:05");
        assert_eq!(utc_minute(951_782_400_000), "2000-02-29 00:00");
        for day in ["1970-01-01", "2000-02-29", "2026-11-29", "2100-03-01"] {
            let ms = parse_day(day).unwrap();
            assert_eq!(utc_minute(ms), format!("{day} 00:00"));
        }
        assert_eq!(parse_day("1234").unwrap(), 1234);
        assert!(parse_day("2026-13-01").is_err());
        assert!(parse_day("yesterday").is_err());
    }

    fn mine(status: SessionStatus, seats: Vec<u32>, ranks: &[(i32, u32)]) -> MySession {
        MySession {
            session: Some(Session {
                session_id: "s1".into(),
                game_id: "origin".into(),
                status: status as i32,
                version: 41,
                outcome: (!ranks.is_empty()).then(|| Outcome {
                    standings: ranks
                        .iter()
                        .enumerate()
                        .map(|(i, &(score, rank))| Standing {
                            seat: i as u32,
                            score,
                            rank,
                            ..Default::default()
                        })
                        .collect(),
                }),
                ..Default::default()
            }),
            seats,
            group: MySessionGroup::Finished as i32,
            update_time_unix_ms: 1_795_921_500_000,
        }
    }

    #[test]
    fn history_lines_say_how_the_players_seats_ended() {
        let won = mine(SessionStatus::Finished, vec![1], &[(9, 2), (12, 1)]);
        assert_eq!(
            history_line(&won),
            "2026-11-29 03:05  origin  won  scores 9/12  v41  s1"
        );
        let lost = mine(SessionStatus::Finished, vec![0], &[(9, 2), (12, 1)]);
        assert!(history_line(&lost).contains("  lost  "));
        let drawn = mine(SessionStatus::Finished, vec![0], &[(9, 1), (9, 1)]);
        assert!(history_line(&drawn).contains("  drawn  "));
        let abandoned = mine(SessionStatus::Abandoned, vec![0], &[]);
        assert_eq!(
            history_line(&abandoned),
            "2026-11-29 03:05  origin  abandoned  v41  s1"
        );
        let aborted = mine(SessionStatus::Aborted, vec![0], &[]);
        assert!(history_line(&aborted).contains("  aborted  "));
    }

    #[test]
    fn stats_lines_show_every_count() {
        let line = stats_line(&GameStatistics {
            game_id: "origin".into(),
            played: 12,
            won: 5,
            lost: 4,
            drawn: 1,
            unfinished: 2,
            average_score: Some(31.25),
            best_score: Some(48),
            last_played_unix_ms: 1_795_921_500_000,
        });
        assert_eq!(
            line,
            "origin  played 12  won 5  lost 4  drawn 1  unfinished 2  avg 31.2  best 48  last 2026-11-29 03:05"
        );
        let none = stats_line(&GameStatistics {
            game_id: "attika".into(),
            played: 1,
            unfinished: 1,
            ..Default::default()
        });
        assert!(none.contains("avg -  best -"), "{none}");
    }
}
