//! Builders and rule probes for tests: readable positions on a [`State`], by codes ("R6",
//! "D01", "BON_TEMPLE"). Not part of the API; components keep their totals (a building put
//! in a city or in the Market leaves its pile, a citizen die given to a player leaves the
//! dice reserve, a tower floor comes out of the box, a Superiority token out of the supply).
//! Resources, VP, die faces and marker positions have no component behind them (the game
//! has no bank): those are plain setters.

use super::data::{tables, ZodiacKind};
use super::module_types::{BoardWonder, ChallengeId, HeldWonder, Wonder};
use super::state::{Phase, Play, Player, State, Task, TurnStep};
use super::tasks::{activate, settle};
use super::types::{
    BonusTileId, BuildingId, Cell, CityTile, Colour, Die, DistrictId, Event, Freeman, Options,
    PlacedTile, Resource, Temple, ZodiacId,
};
use super::{military, round, FirstBuilders};
use crate::{Game, Seat};

/// Building by code ("R6").
pub fn building(code: &str) -> BuildingId {
    BuildingId::from_code(code).unwrap_or_else(|| panic!("no building {code}"))
}

/// District card by code ("D01").
pub fn district(code: &str) -> DistrictId {
    DistrictId::from_code(code).unwrap_or_else(|| panic!("no District card {code}"))
}

/// Bonus tile by code ("BON_TEMPLE").
pub fn bonus_tile(code: &str) -> BonusTileId {
    BonusTileId::from_code(code).unwrap_or_else(|| panic!("no Bonus tile {code}"))
}

/// A citizen die.
pub fn die(colour: Colour, value: u8) -> Die {
    Die { colour, value }
}

/// A Freeman at home (not on a Meeting Place).
pub fn freeman(colour: Colour, value: u8) -> Freeman {
    Freeman {
        die: die(colour, value),
        at: None,
    }
}

/// Most dice of one colour any player count puts in play (the box holds no more).
fn dice_in_box() -> u8 {
    tables()
        .board
        .player_count
        .iter()
        .map(|p| p.dice_per_colour)
        .max()
        .unwrap_or(0)
}

/// Most Orators any player count puts in play.
fn orators_in_box() -> u8 {
    tables()
        .board
        .player_count
        .iter()
        .map(|p| p.orators)
        .max()
        .unwrap_or(0)
}

/// A position under construction.
pub struct Position {
    pub state: State,
}

impl From<State> for Position {
    /// Goes on building from a state (a game part-played by a test, say).
    fn from(state: State) -> Position {
        Position { state }
    }
}

impl Position {
    /// A fresh game (the draft not done yet).
    pub fn setup(players: u8, seed: u64) -> Position {
        let state = FirstBuilders::setup(&Options::players(players), seed).expect("setup");
        Position { state }
    }

    /// A game of `players` (seed 3) after the draft, each seat taking the first listed die.
    pub fn drafted(players: u8) -> Position {
        Position::setup(players, 3).draft()
    }

    /// Plays the draft out, each seat taking the first listed die.
    pub fn draft(mut self) -> Position {
        while self.state.phase == Phase::Draft {
            let seat = self.state.current;
            let action = FirstBuilders::legal_actions(&self.state, seat)
                .first()
                .copied()
                .expect("a draft die");
            FirstBuilders::apply(&mut self.state, seat, &action).expect("draft");
        }
        self
    }

    /// The position; panics if a component total is off (the builder keeps them, so this
    /// guards the builder itself).
    pub fn build(self) -> State {
        if let Err(e) = FirstBuilders::invariants(&self.state) {
            panic!("the position breaks an invariant: {e}");
        }
        self.state
    }

    fn player(&mut self, seat: u8) -> &mut super::state::Player {
        self.state.player_mut(Seat(seat))
    }

    // ------------------------------------------------------------ turn

    /// `seat` is to act (whatever the turn has done so far).
    pub fn current(mut self, seat: u8) -> Self {
        self.state.current = Seat(seat);
        self
    }

