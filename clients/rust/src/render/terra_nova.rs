//! Terra Nova's board: round, tiles, each player's resources and the buildings on the map.
//! Codes are those of the rules page ("E4", bonus "C", round "S2", town "T1", power action
//! "P3").

use std::fmt::Write as _;

use agora_proto::v1::{terra_nova_placement::Owner, TerraNovaBuilding, TerraNovaView};

use super::{enum_name, options_text, pending_text, Names};

const TERRAIN: &str = "agora.v1.TerraNovaTerrain";
const FACTION: &str = "agora.v1.TerraNovaFaction";

/// One letter per building: h/t/P for seats (with the seat number), n for neutral houses.
fn placement_text(placed: &agora_proto::v1::TerraNovaPlacement) -> String {
    let kind = match TerraNovaBuilding::try_from(placed.building) {
        Ok(TerraNovaBuilding::TradingPost) => "T",
        Ok(TerraNovaBuilding::Palace) => "P",
        _ => "H",
    };
    let town = if placed.in_town { "*" } else { "" };
    match &placed.owner {
        Some(Owner::Seat(seat)) => format!("{kind}{seat}{town}"),
        Some(Owner::Neutral(terrain)) => format!("{kind}n({}){town}", enum_name(TERRAIN, *terrain)),
        None => format!("{kind}?{town}"),
    }
}

pub fn view(view: &TerraNovaView, names: &Names) -> String {
    let mut out = String::new();
    if let Some(o) = &view.options {
        let _ = writeln!(
            out,
            "Terra Nova, {}",
            options_text("agora.v1.TerraNovaOptions", o)
        );
    }
    if view.game_over {
        let _ = writeln!(out, "the game is over");
    } else {
        let round = if view.round == 0 {
            "setup".to_string()
        } else {
            format!("round {} of 5", view.round)
        };
        let to_act: Vec<_> = view.to_act.iter().map(|s| names.seat(*s)).collect();
        let _ = writeln!(
            out,
            "{round}; waiting for {} ({})",
            if to_act.is_empty() {
                "nobody".into()
            } else {
                to_act.join(", ")
            },
            pending_text("agora.v1.TerraNovaView", view)
        );
    }
    if !view.round_tiles.is_empty() {
        let _ = writeln!(out, "round tiles: {}", view.round_tiles.join(" "));
    }
    if !view.bonus_supply.is_empty() {
        let supply: Vec<_> = view
            .bonus_supply
            .iter()
            .map(|b| {
                if b.coins > 0 {
                    format!("{} (+{})", b.tile, b.coins)
                } else {
                    b.tile.clone()
                }
            })
            .collect();
        let _ = writeln!(out, "bonus tiles available: {}", supply.join(" "));
    }
    if !view.power_actions_used.is_empty() {
        let _ = writeln!(
            out,
            "power actions used: {}",
            view.power_actions_used.join(" ")
        );
    }
    let _ = writeln!(out, "players:");
    for p in &view.players {
        let bowls: Vec<_> = p.bowls.iter().map(|b| b.to_string()).collect();
        let palace = match (p.left_palace, p.right_palace) {
            (true, _) => ", left palace",
            (_, true) => ", right palace",
            _ => "",
        };
        let _ = writeln!(
            out,
            "  {}: {}, {} VP, {} coins, power {}, navigation {}, {} houses and {} trading posts on the sheet{}{}{}{}",
            names.seat(p.seat),
            enum_name(FACTION, p.faction),
            p.vp,
            p.coins,
            bowls.join("/"),
            p.navigation,
            p.houses_on_sheet,
            p.trading_posts_on_sheet,
            palace,
            if p.bonus.is_empty() {
                String::new()
            } else {
                format!(", bonus {}", p.bonus)
            },
            if p.town_tiles_left.is_empty() {
                String::new()
            } else {
                format!(", town tiles {}", p.town_tiles_left.join(" "))
            },
            if p.passed { ", passed" } else { "" }
        );
    }
    let buildings: Vec<_> = view
        .hexes
        .iter()
        .filter_map(|h| {
            h.placed
                .as_ref()
                .map(|p| format!("{} {}", h.hex, placement_text(p)))
        })
        .collect();
    if buildings.is_empty() {
        let _ = writeln!(out, "no buildings yet");
    } else {
        let _ = writeln!(
            out,
            "buildings (H house, T trading post, P palace, then the seat; * in a town):"
        );
        for line in buildings.chunks(8) {
            let _ = writeln!(out, "  {}", line.join(", "));
        }
    }
    if !view.bridges.is_empty() {
        let bridges: Vec<_> = view
            .bridges
            .iter()
            .map(|b| {
                format!(
                    "{} ({})",
                    b.hexes.join("-"),
                    b.owner
                        .map(|s| names.seat(s))
                        .unwrap_or_else(|| "nobody".into())
                )
            })
            .collect();
        let _ = writeln!(out, "bridges: {}", bridges.join(", "));
    }
    out
}
