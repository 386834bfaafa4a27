//! Terra Nova's proto messages <-> engine types. Ids travel as the codes of the rules page,
//! spelled by the types themselves (`Hex::code`, `BonusTile::code` ...); an unknown code, an
//! unspecified enum or a missing oneof is a [`FieldViolation`] naming the field, relative
//! to the message converted (`choose_hex.hex`).

use super::{
    Action, BoardSide, BonusTile, BridgeSpot, BridgeView, Building, Event, Faction, FactionSetup,
    Hex, HexView, NeutralVariant, Options, Owner, PalaceSide, Pending, PlayerView, PowerAction,
    Reason, Special, TerraNova, Terrain, TownTile, Transform, View,
};
use crate::core::wire::{enum_in, narrow, FieldViolation, Required, WireEnum, WireGame};
use crate::wire_enum;
use crate::Seat;
use agora_proto::v1 as pb;
use pb::terra_nova_action as pa;
use pb::terra_nova_event as pe;
use pb::terra_nova_pending as pp;
use pb::{
    TerraNovaBoardSide, TerraNovaBuilding, TerraNovaFaction, TerraNovaNeutralVariant,
    TerraNovaPalaceSide, TerraNovaReason, TerraNovaSpecial, TerraNovaTerrain, TerraNovaTransform,
};

impl WireGame for TerraNova {
    type PbOptions = pb::TerraNovaOptions;
    type PbAction = pb::TerraNovaAction;
    type PbEvent = pb::TerraNovaEvent;
    type PbView = pb::TerraNovaView;

    /// A running game's view names its typed pending decision; a finished one says so.
    #[cfg(test)]
    fn check_view(state: &super::State, view: &pb::TerraNovaView) {
        use crate::Game;
        if TerraNova::to_act(state).is_empty() {
            assert!(view.game_over);
            #[allow(deprecated)]
            let pending = &view.pending;
            assert_eq!(pending, "game over");
        } else {
            let pending = view.pending_decision.as_ref();
            assert!(pending.is_some_and(|p| p.pending.is_some()));
        }
    }
}

wire_enum!(Terrain <=> TerraNovaTerrain { Lake, Forest, Wasteland, Desert, Swamp });
wire_enum!(Faction <=> TerraNovaFaction {
    Genies, SeaDogs, Golems, Efrits, Farfadets, Inventors, Fairies, Druids, DesertSisters,
    Felines,
});
wire_enum!(Building <=> TerraNovaBuilding { House, TradingPost, Palace });
wire_enum!(PalaceSide <=> TerraNovaPalaceSide { Left, Right });
wire_enum!(Special <=> TerraNovaSpecial {
    BonusSpade, GeniesLakeHouse, SeaDogsUpgrade, SistersTransform, FairiesSpade,
    InventorsTradingPost,
});
wire_enum!(BoardSide <=> TerraNovaBoardSide { Standard, TwoPlayer });
wire_enum!(NeutralVariant <=> TerraNovaNeutralVariant { None, Planner, Random });
wire_enum!(Reason <=> TerraNovaReason {
    Income, Exchange, Neighbour, FactionAbility, Palace, BonusTile, RoundTile, Navigation, Town,
    PowerAction, Spades, Wealth, Territory,
});
wire_enum!(Transform <=> TerraNovaTransform { Coins, OneSpade, TwoSpades, Sisters });

// ------------------------------------------------------------------------ codes

fn hex_in(field: &str, code: &str) -> Result<Hex, FieldViolation> {
    Hex::from_code(code).ok_or_else(|| {
        FieldViolation::new(
            field,
            format!(
                "{code:?} is not a hex of the board as the API writes it \
                 (row letter in upper case, then the column: \"E4\")."
            ),
        )
    })
}

fn bonus_in(field: &str, code: &str) -> Result<BonusTile, FieldViolation> {
    BonusTile::from_code(code).ok_or_else(|| {
        FieldViolation::new(
            field,
            format!(
                "{code:?} is not a bonus tile (\"A\" to \"{}\").",
                BonusTile::last()
            ),
        )
    })
}

