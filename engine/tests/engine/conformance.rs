//! The conformance suite every game must pass, written once against the [`Game`] trait
//! (as OpenSpiel does for its games). It runs every configuration that each registered
//! game declares in [`Game::configurations`], so a new game or configuration needs no
//! edit here.
//!
//! Per configuration: `AGORA_CONFORMANCE_GAMES` random legal games (default
//! [`DEFAULT_GAMES`]) are played to an outcome; every action listed as legal is accepted;
//! actions not listed are refused and leave the state unchanged; a state survives a
//! serialize/deserialize round trip; replaying options + seed + actions reproduces the
//! final state byte for byte; no viewer's serialized view or redacted events hold a secret
//! of another seat ([`Game::secrets`]).

use agora_engine::core::playout::RandomBot;
use agora_engine::core::secret::find_leak;
use agora_engine::registry::{visit_games, GameKind, GameVisitor};
use agora_engine::{Game, Seat, Secret, Viewer};
use serde::Serialize;

const MAX_STEPS: usize = 20_000;

/// Games per configuration in the default test run, chosen to keep the README's test
/// command short on a 2-core machine; the release check runs
/// `AGORA_CONFORMANCE_GAMES=1000` (BENCHMARKS.md records it).
pub const DEFAULT_GAMES: u64 = 300;

