//! Origin's proto messages <-> engine types. Ids travel as their codes ("AF2", "S4",
//! "A01", spelled by the id types); a missing field, an unset enum or an unknown code is a
//! [`FieldViolation`] whose path is relative to the message converted (`evolve.pawn.size`).
//! Nothing here decides a rule: player counts are checked by `setup`, the map's names and
//! neighbours come in the engine's view.

use super::types::*;
use super::Origin;
use crate::core::wire::{enum_in, narrow, FieldViolation, Required, Scoped, WireGame};
use crate::wire_enum;
use crate::{Seat, Viewer};
use agora_proto::v1 as pb;
use pb::origin_action as pa;
use pb::origin_event as pe;
use pb::{
    OriginCardColor, OriginPawnColor, OriginRewardOption, OriginRuleSet, OriginTerritoryColor,
    OriginTileColumn,
};

impl WireGame for Origin {
    type PbOptions = pb::OriginOptions;
    type PbAction = pb::OriginAction;
    type PbEvent = pb::OriginEvent;
    type PbView = pb::OriginView;

    /// Every id names a real component (no "?" from an unknown id), and the map clients
    /// draw is whole.
    #[cfg(test)]
    fn check_view(_state: &super::State, view: &pb::OriginView) {
        let text = format!("{view:?}");
        assert!(!text.contains("\"?\""), "unknown id in {text}");
        assert_eq!(view.territories.len(), 42);
        assert!(view.territories.iter().all(|t| !t.adjacent.is_empty()));
        assert!(view
            .pending
            .as_ref()
            .and_then(|p| p.pending.as_ref())
            .is_some());
    }
}

wire_enum!(RuleSet <=> OriginRuleSet { Standard, Junior });
wire_enum!(PawnColor <=> OriginPawnColor { White, Brown, Black });
wire_enum!(TerritoryColor <=> OriginTerritoryColor { Yellow, Orange, Purple, Brown, Green, None });
wire_enum!(CardColor <=> OriginCardColor { Yellow, Orange, Purple });
wire_enum!(TileColumn <=> OriginTileColumn { Yellow, Orange, Purple, Brown });
wire_enum!(RewardOption <=> OriginRewardOption { A, B });

// ------------------------------------------------------------------------ ids and codes

fn territory_in(field: &str, code: &str) -> Result<TerritoryId, FieldViolation> {
    TerritoryId::from_code(code).ok_or_else(|| {
        FieldViolation::new(
            field,
            format!("{code:?} is not a territory code (like \"AF2\")."),
        )
    })
}

fn strait_in(field: &str, code: &str) -> Result<StraitId, FieldViolation> {
    StraitId::from_code(code).ok_or_else(|| {
        FieldViolation::new(
            field,
            format!("{code:?} is not a strait code (like \"S4\")."),
        )
    })
}

fn card_in(field: &str, code: &str) -> Result<CardId, FieldViolation> {
    CardId::from_code(code).ok_or_else(|| {
        FieldViolation::new(
            field,
            format!("{code:?} is not a card code (like \"A01\")."),
        )
    })
}

fn seat_in(field: &str, seat: u32) -> Result<Seat, FieldViolation> {
    narrow(field, seat).map(Seat)
}

fn seat_out(seat: Seat) -> u32 {
    seat.0.into()
}

/// A card as the wire shows it: its code, or "" when hidden from the viewer.
fn card_out(card: Option<CardId>) -> String {
    card.map_or_else(String::new, |c| c.code().to_string())
}

fn cards_out(cards: &[Option<CardId>]) -> Vec<String> {
    cards.iter().map(|c| card_out(*c)).collect()
}

fn codes<T: Copy>(ids: &[T], code: impl Fn(T) -> &'static str) -> Vec<String> {
    ids.iter().map(|&id| code(id).to_string()).collect()
}

fn enum_out<T: Into<P>, P: Into<i32>>(value: T) -> i32 {
    value.into().into()
}

