//! Builders and probes for tests: readable positions on an [`State`], by codes
//! ("EU5", "P23K", "A04"). Not part of the API; components keep their totals (a card put in
//! a hand leaves its pile, a pawn put on the board leaves the reserve).

use super::data::tables;
use super::frame::Frame;
use super::map::map;
use super::pawns;
use super::state::{pile_index, Placed, CARD_COLORS};
use super::tiles;
use super::types::*;
use crate::{Game, Seat};

pub use super::state::State;

/// Territory by code ("EU5").
pub fn territory_id(code: &str) -> TerritoryId {
    TerritoryId::from_code(code).unwrap_or_else(|| panic!("no territory {code}"))
}

/// Strait by code ("S1").
pub fn strait_id(code: &str) -> StraitId {
    StraitId::from_code(code).unwrap_or_else(|| panic!("no strait {code}"))
}

/// Pawn type by code ("P23K").
pub fn pawn_type(code: &str) -> PawnType {
    PawnType::from_code(code).unwrap_or_else(|| panic!("no pawn {code}"))
}

/// Card by code ("A04").
pub fn card_id(code: &str) -> CardId {
    CardId::from_code(code).unwrap_or_else(|| panic!("no card {code}"))
}

/// A position under construction.
pub struct Position {
    pub state: State,
}

impl Position {
    /// Standard rules, seat 0 to play its main action, the draft done, empty hands, only the
    /// neutral pawn (white) on the board.
    pub fn standard(players: u8) -> Position {
        Position::new(players, RuleSet::Standard)
    }

    /// Junior rules, seat 0 to play, only the neutral pawn (white) on the board.
    pub fn junior(players: u8) -> Position {
        Position::new(players, RuleSet::Junior)
    }

    fn new(players: u8, rules: RuleSet) -> Position {
        let options = Options {
            players,
            rules,
            first_player: Some(Seat(0)),
        };
        let mut state = super::Origin::setup(&options, 1).expect("setup");
        // Draft: everyone keeps its first card, then hands go back to the pile.
        if rules == RuleSet::Standard {
            for seat in 0..players {
                let card = state.draft[seat as usize][0];
                super::Origin::apply(&mut state, Seat(seat), &Action::KeepObjective { card })
                    .expect("draft");
            }
        }
        for seat in 0..players as usize {
            let hand = std::mem::take(&mut state.players[seat].hand);
            for card in hand {
                state.piles[pile_index(tables().card_color(card))].insert(0, card);
            }
        }
        let mut pos = Position { state };
        pos.clear_board();
        pos.state.current = Seat(0);
        pos.state.stack = vec![Frame::Main];
        pos
    }

    fn clear_board(&mut self) {
        let st = &mut self.state;
        for i in 0..st.board.len() {
            if let Some(placed) = st.board[i].take() {
                if let Some(k) = pawns::index(placed.pawn) {
                    st.reserve[k] += 1;
                }
            }
        }
        for pl in st.players.iter_mut() {
            pl.villages_left = super::assumptions::VILLAGES_PER_PLAYER;
        }
        let neutral = pawn_type("P11W");
        self.put(map().origin, neutral, None);
    }

    fn put(&mut self, at: TerritoryId, pawn: PawnType, owner: Option<Seat>) {
        let st = &mut self.state;
        let k = pawns::index(pawn).expect("pawn");
        assert!(st.reserve[k] > 0, "no {} left in the reserve", pawn.code());
        assert!(st.board[at.0 as usize].is_none(), "territory occupied");
        st.reserve[k] -= 1;
        if let Some(o) = owner {
            st.players[o.index()].villages_left -= 1;
        }
        st.board[at.0 as usize] = Some(Placed { pawn, owner });
    }

    /// Puts pawn `pawn` (from the reserve) with a village of `seat` on `territory`.
    pub fn pawn(mut self, territory: &str, pawn: &str, seat: u8) -> Self {
        self.put(territory_id(territory), pawn_type(pawn), Some(Seat(seat)));
        self
    }

    /// Moves the neutral pawn's type (it stays on the Origin territory).
    pub fn neutral(mut self, pawn: &str) -> Self {
        let origin = map().origin;
        if let Some(old) = self.state.board[origin.0 as usize].take() {
            if let Some(k) = pawns::index(old.pawn) {
                self.state.reserve[k] += 1;
            }
        }
        self.put(origin, pawn_type(pawn), None);
        self
    }

    /// Removes every pawn of this type from the reserve.
    pub fn no_reserve(mut self, pawn: &str) -> Self {
        if let Some(k) = pawns::index(pawn_type(pawn)) {
            self.state.reserve[k] = 0;
        }
        self
    }

    /// Empties the whole reserve except the listed pawn types (one of each).
    pub fn reserve_only(mut self, pawn_codes: &[&str]) -> Self {
        for r in self.state.reserve.iter_mut() {
            *r = 0;
        }
        for code in pawn_codes {
            if let Some(k) = pawns::index(pawn_type(code)) {
                self.state.reserve[k] += 1;
            }
        }
        self
    }

