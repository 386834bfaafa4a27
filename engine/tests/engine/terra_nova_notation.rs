//! Terra Nova's notation: the codes the API, the CLI and the rules page use for hexes and
//! numbered components (`E4`, `S1`, `T2`, `P6`, `A`, `sea_dogs`). Every code names one thing
//! and reads back to it; every other spelling names nothing, so a client's typo is refused
//! instead of meaning another hex or tile (issue 18: types.rs mutants).

use agora_engine::terra_nova::data::tables;
use agora_engine::terra_nova::{
    BonusTile, BridgeSpot, Faction, Hex, PowerAction, RoundTile, TownTile, HEX_COUNT,
};

/// Rows A..I, 13 hexes on A, C, E, G, I and 12 on the others: `A13` and `B12` exist, `B13`
/// does not. Only an upper-case row letter and a column without a leading zero.
#[test]
fn hex_codes_are_canonical() {
    for i in 0..HEX_COUNT as u8 {
        let h = Hex(i);
        assert_eq!(Hex::from_code(&h.code()), Some(h), "{h}");
    }
    assert_eq!(Hex::from_code("A13"), Some(Hex(12)));
    assert_eq!(Hex::from_code("B12"), Some(Hex(24)));
    assert_eq!(Hex::from_code("E4").map(|h| h.row_col()), Some((4, 3)));
    for bad in [
        "", "E", "4", "e4", "E04", "E0", "E123", "4E", "EE", "E4 ", " E4", "J1", "B13", "A14",
        "É4", "E+4", "E-1",
    ] {
        assert_eq!(Hex::from_code(bad), None, "{bad:?}");
    }
    assert!("E4".parse::<Hex>().is_ok());
    assert!("e4".parse::<Hex>().is_err());
}

/// Round tiles `S1`..`S8`, town tiles `T1`.., board power actions `P1`..`P6`: the prefix and
/// the 1-based number, nothing else.
#[test]
fn numbered_codes_are_canonical() {
    let t = tables();
    assert_eq!(t.round_tiles.len(), 8);
    assert_eq!(t.power_actions.len(), 6);
    for i in 0..8u8 {
        assert_eq!(RoundTile(i).code(), format!("S{}", i + 1));
        assert_eq!(
            RoundTile::from_code(&format!("S{}", i + 1)),
            Some(RoundTile(i))
        );
    }
    for i in 0..t.town_tiles.len() as u8 {
        assert_eq!(TownTile(i).code(), format!("T{}", i + 1));
        assert_eq!(TownTile::from_code(&TownTile(i).code()), Some(TownTile(i)));
    }
    for i in 0..6u8 {
        assert_eq!(PowerAction(i).code(), format!("P{}", i + 1));
        assert_eq!(
            PowerAction::from_code(&PowerAction(i).code()),
            Some(PowerAction(i))
        );
    }
    for bad in [
        "",
        "S",
        "S0",
        "S9",
        "S01",
        "S10",
        "S100",
        "S1a",
        "Sa",
        "s1",
        "T1",
        "P1",
        " S1",
        "S1 ",
        "S-1",
        "S+1",
        "S99999999999999999999999",
    ] {
        assert_eq!(RoundTile::from_code(bad), None, "{bad:?}");
    }
    let towns = t.town_tiles.len();
    assert_eq!(TownTile::from_code(&format!("T{}", towns + 1)), None);
    assert_eq!(TownTile::from_code("T0"), None);
    assert_eq!(PowerAction::from_code("P7"), None);
    assert_eq!(PowerAction::from_code("P06"), None);
}

/// Bonus tiles are letters from `A`; factions go by their catalog code.
#[test]
fn bonus_letters_and_faction_codes() {
    let n = tables().bonus.len() as u8;
    assert_eq!(n, 8);
    for i in 0..n {
        let code = ((b'A' + i) as char).to_string();
        assert_eq!(BonusTile(i).code(), code);
        assert_eq!(BonusTile::from_code(&code), Some(BonusTile(i)));
    }
    assert_eq!(BonusTile::last(), BonusTile(7));
    for bad in ["", "I", "a", "AA", "1"] {
        assert_eq!(BonusTile::from_code(bad), None, "{bad:?}");
    }
    for f in Faction::ALL {
        assert_eq!(Faction::from_code(f.code()), Some(f));
    }
    assert_eq!(Faction::SeaDogs.code(), "sea_dogs");
    assert_eq!(Faction::from_code("Sea_Dogs"), None);
}

/// Bridge spots are numbered from 0 in the board's table; a number past it names none.
#[test]
fn bridge_spot_numbers() {
    let n = tables().map.bridge_spots.len();
    assert_eq!(BridgeSpot::all().count(), n);
    assert_eq!(BridgeSpot::from_number(0), Some(BridgeSpot(0)));
    assert_eq!(
        BridgeSpot::from_number(n as u32 - 1),
        Some(BridgeSpot(n as u8 - 1))
    );
    assert_eq!(BridgeSpot::from_number(n as u32), None);
    assert_eq!(BridgeSpot::from_number(256), None);
    assert_eq!(BridgeSpot(0).hexes(), Some(tables().map.bridge_spots[0]));
    assert_eq!(BridgeSpot(n as u8).hexes(), None);
}
