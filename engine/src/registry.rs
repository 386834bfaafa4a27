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
#[cfg(feature = "wire")]
use {
    crate::core::wire::{WireGame, WireInto},
    crate::FieldViolation,
    agora_proto::v1 as pb,
};

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

            /// The game's stored-layout version ([`Game::STATE_VERSION`]).
            pub fn state_version(self) -> u16 {
                match self { $(GameKind::$variant => <$game as Game>::STATE_VERSION,)+ }
            }

            /// The oldest state version whose log entries decode as this release's types
            /// ([`Game::LOG_COMPATIBLE_SINCE`]).
            pub fn log_compatible_since(self) -> u16 {
                match self { $(GameKind::$variant => <$game as Game>::LOG_COMPATIBLE_SINCE,)+ }
            }

            /// The game's position in [`GameKind::ALL`], which is also its variant index in
            /// the stored `Any*` enums (postcard writes that index), so it never changes.
            pub fn index(self) -> u8 {
                self as u8
            }

            /// The game at `index` ([`GameKind::index`]), if hosted.
            pub fn from_index(index: u8) -> Option<GameKind> {
                Self::ALL.get(usize::from(index)).copied()
            }

            /// The game's variant name in the stored `Any*` enums (`"TerraNova"`), as JSON
            /// records of the first releases spell it.
            pub fn variant_name(self) -> &'static str {
                match self { $(GameKind::$variant => stringify!($variant),)+ }
            }

            /// The game's catalog entry.
            pub fn info(self) -> GameInfo {
                match self { $(GameKind::$variant => <$game as Game>::info(),)+ }
            }

            /// Options for `players` seats, every other option at its default (None for a
            /// count the game does not have).
            pub fn options_for(self, players: u8) -> Option<AnyOptions> {
                let options = match self {
                    $(GameKind::$variant => AnyOptions::$variant(<$game as Game>::options_for(players)),)+
                };
                AnyState::setup(&options, 0).ok().map(|_| options)
            }

            /// The game's rating pools ([`Game::rating_classes`]).
            pub fn rating_classes(self) -> Vec<crate::RatingClass> {
                match self { $(GameKind::$variant => <$game as Game>::rating_classes(),)+ }
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

        /// [`visit_games`] for code that also needs each game's proto messages (the one fuzz
        /// target, the wire round-trip check).
        #[cfg(feature = "wire")]
        pub fn visit_wire_games<V: WireGameVisitor>(visitor: &mut V) {
            $(visitor.visit::<$game>(GameKind::$variant);)+
        }

        impl AnyOptions {
            pub fn kind(&self) -> GameKind {
                match self { $(AnyOptions::$variant(_) => GameKind::$variant,)+ }
            }
            pub fn game_id(&self) -> &'static str {
                self.kind().id()
            }
            /// The rating class these options are rated in ([`Game::rating_class`]).
            pub fn rating_class(&self) -> Option<String> {
                match self { $(AnyOptions::$variant(o) => <$game as Game>::rating_class(o),)+ }
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
            /// The seat's pass or end of turn, if its game offers one now ([`Game::pass`]).
            pub fn pass(&self, seat: Seat) -> Option<AnyAction> {
                match self { $(AnyState::$variant(s) => <$game>::pass(s, seat).map(AnyAction::$variant),)+ }
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
            /// How far the game's random stream has been drawn ([`Game::randomness_drawn`]).
            pub fn randomness_drawn(&self) -> u128 {
                match self { $(AnyState::$variant(s) => <$game>::randomness_drawn(s),)+ }
            }
            /// A state `seat` cannot tell from this one ([`Game::determinize`]).
            pub fn determinize(&self, seat: Seat, rng: &mut crate::GameRng) -> AnyState {
                match self { $(AnyState::$variant(s) => AnyState::$variant(<$game>::determinize(s, seat, rng)),)+ }
            }
            /// The information-set MCTS bot's choice for `seat` ([`crate::core::mcts::choose`]).
            pub fn mcts_choice(&self, seat: Seat, budget: crate::core::mcts::Budget, seed: u64) -> Option<AnyAction> {
                match self {
                    $(AnyState::$variant(s) => crate::core::mcts::choose::<$game>(s, seat, budget, seed).map(AnyAction::$variant),)+
                }
            }
            /// What only `seat` may see now ([`Game::secrets`]), for redaction checks.
            pub fn secrets(&self, seat: Seat) -> Vec<Secret> {
                match self { $(AnyState::$variant(s) => <$game>::secrets(s, seat),)+ }
            }
        }

        impl AnyAction {
            pub fn kind(&self) -> GameKind {
                match self { $(AnyAction::$variant(_) => GameKind::$variant,)+ }
            }
        }

        impl AnyEvent {
            pub fn kind(&self) -> GameKind {
                match self { $(AnyEvent::$variant(_) => GameKind::$variant,)+ }
            }
            /// The copy of this event that `viewer` may see.
            pub fn redact(&self, viewer: Viewer) -> AnyEvent {
                match self { $(AnyEvent::$variant(e) => AnyEvent::$variant(<$game>::redact_event(e, viewer)),)+ }
            }
        }

        /// The proto field of a game in the `oneof game` blocks: its id with `-` as `_`.
        #[cfg(feature = "wire")]
        fn oneof_field(id: &str) -> String {
            id.replace('-', "_")
        }

        #[cfg(feature = "wire")]
        impl TryFrom<&pb::GameOptions> for AnyOptions {
            type Error = FieldViolation;
            fn try_from(options: &pb::GameOptions) -> Result<Self, FieldViolation> {
                use pb::game_options::Game as G;
                match options.game.as_ref() {
                    $(Some(G::$variant(o)) => o
                        .wire_into()
                        .map(AnyOptions::$variant)
                        .map_err(|e| e.scope(&oneof_field(<$game as Game>::ID))),)+
                    None => Err(FieldViolation::new("", "the options of one game must be set.")),
                }
            }
        }

        #[cfg(feature = "wire")]
        impl From<&AnyOptions> for pb::GameOptions {
            fn from(options: &AnyOptions) -> Self {
                use pb::game_options::Game as G;
                let game = match options { $(AnyOptions::$variant(o) => G::$variant(o.into()),)+ };
                pb::GameOptions { game: Some(game) }
            }
        }

        /// Actions are accepted only in the form the API lists them (ListLegalActions):
        /// one that converts but would be written back differently (a field the action
        /// does not use set, another spelling of a code) is refused, so that one decision
        /// has one wire form in every game. Each game's conversion refuses the cases it
        /// knows with the exact field; this is the backstop for every other field.
        #[cfg(feature = "wire")]
        impl TryFrom<&pb::GameAction> for AnyAction {
            type Error = FieldViolation;
            fn try_from(action: &pb::GameAction) -> Result<Self, FieldViolation> {
                use pb::game_action::Game as G;
                match action.game.as_ref() {
                    $(Some(G::$variant(a)) => {
                        let field = oneof_field(<$game as Game>::ID);
                        let decoded: <$game as Game>::Action =
                            a.wire_into().map_err(|e| e.scope(&field))?;
                        let canonical: <$game as WireGame>::PbAction = (&decoded).into();
                        if &canonical != a {
                            return Err(FieldViolation::new(
                                field,
                                "is not written as the API lists it: send an action exactly \
                                 as ListLegalActions returns it, with the fields its kind \
                                 does not use left unset.",
                            ));
                        }
                        Ok(AnyAction::$variant(decoded))
                    })+
                    None => Err(FieldViolation::new("", "the action of one game must be set.")),
                }
            }
        }

        #[cfg(feature = "wire")]
        impl From<&AnyAction> for pb::GameAction {
            fn from(action: &AnyAction) -> Self {
                use pb::game_action::Game as G;
                let game = match action { $(AnyAction::$variant(a) => G::$variant(a.into()),)+ };
                pb::GameAction { game: Some(game) }
            }
        }

        #[cfg(feature = "wire")]
        impl From<&AnyEvent> for pb::GameEvent {
            fn from(event: &AnyEvent) -> Self {
                use pb::game_event::Game as G;
                let game = match event { $(AnyEvent::$variant(e) => G::$variant(e.into()),)+ };
                pb::GameEvent { game: Some(game) }
            }
        }

        #[cfg(feature = "wire")]
        impl From<&AnyView> for pb::GameView {
            fn from(view: &AnyView) -> Self {
                use pb::game_view::Game as G;
                let game = match view { $(AnyView::$variant(v) => G::$variant(v.into()),)+ };
                pb::GameView { game: Some(game) }
            }
        }
    };
}