    pub fn villages(mut self, seat: u8, left: u8) -> Self {
        self.state.players[seat as usize].villages_left = left;
        self
    }

    pub fn current(mut self, seat: u8) -> Self {
        self.state.current = Seat(seat);
        self
    }

    /// Gives `seat` these cards (taken from wherever they are).
    pub fn hand(mut self, seat: u8, codes: &[&str]) -> Self {
        for code in codes {
            let card = card_id(code);
            self.detach_card(card);
            self.state.players[seat as usize].hand.push(card);
        }
        self
    }

    /// Plays these Permanent cards for `seat` (active at once).
    pub fn permanent(mut self, seat: u8, codes: &[&str]) -> Self {
        for code in codes {
            let card = card_id(code);
            self.detach_card(card);
            self.state.players[seat as usize].permanents.push(card);
        }
        self
    }

    /// Played Objective cards of `seat`.
    pub fn played_objectives(mut self, seat: u8, codes: &[&str]) -> Self {
        for code in codes {
            let card = card_id(code);
            self.detach_card(card);
            self.state.players[seat as usize]
                .played_objectives
                .push(card);
        }
        self
    }

    fn detach_card(&mut self, card: CardId) {
        let st = &mut self.state;
        for pile in st.piles.iter_mut() {
            pile.retain(|&x| x != card);
        }
        st.discard.retain(|&x| x != card);
        for pl in st.players.iter_mut() {
            pl.hand.retain(|&x| x != card);
            pl.permanents.retain(|&x| x != card);
            pl.played_objectives.retain(|&x| x != card);
        }
        for d in st.draft.iter_mut() {
            d.retain(|&x| x != card);
        }
    }

    /// Sets a pile to these cards, top last (the rest of that colour leaves the game).
    pub fn pile(mut self, color: CardColor, codes: &[&str]) -> Self {
        let cards: Vec<CardId> = codes.iter().map(|x| card_id(x)).collect();
        for &card in &cards {
            self.detach_card(card);
        }
        let i = pile_index(color);
        let old = std::mem::replace(&mut self.state.piles[i], cards);
        self.state.discard.extend(old);
        self
    }

    /// Removes one tile of `level` from the face-down tiles or the slots.
    fn take_tile(&mut self, level: u8) -> TileId {
        let st = &mut self.state;
        if let Some(i) = st.tile_pile.iter().position(|&x| tiles::level(x) == level) {
            return st.tile_pile.remove(i);
        }
        if let Some(i) = st
            .slots
            .iter()
            .position(|x| x.is_some_and(|x| tiles::level(x) == level))
        {
            if let Some(tile) = st.slots[i].take() {
                return tile;
            }
        }
        panic!("no free level-{level} tile left to build the position");
    }

    /// `seat`'s Innovation stacks, bottom to top, by level.
    pub fn tiles(mut self, seat: u8, stacks: &[&[u8]]) -> Self {
        for stack in stacks {
            let ids: Vec<TileId> = stack.iter().map(|&l| self.take_tile(l)).collect();
            self.state.players[seat as usize].tiles.0.push(ids);
        }
        self
    }

    /// Sets a face-up slot (`None`: empty); the old tile goes back face down.
    pub fn slot(mut self, column: TileColumn, index: u8, level: Option<u8>) -> Self {
        let i = tiles::slot_index(TileSlot { column, index }).expect("slot");
        if let Some(old) = self.state.slots[i].take() {
            self.state.tile_pile.insert(0, old);
        }
        if let Some(l) = level {
            let tile = self.take_tile(l);
            self.state.slots[i] = Some(tile);
        }
        self
    }

    /// Empties every face-up slot (tiles go back face down).
    pub fn empty_slots(mut self) -> Self {
        for i in 0..self.state.slots.len() {
            if let Some(old) = self.state.slots[i].take() {
                self.state.tile_pile.insert(0, old);
            }
        }
        self
    }

    /// Removes every face-down tile from the game (no refills).
    pub fn no_hidden_tiles(mut self) -> Self {
        self.state.tile_pile.clear();
        self
    }

    /// The face-down tiles, top last, by level.
    pub fn hidden_tiles(mut self, levels: &[u8]) -> Self {
        let all: Vec<TileId> = levels.iter().map(|&l| self.take_tile(l)).collect();
        self.state.tile_pile = all;
        self
    }

    pub fn strait_token(mut self, strait: &str, value: Option<u8>) -> Self {
        self.state.straits[strait_id(strait).0 as usize] = value;
        self
    }

    pub fn hunting_token(mut self, territory: &str, value: Option<u8>) -> Self {
        self.state.hunting[territory_id(territory).0 as usize] = value;
        self
    }

