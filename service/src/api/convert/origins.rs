//! Origins: First Builders' proto messages <-> engine types. Buildings travel as their
//! codes ("R6"); a missing field, an unspecified enum or an out-of-range number is
//! INVALID_ARGUMENT with a sentence naming the field, never a panic.

use crate::api::errors::invalid;
use agora_engine::origins::data::tables;
use agora_engine::origins::types::{
    Action, Cell, CityTile, Colour, Die, Event, MainSlot, Options, PlacedTile, Resource, Temple,
    View, Worker,
};
use agora_proto::v1 as pb;
use pb::origins_action as pa;
use pb::origins_event as pe;
use tonic::Status;

// ------------------------------------------------------------------------ small values

fn small(field: &str, value: u32) -> Result<u8, Status> {
    u8::try_from(value).map_err(|_| invalid(format!("{field}: {value} is out of range.")))
}

fn coord(field: &str, value: i32) -> Result<i16, Status> {
    i16::try_from(value).map_err(|_| invalid(format!("{field}: {value} is out of range.")))
}

fn required<'a, T>(field: &str, value: Option<&'a T>) -> Result<&'a T, Status> {
    value.ok_or_else(|| invalid(format!("{field}: is required.")))
}

fn cell_in(field: &str, cell: Option<&pb::OriginsCell>) -> Result<Cell, Status> {
    let cell = required(field, cell)?;
    Ok(Cell::new(
        coord(&format!("{field}.x"), cell.x)?,
        coord(&format!("{field}.y"), cell.y)?,
    ))
}

fn cell_out(cell: Cell) -> pb::OriginsCell {
    pb::OriginsCell {
        x: cell.x.into(),
        y: cell.y.into(),
    }
}

fn colour_in(field: &str, value: i32) -> Result<Colour, Status> {
    match pb::OriginsColour::try_from(value) {
        Ok(pb::OriginsColour::Red) => Ok(Colour::Red),
        Ok(pb::OriginsColour::Purple) => Ok(Colour::Purple),
        Ok(pb::OriginsColour::Blue) => Ok(Colour::Blue),
        Ok(pb::OriginsColour::Yellow) => Ok(Colour::Yellow),
        Ok(pb::OriginsColour::Orange) => Ok(Colour::Orange),
        _ => Err(invalid(format!(
            "{field}: red, purple, blue, yellow or orange is required."
        ))),
    }
}

fn colour_out(colour: Colour) -> i32 {
    (match colour {
        Colour::Red => pb::OriginsColour::Red,
        Colour::Purple => pb::OriginsColour::Purple,
        Colour::Blue => pb::OriginsColour::Blue,
        Colour::Yellow => pb::OriginsColour::Yellow,
        Colour::Orange => pb::OriginsColour::Orange,
    }) as i32
}

fn resource_in(field: &str, value: i32) -> Result<Resource, Status> {
    match pb::OriginsResource::try_from(value) {
        Ok(pb::OriginsResource::Stone) => Ok(Resource::Stone),
        Ok(pb::OriginsResource::Food) => Ok(Resource::Food),
        Ok(pb::OriginsResource::Wisdom) => Ok(Resource::Wisdom),
        Ok(pb::OriginsResource::Gold) => Ok(Resource::Gold),
        _ => Err(invalid(format!(
            "{field}: stone, food, wisdom or gold is required."
        ))),
    }
}

fn resource_out(resource: Resource) -> i32 {
    (match resource {
        Resource::Stone => pb::OriginsResource::Stone,
        Resource::Food => pb::OriginsResource::Food,
        Resource::Wisdom => pb::OriginsResource::Wisdom,
        Resource::Gold => pb::OriginsResource::Gold,
    }) as i32
}

fn temple_in(field: &str, value: i32) -> Result<Temple, Status> {
    match pb::OriginsTemple::try_from(value) {
        Ok(pb::OriginsTemple::Forest) => Ok(Temple::Forest),
        Ok(pb::OriginsTemple::Mountain) => Ok(Temple::Mountain),
        Ok(pb::OriginsTemple::Sea) => Ok(Temple::Sea),
        _ => Err(invalid(format!(
            "{field}: forest, mountain or sea is required."
        ))),
    }
}