fn town_tile_in(field: &str, code: &str) -> Result<TownTile, FieldViolation> {
    TownTile::from_code(code).ok_or_else(|| {
        FieldViolation::new(field, format!("{code:?} is not a town tile (like \"T1\")."))
    })
}

fn power_action_in(field: &str, code: &str) -> Result<PowerAction, FieldViolation> {
    PowerAction::from_code(code).ok_or_else(|| {
        FieldViolation::new(
            field,
            format!("{code:?} is not a board power action (like \"P1\")."),
        )
    })
}

fn bridge_in(field: &str, spot: u32) -> Result<BridgeSpot, FieldViolation> {
    BridgeSpot::from_number(spot)
        .ok_or_else(|| FieldViolation::new(field, format!("{spot} is not a bridge spot.")))
}

fn seat_out(seat: Seat) -> u32 {
    u32::from(seat.0)
}

fn hexes_out(hexes: &[Hex]) -> Vec<String> {
    hexes.iter().map(|h| h.code()).collect()
}

fn terrain_out(terrain: Option<Terrain>) -> i32 {
    terrain.map_or(TerraNovaTerrain::Unspecified as i32, Terrain::to_wire)
}

// ------------------------------------------------------------------------ options

impl TryFrom<&pb::TerraNovaOptions> for Options {
    type Error = FieldViolation;

    fn try_from(options: &pb::TerraNovaOptions) -> Result<Self, FieldViolation> {
        // Unspecified means "none" (the proto's documented zero value).
        let neutral_variant =
            if options.neutral_variant == TerraNovaNeutralVariant::Unspecified as i32 {
                NeutralVariant::None
            } else {
                enum_in("neutral_variant", options.neutral_variant)?
            };
        let board = if options.board == TerraNovaBoardSide::Unspecified as i32 {
            BoardSide::for_variant(neutral_variant)
        } else {
            enum_in("board", options.board)?
        };
        let factions = if options.factions.is_empty() {
            FactionSetup::Draft
        } else {
            FactionSetup::Fixed(
                options
                    .factions
                    .iter()
                    .enumerate()
                    .map(|(i, f)| enum_in(&format!("factions[{i}]"), *f))
                    .collect::<Result<_, _>>()?,
            )
        };
        Ok(Options {
            players: narrow("players", options.players)?,
            board,
            factions,
            turn_order_variant: options.turn_order_variant,
            neutral_variant,
            first_game_preset: options.first_game_preset,
        })
    }
}

impl From<&Options> for pb::TerraNovaOptions {
    fn from(options: &Options) -> Self {
        pb::TerraNovaOptions {
            players: options.players.into(),
            board: options.board.to_wire(),
            factions: match &options.factions {
                FactionSetup::Draft => Vec::new(),
                FactionSetup::Fixed(list) => list.iter().map(|f| f.to_wire()).collect(),
            },
            turn_order_variant: options.turn_order_variant,
            neutral_variant: options.neutral_variant.to_wire(),
            first_game_preset: options.first_game_preset,
        }
    }
}

// ------------------------------------------------------------------------ actions

impl TryFrom<&pb::TerraNovaAction> for Action {
    type Error = FieldViolation;

