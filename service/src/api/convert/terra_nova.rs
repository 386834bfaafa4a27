//! Terra Nova's proto messages <-> engine types. Ids travel as the codes of the rules page
//! ("E4", bonus "A", round "S1", town "T1", power action "P1"); an unknown code, an
//! unspecified enum or a missing field is INVALID_ARGUMENT with a sentence naming the field.

use crate::api::errors::invalid;
use agora_engine::terra_nova::data::tables;
use agora_engine::terra_nova::{
    Action, BoardSide, BonusTile, BridgeSpot, Building, Event, Faction, FactionSetup, Hex, HexView,
    NeutralVariant, Owner, PalaceSide, PlayerView, PowerAction, Reason, RoundTile, Special,
    TerraNovaOptions, TerraNovaView, Terrain, TownTile,
};
use agora_engine::Seat;
use agora_proto::v1 as pb;
use pb::terra_nova_action as pa;
use pb::terra_nova_event as pe;
use tonic::Status;

// ------------------------------------------------------------------------ codes

fn hex_in(field: &str, code: &str) -> Result<Hex, Status> {
    // Only a letter and one or two digits reach the engine's parser, whose column
    // arithmetic is not meant for arbitrary integers.
    let well_formed = (2..=3).contains(&code.len())
        && code.starts_with(|c: char| c.is_ascii_alphabetic())
        && code[1..].bytes().all(|b| b.is_ascii_digit());
    let parsed = if well_formed { Hex::parse(code) } else { None };
    parsed.ok_or_else(|| {
        invalid(format!(
            "{field}: {code:?} is not a hex of the board (like \"E4\")."
        ))
    })
}

fn hex_out(hex: Hex) -> String {
    hex.to_string()
}

/// A code `prefix` + 1-based number ("S3", "T1", "P6") within `count` items.
fn numbered_in(field: &str, code: &str, prefix: &str, count: usize) -> Result<u8, Status> {
    code.strip_prefix(prefix)
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|n| (1..=count).contains(n))
        .map(|n| (n - 1) as u8)
        .ok_or_else(|| {
            invalid(format!(
                "{field}: {code:?} is not one of {prefix}1..{prefix}{count}."
            ))
        })
}

fn bonus_in(field: &str, code: &str) -> Result<BonusTile, Status> {
    let count = tables().bonus.len();
    let mut chars = code.chars();
    match (chars.next(), chars.next()) {
        (Some(c @ 'A'..='Z'), None) if ((c as u8 - b'A') as usize) < count => {
            Ok(BonusTile(c as u8 - b'A'))
        }
        _ => Err(invalid(format!(
            "{field}: {code:?} is not a bonus tile (\"A\" to \"{}\").",
            (b'A' + count.saturating_sub(1) as u8) as char
        ))),
    }
}

fn bonus_out(tile: BonusTile) -> String {
    tile.to_string()
}

fn round_tile_out(tile: RoundTile) -> String {
    format!("S{}", u32::from(tile.0) + 1)
}

fn town_tile_in(field: &str, code: &str) -> Result<TownTile, Status> {
    numbered_in(field, code, "T", tables().town_tiles.len()).map(TownTile)
}

fn town_tile_out(tile: TownTile) -> String {
    format!("T{}", u32::from(tile.0) + 1)
}

fn power_action_in(field: &str, code: &str) -> Result<PowerAction, Status> {
    numbered_in(field, code, "P", tables().power_actions.len()).map(PowerAction)
}

fn power_action_out(action: PowerAction) -> String {
    format!("P{}", u32::from(action.0) + 1)
}

fn bridge_in(field: &str, spot: u32) -> Result<BridgeSpot, Status> {
    let count = tables().map.bridge_spots.len();
    u8::try_from(spot)
        .ok()
        .filter(|s| usize::from(*s) < count)
        .map(BridgeSpot)
        .ok_or_else(|| {
            invalid(format!(
                "{field}: {spot} is not a bridge spot (0 to {}).",
                count.saturating_sub(1)
            ))
        })
}