    /// Drops the pending decisions (a tile being placed goes back under its pile) and
    /// starts a fresh turn for `seat`.
    pub fn new_turn(mut self, seat: u8) -> Self {
        for task in std::mem::take(&mut self.state.tasks) {
            if let Task::Place {
                tile: CityTile::Building(b) | CityTile::Farm { building: b, .. },
                ..
            } = task
            {
                self.return_building(b);
            }
        }
        self.state.step = TurnStep::Start;
        self.state.superiority_used = false;
        self.state.current = Seat(seat);
        self
    }

    /// `seat` is resolving a turn action and `task` is the decision to make now. A
    /// `Task::Place` holds a tile, so it cannot be pushed here (build through `Task::Build`).
    pub fn task(mut self, seat: u8, task: Task) -> Self {
        assert!(
            !matches!(task, Task::Place { .. }),
            "a Place task holds a tile: start from Task::Build"
        );
        self.state.current = Seat(seat);
        self.state.step = TurnStep::Acting;
        self.state.tasks.push(task);
        self
    }

    // ------------------------------------------------------------ plain values

    /// `seat`'s Stone, Food, Wisdom and Gold.
    pub fn resources(mut self, seat: u8, res: [u32; 4]) -> Self {
        self.player(seat).res = res;
        self
    }

    pub fn resource(mut self, seat: u8, r: Resource, n: u32) -> Self {
        self.player(seat).res[r.index()] = n;
        self
    }

    pub fn vp(mut self, seat: u8, vp: i32) -> Self {
        self.player(seat).vp = vp;
        self
    }

    /// Bought bases (at most the bases a player owns in all).
    pub fn bases(mut self, seat: u8, n: u8) -> Self {
        let total = tables().board.constants.bases_total;
        assert!(n <= total, "{n} bases of {total}");
        assert!(
            usize::from(n) >= self.player(seat).freemen.len(),
            "every Freeman stands on a base"
        );
        self.player(seat).bases = n;
        self
    }

    /// Moves `seat`'s military marker to `space`, on top of any marker already there.
    pub fn military(mut self, seat: u8, space: u8) -> Self {
        let key = self.state.next_top();
        let p = self.player(seat);
        p.military = space;
        p.military_key = key;
        self
    }

    /// Solo: puts the neutral military marker on `space`.
    pub fn neutral_military(mut self, space: u8) -> Self {
        self.state.neutral = Some(space);
        self
    }

    /// Moves `seat`'s marker on `temple` to `step`, on top of any marker already there.
    pub fn temple(mut self, seat: u8, temple: Temple, step: u8) -> Self {
        let key = self.state.next_top();
        let p = self.player(seat);
        p.temples[temple.index()] = step;
        p.temple_key[temple.index()] = key;
        self
    }

    /// `seat`'s markers on the Forest, Mountain and Sea tracks (each arriving on top).
    pub fn temples(self, seat: u8, steps: [u8; 3]) -> Self {
        self.temple(seat, Temple::Forest, steps[0])
            .temple(seat, Temple::Mountain, steps[1])
            .temple(seat, Temple::Sea, steps[2])
    }

    /// The dial of Meeting Place `place` (1..5).
    pub fn dial(mut self, place: u8, value: u8) -> Self {
        self.state.places[usize::from(place) - 1].dial = value;
        self
    }

    /// Every Meeting Place dial at `value`.
    pub fn dials(mut self, value: u8) -> Self {
        for p in self.state.places.iter_mut() {
            p.dial = value;
        }
        self
    }

    /// Puts Bonus tile `code` on Meeting Place `place` (1..5); the tile that was there
    /// goes where `code` was.
    pub fn place_bonus(mut self, place: u8, code: &str) -> Self {
        let idx = bonus_tile(code);
        let at = usize::from(place) - 1;
        if let Some(other) = self.state.places.iter().position(|p| p.bonus == idx) {
            self.state.places[other].bonus = self.state.places[at].bonus;
        }
        self.state.places[at].bonus = idx;
        self
    }

    /// Bonus tiles of Meeting Places 1..5, in order.
    pub fn place_bonuses(self, codes: [&str; 5]) -> Self {
        codes
            .iter()
            .enumerate()
            .fold(self, |p, (i, code)| p.place_bonus(i as u8 + 1, code))
    }

