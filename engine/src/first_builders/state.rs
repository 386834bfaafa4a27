//! The full game state and the small helpers every rule module uses.

use super::data::{tables, Ability, ZodiacKind};
use super::module_types::{BoardWonder, ChallengeId, HeldWonder, Wonder};
use super::types::{
    BonusTileId, BuildingId, Cell, CityTile, Colour, Die, DistrictId, EndReason, Event, Freeman,
    Options, Orator, PlacedTile, Resource, Temple, Worker, ZodiacId,
};
use crate::{GameRng, Seat};
use serde::{Deserialize, Serialize};
use std::ops::{Deref, DerefMut};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    Draft,
    Play,
    Over,
}

/// Where the current turn stands when no task is pending.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TurnStep {
    /// Choose a turn action.
    Start,
    /// A turn action is resolving (tasks pending).
    Acting,
    /// Turn action done: spend a Superiority token for one more, or end the turn.
    After,
}

/// A pending step of a turn. The top of `State::tasks` is the decision to make.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Task {
    ChoosePlace {
        worker: Worker,
    },
    ChooseSeat {
        freeman: u8,
    },
    Visit {
        place: u8,
        done: [bool; 2],
        double: bool,
        bonus_allowed: bool,
        bonus_done: bool,
    },
    SoloDial {
        place: u8,
    },
    /// Advance `advance` and/or attack (`either`: exactly one of the two).
    Military {
        advance: u8,
        either: bool,
        advanced: bool,
        attacked: bool,
    },
    GainBasic {
        n: u8,
    },
    StoneOrFood {
        n: u8,
    },
    Trade,
    Build,
    Place {
        tile: CityTile,
        wisdom: u8,
        stone: u8,
    },
    Activate {
        cells: Vec<Cell>,
        /// The building was just built (Aquarius answers a built Temple only).
        #[serde(default)]
        built: bool,
    },
    Temple {
        steps: u8,
        card: bool,
        aquarius: bool,
    },
    TempleExtra {
        exclude: Temple,
    },
    Recruit {
        free: bool,
        optional: bool,
    },
    TakeOrator {
        optional: bool,
    },
    SagittariusFreeman,
    SagittariusOrator,
    Feed {
        done: u8,
    },
    Veterans,
    Court,
    ConstructionSite,
    Portal,
    Fountain,
    Mages {
        cell: Cell,
    },
    Capricorn,
    DistrictCard {
        options: Vec<u8>,
    },
    /// Automatic: end of the Pass procedure (return workers, aging).
    PassFinish,
    // ---- Ancient Wonders (rules and decisions in `modules::wonders`)
    /// Place the Wonder being built (paid when placed).
    PlaceWonder {
        wonder: Wonder,
    },
    Colossus,
    Pyramid {
        paid: u8,
    },
    Ishtar,
    GardensFarm,
    /// Automatic: the Hanging Gardens' Food, after its Farm.
    GardensFood,
    /// A Mages' Tower at `cell` copied by another: it uses a building adjacent to
    /// itself, never a tower of `used` (the towers of this chain, `cell` included), so a
    /// chain ends after at most one use of each tower. Last, so stored tasks keep their
    /// encoding.
    MagesCopy {
        cell: Cell,
        used: Vec<Cell>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub vp: i32,
    pub res: [u32; 4],
    pub superiority: u8,
    pub passed: bool,
    pub archon_at: Option<u8>,
    pub freemen: Vec<Freeman>,
    pub orators: Vec<Orator>,
    pub bases: u8,
    pub counsellors: Vec<Colour>,
    pub towers: [u8; 5],
    pub temples: [u8; 3],
    pub temple_key: [i64; 3],
    pub military: u8,
    pub military_key: i64,
    pub city: Vec<PlacedTile>,
    pub seats: Vec<(Cell, Die)>,
    pub kept: Vec<BuildingId>,
    pub scored_cards: Vec<DistrictId>,
    /// Ancient Wonders: the one Wonder claimed this game.
    #[serde(default)]
    pub wonder: Option<HeldWonder>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Place {
    /// Index into the bonus tile table.
    pub bonus: BonusTileId,
    pub dial: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub(crate) options: Options,
    pub(crate) rng: GameRng,
    pub(crate) phase: Phase,
    pub(crate) round: u8,
    pub(crate) bastion: Seat,
    pub(crate) current: Seat,
    pub(crate) step: TurnStep,
    pub(crate) superiority_used: bool,
    pub(crate) tasks: Vec<Task>,
    pub(crate) draft_pool: Vec<Die>,
    pub(crate) draft_order: Vec<Seat>,
    pub(crate) solo_discards: u8,
    pub(crate) places: Vec<Place>,
    pub(crate) market: [Option<BuildingId>; 5],
    /// Building piles by colour; the last element is the face-up top tile.
    pub(crate) piles: [Vec<BuildingId>; 5],
    /// How many tiles at the bottom of each pile every seat saw go there (Farms returned
    /// under their pile by Virgo, the last one lowest), at most the pile's size: the order
    /// of the rest below the top is hidden, theirs is known.
    #[serde(default)]
    pub(crate) known_bottoms: [u8; 5],
    pub(crate) recruitment: [Option<Die>; 5],
    pub(crate) orator_area: Vec<Option<u8>>,
    pub(crate) dice_reserve: [u8; 5],
    pub(crate) dice_total: [u8; 5],
    pub(crate) orators_total: u8,
    /// Revealed District cards and the Gold on each.
    pub(crate) districts: Vec<(DistrictId, u8)>,
    pub(crate) floor_reserve: [u8; 5],
    pub(crate) floor_box: [u8; 5],
    /// Zodiac card on each temple (Forest, Mountain, Sea) and its holder.
    pub(crate) zodiac: [(ZodiacId, Option<Seat>); 3],
    pub(crate) superiority_supply: u8,
    pub(crate) neutral: Option<u8>,
    pub(crate) top_key: i64,
    pub(crate) bottom_key: i64,
    pub(crate) end_reasons: Vec<EndReason>,
    pub(crate) players: Vec<Player>,
    /// Ancient Wonders: the Wonder above each Meeting Place (index = place - 1), `None`
    /// once claimed or when the place got none; empty without the module.
    #[serde(default)]
    pub(crate) place_wonders: Vec<Option<BoardWonder>>,
    /// Ancient Wonders: the Wonders returned to the box at setup.
    #[serde(default)]
    pub(crate) wonder_box: Vec<Wonder>,
    /// Builders' Challenges: the tiles still in the row, left to right.
    #[serde(default)]
    pub(crate) challenge_row: Vec<ChallengeId>,
    /// Builders' Challenges: tiles scored so far.
    #[serde(default)]
    pub(crate) challenges_scored: u8,
}

impl State {
    pub fn solo(&self) -> bool {
        self.options.players == 1
    }
    pub fn seat_count(&self) -> usize {
        self.players.len()
    }
    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[seat.index() % self.players.len()]
    }
    /// Every player, in seat order.
    pub fn players(&self) -> &[Player] {
        &self.players
    }
    pub fn options(&self) -> &Options {
        &self.options
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn round(&self) -> u8 {
        self.round
    }
    /// The seat holding the Bastion (first player of the round).
    pub fn bastion(&self) -> Seat {
        self.bastion
    }
    pub fn current(&self) -> Seat {
        self.current
    }
    pub fn step(&self) -> TurnStep {
        self.step
    }
    /// Pending steps of the turn; the last is the decision to make.
    pub fn tasks(&self) -> &[Task] {
        &self.tasks
    }
    pub fn draft_pool(&self) -> &[Die] {
        &self.draft_pool
    }
    /// Meeting Places 1..5 (index 0 is place 1).
    pub fn places(&self) -> &[Place] {
        &self.places
    }
    /// Market slots 1..5 (index 0 is slot 1).
    pub fn market(&self) -> &[Option<BuildingId>; 5] {
        &self.market
    }
    /// The building pile of `colour`, bottom first; the last is the face-up top tile.
    pub fn pile(&self, colour: Colour) -> &[BuildingId] {
        &self.piles[colour.index()]
    }
    /// Recruitment track slots 1..5 (index 0 is slot 1).
    pub fn recruitment(&self) -> &[Option<Die>; 5] {
        &self.recruitment
    }
    /// Orator area slots (index 0 is slot 1).
    pub fn orator_area(&self) -> &[Option<u8>] {
        &self.orator_area
    }
    /// Citizen dice of `colour` in the reserve.
    pub fn dice_reserve(&self, colour: Colour) -> u8 {
        self.dice_reserve[colour.index()]
    }
    /// Citizen dice of `colour` in play (reserve, track, draft, players).
    pub fn dice_total(&self, colour: Colour) -> u8 {
        self.dice_total[colour.index()]
    }
    /// Tower floors of `colour` in the reserve (the end condition counts them).
    pub fn floor_reserve(&self, colour: Colour) -> u8 {
        self.floor_reserve[colour.index()]
    }
    /// Tower floors of `colour` left in the box (neither in the reserve nor in towers).
    pub fn floor_box(&self, colour: Colour) -> u8 {
        self.floor_box[colour.index()]
    }
    /// Revealed District cards and the Gold on each.
    pub fn districts(&self) -> &[(DistrictId, u8)] {
        &self.districts
    }
    /// Zodiac card on each temple (Forest, Mountain, Sea) and its holder.
    pub fn zodiac(&self) -> &[(ZodiacId, Option<Seat>); 3] {
        &self.zodiac
    }
    pub fn superiority_supply(&self) -> u8 {
        self.superiority_supply
    }
    /// Orators in play (area and players).
    pub fn orators_total(&self) -> u8 {
        self.orators_total
    }
    /// Solo: the neutral military marker's space.
    pub fn neutral(&self) -> Option<u8> {
        self.neutral
    }
    pub fn end_reasons(&self) -> &[EndReason] {
        &self.end_reasons
    }
    pub(crate) fn player_mut(&mut self, seat: Seat) -> &mut Player {
        let n = self.players.len();
        &mut self.players[seat.index() % n]
    }
    /// The seats in table order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> {
        (0..self.players.len() as u8).map(Seat)
    }
    pub(crate) fn next_top(&mut self) -> i64 {
        self.top_key += 1;
        self.top_key
    }
    pub(crate) fn next_bottom(&mut self) -> i64 {
        self.bottom_key -= 1;
        self.bottom_key
    }
    pub(crate) fn roll_d5(&mut self) -> u8 {
        self.rng.index(5) as u8 + 1
    }
    pub(crate) fn roll_orator(&mut self) -> u8 {
        let faces = &tables().board.orator.faces;
        faces[self.rng.index(faces.len())]
    }

    /// True when `seat` holds the Zodiac card of this kind.
    pub fn has_zodiac(&self, seat: Seat, kind: ZodiacKind) -> bool {
        self.zodiac.iter().any(|(card, holder)| {
            *holder == Some(seat) && card.row().is_some_and(|z| z.kind == kind)
        })
    }

    // ------------------------------------------------------------ resources

    /// Can `seat` pay `n` of `r` (Gold is the wildcard for basic resources, A-27)?
    pub fn can_pay(&self, seat: Seat, r: Resource, n: u32) -> bool {
        can_pay_with(&self.player(seat).res, r, n)
    }
    pub fn free_bases(&self, seat: Seat) -> usize {
        (self.player(seat).bases as usize).saturating_sub(self.player(seat).freemen.len())
    }

    /// Workers of `seat` free to visit.
    pub fn worker_value(&self, seat: Seat, w: Worker) -> Option<Option<u8>> {
        let p = self.player(seat);
        match w {
            Worker::Archon => p.archon_at.is_none().then_some(None),
            Worker::Freeman(i) => p
                .freemen
                .get(i as usize)
                .filter(|f| f.at.is_none())
                .map(|f| Some(f.die.value)),
            Worker::Orator(i) => p
                .orators
                .get(i as usize)
                .filter(|o| o.at.is_none())
                .map(|o| Some(o.value)),
        }
    }

    // ------------------------------------------------------------ city

    pub fn tile_at(&self, seat: Seat, c: Cell) -> Option<&PlacedTile> {
        self.player(seat).city.iter().find(|t| t.cells.contains(&c))
    }
    pub fn building_at(&self, seat: Seat, c: Cell) -> Option<BuildingId> {
        match self.tile_at(seat, c)?.tile {
            CityTile::Building(b) => Some(b),
            _ => None,
        }
    }
    pub fn buildings(&self, seat: Seat) -> impl Iterator<Item = BuildingId> + '_ {
        self.player(seat).city.iter().filter_map(|t| match t.tile {
            CityTile::Building(b) => Some(b),
            _ => None,
        })
    }
    pub fn count_colour(&self, seat: Seat, c: Colour) -> usize {
        self.buildings(seat)
            .filter(|b| b.colour() == Some(c))
            .count()
    }
    pub fn count_ability(&self, seat: Seat, a: Ability) -> usize {
        self.buildings(seat)
            .filter(|b| b.ability() == Some(a))
            .count()
    }
    pub fn farms(&self, seat: Seat) -> usize {
        self.player(seat)
            .city
            .iter()
            .filter(|t| matches!(t.tile, CityTile::Farm { .. }))
            .count()
    }
    pub fn occupied(&self, seat: Seat, c: Cell) -> bool {
        self.tile_at(seat, c).is_some()
    }
    /// Empty cells sharing an edge with the city.
    pub fn free_cells(&self, seat: Seat) -> Vec<Cell> {
        let mut out: Vec<Cell> = Vec::new();
        for t in &self.player(seat).city {
            for c in &t.cells {
                for nb in c.neighbours() {
                    if !self.occupied(seat, nb) && !out.contains(&nb) {
                        out.push(nb);
                    }
                }
            }
        }
        out.sort();
        out
    }
    pub fn temple_step(&self, seat: Seat, t: Temple) -> u8 {
        self.player(seat).temples[t.index()]
    }
    /// May `seat` spend a Superiority token for one more turn action now?
    pub fn can_use_superiority(&self, seat: Seat) -> bool {
        !self.superiority_used && self.player(seat).superiority > 0 && !self.player(seat).passed
    }
    /// Taurus: one Wisdom less at the Market and the Recruitment row.
    pub fn taurus(&self, seat: Seat) -> u8 {
        u8::from(self.has_zodiac(seat, ZodiacKind::Taurus))
    }
    /// Indexes of the Freemen of `seat` not on a Meeting Place.
    pub fn unused_freemen(&self, seat: Seat) -> impl Iterator<Item = u8> + '_ {
        self.player(seat)
            .freemen
            .iter()
            .enumerate()
            .filter(|(_, f)| f.at.is_none())
            .map(|(i, _)| i as u8)
    }
    pub fn red_dice(&self, seat: Seat) -> usize {
        let p = self.player(seat);
        p.freemen
            .iter()
            .filter(|f| f.die.colour == Colour::Red)
            .count()
            + p.seats
                .iter()
                .filter(|(_, d)| d.colour == Colour::Red)
                .count()
    }
}