// ------------------------------------------------------------------------ nested messages

impl TryFrom<&pb::OriginPawn> for PawnType {
    type Error = FieldViolation;
    fn try_from(pawn: &pb::OriginPawn) -> Result<Self, FieldViolation> {
        let level = |field: &str, value: u32| {
            narrow::<u8, u32>(field, value)
                .ok()
                .filter(|v| PawnType::LEVELS.contains(v))
                .ok_or_else(|| {
                    FieldViolation::new(field, format!("{value} is not between 1 and 3."))
                })
        };
        Ok(PawnType {
            size: level("size", pawn.size)?,
            strength: level("strength", pawn.strength)?,
            color: enum_in("color", pawn.color)?,
        })
    }
}

impl From<PawnType> for pb::OriginPawn {
    fn from(pawn: PawnType) -> Self {
        pb::OriginPawn {
            size: pawn.size.into(),
            strength: pawn.strength.into(),
            color: enum_out::<_, OriginPawnColor>(pawn.color),
        }
    }
}

impl TryFrom<&pb::OriginTileSlot> for TileSlot {
    type Error = FieldViolation;
    fn try_from(slot: &pb::OriginTileSlot) -> Result<Self, FieldViolation> {
        Ok(TileSlot {
            column: enum_in("column", slot.column)?,
            index: narrow("index", slot.index)?,
        })
    }
}

impl From<TileSlot> for pb::OriginTileSlot {
    fn from(slot: TileSlot) -> Self {
        pb::OriginTileSlot {
            column: enum_out::<_, OriginTileColumn>(slot.column),
            index: slot.index.into(),
        }
    }
}

fn pawn_in(pawn: Option<&pb::OriginPawn>) -> Result<PawnType, FieldViolation> {
    PawnType::try_from(pawn.required("pawn")?).scoped("pawn")
}

impl From<TileSource> for pb::OriginTileSource {
    fn from(source: TileSource) -> Self {
        use pb::origin_tile_source::Source;
        pb::OriginTileSource {
            source: Some(match source {
                TileSource::Slot(slot) => Source::Slot(slot.into()),
                TileSource::Pile => Source::Pile(true),
                TileSource::Opponent(seat) => Source::Opponent(seat_out(seat)),
            }),
        }
    }
}

impl From<EndTrigger> for pb::OriginEndTrigger {
    fn from(trigger: EndTrigger) -> Self {
        use pb::OriginEndTrigger as T;
        match trigger {
            EndTrigger::PileEmpty(CardColor::Yellow) => T::ActionPileEmpty,
            EndTrigger::PileEmpty(CardColor::Orange) => T::PermanentPileEmpty,
            EndTrigger::PileEmpty(CardColor::Purple) => T::ObjectivePileEmpty,
            EndTrigger::NoTilesOnBoard => T::NoTilesOnBoard,
            EndTrigger::ReserveEmpty => T::ReserveEmpty,
            EndTrigger::AllVillagesPlaced => T::AllVillagesPlaced,
            EndTrigger::Stalemate => T::Stalemate,
        }
    }
}

// ------------------------------------------------------------------------ options

impl TryFrom<&pb::OriginOptions> for Options {
    type Error = FieldViolation;
    /// An unset rule set means the engine's default ([`RuleSet::default`]).
    fn try_from(options: &pb::OriginOptions) -> Result<Self, FieldViolation> {
        let rules = if options.rules == OriginRuleSet::Unspecified as i32 {
            RuleSet::default()
        } else {
            enum_in("rules", options.rules)?
        };
        Ok(Options {
            players: narrow("players", options.players)?,
            rules,
            first_player: options
                .first_player
                .map(|seat| seat_in("first_player", seat))
                .transpose()?,
        })
    }
}

impl From<&Options> for pb::OriginOptions {
    fn from(options: &Options) -> Self {
        pb::OriginOptions {
            players: options.players.into(),
            rules: enum_out::<_, OriginRuleSet>(options.rules),
            first_player: options.first_player.map(seat_out),
        }
    }
}

