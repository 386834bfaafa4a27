//! Attika's proto messages <-> engine types. Buildings travel as their codes ("SUP1"),
//! map pieces as theirs ("T01"); a missing field, an unspecified enum, an unknown code or
//! an out-of-range number is INVALID_ARGUMENT with a sentence naming the field.

use crate::api::errors::invalid;
use agora_engine::attika::types::{
    Action, BuildingId, Counts, Event, Group, Hex, Mode, Options, Pending, PieceId, Resource,
    Victory, View,
};
use agora_proto::v1 as pb;
use pb::attika_action as pa;
use pb::attika_event as pe;
use pb::attika_pending as pp;
use tonic::Status;

// ------------------------------------------------------------------------ small values

fn small(field: &str, value: u32) -> Result<u8, Status> {
    u8::try_from(value).map_err(|_| invalid(format!("{field}: {value} is out of range.")))
}

fn coord(field: &str, value: i32) -> Result<i16, Status> {
    i16::try_from(value).map_err(|_| invalid(format!("{field}: {value} is out of range.")))
}

fn hex_in(field: &str, hex: Option<&pb::AttikaHex>) -> Result<Hex, Status> {
    let hex = hex.ok_or_else(|| invalid(format!("{field}: is required.")))?;
    Ok(Hex::new(
        coord(&format!("{field}.q"), hex.q)?,
        coord(&format!("{field}.r"), hex.r)?,
    ))
}

fn hex_out(hex: Hex) -> pb::AttikaHex {
    pb::AttikaHex {
        q: hex.q.into(),
        r: hex.r.into(),
    }
}

fn resource_in(field: &str, value: i32) -> Result<Resource, Status> {
    match pb::AttikaResource::try_from(value) {
        Ok(pb::AttikaResource::Water) => Ok(Resource::Water),
        Ok(pb::AttikaResource::Forest) => Ok(Resource::Forest),
        Ok(pb::AttikaResource::Hill) => Ok(Resource::Hill),
        Ok(pb::AttikaResource::Mountain) => Ok(Resource::Mountain),
        _ => Err(invalid(format!(
            "{field}: water, forest, hill or mountain is required."
        ))),
    }
}

fn resource_out(resource: Resource) -> i32 {
    (match resource {
        Resource::Water => pb::AttikaResource::Water,
        Resource::Forest => pb::AttikaResource::Forest,
        Resource::Hill => pb::AttikaResource::Hill,
        Resource::Mountain => pb::AttikaResource::Mountain,
    }) as i32
}

fn counts_out(counts: &Counts) -> pb::AttikaCounts {
    pb::AttikaCounts {
        water: counts[Resource::Water.index()].into(),
        forest: counts[Resource::Forest.index()].into(),
        hill: counts[Resource::Hill.index()].into(),
        mountain: counts[Resource::Mountain.index()].into(),
    }
}

fn group_out(group: Group) -> i32 {
    (match group {
        Group::Supply => pb::AttikaGroup::Supply,
        Group::Defence => pb::AttikaGroup::Defence,
        Group::Roads => pb::AttikaGroup::Roads,
        Group::Shipping => pb::AttikaGroup::Shipping,
        Group::Mint => pb::AttikaGroup::Mint,
        Group::Vineyard => pb::AttikaGroup::Vineyard,
        Group::City => pb::AttikaGroup::City,
    }) as i32
}

fn mode_out(mode: Option<Mode>) -> i32 {
    (match mode {
        None => pb::AttikaMode::Unspecified,
        Some(Mode::Draw) => pb::AttikaMode::Draw,
        Some(Mode::Build) => pb::AttikaMode::Build,
    }) as i32
}

fn victory_out(victory: Victory) -> i32 {
    (match victory {
        Victory::AllBuildings => pb::AttikaVictory::AllBuildings,
        Victory::ShrineConnection => pb::AttikaVictory::ShrineConnection,
    }) as i32
}

fn building_in(field: &str, code: &str) -> Result<BuildingId, Status> {
    BuildingId::from_code(code).ok_or_else(|| {
        invalid(format!(
            "{field}: {code:?} is not a building code (SUP1 .. CTY10)."
        ))
    })
}

fn building_out(building: BuildingId) -> String {
    building.code().to_string()
}

