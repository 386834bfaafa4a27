//! Attika's proto messages (`attika.proto`) <-> engine types. Buildings travel as their
//! codes ("SUP1"), map pieces as theirs ("T01"), seats as numbers; field errors name the
//! field relative to the message converted (`place.cell.q`), and the host adds the rest.
//! Only renaming here: player counts are checked by `setup`, the board comes from the view.

use super::types::{
    Action, BuildingId, CellView, Counts, Event, Group, Hex, Mode, Options, Pending, PieceId,
    PlayerView, Resource, Victory, View,
};
use super::Attika;
use crate::core::wire::{enum_in, narrow, FieldViolation, Required, Scoped, WireEnum, WireGame};
use crate::wire_enum;
use crate::Seat;
use agora_proto::v1 as pb;
use pb::attika_action as pa;
use pb::attika_event as pe;
use pb::attika_pending as pp;
use pb::{AttikaGroup, AttikaResource, AttikaVictory};

impl WireGame for Attika {
    type PbOptions = pb::AttikaOptions;
    type PbAction = pb::AttikaAction;
    type PbEvent = pb::AttikaEvent;
    type PbView = pb::AttikaView;

    #[cfg(test)]
    fn check_view(state: &super::State, view: &pb::AttikaView) {
        assert_eq!(view.players.len(), state.seat_count());
        assert!(view
            .pending
            .as_ref()
            .and_then(|p| p.pending.as_ref())
            .is_some());
    }
}

wire_enum!(Resource <=> AttikaResource { Water, Forest, Hill, Mountain });
wire_enum!(Group <=> AttikaGroup { Supply, Defence, Roads, Shipping, Mint, Vineyard, City });
wire_enum!(Victory <=> AttikaVictory { AllBuildings, ShrineConnection });

// ------------------------------------------------------------------------ small values

impl TryFrom<&pb::AttikaHex> for Hex {
    type Error = FieldViolation;

    fn try_from(hex: &pb::AttikaHex) -> Result<Hex, FieldViolation> {
        Ok(Hex::new(narrow("q", hex.q)?, narrow("r", hex.r)?))
    }
}

impl From<Hex> for pb::AttikaHex {
    fn from(hex: Hex) -> pb::AttikaHex {
        pb::AttikaHex {
            q: hex.q.into(),
            r: hex.r.into(),
        }
    }
}

/// The required hex message `field`.
fn hex_in(field: &str, hex: Option<&pb::AttikaHex>) -> Result<Hex, FieldViolation> {
    Hex::try_from(hex.required(field)?).scoped(field)
}

fn building_in(field: &str, code: &str) -> Result<BuildingId, FieldViolation> {
    BuildingId::from_code(code).ok_or_else(|| {
        FieldViolation::new(
            field,
            format!("\"{code}\" is not a building code (SUP1 .. CTY10)."),
        )
    })
}

fn seat(seat: Seat) -> u32 {
    seat.0.into()
}

fn resource(resource: Resource) -> i32 {
    resource.to_wire()
}

/// `Counts` is an array (no impl of a foreign trait for it): W, F, H, M.
fn counts(counts: &Counts) -> pb::AttikaCounts {
    let of = |r: Resource| u32::from(counts[r.index()]);
    pb::AttikaCounts {
        water: of(Resource::Water),
        forest: of(Resource::Forest),
        hill: of(Resource::Hill),
        mountain: of(Resource::Mountain),
    }
}

fn mode(mode: Option<Mode>) -> pb::AttikaMode {
    match mode {
        None => pb::AttikaMode::Unspecified,
        Some(Mode::Draw) => pb::AttikaMode::Draw,
        Some(Mode::Build) => pb::AttikaMode::Build,
    }
}

// ------------------------------------------------------------------------ options

impl TryFrom<&pb::AttikaOptions> for Options {
    type Error = FieldViolation;

    fn try_from(options: &pb::AttikaOptions) -> Result<Options, FieldViolation> {
        Ok(Options {
            players: narrow("players", options.players)?,
            amphora_for_card: options.amphora_for_card,
        })
    }
}

impl From<&Options> for pb::AttikaOptions {
    fn from(options: &Options) -> pb::AttikaOptions {
        pb::AttikaOptions {
            players: options.players.into(),
            amphora_for_card: options.amphora_for_card,
        }
    }
}

// ------------------------------------------------------------------------ actions

impl TryFrom<&pb::AttikaAction> for Action {
    type Error = FieldViolation;

