//! Origin's proto messages <-> engine types. Ids travel as the codes of the rules page
//! ("AF2", "S4", "A01"); an unknown code or a missing field is INVALID_ARGUMENT with a
//! sentence naming the field.

use crate::api::errors::invalid;
use agora_engine::origin::data::{tables, Continent};
use agora_engine::origin::{
    Action, CardColor, CardId, ColumnView, EndTrigger, Event, OriginOptions, OriginView, PawnColor,
    PawnType, Pending, PlayerView, RewardOption, RuleSet, StraitId, StraitView, TerritoryColor,
    TerritoryId, TerritoryView, TileColumn, TileId, TileSlot, TileSource, TokenView,
};
use agora_engine::{Seat, Viewer};
use agora_proto::v1 as pb;
use pb::origin_action as pa;
use pb::origin_event as pe;
use tonic::Status;

// ------------------------------------------------------------------------ ids and codes

fn territory_code(id: TerritoryId) -> String {
    tables()
        .territories
        .get(id.0 as usize)
        .map(|t| t.code.clone())
        .unwrap_or_default()
}

fn territory_id(field: &str, code: &str) -> Result<TerritoryId, Status> {
    tables()
        .territory_by_code(code)
        .map(TerritoryId)
        .ok_or_else(|| {
            invalid(format!(
                "{field}: {code:?} is not a territory code (like \"AF2\")."
            ))
        })
}

fn strait_code(id: StraitId) -> String {
    tables()
        .straits
        .get(id.0 as usize)
        .map(|s| s.code.clone())
        .unwrap_or_default()
}

fn strait_id(field: &str, code: &str) -> Result<StraitId, Status> {
    tables()
        .straits
        .iter()
        .position(|s| s.code == code)
        .map(|i| StraitId(i as u8))
        .ok_or_else(|| {
            invalid(format!(
                "{field}: {code:?} is not a strait code (like \"S4\")."
            ))
        })
}

fn card_code(id: CardId) -> String {
    tables()
        .card(id)
        .map(|c| c.code.clone())
        .unwrap_or_default()
}

fn card_code_opt(id: Option<CardId>) -> String {
    id.map(card_code).unwrap_or_default()
}

fn card_id(field: &str, code: &str) -> Result<CardId, Status> {
    tables().card_by_code(code).ok_or_else(|| {
        invalid(format!(
            "{field}: {code:?} is not a card code (like \"A01\")."
        ))
    })
}

fn seat_in(field: &str, seat: u32) -> Result<Seat, Status> {
    u8::try_from(seat)
        .map(Seat)
        .map_err(|_| invalid(format!("{field}: {seat} is not a seat number.")))
}

fn seat_out(seat: Seat) -> u32 {
    u32::from(seat.0)
}

fn small(field: &str, value: u32) -> Result<u8, Status> {
    u8::try_from(value).map_err(|_| invalid(format!("{field}: {value} is out of range.")))
}

fn continent_name(continent: Continent) -> &'static str {
    match continent {
        Continent::Africa => "Africa",
        Continent::Eurasia => "Eurasia",
        Continent::NorthAmerica => "North America",
        Continent::SouthAmerica => "South America",
        Continent::Oceania => "Oceania",
        Continent::Antarctica => "Antarctica",
    }
}

// ------------------------------------------------------------------------ enums

fn rule_set_in(value: i32) -> Result<RuleSet, Status> {
    match pb::OriginRuleSet::try_from(value) {
        Ok(pb::OriginRuleSet::Unspecified | pb::OriginRuleSet::Standard) => Ok(RuleSet::Standard),
        Ok(pb::OriginRuleSet::Junior) => Ok(RuleSet::Junior),
        Err(_) => Err(invalid(format!(
            "options.rules: {value} is not a rule set."
        ))),
    }
}

fn rule_set_out(rules: RuleSet) -> pb::OriginRuleSet {
    match rules {
        RuleSet::Standard => pb::OriginRuleSet::Standard,
        RuleSet::Junior => pb::OriginRuleSet::Junior,
    }
}

