//! Origin's board: territories by continent, straits, reserve, reward board, card piles
//! and each player's hand and tokens. Pawns are written `P{size}{strength}{W|B|K}` (white,
//! brown, black), as on the rules page.

use std::fmt::Write as _;

use agora_proto::v1::{
    origin_pending::Pending, OriginCardColor, OriginPawn, OriginPawnColor, OriginPending,
    OriginToken, OriginView,
};

use super::{enum_name, options_text, seats_text, Names};

const TERRITORY_COLOR: &str = "agora.v1.OriginTerritoryColor";
const CARD_COLOR: &str = "agora.v1.OriginCardColor";
const COLUMN: &str = "agora.v1.OriginTileColumn";

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

/// The pile a card colour stands for: "Action", "Permanent", "Objective".
fn card_kind(color: i32) -> &'static str {
    match OriginCardColor::try_from(color) {
        Ok(OriginCardColor::Yellow) => "Action",
        Ok(OriginCardColor::Orange) => "Permanent",
        Ok(OriginCardColor::Purple) => "Objective",
        _ => "unknown",
    }
}

fn token_text(token: Option<&OriginToken>) -> String {
    match token.and_then(|t| t.value) {
        Some(value) => value.to_string(),
        None => "face down".into(),
    }
}

fn pending_text(pending: Option<&OriginPending>) -> String {
    match pending.and_then(|p| p.pending.as_ref()) {
        Some(Pending::ObjectiveDraft(_)) => {
            "objective draft: keep one of the dealt Objective cards".into()
        }
        Some(Pending::Main(_)) => "main action (evolve, migrate or exchange)".into(),
        Some(Pending::Reward(color)) => {
            format!(
                "reward of a {} territory",
                enum_name(TERRITORY_COLOR, *color)
            )
        }
        Some(Pending::ReturnCards(r)) => format!(
            "return {} {} card(s) to the bottom of the pile",
            r.count,
            enum_name(CARD_COLOR, r.color)
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

pub fn view(view: &OriginView, names: &Names) -> String {
    let mut out = String::new();
    if let Some(options) = &view.options {
        let _ = writeln!(
            out,
            "Origin, {}",
            options_text("agora.v1.OriginOptions", options)
        );
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
                enum_name(TERRITORY_COLOR, t.color),
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
            let _ = writeln!(
                out,
                "  {:<7} {}",
                enum_name(COLUMN, c.column),
                slots.join(" ")
            );
        }
    }
    let _ = writeln!(out, "hidden tiles: {}", view.hidden_tiles);
    let piles: Vec<String> = view
        .piles
        .iter()
        .map(|p| {
            format!(
                "{} ({}) {}",
                enum_name(CARD_COLOR, p.color),
                card_kind(p.color),
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
                    format!("? ({})", enum_name(CARD_COLOR, c.color))
                } else {
                    format!("{} ({})", c.card, enum_name(CARD_COLOR, c.color))
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
