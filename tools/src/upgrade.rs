//! `agora-upgrade`: a rolling upgrade on one Redis between two real `agora-server`
//! binaries, an old release and a new one whose stored state of some games differs (the
//! test build `--features state-layout-probe` gives Attika one more state field and
//! state version 2). Sessions of every sample configuration are created and played
//! partway on the old server; the new one starts beside it and continues them while the
//! old one keeps serving: the old one must refuse records of a changed game written by the
//! new one cleanly (UNAVAILABLE, reason WRITTEN_BY_NEWER_RELEASE) and keep playing the
//! other games. Every session is then finished and exported on the new server. A few
//! sessions of a changed game get one log entry rewritten in Redis before the new server
//! starts (as a rules fix would make their history differ): the new server must pin them
//! (writes FAILED_PRECONDITION, reason RULES_CHANGED) and never answer INTERNAL.
//!
//! Counted: lost (an acknowledged move missing from, or different in, the export), misread
//! (a view differs from the replica that replays the acknowledged moves, or the export does
//! not replay to it), refused cleanly, unexpected answers. See RELIABILITY.md.

use crate::bot_session::{authed, BotSession, CallStats, Client, RetryPolicy};
use agora_engine::registry::{self, AnyOptions, AnyState};
use agora_engine::{Seat, Viewer};
use agora_process::redis_process::RedisProcess;
use agora_process::server_process::ServerProcess;
use agora_proto::v1 as pb;
use agora_service::api::convert;
use agora_service::store::codec;
use agora_service::store::redis::Keys;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;
use tonic::{Code, Status};
use tonic_types::StatusExt;

pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// The reason an older replica gives for a record a newer release wrote.
const WRITTEN_BY_NEWER_RELEASE: &str = "WRITTEN_BY_NEWER_RELEASE";
/// The reason of a write to a session whose history does not replay under the new rules.
const RULES_CHANGED: &str = "RULES_CHANGED";
/// agora-server's default `--redis-prefix`.
const REDIS_PREFIX: &str = "agora";

#[derive(Debug, Clone, clap::Parser)]
#[command(
    name = "agora-upgrade",
    about = "Two agora-server releases on one Redis: sessions started on the old one are finished on the new one; count lost, misread and unclean refusals"
)]
pub struct UpgradeArgs {
    /// The old release's agora-server.
    #[arg(long)]
    pub old_bin: PathBuf,
    /// The new release's agora-server (for the test: built with `--features state-layout-probe`).
    #[arg(long)]
    pub new_bin: PathBuf,
    /// Games whose stored state differs between the two (the old server must refuse their
    /// sessions once the new one wrote them); every other game must play on both.
    #[arg(long, value_delimiter = ',', default_value = "attika")]
    pub changed_games: Vec<String>,
    /// Sessions of each sample configuration.
    #[arg(long, default_value_t = 2)]
    pub sessions: usize,
    /// Moves played on the old server before the new one starts.
    #[arg(long, default_value_t = 12)]
    pub moves_on_old: u64,
    /// Rounds in which both serve: moves on the new server, then the old one meets the
    /// session (refuses a changed game, plays a move of any other).
    #[arg(long, default_value_t = 2)]
    pub rounds: u64,
    /// Moves on the new server in each round.
    #[arg(long, default_value_t = 3)]
    pub moves_per_round: u64,
    /// A session still going after this many moves counts as not finished.
    #[arg(long, default_value_t = 5000)]
    pub max_moves: u64,
    /// Sessions played at once.
    #[arg(long, default_value_t = 8)]
    pub concurrency: usize,
    /// Sessions of a changed game whose log is rewritten before the new server starts, so
    /// that their history no longer replays (the forced pin).
    #[arg(long, default_value_t = 1)]
    pub pinned: usize,
    /// Also require pinned sessions to be readable (GetSession, GetHistory, ExportSession).
    #[arg(long)]
    pub require_pinned_readable: bool,
    /// Only configurations whose name contains this (`attika`, `origin/2p`).
    #[arg(long)]
    pub configs: Option<String>,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Also write the summary as JSON to this file.
    #[arg(long)]
    pub json: Option<PathBuf>,
}

