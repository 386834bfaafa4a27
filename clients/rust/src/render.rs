//! Readable text for Agora's messages: sessions, outcomes, the catalog and stream messages,
//! and any game's actions, events, options and views through the API's descriptor
//! ([`fields`]). A game may add a hand-written board view (`render/<game>.rs`, listed in
//! [`board`]); nothing else here names a game.

pub mod attika;
pub mod fields;
pub mod origin;
pub mod origins;
pub mod terra_nova;

use std::fmt::Write as _;

use agora_proto::v1::{
    game_view, GameAction, GameEvent, GameInfo, GameOptions, GameView, MySessionGroup, Outcome,
    Session, StreamEventsResponse,
};
use prost::Message;
use prost_reflect::ReflectMessage;

use crate::schema;
use fields::Shown;

/// Seat numbers with the players' names when known.
#[derive(Debug, Clone, Default)]
pub struct Names {
    names: Vec<String>,
}

impl Names {
    pub fn from_session(session: Option<&Session>) -> Self {
        let mut names = Vec::new();
        if let Some(session) = session {
            for seat in &session.seats {
                let i = seat.seat as usize;
                if names.len() <= i {
                    names.resize(i + 1, String::new());
                }
                names[i] = seat.player_name.clone();
            }
        }
        Names { names }
    }

    /// "seat 2" or "seat 2 (ada)".
    pub fn seat(&self, seat: u32) -> String {
        match self.names.get(seat as usize).filter(|n| !n.is_empty()) {
            Some(name) => format!("seat {seat} ({name})"),
            None => format!("seat {seat}"),
        }
    }
}

/// The short name of value `number` of the enum `full_name` ("agora.v1.SessionStatus"),
/// with spaces for underscores: "waiting for players".
pub fn enum_name(full_name: &str, number: i32) -> String {
    match schema::pool().map(|p| p.get_enum_by_name(full_name)) {
        Ok(Some(e)) => schema::enum_short_name(&e, number).replace('_', " "),
        _ => number.to_string(),
    }
}

pub fn status_name(status: i32) -> String {
    enum_name("agora.v1.SessionStatus", status)
}

/// A game's options message (`full_name`) as the fields that differ from their defaults.
pub fn options_text<M: Message>(full_name: &str, options: &M) -> String {
    match schema::dynamic(full_name, options) {
        Ok(m) => fields::line(&m, Shown::Set),
        Err(e) => format!("({e})"),
    }
}

/// The decision a view waits for, read through the descriptor: the typed `pending_decision`
/// when the view has one (`choose_action`), else its older `pending` string. Boards use it
/// so that they do not depend on which of the two the proto has.
pub fn pending_text<M: Message>(view_full_name: &str, view: &M) -> String {
    let Ok(view) = schema::dynamic(view_full_name, view) else {
        return "unknown".into();
    };
    for name in ["pending_decision", "pending"] {
        let Some(field) = view.descriptor().get_field_by_name(name) else {
            continue;
        };
        if !view.has_field(&field) {
            continue;
        }
        return match view.get_field(&field).as_ref() {
            prost_reflect::Value::Message(m) => fields::line(m, Shown::All),
            prost_reflect::Value::String(s) => s.to_ascii_lowercase(),
            other => format!("{other:?}"),
        };
    }
    "nothing".into()
}

// ---------------------------------------------------------------- any game

/// An action as its kind and fields: `choose_hex hex=E4`.
pub fn game_action(action: &GameAction) -> String {
    fields::game_line(schema::ACTION, action, Shown::All)
}

/// An event as its kind and fields: `built seat=1 hex=E4 building=trading_post`.
pub fn game_event(event: &GameEvent) -> String {
    fields::game_line("agora.v1.GameEvent", event, Shown::All)
}

/// Options as the fields set: `players=3 amphora_for_card=true`.
pub fn game_options(options: Option<&GameOptions>) -> String {
    match options {
        Some(o) => match fields::game_line(schema::OPTIONS, o, Shown::Set) {
            text if text.is_empty() => "default options".into(),
            text => text,
        },
        None => "no options".into(),
    }
}

/// The view as the game's board when it has one and `board` is asked, else every field.
pub fn game_view(view: Option<&GameView>, names: &Names, board: bool) -> String {
    let Some(view) = view else {
        return "(no view)\n".into();
    };
    if board {
        if let Some(text) = self::board(view, names) {
            return text;
        }
    }
    match fields::game_message("agora.v1.GameView", view) {
        Ok(inner) => fields::tree(&inner),
        Err(e) => format!("({e})\n"),
    }
}

/// The hand-written board of each game that has one: the only per-game list of this client,
/// and an optional one (a game without a line here shows every field of its view).
fn board(view: &GameView, names: &Names) -> Option<String> {
    match view.game.as_ref()? {
        game_view::Game::Origin(v) => Some(origin::view(v, names)),
        game_view::Game::TerraNova(v) => Some(terra_nova::view(v, names)),
        game_view::Game::Origins(v) => Some(origins::view(v, names)),
        game_view::Game::Attika(v) => Some(attika::view(v, names)),
        #[allow(unreachable_patterns)]
        _ => None,
    }
}