fn pawn_in(field: &str, pawn: Option<&pb::OriginPawn>) -> Result<PawnType, Status> {
    let pawn = pawn.ok_or_else(|| invalid(format!("{field}: a pawn is required.")))?;
    let color = match pb::OriginPawnColor::try_from(pawn.color) {
        Ok(pb::OriginPawnColor::White) => PawnColor::White,
        Ok(pb::OriginPawnColor::Brown) => PawnColor::Brown,
        Ok(pb::OriginPawnColor::Black) => PawnColor::Black,
        _ => {
            return Err(invalid(format!(
                "{field}.color: white, brown or black is required."
            )))
        }
    };
    let range = |name: &str, v: u32| {
        if (1..=3).contains(&v) {
            Ok(v as u8)
        } else {
            Err(invalid(format!(
                "{field}.{name}: {v} is not between 1 and 3."
            )))
        }
    };
    Ok(PawnType {
        size: range("size", pawn.size)?,
        strength: range("strength", pawn.strength)?,
        color,
    })
}

fn pawn_out(pawn: PawnType) -> pb::OriginPawn {
    let color = match pawn.color {
        PawnColor::White => pb::OriginPawnColor::White,
        PawnColor::Brown => pb::OriginPawnColor::Brown,
        PawnColor::Black => pb::OriginPawnColor::Black,
    };
    pb::OriginPawn {
        size: pawn.size.into(),
        strength: pawn.strength.into(),
        color: color as i32,
    }
}

fn territory_color_out(color: TerritoryColor) -> i32 {
    (match color {
        TerritoryColor::Yellow => pb::OriginTerritoryColor::Yellow,
        TerritoryColor::Orange => pb::OriginTerritoryColor::Orange,
        TerritoryColor::Purple => pb::OriginTerritoryColor::Purple,
        TerritoryColor::Brown => pb::OriginTerritoryColor::Brown,
        TerritoryColor::Green => pb::OriginTerritoryColor::Green,
        TerritoryColor::None => pb::OriginTerritoryColor::None,
    }) as i32
}

fn card_color_out(color: CardColor) -> i32 {
    (match color {
        CardColor::Yellow => pb::OriginCardColor::Yellow,
        CardColor::Orange => pb::OriginCardColor::Orange,
        CardColor::Purple => pb::OriginCardColor::Purple,
    }) as i32
}

fn column_out(column: TileColumn) -> i32 {
    (match column {
        TileColumn::Yellow => pb::OriginTileColumn::Yellow,
        TileColumn::Orange => pb::OriginTileColumn::Orange,
        TileColumn::Purple => pb::OriginTileColumn::Purple,
        TileColumn::Brown => pb::OriginTileColumn::Brown,
    }) as i32
}

fn slot_in(field: &str, slot: Option<&pb::OriginTileSlot>) -> Result<TileSlot, Status> {
    let slot = slot.ok_or_else(|| invalid(format!("{field}: a tile slot is required.")))?;
    let column = match pb::OriginTileColumn::try_from(slot.column) {
        Ok(pb::OriginTileColumn::Yellow) => TileColumn::Yellow,
        Ok(pb::OriginTileColumn::Orange) => TileColumn::Orange,
        Ok(pb::OriginTileColumn::Purple) => TileColumn::Purple,
        Ok(pb::OriginTileColumn::Brown) => TileColumn::Brown,
        _ => {
            return Err(invalid(format!(
                "{field}.column: a tile column is required."
            )))
        }
    };
    Ok(TileSlot {
        column,
        index: small(&format!("{field}.index"), slot.index)?,
    })
}

fn slot_out(slot: TileSlot) -> pb::OriginTileSlot {
    pb::OriginTileSlot {
        column: column_out(slot.column),
        index: slot.index.into(),
    }
}

