//! Attika: rules that the mutation check of issue 18 (`engine/mutants.sh attika`, session 11)
//! found untested, each as a scenario a player would recognise, with the rules page's
//! numbers and, where it decides, the French sentence of the seed. engine/MUTANTS.md lists
//! which planted mistake each test catches.

use crate::attika_common::*;
use agora_engine::attika::data::tables;
use agora_engine::attika::hex::{adjacent, distance, neighbours};
use agora_engine::attika::state::{State, Step};
use agora_engine::attika::types::{Action, Event, Hex, PieceId};
use agora_engine::attika::Attika;
use agora_engine::{Game, Seat};

/// The six directions of the rules page (§2.1), in ring order 1..6.
const EAST: (i16, i16) = (1, 0);
const NORTH_EAST: (i16, i16) = (1, -1);
const NORTH_WEST: (i16, i16) = (0, -1);
const WEST: (i16, i16) = (-1, 0);
const SOUTH_WEST: (i16, i16) = (-1, 1);
const SOUTH_EAST: (i16, i16) = (0, 1);

fn step(h: Hex, d: (i16, i16)) -> Hex {
    hex(h.q + d.0, h.r + d.1)
}

/// Seat 0 draws the last building of its pile 2 and stores it: the next map piece is
/// revealed and must be laid (§2.9). Returns the revealed piece.
fn reveal_a_piece(s: &mut State) -> PieceId {
    let keep = *s.player(Seat(0)).piles[2].last().expect("tile");
    empty_pile(s, 0, 2, 1);
    pile_top(s, 0, 2, keep.code());
    play(s, 0, Action::Draw { pile: 2 });
    play(s, 0, Action::Store);
    match s.step() {
        Step::PlacePiece { piece } => *piece,
        other => panic!("a piece to lay expected, not {other:?}"),
    }
}

fn first_listed_centre(s: &State) -> Hex {
    Attika::legal_actions(s, Seat(0))
        .into_iter()
        .find_map(|a| match a {
            Action::PlacePiece { center, .. } => Some(center),
            _ => None,
        })
        .expect("a place for the piece")
}

/// §2.1: a piece laid with rotation k shows ring position i of its data in direction
/// ((i - 1 + k) mod 6) + 1 (« Un clic droit le fait pivoter »). Written out for three
/// rotations: 0 (E, NE, NW, W, SW, SE), 1 (one step on) and 5 (the last rotation).
#[test]
fn a_laid_map_piece_shows_its_symbols_turned_by_its_rotation() {
    let turned: [(u8, [(i16, i16); 6]); 3] = [
        (
            0,
            [EAST, NORTH_EAST, NORTH_WEST, WEST, SOUTH_WEST, SOUTH_EAST],
        ),
        (
            1,
            [NORTH_EAST, NORTH_WEST, WEST, SOUTH_WEST, SOUTH_EAST, EAST],
        ),
        (
            5,
            [SOUTH_EAST, EAST, NORTH_EAST, NORTH_WEST, WEST, SOUTH_WEST],
        ),
    ];
    for (rotation, directions) in turned {
        let mut s = fresh(2);
        let piece = reveal_a_piece(&mut s);
        let printed = tables().pieces[piece.0 as usize].hexes;
        assert!(
            printed[1..].iter().any(|x| *x != printed[1]),
            "the piece's ring is not the same all round"
        );
        let center = first_listed_centre(&s);
        let cells = s.cells().len();
        play(&mut s, 0, Action::PlacePiece { center, rotation });
        assert_eq!(s.cells().len(), cells + 7, "seven new cells");
        assert_eq!(s.cell(center).expect("centre").symbol, printed[0]);
        for (i, d) in directions.iter().enumerate() {
            let cell = s.cell(step(center, *d)).expect("a cell of the piece");
            assert_eq!(
                cell.symbol,
                printed[i + 1],
                "rotation {rotation}: ring position {} goes {d:?}",
                i + 1
            );
        }
        assert_eq!(*s.step(), Step::Main);
    }
}

