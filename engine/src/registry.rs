//! The catalog of hosted games and a type-erased way to run any of them by id.
//!
//! Each game is one variant of the `Any*` enums; [`AnyState`] dispatches every call of
//! [`Game`] to the right implementation, so a host never names a game type. Adding a
//! game means adding one line to the `games!` invocation and one [`GameInfo`] entry.

use crate::{Game, Outcome, RuleError, Seat, SeatSet, SetupError, Viewer};
use serde::{Deserialize, Serialize};

/// What a client needs to offer a game in a lobby.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameInfo {
    pub id: &'static str,
    pub name: &'static str,
    pub min_players: u8,
    pub max_players: u8,
    /// Options, as `name: meaning` lines.
    pub options: Vec<OptionInfo>,
    /// Component data that is not from the printed game (ASSUMED or placeholder rows).
    pub provisional_data: Vec<&'static str>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OptionInfo {
    pub name: &'static str,
    pub description: &'static str,
    pub values: Vec<&'static str>,
    pub default: &'static str,
}

macro_rules! games {
    ($($variant:ident => $game:ty, $id:literal;)+) => {
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

        impl AnyOptions {
            pub fn game_id(&self) -> &'static str {
                match self { $(AnyOptions::$variant(_) => $id,)+ }
            }
        }

        impl AnyState {
            pub fn setup(options: &AnyOptions, seed: u64) -> Result<AnyState, SetupError> {
                match options { $(AnyOptions::$variant(o) => <$game>::setup(o, seed).map(AnyState::$variant),)+ }
            }
            pub fn game_id(&self) -> &'static str {
                match self { $(AnyState::$variant(_) => $id,)+ }
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
    Origin => crate::origin::Origin, "origin";
    TerraNova => crate::terra_nova::TerraNova, "terra-nova";
    Origins => crate::origins::Origins, "origins";
    Attika => crate::attika::Attika, "attika";
}

/// Every hosted game, in catalog order.
pub fn catalog() -> Vec<GameInfo> {
    vec![
        crate::origin::catalog_info(),
        crate::terra_nova::catalog_info(),
        crate::origins::catalog_info(),
        crate::attika::catalog_info(),
    ]
}

/// The catalog entry of `id`, if hosted.
pub fn game_info(id: &str) -> Option<GameInfo> {
    catalog().into_iter().find(|g| g.id == id)
}
