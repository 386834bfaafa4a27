//! A session's game and what the session decides around the rules: who plays each seat
//! (its player or a server bot), who resigned, and an end the rules did not reach. It is
//! what a snapshot stores and what every write changes, so these facts are versioned and
//! committed with the same compare-and-set as the moves: a resignation and a move can
//! never both be applied on top of one version.

use crate::clock::{Clocks, SeatClock};
use agora_engine::core::mcts::Budget;
use agora_engine::core::playout::RandomBot;
use agora_engine::registry::{AnyAction, AnyEvent, AnyState};
use agora_engine::{Outcome, RuleError, Seat, SeatSet, Standing};
use serde::{Deserialize, Serialize};

/// A server-side player. Stored in snapshots and log entries: new kinds go at the end so
/// that earlier records keep their meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BotKind {
    /// A legal action drawn uniformly.
    Random,
    /// Information-set Monte Carlo tree search over determinizations of its own seat's
    /// view ([`agora_engine::core::mcts`]): it cannot see what its seat cannot.
    Mcts(Strength),
}

/// How long an MCTS bot thinks about one decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Strength {
    /// Playouts per decision: the same choice on every replica.
    Iterations(u32),
    /// Thinking time per decision.
    Millis(u32),
}

impl Strength {
    /// When a request names MCTS without a strength.
    pub const DEFAULT: Strength = Strength::Iterations(200);
    /// Bounds that keep one decision within the bot lease of a few seconds on any game.
    pub const MAX_ITERATIONS: u32 = 20_000;
    pub const MAX_MILLIS: u32 = 2_000;

    fn budget(self) -> Budget {
        match self {
            Strength::Iterations(n) => Budget::Iterations(n),
            Strength::Millis(ms) => Budget::Time(std::time::Duration::from_millis(ms.into())),
        }
    }
}

/// The bot's name in seat records and player names: `random`, `mcts-200i`, `mcts-500ms`.
impl std::fmt::Display for BotKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BotKind::Random => f.write_str("random"),
            BotKind::Mcts(Strength::Iterations(n)) => write!(f, "mcts-{n}i"),
            BotKind::Mcts(Strength::Millis(ms)) => write!(f, "mcts-{ms}ms"),
        }
    }
}

impl std::str::FromStr for BotKind {
    type Err = String;
    fn from_str(name: &str) -> Result<Self, String> {
        let unknown = || format!("{name:?} is not a bot: random, mcts-<n>i or mcts-<n>ms.");
        if name == "random" {
            return Ok(BotKind::Random);
        }
        let budget = name.strip_prefix("mcts-").ok_or_else(unknown)?;
        let strength = if let Some(ms) = budget.strip_suffix("ms") {
            Strength::Millis(ms.parse().map_err(|_| unknown())?)
        } else if let Some(n) = budget.strip_suffix('i') {
            Strength::Iterations(n.parse().map_err(|_| unknown())?)
        } else {
            return Err(unknown());
        };
        Ok(BotKind::Mcts(strength))
    }
}

/// Who decides for a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Control {
    /// The player holding the seat's token.
    Player,
    /// A server bot, from the start or handed the seat by its player.
    Bot(BotKind),
    /// The player resigned; a server bot plays the seat out, and the seat ranks last.
    Resigned(BotKind),
}

impl Control {
    /// The bot that plays the seat, if the server does.
    pub fn bot(self) -> Option<BotKind> {
        match self {
            Control::Player => None,
            Control::Bot(kind) | Control::Resigned(kind) => Some(kind),
        }
    }
}

/// What made a version: a decision under the rules, or a change of who plays a seat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Cause {
    /// The seat's decision, by its player or its bot.
    Action(AnyAction),
    /// The seat's player resigned.
    Resigned,
    /// The seat's player handed it to a server bot.
    HandedToBot(BotKind),
    /// The seat's clock ran out: the server played this random decision for it, or (none)
    /// the seat lost.
    TimedOut(Option<AnyAction>),
    /// The seat took back its latest decision (see `api/undo.rs`): the game is again the
    /// one from before it, which the log gives, not the table.
    Undo,
}

/// The refusal codes of the calls that change who plays a seat, listed in every game's
/// catalog entry beside the game's own.
pub const SEAT_REFUSAL_CODES: &[&str] = &[
    "RESIGNED",
    "BOT_SEAT",
    "ALREADY_A_BOT",
    "NO_SUCH_SEAT",
    "TIME_OUT",
    "UNDO_NOT_ALLOWED",
    "GAME_IN_PROGRESS",
];