// ------------------------------------------------------------------------ actions

impl TryFrom<&pb::OriginAction> for Action {
    type Error = FieldViolation;
    fn try_from(action: &pb::OriginAction) -> Result<Self, FieldViolation> {
        use pa::Action as A;
        Ok(match action.action.as_ref().required("action")? {
            A::KeepObjective(a) => Action::KeepObjective {
                card: card_in("card", &a.card).scoped("keep_objective")?,
            },
            A::Evolve(a) => Action::Evolve {
                target: territory_in("target", &a.target).scoped("evolve")?,
                reference: territory_in("reference", &a.reference).scoped("evolve")?,
                pawn: pawn_in(a.pawn.as_ref()).scoped("evolve")?,
            },
            A::Migrate(a) => Action::Migrate {
                from: territory_in("from", &a.from).scoped("migrate")?,
                to: territory_in("to", &a.to).scoped("migrate")?,
            },
            A::Exchange(a) => Action::Exchange {
                from: territory_in("from", &a.from).scoped("exchange")?,
                to: territory_in("to", &a.to).scoped("exchange")?,
            },
            A::PassMain(_) => Action::PassMain,
            A::ChooseReward(a) => Action::ChooseReward {
                option: enum_in("option", a.option).scoped("choose_reward")?,
            },
            A::TakeTile(a) => Action::TakeTile {
                slot: a
                    .slot
                    .as_ref()
                    .required("slot")
                    .and_then(|s| TileSlot::try_from(s).scoped("slot"))
                    .scoped("take_tile")?,
            },
            A::SkipTile(_) => Action::SkipTile,
            A::ReturnCard(a) => Action::ReturnCard {
                card: card_in("card", &a.card).scoped("return_card")?,
            },
            A::DiscardObjective(a) => Action::DiscardObjective {
                card: card_in("card", &a.card).scoped("discard_objective")?,
            },
            A::PlayCard(a) => Action::PlayCard {
                card: card_in("card", &a.card).scoped("play_card")?,
            },
            A::ChooseOpponent(a) => Action::ChooseOpponent {
                seat: seat_in("seat", a.seat).scoped("choose_opponent")?,
            },
            A::ChooseTerritory(a) => Action::ChooseTerritory {
                territory: territory_in("territory", &a.territory).scoped("choose_territory")?,
            },
            A::ChoosePawn(a) => Action::ChoosePawn {
                pawn: pawn_in(a.pawn.as_ref()).scoped("choose_pawn")?,
            },
            A::ChooseStraitToken(a) => Action::ChooseStraitToken {
                seat: seat_in("seat", a.seat).scoped("choose_strait_token")?,
                strait: strait_in("strait", &a.strait).scoped("choose_strait_token")?,
            },
            A::ChooseOpponentTile(a) => Action::ChooseOpponentTile {
                seat: seat_in("seat", a.seat).scoped("choose_opponent_tile")?,
                tile: narrow("tile", a.tile)
                    .map(TileId)
                    .scoped("choose_opponent_tile")?,
            },
            A::EndTurn(_) => Action::EndTurn,
        })
    }
}