games! {
    Origin => crate::origin::Origin;
    TerraNova => crate::terra_nova::TerraNova;
    Origins => crate::first_builders::FirstBuilders;
    Attika => crate::attika::Attika;
}

/// Code run once per hosted game, with the game's type (see [`visit_games`]).
pub trait GameVisitor {
    fn visit<G: Game>(&mut self, kind: GameKind);
}

/// Code run once per hosted game, with the game's type and its wire mapping (see
/// [`visit_wire_games`]).
#[cfg(feature = "wire")]
pub trait WireGameVisitor {
    fn visit<G: WireGame>(&mut self, kind: GameKind);
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

/// Every game's actions, events, views and options cross the wire
/// ([`crate::core::wire::check_round_trip`]).
#[cfg(all(test, feature = "wire"))]
#[test]
fn every_game_round_trips_through_the_proto() {
    struct RoundTrip;
    impl WireGameVisitor for RoundTrip {
        fn visit<G: WireGame>(&mut self, _kind: GameKind) {
            crate::core::wire::check_round_trip::<G>();
        }
    }
    visit_wire_games(&mut RoundTrip);
}

/// The catalog is tied to the proto: every option a game lists is a field of its options
/// message (found under the `game` oneof of `GameOptions`, named after the game id), every
/// field is listed, and every listed value and default parses for that field's type.
#[cfg(all(test, feature = "wire"))]
mod catalog_matches_the_proto {
    use super::*;
    use prost::Message;
    use prost_types::field_descriptor_proto::{Label, Type};
    use prost_types::{DescriptorProto, FieldDescriptorProto, FileDescriptorSet};