/// A state being played on, with the sink its events go to (the `events` that
/// [`crate::Game::perform`] receives). Rule code that changes the state takes a `Play`;
/// reading goes through to the state.
pub struct Play<'a> {
    state: &'a mut State,
    events: &'a mut Vec<Event>,
}

impl Deref for Play<'_> {
    type Target = State;
    fn deref(&self) -> &State {
        self.state
    }
}

impl DerefMut for Play<'_> {
    fn deref_mut(&mut self) -> &mut State {
        self.state
    }
}

impl<'a> Play<'a> {
    pub(crate) fn new(state: &'a mut State, events: &'a mut Vec<Event>) -> Self {
        Play { state, events }
    }
    pub fn emit(&mut self, e: Event) {
        self.events.push(e);
    }

    /// Spends one of `seat`'s Superiority tokens (for a turn action or a solo dial freeze).
    pub fn spend_superiority(&mut self, seat: Seat) {
        self.player_mut(seat).superiority -= 1;
        self.superiority_supply += 1;
        self.superiority_used = true;
        self.emit(Event::SuperiorityUsed { seat });
    }

    /// Pays, using the named resource first, then Gold. Caller checked `can_pay`.
    pub fn pay(&mut self, seat: Seat, r: Resource, n: u32) {
        if n == 0 {
            return;
        }
        let res = pay_with(self.player(seat).res, r, n);
        let before = self.player(seat).res;
        self.player_mut(seat).res = res;
        for k in [
            Resource::Stone,
            Resource::Food,
            Resource::Wisdom,
            Resource::Gold,
        ] {
            let d = before[k.index()] - res[k.index()];
            if d > 0 {
                self.emit(Event::Paid {
                    seat,
                    resource: k,
                    amount: d as u8,
                });
            }
        }
    }
    pub fn gain(&mut self, seat: Seat, r: Resource, n: u32) {
        if n == 0 {
            return;
        }
        self.player_mut(seat).res[r.index()] += n;
        self.emit(Event::Gained {
            seat,
            resource: r,
            amount: n.min(255) as u8,
        });
    }
    pub fn add_vp(&mut self, seat: Seat, n: i32, reason: &str) {
        if n == 0 {
            return;
        }
        self.player_mut(seat).vp += n;
        self.emit(Event::Vp {
            seat,
            amount: n,
            reason: reason.to_string(),
        });
    }

