//! What holds in every reachable state of Origin ([`crate::Game::invariants`]): components
//! are neither created nor lost (cards, tiles, pawns, villages, tokens) and seats and
//! counts stay in bounds. The conformance suite checks it after every step.

use super::assumptions::VILLAGES_PER_PLAYER;
use super::data::tables;
use super::pawns::{self, PAWN_TYPES};
use super::state::{State, CARD_COLORS};
use super::types::{CardId, StraitId};

pub fn check(state: &State) -> Result<(), String> {
    cards(state)?;
    tiles(state)?;
    pawns_and_villages(state)?;
    tokens(state)?;
    bounds(state)
}

/// Every card is in exactly one place: a pile, the discard, a hand, the played cards or
/// the draft.
fn cards(state: &State) -> Result<(), String> {
    let mut seen = vec![0u8; tables().cards.len()];
    let mut mark = |cards: &[CardId]| {
        for &card in cards {
            if let Some(n) = seen.get_mut(card.0 as usize) {
                *n += 1;
            }
        }
    };
    for color in CARD_COLORS {
        mark(state.pile(color));
    }
    mark(&state.discard);
    for player in &state.players {
        mark(&player.hand);
        mark(&player.permanents);
        mark(&player.played_objectives);
    }
    for dealt in &state.draft {
        mark(dealt);
    }
    match seen.iter().position(|&n| n != 1) {
        Some(i) => Err(format!(
            "card {} is in {} places",
            CardId(i as u8).code(),
            seen[i]
        )),
        None => Ok(()),
    }
}

/// Every Innovation tile is face down, in a slot or in one player's stacks, once.
fn tiles(state: &State) -> Result<(), String> {
    let mut seen = vec![0u8; tables().tile_count()];
    let stacked = state
        .players
        .iter()
        .flat_map(|p| p.tiles.0.iter().flatten().copied());
    let slotted = state.slots.iter().flatten().copied();
    for tile in state
        .tile_pile
        .iter()
        .copied()
        .chain(slotted)
        .chain(stacked)
    {
        match seen.get_mut(tile.0 as usize) {
            Some(n) => *n += 1,
            None => return Err(format!("tile {} does not exist", tile.0)),
        }
    }
    match seen.iter().position(|&n| n != 1) {
        Some(i) => Err(format!("tile {i} is in {} places", seen[i])),
        None => Ok(()),
    }
}

/// Reserve plus board is the box's pawns for this player count; each pawn a player owns on
/// the board carries one of his villages.
fn pawns_and_villages(state: &State) -> Result<(), String> {
    let four = state.options.players == 4;
    let mut expected = [0u8; PAWN_TYPES];
    for row in &tables().pawns {
        if let Some(k) = pawns::index(row.pawn) {
            expected[k] = if four {
                row.copies_4_players
            } else {
                row.copies_2_3_players
            };
        }
    }
    let mut counted = state.reserve.clone();
    let mut villages = vec![0u8; state.players.len()];
    for placed in state.board.iter().flatten() {
        let k = pawns::index(placed.pawn).ok_or("an impossible pawn is on the board")?;
        counted[k] += 1;
        if let Some(owner) = placed.owner {
            let n = villages
                .get_mut(owner.index())
                .ok_or_else(|| format!("a pawn belongs to absent {owner}"))?;
            *n += 1;
        }
    }
    if let Some(k) = (0..PAWN_TYPES).find(|&k| counted[k] != expected[k]) {
        return Err(format!(
            "{} pawns of type {} exist, the box has {}",
            counted[k],
            pawns::from_index(k).code(),
            expected[k]
        ));
    }
    for (i, player) in state.players.iter().enumerate() {
        if player.villages_left + villages[i] != VILLAGES_PER_PLAYER {
            return Err(format!(
                "seat {i} has {} villages left and {} on the board",
                player.villages_left, villages[i]
            ));
        }
    }
    Ok(())
}

