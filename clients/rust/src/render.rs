//! Readable text for Agora's messages: actions, events, views, sessions and outcomes.
//!
//! Every OriginAction, OriginEvent and OriginPending variant has a rendering here.
//! Pawns are written `P{size}{strength}{W|B|K}` (white, brown, black), as on the rules page.

pub mod attika;
pub mod origins;
pub mod terra_nova;

use std::fmt::Write as _;

use agora_proto::v1::{
    game_action, game_event, game_options, game_view, origin_action::Action, origin_event::Event,
    origin_pending::Pending, origin_tile_source::Source, GameAction, GameEvent, GameInfo,
    GameOptions, GameView, OriginAction, OriginCardColor, OriginEndTrigger, OriginEvent,
    OriginOptions, OriginPawn, OriginPawnColor, OriginPending, OriginRewardOption, OriginRuleSet,
    OriginTerritoryColor, OriginTileColumn, OriginTileSlot, OriginTileSource, OriginToken,
    OriginView, Outcome, Session, SessionStatus, StreamEventsResponse,
};

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

// ---------------------------------------------------------------- small pieces

pub fn pawn_code(pawn: &OriginPawn) -> String {
    let color = match OriginPawnColor::try_from(pawn.color) {
        Ok(OriginPawnColor::White) => "W",
        Ok(OriginPawnColor::Brown) => "B",
        Ok(OriginPawnColor::Black) => "K",
        _ => "?",
    };
    format!("P{}{}{}", pawn.size, pawn.strength, color)
}

fn opt_pawn(pawn: Option<&OriginPawn>) -> String {
    pawn.map(pawn_code).unwrap_or_else(|| "(no pawn)".into())
}

pub fn pawn_color_name(color: i32) -> &'static str {
    match OriginPawnColor::try_from(color) {
        Ok(OriginPawnColor::White) => "white",
        Ok(OriginPawnColor::Brown) => "brown",
        Ok(OriginPawnColor::Black) => "black",
        _ => "unspecified",
    }
}

pub fn territory_color_name(color: i32) -> &'static str {
    match OriginTerritoryColor::try_from(color) {
        Ok(OriginTerritoryColor::Yellow) => "yellow",
        Ok(OriginTerritoryColor::Orange) => "orange",
        Ok(OriginTerritoryColor::Purple) => "purple",
        Ok(OriginTerritoryColor::Brown) => "brown",
        Ok(OriginTerritoryColor::Green) => "green",
        Ok(OriginTerritoryColor::None) => "origin",
        _ => "unspecified",
    }
}

pub fn card_color_name(color: i32) -> &'static str {
    match OriginCardColor::try_from(color) {
        Ok(OriginCardColor::Yellow) => "yellow",
        Ok(OriginCardColor::Orange) => "orange",
        Ok(OriginCardColor::Purple) => "purple",
        _ => "unspecified",
    }
}

/// "Action", "Permanent", "Objective" (the standard kinds of each colour).
pub fn card_kind_name(color: i32) -> &'static str {
    match OriginCardColor::try_from(color) {
        Ok(OriginCardColor::Yellow) => "Action",
        Ok(OriginCardColor::Orange) => "Permanent",
        Ok(OriginCardColor::Purple) => "Objective",
        _ => "unknown",
    }
}

pub fn column_name(column: i32) -> &'static str {
    match OriginTileColumn::try_from(column) {
        Ok(OriginTileColumn::Yellow) => "yellow",
        Ok(OriginTileColumn::Orange) => "orange",
        Ok(OriginTileColumn::Purple) => "purple",
        Ok(OriginTileColumn::Brown) => "brown",
        _ => "unspecified",
    }
}

pub fn reward_option_name(option: i32) -> &'static str {
    match OriginRewardOption::try_from(option) {
        Ok(OriginRewardOption::A) => "A",
        Ok(OriginRewardOption::B) => "B",
        _ => "?",
    }
}