/// What a pinned session answered on the new server.
#[derive(Debug, Default, Clone, serde::Serialize)]
pub struct Pinned {
    pub config: String,
    pub id: String,
    /// SubmitAction's code and ErrorInfo reason.
    pub submit: String,
    pub get_session: String,
    pub get_history: String,
    pub export: String,
}

impl Pinned {
    pub fn writes_refused(&self) -> bool {
        self.submit == format!("{:?} {RULES_CHANGED}", Code::FailedPrecondition)
    }

    pub fn readable(&self) -> bool {
        [&self.get_session, &self.get_history, &self.export]
            .iter()
            .all(|a| a.as_str() == "Ok")
    }
}

#[derive(Debug, Default, Clone, serde::Serialize)]
pub struct Summary {
    pub configurations: usize,
    pub sessions: usize,
    pub finished: usize,
    pub exported: usize,
    /// Acknowledged moves in all, and of them those played on the old server (before the
    /// new one started, and of unchanged games while both served).
    pub moves: u64,
    pub moves_on_old: u64,
    pub moves_on_new: u64,
    /// Calls of the old server on a changed game's session the new one had written,
    /// answered UNAVAILABLE with reason WRITTEN_BY_NEWER_RELEASE.
    pub refused_cleanly: u64,
    /// Views compared with the local replica (every seat, at each check).
    pub views_checked: u64,
    /// Must be 0 from here on.
    pub lost: u64,
    pub misread: u64,
    pub unexpected: u64,
    pub not_finished: usize,
    pub pinned: Vec<Pinned>,
    pub pinned_not_refused: usize,
    pub pinned_not_readable: usize,
    pub require_pinned_readable: bool,
    pub old_exited_by_itself: bool,
    pub new_exited_by_itself: bool,
    pub seconds: f64,
    pub failures: Vec<String>,
}

impl Summary {
    /// True when every count that must be 0 is, and every session finished.
    pub fn clean(&self) -> bool {
        self.lost == 0
            && self.misread == 0
            && self.unexpected == 0
            && self.not_finished == 0
            && self.pinned_not_refused == 0
            && (!self.require_pinned_readable || self.pinned_not_readable == 0)
            && !self.old_exited_by_itself
            && !self.new_exited_by_itself
            && self.sessions > 0
    }
}

/// One session followed through the upgrade, with the replica of its game that replays
/// every acknowledged move.
struct Track {
    config: String,
    options: AnyOptions,
    seed: u64,
    /// Its game's stored state differs between the two servers.
    changed: bool,
    /// Its log is rewritten before the new server starts.
    pin: bool,
    game: Option<BotSession>,
    rng: StdRng,
    stats: CallStats,
    moves_old: u64,
    moves_new: u64,
    refused_cleanly: u64,
    views_checked: u64,
    lost: u64,
    misread: u64,
    unexpected: u64,
    exported: bool,
    failures: Vec<String>,
}

impl Track {
    fn fail(&mut self, what: String) {
        self.unexpected += 1;
        let id = self.game.as_ref().map(|g| g.id.as_str()).unwrap_or("-");
        self.failures
            .push(format!("{} {id}: {what}", self.config.as_str()));
    }

    fn note(&mut self, what: String) {
        let id = self.game.as_ref().map(|g| g.id.as_str()).unwrap_or("-");
        self.failures
            .push(format!("{} {id}: {what}", self.config.as_str()));
    }

    /// False once something unexpected happened: the session is left alone from then on.
    fn going(&self) -> bool {
        self.game.is_some() && self.unexpected == 0
    }
}

/// A status as `Code REASON` (the ErrorInfo reason, when it has one).
fn describe(status: &Status) -> String {
    match status.get_error_details().error_info() {
        Some(info) => format!("{:?} {}", status.code(), info.reason),
        None => format!("{:?}", status.code()),
    }
}

fn answer<T>(result: &Result<T, Status>) -> String {
    match result {
        Ok(_) => "Ok".into(),
        Err(status) => describe(status),
    }
}

fn newer_release_refusal(status: &Status) -> bool {
    status.code() == Code::Unavailable
        && status
            .get_error_details()
            .error_info()
            .is_some_and(|i| i.reason == WRITTEN_BY_NEWER_RELEASE)
}