/// The two hexes of a bridge spot, as codes (empty for an unknown spot).
fn bridge_hexes(spot: BridgeSpot) -> Vec<String> {
    tables()
        .map
        .bridge_spots
        .get(usize::from(spot.0))
        .map(|(a, b)| vec![hex_out(*a), hex_out(*b)])
        .unwrap_or_default()
}

fn seat_out(seat: Seat) -> u32 {
    u32::from(seat.0)
}

fn small(field: &str, value: u32) -> Result<u8, Status> {
    u8::try_from(value).map_err(|_| invalid(format!("{field}: {value} is out of range.")))
}

// ------------------------------------------------------------------------ enums

fn terrain_out(terrain: Terrain) -> i32 {
    use pb::TerraNovaTerrain as T;
    (match terrain {
        Terrain::Lake => T::Lake,
        Terrain::Forest => T::Forest,
        Terrain::Wasteland => T::Wasteland,
        Terrain::Desert => T::Desert,
        Terrain::Swamp => T::Swamp,
    }) as i32
}

fn opt_terrain_out(terrain: Option<Terrain>) -> i32 {
    terrain.map_or(pb::TerraNovaTerrain::Unspecified as i32, terrain_out)
}

fn faction_in(field: &str, value: i32) -> Result<Faction, Status> {
    use pb::TerraNovaFaction as F;
    Ok(match F::try_from(value) {
        Ok(F::Genies) => Faction::Genies,
        Ok(F::SeaDogs) => Faction::SeaDogs,
        Ok(F::Golems) => Faction::Golems,
        Ok(F::Efrits) => Faction::Efrits,
        Ok(F::Farfadets) => Faction::Farfadets,
        Ok(F::Inventors) => Faction::Inventors,
        Ok(F::Fairies) => Faction::Fairies,
        Ok(F::Druids) => Faction::Druids,
        Ok(F::DesertSisters) => Faction::DesertSisters,
        Ok(F::Felines) => Faction::Felines,
        Ok(F::Unspecified) | Err(_) => {
            return Err(invalid(format!("{field}: a faction is required.")))
        }
    })
}

fn faction_out(faction: Faction) -> i32 {
    use pb::TerraNovaFaction as F;
    (match faction {
        Faction::Genies => F::Genies,
        Faction::SeaDogs => F::SeaDogs,
        Faction::Golems => F::Golems,
        Faction::Efrits => F::Efrits,
        Faction::Farfadets => F::Farfadets,
        Faction::Inventors => F::Inventors,
        Faction::Fairies => F::Fairies,
        Faction::Druids => F::Druids,
        Faction::DesertSisters => F::DesertSisters,
        Faction::Felines => F::Felines,
    }) as i32
}

fn building_out(building: Building) -> i32 {
    use pb::TerraNovaBuilding as B;
    (match building {
        Building::House => B::House,
        Building::TradingPost => B::TradingPost,
        Building::Palace => B::Palace,
    }) as i32
}

fn palace_in(value: i32) -> Result<PalaceSide, Status> {
    match pb::TerraNovaPalaceSide::try_from(value) {
        Ok(pb::TerraNovaPalaceSide::Left) => Ok(PalaceSide::Left),
        Ok(pb::TerraNovaPalaceSide::Right) => Ok(PalaceSide::Right),
        _ => Err(invalid("choose_palace.side: left or right is required.")),
    }
}

fn palace_out(side: PalaceSide) -> i32 {
    (match side {
        PalaceSide::Left => pb::TerraNovaPalaceSide::Left,
        PalaceSide::Right => pb::TerraNovaPalaceSide::Right,
    }) as i32
}

fn special_in(value: i32) -> Result<Special, Status> {
    use pb::TerraNovaSpecial as S;
    Ok(match S::try_from(value) {
        Ok(S::BonusSpade) => Special::BonusSpade,
        Ok(S::GeniesLakeHouse) => Special::GeniesLakeHouse,
        Ok(S::SeaDogsUpgrade) => Special::SeaDogsUpgrade,
        Ok(S::SistersTransform) => Special::SistersTransform,
        Ok(S::FairiesSpade) => Special::FairiesSpade,
        Ok(S::InventorsTradingPost) => Special::InventorsTradingPost,
        Ok(S::Unspecified) | Err(_) => {
            return Err(invalid(
                "use_special.special: a special action is required.",
            ))
        }
    })
}