/// The bot that takes over a resigned seat when the game goes on without its player.
pub const RESIGNED_SEAT_BOT: BotKind = BotKind::Random;

/// Who makes a write, which decides what it must pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum By {
    /// The seat's player, through the API: it must hold the seat (no server bot plays it)
    /// and its clock must not have run out.
    Player,
    /// The server, for a seat a bot plays or whose clock ran out: it acts on what it found
    /// due, so neither check applies.
    Server,
}

/// What one write decided: the events it caused and the new version's facts, as its log
/// entry records them.
#[derive(Debug, Clone, PartialEq)]
pub struct Decided {
    pub events: Vec<AnyEvent>,
    pub to_act: Vec<Seat>,
    pub outcome: Option<Outcome>,
    /// Every seat's clock as of the write (empty without a time control).
    pub clocks: Vec<SeatClock>,
}

/// A session's whole state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Table {
    pub game: AnyState,
    /// One per seat, in seat order.
    pub seats: Vec<Control>,
    /// The end when the session ended the game (a resignation), not the rules.
    pub forfeit: Option<Outcome>,
    /// The seats' clocks, when the session has a time control.
    pub clocks: Option<Clocks>,
}

impl Table {
    /// A game every seat of which its player plays.
    pub fn new(game: AnyState) -> Table {
        let seats = vec![Control::Player; game.seat_count()];
        Table {
            game,
            seats,
            forfeit: None,
            clocks: None,
        }
    }

    /// One write: `seat`'s `cause` at `now`, made `by` a player or the server, in a game
    /// whose play started at `started_ms`. It owns the clock protocol of a write: the
    /// first clocks are settled, a player's decision is refused when its time ran out, the
    /// cause is played (an undo puts back `restored`, the game from before the decision it
    /// takes back), and the clocks tick for the seat that decided. A refusal changes
    /// nothing, clocks included.
    pub fn decide(
        &mut self,
        seat: Seat,
        cause: &Cause,
        restored: Option<AnyState>,
        by: By,
        started_ms: Option<i64>,
        now: i64,
    ) -> Result<Decided, RuleError> {
        if let (By::Player, Cause::Action(_)) = (by, cause) {
            self.check_player(seat)?;
        }
        if matches!(cause, Cause::Undo) && restored.is_none() {
            return Err(RuleError::new(
                "UNDO_NOT_ALLOWED",
                "There is no decision to take back.",
            ));
        }
        let clocks = self.clocks.clone();
        self.settle_clocks(started_ms);
        let applied = match (cause, restored) {
            (Cause::Action(action), _) if by == By::Player => self
                .check_time(seat, now)
                .and_then(|()| self.play(seat, action)),
            (Cause::Undo, Some(restored)) => {
                self.game = restored;
                Ok(Vec::new())
            }
            (cause, _) => self.apply(seat, cause),
        };
        let events = match applied {
            Ok(events) => events,
            Err(refused) => {
                self.clocks = clocks;
                return Err(refused);
            }
        };
        let decided = matches!(cause, Cause::Action(_) | Cause::TimedOut(_)).then_some(seat);
        self.tick(now, decided);
        Ok(Decided {
            events,
            to_act: self.to_act().iter().collect(),
            outcome: self.outcome(),
            clocks: self.clocks_at(None, now),
        })
    }

    /// Starts the clocks of the first seats to act at `started_ms`, when the game started
    /// (the last seat was taken) but no version was committed since: every commit after
    /// that runs [`Table::tick`].
    pub fn settle_clocks(&mut self, started_ms: Option<i64>) {
        let to_act = self.to_act();
        if let (Some(clocks), Some(started)) = (&mut self.clocks, started_ms) {
            if clocks.running_since.iter().all(Option::is_none) && !to_act.is_empty() {
                clocks.advance(started, None, to_act);
            }
        }
    }

    /// Moves the clocks on after a version committed at `now`, in which `decided` decided.
    pub fn tick(&mut self, now: i64, decided: Option<Seat>) {
        let to_act = self.to_act();
        let over = self.is_over();
        if let Some(clocks) = &mut self.clocks {
            if over {
                clocks.stop_all(now);
            } else {
                clocks.advance(now, decided, to_act);
            }
        }
    }