/// Runs `step` on every track, `concurrency` at a time; the tracks come back in order.
async fn each<F, Fut>(tracks: Vec<Track>, concurrency: usize, step: F) -> Result<Vec<Track>, Error>
where
    F: Fn(Track) -> Fut,
    Fut: Future<Output = Track> + Send + 'static,
{
    let slots = Arc::new(Semaphore::new(concurrency.max(1)));
    let mut tasks = Vec::new();
    for track in tracks {
        let slot = slots.clone().acquire_owned().await?;
        let work = step(track);
        tasks.push(tokio::spawn(async move {
            let track = work.await;
            drop(slot);
            track
        }));
    }
    let mut done = Vec::new();
    for task in tasks {
        done.push(task.await?);
    }
    Ok(done)
}

/// A healthy server answers at once: a call that needs retrying is unexpected here.
fn policy() -> RetryPolicy {
    RetryPolicy {
        attempt: Duration::from_secs(20),
        give_up_after: Duration::from_secs(0),
    }
}

/// Plays up to `moves` random legal moves through `server`; `on_old` says whose count
/// they go to.
async fn play(mut track: Track, server: Client, moves: u64, on_old: bool, max: u64) -> Track {
    for _ in 0..moves {
        if !track.going() {
            break;
        }
        let Some(game) = track.game.as_mut() else {
            break;
        };
        if game.finished() || game.version >= max {
            break;
        }
        let step = game
            .step(
                std::slice::from_ref(&server),
                0,
                &mut track.rng,
                policy(),
                &mut track.stats,
            )
            .await;
        match step {
            Ok(_) if on_old => track.moves_old += 1,
            Ok(_) => track.moves_new += 1,
            Err(failure) => {
                let side = if on_old { "old" } else { "new" };
                track.fail(format!("SubmitAction on the {side} server: {failure}"));
            }
        }
    }
    track
}

/// Compares every seat's GetState on `server` with the local replica: the same version and
/// the same view, or a misread.
async fn check_views(mut track: Track, server: Client, side: &str) -> Track {
    if !track.going() {
        return track;
    }
    let Some(game) = track.game.as_ref() else {
        return track;
    };
    let id = game.id.clone();
    let version = game.version;
    let expected: Vec<pb::GameView> = (0..game.tokens.len())
        .map(|s| convert::view_out(&game.state.view(Viewer::Seat(Seat(s as u8)))))
        .collect();
    let tokens = game.tokens.clone();
    for (seat, (token, want)) in tokens.iter().zip(expected).enumerate() {
        let request = authed(
            pb::GetStateRequest {
                session_id: id.clone(),
            },
            token,
        );
        match server.clone().get_state(request).await {
            Ok(r) => {
                let r = r.into_inner();
                track.views_checked += 1;
                let at = r.session.map(|s| s.version);
                if at != Some(version) || r.view.as_ref() != Some(&want) {
                    track.misread += 1;
                    track.note(format!(
                        "misread on the {side} server: seat {seat}'s view at version {at:?} differs from the replay at {version}"
                    ));
                }
            }
            Err(status) => track.fail(format!(
                "GetState of seat {seat} on the {side} server: {}: {}",
                describe(&status),
                status.message()
            )),
        }
    }
    track
}

/// The old server meets the session after the new one wrote it: a changed game's records
/// are refused cleanly on reads and writes; any other game plays one move and reads back
/// what the replay says.
async fn meet_on_old(mut track: Track, old: Client, max: u64) -> Track {
    if !track.going() {
        return track;
    }
    if !track.changed {
        let track = play(track, old.clone(), 1, true, max).await;
        return check_views(track, old, "old").await;
    }
    let Some(game) = track.game.as_ref() else {
        return track;
    };
    if game.finished() {
        return track;
    }
    let id = game.id.clone();
    let token = game.tokens[0].clone();
    let seat = game.state.to_act().iter().next();
    let submit = seat.and_then(|seat| {
        let actions = game.state.legal_actions(seat);
        let action = actions.get(track.rng.random_range(0..actions.len().max(1)))?;
        Some((
            game.tokens[usize::from(seat.0)].clone(),
            pb::SubmitActionRequest {
                session_id: id.clone(),
                action: Some(convert::action_out(action)),
                expected_version: Some(game.version),
                request_id: uuid::Uuid::new_v4().to_string(),
            },
        ))
    });
    let mut answers: Vec<(&str, Result<(), Status>)> = Vec::new();
    let state = old
        .clone()
        .get_state(authed(
            pb::GetStateRequest {
                session_id: id.clone(),
            },
            &token,
        ))
        .await;
    answers.push(("GetState", state.map(|_| ())));
    let history = old
        .clone()
        .get_history(authed(
            pb::GetHistoryRequest {
                session_id: id.clone(),
                after_version: 0,
                page_size: 1000,
            },
            &token,
        ))
        .await;
    answers.push(("GetHistory", history.map(|_| ())));
    if let Some((token, request)) = submit {
        let submitted = old.clone().submit_action(authed(request, &token)).await;
        answers.push(("SubmitAction", submitted.map(|_| ())));
    }
    for (method, result) in answers {
        match result {
            Err(status) if newer_release_refusal(&status) => track.refused_cleanly += 1,
            Ok(()) => track.fail(format!(
                "the old server answered {method} on a session the new one wrote (it must refuse it)"
            )),
            Err(status) => track.fail(format!(
                "{method} on the old server: {} instead of UNAVAILABLE {WRITTEN_BY_NEWER_RELEASE}: {}",
                describe(&status),
                status.message()
            )),
        }
    }
    track
}

