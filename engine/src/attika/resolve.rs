//! Applying a checked action: draws and builds, payment, placement and what follows it
//! (amphora awards, victory, board extension), the end of the turn.

use super::choices::current_typed;
use super::cost::{cost_at, Cost};
use super::data::tables;
use super::hex::neighbours;
use super::setup::lay_piece;
use super::state::{components, group_of, Source, State, Step, Turn};
use super::types::{Action, BuildingId, Event, Hex, Mode, Resource, Victory};
use crate::Seat;

/// Applies `action`, which `choices::check` accepted.
pub fn resolve(state: &mut State, seat: u8, action: &Action) -> Vec<Event> {
    let mut ev = Vec::new();
    match (state.step.clone(), action) {
        (_, Action::Draw { pile }) => {
            spend_amphora_if_extra(state, seat, &mut ev);
            state.turn.mode = Some(Mode::Draw);
            state.turn.draws += 1;
            if let Some(building) = state.players[seat as usize].piles[*pile as usize].pop() {
                ev.push(Event::BuildingDrawn {
                    seat: Seat(seat),
                    pile: *pile,
                    building,
                });
                state.step = Step::Drawn {
                    building,
                    pile: *pile,
                };
            }
        }
        (_, Action::Build { building }) => {
            spend_amphora_if_extra(state, seat, &mut ev);
            state.turn.mode = Some(Mode::Build);
            state.turn.builds += 1;
            let reserve = &mut state.players[seat as usize].reserve;
            if let Some(i) = reserve.iter().position(|b| b == building) {
                reserve.remove(i);
            }
            state.step = Step::ChooseCell {
                building: *building,
            };
        }
        (Step::Drawn { building, pile }, Action::Place { cell }) => {
            start_placement(
                state,
                seat,
                building,
                *cell,
                Source::Drawn { pile },
                &mut ev,
            );
        }
        (Step::ChooseCell { building }, Action::Place { cell }) => {
            start_placement(state, seat, building, *cell, Source::Reserve, &mut ev);
        }
        (Step::Drawn { building, pile }, Action::Store) => {
            state.players[seat as usize].reserve.push(building);
            ev.push(Event::BuildingStored {
                seat: Seat(seat),
                building,
            });
            after_drawn(state, seat, pile, &mut ev);
        }
        (
            Step::Paying {
                building,
                cell,
                source,
                mut typed,
                mut generic,
                mut paid,
                new_colony,
            },
            Action::PayCard { .. } | Action::PayPair { .. },
        ) => {
            let cards = match action {
                Action::PayCard { card } => vec![*card],
                Action::PayPair { first, second } => vec![*first, *second],
                _ => Vec::new(),
            };
            for c in &cards {
                let p = &mut state.players[seat as usize];
                p.hand[c.index()] = p.hand[c.index()].saturating_sub(1);
                state.discards[c.index()] += 1;
            }
            paid.extend(cards);
            match current_typed(&typed) {
                Some(r) => typed[r.index()] -= 1,
                None => generic = generic.saturating_sub(1),
            }
            state.step = Step::Paying {
                building,
                cell,
                source,
                typed,
                generic,
                paid,
                new_colony,
            };
            place_if_paid(state, seat, &mut ev);
        }
        (Step::PlacePiece { piece }, Action::PlacePiece { center, rotation }) => {
            lay_piece(state, piece, *center, *rotation);
            ev.push(Event::PiecePlaced {
                seat: Seat(seat),
                piece,
                center: *center,
                rotation: *rotation,
            });
            state.step = resume(state);
        }
        (_, Action::AmphoraForCard) => {
            spend_amphora(state, seat, &mut ev);
            state.draw_cards(seat, 1, &mut ev);
        }
        (Step::Main, Action::EndTurn) => {
            let c = &tables().constants;
            let unused = match state.turn.mode {
                None => c.no_action_cards,
                Some(Mode::Draw) => c.draws.saturating_sub(state.turn.draws),
                Some(Mode::Build) => c.builds.saturating_sub(state.turn.builds),
            };
            state.draw_cards(seat, unused, &mut ev);
            if state.players[seat as usize].amphorae > 0 {
                state.turn.amphora_phase = true;
                state.step = Step::Amphorae;
            } else {
                end_turn(state, seat, &mut ev);
            }
        }
        (Step::Amphorae, Action::EndTurn) => end_turn(state, seat, &mut ev),
        // `check` refuses every other combination before we get here.
        _ => {}
    }
    ev
}

fn spend_amphora(state: &mut State, seat: u8, ev: &mut Vec<Event>) {
    let p = &mut state.players[seat as usize];
    p.amphorae = p.amphorae.saturating_sub(1);
    state.amphora_supply += 1;
    ev.push(Event::AmphoraSpent { seat: Seat(seat) });
}

fn spend_amphora_if_extra(state: &mut State, seat: u8, ev: &mut Vec<Event>) {
    if state.turn.amphora_phase {
        spend_amphora(state, seat, ev);
    }
}

/// Where the turn goes once an action is fully resolved.
fn resume(state: &State) -> Step {
    if state.turn.amphora_phase {
        Step::Amphorae
    } else {
        Step::Main
    }
}