fn special_out(special: Special) -> i32 {
    use pb::TerraNovaSpecial as S;
    (match special {
        Special::BonusSpade => S::BonusSpade,
        Special::GeniesLakeHouse => S::GeniesLakeHouse,
        Special::SeaDogsUpgrade => S::SeaDogsUpgrade,
        Special::SistersTransform => S::SistersTransform,
        Special::FairiesSpade => S::FairiesSpade,
        Special::InventorsTradingPost => S::InventorsTradingPost,
    }) as i32
}

fn reason_out(reason: Reason) -> i32 {
    use pb::TerraNovaReason as R;
    (match reason {
        Reason::Income => R::Income,
        Reason::Exchange => R::Exchange,
        Reason::Neighbour => R::Neighbour,
        Reason::FactionAbility => R::FactionAbility,
        Reason::Palace => R::Palace,
        Reason::BonusTile => R::BonusTile,
        Reason::RoundTile => R::RoundTile,
        Reason::Navigation => R::Navigation,
        Reason::Town => R::Town,
        Reason::PowerAction => R::PowerAction,
        Reason::Spades => R::Spades,
        Reason::Wealth => R::Wealth,
        Reason::Territory => R::Territory,
    }) as i32
}

// ------------------------------------------------------------------------ options

pub fn options_in(options: &pb::TerraNovaOptions) -> Result<TerraNovaOptions, Status> {
    let players = u8::try_from(options.players)
        .ok()
        .filter(|p| (2..=4).contains(p))
        .ok_or_else(|| {
            invalid(format!(
                "options.players: Terra Nova is played by 2, 3 or 4 players, not {}.",
                options.players
            ))
        })?;
    let neutral_variant = match pb::TerraNovaNeutralVariant::try_from(options.neutral_variant) {
        Ok(pb::TerraNovaNeutralVariant::Unspecified | pb::TerraNovaNeutralVariant::None) => {
            NeutralVariant::None
        }
        Ok(pb::TerraNovaNeutralVariant::Planner) => NeutralVariant::Planner,
        Ok(pb::TerraNovaNeutralVariant::Random) => NeutralVariant::Random,
        Err(_) => {
            return Err(invalid(format!(
                "options.neutral_variant: {} is not a neutral variant.",
                options.neutral_variant
            )))
        }
    };
    let board = match pb::TerraNovaBoardSide::try_from(options.board) {
        Ok(pb::TerraNovaBoardSide::Unspecified) if neutral_variant != NeutralVariant::None => {
            BoardSide::TwoPlayer
        }
        Ok(pb::TerraNovaBoardSide::Unspecified | pb::TerraNovaBoardSide::Standard) => {
            BoardSide::Standard
        }
        Ok(pb::TerraNovaBoardSide::TwoPlayer) => BoardSide::TwoPlayer,
        Err(_) => {
            return Err(invalid(format!(
                "options.board: {} is not a board side.",
                options.board
            )))
        }
    };
    let factions = if options.factions.is_empty() {
        FactionSetup::Draft
    } else {
        FactionSetup::Fixed(
            options
                .factions
                .iter()
                .enumerate()
                .map(|(i, f)| faction_in(&format!("options.factions[{i}]"), *f))
                .collect::<Result<_, _>>()?,
        )
    };
    Ok(TerraNovaOptions {
        players,
        board,
        factions,
        turn_order_variant: options.turn_order_variant,
        neutral_variant,
        first_game_preset: options.first_game_preset,
    })
}

