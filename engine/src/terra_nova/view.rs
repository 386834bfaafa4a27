//! What a viewer sees: everything but the RNG (Terra Nova has no hidden information).

use super::data::tables;
use super::map::hexes;
use super::state::{Awaiting, State, Step};
use super::turn::to_act;
use super::types::{
    BridgeSpot, BridgeView, Hex, HexView, Pending, PlayerView, PowerAction, Terrain, View,
    HEX_COUNT,
};
use crate::Viewer;

pub fn view(state: &State, _viewer: Viewer) -> View {
    let map = &tables().map;
    let symbol = |h: Hex| -> Option<Terrain> {
        if state.options.board != super::types::BoardSide::TwoPlayer {
            return None;
        }
        Terrain::CYCLE
            .iter()
            .copied()
            .find(|t| map.symbols[t.index()].contains(&h))
    };
    let hexes = (0..HEX_COUNT as u8)
        .map(Hex)
        .map(|h| HexView {
            hex: h,
            terrain: state.terrain_at(h),
            placed: state.placed_at(h),
            edge: map.edge & (1u128 << h.0) != 0,
            symbol: symbol(h),
        })
        .collect();
    let bridge_spots: Vec<BridgeView> = BridgeSpot::all()
        .filter_map(|spot| {
            let (a, b) = spot.hexes()?;
            Some(BridgeView {
                spot,
                hexes: [a, b],
                owner: state.bridges.get(usize::from(spot.0)).copied().flatten(),
            })
        })
        .collect();
    let bridges = bridge_spots
        .iter()
        .filter(|b| b.owner.is_some())
        .copied()
        .collect();
    let players = state
        .seats()
        .zip(&state.players)
        .map(|(seat, p)| PlayerView {
            seat,
            faction: p.faction,
            coins: p.coins,
            vp: p.vp,
            bowls: p.bowls,
            navigation: p.navigation,
            houses_on_sheet: p.houses_on_sheet(),
            trading_posts_on_sheet: p.trading_posts_on_sheet(),
            left_palace: p.left_palace,
            right_palace: p.right_palace,
            bridges_in_reserve: p.bridges_in_reserve(),
            town_tiles_left: p.town_tiles_left(),
            bonus: p.bonus,
            passed: p.passed,
            special_used: p.specials_used.clone(),
        })
        .collect();
    View {
        options: state.options.clone(),
        round: state.round,
        pending: pending(state),
        to_act: to_act(state).iter().collect(),
        hexes,
        bridges,
        bridge_spots,
        players,
        round_tiles: state.round_tiles.clone(),
        bonus_supply: state
            .bonus_tiles
            .iter()
            .filter(|s| s.holder.is_none())
            .map(|s| (s.tile, s.coins))
            .collect(),
        power_actions_used: state
            .power_actions_used
            .iter()
            .enumerate()
            .filter(|(_, u)| **u)
            .map(|(i, _)| PowerAction(i as u8))
            .collect(),
        start_player: state.start_player,
        order: state.order.clone(),
        game_over: state.step == Step::GameOver,
    }
}

/// The public form of the decision the state awaits.
pub fn pending(state: &State) -> Pending {
    match &state.step {
        Step::FactionDraft { .. } => Pending::ChooseSheet,
        Step::SideChoice { .. } => Pending::ChooseFaction,
        Step::PlannerNeutral { .. } => match state.neutral_terrain {
            Some(terrain) => Pending::PlaceNeutralHouse { terrain },
            None => Pending::GameOver,
        },
        Step::RandomNeutral { terrain, .. } => Pending::PlaceNeutralHouse { terrain: *terrain },
        Step::InitialHouses { .. } => Pending::PlaceInitialHouse,
        Step::BonusDraft { .. } => Pending::ChooseBonusTile,
        Step::RoundEndExchange { .. } => Pending::RoundEndExchange,
        Step::FinalExchange { .. } => Pending::FinalExchange,
        Step::Turn { pending, .. } => match pending {
            Awaiting::Main => Pending::ChooseAction,
            Awaiting::TransformHex(transform) => Pending::TransformHex {
                transform: *transform,
            },
            Awaiting::SecondSpadeHex { first, .. } => Pending::SecondSpadeHex { first: *first },
            Awaiting::BuildOn { hexes } => Pending::BuildHouse {
                hexes: hexes.clone(),
            },
            Awaiting::UpgradeHex => Pending::UpgradeHex,
            Awaiting::PalaceSide { hex } => Pending::ChoosePalace { hex: *hex },
            Awaiting::BridgeSpot => Pending::ChooseBridge,
            Awaiting::LakeHouseHex => Pending::LakeHouseHex,
            Awaiting::FreeUpgradeHex => Pending::FreeUpgradeHex,
            Awaiting::InventorsHex => Pending::InventorsHex,
            Awaiting::EdgeHouseHex => Pending::EdgeHouseHex,
            Awaiting::TownTile { group, link, .. } => Pending::ChooseTownTile {
                hexes: hexes(*group).collect(),
                river_link: *link,
            },
            Awaiting::RiverLink { options } => Pending::RiverLink {
                hexes: options.clone(),
            },
            Awaiting::PassBonus => Pending::PassBonus,
            Awaiting::AfterAction => Pending::AfterAction,
        },
        Step::GameOver => Pending::GameOver,
    }
}