fn reward_in(value: i32) -> Result<RewardOption, Status> {
    match pb::OriginRewardOption::try_from(value) {
        Ok(pb::OriginRewardOption::A) => Ok(RewardOption::A),
        Ok(pb::OriginRewardOption::B) => Ok(RewardOption::B),
        _ => Err(invalid("choose_reward.option: A or B is required.")),
    }
}

fn reward_out(option: RewardOption) -> i32 {
    (match option {
        RewardOption::A => pb::OriginRewardOption::A,
        RewardOption::B => pb::OriginRewardOption::B,
    }) as i32
}

fn end_trigger_out(trigger: EndTrigger) -> i32 {
    use pb::OriginEndTrigger as T;
    (match trigger {
        EndTrigger::PileEmpty(CardColor::Yellow) => T::ActionPileEmpty,
        EndTrigger::PileEmpty(CardColor::Orange) => T::PermanentPileEmpty,
        EndTrigger::PileEmpty(CardColor::Purple) => T::ObjectivePileEmpty,
        EndTrigger::NoTilesOnBoard => T::NoTilesOnBoard,
        EndTrigger::ReserveEmpty => T::ReserveEmpty,
        EndTrigger::AllVillagesPlaced => T::AllVillagesPlaced,
        EndTrigger::Stalemate => T::Stalemate,
    }) as i32
}

// ------------------------------------------------------------------------ options

pub fn options_in(options: &pb::OriginOptions) -> Result<OriginOptions, Status> {
    let players = u8::try_from(options.players)
        .ok()
        .filter(|p| (2..=4).contains(p))
        .ok_or_else(|| {
            invalid(format!(
                "options.players: Origin is played by 2, 3 or 4 players, not {}.",
                options.players
            ))
        })?;
    let first_player = options
        .first_player
        .map(|seat| {
            u8::try_from(seat)
                .ok()
                .filter(|s| *s < players)
                .ok_or_else(|| {
                    invalid(format!(
                        "options.first_player: seat {seat} does not exist with {players} players."
                    ))
                })
        })
        .transpose()?;
    Ok(OriginOptions {
        players,
        rules: rule_set_in(options.rules)?,
        first_player,
    })
}

pub fn options_out(options: &OriginOptions) -> pb::OriginOptions {
    pb::OriginOptions {
        players: options.players.into(),
        rules: rule_set_out(options.rules) as i32,
        first_player: options.first_player.map(u32::from),
    }
}

// ------------------------------------------------------------------------ actions

pub fn action_in(action: &pb::OriginAction) -> Result<Action, Status> {
    use pa::Action as A;
    let Some(action) = &action.action else {
        return Err(invalid("action.origin: one of its actions must be set."));
    };
    Ok(match action {
        A::KeepObjective(a) => Action::KeepObjective {
            card: card_id("keep_objective.card", &a.card)?,
        },
        A::Evolve(a) => Action::Evolve {
            target: territory_id("evolve.target", &a.target)?,
            reference: territory_id("evolve.reference", &a.reference)?,
            pawn: pawn_in("evolve.pawn", a.pawn.as_ref())?,
        },
        A::Migrate(a) => Action::Migrate {
            from: territory_id("migrate.from", &a.from)?,
            to: territory_id("migrate.to", &a.to)?,
        },
        A::Exchange(a) => Action::Exchange {
            from: territory_id("exchange.from", &a.from)?,
            to: territory_id("exchange.to", &a.to)?,
        },
        A::PassMain(_) => Action::PassMain,
        A::ChooseReward(a) => Action::ChooseReward {
            option: reward_in(a.option)?,
        },
        A::TakeTile(a) => Action::TakeTile {
            slot: slot_in("take_tile.slot", a.slot.as_ref())?,
        },
        A::SkipTile(_) => Action::SkipTile,
        A::ReturnCard(a) => Action::ReturnCard {
            card: card_id("return_card.card", &a.card)?,
        },
        A::DiscardObjective(a) => Action::DiscardObjective {
            card: card_id("discard_objective.card", &a.card)?,
        },
        A::PlayCard(a) => Action::PlayCard {
            card: card_id("play_card.card", &a.card)?,
        },
        A::ChooseOpponent(a) => Action::ChooseOpponent {
            seat: seat_in("choose_opponent.seat", a.seat)?,
        },
        A::ChooseTerritory(a) => Action::ChooseTerritory {
            territory: territory_id("choose_territory.territory", &a.territory)?,
        },
        A::ChoosePawn(a) => Action::ChoosePawn {
            pawn: pawn_in("choose_pawn.pawn", a.pawn.as_ref())?,
        },
        A::ChooseStraitToken(a) => Action::ChooseStraitToken {
            seat: seat_in("choose_strait_token.seat", a.seat)?,
            strait: strait_id("choose_strait_token.strait", &a.strait)?,
        },
        A::ChooseOpponentTile(a) => Action::ChooseOpponentTile {
            seat: seat_in("choose_opponent_tile.seat", a.seat)?,
            tile: TileId(small("choose_opponent_tile.tile", a.tile)?),
        },
        A::EndTurn(_) => Action::EndTurn,
    })
}

