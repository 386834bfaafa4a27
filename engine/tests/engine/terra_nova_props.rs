//! Property tests of Terra Nova beyond the generic conformance suite (which plays every
//! configuration, replays it and checks `TerraNova::invariants` at every step): the power
//! exchange is offered exactly at its moments, and "busy" games that rarely pass reach
//! towns, palaces, bridges and special actions. `AGORA_CONFORMANCE_GAMES` scales the number
//! of games (default 1,000).

use crate::conformance::DEFAULT_GAMES;
use agora_engine::core::playout::RandomBot;
use agora_engine::terra_nova::{
    Action, Awaiting, Building, Event, Faction, FactionSetup, Options, State, Step, TerraNova,
};
use agora_engine::{Game, Seat, Viewer};

const MAX_STEPS: usize = 20_000;

fn games() -> u64 {
    std::env::var("AGORA_CONFORMANCE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_GAMES)
}

/// Every configuration, plus fixed B-side factions and the other first-game presets.
fn configurations() -> Vec<Options> {
    let mut all: Vec<Options> = TerraNova::configurations()
        .into_iter()
        .map(|(_, o)| o)
        .collect();
    all.extend([Options::preset(2), Options::preset(4)]);
    let mut fixed = Options::standard(4);
    fixed.factions = FactionSetup::Fixed(vec![
        Faction::SeaDogs,
        Faction::Efrits,
        Faction::Inventors,
        Faction::Druids,
    ]);
    all.push(fixed);
    all
}

#[test]
fn power_exchange_is_offered_exactly_at_its_moments() {
    let n = (games() / 10).max(1);
    for options in configurations() {
        for seed in 0..n {
            let mut state = TerraNova::setup(&options, seed).expect("setup");
            let mut bot = RandomBot::seeded(seed ^ 0x7e77a);
            for step in 0..MAX_STEPS {
                let Some((seat, action)) = bot.choose::<TerraNova>(&state) else {
                    break;
                };
                let legal = TerraNova::legal_actions(&state, seat);
                exchange_offers(seed, step, &state, seat, &legal);
                TerraNova::apply(&mut state, seat, &action).expect("listed");
            }
            assert!(
                TerraNova::outcome(&state).is_some(),
                "seed {seed}: no outcome"
            );
        }
    }
}

/// The power exchange (and the Druides' 3 -> 2 VP) is listed exactly at the allowed moments:
/// before / after the seat's own action, phase 3, the final exchange; any amount up to bowl
/// III.
fn exchange_offers(seed: u64, step: usize, state: &State, seat: Seat, legal: &[Action]) {
    let ctx = format!("seed {seed} step {step} {:?}", state.step());
    let p = &state.players()[seat.index()];
    let allowed = match state.step() {
        Step::Turn {
            seat: turn,
            pending: Awaiting::Main | Awaiting::AfterAction,
        } => *turn == seat,
        Step::RoundEndExchange { .. } | Step::FinalExchange { .. } => true,
        _ => false,
    };
    assert_eq!(state.exchange_moment(seat), allowed, "{ctx}");
    let listed: Vec<u8> = legal
        .iter()
        .filter_map(|a| match a {
            Action::ExchangePower(n) => Some(*n),
            _ => None,
        })
        .collect();
    let expected: Vec<u8> = if allowed {
        (1..=p.bowls[2]).collect()
    } else {
        Vec::new()
    };
    assert_eq!(listed, expected, "{ctx}");
    assert_eq!(
        legal.contains(&Action::ConvertPowerToVp),
        allowed && p.is(Faction::Druids) && p.bowls[2] >= 3,
        "{ctx}"
    );
}

/// A bot that rarely passes, skips or ends its turn early: long games that reach towns,
/// palaces, bridges and the special actions. Returns the events of the game.
fn busy_game(
    options: &Options,
    seed: u64,
    deep: bool,
    pool: &mut Vec<Action>,
) -> (State, Vec<Event>) {
    let mut state = TerraNova::setup(options, seed).expect("setup");
    let mut bot = RandomBot::seeded(seed ^ 0xb05e);
    let mut events = Vec::new();
    for step in 0..MAX_STEPS {
        let Some(seat) = TerraNova::to_act(&state).iter().next() else {
            break;
        };
        let legal = TerraNova::legal_actions(&state, seat);
        assert!(!legal.is_empty(), "seed {seed} step {step}: stuck");
        exchange_offers(seed, step, &state, seat, &legal);
        if deep {
            let json = serde_json::to_string(&state).expect("state serializes");
            let back: State = serde_json::from_str(&json).expect("state deserializes");
            assert!(back == state, "seed {seed} step {step}: serde round trip");
            let view = serde_json::to_string(&TerraNova::view(&state, Viewer::Spectator));
            assert!(view.is_ok());
            for a in &legal {
                let mut copy = state.clone();
                if let Err(e) = TerraNova::apply(&mut copy, seat, a) {
                    panic!("seed {seed} step {step}: listed {a:?} refused: {e}");
                }
            }
            for a in pool.iter().filter(|a| !legal.contains(a)).take(60) {
                let mut copy = state.clone();
                let e = TerraNova::apply(&mut copy, seat, a).expect_err("unlisted accepted");
                assert!(!e.code.is_empty() && !e.message.is_empty());
                assert!(copy == state, "refused {a:?} changed the state");
            }
        }
        let busy: Vec<&Action> = legal
            .iter()
            .filter(|a| {
                !matches!(
                    a,
                    Action::Pass
                        | Action::EndTurn
                        | Action::Skip
                        | Action::ExchangePower(_)
                        | Action::ConvertPowerToVp
                )
            })
            .collect();
        let action = if !busy.is_empty() && bot.below(12) != 0 {
            busy[bot.below(busy.len())].clone()
        } else {
            legal[bot.below(legal.len())].clone()
        };
        if pool.len() < 400 && !pool.contains(&action) {
            pool.push(action.clone());
        }
        match TerraNova::apply(&mut state, seat, &action) {
            Ok(ev) => events.extend(ev),
            Err(e) => panic!("seed {seed} step {step}: listed {action:?} refused: {e}"),
        }
        if let Err(broken) = TerraNova::invariants(&state) {
            panic!("busy seed {seed} step {step}: {broken}");
        }
    }
    assert!(
        TerraNova::outcome(&state).is_some(),
        "seed {seed}: no outcome"
    );
    (state, events)
}

#[test]
fn busy_games_reach_every_kind_of_event() {
    let n = (games() / 5).max(1);
    let mut pool = Vec::new();
    let (mut towns, mut palaces, mut bridges, mut links, mut specials) = (0, 0, 0, 0, 0);
    for (i, options) in [
        Options::standard(2),
        Options::standard(3),
        Options::standard(4),
        Options::two_player(agora_engine::terra_nova::NeutralVariant::Planner),
        Options::two_player(agora_engine::terra_nova::NeutralVariant::Random),
    ]
    .iter()
    .enumerate()
    {
        for seed in 0..n {
            let (_, events) = busy_game(options, seed * 7 + i as u64, seed % 20 == 0, &mut pool);
            for e in &events {
                match e {
                    Event::TownFounded { river_link, .. } => {
                        towns += 1;
                        links += river_link.is_some() as u32;
                    }
                    Event::Built {
                        building: Building::Palace,
                        ..
                    } => palaces += 1,
                    Event::BridgeBuilt { .. } => bridges += 1,
                    Event::ActionChosen {
                        action: Action::Special(_),
                        ..
                    } => specials += 1,
                    _ => {}
                }
            }
        }
    }
    eprintln!("busy: {towns} towns ({links} across rivers), {palaces} palaces, {bridges} bridges, {specials} specials");
    if n >= 20 {
        assert!(towns > 0 && palaces > 0 && bridges > 0 && specials > 0);
    }
}

/// The conformance statistics (conformance_stats.rs): the greedy bot founds more towns and
/// raises more palaces than the uniform one, and together they play every kind of action
/// to the end of the fifth round.
#[test]
fn statistics_reach_towns_palaces_and_the_end() {
    let t = crate::conformance_stats::tallies::<TerraNova>();
    assert!(t.greedy.count("palace") > t.uniform.count("palace"));
    assert!(t.greedy.count("town_tile") > t.uniform.count("town_tile"));
    crate::conformance_stats::assert_reached(
        "terra_nova",
        &t.union(),
        &["five_rounds"],
        &[
            "choose_sheet",
            "choose_faction",
            "upgrade",
            "palace",
            "town_tile",
            "river_link",
            "build_bridge",
            "advance_navigation",
            "power_action",
            "special",
            "convert_power_to_vp",
        ],
    );
}
