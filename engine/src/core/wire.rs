//! What every game's wire mapping (`<game>/wire.rs`, feature `wire`) shares: the field
//! error that names where a message is wrong, and the helpers that build it.
//!
//! Modelled on influxdb_iox's `generated_types`: conversions are `From` (engine -> proto,
//! total) and `TryFrom` (proto -> engine, with `Error = FieldViolation`). A nested
//! conversion reports the field it knows and each caller adds its own name in front with
//! [`FieldViolation::scope`], so a host gets a path such as `action.attika.build.cell.q`
//! and turns it into INVALID_ARGUMENT with a `google.rpc.BadRequest` detail, once.
//!
//! Nothing here, nor in a game's `wire.rs`, holds a rule, a default or a data-table
//! lookup: the wire layer only renames.

use std::fmt;

/// One field of a request that cannot be converted, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldViolation {
    /// Dotted path from the request's root, e.g. `action.origin.choose_hex.hex`.
    pub field: String,
    /// A sentence saying what is wrong and what is expected.
    pub description: String,
}

impl FieldViolation {
    pub fn new(field: impl Into<String>, description: impl Into<String>) -> Self {
        FieldViolation {
            field: field.into(),
            description: description.into(),
        }
    }

    /// A message or oneof that must be set is missing.
    pub fn required(field: impl Into<String>) -> Self {
        FieldViolation::new(field, "is required.")
    }

    /// Puts `parent` in front of the path: `hex.q` scoped by `build` is `build.hex.q`.
    pub fn scope(mut self, parent: &str) -> Self {
        self.field = if self.field.is_empty() {
            parent.to_string()
        } else {
            format!("{parent}.{}", self.field)
        };
        self
    }
}

impl fmt::Display for FieldViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.description)
    }
}

impl std::error::Error for FieldViolation {}

/// `Option` fields of prost messages: `message.hex.required("hex")?`.
pub trait Required<T> {
    fn required(self, field: &str) -> Result<T, FieldViolation>;
}

impl<T> Required<T> for Option<T> {
    fn required(self, field: &str) -> Result<T, FieldViolation> {
        self.ok_or_else(|| FieldViolation::required(field))
    }
}

/// Scopes the error of a nested conversion: `Hex::try_from(h).scoped("cell")?`.
pub trait Scoped<T> {
    fn scoped(self, parent: &str) -> Result<T, FieldViolation>;
}

impl<T> Scoped<T> for Result<T, FieldViolation> {
    fn scoped(self, parent: &str) -> Result<T, FieldViolation> {
        self.map_err(|e| e.scope(parent))
    }
}

/// Proto -> engine for any message with a `TryFrom<&Message>` engine type, callable where
/// only the proto type is named (generic hosts, the registry's dispatch, fuzz targets).
pub trait WireInto<T> {
    fn wire_into(&self) -> Result<T, FieldViolation>;
}

impl<P, T> WireInto<T> for P
where
    for<'a> T: TryFrom<&'a P, Error = FieldViolation>,
{
    fn wire_into(&self) -> Result<T, FieldViolation> {
        T::try_from(self)
    }
}

/// A game's proto messages, for code generic over games that must encode and decode them
/// (fuzz targets, transcripts). Each game's `wire.rs` names its four messages here; the
/// conversions themselves are the `From`/`TryFrom` impls beside them.
#[cfg(feature = "wire")]
pub trait WireGame: crate::Game {
    type PbOptions: prost::Message
        + Default
        + for<'a> From<&'a Self::Options>
        + WireInto<Self::Options>;
    type PbAction: prost::Message
        + Default
        + for<'a> From<&'a Self::Action>
        + WireInto<Self::Action>;
    type PbEvent: prost::Message + Default + for<'a> From<&'a Self::Event>;
    type PbView: prost::Message + Default + for<'a> From<&'a Self::View>;