    /// +1 to a Freeman; a 6 becomes a Counsellor (its base returns).
    pub fn plus_one(&mut self, seat: Seat, idx: usize) {
        let Some(f) = self.player(seat).freemen.get(idx).copied() else {
            return;
        };
        if f.die.value >= 6 {
            self.player_mut(seat).freemen.remove(idx);
            self.make_counsellor(seat, f.die.colour);
        } else {
            self.player_mut(seat).freemen[idx].die.value += 1;
            self.emit(Event::DieChanged {
                seat,
                colour: f.die.colour,
                from: f.die.value,
                to: f.die.value + 1,
            });
        }
    }

    /// +2 capped at 6 (never makes a Counsellor).
    pub fn plus_two(&mut self, seat: Seat, idx: usize) {
        if let Some(f) = self.player_mut(seat).freemen.get_mut(idx) {
            let from = f.die.value;
            f.die.value = (from + 2).min(6);
            let (colour, to) = (f.die.colour, f.die.value);
            self.emit(Event::DieChanged {
                seat,
                colour,
                from,
                to,
            });
        }
    }

    pub fn make_counsellor(&mut self, seat: Seat, colour: Colour) {
        let dup = self.player(seat).counsellors.contains(&colour)
            || self.player(seat).counsellors.len() >= 5;
        if dup {
            self.dice_reserve[colour.index()] += 1;
            let k = self.player(seat).counsellors.len();
            let vp = counsellor_vp(k);
            self.add_vp(seat, vp, "duplicate counsellor");
        } else {
            self.player_mut(seat).counsellors.push(colour);
        }
        self.emit(Event::CounsellorMade {
            seat,
            colour,
            duplicate: dup,
        });
        if self.has_zodiac(seat, ZodiacKind::Scorpio) {
            self.gain(seat, Resource::Wisdom, 1);
        }
    }
}

pub fn can_pay_with(res: &[u32; 4], r: Resource, n: u32) -> bool {
    if r == Resource::Gold {
        res[3] >= n
    } else {
        res[r.index()] + res[3] >= n
    }
}

pub fn pay_with(mut res: [u32; 4], r: Resource, n: u32) -> [u32; 4] {
    let own = res[r.index()].min(n);
    res[r.index()] -= own;
    let rest = n - own;
    res[3] = res[3].saturating_sub(rest);
    res
}

/// VP beside the rightmost occupied Counsellor space (`k` Counsellors).
pub fn counsellor_vp(k: usize) -> i32 {
    if k == 0 {
        0
    } else {
        tables()
            .board
            .counsellors
            .vp
            .get(k - 1)
            .copied()
            .unwrap_or(0)
    }
}

pub fn temple_vp(step: u8) -> i32 {
    let vp = &tables().board.temple.vp;
    vp.get(step as usize).or(vp.last()).copied().unwrap_or(0)
}
