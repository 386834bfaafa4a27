//! Validation of the Terra Nova data tables (engine/data/terra_nova/*.toml).

use agora_engine::terra_nova::data::{tables, PowerEffect, Provenance, RoundTrigger};
use agora_engine::terra_nova::map::{bit, hexes, neighbours, spade_distance};
use agora_engine::terra_nova::{Colour, Faction, Hex, SheetSide, Terrain, HEX_COUNT};

fn h(name: &str) -> Hex {
    Hex::parse(name).expect("hex")
}

#[test]
fn hex_names_round_trip() {
    for i in 0..HEX_COUNT as u8 {
        let hex = Hex(i);
        assert_eq!(Hex::parse(&hex.to_string()), Some(hex));
    }
    assert_eq!(h("A1"), Hex(0));
    assert_eq!(h("B1"), Hex(13));
    assert_eq!(h("I13").0 as usize, HEX_COUNT - 1);
    assert_eq!(Hex::parse("B13"), None);
    assert_eq!(Hex::parse("J1"), None);
}

#[test]
fn adjacency_is_symmetric_and_at_most_six() {
    let map = &tables().map;
    for i in 0..HEX_COUNT as u8 {
        let n = neighbours(Hex(i));
        assert!(n.count_ones() <= 6);
        assert_eq!(n & bit(Hex(i)), 0);
        for j in hexes(n) {
            assert!(neighbours(j) & bit(Hex(i)) != 0, "{} {}", Hex(i), j);
        }
    }
    assert_eq!(
        map.land.count_ones() + map.river.count_ones(),
        HEX_COUNT as u32
    );
}

#[test]
fn terrain_counts_and_no_equal_neighbours() {
    let map = &tables().map;
    let count = |t: Terrain| map.terrain.iter().filter(|x| **x == Some(t)).count();
    assert_eq!(map.river.count_ones(), 36);
    assert_eq!(map.land.count_ones(), 77);
    assert_eq!(
        Terrain::CYCLE.map(count),
        [16, 16, 15, 15, 15],
        "Lake, Forest, Wasteland, Desert, Swamp"
    );
    for i in hexes(map.land) {
        for j in hexes(neighbours(i) & map.land) {
            assert_ne!(
                map.terrain[i.0 as usize], map.terrain[j.0 as usize],
                "{i} {j}"
            );
        }
    }
}

#[test]
fn four_continents_match_the_listed_ones() {
    let map = &tables().map;
    assert_eq!(map.continents_listed.len(), 4);
    let sizes: Vec<usize> = map.continents_listed.iter().map(|c| c.1.len()).collect();
    assert_eq!(sizes, vec![22, 20, 19, 16]);
    let computed = map.continent_of.iter().flatten().max().map(|m| m + 1);
    assert_eq!(computed, Some(4));
    for (_, hexes) in &map.continents_listed {
        let first = map.continent_of[hexes[0].0 as usize];
        for x in hexes {
            assert!(map.terrain[x.0 as usize].is_some(), "{x} is land");
            assert_eq!(map.continent_of[x.0 as usize], first, "{x}");
        }
    }
}

#[test]
fn edge_hexes_match_the_listed_ones() {
    let map = &tables().map;
    let listed = map.edge_listed.iter().fold(0u128, |m, x| m | bit(*x));
    assert_eq!(listed, map.edge);
    assert_eq!(map.edge.count_ones(), 36);
}

#[test]
fn bridge_spots_cross_exactly_one_river_pair() {
    let map = &tables().map;
    assert_eq!(map.bridge_spots.len(), 29);
    for (a, b) in &map.bridge_spots {
        assert!(map.land & bit(*a) != 0 && map.land & bit(*b) != 0);
        assert_eq!(neighbours(*a) & bit(*b), 0, "{a}-{b} not adjacent");
        let common = neighbours(*a) & neighbours(*b);
        assert_eq!(common.count_ones(), 2, "{a}-{b}");
        assert_eq!(common & map.river, common, "{a}-{b} across river only");
    }
}

#[test]
fn two_player_symbols_are_four_hexes_of_their_terrain() {
    let map = &tables().map;
    for t in Terrain::CYCLE {
        let s = &map.symbols[t.index()];
        assert_eq!(s.len(), 4);
        for x in s {
            assert_eq!(map.terrain[x.0 as usize], Some(t), "{x} is {t:?}");
        }
    }
}

#[test]
fn terrain_cycle_and_spade_table() {
    use Terrain::*;
    let table = [
        (Lake, [0, 1, 2, 2, 1]),
        (Forest, [1, 0, 1, 2, 2]),
        (Wasteland, [2, 1, 0, 1, 2]),
        (Desert, [2, 2, 1, 0, 1]),
        (Swamp, [1, 2, 2, 1, 0]),
    ];
    for (from, row) in table {
        for (to, want) in Terrain::CYCLE.iter().zip(row) {
            assert_eq!(spade_distance(from, *to), want, "{from:?} -> {to:?}");
        }
    }
}

