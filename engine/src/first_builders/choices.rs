//! The legal-action lists: one per pending decision.

use super::city::empty_seats;
use super::data::{tables, Ability, BonusEffect, MainAction, ZodiacKind};
use super::military::can_advance;
use super::state::{can_pay_with, pay_with, Phase, State, Task, TurnStep};
use super::types::{Action, Cell, CityTile, Colour, MainSlot, Resource, Temple, Worker};
use super::wonder_rules;
use crate::Seat;

/// « Utilisez la capacité d'un Bâtiment adjacent »: any coloured building next to the
/// Mages' Tower at `cell` (not a Farm, the Agora, the Palace nor a Wonder, AW-14), another
/// Mages' Tower included unless it is one of `used`, the towers already in this chain
/// the chain cannot loop), or `Done`.
fn mages_choices(state: &State, seat: Seat, cell: Cell, used: &[Cell]) -> Vec<Action> {
    let mut v: Vec<Action> = cell
        .neighbours()
        .into_iter()
        .filter(|&nb| {
            state.building_at(seat, nb).is_some_and(|b| {
                b.colour().is_some()
                    && !(b.ability() == Some(Ability::MagesTower) && used.contains(&nb))
            })
        })
        .map(Action::Activate)
        .collect();
    v.push(Action::Done);
    v
}

pub fn legal(state: &State, seat: Seat) -> Vec<Action> {
    if seat != state.current {
        return Vec::new();
    }
    match state.phase {
        Phase::Over => Vec::new(),
        Phase::Draft => draft_choices(state),
        Phase::Play => match state.tasks.last() {
            Some(task) => {
                let mut v = task_choices(state, seat, task);
                // « À tout moment, lors d'une visite »: the claim is offered at every
                // decision of a visit, also inside its main and Bonus actions (W02).
                if wonder_rules::claimable_in_visit(state, seat).is_some() {
                    v.push(Action::ClaimWonder);
                }
                v
            }
            None => match state.step {
                TurnStep::Start => turn_actions(state, seat),
                TurnStep::After => {
                    let mut v = vec![Action::EndTurn];
                    if can_use_superiority(state, seat) {
                        v.insert(0, Action::UseSuperiority);
                    }
                    v
                }
                TurnStep::Acting => Vec::new(),
            },
        },
    }
}

pub fn can_use_superiority(state: &State, seat: Seat) -> bool {
    !state.superiority_used && state.player(seat).superiority > 0 && !state.player(seat).passed
}

fn draft_choices(state: &State) -> Vec<Action> {
    if state.solo() && state.solo_discards > 1 {
        let max = state.draft_pool.iter().map(|d| d.value).max().unwrap_or(0);
        return state
            .draft_pool
            .iter()
            .enumerate()
            .filter(|(_, d)| d.value == max)
            .map(|(i, _)| Action::DraftDie(i as u8))
            .collect();
    }
    (0..state.draft_pool.len() as u8)
        .map(Action::DraftDie)
        .collect()
}

pub fn turn_actions(state: &State, seat: Seat) -> Vec<Action> {
    let p = state.player(seat);
    let mut v = Vec::new();
    let mut workers = vec![Worker::Archon];
    workers.extend((0..p.freemen.len() as u8).map(Worker::Freeman));
    workers.extend((0..p.orators.len() as u8).map(Worker::Orator));
    for w in workers {
        if (1..=5).any(|pl| visit_legal(state, seat, w, pl)) {
            v.push(Action::Worker(w));
        }
    }
    if !empty_seats(state, seat).is_empty() {
        for (i, f) in p.freemen.iter().enumerate() {
            if f.at.is_none() {
                v.push(Action::CompleteDistrict(i as u8));
            }
        }
    }
    for c in Colour::ALL {
        if state.floor_reserve[c.index()] > 0 && p.res[3] >= p.towers[c.index()] as u32 {
            v.push(Action::RaiseTower(c));
        }
    }
    if let Some(cost) = population_cost(state, seat) {
        if state.can_pay(seat, Resource::Food, cost as u32) {
            v.push(Action::BuyBase);
        }
    }
    v.push(Action::Pass);
    v
}