    /// Every seat's clock as of `now` (none without a time control), counting the first
    /// turn from `started_ms` when no version was committed since the start.
    pub fn clocks_at(&self, started_ms: Option<i64>, now: i64) -> Vec<SeatClock> {
        let Some(clocks) = &self.clocks else {
            return Vec::new();
        };
        let mut clocks = clocks.clone();
        let to_act = self.to_act();
        if let Some(started) = started_ms {
            if clocks.running_since.iter().all(Option::is_none) && !to_act.is_empty() {
                clocks.advance(started, None, to_act);
            }
        }
        clocks.read(now)
    }

    /// A seat whose clock ran out at `now`.
    pub fn timed_out(&self, now: i64) -> Option<Seat> {
        self.clocks.as_ref()?.expired(now)
    }

    /// Refuses a decision of a seat whose time ran out (the server applies the session's
    /// timeout policy for it).
    pub fn check_time(&self, seat: Seat, now: i64) -> Result<(), RuleError> {
        match self.clocks.as_ref().and_then(|c| c.expired(now)) {
            Some(late) if late == seat => Err(RuleError::new(
                "TIME_OUT",
                format!("Seat {}'s time ran out; the server decides for it.", seat.0),
            )),
            _ => Ok(()),
        }
    }

    /// When the server has something to do for this session after `now`: a bot's turn at
    /// once, else the first clock to run out.
    pub fn next_due(&self, now: i64) -> Option<i64> {
        if self.bot_to_act().is_some() {
            return Some(now);
        }
        self.clocks.as_ref()?.next_deadline()
    }

    pub fn seat_count(&self) -> usize {
        self.seats.len()
    }

    /// Who decides for `seat` (a player for a seat the game does not have).
    pub fn control(&self, seat: Seat) -> Control {
        self.seats
            .get(usize::from(seat.0))
            .copied()
            .unwrap_or(Control::Player)
    }

    /// The seats that must decide now; nobody once the game is over, by the rules or not.
    pub fn to_act(&self) -> SeatSet {
        if self.forfeit.is_some() {
            SeatSet::EMPTY
        } else {
            self.game.to_act()
        }
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The end of the game: the forfeit, or the rules' outcome with resigned seats ranked
    /// below everyone who played on (their scores are kept, their ranks are not).
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(forfeit) = &self.forfeit {
            return Some(forfeit.clone());
        }
        let mut outcome = self.game.outcome()?;
        if self.seats.iter().any(|c| matches!(c, Control::Resigned(_))) {
            // A rank is one more than the seats strictly ahead, so "ahead of" is "has a
            // lower rank": rank the players who played on among themselves.
            let played_on = |s: &Standing| !matches!(self.control(s.seat), Control::Resigned(_));
            let ranks: Vec<(bool, u8)> = outcome
                .standings
                .iter()
                .map(|s| (played_on(s), s.rank))
                .collect();
            let ahead = ranks.iter().filter(|(on, _)| *on).count();
            for standing in &mut outcome.standings {
                standing.rank = if played_on(standing) {
                    let better = ranks
                        .iter()
                        .filter(|(on, rank)| *on && *rank < standing.rank)
                        .count();
                    (better + 1) as u8
                } else {
                    (ahead + 1) as u8
                };
            }
        }
        Some(outcome)
    }

    /// The first seat to act that a server bot plays, with its bot.
    pub fn bot_to_act(&self) -> Option<(Seat, BotKind)> {
        self.to_act()
            .iter()
            .find_map(|seat| self.control(seat).bot().map(|kind| (seat, kind)))
    }

    /// Applies one version's cause for `seat`; a refusal changes nothing.
    pub fn apply(&mut self, seat: Seat, cause: &Cause) -> Result<Vec<AnyEvent>, RuleError> {
        match cause {
            Cause::Action(action) => self.play(seat, action),
            Cause::Resigned => self.resign(seat).map(|()| Vec::new()),
            Cause::HandedToBot(kind) => self.hand_to_bot(seat, *kind).map(|()| Vec::new()),
            Cause::TimedOut(Some(action)) => self.play(seat, action),
            Cause::Undo => Err(RuleError::new(
                "UNDO_NOT_ALLOWED",
                "An undo needs the session's history to know the game it goes back to.",
            )),
            Cause::TimedOut(None) => {
                self.check_seat_in_play(seat)?;
                self.forfeit = Some(forfeit(self.seats.len(), seat));
                Ok(Vec::new())
            }
        }
    }

