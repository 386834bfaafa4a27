//! Setup (§3): validation of options, tiles, faction draft, planner neutral houses, snake
//! house placement, bonus draft, first-game presets.

use super::data::tables;
use super::effects::Events;
use super::state::{BonusSlot, Player, State, Step};
use super::types::{
    BoardSide, BonusTile, Building, Colour, Event, FactionSetup, NeutralVariant, Options, Owner,
    RoundTile, Terrain,
};
use crate::{GameRng, Seat, SetupError};

fn check(options: &Options) -> Result<(), SetupError> {
    let err = |m: &str| Err(SetupError(m.to_string()));
    if !(2..=4).contains(&options.players) {
        return err("Terra Nova is played by 2 to 4 players.");
    }
    let two_side = options.board == BoardSide::TwoPlayer;
    let neutral = options.neutral_variant != NeutralVariant::None;
    if neutral && options.players != 2 {
        return err("The neutral-house variants are for 2 players.");
    }
    if two_side != neutral {
        return err("The 2-player board side is used exactly with a neutral-house variant.");
    }
    if options.first_game_preset {
        if neutral {
            return err("The first-game presets use the standard board without neutral houses.");
        }
        return Ok(());
    }
    if let FactionSetup::Fixed(factions) = &options.factions {
        if factions.len() != options.players as usize {
            return err("Give exactly one faction per seat.");
        }
        let colours: Vec<Colour> = factions
            .iter()
            .map(|f| tables().faction(*f).colour)
            .collect();
        for (i, c) in colours.iter().enumerate() {
            if colours[..i].contains(c) {
                return err("Two factions of the same sheet (colour) cannot both play.");
            }
        }
    }
    Ok(())
}

/// A new game.
pub fn setup(options: &Options, seed: u64) -> Result<State, SetupError> {
    check(options)?;
    let t = tables();
    let mut rng = GameRng::seeded(seed);
    let n = options.players as usize;
    let preset = if options.first_game_preset {
        t.presets.iter().find(|p| p.players == options.players)
    } else {
        None
    };
    let round_tiles: Vec<RoundTile> = match preset {
        Some(_) => t.preset_round_tiles.iter().map(|i| RoundTile(*i)).collect(),
        None => {
            let mut all: Vec<u8> = (0..t.round_tiles.len() as u8).collect();
            rng.shuffle(&mut all);
            all.into_iter().take(5).map(RoundTile).collect()
        }
    };
    let mut bonus: Vec<u8> = match preset {
        Some(p) => p.bonus_tiles.clone(),
        None => {
            let mut all: Vec<u8> = (0..t.bonus.len() as u8).collect();
            rng.shuffle(&mut all);
            all.truncate(n + t.economy.bonus_tiles_extra as usize);
            all
        }
    };
    bonus.sort_unstable();
    let mut state = State {
        options: options.clone(),
        rng,
        round: 0,
        step: Step::GameOver,
        terrain: t.map.terrain.clone(),
        placed: vec![None; t.map.terrain.len()],
        bridges: vec![None; t.map.bridge_spots.len()],
        players: (0..n).map(|_| Player::new()).collect(),
        round_tiles,
        bonus_tiles: bonus
            .into_iter()
            .map(|b| BonusSlot {
                tile: BonusTile(b),
                coins: 0,
                holder: None,
            })
            .collect(),
        power_actions_used: [false; 6],
        start_player: Seat(0),
        order: (0..n as u8).map(Seat).collect(),
        pass_order: Vec::new(),
        neutral_terrain: None,
        link_declined: false,
        unplayed_terrains: Vec::new(),
        final_scores: None,
    };
    let mut ev = Vec::new();
    if let Some(p) = preset {
        for (i, s) in p.seats.iter().enumerate() {
            let seat = Seat(i as u8);
            state.players[i].faction = Some(s.faction);
            for h in &s.houses {
                state.put(*h, Owner::Seat(seat), Building::House);
                state.players[i].houses_built += 1;
            }
            take_bonus(&mut state, seat, BonusTile(s.bonus), &mut ev);
        }
        finish_setup(&mut state, &mut ev);
        return Ok(state);
    }
    match &options.factions {
        FactionSetup::Fixed(f) => {
            for (p, f) in state.players.iter_mut().zip(f) {
                p.faction = Some(*f);
            }
        }
        FactionSetup::Draft => {}
    }
    if options.neutral_variant == NeutralVariant::Planner {
        let taken: Vec<Terrain> = state.players.iter().filter_map(|p| p.home()).collect();
        let free: Vec<Terrain> = Terrain::CYCLE
            .iter()
            .copied()
            .filter(|t| !taken.contains(t))
            .collect();
        let i = state.rng.index(free.len());
        state.neutral_terrain = free.get(i).copied();
        state.step = Step::PlannerNeutral { next: Seat(0) };
    } else {
        after_planner(&mut state);
    }
    Ok(state)
}

/// After the planner's neutral houses: faction draft or houses.
pub fn after_planner(state: &mut State) {
    if state.players.iter().any(|p| p.faction.is_none()) {
        state.step = Step::FactionDraft { next: Seat(0) };
    } else {
        state.step = Step::InitialHouses { index: 0 };
    }
}

/// Snake order of the initial houses, then the Sœurs du Désert's third house.
pub fn snake(state: &State) -> Vec<Seat> {
    let n = state.players.len() as u8;
    let mut out: Vec<Seat> = (0..n).map(Seat).collect();
    out.extend((0..n).rev().map(Seat));
    for (i, p) in state.players.iter().enumerate() {
        if p.is(super::types::Faction::DesertSisters) {
            out.push(Seat(i as u8));
        }
    }
    out
}

/// Reverse turn order for the bonus draft.
pub fn draft_order(state: &State) -> Vec<Seat> {
    (0..state.players.len() as u8).rev().map(Seat).collect()
}

/// Gives `tile` to `seat` with its coins; the seat's old tile (if any) returns to the supply.
pub fn take_bonus(state: &mut State, seat: Seat, tile: BonusTile, ev: &mut Events) {
    let mut coins = 0;
    for slot in state.bonus_tiles.iter_mut() {
        if slot.holder == Some(seat) {
            slot.holder = None;
        }
    }
    for slot in state.bonus_tiles.iter_mut() {
        if slot.tile == tile {
            coins = slot.coins;
            slot.coins = 0;
            slot.holder = Some(seat);
        }
    }
    if let Some(p) = state.players.get_mut(seat.index()) {
        p.bonus = Some(tile);
        p.coins += coins;
    }
    ev.push(Event::BonusTaken { seat, tile, coins });
}

/// End of setup: a coin on every bonus tile nobody took, unplayed colours, round 1.
pub fn finish_setup(state: &mut State, ev: &mut Events) {
    for slot in state.bonus_tiles.iter_mut() {
        if slot.holder.is_none() {
            slot.coins += 1;
        }
    }
    let taken: Vec<Terrain> = state.players.iter().filter_map(|p| p.home()).collect();
    state.unplayed_terrains = Terrain::CYCLE
        .iter()
        .copied()
        .filter(|t| !taken.contains(t))
        .collect();
    state.start_round(1, ev);
}