    fn try_from(action: &pb::AttikaAction) -> Result<Action, FieldViolation> {
        use pa::Action as A;
        let action = action
            .action
            .as_ref()
            .ok_or_else(|| FieldViolation::new("action", "one decision must be set."))?;
        Ok(match action {
            A::Draw(m) => Action::Draw {
                pile: narrow("pile", m.pile).scoped("draw")?,
            },
            A::Build(m) => Action::Build {
                building: building_in("building", &m.building).scoped("build")?,
            },
            A::Place(m) => Action::Place {
                cell: hex_in("cell", m.cell.as_ref()).scoped("place")?,
            },
            A::Store(_) => Action::Store,
            A::PayCard(m) => Action::PayCard {
                card: enum_in("card", m.card).scoped("pay_card")?,
            },
            A::PayPair(m) => Action::PayPair {
                first: enum_in("first", m.first).scoped("pay_pair")?,
                second: enum_in("second", m.second).scoped("pay_pair")?,
            },
            A::PlacePiece(m) => Action::PlacePiece {
                center: hex_in("center", m.center.as_ref()).scoped("place_piece")?,
                rotation: narrow("rotation", m.rotation).scoped("place_piece")?,
            },
            A::AmphoraForCard(_) => Action::AmphoraForCard,
            A::EndTurn(_) => Action::EndTurn,
        })
    }
}

impl From<&Action> for pb::AttikaAction {
    fn from(action: &Action) -> pb::AttikaAction {
        use pa::Action as A;
        let action = match *action {
            Action::Draw { pile } => A::Draw(pa::Draw { pile: pile.into() }),
            Action::Build { building } => A::Build(pa::Build {
                building: building.code().to_string(),
            }),
            Action::Place { cell } => A::Place(pa::Place {
                cell: Some(cell.into()),
            }),
            Action::Store => A::Store(pa::Store {}),
            Action::PayCard { card } => A::PayCard(pa::PayCard {
                card: resource(card),
            }),
            Action::PayPair { first, second } => A::PayPair(pa::PayPair {
                first: resource(first),
                second: resource(second),
            }),
            Action::PlacePiece { center, rotation } => A::PlacePiece(pa::PlacePiece {
                center: Some(center.into()),
                rotation: rotation.into(),
            }),
            Action::AmphoraForCard => A::AmphoraForCard(pa::AmphoraForCard {}),
            Action::EndTurn => A::EndTurn(pa::EndTurn {}),
        };
        pb::AttikaAction {
            action: Some(action),
        }
    }
}

// ------------------------------------------------------------------------ events

fn piece(piece: PieceId) -> String {
    piece.code()
}

impl From<&Event> for pb::AttikaEvent {
    fn from(event: &Event) -> pb::AttikaEvent {
        use pe::Event as E;
        let event = match event {
            &Event::BuildingDrawn {
                seat: s,
                pile,
                building,
            } => E::BuildingDrawn(pe::BuildingDrawn {
                seat: seat(s),
                pile: pile.into(),
                building: building.code().to_string(),
            }),
            &Event::BuildingStored { seat: s, building } => E::BuildingStored(pe::BuildingStored {
                seat: seat(s),
                building: building.code().to_string(),
            }),
            Event::BuildingPlaced {
                seat: s,
                building,
                cell,
                paid,
                new_colony,
            } => E::BuildingPlaced(pe::BuildingPlaced {
                seat: seat(*s),
                building: building.code().to_string(),
                cell: Some((*cell).into()),
                paid: paid.iter().map(|r| resource(*r)).collect(),
                new_colony: *new_colony,
            }),
            Event::CardsDrawn {
                seat: s,
                count,
                cards,
            } => E::CardsDrawn(pe::CardsDrawn {
                seat: seat(*s),
                count: (*count).into(),
                cards: cards.iter().map(|r| resource(*r)).collect(),
            }),
            &Event::DeckReshuffled { size } => {
                E::DeckReshuffled(pe::DeckReshuffled { size: size.into() })
            }
            &Event::AmphoraEarned {
                seat: s,
                group,
                from_supply,
            } => E::AmphoraEarned(pe::AmphoraEarned {
                seat: seat(s),
                group: group.to_wire(),
                from_supply,
            }),
            &Event::AmphoraSpent { seat: s } => E::AmphoraSpent(pe::AmphoraSpent { seat: seat(s) }),
            &Event::PieceRevealed { seat: s, piece: p } => E::PieceRevealed(pe::PieceRevealed {
                seat: seat(s),
                piece: piece(p),
            }),
            &Event::PiecePlaced {
                seat: s,
                piece: p,
                center,
                rotation,
            } => E::PiecePlaced(pe::PiecePlaced {
                seat: seat(s),
                piece: piece(p),
                center: Some(center.into()),
                rotation: rotation.into(),
            }),
            &Event::NoPieceLeft { seat: s } => E::NoPieceLeft(pe::NoPieceLeft { seat: seat(s) }),
            &Event::TurnEnded { seat: s } => E::TurnEnded(pe::TurnEnded { seat: seat(s) }),
            &Event::Won { seat: s, by } => E::Won(pe::Won {
                seat: seat(s),
                by: by.to_wire(),
            }),
        };
        pb::AttikaEvent { event: Some(event) }
    }
}

