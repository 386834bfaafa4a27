//! Attika's board: whose turn and mode, the decks, each player's reserve, piles and
//! completed groups, and the buildings on the map. Buildings and map pieces are shown by
//! their codes ("SUP1", "T07"); hexes as `(q,r)`.

use std::fmt::Write as _;

use agora_proto::v1::{
    attika_pending::Pending, AttikaCounts, AttikaHex, AttikaMode, AttikaVictory, AttikaView,
};

use super::{enum_name, Names};

/// How a game was won, in words.
fn victory_text(victory: i32) -> &'static str {
    match AttikaVictory::try_from(victory) {
        Ok(AttikaVictory::AllBuildings) => "all 30 buildings built",
        Ok(AttikaVictory::ShrineConnection) => "two shrines connected",
        _ => "unspecified victory",
    }
}

fn hex(hex: Option<&AttikaHex>) -> String {
    hex.map(|h| format!("({},{})", h.q, h.r))
        .unwrap_or_else(|| "(no hex)".into())
}

fn counts(counts: Option<&AttikaCounts>) -> String {
    let Some(c) = counts else {
        return "hidden".into();
    };
    format!(
        "Water {}, Forest {}, Hill {}, Mountain {}",
        c.water, c.forest, c.hill, c.mountain
    )
}

fn pending(view: &AttikaView) -> String {
    match view.pending.as_ref().and_then(|p| p.pending.as_ref()) {
        Some(Pending::Main(_)) => "choose an action or end the turn".into(),
        Some(Pending::Drawn(p)) => format!("place or store {}", p.building),
        Some(Pending::ChooseCell(p)) => format!("choose a cell for {}", p.building),
        Some(Pending::Paying(p)) => format!(
            "pay for {} on {}: typed {} and {} generic",
            p.building,
            hex(p.cell.as_ref()),
            counts(p.typed.as_ref()),
            p.generic
        ),
        Some(Pending::PlacePiece(p)) => format!("lay map piece {}", p.piece),
        Some(Pending::Amphorae(_)) => "spend amphorae or end the turn".into(),
        Some(Pending::Over(_)) | None => "nothing (the game is over)".into(),
    }
}

pub fn view(view: &AttikaView, names: &Names) -> String {
    let mut out = String::new();
    let mode = match AttikaMode::try_from(view.mode) {
        Ok(AttikaMode::Draw) => format!("draw mode, {} draw(s)", view.draws),
        Ok(AttikaMode::Build) => format!("build mode, {} build(s)", view.builds),
        _ => "no action yet".into(),
    };
    let _ = writeln!(
        out,
        "Attika: {} to act ({}); pending: {}",
        names.seat(view.current),
        mode,
        pending(view)
    );
    let _ = writeln!(
        out,
        "deck {} cards, discards {}; {} map piece(s) left; {} amphora(e) in the supply",
        view.deck_size,
        counts(view.discards.as_ref()),
        view.map_pieces_left,
        view.amphora_supply
    );
    if let Some(winner) = view.winner {
        let _ = writeln!(
            out,
            "winner: {} ({})",
            names.seat(winner),
            victory_text(view.victory)
        );
    }
    let shrines: Vec<String> = view.shrines.iter().map(|h| hex(Some(h))).collect();
    let _ = writeln!(out, "shrines: {}", shrines.join(" "));
    for p in &view.players {
        let _ = writeln!(
            out,
            "  {}: {} built in {} colon{}, {} amphora(e); hand {} card(s): {}",
            names.seat(p.seat),
            p.built,
            p.colonies,
            if p.colonies == 1 { "y" } else { "ies" },
            p.amphorae,
            p.hand_size,
            counts(p.hand.as_ref())
        );
        let piles: Vec<String> = p.piles.iter().map(|n| n.to_string()).collect();
        let groups: Vec<String> = p
            .groups_completed
            .iter()
            .map(|g| enum_name("agora.v1.AttikaGroup", *g))
            .collect();
        let _ = writeln!(
            out,
            "     reserve [{}], piles {}, groups completed [{}]",
            p.reserve.join(" "),
            piles.join("/"),
            groups.join(", ")
        );
    }
    let built: Vec<String> = view
        .cells
        .iter()
        .filter_map(|c| {
            c.owner
                .map(|o| format!("{}:{}@{}", o, c.building, hex(c.hex.as_ref())))
        })
        .collect();
    let _ = writeln!(
        out,
        "board: {} cells, {} built{}{}",
        view.cells.len(),
        built.len(),
        if built.is_empty() { "" } else { ": " },
        built.join(" ")
    );
    out
}