    /// What the game's converted views must also show at every step of
    /// [`check_round_trip`] (a typed pending decision, the map clients read); nothing by
    /// default.
    #[cfg(test)]
    fn check_view(_state: &Self::State, _view: &Self::PbView) {}
}

/// The wire round trip, written once for every game (run over the registry in
/// `registry.rs`): the sample options convert back to themselves, and at every step of a
/// few random games of each configuration every listed action of every seat to act
/// survives the trip through the proto, every event converts as each viewer receives it,
/// and every viewer's view converts (and passes [`WireGame::check_view`]).
#[cfg(all(test, feature = "wire"))]
pub(crate) fn check_round_trip<G: WireGame>() {
    use crate::core::playout::RandomBot;
    use crate::{Seat, Viewer};
    use prost::Message;

    /// A random game longer than this is stuck, not long.
    const MAX_STEPS: usize = 20_000;
    let game = G::ID;
    for (name, options) in G::configurations() {
        let back: Result<G::Options, _> = G::PbOptions::from(&options).wire_into();
        assert_eq!(back, Ok(options.clone()), "{game}/{name}: options");
        for seed in 0..3 {
            let mut state = G::setup(&options, seed).expect("setup");
            let viewers: Vec<Viewer> = (0..G::seat_count(&state) as u8)
                .map(|s| Viewer::Seat(Seat(s)))
                .chain([Viewer::Spectator])
                .collect();
            let mut bot = RandomBot::seeded(seed);
            let mut steps = 0;
            loop {
                for seat in G::to_act(&state).iter() {
                    for legal in G::legal_actions(&state, seat) {
                        let back: Result<G::Action, _> = G::PbAction::from(&legal).wire_into();
                        assert_eq!(back, Ok(legal), "{game}/{name} seed {seed}");
                    }
                }
                for viewer in &viewers {
                    let view = G::PbView::from(&G::view(&state, *viewer));
                    G::check_view(&state, &view);
                }
                let Some((seat, action)) = bot.choose::<G>(&state) else {
                    break;
                };
                let events = G::apply(&mut state, seat, &action).expect("a listed action");
                for event in &events {
                    assert!(
                        G::PbEvent::from(event).encoded_len() > 0,
                        "{game}: {event:?}"
                    );
                    for viewer in &viewers {
                        let seen = G::PbEvent::from(&G::redact_event(event, *viewer));
                        assert!(seen.encoded_len() > 0, "{game}: {event:?} for {viewer:?}");
                    }
                }
                steps += 1;
                assert!(steps < MAX_STEPS, "{game}/{name} seed {seed}: no end");
            }
            assert!(
                G::outcome(&state).is_some(),
                "{game}/{name} seed {seed}: {steps} steps"
            );
        }
    }
}

/// A proto integer narrowed to the engine's type (`u32` -> `u8`, `i32` -> `i16` ...).
pub fn narrow<T, U>(field: &str, value: U) -> Result<T, FieldViolation>
where
    U: Copy + fmt::Display,
    T: TryFrom<U>,
{
    T::try_from(value).map_err(|_| FieldViolation::new(field, format!("{value} is out of range.")))
}

/// An engine enum that maps one to one onto a proto enum (whose zero value is
/// `UNSPECIFIED`). Implemented by [`wire_enum!`](crate::wire_enum).
pub trait WireEnum: Sized + Copy {
    /// The engine variants' names, for error messages.
    const NAMES: &'static [&'static str];
    /// The engine value of a proto enum number, if it names one.
    fn from_wire(value: i32) -> Option<Self>;
    /// The proto enum number.
    fn to_wire(self) -> i32;
}

/// The engine value of the proto enum field `field`, or a violation listing what it
/// accepts ("water, forest, hill or mountain is required.").
pub fn enum_in<T: WireEnum>(field: &str, value: i32) -> Result<T, FieldViolation> {
    T::from_wire(value).ok_or_else(|| {
        let names: Vec<String> = T::NAMES.iter().map(|n| spaced_lower(n)).collect();
        let list = match names.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        };
        FieldViolation::new(field, format!("{list} is required."))
    })
}

