//! Proto messages <-> engine types for what is not per game (sessions, outcomes, the
//! catalog). Each game's own messages convert beside its types (`engine/src/<game>/wire.rs`)
//! and the registry dispatches on the `game` oneof; here a field error gets the request's
//! field name in front and becomes INVALID_ARGUMENT with a BadRequest detail, once.

use crate::api::errors::field;
use crate::clock::{Limit, OnTimeout, SeatClock, TimeControl};
use crate::store::SessionMeta;
use crate::table::{BotKind, Control, Strength};
use agora_engine::registry::{AnyAction, AnyEvent, AnyOptions, AnyView};
use agora_engine::{FieldViolation, GameInfo};
use agora_engine::{Outcome, Seat};
use agora_proto::v1 as pb;
use tonic::Status;

/// `CreateSessionRequest.options` as the engine's options of one game.
pub fn options_in(options: Option<&pb::GameOptions>) -> Result<AnyOptions, Status> {
    match options {
        Some(options) => AnyOptions::try_from(options),
        None => AnyOptions::try_from(&pb::GameOptions::default()),
    }
    .map_err(|e| field(e.scope("options")))
}

pub fn options_out(options: &AnyOptions) -> pb::GameOptions {
    options.into()
}

/// `SubmitActionRequest.action` as one decision of one game.
pub fn action_in(action: Option<&pb::GameAction>) -> Result<AnyAction, Status> {
    match action {
        Some(action) => AnyAction::try_from(action),
        None => AnyAction::try_from(&pb::GameAction::default()),
    }
    .map_err(|e| field(e.scope("action")))
}

pub fn action_out(action: &AnyAction) -> pb::GameAction {
    action.into()
}

pub fn event_out(event: &AnyEvent) -> pb::GameEvent {
    event.into()
}

pub fn view_out(view: &AnyView) -> pb::GameView {
    view.into()
}

pub fn outcome_out(outcome: &Outcome) -> pb::Outcome {
    pb::Outcome {
        standings: outcome
            .standings
            .iter()
            .map(|s| pb::Standing {
                seat: s.seat.0.into(),
                score: s.score,
                rank: s.rank.into(),
                tie_breaks: s.tie_breaks.clone(),
                breakdown: s
                    .breakdown
                    .iter()
                    .map(|(name, points)| pb::ScorePart {
                        name: name.clone(),
                        points: *points,
                    })
                    .collect(),
                solo: s.solo.map(|r| pb::SoloResult {
                    target: r.target,
                    won: r.won,
                }),
            })
            .collect(),
    }
}

pub fn game_info_out(info: &GameInfo) -> pb::GameInfo {
    pb::GameInfo {
        game_id: info.id.to_string(),
        name: info.name.to_string(),
        min_players: info.min_players.into(),
        max_players: info.max_players.into(),
        options: info
            .options
            .iter()
            .map(|o| pb::GameOptionInfo {
                name: o.name.to_string(),
                description: o.description.to_string(),
                values: o.values.iter().map(|v| v.to_string()).collect(),
                default_value: o.default.to_string(),
            })
            .collect(),
        provisional_data: info.provisional_data.clone(),
        refusal_codes: agora_engine::COMMON_REFUSAL_CODES
            .iter()
            .chain(crate::table::SEAT_REFUSAL_CODES)
            .chain(&info.refusal_codes)
            .map(|code| code.to_string())
            .collect(),
        board_layout: info
            .board_layout
            .iter()
            .map(|p| pb::BoardPoint {
                place: p.place.clone(),
                x: p.x,
                y: p.y,
            })
            .collect(),
        board_tracks: info
            .board_tracks
            .iter()
            .map(|t| pb::BoardTrack {
                track: t.track.to_string(),
                spaces: t
                    .spaces
                    .iter()
                    .map(|s| pb::TrackSpace {
                        index: s.index,
                        section: s.section,
                        bonus: s.bonus.to_string(),
                        label: s.label.to_string(),
                        arrival_vp: s.arrival_vp,
                    })
                    .collect(),
            })
            .collect(),
        rating_pools: crate::ratings::pools::of_game(info.id)
            .into_iter()
            .map(|p| pb::RatingPool {
                pool_id: p.id.to_string(),
                players: p.players.into(),
                description: p.description,
            })
            .collect(),
    }
}