fn games_per_configuration() -> u64 {
    std::env::var("AGORA_CONFORMANCE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_GAMES)
}

/// Plays random games and checks every invariant of the suite. Deep checks (all legal
/// actions on a clone, unlisted actions, serde round trip, redaction at every step) run on
/// every 25th game to keep the suite fast.
fn conformance<G: Game>(name: &str, options: &G::Options) {
    let games = games_per_configuration();
    let mut pool: Vec<G::Action> = Vec::new();
    let mut total_steps = 0usize;
    for seed in 0..games {
        let deep = seed % 25 == 0;
        let initial =
            G::setup(options, seed).unwrap_or_else(|e| panic!("{name}: setup failed: {e}"));
        let mut state = initial.clone();
        let mut bot = RandomBot::seeded(seed ^ 0x5eed);
        let mut played = Vec::new();
        if deep {
            if let Err(leak) = check_redaction::<G>(&[], &state) {
                panic!("{name} seed {seed} at setup: {leak}");
            }
        }
        for step in 0..MAX_STEPS {
            let to_act = G::to_act(&state);
            if to_act.is_empty() {
                break;
            }
            if let Err(broken) = G::invariants(&state) {
                panic!("{name} seed {seed} step {step}: invariant broken: {broken}");
            }
            if deep {
                check_step::<G>(name, seed, step, &state, &pool);
            }
            let Some((seat, action)) = bot.choose::<G>(&state) else {
                panic!(
                    "{name} seed {seed} step {step}: {to_act:?} must act but have no legal action"
                );
            };
            let events = match G::apply(&mut state, seat, &action) {
                Ok(events) => events,
                Err(e) => panic!(
                    "{name} seed {seed} step {step}: legal {action:?} by {seat} refused: {e}"
                ),
            };
            if deep {
                if let Err(leak) = check_redaction::<G>(&events, &state) {
                    panic!("{name} seed {seed} step {step} ({action:?} by {seat}): {leak}");
                }
            }
            played.push((seat, action));
            assert!(
                step + 1 < MAX_STEPS,
                "{name} seed {seed}: no end after {MAX_STEPS} steps"
            );
        }
        total_steps += played.len();
        let outcome = G::outcome(&state)
            .unwrap_or_else(|| panic!("{name} seed {seed}: game over without an outcome"));
        assert_eq!(
            outcome.standings.len(),
            G::seat_count(&state),
            "{name}: one standing per seat"
        );
        assert!(
            outcome.standings.iter().any(|s| s.rank == 1),
            "{name}: someone wins"
        );
        for st in &outcome.standings {
            if !st.breakdown.is_empty() {
                let parts: i32 = st.breakdown.iter().map(|(_, v)| v).sum();
                assert_eq!(
                    parts, st.score,
                    "{name} seed {seed}: the breakdown sums to the score"
                );
            }
            assert_eq!(
                st.solo.is_some(),
                G::seat_count(&state) == 1,
                "{name}: a solo result exactly in solo games"
            );
        }
        for seat in (0..G::seat_count(&state) as u8).map(Seat) {
            assert!(
                G::legal_actions(&state, seat).is_empty(),
                "{name}: no legal action after the end"
            );
        }

        // Replay: same options + seed + actions = same state, byte for byte.
        let mut replay = initial;
        for (seat, action) in &played {
            G::apply(&mut replay, *seat, action).expect("replayed action is accepted");
        }
        assert_eq!(
            serde_json::to_string(&replay).expect("serializes"),
            serde_json::to_string(&state).expect("serializes"),
            "{name} seed {seed}: replay diverged"
        );
        if deep && pool.len() < 5_000 {
            pool.extend(played.iter().step_by(7).map(|(_, a)| a.clone()));
        }
    }
    eprintln!("{name}: {games} games, {total_steps} decisions");
}

/// The deep checks at one step of one game.
fn check_step<G: Game>(name: &str, seed: u64, step: usize, state: &G::State, pool: &[G::Action]) {
    let ctx = format!("{name} seed {seed} step {step}");
    let json = serde_json::to_string(state).expect("state serializes");
    let back: G::State = serde_json::from_str(&json).expect("state deserializes");
    assert!(back == *state, "{ctx}: serde round trip changed the state");

    let to_act = G::to_act(state);
    for seat in (0..G::seat_count(state) as u8).map(Seat) {
        let legal = G::legal_actions(state, seat);
        assert_eq!(
            !legal.is_empty(),
            to_act.contains(seat),
            "{ctx}: {seat} has legal actions iff it must act"
        );
        for action in &legal {
            let mut copy = state.clone();
            if let Err(e) = G::apply(&mut copy, seat, action) {
                panic!("{ctx}: listed {action:?} by {seat} refused: {e}");
            }
        }
        // Unlisted actions (seen in other games, or listed for another seat) are refused
        // and change nothing.
        for action in pool.iter().filter(|a| !legal.contains(a)).take(200) {
            let mut copy = state.clone();
            match G::apply(&mut copy, seat, action) {
                Ok(_) => panic!("{ctx}: unlisted {action:?} by {seat} accepted"),
                Err(e) => {
                    assert!(
                        !e.code.is_empty() && !e.message.is_empty(),
                        "{ctx}: empty error"
                    );
                    assert!(
                        copy == *state,
                        "{ctx}: refused {action:?} changed the state"
                    );
                }
            }
        }
    }
}

/// Every viewer (each seat, the spectator) sees in its serialized view of `after` and in
/// its redacted copy of `events` (the step that led to `after`) no secret of another seat.
/// Secrets are those held after the step: a step may reveal what it took out of a hand
/// (a played card).
fn check_redaction<G: Game>(events: &[G::Event], after: &G::State) -> Result<(), String> {
    let seats = (0..G::seat_count(after) as u8).map(Seat);
    let held: Vec<Vec<Secret>> = seats.clone().map(|s| G::secrets(after, s)).collect();
    for viewer in seats.map(Viewer::Seat).chain([Viewer::Spectator]) {
        leak_to(viewer, &G::view(after, viewer), &held)
            .map_err(|leak| format!("the view of {viewer:?} leaks: {leak}"))?;
        let redacted: Vec<G::Event> = events.iter().map(|e| G::redact_event(e, viewer)).collect();
        leak_to(viewer, &redacted, &held)
            .map_err(|leak| format!("the events of {viewer:?} leak: {leak}"))?;
    }
    Ok(())
}

/// The bytes `viewer` receives (`shown`, serialized) hold no secret of another seat
/// (`secrets[seat]`).
fn leak_to(viewer: Viewer, shown: &impl Serialize, secrets: &[Vec<Secret>]) -> Result<(), String> {
    let json = serde_json::to_value(shown).map_err(|e| format!("does not serialize: {e}"))?;
    for (owner, held) in secrets.iter().enumerate() {
        let owner = Seat(owner as u8);
        if viewer.sees_private_of(owner) {
            continue;
        }
        if let Some(leak) = find_leak(&json, owner, held, viewer) {
            return Err(leak);
        }
    }
    Ok(())
}

/// Runs the suite on every configuration of every registered game, one thread per
/// configuration (the suite is CPU-bound; the test harness sees one test).
struct Suite<'scope, 'env> {
    scope: &'scope std::thread::Scope<'scope, 'env>,
    runs: Vec<std::thread::ScopedJoinHandle<'scope, ()>>,
}

impl<'scope, 'env> GameVisitor for Suite<'scope, 'env> {
    fn visit<G: Game>(&mut self, _kind: GameKind) {
        for (name, options) in G::configurations() {
            let name = format!("{}/{name}", G::ID);
            let run = std::thread::Builder::new()
                .name(name.clone())
                .spawn_scoped(self.scope, move || conformance::<G>(&name, &options))
                .expect("spawns a suite thread");
            self.runs.push(run);
        }
    }
}

#[test]
fn every_configuration_of_every_game_conforms() {
    let failed = std::thread::scope(|scope| {
        let mut suite = Suite {
            scope,
            runs: Vec::new(),
        };
        visit_games(&mut suite);
        let mut failed = Vec::new();
        for run in suite.runs {
            let name = run.thread().name().unwrap_or("?").to_string();
            if run.join().is_err() {
                failed.push(name);
            }
        }
        failed
    });
    assert!(failed.is_empty(), "configurations that failed: {failed:?}");
}

/// The redaction check catches leaks: in random games of every configuration, a seat's own
/// view handed to the spectator shows each secret the seat holds, and an event handed out
/// unredacted shows the secret its redaction removed. A game whose secrets stop matching
/// its view or events (a renamed field) fails here instead of passing the check unseen.
struct LeaksAreCaught {
    failed: Vec<String>,
}

impl GameVisitor for LeaksAreCaught {
    fn visit<G: Game>(&mut self, _kind: GameKind) {
        for (name, options) in G::configurations() {
            let name = format!("{}/{name}", G::ID);
            if let Err(e) = leaks_are_caught::<G>(&name, &options) {
                self.failed.push(format!("{name}: {e}"));
            }
        }
    }
}

fn leaks_are_caught<G: Game>(name: &str, options: &G::Options) -> Result<(), String> {
    let (mut views_caught, mut events_redacted, mut events_caught) = (0, 0, 0);
    for seed in 0..3 {
        let mut state = G::setup(options, seed).map_err(|e| e.to_string())?;
        let mut bot = RandomBot::seeded(seed);
        let seats: Vec<Seat> = (0..G::seat_count(&state) as u8).map(Seat).collect();
        let mut step = 0;
        loop {
            let held: Vec<Vec<Secret>> = seats.iter().map(|&s| G::secrets(&state, s)).collect();
            for &owner in &seats {
                if held[owner.index()].is_empty() {
                    continue;
                }
                let own_view = G::view(&state, Viewer::Seat(owner));
                if leak_to(Viewer::Spectator, &own_view, &held).is_ok() {
                    return Err(format!(
                        "seed {seed} step {step}: {owner}'s view handed to the spectator \
                         passed the check; its secrets: {:?}",
                        held[owner.index()]
                    ));
                }
                views_caught += 1;
            }
            let Some((seat, action)) = bot.choose::<G>(&state) else {
                break;
            };
            let events = G::apply(&mut state, seat, &action).map_err(|e| e.to_string())?;
            let held: Vec<Vec<Secret>> = seats.iter().map(|&s| G::secrets(&state, s)).collect();
            for event in &events {
                if G::redact_event(event, Viewer::Spectator) == *event {
                    continue;
                }
                events_redacted += 1;
                if leak_to(Viewer::Spectator, &[event], &held).is_err() {
                    events_caught += 1;
                }
            }
            step += 1;
        }
    }
    eprintln!(
        "{name}: {views_caught} leaked views and {events_caught} of {events_redacted} \
         unredacted events caught"
    );
    let secretive = views_caught > 0 || events_redacted > 0;
    if secretive && (views_caught == 0 || (events_redacted > 0 && events_caught == 0)) {
        return Err(format!(
            "{views_caught} leaked views and {events_caught} of {events_redacted} unredacted \
             events caught"
        ));
    }
    Ok(())
}

#[test]
fn the_redaction_check_catches_an_unredacted_view_or_event() {
    let mut suite = LeaksAreCaught { failed: Vec::new() };
    visit_games(&mut suite);
    assert!(suite.failed.is_empty(), "{:#?}", suite.failed);
}