/// Exports the finished session on `server` and holds it against the acknowledged moves:
/// every one at its version, by its seat, with its action (else lost), and the export
/// replays to the local replica's end (else misread).
async fn export_and_audit(mut track: Track, server: Client) -> Track {
    if !track.going() {
        return track;
    }
    let Some(game) = track.game.as_ref() else {
        return track;
    };
    let id = game.id.clone();
    let exported = server
        .clone()
        .export_session(authed(
            pb::ExportSessionRequest {
                session_id: id.clone(),
            },
            &game.tokens[0],
        ))
        .await;
    let export = match exported {
        Ok(r) => r.into_inner().export.unwrap_or_default(),
        Err(status) => {
            track.fail(format!(
                "ExportSession on the new server: {}: {}",
                describe(&status),
                status.message()
            ));
            return track;
        }
    };
    let mut lost = 0;
    for (i, (ack, action)) in game.acks.iter().zip(&game.played).enumerate() {
        let want = convert::action_out(action);
        let same = export.versions.get(i).is_some_and(|v| {
            v.version == ack.version
                && v.seat == ack.seat
                && v.cause == Some(pb::exported_version::Cause::Action(want.clone()))
        });
        lost += u64::from(!same);
    }
    let mut notes = Vec::new();
    if lost > 0 {
        notes.push(format!(
            "{lost} acknowledged moves missing from or different in the export"
        ));
    }
    if export.version != game.version || export.versions.len() as u64 != game.version {
        notes.push(format!(
            "the export holds {} versions (says {}), {} were acknowledged",
            export.versions.len(),
            export.version,
            game.version
        ));
        lost += u64::from(lost == 0);
    }
    let misread = match replay_export(&export, &track.options) {
        Ok(replayed) => {
            let differs = (0..game.tokens.len()).any(|s| {
                let viewer = Viewer::Seat(Seat(s as u8));
                convert::view_out(&replayed.view(viewer))
                    != convert::view_out(&game.state.view(viewer))
            }) || replayed.outcome() != game.state.outcome();
            if differs {
                notes.push("the export does not replay to the acknowledged game".into());
            }
            u64::from(differs)
        }
        Err(why) => {
            notes.push(format!("the export does not replay: {why}"));
            1
        }
    };
    track.lost += lost;
    track.misread += misread;
    track.exported = true;
    for n in notes {
        track.note(n);
    }
    track
}

/// The game an export's seed and decisions make.
fn replay_export(export: &pb::SessionExport, options: &AnyOptions) -> Result<AnyState, String> {
    let mut state = AnyState::setup(options, export.seed).map_err(|e| e.to_string())?;
    for v in &export.versions {
        let Some(pb::exported_version::Cause::Action(action)) = &v.cause else {
            return Err(format!("version {} is not an action", v.version));
        };
        let action = convert::action_in(Some(action)).map_err(|e| e.message().to_string())?;
        let seat = u8::try_from(v.seat).map_err(|e| e.to_string())?;
        state
            .apply(Seat(seat), &action)
            .map_err(|e| format!("version {}: {e:?}", v.version))?;
    }
    Ok(state)
}