pub fn options_out(options: &TerraNovaOptions) -> pb::TerraNovaOptions {
    pb::TerraNovaOptions {
        players: options.players.into(),
        board: (match options.board {
            BoardSide::Standard => pb::TerraNovaBoardSide::Standard,
            BoardSide::TwoPlayer => pb::TerraNovaBoardSide::TwoPlayer,
        }) as i32,
        factions: match &options.factions {
            FactionSetup::Draft => Vec::new(),
            FactionSetup::Fixed(list) => list.iter().map(|f| faction_out(*f)).collect(),
        },
        turn_order_variant: options.turn_order_variant,
        neutral_variant: (match options.neutral_variant {
            NeutralVariant::None => pb::TerraNovaNeutralVariant::None,
            NeutralVariant::Planner => pb::TerraNovaNeutralVariant::Planner,
            NeutralVariant::Random => pb::TerraNovaNeutralVariant::Random,
        }) as i32,
        first_game_preset: options.first_game_preset,
    }
}

// ------------------------------------------------------------------------ actions

pub fn action_in(action: &pb::TerraNovaAction) -> Result<Action, Status> {
    use pa::Action as A;
    let Some(action) = &action.action else {
        return Err(invalid(
            "action.terra_nova: one of its actions must be set.",
        ));
    };
    Ok(match action {
        A::ChooseFaction(a) => {
            Action::ChooseFaction(faction_in("choose_faction.faction", a.faction)?)
        }
        A::TakeBonus(a) => Action::TakeBonus(bonus_in("take_bonus.tile", &a.tile)?),
        A::ExchangePower(a) => Action::ExchangePower(small("exchange_power.power", a.power)?),
        A::ConvertPowerToVp(_) => Action::ConvertPowerToVp,
        A::Build(_) => Action::Build,
        A::Upgrade(_) => Action::Upgrade,
        A::AdvanceNavigation(_) => Action::AdvanceNavigation,
        A::BuildBridge(_) => Action::BuildBridge,
        A::UsePowerAction(a) => {
            Action::PowerAction(power_action_in("use_power_action.action", &a.action)?)
        }
        A::UseSpecial(a) => Action::Special(special_in(a.special)?),
        A::Pass(_) => Action::Pass,
        A::ChooseHex(a) => Action::Hex(hex_in("choose_hex.hex", &a.hex)?),
        A::BuildHouse(a) => Action::BuildHouse(hex_in("build_house.hex", &a.hex)?),
        A::ChooseBridge(a) => Action::Bridge(bridge_in("choose_bridge.spot", a.spot)?),
        A::ChoosePalace(a) => Action::Palace(palace_in(a.side)?),
        A::Skip(_) => Action::Skip,
        A::ChooseTownTile(a) => Action::TownTile(town_tile_in("choose_town_tile.tile", &a.tile)?),
        A::RiverLink(a) => Action::RiverLink(hex_in("river_link.hex", &a.hex)?),
        A::EndTurn(_) => Action::EndTurn,
    })
}

pub fn action_out(action: &Action) -> pb::TerraNovaAction {
    use pa::Action as A;
    let action = match action {
        Action::ChooseFaction(f) => A::ChooseFaction(pa::ChooseFaction {
            faction: faction_out(*f),
        }),
        Action::TakeBonus(t) => A::TakeBonus(pa::TakeBonus {
            tile: bonus_out(*t),
        }),
        Action::ExchangePower(n) => A::ExchangePower(pa::ExchangePower { power: (*n).into() }),
        Action::ConvertPowerToVp => A::ConvertPowerToVp(pa::ConvertPowerToVp {}),
        Action::Build => A::Build(pa::Build {}),
        Action::Upgrade => A::Upgrade(pa::Upgrade {}),
        Action::AdvanceNavigation => A::AdvanceNavigation(pa::AdvanceNavigation {}),
        Action::BuildBridge => A::BuildBridge(pa::BuildBridge {}),
        Action::PowerAction(p) => A::UsePowerAction(pa::UsePowerAction {
            action: power_action_out(*p),
        }),
        Action::Special(s) => A::UseSpecial(pa::UseSpecial {
            special: special_out(*s),
        }),
        Action::Pass => A::Pass(pa::Pass {}),
        Action::Hex(h) => A::ChooseHex(pa::ChooseHex { hex: hex_out(*h) }),
        Action::BuildHouse(h) => A::BuildHouse(pa::BuildHouse { hex: hex_out(*h) }),
        Action::Bridge(s) => A::ChooseBridge(pa::ChooseBridge { spot: s.0.into() }),
        Action::Palace(p) => A::ChoosePalace(pa::ChoosePalace {
            side: palace_out(*p),
        }),
        Action::Skip => A::Skip(pa::Skip {}),
        Action::TownTile(t) => A::ChooseTownTile(pa::ChooseTownTile {
            tile: town_tile_out(*t),
        }),
        Action::RiverLink(h) => A::RiverLink(pa::RiverLink { hex: hex_out(*h) }),
        Action::EndTurn => A::EndTurn(pa::EndTurn {}),
    };
    pb::TerraNovaAction {
        action: Some(action),
    }
}

