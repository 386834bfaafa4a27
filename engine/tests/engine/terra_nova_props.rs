//! Random legal playouts of Terra Nova: every configuration reaches an outcome, no listed
//! action is refused, power tokens are conserved, coins never go negative, and replaying
//! options + seed + actions reproduces the state. `AGORA_CONFORMANCE_GAMES` sets the number
//! of games per configuration (default 1,000).

use agora_engine::core::playout::{play_random, RandomBot};
use agora_engine::terra_nova::{
    Action, Building, Event, Faction, FactionSetup, NeutralVariant, Pending, Step, TerraNova,
    TerraNovaOptions, TerraNovaState,
};
use agora_engine::{Game, Seat, Viewer};

const MAX_STEPS: usize = 20_000;

fn games() -> u64 {
    std::env::var("AGORA_CONFORMANCE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000)
}

fn invariants(name: &str, seed: u64, state: &TerraNovaState) {
    for (i, p) in state.players.iter().enumerate() {
        assert_eq!(
            p.power_tokens(),
            8,
            "{name} seed {seed}: seat {i} power tokens not conserved: {:?}",
            p.bowls
        );
        assert!(p.houses_built <= 8 && p.trading_posts_built <= 4 && p.bridges_built <= 3);
    }
}

fn run(name: &str, options: TerraNovaOptions) {
    let n = games();
    let mut steps = 0;
    for seed in 0..n {
        let initial = TerraNova::setup(&options, seed).expect("setup");
        let mut state = initial.clone();
        let mut bot = RandomBot::seeded(seed ^ 0x7e77a);
        let played = match play_random::<TerraNova>(&mut state, &mut bot, MAX_STEPS) {
            Ok(played) => played,
            Err(e) => panic!("{name} seed {seed}: {e:?}"),
        };
        steps += played.len();
        let outcome = TerraNova::outcome(&state).unwrap_or_else(|| {
            panic!(
                "{name} seed {seed}: no outcome after {} steps",
                played.len()
            )
        });
        assert_eq!(outcome.standings.len(), options.players as usize);
        // Replay step by step: invariants after every decision, same final state.
        let mut replay = initial;
        invariants(name, seed, &replay);
        for (step, (seat, action)) in played.iter().enumerate() {
            let legal = TerraNova::legal_actions(&replay, *seat);
            exchange_offers(seed, step, &replay, *seat, &legal);
            TerraNova::apply(&mut replay, *seat, action).expect("replay accepted");
            invariants(name, seed, &replay);
        }
        assert!(replay == state, "{name} seed {seed}: replay diverged");
    }
    eprintln!("{name}: {n} games, {steps} decisions");
}

#[test]
fn random_games_2p() {
    run("2p", TerraNovaOptions::standard(2));
}

#[test]
fn random_games_3p() {
    run("3p", TerraNovaOptions::standard(3));
}

#[test]
fn random_games_4p_turn_order() {
    let mut o = TerraNovaOptions::standard(4);
    o.turn_order_variant = true;
    run("4p turn order", o);
}

#[test]
fn random_games_4p() {
    run("4p", TerraNovaOptions::standard(4));
}

#[test]
fn random_games_2p_planner() {
    run(
        "2p planner",
        TerraNovaOptions::two_player(NeutralVariant::Planner),
    );
}

#[test]
fn random_games_2p_random_neutral() {
    run(
        "2p random",
        TerraNovaOptions::two_player(NeutralVariant::Random),
    );
}

#[test]
fn random_games_presets_and_fixed_factions() {
    for players in 2..=4 {
        run("preset", TerraNovaOptions::preset(players));
    }
    let mut o = TerraNovaOptions::standard(4);
    o.factions = FactionSetup::Fixed(vec![
        agora_engine::terra_nova::Faction::SeaDogs,
        agora_engine::terra_nova::Faction::Efrits,
        agora_engine::terra_nova::Faction::Inventors,
        agora_engine::terra_nova::Faction::Druids,
    ]);
    run("fixed B sides", o);
}

/// The power exchange (and the Druides' 3 -> 2 VP) is listed exactly at the allowed moments:
/// before / after the seat's own action, phase 3, the final exchange; any amount up to bowl
/// III.
fn exchange_offers(seed: u64, step: usize, state: &TerraNovaState, seat: Seat, legal: &[Action]) {
    let ctx = format!("seed {seed} step {step} {:?}", state.step);
    let p = &state.players[seat.index()];
    let allowed = match &state.step {
        Step::Turn {
            seat: turn,
            pending: Pending::Main | Pending::AfterAction,
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
    options: &TerraNovaOptions,
    seed: u64,
    deep: bool,
    pool: &mut Vec<Action>,
) -> (TerraNovaState, Vec<Event>) {
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
            let back: TerraNovaState = serde_json::from_str(&json).expect("state deserializes");
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
        invariants("busy", seed, &state);
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
        TerraNovaOptions::standard(2),
        TerraNovaOptions::standard(3),
        TerraNovaOptions::standard(4),
        TerraNovaOptions::two_player(NeutralVariant::Planner),
        TerraNovaOptions::two_player(NeutralVariant::Random),
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