/// Hunting and strait tokens keep their values; each strait's token is on it or owned once.
fn tokens(state: &State) -> Result<(), String> {
    let t = tables();
    let mut hunting: Vec<u8> = state.hunting.iter().flatten().copied().collect();
    hunting.extend(state.unused_hunting);
    for player in &state.players {
        hunting.extend(&player.hunting_tokens);
    }
    let mut expected = t.hunting_tokens.values.clone();
    hunting.sort_unstable();
    expected.sort_unstable();
    if hunting != expected {
        return Err(format!(
            "hunting tokens {hunting:?}, the box has {expected:?}"
        ));
    }
    let mut values: Vec<u8> = state.straits.iter().flatten().copied().collect();
    let mut owned = vec![0u8; state.straits.len()];
    for player in &state.players {
        for &(strait, value) in &player.strait_tokens {
            values.push(value);
            let on_board = state.straits.get(strait.0 as usize).copied().flatten();
            match owned.get_mut(strait.0 as usize) {
                Some(n) if on_board.is_none() => *n += 1,
                _ => return Err(format!("strait token {} is owned twice", strait.code())),
            }
        }
    }
    if let Some(i) = owned
        .iter()
        .enumerate()
        .position(|(i, &n)| n + u8::from(state.straits[i].is_some()) != 1)
    {
        let strait = StraitId(i as u8).code();
        return Err(format!("strait {strait} has {} tokens", owned[i]));
    }
    let mut expected = t.strait_tokens.values.clone();
    values.sort_unstable();
    expected.sort_unstable();
    if values != expected {
        return Err(format!(
            "strait tokens {values:?}, the box has {expected:?}"
        ));
    }
    Ok(())
}

/// Seats name players of the game; a game in progress has a pending step.
fn bounds(state: &State) -> Result<(), String> {
    let players = state.options.players;
    if state.players.len() != players as usize || state.draft.len() != players as usize {
        return Err("one player state and one draft per seat".into());
    }
    if state.current.0 >= players {
        return Err(format!("current player {} is not seated", state.current));
    }
    if let Some(end) = &state.end {
        if end.remaining.iter().any(|s| s.0 >= players) {
            return Err("the final round names an absent seat".into());
        }
    }
    if !state.over && state.stack.is_empty() {
        return Err("the game is not over but nothing is pending".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::origin::Origin;
    use crate::Game;

    /// A Standard 4-player game after setup (the conformance suite runs whole games).
    fn started() -> State {
        let state = Origin::setup(&Origin::configurations()[2].1, 9).unwrap();
        assert_eq!(check(&state), Ok(()));
        state
    }

    #[test]
    fn a_lost_card_is_caught() {
        let mut state = started();
        state.piles[0].pop();
        assert!(check(&state).unwrap_err().contains("card"));
    }

    #[test]
    fn a_duplicated_tile_is_caught() {
        let mut state = started();
        let tile = state.tile_pile[0];
        state.tile_pile.push(tile);
        assert!(check(&state).unwrap_err().contains("tile"));
    }

    #[test]
    fn a_pawn_from_nowhere_is_caught() {
        let mut state = started();
        state.reserve[5] += 1;
        assert!(check(&state).unwrap_err().contains("pawns of type"));
    }

    #[test]
    fn a_lost_village_is_caught() {
        let mut state = started();
        state.players[1].villages_left -= 1;
        assert!(check(&state).unwrap_err().contains("villages"));
    }

    #[test]
    fn a_token_taken_twice_is_caught() {
        let mut state = started();
        let strait = StraitId(0);
        let value = state.straits[0].unwrap_or(3);
        state.players[0].strait_tokens.push((strait, value));
        assert!(check(&state).is_err());
        let mut state = started();
        state.players[0].hunting_tokens.push(4);
        assert!(check(&state).unwrap_err().contains("hunting"));
    }

    #[test]
    fn an_absent_current_player_is_caught() {
        let mut state = started();
        state.current = crate::Seat(7);
        assert!(check(&state).unwrap_err().contains("current"));
    }
}
