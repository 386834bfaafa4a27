//! GetHistory, ExportSession and ImportSession: a session's log read back as a viewer may
//! see it, written out as a record that outlives the session, and replayed into a new
//! read-only session.
//!
//! Every game is deterministic from its options, its seed and the causes of its versions
//! (the decisions, resignations and hand-overs the log records, see [`Cause`]), so a
//! finished game's export is those three and an import replays them through
//! [`Table::apply`], checking each on the way. While a game is in play its seed and its
//! causes would give away what some seat may not see (the deck's order, another hand, a
//! face-down choice), so its export holds only the caller's redacted history, exactly as
//! GetHistory gives it: nothing a viewer could not already read.

use super::errors::ApiError;
use super::sessions::{describe, request_id_reused};
use super::stream::response;
use super::{convert, request_ids, GameApi, MAX_NAME_LEN};
use crate::auth;
use crate::store::{now_ms, Commit, CommitResult, LogEntry, SeatRecord, SessionMeta, StoreError};
use crate::table::{BotKind, Cause, Control, Replay, Table};
use agora_engine::registry::{AnyAction, AnyOptions, AnyState, GameKind};
use agora_engine::{FieldViolation, RuleError, Seat};
use agora_proto::v1 as pb;
use prost::Message;
use std::sync::Arc;
use tracing::Span;

/// GetHistory's page size when the request names none, and the most it may name.
const DEFAULT_PAGE: usize = 100;
const MAX_PAGE: usize = 1000;

/// A GetHistory page stops growing past this many encoded bytes (it always holds at least
/// one version), so a page of large versions stays well under the server's message size
/// limit (1 MiB by default); `next_after_version` says where to go on.
const PAGE_BYTES: usize = 512 * 1024;

/// Versions read from the store per call when a whole log is read.
const LOG_READ: usize = 1000;

/// The layout of [`pb::SessionExport`] this server writes and reads.
pub const EXPORT_FORMAT: u32 = 1;

/// The release whose rules played an exported game. Informative: an import under other
/// rules is still checked decision by decision, and against the export's outcome.
pub const RULES_VERSION: &str = env!("CARGO_PKG_VERSION");

/// Most versions an import replays: far more than any hosted game lasts, and a bound on
/// the work one request can ask for.
const MAX_IMPORT_VERSIONS: usize = 100_000;

/// What an imported player's seat keeps where a token hash goes: it is taken (the game is
/// not waiting for anyone) and no token hashes to it (hashes are hex), so nobody can act
/// for it. A seat a bot held from the start keeps its bot's record, so that exporting
/// the import again says so.
const REPLAY_MARKER: &str = "replay:";

impl GameApi {
    #[tracing::instrument(skip_all, fields(session = %request.session_id, after = request.after_version))]
    pub(crate) async fn history(
        &self,
        request: pb::GetHistoryRequest,
        caller: crate::identity::Caller,
    ) -> Result<pb::GetHistoryResponse, ApiError> {
        let id = request.session_id.as_str();
        // A pinned session's history is read from its log like any other's; a finished
        // one the live store no longer has, from the archive.
        let (readable, archived) = self.read_with_log(id).await?;
        let (meta, version) = (readable.meta(), readable.version());
        let viewer = auth::viewer(meta, &caller)?;
        let after = request.after_version;
        if after > version {
            return Err(ApiError::AheadOfSession {
                after_version: after,
                version,
            });
        }
        let limit = match request.page_size as usize {
            0 => DEFAULT_PAGE,
            n => n.min(MAX_PAGE),
        };
        // Versions committed after the load wait for the next page: the answer says where
        // the session was when it was read.
        let upto = version.min(after.saturating_add(limit as u64));
        let entries = match archived {
            Some(all) => all[after as usize..upto as usize].to_vec(),
            None => self.read_versions(id, after, upto).await?,
        };
        let mut versions = Vec::with_capacity(entries.len());
        let mut bytes = 0;
        for entry in &entries {
            let item = response(entry, viewer);
            bytes += item.encoded_len();
            versions.push(item);
            if bytes >= PAGE_BYTES {
                break;
            }
        }
        let last = versions.last().map_or(after, |v| v.version);
        Ok(pb::GetHistoryResponse {
            versions,
            next_after_version: if last < version { last } else { 0 },
        })
    }

