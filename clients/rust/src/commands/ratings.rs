//! `agora rating` and `agora leaderboard`: Glicko-2 ratings per pool (docs/api.md,
//! "Ratings and leaderboards").

use agora_proto::v1::{
    GetLeaderboardAroundMeRequest, GetLeaderboardRequest, GetRatingRequest, LeaderboardEntry,
};

use crate::client::{request, require_token, CliError, CliResult, Client};

/// A player's rating in one pool or in every pool of a game (`--token`: the caller's own
/// when no player is named).
pub async fn rating(
    client: &mut Client,
    token: Option<&str>,
    player: Option<String>,
    pool: Option<String>,
    game: Option<String>,
) -> CliResult<()> {
    if pool.is_none() == game.is_none() {
        return Err(CliError::Usage("name one of --pool or --game".into()));
    }
    let ratings = client
        .get_rating(request(
            GetRatingRequest {
                player_id: player.unwrap_or_default(),
                pool_id: pool.unwrap_or_default(),
                game_id: game.unwrap_or_default(),
            },
            token,
        )?)
        .await?
        .into_inner()
        .ratings;
    for r in ratings {
        let rank = match (r.rank, r.provisional) {
            (0, _) => "unranked".to_string(),
            (rank, true) => format!("#{rank} (provisional)"),
            (rank, false) => format!("#{rank}"),
        };
        println!(
            "{:<24} {:<12} {:>7.1} ±{:>5.1}  {:>4} games  {}",
            r.pool_id, r.player_id, r.rating, r.deviation, r.games, rank
        );
    }
    Ok(())
}

fn entry_line(e: &LeaderboardEntry, me: Option<&str>) -> String {
    let mark = if Some(e.player_id.as_str()) == me {
        "  <- you"
    } else {
        ""
    };
    let name = if e.player_name.is_empty() {
        &e.player_id
    } else {
        &e.player_name
    };
    format!(
        "{:>5}  {:<24} {:>7.1} ±{:>5.1}  {:>4} games{mark}",
        e.rank, name, e.rating, e.deviation, e.games
    )
}

/// A pool's leaderboard (the first page, or every page with `all`), or the players
/// around the signed-in caller with `around_me`.
pub async fn leaderboard(
    client: &mut Client,
    token: Option<&str>,
    pool: String,
    provisional: bool,
    page_size: u32,
    all: bool,
    around_me: Option<u32>,
) -> CliResult<()> {
    if let Some(count) = around_me {
        let token = require_token(token)?;
        let around = client
            .get_leaderboard_around_me(request(
                GetLeaderboardAroundMeRequest {
                    pool_id: pool.clone(),
                    count,
                },
                Some(token),
            )?)
            .await?
            .into_inner();
        if around.rank == 0 {
            println!(
                "not rated in {pool} yet ({} players ranked)",
                around.total_size
            );
            return Ok(());
        }
        let list = if around.provisional {
            "provisional"
        } else {
            "established"
        };
        println!(
            "{pool}: you are #{} of {} ({list})",
            around.rank, around.total_size
        );
        for e in &around.entries {
            let me = (e.rank == around.rank).then_some(e.player_id.as_str());
            println!("{}", entry_line(e, me));
        }
        return Ok(());
    }
    let mut page_token = String::new();
    loop {
        let page = client
            .get_leaderboard(request(
                GetLeaderboardRequest {
                    pool_id: pool.clone(),
                    page_size,
                    page_token: std::mem::take(&mut page_token),
                    provisional,
                },
                token,
            )?)
            .await?
            .into_inner();
        for e in &page.entries {
            println!("{}", entry_line(e, None));
        }
        if page.next_page_token.is_empty() {
            if page.total_size == 0 {
                println!("nobody on this list yet");
            }
            break;
        }
        if !all {
            println!(
                "more ({} players): pass --all to list every page",
                page.total_size
            );
            break;
        }
        page_token = page.next_page_token;
    }
    Ok(())
}