pub fn population_cost(state: &State, seat: Seat) -> Option<u8> {
    let c = &tables().board.constants;
    let bought = state.player(seat).bases.checked_sub(c.bases_start)?;
    tables().board.population.food.get(bought as usize).copied()
}

/// Wisdom to pay for a visit, or None when the worker is not available.
pub fn visit_cost(state: &State, seat: Seat, w: Worker, place: u8) -> Option<u32> {
    let value = state.worker_value(seat, w)?;
    let dial = state.places.get(place as usize - 1)?.dial;
    Some(match value {
        None => 0,
        Some(v) => dial.saturating_sub(v) as u32,
    })
}

pub fn visit_legal(state: &State, seat: Seat, w: Worker, place: u8) -> bool {
    let Some(cost) = visit_cost(state, seat, w, place) else {
        return false;
    };
    let res = state.player(seat).res;
    if !can_pay_with(&res, Resource::Wisdom, cost) {
        return false;
    }
    let after = pay_with(res, Resource::Wisdom, cost);
    let excl = match w {
        Worker::Freeman(i) => Some(i as usize),
        _ => None,
    };
    let Some(mp) = tables().board.meeting_place.get(place as usize - 1) else {
        return false;
    };
    main_possible(state, seat, mp.top, &after, excl)
        || main_possible(state, seat, mp.bottom, &after, excl)
}

pub fn taurus(state: &State, seat: Seat) -> u8 {
    u8::from(state.has_zodiac(seat, ZodiacKind::Taurus))
}

fn recruit_possible(state: &State, seat: Seat, res: &[u32; 4], free: bool) -> bool {
    state.free_bases(seat) > 0
        && (0..5).any(|k| {
            state.recruitment[k].is_some()
                && (free
                    || can_pay_with(res, Resource::Wisdom, recruit_cost(state, seat, k) as u32))
        })
}

pub fn recruit_cost(state: &State, seat: Seat, k: usize) -> u8 {
    tables()
        .board
        .recruitment
        .wisdom
        .get(k)
        .copied()
        .unwrap_or(0)
        .saturating_sub(taurus(state, seat))
}

pub fn market_cost(state: &State, seat: Seat, k: usize) -> u8 {
    tables()
        .board
        .market
        .wisdom
        .get(k)
        .copied()
        .unwrap_or(0)
        .saturating_sub(taurus(state, seat))
}

fn temple_open(state: &State, seat: Seat) -> bool {
    Temple::ALL
        .iter()
        .any(|&t| state.temple_step(seat, t) < tables().temple_top())
}

fn build_possible(state: &State, seat: Seat, res: &[u32; 4]) -> bool {
    state.market.iter().any(|m| m.is_some())
        || !state.player(seat).kept.is_empty()
        || wonder_rules::can_build_with(state, seat, res)
}

pub fn main_possible(
    state: &State,
    seat: Seat,
    a: MainAction,
    res: &[u32; 4],
    excl: Option<usize>,
) -> bool {
    match a {
        MainAction::Build => build_possible(state, seat, res),
        MainAction::Temple => can_pay_with(res, Resource::Stone, 1) && temple_open(state, seat),
        MainAction::Recruit => recruit_possible(state, seat, res, false),
        MainAction::Feed => {
            can_pay_with(res, Resource::Food, 1)
                && (can_advance(state, seat)
                    || state
                        .player(seat)
                        .freemen
                        .iter()
                        .enumerate()
                        .any(|(i, f)| f.at.is_none() && Some(i) != excl))
        }
        _ => true,
    }
}

pub fn bonus_possible(state: &State, seat: Seat, e: BonusEffect) -> bool {
    let res = &state.player(seat).res;
    match e {
        BonusEffect::Military => can_pay_with(res, Resource::Wisdom, 1),
        BonusEffect::Build => {
            can_pay_with(res, Resource::Food, 1)
                && build_possible(state, seat, &pay_with(*res, Resource::Food, 1))
        }
        BonusEffect::Temple => can_pay_with(res, Resource::Stone, 1) && temple_open(state, seat),
        BonusEffect::Resource => true,
        BonusEffect::Orator => state.orator_area.iter().any(|o| o.is_some()),
    }
}

