//! Innovation tiles: the stacking rule (2.5), a player's stacks, and the face-up slots of the
//! Standard reward board (columns yellow 3, orange 3, purple 3, brown 6).

use super::data::{column_index, tables, COLUMNS};
use super::types::{TileColumn, TileId, TileSlot};
use serde::{Deserialize, Serialize};

/// A player's tiles, stack by stack, bottom to top.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stacks(pub Vec<Vec<TileId>>);

pub fn level(tile: TileId) -> u8 {
    tables().tile_level(tile)
}

impl Stacks {
    /// Rules 2.5: level 1 always; level L only on a free tile of level L - 1.
    pub fn can_place(&self, lvl: u8) -> bool {
        lvl == 1
            || self
                .0
                .iter()
                .any(|s| s.last().map(|&t| level(t)) == Some(lvl - 1))
    }

    /// Puts `tile` on the first free tile of the level below, or starts a stack.
    /// `stacking = false` (Junior, ASSUMPTION 22): every tile starts its own stack.
    pub fn place(&mut self, tile: TileId, stacking: bool) {
        let lvl = level(tile);
        if stacking && lvl > 1 {
            if let Some(stack) = self
                .0
                .iter_mut()
                .find(|s| s.last().map(|&t| level(t)) == Some(lvl - 1))
            {
                stack.push(tile);
                return;
            }
        }
        self.0.push(vec![tile]);
    }

    /// The free (top) tiles.
    pub fn free(&self) -> impl Iterator<Item = TileId> + '_ {
        self.0.iter().filter_map(|s| s.last().copied())
    }

    /// Removes a free tile; false if `tile` is not on top of a stack.
    pub fn remove_free(&mut self, tile: TileId) -> bool {
        if let Some(i) = self.0.iter().position(|s| s.last() == Some(&tile)) {
            self.0[i].pop();
            if self.0[i].is_empty() {
                self.0.remove(i);
            }
            true
        } else {
            false
        }
    }

    pub fn all(&self) -> impl Iterator<Item = TileId> + '_ {
        self.0.iter().flatten().copied()
    }

    pub fn count(&self) -> usize {
        self.0.iter().map(Vec::len).sum()
    }

    pub fn max_level(&self) -> u8 {
        self.all().map(level).max().unwrap_or(0)
    }

    pub fn levels(&self) -> Vec<Vec<u8>> {
        self.0
            .iter()
            .map(|s| s.iter().map(|&t| level(t)).collect())
            .collect()
    }
}

/// Total number of face-up slots (15).
pub fn slot_count() -> usize {
    tables().column_slots.iter().map(|&n| n as usize).sum()
}

fn column_base(column: TileColumn) -> usize {
    let slots = tables().column_slots;
    slots[..column_index(column)]
        .iter()
        .map(|&n| n as usize)
        .sum()
}

/// Flat index of a slot, `None` if it does not exist.
pub fn slot_index(slot: TileSlot) -> Option<usize> {
    if slot.index >= tables().slots_in(slot.column) {
        return None;
    }
    Some(column_base(slot.column) + slot.index as usize)
}

pub fn slot_at(i: usize) -> TileSlot {
    let mut base = 0usize;
    for c in COLUMNS {
        let n = tables().slots_in(c) as usize;
        if i < base + n {
            return TileSlot {
                column: c,
                index: (i - base) as u8,
            };
        }
        base += n;
    }
    TileSlot {
        column: TileColumn::Brown,
        index: 0,
    }
}

/// A set of columns as a bitmask over [`COLUMNS`].
pub fn column_bit(column: TileColumn) -> u8 {
    1 << column_index(column)
}

pub const ALL_COLUMNS: u8 = 0b1111;
