//! The rules of the Ancient Wonders module (rules page `origins-ancient-wonders.md` 3.1):
//! setup, unlocking, claiming, building and placing a Wonder, its re-activation and the
//! 8 abilities. The base game reaches these through the rule seams `modules` re-exports
//! (dial +1, build, tile placement, activation, end of turn); everything is inert when the
//! option is off.

use super::super::super::military::advance;
use super::super::super::module_types::{BoardWonder, HeldWonder, Orientation, Wonder};
use super::super::super::state::{can_pay_with, Play, State, Task};
use super::super::super::types::{Cell, CityTile, Event, PlacedTile, Resource};
use super::data::table;
use crate::Seat;

// ------------------------------------------------------------------------ setup

/// Setup 2.2, after the base steps and before the starting-dice draft (fixed RNG order):
/// shuffle the 8 Wonders, one locked Wonder per Meeting Place (solo: 2 on 2 random
/// distinct places), the rest to the box.
pub fn setup(state: &mut State) {
    if !state.options.wonders {
        return;
    }
    let c = &table().constants;
    let mut deck: Vec<Wonder> = Wonder::ALL.to_vec();
    state.rng.shuffle(&mut deck);
    let places = state.places.len();
    let mut order: Vec<usize> = (0..places).collect();
    let n = if state.solo() {
        state.rng.shuffle(&mut order);
        c.in_play_solo as usize
    } else {
        c.in_play as usize
    };
    state.place_wonders = vec![None; places];
    for (&place, &wonder) in order.iter().take(n).zip(&deck) {
        state.place_wonders[place] = Some(BoardWonder {
            wonder,
            unlocked: false,
        });
    }
    state.wonder_box = deck.iter().skip(n.min(places)).copied().collect();
    state.wonder_box.sort();
}

// ------------------------------------------------------------------------ unlock, claim

/// A dial just turned by +1 to `value` (AW-03: a visit's or the solo neighbour's +1; the
/// Fountain's "set to 1" never comes here). The first time it shows 5, the Wonder flips.
pub fn dial_turned(state: &mut Play<'_>, place: u8, value: u8) {
    if value != table().constants.unlock_dial {
        return;
    }
    let Some(Some(w)) = state.place_wonders.get_mut(place as usize - 1) else {
        return;
    };
    if w.unlocked {
        return;
    }
    w.unlocked = true;
    let wonder = w.wonder;
    state.emit(Event::WonderUnlocked { place, wonder });
}

/// Can `seat`, visiting `place`, claim its Wonder now? Unlocked (AW-02: the unlocking +1
/// comes after the visit, so a Wonder unlocked by this visit is not claimable in it), no
/// Wonder yet this game, 1 Gold (Gold only). Any worker may claim (AW-07).
pub fn can_claim(state: &State, seat: Seat, place: u8) -> bool {
    let unlocked = state
        .place_wonders
        .get(place as usize - 1)
        .copied()
        .flatten()
        .is_some_and(|w| w.unlocked);
    unlocked
        && state.player(seat).wonder.is_none()
        && state.player(seat).res[Resource::Gold.index()] >= table().constants.claim_gold as u32
}

/// The Meeting Place whose Wonder `seat` may claim now: a visit is under way (its task
/// is on the stack, under any main or Bonus action it opened) and [`can_claim`] holds.
pub fn claimable_in_visit(state: &State, seat: Seat) -> Option<u8> {
    let place = state.tasks.iter().rev().find_map(|t| match t {
        Task::Visit { place, .. } => Some(*place),
        _ => None,
    })?;
    can_claim(state, seat, place).then_some(place)
}

pub fn claim(state: &mut Play<'_>, seat: Seat, place: u8) {
    let Some(w) = state
        .place_wonders
        .get_mut(place as usize - 1)
        .and_then(Option::take)
    else {
        return;
    };
    state.pay(seat, Resource::Gold, table().constants.claim_gold as u32);
    state.player_mut(seat).wonder = Some(HeldWonder {
        wonder: w.wonder,
        built: false,
        used_this_turn: false,
    });
    state.emit(Event::WonderClaimed {
        seat,
        place,
        wonder: w.wonder,
    });
}

// ------------------------------------------------------------------------ build, place