impl From<&Action> for pb::OriginAction {
    fn from(action: &Action) -> Self {
        use pa::Action as A;
        let action = match *action {
            Action::KeepObjective { card } => A::KeepObjective(pa::KeepObjective {
                card: card.code().into(),
            }),
            Action::Evolve {
                target,
                reference,
                pawn,
            } => A::Evolve(pa::Evolve {
                target: target.code().into(),
                reference: reference.code().into(),
                pawn: Some(pawn.into()),
            }),
            Action::Migrate { from, to } => A::Migrate(pa::Migrate {
                from: from.code().into(),
                to: to.code().into(),
            }),
            Action::Exchange { from, to } => A::Exchange(pa::Exchange {
                from: from.code().into(),
                to: to.code().into(),
            }),
            Action::PassMain => A::PassMain(pa::PassMain {}),
            Action::ChooseReward { option } => A::ChooseReward(pa::ChooseReward {
                option: enum_out::<_, OriginRewardOption>(option),
            }),
            Action::TakeTile { slot } => A::TakeTile(pa::TakeTile {
                slot: Some(slot.into()),
            }),
            Action::SkipTile => A::SkipTile(pa::SkipTile {}),
            Action::ReturnCard { card } => A::ReturnCard(pa::ReturnCard {
                card: card.code().into(),
            }),
            Action::DiscardObjective { card } => A::DiscardObjective(pa::DiscardObjective {
                card: card.code().into(),
            }),
            Action::PlayCard { card } => A::PlayCard(pa::PlayCard {
                card: card.code().into(),
            }),
            Action::ChooseOpponent { seat } => A::ChooseOpponent(pa::ChooseOpponent {
                seat: seat_out(seat),
            }),
            Action::ChooseTerritory { territory } => A::ChooseTerritory(pa::ChooseTerritory {
                territory: territory.code().into(),
            }),
            Action::ChoosePawn { pawn } => A::ChoosePawn(pa::ChoosePawn {
                pawn: Some(pawn.into()),
            }),
            Action::ChooseStraitToken { seat, strait } => {
                A::ChooseStraitToken(pa::ChooseStraitToken {
                    seat: seat_out(seat),
                    strait: strait.code().into(),
                })
            }
            Action::ChooseOpponentTile { seat, tile } => {
                A::ChooseOpponentTile(pa::ChooseOpponentTile {
                    seat: seat_out(seat),
                    tile: tile.0.into(),
                })
            }
            Action::EndTurn => A::EndTurn(pa::EndTurn {}),
        };
        pb::OriginAction {
            action: Some(action),
        }
    }
}

// ------------------------------------------------------------------------ events

