//! The full game state and the small helpers every rule module uses.

use super::data::{tables, Ability, ZodiacKind};
use super::types::{
    Cell, CityTile, Colour, Die, Event, Freeman, Options, Orator, PlacedTile, Resource, Temple,
    Worker,
};
use crate::GameRng;
use serde::{Deserialize, Serialize};

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
    pub kept: Vec<u8>,
    pub scored_cards: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Place {
    /// Index into the bonus tile table.
    pub bonus: u8,
    pub dial: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub options: Options,
    pub rng: GameRng,
    pub phase: Phase,
    pub round: u8,
    pub bastion: u8,
    pub current: u8,
    pub step: TurnStep,
    pub superiority_used: bool,
    pub tasks: Vec<Task>,
    pub draft_pool: Vec<Die>,
    pub draft_order: Vec<u8>,
    pub solo_discards: u8,
    pub places: Vec<Place>,
    pub market: [Option<u8>; 5],
    /// Building piles by colour; the last element is the face-up top tile.
    pub piles: [Vec<u8>; 5],
    pub recruitment: [Option<Die>; 5],
    pub orator_area: Vec<Option<u8>>,
    pub dice_reserve: [u8; 5],
    pub dice_total: [u8; 5],
    pub orators_total: u8,
    /// Revealed District cards: (card index, Gold on it).
    pub districts: Vec<(u8, u8)>,
    pub floor_reserve: [u8; 5],
    pub floor_box: [u8; 5],
    /// Zodiac card on each temple (Forest, Mountain, Sea) and its holder.
    pub zodiac: [(u8, Option<u8>); 3],
    pub superiority_supply: u8,
    pub neutral: Option<u8>,
    pub top_key: i64,
    pub bottom_key: i64,
    pub recruit_exhausted: bool,
    pub end_reasons: Vec<String>,
    pub players: Vec<Player>,
    #[serde(skip)]
    pub events: Vec<Event>,
}

impl State {
    pub fn solo(&self) -> bool {
        self.options.players == 1
    }
    pub fn n(&self) -> usize {
        self.players.len()
    }
    pub fn p(&self, seat: u8) -> &Player {
        &self.players[seat as usize % self.players.len()]
    }
    pub fn pm(&mut self, seat: u8) -> &mut Player {
        let n = self.players.len();
        &mut self.players[seat as usize % n]
    }
    pub fn emit(&mut self, e: Event) {
        self.events.push(e);
    }
    pub fn next_top(&mut self) -> i64 {
        self.top_key += 1;
        self.top_key
    }
    pub fn next_bottom(&mut self) -> i64 {
        self.bottom_key -= 1;
        self.bottom_key
    }
    pub fn roll_d5(&mut self) -> u8 {
        self.rng.index(5) as u8 + 1
    }
    pub fn roll_orator(&mut self) -> u8 {
        let faces = &tables().board.orator.faces;
        faces[self.rng.index(faces.len())]
    }

    /// True when `seat` holds the Zodiac card of this kind.
    pub fn has_zodiac(&self, seat: u8, kind: ZodiacKind) -> bool {
        self.zodiac.iter().any(|(card, holder)| {
            *holder == Some(seat)
                && tables()
                    .zodiac
                    .get(*card as usize)
                    .is_some_and(|z| z.kind == kind)
        })
    }

    // ------------------------------------------------------------ resources