    fn messages() -> Vec<DescriptorProto> {
        let set = FileDescriptorSet::decode(agora_proto::v1::FILE_DESCRIPTOR_SET)
            .expect("the descriptor set decodes");
        set.file
            .into_iter()
            .filter(|f| f.package() == "agora.v1")
            .flat_map(|f| f.message_type)
            .collect()
    }

    fn enum_values(type_name: &str) -> Vec<String> {
        let set = FileDescriptorSet::decode(agora_proto::v1::FILE_DESCRIPTOR_SET)
            .expect("the descriptor set decodes");
        let name = type_name.trim_start_matches(".agora.v1.");
        set.file
            .iter()
            .flat_map(|f| &f.enum_type)
            .find(|e| e.name() == name)
            .unwrap_or_else(|| panic!("enum {type_name} is in the descriptor set"))
            .value
            .iter()
            .map(|v| v.name().to_string())
            .collect()
    }

    /// True when `value` is a valid proto JSON spelling (enums: short lower-case name) of
    /// one element of `field`.
    fn parses(field: &FieldDescriptorProto, value: &str) -> bool {
        match field.r#type() {
            Type::Bool => value == "true" || value == "false",
            Type::Uint32 | Type::Uint64 => value.parse::<u64>().is_ok(),
            Type::Int32 | Type::Int64 | Type::Sint32 | Type::Sint64 => value.parse::<i64>().is_ok(),
            Type::String => true,
            Type::Enum => {
                let values = enum_values(field.type_name());
                values.iter().any(|v| {
                    v.to_ascii_lowercase()
                        .ends_with(&format!("_{}", value.to_ascii_lowercase()))
                        && !v.ends_with("_UNSPECIFIED")
                })
            }
            _ => false,
        }
    }

    #[test]
    fn every_catalog_option_is_a_field_of_the_games_options_message() {
        let messages = messages();
        let game_options = messages
            .iter()
            .find(|m| m.name() == "GameOptions")
            .expect("GameOptions");
        for info in catalog() {
            let oneof_field = info.id.replace('-', "_");
            let field = game_options
                .field
                .iter()
                .find(|f| f.name() == oneof_field)
                .unwrap_or_else(|| panic!("GameOptions has a field {oneof_field}"));
            let message_name = field.type_name().trim_start_matches(".agora.v1.");
            let options = messages
                .iter()
                .find(|m| m.name() == message_name)
                .unwrap_or_else(|| panic!("{message_name} is in the descriptor set"));
            let listed: Vec<&str> = info.options.iter().map(|o| o.name).collect();
            let fields: Vec<&str> = options.field.iter().map(|f| f.name()).collect();
            assert_eq!(
                listed, fields,
                "{}: the catalog lists every field of {message_name}, in field order",
                info.id
            );
            for option in &info.options {
                let field = options
                    .field
                    .iter()
                    .find(|f| f.name() == option.name)
                    .expect("listed above");
                assert!(
                    !option.values.is_empty(),
                    "{}.{}: values",
                    info.id,
                    option.name
                );
                for value in &option.values {
                    assert!(
                        parses(field, value),
                        "{}.{}: {value:?} is not a value of the proto field",
                        info.id,
                        option.name
                    );
                }
                // An empty default means "unset", which only an optional field can be.
                if option.default.is_empty() {
                    assert!(
                        field.proto3_optional() || field.label() == Label::Repeated,
                        "{}.{}: an empty default needs an optional field",
                        info.id,
                        option.name
                    );
                } else {
                    assert!(
                        option.values.contains(&option.default),
                        "{}.{}: the default {:?} is one of the values",
                        info.id,
                        option.name,
                        option.default
                    );
                }
            }
            assert!(
                (1..=info.max_players).contains(&info.min_players),
                "{}: player counts",
                info.id
            );
        }
    }

    #[test]
    fn every_configuration_sets_up_and_names_its_game() {
        for (name, options) in configurations() {
            assert!(
                name.starts_with(&format!("{}/", options.game_id())),
                "{name}"
            );
            let state =
                AnyState::setup(&options, 1).unwrap_or_else(|e| panic!("{name}: setup fails: {e}"));
            let info = game_info(state.game_id()).expect("in the catalog");
            assert!(
                (info.min_players as usize..=info.max_players as usize)
                    .contains(&state.seat_count()),
                "{name}: seat count within the catalog's player counts"
            );
        }
    }
}