fn temple_out(temple: Temple) -> i32 {
    (match temple {
        Temple::Forest => pb::OriginsTemple::Forest,
        Temple::Mountain => pb::OriginsTemple::Mountain,
        Temple::Sea => pb::OriginsTemple::Sea,
    }) as i32
}

fn worker_in(field: &str, worker: Option<&pb::OriginsWorker>) -> Result<Worker, Status> {
    let worker = required(field, worker)?;
    let index = || small(&format!("{field}.index"), worker.index);
    match pb::OriginsWorkerKind::try_from(worker.kind) {
        Ok(pb::OriginsWorkerKind::Archon) => Ok(Worker::Archon),
        Ok(pb::OriginsWorkerKind::Freeman) => Ok(Worker::Freeman(index()?)),
        Ok(pb::OriginsWorkerKind::Orator) => Ok(Worker::Orator(index()?)),
        _ => Err(invalid(format!(
            "{field}.kind: archon, freeman or orator is required."
        ))),
    }
}

fn worker_out(worker: Worker) -> pb::OriginsWorker {
    let (kind, index) = match worker {
        Worker::Archon => (pb::OriginsWorkerKind::Archon, 0),
        Worker::Freeman(i) => (pb::OriginsWorkerKind::Freeman, i),
        Worker::Orator(i) => (pb::OriginsWorkerKind::Orator, i),
    };
    pb::OriginsWorker {
        kind: kind as i32,
        index: index.into(),
    }
}

fn main_slot_in(field: &str, value: i32) -> Result<MainSlot, Status> {
    match pb::OriginsMainSlot::try_from(value) {
        Ok(pb::OriginsMainSlot::Top) => Ok(MainSlot::Top),
        Ok(pb::OriginsMainSlot::Bottom) => Ok(MainSlot::Bottom),
        _ => Err(invalid(format!("{field}: top or bottom is required."))),
    }
}

fn die_out(die: Die) -> pb::OriginsDie {
    pb::OriginsDie {
        colour: colour_out(die.colour),
        value: die.value.into(),
    }
}

/// The code of building `index`; empty if the table has no such row (never from a client).
fn building_code(index: u8) -> String {
    tables()
        .buildings
        .get(index as usize)
        .map(|b| b.id.clone())
        .unwrap_or_default()
}

// ------------------------------------------------------------------------ options

pub fn options_in(options: &pb::OriginsOptions) -> Result<Options, Status> {
    if options.solo {
        return match options.players {
            0 | 1 => Ok(Options { players: 1 }),
            n => Err(invalid(format!(
                "options.players: solo mode has 1 player, not {n}."
            ))),
        };
    }
    match options.players {
        2..=4 => Ok(Options {
            players: options.players as u8,
        }),
        n => Err(invalid(format!(
            "options.players: {n} is not 2, 3 or 4 (set options.solo for one player)."
        ))),
    }
}

pub fn options_out(options: &Options) -> pb::OriginsOptions {
    pb::OriginsOptions {
        players: options.players.into(),
        solo: options.players == 1,
    }
}

// ------------------------------------------------------------------------ actions