    fn try_from(action: &pb::TerraNovaAction) -> Result<Self, FieldViolation> {
        use pa::Action as A;
        Ok(match action.action.as_ref().required("action")? {
            A::ChooseFaction(a) => {
                Action::ChooseFaction(enum_in("choose_faction.faction", a.faction)?)
            }
            A::ChooseSheet(a) => Action::ChooseSheet(enum_in("choose_sheet.home", a.home)?),
            A::TakeBonus(a) => Action::TakeBonus(bonus_in("take_bonus.tile", &a.tile)?),
            A::ExchangePower(a) => Action::ExchangePower(narrow("exchange_power.power", a.power)?),
            A::ConvertPowerToVp(_) => Action::ConvertPowerToVp,
            A::Build(_) => Action::Build,
            A::Upgrade(_) => Action::Upgrade,
            A::AdvanceNavigation(_) => Action::AdvanceNavigation,
            A::BuildBridge(_) => Action::BuildBridge,
            A::UsePowerAction(a) => {
                Action::PowerAction(power_action_in("use_power_action.action", &a.action)?)
            }
            A::UseSpecial(a) => Action::Special(enum_in("use_special.special", a.special)?),
            A::Pass(_) => Action::Pass,
            A::ChooseHex(a) => Action::Hex(hex_in("choose_hex.hex", &a.hex)?),
            A::BuildHouse(a) => Action::BuildHouse(hex_in("build_house.hex", &a.hex)?),
            A::ChooseBridge(a) => Action::Bridge(bridge_in("choose_bridge.spot", a.spot)?),
            A::ChoosePalace(a) => Action::Palace(enum_in("choose_palace.side", a.side)?),
            A::Skip(_) => Action::Skip,
            A::ChooseTownTile(a) => {
                Action::TownTile(town_tile_in("choose_town_tile.tile", &a.tile)?)
            }
            A::RiverLink(a) => Action::RiverLink(hex_in("river_link.hex", &a.hex)?),
            A::EndTurn(_) => Action::EndTurn,
        })
    }
}

impl From<&Action> for pb::TerraNovaAction {
    fn from(action: &Action) -> Self {
        use pa::Action as A;
        let action = match action {
            Action::ChooseFaction(f) => A::ChooseFaction(pa::ChooseFaction {
                faction: f.to_wire(),
            }),
            Action::ChooseSheet(t) => A::ChooseSheet(pa::ChooseSheet { home: t.to_wire() }),
            Action::TakeBonus(t) => A::TakeBonus(pa::TakeBonus { tile: t.code() }),
            Action::ExchangePower(n) => A::ExchangePower(pa::ExchangePower { power: (*n).into() }),
            Action::ConvertPowerToVp => A::ConvertPowerToVp(pa::ConvertPowerToVp {}),
            Action::Build => A::Build(pa::Build {}),
            Action::Upgrade => A::Upgrade(pa::Upgrade {}),
            Action::AdvanceNavigation => A::AdvanceNavigation(pa::AdvanceNavigation {}),
            Action::BuildBridge => A::BuildBridge(pa::BuildBridge {}),
            Action::PowerAction(p) => A::UsePowerAction(pa::UsePowerAction { action: p.code() }),
            Action::Special(s) => A::UseSpecial(pa::UseSpecial {
                special: s.to_wire(),
            }),
            Action::Pass => A::Pass(pa::Pass {}),
            Action::Hex(h) => A::ChooseHex(pa::ChooseHex { hex: h.code() }),
            Action::BuildHouse(h) => A::BuildHouse(pa::BuildHouse { hex: h.code() }),
            Action::Bridge(s) => A::ChooseBridge(pa::ChooseBridge { spot: s.0.into() }),
            Action::Palace(p) => A::ChoosePalace(pa::ChoosePalace { side: p.to_wire() }),
            Action::Skip => A::Skip(pa::Skip {}),
            Action::TownTile(t) => A::ChooseTownTile(pa::ChooseTownTile { tile: t.code() }),
            Action::RiverLink(h) => A::RiverLink(pa::RiverLink { hex: h.code() }),
            Action::EndTurn => A::EndTurn(pa::EndTurn {}),
        };
        pb::TerraNovaAction {
            action: Some(action),
        }
    }
}

// ------------------------------------------------------------------------ events