    pub fn owned_strait_tokens(mut self, seat: u8, tokens: &[(&str, u8)]) -> Self {
        for &(code, v) in tokens {
            let id = strait_id(code);
            self.state.straits[id.0 as usize] = None;
            self.state.players[seat as usize]
                .strait_tokens
                .push((id, v));
        }
        self
    }

    pub fn owned_hunting_tokens(mut self, seat: u8, values: &[u8]) -> Self {
        self.state.players[seat as usize]
            .hunting_tokens
            .extend_from_slice(values);
        self
    }

    /// The end is already triggered by the current player; `remaining` still play a last
    /// turn.
    pub fn final_round(mut self, remaining: &[u8]) -> Self {
        self.state.end = Some(super::state::EndState {
            trigger: self.state.current,
            reason: EndTrigger::PileEmpty(CardColor::Yellow),
            remaining: remaining.iter().map(|&x| Seat(x)).collect(),
        });
        self
    }

    pub fn build(self) -> State {
        self.state
    }
}

// ------------------------------------------------------------------ probes

pub fn pawn_at(state: &State, territory: &str) -> Option<(PawnType, Option<Seat>)> {
    state.at(territory_id(territory)).map(|x| (x.pawn, x.owner))
}

pub fn hand(state: &State, seat: u8) -> Vec<CardId> {
    state.players[seat as usize].hand.clone()
}

pub fn hand_colors(state: &State, seat: u8) -> [usize; 3] {
    let mut n = [0; 3];
    for &card in &state.players[seat as usize].hand {
        n[pile_index(tables().card_color(card))] += 1;
    }
    n
}

pub fn stacks(state: &State, seat: u8) -> Vec<Vec<u8>> {
    state.players[seat as usize].tiles.levels()
}

pub fn hunting_tokens(state: &State, seat: u8) -> Vec<u8> {
    state.players[seat as usize].hunting_tokens.clone()
}

pub fn strait_tokens(state: &State, seat: u8) -> Vec<(StraitId, u8)> {
    state.players[seat as usize].strait_tokens.clone()
}

pub fn strait_on_board(state: &State, strait: &str) -> Option<u8> {
    state.straits[strait_id(strait).0 as usize]
}

pub fn villages_left(state: &State, seat: u8) -> u8 {
    state.players[seat as usize].villages_left
}

pub fn reserve_count(state: &State, pawn: &str) -> u8 {
    state.reserve_count(pawn_type(pawn))
}

pub fn pile_len(state: &State, color: CardColor) -> usize {
    state.pile(color).len()
}

pub fn pile_bottom(state: &State, color: CardColor) -> Option<CardId> {
    state.pile(color).first().copied()
}

pub fn permanents(state: &State, seat: u8) -> Vec<CardId> {
    state.players[seat as usize].permanents.clone()
}

pub fn played_objectives(state: &State, seat: u8) -> Vec<CardId> {
    state.players[seat as usize].played_objectives.clone()
}

pub fn current(state: &State) -> Seat {
    state.current
}

pub fn is_over(state: &State) -> bool {
    state.over
}

/// Seats still to play a last turn, once the end is triggered.
pub fn final_round(state: &State) -> Option<(Seat, EndTrigger, Vec<Seat>)> {
    state
        .end
        .as_ref()
        .map(|e| (e.trigger, e.reason, e.remaining.clone()))
}

pub fn slot_level(state: &State, column: TileColumn, index: u8) -> Option<u8> {
    tiles::slot_index(TileSlot { column, index })
        .and_then(|i| state.slots[i])
        .map(tiles::level)
}

pub fn hidden_tile_count(state: &State) -> usize {
    state.tile_pile.len()
}

/// Every card of the game is in exactly one place (pile, hand, played, discard, draft).
pub fn cards_conserved(state: &State) -> bool {
    let mut seen = vec![0u8; tables().cards.len()];
    let mut mark = |cards: &[CardId]| {
        for &x in cards {
            seen[x.0 as usize] += 1;
        }
    };
    for color in CARD_COLORS {
        mark(state.pile(color));
    }
    mark(&state.discard);
    for pl in &state.players {
        mark(&pl.hand);
        mark(&pl.permanents);
        mark(&pl.played_objectives);
    }
    for d in &state.draft {
        mark(d);
    }
    seen.iter().all(|&n| n == 1)
}

/// The draft cards dealt to `seat` (Standard setup).
pub fn draft(state: &State, seat: u8) -> Vec<CardId> {
    state.draft[seat as usize].clone()
}

/// A card pile, top last.
pub fn pile_cards(state: &State, color: CardColor) -> Vec<CardId> {
    state.pile(color).clone()
}

/// The levels of the face-down tiles, top (next drawn) last.
pub fn hidden_tile_levels(state: &State) -> Vec<u8> {
    state.tile_pile.iter().map(|&t| tiles::level(t)).collect()
}