pub fn action_out(action: &Action) -> pb::OriginAction {
    use pa::Action as A;
    let action = match action {
        Action::KeepObjective { card } => A::KeepObjective(pa::KeepObjective {
            card: card_code(*card),
        }),
        Action::Evolve {
            target,
            reference,
            pawn,
        } => A::Evolve(pa::Evolve {
            target: territory_code(*target),
            reference: territory_code(*reference),
            pawn: Some(pawn_out(*pawn)),
        }),
        Action::Migrate { from, to } => A::Migrate(pa::Migrate {
            from: territory_code(*from),
            to: territory_code(*to),
        }),
        Action::Exchange { from, to } => A::Exchange(pa::Exchange {
            from: territory_code(*from),
            to: territory_code(*to),
        }),
        Action::PassMain => A::PassMain(pa::PassMain {}),
        Action::ChooseReward { option } => A::ChooseReward(pa::ChooseReward {
            option: reward_out(*option),
        }),
        Action::TakeTile { slot } => A::TakeTile(pa::TakeTile {
            slot: Some(slot_out(*slot)),
        }),
        Action::SkipTile => A::SkipTile(pa::SkipTile {}),
        Action::ReturnCard { card } => A::ReturnCard(pa::ReturnCard {
            card: card_code(*card),
        }),
        Action::DiscardObjective { card } => A::DiscardObjective(pa::DiscardObjective {
            card: card_code(*card),
        }),
        Action::PlayCard { card } => A::PlayCard(pa::PlayCard {
            card: card_code(*card),
        }),
        Action::ChooseOpponent { seat } => A::ChooseOpponent(pa::ChooseOpponent {
            seat: seat_out(*seat),
        }),
        Action::ChooseTerritory { territory } => A::ChooseTerritory(pa::ChooseTerritory {
            territory: territory_code(*territory),
        }),
        Action::ChoosePawn { pawn } => A::ChoosePawn(pa::ChoosePawn {
            pawn: Some(pawn_out(*pawn)),
        }),
        Action::ChooseStraitToken { seat, strait } => A::ChooseStraitToken(pa::ChooseStraitToken {
            seat: seat_out(*seat),
            strait: strait_code(*strait),
        }),
        Action::ChooseOpponentTile { seat, tile } => {
            A::ChooseOpponentTile(pa::ChooseOpponentTile {
                seat: seat_out(*seat),
                tile: tile.0.into(),
            })
        }
        Action::EndTurn => A::EndTurn(pa::EndTurn {}),
    };
    pb::OriginAction {
        action: Some(action),
    }
}

// ------------------------------------------------------------------------ events

fn cards_out(cards: &[Option<CardId>]) -> Vec<String> {
    cards.iter().map(|c| card_code_opt(*c)).collect()
}