/// The claimed, unbuilt Wonder of `seat`.
fn unbuilt(state: &State, seat: Seat) -> Option<Wonder> {
    state
        .player(seat)
        .wonder
        .filter(|h| !h.built)
        .map(|h| h.wonder)
}

/// Can `seat`, holding `res`, build its claimed Wonder in a Meeting Place build (AW-04:
/// every `Task::Build` comes from M_BUILD or BON_BUILD)? 3 Stone, Gold as joker (AW-06).
pub fn can_build_with(state: &State, seat: Seat, res: &[u32; 4]) -> bool {
    unbuilt(state, seat).is_some_and(|w| {
        can_pay_with(res, Resource::Stone, w.stone() as u32) && !placements(state, seat).is_empty()
    })
}

/// The other cell of a Wonder lying at `cell`.
pub fn second_cell(cell: Cell, orientation: Orientation) -> Cell {
    match orientation {
        Orientation::Horizontal => Cell::new(cell.x + 1, cell.y),
        Orientation::Vertical => Cell::new(cell.x, cell.y + 1),
    }
}

/// Legal Wonder positions: two empty cells sharing an edge, at least one of them sharing
/// an edge with the city (base placement rule); never over a Farm (AW-08). Named by the
/// left (horizontal) or bottom (vertical) cell.
pub fn placements(state: &State, seat: Seat) -> Vec<(Cell, Orientation)> {
    let mut out = Vec::new();
    for f in state.free_cells(seat) {
        for (anchor, o) in [
            (f, Orientation::Horizontal),
            (Cell::new(f.x - 1, f.y), Orientation::Horizontal),
            (f, Orientation::Vertical),
            (Cell::new(f.x, f.y - 1), Orientation::Vertical),
        ] {
            let cells = [anchor, second_cell(anchor, o)];
            if cells.iter().all(|&c| !state.occupied(seat, c)) {
                out.push((anchor, o));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Places the Wonder (3.1.4 steps 2-5): pays 3 Stone (no Wisdom, the Market does not move),
/// then offers its own ability first (« 4. Si vous le souhaitez, activez immédiatement sa
/// capacité »), resolved in full, and only then each adjacent building with an ability, once
/// each, in the player's order (step 5; AW-12, AW-13: not the Agora, Palace or Farms).
pub(super) fn place(
    state: &mut Play<'_>,
    seat: Seat,
    wonder: Wonder,
    cell: Cell,
    orientation: Orientation,
) {
    state.pay(seat, Resource::Stone, wonder.stone() as u32);
    let cells = vec![cell, second_cell(cell, orientation)];
    state.player_mut(seat).city.push(PlacedTile {
        tile: CityTile::Wonder(wonder),
        cells: cells.clone(),
    });
    if let Some(h) = state.player_mut(seat).wonder.as_mut() {
        h.built = true;
    }
    state.emit(Event::WonderBuilt {
        seat,
        wonder,
        cell,
        orientation,
    });
    let mut adjacent = Vec::new();
    for c in &cells {
        for nb in c.neighbours() {
            if state.building_at(seat, nb).is_some() && !adjacent.contains(&nb) {
                adjacent.push(nb);
            }
        }
    }
    // Tasks are a stack: step 5 goes below step 4, so it waits for the Wonder's ability
    // and everything that ability asks.
    if !adjacent.is_empty() {
        state.tasks.push(Task::Activate {
            cells: adjacent,
            built: false,
        });
    }
    state.tasks.push(Task::Activate {
        cells: vec![cell],
        built: false,
    });
}

// ------------------------------------------------------------------------ re-activation

/// May `seat` activate its Wonder now (built, not yet used this turn)?
fn available(state: &State, seat: Seat) -> bool {
    state
        .player(seat)
        .wonder
        .is_some_and(|h| h.built && !h.used_this_turn)
}

/// A tile (building or Farm) was just built on the empty cell `cell` (3.1.7): the Wonder's
/// cell to offer, if it shares an edge with `cell` (AW-11) and is still available this
/// turn. Building over another tile (Virgo) never comes here.
pub fn triggered(state: &State, seat: Seat, cell: Cell) -> Option<Cell> {
    if !available(state, seat) {
        return None;
    }
    let tile = state
        .player(seat)
        .city
        .iter()
        .find(|t| matches!(t.tile, CityTile::Wonder(_)))?;
    let touches = tile.cells.iter().any(|c| c.neighbours().contains(&cell));
    touches.then(|| tile.cells[0])
}

/// Is the activation of the tile at `c` still on offer? (A Wonder only once per turn.)
pub fn activatable(state: &State, seat: Seat, c: Cell) -> bool {
    match state.tile_at(seat, c).map(|t| t.tile) {
        Some(CityTile::Wonder(_)) => available(state, seat),
        _ => true,
    }
}

/// A new turn (end of turn, or a Superiority token spent for one more action).
pub fn new_turn(state: &mut State, seat: Seat) {
    if let Some(h) = state.player_mut(seat).wonder.as_mut() {
        h.used_this_turn = false;
    }
}

// ------------------------------------------------------------------------ abilities

/// Activates a module tile of `seat`'s city (the Wonder; other tiles do nothing here).
pub fn activate_tile(state: &mut Play<'_>, seat: Seat, tile: CityTile) {
    if let CityTile::Wonder(w) = tile {
        activate(state, seat, w);
    }
}

/// Activates `seat`'s Wonder (its ability, 3.1.8).
pub fn activate(state: &mut Play<'_>, seat: Seat, wonder: Wonder) {
    if !available(state, seat) {
        return;
    }
    if let Some(h) = state.player_mut(seat).wonder.as_mut() {
        h.used_this_turn = true;
    }
    state.emit(Event::WonderActivated { seat, wonder });
    let c = &table().constants;
    match wonder {
        Wonder::Colossus => {
            // The choice comes after the advance (and whatever the advance asks).
            state.tasks.push(Task::Colossus);
            advance(state, seat, c.colossus_advance);
        }
        Wonder::Pyramid => state.tasks.push(Task::Pyramid { paid: 0 }),
        Wonder::Gardens => {
            state.tasks.push(Task::GardensFood);
            state.tasks.push(Task::GardensFarm);
        }
        Wonder::Ishtar => state.tasks.push(Task::Ishtar),
        // AW-19: the Recruit a Citizen procedure, paying the slot's Wisdom; optional.
        Wonder::Lighthouse => state.tasks.push(Task::Recruit {
            free: false,
            optional: true,
        }),
        // AW-20: the Counsellor row.
        Wonder::Mausoleum => {
            let n = state.player(seat).counsellors.len() as i32;
            state.add_vp(seat, c.mausoleum_vp * n, "Mausoleum of Halicarnassus");
        }
        Wonder::Zeus => state.gain(seat, Resource::Gold, c.zeus_gold as u32),
        // AW-21: tracks at step 1 or more.
        Wonder::Artemis => {
            let n = state
                .player(seat)
                .temples
                .iter()
                .filter(|&&s| s >= 1)
                .count() as u32;
            state.gain(seat, Resource::Wisdom, n);
        }
    }
}

/// Hanging Gardens, after its Farm: 1 Food per Farm in the city (the new one included).
pub(super) fn gardens_food(state: &mut Play<'_>, seat: Seat) {
    let n = state.farms(seat) as u32;
    state.gain(seat, Resource::Food, n);
}

/// Starts building the claimed Wonder (answer `BuildWonder` to a Build decision).
pub fn start_build(state: &mut Play<'_>, seat: Seat) {
    if let Some(wonder) = unbuilt(state, seat) {
        state.tasks.push(Task::PlaceWonder { wonder });
    }
}

// ------------------------------------------------------------------------ view, checks

/// Conservation: every Wonder is in the box, above a Meeting Place, or with one player.
pub fn check(s: &State) -> Result<(), String> {
    if !s.options.wonders {
        return Ok(());
    }
    let mut all: Vec<Wonder> = s.wonder_box.clone();
    all.extend(s.place_wonders.iter().flatten().map(|w| w.wonder));
    all.extend(s.players.iter().filter_map(|p| p.wonder.map(|h| h.wonder)));
    all.sort();
    if all != Wonder::ALL.to_vec() {
        return Err(format!("Wonders: {all:?}, each of the 8 once expected"));
    }
    for (seat, p) in s.seats().zip(&s.players) {
        let in_city = p
            .city
            .iter()
            .filter(|t| matches!(t.tile, CityTile::Wonder(_)))
            .count();
        let built = usize::from(p.wonder.is_some_and(|h| h.built));
        if in_city != built {
            return Err(format!(
                "{seat}: {in_city} Wonders in the city, {built} built"
            ));
        }
    }
    Ok(())
}