impl From<&Event> for pb::OriginEvent {
    fn from(event: &Event) -> Self {
        use pe::Event as E;
        let event = match event {
            Event::ObjectivesDealt { seat, cards } => E::ObjectivesDealt(pe::ObjectivesDealt {
                seat: seat_out(*seat),
                cards: cards_out(cards),
            }),
            Event::ObjectiveKept { seat, card } => E::ObjectiveKept(pe::ObjectiveKept {
                seat: seat_out(*seat),
                card: card_out(*card),
            }),
            Event::TurnStarted { seat } => E::TurnStarted(pe::TurnStarted {
                seat: seat_out(*seat),
            }),
            Event::Evolved {
                seat,
                target,
                reference,
                pawn,
            } => E::Evolved(pe::Evolved {
                seat: seat_out(*seat),
                target: target.code().into(),
                reference: reference.code().into(),
                pawn: Some((*pawn).into()),
            }),
            Event::Migrated { seat, from, to } => E::Migrated(pe::Migrated {
                seat: seat_out(*seat),
                from: from.code().into(),
                to: to.code().into(),
            }),
            Event::Exchanged {
                seat,
                from,
                to,
                displaced,
            } => E::Exchanged(pe::Exchanged {
                seat: seat_out(*seat),
                from: from.code().into(),
                to: to.code().into(),
                displaced: seat_out(*displaced),
            }),
            Event::PassedMain { seat } => E::PassedMain(pe::PassedMain {
                seat: seat_out(*seat),
            }),
            Event::RewardChosen { seat, option } => E::RewardChosen(pe::RewardChosen {
                seat: seat_out(*seat),
                option: enum_out::<_, OriginRewardOption>(*option),
            }),
            Event::TileTaken {
                seat,
                source,
                tile,
                level,
            } => E::TileTaken(pe::TileTaken {
                seat: seat_out(*seat),
                source: Some((*source).into()),
                tile: tile.map(|t| t.0.into()),
                level: level.map(u32::from),
            }),
            Event::TileRefilled { slot, level } => E::TileRefilled(pe::TileRefilled {
                slot: Some((*slot).into()),
                level: (*level).into(),
            }),
            Event::CardsDrawn { seat, color, cards } => E::CardsDrawn(pe::CardsDrawn {
                seat: seat_out(*seat),
                color: enum_out::<_, OriginCardColor>(*color),
                cards: cards_out(cards),
            }),
            Event::CardsReturned { seat, color, cards } => E::CardsReturned(pe::CardsReturned {
                seat: seat_out(*seat),
                color: enum_out::<_, OriginCardColor>(*color),
                cards: cards_out(cards),
            }),
            Event::HuntingTokenTaken {
                seat,
                territory,
                value,
            } => E::HuntingTokenTaken(pe::HuntingTokenTaken {
                seat: seat_out(*seat),
                territory: territory.code().into(),
                value: value.map(u32::from),
            }),
            Event::StraitTokenTaken {
                seat,
                strait,
                value,
            } => E::StraitTokenTaken(pe::StraitTokenTaken {
                seat: seat_out(*seat),
                strait: strait.code().into(),
                value: value.map(u32::from),
            }),
            Event::CardPlayed { seat, card } => E::CardPlayed(pe::CardPlayed {
                seat: seat_out(*seat),
                card: card.code().into(),
            }),
            Event::CardStolen { from, to, card } => E::CardStolen(pe::CardStolen {
                from: seat_out(*from),
                to: seat_out(*to),
                card: card_out(*card),
            }),
            Event::StraitTokenStolen { from, to, strait } => {
                E::StraitTokenStolen(pe::StraitTokenStolen {
                    from: seat_out(*from),
                    to: seat_out(*to),
                    strait: strait.code().into(),
                })
            }
            Event::PawnReplaced {
                seat,
                territory,
                old,
                new,
            } => E::PawnReplaced(pe::PawnReplaced {
                seat: seat_out(*seat),
                territory: territory.code().into(),
                old: Some((*old).into()),
                new: Some((*new).into()),
            }),
            Event::PawnMoved { owner, from, to } => E::PawnMoved(pe::PawnMoved {
                owner: seat_out(*owner),
                from: from.code().into(),
                to: to.code().into(),
            }),
            Event::EndTriggered { seat, reason } => E::EndTriggered(pe::EndTriggered {
                seat: seat_out(*seat),
                reason: enum_out::<_, pb::OriginEndTrigger>(*reason),
            }),
            Event::TurnEnded { seat } => E::TurnEnded(pe::TurnEnded {
                seat: seat_out(*seat),
            }),
            Event::GameEnded => E::GameEnded(pe::GameEnded {}),
        };
        pb::OriginEvent { event: Some(event) }
    }
}

// ------------------------------------------------------------------------ views

impl From<TokenView> for pb::OriginToken {
    fn from(token: TokenView) -> Self {
        pb::OriginToken {
            value: token.value.map(u32::from),
        }
    }
}

impl From<&TerritoryView> for pb::OriginTerritory {
    fn from(view: &TerritoryView) -> Self {
        pb::OriginTerritory {
            id: view.id.code().into(),
            name: view.name.into(),
            continent: view.continent.name().into(),
            color: enum_out::<_, OriginTerritoryColor>(view.color),
            pawn: view.pawn.map(Into::into),
            owner: view.owner.map(seat_out),
            hunting_token: view.hunting_token.map(Into::into),
            adjacent: codes(&view.adjacent, TerritoryId::code),
        }
    }
}

impl From<&StraitView> for pb::OriginStrait {
    fn from(view: &StraitView) -> Self {
        pb::OriginStrait {
            id: view.id.code().into(),
            ends: codes(&view.ends, TerritoryId::code),
            token: view.token.map(Into::into),
        }
    }
}