pub fn bot_out(kind: BotKind) -> pb::BotKind {
    match kind {
        BotKind::Random => pb::BotKind::Random,
        BotKind::Mcts(_) => pb::BotKind::Mcts,
    }
}

/// The strength that goes beside [`bot_out`]'s kind: set for an MCTS bot only.
pub fn strength_out(kind: Option<BotKind>) -> Option<pb::BotStrength> {
    use pb::bot_strength::Budget;
    let BotKind::Mcts(strength) = kind? else {
        return None;
    };
    Some(pb::BotStrength {
        budget: Some(match strength {
            Strength::Iterations(n) => Budget::Iterations(n),
            Strength::Millis(ms) => Budget::Millis(ms),
        }),
    })
}

/// The bot a request names in `field` (its kind) and `strength_field`; "no bot" is refused,
/// and so is a strength beside a bot that has none.
pub fn bot_in(
    kind: i32,
    strength: Option<&pb::BotStrength>,
    field: &str,
    strength_field: &str,
) -> Result<BotKind, FieldViolation> {
    match pb::BotKind::try_from(kind) {
        Ok(pb::BotKind::Random) if strength.is_some() => Err(FieldViolation::new(
            strength_field,
            "only an MCTS bot has a strength.",
        )),
        Ok(pb::BotKind::Random) => Ok(BotKind::Random),
        Ok(pb::BotKind::Mcts) => strength_in(strength, strength_field).map(BotKind::Mcts),
        Ok(pb::BotKind::Unspecified) => Err(FieldViolation::new(field, "a bot kind is required.")),
        Err(_) => Err(FieldViolation::new(
            field,
            format!("{kind} is not a bot kind."),
        )),
    }
}

fn strength_in(
    strength: Option<&pb::BotStrength>,
    field: &str,
) -> Result<Strength, FieldViolation> {
    use pb::bot_strength::Budget;
    let in_range = |value: u32, max: u32, what: &str| {
        if (1..=max).contains(&value) {
            Ok(value)
        } else {
            Err(FieldViolation::new(
                format!("{field}.{what}"),
                format!("must be from 1 to {max}; {value} is not."),
            ))
        }
    };
    match strength.and_then(|s| s.budget) {
        None => Ok(Strength::DEFAULT),
        Some(Budget::Iterations(n)) => {
            in_range(n, Strength::MAX_ITERATIONS, "iterations").map(Strength::Iterations)
        }
        Some(Budget::Millis(ms)) => {
            in_range(ms, Strength::MAX_MILLIS, "millis").map(Strength::Millis)
        }
    }
}

/// Waiting until every seat is taken, then in progress until there is an outcome.
pub fn status(meta: &SessionMeta, outcome: Option<&Outcome>) -> pb::SessionStatus {
    if outcome.is_some() {
        pb::SessionStatus::Finished
    } else if !meta.all_seats_taken() {
        pb::SessionStatus::WaitingForPlayers
    } else {
        pb::SessionStatus::InProgress
    }
}

/// `session`, an archived one that ended without an outcome, shown as ended: abandoned
/// when play had started, else aborted (as [`crate::archive::worker`] archived it), with
/// nobody to act.
pub fn ended_unfinished(session: &mut pb::Session, meta: &SessionMeta) {
    if session.outcome.is_some() {
        return;
    }
    session.status = if meta.all_seats_taken() {
        pb::SessionStatus::Abandoned
    } else {
        pb::SessionStatus::Aborted
    } as i32;
    session.to_act.clear();
}