pub fn event_out(event: &Event) -> pb::OriginEvent {
    use pe::Event as E;
    let event = match event {
        Event::ObjectivesDealt { seat, cards } => E::ObjectivesDealt(pe::ObjectivesDealt {
            seat: seat_out(*seat),
            cards: cards_out(cards),
        }),
        Event::ObjectiveKept { seat, card } => E::ObjectiveKept(pe::ObjectiveKept {
            seat: seat_out(*seat),
            card: card_code_opt(*card),
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
            target: territory_code(*target),
            reference: territory_code(*reference),
            pawn: Some(pawn_out(*pawn)),
        }),
        Event::Migrated { seat, from, to } => E::Migrated(pe::Migrated {
            seat: seat_out(*seat),
            from: territory_code(*from),
            to: territory_code(*to),
        }),
        Event::Exchanged {
            seat,
            from,
            to,
            displaced,
        } => E::Exchanged(pe::Exchanged {
            seat: seat_out(*seat),
            from: territory_code(*from),
            to: territory_code(*to),
            displaced: seat_out(*displaced),
        }),
        Event::PassedMain { seat } => E::PassedMain(pe::PassedMain {
            seat: seat_out(*seat),
        }),
        Event::RewardChosen { seat, option } => E::RewardChosen(pe::RewardChosen {
            seat: seat_out(*seat),
            option: reward_out(*option),
        }),
        Event::TileTaken {
            seat,
            source,
            tile,
            level,
        } => E::TileTaken(pe::TileTaken {
            seat: seat_out(*seat),
            source: Some(pb::OriginTileSource {
                source: Some(match source {
                    TileSource::Slot(slot) => pb::origin_tile_source::Source::Slot(slot_out(*slot)),
                    TileSource::Pile => pb::origin_tile_source::Source::Pile(true),
                    TileSource::Opponent(seat) => {
                        pb::origin_tile_source::Source::Opponent(seat_out(*seat))
                    }
                }),
            }),
            tile: tile.map(|t| t.0.into()),
            level: level.map(u32::from),
        }),
        Event::TileRefilled { slot, level } => E::TileRefilled(pe::TileRefilled {
            slot: Some(slot_out(*slot)),
            level: (*level).into(),
        }),
        Event::CardsDrawn { seat, color, cards } => E::CardsDrawn(pe::CardsDrawn {
            seat: seat_out(*seat),
            color: card_color_out(*color),
            cards: cards_out(cards),
        }),
        Event::CardsReturned { seat, color, cards } => E::CardsReturned(pe::CardsReturned {
            seat: seat_out(*seat),
            color: card_color_out(*color),
            cards: cards_out(cards),
        }),
        Event::HuntingTokenTaken {
            seat,
            territory,
            value,
        } => E::HuntingTokenTaken(pe::HuntingTokenTaken {
            seat: seat_out(*seat),
            territory: territory_code(*territory),
            value: value.map(u32::from),
        }),
        Event::StraitTokenTaken {
            seat,
            strait,
            value,
        } => E::StraitTokenTaken(pe::StraitTokenTaken {
            seat: seat_out(*seat),
            strait: strait_code(*strait),
            value: value.map(u32::from),
        }),
        Event::CardPlayed { seat, card } => E::CardPlayed(pe::CardPlayed {
            seat: seat_out(*seat),
            card: card_code(*card),
        }),
        Event::CardStolen { from, to, card } => E::CardStolen(pe::CardStolen {
            from: seat_out(*from),
            to: seat_out(*to),
            card: card_code_opt(*card),
        }),
        Event::StraitTokenStolen { from, to, strait } => {
            E::StraitTokenStolen(pe::StraitTokenStolen {
                from: seat_out(*from),
                to: seat_out(*to),
                strait: strait_code(*strait),
            })
        }
        Event::PawnReplaced {
            seat,
            territory,
            old,
            new,
        } => E::PawnReplaced(pe::PawnReplaced {
            seat: seat_out(*seat),
            territory: territory_code(*territory),
            old: Some(pawn_out(*old)),
            new: Some(pawn_out(*new)),
        }),
        Event::PawnMoved { owner, from, to } => E::PawnMoved(pe::PawnMoved {
            owner: seat_out(*owner),
            from: territory_code(*from),
            to: territory_code(*to),
        }),
        Event::EndTriggered { seat, reason } => E::EndTriggered(pe::EndTriggered {
            seat: seat_out(*seat),
            reason: end_trigger_out(*reason),
        }),
        Event::TurnEnded { seat } => E::TurnEnded(pe::TurnEnded {
            seat: seat_out(*seat),
        }),
        Event::GameEnded => E::GameEnded(pe::GameEnded {}),
    };
    pb::OriginEvent { event: Some(event) }
}

