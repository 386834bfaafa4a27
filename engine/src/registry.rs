//! The catalog of hosted games and a type-erased way to run any of them by id.
//!
//! Each game is one line of the `games!` invocation at the bottom: its variant name (the
//! same as its variant in the proto `oneof game` blocks) and its [`Game`] type. Everything
//! else (the `Any*` enums, dispatch, the catalog, the sample configurations) comes from
//! that line and from the game's own [`Game::ID`], [`Game::info`] and
//! [`Game::configurations`], so a host never names a game type.

use crate::{Game, Outcome, RuleError, Seat, SeatSet, Secret, SetupError, Viewer};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The catalog types live in [`crate::core`]; re-exported here for hosts that list games.
pub use crate::{GameInfo, OptionInfo};

macro_rules! games {
    ($($variant:ident => $game:ty;)+) => {
        /// Which hosted game: a `Copy` discriminant with the wire id, like shakmaty's `Variant`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum GameKind { $($variant,)+ }

        impl GameKind {
            /// Every hosted game, in catalog order.
            pub const ALL: &'static [GameKind] = &[$(GameKind::$variant,)+];

            /// The wire id (`"terra-nova"`).
            pub fn id(self) -> &'static str {
                match self { $(GameKind::$variant => <$game as Game>::ID,)+ }
            }

            /// The game whose wire id is `id`, if hosted.
            pub fn from_id(id: &str) -> Option<GameKind> {
                Self::ALL.iter().copied().find(|g| g.id() == id)
            }

            /// The game's catalog entry.
            pub fn info(self) -> GameInfo {
                match self { $(GameKind::$variant => <$game as Game>::info(),)+ }
            }

            /// The game's sample configurations, named `"<id>/<name>"`.
            pub fn configurations(self) -> Vec<(String, AnyOptions)> {
                match self {
                    $(GameKind::$variant => <$game as Game>::configurations()
                        .into_iter()
                        .map(|(name, o)| (format!("{}/{name}", <$game as Game>::ID), AnyOptions::$variant(o)))
                        .collect(),)+
                }
            }
        }

        /// Options of any hosted game.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        pub enum AnyOptions { $($variant(<$game as Game>::Options),)+ }

        /// Full state of any hosted game (hidden information included).
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        pub enum AnyState { $($variant(<$game as Game>::State),)+ }

        /// One decision in any hosted game.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        pub enum AnyAction { $($variant(<$game as Game>::Action),)+ }

        /// One event of any hosted game.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        pub enum AnyEvent { $($variant(<$game as Game>::Event),)+ }

        /// One viewer's view of any hosted game.
        #[derive(Debug, Clone, Serialize)]
        pub enum AnyView { $($variant(<$game as Game>::View),)+ }

        /// Calls `visitor` once per hosted game with the game's type, for code that is
        /// generic over [`Game`] and must cover every game (conformance suites, benches).
        pub fn visit_games<V: GameVisitor>(visitor: &mut V) {
            $(visitor.visit::<$game>(GameKind::$variant);)+
        }

        impl AnyOptions {
            pub fn kind(&self) -> GameKind {
                match self { $(AnyOptions::$variant(_) => GameKind::$variant,)+ }
            }
            pub fn game_id(&self) -> &'static str {
                self.kind().id()
            }
        }

        impl AnyState {
            pub fn setup(options: &AnyOptions, seed: u64) -> Result<AnyState, SetupError> {
                match options { $(AnyOptions::$variant(o) => <$game>::setup(o, seed).map(AnyState::$variant),)+ }
            }
            pub fn kind(&self) -> GameKind {
                match self { $(AnyState::$variant(_) => GameKind::$variant,)+ }
            }
            pub fn game_id(&self) -> &'static str {
                self.kind().id()
            }
            pub fn seat_count(&self) -> usize {
                match self { $(AnyState::$variant(s) => <$game>::seat_count(s),)+ }
            }
            pub fn to_act(&self) -> SeatSet {
                match self { $(AnyState::$variant(s) => <$game>::to_act(s),)+ }
            }
            pub fn legal_actions(&self, seat: Seat) -> Vec<AnyAction> {
                match self {
                    $(AnyState::$variant(s) => <$game>::legal_actions(s, seat).into_iter().map(AnyAction::$variant).collect(),)+
                }
            }
            /// Applies `action`; on error (including an action of another game) nothing changes.
            pub fn apply(&mut self, seat: Seat, action: &AnyAction) -> Result<Vec<AnyEvent>, RuleError> {
                #[allow(unreachable_patterns)]
                match (self, action) {
                    $((AnyState::$variant(s), AnyAction::$variant(a)) =>
                        <$game>::apply(s, seat, a).map(|events| events.into_iter().map(AnyEvent::$variant).collect()),)+
                    (state, _) => Err(RuleError::new("WRONG_GAME", format!("This action is not an action of the game {}.", state.game_id()))),
                }
            }
            pub fn view(&self, viewer: Viewer) -> AnyView {
                match self { $(AnyState::$variant(s) => AnyView::$variant(<$game>::view(s, viewer)),)+ }
            }
            pub fn outcome(&self) -> Option<Outcome> {
                match self { $(AnyState::$variant(s) => <$game>::outcome(s),)+ }
            }
            /// What only `seat` may see now ([`Game::secrets`]), for redaction checks.
            pub fn secrets(&self, seat: Seat) -> Vec<Secret> {
                match self { $(AnyState::$variant(s) => <$game>::secrets(s, seat),)+ }
            }
        }

        impl AnyEvent {
            /// The copy of this event that `viewer` may see.
            pub fn redact(&self, viewer: Viewer) -> AnyEvent {
                match self { $(AnyEvent::$variant(e) => AnyEvent::$variant(<$game>::redact_event(e, viewer)),)+ }
            }
        }
    };
}

games! {
    Origin => crate::origin::Origin;
    TerraNova => crate::terra_nova::TerraNova;
    Origins => crate::origins::Origins;
    Attika => crate::attika::Attika;
}

/// Code run once per hosted game, with the game's type (see [`visit_games`]).
pub trait GameVisitor {
    fn visit<G: Game>(&mut self, kind: GameKind);
}

/// Every hosted game's catalog entry, in catalog order (built once per process).
pub fn catalog() -> &'static [GameInfo] {
    static CATALOG: OnceLock<Vec<GameInfo>> = OnceLock::new();
    CATALOG.get_or_init(|| GameKind::ALL.iter().map(|g| g.info()).collect())
}

/// The catalog entry of `id`, if hosted.
pub fn game_info(id: &str) -> Option<&'static GameInfo> {
    catalog().iter().find(|g| g.id == id)
}

/// Every sample configuration of every hosted game, named `"<id>/<name>"`.
pub fn configurations() -> Vec<(String, AnyOptions)> {
    GameKind::ALL
        .iter()
        .flat_map(|g| g.configurations())
        .collect()
}