/// The starting board (§1.2, §3.3): each piece lies at its centre with rotation 0, its ring
/// positions 1..6 going E, NE, NW, W, SW, SE, with the printed symbols.
#[test]
fn the_starting_board_shows_each_piece_as_printed() {
    for players in 2..=4 {
        let s = Attika::setup(&options(players), 3).expect("setup");
        assert_eq!(s.cells().len(), 7 * s.pieces().len());
        for &(piece, center, rotation) in s.pieces() {
            assert_eq!(rotation, 0);
            let printed = tables().pieces[piece.0 as usize].hexes;
            assert_eq!(s.cell(center).expect("centre").symbol, printed[0]);
            let ring = [EAST, NORTH_EAST, NORTH_WEST, WEST, SOUTH_WEST, SOUTH_EAST];
            for (i, d) in ring.iter().enumerate() {
                assert_eq!(
                    s.cell(step(center, *d)).expect("cell").symbol,
                    printed[i + 1],
                    "{players} players, piece {}, ring position {}",
                    piece.code(),
                    i + 1
                );
            }
        }
    }
}

/// « Le morceau supplémentaire doit être placé de façon à toucher le plateau existant par
/// au moins un côté (y compris derrière un sanctuaire). Cela peut créer des trous » (§2.9,
/// A11): every centre is accepted exactly when the piece's seven hexes are free of board
/// and shrine cells and one of them shares a side with a board or shrine cell, in any
/// rotation.
#[test]
fn a_map_piece_goes_wherever_it_touches_the_board_or_a_shrine_by_a_side() {
    for players in [2, 3] {
        let mut s = fresh(players);
        reveal_a_piece(&mut s);
        let taken = |h: &Hex| s.cell(*h).is_some() || s.shrines().contains(h);
        let (mut accepted, mut refused) = (0, 0);
        for q in -14..24i16 {
            for r in -16..16i16 {
                let center = hex(q, r);
                let mut piece = vec![center];
                piece.extend(neighbours(center));
                let free = piece.iter().all(|h| !taken(h));
                let touches = piece.iter().any(|h| neighbours(*h).iter().any(taken));
                for rotation in [0, 3, 5] {
                    let ok =
                        Attika::is_legal(&s, Seat(0), &Action::PlacePiece { center, rotation });
                    assert_eq!(ok, free && touches, "{players} players, centre {center}");
                }
                if free && touches {
                    accepted += 1;
                } else {
                    refused += 1;
                }
            }
        }
        assert!(accepted > 20 && refused > 100, "{accepted} / {refused}");
    }
}

/// « A son tour, le joueur a deux possibilités »: only the player whose turn it is has
/// decisions; the others have none, in every step of that turn.
#[test]
fn only_the_player_whose_turn_it_is_has_decisions() {
    let mut s = fresh(3);
    set_hand(&mut s, 0, [3, 3, 3, 3]);
    let mut seen = 0;
    for a in [Action::Draw { pile: 1 }, Action::Store, Action::EndTurn] {
        assert!(!Attika::legal_actions(&s, Seat(0)).is_empty());
        for other in [1, 2] {
            assert_eq!(
                Attika::legal_actions(&s, Seat(other)),
                Vec::<Action>::new(),
                "seat {other} while seat 0 plays"
            );
        }
        play(&mut s, 0, a);
        seen += 1;
    }
    assert_eq!((seen, s.current()), (3, Seat(1)));
    assert!(Attika::legal_actions(&s, Seat(0)).is_empty());
    assert!(!Attika::legal_actions(&s, Seat(1)).is_empty());
}

/// Attika is played by 2 to 4 (§1.3): the game seats exactly the players it was set up for.
#[test]
fn the_game_seats_the_players_it_was_set_up_for() {
    for players in 2..=4u8 {
        let s = Attika::setup(&options(players), 1).expect("setup");
        assert_eq!(Attika::seat_count(&s), usize::from(players));
        assert_eq!(s.seats().count(), usize::from(players));
    }
}