/// Slot and stack levels: 0 for an empty slot or a face-down tile.
fn levels_out(levels: &[Option<u8>]) -> Vec<u32> {
    levels.iter().map(|l| l.map_or(0, u32::from)).collect()
}

impl From<&PlayerView> for pb::OriginPlayer {
    fn from(view: &PlayerView) -> Self {
        pb::OriginPlayer {
            seat: seat_out(view.seat),
            villages_left: view.villages_left.into(),
            hand: view
                .hand
                .iter()
                .map(|&(color, card)| pb::OriginHandCard {
                    color: enum_out::<_, OriginCardColor>(color),
                    card: card_out(card),
                })
                .collect(),
            played_objectives: codes(&view.played_objectives, CardId::code),
            permanents: codes(&view.permanents, CardId::code),
            tile_stacks: view
                .tile_stacks
                .iter()
                .map(|stack| pb::OriginTileStack {
                    levels: levels_out(stack),
                })
                .collect(),
            hunting_tokens: view.hunting_tokens.iter().map(|&t| t.into()).collect(),
            strait_tokens: view
                .strait_tokens
                .iter()
                .map(|&(strait, token)| pb::OriginStraitToken {
                    strait: strait.code().into(),
                    token: Some(token.into()),
                })
                .collect(),
            public_score: view.public_score,
        }
    }
}

impl From<&Pending> for pb::OriginPending {
    fn from(pending: &Pending) -> Self {
        use pb::origin_pending::Pending as P;
        let pending = match *pending {
            Pending::ObjectiveDraft => P::ObjectiveDraft(true),
            Pending::Main => P::Main(true),
            Pending::Reward { color } => P::Reward(enum_out::<_, OriginTerritoryColor>(color)),
            Pending::ReturnCards { color, count } => {
                P::ReturnCards(pb::origin_pending::ReturnCards {
                    color: enum_out::<_, OriginCardColor>(color),
                    count: count.into(),
                })
            }
            Pending::HandLimit { count } => P::HandLimit(count.into()),
            Pending::CardEffect { card } => P::CardEffect(card.code().into()),
            Pending::AfterMain => P::AfterMain(true),
            Pending::GameOver => P::GameOver(true),
        };
        pb::OriginPending {
            pending: Some(pending),
        }
    }
}