impl From<&Event> for pb::TerraNovaEvent {
    fn from(event: &Event) -> Self {
        use pe::Event as E;
        let event = match event {
            Event::SheetChosen { seat, home } => E::SheetChosen(pe::SheetChosen {
                seat: seat_out(*seat),
                home: home.to_wire(),
            }),
            Event::FactionChosen { seat, faction } => E::FactionChosen(pe::FactionChosen {
                seat: seat_out(*seat),
                faction: faction.to_wire(),
            }),
            Event::NeutralHousePlaced { terrain, hex } => {
                E::NeutralHousePlaced(pe::NeutralHousePlaced {
                    terrain: terrain.to_wire(),
                    hex: hex.code(),
                })
            }
            Event::NeutralHouseDiscarded { terrain } => {
                E::NeutralHouseDiscarded(pe::NeutralHouseDiscarded {
                    terrain: terrain.to_wire(),
                })
            }
            Event::BonusTaken { seat, tile, coins } => E::BonusTaken(pe::BonusTaken {
                seat: seat_out(*seat),
                tile: tile.code(),
                coins: *coins,
            }),
            Event::RoundStarted { round, order } => E::RoundStarted(pe::RoundStarted {
                round: (*round).into(),
                order: order.iter().map(|s| seat_out(*s)).collect(),
            }),
            Event::Gained {
                seat,
                coins,
                power,
                vp,
                reason,
            } => E::Gained(pe::Gained {
                seat: seat_out(*seat),
                coins: *coins,
                power: (*power).into(),
                vp: *vp,
                reason: reason.to_wire(),
            }),
            Event::Paid { seat, coins, power } => E::Paid(pe::Paid {
                seat: seat_out(*seat),
                coins: *coins,
                power: (*power).into(),
            }),
            Event::Transformed {
                seat,
                hex,
                from,
                to,
                spades,
            } => E::Transformed(pe::Transformed {
                seat: seat_out(*seat),
                hex: hex.code(),
                from: from.to_wire(),
                to: to.to_wire(),
                spades: (*spades).into(),
            }),
            Event::Built {
                seat,
                hex,
                building,
            } => E::Built(pe::Built {
                seat: seat_out(*seat),
                hex: hex.code(),
                building: building.to_wire(),
            }),
            Event::NavigationAdvanced { seat, level } => {
                E::NavigationAdvanced(pe::NavigationAdvanced {
                    seat: seat_out(*seat),
                    level: (*level).into(),
                })
            }
            Event::BridgeBuilt { seat, spot } => E::BridgeBuilt(pe::BridgeBuilt {
                seat: seat_out(*seat),
                spot: spot.0.into(),
                hexes: spot
                    .hexes()
                    .map_or_else(Vec::new, |(a, b)| hexes_out(&[a, b])),
            }),
            Event::ActionChosen { seat, action } => E::ActionChosen(pe::ActionChosen {
                seat: seat_out(*seat),
                action: Some(action.into()),
            }),
            Event::TownFounded {
                seat,
                tile,
                hexes,
                river_link,
            } => E::TownFounded(pe::TownFounded {
                seat: seat_out(*seat),
                tile: tile.code(),
                hexes: hexes_out(hexes),
                river_link: river_link.map(Hex::code).unwrap_or_default(),
            }),
            Event::Passed { seat, first } => E::Passed(pe::Passed {
                seat: seat_out(*seat),
                first: *first,
            }),
            Event::RoundEnded { round } => E::RoundEnded(pe::RoundEnded {
                round: (*round).into(),
            }),
            Event::GameEnded => E::GameEnded(pe::GameEnded {}),
        };
        pb::TerraNovaEvent { event: Some(event) }
    }
}

// ------------------------------------------------------------------------ views