    /// The revealed District cards, with the printed Gold on each (the cards come from the
    /// deck, which the state does not keep).
    pub fn districts(mut self, codes: &[&str]) -> Self {
        let gold = tables().board.constants.gold_per_district_card;
        self.state.districts = codes.iter().map(|c| (district(c), gold)).collect();
        self
    }

    /// Gold left on revealed District card `index` (0-based).
    pub fn district_gold(mut self, index: usize, gold: u8) -> Self {
        self.state.districts[index].1 = gold;
        self
    }

    // ------------------------------------------------------------ citizen dice

    fn take_die(&mut self, colour: Colour) {
        let r = &mut self.state.dice_reserve[colour.index()];
        assert!(*r > 0, "no {} die left in the reserve", colour.code());
        *r -= 1;
    }

    fn return_die(&mut self, colour: Colour) {
        self.state.dice_reserve[colour.index()] += 1;
    }

    /// Dice of `colour` in the reserve: the difference goes to or comes from the box.
    pub fn dice_reserve(mut self, colour: Colour, n: u8) -> Self {
        let i = colour.index();
        let in_play = self.state.dice_total[i] - self.state.dice_reserve[i] + n;
        assert!(
            in_play <= dice_in_box(),
            "only {} {} dice in the box",
            dice_in_box(),
            colour.code()
        );
        self.state.dice_total[i] = in_play;
        self.state.dice_reserve[i] = n;
        self
    }

    /// `seat`'s Freemen (their dice from the reserve; the old ones go back). A Freeman
    /// stands on a base: `seat` buys bases if it has fewer than Freemen.
    pub fn freemen(mut self, seat: u8, freemen: &[Freeman]) -> Self {
        for f in std::mem::take(&mut self.player(seat).freemen) {
            self.return_die(f.die.colour);
        }
        for f in freemen {
            self.take_die(f.die.colour);
        }
        let total = tables().board.constants.bases_total;
        let p = self.player(seat);
        p.freemen = freemen.to_vec();
        let needed = p.freemen.len() as u8;
        assert!(needed <= total, "{needed} Freemen, {total} bases");
        p.bases = p.bases.max(needed);
        self
    }

    /// Turns Freeman `index` of `seat` to `value` (the same die).
    pub fn freeman_value(mut self, seat: u8, index: usize, value: u8) -> Self {
        self.player(seat).freemen[index].die.value = value;
        self
    }

    /// `seat`'s Counsellors (their dice from the reserve; the old ones go back).
    pub fn counsellors(mut self, seat: u8, colours: &[Colour]) -> Self {
        for c in std::mem::take(&mut self.player(seat).counsellors) {
            self.return_die(c);
        }
        for &c in colours {
            self.take_die(c);
        }
        self.player(seat).counsellors = colours.to_vec();
        self
    }

    /// `seat`'s Seats of Power (their dice from the reserve; the old ones go back).
    pub fn seats_of_power(mut self, seat: u8, seats: &[(Cell, Die)]) -> Self {
        for (_, d) in std::mem::take(&mut self.player(seat).seats) {
            self.return_die(d.colour);
        }
        for (_, d) in seats {
            self.take_die(d.colour);
        }
        self.player(seat).seats = seats.to_vec();
        self
    }

    /// Recruitment slot `slot` (1..5): its die comes from the reserve, the old one goes back.
    pub fn recruitment_slot(mut self, slot: u8, d: Option<Die>) -> Self {
        let at = usize::from(slot) - 1;
        if let Some(old) = self.state.recruitment[at].take() {
            self.return_die(old.colour);
        }
        if let Some(d) = d {
            self.take_die(d.colour);
            self.state.recruitment[at] = Some(d);
        }
        self
    }

    /// The whole recruitment track, slots 1..5.
    pub fn recruitment(self, dice: [Option<Die>; 5]) -> Self {
        dice.iter()
            .enumerate()
            .fold(self, |p, (i, d)| p.recruitment_slot(i as u8 + 1, *d))
    }

    // ------------------------------------------------------------ other components