pub fn action_in(action: &pb::OriginsAction) -> Result<Action, Status> {
    use pa::Action as A;
    let a = action
        .action
        .as_ref()
        .ok_or_else(|| invalid("action.origins: one decision must be set."))?;
    Ok(match a {
        A::DraftDie(m) => Action::DraftDie(small("draft_die.index", m.index)?),
        A::Worker(m) => Action::Worker(worker_in("worker.worker", m.worker.as_ref())?),
        A::CompleteDistrict(m) => {
            Action::CompleteDistrict(small("complete_district.freeman", m.freeman)?)
        }
        A::RaiseTower(m) => Action::RaiseTower(colour_in("raise_tower.colour", m.colour)?),
        A::BuyBase(_) => Action::BuyBase,
        A::Pass(_) => Action::Pass,
        A::UseSuperiority(_) => Action::UseSuperiority,
        A::EndTurn(_) => Action::EndTurn,
        A::MeetingPlace(m) => Action::MeetingPlace(small("meeting_place.place", m.place)?),
        A::Seat(m) => Action::Seat(cell_in("seat.cell", m.cell.as_ref())?),
        A::Main(m) => Action::Main(main_slot_in("main.slot", m.slot)?),
        A::Bonus(_) => Action::Bonus,
        A::BonusGold(_) => Action::BonusGold,
        A::FinishVisit(_) => Action::FinishVisit,
        A::Resource(m) => Action::Resource(resource_in("resource.resource", m.resource)?),
        A::Advance(_) => Action::Advance,
        A::Attack(_) => Action::Attack,
        A::MarketTile(m) => Action::MarketTile {
            slot: small("market_tile.slot", m.slot)?,
            farm: m.farm,
        },
        A::KeptTile(m) => Action::KeptTile(small("kept_tile.index", m.index)?),
        A::Place(m) => Action::Place(cell_in("place.cell", m.cell.as_ref())?),
        A::Activate(m) => Action::Activate(cell_in("activate.cell", m.cell.as_ref())?),
        A::Track(m) => Action::Track(temple_in("track.temple", m.temple)?),
        A::RecruitSlot(m) => Action::RecruitSlot(small("recruit_slot.slot", m.slot)?),
        A::OratorSlot(m) => Action::OratorSlot(small("orator_slot.slot", m.slot)?),
        A::Freeman(m) => Action::Freeman(small("freeman.freeman", m.freeman)?),
        A::FreemanPlus(m) => Action::FreemanPlus {
            freeman: small("freeman_plus.freeman", m.freeman)?,
            plus: small("freeman_plus.plus", m.plus)?,
        },
        A::SwapDie(m) => Action::SwapDie {
            freeman: small("swap_die.freeman", m.freeman)?,
            colour: colour_in("swap_die.colour", m.colour)?,
        },
        A::DistrictCard(m) => Action::DistrictCard(small("district_card.index", m.index)?),
        A::Accept(_) => Action::Accept,
        A::Done(_) => Action::Done,
    })
}

pub fn action_out(action: &Action) -> pb::OriginsAction {
    use pa::Action as A;
    let a = match *action {
        Action::DraftDie(i) => A::DraftDie(pa::DraftDie { index: i.into() }),
        Action::Worker(w) => A::Worker(pa::ChooseWorker {
            worker: Some(worker_out(w)),
        }),
        Action::CompleteDistrict(f) => {
            A::CompleteDistrict(pa::CompleteDistrict { freeman: f.into() })
        }
        Action::RaiseTower(c) => A::RaiseTower(pa::RaiseTower {
            colour: colour_out(c),
        }),
        Action::BuyBase => A::BuyBase(pa::BuyBase {}),
        Action::Pass => A::Pass(pa::Pass {}),
        Action::UseSuperiority => A::UseSuperiority(pa::UseSuperiority {}),
        Action::EndTurn => A::EndTurn(pa::EndTurn {}),
        Action::MeetingPlace(p) => A::MeetingPlace(pa::MeetingPlace { place: p.into() }),
        Action::Seat(c) => A::Seat(pa::Seat {
            cell: Some(cell_out(c)),
        }),
        Action::Main(slot) => A::Main(pa::Main {
            slot: match slot {
                MainSlot::Top => pb::OriginsMainSlot::Top,
                MainSlot::Bottom => pb::OriginsMainSlot::Bottom,
            } as i32,
        }),
        Action::Bonus => A::Bonus(pa::Bonus {}),
        Action::BonusGold => A::BonusGold(pa::BonusGold {}),
        Action::FinishVisit => A::FinishVisit(pa::FinishVisit {}),
        Action::Resource(r) => A::Resource(pa::ChooseResource {
            resource: resource_out(r),
        }),
        Action::Advance => A::Advance(pa::Advance {}),
        Action::Attack => A::Attack(pa::Attack {}),
        Action::MarketTile { slot, farm } => A::MarketTile(pa::MarketTile {
            slot: slot.into(),
            farm,
        }),
        Action::KeptTile(i) => A::KeptTile(pa::KeptTile { index: i.into() }),
        Action::Place(c) => A::Place(pa::Place {
            cell: Some(cell_out(c)),
        }),
        Action::Activate(c) => A::Activate(pa::Activate {
            cell: Some(cell_out(c)),
        }),
        Action::Track(t) => A::Track(pa::Track {
            temple: temple_out(t),
        }),
        Action::RecruitSlot(s) => A::RecruitSlot(pa::RecruitSlot { slot: s.into() }),
        Action::OratorSlot(s) => A::OratorSlot(pa::OratorSlot { slot: s.into() }),
        Action::Freeman(f) => A::Freeman(pa::ChooseFreeman { freeman: f.into() }),
        Action::FreemanPlus { freeman, plus } => A::FreemanPlus(pa::FreemanPlus {
            freeman: freeman.into(),
            plus: plus.into(),
        }),
        Action::SwapDie { freeman, colour } => A::SwapDie(pa::SwapDie {
            freeman: freeman.into(),
            colour: colour_out(colour),
        }),
        Action::DistrictCard(i) => A::DistrictCard(pa::DistrictCard { index: i.into() }),
        Action::Accept => A::Accept(pa::Accept {}),
        Action::Done => A::Done(pa::Done {}),
    };
    pb::OriginsAction { action: Some(a) }
}

