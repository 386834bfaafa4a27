//! Readable text for Terra Nova's actions, events, options and views. Codes are those of the
//! rules page ("E4", bonus "C", round "S2", town "T1", power action "P3").

use std::fmt::Write as _;

use agora_proto::v1::{
    terra_nova_action::Action, terra_nova_event::Event, terra_nova_placement::Owner,
    TerraNovaAction, TerraNovaBoardSide, TerraNovaBuilding, TerraNovaEvent, TerraNovaFaction,
    TerraNovaNeutralVariant, TerraNovaOptions, TerraNovaPalaceSide, TerraNovaReason,
    TerraNovaSpecial, TerraNovaTerrain, TerraNovaView,
};

use super::Names;

pub fn terrain_name(terrain: i32) -> &'static str {
    match TerraNovaTerrain::try_from(terrain) {
        Ok(TerraNovaTerrain::Lake) => "lake",
        Ok(TerraNovaTerrain::Forest) => "forest",
        Ok(TerraNovaTerrain::Wasteland) => "wasteland",
        Ok(TerraNovaTerrain::Desert) => "desert",
        Ok(TerraNovaTerrain::Swamp) => "swamp",
        _ => "river",
    }
}

pub fn faction_name(faction: i32) -> &'static str {
    match TerraNovaFaction::try_from(faction) {
        Ok(TerraNovaFaction::Genies) => "Genies",
        Ok(TerraNovaFaction::SeaDogs) => "Sea Dogs",
        Ok(TerraNovaFaction::Golems) => "Golems",
        Ok(TerraNovaFaction::Efrits) => "Efrits",
        Ok(TerraNovaFaction::Farfadets) => "Farfadets",
        Ok(TerraNovaFaction::Inventors) => "Inventors",
        Ok(TerraNovaFaction::Fairies) => "Fairies",
        Ok(TerraNovaFaction::Druids) => "Druids",
        Ok(TerraNovaFaction::DesertSisters) => "Desert Sisters",
        Ok(TerraNovaFaction::Felines) => "Felines",
        _ => "no faction yet",
    }
}

fn building_name(building: i32) -> &'static str {
    match TerraNovaBuilding::try_from(building) {
        Ok(TerraNovaBuilding::House) => "house",
        Ok(TerraNovaBuilding::TradingPost) => "trading post",
        Ok(TerraNovaBuilding::Palace) => "palace",
        _ => "building",
    }
}

fn special_name(special: i32) -> &'static str {
    match TerraNovaSpecial::try_from(special) {
        Ok(TerraNovaSpecial::BonusSpade) => "bonus tile spade",
        Ok(TerraNovaSpecial::GeniesLakeHouse) => "Genies' lake house",
        Ok(TerraNovaSpecial::SeaDogsUpgrade) => "Sea Dogs' free upgrade",
        Ok(TerraNovaSpecial::SistersTransform) => "Desert Sisters' adjacent transform",
        Ok(TerraNovaSpecial::FairiesSpade) => "Fairies' spade",
        Ok(TerraNovaSpecial::InventorsTradingPost) => "Inventors' trading post",
        _ => "an unspecified special action",
    }
}

fn reason_name(reason: i32) -> &'static str {
    match TerraNovaReason::try_from(reason) {
        Ok(TerraNovaReason::Income) => "income",
        Ok(TerraNovaReason::Exchange) => "power exchange",
        Ok(TerraNovaReason::Neighbour) => "a neighbour's building",
        Ok(TerraNovaReason::FactionAbility) => "faction ability",
        Ok(TerraNovaReason::Palace) => "palace",
        Ok(TerraNovaReason::BonusTile) => "bonus tile",
        Ok(TerraNovaReason::RoundTile) => "round tile",
        Ok(TerraNovaReason::Navigation) => "navigation",
        Ok(TerraNovaReason::Town) => "town",
        Ok(TerraNovaReason::PowerAction) => "power action",
        Ok(TerraNovaReason::Spades) => "spades",
        Ok(TerraNovaReason::Wealth) => "wealth",
        Ok(TerraNovaReason::Territory) => "territory",
        _ => "unspecified",
    }
}

