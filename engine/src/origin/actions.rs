//! The three main actions (rules 2.2): which are legal, and what they do to the board.

use super::assumptions::DISPLACED_PLAYER_WINS_STRAITS;
use super::data::PermanentEffect;
use super::map::{bit, map, members};
use super::pawns;
use super::state::has_permanent;
use super::state::{Placed, State};
use super::tokens;
use super::types::*;
use crate::Seat;

/// Which Exchanges a mover may make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExchangeRule {
    /// Equal strength allowed (Permanent `ExchangeEqualStrength`, Action `EqualExchange`).
    pub equal_ok: bool,
}

/// Movement range of `seat`'s pawn `pawn` this turn: size, + Permanents, + Action bonus.
pub fn range(state: &State, seat: Seat, pawn: PawnType) -> u8 {
    let mut r = pawn.size;
    if pawn.size == 1 && has_permanent(state, seat, PermanentEffect::SmallPawnsMoveTwo) {
        r = 2;
    }
    if has_permanent(state, seat, PermanentEffect::MovePlusOne) {
        r += 1;
    }
    if state.current == seat {
        r += state.turn.range_bonus;
    }
    r
}

pub fn straits_free(state: &State, seat: Seat) -> bool {
    has_permanent(state, seat, PermanentEffect::StraitsFree)
}

/// Territories `seat`'s pawn on `from` can reach (any occupancy), `from` excluded.
pub fn reach(state: &State, seat: Seat, from: TerritoryId) -> u64 {
    match state.at(from) {
        Some(p) => map().reach(from, range(state, seat, p.pawn), straits_free(state, seat)),
        None => 0,
    }
}

pub fn exchange_rule(state: &State, seat: Seat, card_equal: bool) -> ExchangeRule {
    ExchangeRule {
        equal_ok: card_equal || has_permanent(state, seat, PermanentEffect::ExchangeEqualStrength),
    }
}

/// Strength of `seat`'s pawn when it Exchanges (Permanent `ExchangeStrengthPlusOne`).
pub fn exchange_strength(state: &State, seat: Seat, pawn: PawnType) -> u8 {
    pawn.strength + has_permanent(state, seat, PermanentEffect::ExchangeStrengthPlusOne) as u8
}

/// True if `target` may be displaced by `seat`'s `mover` under `rule`.
pub fn can_displace(
    state: &State,
    seat: Seat,
    mover: PawnType,
    target: Placed,
    rule: ExchangeRule,
) -> bool {
    let Some(owner) = target.owner else {
        return false;
    };
    if owner == seat || has_permanent(state, owner, PermanentEffect::ExchangeImmune) {
        return false;
    }
    let s = exchange_strength(state, seat, mover);
    s > target.pawn.strength || (rule.equal_ok && s == target.pawn.strength)
}

pub fn push_evolves(
    state: &State,
    seat: Seat,
    only_target: Option<TerritoryId>,
    out: &mut Vec<Action>,
) {
    if state.player(seat).villages_left == 0 {
        return;
    }
    let m = map();
    let occ = state.occupied();
    let targets = match only_target {
        Some(t) if m.contains(t) => bit(t),
        Some(_) => 0,
        None => (1u64 << m.count) - 1,
    } & !occ;
    if targets == 0 {
        return;
    }
    // The reserve pawns each occupied territory allows, computed once.
    let mut allowed = [[None; 5]; 64];
    let mut refs = 0u64;
    for reference in members(occ) {
        let Some(r) = state.at(reference) else {
            continue;
        };
        let slots = &mut allowed[reference.0 as usize];
        for (slot, pawn) in slots
            .iter_mut()
            .zip(pawns::evolutions(r.pawn).filter(|&p| state.reserve_count(p) > 0))
        {
            *slot = Some(pawn);
            refs |= bit(reference);
        }
    }
    for target in members(targets) {
        for reference in members(m.adjacent[target.0 as usize] & refs) {
            for &pawn in allowed[reference.0 as usize].iter().flatten() {
                out.push(Action::Evolve {
                    target,
                    reference,
                    pawn,
                });
            }
        }
    }
}