// ------------------------------------------------------------------------ events

pub fn event_out(event: &Event) -> pb::TerraNovaEvent {
    use pe::Event as E;
    let event = match event {
        Event::FactionChosen { seat, faction } => E::FactionChosen(pe::FactionChosen {
            seat: seat_out(*seat),
            faction: faction_out(*faction),
        }),
        Event::NeutralHousePlaced { terrain, hex } => {
            E::NeutralHousePlaced(pe::NeutralHousePlaced {
                terrain: terrain_out(*terrain),
                hex: hex_out(*hex),
            })
        }
        Event::NeutralHouseDiscarded { terrain } => {
            E::NeutralHouseDiscarded(pe::NeutralHouseDiscarded {
                terrain: terrain_out(*terrain),
            })
        }
        Event::BonusTaken { seat, tile, coins } => E::BonusTaken(pe::BonusTaken {
            seat: seat_out(*seat),
            tile: bonus_out(*tile),
            coins: *coins,
        }),
        Event::RoundStarted { round, order } => E::RoundStarted(pe::RoundStarted {
            round: (*round).into(),
            order: order.iter().map(|s| seat_out(*s)).collect(),
        }),
        Event::Gained {
            seat,
            coins,
            power,
            vp,
            reason,
        } => E::Gained(pe::Gained {
            seat: seat_out(*seat),
            coins: *coins,
            power: (*power).into(),
            vp: *vp,
            reason: reason_out(*reason),
        }),
        Event::Paid { seat, coins, power } => E::Paid(pe::Paid {
            seat: seat_out(*seat),
            coins: *coins,
            power: (*power).into(),
        }),
        Event::Transformed {
            seat,
            hex,
            from,
            to,
            spades,
        } => E::Transformed(pe::Transformed {
            seat: seat_out(*seat),
            hex: hex_out(*hex),
            from: terrain_out(*from),
            to: terrain_out(*to),
            spades: (*spades).into(),
        }),
        Event::Built {
            seat,
            hex,
            building,
        } => E::Built(pe::Built {
            seat: seat_out(*seat),
            hex: hex_out(*hex),
            building: building_out(*building),
        }),
        Event::NavigationAdvanced { seat, level } => {
            E::NavigationAdvanced(pe::NavigationAdvanced {
                seat: seat_out(*seat),
                level: (*level).into(),
            })
        }
        Event::BridgeBuilt { seat, spot } => E::BridgeBuilt(pe::BridgeBuilt {
            seat: seat_out(*seat),
            spot: spot.0.into(),
            hexes: bridge_hexes(*spot),
        }),
        Event::ActionChosen { seat, action } => E::ActionChosen(pe::ActionChosen {
            seat: seat_out(*seat),
            action: Some(action_out(action)),
        }),
        Event::TownFounded {
            seat,
            tile,
            hexes,
            river_link,
        } => E::TownFounded(pe::TownFounded {
            seat: seat_out(*seat),
            tile: town_tile_out(*tile),
            hexes: hexes.iter().map(|h| hex_out(*h)).collect(),
            river_link: river_link.map(hex_out).unwrap_or_default(),
        }),
        Event::Passed { seat, first } => E::Passed(pe::Passed {
            seat: seat_out(*seat),
            first: *first,
        }),
        Event::RoundEnded { round } => E::RoundEnded(pe::RoundEnded {
            round: (*round).into(),
        }),
        Event::GameEnded => E::GameEnded(pe::GameEnded {}),
    };
    pb::TerraNovaEvent { event: Some(event) }
}

// ------------------------------------------------------------------------ views