impl From<&Pending> for pb::TerraNovaPending {
    fn from(pending: &Pending) -> Self {
        use pp::Pending as P;
        let pending = match pending {
            Pending::ChooseFaction => P::ChooseFaction(pp::ChooseFaction {}),
            Pending::ChooseSheet => P::ChooseSheet(pp::ChooseSheet {}),
            Pending::PlaceNeutralHouse { terrain } => P::PlaceNeutralHouse(pp::PlaceNeutralHouse {
                terrain: terrain.to_wire(),
            }),
            Pending::PlaceInitialHouse => P::PlaceInitialHouse(pp::PlaceInitialHouse {}),
            Pending::ChooseBonusTile => P::ChooseBonusTile(pp::ChooseBonusTile {}),
            Pending::RoundEndExchange => P::RoundEndExchange(pp::RoundEndExchange {}),
            Pending::FinalExchange => P::FinalExchange(pp::FinalExchange {}),
            Pending::ChooseAction => P::ChooseAction(pp::ChooseAction {}),
            Pending::TransformHex { transform } => P::TransformHex(pp::TransformHex {
                transform: transform.to_wire(),
            }),
            Pending::SecondSpadeHex { first } => P::SecondSpadeHex(pp::SecondSpadeHex {
                first: first.code(),
            }),
            Pending::BuildHouse { hexes } => P::BuildHouse(pp::BuildHouse {
                hexes: hexes_out(hexes),
            }),
            Pending::UpgradeHex => P::UpgradeHex(pp::UpgradeHex {}),
            Pending::ChoosePalace { hex } => P::ChoosePalace(pp::ChoosePalace { hex: hex.code() }),
            Pending::ChooseBridge => P::ChooseBridge(pp::ChooseBridge {}),
            Pending::LakeHouseHex => P::LakeHouseHex(pp::LakeHouseHex {}),
            Pending::FreeUpgradeHex => P::FreeUpgradeHex(pp::FreeUpgradeHex {}),
            Pending::InventorsHex => P::InventorsHex(pp::InventorsHex {}),
            Pending::EdgeHouseHex => P::EdgeHouseHex(pp::EdgeHouseHex {}),
            Pending::ChooseTownTile { hexes, river_link } => {
                P::ChooseTownTile(pp::ChooseTownTile {
                    hexes: hexes_out(hexes),
                    river_link: river_link.map(Hex::code).unwrap_or_default(),
                })
            }
            Pending::RiverLink { hexes } => P::RiverLink(pp::RiverLink {
                hexes: hexes_out(hexes),
            }),
            Pending::PassBonus => P::PassBonus(pp::PassBonus {}),
            Pending::AfterAction => P::AfterAction(pp::AfterAction {}),
            Pending::GameOver => P::GameOver(pp::GameOver {}),
        };
        pb::TerraNovaPending {
            pending: Some(pending),
        }
    }
}

impl From<&HexView> for pb::TerraNovaHex {
    fn from(view: &HexView) -> Self {
        use pb::terra_nova_placement::Owner as O;
        pb::TerraNovaHex {
            hex: view.hex.code(),
            terrain: terrain_out(view.terrain),
            river: view.terrain.is_none(),
            placed: view.placed.map(|p| pb::TerraNovaPlacement {
                owner: Some(match p.owner {
                    Owner::Seat(seat) => O::Seat(seat_out(seat)),
                    Owner::Neutral(terrain) => O::Neutral(terrain.to_wire()),
                }),
                building: p.building.to_wire(),
                in_town: p.in_town,
            }),
            edge: view.edge,
            symbol: terrain_out(view.symbol),
        }
    }
}

impl From<&BridgeView> for pb::TerraNovaBridge {
    fn from(bridge: &BridgeView) -> Self {
        pb::TerraNovaBridge {
            spot: bridge.spot.0.into(),
            hexes: hexes_out(&bridge.hexes),
            owner: bridge.owner.map(seat_out),
        }
    }
}

