//! The 30 building abilities (rules page 3.9).

use super::data::{tables, Ability, ZodiacKind};
use super::military::{advance, weaker};
use super::state::{Play, Task};
use super::tasks::temple::move_temple;
use super::types::{Cell, Colour, Resource, Temple};
use crate::Seat;

fn table_vp(row: &[i32], k: usize) -> i32 {
    row.get(k).or(row.last()).copied().unwrap_or(0)
}

/// Runs ability `a` of the building at `cell`; `built`: it was just built (not activated by
/// a District nor copied), which only Aquarius cares about.
pub fn run(state: &mut Play<'_>, seat: Seat, cell: Cell, a: Ability, built: bool) {
    let t = tables();
    match a {
        Ability::Granary => {
            let n = 1 + state.farms(seat) as u32;
            state.gain(seat, Resource::Food, n);
        }
        Ability::Port => {
            let n = state.count_colour(seat, Colour::Yellow) as i32;
            state.add_vp(seat, 2 * n, "Port");
        }
        Ability::Market => {
            let n = state
                .player(seat)
                .freemen
                .iter()
                .filter(|f| f.die.colour == Colour::Yellow)
                .count() as i32;
            state.add_vp(seat, 4 * n, "Market");
        }
        Ability::Mint => state.gain(seat, Resource::Gold, 1),
        Ability::Quarry => {
            let empty = cell
                .neighbours()
                .iter()
                .filter(|&&c| !state.occupied(seat, c))
                .count() as u32;
            state.gain(seat, Resource::Stone, 1 + empty);
        }
        Ability::Workshop => state.tasks.push(Task::GainBasic { n: 1 }),
        Ability::Armoury => state.tasks.push(Task::Military {
            advance: 2,
            either: false,
            advanced: false,
            attacked: false,
        }),
        Ability::Arena => {
            let b = state.count_colour(seat, Colour::Red) as i32;
            let f = state
                .player(seat)
                .freemen
                .iter()
                .filter(|f| f.die.colour == Colour::Red)
                .count() as i32;
            state.add_vp(seat, 2 * b + 2 * f, "Arena");
        }
        Ability::Outpost => state.tasks.push(Task::Military {
            advance: 1,
            either: true,
            advanced: false,
            attacked: false,
        }),
        Ability::Equestrian => {
            advance(state, seat, 2);
            let n = weaker(state, seat) as u8;
            if n > 0 {
                state.tasks.push(Task::StoneOrFood { n });
            }
        }
        Ability::Fortress => {
            let n = state.count_colour(seat, Colour::Red) as u8;
            advance(state, seat, n);
        }
        Ability::Veterans => state.tasks.push(Task::Veterans),
        Ability::Castle => {
            let n = state.player(seat).seats.len() as i32;
            state.add_vp(seat, 1 + 3 * n, "Castle");
        }
        Ability::ConstructionSite => state.tasks.push(Task::ConstructionSite),
        Ability::CourtOfJustice => state.tasks.push(Task::Court),
        Ability::Estate => state.tasks.push(Task::Recruit {
            free: true,
            optional: true,
        }),
        Ability::Forum => state.tasks.push(Task::TakeOrator { optional: true }),
        Ability::StoneCircle => {
            let mut colours: Vec<Colour> =
                state.buildings(seat).filter_map(|b| b.colour()).collect();
            colours.sort();
            colours.dedup();
            let vp = table_vp(&t.board.stone_circle.vp_by_colours, colours.len());
            state.add_vp(seat, vp, "Stone Circle");
        }
        Ability::ForestTemple | Ability::MountainTemple | Ability::SeaTemple => {
            let track = match a {
                Ability::ForestTemple => Temple::Forest,
                Ability::MountainTemple => Temple::Mountain,
                _ => Temple::Sea,
            };
            move_temple(state, seat, track, 2);
            state.tasks.push(Task::TempleExtra { exclude: track });
            // « Seule l'Action Principale [...] ou la construction d'un Temple peut activer
            // l'effet de cette carte »: not a District's activation, not a copy.
            if built && state.has_zodiac(seat, ZodiacKind::Aquarius) {
                state.tasks.push(Task::TempleExtra { exclude: track });
            }
        }
        Ability::Obelisk => {
            let n = state.count_ability(seat, Ability::Obelisk);
            let vp = table_vp(&t.board.obelisk.vp_by_count, n);
            state.add_vp(seat, vp, "Obelisk");
        }
        Ability::Sanctuary => {
            let n = state
                .zodiac
                .iter()
                .filter(|(_, h)| *h == Some(seat))
                .count();
            let vp = table_vp(&t.board.sanctuary.vp_by_cards, n);
            state.add_vp(seat, vp, "Sanctuary");
        }
        Ability::Statue => state.tasks.push(Task::Temple {
            steps: 1,
            card: false,
            aquarius: false,
        }),
        Ability::ArtistsSalon => {
            let mut colours: Vec<Colour> = state
                .player(seat)
                .freemen
                .iter()
                .map(|f| f.die.colour)
                .collect();
            colours.sort();
            colours.dedup();
            state.add_vp(seat, 3 * colours.len() as i32, "Artists' Salon");
        }
        Ability::AstronomyTower => {
            let n = 1 + state.player(seat).counsellors.len() as u32;
            state.gain(seat, Resource::Wisdom, n);
        }
        Ability::Fountain => {
            state.gain(seat, Resource::Wisdom, 1);
            state.tasks.push(Task::Fountain);
        }
        Ability::Portal => state.tasks.push(Task::Portal),
        Ability::HealersHouse => {
            let n = state.player(seat).freemen.len() as i32;
            state.add_vp(seat, 1 + n, "Healer's House");
        }
        Ability::MagesTower => state.tasks.push(Task::Mages { cell }),
    }
}
