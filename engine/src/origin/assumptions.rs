//! Rule readings that no source settles (`shared/rules/origin.md` section 4), one constant
//! each, so a person with the real rules can flip them. Data assumptions (map, tile levels,
//! token values, card texts: ASSUMPTIONS 13-21) live as rows in `engine/data/origin/`.

/// ASSUMPTION 1: the neutral pawn is drawn at random among the three size-1/strength-1
/// pawns. `false` would always use the white one.
pub const NEUTRAL_PAWN_RANDOM_COLOR: bool = true;

/// ASSUMPTION 2: straits count as adjacency for Migrate and Exchange (not only Evolve).
/// Also used for Action-card moves (A12) and objective connectivity (ASSUMPTION 17).
pub const STRAITS_COUNT_FOR_MOVEMENT: bool = true;

/// ASSUMPTION 3: a player with no legal main action passes it (cards may still be played).
/// `Action::PassMain` is legal only then.
pub const PASS_WHEN_NO_MAIN_ACTION: bool = true;

/// ASSUMPTION 4: a Migrate/Exchange destination must differ from the start (paths may
/// revisit territories; only the shortest distance matters). Documents the reading built
/// into `map::Map::reach` (the start is never in a reach set); not a switch.
pub const DESTINATION_DIFFERS_FROM_START: bool = true;

/// ASSUMPTION 5: in Option A the tile part is skipped (automatically) only when no column
/// tile can be placed; the card is still drawn. `true` would let a player decline a legal
/// tile with `Action::SkipTile`.
pub const TILE_PART_OPTIONAL: bool = false;

/// ASSUMPTION 6: brown Option A picks both tiles among the six visible when the reward
/// starts and refills both slots afterwards. `false` refills after each pick.
pub const BROWN_A_REFILL_AFTER_BOTH: bool = true;

/// ASSUMPTION 7 (corrected from the French, issue 18): Option B puts this many cards of the
/// pile's colour under the pile whatever was drawn, also when fewer than 3 could be drawn
/// (« Piochez les 3 premières cartes ... Puis prenez 2 de vos cartes ... en main et
/// mettez-les sous la pile. », no exception); fewer only when the hand holds fewer. It used to
/// be `drawn - 1`, which kept the net gain at one card.
pub const OPTION_B_RETURNS: u8 = 2;

/// Option B draws this many cards [seed].
pub const OPTION_B_DRAW: u8 = 3;

/// ASSUMPTION 8 (resolved, BGA): the displaced player of an Exchange can win a strait token.
pub const DISPLACED_PLAYER_WINS_STRAITS: bool = true;

/// ASSUMPTION 10: Junior ends after the reward (and strait check) of the action that took a
/// pile's last card; no final round.
pub const JUNIOR_END_AFTER_REWARD: bool = true;

/// ASSUMPTION 11: Standard end triggers are checked after each atomic step, so a pile that
/// is empty even momentarily (inside an Option B draw) triggers the end.
pub const END_CHECK_EACH_STEP: bool = true;

/// ASSUMPTION 12: a tie after the hand-size tie-break is a shared victory (shared rank, as
/// `Outcome::ranked` does). Documents the reading; not a switch.
pub const SHARED_VICTORY_ON_FULL_TIE: bool = true;

/// ASSUMPTION 22: Junior has no tile stacking restriction (each tile forms its own stack).
pub const JUNIOR_STACKING_RULE: bool = false;

/// ASSUMPTION 24: any first arrival on a green territory, card moves included, takes the
/// hunting token.
pub const HUNTING_ON_ANY_ARRIVAL: bool = true;

/// Engine safeguard (not in the rules, see CHANGES.md): when every player in a row had to
/// pass the main action, nobody can ever act again; the end is triggered
/// (`EndTrigger::Stalemate`). Junior then ends at once, Standard plays its final round.
pub const STALEMATE_ENDS_GAME: bool = true;

/// Objective hand limit [seed/BGA]; 3 with the Permanent effect `ObjectiveHandLimitThree`.
pub const OBJECTIVE_HAND_LIMIT: usize = 2;
pub const OBJECTIVE_HAND_LIMIT_RAISED: usize = 3;

/// Junior: cards per pile (purple: 14 of the 20 objectives at random) [seed].
pub const JUNIOR_PILE_SIZE: usize = 14;

/// Standard objective draft: deal this many, keep one [seed].
pub const DRAFT_DEAL: usize = 3;

/// Villages per player [seed].
pub const VILLAGES_PER_PLAYER: u8 = 9;

/// Junior colour bonus: +10 VP for at least 2 pawns of each colour [seed].
pub const JUNIOR_COLOR_BONUS: i32 = 10;
pub const JUNIOR_COLOR_BONUS_MIN: usize = 2;

/// Junior card sets: value of a set of 0..=4 cards and of a full set of 5 [seed].
pub const JUNIOR_SET_VALUES: [i32; 5] = [0, 1, 3, 7, 13];
pub const JUNIOR_FULL_SET: i32 = 21;
