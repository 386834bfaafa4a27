//! The legal actions of the pending decision, and why any other action is refused.
//!
//! `legal` lists every action `check` accepts; both use the same predicates, so a listed
//! action is never refused and no listed action leads to a dead end: a building is listed
//! only where its cost can be paid, and a payment step only if the rest can still be paid.

use super::cost::{affordable, cost, feasible, sites, Site};
use super::data::tables;
use super::hex::neighbours;
use super::state::{State, Step};
use super::types::{Action, BuildingId, Counts, Hex, Mode, Resource};
use crate::{RuleError, Seat};

crate::refusals! {
    /// Why Attika refuses a decision (besides the codes every game shares).
    pub enum Refusal {
        /// The pending decision is of another kind (e.g. a payment while a cell is due).
        WrongDecision = "WRONG_DECISION",
        NoSuchPile = "NO_SUCH_PILE",
        EmptyPile = "EMPTY_PILE",
        NotInReserve = "NOT_IN_RESERVE",
        /// The hand cannot pay the building on that cell (or on any cell).
        CannotAfford = "CANNOT_AFFORD",
        /// `amphora_for_card` is off in this game.
        OptionDisabled = "OPTION_DISABLED",
        /// An extra action or a card after the normal turn needs an amphora.
        NoAmphora = "NO_AMPHORA",
        /// Not an empty board cell.
        BadCell = "BAD_CELL",
        BadRotation = "BAD_ROTATION",
        BadPiecePlacement = "BAD_PIECE_PLACEMENT",
        /// Drawing and building are never mixed in one turn.
        MixedModes = "MIXED_MODES",
        NoDrawsLeft = "NO_DRAWS_LEFT",
        NoBuildsLeft = "NO_BUILDS_LEFT",
        /// A typed unit takes its own type (or a pair when that type is missing).
        WrongCard = "WRONG_CARD",
        /// Only typed units take a pair.
        PairNotNeeded = "PAIR_NOT_NEEDED",
        /// A pair is named in resource order.
        PairOrder = "PAIR_ORDER",
        /// A pair replaces only a missing resource (« à la place d'une matière première
        /// manquante »): not one the hand still holds for every unit of that type.
        PairNotMissing = "PAIR_NOT_MISSING",
        CardNotHeld = "CARD_NOT_HELD",
        /// The rest of the cost could not be paid after that step.
        PaymentDeadEnd = "PAYMENT_DEAD_END",
    }
}

/// Every action `seat` may take now.
pub fn legal(state: &State, seat: Seat) -> Vec<Action> {
    if state.is_over() || seat != state.current {
        return Vec::new();
    }
    let player = state.player(seat);
    let mut out = Vec::new();
    match &state.step {
        Step::Main | Step::Amphorae => {
            let amphora = matches!(state.step, Step::Amphorae);
            if may_act(state, seat, Mode::Draw).is_ok() {
                for (pile, tiles) in player.piles.iter().enumerate() {
                    if !tiles.is_empty() {
                        out.push(Action::Draw { pile: pile as u8 });
                    }
                }
            }
            if may_act(state, seat, Mode::Build).is_ok() && !player.reserve.is_empty() {
                let sites = sites(state, seat);
                let colonies = state.colony_count(seat);
                for &b in &player.reserve {
                    if buildable_somewhere(&player.hand, b, &sites, colonies) {
                        out.push(Action::Build { building: b });
                    }
                }
            }
            if amphora && state.options.amphora_for_card && player.amphorae > 0 {
                out.push(Action::AmphoraForCard);
            }
            out.push(Action::EndTurn);
        }
        Step::Drawn { building, .. } | Step::ChooseCell { building } => {
            let colonies = state.colony_count(seat);
            let b = tables().building(*building);
            for site in sites(state, seat) {
                if affordable(&player.hand, &cost(b, &site, colonies)) {
                    out.push(Action::Place { cell: site.hex });
                }
            }
            if matches!(state.step, Step::Drawn { .. }) {
                out.push(Action::Store);
            }
        }
        Step::Paying { typed, generic, .. } => {
            out = payments(&player.hand, typed, *generic);
        }
        Step::PlacePiece { .. } => {
            for center in piece_candidates(state) {
                for rotation in 0..6 {
                    out.push(Action::PlacePiece { center, rotation });
                }
            }
        }
        Step::Over { .. } => {}
    }
    out
}