    #[tracing::instrument(skip_all, fields(session = %request.session_id, version))]
    pub(crate) async fn export(
        &self,
        request: pb::ExportSessionRequest,
        caller: crate::identity::Caller,
    ) -> Result<pb::ExportSessionResponse, ApiError> {
        let id = request.session_id.as_str();
        // A pinned session is exported from its log like any other; a finished one the
        // live store no longer has, from the archive.
        let (readable, archived) = self.read_with_log(id).await?;
        let (meta, version) = (readable.meta(), readable.version());
        let viewer = auth::viewer(meta, &caller)?;
        Span::current().record("version", version);
        let entries = match archived {
            Some(all) => all,
            None => self.read_versions(id, 0, version).await?,
        };
        let mut export = pb::SessionExport {
            format_version: EXPORT_FORMAT,
            rules_version: RULES_VERSION.to_string(),
            session_id: meta.id.clone(),
            game_id: meta.game_id.clone(),
            options: Some(convert::options_out(&meta.options)),
            seats: meta
                .seats
                .iter()
                .map(|s| pb::ExportedSeat {
                    player_name: s.player_name.clone(),
                    bot: s
                        .held_by_bot()
                        .map_or(pb::BotKind::Unspecified, convert::bot_out)
                        as i32,
                    bot_strength: convert::strength_out(s.held_by_bot()),
                })
                .collect(),
            version,
            started_under: Some(convert::rules_version_out(&meta.started_under())),
            ..Default::default()
        };
        match readable.outcome() {
            // Over: nothing is hidden any more, and the causes replay the game.
            Some(outcome) => {
                export.seed = meta.seed;
                export.outcome = Some(convert::outcome_out(&outcome));
                export.versions = entries
                    .iter()
                    .map(|entry| exported_version(entry))
                    .collect::<Result<_, _>>()?;
            }
            // In play: only what the caller may see, as GetHistory shows it.
            None => {
                export.seed_hidden = true;
                export.history = entries.iter().map(|e| response(e, viewer)).collect();
            }
        }
        tracing::debug!(finished = !export.seed_hidden, "session exported");
        Ok(pb::ExportSessionResponse {
            export: Some(export),
        })
    }

    /// Checks the whole replay in memory first (a refused export stores nothing), then
    /// creates the session at version 0 and commits each version in order. With a request
    /// id the session id comes from it, as CreateSession's does: a retry finds what its
    /// first attempt stored, however far it got, and commits the rest; the commits'
    /// compare-and-set keeps two racing attempts from writing a version twice.
    #[tracing::instrument(skip_all, fields(session, game, version))]
    pub(crate) async fn import(
        &self,
        request: pb::ImportSessionRequest,
    ) -> Result<pb::ImportSessionResponse, ApiError> {
        let request_id = request_ids::parse(&request.request_id)?;
        let export = request
            .export
            .as_ref()
            .ok_or_else(|| FieldViolation::required("export"))?;
        let plan = Plan::check(export, request.stop_at_version)?;
        Span::current().record("game", plan.options.game_id());
        let (id, create_fingerprint) = match request_id {
            Some(rid) => (
                request_ids::imported_session_id(rid),
                Some(request_ids::fingerprint(
                    &request,
                    |r: &mut pb::ImportSessionRequest| r.request_id.clear(),
                )),
            ),
            None => (uuid::Uuid::new_v4().to_string(), None),
        };
        Span::current().record("session", id.as_str());
        // The export's seed is the caller's: shown as chosen. Nobody plays an import on (no
        // token holds a seat), so it is never refused the way CreateSession's seed can be.
        let meta = SessionMeta {
            create_fingerprint: create_fingerprint.clone(),
            seed_chosen: true,
            ..SessionMeta::new(
                id.clone(),
                plan.options.clone(),
                plan.seed,
                plan.seats.clone(),
                now_ms(),
            )
        };
        // Archived as any session is: its end when the replay reaches one (the job is
        // put before the commits, as a finish's is), else when it expires unfinished.
        let now = meta.create_time_unix_ms;
        self.put_expiry_job(&id, now).await?;
        if let (Some(_), true) = (&self.archiver, plan.over) {
            let job = crate::store::WorkItem::archive(&id, plan.causes.len() as u64, now);
            self.store.work().put(&[job]).await?;
        }
        let stored = match self.store.sessions().create(meta, plan.start.clone()).await {
            Ok(()) => 0,
            // A retry: the first attempt's session, if it is this request's.
            Err(StoreError::AlreadyExists(_)) if create_fingerprint.is_some() => {
                let loaded = self.store.sessions().load(&id).await?;
                if loaded.meta.create_fingerprint != create_fingerprint {
                    return Err(request_id_reused());
                }
                tracing::info!(version = loaded.version, "retried import finds its session");
                loaded.version
            }
            Err(e) => return Err(e.into()),
        };
        self.commit_replay(&id, &plan, stored).await?;
        let loaded = self.store.sessions().load(&id).await?;
        Span::current().record("version", loaded.version);
        tracing::info!("session imported");
        Ok(pb::ImportSessionResponse {
            session: Some(describe(&loaded)),
        })
    }

