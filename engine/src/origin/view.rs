//! What one viewer may see (views) and the redacted copy of each event. Hidden: other
//! players' card ids, the draft, Junior token values and tile levels (except to their owner;
//! on the board face down to everyone), deck order, the face-down tiles, the RNG.

use super::data::{tables, COLUMNS};
use super::map::map;
use super::pawns;
use super::scoring;
use super::state::{State, CARD_COLORS};
use super::tiles;
use super::turn;
use super::types::*;
use crate::{Seat, Viewer};

pub fn view(state: &State, viewer: Viewer) -> View {
    let junior = state.junior();
    let t = tables();
    let m = map();
    let board_token = |v: Option<u8>| {
        v.map(|value| TokenView {
            value: if junior { None } else { Some(value) },
        })
    };
    let territories = m
        .all()
        .map(|id| {
            let placed = state.at(id);
            TerritoryView {
                id,
                name: t
                    .territories
                    .get(id.0 as usize)
                    .map_or("", |r| r.name.as_str()),
                continent: m.continent(id),
                color: m.color(id),
                adjacent: m.neighbours(id).to_vec(),
                pawn: placed.map(|p| p.pawn),
                owner: placed.and_then(|p| p.owner),
                hunting_token: board_token(state.hunting[id.0 as usize]),
            }
        })
        .collect();
    let straits = state
        .straits
        .iter()
        .enumerate()
        .filter_map(|(i, &v)| {
            let id = StraitId(i as u8);
            Some(StraitView {
                id,
                ends: m.strait(id)?,
                token: board_token(v),
            })
        })
        .collect();
    let reserve = pawns::all_types()
        .filter_map(|p| {
            let n = state.reserve_count(p);
            (n > 0).then_some((p, n))
        })
        .collect();
    let columns = if junior {
        Vec::new()
    } else {
        let mut base = 0usize;
        COLUMNS
            .iter()
            .map(|&column| {
                let n = t.slots_in(column) as usize;
                let slots = state.slots[base..base + n]
                    .iter()
                    .map(|s| s.map(tiles::level))
                    .collect();
                base += n;
                ColumnView { column, slots }
            })
            .collect()
    };
    let piles = CARD_COLORS
        .iter()
        .map(|&color| PileView {
            color,
            remaining: state.pile(color).len() as u32,
        })
        .collect();
    let drafting = matches!(turn::pending(state), Pending::ObjectiveDraft);
    let players = state
        .seats()
        .map(|seat| player_view(state, seat, viewer, drafting))
        .collect();
    View {
        options: state.options.clone(),
        viewer,
        current: (!state.over && !drafting).then_some(state.current),
        pending: turn::pending(state),
        territories,
        straits,
        reserve,
        columns,
        hidden_tiles: state.tile_pile.len() as u32,
        piles,
        players,
        final_round: state.end.as_ref().map(|e| e.remaining.clone()),
    }
}

fn player_view(state: &State, seat: Seat, viewer: Viewer, drafting: bool) -> PlayerView {
    let p = state.player(seat);
    let t = tables();
    let own = viewer.sees_private_of(seat);
    let junior = state.junior();
    let secret = junior && !own;
    let mut hand: Vec<(CardColor, Option<CardId>)> = p
        .hand
        .iter()
        .map(|&c| (t.card_color(c), own.then_some(c)))
        .collect();
    if drafting {
        // The dealt Objective cards are in the player's hand until he keeps one.
        hand.extend(
            state.draft[seat.index()]
                .iter()
                .map(|&c| (CardColor::Purple, own.then_some(c))),
        );
    }
    PlayerView {
        seat,
        villages_left: p.villages_left,
        hand,
        played_objectives: p.played_objectives.clone(),
        permanents: p.permanents.clone(),
        tile_stacks: p
            .tiles
            .0
            .iter()
            .map(|s| {
                s.iter()
                    .map(|&tile| (!secret).then(|| tiles::level(tile)))
                    .collect()
            })
            .collect(),
        hunting_tokens: p
            .hunting_tokens
            .iter()
            .map(|&v| TokenView {
                value: (!secret).then_some(v),
            })
            .collect(),
        strait_tokens: p
            .strait_tokens
            .iter()
            .map(|&(s, v)| {
                (
                    s,
                    TokenView {
                        value: (!secret).then_some(v),
                    },
                )
            })
            .collect(),
        public_score: (!secret).then(|| scoring::score(state, seat)),
    }
}

/// The copy of `event` that `viewer` may see. Card ids stay with their owner(s). Tiles from
/// the face-down pile (Junior only) keep id and level for their owner. Token values in
/// `HuntingTokenTaken` / `StraitTokenTaken` are kept only for the taker, in both rule sets
/// (an event does not say which rule set is played; in Standard the values are public in
/// every view anyway).
pub fn redact_event(event: &Event, viewer: Viewer) -> Event {
    let sees = |s: Seat| viewer.sees_private_of(s);
    let ids = |seat: Seat, cards: &[Option<CardId>]| -> Vec<Option<CardId>> {
        cards
            .iter()
            .map(|&c| if sees(seat) { c } else { None })
            .collect()
    };
    match event {
        Event::ObjectivesDealt { seat, cards } => Event::ObjectivesDealt {
            seat: *seat,
            cards: ids(*seat, cards),
        },
        Event::ObjectiveKept { seat, card } => Event::ObjectiveKept {
            seat: *seat,
            card: card.filter(|_| sees(*seat)),
        },
        Event::CardsDrawn { seat, color, cards } => Event::CardsDrawn {
            seat: *seat,
            color: *color,
            cards: ids(*seat, cards),
        },
        Event::CardsReturned { seat, color, cards } => Event::CardsReturned {
            seat: *seat,
            color: *color,
            cards: ids(*seat, cards),
        },
        Event::CardStolen { from, to, card } => Event::CardStolen {
            from: *from,
            to: *to,
            card: card.filter(|_| sees(*from) || sees(*to)),
        },
        Event::TileTaken { seat, source, .. } if *source == TileSource::Pile && !sees(*seat) => {
            Event::TileTaken {
                seat: *seat,
                source: *source,
                tile: None,
                level: None,
            }
        }
        Event::HuntingTokenTaken {
            seat,
            territory,
            value,
        } => Event::HuntingTokenTaken {
            seat: *seat,
            territory: *territory,
            value: value.filter(|_| sees(*seat)),
        },
        Event::StraitTokenTaken {
            seat,
            strait,
            value,
        } => Event::StraitTokenTaken {
            seat: *seat,
            strait: *strait,
            value: value.filter(|_| sees(*seat)),
        },
        e => e.clone(),
    }
}
