//! Building (rules 2.6): choose a Market or kept tile (`Build`), then its cell in the city
//! (`Place`), paying Wisdom and Stone; the new building is activated (`Activate`).

use super::super::data::ZodiacKind;
use super::super::modules as hooks;
use super::super::packing::take_market;
use super::super::refusal::Refusal;
use super::super::state::{Play, State, Task};
use super::super::types::{Action, Cell, CityTile, Event, Pending, PlacedTile, Resource};
use crate::{RuleError, Seat};

pub fn owns(task: &Task) -> bool {
    matches!(task, Task::Build | Task::Place { .. })
}

pub fn pending(task: &Task) -> Pending {
    match task {
        Task::Place { tile, .. } => Pending::ChooseCityCell { tile: *tile },
        _ => Pending::ChooseBuilding,
    }
}

/// Wisdom for Market slot `k` (0-based), one less with Taurus.
pub fn market_cost(state: &State, seat: Seat, k: usize) -> u8 {
    super::super::data::tables()
        .board
        .market
        .wisdom
        .get(k)
        .copied()
        .unwrap_or(0)
        .saturating_sub(state.taurus(seat))
}

/// Wisdom and Stone payable from `res`, Gold covering what is short.
fn can_afford_build(res: &[u32; 4], wisdom: u8, stone: u8) -> bool {
    let short = (wisdom as u32).saturating_sub(res[2]) + (stone as u32).saturating_sub(res[0]);
    short <= res[3]
}

/// Could a Build decision offer anything to `seat` holding `res`?
pub fn build_possible(state: &State, seat: Seat, res: &[u32; 4]) -> bool {
    state.market.iter().any(|m| m.is_some())
        || !state.player(seat).kept.is_empty()
        || hooks::can_build_with(state, seat, res)
}

pub fn choices(state: &State, seat: Seat, task: &Task) -> Vec<Action> {
    match *task {
        Task::Build => build_choices(state, seat),
        Task::Place {
            tile,
            wisdom,
            stone,
        } => place_choices(state, seat, tile, wisdom, stone),
        _ => Vec::new(),
    }
}

fn build_choices(state: &State, seat: Seat) -> Vec<Action> {
    let p = state.player(seat);
    let mut v = Vec::new();
    let virgo = state.has_zodiac(seat, ZodiacKind::Virgo) && state.farms(seat) > 0;
    for (k, m) in state.market.iter().enumerate() {
        let Some(b) = m else { continue };
        let stone = b.row().map_or(0, |x| x.stone);
        if virgo || can_afford_build(&p.res, market_cost(state, seat, k), stone) {
            v.push(Action::MarketTile {
                slot: k as u8 + 1,
                farm: false,
            });
        }
        v.push(Action::MarketTile {
            slot: k as u8 + 1,
            farm: true,
        });
    }
    for (i, b) in p.kept.iter().enumerate() {
        let stone = b.row().map_or(0, |x| x.stone);
        if virgo || can_afford_build(&p.res, 0, stone) {
            v.push(Action::KeptTile(i as u8));
        }
    }
    v.extend(hooks::build_choices(state, seat, &p.res));
    v
}

fn place_choices(state: &State, seat: Seat, tile: CityTile, wisdom: u8, stone: u8) -> Vec<Action> {
    let p = state.player(seat);
    let mut v = Vec::new();
    let building = matches!(tile, CityTile::Building(_));
    if !building || can_afford_build(&p.res, wisdom, stone) {
        v.extend(state.free_cells(seat).into_iter().map(Action::Place));
    }
    if building && state.has_zodiac(seat, ZodiacKind::Virgo) {
        for t in &p.city {
            if matches!(t.tile, CityTile::Farm { .. }) {
                v.extend(t.cells.iter().map(|&c| Action::Place(c)));
            }
        }
    }
    v
}

pub fn refusal(action: &Action) -> Option<RuleError> {
    let (refusal, msg) = match action {
        Action::MarketTile { .. } | Action::KeptTile(_) => (
            Refusal::CannotBuild,
            "That tile cannot be taken: empty slot or costs not payable.",
        ),
        Action::Place(_) => (
            Refusal::BadCityCell,
            "A tile must go on an empty cell sharing an edge with your city (or a Farm under Virgo).",
        ),
        _ => return None,
    };
    Some(refusal.because(msg))
}

pub fn resolve(state: &mut Play<'_>, seat: Seat, task: Task, action: Action) {
    if task == Task::Build && hooks::resolve_build(state, seat, action) {
        return;
    }
    match (task, action) {
        (Task::Build, Action::MarketTile { slot, farm }) => take_tile(state, seat, slot, farm),
        (Task::Build, Action::KeptTile(i)) => {
            let i = i as usize;
            if i < state.player(seat).kept.len() {
                let b = state.player_mut(seat).kept.remove(i);
                let stone = b.row().map_or(0, |x| x.stone);
                state.tasks.push(Task::Place {
                    tile: CityTile::Building(b),
                    wisdom: 0,
                    stone,
                });
            }
        }
        (
            Task::Place {
                tile,
                wisdom,
                stone,
            },
            Action::Place(cell),
        ) => place_tile(state, seat, tile, wisdom, stone, cell),
        _ => {}
    }
}

/// Takes Market slot `slot` (1-based) as a building or, `farm`, as a Farm.
fn take_tile(state: &mut Play<'_>, seat: Seat, slot: u8, farm: bool) {
    let k = slot as usize - 1;
    let Some(b) = take_market(state, k) else {
        return;
    };
    let Some(row) = b.row() else {
        return;
    };
    if farm {
        state.tasks.push(Task::Place {
            tile: CityTile::Farm {
                pile: row.colour,
                building: b,
            },
            wisdom: 0,
            stone: 0,
        });
    } else {
        let wisdom = market_cost(state, seat, k);
        state.tasks.push(Task::Place {
            tile: CityTile::Building(b),
            wisdom,
            stone: row.stone,
        });
    }
}

fn place_tile(state: &mut Play<'_>, seat: Seat, tile: CityTile, wisdom: u8, stone: u8, cell: Cell) {
    let over_farm = state
        .player(seat)
        .city
        .iter()
        .position(|t| t.cells.contains(&cell) && matches!(t.tile, CityTile::Farm { .. }));
    let (building, farm) = match tile {
        CityTile::Building(b) => (b, false),
        CityTile::Farm { building, .. } => (building, true),
        _ => return,
    };
    if let Some(i) = over_farm {
        // Virgo: pay nothing; the Farm goes back under its pile.
        if let CityTile::Farm { pile, building } = state.player(seat).city[i].tile {
            state.piles[pile.index()].insert(0, building);
            let known = &mut state.known_bottoms[pile.index()];
            *known = known.saturating_add(1);
        }
        state.player_mut(seat).city[i].tile = tile;
    } else {
        state.pay(seat, Resource::Wisdom, wisdom as u32);
        state.pay(seat, Resource::Stone, stone as u32);
        state.player_mut(seat).city.push(PlacedTile {
            tile,
            cells: vec![cell],
        });
    }
    state.emit(Event::Built {
        seat,
        building,
        cell,
        farm,
    });
    let mut cells = if farm { Vec::new() } else { vec![cell] };
    if over_farm.is_none() {
        // A tile built over another (Virgo) never re-activates the Wonder (3.1.7).
        cells.extend(hooks::triggered(state, seat, cell));
    }
    if !cells.is_empty() {
        // `built` speaks of the new building at `cell` (Aquarius); a module tile is no
        // Temple.
        state.tasks.push(Task::Activate { cells, built: true });
    }
}