pub fn rules_name(rules: i32) -> &'static str {
    match OriginRuleSet::try_from(rules) {
        Ok(OriginRuleSet::Junior) => "junior",
        _ => "standard",
    }
}

pub fn end_trigger_text(reason: i32) -> String {
    let text = match OriginEndTrigger::try_from(reason) {
        Ok(OriginEndTrigger::ActionPileEmpty) => "the Action pile is empty",
        Ok(OriginEndTrigger::PermanentPileEmpty) => "the Permanent pile is empty",
        Ok(OriginEndTrigger::ObjectivePileEmpty) => "the Objective pile is empty",
        Ok(OriginEndTrigger::NoTilesOnBoard) => "no Innovation tile is left on the board",
        Ok(OriginEndTrigger::ReserveEmpty) => "the pawn reserve is empty",
        Ok(OriginEndTrigger::AllVillagesPlaced) => "all villages are placed",
        Ok(OriginEndTrigger::Unspecified) => "an unspecified end condition",
        // A trigger added to the proto after this text was written: show its name.
        Ok(other) => {
            return other
                .as_str_name()
                .trim_start_matches("ORIGIN_END_TRIGGER_")
                .to_ascii_lowercase()
                .replace('_', " ")
        }
        Err(_) => "an unknown end condition",
    };
    text.to_string()
}

pub fn status_name(status: i32) -> &'static str {
    match SessionStatus::try_from(status) {
        Ok(SessionStatus::WaitingForPlayers) => "waiting for players",
        Ok(SessionStatus::InProgress) => "in progress",
        Ok(SessionStatus::Finished) => "finished",
        _ => "unspecified",
    }
}

fn slot_text(slot: Option<&OriginTileSlot>) -> String {
    match slot {
        Some(slot) => format!("{} slot {}", column_name(slot.column), slot.index),
        None => "an unspecified slot".into(),
    }
}

fn token_text(token: Option<&OriginToken>) -> String {
    match token.and_then(|t| t.value) {
        Some(value) => value.to_string(),
        None => "face down".into(),
    }
}

fn card_text(card: &str) -> &str {
    if card.is_empty() {
        "a hidden card"
    } else {
        card
    }
}

