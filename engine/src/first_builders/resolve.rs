//! Applying one legal decision, and settling the state up to the next decision.

use super::choices::{self, can_use_superiority, market_cost, population_cost, recruit_cost};
use super::city::{district_activations, matching_cards};
use super::data::{tables, Ability, BonusEffect, MainAction, ZodiacKind};
use super::military::{self, advance, attack};
use super::round;
use super::state::{Phase, Play, State, Task, TurnStep};
use super::types::{
    Action, BonusTaken, BuildingId, Cell, CityTile, Colour, Die, Event, Freeman, MainSlot, Orator,
    PlacedTile, Resource, Temple, Worker,
};
use super::wonder_rules;
use crate::Seat;

/// Applies a decision already known to be legal.
pub fn resolve(state: &mut Play<'_>, seat: Seat, action: Action) {
    match state.phase {
        Phase::Draft => draft(state, action),
        Phase::Play => {
            if action == Action::ClaimWonder {
                // Not a step of the visit: the decision it interrupts stays pending.
                if let Some(place) = wonder_rules::claimable_in_visit(state, seat) {
                    wonder_rules::claim(state, seat, place);
                }
            } else if state.tasks.is_empty() {
                turn_action(state, seat, action);
            } else if let Some(task) = state.tasks.pop() {
                task_action(state, seat, task, action);
            }
        }
        Phase::Over => {}
    }
    settle(state);
}

fn draft(state: &mut Play<'_>, action: Action) {
    let Action::DraftDie(i) = action else { return };
    let i = i as usize;
    if i >= state.draft_pool.len() {
        return;
    }
    let die = state.draft_pool.remove(i);
    if state.solo() {
        // discard (two highest, then one of the last three)
        state.dice_reserve[die.colour.index()] += 1;
        state.solo_discards = state.solo_discards.saturating_sub(1);
        if state.solo_discards == 0 {
            let kept: Vec<Die> = std::mem::take(&mut state.draft_pool);
            for d in kept {
                give_freeman(state, Seat(0), d);
            }
        }
    } else {
        let who = state.draft_order.first().copied().unwrap_or(Seat(0));
        state.draft_order.remove(0);
        give_freeman(state, who, die);
        if state.draft_order.is_empty() {
            for d in std::mem::take(&mut state.draft_pool) {
                state.dice_reserve[d.colour.index()] += 1;
            }
        }
    }
    if state.solo() && state.solo_discards == 0 || !state.solo() && state.draft_order.is_empty() {
        state.phase = Phase::Play;
        state.current = state.bastion;
        state.step = TurnStep::Start;
    } else if !state.solo() {
        state.current = state.draft_order.first().copied().unwrap_or(Seat(0));
    }
}

fn give_freeman(state: &mut Play<'_>, seat: Seat, die: Die) {
    state.emit(Event::Drafted {
        seat,
        colour: die.colour,
        value: die.value,
    });
    state
        .player_mut(seat)
        .freemen
        .push(Freeman { die, at: None });
}

fn turn_action(state: &mut Play<'_>, seat: Seat, action: Action) {
    match action {
        Action::UseSuperiority => {
            state.player_mut(seat).superiority -= 1;
            state.superiority_supply += 1;
            state.superiority_used = true;
            state.step = TurnStep::Start;
            // A Superiority action is a separate turn for the Wonder (3.1.7).
            wonder_rules::new_turn(state, seat);
            state.emit(Event::SuperiorityUsed { seat });
        }
        Action::EndTurn => end_turn(state),
        _ => {
            state.step = TurnStep::Acting;
            match action {
                Action::Worker(w) => state.tasks.push(Task::ChoosePlace { worker: w }),
                Action::CompleteDistrict(i) => state.tasks.push(Task::ChooseSeat { freeman: i }),
                Action::RaiseTower(c) => raise_tower(state, seat, c),
                Action::BuyBase => buy_base(state, seat),
                Action::Pass => pass(state, seat),
                _ => {}
            }
        }
    }
}

pub fn raise_tower(state: &mut Play<'_>, seat: Seat, c: Colour) {
    let h = state.player(seat).towers[c.index()];
    state.pay(seat, Resource::Gold, h as u32);
    state.floor_reserve[c.index()] -= 1;
    state.player_mut(seat).towers[c.index()] += 1;
    state.emit(Event::TowerRaised {
        seat,
        colour: c,
        height: h + 1,
    });
    if state.has_zodiac(seat, ZodiacKind::Capricorn) {
        state.tasks.push(Task::Capricorn);
    }
}