// ------------------------------------------------------------------------ views

fn token_out(token: TokenView) -> pb::OriginToken {
    pb::OriginToken {
        value: token.value.map(u32::from),
    }
}

/// Land neighbours and strait partners of `id`, as codes.
fn adjacent_codes(id: TerritoryId) -> Vec<String> {
    let t = tables();
    let mut codes: Vec<String> = t
        .territories
        .get(id.0 as usize)
        .map(|row| {
            row.land
                .iter()
                .map(|n| territory_code(TerritoryId(*n)))
                .collect()
        })
        .unwrap_or_default();
    for strait in &t.straits {
        if let Some(i) = strait.ends.iter().position(|e| *e == id.0) {
            codes.push(territory_code(TerritoryId(strait.ends[1 - i])));
        }
    }
    codes
}

fn territory_out(view: &TerritoryView) -> pb::OriginTerritory {
    let row = tables().territories.get(view.id.0 as usize);
    pb::OriginTerritory {
        id: territory_code(view.id),
        name: row.map(|r| r.name.clone()).unwrap_or_default(),
        continent: row
            .map(|r| continent_name(r.continent).to_string())
            .unwrap_or_default(),
        color: row
            .map(|r| territory_color_out(r.color))
            .unwrap_or_default(),
        pawn: view.pawn.map(pawn_out),
        owner: view.owner.map(seat_out),
        hunting_token: view.hunting_token.map(token_out),
        adjacent: adjacent_codes(view.id),
    }
}

fn strait_out(view: &StraitView) -> pb::OriginStrait {
    let ends = tables()
        .straits
        .get(view.id.0 as usize)
        .map(|s| {
            s.ends
                .iter()
                .map(|e| territory_code(TerritoryId(*e)))
                .collect()
        })
        .unwrap_or_default();
    pb::OriginStrait {
        id: strait_code(view.id),
        ends,
        token: view.token.map(token_out),
    }
}

fn column_view_out(view: &ColumnView) -> pb::OriginColumn {
    pb::OriginColumn {
        column: column_out(view.column),
        slots: view.slots.iter().map(|l| l.map_or(0, u32::from)).collect(),
    }
}

fn player_out(view: &PlayerView) -> pb::OriginPlayer {
    pb::OriginPlayer {
        seat: seat_out(view.seat),
        villages_left: view.villages_left.into(),
        hand: view
            .hand
            .iter()
            .map(|(color, card)| pb::OriginHandCard {
                color: card_color_out(*color),
                card: card_code_opt(*card),
            })
            .collect(),
        played_objectives: view
            .played_objectives
            .iter()
            .map(|c| card_code(*c))
            .collect(),
        permanents: view.permanents.iter().map(|c| card_code(*c)).collect(),
        tile_stacks: view
            .tile_stacks
            .iter()
            .map(|stack| pb::OriginTileStack {
                levels: stack.iter().map(|l| l.map_or(0, u32::from)).collect(),
            })
            .collect(),
        hunting_tokens: view.hunting_tokens.iter().map(|t| token_out(*t)).collect(),
        strait_tokens: view
            .strait_tokens
            .iter()
            .map(|(strait, token)| pb::OriginStraitToken {
                strait: strait_code(*strait),
                token: Some(token_out(*token)),
            })
            .collect(),
        public_score: view.public_score,
    }
}

