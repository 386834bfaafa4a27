//! The public view: everything on the table is open information.

use super::data::tables;
use super::state::{building_id, Phase, State, Task, TurnStep};
use super::types::{DistrictCardView, MeetingPlaceView, PlayerView, View};

pub fn pending_name(state: &State) -> String {
    match state.phase {
        Phase::Over => "GAME_OVER".into(),
        Phase::Draft => "DRAFT".into(),
        Phase::Play => match state.tasks.last() {
            Some(t) => task_name(t).into(),
            None => match state.step {
                TurnStep::After => "SUPERIORITY_OR_END_TURN".into(),
                _ => "TURN_ACTION".into(),
            },
        },
    }
}

pub fn task_name(t: &Task) -> &'static str {
    match t {
        Task::ChoosePlace { .. } => "CHOOSE_MEETING_PLACE",
        Task::ChooseSeat { .. } => "CHOOSE_SEAT_OF_POWER",
        Task::Visit { .. } => "VISIT_ACTIONS",
        Task::SoloDial { .. } => "SOLO_DIAL",
        Task::Military { .. } => "MILITARY",
        Task::GainBasic { .. } => "GAIN_BASIC_RESOURCE",
        Task::StoneOrFood { .. } => "STONE_OR_FOOD",
        Task::Trade => "MILITARY_TRADE",
        Task::Build => "CHOOSE_BUILDING",
        Task::Place { .. } => "CHOOSE_CITY_CELL",
        Task::Activate { .. } => "ACTIVATIONS",
        Task::Temple { .. } => "CHOOSE_TEMPLE",
        Task::TempleExtra { .. } => "EXTRA_TEMPLE_STEP",
        Task::Recruit { .. } => "RECRUIT_CITIZEN",
        Task::TakeOrator { .. } => "TAKE_ORATOR",
        Task::SagittariusFreeman | Task::SagittariusOrator => "SAGITTARIUS",
        Task::Feed { .. } => "FEED",
        Task::Veterans => "VETERANS_QUARTERS",
        Task::Court => "COURT_OF_JUSTICE",
        Task::ConstructionSite => "CONSTRUCTION_SITE",
        Task::Portal => "PORTAL",
        Task::Fountain => "FOUNTAIN_OF_WISDOM",
        Task::Mages { .. } => "MAGES_TOWER",
        Task::Capricorn => "CAPRICORN",
        Task::DistrictCard { .. } => "CHOOSE_DISTRICT_CARD",
        Task::PassFinish => "PASS",
    }
}

pub fn view(state: &State) -> View {
    let t = tables();
    let places = state
        .places
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let bonus = t.board.bonus_tile.get(p.bonus as usize);
            let mp = t.board.meeting_place.get(i);
            MeetingPlaceView {
                number: i as u8 + 1,
                colour: bonus.map_or(super::types::Colour::Red, |b| b.colour),
                bonus: bonus.map(|b| b.id.clone()).unwrap_or_default(),
                dial: p.dial,
                top: mp.map(|m| format!("{:?}", m.top)).unwrap_or_default(),
                bottom: mp.map(|m| format!("{:?}", m.bottom)).unwrap_or_default(),
            }
        })
        .collect();
    let players_view = state
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| PlayerView {
            seat: i as u8,
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
                .filter(|(_, h)| *h == Some(i as u8))
                .filter_map(|(c, _)| t.zodiac.get(*c as usize).map(|z| z.id.clone()))
                .collect(),
            city: p.city.clone(),
            seats: p.seats.clone(),
            kept_tiles: p.kept.iter().map(|&b| building_id(b)).collect(),
            scored_cards: p
                .scored_cards
                .iter()
                .filter_map(|&c| t.districts.get(c as usize).map(|d| d.id.clone()))
                .collect(),
        })
        .collect();
    View {
        players: state.options.players,
        round: state.round,
        bastion: state.bastion,
        current: (state.phase != Phase::Over).then_some(state.current),
        pending: pending_name(state),
        meeting_places: places,
        market: state.market.iter().map(|m| m.map(building_id)).collect(),
        pile_tops: state
            .piles
            .iter()
            .map(|p| p.last().map(|&b| building_id(b)))
            .collect(),
        pile_sizes: std::array::from_fn(|i| state.piles[i].len() as u8),
        recruitment: state.recruitment.to_vec(),
        orator_area: state.orator_area.clone(),
        district_cards: state
            .districts
            .iter()
            .map(|(c, g)| DistrictCardView {
                id: t
                    .districts
                    .get(*c as usize)
                    .map(|d| d.id.clone())
                    .unwrap_or_default(),
                gold: *g,
            })
            .collect(),
        floor_reserve: state.floor_reserve,
        dice_reserve: state.dice_reserve,
        zodiac: state
            .zodiac
            .iter()
            .map(|(c, h)| {
                (
                    t.zodiac
                        .get(*c as usize)
                        .map(|z| z.id.clone())
                        .unwrap_or_default(),
                    *h,
                )
            })
            .collect(),
        superiority_supply: state.superiority_supply,
        solo_neutral: state.neutral,
        draft_pool: state.draft_pool.clone(),
        players_view,
    }
}