pub fn buy_base(state: &mut Play<'_>, seat: Seat) {
    let cost = population_cost(state, seat).unwrap_or(0);
    state.pay(seat, Resource::Food, cost as u32);
    state.player_mut(seat).bases += 1;
    state.emit(Event::BaseBought { seat, food: cost });
    if state.player(seat).bases >= tables().board.constants.bases_total {
        state.add_vp(
            seat,
            tables().board.constants.last_base_vp,
            "last population base",
        );
    }
}

fn pass(state: &mut Play<'_>, seat: Seat) {
    state.player_mut(seat).passed = true;
    state.emit(Event::Passed { seat });
    state.tasks.push(Task::PassFinish);
    if state.has_zodiac(seat, ZodiacKind::Gemini) {
        let n = military::retreat_distance(state, seat);
        if n > 0 {
            state.tasks.push(Task::GainBasic { n });
        }
    }
    // Cancer is only offered when it can recruit: a free base and a die to take.
    let cancer_can_recruit =
        state.free_bases(seat) > 0 && state.recruitment.iter().any(Option::is_some);
    if state.has_zodiac(seat, ZodiacKind::Cancer) && cancer_can_recruit {
        state.tasks.push(Task::Recruit {
            free: true,
            optional: true,
        });
    }
}

/// Pass steps 4-5: workers come back, every Freeman ages.
fn pass_finish(state: &mut Play<'_>, seat: Seat) {
    state.player_mut(seat).archon_at = None;
    let freemen = std::mem::take(&mut state.player_mut(seat).freemen);
    for mut f in freemen {
        f.at = None;
        if f.die.value >= 6 {
            state.make_counsellor(seat, f.die.colour);
        } else {
            state.emit(Event::DieChanged {
                seat,
                colour: f.die.colour,
                from: f.die.value,
                to: f.die.value + 1,
            });
            f.die.value += 1;
            state.player_mut(seat).freemen.push(f);
        }
    }
}

fn end_turn(state: &mut Play<'_>) {
    state.superiority_used = false;
    let seat = state.current;
    wonder_rules::new_turn(state, seat);
    state.step = TurnStep::Start;
    let n = state.seat_count();
    let next = (1..=n)
        .map(|k| Seat(((state.current.index() + k) % n) as u8))
        .find(|&s| !state.player(s).passed);
    match next {
        Some(s) => state.current = s,
        None => round::end_of_round(state),
    }
}

/// Runs automatic steps and drops decisions without choices, up to the next decision.
pub fn settle(state: &mut Play<'_>) {
    for _ in 0..10_000 {
        if state.phase != Phase::Play {
            return;
        }
        let seat = state.current;
        match state.tasks.last() {
            Some(Task::PassFinish) => {
                state.tasks.pop();
                pass_finish(state, seat);
            }
            Some(Task::GardensFood) => {
                state.tasks.pop();
                wonder_rules::gardens_food(state, seat);
            }
            Some(task) => {
                if choices::task_choices(state, seat, task).is_empty() {
                    state.tasks.pop();
                } else {
                    return;
                }
            }
            None => match state.step {
                TurnStep::Acting => {
                    if state.player(seat).passed || !can_use_superiority(state, seat) {
                        end_turn(state);
                    } else {
                        state.step = TurnStep::After;
                        return;
                    }
                }
                _ => return,
            },
        }
    }
}