fn hex_view_out(view: &HexView) -> pb::TerraNovaHex {
    use pb::terra_nova_placement::Owner as O;
    pb::TerraNovaHex {
        hex: hex_out(view.hex),
        terrain: opt_terrain_out(view.terrain),
        river: view.terrain.is_none(),
        placed: view.placed.map(|p| pb::TerraNovaPlacement {
            owner: Some(match p.owner {
                Owner::Seat(seat) => O::Seat(seat_out(seat)),
                Owner::Neutral(terrain) => O::Neutral(terrain_out(terrain)),
            }),
            building: building_out(p.building),
            in_town: p.in_town,
        }),
        edge: view.edge,
        symbol: opt_terrain_out(view.symbol),
    }
}

fn player_out(view: &PlayerView) -> pb::TerraNovaPlayer {
    pb::TerraNovaPlayer {
        seat: seat_out(view.seat),
        faction: view
            .faction
            .map_or(pb::TerraNovaFaction::Unspecified as i32, faction_out),
        coins: view.coins,
        vp: view.vp,
        bowls: view.bowls.iter().map(|b| u32::from(*b)).collect(),
        navigation: view.navigation.into(),
        houses_on_sheet: view.houses_on_sheet.into(),
        trading_posts_on_sheet: view.trading_posts_on_sheet.into(),
        left_palace: view.left_palace,
        right_palace: view.right_palace,
        bridges_in_reserve: view.bridges_in_reserve.into(),
        town_tiles_left: view
            .town_tiles_left
            .iter()
            .map(|t| town_tile_out(*t))
            .collect(),
        bonus: view.bonus.map(bonus_out).unwrap_or_default(),
        passed: view.passed,
        special_used: view.special_used.iter().map(|s| special_out(*s)).collect(),
    }
}