pub fn push_migrates(
    state: &State,
    seat: Seat,
    only_from: Option<TerritoryId>,
    out: &mut Vec<Action>,
) {
    let occ = state.occupied();
    for from in members(sources(state, seat, only_from)) {
        for to in members(reach(state, seat, from) & !occ) {
            out.push(Action::Migrate { from, to });
        }
    }
}

pub fn push_exchanges(
    state: &State,
    seat: Seat,
    only_from: Option<TerritoryId>,
    rule: ExchangeRule,
    out: &mut Vec<Action>,
) {
    let occ = state.occupied();
    // Pawns of other players not protected by `ExchangeImmune`.
    let mut targets = 0u64;
    for o in state.seats() {
        if o != seat && !has_permanent(state, o, PermanentEffect::ExchangeImmune) {
            targets |= state.own(o);
        }
    }
    targets &= occ;
    if targets == 0 {
        return;
    }
    let bonus = has_permanent(state, seat, PermanentEffect::ExchangeStrengthPlusOne) as u8;
    for from in members(sources(state, seat, only_from)) {
        let Some(mover) = state.at(from) else {
            continue;
        };
        let strength = mover.pawn.strength + bonus;
        for to in members(reach(state, seat, from) & targets) {
            if let Some(target) = state.at(to) {
                let t = target.pawn.strength;
                if strength > t || (rule.equal_ok && strength == t) {
                    out.push(Action::Exchange { from, to });
                }
            }
        }
    }
}

fn sources(state: &State, seat: Seat, only_from: Option<TerritoryId>) -> u64 {
    let own = state.own(seat);
    match only_from {
        Some(f) if map().contains(f) => own & bit(f),
        Some(_) => 0,
        None => own,
    }
}

/// All main actions of `seat` (without PassMain).
pub fn push_main_actions(state: &State, seat: Seat, out: &mut Vec<Action>) {
    push_evolves(state, seat, None, out);
    push_migrates(state, seat, None, out);
    let rule = exchange_rule(state, seat, false);
    push_exchanges(state, seat, None, rule, out);
}

pub fn has_main_action(state: &State, seat: Seat) -> bool {
    let mut v = Vec::new();
    push_main_actions(state, seat, &mut v);
    !v.is_empty()
}

// ------------------------------------------------------------------ performing

pub fn evolve(
    state: &mut State,
    seat: Seat,
    target: TerritoryId,
    reference: TerritoryId,
    pawn: PawnType,
    ev: &mut Vec<Event>,
) {
    if let Some(i) = pawns::index(pawn) {
        state.reserve[i] = state.reserve[i].saturating_sub(1);
    }
    let p = &mut state.players[seat.index()];
    p.villages_left = p.villages_left.saturating_sub(1);
    state.board[target.0 as usize] = Some(Placed {
        pawn,
        owner: Some(seat),
    });
    ev.push(Event::Evolved {
        seat,
        target,
        reference,
        pawn,
    });
    tokens::arrived(state, target, ev);
    tokens::check_straits(state, ev);
}

pub fn migrate(
    state: &mut State,
    seat: Seat,
    from: TerritoryId,
    to: TerritoryId,
    ev: &mut Vec<Event>,
) {
    move_pawn(state, from, to);
    ev.push(Event::Migrated { seat, from, to });
    tokens::arrived(state, to, ev);
    tokens::check_straits(state, ev);
}

pub fn exchange(
    state: &mut State,
    seat: Seat,
    from: TerritoryId,
    to: TerritoryId,
    ev: &mut Vec<Event>,
) {
    let displaced = state.owner_at(to).unwrap_or(seat);
    state.board.swap(from.0 as usize, to.0 as usize);
    ev.push(Event::Exchanged {
        seat,
        from,
        to,
        displaced,
    });
    tokens::arrived(state, to, ev);
    tokens::arrived(state, from, ev);
    let only = (!DISPLACED_PLAYER_WINS_STRAITS).then_some(seat);
    tokens::check_straits_for(state, only, ev);
}

/// Moves the pawn (with its village) on `from` to the empty `to`.
pub fn move_pawn(state: &mut State, from: TerritoryId, to: TerritoryId) {
    let p = state.board[from.0 as usize].take();
    state.board[to.0 as usize] = p;
}
