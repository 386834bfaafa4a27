//! Military track: advance, attack, end-of-round retreat and the Bastion.

use super::data::{tables, MilitaryBonus, ZodiacKind};
use super::state::{Play, State, Task};
use super::types::{Event, Resource};
use crate::Seat;

/// Advance `n` spaces one at a time: a Superiority token per boundary crossed, +9 VP on
/// reaching the Final space (then the marker never moves again).
pub fn advance(state: &mut Play<'_>, seat: Seat, n: u8) {
    let t = tables();
    let fin = t.final_space();
    let from = state.player(seat).military;
    if from >= fin || n == 0 {
        return;
    }
    let mut pos = from;
    for _ in 0..n {
        if pos >= fin {
            break;
        }
        let next = pos + 1;
        if t.section(next) != t.section(pos) && state.superiority_supply > 0 {
            state.superiority_supply -= 1;
            state.player_mut(seat).superiority += 1;
            state.emit(Event::SuperiorityGained { seat });
        }
        pos = next;
    }
    let key = state.next_top();
    state.player_mut(seat).military = pos;
    state.player_mut(seat).military_key = key;
    state.emit(Event::MilitaryMoved {
        seat,
        from,
        to: pos,
    });
    if pos == fin {
        state.add_vp(
            seat,
            t.board.constants.final_space_vp,
            "military final space",
        );
    }
}

pub fn can_advance(state: &State, seat: Seat) -> bool {
    state.player(seat).military < tables().final_space()
}

/// Opponent markers strictly behind `seat` (solo: the neutral marker).
pub fn weaker(state: &State, seat: Seat) -> usize {
    let me = state.player(seat).military;
    let mut k = state
        .seats()
        .filter(|&s| s != seat && state.player(s).military < me)
        .count();
    if let Some(nm) = state.neutral {
        if nm < me {
            k += 1;
        }
    }
    k
}

/// Attack: the bonus beside the current space, then VP.
pub fn attack(state: &mut Play<'_>, seat: Seat) {
    let t = tables();
    let pos = state.player(seat).military;
    let mut vp = weaker(state, seat) as i32 + t.section(pos) as i32;
    if state.has_zodiac(seat, ZodiacKind::Aries) {
        vp += state.red_dice(seat) as i32;
    }
    state.add_vp(seat, vp, "attack");
    state.emit(Event::Attacked {
        seat,
        space: pos,
        vp,
    });
    let bonus = t
        .board
        .military_space
        .get(pos as usize)
        .map(|m| m.bonus)
        .unwrap_or(MilitaryBonus::None);
    let plus = |state: &mut Play<'_>, r: Resource| {
        state.gain(seat, r, 1);
        state.tasks.push(Task::GainBasic { n: 1 });
    };
    match bonus {
        MilitaryBonus::None => {}
        MilitaryBonus::Trade => state.tasks.push(Task::Trade),
        MilitaryBonus::S => state.gain(seat, Resource::Stone, 1),
        MilitaryBonus::F => state.gain(seat, Resource::Food, 1),
        MilitaryBonus::W => state.gain(seat, Resource::Wisdom, 1),
        MilitaryBonus::G1 => state.gain(seat, Resource::Gold, 1),
        MilitaryBonus::G2 => state.gain(seat, Resource::Gold, 2),
        MilitaryBonus::SPlus => plus(state, Resource::Stone),
        MilitaryBonus::FPlus => plus(state, Resource::Food),
        MilitaryBonus::WPlus => plus(state, Resource::Wisdom),
        MilitaryBonus::GPlus => plus(state, Resource::Gold),
    }
}

/// Spaces the marker of `seat` will move back at end of round (Gemini).
pub fn retreat_distance(state: &State, seat: Seat) -> u8 {
    let pos = state.player(seat).military;
    pos - tables().retreat_target(pos)
}

/// End-of-round step 2: the Bastion goes to the furthest marker (lowest in its stack).
pub fn bastion_holder(state: &State) -> Seat {
    state
        .seats()
        .max_by_key(|&s| (state.player(s).military, -state.player(s).military_key))
        .unwrap_or(Seat(0))
}

/// End-of-round step 3: retreat to the first space of each marker's section; nearest to
/// the start first; moving stacks keep their order and go under markers already there.
pub fn retreat(state: &mut Play<'_>) {
    let t = tables();
    let mut spaces: Vec<u8> = state.players.iter().map(|p| p.military).collect();
    spaces.sort();
    spaces.dedup();
    for space in spaces {
        let target = t.retreat_target(space);
        if target == space {
            continue;
        }
        let mut movers: Vec<Seat> = state
            .seats()
            .filter(|&s| state.player(s).military == space)
            .collect();
        // top of the moving stack first, so it ends highest among the movers
        movers.sort_by_key(|&s| std::cmp::Reverse(state.player(s).military_key));
        for s in movers {
            let key = state.next_bottom();
            state.player_mut(s).military = target;
            state.player_mut(s).military_key = key;
            state.emit(Event::MilitaryMoved {
                seat: s,
                from: space,
                to: target,
            });
        }
    }
}
