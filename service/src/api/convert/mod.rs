//! Proto messages <-> engine types. The game-independent parts live here and dispatch on
//! the `game` oneof; each game has its own module.

pub mod attika;
pub mod origin;
pub mod origins;
pub mod terra_nova;

use crate::api::errors::invalid;
use crate::store::SessionMeta;
use agora_engine::registry::{AnyAction, AnyEvent, AnyOptions, AnyView};
use agora_engine::GameInfo;
use agora_engine::{Outcome, Seat};
use agora_proto::v1 as pb;
use tonic::Status;

pub fn options_in(options: Option<&pb::GameOptions>) -> Result<AnyOptions, Status> {
    use pb::game_options::Game;
    match options.and_then(|o| o.game.as_ref()) {
        Some(Game::Origin(o)) => Ok(AnyOptions::Origin(origin::options_in(o)?)),
        Some(Game::TerraNova(o)) => Ok(AnyOptions::TerraNova(terra_nova::options_in(o)?)),
        Some(Game::Origins(o)) => Ok(AnyOptions::Origins(origins::options_in(o)?)),
        Some(Game::Attika(o)) => Ok(AnyOptions::Attika(attika::options_in(o)?)),
        None => Err(invalid("options: the options of one game must be set.")),
    }
}

pub fn options_out(options: &AnyOptions) -> pb::GameOptions {
    use pb::game_options::Game;
    let game = match options {
        AnyOptions::Origin(o) => Game::Origin(origin::options_out(o)),
        AnyOptions::TerraNova(o) => Game::TerraNova(terra_nova::options_out(o)),
        AnyOptions::Origins(o) => Game::Origins(origins::options_out(o)),
        AnyOptions::Attika(o) => Game::Attika(attika::options_out(o)),
    };
    pb::GameOptions { game: Some(game) }
}

pub fn action_in(action: Option<&pb::GameAction>) -> Result<AnyAction, Status> {
    use pb::game_action::Game;
    match action.and_then(|a| a.game.as_ref()) {
        Some(Game::Origin(a)) => Ok(AnyAction::Origin(origin::action_in(a)?)),
        Some(Game::TerraNova(a)) => Ok(AnyAction::TerraNova(terra_nova::action_in(a)?)),
        Some(Game::Origins(a)) => Ok(AnyAction::Origins(origins::action_in(a)?)),
        Some(Game::Attika(a)) => Ok(AnyAction::Attika(attika::action_in(a)?)),
        None => Err(invalid("action: the action of one game must be set.")),
    }
}

pub fn action_out(action: &AnyAction) -> pb::GameAction {
    use pb::game_action::Game;
    let game = match action {
        AnyAction::Origin(a) => Game::Origin(origin::action_out(a)),
        AnyAction::TerraNova(a) => Game::TerraNova(terra_nova::action_out(a)),
        AnyAction::Origins(a) => Game::Origins(origins::action_out(a)),
        AnyAction::Attika(a) => Game::Attika(attika::action_out(a)),
    };
    pb::GameAction { game: Some(game) }
}

pub fn event_out(event: &AnyEvent) -> pb::GameEvent {
    use pb::game_event::Game;
    let game = match event {
        AnyEvent::Origin(e) => Game::Origin(origin::event_out(e)),
        AnyEvent::TerraNova(e) => Game::TerraNova(terra_nova::event_out(e)),
        AnyEvent::Origins(e) => Game::Origins(origins::event_out(e)),
        AnyEvent::Attika(e) => Game::Attika(attika::event_out(e)),
    };
    pb::GameEvent { game: Some(game) }
}

pub fn view_out(view: &AnyView) -> pb::GameView {
    use pb::game_view::Game;
    let game = match view {
        AnyView::Origin(v) => Game::Origin(origin::view_out(v)),
        AnyView::TerraNova(v) => Game::TerraNova(terra_nova::view_out(v)),
        AnyView::Origins(v) => Game::Origins(origins::view_out(v)),
        AnyView::Attika(v) => Game::Attika(attika::view_out(v)),
    };
    pb::GameView { game: Some(game) }
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
            .chain(&info.refusal_codes)
            .map(|code| code.to_string())
            .collect(),
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

/// The public description of a session. Nobody is asked to act before play starts.
pub fn session_out(
    meta: &SessionMeta,
    version: u64,
    to_act: &[Seat],
    outcome: Option<&Outcome>,
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
            .map(|(i, s)| pb::SeatInfo {
                seat: i as u32,
                taken: s.taken(),
                player_name: s.player_name.clone(),
            })
            .collect(),
        to_act,
        outcome: outcome.map(outcome_out),
        create_time_unix_ms: meta.create_time_unix_ms,
    }
}