    /// Orators in the Orator area, by slot (their values); Orators added come from the
    /// box, Orators removed go back to it.
    pub fn orator_area(mut self, slots: &[Option<u8>]) -> Self {
        let before = self.state.orator_area.iter().flatten().count();
        let after = slots.iter().flatten().count();
        let total = usize::from(self.state.orators_total) + after - before;
        assert!(
            total <= usize::from(orators_in_box()),
            "only {} Orators in the box",
            orators_in_box()
        );
        self.state.orators_total = total as u8;
        self.state.orator_area = slots.to_vec();
        self
    }

    /// `seat`'s Superiority tokens (taken from or returned to the supply).
    pub fn superiority(mut self, seat: u8, n: u8) -> Self {
        let have = self.player(seat).superiority;
        let supply = self.state.superiority_supply + have;
        assert!(n <= supply, "only {supply} Superiority tokens left");
        self.state.superiority_supply = supply - n;
        self.player(seat).superiority = n;
        self
    }

    /// Tower floors of `colour` in the reserve (the difference goes to or comes from the
    /// box).
    pub fn floor_reserve(mut self, colour: Colour, n: u8) -> Self {
        let i = colour.index();
        let spare = self.state.floor_box[i] + self.state.floor_reserve[i];
        assert!(n <= spare, "only {spare} {} floors left", colour.code());
        self.state.floor_box[i] = spare - n;
        self.state.floor_reserve[i] = n;
        self
    }

    /// The tower-floor reserve of every colour, by `Colour::index` (R, P, B, Y, O).
    pub fn floor_reserves(self, counts: [u8; 5]) -> Self {
        Colour::ALL
            .iter()
            .fold(self, |p, &c| p.floor_reserve(c, counts[c.index()]))
    }

    /// `seat`'s tower of `colour` is `height` floors high (floors from or back to the box).
    pub fn tower(mut self, seat: u8, colour: Colour, height: u8) -> Self {
        let i = colour.index();
        let have = self.player(seat).towers[i];
        let spare = self.state.floor_box[i] + have;
        assert!(
            height <= spare,
            "only {spare} {} floors in the box",
            colour.code()
        );
        self.state.floor_box[i] = spare - height;
        self.player(seat).towers[i] = height;
        self
    }

    /// `seat`'s five towers, by `Colour::index`.
    pub fn towers(self, seat: u8, heights: [u8; 5]) -> Self {
        Colour::ALL
            .iter()
            .fold(self, |p, &c| p.tower(seat, c, heights[c.index()]))
    }

    /// `seat` holds the Zodiac card of `kind`. If that card is not out, it replaces a card
    /// `seat` does not hold (that card goes back to the deck).
    pub fn zodiac(mut self, seat: u8, kind: ZodiacKind) -> Self {
        let seat = Seat(seat);
        let idx = tables().zodiac_card(kind).expect("zodiac card");
        let z = &mut self.state.zodiac;
        let slot = z
            .iter()
            .position(|c| c.0 == idx)
            .or_else(|| z.iter().position(|c| c.1 != Some(seat)))
            .expect("a temple whose card seat does not hold");
        z[slot] = (idx, Some(seat));
        self
    }

    /// The Zodiac card on `temple` and its holder (a card elsewhere swaps places with the
    /// one there).
    pub fn zodiac_card(mut self, temple: Temple, card: ZodiacId, holder: Option<u8>) -> Self {
        let z = &mut self.state.zodiac;
        let at = temple.index();
        if let Some(other) = z.iter().position(|c| c.0 == card) {
            z[other].0 = z[at].0;
        }
        z[at] = (card, holder.map(Seat));
        self
    }

    /// Who holds the Zodiac card on `temple` (`None`: it lies on the temple).
    pub fn zodiac_holder(mut self, temple: Temple, holder: Option<u8>) -> Self {
        self.state.zodiac[temple.index()].1 = holder.map(Seat);
        self
    }

    /// `seat` is resolving a turn action and must place `code` (taken out of its pile or
    /// the Market) for `wisdom` and `stone` more: a building already chosen and paid for.
    pub fn place_task(mut self, seat: u8, code: &str, wisdom: u8, stone: u8) -> Self {
        let b = building(code);
        self.take_building(b);
        self.state.current = Seat(seat);
        self.state.step = TurnStep::Acting;
        self.state.tasks.push(Task::Place {
            tile: CityTile::Building(b),
            wisdom,
            stone,
        });
        self
    }

