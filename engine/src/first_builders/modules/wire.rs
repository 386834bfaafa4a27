//! The expansion modules on the wire (`origins.proto`, feature `wire`): their enums, the
//! Challenges option, their events and their parts of the view. The base conversions in
//! `wire` hand these over here and name no module type beyond the variants the base enums
//! carry for serialization.

use super::super::module_types::{
    ChallengeTileView, Challenges, HeldWonder, Orientation, Wonder, WonderSlotView,
};
use super::super::types::Event;
use crate::core::wire::{enum_in, FieldViolation};
use crate::{wire_enum, Seat};
use agora_proto::v1 as pb;
use pb::origins_event as pe;
use pb::{OriginsChallenges, OriginsWonder, OriginsWonderOrientation};

wire_enum!(Wonder <=> OriginsWonder {
    Colossus,
    Pyramid,
    Gardens,
    Ishtar,
    Lighthouse,
    Mausoleum,
    Zeus,
    Artemis
});
wire_enum!(Orientation <=> OriginsWonderOrientation { Horizontal, Vertical });
wire_enum!(Challenges <=> OriginsChallenges { None, Short, Normal, Long });

/// A Wonder as its proto enum number.
pub fn wonder(w: Wonder) -> i32 {
    OriginsWonder::from(w) as i32
}

/// A Wonder's orientation as its proto enum number.
pub fn orientation(o: Orientation) -> i32 {
    OriginsWonderOrientation::from(o) as i32
}

/// The Challenges option: unset (0) is the base game.
pub fn challenges_in(n: i32) -> Result<Challenges, FieldViolation> {
    match n {
        0 => Ok(Challenges::None),
        n => enum_in("challenges", n),
    }
}

/// The Challenges option; off stays unset, so the base game's options read as before the
/// module.
pub fn challenges_out(c: Challenges) -> i32 {
    match c {
        Challenges::None => 0,
        on => OriginsChallenges::from(on) as i32,
    }
}

fn seat(seat: Seat) -> u32 {
    seat.0.into()
}

/// A module's event on the wire; `None` for a base game event.
pub fn event(event: &Event) -> Option<pe::Event> {
    use pe::Event as E;
    Some(match *event {
        Event::WonderUnlocked { place, wonder: w } => E::WonderUnlocked(pe::WonderUnlocked {
            place: place.into(),
            wonder: wonder(w),
        }),
        Event::WonderClaimed {
            seat: s,
            place,
            wonder: w,
        } => E::WonderClaimed(pe::WonderClaimed {
            seat: seat(s),
            place: place.into(),
            wonder: wonder(w),
        }),
        Event::WonderBuilt {
            seat: s,
            wonder: w,
            cell,
            orientation: o,
        } => E::WonderBuilt(pe::WonderBuilt {
            seat: seat(s),
            wonder: wonder(w),
            cell: Some(cell.into()),
            orientation: orientation(o),
        }),
        Event::WonderActivated { seat: s, wonder: w } => E::WonderActivated(pe::WonderActivated {
            seat: seat(s),
            wonder: wonder(w),
        }),
        Event::ChallengeScored { seat: s, tile, vp } => E::ChallengeScored(pe::ChallengeScored {
            seat: seat(s),
            tile: tile.code().to_string(),
            vp,
        }),
        Event::ChallengeRemoved { tile } => E::ChallengeRemoved(pe::ChallengeRemoved {
            tile: tile.code().to_string(),
        }),
        _ => return None,
    })
}

/// A player's claimed Wonder.
pub fn held(h: HeldWonder) -> pb::OriginsWonderHeld {
    pb::OriginsWonderHeld {
        wonder: wonder(h.wonder),
        built: h.built,
        used_this_turn: h.used_this_turn,
    }
}

/// The Wonders above the Meeting Places.
pub fn wonder_slots(slots: &[WonderSlotView]) -> Vec<pb::OriginsWonderSlot> {
    slots
        .iter()
        .map(|w| pb::OriginsWonderSlot {
            place: w.place.into(),
            wonder: wonder(w.wonder),
            unlocked: w.unlocked,
        })
        .collect()
}

/// The challenge row, left to right.
pub fn challenge_tiles(tiles: &[ChallengeTileView]) -> Vec<pb::OriginsChallengeTile> {
    tiles
        .iter()
        .map(|t| pb::OriginsChallengeTile {
            id: t.id.code().to_string(),
            provisional: t.provisional,
        })
        .collect()
}
