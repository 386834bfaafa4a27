use crate::core::playout::Heuristic;
use crate::{GameInfo, GameRng, Outcome, RuleError, Seat, SeatSet, Secret, SetupError, Viewer};
use serde::{de::DeserializeOwned, Serialize};

/// A game's rules. One decision at a time: the state knows whose decision is pending and
/// [`Game::legal_actions`] lists every choice that [`Game::apply`] accepts.
///
/// A game writes the listing, the refusal and the state change; the guard around them
/// (game over, whose turn, legality) is written once, in the provided [`Game::apply`],
/// as shakmaty's `play` is written once over `is_legal` and `play_unchecked`.
pub trait Game: 'static {
    /// The wire id (`"terra-nova"`): the catalog's `game_id` and the stored sessions' key.
    const ID: &'static str;
    /// The version of this game's stored layout (its `State`, `Action`, `Event`, `Options`
    /// and everything they hold, as postcard writes them). Every stored snapshot and log
    /// entry records it, so that a record of another version is never decoded as this
    /// release's types. Bump it with any change to that layout: the `compat` test of the
    /// engine compares a trace of the layout with `engine/compat/<id>.json` and says so.
    const STATE_VERSION: u16;
    /// The oldest state version whose log entries (actions and events) and options this
    /// release still decodes as its own types: a bump that changed only the `State` keeps
    /// it, so that old sessions can be rebuilt by replaying their logs; a bump that changed
    /// an action, event or option raises it to the new version. The `compat` test checks it.
    const LOG_COMPATIBLE_SINCE: u16;

    /// Player count, rule set, variants.
    type Options: Clone
        + PartialEq
        + std::fmt::Debug
        + Send
        + Sync
        + 'static
        + Serialize
        + DeserializeOwned;
    /// Everything, hidden information and the RNG included.
    type State: Clone + PartialEq + Send + Sync + 'static + Serialize + DeserializeOwned;
    /// One decision of one seat.
    type Action: Clone + PartialEq + std::fmt::Debug + Serialize + DeserializeOwned;
    /// What happened; may hold private details that [`Game::redact_event`] removes.
    type Event: Clone + PartialEq + std::fmt::Debug + Serialize + DeserializeOwned;
    /// What one viewer may see.
    type View: Clone + Serialize;

    /// The lobby entry: name, player counts, options, refusal codes, provisional data.
    fn info() -> GameInfo;
    /// Named sample setups that every configuration-driven check runs (the conformance
    /// suites at engine and API level, golden playthroughs, benches): each player count
    /// and each variant that changes the rules.
    fn configurations() -> Vec<(&'static str, Self::Options)>;

    /// The options of a game of `players` seats with every other option at its default:
    /// what a quick match that takes "any options" plays.
    fn options_for(players: u8) -> Self::Options;
    /// The rating pool a game of `options` counts in, as a class of this game (`"2p"`,
    /// `"junior-3p"`): games of one class rate their players together, so a class holds
    /// the games where strength carries over. None: such games are never rated (solo).
    fn rating_class(options: &Self::Options) -> Option<String>;
    /// Every class [`Game::rating_class`] answers, for the catalog.
    fn rating_classes() -> Vec<RatingClass>;

    fn setup(options: &Self::Options, seed: u64) -> Result<Self::State, SetupError>;
    fn seat_count(state: &Self::State) -> usize;
    /// The seats that must decide now; empty once the game is over.
    fn to_act(state: &Self::State) -> SeatSet;
    /// Every action `seat` may take now; empty when `seat` has nothing to decide.
    fn legal_actions(state: &Self::State, seat: Seat) -> Vec<Self::Action>;
    /// The legal decision that gives up the rest of `seat`'s turn or round doing nothing
    /// more (pass, end turn), if the game offers one now: what a server plays for a seat
    /// whose time ran out under a "skip" policy. It must be one of
    /// [`Game::legal_actions`]`(state, seat)`. The default offers none.
    fn pass(_state: &Self::State, _seat: Seat) -> Option<Self::Action> {
        None
    }
    /// True when `seat`, which is to act, may take `action` now. The default asks
    /// [`Game::legal_actions`]; a game overrides it with a faster test that must agree.
    fn is_legal(state: &Self::State, seat: Seat, action: &Self::Action) -> bool {
        Self::legal_actions(state, seat).contains(action)
    }
    /// Why `seat`, which is to act, may not take `action` now: the game's refusal code and
    /// a sentence a player understands. Only called when [`Game::is_legal`] is false.
    fn refusal(state: &Self::State, seat: Seat, action: &Self::Action) -> RuleError;
    /// Applies a legal decision of `seat` and reports what happened in `events`. Only
    /// called when [`Game::is_legal`] is true, so it cannot fail.
    fn perform(
        state: &mut Self::State,
        seat: Seat,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    );

    /// Applies one decision. A refused decision (game over, not this seat's turn, not
    /// legal) returns the reason and leaves the state untouched.
    fn apply(
        state: &mut Self::State,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, RuleError> {
        let to_act = Self::to_act(state);
        if to_act.is_empty() {
            return Err(RuleError::game_over());
        }
        if !to_act.contains(seat) {
            return Err(RuleError::not_your_turn(seat));
        }
        if !Self::is_legal(state, seat, action) {
            return Err(Self::refusal(state, seat, action));
        }
        let mut events = Vec::new();
        Self::perform(state, seat, action, &mut events);
        Ok(events)
    }

    /// How far the game's random stream has been drawn ([`crate::GameRng::position`] of
    /// the state's generator): equal before and after a decision that drew nothing at
    /// random. Required, so that a game with randomness cannot forget to say so.
    fn randomness_drawn(state: &Self::State) -> u128;

    /// A full state that `seat` cannot tell apart from `state` (OpenSpiel's
    /// `ResampleFromInfostate`): everything `seat` sees is kept, everything hidden from it
    /// (other seats' hands, the order of face-down piles, the game's future random draws)
    /// is dealt again with `rng`. It must depend only on what `seat` sees: two states that
    /// look the same to `seat` give the same result for the same `rng` (so pools of unseen
    /// items are put in a fixed order before they are shuffled), which is what keeps a bot
    /// that searches over determinizations from learning what it may not see. Required, so
    /// that a game with hidden information cannot forget it; a game whose only unknown is
    /// its future draws replaces its generator with [`GameRng::fork`].
    fn determinize(state: &Self::State, seat: Seat, rng: &mut GameRng) -> Self::State;

    fn view(state: &Self::State, viewer: Viewer) -> Self::View;
    /// The copy of `event` that `viewer` may see.
    fn redact_event(event: &Self::Event, viewer: Viewer) -> Self::Event;
    /// Final scores and ranks once the game is over.
    fn outcome(state: &Self::State) -> Option<Outcome>;
    /// Conserved components and bounds that hold in every reachable state (no negative
    /// stock, pieces neither created nor lost). The conformance suite calls it after
    /// every step, as OpenSpiel's `state_checker_fn`; the default checks nothing.
    fn invariants(_state: &Self::State) -> Result<(), String> {
        Ok(())
    }
    /// What only `seat` may see now (its hand, its face-down values), where a leak would
    /// show it. The conformance suites look for each in every other viewer's serialized
    /// view and redacted events, so a redaction mistake fails a test; a game without
    /// hidden information keeps the default, nothing.
    fn secrets(_state: &Self::State, _seat: Seat) -> Vec<Secret> {
        Vec::new()
    }
    /// The game's progress measure for the greedy bot and the conformance statistics
    /// ([`Heuristic`]), kept in the game's folder; the default offers none, and the
    /// statistics then play the uniform bot only.
    fn heuristic() -> Option<&'static dyn Heuristic<Self>>
    where
        Self: Sized,
    {
        None
    }
}

/// A rating pool of a game, as the catalog lists it (see [`Game::rating_class`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatingClass {
    /// Unique within the game (`"standard-2p"`).
    pub class: String,
    pub players: u8,
    /// Which games count, in a sentence.
    pub description: String,
}

impl RatingClass {
    /// One class per player count in `players`, named by `class` and described by
    /// `description`.
    pub fn per_player_count(
        players: std::ops::RangeInclusive<u8>,
        class: impl Fn(u8) -> String,
        description: impl Fn(u8) -> String,
    ) -> Vec<RatingClass> {
        players
            .map(|n| RatingClass {
                class: class(n),
                players: n,
                description: description(n),
            })
            .collect()
    }
}