pub fn options(options: &TerraNovaOptions) -> String {
    let mut out = format!("{} players", options.players);
    if options.board == TerraNovaBoardSide::TwoPlayer as i32 {
        out.push_str(", 2-player board");
    }
    match TerraNovaNeutralVariant::try_from(options.neutral_variant) {
        Ok(TerraNovaNeutralVariant::Planner) => out.push_str(", planner neutral houses"),
        Ok(TerraNovaNeutralVariant::Random) => out.push_str(", random neutral houses"),
        _ => {}
    }
    if options.first_game_preset {
        out.push_str(", first-game preset");
    } else if options.factions.is_empty() {
        out.push_str(", faction draft");
    } else {
        let list: Vec<_> = options.factions.iter().map(|f| faction_name(*f)).collect();
        let _ = write!(out, ", factions {}", list.join(", "));
    }
    if options.turn_order_variant {
        out.push_str(", turn-order variant");
    }
    out
}

pub fn action(action: &TerraNovaAction) -> String {
    let Some(action) = &action.action else {
        return "(empty Terra Nova action)".into();
    };
    match action {
        Action::ChooseFaction(a) => format!("choose the {}", faction_name(a.faction)),
        Action::TakeBonus(a) => format!("take bonus tile {}", a.tile),
        Action::ExchangePower(a) => format!("exchange {} power for {} coins", a.power, a.power),
        Action::ConvertPowerToVp(_) => "convert 3 power into 2 VP".into(),
        Action::Build(_) => "make habitable & build".into(),
        Action::Upgrade(_) => "upgrade a building".into(),
        Action::AdvanceNavigation(_) => "advance navigation".into(),
        Action::BuildBridge(_) => "build a bridge".into(),
        Action::UsePowerAction(a) => format!("power action {}", a.action),
        Action::UseSpecial(a) => format!("special action: {}", special_name(a.special)),
        Action::Pass(_) => "pass".into(),
        Action::ChooseHex(a) => format!("hex {}", a.hex),
        Action::BuildHouse(a) => format!("build a house on {}", a.hex),
        Action::ChooseBridge(a) => format!("bridge spot {}", a.spot),
        Action::ChoosePalace(a) => match TerraNovaPalaceSide::try_from(a.side) {
            Ok(TerraNovaPalaceSide::Right) => "build the right palace".into(),
            _ => "build the left palace".into(),
        },
        Action::Skip(_) => "skip".into(),
        Action::ChooseTownTile(a) => format!("town tile {}", a.tile),
        Action::RiverLink(a) => format!("found the town across river {}", a.hex),
        Action::EndTurn(_) => "end the turn".into(),
    }
}