/// The public description of a session. Nobody is asked to act before play starts.
/// `control` is who plays each seat now; where it is not known (lobby rows, which read no
/// state), empty: the seats are shown as created.
pub fn session_out(
    meta: &SessionMeta,
    version: u64,
    to_act: &[Seat],
    outcome: Option<&Outcome>,
    control: &[Control],
    clocks: &[SeatClock],
) -> pb::Session {
    let status = status(meta, outcome);
    let to_act = if status == pb::SessionStatus::InProgress {
        to_act.iter().map(|s| u32::from(s.0)).collect()
    } else {
        Vec::new()
    };
    pb::Session {
        session_id: meta.id.clone(),
        game_id: meta.game_id.clone(),
        options: Some(options_out(&meta.options)),
        status: status as i32,
        version,
        seats: meta
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let control = control.get(i).copied().unwrap_or(match s.held_by_bot() {
                    Some(kind) => Control::Bot(kind),
                    None => Control::Player,
                });
                pb::SeatInfo {
                    seat: i as u32,
                    taken: s.taken(),
                    player_name: s.player_name.clone(),
                    bot: control.bot().map_or(pb::BotKind::Unspecified, bot_out) as i32,
                    resigned: matches!(control, Control::Resigned(_)),
                    bot_strength: strength_out(control.bot()),
                    player_id: s.player_id.clone().unwrap_or_default(),
                }
            })
            .collect(),
        to_act,
        outcome: outcome.map(outcome_out),
        create_time_unix_ms: meta.create_time_unix_ms,
        time_control: meta.time_control.as_ref().map(time_control_out),
        clocks: clocks.iter().map(clock_out).collect(),
        rematch_session_id: meta.rematch.clone().unwrap_or_default(),
        private: meta.private(),
        spectators_may_chat: meta.spectators_may_chat,
        allow_multiple_seats_per_player: meta.allow_multiple_seats_per_player,
        seed_chosen: meta.seed_chosen,
        rules_version: Some(rules_version_out(&meta.started_under())),
        pinned: None,
        rated: meta.rated_now(),
    }
}

pub fn rules_version_out(rules: &crate::store::RulesVersion) -> pb::RulesVersion {
    pb::RulesVersion {
        engine_release: rules.engine_release.clone(),
        state_version: rules.state_version.into(),
    }
}

/// A session this server cannot play: what its last commit recorded, and why.
pub fn pinned_session_out(pinned: &crate::store::Pinned) -> pb::Session {
    let mut session = session_out(
        &pinned.meta,
        pinned.version,
        &pinned.to_act,
        pinned.outcome.as_ref(),
        &[],
        &[],
    );
    session.pinned = Some(pb::PinnedSession {
        written_under: Some(pb::RulesVersion {
            engine_release: pinned.written.release.clone(),
            state_version: pinned.written.state_version.into(),
        }),
        current_state_version: pinned.written.current.into(),
        reason: pinned.detail.clone(),
    });
    session
}

pub fn clock_out(clock: &SeatClock) -> pb::SeatClock {
    pb::SeatClock {
        seat: clock.seat.0.into(),
        remaining_ms: clock.remaining_ms.max(0) as u64,
        deadline_unix_ms: clock.deadline_ms,
    }
}

pub fn time_control_out(control: &TimeControl) -> pb::TimeControl {
    use pb::time_control::Limit as L;
    let limit = match control.limit {
        Limit::PerMove { ms } => L::PerMove(pb::PerMoveLimit {
            limit_ms: ms as u64,
        }),
        Limit::Bank {
            initial_ms,
            increment_ms,
            max_ms,
        } => L::Bank(pb::TimeBank {
            initial_ms: initial_ms as u64,
            increment_ms: increment_ms as u64,
            max_ms: max_ms as u64,
        }),
    };
    let on_timeout = match control.on_timeout {
        OnTimeout::RandomMove => pb::TimeoutPolicy::RandomMove,
        OnTimeout::Lose => pb::TimeoutPolicy::Lose,
        OnTimeout::Skip => pb::TimeoutPolicy::Skip,
    };
    pb::TimeControl {
        limit: Some(limit),
        on_timeout: on_timeout as i32,
    }
}

/// Shortest and longest time a clock may be given.
const MIN_CLOCK_MS: u64 = 100;
const MAX_CLOCK_MS: u64 = 366 * 24 * 3600 * 1000;

