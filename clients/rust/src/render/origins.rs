//! Origins: First Builders' public board: the draft pool, Meeting Places, Market, recruitment,
//! District and zodiac cards, and each player's city and resources. Codes are those of the
//! rules page (buildings "R6", district cards "D01"); city cells are `(x,y)` with the Palace
//! at (0,0).

use std::fmt::Write as _;

use agora_proto::v1::{
    OriginsCell, OriginsDie, OriginsPlacedTile, OriginsPlayer, OriginsTileKind, OriginsTileSlot,
    OriginsView,
};

use super::{enum_name, pending_text, Names};

const COLOUR: &str = "agora.v1.OriginsColour";
const TEMPLE: &str = "agora.v1.OriginsTemple";

fn cell(cell: Option<&OriginsCell>) -> String {
    cell.map(|c| format!("({},{})", c.x, c.y))
        .unwrap_or_else(|| "(no cell)".into())
}

fn die(die: Option<&OriginsDie>) -> String {
    die.map(|d| format!("{} {}", enum_name(COLOUR, d.colour), d.value))
        .unwrap_or_else(|| "(no die)".into())
}

fn slot(slot: &OriginsTileSlot) -> &str {
    slot.building.as_deref().unwrap_or("-")
}

fn tile(tile: &OriginsPlacedTile) -> String {
    let at = tile
        .cells
        .iter()
        .map(|c| cell(Some(c)))
        .collect::<Vec<_>>()
        .join("+");
    match OriginsTileKind::try_from(tile.kind) {
        Ok(OriginsTileKind::Palace) => format!("Palace {at}"),
        Ok(OriginsTileKind::Agora) => format!("Agora {at}"),
        Ok(OriginsTileKind::Farm) => format!("Farm({}) {at}", tile.building),
        _ => format!("{} {at}", tile.building),
    }
}

fn player(out: &mut String, p: &OriginsPlayer, current: Option<u32>, names: &Names) {
    let _ = writeln!(
        out,
        "{}{}: {} VP | Stone {} Food {} Wisdom {} Gold {} | Superiority {}{}",
        if current == Some(p.seat) { "> " } else { "  " },
        names.seat(p.seat),
        p.vp,
        p.stone,
        p.food,
        p.wisdom,
        p.gold,
        p.superiority,
        if p.passed { " | passed" } else { "" }
    );
    let freemen: Vec<String> = p
        .freemen
        .iter()
        .enumerate()
        .map(|(i, f)| match f.at {
            Some(at) => format!("#{i} {} (at {at})", die(f.die.as_ref())),
            None => format!("#{i} {}", die(f.die.as_ref())),
        })
        .collect();
    let _ = writeln!(
        out,
        "    Archon {} | Freemen: {} | Orators: {} | bases {}",
        p.archon_at
            .map(|a| format!("at {a}"))
            .unwrap_or_else(|| "home".into()),
        if freemen.is_empty() {
            "none".into()
        } else {
            freemen.join(", ")
        },
        p.orators
            .iter()
            .map(|o| o.value.to_string())
            .collect::<Vec<_>>()
            .join(" "),
        p.bases
    );
    let _ = writeln!(
        out,
        "    military {} | temples F/M/S {} | towers R/P/B/Y/O {} | counsellors {} | zodiac {}",
        p.military,
        join(&p.temples, "/"),
        join(&p.towers, "/"),
        p.counsellors
            .iter()
            .map(|c| enum_name(COLOUR, *c))
            .collect::<Vec<_>>()
            .join(" "),
        if p.zodiac.is_empty() {
            "-".into()
        } else {
            p.zodiac.join(" ")
        }
    );
    let city: Vec<String> = p.city.iter().map(tile).collect();
    let _ = writeln!(out, "    city: {}", city.join(", "));
    if !p.seats.is_empty() {
        let seats: Vec<String> = p
            .seats
            .iter()
            .map(|s| format!("{} {}", cell(s.cell.as_ref()), die(s.die.as_ref())))
            .collect();
        let _ = writeln!(out, "    Seats of Power: {}", seats.join(", "));
    }
    if !p.kept_tiles.is_empty() {
        let _ = writeln!(out, "    kept tiles: {}", p.kept_tiles.join(" "));
    }
}

fn join(values: &[u32], sep: &str) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(sep)
}

pub fn view(view: &OriginsView, names: &Names) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Origins: First Builders, {}, round {}",
        if view.players == 1 {
            "solo".to_string()
        } else {
            format!("{} players", view.players)
        },
        view.round
    );
    match view.current {
        Some(seat) => {
            let pending = pending_text("agora.v1.OriginsView", view);
            let _ = writeln!(out, "to decide: {} ({pending})", names.seat(seat));
        }
        None => out.push_str("the game is over\n"),
    }
    if !view.draft_pool.is_empty() {
        let pool: Vec<String> = view
            .draft_pool
            .iter()
            .enumerate()
            .map(|(i, d)| format!("#{i} {}", die(Some(d))))
            .collect();
        let _ = writeln!(out, "draft pool: {}", pool.join(", "));
    }
    out.push_str("Meeting Places:\n");
    for place in &view.meeting_places {
        let _ = writeln!(
            out,
            "  {} {} dial {}: top {}, bottom {}, bonus {}",
            place.number,
            enum_name(COLOUR, place.colour),
            place.dial,
            place.top,
            place.bottom,
            place.bonus
        );
    }
    let market: Vec<&str> = view.market.iter().map(slot).collect();
    let piles: Vec<String> = view
        .pile_tops
        .iter()
        .zip(&view.pile_sizes)
        .map(|(top, n)| format!("{} ({n})", slot(top)))
        .collect();
    let _ = writeln!(
        out,
        "Market 1-5: {} | piles R/P/B/Y/O: {}",
        market.join(" "),
        piles.join(" ")
    );
    let recruits: Vec<String> = view
        .recruitment
        .iter()
        .map(|r| r.die.as_ref().map(|d| die(Some(d))).unwrap_or("-".into()))
        .collect();
    let orators: Vec<String> = view
        .orator_area
        .iter()
        .map(|o| o.value.map(|v| v.to_string()).unwrap_or("-".into()))
        .collect();
    let _ = writeln!(
        out,
        "Citizen Recruitment: {} | Orators: {}",
        recruits.join(", "),
        orators.join(" ")
    );
    let cards: Vec<String> = view
        .district_cards
        .iter()
        .map(|c| format!("{} ({} Gold)", c.id, c.gold))
        .collect();
    let _ = writeln!(out, "District cards: {}", cards.join(", "));
    let zodiac: Vec<String> = view
        .zodiac
        .iter()
        .map(|z| match z.holder {
            Some(seat) => format!("{} {} (seat {seat})", enum_name(TEMPLE, z.temple), z.card),
            None => format!("{} {}", enum_name(TEMPLE, z.temple), z.card),
        })
        .collect();
    let _ = writeln!(out, "zodiac: {}", zodiac.join(", "));
    let _ = writeln!(
        out,
        "Bastion: {} | Superiority supply {} | floors R/P/B/Y/O {}{}",
        names.seat(view.bastion),
        view.superiority_supply,
        join(&view.floor_reserve, "/"),
        view.solo_neutral
            .map(|n| format!(" | neutral military marker {n}"))
            .unwrap_or_default()
    );
    for p in &view.player_views {
        player(&mut out, p, view.current, names);
    }
    out
}