    /// What `seat`'s player may do now: nothing once the game is over or while a server
    /// bot plays the seat.
    pub fn legal_actions(&self, seat: Seat) -> Vec<AnyAction> {
        if self.forfeit.is_some() || self.control(seat) != Control::Player {
            return Vec::new();
        }
        self.game.legal_actions(seat)
    }

    /// Refuses a decision sent by the player of a seat a server bot plays.
    pub fn check_player(&self, seat: Seat) -> Result<(), RuleError> {
        match self.control(seat) {
            Control::Player => Ok(()),
            Control::Resigned(_) => Err(RuleError::new(
                "RESIGNED",
                format!("Seat {} has resigned; a server bot plays it now.", seat.0),
            )),
            Control::Bot(_) => Err(RuleError::new(
                "BOT_SEAT",
                format!("Seat {} is played by a server bot.", seat.0),
            )),
        }
    }

    /// One decision under the rules.
    pub fn play(&mut self, seat: Seat, action: &AnyAction) -> Result<Vec<AnyEvent>, RuleError> {
        if self.forfeit.is_some() {
            return Err(RuleError::game_over());
        }
        self.game.apply(seat, action)
    }

    /// The seat's player gives up. With one opponent (or alone) the game ends at once and
    /// the seat ranks last; with more, a server bot plays the seat out so the others can
    /// finish their game, and the seat ranks last at the end.
    pub fn resign(&mut self, seat: Seat) -> Result<(), RuleError> {
        self.check_seat_in_play(seat)?;
        if self.seats.len() <= 2 {
            self.forfeit = Some(forfeit(self.seats.len(), seat));
        }
        self.seats[usize::from(seat.0)] = Control::Resigned(RESIGNED_SEAT_BOT);
        Ok(())
    }

    /// A server bot plays the seat from now on.
    pub fn hand_to_bot(&mut self, seat: Seat, kind: BotKind) -> Result<(), RuleError> {
        self.check_seat_in_play(seat)?;
        let slot = &mut self.seats[usize::from(seat.0)];
        if *slot != Control::Player {
            return Err(RuleError::new(
                "ALREADY_A_BOT",
                format!("Seat {} is already played by a server bot.", seat.0),
            ));
        }
        *slot = Control::Bot(kind);
        Ok(())
    }

    fn check_seat_in_play(&self, seat: Seat) -> Result<(), RuleError> {
        if self.is_over() {
            return Err(RuleError::game_over());
        }
        match self.seats.get(usize::from(seat.0)) {
            Some(Control::Player) | Some(Control::Bot(_)) => Ok(()),
            Some(Control::Resigned(_)) => Err(RuleError::new(
                "RESIGNED",
                format!("Seat {} has resigned.", seat.0),
            )),
            None => Err(RuleError::new(
                "NO_SUCH_SEAT",
                format!("The game has no seat {}.", seat.0),
            )),
        }
    }
}

/// Decisions of one turn kept for undo; older ones cannot be taken back.
pub const UNDO_DEPTH: usize = 64;

/// Replays a session's causes one version at a time, keeping the games an undo goes back
/// to (an undo restores the game from before the latest decision not yet taken back; a
/// resignation, hand-over or timeout leaves nothing to take back), as `api/undo.rs` rules.
#[derive(Debug, Clone)]
pub struct Replay {
    pub table: Table,
    undoable: Vec<AnyState>,
}

impl Replay {
    pub fn new(table: Table) -> Replay {
        Replay {
            table,
            undoable: Vec::new(),
        }
    }

    /// Applies the next version's cause; a refusal changes nothing.
    pub fn step(&mut self, seat: Seat, cause: &Cause) -> Result<Vec<AnyEvent>, RuleError> {
        match cause {
            Cause::Action(_) => {
                let before = self.table.game.clone();
                let events = self.table.apply(seat, cause)?;
                self.undoable.push(before);
                if self.undoable.len() > UNDO_DEPTH {
                    self.undoable.remove(0);
                }
                Ok(events)
            }
            Cause::Undo => {
                let Some(before) = self.undoable.pop() else {
                    return Err(RuleError::new(
                        "UNDO_NOT_ALLOWED",
                        "There is no decision to take back.",
                    ));
                };
                self.table.game = before;
                Ok(Vec::new())
            }
            _ => {
                let events = self.table.apply(seat, cause)?;
                self.undoable.clear();
                Ok(events)
            }
        }
    }
}