/// A8: shuffling the discards into a new deck is random, so the action that does it moves
/// the game's random stream (the service's undo must not let a player take it back);
/// taking cards from a deck that was shuffled at setup draws nothing at random.
#[test]
fn a_reshuffle_draws_at_random_and_taking_cards_does_not() {
    let mut s = fresh(2);
    let before = Attika::randomness_drawn(&s);
    assert!(before > 0, "setup shuffled the pieces, piles and deck");
    let ev = play(&mut s, 0, Action::EndTurn);
    assert_eq!(cards_drawn(&ev), 3);
    assert_eq!(Attika::randomness_drawn(&s), before, "no shuffle");

    deck_to_discards(&mut s);
    let ev = play(&mut s, 1, Action::EndTurn);
    assert_eq!(cards_drawn(&ev), 3);
    assert!(
        Attika::randomness_drawn(&s) > before,
        "the new deck was shuffled"
    );
}

/// What only a player may see (hidden hands, §2.11): its hand, and each card type it holds.
#[test]
fn a_players_secret_is_its_hand() {
    let mut s = fresh(2);
    set_hand(&mut s, 0, [2, 0, 1, 0]);
    let secrets = Attika::secrets(&s, Seat(0));
    let fields: Vec<(&str, String)> = secrets
        .iter()
        .map(|x| (x.field, x.value.to_string()))
        .collect();
    assert_eq!(
        fields,
        vec![
            ("hand", "[2,0,1,0]".to_string()),
            ("cards", "\"W\"".to_string()),
            ("cards", "\"H\"".to_string()),
        ]
    );
}

/// The components are counted (60 cards, 15 amphorae, 30 buildings a player, 22 map
/// pieces): a position with a card too many is not a position of the game.
#[test]
fn a_card_too_many_is_noticed() {
    let s = fresh(2);
    assert_eq!(Attika::invariants(&s), Ok(()));
    let mut json = serde_json::to_value(&s).expect("state serializes");
    let water = &mut json["players"][0]["hand"][0];
    *water = serde_json::json!(water.as_u64().expect("a count") + 1);
    let forged: State = serde_json::from_value(json).expect("state deserializes");
    let broken = Attika::invariants(&forged).expect_err("61 cards");
    assert!(broken.contains("61 landscape cards"), "{broken}");
}

/// §2.1 and §3.3: adjacent means sharing an edge (hex distance 1); neighbouring piece
/// centres of the starting shapes differ by (3, -2), (2, 1) or (-1, 3), three steps apart;
/// and « Every shrine cell listed here lies outside the board and is edge-adjacent to 2
/// cells of its corner piece ».
#[test]
fn shrines_sit_outside_the_board_beside_two_cells_of_a_corner_piece() {
    let c = hex(2, -1);
    for n in neighbours(c) {
        assert!(
            adjacent(c, n) && adjacent(n, c),
            "{n} shares an edge with {c}"
        );
    }
    assert!(!adjacent(c, c));
    for (dq, dr) in [(3, -2), (2, 1), (-1, 3), (-3, 2), (-2, -1), (1, -3)] {
        assert_eq!(distance(c, hex(c.q + dq, c.r + dr)), 3, "({dq}, {dr})");
    }
    for (dq, dr) in [(2, 0), (1, 1), (0, 2), (-2, 2), (-2, 0), (0, -2), (2, -2)] {
        let far = hex(c.q + dq, c.r + dr);
        assert_eq!(distance(c, far), 2, "({dq}, {dr})");
        assert!(!adjacent(c, far));
    }
    for players in 2..=4 {
        let s = Attika::setup(&options(players), 5).expect("setup");
        assert_eq!(s.shrines().len(), usize::from(players));
        for &shrine in s.shrines() {
            assert!(s.cell(shrine).is_none(), "{shrine} is not a board cell");
            let beside = s
                .cells()
                .iter()
                .filter(|cell| adjacent(cell.hex, shrine))
                .count();
            assert_eq!(beside, 2, "{players} players, shrine {shrine}");
        }
    }
}