// ------------------------------------------------------------------------ events

pub fn event_out(event: &Event) -> pb::OriginsEvent {
    use pe::Event as E;
    let e = match event.clone() {
        Event::Drafted {
            seat,
            colour,
            value,
        } => E::Drafted(pe::Drafted {
            seat: seat.into(),
            die: Some(die_out(Die { colour, value })),
        }),
        Event::Visited {
            seat,
            place,
            worker,
            wisdom_paid,
        } => E::Visited(pe::Visited {
            seat: seat.into(),
            place: place.into(),
            worker: Some(worker_out(worker)),
            wisdom_paid: wisdom_paid.into(),
        }),
        Event::MainAction {
            seat,
            place,
            action,
        } => E::MainAction(pe::MainAction {
            seat: seat.into(),
            place: place.into(),
            action,
        }),
        Event::BonusAction { seat, place, bonus } => E::BonusAction(pe::BonusAction {
            seat: seat.into(),
            place: place.into(),
            bonus,
        }),
        Event::Gained {
            seat,
            resource,
            amount,
        } => E::Gained(pe::Gained {
            seat: seat.into(),
            resource: resource_out(resource),
            amount: amount.into(),
        }),
        Event::Paid {
            seat,
            resource,
            amount,
        } => E::Paid(pe::Paid {
            seat: seat.into(),
            resource: resource_out(resource),
            amount: amount.into(),
        }),
        Event::Vp {
            seat,
            amount,
            reason,
        } => E::Vp(pe::Vp {
            seat: seat.into(),
            amount,
            reason,
        }),
        Event::Built {
            seat,
            building,
            cell,
            farm,
        } => E::Built(pe::Built {
            seat: seat.into(),
            building,
            cell: Some(cell_out(cell)),
            farm,
        }),
        Event::Activated {
            seat,
            building,
            cell,
        } => E::Activated(pe::Activated {
            seat: seat.into(),
            building,
            cell: Some(cell_out(cell)),
        }),
        Event::Recruited {
            seat,
            colour,
            value,
        } => E::Recruited(pe::Recruited {
            seat: seat.into(),
            die: Some(die_out(Die { colour, value })),
        }),
        Event::OratorTaken { seat, value } => E::OratorTaken(pe::OratorTaken {
            seat: seat.into(),
            value: value.into(),
        }),
        Event::MilitaryMoved { seat, from, to } => E::MilitaryMoved(pe::MilitaryMoved {
            seat: seat.into(),
            from: from.into(),
            to: to.into(),
        }),
        Event::Attacked { seat, space, vp } => E::Attacked(pe::Attacked {
            seat: seat.into(),
            space: space.into(),
            vp,
        }),
        Event::SuperiorityGained { seat } => {
            E::SuperiorityGained(pe::SuperiorityGained { seat: seat.into() })
        }
        Event::SuperiorityUsed { seat } => {
            E::SuperiorityUsed(pe::SuperiorityUsed { seat: seat.into() })
        }
        Event::TempleMoved {
            seat,
            temple,
            from,
            to,
        } => E::TempleMoved(pe::TempleMoved {
            seat: seat.into(),
            temple: temple_out(temple),
            from: from.into(),
            to: to.into(),
        }),
        Event::ZodiacTaken { seat, card } => E::ZodiacTaken(pe::ZodiacTaken {
            seat: seat.map(u32::from),
            card,
        }),
        Event::DistrictCompleted {
            seat,
            at,
            colour,
            value,
            card,
        } => E::DistrictCompleted(pe::DistrictCompleted {
            seat: seat.into(),
            at: Some(cell_out(at)),
            die: Some(die_out(Die { colour, value })),
            card,
        }),
        Event::TowerRaised {
            seat,
            colour,
            height,
        } => E::TowerRaised(pe::TowerRaised {
            seat: seat.into(),
            colour: colour_out(colour),
            height: height.into(),
        }),
        Event::BaseBought { seat, food } => E::BaseBought(pe::BaseBought {
            seat: seat.into(),
            food: food.into(),
        }),
        Event::CounsellorMade {
            seat,
            colour,
            duplicate,
        } => E::CounsellorMade(pe::CounsellorMade {
            seat: seat.into(),
            colour: colour_out(colour),
            duplicate,
        }),
        Event::DieChanged {
            seat,
            colour,
            from,
            to,
        } => E::DieChanged(pe::DieChanged {
            seat: seat.into(),
            colour: colour_out(colour),
            from: from.into(),
            to: to.into(),
        }),
        Event::DialSet { place, value } => E::DialSet(pe::DialSet {
            place: place.into(),
            value: value.into(),
        }),
        Event::Passed { seat } => E::Passed(pe::Passed { seat: seat.into() }),
        Event::RoundEnded { round } => E::RoundEnded(pe::RoundEnded {
            round: round.into(),
        }),
        Event::BastionTo { seat } => E::BastionTo(pe::BastionTo { seat: seat.into() }),
        Event::GameEnded { reasons } => E::GameEnded(pe::GameEnded { reasons }),
    };
    pb::OriginsEvent { event: Some(e) }
}