    /// `seat` keeps `code` (Construction Site) beside its city, out of its pile.
    pub fn kept(mut self, seat: u8, code: &str) -> Self {
        let b = building(code);
        self.take_building(b);
        self.player(seat).kept.push(b);
        self
    }

    // ------------------------------------------------------------ building tiles

    /// Takes one copy of `b` out of its pile (the copy nearest the bottom), or else out of
    /// the Market (the slot is refilled from the top of that pile).
    fn take_building(&mut self, b: BuildingId) {
        let c = b.colour().expect("a building has a colour").index();
        let pile = &mut self.state.piles[c];
        if let Some(i) = pile.iter().position(|&x| x == b) {
            pile.remove(i);
            return;
        }
        if let Some(k) = self.state.market.iter().position(|&m| m == Some(b)) {
            self.state.market[k] = self.state.piles[c].pop();
            return;
        }
        panic!("no {} left in its pile or the Market", b.code());
    }

    /// Puts `b` under its pile.
    fn return_building(&mut self, b: BuildingId) {
        if let Some(c) = b.colour() {
            self.state.piles[c.index()].insert(0, b);
        }
    }

    /// Lays `tile` on `cells` of `seat`'s city (a Wonder covers two); every cell must be
    /// empty.
    fn place_tile(&mut self, seat: u8, tile: CityTile, cells: &[Cell]) {
        for &c in cells {
            assert!(
                !self.state.occupied(Seat(seat), c),
                "cell ({}, {}) of seat {seat} is taken",
                c.x,
                c.y
            );
        }
        self.player(seat).city.push(PlacedTile {
            tile,
            cells: cells.to_vec(),
        });
    }

    /// Builds `code` (out of its pile) in `seat`'s city at (x, y).
    pub fn building(mut self, seat: u8, code: &str, x: i16, y: i16) -> Self {
        let b = building(code);
        self.take_building(b);
        self.place_tile(seat, CityTile::Building(b), &[Cell::new(x, y)]);
        self
    }

    /// Builds `code` (out of its pile) face down as a Farm in `seat`'s city at (x, y).
    pub fn farm(mut self, seat: u8, code: &str, x: i16, y: i16) -> Self {
        let b = building(code);
        let pile = b.colour().expect("a building has a colour");
        self.take_building(b);
        self.place_tile(
            seat,
            CityTile::Farm { pile, building: b },
            &[Cell::new(x, y)],
        );
        self
    }

    /// Market slot `slot` (1..5): the tile comes out of its pile, the old one goes under
    /// its pile.
    pub fn market_slot(mut self, slot: u8, code: Option<&str>) -> Self {
        let at = usize::from(slot) - 1;
        if let Some(old) = self.state.market[at].take() {
            self.return_building(old);
        }
        if let Some(code) = code {
            let b = building(code);
            self.take_building(b);
            self.state.market[at] = Some(b);
        }
        self
    }

    /// The whole Market, slots 1..5 (every old tile goes under its pile first).
    pub fn market(mut self, codes: [&str; 5]) -> Self {
        for at in 0..5 {
            if let Some(old) = self.state.market[at].take() {
                self.return_building(old);
            }
        }
        codes
            .iter()
            .enumerate()
            .fold(self, |p, (i, code)| p.market_slot(i as u8 + 1, Some(code)))
    }
}

// ---------------------------------------------------------------- expansion modules

impl Position {
    /// Takes `wonder` off the board, out of the box and out of any player's hands.
    fn lift_wonder(&mut self, wonder: Wonder) {
        for w in self.state.place_wonders.iter_mut() {
            if w.is_some_and(|w| w.wonder == wonder) {
                *w = None;
            }
        }
        self.state.wonder_box.retain(|&w| w != wonder);
        for p in &mut self.state.players {
            if p.wonder.is_some_and(|h| h.wonder == wonder) {
                p.wonder = None;
                p.city.retain(|t| t.tile != CityTile::Wonder(wonder));
            }
        }
    }