/// `CreateSessionRequest.time_control` as the clocks' rules; each bad field is named.
pub fn time_control_in(control: &pb::TimeControl) -> Result<TimeControl, FieldViolation> {
    use pb::time_control::Limit as L;
    let in_range = |field: &str, ms: u64| {
        if (MIN_CLOCK_MS..=MAX_CLOCK_MS).contains(&ms) {
            Ok(ms as i64)
        } else {
            Err(FieldViolation::new(
                format!("time_control.{field}"),
                format!("{ms} ms is out of range ({MIN_CLOCK_MS} ms to 366 days)."),
            ))
        }
    };
    let limit = match &control.limit {
        None => {
            return Err(FieldViolation::new(
                "time_control.limit",
                "per_move or bank is required.",
            ))
        }
        Some(L::PerMove(p)) => Limit::PerMove {
            ms: in_range("per_move.limit_ms", p.limit_ms)?,
        },
        Some(L::Bank(b)) => {
            let initial_ms = in_range("bank.initial_ms", b.initial_ms)?;
            if b.increment_ms > MAX_CLOCK_MS {
                return Err(FieldViolation::new(
                    "time_control.bank.increment_ms",
                    "at most 366 days.",
                ));
            }
            if b.max_ms != 0 && (b.max_ms < b.initial_ms || b.max_ms > MAX_CLOCK_MS) {
                return Err(FieldViolation::new(
                    "time_control.bank.max_ms",
                    "0 (no cap), or from initial_ms to 366 days.",
                ));
            }
            Limit::Bank {
                initial_ms,
                increment_ms: b.increment_ms as i64,
                max_ms: b.max_ms as i64,
            }
        }
    };
    let on_timeout = match pb::TimeoutPolicy::try_from(control.on_timeout) {
        Ok(pb::TimeoutPolicy::Unspecified | pb::TimeoutPolicy::RandomMove) => OnTimeout::RandomMove,
        Ok(pb::TimeoutPolicy::Lose) => OnTimeout::Lose,
        Ok(pb::TimeoutPolicy::Skip) => OnTimeout::Skip,
        Err(_) => {
            return Err(FieldViolation::new(
                "time_control.on_timeout",
                format!("{} is not a timeout policy.", control.on_timeout),
            ))
        }
    };
    Ok(TimeControl { limit, on_timeout })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tonic_types::StatusExt;

    #[test]
    fn every_timeout_policy_comes_back_as_it_went() {
        for policy in [OnTimeout::RandomMove, OnTimeout::Lose, OnTimeout::Skip] {
            let control = TimeControl {
                limit: Limit::PerMove { ms: 1_000 },
                on_timeout: policy,
            };
            let back = time_control_in(&time_control_out(&control)).expect("valid");
            assert_eq!(back, control);
        }
    }

    #[test]
    fn a_bad_field_is_named_from_the_request_root_in_the_message_and_a_bad_request_detail() {
        use pb::origin_action as pa;
        let action = pb::GameAction {
            game: Some(pb::game_action::Game::Origin(pb::OriginAction {
                action: Some(pa::Action::Migrate(pa::Migrate {
                    from: "XX9".into(),
                    to: "AF2".into(),
                })),
            })),
        };
        let status = action_in(Some(&action)).unwrap_err();
        assert_eq!(status.code(), tonic::Code::InvalidArgument);
        assert!(
            status.message().starts_with("action.origin.migrate.from: "),
            "{}",
            status.message()
        );
        assert!(status.message().contains("XX9"));
        let detail = status
            .get_details_bad_request()
            .expect("a BadRequest detail");
        assert_eq!(
            detail.field_violations[0].field,
            "action.origin.migrate.from"
        );
    }

    #[test]
    fn an_unset_game_is_refused_naming_the_request_field() {
        let status = action_in(None).unwrap_err();
        assert_eq!(status.code(), tonic::Code::InvalidArgument);
        assert_eq!(
            status.message(),
            "action: the action of one game must be set."
        );
        let status = options_in(Some(&pb::GameOptions::default())).unwrap_err();
        assert_eq!(
            status.message(),
            "options: the options of one game must be set."
        );
    }

    #[test]
    fn every_configuration_round_trips_through_its_proto_options() {
        for (name, options) in agora_engine::registry::configurations() {
            let wire = options_out(&options);
            assert_eq!(options_in(Some(&wire)).ok(), Some(options), "{name}");
        }
    }
}