// ------------------------------------------------------------------------ view

fn tile_out(tile: &PlacedTile) -> pb::OriginsPlacedTile {
    let (kind, building, pile) = match tile.tile {
        CityTile::Palace => (pb::OriginsTileKind::Palace, String::new(), 0),
        CityTile::Agora => (pb::OriginsTileKind::Agora, String::new(), 0),
        CityTile::Farm { pile, building } => (
            pb::OriginsTileKind::Farm,
            building_code(building),
            colour_out(pile),
        ),
        CityTile::Building(b) => (pb::OriginsTileKind::Building, building_code(b), 0),
    };
    pb::OriginsPlacedTile {
        kind: kind as i32,
        building,
        pile,
        cells: tile.cells.iter().copied().map(cell_out).collect(),
    }
}

pub fn view_out(view: &View) -> pb::OriginsView {
    let counts = |values: &[u8]| values.iter().map(|&v| u32::from(v)).collect::<Vec<_>>();
    pb::OriginsView {
        players: view.players.into(),
        round: view.round.into(),
        bastion: view.bastion.into(),
        current: view.current.map(u32::from),
        pending: view.pending.clone(),
        meeting_places: view
            .meeting_places
            .iter()
            .map(|m| pb::OriginsMeetingPlace {
                number: m.number.into(),
                colour: colour_out(m.colour),
                bonus: m.bonus.clone(),
                dial: m.dial.into(),
                top: m.top.clone(),
                bottom: m.bottom.clone(),
            })
            .collect(),
        market: view
            .market
            .iter()
            .map(|b| pb::OriginsTileSlot {
                building: b.clone(),
            })
            .collect(),
        pile_tops: view
            .pile_tops
            .iter()
            .map(|b| pb::OriginsTileSlot {
                building: b.clone(),
            })
            .collect(),
        pile_sizes: counts(&view.pile_sizes),
        recruitment: view
            .recruitment
            .iter()
            .map(|d| pb::OriginsRecruitSlot {
                die: d.map(die_out),
            })
            .collect(),
        orator_area: view
            .orator_area
            .iter()
            .map(|v| pb::OriginsOratorSlot {
                value: v.map(u32::from),
            })
            .collect(),
        district_cards: view
            .district_cards
            .iter()
            .map(|c| pb::OriginsDistrictCard {
                id: c.id.clone(),
                gold: c.gold.into(),
            })
            .collect(),
        floor_reserve: counts(&view.floor_reserve),
        dice_reserve: counts(&view.dice_reserve),
        zodiac: view
            .zodiac
            .iter()
            .zip(Temple::ALL)
            .map(|((card, holder), temple)| pb::OriginsZodiacSlot {
                temple: temple_out(temple),
                card: card.clone(),
                holder: holder.map(u32::from),
            })
            .collect(),
        superiority_supply: view.superiority_supply.into(),
        solo_neutral: view.solo_neutral.map(u32::from),
        draft_pool: view.draft_pool.iter().copied().map(die_out).collect(),
        player_views: view
            .players_view
            .iter()
            .map(|p| pb::OriginsPlayer {
                seat: p.seat.into(),
                vp: p.vp,
                stone: p.resources[Resource::Stone.index()],
                food: p.resources[Resource::Food.index()],
                wisdom: p.resources[Resource::Wisdom.index()],
                gold: p.resources[Resource::Gold.index()],
                superiority: p.superiority.into(),
                passed: p.passed,
                archon_at: p.archon_at.map(u32::from),
                freemen: p
                    .freemen
                    .iter()
                    .map(|f| pb::OriginsFreeman {
                        die: Some(die_out(f.die)),
                        at: f.at.map(u32::from),
                    })
                    .collect(),
                orators: p
                    .orators
                    .iter()
                    .map(|o| pb::OriginsOrator {
                        value: o.value.into(),
                        at: o.at.map(u32::from),
                    })
                    .collect(),
                bases: p.bases.into(),
                counsellors: p.counsellors.iter().copied().map(colour_out).collect(),
                towers: counts(&p.towers),
                temples: counts(&p.temples),
                military: p.military.into(),
                zodiac: p.zodiac.clone(),
                city: p.city.iter().map(tile_out).collect(),
                seats: p
                    .seats
                    .iter()
                    .map(|(cell, die)| pb::OriginsSeatOfPower {
                        cell: Some(cell_out(*cell)),
                        die: Some(die_out(*die)),
                    })
                    .collect(),
                kept_tiles: p.kept_tiles.clone(),
                scored_cards: p.scored_cards.clone(),
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_engine::origins::Origins;
    use agora_engine::Game;

    /// Every legal action of the first decisions survives proto and back unchanged.
    #[test]
    fn legal_actions_round_trip() {
        for players in 1..=4 {
            let mut state = Origins::setup(&Options { players }, 7).expect("setup");
            for _ in 0..200 {
                let Some(seat) = Origins::to_act(&state).iter().next() else {
                    break;
                };
                let legal = Origins::legal_actions(&state, seat);
                for a in &legal {
                    assert_eq!(action_in(&action_out(a)).expect("round trip"), *a);
                }
                let events = Origins::apply(&mut state, seat, &legal[0]).expect("legal");
                for e in &events {
                    let _ = event_out(e);
                }
                let _ = view_out(&Origins::view(&state, agora_engine::Viewer::Spectator));
            }
        }
    }

    #[test]
    fn malformed_input_is_invalid_argument() {
        let empty = pb::OriginsAction { action: None };
        assert_eq!(
            action_in(&empty).map_err(|e| e.code()),
            Err(tonic::Code::InvalidArgument)
        );
        let bad = pb::OriginsAction {
            action: Some(pa::Action::Place(pa::Place { cell: None })),
        };
        let err = action_in(&bad).expect_err("missing cell");
        assert!(err.message().contains("place.cell"), "{}", err.message());
        let bad = pb::OriginsAction {
            action: Some(pa::Action::Track(pa::Track { temple: 99 })),
        };
        assert!(action_in(&bad).is_err());
        let far = pb::OriginsAction {
            action: Some(pa::Action::Place(pa::Place {
                cell: Some(pb::OriginsCell { x: 1 << 20, y: 0 }),
            })),
        };
        assert!(action_in(&far).is_err());
        for (players, solo) in [(0, false), (1, false), (5, false), (2, true)] {
            assert!(options_in(&pb::OriginsOptions { players, solo }).is_err());
        }
        assert_eq!(
            options_in(&pb::OriginsOptions {
                players: 0,
                solo: true
            })
            .expect("solo"),
            Options { players: 1 }
        );
    }
}