pub fn view_out(view: &TerraNovaView) -> pb::TerraNovaView {
    pb::TerraNovaView {
        options: Some(options_out(&view.options)),
        round: view.round.into(),
        pending: view.pending.clone(),
        to_act: view.to_act.iter().map(|s| seat_out(*s)).collect(),
        hexes: view.hexes.iter().map(hex_view_out).collect(),
        bridges: view
            .bridges
            .iter()
            .map(|(spot, a, b, owner)| pb::TerraNovaBridge {
                spot: spot.0.into(),
                hexes: vec![hex_out(*a), hex_out(*b)],
                owner: Some(seat_out(*owner)),
            })
            .collect(),
        players: view.players.iter().map(player_out).collect(),
        round_tiles: view
            .round_tiles
            .iter()
            .map(|t| round_tile_out(*t))
            .collect(),
        bonus_supply: view
            .bonus_supply
            .iter()
            .map(|(tile, coins)| pb::TerraNovaBonusOffer {
                tile: bonus_out(*tile),
                coins: *coins,
            })
            .collect(),
        power_actions_used: view
            .power_actions_used
            .iter()
            .map(|p| power_action_out(*p))
            .collect(),
        start_player: seat_out(view.start_player),
        order: view.order.iter().map(|s| seat_out(*s)).collect(),
        game_over: view.game_over,
        bridge_spots: (0..tables().map.bridge_spots.len())
            .filter_map(|i| u8::try_from(i).ok())
            .map(|i| {
                let spot = BridgeSpot(i);
                pb::TerraNovaBridge {
                    spot: i.into(),
                    hexes: bridge_hexes(spot),
                    owner: view
                        .bridges
                        .iter()
                        .find(|b| b.0 == spot)
                        .map(|b| seat_out(b.3)),
                }
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_engine::terra_nova::{TerraNova, HEX_COUNT};
    use agora_engine::Game;

    #[test]
    fn every_code_round_trips() {
        for i in 0..HEX_COUNT as u8 {
            assert_eq!(hex_in("h", &hex_out(Hex(i))).unwrap(), Hex(i));
        }
        let t = tables();
        for i in 0..t.bonus.len() as u8 {
            assert_eq!(bonus_out(BonusTile(i)), t.bonus[i as usize].id);
            assert_eq!(
                bonus_in("b", &bonus_out(BonusTile(i))).unwrap(),
                BonusTile(i)
            );
        }
        for i in 0..t.power_actions.len() as u8 {
            assert_eq!(
                power_action_out(PowerAction(i)),
                t.power_actions[i as usize].id
            );
        }
        for i in 0..t.round_tiles.len() as u8 {
            assert_eq!(round_tile_out(RoundTile(i)), t.round_tiles[i as usize].id);
        }
        for i in 0..t.town_tiles.len() as u8 {
            assert_eq!(town_tile_out(TownTile(i)), t.town_tiles[i as usize].id);
            assert_eq!(
                town_tile_in("t", &town_tile_out(TownTile(i))).unwrap(),
                TownTile(i)
            );
        }
        for f in Faction::ALL {
            assert_eq!(faction_in("f", faction_out(f)).unwrap(), f);
        }
    }

    #[test]
    fn every_legal_action_of_a_game_round_trips() {
        use agora_engine::core::playout::RandomBot;
        for options in [
            TerraNovaOptions::standard(4),
            TerraNovaOptions::two_player(NeutralVariant::Planner),
            TerraNovaOptions::preset(3),
        ] {
            assert_eq!(options_in(&options_out(&options)).unwrap(), options);
            let mut state = TerraNova::setup(&options, 3).unwrap();
            let mut bot = RandomBot::seeded(3);
            while let Some((seat, action)) = bot.choose::<TerraNova>(&state) {
                for legal in TerraNova::legal_actions(&state, seat) {
                    assert_eq!(action_in(&action_out(&legal)).unwrap(), legal);
                }
                TerraNova::apply(&mut state, seat, &action).unwrap();
            }
        }
    }

    #[test]
    fn malformed_input_is_an_invalid_argument_naming_the_field() {
        let cases = [
            pa::Action::ChooseHex(pa::ChooseHex { hex: "Z99".into() }),
            pa::Action::ChooseHex(pa::ChooseHex { hex: "".into() }),
            pa::Action::ChooseHex(pa::ChooseHex {
                hex: "A-2147483648".into(),
            }),
            pa::Action::RiverLink(pa::RiverLink { hex: "É4".into() }),
            pa::Action::TakeBonus(pa::TakeBonus { tile: "Q".into() }),
            pa::Action::UsePowerAction(pa::UsePowerAction {
                action: "P0".into(),
            }),
            pa::Action::ChooseTownTile(pa::ChooseTownTile { tile: "T9".into() }),
            pa::Action::ChooseBridge(pa::ChooseBridge { spot: 9_999 }),
            pa::Action::ChooseFaction(pa::ChooseFaction { faction: 0 }),
            pa::Action::ChoosePalace(pa::ChoosePalace { side: 77 }),
            pa::Action::UseSpecial(pa::UseSpecial { special: -1 }),
            pa::Action::ExchangePower(pa::ExchangePower { power: 1_000 }),
        ];
        for case in cases {
            let status = action_in(&pb::TerraNovaAction {
                action: Some(case.clone()),
            })
            .unwrap_err();
            assert_eq!(status.code(), tonic::Code::InvalidArgument, "{case:?}");
            assert!(status.message().contains('.'), "{case:?}: names the field");
        }
        assert!(action_in(&pb::TerraNovaAction { action: None }).is_err());
        let bad_players = pb::TerraNovaOptions {
            players: 5,
            ..Default::default()
        };
        assert!(options_in(&bad_players).is_err());
        let bad_faction = pb::TerraNovaOptions {
            players: 2,
            factions: vec![1, 42],
            ..Default::default()
        };
        let status = options_in(&bad_faction).unwrap_err();
        assert!(status.message().contains("options.factions[1]"));
    }

    #[test]
    fn a_neutral_variant_picks_the_two_player_board_when_unspecified() {
        let options = options_in(&pb::TerraNovaOptions {
            players: 2,
            neutral_variant: pb::TerraNovaNeutralVariant::Random as i32,
            ..Default::default()
        })
        .unwrap();
        assert_eq!(
            options,
            TerraNovaOptions::two_player(NeutralVariant::Random)
        );
    }
}