fn pending_out(pending: &Pending) -> pb::OriginPending {
    use pb::origin_pending::Pending as P;
    let pending = match pending {
        Pending::ObjectiveDraft => P::ObjectiveDraft(true),
        Pending::Main => P::Main(true),
        Pending::Reward { color } => P::Reward(territory_color_out(*color)),
        Pending::ReturnCards { color, count } => P::ReturnCards(pb::origin_pending::ReturnCards {
            color: card_color_out(*color),
            count: (*count).into(),
        }),
        Pending::HandLimit { count } => P::HandLimit((*count).into()),
        Pending::CardEffect { card } => P::CardEffect(card_code(*card)),
        Pending::AfterMain => P::AfterMain(true),
        Pending::GameOver => P::GameOver(true),
    };
    pb::OriginPending {
        pending: Some(pending),
    }
}

pub fn view_out(view: &OriginView) -> pb::OriginView {
    pb::OriginView {
        options: Some(options_out(&view.options)),
        viewer_seat: match view.viewer {
            Viewer::Seat(seat) => Some(seat_out(seat)),
            Viewer::Spectator => None,
        },
        current: view.current.map(seat_out),
        pending: Some(pending_out(&view.pending)),
        territories: view.territories.iter().map(territory_out).collect(),
        straits: view.straits.iter().map(strait_out).collect(),
        reserve: view
            .reserve
            .iter()
            .map(|(pawn, count)| pb::OriginReserveEntry {
                pawn: Some(pawn_out(*pawn)),
                count: (*count).into(),
            })
            .collect(),
        columns: view.columns.iter().map(column_view_out).collect(),
        hidden_tiles: view.hidden_tiles,
        piles: view
            .piles
            .iter()
            .map(|p| pb::OriginPile {
                color: card_color_out(p.color),
                remaining: p.remaining,
            })
            .collect(),
        players: view.players.iter().map(player_out).collect(),
        final_round: view
            .final_round
            .iter()
            .flatten()
            .map(|s| seat_out(*s))
            .collect(),
        final_round_started: view.final_round.is_some(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_code_round_trips() {
        let t = tables();
        for (i, row) in t.territories.iter().enumerate() {
            let id = territory_id("t", &row.code).unwrap();
            assert_eq!(id, TerritoryId(i as u8));
            assert_eq!(territory_code(id), row.code);
        }
        for (i, row) in t.straits.iter().enumerate() {
            assert_eq!(strait_id("s", &row.code).unwrap(), StraitId(i as u8));
        }
        for (i, row) in t.cards.iter().enumerate() {
            assert_eq!(card_id("c", &row.code).unwrap(), CardId(i as u8));
            assert_eq!(card_code(CardId(i as u8)), row.code);
        }
    }

    #[test]
    fn unknown_codes_are_invalid_arguments() {
        let action = pb::OriginAction {
            action: Some(pa::Action::Migrate(pa::Migrate {
                from: "XX9".into(),
                to: "AF2".into(),
            })),
        };
        let status = action_in(&action).unwrap_err();
        assert_eq!(status.code(), tonic::Code::InvalidArgument);
        assert!(status.message().contains("XX9"));
        let empty = pb::OriginAction { action: None };
        assert_eq!(
            action_in(&empty).unwrap_err().code(),
            tonic::Code::InvalidArgument
        );
    }

    #[test]
    fn straits_count_as_adjacency_in_views() {
        let t = tables();
        let strait = &t.straits[0];
        let a = TerritoryId(strait.ends[0]);
        let b_code = territory_code(TerritoryId(strait.ends[1]));
        assert!(adjacent_codes(a).contains(&b_code));
    }
}
