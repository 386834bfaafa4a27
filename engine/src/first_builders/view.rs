//! The public view: everything on the table is open information.

use super::data::tables;
use super::state::{Phase, State, Task, TurnStep};
use super::types::{DistrictCardView, MeetingPlaceView, Pending, PlayerView, View, WonderSlotView};

/// The decision the current seat must make.
pub fn pending(state: &State) -> Pending {
    match state.phase {
        Phase::Over => Pending::GameOver,
        Phase::Draft => Pending::Draft,
        Phase::Play => match state.tasks.last() {
            Some(t) => task_pending(t),
            None => match state.step {
                TurnStep::After => Pending::SuperiorityOrEndTurn,
                _ => Pending::TurnAction,
            },
        },
    }
}

/// The decision a pending task asks for.
pub fn task_pending(t: &Task) -> Pending {
    match t {
        Task::ChoosePlace { worker } => Pending::ChooseMeetingPlace { worker: *worker },
        Task::ChooseSeat { freeman } => Pending::ChooseSeatOfPower { freeman: *freeman },
        Task::Visit { place, .. } => Pending::VisitActions { place: *place },
        Task::SoloDial { place } => Pending::SoloDial { place: *place },
        Task::Military {
            advance, either, ..
        } => Pending::Military {
            advance: *advance,
            either: *either,
        },
        Task::GainBasic { n } => Pending::GainBasicResource { count: *n },
        Task::StoneOrFood { n } => Pending::StoneOrFood { count: *n },
        Task::Trade => Pending::MilitaryTrade,
        Task::Build => Pending::ChooseBuilding,
        Task::Place { tile, .. } => Pending::ChooseCityCell { tile: *tile },
        Task::Activate { cells, .. } => Pending::Activations {
            cells: cells.clone(),
        },
        Task::Temple { steps, .. } => Pending::ChooseTemple { steps: *steps },
        Task::TempleExtra { exclude } => Pending::ExtraTempleStep { exclude: *exclude },
        Task::Recruit { free, optional } => Pending::RecruitCitizen {
            free: *free,
            optional: *optional,
        },
        Task::TakeOrator { optional } => Pending::TakeOrator {
            optional: *optional,
        },
        Task::SagittariusFreeman | Task::SagittariusOrator => Pending::Sagittarius,
        Task::Feed { done } => Pending::Feed { fed: *done },
        Task::Veterans => Pending::VeteransQuarters,
        Task::Court => Pending::CourtOfJustice,
        Task::ConstructionSite => Pending::ConstructionSite,
        Task::Portal => Pending::Portal,
        Task::Fountain => Pending::FountainOfWisdom,
        Task::Mages { cell } | Task::MagesCopy { cell, .. } => Pending::MagesTower { cell: *cell },
        Task::Capricorn => Pending::Capricorn,
        Task::DistrictCard { options } => Pending::ChooseDistrictCard {
            cards: options.clone(),
        },
        Task::PassFinish => Pending::Pass,
        _ => super::wonder_rules::pending(t).unwrap_or(Pending::Pass),
    }
}

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
    View {
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
        wonders: state
            .place_wonders
            .iter()
            .zip(1u8..)
            .filter_map(|(w, place)| {
                w.map(|w| WonderSlotView {
                    place,
                    wonder: w.wonder,
                    unlocked: w.unlocked,
                })
            })
            .collect(),
        challenges: state
            .challenge_row
            .iter()
            .map(|&id| super::challenges::ChallengeTileView {
                id,
                provisional: id.provisional(),
            })
            .collect(),
        challenges_scored: state.challenges_scored,
    }
}
