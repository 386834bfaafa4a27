use serde::{Deserialize, Serialize};

/// One seat's final result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub seat: crate::Seat,
    pub score: i32,
    /// 1 = winner. Seats still tied after every tie-break share a rank.
    pub rank: u8,
    /// The values compared after the score, in order (e.g. cards in hand).
    pub tie_breaks: Vec<i32>,
    /// Named parts of the score, for display ("objectives" -> 24, ...); they sum to
    /// `score`.
    pub breakdown: Vec<(String, i32)>,
    /// A solo game's result against its target score; `None` with opponents. Always
    /// written (binary snapshots have no optional fields); `default` reads records of
    /// earlier releases that left it out.
    #[serde(default)]
    pub solo: Option<SoloResult>,
}

/// How a solo game ended: the score it had to reach and whether it did (the rule that
/// compares them, `>=` or `>`, is the game's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoloResult {
    pub target: i32,
    pub won: bool,
}

/// The end of a game: one standing per seat, in seat order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub standings: Vec<Standing>,
}

impl Outcome {
    /// Ranks seats by score, then by each tie-break in order (higher is better).
    /// Seats equal on everything share the better rank ("1, 1, 3").
    pub fn ranked(mut standings: Vec<Standing>) -> Outcome {
        let keys: Vec<(i32, Vec<i32>)> = standings
            .iter()
            .map(|s| (s.score, s.tie_breaks.clone()))
            .collect();
        for (i, standing) in standings.iter_mut().enumerate() {
            let better = keys.iter().filter(|k| **k > keys[i]).count();
            standing.rank = (better + 1) as u8;
        }
        Outcome { standings }
    }

    pub fn winners(&self) -> impl Iterator<Item = crate::Seat> + '_ {
        self.standings
            .iter()
            .filter(|s| s.rank == 1)
            .map(|s| s.seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Seat;

    fn standing(seat: u8, score: i32, tie: i32) -> Standing {
        Standing {
            seat: Seat(seat),
            score,
            rank: 0,
            tie_breaks: vec![tie],
            breakdown: vec![],
            solo: None,
        }
    }

    #[test]
    fn ranks_by_score_then_tie_break_and_shares_full_ties() {
        let outcome = Outcome::ranked(vec![
            standing(0, 40, 2),
            standing(1, 51, 0),
            standing(2, 40, 3),
            standing(3, 40, 2),
        ]);
        let ranks: Vec<u8> = outcome.standings.iter().map(|s| s.rank).collect();
        assert_eq!(ranks, vec![3, 1, 2, 3]);
        assert_eq!(outcome.winners().collect::<Vec<_>>(), vec![Seat(1)]);
    }
}