#[test]
fn ten_factions_on_five_sheets() {
    let t = tables();
    assert_eq!(t.factions.len(), 10);
    let colours = [
        Colour::Blue,
        Colour::Green,
        Colour::Yellow,
        Colour::Red,
        Colour::Black,
    ];
    for c in colours {
        let pair: Vec<_> = t.factions.iter().filter(|f| f.colour == c).collect();
        assert_eq!(pair.len(), 2, "{c:?}");
        assert_eq!(pair[0].home, pair[1].home);
        assert_ne!(pair[0].side, pair[1].side);
    }
    let side_a: Vec<Faction> = t
        .factions
        .iter()
        .filter(|f| f.side == SheetSide::A)
        .map(|f| f.faction)
        .collect();
    assert_eq!(
        side_a,
        vec![
            Faction::Genies,
            Faction::Golems,
            Faction::Farfadets,
            Faction::Fairies,
            Faction::DesertSisters
        ]
    );
    assert_eq!(t.faction(Faction::Genies).home, Terrain::Lake);
    assert_eq!(t.faction(Faction::Druids).home, Terrain::Forest);
    assert_eq!(
        t.faction(Faction::Golems).terrain_provenance,
        Provenance::Assumed
    );
    assert_eq!(t.faction(Faction::Farfadets).left_palace_coins, 5);
    assert_eq!(t.faction(Faction::Fairies).left_palace_power, 3);
    assert_eq!(t.faction(Faction::Fairies).left_palace_coins, 2);
    for f in [
        Faction::SeaDogs,
        Faction::Golems,
        Faction::Efrits,
        Faction::Druids,
    ] {
        assert_eq!(t.faction(f).left_palace_power, 4, "{f:?}");
    }
}

#[test]
fn economy_rows_and_provenance() {
    let e = &tables().economy;
    assert_eq!(e.start_coins, 15);
    assert_eq!(e.start_bowls, [2, 2, 4]);
    assert_eq!(
        (e.house_cost, e.spade_cost, e.trading_post_cost),
        (4, 6, 10)
    );
    assert_eq!((e.trading_post_cost_with_neighbour, e.palace_cost), (7, 14));
    assert_eq!((e.navigation_cost, e.bridge_cost), (8, 10));
    assert_eq!(e.house_slot_coins, [2, 2, 2, 3, 3, 3, 4, 4]);
    assert_eq!(e.trading_post_slot_coins, [2, 2, 2, 3]);
    assert_eq!(e.trading_post_slot_power, [1, 1, 2, 2]);
    assert_eq!(e.navigation_vp, vec![2, 3, 4, 5]);
    assert_eq!(e.territory_vp, [12, 8, 4, 0]);
    let assumed: Vec<&str> = e
        .rows
        .iter()
        .filter(|r| r.provenance == Provenance::Assumed)
        .map(|r| r.name)
        .collect();
    for name in [
        "start_coins",
        "bridge_cost",
        "house_slot_coins",
        "navigation_vp",
        "round5_bonus_swap",
    ] {
        assert!(assumed.contains(&name), "{name} is an assumption");
    }
    for r in e
        .rows
        .iter()
        .filter(|r| r.provenance == Provenance::Assumed)
    {
        assert!(r.note.starts_with('A'), "{} names its assumption", r.name);
    }
}

#[test]
fn tiles() {
    let t = tables();
    assert_eq!(t.power_actions.len(), 6);
    let costs: Vec<u8> = t.power_actions.iter().map(|p| p.power).collect();
    assert_eq!(costs, vec![3, 4, 4, 4, 4, 6]);
    assert_eq!(t.power_actions[3].effect, PowerEffect::Coins);
    assert_eq!(t.power_actions[3].coins, 7);
    assert_eq!(t.bonus.len(), 8);
    assert_eq!((t.bonus[1].income_coins, t.bonus[1].income_power), (3, 3));
    assert_eq!(t.bonus.iter().filter(|b| b.special_spade).count(), 1);
    assert_eq!(t.bonus[3].reach_bonus, 1);
    assert_eq!(t.round_tiles.len(), 8);
    let count = |tr: RoundTrigger| t.round_tiles.iter().filter(|r| r.trigger == tr).count();
    assert_eq!(count(RoundTrigger::House), 2);
    assert_eq!(count(RoundTrigger::TradingPost), 2);
    assert_eq!(count(RoundTrigger::Spade), 1);
    assert_eq!(t.town_tiles.len(), 4);
    let vps: Vec<i32> = t.town_tiles.iter().map(|x| x.vp).collect();
    assert_eq!(vps, vec![5, 6, 9, 4]);
    let triggers: Vec<RoundTrigger> = t
        .preset_round_tiles
        .iter()
        .map(|i| t.round_tiles[*i as usize].trigger)
        .collect();
    assert_eq!(
        triggers,
        vec![
            RoundTrigger::House,
            RoundTrigger::TradingPost,
            RoundTrigger::Spade,
            RoundTrigger::Town,
            RoundTrigger::Palace
        ]
    );
}

#[test]
fn presets_place_houses_on_home_terrain() {
    let t = tables();
    assert_eq!(t.presets.len(), 3);
    for p in &t.presets {
        assert_eq!(p.bonus_tiles.len(), p.players as usize + 3);
        for s in &p.seats {
            assert!(p.bonus_tiles.contains(&s.bonus));
            for x in &s.houses {
                assert_eq!(
                    t.map.terrain[x.0 as usize],
                    Some(t.faction(s.faction).home),
                    "{x}"
                );
            }
            let want = if s.faction == Faction::DesertSisters {
                3
            } else {
                2
            };
            assert_eq!(s.houses.len(), want);
        }
    }
}
