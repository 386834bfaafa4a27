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

/// Applies `action`, which `choices::check` accepted, reporting what happened in `events`.
pub fn resolve(state: &mut State, seat: Seat, action: &Action, events: &mut Vec<Event>) {
    match (&state.step, action) {
        (_, Action::Draw { pile }) => {
            spend_amphora_if_extra(state, seat, events);
            state.turn.mode = Some(Mode::Draw);
            state.turn.draws += 1;
            if let Some(building) = state.player_mut(seat).piles[*pile as usize].pop() {
                events.push(Event::BuildingDrawn {
                    seat,
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
            spend_amphora_if_extra(state, seat, events);
            state.turn.mode = Some(Mode::Build);
            state.turn.builds += 1;
            let reserve = &mut state.player_mut(seat).reserve;
            if let Some(i) = reserve.iter().position(|b| b == building) {
                reserve.remove(i);
            }
            state.step = Step::ChooseCell {
                building: *building,
            };
        }
        (&Step::Drawn { building, pile }, Action::Place { cell }) => {
            start_placement(state, seat, building, *cell, Source::Drawn { pile }, events);
        }
        (&Step::ChooseCell { building }, Action::Place { cell }) => {
            start_placement(state, seat, building, *cell, Source::Reserve, events);
        }
        (&Step::Drawn { building, pile }, Action::Store) => {
            state.player_mut(seat).reserve.push(building);
            events.push(Event::BuildingStored { seat, building });
            after_drawn(state, seat, pile, events);
        }
        (Step::Paying { .. }, Action::PayCard { .. } | Action::PayPair { .. }) => {
            pay(state, seat, action);
            place_if_paid(state, seat, events);
        }
        (&Step::PlacePiece { piece }, Action::PlacePiece { center, rotation }) => {
            lay_piece(state, piece, *center, *rotation);
            events.push(Event::PiecePlaced {
                seat,
                piece,
                center: *center,
                rotation: *rotation,
            });
            state.step = resume(state);
        }
        (_, Action::AmphoraForCard) => {
            spend_amphora(state, seat, events);
            state.draw_cards(seat, 1, events);
        }
        (Step::Main, Action::EndTurn) => {
            let c = &tables().constants;
            let unused = match state.turn.mode {
                None => c.no_action_cards,
                Some(Mode::Draw) => c.draws.saturating_sub(state.turn.draws),
                Some(Mode::Build) => c.builds.saturating_sub(state.turn.builds),
            };
            state.draw_cards(seat, unused, events);
            if state.player(seat).amphorae > 0 {
                state.turn.amphora_phase = true;
                state.step = Step::Amphorae;
            } else {
                end_turn(state, seat, events);
            }
        }
        (Step::Amphorae, Action::EndTurn) => end_turn(state, seat, events),
        // `check` refuses every other combination before we get here.
        _ => {}
    }
}

/// Discards the cards of a payment step and counts the current unit as paid.
fn pay(state: &mut State, seat: Seat, action: &Action) {
    let cards = match action {
        Action::PayCard { card } => vec![*card],
        Action::PayPair { first, second } => vec![*first, *second],
        _ => return,
    };
    for c in &cards {
        let hand = &mut state.player_mut(seat).hand;
        hand[c.index()] = hand[c.index()].saturating_sub(1);
        state.discards[c.index()] += 1;
    }
    if let Step::Paying {
        typed,
        generic,
        paid,
        ..
    } = &mut state.step
    {
        paid.extend(cards);
        match current_typed(typed) {
            Some(r) => typed[r.index()] -= 1,
            None => *generic = generic.saturating_sub(1),
        }
    }
}

fn spend_amphora(state: &mut State, seat: Seat, events: &mut Vec<Event>) {
    let p = state.player_mut(seat);
    p.amphorae = p.amphorae.saturating_sub(1);
    state.amphora_supply += 1;
    events.push(Event::AmphoraSpent { seat });
}

fn spend_amphora_if_extra(state: &mut State, seat: Seat, events: &mut Vec<Event>) {
    if state.turn.amphora_phase {
        spend_amphora(state, seat, events);
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
    seat: Seat,
    building: BuildingId,
    cell: Hex,
    source: Source,
    events: &mut Vec<Event>,
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
    place_if_paid(state, seat, events);
}

/// Places the building being paid for once nothing is owed (at once for a free one);
/// otherwise the payment goes on with its next unit.
fn place_if_paid(state: &mut State, seat: Seat, events: &mut Vec<Event>) {
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
        place(
            state, seat, building, cell, source, paid, new_colony, events,
        );
    }
}

/// Puts the building on the board, then (§2.2) awards amphorae, checks victory and,
/// for a drawn tile, extends the board if its pile ran out.
#[allow(clippy::too_many_arguments)]
fn place(
    state: &mut State,
    seat: Seat,
    building: BuildingId,
    cell: Hex,
    source: Source,
    paid: Vec<Resource>,
    new_colony: bool,
    events: &mut Vec<Event>,
) {
    if let Some(c) = state.cell_mut(cell) {
        c.building = Some((seat, building));
    }
    state.player_mut(seat).placed.push((building, cell));
    events.push(Event::BuildingPlaced {
        seat,
        building,
        cell,
        paid,
        new_colony,
    });
    award_amphora(state, seat, building, events);
    if let Some(by) = victory(state, seat, cell) {
        events.push(Event::Won { seat, by });
        state.step = Step::Over { winner: seat, by };
        return;
    }
    match source {
        Source::Drawn { pile } => after_drawn(state, seat, pile, events),
        Source::Reserve => state.step = resume(state),
    }
}

/// A group complete on the board and connected among its own tiles earns one amphora
/// (or a card when the supply is empty), once per group (§2.8, A4).
fn award_amphora(state: &mut State, seat: Seat, building: BuildingId, events: &mut Vec<Event>) {
    let group = group_of(building);
    let p = state.player(seat);
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
    let p = state.player_mut(seat);
    p.groups_done.push(group);
    events.push(Event::AmphoraEarned {
        seat,
        group,
        from_supply,
    });
    if from_supply {
        p.amphorae += 1;
        state.amphora_supply -= 1;
    } else {
        state.draw_cards(seat, 1, events);
    }
}

/// §2.10: all buildings placed, or the new building's colony touches two shrines.
fn victory(state: &State, seat: Seat, cell: Hex) -> Option<Victory> {
    let placed = &state.player(seat).placed;
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
fn after_drawn(state: &mut State, seat: Seat, pile: u8, events: &mut Vec<Event>) {
    if !state.player(seat).piles[pile as usize].is_empty() {
        state.step = resume(state);
        return;
    }
    match state.map_stack.pop() {
        Some(piece) => {
            events.push(Event::PieceRevealed { seat, piece });
            state.step = Step::PlacePiece { piece };
        }
        None => {
            events.push(Event::NoPieceLeft { seat });
            state.step = resume(state);
        }
    }
}

fn end_turn(state: &mut State, seat: Seat, events: &mut Vec<Event>) {
    events.push(Event::TurnEnded { seat });
    state.current = Seat(((seat.index() + 1) % state.seat_count()) as u8);
    state.turn = Turn::default();
    state.step = Step::Main;
}