/// Rewrites one log entry of session `id` in Redis (one event fewer, or one more), as a
/// rules fix that changes what a past decision causes would make it differ from a replay.
async fn break_history(redis_url: &str, id: &str, kind: registry::GameKind) -> Result<u64, Error> {
    let client = redis::Client::open(redis_url)?;
    let mut conn = client.get_multiplexed_async_connection().await?;
    let key = Keys::of_session(REDIS_PREFIX, id).log;
    let rows: redis::Value = redis::cmd("XRANGE")
        .arg(&key)
        .arg("-")
        .arg("+")
        .query_async(&mut conn)
        .await?;
    let mut entries = stream_rows(rows)?;
    // The first entry after the first with an event to take away, so the replay fails
    // early but not on the first decision.
    let mut broken = None;
    for (version, bytes) in entries.iter_mut().skip(1) {
        let mut entry = codec::decode_entry(*version, bytes)?;
        if entry.events.pop().is_some() {
            *bytes = codec::encode_entry(kind, &entry)?;
            broken = Some(*version);
            break;
        }
    }
    let broken = broken.ok_or("no version after the first has an event to take away")?;
    let ttl: i64 = redis::cmd("PTTL").arg(&key).query_async(&mut conn).await?;
    let mut rewrite = redis::pipe();
    rewrite.atomic().del(&key).ignore();
    for (version, bytes) in &entries {
        rewrite
            .cmd("XADD")
            .arg(&key)
            .arg(format!("{version}-0"))
            .arg("e")
            .arg(bytes.as_slice())
            .ignore();
    }
    if ttl > 0 {
        rewrite.pexpire(&key, ttl).ignore();
    }
    rewrite.query_async::<()>(&mut conn).await?;
    Ok(broken)
}

/// XRANGE's reply as (version, entry bytes).
fn stream_rows(rows: redis::Value) -> Result<Vec<(u64, Vec<u8>)>, Error> {
    let bad = || -> Error { "an unexpected XRANGE reply".into() };
    let redis::Value::Array(rows) = rows else {
        return Err(bad());
    };
    let mut out = Vec::new();
    for row in rows {
        let redis::Value::Array(parts) = row else {
            return Err(bad());
        };
        let [redis::Value::BulkString(id), redis::Value::Array(fields)] = parts.as_slice() else {
            return Err(bad());
        };
        let id = String::from_utf8_lossy(id);
        let version: u64 = id
            .split('-')
            .next()
            .and_then(|v| v.parse().ok())
            .ok_or_else(bad)?;
        let [redis::Value::BulkString(field), redis::Value::BulkString(bytes)] = fields.as_slice()
        else {
            return Err(bad());
        };
        if field.as_slice() != b"e" {
            return Err(bad());
        }
        out.push((version, bytes.clone()));
    }
    Ok(out)
}

/// What the new server answers on a pinned session: its writes, and whether it can still
/// be read and exported.
async fn probe_pinned(track: &Track, new: Client) -> Pinned {
    let mut pinned = Pinned {
        config: track.config.clone(),
        ..Pinned::default()
    };
    let Some(game) = track.game.as_ref() else {
        return pinned;
    };
    pinned.id = game.id.clone();
    let id = game.id.clone();
    let token = game.tokens[0].clone();
    if let Some(seat) = game.state.to_act().iter().next() {
        let actions = game.state.legal_actions(seat);
        if let Some(action) = actions.first() {
            let request = pb::SubmitActionRequest {
                session_id: id.clone(),
                action: Some(convert::action_out(action)),
                expected_version: Some(game.version),
                request_id: uuid::Uuid::new_v4().to_string(),
            };
            let token = &game.tokens[usize::from(seat.0)];
            pinned.submit = answer(&new.clone().submit_action(authed(request, token)).await);
        }
    }
    pinned.get_session = answer(
        &new.clone()
            .get_session(pb::GetSessionRequest {
                session_id: id.clone(),
            })
            .await,
    );
    pinned.get_history = answer(
        &new.clone()
            .get_history(authed(
                pb::GetHistoryRequest {
                    session_id: id.clone(),
                    after_version: 0,
                    page_size: 1000,
                },
                &token,
            ))
            .await,
    );
    pinned.export = answer(
        &new.clone()
            .export_session(authed(pb::ExportSessionRequest { session_id: id }, &token))
            .await,
    );
    pinned
}