impl From<&PlayerView> for pb::TerraNovaPlayer {
    fn from(view: &PlayerView) -> Self {
        pb::TerraNovaPlayer {
            seat: seat_out(view.seat),
            faction: view
                .faction
                .map_or(TerraNovaFaction::Unspecified as i32, Faction::to_wire),
            coins: view.coins,
            vp: view.vp,
            bowls: view.bowls.iter().map(|b| u32::from(*b)).collect(),
            navigation: view.navigation.into(),
            houses_on_sheet: view.houses_on_sheet.into(),
            trading_posts_on_sheet: view.trading_posts_on_sheet.into(),
            left_palace: view.left_palace,
            right_palace: view.right_palace,
            bridges_in_reserve: view.bridges_in_reserve.into(),
            town_tiles_left: view.town_tiles_left.iter().map(|t| t.code()).collect(),
            bonus: view.bonus.map(BonusTile::code).unwrap_or_default(),
            passed: view.passed,
            special_used: view.special_used.iter().map(|s| s.to_wire()).collect(),
        }
    }
}

impl From<&View> for pb::TerraNovaView {
    fn from(view: &View) -> Self {
        // `pending` is deprecated for clients, and still filled for those that read it.
        #[allow(deprecated)]
        pb::TerraNovaView {
            options: Some((&view.options).into()),
            round: view.round.into(),
            pending: view.pending.summary().to_string(),
            to_act: view.to_act.iter().map(|s| seat_out(*s)).collect(),
            hexes: view.hexes.iter().map(Into::into).collect(),
            bridges: view.bridges.iter().map(Into::into).collect(),
            players: view.players.iter().map(Into::into).collect(),
            round_tiles: view.round_tiles.iter().map(|t| t.code()).collect(),
            bonus_supply: view
                .bonus_supply
                .iter()
                .map(|(tile, coins)| pb::TerraNovaBonusOffer {
                    tile: tile.code(),
                    coins: *coins,
                })
                .collect(),
            power_actions_used: view.power_actions_used.iter().map(|p| p.code()).collect(),
            start_player: seat_out(view.start_player),
            order: view.order.iter().map(|s| seat_out(*s)).collect(),
            game_over: view.game_over,
            bridge_spots: view.bridge_spots.iter().map(Into::into).collect(),
            pending_decision: Some((&view.pending).into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terra_nova::data::tables;
    use crate::terra_nova::{RoundTile, HEX_COUNT};

    fn decoded(action: pa::Action) -> Result<Action, FieldViolation> {
        Action::try_from(&pb::TerraNovaAction {
            action: Some(action),
        })
    }

    #[test]
    fn only_the_listed_spelling_of_a_code_is_accepted() {
        assert_eq!(Hex::from_code("I8").map(Hex::code).as_deref(), Some("I8"));
        for other in ["i8", "I08", "A08", "e4", " E4", "E4 ", "E+4", "E"] {
            assert_eq!(Hex::from_code(other), None, "{other:?}");
        }
        assert!(TownTile::from_code("T1").is_some());
        for other in ["T01", "t1", "T1 "] {
            assert_eq!(TownTile::from_code(other), None, "{other:?}");
        }
        assert_eq!(BonusTile::from_code("a"), None);
        let refused = decoded(pa::Action::ChooseHex(pa::ChooseHex { hex: "i8".into() }))
            .expect_err("a lower-case hex");
        assert_eq!(refused.field, "choose_hex.hex");
    }

    #[test]
    fn every_code_is_the_data_rows_id_and_reads_back() {
        for i in 0..HEX_COUNT as u8 {
            assert_eq!(Hex::from_code(&Hex(i).code()), Some(Hex(i)));
        }
        let t = tables();
        for (i, row) in t.bonus.iter().enumerate() {
            let tile = BonusTile(i as u8);
            assert_eq!(tile.code(), row.id);
            assert_eq!(BonusTile::from_code(&row.id), Some(tile));
        }
        for (i, row) in t.power_actions.iter().enumerate() {
            assert_eq!(PowerAction(i as u8).code(), row.id);
            assert_eq!(PowerAction::from_code(&row.id), Some(PowerAction(i as u8)));
        }
        for (i, row) in t.round_tiles.iter().enumerate() {
            assert_eq!(RoundTile(i as u8).code(), row.id);
            assert_eq!(RoundTile::from_code(&row.id), Some(RoundTile(i as u8)));
        }
        for (i, row) in t.town_tiles.iter().enumerate() {
            assert_eq!(TownTile(i as u8).code(), row.id);
            assert_eq!(TownTile::from_code(&row.id), Some(TownTile(i as u8)));
        }
        for f in Faction::ALL {
            assert_eq!(Faction::from_code(f.code()), Some(f));
            assert_eq!(enum_in::<Faction>("f", f.to_wire()), Ok(f));
        }
    }

    #[test]
    fn malformed_actions_name_their_field() {
        let cases = [
            (
                pa::Action::ChooseHex(pa::ChooseHex { hex: "Z99".into() }),
                "choose_hex.hex",
            ),
            (
                pa::Action::ChooseHex(pa::ChooseHex { hex: "".into() }),
                "choose_hex.hex",
            ),
            (
                pa::Action::ChooseHex(pa::ChooseHex {
                    hex: "A-2147483648".into(),
                }),
                "choose_hex.hex",
            ),
            (
                pa::Action::RiverLink(pa::RiverLink { hex: "É4".into() }),
                "river_link.hex",
            ),
            (
                pa::Action::TakeBonus(pa::TakeBonus { tile: "Q".into() }),
                "take_bonus.tile",
            ),
            (
                pa::Action::UsePowerAction(pa::UsePowerAction {
                    action: "P0".into(),
                }),
                "use_power_action.action",
            ),
            (
                pa::Action::ChooseTownTile(pa::ChooseTownTile { tile: "T9".into() }),
                "choose_town_tile.tile",
            ),
            (
                pa::Action::ChooseBridge(pa::ChooseBridge { spot: 9_999 }),
                "choose_bridge.spot",
            ),
            (
                pa::Action::ChooseFaction(pa::ChooseFaction { faction: 0 }),
                "choose_faction.faction",
            ),
            (
                pa::Action::ChoosePalace(pa::ChoosePalace { side: 77 }),
                "choose_palace.side",
            ),
            (
                pa::Action::UseSpecial(pa::UseSpecial { special: -1 }),
                "use_special.special",
            ),
            (
                pa::Action::ExchangePower(pa::ExchangePower { power: 1_000 }),
                "exchange_power.power",
            ),
        ];
        for (case, field) in cases {
            let violation = decoded(case.clone()).unwrap_err();
            assert_eq!(violation.field, field, "{case:?}");
        }
        let empty = Action::try_from(&pb::TerraNovaAction { action: None }).unwrap_err();
        assert_eq!(empty.field, "action");
    }

    #[test]
    fn malformed_options_name_their_field() {
        let bad_faction = pb::TerraNovaOptions {
            players: 2,
            factions: vec![1, 42],
            ..Default::default()
        };
        let violation = Options::try_from(&bad_faction).unwrap_err();
        assert_eq!(violation.field, "factions[1]");
        let bad_board = pb::TerraNovaOptions {
            players: 2,
            board: 9,
            ..Default::default()
        };
        assert_eq!(Options::try_from(&bad_board).unwrap_err().field, "board");
        let bad_variant = pb::TerraNovaOptions {
            players: 2,
            neutral_variant: 9,
            ..Default::default()
        };
        let violation = Options::try_from(&bad_variant).unwrap_err();
        assert_eq!(violation.field, "neutral_variant");
        let huge = pb::TerraNovaOptions {
            players: 300,
            ..Default::default()
        };
        assert_eq!(Options::try_from(&huge).unwrap_err().field, "players");
    }

    #[test]
    fn an_unspecified_board_is_the_engines_default_for_the_variant() {
        let options = Options::try_from(&pb::TerraNovaOptions {
            players: 2,
            neutral_variant: TerraNovaNeutralVariant::Random as i32,
            ..Default::default()
        });
        assert_eq!(options, Ok(Options::two_player(NeutralVariant::Random)));
        let options = Options::try_from(&pb::TerraNovaOptions {
            players: 3,
            ..Default::default()
        });
        assert_eq!(options, Ok(Options::standard(3)));
    }
}