impl From<&View> for pb::OriginView {
    fn from(view: &View) -> Self {
        pb::OriginView {
            options: Some((&view.options).into()),
            viewer_seat: match view.viewer {
                Viewer::Seat(seat) => Some(seat_out(seat)),
                Viewer::Spectator => None,
            },
            current: view.current.map(seat_out),
            pending: Some((&view.pending).into()),
            territories: view.territories.iter().map(Into::into).collect(),
            straits: view.straits.iter().map(Into::into).collect(),
            reserve: view
                .reserve
                .iter()
                .map(|&(pawn, count)| pb::OriginReserveEntry {
                    pawn: Some(pawn.into()),
                    count: count.into(),
                })
                .collect(),
            columns: view
                .columns
                .iter()
                .map(|c| pb::OriginColumn {
                    column: enum_out::<_, OriginTileColumn>(c.column),
                    slots: levels_out(&c.slots),
                })
                .collect(),
            hidden_tiles: view.hidden_tiles,
            piles: view
                .piles
                .iter()
                .map(|p| pb::OriginPile {
                    color: enum_out::<_, OriginCardColor>(p.color),
                    remaining: p.remaining,
                })
                .collect(),
            players: view.players.iter().map(Into::into).collect(),
            final_round: view
                .final_round
                .iter()
                .flatten()
                .map(|&s| seat_out(s))
                .collect(),
            final_round_started: view.final_round.is_some(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    #[test]
    fn views_keep_the_map_data_clients_read() {
        let state = Origin::setup(&Options::default(), 1).unwrap();
        let view = pb::OriginView::from(&Origin::view(&state, Viewer::Spectator));
        let eu1 = view.territories.iter().find(|t| t.id == "EU1").unwrap();
        assert!(eu1.adjacent.contains(&"AF2".to_string()), "strait partner");
        assert_eq!(eu1.continent, "Eurasia");
        assert!(!eu1.name.is_empty());
        let s1 = view.straits.iter().find(|s| s.id == "S1").unwrap();
        assert_eq!(s1.ends.len(), 2);
        let ends: Vec<&pb::OriginTerritory> = s1
            .ends
            .iter()
            .map(|code| view.territories.iter().find(|t| &t.id == code).unwrap())
            .collect();
        assert!(ends[0].adjacent.contains(&ends[1].id));
    }

    fn refused(action: pa::Action) -> FieldViolation {
        let message = pb::OriginAction {
            action: Some(action),
        };
        Action::try_from(&message).unwrap_err()
    }

    #[test]
    fn malformed_requests_name_the_field() {
        let empty = Action::try_from(&pb::OriginAction { action: None }).unwrap_err();
        assert_eq!(empty.field, "action");

        let unknown = refused(pa::Action::Migrate(pa::Migrate {
            from: "XX9".into(),
            to: "AF2".into(),
        }));
        assert_eq!(unknown.field, "migrate.from");
        assert!(unknown.description.contains("XX9"));
        let card = refused(pa::Action::PlayCard(pa::PlayCard { card: "Z99".into() }));
        assert_eq!(card.field, "play_card.card");
        let strait = refused(pa::Action::ChooseStraitToken(pa::ChooseStraitToken {
            seat: 1,
            strait: "S99".into(),
        }));
        assert_eq!(strait.field, "choose_strait_token.strait");

        let no_pawn = refused(pa::Action::Evolve(pa::Evolve {
            target: "AF2".into(),
            reference: "AF1".into(),
            pawn: None,
        }));
        assert_eq!(no_pawn.field, "evolve.pawn");
        let unspecified = refused(pa::Action::ChoosePawn(pa::ChoosePawn {
            pawn: Some(pb::OriginPawn {
                size: 1,
                strength: 1,
                color: 0,
            }),
        }));
        assert_eq!(unspecified.field, "choose_pawn.pawn.color");
        assert_eq!(
            unspecified.description,
            "white, brown or black is required."
        );
        let too_tall = refused(pa::Action::ChoosePawn(pa::ChoosePawn {
            pawn: Some(pb::OriginPawn {
                size: 4,
                strength: 1,
                color: OriginPawnColor::Black as i32,
            }),
        }));
        assert_eq!(too_tall.field, "choose_pawn.pawn.size");
        let option = refused(pa::Action::ChooseReward(pa::ChooseReward { option: 0 }));
        assert_eq!(option.field, "choose_reward.option");
        let slot = refused(pa::Action::TakeTile(pa::TakeTile {
            slot: Some(pb::OriginTileSlot {
                column: 0,
                index: 1,
            }),
        }));
        assert_eq!(slot.field, "take_tile.slot.column");
        let seat = refused(pa::Action::ChooseOpponent(pa::ChooseOpponent { seat: 300 }));
        assert_eq!(seat.field, "choose_opponent.seat");
    }

    #[test]
    fn options_leave_player_counts_to_setup() {
        let options = |players, rules, first_player| pb::OriginOptions {
            players,
            rules,
            first_player,
        };
        let unset = Options::try_from(&options(3, 0, None)).unwrap();
        assert_eq!(unset.rules, RuleSet::Standard);
        let five = Options::try_from(&options(5, 2, Some(4))).unwrap();
        assert!(Origin::setup(&five, 0).is_err(), "setup refuses 5 players");
        let bad_rules = Options::try_from(&options(2, 9, None)).unwrap_err();
        assert_eq!(bad_rules.field, "rules");
        let bad_seat = Options::try_from(&options(2, 1, Some(256))).unwrap_err();
        assert_eq!(bad_seat.field, "first_player");
    }
}
