//! The power cycle (§4.3): three bowls, 8 tokens, gains move I→II then II→III.

use super::state::Player;

impl Player {
    /// Gains `n` power through the bowls; returns how many were actually used (the rest is
    /// lost).
    pub fn gain_power(&mut self, n: u8) -> u8 {
        let mut used = 0;
        for _ in 0..n {
            if self.bowls[0] > 0 {
                self.bowls[0] -= 1;
                self.bowls[1] += 1;
            } else if self.bowls[1] > 0 {
                self.bowls[1] -= 1;
                self.bowls[2] += 1;
            } else {
                break;
            }
            used += 1;
        }
        used
    }

    /// Spends `n` power from bowl III (back to bowl I). False (and nothing changes) if bowl
    /// III holds fewer than `n`.
    pub fn spend_power(&mut self, n: u8) -> bool {
        if self.bowls[2] < n {
            return false;
        }
        self.bowls[2] -= n;
        self.bowls[0] += n;
        true
    }

    /// Power exchange: `n` power III→I, +`n` coins.
    pub fn exchange(&mut self, n: u8) -> bool {
        if !self.spend_power(n) {
            return false;
        }
        self.coins += n as u32;
        true
    }

    /// Total power tokens (always 8).
    pub fn power_tokens(&self) -> u32 {
        self.bowls.iter().map(|b| *b as u32).sum()
    }
}
