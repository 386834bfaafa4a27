//! What holds in every reachable state (the conformance suite checks it after every step):
//! dice, building tiles, tower floors, Orators and Superiority tokens are neither created
//! nor lost, and no player holds more Freemen than bases.

use super::data::tables;
use super::state::{State, Task};
use super::types::{CityTile, Colour};

/// The first broken invariant of `s`, in words.
pub fn check(s: &State) -> Result<(), String> {
    let c = &tables().board.constants;
    for colour in Colour::ALL {
        let i = colour.index();
        let dice = dice_of(s, colour);
        if dice != usize::from(s.dice_total[i]) {
            return Err(format!(
                "{} dice: {dice} in play, {} in the box",
                colour.code(),
                s.dice_total[i]
            ));
        }
        let tiles = tiles_of(s, colour);
        let printed = printed_tiles(colour);
        if tiles != printed {
            return Err(format!(
                "{} building tiles: {tiles} in play, {printed} printed",
                colour.code()
            ));
        }
        let floors = usize::from(s.floor_reserve[i])
            + usize::from(s.floor_box[i])
            + s.players
                .iter()
                .map(|p| usize::from(p.towers[i]))
                .sum::<usize>();
        if floors != usize::from(c.floors_per_colour) {
            return Err(format!(
                "{} tower floors: {floors}, {} expected",
                colour.code(),
                c.floors_per_colour
            ));
        }
    }
    let orators = s.orator_area.iter().flatten().count()
        + s.players.iter().map(|p| p.orators.len()).sum::<usize>();
    if orators != usize::from(s.orators_total) {
        return Err(format!("Orators: {orators}, {} expected", s.orators_total));
    }
    let tokens = usize::from(s.superiority_supply)
        + s.players
            .iter()
            .map(|p| usize::from(p.superiority))
            .sum::<usize>();
    if tokens != usize::from(c.superiority_tokens) {
        return Err(format!(
            "Superiority tokens: {tokens}, {} expected",
            c.superiority_tokens
        ));
    }
    for (seat, p) in s.seats().zip(&s.players) {
        if p.freemen.len() > usize::from(p.bases) {
            return Err(format!(
                "{seat}: {} Freemen on {} bases",
                p.freemen.len(),
                p.bases
            ));
        }
        if p.bases > c.bases_total {
            return Err(format!("{seat}: {} bases of {}", p.bases, c.bases_total));
        }
    }
    super::modules::invariants(s)
}

/// Dice of `colour` in the reserve, the recruitment track, the draft pool and with players
/// (Freemen, Seats of Power, Counsellors).
fn dice_of(s: &State, colour: Colour) -> usize {
    let mut n = usize::from(s.dice_reserve[colour.index()]);
    n += s
        .recruitment
        .iter()
        .flatten()
        .filter(|d| d.colour == colour)
        .count();
    n += s.draft_pool.iter().filter(|d| d.colour == colour).count();
    for p in &s.players {
        n += p.freemen.iter().filter(|f| f.die.colour == colour).count();
        n += p.seats.iter().filter(|(_, d)| d.colour == colour).count();
        n += p.counsellors.iter().filter(|&&c| c == colour).count();
    }
    n
}

/// Building tiles of `colour` in the piles, the Market, cities (as buildings or Farms),
/// kept aside, and the one being placed.
fn tiles_of(s: &State, colour: Colour) -> usize {
    let is = |b: &super::types::BuildingId| b.colour() == Some(colour);
    let mut n = s.piles[colour.index()].len();
    n += s.market.iter().flatten().filter(|b| is(b)).count();
    for p in &s.players {
        n += p
            .city
            .iter()
            .filter(|t| match &t.tile {
                CityTile::Building(b) | CityTile::Farm { building: b, .. } => is(b),
                CityTile::Palace | CityTile::Agora | CityTile::Wonder(_) => false,
            })
            .count();
        n += p.kept.iter().filter(|b| is(b)).count();
    }
    n += s
        .tasks
        .iter()
        .filter(|t| match t {
            Task::Place {
                tile: CityTile::Building(b) | CityTile::Farm { building: b, .. },
                ..
            } => is(b),
            _ => false,
        })
        .count();
    n
}

/// Tiles of `colour` in the box (copies of each building type).
fn printed_tiles(colour: Colour) -> usize {
    tables()
        .buildings
        .iter()
        .filter(|b| b.colour == colour)
        .map(|b| usize::from(b.copies))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::first_builders::{FirstBuilders, Options};
    use crate::Game;

    fn two_player_game() -> State {
        FirstBuilders::setup(&Options::players(2), 5).expect("setup")
    }

    #[test]
    fn a_fresh_game_keeps_every_component() {
        for players in 1..=4 {
            let s = FirstBuilders::setup(&Options::players(players), 9).expect("setup");
            assert_eq!(FirstBuilders::invariants(&s), Ok(()));
        }
    }

    #[test]
    fn a_lost_die_a_made_tile_or_a_spare_token_is_caught() {
        let mut lost_die = two_player_game();
        lost_die.dice_reserve[0] -= 1;
        assert!(FirstBuilders::invariants(&lost_die)
            .unwrap_err()
            .starts_with("R dice"));

        let mut extra_tile = two_player_game();
        let top = extra_tile.piles[2].last().copied().expect("a blue pile");
        extra_tile.piles[2].push(top);
        assert!(FirstBuilders::invariants(&extra_tile)
            .unwrap_err()
            .starts_with("B building tiles"));

        let mut token = two_player_game();
        token.players[0].superiority += 1;
        assert!(FirstBuilders::invariants(&token)
            .unwrap_err()
            .starts_with("Superiority"));

        let mut too_many_bases = two_player_game();
        too_many_bases.players[1].bases = 7;
        assert_eq!(
            FirstBuilders::invariants(&too_many_bases),
            Err("seat 1: 7 bases of 6".to_string())
        );
    }
}