/// §3.2: the 22 map pieces are named T01 .. T22 (the data file's ids, in table order).
#[test]
fn map_pieces_are_named_t01_to_t22() {
    for (i, piece) in tables().pieces.iter().enumerate() {
        let id = PieceId(i as u8);
        assert_eq!(id.code(), piece.id);
        assert_eq!(PieceId::from_code(&piece.id), Some(id));
    }
    assert_eq!(PieceId::from_code("T01"), Some(PieceId(0)));
    assert_eq!(PieceId::from_code("T22"), Some(PieceId(21)));
    for wrong in ["T00", "T23", "T1", "T001", "X01", "T0a", "t01", ""] {
        assert_eq!(PieceId::from_code(wrong), None, "{wrong:?}");
    }
}

/// « Si tous les bâtiments d'un même groupe sont érigés à côté les uns des autres, le joueur
/// reçoit une amphore » (§2.8, A4: one cluster among the group's own tiles). The Vineyard
/// at (0,0) and the Vintner at (2,0) both touch the Temple at (1,0), but not each other:
/// the colony is one, the group is not built side by side, so no amphora. The Vintner
/// next to the Vineyard then earns it.
#[test]
fn a_group_joined_only_through_another_building_earns_no_amphora() {
    let mut s = fresh(2);
    put(&mut s, 0, "VIN1", hex(0, 0));
    put(&mut s, 0, "CTY2", hex(1, 0));
    reserve(&mut s, 0, &["VIN2"]);
    set_hand(&mut s, 0, [3, 3, 3, 3]);
    let vintner = Action::Build {
        building: building("VIN2"),
    };
    play(&mut s, 0, vintner.clone());
    let mut ev = play(&mut s, 0, Action::Place { cell: hex(2, 0) });
    while is_paying(&s) {
        let pay = Attika::legal_actions(&s, Seat(0))[0].clone();
        ev.extend(play(&mut s, 0, pay));
    }
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::BuildingPlaced {
            new_colony: false,
            ..
        }
    )));
    assert_eq!(s.colony_count(Seat(0)), 1, "one colony");
    assert!(
        ev.iter().all(|e| !matches!(e, Event::AmphoraEarned { .. })),
        "Vineyard and Vintner are not side by side"
    );
    assert_eq!((s.player(Seat(0)).amphorae, s.amphora_supply()), (0, 15));

    let mut s = fresh(2);
    put(&mut s, 0, "VIN1", hex(0, 0));
    put(&mut s, 0, "CTY2", hex(1, 0));
    reserve(&mut s, 0, &["VIN2"]);
    play(&mut s, 0, vintner);
    let ev = play(&mut s, 0, Action::Place { cell: hex(0, 1) });
    assert!(ev.contains(&Event::AmphoraEarned {
        seat: Seat(0),
        group: agora_engine::attika::types::Group::Vineyard,
        from_supply: true
    }));
    assert_eq!(s.player(Seat(0)).amphorae, 1);
}

/// The sample setups every configuration-driven check plays (conformance suites, golden
/// games, benches) cover each player count of the box (2, 3, 4) and the amphora-for-card
/// variant (A3), each under its own name.
#[test]
fn the_sample_setups_cover_every_player_count_and_the_amphora_variant() {
    let configurations = Attika::configurations();
    for players in 2..=4u8 {
        assert!(
            configurations
                .iter()
                .any(|(_, o)| o.players == players && !o.amphora_for_card),
            "{players} players"
        );
    }
    assert!(configurations.iter().any(|(_, o)| o.amphora_for_card));
    let mut names: Vec<&str> = configurations.iter().map(|(n, _)| *n).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), configurations.len(), "one name each");
    assert!(names.iter().all(|n| !n.is_empty()));
}
