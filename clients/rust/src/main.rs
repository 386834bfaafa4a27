//! `agora`: the command-line client of the Agora game server.

mod bot;
mod client;
mod commands;
mod options;
mod proto_json;
mod render;
mod schema;

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::{
    client::{connect, CliError, CliResult},
    commands::{chat, game, health, history, lobby, play, ratings, record, watch},
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
    /// Seat token returned by `agora join`, or a signed-in player's JWT when the server
    /// trusts an identity provider (sent as `authorization: Bearer`; `agora join` with a
    /// JWT binds the seat to the player).
    #[arg(long, global = true, env = "AGORA_TOKEN", hide_env_values = true)]
    token: Option<String>,
    #[command(subcommand)]
    command: Command,
}

/// The options of a new session, for any game: see `agora games` for each game's options.
#[derive(Args, Debug)]
struct GameFlags {
    /// Number of players: short for `--set players=N` (4 when neither is given).
    #[arg(long)]
    players: Option<u32>,
    /// One option of the game, by its name in `agora games`: `--set rules=junior`,
    /// `--set factions=genies,golems`, `--set solo=true`. Repeat for several. An option may
    /// also be given as a flag of its own name: `--solo`, `--rules junior`,
    /// `--challenges normal`.
    #[arg(long = "set", value_name = "NAME=VALUE", value_parser = options::parse_pair)]
    set: Vec<(String, String)>,
}

impl GameFlags {
    fn options(&self, game: &str) -> CliResult<agora_proto::v1::GameOptions> {
        options::game_options(game, self.players, &self.set).map_err(CliError::Usage)
    }
}

/// Which server bot: for `create --bot-seat`, `hand-to-bot` and `play --server-bots`.
#[derive(Args, Debug, Clone)]
struct BotFlags {
    /// The server's bot: `random` (any legal action), or `mcts` (searches over what its
    /// seat can see; plays far better).
    #[arg(long = "bot", value_enum, default_value_t = BotChoice::Random)]
    kind: BotChoice,
    /// An MCTS bot's playouts per decision (1-20000; the server's default is 200).
    #[arg(long, conflicts_with = "mcts_millis")]
    mcts_iterations: Option<u32>,
    /// An MCTS bot's thinking time per decision, in milliseconds (1-2000).
    #[arg(long)]
    mcts_millis: Option<u32>,
}

#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum BotChoice {
    Random,
    Mcts,
}

impl BotFlags {
    /// The bot as the API names it; a strength with the random bot is refused by the
    /// server with the field at fault.
    fn bot(&self) -> commands::ServerBot {
        use agora_proto::v1::{bot_strength::Budget, BotKind, BotStrength};
        let budget = match (self.mcts_iterations, self.mcts_millis) {
            (Some(n), _) => Some(Budget::Iterations(n)),
            (None, Some(ms)) => Some(Budget::Millis(ms)),
            (None, None) => None,
        };
        commands::ServerBot {
            kind: match self.kind {
                BotChoice::Random => BotKind::Random,
                BotChoice::Mcts => BotKind::Mcts,
            },
            strength: budget.map(|b| BotStrength { budget: Some(b) }),
        }
    }
}

