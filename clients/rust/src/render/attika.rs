//! Readable text for Attika: options, actions, events and the view. Buildings and map
//! pieces are shown by their codes ("SUP1", "T07"); hexes as `(q,r)`.

use std::fmt::Write as _;

use agora_proto::v1::{
    attika_action::Action, attika_event::Event, attika_pending::Pending, AttikaAction,
    AttikaCounts, AttikaEvent, AttikaGroup, AttikaHex, AttikaMode, AttikaOptions, AttikaResource,
    AttikaVictory, AttikaView,
};

use super::Names;

pub fn resource_name(resource: i32) -> &'static str {
    match AttikaResource::try_from(resource) {
        Ok(AttikaResource::Water) => "Water",
        Ok(AttikaResource::Forest) => "Forest",
        Ok(AttikaResource::Hill) => "Hill",
        Ok(AttikaResource::Mountain) => "Mountain",
        _ => "unspecified",
    }
}

fn group_name(group: i32) -> &'static str {
    match AttikaGroup::try_from(group) {
        Ok(AttikaGroup::Supply) => "Supply",
        Ok(AttikaGroup::Defence) => "Defence",
        Ok(AttikaGroup::Roads) => "Roads",
        Ok(AttikaGroup::Shipping) => "Shipping",
        Ok(AttikaGroup::Mint) => "Mint",
        Ok(AttikaGroup::Vineyard) => "Vineyard",
        Ok(AttikaGroup::City) => "City",
        _ => "unspecified group",
    }
}

fn victory_name(victory: i32) -> &'static str {
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

fn cards(cards: &[i32]) -> String {
    if cards.is_empty() {
        return "nothing".into();
    }
    cards
        .iter()
        .map(|c| resource_name(*c))
        .collect::<Vec<_>>()
        .join(", ")
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

pub fn options(options: &AttikaOptions) -> String {
    let mut out = format!("{} players", options.players);
    if options.amphora_for_card {
        out.push_str(", amphora for a card");
    }
    out
}

pub fn action(action: &AttikaAction) -> String {
    let Some(action) = &action.action else {
        return "(empty Attika action)".into();
    };
    match action {
        Action::Draw(a) => format!("draw from pile {}", a.pile),
        Action::Build(a) => format!("build {} from the reserve", a.building),
        Action::Place(a) => format!("place it on {}", hex(a.cell.as_ref())),
        Action::Store(_) => "store it in the reserve".into(),
        Action::PayCard(a) => format!("pay with a {} card", resource_name(a.card)),
        Action::PayPair(a) => format!(
            "pay with a pair: {} + {}",
            resource_name(a.first),
            resource_name(a.second)
        ),
        Action::PlacePiece(a) => format!(
            "lay the map piece at {}, rotation {}",
            hex(a.center.as_ref()),
            a.rotation
        ),
        Action::AmphoraForCard(_) => "return an amphora for a card".into(),
        Action::EndTurn(_) => "end the turn".into(),
    }
}

pub fn event(event: &AttikaEvent, names: &Names) -> String {
    let Some(event) = &event.event else {
        return "(empty Attika event)".into();
    };
    match event {
        Event::BuildingDrawn(e) => format!(
            "{} draws {} from pile {}",
            names.seat(e.seat),
            e.building,
            e.pile
        ),
        Event::BuildingStored(e) => format!("{} stores {}", names.seat(e.seat), e.building),
        Event::BuildingPlaced(e) => format!(
            "{} builds {} on {} paying {}{}",
            names.seat(e.seat),
            e.building,
            hex(e.cell.as_ref()),
            cards(&e.paid),
            if e.new_colony { " (a new colony)" } else { "" }
        ),
        Event::CardsDrawn(e) if e.cards.is_empty() => {
            format!("{} takes {} card(s)", names.seat(e.seat), e.count)
        }
        Event::CardsDrawn(e) => format!(
            "{} takes {} card(s): {}",
            names.seat(e.seat),
            e.count,
            cards(&e.cards)
        ),
        Event::DeckReshuffled(e) => format!("the discards are shuffled: {} cards", e.size),
        Event::AmphoraEarned(e) => format!(
            "{} completes the {} group: {}",
            names.seat(e.seat),
            group_name(e.group),
            if e.from_supply {
                "an amphora"
            } else {
                "a card (no amphora left)"
            }
        ),
        Event::AmphoraSpent(e) => format!("{} returns an amphora", names.seat(e.seat)),
        Event::PieceRevealed(e) => {
            format!("{} reveals map piece {}", names.seat(e.seat), e.piece)
        }
        Event::PiecePlaced(e) => format!(
            "{} lays map piece {} at {}, rotation {}",
            names.seat(e.seat),
            e.piece,
            hex(e.center.as_ref()),
            e.rotation
        ),
        Event::NoPieceLeft(e) => format!("{}: no map piece is left", names.seat(e.seat)),
        Event::TurnEnded(e) => format!("{} ends the turn", names.seat(e.seat)),
        Event::Won(e) => format!("{} wins: {}", names.seat(e.seat), victory_name(e.by)),
    }
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
            victory_name(view.victory)
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
        let groups: Vec<&str> = p.groups_completed.iter().map(|g| group_name(*g)).collect();
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