fn place_actions(state: &State, place: u8) -> Option<(MainAction, MainAction, BonusEffect)> {
    let t = tables();
    let mp = t.board.meeting_place.get(place as usize - 1)?;
    let pl = state.places.get(place as usize - 1)?;
    let b = pl.bonus.row()?;
    Some((mp.top, mp.bottom, b.effect))
}

fn unused(state: &State, seat: Seat) -> impl Iterator<Item = u8> + '_ {
    state
        .player(seat)
        .freemen
        .iter()
        .enumerate()
        .filter(|(_, f)| f.at.is_none())
        .map(|(i, _)| i as u8)
}

fn can_afford_build(res: &[u32; 4], wisdom: u8, stone: u8) -> bool {
    let short = (wisdom as u32).saturating_sub(res[2]) + (stone as u32).saturating_sub(res[0]);
    short <= res[3]
}

pub fn task_choices(state: &State, seat: Seat, task: &Task) -> Vec<Action> {
    let p = state.player(seat);
    let top = tables().temple_top();
    let mut v = Vec::new();
    match task {
        Task::PassFinish => {}
        Task::ChoosePlace { worker } => {
            for pl in 1..=5 {
                if visit_legal(state, seat, *worker, pl) {
                    v.push(Action::MeetingPlace(pl));
                }
            }
        }
        Task::ChooseSeat { .. } => {
            v.extend(empty_seats(state, seat).into_iter().map(Action::Seat));
        }
        Task::Visit {
            place,
            done,
            double,
            bonus_allowed,
            bonus_done,
        } => {
            let Some((top_a, bottom_a, bonus)) = place_actions(state, *place) else {
                return v;
            };
            let count = done.iter().filter(|d| **d).count();
            let mut any_main = false;
            for (i, (slot, a)) in [(MainSlot::Top, top_a), (MainSlot::Bottom, bottom_a)]
                .into_iter()
                .enumerate()
            {
                if !done[i]
                    && (count == 0 || *double)
                    && main_possible(state, seat, a, &p.res, None)
                {
                    v.push(Action::Main(slot));
                    any_main = true;
                }
            }
            if *bonus_allowed && !bonus_done {
                if bonus_possible(state, seat, bonus) {
                    v.push(Action::Bonus);
                }
                if state.has_zodiac(seat, ZodiacKind::Pisces) {
                    v.push(Action::BonusGold);
                }
            }
            if count > 0 || !any_main {
                v.push(Action::FinishVisit);
            }
        }
        Task::SoloDial { place } => {
            for nb in [place.wrapping_sub(1), place + 1] {
                if (1..=5).contains(&nb)
                    && state
                        .places
                        .get(nb as usize - 1)
                        .is_some_and(|x| x.dial < 6)
                {
                    v.push(Action::MeetingPlace(nb));
                }
            }
            if v.is_empty() {
                v.push(Action::Done);
            }
            if can_use_superiority(state, seat) {
                v.push(Action::UseSuperiority);
            }
        }
        Task::Military {
            either,
            advanced,
            attacked,
            ..
        } => {
            let one = *advanced || *attacked;
            if !(*either && one) {
                if !advanced && can_advance(state, seat) {
                    v.push(Action::Advance);
                }
                if !attacked {
                    v.push(Action::Attack);
                }
            }
            if one && !v.is_empty() {
                v.push(Action::Done);
            }
        }
        Task::GainBasic { .. } => {
            v.extend(Resource::BASIC.iter().map(|&r| Action::Resource(r)));
        }
        Task::StoneOrFood { .. } => {
            v.push(Action::Resource(Resource::Stone));
            v.push(Action::Resource(Resource::Food));
        }
        Task::Trade => {
            for r in Resource::BASIC {
                if p.res[r.index()] > 0 {
                    v.push(Action::Resource(r));
                }
            }
            v.push(Action::Done);
        }
        Task::Build => {
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
            if wonder_rules::can_build_with(state, seat, &p.res) {
                v.push(Action::BuildWonder);
            }
        }
        Task::Place {
            tile,
            wisdom,
            stone,
        } => {
            let building = matches!(tile, CityTile::Building(_));
            if !building || can_afford_build(&p.res, *wisdom, *stone) {
                v.extend(state.free_cells(seat).into_iter().map(Action::Place));
            }
            if building && state.has_zodiac(seat, ZodiacKind::Virgo) {
                for t in &p.city {
                    if matches!(t.tile, CityTile::Farm { .. }) {
                        v.extend(t.cells.iter().map(|&c| Action::Place(c)));
                    }
                }
            }
        }
        Task::Activate { cells, .. } => {
            v.extend(
                cells
                    .iter()
                    .filter(|&&c| wonder_rules::activatable(state, seat, c))
                    .map(|&c| Action::Activate(c)),
            );
            if !v.is_empty() {
                v.push(Action::Done);
            }
        }
        Task::Temple { .. } => {
            for t in Temple::ALL {
                if state.temple_step(seat, t) < top {
                    v.push(Action::Track(t));
                }
            }
        }
        Task::TempleExtra { exclude } => {
            if p.res[3] >= 1 {
                for t in Temple::ALL {
                    if t != *exclude && state.temple_step(seat, t) < top {
                        v.push(Action::Track(t));
                    }
                }
            }
            v.push(Action::Done);
        }
        Task::Recruit { free, optional } => {
            if state.free_bases(seat) > 0 {
                for k in 0..5 {
                    if state.recruitment[k].is_some()
                        && (*free
                            || state.can_pay(
                                seat,
                                Resource::Wisdom,
                                recruit_cost(state, seat, k) as u32,
                            ))
                    {
                        v.push(Action::RecruitSlot(k as u8 + 1));
                    }
                }
            }
            if *optional {
                v.push(Action::Done);
            }
        }
        Task::TakeOrator { optional } => {
            for (k, o) in state.orator_area.iter().enumerate() {
                if o.is_some() {
                    v.push(Action::OratorSlot(k as u8 + 1));
                }
            }
            if *optional {
                v.push(Action::Done);
            }
        }
        Task::SagittariusFreeman | Task::SagittariusOrator => {
            v.push(Action::Accept);
            v.push(Action::Done);
        }
        Task::Feed { done } => {
            if *done < 3 && state.can_pay(seat, Resource::Food, 1) {
                v.extend(unused(state, seat).map(Action::Freeman));
                if can_advance(state, seat) {
                    v.push(Action::Advance);
                }
            }
            if *done >= 1 {
                v.push(Action::Done);
            }
        }
        Task::Veterans => {
            v.extend(unused(state, seat).map(Action::Freeman));
            v.push(Action::Done);
        }
        Task::Court => {
            for i in unused(state, seat) {
                let own = p.freemen[i as usize].die.colour;
                for c in Colour::ALL {
                    if c != own && state.dice_reserve[c.index()] > 0 {
                        v.push(Action::SwapDie {
                            freeman: i,
                            colour: c,
                        });
                    }
                }
            }
            v.push(Action::Done);
        }
        Task::ConstructionSite => {
            for (k, m) in state.market.iter().enumerate() {
                if m.is_some() {
                    v.push(Action::MarketTile {
                        slot: k as u8 + 1,
                        farm: false,
                    });
                }
            }
            v.push(Action::Done);
        }
        Task::Portal => {
            for i in unused(state, seat) {
                v.push(Action::FreemanPlus {
                    freeman: i,
                    plus: 1,
                });
                if p.freemen[i as usize].die.value <= 5 {
                    v.push(Action::FreemanPlus {
                        freeman: i,
                        plus: 2,
                    });
                }
            }
            v.push(Action::Done);
        }
        Task::Fountain => {
            v.extend((1..=5).map(Action::MeetingPlace));
        }
        Task::Mages { cell } => v = mages_choices(state, seat, *cell, &[*cell]),
        Task::MagesCopy { cell, used } => v = mages_choices(state, seat, *cell, used),
        Task::Capricorn => {
            for (i, f) in p.freemen.iter().enumerate() {
                if f.die.value <= 5 {
                    v.push(Action::Freeman(i as u8));
                }
            }
            v.push(Action::Done);
        }
        Task::DistrictCard { options } => {
            v.extend(options.iter().map(|&i| Action::DistrictCard(i)));
        }
        _ => return wonder_rules::task_choices(state, seat, task).unwrap_or_default(),
    }
    v
}
