//! Origins: First Builders' proto messages (`origins.proto`) <-> engine types. Ids travel
//! as the codes their types spell (`BuildingId::code`, "R6"); a missing field, an
//! unspecified enum or an out-of-range number is a [`FieldViolation`] naming the field,
//! never a panic. Nothing here holds a rule: the player count is checked by `setup`.

use super::data::MainAction;
use super::modules::wire as hooks;
use super::modules::wire::{orientation, wonder};
use super::types::{
    Action, Cell, CityTile, Colour, Die, DistrictCardView, Event, Freeman, MainSlot,
    MeetingPlaceView, Options, Orator, Pending, PlacedTile, PlayerView, Resource, Temple, View,
    Worker,
};
use super::FirstBuilders;
use crate::core::wire::{enum_in, narrow, FieldViolation, Required, Scoped, WireGame};
use crate::{wire_enum, Seat};
use agora_proto::v1 as pb;
use pb::origins_action as pa;
use pb::origins_event as pe;
use pb::origins_pending as pp;
use pb::{OriginsColour, OriginsMainSlot, OriginsResource, OriginsTemple};

impl WireGame for FirstBuilders {
    type PbOptions = pb::OriginsOptions;
    type PbAction = pb::OriginsAction;
    type PbEvent = pb::OriginsEvent;
    type PbView = pb::OriginsView;

    /// A running game's view names its typed pending decision.
    #[cfg(test)]
    fn check_view(state: &super::State, view: &pb::OriginsView) {
        use crate::Game;
        if !FirstBuilders::to_act(state).is_empty() {
            let decision = view.pending_decision.as_ref();
            assert!(decision.and_then(|p| p.pending.as_ref()).is_some());
        }
    }
}

wire_enum!(Colour <=> OriginsColour { Red, Purple, Blue, Yellow, Orange });
wire_enum!(Resource <=> OriginsResource { Stone, Food, Wisdom, Gold });
wire_enum!(Temple <=> OriginsTemple { Forest, Mountain, Sea });
wire_enum!(MainSlot <=> OriginsMainSlot { Top, Bottom });

fn seat(seat: Seat) -> u32 {
    seat.0.into()
}

fn colour(c: Colour) -> i32 {
    OriginsColour::from(c) as i32
}

// ------------------------------------------------------------------------ small values

impl TryFrom<&pb::OriginsCell> for Cell {
    type Error = FieldViolation;
    fn try_from(cell: &pb::OriginsCell) -> Result<Self, FieldViolation> {
        Ok(Cell::new(narrow("x", cell.x)?, narrow("y", cell.y)?))
    }
}

impl From<Cell> for pb::OriginsCell {
    fn from(cell: Cell) -> Self {
        pb::OriginsCell {
            x: cell.x.into(),
            y: cell.y.into(),
        }
    }
}

/// The required cell field `field` of a message.
fn cell_in(field: &str, cell: Option<&pb::OriginsCell>) -> Result<Cell, FieldViolation> {
    let cell = cell.required(field)?;
    Cell::try_from(cell).scoped(field)
}

impl TryFrom<&pb::OriginsWorker> for Worker {
    type Error = FieldViolation;
    fn try_from(worker: &pb::OriginsWorker) -> Result<Self, FieldViolation> {
        let index = || narrow("index", worker.index);
        match pb::OriginsWorkerKind::try_from(worker.kind) {
            // The Archon is one: the API lists it with index 0, the only form accepted.
            Ok(pb::OriginsWorkerKind::Archon) if worker.index != 0 => Err(FieldViolation::new(
                "index",
                format!("{} is not 0: the Archon has no index.", worker.index),
            )),
            Ok(pb::OriginsWorkerKind::Archon) => Ok(Worker::Archon),
            Ok(pb::OriginsWorkerKind::Freeman) => Ok(Worker::Freeman(index()?)),
            Ok(pb::OriginsWorkerKind::Orator) => Ok(Worker::Orator(index()?)),
            _ => Err(FieldViolation::new(
                "kind",
                "archon, freeman or orator is required.",
            )),
        }
    }
}