fn cards_text(cards: &[String]) -> String {
    if cards.is_empty() {
        return "no card".into();
    }
    if cards.iter().all(|c| c.is_empty()) {
        return format!(
            "{} hidden card{}",
            cards.len(),
            if cards.len() == 1 { "" } else { "s" }
        );
    }
    cards
        .iter()
        .map(|c| card_text(c).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn seats_text(seats: &[u32], names: &Names) -> String {
    if seats.is_empty() {
        return "nobody".into();
    }
    seats
        .iter()
        .map(|s| names.seat(*s))
        .collect::<Vec<_>>()
        .join(", ")
}

// ---------------------------------------------------------------- actions

pub fn game_action(action: &GameAction, names: &Names) -> String {
    match &action.game {
        Some(game_action::Game::Origin(a)) => origin_action(a, names),
        Some(game_action::Game::TerraNova(a)) => terra_nova::action(a),
        Some(game_action::Game::Origins(a)) => origins::action(a),
        Some(game_action::Game::Attika(a)) => attika::action(a),
        None => "(empty action)".into(),
        // Games added to the proto after this client: shown generically, never a crash.
        #[allow(unreachable_patterns)]
        Some(other) => format!("{other:?}"),
    }
}

pub fn origin_action(action: &OriginAction, names: &Names) -> String {
    let Some(action) = &action.action else {
        return "(empty Origin action)".into();
    };
    match action {
        Action::KeepObjective(a) => format!("keep Objective card {}", a.card),
        Action::Evolve(a) => format!(
            "evolve: put {} on {} (from the pawn on {})",
            opt_pawn(a.pawn.as_ref()),
            a.target,
            a.reference
        ),
        Action::Migrate(a) => format!("migrate: move the pawn on {} to {}", a.from, a.to),
        Action::Exchange(a) => format!(
            "exchange: swap the pawn on {} with the weaker pawn on {}",
            a.from, a.to
        ),
        Action::PassMain(_) => "pass (no main action is possible)".into(),
        Action::ChooseReward(a) => format!("choose reward option {}", reward_option_name(a.option)),
        Action::TakeTile(a) => format!("take the tile in the {}", slot_text(a.slot.as_ref())),
        Action::SkipTile(_) => "skip the tile".into(),
        Action::ReturnCard(a) => format!("return card {} to the bottom of its pile", a.card),
        Action::DiscardObjective(a) => format!("discard Objective card {}", a.card),
        Action::PlayCard(a) => format!("play card {}", a.card),
        Action::ChooseOpponent(a) => format!("choose opponent {}", names.seat(a.seat)),
        Action::ChooseTerritory(a) => format!("choose territory {}", a.territory),
        Action::ChoosePawn(a) => format!("choose pawn {}", opt_pawn(a.pawn.as_ref())),
        Action::ChooseStraitToken(a) => format!(
            "take the strait token of {} from {}",
            a.strait,
            names.seat(a.seat)
        ),
        Action::ChooseOpponentTile(a) => {
            format!("take tile #{} from {}", a.tile, names.seat(a.seat))
        }
        Action::EndTurn(_) => "end the turn".into(),
    }
}

// ---------------------------------------------------------------- events

pub fn game_event(event: &GameEvent, names: &Names) -> String {
    match &event.game {
        Some(game_event::Game::Origin(e)) => origin_event(e, names),
        Some(game_event::Game::TerraNova(e)) => terra_nova::event(e, names),
        Some(game_event::Game::Origins(e)) => origins::event(e, names),
        Some(game_event::Game::Attika(e)) => attika::event(e, names),
        None => "(empty event)".into(),
        #[allow(unreachable_patterns)]
        Some(other) => format!("{other:?}"),
    }
}

fn source_text(source: Option<&OriginTileSource>, names: &Names) -> String {
    match source.and_then(|s| s.source.as_ref()) {
        Some(Source::Slot(slot)) => format!("from the {}", slot_text(Some(slot))),
        Some(Source::Pile(_)) => "from the face-down pile".into(),
        Some(Source::Opponent(seat)) => format!("from {}", names.seat(*seat)),
        None => "from somewhere unspecified".into(),
    }
}

pub fn origin_event(event: &OriginEvent, names: &Names) -> String {
    let Some(event) = &event.event else {
        return "(empty Origin event)".into();
    };
    match event {
        Event::ObjectivesDealt(e) => format!(
            "{} is dealt Objective cards: {}",
            names.seat(e.seat),
            cards_text(&e.cards)
        ),
        Event::ObjectiveKept(e) => format!(
            "{} keeps Objective card {}",
            names.seat(e.seat),
            card_text(&e.card)
        ),
        Event::TurnStarted(e) => format!("{}'s turn starts", names.seat(e.seat)),
        Event::Evolved(e) => format!(
            "{} evolves: {} on {} (from {}) with a village",
            names.seat(e.seat),
            opt_pawn(e.pawn.as_ref()),
            e.target,
            e.reference
        ),
        Event::Migrated(e) => format!(
            "{} migrates from {} to {}",
            names.seat(e.seat),
            e.from,
            e.to
        ),
        Event::Exchanged(e) => format!(
            "{} exchanges {} with {} (displacing {})",
            names.seat(e.seat),
            e.from,
            e.to,
            names.seat(e.displaced)
        ),
        Event::PassedMain(e) => format!("{} passes: no main action possible", names.seat(e.seat)),
        Event::RewardChosen(e) => format!(
            "{} chooses reward option {}",
            names.seat(e.seat),
            reward_option_name(e.option)
        ),
        Event::TileTaken(e) => {
            let tile = match (e.tile, e.level) {
                (Some(t), Some(l)) => format!("tile #{t} (level {l})"),
                (Some(t), None) => format!("tile #{t}"),
                (None, Some(l)) => format!("a level {l} tile"),
                (None, None) => "a face-down tile".into(),
            };
            format!(
                "{} takes {} {}",
                names.seat(e.seat),
                tile,
                source_text(e.source.as_ref(), names)
            )
        }
        Event::TileRefilled(e) => format!(
            "a level {} tile refills the {}",
            e.level,
            slot_text(e.slot.as_ref())
        ),
        Event::CardsDrawn(e) => format!(
            "{} draws {} card(s): {}",
            names.seat(e.seat),
            card_color_name(e.color),
            cards_text(&e.cards)
        ),
        Event::CardsReturned(e) => format!(
            "{} returns {} card(s) to the bottom of the pile: {}",
            names.seat(e.seat),
            card_color_name(e.color),
            cards_text(&e.cards)
        ),
        Event::HuntingTokenTaken(e) => format!(
            "{} takes the hunting token on {} ({})",
            names.seat(e.seat),
            e.territory,
            e.value
                .map(|v| format!("value {v}"))
                .unwrap_or_else(|| "face down".into())
        ),
        Event::StraitTokenTaken(e) => format!(
            "{} takes the strait token of {} ({})",
            names.seat(e.seat),
            e.strait,
            e.value
                .map(|v| format!("value {v}"))
                .unwrap_or_else(|| "face down".into())
        ),
        Event::CardPlayed(e) => format!("{} plays card {}", names.seat(e.seat), card_text(&e.card)),
        Event::CardStolen(e) => format!(
            "{} steals {} from {}",
            names.seat(e.to),
            card_text(&e.card),
            names.seat(e.from)
        ),
        Event::StraitTokenStolen(e) => format!(
            "{} steals the strait token of {} from {}",
            names.seat(e.to),
            e.strait,
            names.seat(e.from)
        ),
        Event::PawnReplaced(e) => format!(
            "{} replaces {} on {} with {}",
            names.seat(e.seat),
            opt_pawn(e.old.as_ref()),
            e.territory,
            opt_pawn(e.new.as_ref())
        ),
        Event::PawnMoved(e) => format!(
            "the pawn of {} moves from {} to {}",
            names.seat(e.owner),
            e.from,
            e.to
        ),
        Event::EndTriggered(e) => format!(
            "the end is triggered by {}: {}",
            names.seat(e.seat),
            end_trigger_text(e.reason)
        ),
        Event::TurnEnded(e) => format!("{}'s turn ends", names.seat(e.seat)),
        Event::GameEnded(_) => "the game is over".into(),
    }
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
        let _ = write!(out, "\n    {}", game_event(event, names));
    }
    if let Some(outcome) = &msg.outcome {
        out.push('\n');
        out.push_str(&outcome_text(outcome, names));
    }
    out
}

// ---------------------------------------------------------------- pending, options

pub fn pending_text(pending: Option<&OriginPending>) -> String {
    match pending.and_then(|p| p.pending.as_ref()) {
        Some(Pending::ObjectiveDraft(_)) => {
            "objective draft: keep one of the dealt Objective cards".into()
        }
        Some(Pending::Main(_)) => "main action (evolve, migrate or exchange)".into(),
        Some(Pending::Reward(color)) => {
            format!("reward of a {} territory", territory_color_name(*color))
        }
        Some(Pending::ReturnCards(r)) => format!(
            "return {} {} card(s) to the bottom of the pile",
            r.count,
            card_color_name(r.color)
        ),
        Some(Pending::HandLimit(limit)) => {
            format!("hand limit: discard Objective cards down to {limit}")
        }
        Some(Pending::CardEffect(card)) => format!("resolve the effect of card {card}"),
        Some(Pending::AfterMain(_)) => "after the main action: play cards or end the turn".into(),
        Some(Pending::GameOver(_)) => "nothing: the game is over".into(),
        None => "nothing".into(),
    }
}

pub fn origin_options(options: &OriginOptions) -> String {
    let mut out = format!(
        "{} players, {} rules",
        options.players,
        rules_name(options.rules)
    );
    if let Some(first) = options.first_player {
        let _ = write!(out, ", seat {first} first");
    }
    out
}

pub fn game_options(options: Option<&GameOptions>) -> String {
    match options.and_then(|o| o.game.as_ref()) {
        Some(game_options::Game::Origin(o)) => origin_options(o),
        Some(game_options::Game::TerraNova(o)) => terra_nova::options(o),
        Some(game_options::Game::Origins(o)) => origins::options(o),
        Some(game_options::Game::Attika(o)) => attika::options(o),
        None => "no options".into(),
        #[allow(unreachable_patterns)]
        Some(other) => format!("{other:?}"),
    }
}

// ---------------------------------------------------------------- sessions, catalog

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
    }
    out
}