pub fn seats_text(seats: &[u32], names: &Names) -> String {
    if seats.is_empty() {
        return "nobody".into();
    }
    seats
        .iter()
        .map(|s| names.seat(*s))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One streamed version: a header line, then one indented line per event.
pub fn stream_message(msg: &StreamEventsResponse, names: &Names) -> String {
    let mut out = format!(
        "v{} by {} [{}]",
        msg.version,
        names.seat(msg.seat),
        status_name(msg.status)
    );
    if !msg.to_act.is_empty() {
        let _ = write!(out, " next: {}", seats_text(&msg.to_act, names));
    }
    for event in &msg.events {
        let _ = write!(out, "\n    {}", game_event(event));
    }
    if let Some(outcome) = &msg.outcome {
        out.push('\n');
        out.push_str(&outcome_text(outcome, names));
    }
    out
}

// ---------------------------------------------------------------- sessions, catalog

/// The group of a ListMySessions row, as the list shows it.
pub fn my_group_name(group: i32) -> &'static str {
    match MySessionGroup::try_from(group) {
        Ok(MySessionGroup::YourTurn) => "your turn",
        Ok(MySessionGroup::Waiting) => "waiting",
        Ok(MySessionGroup::Finished) => "finished",
        _ => "?",
    }
}

pub fn session_line(session: &Session) -> String {
    let open = session.seats.iter().filter(|s| !s.taken).count();
    format!(
        "{}  {}  {}  {}  v{}  {} open seat(s) of {}",
        session.session_id,
        session.game_id,
        game_options(session.options.as_ref()),
        status_name(session.status),
        session.version,
        open,
        session.seats.len()
    )
}

pub fn session_text(session: &Session) -> String {
    let names = Names::from_session(Some(session));
    let mut out = format!(
        "session {} ({}: {})\nstatus: {}, version {}\n",
        session.session_id,
        session.game_id,
        game_options(session.options.as_ref()),
        status_name(session.status),
        session.version
    );
    for seat in &session.seats {
        let _ = writeln!(
            out,
            "  seat {}: {}",
            seat.seat,
            if seat.taken {
                if seat.player_name.is_empty() {
                    "taken".to_string()
                } else {
                    format!("taken by {}", seat.player_name)
                }
            } else {
                "open".into()
            }
        );
    }
    if !session.to_act.is_empty() {
        let _ = writeln!(out, "to act: {}", seats_text(&session.to_act, &names));
    }
    if let Some(outcome) = &session.outcome {
        out.push_str(&outcome_text(outcome, &names));
    }
    out
}

pub fn game_info(game: &GameInfo) -> String {
    let mut out = format!(
        "{} ({}): {}-{} players\n",
        game.game_id, game.name, game.min_players, game.max_players
    );
    for option in &game.options {
        let _ = writeln!(
            out,
            "  option {}: {} [values: {}; default {}]",
            option.name,
            option.description,
            option.values.join(", "),
            option.default_value
        );
    }
    if !game.refusal_codes.is_empty() {
        let _ = writeln!(out, "  refusal codes: {}", game.refusal_codes.join(", "));
    }
    if !game.provisional_data.is_empty() {
        let _ = writeln!(out, "  provisional data:");
        for item in &game.provisional_data {
            let _ = writeln!(out, "    - {item}");
        }
    }
    out
}

pub fn outcome_text(outcome: &Outcome, names: &Names) -> String {
    let mut standings: Vec<_> = outcome.standings.iter().collect();
    standings.sort_by_key(|s| (s.rank, s.seat));
    let mut out = String::from("final standings:\n");
    for s in standings {
        let _ = write!(
            out,
            "  {}. {}: {} points",
            s.rank,
            names.seat(s.seat),
            s.score
        );
        if !s.tie_breaks.is_empty() {
            let tb: Vec<String> = s.tie_breaks.iter().map(|t| t.to_string()).collect();
            let _ = write!(out, " (tie-breaks {})", tb.join(", "));
        }
        out.push('\n');
        for part in &s.breakdown {
            let _ = writeln!(out, "       {:>4}  {}", part.points, part.name);
        }
        if let Some(solo) = &s.solo {
            let verdict = if solo.won { "won" } else { "lost" };
            let _ = writeln!(out, "  solo: {verdict} (target {})", solo.target);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_proto::v1::{
        game_options::Game, AttikaOptions, OriginsView, SessionStatus, TerraNovaView,
    };

    #[test]
    #[allow(deprecated)] // builds views with the old string field, as older servers send
    fn boards_read_the_pending_decision_through_the_descriptor() {
        let view = TerraNovaView {
            pending: "choose_action".into(),
            ..Default::default()
        };
        assert_eq!(
            pending_text("agora.v1.TerraNovaView", &view),
            "choose_action"
        );
        let view = OriginsView {
            pending: "TURN_ACTION".into(),
            ..Default::default()
        };
        assert_eq!(pending_text("agora.v1.OriginsView", &view), "turn_action");
        assert_eq!(
            pending_text("agora.v1.OriginsView", &OriginsView::default()),
            "nothing"
        );
    }

    #[test]
    fn options_show_what_was_set_and_statuses_read_as_words() {
        let options = GameOptions {
            game: Some(Game::Attika(AttikaOptions {
                players: 3,
                amphora_for_card: true,
            })),
        };
        assert_eq!(
            game_options(Some(&options)),
            "players=3 amphora_for_card=true"
        );
        assert_eq!(game_options(None), "no options");
        assert_eq!(
            status_name(SessionStatus::WaitingForPlayers as i32),
            "waiting for players"
        );
    }
}