    /// Commits the plan's versions after `stored` (the session's version) in order.
    async fn commit_replay(&self, id: &str, plan: &Plan, mut stored: u64) -> Result<(), ApiError> {
        let mut replay = Replay::new(plan.start.clone());
        for (i, (seat, cause)) in plan.causes.iter().enumerate() {
            let version = i as u64 + 1;
            // The plan replayed these causes once already: a refusal now is a server fault.
            let entry = step(&mut replay, version, *seat, cause).map_err(|e| {
                StoreError::Corrupt(format!(
                    "version {version} replayed differently twice: {}",
                    e.message
                ))
            })?;
            if version <= stored {
                continue;
            }
            let commit = Commit {
                expected_version: version - 1,
                state: Arc::new(replay.table.clone()),
                entry: Arc::new(entry),
            };
            match self.store.sessions().commit(id, commit).await {
                Ok(CommitResult::Committed(v)) | Ok(CommitResult::Duplicate(v)) => {
                    stored = v;
                    // A replica dying part way through an import (tests of its retry).
                    if v == 1 && plan.causes.len() > 1 {
                        fail::fail_point!("import-partial", |_| crate::failpoints::crash(
                            "import-partial"
                        ));
                    }
                }
                // A racing retry of the same import is ahead: its versions are these.
                Err(StoreError::Conflict { actual, .. }) if actual >= version => stored = actual,
                Err(e) => return Err(e.into()),
            }
        }
        Ok(())
    }

    /// Log entries `after + 1 ..= upto`, every one of them, read in pages.
    async fn read_versions(
        &self,
        id: &str,
        after: u64,
        upto: u64,
    ) -> Result<Vec<Arc<LogEntry>>, ApiError> {
        let mut entries: Vec<Arc<LogEntry>> = Vec::with_capacity((upto - after) as usize);
        let mut last = after;
        while last < upto {
            let want = ((upto - last) as usize).min(LOG_READ);
            let page = self.store.sessions().read_log(id, last, want).await?;
            if page.is_empty() {
                return Err(StoreError::Corrupt(format!(
                    "session {id} is at version {upto} but its log ends at {last}"
                ))
                .into());
            }
            for entry in page {
                if entry.version != last + 1 {
                    return Err(StoreError::Corrupt(format!(
                        "the log of session {id} has version {} after {last}",
                        entry.version
                    ))
                    .into());
                }
                last = entry.version;
                entries.push(entry);
            }
        }
        Ok(entries)
    }
}

/// One version of a finished game's export; a version recorded without its cause (by an
/// earlier release) cannot be.
fn exported_version(entry: &LogEntry) -> Result<pb::ExportedVersion, ApiError> {
    use pb::exported_version::Cause as C;
    let cause = match &entry.cause {
        Some(Cause::Action(action)) => C::Action(convert::action_out(action)),
        Some(Cause::Resigned) => C::Resigned(pb::ExportedResignation {}),
        Some(Cause::HandedToBot(kind)) => C::HandedToBot(pb::ExportedHandOver {
            kind: convert::bot_out(*kind) as i32,
            strength: convert::strength_out(Some(*kind)),
        }),
        Some(Cause::TimedOut(action)) => C::TimedOut(pb::ExportedTimeout {
            action: action.as_ref().map(convert::action_out),
        }),
        Some(Cause::Undo) => C::Undo(pb::ExportedUndo {}),
        None => {
            return Err(ApiError::ExportUnavailable {
                version: entry.version,
            })
        }
    };
    Ok(pb::ExportedVersion {
        version: entry.version,
        seat: entry.seat.0.into(),
        cause: Some(cause),
    })
}