// ---------------------------------------------------------------- views

pub fn game_view(view: Option<&GameView>, names: &Names) -> String {
    match view.and_then(|v| v.game.as_ref()) {
        Some(game_view::Game::Origin(v)) => origin_view(v, names),
        Some(game_view::Game::TerraNova(v)) => terra_nova::view(v, names),
        Some(game_view::Game::Origins(v)) => origins::view(v, names),
        Some(game_view::Game::Attika(v)) => attika::view(v, names),
        None => "(no view)\n".into(),
        #[allow(unreachable_patterns)]
        Some(other) => format!("{other:#?}\n"),
    }
}

pub fn origin_view(view: &OriginView, names: &Names) -> String {
    let mut out = String::new();
    if let Some(options) = &view.options {
        let _ = writeln!(out, "Origin, {}", origin_options(options));
    }
    let _ = writeln!(
        out,
        "you are: {}",
        view.viewer_seat
            .map(|s| names.seat(s))
            .unwrap_or_else(|| "a spectator".into())
    );
    if let Some(current) = view.current {
        let _ = writeln!(out, "turn of: {}", names.seat(current));
    }
    let _ = writeln!(out, "waiting for: {}", pending_text(view.pending.as_ref()));
    if view.final_round_started || !view.final_round.is_empty() {
        let _ = writeln!(
            out,
            "final round{}: still to play: {}",
            if view.final_round_started {
                " started"
            } else {
                ""
            },
            seats_text(&view.final_round, names)
        );
    }

    // Board, grouped by continent in the order the server lists them.
    let _ = writeln!(
        out,
        "\nboard (pawns P<size><strength><W white|B brown|K black>):"
    );
    let mut continents: Vec<&str> = Vec::new();
    for t in &view.territories {
        if !continents.contains(&t.continent.as_str()) {
            continents.push(&t.continent);
        }
    }
    for continent in continents {
        let _ = writeln!(out, "  {continent}:");
        for t in view.territories.iter().filter(|t| t.continent == continent) {
            let mut occupant = match (&t.pawn, t.owner) {
                (None, _) => "empty".to_string(),
                (Some(p), Some(owner)) => format!("{} of {}", pawn_code(p), names.seat(owner)),
                (Some(p), None) => format!("{} (neutral)", pawn_code(p)),
            };
            if let Some(token) = &t.hunting_token {
                occupant = format!("{occupant}, hunting token {}", token_text(Some(token)));
            }
            let _ = write!(
                out,
                "    {:<5} {:<7} {:<32} {}",
                t.id,
                territory_color_name(t.color),
                occupant,
                t.name
            );
            if !t.adjacent.is_empty() {
                let _ = write!(out, "  [next to {}]", t.adjacent.join(" "));
            }
            out.push('\n');
        }
    }
    if !view.straits.is_empty() {
        let _ = writeln!(out, "straits:");
        for s in &view.straits {
            let token = match &s.token {
                Some(t) => format!("token {}", token_text(Some(t))),
                None => "no token".into(),
            };
            let _ = writeln!(out, "  {:<4} {}  {}", s.id, s.ends.join(" - "), token);
        }
    }
    let reserve: Vec<String> = view
        .reserve
        .iter()
        .filter(|e| e.count > 0)
        .map(|e| {
            let code = opt_pawn(e.pawn.as_ref());
            if e.count > 1 {
                format!("{code} x{}", e.count)
            } else {
                code
            }
        })
        .collect();
    let _ = writeln!(
        out,
        "reserve ({} pawns): {}",
        view.reserve.iter().map(|e| e.count).sum::<u32>(),
        if reserve.is_empty() {
            "empty".to_string()
        } else {
            reserve.join(", ")
        }
    );
    if !view.columns.is_empty() {
        let _ = writeln!(out, "reward board (tile level per slot, - empty):");
        for c in &view.columns {
            let slots: Vec<String> = c
                .slots
                .iter()
                .map(|l| {
                    if *l == 0 {
                        "-".to_string()
                    } else {
                        l.to_string()
                    }
                })
                .collect();
            let _ = writeln!(out, "  {:<7} {}", column_name(c.column), slots.join(" "));
        }
    }
    let _ = writeln!(out, "hidden tiles: {}", view.hidden_tiles);
    let piles: Vec<String> = view
        .piles
        .iter()
        .map(|p| {
            format!(
                "{} ({}) {}",
                card_color_name(p.color),
                card_kind_name(p.color),
                p.remaining
            )
        })
        .collect();
    let _ = writeln!(out, "card piles: {}", piles.join(", "));

    let _ = writeln!(out, "\nplayers:");
    for p in &view.players {
        let marker = if Some(p.seat) == view.viewer_seat {
            " (you)"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "  {}{}: {} village(s) left{}",
            names.seat(p.seat),
            marker,
            p.villages_left,
            p.public_score
                .map(|s| format!(", score now {s}"))
                .unwrap_or_default()
        );
        let hand: Vec<String> = p
            .hand
            .iter()
            .map(|c| {
                if c.card.is_empty() {
                    format!("? ({})", card_color_name(c.color))
                } else {
                    format!("{} ({})", c.card, card_color_name(c.color))
                }
            })
            .collect();
        let _ = writeln!(
            out,
            "      hand: {}",
            if hand.is_empty() {
                "empty".into()
            } else {
                hand.join(", ")
            }
        );
        if !p.played_objectives.is_empty() {
            let _ = writeln!(
                out,
                "      objectives played: {}",
                p.played_objectives.join(", ")
            );
        }
        if !p.permanents.is_empty() {
            let _ = writeln!(out, "      permanents: {}", p.permanents.join(", "));
        }
        if !p.tile_stacks.is_empty() {
            let stacks: Vec<String> = p
                .tile_stacks
                .iter()
                .map(|s| {
                    let levels: Vec<String> = s
                        .levels
                        .iter()
                        .map(|l| {
                            if *l == 0 {
                                "?".to_string()
                            } else {
                                l.to_string()
                            }
                        })
                        .collect();
                    format!("[{}]", levels.join(" "))
                })
                .collect();
            let _ = writeln!(
                out,
                "      tiles (stacks, bottom to top): {}",
                stacks.join(" ")
            );
        }
        if !p.hunting_tokens.is_empty() {
            let tokens: Vec<String> = p
                .hunting_tokens
                .iter()
                .map(|t| token_text(Some(t)))
                .collect();
            let _ = writeln!(out, "      hunting tokens: {}", tokens.join(", "));
        }
        if !p.strait_tokens.is_empty() {
            let tokens: Vec<String> = p
                .strait_tokens
                .iter()
                .map(|t| format!("{}={}", t.strait, token_text(t.token.as_ref())))
                .collect();
            let _ = writeln!(out, "      strait tokens: {}", tokens.join(", "));
        }
    }
    out
}