    /// Ancient Wonders: `wonder` above Meeting Place `place` (1..5), from wherever it was;
    /// the Wonder that was there goes to the box.
    pub fn wonder_above(mut self, place: u8, wonder: Wonder, unlocked: bool) -> Self {
        self.lift_wonder(wonder);
        let at = usize::from(place) - 1;
        if let Some(old) = self.state.place_wonders[at].take() {
            self.state.wonder_box.push(old.wonder);
            self.state.wonder_box.sort();
        }
        self.state.place_wonders[at] = Some(BoardWonder { wonder, unlocked });
        self
    }

    /// Ancient Wonders: every Wonder on the board goes to the box.
    pub fn wonders_to_box(mut self) -> Self {
        for w in std::mem::take(&mut self.state.place_wonders) {
            self.state.wonder_box.extend(w.map(|w| w.wonder));
            self.state.place_wonders.push(None);
        }
        self.state.wonder_box.sort();
        self
    }

    /// Ancient Wonders: `seat` holds `wonder` (from wherever it was), claimed only or built
    /// on `cells`.
    pub fn hold_wonder(mut self, seat: u8, wonder: Wonder, cells: Option<[Cell; 2]>) -> Self {
        self.lift_wonder(wonder);
        if let Some(cells) = cells {
            self.place_tile(seat, CityTile::Wonder(wonder), &cells);
        }
        self.player(seat).wonder = Some(HeldWonder {
            wonder,
            built: cells.is_some(),
            used_this_turn: false,
        });
        self
    }

    /// Builders' Challenges: the tiles left in the row, left to right (the tiles are not
    /// components the invariants count).
    pub fn challenge_row(mut self, tiles: &[ChallengeId]) -> Self {
        self.state.challenge_row = tiles.to_vec();
        self
    }
}

// ---------------------------------------------------------------- rule probes

/// `seat`'s record, to write by hand where the builder has no setter. Nothing is kept: a
/// test that moves dice, tiles or Orators this way keeps (or breaks on purpose) the totals
/// [`FirstBuilders::invariants`] checks.
pub fn player_mut(state: &mut State, seat: Seat) -> &mut Player {
    state.player_mut(seat)
}

/// Runs rule code on `state` outside a decision (the state as it is: no turn set up, no
/// [`settle`]) and returns the events it reports.
pub fn run(state: &mut State, f: impl FnOnce(&mut Play<'_>)) -> Vec<Event> {
    let mut events = Vec::new();
    f(&mut Play::new(state, &mut events));
    events
}

/// `seat` attacks (the Military rule, rules 3.6), outside a decision.
pub fn attack(state: &mut State, seat: Seat) -> Vec<Event> {
    run(state, |p| military::attack(p, seat))
}

/// `seat` advances `n` spaces on the military track, outside a decision.
pub fn advance(state: &mut State, seat: Seat, n: u8) -> Vec<Event> {
    run(state, |p| military::advance(p, seat, n))
}

/// The end-of-round military retreat.
pub fn retreat(state: &mut State) -> Vec<Event> {
    run(state, military::retreat)
}

/// The whole end of round (Zodiac awards, Orators, retreat, solo schedule, ...).
pub fn end_of_round(state: &mut State) -> Vec<Event> {
    run(state, round::end_of_round)
}

/// +1 to Freeman `index` of `seat` (a 6 becomes a Counsellor).
pub fn plus_one(state: &mut State, seat: Seat, index: usize) -> Vec<Event> {
    run(state, |p| p.plus_one(seat, index))
}

/// `seat`, acting in a turn of its own, runs rule code; the decisions it opens then
/// settle as in a turn (they are pending after). Returns the events.
pub fn with_play(state: &mut State, seat: Seat, f: impl FnOnce(&mut Play<'_>)) -> Vec<Event> {
    state.current = seat;
    state.step = TurnStep::Acting;
    run(state, |p| {
        f(p);
        settle(p);
    })
}

/// `seat` activates the building at `cell` now, as in a turn of its own; its decisions
/// are then pending.
pub fn activate(state: &mut State, seat: Seat, cell: Cell) -> Vec<Event> {
    with_play(state, seat, |p| activate::activate(p, seat, cell))
}