/// Applies `cause` for `seat` as version `version`: the log entry it commits.
fn step(
    replay: &mut Replay,
    version: u64,
    seat: Seat,
    cause: &Cause,
) -> Result<LogEntry, RuleError> {
    let events = replay.step(seat, cause)?;
    let table = &replay.table;
    Ok(LogEntry {
        version,
        seat,
        cause: Some(cause.clone()),
        events,
        to_act: table.to_act().iter().collect(),
        outcome: table.outcome(),
        request_id: None,
        request_fingerprint: None,
        // Clocks are not replayed: an import is read-only and has none.
        clocks: Vec::new(),
    })
}

/// An export checked for import: the session to create and the causes to commit.
#[derive(Debug)]
struct Plan {
    options: AnyOptions,
    seed: u64,
    seats: Vec<SeatRecord>,
    /// The table at version 0.
    start: Table,
    /// By version, from 1, up to the version the import stops at.
    causes: Vec<(Seat, Cause)>,
    /// The game is over after the last of them.
    over: bool,
}

impl Plan {
    /// Every field of `export` checked and every cause (up to `stop_at`) replayed: an
    /// import that passes this cannot fail for its content.
    fn check(export: &pb::SessionExport, stop_at: Option<u64>) -> Result<Plan, ApiError> {
        let field = |name: &str| format!("export.{name}");
        if export.format_version != EXPORT_FORMAT {
            return Err(FieldViolation::new(
                field("format_version"),
                format!(
                    "{} is not an export layout this server reads (it reads {EXPORT_FORMAT}).",
                    export.format_version
                ),
            )
            .into());
        }
        if export.seed_hidden {
            return Err(FieldViolation::new(
                field("seed_hidden"),
                "the export is of a game in play: it holds no seed and no decisions, so it \
                 cannot be replayed. Export the game again once it is over.",
            )
            .into());
        }
        let options = AnyOptions::try_from(export.options.as_ref().unwrap_or(&Default::default()))
            .map_err(|e| e.scope(&field("options")))?;
        if !export.game_id.is_empty() && export.game_id != options.game_id() {
            return Err(FieldViolation::new(
                field("game_id"),
                format!(
                    "{:?} is not the game of the options ({:?}).",
                    export.game_id,
                    options.game_id()
                ),
            )
            .into());
        }
        let game = AnyState::setup(&options, export.seed)
            .map_err(|e| FieldViolation::new(field("options"), e.to_string()))?;
        let mut start = Table::new(game);
        if export.seats.len() != start.seat_count() {
            return Err(FieldViolation::new(
                field("seats"),
                format!(
                    "the game has {} seats; the export lists {}.",
                    start.seat_count(),
                    export.seats.len()
                ),
            )
            .into());
        }
        let mut seats = Vec::with_capacity(export.seats.len());
        for (i, seat) in export.seats.iter().enumerate() {
            let name = seat.player_name.trim();
            if name.chars().count() > MAX_NAME_LEN {
                return Err(FieldViolation::new(
                    field(&format!("seats[{i}].player_name")),
                    format!("at most {MAX_NAME_LEN} characters."),
                )
                .into());
            }
            let record = match seat_bot(seat, &field(&format!("seats[{i}]")))? {
                Some(kind) => {
                    start.seats[i] = Control::Bot(kind);
                    SeatRecord {
                        player_name: name.to_string(),
                        ..SeatRecord::bot(kind)
                    }
                }
                None => SeatRecord {
                    player_name: name.to_string(),
                    token_hash: Some(REPLAY_MARKER.to_string()),
                    player_id: None,
                },
            };
            seats.push(record);
        }
        if export.version != export.versions.len() as u64 {
            return Err(FieldViolation::new(
                field("version"),
                format!(
                    "is {} but the export lists {} versions.",
                    export.version,
                    export.versions.len()
                ),
            )
            .into());
        }
        if export.versions.len() > MAX_IMPORT_VERSIONS {
            return Err(FieldViolation::new(
                field("versions"),
                format!("at most {MAX_IMPORT_VERSIONS} versions can be imported."),
            )
            .into());
        }
        let stop = match stop_at {
            None => export.versions.len(),
            Some(n) if n <= export.version => n as usize,
            Some(n) => {
                return Err(FieldViolation::new(
                    "stop_at_version",
                    format!(
                        "{n} is past the export's last version ({}).",
                        export.version
                    ),
                )
                .into())
            }
        };
        // Replayed under this server's rules whatever the export started under; a
        // refusal says when those differ.
        let rules_note = rules_note(export.started_under.as_ref(), options.kind());
        let mut replay = Replay::new(start.clone());
        let mut causes = Vec::with_capacity(stop);
        for (i, exported) in export.versions[..stop].iter().enumerate() {
            let at = field(&format!("versions[{i}]"));
            let version = i as u64 + 1;
            if exported.version != version {
                return Err(FieldViolation::new(
                    format!("{at}.version"),
                    format!(
                        "is {}; the versions go 1, 2, 3… so this one is {version}.",
                        exported.version
                    ),
                )
                .into());
            }
            let seat = u8::try_from(exported.seat)
                .ok()
                .map(Seat)
                .filter(|s| usize::from(s.0) < replay.table.seat_count())
                .ok_or_else(|| {
                    FieldViolation::new(
                        format!("{at}.seat"),
                        format!("the game has {} seats.", replay.table.seat_count()),
                    )
                })?;
            let cause = cause_in(exported, &at)?;
            step(&mut replay, version, seat, &cause).map_err(|rule| {
                FieldViolation::new(
                    at.clone(),
                    format!(
                        "seat {} cannot do this at version {}: {} ({}).{rules_note}",
                        seat.0,
                        version - 1,
                        rule.message.trim_end_matches('.'),
                        rule.code
                    ),
                )
            })?;
            causes.push((seat, cause));
        }
        if stop == export.versions.len() {
            if let Some(claimed) = &export.outcome {
                let replayed = replay.table.outcome().map(|o| convert::outcome_out(&o));
                if replayed.as_ref() != Some(claimed) {
                    return Err(FieldViolation::new(
                        field("outcome"),
                        format!(
                            "is not the end the replayed versions reach: the export was \
                             changed or comes from other rules.{rules_note}"
                        ),
                    )
                    .into());
                }
            }
        }
        Ok(Plan {
            options,
            seed: export.seed,
            seats,
            start,
            causes,
            over: replay.table.is_over(),
        })
    }
}