/// The end of a game `resigned` gave up (or lost on time): everyone else shares first
/// place, that seat is last; nobody scores (the rules never counted).
fn forfeit(seats: usize, resigned: Seat) -> Outcome {
    let standings = (0..seats)
        .map(|i| {
            let seat = Seat(i as u8);
            Standing {
                seat,
                score: 0,
                // Alone, the seat is first and last; the end says it lost nothing.
                rank: if seat == resigned && seats > 1 { 2 } else { 1 },
                tie_breaks: Vec::new(),
                breakdown: Vec::new(),
                solo: None,
            }
        })
        .collect();
    Outcome { standings }
}

/// A number that differs between sessions and is the same on every replica (FNV-1a of the
/// session id): what seeds a bot's search, since the game's own seed must not.
pub fn session_salt(id: &str) -> u64 {
    id.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A bot's decision for `seat` at `version`. The random bot's draw is seeded by the
/// session's seed and the version, so whichever replica plays it picks the same action.
/// The MCTS bot's search is seeded by `salt` (the session id's hash) and the version, never
/// by the game's seed, which decides hidden cards; with an iteration budget every replica
/// finds the same action. A search takes up to seconds: call it off the async runtime.
pub fn bot_decision(
    table: &Table,
    seat: Seat,
    kind: BotKind,
    seed: u64,
    salt: u64,
    version: u64,
) -> Option<AnyAction> {
    match kind {
        BotKind::Mcts(strength) => {
            let seed = salt ^ version.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            table.game.mcts_choice(seat, strength.budget(), seed)
        }
        BotKind::Random => {
            let mut actions = table.game.legal_actions(seat);
            if actions.is_empty() {
                return None;
            }
            let mut bot = RandomBot::seeded(seed ^ version.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let i = bot.below(actions.len());
            Some(actions.swap_remove(i))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::{Limit, OnTimeout, TimeControl};
    use agora_engine::registry::configurations;

    fn table(players: usize) -> Table {
        let (_, options) = configurations()
            .into_iter()
            .find(|(_, o)| {
                AnyState::setup(o, 1)
                    .map(|s| s.seat_count() == players)
                    .unwrap_or(false)
            })
            .expect("a configuration with that many players");
        Table::new(AnyState::setup(&options, 1).expect("setup"))
    }

    #[test]
    fn resigning_with_one_opponent_ends_the_game_with_the_seat_last() {
        let mut t = table(2);
        t.resign(Seat(0)).unwrap();
        let outcome = t.outcome().expect("over");
        let ranks: Vec<u8> = outcome.standings.iter().map(|s| s.rank).collect();
        assert_eq!(ranks, vec![2, 1]);
        assert!(t.to_act().is_empty());
        let seat = t.game.to_act().iter().next().unwrap();
        let action = t.game.legal_actions(seat).remove(0);
        assert_eq!(t.play(seat, &action).unwrap_err().code, "GAME_OVER");
        assert_eq!(t.resign(Seat(1)).unwrap_err().code, "GAME_OVER");
    }

    #[test]
    fn with_more_players_a_bot_plays_the_resigned_seat_out_and_it_ranks_last() {
        let mut t = table(3);
        t.resign(Seat(1)).unwrap();
        assert!(t.outcome().is_none(), "the others play on");
        assert_eq!(t.control(Seat(1)), Control::Resigned(RESIGNED_SEAT_BOT));
        assert_eq!(t.resign(Seat(1)).unwrap_err().code, "RESIGNED");
        let mut version = 0;
        while !t.is_over() {
            let seat = t.to_act().iter().next().unwrap();
            let action = t.game.legal_actions(seat).remove(0);
            t.play(seat, &action).unwrap();
            version += 1;
            assert!(version < 20_000, "the game ends");
        }
        let outcome = t.outcome().unwrap();
        assert_eq!(outcome.standings[1].rank, 3, "{outcome:?}");
        assert!(outcome.standings.iter().filter(|s| s.rank < 3).count() == 2);
    }

    #[test]
    fn a_bot_seat_is_found_to_act_and_its_choice_is_legal_and_repeatable() {
        let mut t = table(2);
        let seat = t.to_act().iter().next().unwrap();
        assert_eq!(t.bot_to_act(), None);
        t.hand_to_bot(seat, BotKind::Random).unwrap();
        assert_eq!(t.bot_to_act(), Some((seat, BotKind::Random)));
        assert_eq!(
            t.hand_to_bot(seat, BotKind::Random).unwrap_err().code,
            "ALREADY_A_BOT"
        );
        let a = bot_decision(&t, seat, BotKind::Random, 9, 0, 0).unwrap();
        assert_eq!(
            bot_decision(&t, seat, BotKind::Random, 9, 0, 0),
            Some(a.clone())
        );
        assert!(t.game.legal_actions(seat).contains(&a));
    }

    /// `players` seats with a per-move clock of 1 s each, none running yet.
    fn clocked(players: usize) -> Table {
        let mut t = table(players);
        let control = TimeControl {
            limit: Limit::PerMove { ms: 1_000 },
            on_timeout: OnTimeout::Lose,
        };
        t.clocks = Some(Clocks::new(control, t.seat_count()));
        t
    }

    /// The first seat to act and its first legal action.
    fn first_move(t: &Table) -> (Seat, AnyAction) {
        let seat = t.to_act().iter().next().expect("in progress");
        (seat, t.game.legal_actions(seat).remove(0))
    }

    /// `cause` for `seat` at `now` (play started at 0) is refused with `code`, and the
    /// table is as it was, clocks included (the settled first clocks are put back).
    fn refused(t: &mut Table, seat: Seat, cause: Cause, by: By, now: i64, code: &str) {
        let before = t.clone();
        let refusal = t
            .decide(seat, &cause, None, by, Some(0), now)
            .expect_err("refused");
        assert_eq!(refusal.code, code);
        assert_eq!(*t, before, "a refusal changes nothing");
    }

    #[test]
    fn a_refused_write_changes_nothing_clocks_included() {
        let mut t = clocked(2);
        let (seat, action) = first_move(&t);
        // Seat's 1 s ran out at 1 000: its player may no longer decide.
        refused(
            &mut t,
            seat,
            Cause::Action(action.clone()),
            By::Player,
            5_000,
            "TIME_OUT",
        );
        // Another seat's decision, in time: the rules refuse it.
        let other = Seat(1 - seat.0);
        let before = t.clone();
        let refusal = t.decide(
            other,
            &Cause::Action(action.clone()),
            None,
            By::Player,
            Some(0),
            10,
        );
        assert!(refusal.is_err(), "{refusal:?}");
        assert_eq!(t, before);
        // Nothing to take back.
        refused(
            &mut t,
            seat,
            Cause::Undo,
            By::Player,
            10,
            "UNDO_NOT_ALLOWED",
        );
        // A server bot plays the seat: its player may not decide for it.
        t.hand_to_bot(seat, BotKind::Random).unwrap();
        refused(
            &mut t,
            seat,
            Cause::Action(action),
            By::Player,
            10,
            "BOT_SEAT",
        );
        // Twice handed over.
        refused(
            &mut t,
            seat,
            Cause::HandedToBot(BotKind::Random),
            By::Player,
            10,
            "ALREADY_A_BOT",
        );
    }

    #[test]
    fn a_decided_write_ticks_the_clocks_and_describes_the_new_version() {
        let mut t = clocked(2);
        let (seat, action) = first_move(&t);
        let before = t.to_act();
        let decided = t
            .decide(seat, &Cause::Action(action), None, By::Player, Some(0), 400)
            .expect("in time and legal");
        assert_eq!(decided.to_act, t.to_act().iter().collect::<Vec<_>>());
        assert_eq!(decided.outcome, t.outcome());
        assert_eq!(decided.clocks, t.clocks_at(None, 400));
        // The seat that decided starts afresh, seats newly to act start now, seats that
        // were to act and did not decide keep running since play started.
        let running = t.clocks.as_ref().unwrap().running_since.clone();
        for (i, since) in running.iter().enumerate() {
            let s = Seat(i as u8);
            let expected = match (t.to_act().contains(s), s == seat || !before.contains(s)) {
                (false, _) => None,
                (true, true) => Some(400),
                (true, false) => Some(0),
            };
            assert_eq!(*since, expected, "seat {i}");
        }
    }

    #[test]
    fn the_server_decides_for_a_seat_whose_time_ran_out() {
        let mut t = clocked(2);
        let (seat, _) = first_move(&t);
        let decided = t
            .decide(
                seat,
                &Cause::TimedOut(None),
                None,
                By::Server,
                Some(0),
                5_000,
            )
            .expect("the seat loses on time");
        let outcome = decided.outcome.expect("over");
        assert_eq!(outcome.standings[usize::from(seat.0)].rank, 2);
        assert!(decided.to_act.is_empty());
        assert!(t
            .clocks
            .as_ref()
            .unwrap()
            .running_since
            .iter()
            .all(Option::is_none));
    }
}