fn task_action(state: &mut Play<'_>, seat: Seat, task: Task, action: Action) {
    match (task, action) {
        (Task::ChoosePlace { worker }, Action::MeetingPlace(pl)) => {
            start_visit(state, seat, worker, pl)
        }
        (Task::ChooseSeat { freeman }, Action::Seat(at)) => {
            complete_district(state, seat, freeman, at)
        }
        (
            Task::Visit {
                place,
                mut done,
                double,
                bonus_allowed,
                bonus_done,
            },
            action,
        ) => {
            let mut bonus_done = bonus_done;
            match action {
                Action::Main(slot) => {
                    let i = usize::from(slot == MainSlot::Bottom);
                    done[i] = true;
                    state.tasks.push(Task::Visit {
                        place,
                        done,
                        double,
                        bonus_allowed,
                        bonus_done,
                    });
                    if let Some(mp) = tables().board.meeting_place.get(place as usize - 1) {
                        let a = if i == 0 { mp.top } else { mp.bottom };
                        state.emit(Event::MainAction {
                            seat,
                            place,
                            action: a,
                        });
                        main_action(state, seat, a);
                    }
                }
                Action::Bonus | Action::BonusGold => {
                    bonus_done = true;
                    state.tasks.push(Task::Visit {
                        place,
                        done,
                        double,
                        bonus_allowed,
                        bonus_done,
                    });
                    if action == Action::BonusGold {
                        state.emit(Event::BonusAction {
                            seat,
                            place,
                            bonus: BonusTaken::PiscesGold,
                        });
                        state.gain(seat, Resource::Gold, 1);
                    } else if let Some(e) = bonus_effect(state, place) {
                        state.emit(Event::BonusAction {
                            seat,
                            place,
                            bonus: BonusTaken::Effect(e),
                        });
                        bonus_action(state, seat, e);
                    }
                }
                Action::FinishVisit => {
                    if state.solo() {
                        state.tasks.push(Task::SoloDial { place });
                    } else {
                        bump_dial(state, place);
                    }
                }
                _ => {}
            }
        }
        (Task::SoloDial { place }, action) => match action {
            Action::MeetingPlace(nb) => {
                bump_dial(state, place);
                bump_dial(state, nb);
            }
            Action::Done => bump_dial(state, place),
            Action::UseSuperiority => {
                state.player_mut(seat).superiority -= 1;
                state.superiority_supply += 1;
                state.superiority_used = true;
                state.emit(Event::SuperiorityUsed { seat });
            }
            _ => {}
        },
        (
            Task::Military {
                advance: n,
                either,
                mut advanced,
                mut attacked,
            },
            action,
        ) => {
            if action == Action::Done {
                return;
            }
            let adv = action == Action::Advance;
            advanced |= adv;
            attacked |= !adv;
            state.tasks.push(Task::Military {
                advance: n,
                either,
                advanced,
                attacked,
            });
            if adv {
                advance(state, seat, n);
            } else {
                attack(state, seat);
            }
        }
        (Task::GainBasic { n }, Action::Resource(r)) => {
            if n > 1 {
                state.tasks.push(Task::GainBasic { n: n - 1 });
            }
            state.gain(seat, r, 1);
        }
        (Task::StoneOrFood { n }, Action::Resource(r)) => {
            if n > 1 {
                state.tasks.push(Task::StoneOrFood { n: n - 1 });
            }
            state.gain(seat, r, 1);
        }
        (Task::Trade, Action::Resource(r)) => {
            state.pay(seat, r, 1);
            state.gain(seat, Resource::Gold, 1);
        }
        (Task::Build, Action::MarketTile { slot, farm }) => {
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
        (Task::Activate { mut cells, built }, Action::Activate(c)) => {
            cells.retain(|x| *x != c);
            // Nothing left to activate: no bare "Done" decision.
            if !cells.is_empty() {
                state.tasks.push(Task::Activate { cells, built });
            }
            activate_tile(state, seat, c, built);
        }
        (
            Task::Temple {
                steps,
                card,
                aquarius,
            },
            Action::Track(t),
        ) => {
            move_temple(state, seat, t, steps);
            if card {
                let holder = Some(seat);
                state.zodiac[t.index()].1 = holder;
                let card = state.zodiac[t.index()].0;
                state.emit(Event::ZodiacTaken { seat: holder, card });
            }
            if aquarius {
                state.tasks.push(Task::TempleExtra { exclude: t });
            }
        }
        (Task::TempleExtra { .. }, Action::Track(t)) => {
            state.pay(seat, Resource::Gold, 1);
            move_temple(state, seat, t, 1);
        }
        (Task::Recruit { free, .. }, Action::RecruitSlot(k)) => {
            let k = k as usize - 1;
            if !free {
                let cost = recruit_cost(state, seat, k);
                state.pay(seat, Resource::Wisdom, cost as u32);
            }
            recruit(state, seat, k);
        }
        (Task::TakeOrator { .. }, Action::OratorSlot(k)) => {
            let Some(v) = state
                .orator_area
                .get_mut(k as usize - 1)
                .and_then(|o| o.take())
            else {
                return;
            };
            state
                .player_mut(seat)
                .orators
                .push(Orator { value: v, at: None });
            state.emit(Event::OratorTaken { seat, value: v });
            if v < 5 && state.has_zodiac(seat, ZodiacKind::Sagittarius) {
                state.tasks.push(Task::SagittariusOrator);
            }
        }
        (Task::SagittariusFreeman, Action::Accept) => {
            if let Some(f) = state.player_mut(seat).freemen.last_mut() {
                f.die.value = (f.die.value + 1).min(6);
            }
        }
        (Task::SagittariusOrator, Action::Accept) => {
            if let Some(o) = state.player_mut(seat).orators.last_mut() {
                o.value = (o.value + 1).min(5);
            }
        }
        (Task::Feed { done }, action) => {
            if action == Action::Done {
                return;
            }
            state.tasks.push(Task::Feed { done: done + 1 });
            state.pay(seat, Resource::Food, 1);
            match action {
                Action::Freeman(i) => state.plus_one(seat, i as usize),
                Action::Advance => advance(state, seat, 1),
                _ => {}
            }
        }
        (Task::Veterans, Action::Freeman(i)) => {
            let Some(v) = state
                .player(seat)
                .freemen
                .get(i as usize)
                .map(|f| f.die.value)
            else {
                return;
            };
            state.add_vp(seat, v as i32, "Veterans' Quarters");
            if let Some(f) = state.player_mut(seat).freemen.get_mut(i as usize) {
                f.die.value = v.saturating_sub(1).max(1);
            }
        }
        (Task::Court, Action::SwapDie { freeman, colour }) => {
            let Some(old) = state
                .player(seat)
                .freemen
                .get(freeman as usize)
                .map(|f| f.die.colour)
            else {
                return;
            };
            state.dice_reserve[old.index()] += 1;
            state.dice_reserve[colour.index()] -= 1;
            if let Some(f) = state.player_mut(seat).freemen.get_mut(freeman as usize) {
                f.die.colour = colour;
            }
        }
        (Task::ConstructionSite, Action::MarketTile { slot, .. }) => {
            if let Some(b) = take_market(state, slot as usize - 1) {
                state.player_mut(seat).kept.push(b);
            }
        }
        (Task::Portal, Action::FreemanPlus { freeman, plus }) => {
            if plus == 1 {
                state.plus_one(seat, freeman as usize);
            } else {
                state.plus_two(seat, freeman as usize);
            }
        }
        (Task::Fountain, Action::MeetingPlace(pl)) => {
            if let Some(p) = state.places.get_mut(pl as usize - 1) {
                p.dial = 1;
            }
            state.emit(Event::DialSet {
                place: pl,
                value: 1,
            });
        }
        (Task::Mages { cell }, Action::Activate(c)) => mages_use(state, seat, vec![cell], c),
        (Task::MagesCopy { used, .. }, Action::Activate(c)) => mages_use(state, seat, used, c),
        (Task::Capricorn, Action::Freeman(i)) => state.plus_two(seat, i as usize),
        (Task::DistrictCard { .. }, Action::DistrictCard(i)) => score_card(state, seat, i as usize),
        (Task::Build, Action::BuildWonder) => wonder_rules::start_build(state, seat),
        (
            task @ (Task::PlaceWonder { .. }
            | Task::Colossus
            | Task::Pyramid { .. }
            | Task::Ishtar
            | Task::GardensFarm
            | Task::GardensFood),
            action,
        ) => wonder_rules::task_action(state, seat, task, action),
        _ => {}
    }
}

fn bonus_effect(state: &State, place: u8) -> Option<BonusEffect> {
    let pl = state.places.get(place as usize - 1)?;
    pl.bonus.row().map(|b| b.effect)
}

pub fn bump_dial(state: &mut Play<'_>, place: u8) {
    if let Some(p) = state.places.get_mut(place as usize - 1) {
        p.dial = if p.dial >= 6 { 1 } else { p.dial + 1 };
        let value = p.dial;
        state.emit(Event::DialSet { place, value });
        wonder_rules::dial_turned(state, place, value);
    }
}

fn start_visit(state: &mut Play<'_>, seat: Seat, worker: Worker, place: u8) {
    let cost = choices::visit_cost(state, seat, worker, place).unwrap_or(0);
    state.pay(seat, Resource::Wisdom, cost);
    let colour = state
        .places
        .get(place as usize - 1)
        .and_then(|p| p.bonus.row())
        .map(|b| b.colour);
    let (double, bonus_allowed) = match worker {
        Worker::Archon => {
            state.player_mut(seat).archon_at = Some(place);
            let ok = colour.is_some_and(|c| state.player(seat).counsellors.contains(&c));
            (false, ok)
        }
        Worker::Freeman(i) => {
            let Some(f) = state.player_mut(seat).freemen.get_mut(i as usize) else {
                return;
            };
            f.at = Some(place);
            (f.die.value == 6, Some(f.die.colour) == colour)
        }
        Worker::Orator(i) => {
            if let Some(o) = state.player_mut(seat).orators.get_mut(i as usize) {
                o.at = Some(place);
            }
            (false, false)
        }
    };
    state.emit(Event::Visited {
        seat,
        place,
        worker,
        wisdom_paid: cost as u8,
    });
    state.tasks.push(Task::Visit {
        place,
        done: [false; 2],
        double,
        bonus_allowed,
        bonus_done: false,
    });
}

fn main_action(state: &mut Play<'_>, seat: Seat, a: MainAction) {
    match a {
        MainAction::Stone3 => state.gain(seat, Resource::Stone, 3),
        MainAction::Food3 => state.gain(seat, Resource::Food, 3),
        MainAction::Wisdom3 => state.gain(seat, Resource::Wisdom, 3),
        MainAction::Mix3 => {
            state.gain(seat, Resource::Stone, 1);
            state.gain(seat, Resource::Wisdom, 1);
            state.gain(seat, Resource::Food, 1);
        }
        MainAction::Gold => {
            state.gain(seat, Resource::Gold, 1);
            state.tasks.push(Task::GainBasic { n: 1 });
        }
        MainAction::Military => state.tasks.push(Task::Military {
            advance: tables().board.military_advance.main,
            either: false,
            advanced: false,
            attacked: false,
        }),
        MainAction::Build => state.tasks.push(Task::Build),
        MainAction::Temple => {
            state.pay(seat, Resource::Stone, 1);
            let aquarius = state.has_zodiac(seat, ZodiacKind::Aquarius);
            state.tasks.push(Task::Temple {
                steps: 2,
                card: true,
                aquarius,
            });
        }
        MainAction::Recruit => state.tasks.push(Task::Recruit {
            free: false,
            optional: false,
        }),
        MainAction::Feed => state.tasks.push(Task::Feed { done: 0 }),
    }
}

fn bonus_action(state: &mut Play<'_>, seat: Seat, e: BonusEffect) {
    match e {
        BonusEffect::Military => {
            state.pay(seat, Resource::Wisdom, 1);
            state.tasks.push(Task::Military {
                advance: tables().board.military_advance.bonus,
                either: true,
                advanced: false,
                attacked: false,
            });
        }
        BonusEffect::Build => {
            state.pay(seat, Resource::Food, 1);
            state.tasks.push(Task::Build);
        }
        BonusEffect::Temple => {
            state.pay(seat, Resource::Stone, 1);
            state.tasks.push(Task::Temple {
                steps: 1,
                card: false,
                aquarius: false,
            });
        }
        BonusEffect::Resource => state.tasks.push(Task::GainBasic { n: 1 }),
        BonusEffect::Orator => state.tasks.push(Task::TakeOrator { optional: false }),
    }
}

/// Takes the tile of Market slot `k` (0-based), slides the rest up and refills the
/// first empty slot from the pile of the taken colour; once a pile is empty the bottom slot
/// it leaves is never refilled (A-07, packed like the Recruitment area).
pub fn take_market(state: &mut Play<'_>, k: usize) -> Option<BuildingId> {
    let b = state.market.get_mut(k)?.take()?;
    let colour = b.colour()?;
    let refill = state.piles[colour.index()].pop();
    let left = state.piles[colour.index()].len() as u8;
    let known = &mut state.known_bottoms[colour.index()];
    *known = (*known).min(left);
    state.market = super::packing::packed(state.market, refill);
    Some(b)
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
        CityTile::Palace | CityTile::Agora | CityTile::Wonder(_) => return,
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
        cells.extend(wonder_rules::triggered(state, seat, cell));
    }
    if !cells.is_empty() {
        // `built` speaks of the new building at `cell` (Aquarius); the Wonder is no Temple.
        state.tasks.push(Task::Activate { cells, built: true });
    }
}