    /// Can `seat` pay `n` of `r` (Gold is the wildcard for basic resources, A-27)?
    pub fn can_pay(&self, seat: u8, r: Resource, n: u32) -> bool {
        can_pay_with(&self.p(seat).res, r, n)
    }
    /// Pays, using the named resource first, then Gold. Caller checked `can_pay`.
    pub fn pay(&mut self, seat: u8, r: Resource, n: u32) {
        if n == 0 {
            return;
        }
        let res = pay_with(self.p(seat).res, r, n);
        let before = self.p(seat).res;
        self.pm(seat).res = res;
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
    pub fn gain(&mut self, seat: u8, r: Resource, n: u32) {
        if n == 0 {
            return;
        }
        self.pm(seat).res[r.index()] += n;
        self.emit(Event::Gained {
            seat,
            resource: r,
            amount: n.min(255) as u8,
        });
    }
    pub fn add_vp(&mut self, seat: u8, n: i32, reason: &str) {
        if n == 0 {
            return;
        }
        self.pm(seat).vp += n;
        self.emit(Event::Vp {
            seat,
            amount: n,
            reason: reason.to_string(),
        });
    }

    // ------------------------------------------------------------ dice

    pub fn free_bases(&self, seat: u8) -> usize {
        (self.p(seat).bases as usize).saturating_sub(self.p(seat).freemen.len())
    }

    /// +1 to a Freeman; a 6 becomes a Counsellor (its base returns).
    pub fn plus_one(&mut self, seat: u8, idx: usize) {
        let Some(f) = self.p(seat).freemen.get(idx).copied() else {
            return;
        };
        if f.die.value >= 6 {
            self.pm(seat).freemen.remove(idx);
            self.make_counsellor(seat, f.die.colour);
        } else {
            self.pm(seat).freemen[idx].die.value += 1;
            self.emit(Event::DieChanged {
                seat,
                colour: f.die.colour,
                from: f.die.value,
                to: f.die.value + 1,
            });
        }
    }

    /// +2 capped at 6 (never makes a Counsellor).
    pub fn plus_two(&mut self, seat: u8, idx: usize) {
        if let Some(f) = self.pm(seat).freemen.get_mut(idx) {
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

    pub fn make_counsellor(&mut self, seat: u8, colour: Colour) {
        let dup = self.p(seat).counsellors.contains(&colour) || self.p(seat).counsellors.len() >= 5;
        if dup {
            self.dice_reserve[colour.index()] += 1;
            let k = self.p(seat).counsellors.len();
            let vp = counsellor_vp(k);
            self.add_vp(seat, vp, "duplicate counsellor");
        } else {
            self.pm(seat).counsellors.push(colour);
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

    /// Workers of `seat` free to visit.
    pub fn worker_value(&self, seat: u8, w: Worker) -> Option<Option<u8>> {
        let p = self.p(seat);
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

    pub fn tile_at(&self, seat: u8, c: Cell) -> Option<&PlacedTile> {
        self.p(seat).city.iter().find(|t| t.cells.contains(&c))
    }
    pub fn building_at(&self, seat: u8, c: Cell) -> Option<u8> {
        match self.tile_at(seat, c)?.tile {
            CityTile::Building(b) => Some(b),
            _ => None,
        }
    }
    pub fn buildings(&self, seat: u8) -> impl Iterator<Item = u8> + '_ {
        self.p(seat).city.iter().filter_map(|t| match t.tile {
            CityTile::Building(b) => Some(b),
            _ => None,
        })
    }
    pub fn count_colour(&self, seat: u8, c: Colour) -> usize {
        self.buildings(seat)
            .filter(|b| building_colour(*b) == Some(c))
            .count()
    }
    pub fn count_ability(&self, seat: u8, a: Ability) -> usize {
        self.buildings(seat)
            .filter(|b| {
                tables()
                    .buildings
                    .get(*b as usize)
                    .is_some_and(|x| x.ability == a)
            })
            .count()
    }
    pub fn farms(&self, seat: u8) -> usize {
        self.p(seat)
            .city
            .iter()
            .filter(|t| matches!(t.tile, CityTile::Farm { .. }))
            .count()
    }
    pub fn occupied(&self, seat: u8, c: Cell) -> bool {
        self.tile_at(seat, c).is_some()
    }
    /// Empty cells sharing an edge with the city.
    pub fn free_cells(&self, seat: u8) -> Vec<Cell> {
        let mut out: Vec<Cell> = Vec::new();
        for t in &self.p(seat).city {
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
    pub fn temple_step(&self, seat: u8, t: Temple) -> u8 {
        self.p(seat).temples[t.index()]
    }
    pub fn red_dice(&self, seat: u8) -> usize {
        let p = self.p(seat);
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

pub fn building_colour(b: u8) -> Option<Colour> {
    tables().buildings.get(b as usize).map(|x| x.colour)
}

pub fn building_ability(b: u8) -> Option<Ability> {
    tables().buildings.get(b as usize).map(|x| x.ability)
}

pub fn building_id(b: u8) -> String {
    tables()
        .buildings
        .get(b as usize)
        .map(|x| x.id.clone())
        .unwrap_or_default()
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
