//! `agora`: the command-line client of the Agora game server.

mod action_json;
mod bot;
mod client;
mod commands;
mod proto_json;
mod render;

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::{
    client::{connect, CliError, CliResult},
    commands::{game, health, lobby, play, watch},
};

#[derive(Parser, Debug)]
#[command(name = "agora", version, about = "Play games on an Agora server")]
struct Cli {
    /// Server address.
    #[arg(
        long,
        global = true,
        env = "AGORA_SERVER",
        default_value = "http://127.0.0.1:50051"
    )]
    server: String,
    /// Seat token returned by `agora join` (sent as `authorization: Bearer`).
    #[arg(long, global = true, env = "AGORA_TOKEN", hide_env_values = true)]
    token: Option<String>,
    #[command(subcommand)]
    command: Command,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum GameId {
    Origin,
    TerraNova,
    Origins,
    Attika,
}

/// Terra Nova's 2-player neutral-house variants (`--neutral`).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Neutral {
    None,
    Planner,
    Random,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Rules {
    Standard,
    Junior,
}

/// The options of a new session; each game reads only its own flags.
#[derive(Args, Debug)]
struct GameFlags {
    /// Number of players.
    #[arg(long, default_value_t = 4)]
    players: u32,
    /// Origin: the rule set.
    #[arg(long, value_enum, default_value_t = Rules::Standard)]
    rules: Rules,
    /// Origin: seat that plays first (drawn at random when absent).
    #[arg(long)]
    first_player: Option<u32>,
    /// Terra Nova, 2 players: neutral houses on the 2-player board.
    #[arg(long, value_enum, default_value_t = Neutral::None)]
    neutral: Neutral,
    /// Terra Nova: the first-game preset.
    #[arg(long)]
    preset: bool,
    /// Terra Nova: one faction per seat in seat order instead of a draft, e.g.
    /// `--factions genies,sea-dogs` (at most one per double-sided sheet).
    #[arg(long, value_delimiter = ',', value_parser = lobby::parse_terra_nova_faction)]
    factions: Vec<agora_proto::v1::TerraNovaFaction>,
    /// Terra Nova: next round's turn order is this round's passing order.
    #[arg(long)]
    turn_order_variant: bool,
    /// Origins: solo training mode (one player; `--players` is ignored).
    #[arg(long)]
    solo: bool,
    /// Attika: an amphora may also be returned for one card.
    #[arg(long)]
    amphora_for_card: bool,
}