/// How a player's seat ended, for `agora history --result`.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum ResultChoice {
    Won,
    Lost,
    Drawn,
    /// Abandoned or aborted.
    Unfinished,
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
    /// Create a session with every seat open (but those given to server bots).
    Create {
        /// The game's id, as `agora games` lists it (origin, terra-nova, ...).
        game: String,
        #[command(flatten)]
        flags: GameFlags,
        /// Seed of the game's random generator (drawn by the server when absent).
        #[arg(long)]
        seed: Option<u64>,
        /// A seat the server's bot (--bot) plays from the start (repeat for more).
        #[arg(long = "bot-seat")]
        bot_seats: Vec<u32>,
        #[command(flatten)]
        bot: BotFlags,
        /// Clocks: this many seconds for every decision.
        #[arg(long, conflicts_with = "bank_secs")]
        per_move_secs: Option<u64>,
        /// Clocks: a bank of this many seconds per seat (plus --increment-secs per decision).
        #[arg(long)]
        bank_secs: Option<u64>,
        /// Clocks: seconds added to a seat's bank after each of its decisions.
        #[arg(long, default_value_t = 0, requires = "bank_secs")]
        increment_secs: u64,
        /// Clocks: a seat out of time loses (default: the server plays a random move for it).
        #[arg(long, conflicts_with = "skip_on_timeout")]
        lose_on_timeout: bool,
        /// Clocks: a seat out of time passes (ends its turn) where the game allows it now,
        /// else the server plays a random move for it.
        #[arg(long)]
        skip_on_timeout: bool,
    },
    /// Table chat: send (a text or --phrase), list, follow, or list the quick phrases.
    Chat {
        #[command(subcommand)]
        action: ChatAction,
    },
    /// Give up the game for the token's seat (with one opponent the game ends; with more,
    /// a server bot plays the seat out).
    Resign {
        session: String,
        /// Idempotency key (a new UUID when absent).
        #[arg(long)]
        request_id: Option<String>,
    },
    /// After the end: the same game again with the same players, seats rotated.
    Rematch { session: String },
    /// Take back the token's seat's latest decision, while its turn goes on.
    Undo {
        session: String,
        /// Idempotency key (a new UUID when absent).
        #[arg(long)]
        request_id: Option<String>,
    },
    /// Let a server bot (--bot) play the token's seat from now on.
    HandToBot {
        session: String,
        #[command(flatten)]
        bot: BotFlags,
        /// Idempotency key (a new UUID when absent).
        #[arg(long)]
        request_id: Option<String>,
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
    /// List the signed-in player's sessions (--token is the player's JWT): those where it
    /// is their turn first, then those waiting, then finished ones.
    MySessions {
        /// Sessions per page (the server's default when 0).
        #[arg(long, default_value_t = 0)]
        page_size: u32,
        /// Follow every page instead of printing the first one.
        #[arg(long)]
        all: bool,
    },
    /// The signed-in player's ended games, newest first (--token is the player's JWT;
    /// the server must keep an archive for games older than its --finished-ttl).
    History {
        /// Only games of this game id.
        #[arg(long)]
        game: Option<String>,
        /// Only games the player's seat ended so.
        #[arg(long, value_enum)]
        result: Option<ResultChoice>,
        /// Only games that ended on or after this day (YYYY-MM-DD, UTC) or ms since the epoch.
        #[arg(long, value_parser = record::parse_day)]
        after: Option<i64>,
        /// Only games that ended before this day (YYYY-MM-DD, UTC) or ms since the epoch.
        #[arg(long, value_parser = record::parse_day)]
        before: Option<i64>,
        /// Games per page (the server's default when 0).
        #[arg(long, default_value_t = 0)]
        page_size: u32,
        /// Follow every page instead of printing the first one.
        #[arg(long)]
        all: bool,
    },
    /// The signed-in player's statistics per game, from the server's archive (--token is
    /// the player's JWT).
    Stats {
        /// Only this game id.
        #[arg(long)]
        game: Option<String>,
    },
    /// Show one session's public description.
    Session { session: String },
    /// A player's Glicko-2 rating in a pool, or in every pool of a game (without
    /// --player: the signed-in player of --token).
    Rating {
        #[arg(long)]
        player: Option<String>,
        /// A pool id, e.g. origin/standard-2p (`agora games` lists them).
        #[arg(long)]
        pool: Option<String>,
        /// Every pool of this game.
        #[arg(long)]
        game: Option<String>,
    },
    /// A rating pool's leaderboard, best first.
    Leaderboard {
        /// A pool id, e.g. origin/standard-2p.
        #[arg(long)]
        pool: String,
        /// The provisional players' list (deviation above 110).
        #[arg(long)]
        provisional: bool,
        /// Players per page (the server's default when 0).
        #[arg(long, default_value_t = 0)]
        page_size: u32,
        /// Follow every page.
        #[arg(long)]
        all: bool,
        /// The signed-in player's rank (--token is the player's JWT) and this many players
        /// above and below.
        #[arg(long, value_name = "N", num_args = 0..=1, default_missing_value = "5")]
        around_me: Option<u32>,
    },
    /// Take a seat; prints the seat and its secret token.
    Join {
        session: String,
        #[arg(long)]
        seat: Option<u32>,
        #[arg(long)]
        name: Option<String>,
    },
    /// Give the token's seat back before the game starts, so someone else can take it.
    Leave { session: String },
    /// Show the game as the token's seat sees it (a spectator without a token).
    State {
        session: String,
        /// Every field of the view as the API sends it, instead of the game's board.
        #[arg(long)]
        fields: bool,
    },
    /// List the token seat's legal actions, numbered from 0.
    Actions {
        session: String,
        /// Also print each action's protobuf JSON form (for `submit --json`).
        #[arg(long)]
        json: bool,
    },
    /// Play one action for the token's seat.
    Submit {
        session: String,
        /// The action numbered N by `agora actions`.
        #[arg(long, conflicts_with = "json", required_unless_present = "json")]
        index: Option<usize>,
        /// The game's action as protobuf JSON, e.g. '{"end_turn": {}}' (see `agora actions --json`).
        #[arg(long)]
        json: Option<String>,
        /// Apply only at this version (default with --index: the version of the listing).
        #[arg(long)]
        expected_version: Option<u64>,
        /// Idempotency key (a new UUID when absent).
        #[arg(long)]
        request_id: Option<String>,
    },
    /// Write a session out as protobuf JSON (a SessionExport): once the game is over, its
    /// seed and every decision (replayable with `agora replay`); while it is in play, only
    /// the history the token's seat (or a spectator) may see.
    Export {
        session: String,
        /// Write to this file instead of standard output.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// Import an export of a finished game as a new read-only session, print its id, then
    /// its history as `agora watch` prints it.
    Replay {
        file: std::path::PathBuf,
        /// Replay only up to this version.
        #[arg(long)]
        stop_at: Option<u64>,
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
        /// Fill every seat with a random bot played by this CLI, through the API.
        #[arg(
            long,
            required_unless_present = "server_bots",
            conflicts_with = "server_bots"
        )]
        bots: bool,
        /// Give every seat to the server's bot (--bot random or mcts) and watch the game
        /// to its end.
        #[arg(long)]
        server_bots: bool,
        #[command(flatten)]
        bot: BotFlags,
        /// The game's id, as `agora games` lists it.
        #[arg(long, default_value = "origin")]
        game: String,
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

#[derive(Subcommand, Debug)]
enum ChatAction {
    /// Say something at the table (the token's seat, or a signed-in spectator).
    Send {
        session: String,
        /// The text (at most 280 characters).
        #[arg(required_unless_present = "phrase")]
        text: Option<String>,
        /// A quick phrase id instead of a text (`agora chat phrases`).
        #[arg(long, conflicts_with = "text")]
        phrase: Option<String>,
    },
    /// Print the table's messages so far.
    List { session: String },
    /// Print the table's messages, then each new one (resumes after disconnects).
    Follow {
        session: String,
        /// Start after this sequence (0: from the first message).
        #[arg(long, default_value_t = 0)]
        after: u64,
    },
    /// List the quick phrases and emotes.
    Phrases,
}

async fn run(cli: Cli) -> CliResult<()> {
    let token = cli.token.as_deref();
    if let Command::Watch { session, after } = cli.command {
        return watch::watch(&cli.server, token, session, after).await;
    }
    if let Command::Chat {
        action: ChatAction::Follow { session, after },
    } = &cli.command
    {
        return chat::follow(&cli.server, token, session.clone(), *after).await;
    }
    if let Command::Health { service, wait } = &cli.command {
        return health::health(&cli.server, service, *wait).await;
    }
    // Bad options are a usage error even when the server is down.
    if let Command::Create { game, flags, .. } | Command::Play { game, flags, .. } = &cli.command {
        flags.options(game)?;
    }
    let mut client = connect(&cli.server).await?;
    match cli.command {
        Command::Games => lobby::games(&mut client).await,
        Command::Create {
            game,
            flags,
            seed,
            bot_seats,
            bot,
            per_move_secs,
            bank_secs,
            increment_secs,
            lose_on_timeout,
            skip_on_timeout,
        } => {
            use agora_proto::v1::{time_control::Limit, PerMoveLimit, TimeBank, TimeoutPolicy};
            let limit = match (per_move_secs, bank_secs) {
                (Some(s), _) => Some(Limit::PerMove(PerMoveLimit {
                    limit_ms: s.saturating_mul(1000),
                })),
                (None, Some(s)) => Some(Limit::Bank(TimeBank {
                    initial_ms: s.saturating_mul(1000),
                    increment_ms: increment_secs.saturating_mul(1000),
                    max_ms: 0,
                })),
                (None, None) => None,
            };
            let policy = if lose_on_timeout {
                TimeoutPolicy::Lose
            } else if skip_on_timeout {
                TimeoutPolicy::Skip
            } else {
                TimeoutPolicy::RandomMove
            };
            let time_control = limit.map(|limit| agora_proto::v1::TimeControl {
                limit: Some(limit),
                on_timeout: policy as i32,
            });
            lobby::create(
                &mut client,
                flags.options(&game)?,
                seed,
                &bot.bot().seats(&bot_seats),
                time_control,
            )
            .await
        }
        Command::Chat { action } => match action {
            ChatAction::Send {
                session,
                text,
                phrase,
            } => chat::send(&mut client, token, session, text, phrase).await,
            ChatAction::List { session } => chat::list(&mut client, token, session).await,
            ChatAction::Phrases => chat::phrases(&mut client).await,
            ChatAction::Follow { .. } => Ok(()),
        },
        Command::Resign {
            session,
            request_id,
        } => game::resign(&mut client, token, session, request_id).await,
        Command::HandToBot {
            session,
            bot,
            request_id,
        } => game::hand_to_bot(&mut client, token, session, bot.bot(), request_id).await,
        Command::Undo {
            session,
            request_id,
        } => game::undo(&mut client, token, session, request_id).await,
        Command::Rematch { session } => game::rematch(&mut client, token, session).await,
        Command::Sessions { game, all } => lobby::sessions(&mut client, game, all).await,
        Command::MySessions { page_size, all } => {
            lobby::my_sessions(&mut client, token, page_size, all).await
        }
        Command::History {
            game,
            result,
            after,
            before,
            page_size,
            all,
        } => {
            use agora_proto::v1::MyGameResult;
            let filter = record::HistoryFilter {
                game_id: game,
                result: result.map(|r| match r {
                    ResultChoice::Won => MyGameResult::Won,
                    ResultChoice::Lost => MyGameResult::Lost,
                    ResultChoice::Drawn => MyGameResult::Drawn,
                    ResultChoice::Unfinished => MyGameResult::Unfinished,
                }),
                after_ms: after,
                before_ms: before,
            };
            record::history(&mut client, token, filter, page_size, all).await
        }
        Command::Stats { game } => record::stats(&mut client, token, game).await,
        Command::Session { session } => lobby::session(&mut client, session).await,
        Command::Rating { player, pool, game } => {
            ratings::rating(&mut client, token, player, pool, game).await
        }
        Command::Leaderboard {
            pool,
            provisional,
            page_size,
            all,
            around_me,
        } => {
            ratings::leaderboard(
                &mut client,
                token,
                pool,
                provisional,
                page_size,
                all,
                around_me,
            )
            .await
        }
        Command::Join {
            session,
            seat,
            name,
        } => lobby::join(&mut client, token, session, seat, name).await,
        Command::Leave { session } => lobby::leave(&mut client, token, session).await,
        Command::State { session, fields } => {
            game::state(&mut client, token, session, !fields).await
        }
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
        Command::Export { session, out } => {
            history::export(&mut client, token, session, out.as_deref()).await
        }
        Command::Replay { file, stop_at } => history::replay(&mut client, &file, stop_at).await,
        Command::Watch { .. } | Command::Health { .. } => Ok(()),
        Command::Play {
            server_bots: true,
            game,
            flags,
            seed,
            bot,
            ..
        } => {
            let options = flags.options(&game)?;
            play::server_bots(&mut client, &cli.server, options, seed, bot.bot()).await
        }
        Command::Play {
            game,
            flags,
            seed,
            bot_seed,
            verbose,
            quiet,
            max_moves,
            ..
        } => {
            let options = flags.options(&game)?;
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

/// Every long flag the CLI itself defines, in any subcommand: a game option of the same
/// name is only reachable through `--set`.
fn own_flags() -> Vec<String> {
    use clap::CommandFactory;
    let command = Cli::command();
    let mut names = Vec::new();
    for cmd in std::iter::once(&command).chain(command.get_subcommands()) {
        names.extend(
            cmd.get_arguments()
                .filter_map(|a| a.get_long())
                .map(String::from),
        );
    }
    names
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
    let cli = Cli::parse_from(options::expand_option_flags(
        std::env::args().collect(),
        &own_flags(),
    ));
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