/// `AllBuildings` -> `all buildings`.
fn spaced_lower(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push(' ');
        }
        out.extend(c.to_lowercase());
    }
    out
}

/// Maps an engine enum onto a proto enum whose variants have the same names, in both
/// directions, with exhaustive matches (a new variant on either side fails to compile
/// until it is mapped). Both enums are named by identifiers in scope:
///
/// ```ignore
/// use agora_proto::v1::AttikaResource;
/// wire_enum!(Resource <=> AttikaResource { Water, Forest, Hill, Mountain });
/// ```
///
/// A variant whose proto name differs is written `EngineName = ProtoName`. The proto's
/// `UNSPECIFIED` (or any other unmapped number) is refused by [`enum_in`].
#[macro_export]
macro_rules! wire_enum {
    ($domain:ident <=> $proto:ident { $($variant:ident $(= $pb_variant:ident)?),+ $(,)? }) => {
        impl $crate::core::wire::WireEnum for $domain {
            const NAMES: &'static [&'static str] = &[$(stringify!($variant)),+];
            fn from_wire(value: i32) -> Option<Self> {
                #[allow(unreachable_patterns)]
                match $proto::try_from(value).ok()? {
                    $($crate::wire_enum!(@pb $proto $variant $(= $pb_variant)?) => Some($domain::$variant),)+
                    _ => None,
                }
            }
            fn to_wire(self) -> i32 {
                $proto::from(self) as i32
            }
        }

        impl From<$domain> for $proto {
            fn from(value: $domain) -> $proto {
                match value {
                    $($domain::$variant => $crate::wire_enum!(@pb $proto $variant $(= $pb_variant)?),)+
                }
            }
        }
    };
    (@pb $proto:ident $variant:ident) => { $proto::$variant };
    (@pb $proto:ident $variant:ident = $pb_variant:ident) => { $proto::$pb_variant };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, Copy, PartialEq)]
    enum Resource {
        Water,
        Hill,
    }

    /// Stands for a prost enum: `TryFrom<i32>` and `as i32`.
    #[derive(Debug, Clone, Copy, PartialEq)]
    #[repr(i32)]
    enum PbResource {
        Unspecified = 0,
        Water = 1,
        Hills = 2,
    }

    impl TryFrom<i32> for PbResource {
        type Error = ();
        fn try_from(v: i32) -> Result<Self, ()> {
            match v {
                0 => Ok(PbResource::Unspecified),
                1 => Ok(PbResource::Water),
                2 => Ok(PbResource::Hills),
                _ => Err(()),
            }
        }
    }

    crate::wire_enum!(Resource <=> PbResource { Water, Hill = Hills });

    #[test]
    fn enums_map_both_ways_and_refuse_unspecified_with_the_field_path() {
        assert_eq!(PbResource::from(Resource::Hill), PbResource::Hills);
        assert_eq!(enum_in::<Resource>("cost", 2), Ok(Resource::Hill));
        assert_eq!(enum_in::<Resource>("cost", 1), Ok(Resource::Water));
        let e = enum_in::<Resource>("cost", 0).unwrap_err().scope("build");
        assert_eq!(e.to_string(), "build.cost: water or hill is required.");
        assert!(enum_in::<Resource>("cost", 9).is_err());
    }

    #[test]
    fn paths_compose_from_the_inside_out() {
        let e = narrow::<u8, u32>("q", 300)
            .scoped("hex")
            .scoped("build")
            .unwrap_err();
        assert_eq!(e.field, "build.hex.q");
        assert_eq!(e.description, "300 is out of range.");
        let missing: Option<u8> = None;
        assert_eq!(
            missing.required("hex").unwrap_err().to_string(),
            "hex: is required."
        );
    }
}
