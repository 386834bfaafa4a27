//! What a viewer sees: everything but the RNG (Terra Nova has no hidden information).

use super::data::tables;
use super::state::{Step, TerraNovaState};
use super::turn::{pending_name, to_act};
use super::types::{
    BridgeSpot, Hex, HexView, PlayerView, PowerAction, TerraNovaView, Terrain, HEX_COUNT,
};
use crate::Viewer;

pub fn view(state: &TerraNovaState, _viewer: Viewer) -> TerraNovaView {
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
    let bridges = state
        .bridges
        .iter()
        .enumerate()
        .filter_map(|(i, o)| {
            let (a, b) = map.bridge_spots.get(i)?;
            o.map(|s| (BridgeSpot(i as u8), *a, *b, s))
        })
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
    let pending = match &state.step {
        Step::FactionDraft { .. } => "choose a faction",
        Step::PlannerNeutral { .. } | Step::RandomNeutral { .. } => "place a neutral house",
        Step::InitialHouses { .. } => "place an initial house",
        Step::BonusDraft { .. } => "choose a bonus tile",
        Step::RoundEndExchange { .. } => "exchange power at the end of the round",
        Step::FinalExchange { .. } => "final power exchange (wealth), then end turn",
        Step::Turn { pending, .. } => pending_name(pending),
        Step::GameOver => "game over",
    };
    TerraNovaView {
        options: state.options.clone(),
        round: state.round,
        pending: pending.to_string(),
        to_act: to_act(state).iter().collect(),
        hexes,
        bridges,
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