fn piece_out(piece: PieceId) -> String {
    piece.code()
}

// ------------------------------------------------------------------------ options

pub fn options_in(options: &pb::AttikaOptions) -> Result<Options, Status> {
    match options.players {
        2..=4 => Ok(Options {
            players: options.players as u8,
            amphora_for_card: options.amphora_for_card,
        }),
        n => Err(invalid(format!("options.players: {n} is not 2, 3 or 4."))),
    }
}

pub fn options_out(options: &Options) -> pb::AttikaOptions {
    pb::AttikaOptions {
        players: options.players.into(),
        amphora_for_card: options.amphora_for_card,
    }
}

// ------------------------------------------------------------------------ actions

pub fn action_in(action: &pb::AttikaAction) -> Result<Action, Status> {
    use pa::Action as A;
    let a = action
        .action
        .as_ref()
        .ok_or_else(|| invalid("action.attika: one decision must be set."))?;
    Ok(match a {
        A::Draw(m) => Action::Draw {
            pile: small("draw.pile", m.pile)?,
        },
        A::Build(m) => Action::Build {
            building: building_in("build.building", &m.building)?,
        },
        A::Place(m) => Action::Place {
            cell: hex_in("place.cell", m.cell.as_ref())?,
        },
        A::Store(_) => Action::Store,
        A::PayCard(m) => Action::PayCard {
            card: resource_in("pay_card.card", m.card)?,
        },
        A::PayPair(m) => Action::PayPair {
            first: resource_in("pay_pair.first", m.first)?,
            second: resource_in("pay_pair.second", m.second)?,
        },
        A::PlacePiece(m) => Action::PlacePiece {
            center: hex_in("place_piece.center", m.center.as_ref())?,
            rotation: small("place_piece.rotation", m.rotation)?,
        },
        A::AmphoraForCard(_) => Action::AmphoraForCard,
        A::EndTurn(_) => Action::EndTurn,
    })
}

pub fn action_out(action: &Action) -> pb::AttikaAction {
    use pa::Action as A;
    let a = match action {
        Action::Draw { pile } => A::Draw(pa::Draw {
            pile: (*pile).into(),
        }),
        Action::Build { building } => A::Build(pa::Build {
            building: building_out(*building),
        }),
        Action::Place { cell } => A::Place(pa::Place {
            cell: Some(hex_out(*cell)),
        }),
        Action::Store => A::Store(pa::Store {}),
        Action::PayCard { card } => A::PayCard(pa::PayCard {
            card: resource_out(*card),
        }),
        Action::PayPair { first, second } => A::PayPair(pa::PayPair {
            first: resource_out(*first),
            second: resource_out(*second),
        }),
        Action::PlacePiece { center, rotation } => A::PlacePiece(pa::PlacePiece {
            center: Some(hex_out(*center)),
            rotation: (*rotation).into(),
        }),
        Action::AmphoraForCard => A::AmphoraForCard(pa::AmphoraForCard {}),
        Action::EndTurn => A::EndTurn(pa::EndTurn {}),
    };
    pb::AttikaAction { action: Some(a) }
}

// ------------------------------------------------------------------------ events