/// What an import's refusal adds when the export was started under other rules than
/// this server plays for `kind` (nothing for an export that does not say).
fn rules_note(started_under: Option<&pb::RulesVersion>, kind: GameKind) -> String {
    match started_under {
        Some(r) if r.state_version != u32::from(kind.state_version()) => format!(
            " The export was started under rules version {} {} (release {}); this server \
             replays it under version {} (release {}), whose rules refuse its history.",
            kind.id(),
            r.state_version,
            r.engine_release,
            kind.state_version(),
            agora_engine::ENGINE_RELEASE
        ),
        _ => String::new(),
    }
}

/// An exported seat's bot at creation: none for a player's seat.
fn seat_bot(seat: &pb::ExportedSeat, at: &str) -> Result<Option<BotKind>, FieldViolation> {
    match pb::BotKind::try_from(seat.bot) {
        Ok(pb::BotKind::Unspecified) => Ok(None),
        _ => convert::bot_in(
            seat.bot,
            seat.bot_strength.as_ref(),
            &format!("{at}.bot"),
            &format!("{at}.bot_strength"),
        )
        .map(Some),
    }
}

/// What made an exported version.
fn cause_in(exported: &pb::ExportedVersion, at: &str) -> Result<Cause, FieldViolation> {
    use pb::exported_version::Cause as C;
    match exported.cause.as_ref() {
        Some(C::Action(action)) => AnyAction::try_from(action)
            .map(Cause::Action)
            .map_err(|e| e.scope("action").scope(at)),
        Some(C::Resigned(_)) => Ok(Cause::Resigned),
        Some(C::HandedToBot(hand_over)) => convert::bot_in(
            hand_over.kind,
            hand_over.strength.as_ref(),
            &format!("{at}.handed_to_bot.kind"),
            &format!("{at}.handed_to_bot.strength"),
        )
        .map(Cause::HandedToBot),
        Some(C::TimedOut(timeout)) => match &timeout.action {
            Some(action) => AnyAction::try_from(action)
                .map(|a| Cause::TimedOut(Some(a)))
                .map_err(|e| e.scope("action").scope("timed_out").scope(at)),
            None => Ok(Cause::TimedOut(None)),
        },
        Some(C::Undo(_)) => Ok(Cause::Undo),
        None => Err(FieldViolation::new(
            at,
            "what made the version (action, resigned or handed_to_bot) must be set.",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::codec::encode_snapshot;
    use crate::store::memory::MemoryStore;
    use crate::store::Store;
    use crate::table::bot_decision;
    use agora_engine::registry::{configurations, GameKind};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use tonic::Code;

    /// A game as the service plays it, from its seats at creation to the end: players
    /// deciding at random, bots deciding as the server's do, and now and then a seat
    /// resigned or handed to a bot. Returns the table at creation, the final table and
    /// the log.
    fn played(
        options: &AnyOptions,
        seed: u64,
        rng: &mut ChaCha8Rng,
    ) -> (Table, Table, Vec<LogEntry>) {
        let mut table =
            Table::new(AnyState::setup(options, seed).expect("a sample configuration sets up"));
        for seat in 0..table.seat_count() {
            if rng.random_ratio(1, 4) {
                table.seats[seat] = Control::Bot(BotKind::Random);
            }
        }
        let start = table.clone();
        let mut log = Vec::new();
        let mut replay = Replay::new(table);
        let mut undoable = 0;
        while !replay.table.is_over() {
            let table = &replay.table;
            let version = log.len() as u64 + 1;
            assert!(version < 50_000, "the game ends");
            let (seat, cause) = match table.bot_to_act() {
                Some((seat, kind)) => {
                    let action = bot_decision(table, seat, kind, seed, 0, version - 1)
                        .expect("a bot to act has a legal action");
                    (seat, Cause::Action(action))
                }
                None => {
                    let to_act: Vec<Seat> = table.to_act().iter().collect();
                    let seat = to_act[rng.random_range(0..to_act.len())];
                    if rng.random_ratio(1, 300) {
                        let change = if rng.random_bool(0.5) {
                            Cause::Resigned
                        } else {
                            Cause::HandedToBot(BotKind::Random)
                        };
                        (seat, change)
                    } else if undoable > 0 && rng.random_ratio(1, 20) {
                        (seat, Cause::Undo)
                    } else {
                        let mut actions = table.legal_actions(seat);
                        let i = rng.random_range(0..actions.len());
                        (seat, Cause::Action(actions.swap_remove(i)))
                    }
                }
            };
            undoable = match cause {
                Cause::Action(_) => (undoable + 1).min(crate::table::UNDO_DEPTH),
                Cause::Undo => undoable - 1,
                _ => 0,
            };
            log.push(step(&mut replay, version, seat, &cause).expect("a legal cause applies"));
        }
        (start, replay.table, log)
    }

    /// What ExportSession writes for a finished game.
    fn export_of(
        options: &AnyOptions,
        seed: u64,
        start: &Table,
        log: &[LogEntry],
        end: &Table,
    ) -> pb::SessionExport {
        pb::SessionExport {
            format_version: EXPORT_FORMAT,
            rules_version: RULES_VERSION.into(),
            game_id: options.game_id().into(),
            options: Some(convert::options_out(options)),
            seed,
            seats: start
                .seats
                .iter()
                .map(|c| pb::ExportedSeat {
                    player_name: "p".into(),
                    bot: match c {
                        Control::Bot(kind) => convert::bot_out(*kind) as i32,
                        _ => 0,
                    },
                    bot_strength: convert::strength_out(c.bot()),
                })
                .collect(),
            versions: log
                .iter()
                .map(|e| exported_version(e).expect("a cause"))
                .collect(),
            outcome: end.outcome().map(|o| convert::outcome_out(&o)),
            version: log.len() as u64,
            ..Default::default()
        }
    }

    /// Setup plus the replay of the causes gives the played state byte for byte, and the
    /// same log, for `per_game` random games of every game (spread over its sample
    /// configurations), through the export's wire form and [`Plan::check`].
    fn replays_reproduce(per_game: usize) {
        let mut rng = ChaCha8Rng::seed_from_u64(14);
        let mut versions = 0;
        for game in GameKind::ALL {
            let configs = game.configurations();
            for i in 0..per_game {
                let (name, options) = &configs[i % configs.len()];
                let seed = rng.random();
                let (start, end, log) = played(options, seed, &mut rng);
                versions += log.len();
                let export = export_of(options, seed, &start, &log, &end);
                let plan = Plan::check(&export, None)
                    .unwrap_or_else(|e| panic!("{name} seed {seed}: {e:?}"));
                assert_eq!(
                    encode_snapshot(&plan.start).unwrap(),
                    encode_snapshot(&start).unwrap(),
                    "{name} seed {seed}: the table at creation"
                );
                let mut replay = Replay::new(plan.start.clone());
                for (i, (seat, cause)) in plan.causes.iter().enumerate() {
                    let entry = step(&mut replay, i as u64 + 1, *seat, cause).unwrap();
                    assert_eq!(entry, log[i], "{name} seed {seed}: version {}", i + 1);
                }
                assert_eq!(
                    encode_snapshot(&replay.table).unwrap(),
                    encode_snapshot(&end).unwrap(),
                    "{name} seed {seed}: the replayed state is not the played one"
                );
            }
        }
        let games = per_game * GameKind::ALL.len();
        assert!(
            versions > games * 20,
            "{versions} versions in {games} games: real games"
        );
    }

    #[test]
    fn replaying_the_causes_reproduces_random_games() {
        replays_reproduce(50);
    }

    /// `cargo test -p agora-service --lib -- --ignored replaying_the_causes` (about 6 s
    /// with the test profile's optimisation).
    #[test]
    #[ignore = "a thousand games per game: a few seconds"]
    fn replaying_the_causes_reproduces_a_thousand_random_games_per_game() {
        replays_reproduce(1000);
    }

    fn sample() -> (AnyOptions, u64, Table, Table, Vec<LogEntry>) {
        let (_, options) = configurations().remove(0);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let (start, end, log) = played(&options, 5, &mut rng);
        (options, 5, start, end, log)
    }

    fn refused(export: &pb::SessionExport, stop: Option<u64>) -> String {
        match Plan::check(export, stop) {
            Ok(_) => panic!("the export was accepted"),
            Err(e) => {
                let status = tonic::Status::from(e);
                assert_eq!(status.code(), Code::InvalidArgument, "{status:?}");
                status.message().to_string()
            }
        }
    }

    #[test]
    fn a_changed_export_is_refused_naming_what_is_wrong() {
        let (options, seed, start, end, log) = sample();
        let good = export_of(&options, seed, &start, &log, &end);
        assert!(Plan::check(&good, None).is_ok());
        assert_eq!(Plan::check(&good, Some(3)).unwrap().causes.len(), 3);

        // An action of the log moved one version on no longer applies.
        let mut moved = good.clone();
        moved.versions[1].cause = moved.versions[0].cause.clone();
        moved.versions[1].seat = moved.versions[0].seat;
        let message = refused(&moved, None);
        assert!(message.starts_with("export.versions[1]"), "{message}");

        let mut other = good.clone();
        other.seed_hidden = true;
        assert!(refused(&other, None).starts_with("export.seed_hidden"));
        let mut other = good.clone();
        other.format_version = 9;
        assert!(refused(&other, None).starts_with("export.format_version"));
        let mut other = good.clone();
        other.versions[2].version = 7;
        assert!(refused(&other, None).starts_with("export.versions[2].version"));
        let mut other = good.clone();
        other.versions[0].seat = 40;
        assert!(refused(&other, None).starts_with("export.versions[0].seat"));
        let mut other = good.clone();
        other.versions[0].cause = None;
        assert!(refused(&other, None).starts_with("export.versions[0]"));
        let mut other = good.clone();
        other.seats.pop();
        assert!(refused(&other, None).starts_with("export.seats"));
        let mut other = good.clone();
        other.seats[0].bot = 99;
        assert!(refused(&other, None).starts_with("export.seats[0].bot"));
        let mut other = good.clone();
        other.version += 1;
        assert!(refused(&other, None).starts_with("export.version"));
        assert!(refused(&good, Some(good.version + 1)).starts_with("stop_at_version"));
        let mut other = good.clone();
        other.game_id = "nope".into();
        assert!(refused(&other, None).starts_with("export.game_id"));
        let mut other = good.clone();
        other.options = None;
        assert!(refused(&other, None).starts_with("export.options"));
        // Another seed sets another game up: its outcome (if the decisions even apply)
        // is not the export's.
        let mut other = good.clone();
        other.seed ^= 1;
        assert!(refused(&other, None).starts_with("export."));
        let mut other = good.clone();
        if let Some(outcome) = other.outcome.as_mut() {
            outcome.standings[0].score += 1;
        }
        assert!(refused(&other, None).starts_with("export.outcome"));
    }

    /// An export made under another state version of its game (issue 35): replayed under
    /// this server's rules when its history still applies; when it does not, refused
    /// INVALID_ARGUMENT with a sentence naming both versions.
    #[test]
    fn an_export_of_other_rules_is_replayed_or_refused_naming_both_versions() {
        let (options, seed, start, end, log) = sample();
        let kind = options.kind();
        let current = kind.state_version();
        let mut good = export_of(&options, seed, &start, &log, &end);
        for other in [current + 1, current + 7] {
            good.started_under = Some(pb::RulesVersion {
                engine_release: "0.0.9-test".into(),
                state_version: u32::from(other),
            });
            assert!(
                Plan::check(&good, None).is_ok(),
                "an export of version {other} whose history applies is replayed"
            );
            let mut moved = good.clone();
            moved.versions[1].cause = moved.versions[0].cause.clone();
            moved.versions[1].seat = moved.versions[0].seat;
            let message = refused(&moved, None);
            let started = format!("started under rules version {} {other}", kind.id());
            let replayed = format!(
                "under version {current} (release {})",
                agora_engine::ENGINE_RELEASE
            );
            assert!(message.contains(&started), "{message}");
            assert!(message.contains(&replayed), "{message}");
            assert!(message.contains("0.0.9-test"), "{message}");
        }
        // Under the same version, the refusal says nothing of versions.
        let mut same = good.clone();
        same.started_under = Some(pb::RulesVersion {
            engine_release: agora_engine::ENGINE_RELEASE.into(),
            state_version: u32::from(current),
        });
        same.versions[1].cause = same.versions[0].cause.clone();
        same.versions[1].seat = same.versions[0].seat;
        assert!(!refused(&same, None).contains("rules version"));
    }

    /// A finished game whose log an earlier release wrote (no causes) cannot be exported
    /// for replay, and says why.
    #[tokio::test]
    async fn a_log_without_causes_is_not_exported() {
        let (options, seed, start, end, log) = sample();
        let store: Arc<dyn Store> = Arc::new(MemoryStore::new(10, 16));
        let (_stop, stopped) = tokio::sync::watch::channel(false);
        let api = GameApi::new(store.clone(), 0, stopped);
        let meta = SessionMeta::new(
            "old",
            options.clone(),
            seed,
            start
                .seats
                .iter()
                .map(|_| SeatRecord {
                    player_name: "p".into(),
                    token_hash: Some("0".into()),
                    player_id: None,
                })
                .collect(),
            0,
        );
        store.sessions().create(meta, start.clone()).await.unwrap();
        let mut replay = Replay::new(start.clone());
        for entry in &log {
            let cause = entry.cause.clone().unwrap();
            replay.step(entry.seat, &cause).unwrap();
            let mut old = entry.clone();
            old.cause = None;
            let commit = Commit {
                expected_version: entry.version - 1,
                state: Arc::new(replay.table.clone()),
                entry: Arc::new(old),
            };
            store.sessions().commit("old", commit).await.unwrap();
        }
        assert_eq!(replay.table, end);
        let request = pb::ExportSessionRequest {
            session_id: "old".into(),
        };
        let status = tonic::Status::from(
            api.export(request, crate::identity::Caller::Anonymous)
                .await
                .unwrap_err(),
        );
        assert_eq!(status.code(), Code::FailedPrecondition);
        assert!(status.message().contains("version 1"), "{status:?}");
        use tonic_types::StatusExt;
        assert_eq!(
            status.get_details_error_info().unwrap().reason,
            "EXPORT_UNAVAILABLE"
        );
        // Its history is still there for everyone.
        let history = api
            .history(
                pb::GetHistoryRequest {
                    session_id: "old".into(),
                    after_version: 0,
                    page_size: 5,
                },
                crate::identity::Caller::Anonymous,
            )
            .await
            .unwrap();
        assert_eq!(history.versions.len(), 5.min(log.len()));
    }
}