/// Accepts exactly the listed actions; refuses anything else with a stable code.
pub fn check(state: &State, seat: Seat, action: &Action) -> Result<(), RuleError> {
    let player = state.player(seat);
    match (&state.step, action) {
        (Step::Main | Step::Amphorae, Action::Draw { pile }) => {
            may_act(state, seat, Mode::Draw)?;
            match player.piles.get(*pile as usize) {
                None => Err(Refusal::NoSuchPile
                    .because(format!("There are only piles 0 to 3, not {pile}."))),
                Some(p) if p.is_empty() => Err(Refusal::EmptyPile.because(format!(
                    "Pile {pile} is empty; choose a pile that still holds buildings."
                ))),
                Some(_) => Ok(()),
            }
        }
        (Step::Main | Step::Amphorae, Action::Build { building }) => {
            may_act(state, seat, Mode::Build)?;
            if !player.reserve.contains(building) {
                return Err(Refusal::NotInReserve.because("That building is not in your reserve."));
            }
            let sites = sites(state, seat);
            if !buildable_somewhere(&player.hand, *building, &sites, state.colony_count(seat)) {
                return Err(Refusal::CannotAfford
                    .because("You cannot pay for that building on any empty cell."));
            }
            Ok(())
        }
        (Step::Amphorae, Action::AmphoraForCard) => {
            if !state.options.amphora_for_card {
                Err(Refusal::OptionDisabled
                    .because("Returning an amphora for a card is not allowed in this game."))
            } else if player.amphorae == 0 {
                Err(no_amphora())
            } else {
                Ok(())
            }
        }
        (Step::Main | Step::Amphorae, Action::EndTurn) => Ok(()),
        (Step::Drawn { building, .. } | Step::ChooseCell { building }, Action::Place { cell }) => {
            let Some(site) = super::cost::site(state, seat, *cell) else {
                return Err(Refusal::BadCell.because(
                    "A building goes on an empty board cell (not a shrine, not a built cell).",
                ));
            };
            let c = cost(
                tables().building(*building),
                &site,
                state.colony_count(seat),
            );
            if !affordable(&player.hand, &c) {
                return Err(Refusal::CannotAfford
                    .because("Your cards cannot pay for the building on that cell."));
            }
            Ok(())
        }
        (Step::Drawn { .. }, Action::Store) => Ok(()),
        (Step::Paying { typed, generic, .. }, Action::PayCard { .. } | Action::PayPair { .. }) => {
            check_payment(&player.hand, typed, *generic, action)
        }
        (Step::PlacePiece { .. }, Action::PlacePiece { center, rotation }) => {
            if *rotation > 5 {
                return Err(Refusal::BadRotation.because("A map piece has rotations 0 to 5."));
            }
            if !piece_fits(state, *center) {
                return Err(Refusal::BadPiecePlacement.because(
                    "The piece must not overlap the board or a shrine and must share an edge \
                     with a board cell or a shrine.",
                ));
            }
            Ok(())
        }
        (step, action) => Err(Refusal::WrongDecision.because(format!(
            "You cannot {} now: first {}.",
            action_phrase(action),
            step_phrase(step)
        ))),
    }
}

/// What `step` asks of the player, for a sentence a player reads (never the step's code).
fn step_phrase(step: &Step) -> &'static str {
    match step {
        Step::Main => "draw or build, or end your turn",
        Step::Drawn { .. } => "place or store the building you drew",
        Step::ChooseCell { .. } => "choose the cell for the building",
        Step::Paying { .. } => "pay for the building with your cards",
        Step::PlacePiece { .. } => "lay the revealed map piece",
        Step::Amphorae => "spend an amphora for an extra action, or end your turn",
        Step::Over { .. } => "nothing: the game is over",
    }
}