fn start_server(binary: &Path, redis: &RedisProcess) -> Result<ServerProcess, Error> {
    let url = redis.url();
    Ok(ServerProcess::start(
        binary,
        &[
            "--store",
            "redis",
            "--redis-url",
            &url,
            "--max-sessions",
            "1000000",
        ],
        &[],
    )?)
}

/// Runs the whole upgrade and prints the report; the summary says whether it passed.
pub async fn run(args: UpgradeArgs) -> Result<Summary, Error> {
    let started = Instant::now();
    let configurations: Vec<(String, AnyOptions)> = registry::configurations()
        .into_iter()
        .filter(|(name, _)| args.configs.as_deref().is_none_or(|f| name.contains(f)))
        .collect();
    if configurations.is_empty() {
        return Err(format!("--configs {:?} matches no configuration", args.configs).into());
    }
    let changed = |options: &AnyOptions| {
        let id = options.kind().id();
        args.changed_games.iter().any(|g| g == id)
    };
    let mut plan = Vec::new();
    for _ in 0..args.sessions {
        for (config, options) in &configurations {
            plan.push((config.clone(), options.clone(), false));
        }
    }
    let pin_configs: Vec<_> = configurations
        .iter()
        .filter(|(_, o)| changed(o))
        .cloned()
        .collect();
    for (config, options) in pin_configs.iter().cycle().take(args.pinned) {
        plan.push((config.clone(), options.clone(), true));
    }
    if args.pinned > 0 && pin_configs.is_empty() {
        return Err("--pinned needs a configuration of a --changed-games game".into());
    }

    let redis = RedisProcess::start(false)?;
    let mut old_server = start_server(&args.old_bin, &redis)?;
    let old = crate::bot_session::lazy_client(old_server.addr)?;
    let mut tracks = Vec::new();
    for (i, (config, options, pin)) in plan.into_iter().enumerate() {
        let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(i as u64);
        tracks.push(Track {
            changed: changed(&options),
            config,
            options,
            seed,
            pin,
            game: None,
            rng: StdRng::seed_from_u64(seed ^ 0x5eed),
            stats: CallStats::default(),
            moves_old: 0,
            moves_new: 0,
            refused_cleanly: 0,
            views_checked: 0,
            lost: 0,
            misread: 0,
            unexpected: 0,
            exported: false,
            failures: Vec::new(),
        });
    }
    let (c, max) = (args.concurrency, args.max_moves);

    // 1. The old release alone: create, join and play partway.
    let moves_on_old = args.moves_on_old;
    tracks = each(tracks, c, |mut t| {
        let old = old.clone();
        async move {
            let started = BotSession::start(
                std::slice::from_ref(&old),
                0,
                &t.options,
                t.seed,
                policy(),
                &mut t.stats,
            )
            .await;
            match started {
                Ok(game) => t.game = Some(game),
                Err(failure) => {
                    t.fail(format!("set-up on the old server: {failure}"));
                    return t;
                }
            }
            let t = play(t, old.clone(), moves_on_old, true, max).await;
            check_views(t, old, "old").await
        }
    })
    .await?;

    // The forced pin: one log entry of each pinned session rewritten in Redis.
    let url = redis.url();
    for t in tracks.iter_mut().filter(|t| t.pin && t.going()) {
        let Some(game) = t.game.as_ref() else {
            continue;
        };
        let (id, kind) = (game.id.clone(), game.state.kind());
        if let Err(e) = break_history(&url, &id, kind).await {
            t.fail(format!("could not rewrite its log: {e}"));
        }
    }

    // 2. The new release beside the old one; both serve.
    let mut new_server = start_server(&args.new_bin, &redis)?;
    let new = crate::bot_session::lazy_client(new_server.addr)?;
    let (playing, pinned_tracks): (Vec<Track>, Vec<Track>) =
        tracks.into_iter().partition(|t| !t.pin);
    tracks = playing;
    tracks = each(tracks, c, |t| {
        let new = new.clone();
        async move { check_views(t, new, "new").await }
    })
    .await?;
    for _ in 0..args.rounds {
        let per_round = args.moves_per_round;
        tracks = each(tracks, c, |t| {
            let (old, new) = (old.clone(), new.clone());
            async move {
                let t = play(t, new.clone(), per_round, false, max).await;
                let t = check_views(t, new, "new").await;
                meet_on_old(t, old, max).await
            }
        })
        .await?;
    }

    // The pinned sessions, on the new server.
    let mut pinned = Vec::new();
    for t in &pinned_tracks {
        pinned.push(probe_pinned(t, new.clone()).await);
    }

    // 3. Finish every session on the new release and export it.
    tracks = each(tracks, c, |t| {
        let new = new.clone();
        async move {
            let t = play(t, new.clone(), u64::MAX, false, max).await;
            let t = check_views(t, new.clone(), "new").await;
            export_and_audit(t, new).await
        }
    })
    .await?;

    // 4. The old release stops, and must not have stopped by itself before.
    let old_exited_by_itself = old_server.exited().is_some();
    let new_exited_by_itself = new_server.exited().is_some();
    let mut failures = Vec::new();
    if old_exited_by_itself {
        failures.push(format!(
            "the old server exited by itself:\n{}",
            old_server.log_text()
        ));
    } else if let Err(e) = old_server.terminate() {
        failures.push(format!("the old server did not stop on SIGTERM: {e}"));
    }
    if new_exited_by_itself {
        failures.push(format!(
            "the new server exited by itself:\n{}",
            new_server.log_text()
        ));
    }
    drop(new_server);

    let mut s = Summary {
        configurations: configurations.len(),
        sessions: tracks.len(),
        require_pinned_readable: args.require_pinned_readable,
        old_exited_by_itself,
        new_exited_by_itself,
        failures,
        ..Summary::default()
    };
    for t in tracks.iter().chain(&pinned_tracks) {
        s.moves_on_old += t.moves_old;
        s.moves_on_new += t.moves_new;
        s.refused_cleanly += t.refused_cleanly;
        s.views_checked += t.views_checked;
        s.lost += t.lost;
        s.misread += t.misread;
        s.unexpected += t.unexpected;
        s.failures.extend(t.failures.iter().cloned());
    }
    for t in &tracks {
        let finished = t.game.as_ref().is_some_and(|g| g.finished());
        s.finished += usize::from(finished);
        s.not_finished += usize::from(!finished);
        s.exported += usize::from(t.exported);
    }
    s.moves = s.moves_on_old + s.moves_on_new;
    for p in &pinned {
        if !p.writes_refused() {
            s.pinned_not_refused += 1;
            s.failures.push(format!(
                "pinned {} {}: SubmitAction answered {:?}, not FailedPrecondition {RULES_CHANGED}",
                p.config, p.id, p.submit
            ));
        }
        s.pinned_not_readable += usize::from(!p.readable());
        let answers = [&p.submit, &p.get_session, &p.get_history, &p.export];
        if answers.iter().any(|a| a.starts_with("Internal")) {
            s.unexpected += 1;
            s.failures
                .push(format!("pinned {} {}: INTERNAL answered", p.config, p.id));
        }
    }
    s.pinned = pinned;
    s.seconds = started.elapsed().as_secs_f64();
    print(&s);
    if let Some(path) = &args.json {
        std::fs::write(path, serde_json::to_string_pretty(&s)?)?;
    }
    Ok(s)
}

fn print(s: &Summary) {
    println!(
        "upgrade: {} sessions of {} configurations in {:.0} s: {} finished and {} exported on the new server",
        s.sessions, s.configurations, s.seconds, s.finished, s.exported
    );
    println!(
        "moves {} ({} on the old server, {} on the new), views checked {}, old server's clean refusals (UNAVAILABLE {WRITTEN_BY_NEWER_RELEASE}) {}",
        s.moves, s.moves_on_old, s.moves_on_new, s.views_checked, s.refused_cleanly
    );
    println!(
        "must be 0: lost {}, misread {}, unexpected {}, not finished {}",
        s.lost, s.misread, s.unexpected, s.not_finished
    );
    for p in &s.pinned {
        println!(
            "pinned {} {}: SubmitAction {}, GetSession {}, GetHistory {}, ExportSession {}",
            p.config, p.id, p.submit, p.get_session, p.get_history, p.export
        );
    }
    for f in s.failures.iter().take(30) {
        println!("failure: {f}");
    }
    println!("{}", if s.clean() { "PASS" } else { "FAIL" });
}