pub fn move_temple(state: &mut Play<'_>, seat: Seat, t: Temple, steps: u8) {
    let top = tables().temple_top();
    let from = state.temple_step(seat, t);
    let to = (from + steps).min(top);
    if to == from {
        return;
    }
    let key = state.next_top();
    let p = state.player_mut(seat);
    p.temples[t.index()] = to;
    p.temple_key[t.index()] = key;
    state.emit(Event::TempleMoved {
        seat,
        temple: t,
        from,
        to,
    });
}

fn recruit(state: &mut Play<'_>, seat: Seat, k: usize) {
    let Some(die) = state.recruitment.get_mut(k).and_then(|d| d.take()) else {
        return;
    };
    let c = die.colour.index();
    let refill = if state.dice_reserve[c] > 0 {
        state.dice_reserve[c] -= 1;
        let value = state.roll_d5();
        Some(Die {
            colour: die.colour,
            value,
        })
    } else {
        None
    };
    state.recruitment = super::packing::packed(state.recruitment, refill);
    state
        .player_mut(seat)
        .freemen
        .push(Freeman { die, at: None });
    state.emit(Event::Recruited {
        seat,
        colour: die.colour,
        value: die.value,
    });
    if die.value < 6 && state.has_zodiac(seat, ZodiacKind::Sagittarius) {
        state.tasks.push(Task::SagittariusFreeman);
    }
}