/// `action` as the verb phrase of a sentence a player reads.
fn action_phrase(action: &Action) -> &'static str {
    match action {
        Action::Draw { .. } => "draw a building",
        Action::Build { .. } => "build",
        Action::Place { .. } => "place a building",
        Action::Store => "store a building",
        Action::PayCard { .. } => "pay with a card",
        Action::PayPair { .. } => "pay with a pair of cards",
        Action::PlacePiece { .. } => "lay a map piece",
        Action::AmphoraForCard => "trade an amphora for a card",
        Action::EndTurn => "end your turn",
    }
}

fn no_amphora() -> RuleError {
    Refusal::NoAmphora
        .because("An extra action after the normal turn costs an amphora, and you have none.")
}

/// May the current player take a `mode` action now (mode, count and amphora rules)?
fn may_act(state: &State, seat: Seat, mode: Mode) -> Result<(), RuleError> {
    if let Some(m) = state.turn.mode {
        if m != mode {
            return Err(Refusal::MixedModes.because(format!(
                "This is a {} turn: drawing and building are never mixed in one turn.",
                m.name()
            )));
        }
    }
    let c = &tables().constants;
    if state.turn.amphora_phase {
        if state.player(seat).amphorae == 0 {
            return Err(no_amphora());
        }
        return Ok(());
    }
    match mode {
        Mode::Draw if state.turn.draws >= c.draws => Err(Refusal::NoDrawsLeft.because(format!(
            "A turn has {} draws; spend an amphora after the turn for more.",
            c.draws
        ))),
        Mode::Build if state.turn.builds >= c.builds => {
            Err(Refusal::NoBuildsLeft.because(format!(
                "A turn has {} builds; spend an amphora after the turn for more.",
                c.builds
            )))
        }
        _ => Ok(()),
    }
}

fn buildable_somewhere(hand: &Counts, b: BuildingId, sites: &[Site], colonies: u8) -> bool {
    let row = tables().building(b);
    sites
        .iter()
        .any(|s| affordable(hand, &cost(row, s, colonies)))
}

/// The type of the current typed unit (W, F, H, M order), if any typed unit is left.
pub fn current_typed(typed: &Counts) -> Option<Resource> {
    Resource::ALL.into_iter().find(|r| typed[r.index()] > 0)
}

fn after(hand: &Counts, cards: &[Resource]) -> Option<Counts> {
    let mut h = *hand;
    for c in cards {
        h[c.index()] = h[c.index()].checked_sub(1)?;
    }
    Some(h)
}

/// Is resource `r` missing: fewer `r` cards in hand than `r` units left to pay? Only then
/// may a pair of any two cards pay an `r` unit (« n'importe quelle paire de cartes ...
/// peuvent être payées à la place d'une matière première manquante »). Paying the held `r`
/// cards first or the pair first ends with the same hand, so either order is allowed.
pub fn missing(hand: &Counts, typed: &Counts, r: Resource) -> bool {
    hand[r.index()] < typed[r.index()]
}

/// The payment steps for the current unit that leave the rest payable.
pub fn payments(hand: &Counts, typed: &Counts, generic: u8) -> Vec<Action> {
    let mut out = Vec::new();
    let unit_paid = |cards: &[Resource]| -> bool {
        let Some(h) = after(hand, cards) else {
            return false;
        };
        let mut t = *typed;
        let mut g = generic;
        match current_typed(typed) {
            Some(r) => t[r.index()] -= 1,
            None => g = g.saturating_sub(1),
        }
        feasible(&h, &t, g)
    };
    match current_typed(typed) {
        Some(r) => {
            if unit_paid(&[r]) {
                out.push(Action::PayCard { card: r });
            }
            if missing(hand, typed, r) {
                for a in Resource::ALL {
                    for b in Resource::ALL.into_iter().filter(|b| *b >= a) {
                        if unit_paid(&[a, b]) {
                            out.push(Action::PayPair {
                                first: a,
                                second: b,
                            });
                        }
                    }
                }
            }
        }
        None if generic > 0 => {
            for c in Resource::ALL {
                if unit_paid(&[c]) {
                    out.push(Action::PayCard { card: c });
                }
            }
        }
        None => {}
    }
    out
}