impl GameFlags {
    fn options(&self, game: GameId) -> agora_proto::v1::GameOptions {
        use agora_proto::v1::TerraNovaNeutralVariant as N;
        match game {
            GameId::Origin => {
                lobby::origin_options(self.players, self.rules == Rules::Junior, self.first_player)
            }
            GameId::TerraNova => lobby::terra_nova_options(agora_proto::v1::TerraNovaOptions {
                players: self.players,
                neutral_variant: match self.neutral {
                    Neutral::None => N::None,
                    Neutral::Planner => N::Planner,
                    Neutral::Random => N::Random,
                } as i32,
                first_game_preset: self.preset,
                factions: self.factions.iter().map(|f| *f as i32).collect(),
                turn_order_variant: self.turn_order_variant,
                ..Default::default()
            }),
            GameId::Origins => lobby::origins_options(self.players, self.solo),
            GameId::Attika => lobby::attika_options(self.players, self.amphora_for_card),
        }
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Check the server's gRPC health (exit 0 when SERVING).
    Health {
        /// Service to check ("" for the whole server).
        #[arg(long, default_value = "")]
        service: String,
        /// Keep trying for up to this many seconds.
        #[arg(long)]
        wait: Option<f64>,
    },
    /// List the hosted games and their options.
    Games,
    /// Create a session with every seat open.
    Create {
        game: GameId,
        #[command(flatten)]
        flags: GameFlags,
        /// Seed of the game's random generator (drawn by the server when absent).
        #[arg(long)]
        seed: Option<u64>,
    },
    /// List sessions (by default only those with open seats).
    Sessions {
        /// Only sessions of this game.
        #[arg(long)]
        game: Option<String>,
        /// Include full and finished sessions.
        #[arg(long)]
        all: bool,
    },
    /// Show one session's public description.
    Session { session: String },
    /// Take a seat; prints the seat and its secret token.
    Join {
        session: String,
        #[arg(long)]
        seat: Option<u32>,
        #[arg(long)]
        name: Option<String>,
    },
    /// Show the game as the token's seat sees it (a spectator without a token).
    State { session: String },
    /// List the token seat's legal actions, numbered from 0.
    Actions {
        session: String,
        /// Also print each action's JSON form (for `submit --json`).
        #[arg(long)]
        json: bool,
    },
    /// Play one action for the token's seat.
    Submit {
        session: String,
        /// The action numbered N by `agora actions`.
        #[arg(long, conflicts_with = "json", required_unless_present = "json")]
        index: Option<usize>,
        /// The action as JSON, e.g. '{"end_turn": {}}' (see `agora actions --json`).
        #[arg(long)]
        json: Option<String>,
        /// Apply only at this version (default with --index: the version of the listing).
        #[arg(long)]
        expected_version: Option<u64>,
        /// Idempotency key (a new UUID when absent).
        #[arg(long)]
        request_id: Option<String>,
    },
    /// Stream a session's events, resuming after disconnects.
    Watch {
        session: String,
        /// Start after this version (0: from the beginning).
        #[arg(long, default_value_t = 0)]
        after: u64,
    },
    /// Create a session, fill every seat with a random bot and play to the end.
    Play {
        /// Fill every seat with a random bot (the only mode for now).
        #[arg(long, required = true)]
        bots: bool,
        #[arg(long, value_enum, default_value_t = GameId::Origin)]
        game: GameId,
        #[command(flatten)]
        flags: GameFlags,
        /// Seed of the game (and of the bots unless --bot-seed is given).
        #[arg(long)]
        seed: Option<u64>,
        /// Seed of the bots' choices.
        #[arg(long)]
        bot_seed: Option<u64>,
        /// Print the events of every move.
        #[arg(long, short)]
        verbose: bool,
        /// Print only the result.
        #[arg(long, short, conflicts_with = "verbose")]
        quiet: bool,
        /// Fail if the game has not ended after this many moves.
        #[arg(long, default_value_t = 100_000)]
        max_moves: u64,
    },
}

async fn run(cli: Cli) -> CliResult<()> {
    let token = cli.token.as_deref();
    if let Command::Watch { session, after } = cli.command {
        return watch::watch(&cli.server, token, session, after).await;
    }
    if let Command::Health { service, wait } = &cli.command {
        return health::health(&cli.server, service, *wait).await;
    }
    let mut client = connect(&cli.server).await?;
    match cli.command {
        Command::Games => lobby::games(&mut client).await,
        Command::Create { game, flags, seed } => {
            lobby::create(&mut client, flags.options(game), seed).await
        }
        Command::Sessions { game, all } => lobby::sessions(&mut client, game, all).await,
        Command::Session { session } => lobby::session(&mut client, session).await,
        Command::Join {
            session,
            seat,
            name,
        } => lobby::join(&mut client, session, seat, name).await,
        Command::State { session } => game::state(&mut client, token, session).await,
        Command::Actions { session, json } => {
            game::actions(&mut client, token, session, json).await
        }
        Command::Submit {
            session,
            index,
            json,
            expected_version,
            request_id,
        } => {
            let choice = match (index, json) {
                (Some(i), _) => game::Choice::Index(i),
                (None, Some(j)) => game::Choice::Json(j),
                (None, None) => {
                    return Err(CliError::Usage("give --index N or --json ACTION".into()))
                }
            };
            game::submit(
                &mut client,
                token,
                session,
                choice,
                expected_version,
                request_id,
            )
            .await
        }
        Command::Watch { .. } | Command::Health { .. } => Ok(()),
        Command::Play {
            bots: _,
            game,
            flags,
            seed,
            bot_seed,
            verbose,
            quiet,
            max_moves,
        } => {
            let options = flags.options(game);
            play::play(
                &mut client,
                play::PlayOptions {
                    options,
                    seed,
                    bot_seed,
                    verbose,
                    quiet,
                    max_moves,
                },
            )
            .await
        }
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    // Die quietly like other command-line tools when the reader of stdout goes away
    // (`agora actions S | head`), instead of panicking on a broken pipe.
    #[cfg(unix)]
    // SAFETY: called before any other thread writes; restores the default disposition.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    match run(cli).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            match err {
                CliError::Usage(_) => ExitCode::from(2),
                _ => ExitCode::FAILURE,
            }
        }
    }
}