fn complete_district(state: &mut Play<'_>, seat: Seat, freeman: u8, at: Cell) {
    let i = freeman as usize;
    if i >= state.player(seat).freemen.len() {
        return;
    }
    let mut die = state.player_mut(seat).freemen.remove(i).die;
    if state.has_zodiac(seat, ZodiacKind::Leo) {
        die.value = (die.value + 2).min(6);
    }
    state.player_mut(seat).seats.push((at, die));
    if state.has_zodiac(seat, ZodiacKind::Scorpio) {
        state.gain(seat, Resource::Wisdom, 1);
    }
    if state.has_zodiac(seat, ZodiacKind::Libra) {
        state.tasks.push(Task::Recruit {
            free: false,
            optional: true,
        });
    }
    let act = district_activations(state, seat, at, die.colour);
    if !act.is_empty() {
        state.tasks.push(Task::Activate {
            cells: act,
            built: false,
        });
    }
    let matches = matching_cards(state, seat, at);
    let card = match matches[..] {
        [only] => state.districts.get(only as usize).map(|(c, _)| *c),
        _ => None,
    };
    state.emit(Event::DistrictCompleted {
        seat,
        at,
        colour: die.colour,
        value: die.value,
        card,
    });
    match matches.len() {
        0 => {}
        1 => score_card(state, seat, matches[0] as usize),
        _ => state.tasks.push(Task::DistrictCard { options: matches }),
    }
}

