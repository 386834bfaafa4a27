//! The public view: everything on the table is open information.

use super::data::tables;
use super::state::{Phase, State};
use super::types::{DistrictCardView, MeetingPlaceView, PlayerView, View};

pub use super::tasks::{pending, task_pending};

pub fn view(state: &State) -> View {
    let t = tables();
    let meeting_places = state
        .places
        .iter()
        .zip(&t.board.meeting_place)
        .map(|(p, mp)| MeetingPlaceView {
            number: mp.number,
            colour: p
                .bonus
                .row()
                .map_or(super::types::Colour::Red, |b| b.colour),
            bonus: p.bonus,
            dial: p.dial,
            top: mp.top,
            bottom: mp.bottom,
        })
        .collect();
    let player_views = state
        .seats()
        .zip(&state.players)
        .map(|(seat, p)| PlayerView {
            seat,
            vp: p.vp,
            resources: p.res,
            superiority: p.superiority,
            passed: p.passed,
            archon_at: p.archon_at,
            freemen: p.freemen.clone(),
            orators: p.orators.clone(),
            bases: p.bases,
            counsellors: p.counsellors.clone(),
            towers: p.towers,
            temples: p.temples,
            military: p.military,
            zodiac: state
                .zodiac
                .iter()
                .filter(|(_, holder)| *holder == Some(seat))
                .map(|(card, _)| *card)
                .collect(),
            city: p.city.clone(),
            seats: p.seats.clone(),
            kept_tiles: p.kept.clone(),
            scored_cards: p.scored_cards.clone(),
            wonder: p.wonder,
        })
        .collect();
    let mut v = View {
        players: state.options.players,
        round: state.round,
        bastion: state.bastion,
        current: (state.phase != Phase::Over).then_some(state.current),
        pending: pending(state),
        meeting_places,
        market: state.market.to_vec(),
        pile_tops: state.piles.iter().map(|p| p.last().copied()).collect(),
        pile_sizes: std::array::from_fn(|i| state.piles[i].len() as u8),
        recruitment: state.recruitment.to_vec(),
        orator_area: state.orator_area.clone(),
        district_cards: state
            .districts
            .iter()
            .map(|&(id, gold)| DistrictCardView {
                id,
                gold,
                towers: id.row().map(|r| r.towers.clone()).unwrap_or_default(),
            })
            .collect(),
        floor_reserve: state.floor_reserve,
        dice_reserve: state.dice_reserve,
        zodiac: state.zodiac.to_vec(),
        superiority_supply: state.superiority_supply,
        solo_neutral: state.neutral,
        draft_pool: state.draft_pool.clone(),
        player_views,
        wonders: Vec::new(),
        challenges: Vec::new(),
        challenges_scored: 0,
    };
    super::modules::view(state, &mut v);
    v
}
