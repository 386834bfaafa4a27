//! Setup (rules page 1.3 / 1.4): board, market, recruitment, districts, towers, draft.

use super::data::tables;
use super::state::{Phase, Place, Player, State, TurnStep};
use super::types::{
    BonusTileId, BuildingId, Cell, CityTile, Colour, Die, DistrictId, Options, PlacedTile, ZodiacId,
};
use crate::{GameRng, Seat, SetupError};

/// Seat number `i` (at most 4 seats).
fn seat_at(i: usize) -> Seat {
    Seat(i as u8)
}

pub fn setup(options: &Options, seed: u64) -> Result<State, SetupError> {
    let t = tables();
    super::modules::check_options(options)?;
    let pc = t.player_count(options.players).ok_or_else(|| {
        SetupError(format!(
            "Origins: First Builders needs 1 (solo) to 4 players, not {}.",
            options.players
        ))
    })?;
    let mut rng = GameRng::seeded(seed);
    let n = options.players as usize;
    let c = &t.board.constants;

    // S3-S4: bonus tiles and motherships.
    let mut bonus: Vec<BonusTileId> = BonusTileId::all().collect();
    rng.shuffle(&mut bonus);
    let places = bonus.iter().map(|&b| Place { bonus: b, dial: 1 }).collect();

    // S5: zodiac.
    let mut zod: Vec<ZodiacId> = ZodiacId::all().collect();
    rng.shuffle(&mut zod);
    let [z0, z1, z2, ..] = zod[..] else {
        return Err(SetupError("origins data: 3 Zodiac cards needed".into()));
    };
    let zodiac = [(z0, None), (z1, None), (z2, None)];

    // S6-S7: piles and market.
    let mut piles: [Vec<BuildingId>; 5] = Default::default();
    for b in BuildingId::all() {
        if let Some(row) = b.row() {
            for _ in 0..row.copies {
                piles[row.colour.index()].push(b);
            }
        }
    }
    for p in piles.iter_mut() {
        rng.shuffle(p);
    }
    let mut first: Vec<BuildingId> = piles.iter_mut().filter_map(|p| p.pop()).collect();
    rng.shuffle(&mut first);
    let mut market = [None; 5];
    for (i, b) in first.into_iter().enumerate().take(5) {
        market[i] = Some(b);
    }

    let mut state = State {
        options: options.clone(),
        rng,
        phase: Phase::Draft,
        round: 1,
        bastion: Seat(0),
        current: Seat(0),
        step: TurnStep::Start,
        superiority_used: false,
        tasks: Vec::new(),
        draft_pool: Vec::new(),
        draft_order: Vec::new(),
        solo_discards: 0,
        places,
        market,
        piles,
        known_bottoms: [0; 5],
        recruitment: [None; 5],
        orator_area: vec![None; 4],
        dice_reserve: [pc.dice_per_colour; 5],
        dice_total: [pc.dice_per_colour; 5],
        orators_total: pc.orators,
        districts: Vec::new(),
        floor_reserve: [0; 5],
        floor_box: [c.floors_per_colour; 5],
        zodiac,
        superiority_supply: c.superiority_tokens,
        neutral: None,
        top_key: 0,
        bottom_key: 0,
        end_reasons: Vec::new(),
        players: Vec::new(),
        place_wonders: Vec::new(),
        wonder_box: Vec::new(),
        challenge_row: Vec::new(),
        challenges_scored: 0,
    };

    // S8: citizen recruitment.
    let mut rolled: Vec<Die> = Colour::ALL
        .iter()
        .map(|&colour| {
            let value = state.roll_d5();
            Die { colour, value }
        })
        .collect();
    for d in &rolled {
        state.dice_reserve[d.colour.index()] -= 1;
    }
    rolled = recruitment_order(rolled, &state.market);
    for (i, d) in rolled.into_iter().enumerate() {
        state.recruitment[i] = Some(d);
    }

    // S9: orators.
    for i in 0..pc.orators as usize {
        let v = state.roll_orator();
        if let Some(s) = state.orator_area.get_mut(i) {
            *s = Some(v);
        }
    }

    // S10-S14: district cards and tower floors.
    let mut deck: Vec<DistrictId> = DistrictId::all().collect();
    state.rng.shuffle(&mut deck);
    state.districts = deck
        .iter()
        .take(pc.district_cards as usize)
        .map(|&d| (d, c.gold_per_district_card))
        .collect();
    let cards: Vec<DistrictId> = state.districts.iter().map(|(d, _)| *d).collect();
    let reserve = tower_reserve(&cards);
    for col in Colour::ALL {
        for _ in 0..reserve[col.index()] {
            move_floor(&mut state, col);
        }
    }

    // S15-S19: players.
    for _ in 0..n {
        for col in Colour::ALL {
            state.floor_box[col.index()] = state.floor_box[col.index()].saturating_sub(1);
        }
        state.players.push(Player {
            vp: 0,
            res: [1, 1, 1, 1],
            superiority: 0,
            passed: false,
            archon_at: None,
            freemen: Vec::new(),
            orators: Vec::new(),
            bases: c.bases_start,
            counsellors: Vec::new(),
            towers: [1; 5],
            temples: [0; 3],
            temple_key: [0; 3],
            military: 0,
            military_key: 0,
            city: vec![
                PlacedTile {
                    tile: CityTile::Palace,
                    cells: vec![Cell::new(0, 0)],
                },
                PlacedTile {
                    tile: CityTile::Agora,
                    cells: vec![Cell::new(0, 1)],
                },
            ],
            seats: Vec::new(),
            kept: Vec::new(),
            scored_cards: Vec::new(),
            wonder: None,
        });
    }

    // S20-S21: first player, military stack in turn order.
    let first = state.rng.index(n);
    state.bastion = seat_at(first);
    state.current = seat_at(first);
    for k in 0..n {
        let s = seat_at((first + k) % n);
        let key = state.next_top();
        state.player_mut(s).military_key = key;
        for tr in 0..3 {
            state.player_mut(s).temple_key[tr] = key;
        }
    }
    if state.solo() {
        state.neutral = Some(0);
    }

    // Expansion modules, before the draft roll (AW 2.1; fixed RNG order so seeds replay):
    // the Wonders first, then the Builders' Challenges row.
    super::modules::setup(&mut state);

    // S22-S23: draft.
    if state.solo() {
        for col in Colour::ALL {
            let value = state.roll_d5();
            state.dice_reserve[col.index()] -= 1;
            state.draft_pool.push(Die { colour: col, value });
        }
        state.solo_discards = 3;
        state.draft_order = vec![Seat(0); 3];
    } else {
        for col in Colour::ALL {
            for _ in 0..c.draft_dice_per_colour {
                let value = state.roll_d5();
                state.dice_reserve[col.index()] -= 1;
                state.draft_pool.push(Die { colour: col, value });
            }
        }
        let forward: Vec<Seat> = (0..n).map(|k| seat_at((first + k) % n)).collect();
        let mut order = forward.clone();
        order.extend(forward.iter().rev());
        state.draft_order = order;
    }
    Ok(state)
}

fn move_floor(state: &mut State, col: Colour) {
    let i = col.index();
    if state.floor_box[i] > 0 {
        state.floor_box[i] -= 1;
        state.floor_reserve[i] += 1;
    }
}

/// S12: the tower-floor reserve: one floor per colour plus one per tower printed on the
/// revealed District cards.
pub fn tower_reserve(cards: &[DistrictId]) -> [u8; 5] {
    let mut r = [1u8; 5];
    for &c in cards {
        if let Some(d) = c.row() {
            for colour in &d.towers {
                r[colour.index()] += 1;
            }
        }
    }
    r
}

/// S8: recruitment dice in ascending value; ties: the colour whose building sits lower on
/// the Market (higher slot number) goes further left.
pub fn recruitment_order(mut rolled: Vec<Die>, market: &[Option<BuildingId>; 5]) -> Vec<Die> {
    let pos = |colour: Colour| -> usize {
        market
            .iter()
            .position(|m| m.and_then(BuildingId::colour) == Some(colour))
            .unwrap_or(0)
    };
    rolled.sort_by_key(|d| (d.value, std::cmp::Reverse(pos(d.colour))));
    rolled
}
