//! The operator's archive commands, run as `agora-server archive <command>` against the
//! archive database (`--archive-url` or `AGORA_ARCHIVE_URL`, as the server reads it):
//!
//! - `erase-player --player-id ID`: replaces the player's id and name by a new pseudonym
//!   in every archived game (see [`super::erase`]), prints the pseudonym and the number of
//!   games changed. Safe to run again.

use super::postgres::{PgArchive, PgSettings};
use clap::{Parser, Subcommand};
use std::time::Duration;

#[derive(Debug, Parser)]
#[command(
    name = "agora-server archive",
    about = "Operator commands on the archive database"
)]
pub struct ArchiveCli {
    /// The archive database, as the server's `--archive-url`.
    #[arg(long, env = "AGORA_ARCHIVE_URL", hide_env_values = true)]
    pub archive_url: String,
    /// Longest one statement may run.
    #[arg(long, default_value = "10m", value_parser = crate::config::parse_duration)]
    pub statement_timeout: Duration,
    #[command(subcommand)]
    pub command: ArchiveCommand,
}

#[derive(Debug, Subcommand)]
pub enum ArchiveCommand {
    /// Replace one player's id and name by a pseudonym in every archived game.
    ErasePlayer {
        /// The player's id (the `sub` of its token).
        #[arg(long)]
        player_id: String,
    },
}

/// Runs `cli`; what to print on success, or why it failed.
pub async fn run(cli: ArchiveCli) -> Result<String, String> {
    let archive = PgArchive::connect_lazy(&PgSettings {
        url: cli.archive_url,
        pool_size: 1,
        statement_timeout: cli.statement_timeout,
    })?;
    archive
        .migrate()
        .await
        .map_err(|e| format!("cannot migrate the archive database: {e}"))?;
    match cli.command {
        ArchiveCommand::ErasePlayer { player_id } => {
            if player_id.trim().is_empty() {
                return Err("--player-id must not be empty".into());
            }
            let erased = archive
                .erase_player(&player_id, &super::erase::new_pseudonym())
                .await
                .map_err(|e| format!("erasure failed, nothing changed: {e}"))?;
            Ok(format!(
                "erased: {} archived game(s) now name the player {}",
                erased.games, erased.pseudonym
            ))
        }
    }
}