impl From<Worker> for pb::OriginsWorker {
    fn from(worker: Worker) -> Self {
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
}

impl From<Die> for pb::OriginsDie {
    fn from(die: Die) -> Self {
        pb::OriginsDie {
            colour: colour(die.colour),
            value: die.value.into(),
        }
    }
}

// ------------------------------------------------------------------------ options

/// `solo` stands for one player (`players` unset or 1); without it `players` is the count,
/// which `setup` checks. Unspecified `challenges` means none.
impl TryFrom<&pb::OriginsOptions> for Options {
    type Error = FieldViolation;
    fn try_from(options: &pb::OriginsOptions) -> Result<Self, FieldViolation> {
        let players = if options.solo {
            match options.players {
                0 | 1 => 1,
                n => {
                    return Err(FieldViolation::new(
                        "players",
                        format!("solo mode has 1 player, not {n}."),
                    ))
                }
            }
        } else if options.players == 1 {
            return Err(FieldViolation::new(
                "players",
                "1 is not 2, 3 or 4 (set solo for one player).",
            ));
        } else {
            narrow("players", options.players)?
        };
        let challenges = hooks::challenges_in(options.challenges)?;
        Ok(Options {
            players,
            wonders: options.wonders,
            challenges,
            provisional_challenges: options.provisional_challenges,
        })
    }
}

impl From<&Options> for pb::OriginsOptions {
    fn from(options: &Options) -> Self {
        pb::OriginsOptions {
            players: options.players.into(),
            solo: options.players == 1,
            wonders: options.wonders,
            challenges: hooks::challenges_out(options.challenges),
            provisional_challenges: options.provisional_challenges,
        }
    }
}

// ------------------------------------------------------------------------ actions

impl TryFrom<&pb::OriginsAction> for Action {
    type Error = FieldViolation;
    fn try_from(action: &pb::OriginsAction) -> Result<Self, FieldViolation> {
        use pa::Action as A;
        let a = action
            .action
            .as_ref()
            .ok_or_else(|| FieldViolation::new("action", "one decision must be set."))?;
        Ok(match a {
            A::DraftDie(m) => Action::DraftDie(narrow("index", m.index).scoped("draft_die")?),
            A::Worker(m) => Action::Worker(
                m.worker
                    .as_ref()
                    .required("worker")
                    .and_then(|w| Worker::try_from(w).scoped("worker"))
                    .scoped("worker")?,
            ),
            A::CompleteDistrict(m) => {
                Action::CompleteDistrict(narrow("freeman", m.freeman).scoped("complete_district")?)
            }
            A::RaiseTower(m) => {
                Action::RaiseTower(enum_in("colour", m.colour).scoped("raise_tower")?)
            }
            A::BuyBase(_) => Action::BuyBase,
            A::Pass(_) => Action::Pass,
            A::UseSuperiority(_) => Action::UseSuperiority,
            A::EndTurn(_) => Action::EndTurn,
            A::MeetingPlace(m) => {
                Action::MeetingPlace(narrow("place", m.place).scoped("meeting_place")?)
            }
            A::Seat(m) => Action::Seat(cell_in("cell", m.cell.as_ref()).scoped("seat")?),
            A::Main(m) => Action::Main(enum_in("slot", m.slot).scoped("main")?),
            A::Bonus(_) => Action::Bonus,
            A::BonusGold(_) => Action::BonusGold,
            A::FinishVisit(_) => Action::FinishVisit,
            A::Resource(m) => Action::Resource(enum_in("resource", m.resource).scoped("resource")?),
            A::Advance(_) => Action::Advance,
            A::Attack(_) => Action::Attack,
            A::MarketTile(m) => Action::MarketTile {
                slot: narrow("slot", m.slot).scoped("market_tile")?,
                farm: m.farm,
            },
            A::KeptTile(m) => Action::KeptTile(narrow("index", m.index).scoped("kept_tile")?),
            A::Place(m) => Action::Place(cell_in("cell", m.cell.as_ref()).scoped("place")?),
            A::Activate(m) => {
                Action::Activate(cell_in("cell", m.cell.as_ref()).scoped("activate")?)
            }
            A::Track(m) => Action::Track(enum_in("temple", m.temple).scoped("track")?),
            A::RecruitSlot(m) => {
                Action::RecruitSlot(narrow("slot", m.slot).scoped("recruit_slot")?)
            }
            A::OratorSlot(m) => Action::OratorSlot(narrow("slot", m.slot).scoped("orator_slot")?),
            A::Freeman(m) => Action::Freeman(narrow("freeman", m.freeman).scoped("freeman")?),
            A::FreemanPlus(m) => Action::FreemanPlus {
                freeman: narrow("freeman", m.freeman).scoped("freeman_plus")?,
                plus: narrow("plus", m.plus).scoped("freeman_plus")?,
            },
            A::SwapDie(m) => Action::SwapDie {
                freeman: narrow("freeman", m.freeman).scoped("swap_die")?,
                colour: enum_in("colour", m.colour).scoped("swap_die")?,
            },
            A::DistrictCard(m) => {
                Action::DistrictCard(narrow("index", m.index).scoped("district_card")?)
            }
            A::Accept(_) => Action::Accept,
            A::Done(_) => Action::Done,
            A::ClaimWonder(_) => Action::ClaimWonder,
            A::BuildWonder(_) => Action::BuildWonder,
            A::PlaceWonder(m) => Action::PlaceWonder {
                cell: cell_in("cell", m.cell.as_ref()).scoped("place_wonder")?,
                orientation: enum_in("orientation", m.orientation).scoped("place_wonder")?,
            },
            A::TakeVp(_) => Action::TakeVp,
        })
    }
}

impl From<&Action> for pb::OriginsAction {
    fn from(action: &Action) -> Self {
        use pa::Action as A;
        let a = match *action {
            Action::DraftDie(i) => A::DraftDie(pa::DraftDie { index: i.into() }),
            Action::Worker(w) => A::Worker(pa::ChooseWorker {
                worker: Some(w.into()),
            }),
            Action::CompleteDistrict(f) => {
                A::CompleteDistrict(pa::CompleteDistrict { freeman: f.into() })
            }
            Action::RaiseTower(c) => A::RaiseTower(pa::RaiseTower { colour: colour(c) }),
            Action::BuyBase => A::BuyBase(pa::BuyBase {}),
            Action::Pass => A::Pass(pa::Pass {}),
            Action::UseSuperiority => A::UseSuperiority(pa::UseSuperiority {}),
            Action::EndTurn => A::EndTurn(pa::EndTurn {}),
            Action::MeetingPlace(p) => A::MeetingPlace(pa::MeetingPlace { place: p.into() }),
            Action::Seat(c) => A::Seat(pa::Seat {
                cell: Some(c.into()),
            }),
            Action::Main(slot) => A::Main(pa::Main {
                slot: OriginsMainSlot::from(slot) as i32,
            }),
            Action::Bonus => A::Bonus(pa::Bonus {}),
            Action::BonusGold => A::BonusGold(pa::BonusGold {}),
            Action::FinishVisit => A::FinishVisit(pa::FinishVisit {}),
            Action::Resource(r) => A::Resource(pa::ChooseResource {
                resource: OriginsResource::from(r) as i32,
            }),
            Action::Advance => A::Advance(pa::Advance {}),
            Action::Attack => A::Attack(pa::Attack {}),
            Action::MarketTile { slot, farm } => A::MarketTile(pa::MarketTile {
                slot: slot.into(),
                farm,
            }),
            Action::KeptTile(i) => A::KeptTile(pa::KeptTile { index: i.into() }),
            Action::Place(c) => A::Place(pa::Place {
                cell: Some(c.into()),
            }),
            Action::Activate(c) => A::Activate(pa::Activate {
                cell: Some(c.into()),
            }),
            Action::Track(t) => A::Track(pa::Track {
                temple: OriginsTemple::from(t) as i32,
            }),
            Action::RecruitSlot(s) => A::RecruitSlot(pa::RecruitSlot { slot: s.into() }),
            Action::OratorSlot(s) => A::OratorSlot(pa::OratorSlot { slot: s.into() }),
            Action::Freeman(f) => A::Freeman(pa::ChooseFreeman { freeman: f.into() }),
            Action::FreemanPlus { freeman, plus } => A::FreemanPlus(pa::FreemanPlus {
                freeman: freeman.into(),
                plus: plus.into(),
            }),
            Action::SwapDie { freeman, colour: c } => A::SwapDie(pa::SwapDie {
                freeman: freeman.into(),
                colour: colour(c),
            }),
            Action::DistrictCard(i) => A::DistrictCard(pa::DistrictCard { index: i.into() }),
            Action::Accept => A::Accept(pa::Accept {}),
            Action::Done => A::Done(pa::Done {}),
            Action::ClaimWonder => A::ClaimWonder(pa::ClaimWonder {}),
            Action::BuildWonder => A::BuildWonder(pa::BuildWonder {}),
            Action::PlaceWonder {
                cell,
                orientation: o,
            } => A::PlaceWonder(pa::PlaceWonder {
                cell: Some(cell.into()),
                orientation: orientation(o),
            }),
            Action::TakeVp => A::TakeVp(pa::TakeVp {}),
        };
        pb::OriginsAction { action: Some(a) }
    }
}

// ------------------------------------------------------------------------ events

impl From<&Event> for pb::OriginsEvent {
    fn from(event: &Event) -> Self {
        use pe::Event as E;
        let die = |colour, value| Some(Die { colour, value }.into());
        let e = match event.clone() {
            Event::Drafted {
                seat: s,
                colour,
                value,
            } => E::Drafted(pe::Drafted {
                seat: seat(s),
                die: die(colour, value),
            }),
            Event::Visited {
                seat: s,
                place,
                worker,
                wisdom_paid,
            } => E::Visited(pe::Visited {
                seat: seat(s),
                place: place.into(),
                worker: Some(worker.into()),
                wisdom_paid: wisdom_paid.into(),
            }),
            Event::MainAction {
                seat: s,
                place,
                action,
            } => E::MainAction(pe::MainAction {
                seat: seat(s),
                place: place.into(),
                action: action.code().to_string(),
            }),
            Event::BonusAction {
                seat: s,
                place,
                bonus,
            } => E::BonusAction(pe::BonusAction {
                seat: seat(s),
                place: place.into(),
                bonus: bonus.code().to_string(),
            }),
            Event::Gained {
                seat: s,
                resource,
                amount,
            } => E::Gained(pe::Gained {
                seat: seat(s),
                resource: OriginsResource::from(resource) as i32,
                amount: amount.into(),
            }),
            Event::Paid {
                seat: s,
                resource,
                amount,
            } => E::Paid(pe::Paid {
                seat: seat(s),
                resource: OriginsResource::from(resource) as i32,
                amount: amount.into(),
            }),
            Event::Vp {
                seat: s,
                amount,
                reason,
            } => E::Vp(pe::Vp {
                seat: seat(s),
                amount,
                reason,
            }),
            Event::Built {
                seat: s,
                building,
                cell,
                farm,
            } => E::Built(pe::Built {
                seat: seat(s),
                building: building.code().to_string(),
                cell: Some(cell.into()),
                farm,
            }),
            Event::Activated {
                seat: s,
                tile,
                cell,
            } => E::Activated(pe::Activated {
                seat: seat(s),
                building: tile.code().to_string(),
                cell: Some(cell.into()),
            }),
            Event::Recruited {
                seat: s,
                colour,
                value,
            } => E::Recruited(pe::Recruited {
                seat: seat(s),
                die: die(colour, value),
            }),
            Event::OratorTaken { seat: s, value } => E::OratorTaken(pe::OratorTaken {
                seat: seat(s),
                value: value.into(),
            }),
            Event::MilitaryMoved { seat: s, from, to } => E::MilitaryMoved(pe::MilitaryMoved {
                seat: seat(s),
                from: from.into(),
                to: to.into(),
            }),
            Event::Attacked { seat: s, space, vp } => E::Attacked(pe::Attacked {
                seat: seat(s),
                space: space.into(),
                vp,
            }),
            Event::SuperiorityGained { seat: s } => {
                E::SuperiorityGained(pe::SuperiorityGained { seat: seat(s) })
            }
            Event::SuperiorityUsed { seat: s } => {
                E::SuperiorityUsed(pe::SuperiorityUsed { seat: seat(s) })
            }
            Event::TempleMoved {
                seat: s,
                temple,
                from,
                to,
            } => E::TempleMoved(pe::TempleMoved {
                seat: seat(s),
                temple: OriginsTemple::from(temple) as i32,
                from: from.into(),
                to: to.into(),
            }),
            Event::ZodiacTaken { seat: s, card } => E::ZodiacTaken(pe::ZodiacTaken {
                seat: s.map(seat),
                card: card.code().to_string(),
            }),
            Event::DistrictCompleted {
                seat: s,
                at,
                colour,
                value,
                card,
            } => E::DistrictCompleted(pe::DistrictCompleted {
                seat: seat(s),
                at: Some(at.into()),
                die: die(colour, value),
                card: card.map(|c| c.code().to_string()),
            }),
            Event::TowerRaised {
                seat: s,
                colour: c,
                height,
            } => E::TowerRaised(pe::TowerRaised {
                seat: seat(s),
                colour: colour(c),
                height: height.into(),
            }),
            Event::BaseBought { seat: s, food } => E::BaseBought(pe::BaseBought {
                seat: seat(s),
                food: food.into(),
            }),
            Event::CounsellorMade {
                seat: s,
                colour: c,
                duplicate,
            } => E::CounsellorMade(pe::CounsellorMade {
                seat: seat(s),
                colour: colour(c),
                duplicate,
            }),
            Event::DieChanged {
                seat: s,
                colour: c,
                from,
                to,
            } => E::DieChanged(pe::DieChanged {
                seat: seat(s),
                colour: colour(c),
                from: from.into(),
                to: to.into(),
            }),
            Event::DialSet { place, value } => E::DialSet(pe::DialSet {
                place: place.into(),
                value: value.into(),
            }),
            Event::Passed { seat: s } => E::Passed(pe::Passed { seat: seat(s) }),
            Event::RoundEnded { round } => E::RoundEnded(pe::RoundEnded {
                round: round.into(),
            }),
            Event::BastionTo { seat: s } => E::BastionTo(pe::BastionTo { seat: seat(s) }),
            Event::GameEnded { reasons } => E::GameEnded(pe::GameEnded {
                reasons: reasons.iter().map(|r| r.code().to_string()).collect(),
            }),
            // Only the modules' events reach here; the hook converts each of them.
            Event::WonderUnlocked { .. }
            | Event::WonderClaimed { .. }
            | Event::WonderBuilt { .. }
            | Event::WonderActivated { .. }
            | Event::ChallengeScored { .. }
            | Event::ChallengeRemoved { .. } => {
                return pb::OriginsEvent {
                    event: hooks::event(event),
                }
            }
        };
        pb::OriginsEvent { event: Some(e) }
    }
}

// ------------------------------------------------------------------------ view

impl From<&Pending> for pb::OriginsPending {
    fn from(pending: &Pending) -> Self {
        use pp::Pending as P;
        let p = match pending {
            Pending::Draft => P::Draft(pp::Draft {}),
            Pending::TurnAction => P::TurnAction(pp::TurnAction {}),
            Pending::SuperiorityOrEndTurn => P::SuperiorityOrEndTurn(pp::SuperiorityOrEndTurn {}),
            Pending::GameOver => P::GameOver(pp::GameOver {}),
            Pending::ChooseMeetingPlace { worker } => {
                P::ChooseMeetingPlace(pp::ChooseMeetingPlace {
                    worker: Some((*worker).into()),
                })
            }
            Pending::ChooseSeatOfPower { freeman } => P::ChooseSeatOfPower(pp::ChooseSeatOfPower {
                freeman: (*freeman).into(),
            }),
            Pending::VisitActions { place } => P::VisitActions(pp::VisitActions {
                place: (*place).into(),
            }),
            Pending::SoloDial { place } => P::SoloDial(pp::SoloDial {
                place: (*place).into(),
            }),
            Pending::Military { advance, either } => P::Military(pp::Military {
                advance: (*advance).into(),
                either: *either,
            }),
            Pending::GainBasicResource { count } => P::GainBasicResource(pp::GainBasicResource {
                count: (*count).into(),
            }),
            Pending::StoneOrFood { count } => P::StoneOrFood(pp::StoneOrFood {
                count: (*count).into(),
            }),
            Pending::MilitaryTrade => P::MilitaryTrade(pp::MilitaryTrade {}),
            Pending::ChooseBuilding => P::ChooseBuilding(pp::ChooseBuilding {}),
            Pending::ChooseCityCell { tile } => P::ChooseCityCell(pp::ChooseCityCell {
                building: tile.code().to_string(),
                farm: matches!(tile, CityTile::Farm { .. }),
            }),
            Pending::Activations { cells } => P::Activations(pp::Activations {
                cells: cells.iter().map(|&c| c.into()).collect(),
            }),
            Pending::ChooseTemple { steps } => P::ChooseTemple(pp::ChooseTemple {
                steps: (*steps).into(),
            }),
            Pending::ExtraTempleStep { exclude } => P::ExtraTempleStep(pp::ExtraTempleStep {
                excluded: OriginsTemple::from(*exclude) as i32,
            }),
            Pending::RecruitCitizen { free, optional } => P::RecruitCitizen(pp::RecruitCitizen {
                free: *free,
                optional: *optional,
            }),
            Pending::TakeOrator { optional } => P::TakeOrator(pp::TakeOrator {
                optional: *optional,
            }),
            Pending::Sagittarius => P::Sagittarius(pp::Sagittarius {}),
            Pending::Feed { fed } => P::Feed(pp::Feed { fed: (*fed).into() }),
            Pending::VeteransQuarters => P::VeteransQuarters(pp::VeteransQuarters {}),
            Pending::CourtOfJustice => P::CourtOfJustice(pp::CourtOfJustice {}),
            Pending::ConstructionSite => P::ConstructionSite(pp::ConstructionSite {}),
            Pending::Portal => P::Portal(pp::Portal {}),
            Pending::FountainOfWisdom => P::FountainOfWisdom(pp::FountainOfWisdom {}),
            Pending::MagesTower { cell } => P::MagesTower(pp::MagesTower {
                cell: Some((*cell).into()),
            }),
            Pending::Capricorn => P::Capricorn(pp::Capricorn {}),
            Pending::ChooseDistrictCard { cards } => {
                P::ChooseDistrictCard(pp::ChooseDistrictCard {
                    cards: cards.iter().map(|&c| c.into()).collect(),
                })
            }
            Pending::Pass => P::Pass(pp::Pass {}),
            Pending::ChooseWonderCell { wonder: w } => {
                P::ChooseWonderCell(pp::ChooseWonderCell { wonder: wonder(*w) })
            }
            Pending::Colossus => P::Colossus(pp::Colossus {}),
            Pending::Pyramid { paid } => P::Pyramid(pp::Pyramid {
                paid: (*paid).into(),
            }),
            Pending::IshtarGate => P::IshtarGate(pp::IshtarGate {}),
            Pending::GardensFarm => P::GardensFarm(pp::GardensFarm {}),
            Pending::GardensFood => P::GardensFood(pp::GardensFood {}),
        };
        pb::OriginsPending { pending: Some(p) }
    }
}

impl From<&PlacedTile> for pb::OriginsPlacedTile {
    fn from(tile: &PlacedTile) -> Self {
        let (kind, pile) = match tile.tile {
            CityTile::Palace => (pb::OriginsTileKind::Palace, 0),
            CityTile::Agora => (pb::OriginsTileKind::Agora, 0),
            CityTile::Farm { pile, .. } => (pb::OriginsTileKind::Farm, colour(pile)),
            CityTile::Building(_) => (pb::OriginsTileKind::Building, 0),
            CityTile::Wonder(_) => (pb::OriginsTileKind::Wonder, 0),
        };
        let building = match tile.tile {
            CityTile::Farm { building, .. } | CityTile::Building(building) => {
                building.code().to_string()
            }
            CityTile::Palace | CityTile::Agora | CityTile::Wonder(_) => String::new(),
        };
        pb::OriginsPlacedTile {
            kind: kind as i32,
            building,
            pile,
            cells: tile.cells.iter().map(|&c| c.into()).collect(),
            wonder: match tile.tile {
                CityTile::Wonder(w) => wonder(w),
                _ => 0,
            },
        }
    }
}

impl From<&MeetingPlaceView> for pb::OriginsMeetingPlace {
    fn from(m: &MeetingPlaceView) -> Self {
        let main = |a: MainAction| a.code().to_string();
        pb::OriginsMeetingPlace {
            number: m.number.into(),
            colour: colour(m.colour),
            bonus: m.bonus.code().to_string(),
            dial: m.dial.into(),
            top: main(m.top),
            bottom: main(m.bottom),
        }
    }
}

impl From<&Freeman> for pb::OriginsFreeman {
    fn from(f: &Freeman) -> Self {
        pb::OriginsFreeman {
            die: Some(f.die.into()),
            at: f.at.map(u32::from),
        }
    }
}

impl From<&Orator> for pb::OriginsOrator {
    fn from(o: &Orator) -> Self {
        pb::OriginsOrator {
            value: o.value.into(),
            at: o.at.map(u32::from),
        }
    }
}

impl From<&DistrictCardView> for pb::OriginsDistrictCard {
    fn from(c: &DistrictCardView) -> Self {
        pb::OriginsDistrictCard {
            id: c.id.code().to_string(),
            gold: c.gold.into(),
            towers: c.towers.iter().map(|&t| colour(t)).collect(),
        }
    }
}

fn counts(values: &[u8]) -> Vec<u32> {
    values.iter().map(|&v| u32::from(v)).collect()
}

impl From<&PlayerView> for pb::OriginsPlayer {
    fn from(p: &PlayerView) -> Self {
        let amount = |r: Resource| p.resources[r.index()];
        pb::OriginsPlayer {
            seat: seat(p.seat),
            vp: p.vp,
            stone: amount(Resource::Stone),
            food: amount(Resource::Food),
            wisdom: amount(Resource::Wisdom),
            gold: amount(Resource::Gold),
            superiority: p.superiority.into(),
            passed: p.passed,
            archon_at: p.archon_at.map(u32::from),
            freemen: p.freemen.iter().map(Into::into).collect(),
            orators: p.orators.iter().map(Into::into).collect(),
            bases: p.bases.into(),
            counsellors: p.counsellors.iter().map(|&c| colour(c)).collect(),
            towers: counts(&p.towers),
            temples: counts(&p.temples),
            military: p.military.into(),
            zodiac: p.zodiac.iter().map(|z| z.code().to_string()).collect(),
            city: p.city.iter().map(Into::into).collect(),
            seats: p
                .seats
                .iter()
                .map(|&(cell, die)| pb::OriginsSeatOfPower {
                    cell: Some(cell.into()),
                    die: Some(die.into()),
                })
                .collect(),
            kept_tiles: p.kept_tiles.iter().map(|b| b.code().to_string()).collect(),
            scored_cards: p
                .scored_cards
                .iter()
                .map(|c| c.code().to_string())
                .collect(),
            wonder: p.wonder.map(hooks::held),
        }
    }
}

impl From<&View> for pb::OriginsView {
    fn from(view: &View) -> Self {
        let slot = |b: &Option<super::types::BuildingId>| pb::OriginsTileSlot {
            building: b.map(|b| b.code().to_string()),
        };
        #[allow(deprecated)] // `pending` is still filled for older clients
        pb::OriginsView {
            players: view.players.into(),
            round: view.round.into(),
            bastion: seat(view.bastion),
            current: view.current.map(seat),
            pending: view.pending.code().to_string(),
            pending_decision: Some((&view.pending).into()),
            meeting_places: view.meeting_places.iter().map(Into::into).collect(),
            market: view.market.iter().map(slot).collect(),
            pile_tops: view.pile_tops.iter().map(slot).collect(),
            pile_sizes: counts(&view.pile_sizes),
            recruitment: view
                .recruitment
                .iter()
                .map(|d| pb::OriginsRecruitSlot {
                    die: d.map(Into::into),
                })
                .collect(),
            orator_area: view
                .orator_area
                .iter()
                .map(|v| pb::OriginsOratorSlot {
                    value: v.map(u32::from),
                })
                .collect(),
            district_cards: view.district_cards.iter().map(Into::into).collect(),
            floor_reserve: counts(&view.floor_reserve),
            dice_reserve: counts(&view.dice_reserve),
            zodiac: view
                .zodiac
                .iter()
                .zip(Temple::ALL)
                .map(|((card, holder), temple)| pb::OriginsZodiacSlot {
                    temple: OriginsTemple::from(temple) as i32,
                    card: card.code().to_string(),
                    holder: holder.map(seat),
                })
                .collect(),
            superiority_supply: view.superiority_supply.into(),
            solo_neutral: view.solo_neutral.map(u32::from),
            draft_pool: view.draft_pool.iter().map(|&d| d.into()).collect(),
            player_views: view.player_views.iter().map(Into::into).collect(),
            wonders: hooks::wonder_slots(&view.wonders),
            challenges: hooks::challenge_tiles(&view.challenges),
            challenges_scored: view.challenges_scored.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::module_types::Challenges;
    use super::*;
    use crate::{Game, Viewer};
    use pb::OriginsChallenges;

    #[test]
    fn codes_and_names_reach_the_wire_as_before() {
        let state = FirstBuilders::setup(&Options::players(2), 7).expect("setup");
        let view = pb::OriginsView::from(&FirstBuilders::view(&state, Viewer::Spectator));
        #[allow(deprecated)]
        let pending = view.pending.clone();
        assert_eq!(pending, "DRAFT");
        assert_eq!(
            view.pending_decision,
            Some(pb::OriginsPending {
                pending: Some(pp::Pending::Draft(pp::Draft {}))
            })
        );
        let first = &view.meeting_places[0];
        assert_eq!(
            (first.top.as_str(), first.bottom.as_str()),
            ("STONE3", "MILITARY")
        );
        assert!(first.bonus.starts_with("BON_"), "{}", first.bonus);
        assert!(view.market.iter().all(|m| m
            .building
            .as_deref()
            .is_some_and(|b| super::super::types::BuildingId::from_code(b).is_some())));
    }

    #[test]
    fn malformed_actions_name_the_field() {
        let empty = pb::OriginsAction { action: None };
        assert_eq!(Action::try_from(&empty).unwrap_err().field, "action");

        let no_cell = pb::OriginsAction {
            action: Some(pa::Action::Place(pa::Place { cell: None })),
        };
        assert_eq!(Action::try_from(&no_cell).unwrap_err().field, "place.cell");

        let far = pb::OriginsAction {
            action: Some(pa::Action::Place(pa::Place {
                cell: Some(pb::OriginsCell { x: 1 << 20, y: 0 }),
            })),
        };
        assert_eq!(Action::try_from(&far).unwrap_err().field, "place.cell.x");

        let unspecified = pb::OriginsAction {
            action: Some(pa::Action::Track(pa::Track { temple: 0 })),
        };
        let e = Action::try_from(&unspecified).unwrap_err();
        assert_eq!(e.field, "track.temple");
        assert_eq!(e.description, "forest, mountain or sea is required.");

        let unknown = pb::OriginsAction {
            action: Some(pa::Action::SwapDie(pa::SwapDie {
                freeman: 0,
                colour: 99,
            })),
        };
        assert_eq!(
            Action::try_from(&unknown).unwrap_err().field,
            "swap_die.colour"
        );

        let worker = pb::OriginsAction {
            action: Some(pa::Action::Worker(pa::ChooseWorker {
                worker: Some(pb::OriginsWorker { kind: 0, index: 0 }),
            })),
        };
        assert_eq!(
            Action::try_from(&worker).unwrap_err().field,
            "worker.worker.kind"
        );

        let archon = |index| pb::OriginsAction {
            action: Some(pa::Action::Worker(pa::ChooseWorker {
                worker: Some(pb::OriginsWorker {
                    kind: pb::OriginsWorkerKind::Archon as i32,
                    index,
                }),
            })),
        };
        assert_eq!(
            Action::try_from(&archon(0)),
            Ok(Action::Worker(Worker::Archon))
        );
        assert_eq!(
            Action::try_from(&archon(2)).unwrap_err().field,
            "worker.worker.index",
            "the Archon only as listed, with index 0"
        );

        let flat = pb::OriginsAction {
            action: Some(pa::Action::PlaceWonder(pa::PlaceWonder {
                cell: Some(pb::OriginsCell { x: 1, y: 0 }),
                orientation: 0,
            })),
        };
        assert_eq!(
            Action::try_from(&flat).unwrap_err().field,
            "place_wonder.orientation"
        );

        let big = pb::OriginsAction {
            action: Some(pa::Action::MarketTile(pa::MarketTile {
                slot: 256,
                farm: false,
            })),
        };
        assert_eq!(
            Action::try_from(&big).unwrap_err().field,
            "market_tile.slot"
        );
    }

    #[test]
    fn options_say_solo_or_a_player_count() {
        let options = |players, solo| {
            Options::try_from(&pb::OriginsOptions {
                players,
                solo,
                ..Default::default()
            })
        };
        assert_eq!(options(0, true), Ok(Options::players(1)));
        assert_eq!(options(1, true), Ok(Options::players(1)));
        assert_eq!(options(3, false), Ok(Options::players(3)));
        assert_eq!(options(2, true).unwrap_err().field, "players");
        assert_eq!(options(1, false).unwrap_err().field, "players");
        assert_eq!(options(300, false).unwrap_err().field, "players");
        let wonders = |players, solo| {
            Options::try_from(&pb::OriginsOptions {
                players,
                solo,
                wonders: true,
                ..Default::default()
            })
        };
        let with = |players| Options {
            wonders: true,
            ..Options::players(players)
        };
        assert_eq!(wonders(0, true), Ok(with(1)));
        assert_eq!(wonders(4, false), Ok(with(4)));
        assert!(pb::OriginsOptions::from(&with(1)).wonders);
        // 0 and 5 players convert; setup refuses them (the player count is a rule).
        for players in [0, 5] {
            let o = options(players, false).expect("converts");
            assert!(FirstBuilders::setup(&o, 1).is_err(), "{players} players");
        }
    }

    #[test]
    fn challenge_options_events_and_view_reach_the_wire() {
        let with = |challenges: i32| {
            Options::try_from(&pb::OriginsOptions {
                players: 3,
                challenges,
                provisional_challenges: true,
                ..Default::default()
            })
        };
        let long = with(OriginsChallenges::Long as i32).expect("long");
        assert_eq!(
            (long.challenges, long.provisional_challenges),
            (Challenges::Long, true)
        );
        assert_eq!(with(0).expect("unset").challenges, Challenges::None);
        assert_eq!(
            with(OriginsChallenges::None as i32)
                .expect("none")
                .challenges,
            Challenges::None
        );
        let bad = with(9).unwrap_err();
        assert_eq!(bad.field, "challenges");
        assert_eq!(bad.description, "none, short, normal or long is required.");
        let base = pb::OriginsOptions::from(&Options::default());
        assert_eq!(base.challenges, 0, "the base game's options are unchanged");
        assert_eq!(pb::OriginsOptions::from(&long).challenges, 4);

        let tile = super::super::types::ChallengeId::from_code("A09").expect("A09");
        let scored = pb::OriginsEvent::from(&Event::ChallengeScored {
            seat: Seat(2),
            tile,
            vp: 6,
        });
        assert_eq!(
            scored.event,
            Some(pe::Event::ChallengeScored(pe::ChallengeScored {
                seat: 2,
                tile: "A09".into(),
                vp: 6
            }))
        );
        let ended = pb::OriginsEvent::from(&Event::GameEnded {
            reasons: vec![super::super::types::EndReason::ChallengesDone],
        });
        assert_eq!(
            ended.event,
            Some(pe::Event::GameEnded(pe::GameEnded {
                reasons: vec!["CHALLENGES_DONE".into()]
            }))
        );

        let mut state = FirstBuilders::setup(&long, 5).expect("setup");
        state.challenge_row = vec![tile];
        state.challenges_scored = 5;
        let view = pb::OriginsView::from(&FirstBuilders::view(&state, Viewer::Spectator));
        assert_eq!(
            view.challenges,
            vec![pb::OriginsChallengeTile {
                id: "A09".into(),
                provisional: false
            }]
        );
        assert_eq!(view.challenges_scored, 5);
    }
}