fn start_placement(
    state: &mut State,
    seat: u8,
    building: BuildingId,
    cell: Hex,
    source: Source,
    ev: &mut Vec<Event>,
) {
    let Some(Cost {
        typed,
        generic,
        new_colony,
    }) = cost_at(state, seat, building, cell)
    else {
        return;
    };
    state.step = Step::Paying {
        building,
        cell,
        source,
        typed,
        generic,
        paid: Vec::new(),
        new_colony,
    };
    place_if_paid(state, seat, ev);
}

/// Places the building being paid for once nothing is owed (at once for a free one);
/// otherwise the payment goes on with its next unit.
fn place_if_paid(state: &mut State, seat: u8, ev: &mut Vec<Event>) {
    let Step::Paying { typed, generic, .. } = &state.step else {
        return;
    };
    if *generic > 0 || typed.iter().any(|&u| u > 0) {
        return;
    }
    let step = std::mem::replace(&mut state.step, Step::Main);
    if let Step::Paying {
        building,
        cell,
        source,
        paid,
        new_colony,
        ..
    } = step
    {
        place(state, seat, building, cell, source, paid, new_colony, ev);
    }
}

/// Puts the building on the board, then (§2.2) awards amphorae, checks victory and,
/// for a drawn tile, extends the board if its pile ran out.
#[allow(clippy::too_many_arguments)]
fn place(
    state: &mut State,
    seat: u8,
    building: BuildingId,
    cell: Hex,
    source: Source,
    paid: Vec<Resource>,
    new_colony: bool,
    ev: &mut Vec<Event>,
) {
    if let Some(c) = state.cell_mut(cell) {
        c.building = Some((seat, building));
    }
    state.players[seat as usize].placed.push((building, cell));
    ev.push(Event::BuildingPlaced {
        seat: Seat(seat),
        building,
        cell,
        paid,
        new_colony,
    });
    award_amphora(state, seat, building, ev);
    if let Some(by) = victory(state, seat, cell) {
        ev.push(Event::Won {
            seat: Seat(seat),
            by,
        });
        state.step = Step::Over { winner: seat, by };
        return;
    }
    match source {
        Source::Drawn { pile } => after_drawn(state, seat, pile, ev),
        Source::Reserve => state.step = resume(state),
    }
}

/// A group complete on the board and connected among its own tiles earns one amphora
/// (or a card when the supply is empty), once per group (§2.8, A4).
fn award_amphora(state: &mut State, seat: u8, building: BuildingId, ev: &mut Vec<Event>) {
    let group = group_of(building);
    let p = &state.players[seat as usize];
    if p.groups_done.contains(&group) {
        return;
    }
    let mut hexes = Vec::new();
    for member in tables().group_members(group) {
        match p.placed.iter().find(|(b, _)| *b == member) {
            Some((_, h)) => hexes.push(*h),
            None => return,
        }
    }
    if components(&hexes).len() != 1 {
        return;
    }
    let from_supply = state.amphora_supply > 0;
    let p = &mut state.players[seat as usize];
    p.groups_done.push(group);
    ev.push(Event::AmphoraEarned {
        seat: Seat(seat),
        group,
        from_supply,
    });
    if from_supply {
        p.amphorae += 1;
        state.amphora_supply -= 1;
    } else {
        state.draw_cards(seat, 1, ev);
    }
}

/// §2.10: all buildings placed, or the new building's colony touches two shrines.
fn victory(state: &State, seat: u8, cell: Hex) -> Option<Victory> {
    let placed = &state.players[seat as usize].placed;
    if placed.len() >= tables().buildings.len() {
        return Some(Victory::AllBuildings);
    }
    let colony = state
        .colonies(seat)
        .into_iter()
        .find(|c| c.contains(&cell))?;
    let mut touched: Vec<Hex> = Vec::new();
    for h in &colony {
        for n in neighbours(*h) {
            if state.is_shrine(n) && !touched.contains(&n) {
                touched.push(n);
            }
        }
    }
    (touched.len() >= 2).then_some(Victory::ShrineConnection)
}

/// After the drawn tile is resolved: an empty pile reveals the next map piece, which must
/// be laid (§2.9); with an empty map stack nothing happens (A7).
fn after_drawn(state: &mut State, seat: u8, pile: u8, ev: &mut Vec<Event>) {
    if !state.players[seat as usize].piles[pile as usize].is_empty() {
        state.step = resume(state);
        return;
    }
    match state.map_stack.pop() {
        Some(piece) => {
            ev.push(Event::PieceRevealed {
                seat: Seat(seat),
                piece,
            });
            state.step = Step::PlacePiece { piece };
        }
        None => {
            ev.push(Event::NoPieceLeft { seat: Seat(seat) });
            state.step = resume(state);
        }
    }
}

fn end_turn(state: &mut State, seat: u8, ev: &mut Vec<Event>) {
    ev.push(Event::TurnEnded { seat: Seat(seat) });
    state.current = ((seat as usize + 1) % state.n()) as u8;
    state.turn = Turn::default();
    state.step = Step::Main;
}