pub fn event_out(event: &Event) -> pb::AttikaEvent {
    use pe::Event as E;
    let seat = |s: &agora_engine::Seat| u32::from(s.0);
    let e = match event {
        Event::BuildingDrawn {
            seat: s,
            pile,
            building,
        } => E::BuildingDrawn(pe::BuildingDrawn {
            seat: seat(s),
            pile: (*pile).into(),
            building: building_out(*building),
        }),
        Event::BuildingStored { seat: s, building } => E::BuildingStored(pe::BuildingStored {
            seat: seat(s),
            building: building_out(*building),
        }),
        Event::BuildingPlaced {
            seat: s,
            building,
            cell,
            paid,
            new_colony,
        } => E::BuildingPlaced(pe::BuildingPlaced {
            seat: seat(s),
            building: building_out(*building),
            cell: Some(hex_out(*cell)),
            paid: paid.iter().map(|r| resource_out(*r)).collect(),
            new_colony: *new_colony,
        }),
        Event::CardsDrawn {
            seat: s,
            count,
            cards,
        } => E::CardsDrawn(pe::CardsDrawn {
            seat: seat(s),
            count: (*count).into(),
            cards: cards.iter().map(|r| resource_out(*r)).collect(),
        }),
        Event::DeckReshuffled { size } => E::DeckReshuffled(pe::DeckReshuffled {
            size: (*size).into(),
        }),
        Event::AmphoraEarned {
            seat: s,
            group,
            from_supply,
        } => E::AmphoraEarned(pe::AmphoraEarned {
            seat: seat(s),
            group: group_out(*group),
            from_supply: *from_supply,
        }),
        Event::AmphoraSpent { seat: s } => E::AmphoraSpent(pe::AmphoraSpent { seat: seat(s) }),
        Event::PieceRevealed { seat: s, piece } => E::PieceRevealed(pe::PieceRevealed {
            seat: seat(s),
            piece: piece_out(*piece),
        }),
        Event::PiecePlaced {
            seat: s,
            piece,
            center,
            rotation,
        } => E::PiecePlaced(pe::PiecePlaced {
            seat: seat(s),
            piece: piece_out(*piece),
            center: Some(hex_out(*center)),
            rotation: (*rotation).into(),
        }),
        Event::NoPieceLeft { seat: s } => E::NoPieceLeft(pe::NoPieceLeft { seat: seat(s) }),
        Event::TurnEnded { seat: s } => E::TurnEnded(pe::TurnEnded { seat: seat(s) }),
        Event::Won { seat: s, by } => E::Won(pe::Won {
            seat: seat(s),
            by: victory_out(*by),
        }),
    };
    pb::AttikaEvent { event: Some(e) }
}

// ------------------------------------------------------------------------ view

fn pending_out(pending: &Pending) -> pb::AttikaPending {
    use pp::Pending as P;
    let p = match pending {
        Pending::Main => P::Main(pp::Main {}),
        Pending::Drawn { building } => P::Drawn(pp::Drawn {
            building: building_out(*building),
        }),
        Pending::ChooseCell { building } => P::ChooseCell(pp::ChooseCell {
            building: building_out(*building),
        }),
        Pending::Paying {
            building,
            cell,
            typed,
            generic,
        } => P::Paying(pp::Paying {
            building: building_out(*building),
            cell: Some(hex_out(*cell)),
            typed: Some(counts_out(typed)),
            generic: (*generic).into(),
        }),
        Pending::PlacePiece { piece } => P::PlacePiece(pp::PlacePiece {
            piece: piece_out(*piece),
        }),
        Pending::Amphorae => P::Amphorae(pp::Amphorae {}),
        Pending::Over => P::Over(pp::Over {}),
    };
    pb::AttikaPending { pending: Some(p) }
}

pub fn view_out(view: &View) -> pb::AttikaView {
    pb::AttikaView {
        players: view
            .players
            .iter()
            .map(|p| pb::AttikaPlayer {
                seat: p.seat.0.into(),
                hand_size: p.hand_size.into(),
                hand: p.hand.as_ref().map(counts_out),
                reserve: p.reserve.iter().map(|b| building_out(*b)).collect(),
                piles: p.piles.iter().map(|&n| n.into()).collect(),
                amphorae: p.amphorae.into(),
                groups_completed: p.groups_completed.iter().map(|g| group_out(*g)).collect(),
                built: p.built.into(),
                colonies: p.colonies.into(),
            })
            .collect(),
        cells: view
            .cells
            .iter()
            .map(|c| pb::AttikaCell {
                hex: Some(hex_out(c.hex)),
                symbol: c.symbol.map_or(0, resource_out),
                owner: c.building.map(|(s, _)| s.0.into()),
                building: c.building.map(|(_, b)| building_out(b)).unwrap_or_default(),
            })
            .collect(),
        shrines: view.shrines.iter().map(|h| hex_out(*h)).collect(),
        current: view.current.0.into(),
        mode: mode_out(view.mode),
        draws: view.draws.into(),
        builds: view.builds.into(),
        pending: Some(pending_out(&view.pending)),
        deck_size: view.deck_size.into(),
        discards: Some(counts_out(&view.discards)),
        map_pieces_left: view.map_pieces_left.into(),
        amphora_supply: view.amphora_supply.into(),
        winner: view.winner.map(|(s, _)| s.0.into()),
        victory: view.winner.map_or(0, |(_, v)| victory_out(v)),
    }
}
