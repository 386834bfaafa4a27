//! Origin's worked examples T3 (tile stacking "1-2-3-1") and T4 (the evolution relation of
//! a (2, 2, brown) pawn), with the pawn and tile-slot tables they rest on. (Integration
//! tests, so the mutation check, which builds this binary only, runs them.)

mod pawns {
    use agora_engine::origin::pawns::*;
    use agora_engine::origin::{PawnColor, PawnType};
    use PawnColor::*;

    fn p(size: u8, strength: u8, color: PawnColor) -> PawnType {
        PawnType {
            size,
            strength,
            color,
        }
    }

    #[test]
    fn index_round_trips_and_codes() {
        for i in 0..PAWN_TYPES {
            assert_eq!(index(from_index(i)), Some(i));
        }
        assert_eq!(p(2, 3, Black).code(), "P23K");
        assert_eq!(PawnType::from_code("P23K"), Some(p(2, 3, Black)));
        assert_eq!(PawnType::from_code("P43K"), None);
        assert_eq!(PawnType::from_code("P23"), None);
        assert_eq!(index(p(0, 1, White)), None);
        assert_eq!(index(p(1, 4, White)), None);
    }

    /// T4: the evolution relation with reference (2, 2, brown).
    #[test]
    fn t4_evolution_relation() {
        let r = p(2, 2, Brown);
        assert_eq!(evolution(r, p(2, 2, Brown)), Some(Evolution::Identical));
        assert_eq!(evolution(r, p(2, 2, White)), Some(Evolution::OtherColor));
        assert_eq!(evolution(r, p(2, 3, Brown)), Some(Evolution::Stronger));
        assert_eq!(evolution(r, p(3, 2, Brown)), Some(Evolution::Taller));
        assert_eq!(evolution(r, p(2, 1, Brown)), None, "weaker");
        assert_eq!(evolution(r, p(1, 2, Brown)), None, "smaller");
        assert_eq!(evolution(r, p(2, 3, White)), None, "two differences");
        assert_eq!(evolution(r, p(3, 2, Black)), None, "two differences");
        assert_eq!(
            evolution(p(1, 1, Black), p(1, 3, Black)),
            None,
            "strength + 2"
        );
        assert_eq!(evolution(p(1, 1, Black), p(3, 1, Black)), None, "size + 2");
        let all: Vec<_> = evolutions(r).collect();
        assert_eq!(all.len(), 5);
        assert!(all.iter().all(|&n| evolution(r, n).is_some()));
        assert_eq!(evolutions(p(3, 3, White)).count(), 3);
    }
}

mod tiles {
    use agora_engine::origin::data::tables;
    use agora_engine::origin::tiles::*;
    use agora_engine::origin::{TileColumn, TileId, TileSlot};

    /// Finds one physical tile of each wanted level (distinct ids).
    fn tiles_of(levels: &[u8]) -> Vec<TileId> {
        let mut used = vec![false; tables().tile_count()];
        levels
            .iter()
            .map(|&l| {
                let i = (0..used.len())
                    .find(|&i| !used[i] && tables().tiles[i] == l)
                    .unwrap();
                used[i] = true;
                TileId(i as u8)
            })
            .collect()
    }

    fn legal_levels(s: &Stacks) -> Vec<u8> {
        (1..=5).filter(|&l| s.can_place(l)).collect()
    }

    /// T3: the "1-2-3-1" stacking sequence and its follow-ups.
    #[test]
    fn t3_stacking_sequence() {
        let t = tiles_of(&[1, 2, 3, 1, 4, 2, 1, 3, 5]);
        let base = Stacks(vec![vec![t[0], t[1], t[2]], vec![t[3]]]);
        // take level 4 -> on the 3
        let mut s = base.clone();
        assert!(s.can_place(4));
        s.place(t[4], true);
        assert_eq!(s.levels(), vec![vec![1, 2, 3, 4], vec![1]]);
        assert_eq!(legal_levels(&s), vec![1, 2, 5]);
        // take level 2 -> on the lone 1
        let mut s = base.clone();
        assert!(s.can_place(2));
        s.place(t[5], true);
        assert_eq!(s.levels(), vec![vec![1, 2, 3], vec![1, 2]]);
        // take level 1 -> new stack
        let mut s = base.clone();
        s.place(t[6], true);
        assert_eq!(s.levels(), vec![vec![1, 2, 3], vec![1], vec![1]]);
        // level 3 illegal (the only 2 is covered), level 5 illegal (no free 4)
        assert!(!base.can_place(3));
        assert!(!base.can_place(5));
        assert_eq!(legal_levels(&base), vec![1, 2, 4]);
        assert_eq!(legal_levels(&Stacks::default()), vec![1]);
    }

    #[test]
    fn slots_map_both_ways() {
        assert_eq!(slot_count(), 15);
        for i in 0..15 {
            assert_eq!(slot_index(slot_at(i)), Some(i));
        }
        assert_eq!(
            slot_index(TileSlot {
                column: TileColumn::Yellow,
                index: 3
            }),
            None
        );
        assert_eq!(
            slot_index(TileSlot {
                column: TileColumn::Brown,
                index: 5
            }),
            Some(14)
        );
    }

    #[test]
    fn junior_places_without_stacking_and_free_tiles_can_be_removed() {
        let t = tiles_of(&[5, 1]);
        let mut s = Stacks::default();
        s.place(t[0], false);
        s.place(t[1], false);
        assert_eq!(s.levels(), vec![vec![5], vec![1]]);
        assert!(s.remove_free(t[0]));
        assert!(!s.remove_free(t[0]));
        assert_eq!(s.count(), 1);
    }
}
