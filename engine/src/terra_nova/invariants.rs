//! What holds in every reachable state (the conformance suite checks it after every step):
//! power tokens are conserved, pieces on the board match the sheets, no stock exceeds the box.

use super::data::tables;
use super::state::State;
use super::types::{Building, Owner};

/// The first broken invariant, as a sentence naming the seat.
pub fn check(state: &State) -> Result<(), String> {
    let e = &tables().economy;
    let tokens: u32 = e.start_bowls.iter().map(|b| u32::from(*b)).sum();
    let [houses, trading_posts, _, bridges] = e.pieces;
    for (seat, p) in state.seats().zip(&state.players) {
        if p.power_tokens() != tokens {
            return Err(format!(
                "{seat} has {} power tokens in {:?}, not {tokens}",
                p.power_tokens(),
                p.bowls
            ));
        }
        if p.houses_built > houses || p.trading_posts_built > trading_posts {
            return Err(format!(
                "{seat} has built {} houses and {} trading posts, more than the sheet holds",
                p.houses_built, p.trading_posts_built
            ));
        }
        if p.bridges_built > bridges {
            return Err(format!("{seat} has built {} bridges", p.bridges_built));
        }
        let on_board = |kind: Building| {
            state
                .placed
                .iter()
                .flatten()
                .filter(|b| b.owner == Owner::Seat(seat) && b.building == kind)
                .count()
        };
        let counted = [
            (Building::House, usize::from(p.houses_built)),
            (Building::TradingPost, usize::from(p.trading_posts_built)),
            (Building::Palace, usize::from(p.palaces_built())),
        ];
        for (kind, built) in counted {
            if on_board(kind) != built {
                return Err(format!(
                    "{seat} has {} {kind:?} on the board but {built} off its sheet",
                    on_board(kind)
                ));
            }
        }
        let bridges_owned = state.bridges.iter().filter(|o| **o == Some(seat)).count();
        if bridges_owned != usize::from(p.bridges_built) {
            return Err(format!(
                "{seat} owns {bridges_owned} bridges on the board but built {}",
                p.bridges_built
            ));
        }
        let held = state
            .bonus_tiles
            .iter()
            .filter(|s| s.holder == Some(seat))
            .map(|s| s.tile);
        if !held.eq(p.bonus) {
            return Err(format!("{seat}'s bonus tile and the supply disagree"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terra_nova::testing::{build, scenario};
    use crate::terra_nova::Faction;
    use crate::Seat;

    #[test]
    fn a_fresh_game_holds_and_each_corruption_is_caught() {
        let mut state = scenario(&[Faction::Genies, Faction::Golems]);
        build(&mut state, Seat(0), "E5", Building::House);
        assert_eq!(check(&state), Ok(()));

        let mut lost_token = state.clone();
        lost_token.players[1].bowls[0] -= 1;
        assert!(check(&lost_token).unwrap_err().contains("power tokens"));

        let mut ghost_house = state.clone();
        ghost_house.players[0].houses_built += 1;
        assert!(check(&ghost_house).is_err());

        let mut free_bridge = state.clone();
        free_bridge.bridges[0] = Some(Seat(1));
        assert!(check(&free_bridge).unwrap_err().contains("bridges"));

        let mut two_holders = state.clone();
        two_holders.bonus_tiles[0].holder = Some(Seat(0));
        assert!(check(&two_holders).unwrap_err().contains("bonus"));
    }
}