fn check_payment(
    hand: &Counts,
    typed: &Counts,
    generic: u8,
    action: &Action,
) -> Result<(), RuleError> {
    match (current_typed(typed), action) {
        (Some(r), Action::PayCard { card }) if *card != r => {
            return Err(Refusal::WrongCard.because(format!(
                "This unit needs a {} card (or any two cards when it is missing).",
                r.name()
            )))
        }
        (None, Action::PayPair { .. }) => {
            return Err(Refusal::PairNotNeeded
                .because("The remaining units are generic: pay each with one card of any type."))
        }
        (_, Action::PayPair { first, second }) if first > second => {
            return Err(Refusal::PairOrder
                .because("Name the pair in resource order (W, F, H, M): first <= second."))
        }
        (Some(r), Action::PayPair { .. }) if !missing(hand, typed, r) => {
            return Err(Refusal::PairNotMissing.because(format!(
                "You hold a {} card for each {} unit left: a pair only replaces a missing \
                 resource.",
                r.name(),
                r.name()
            )))
        }
        _ => {}
    }
    let cards: Vec<Resource> = match action {
        Action::PayCard { card } => vec![*card],
        Action::PayPair { first, second } => vec![*first, *second],
        _ => Vec::new(),
    };
    if after(hand, &cards).is_none() {
        return Err(Refusal::CardNotHeld.because("You do not hold those cards."));
    }
    if !payments(hand, typed, generic).contains(action) {
        return Err(Refusal::PaymentDeadEnd
            .because("After that payment the rest of the cost could not be paid."));
    }
    Ok(())
}

fn occupied_by_map(state: &State, hex: Hex) -> bool {
    state.cell(hex).is_some() || state.is_shrine(hex)
}

/// The offsets at hex distance exactly 2 (the second ring).
const RING2: [(i16, i16); 12] = [
    (2, 0),
    (2, -1),
    (2, -2),
    (1, -2),
    (0, -2),
    (-1, -1),
    (-2, 0),
    (-2, 1),
    (-2, 2),
    (-1, 2),
    (0, 2),
    (1, 1),
];

fn footprint_free(state: &State, center: Hex) -> bool {
    !occupied_by_map(state, center)
        && neighbours(center)
            .iter()
            .all(|n| !occupied_by_map(state, *n))
}

/// Can the revealed piece go with its centre at `center` (any rotation: the footprint is
/// the same)? No overlap with board or shrine cells, one shared edge with either (A11):
/// nothing within distance 1 of the centre, something at distance 2.
pub fn piece_fits(state: &State, center: Hex) -> bool {
    footprint_free(state, center)
        && RING2
            .iter()
            .any(|(dq, dr)| occupied_by_map(state, Hex::new(center.q + dq, center.r + dr)))
}

/// The legal centres: free footprint, at distance 2 from a board or shrine cell.
pub(crate) fn piece_candidates(state: &State) -> Vec<Hex> {
    let anchors = state
        .cells
        .iter()
        .map(|c| c.hex)
        .chain(state.shrines.iter().copied());
    let mut out: Vec<Hex> = anchors
        .flat_map(|a| RING2.map(|(dq, dr)| Hex::new(a.q + dq, a.r + dr)))
        .collect();
    out.sort_unstable();
    out.dedup();
    out.retain(|c| footprint_free(state, *c));
    out
}