// ------------------------------------------------------------------------ view

impl From<&Pending> for pb::AttikaPending {
    fn from(pending: &Pending) -> pb::AttikaPending {
        use pp::Pending as P;
        let pending = match pending {
            Pending::Main => P::Main(pp::Main {}),
            Pending::Drawn { building } => P::Drawn(pp::Drawn {
                building: building.code().to_string(),
            }),
            Pending::ChooseCell { building } => P::ChooseCell(pp::ChooseCell {
                building: building.code().to_string(),
            }),
            Pending::Paying {
                building,
                cell,
                typed,
                generic,
            } => P::Paying(pp::Paying {
                building: building.code().to_string(),
                cell: Some((*cell).into()),
                typed: Some(counts(typed)),
                generic: (*generic).into(),
            }),
            Pending::PlacePiece { piece: p } => P::PlacePiece(pp::PlacePiece { piece: piece(*p) }),
            Pending::Amphorae => P::Amphorae(pp::Amphorae {}),
            Pending::Over => P::Over(pp::Over {}),
        };
        pb::AttikaPending {
            pending: Some(pending),
        }
    }
}

impl From<&PlayerView> for pb::AttikaPlayer {
    fn from(p: &PlayerView) -> pb::AttikaPlayer {
        pb::AttikaPlayer {
            seat: seat(p.seat),
            hand_size: p.hand_size.into(),
            hand: p.hand.as_ref().map(counts),
            reserve: p.reserve.iter().map(|b| b.code().to_string()).collect(),
            piles: p.piles.iter().map(|&n| n.into()).collect(),
            amphorae: p.amphorae.into(),
            groups_completed: p.groups_completed.iter().map(|g| g.to_wire()).collect(),
            built: p.built.into(),
            colonies: p.colonies.into(),
        }
    }
}

impl From<&CellView> for pb::AttikaCell {
    fn from(c: &CellView) -> pb::AttikaCell {
        pb::AttikaCell {
            hex: Some(c.hex.into()),
            symbol: c.symbol.map_or(0, resource),
            owner: c.building.map(|(s, _)| seat(s)),
            building: c
                .building
                .map(|(_, b)| b.code().to_string())
                .unwrap_or_default(),
        }
    }
}

impl From<&View> for pb::AttikaView {
    fn from(view: &View) -> pb::AttikaView {
        pb::AttikaView {
            players: view.players.iter().map(Into::into).collect(),
            cells: view.cells.iter().map(Into::into).collect(),
            shrines: view.shrines.iter().map(|h| (*h).into()).collect(),
            current: seat(view.current),
            mode: mode(view.mode) as i32,
            draws: view.draws.into(),
            builds: view.builds.into(),
            pending: Some((&view.pending).into()),
            deck_size: view.deck_size.into(),
            discards: Some(counts(&view.discards)),
            map_pieces_left: view.map_pieces_left.into(),
            amphora_supply: view.amphora_supply.into(),
            winner: view.winner.map(|(s, _)| seat(s)),
            victory: view.winner.map_or(0, |(_, v)| v.to_wire()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(action: pa::Action) -> FieldViolation {
        let message = pb::AttikaAction {
            action: Some(action),
        };
        Action::try_from(&message).expect_err("malformed")
    }

    #[test]
    fn malformed_messages_name_the_field() {
        let empty = Action::try_from(&pb::AttikaAction { action: None }).unwrap_err();
        assert_eq!(empty.field, "action");

        let unspecified = refused(pa::Action::PayCard(pa::PayCard { card: 0 }));
        assert_eq!(
            unspecified.to_string(),
            "pay_card.card: water, forest, hill or mountain is required."
        );
        let unknown_number = refused(pa::Action::PayPair(pa::PayPair {
            first: 1,
            second: 42,
        }));
        assert_eq!(unknown_number.field, "pay_pair.second");

        let unknown_code = refused(pa::Action::Build(pa::Build {
            building: "NOPE".into(),
        }));
        assert_eq!(unknown_code.field, "build.building");
        assert!(unknown_code.description.contains("NOPE"));

        let missing = refused(pa::Action::Place(pa::Place { cell: None }));
        assert_eq!(missing.to_string(), "place.cell: is required.");
        let far = refused(pa::Action::PlacePiece(pa::PlacePiece {
            center: Some(pb::AttikaHex { q: 1 << 20, r: 0 }),
            rotation: 0,
        }));
        assert_eq!(far.field, "place_piece.center.q");
        let pile = refused(pa::Action::Draw(pa::Draw { pile: 300 }));
        assert_eq!(pile.to_string(), "draw.pile: 300 is out of range.");

        let players = Options::try_from(&pb::AttikaOptions {
            players: 1000,
            amphora_for_card: false,
        })
        .unwrap_err();
        assert_eq!(players.field, "players");
    }
}