pub fn score_card(state: &mut Play<'_>, seat: Seat, idx: usize) {
    let Some((card, gold)) = state.districts.get(idx).copied() else {
        return;
    };
    let Some(row) = card.row() else {
        return;
    };
    let first = !state.player(seat).scored_cards.contains(&card);
    let vp = if first { row.vp_high } else { row.vp_low };
    if first {
        state.player_mut(seat).scored_cards.push(card);
    }
    state.add_vp(seat, vp, &format!("district card {}", card.code()));
    state.gain(seat, Resource::Gold, gold as u32);
    state.districts[idx].1 = 0;
}

/// A Mages' Tower of the chain `used` uses the building at `c`. Copying another Mages' Tower
/// is using its ability, so that tower in turn offers its own neighbours, never a
/// tower already in `used`.
fn mages_use(state: &mut Play<'_>, seat: Seat, mut used: Vec<Cell>, c: Cell) {
    let Some(b) = state.building_at(seat, c) else {
        return;
    };
    if b.ability() != Some(Ability::MagesTower) {
        activate(state, seat, c);
        return;
    }
    state.emit(Event::Activated {
        seat,
        tile: CityTile::Building(b),
        cell: c,
    });
    used.push(c);
    state.tasks.push(Task::MagesCopy { cell: c, used });
}

/// Activates the tile at `c` (a building's ability, or the Agora) for a District or a
/// copy (Mages' Tower).
pub fn activate(state: &mut Play<'_>, seat: Seat, c: Cell) {
    activate_tile(state, seat, c, false);
}

/// Activates the tile at `c`; `built`: right after it was built.
pub fn activate_tile(state: &mut Play<'_>, seat: Seat, c: Cell, built: bool) {
    let Some(tile) = state.tile_at(seat, c).map(|t| t.tile) else {
        return;
    };
    match tile {
        CityTile::Agora => {
            state.emit(Event::Activated {
                seat,
                tile,
                cell: c,
            });
            state.tasks.push(Task::GainBasic { n: 1 });
        }
        CityTile::Building(b) => {
            state.emit(Event::Activated {
                seat,
                tile,
                cell: c,
            });
            if let Some(a) = b.ability() {
                super::abilities::run(state, seat, c, a, built);
            }
        }
        CityTile::Wonder(w) => wonder_rules::activate(state, seat, w),
        _ => {}
    }
}