pub fn event(event: &TerraNovaEvent, names: &Names) -> String {
    let Some(event) = &event.event else {
        return "(empty Terra Nova event)".into();
    };
    match event {
        Event::FactionChosen(e) => format!(
            "{} plays the {}",
            names.seat(e.seat),
            faction_name(e.faction)
        ),
        Event::NeutralHousePlaced(e) => {
            format!("a neutral {} house on {}", terrain_name(e.terrain), e.hex)
        }
        Event::NeutralHouseDiscarded(e) => format!(
            "no free {} symbol: the neutral house is discarded",
            terrain_name(e.terrain)
        ),
        Event::BonusTaken(e) => {
            let mut out = format!("{} takes bonus tile {}", names.seat(e.seat), e.tile);
            if e.coins > 0 {
                let _ = write!(out, " with {} coin(s)", e.coins);
            }
            out
        }
        Event::RoundStarted(e) => {
            let order: Vec<_> = e.order.iter().map(|s| names.seat(*s)).collect();
            format!("round {} starts: {}", e.round, order.join(", "))
        }
        Event::Gained(e) => {
            let mut parts = Vec::new();
            if e.coins != 0 {
                parts.push(format!("{} coin(s)", e.coins));
            }
            if e.power != 0 {
                parts.push(format!("{} power", e.power));
            }
            if e.vp != 0 {
                parts.push(format!("{} VP", e.vp));
            }
            if parts.is_empty() {
                parts.push("nothing".into());
            }
            format!(
                "{} gains {} ({})",
                names.seat(e.seat),
                parts.join(", "),
                reason_name(e.reason)
            )
        }
        Event::Paid(e) => {
            let mut parts = Vec::new();
            if e.coins != 0 {
                parts.push(format!("{} coin(s)", e.coins));
            }
            if e.power != 0 {
                parts.push(format!("{} power", e.power));
            }
            if parts.is_empty() {
                parts.push("nothing".into());
            }
            format!("{} pays {}", names.seat(e.seat), parts.join(", "))
        }
        Event::Transformed(e) => format!(
            "{} turns {} from {} into {} ({} spade(s))",
            names.seat(e.seat),
            e.hex,
            terrain_name(e.from),
            terrain_name(e.to),
            e.spades
        ),
        Event::Built(e) => format!(
            "{} builds a {} on {}",
            names.seat(e.seat),
            building_name(e.building),
            e.hex
        ),
        Event::NavigationAdvanced(e) => {
            format!("{} advances navigation to {}", names.seat(e.seat), e.level)
        }
        Event::BridgeBuilt(e) => format!(
            "{} builds a bridge {}",
            names.seat(e.seat),
            e.hexes.join("-")
        ),
        Event::ActionChosen(e) => format!(
            "{} chooses: {}",
            names.seat(e.seat),
            e.action
                .as_ref()
                .map(action)
                .unwrap_or_else(|| "(no action)".into())
        ),
        Event::TownFounded(e) => {
            let mut out = format!(
                "{} founds a town with tile {} ({})",
                names.seat(e.seat),
                e.tile,
                e.hexes.join(" ")
            );
            if !e.river_link.is_empty() {
                let _ = write!(out, " across river {}", e.river_link);
            }
            out
        }
        Event::Passed(e) => format!(
            "{} passes{}",
            names.seat(e.seat),
            if e.first {
                " and takes the first-player token"
            } else {
                ""
            }
        ),
        Event::RoundEnded(e) => format!("round {} ends", e.round),
        Event::GameEnded(_) => "the game ends".into(),
    }
}

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
        Some(Owner::Neutral(terrain)) => format!("{kind}n({}){town}", terrain_name(*terrain)),
        None => format!("{kind}?{town}"),
    }
}

pub fn view(view: &TerraNovaView, names: &Names) -> String {
    let mut out = String::new();
    if let Some(o) = &view.options {
        let _ = writeln!(out, "Terra Nova, {}", options(o));
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
        // The sentence is still filled; `pending_decision` is the typed form of it.
        #[allow(deprecated)]
        let pending = view.pending.replace('_', " ");
        let _ = writeln!(
            out,
            "{round}; waiting for {} ({})",
            if to_act.is_empty() {
                "nobody".into()
            } else {
                to_act.join(", ")
            },
            pending
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
            faction_name(p.faction),
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

#[cfg(test)]
mod tests {
    use super::*;
    use agora_proto::v1::{terra_nova_action as pa, terra_nova_event as pe};

    #[test]
    fn actions_and_events_read_as_sentences() {
        let names = Names::default();
        let a = TerraNovaAction {
            action: Some(Action::ChooseHex(pa::ChooseHex { hex: "E4".into() })),
        };
        assert_eq!(action(&a), "hex E4");
        let e = TerraNovaEvent {
            event: Some(Event::Built(pe::Built {
                seat: 1,
                hex: "E4".into(),
                building: TerraNovaBuilding::TradingPost as i32,
            })),
        };
        assert_eq!(event(&e, &names), "seat 1 builds a trading post on E4");
    }
}
