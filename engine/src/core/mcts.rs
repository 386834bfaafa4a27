//! A bot that searches without cheating: single-observer information-set Monte Carlo tree
//! search (SO-ISMCTS, Cowling, Powley and Whitehouse 2012), for every game at once.
//!
//! The bot never plays out the true state. Each iteration starts from a fresh
//! [`Game::determinize`] of it for the bot's seat (a full state the seat cannot tell from
//! the true one, hidden cards and future draws dealt again), so the tree gathers what is
//! good on average over everything the seat might be facing. Nodes are reached by the
//! decisions taken (seat and action), not by states, and a child is only a candidate in
//! the determinizations where its action is legal: its UCB term counts those
//! ("availability") rather than its parent's visits. Playouts are uniform random games to
//! the end, scored by rank.

use crate::core::playout::RandomBot;
use crate::{Game, GameRng, Outcome, Seat};
use std::time::{Duration, Instant};

/// How long the bot may think about one decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of iterations: the same view and seed give the same choice.
    Iterations(u32),
    /// Wall-clock time: stronger on a fast machine, not reproducible.
    Time(Duration),
}

/// The exploration constant of UCB1 for rewards in `0..=1`.
const EXPLORATION: f64 = 0.7;

/// Playouts longer than this are scored as a draw between all seats, so a game whose
/// random play rarely ends cannot stall a decision.
const PLAYOUT_STEPS: usize = 5_000;

/// One decision in the tree: who took it, which action, and what followed it.
struct Node<A> {
    /// `None` at the root.
    edge: Option<(Seat, A)>,
    children: Vec<usize>,
    visits: u32,
    /// Iterations in which this node's action was legal when its parent was reached.
    available: u32,
    /// Sum of the rewards of the seat that took `edge`.
    reward: f64,
}

impl<A> Node<A> {
    fn new(edge: Option<(Seat, A)>) -> Self {
        Node {
            edge,
            children: Vec::new(),
            visits: 0,
            available: 0,
            reward: 0.0,
        }
    }

    fn ucb(&self) -> f64 {
        let visits = f64::from(self.visits.max(1));
        self.reward / visits + EXPLORATION * (f64::from(self.available.max(1)).ln() / visits).sqrt()
    }
}

/// The action the search chooses for `seat` in `state`, or `None` when `seat` has nothing
/// to decide. What `seat` cannot see does not change the choice: only determinizations of
/// `state` for `seat` are searched, and those depend only on what `seat` sees.
pub fn choose<G: Game>(
    state: &G::State,
    seat: Seat,
    budget: Budget,
    seed: u64,
) -> Option<G::Action> {
    let mut legal = G::legal_actions(state, seat);
    if legal.len() <= 1 {
        return legal.pop();
    }
    let mut rng = GameRng::seeded(seed);
    let mut playouts = RandomBot::seeded(seed.rotate_left(17) ^ 0xA5A5);
    let mut tree = vec![Node::new(None)];
    let started = Instant::now();
    let mut iteration = 0u32;
    while match budget {
        Budget::Iterations(n) => iteration < n,
        Budget::Time(limit) => iteration == 0 || started.elapsed() < limit,
    } {
        iteration += 1;
        let mut world = G::determinize(state, seat, &mut rng);
        let path = descend::<G>(&mut tree, &mut world, seat, &mut playouts);
        let rewards = playout::<G>(&mut world, &mut playouts);
        for &i in &path {
            let node = &mut tree[i];
            node.visits += 1;
            if let Some((mover, _)) = &node.edge {
                node.reward += rewards.get(mover.index()).copied().unwrap_or(0.0);
            }
        }
    }
    // The most visited of the root's children: the robust choice.
    let best = tree[0]
        .children
        .iter()
        .map(|&c| &tree[c])
        .filter_map(|n| n.edge.as_ref().map(|(_, a)| (n.visits, a)))
        .filter(|(_, a)| legal.contains(a))
        .max_by_key(|(visits, _)| *visits)
        .map(|(_, a)| a.clone());
    best.or_else(|| legal.into_iter().next())
}

/// Selection and expansion in one determinization: follows the best available child by UCB
/// until a decision with an untried action, which it adds and plays. Returns the nodes
/// visited, root first; `world` is left where the playout starts.
fn descend<G: Game>(
    tree: &mut Vec<Node<G::Action>>,
    world: &mut G::State,
    seat: Seat,
    rng: &mut RandomBot,
) -> Vec<usize> {
    let mut at = 0;
    let mut path = vec![0];
    loop {
        let to_act = G::to_act(world);
        // At the root the bot's own decision is searched, even when others decide too.
        let mover = if at == 0 {
            Some(seat)
        } else {
            to_act.iter().next()
        };
        let Some(mover) = mover else {
            return path;
        };
        let legal = G::legal_actions(world, mover);
        if legal.is_empty() {
            return path;
        }
        let known: Vec<Option<usize>> =
            legal
                .iter()
                .map(|action| {
                    tree[at].children.iter().copied().find(
                        |&c| matches!(&tree[c].edge, Some((s, a)) if *s == mover && a == action),
                    )
                })
                .collect();
        let untried: Vec<usize> = (0..legal.len()).filter(|&i| known[i].is_none()).collect();
        let (child, action) = if untried.is_empty() {
            let mut best: Option<(f64, usize, usize)> = None;
            for (i, child) in known.iter().enumerate() {
                let Some(c) = *child else { continue };
                tree[c].available += 1;
                let score = tree[c].ucb();
                if best.is_none_or(|(s, _, _)| score > s) {
                    best = Some((score, c, i));
                }
            }
            let Some((_, c, i)) = best else {
                return path;
            };
            (c, &legal[i])
        } else {
            let i = untried[rng.below(untried.len())];
            let c = tree.len();
            tree.push(Node::new(Some((mover, legal[i].clone()))));
            tree[c].available = 1;
            tree[at].children.push(c);
            for other in known.iter().flatten() {
                tree[*other].available += 1;
            }
            (c, &legal[i])
        };
        if G::apply(world, mover, action).is_err() {
            return path;
        }
        path.push(child);
        if !untried.is_empty() {
            return path;
        }
        at = child;
    }
}

/// Plays uniformly random legal actions to the end; each seat's reward in `0..=1`.
fn playout<G: Game>(world: &mut G::State, rng: &mut RandomBot) -> Vec<f64> {
    for _ in 0..PLAYOUT_STEPS {
        let Some((seat, action)) = rng.choose::<G>(world) else {
            break;
        };
        if G::apply(world, seat, &action).is_err() {
            break;
        }
    }
    let seats = G::seat_count(world);
    match G::outcome(world) {
        Some(outcome) => rewards(&outcome, seats),
        None => vec![0.5; seats],
    }
}

/// A seat's reward from the final ranks: 1 for first, 0 for last, evenly between (shared
/// ranks share the better value). A solo game rewards reaching its target, and halfway
/// towards it.
pub fn rewards(outcome: &Outcome, seats: usize) -> Vec<f64> {
    let mut out = vec![0.0; seats];
    for standing in &outcome.standings {
        let value = match standing.solo {
            Some(solo) => {
                let progress = if solo.target > 0 {
                    (f64::from(standing.score) / f64::from(solo.target)).clamp(0.0, 1.0)
                } else {
                    1.0
                };
                0.5 * f64::from(u8::from(solo.won)) + 0.5 * progress
            }
            None if seats > 1 => {
                f64::from(seats as u32 - u32::from(standing.rank).min(seats as u32))
                    / (seats as f64 - 1.0)
            }
            None => 1.0,
        };
        if let Some(slot) = out.get_mut(standing.seat.index()) {
            *slot = value;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{SoloResult, Standing};

    fn standing(seat: u8, rank: u8, score: i32, solo: Option<SoloResult>) -> Standing {
        Standing {
            seat: Seat(seat),
            score,
            rank,
            tie_breaks: Vec::new(),
            breakdown: Vec::new(),
            solo,
        }
    }

    #[test]
    fn first_is_worth_one_last_nothing_and_ties_share_the_better_rank() {
        let outcome = Outcome {
            standings: vec![
                standing(0, 3, 10, None),
                standing(1, 1, 30, None),
                standing(2, 1, 30, None),
            ],
        };
        assert_eq!(rewards(&outcome, 3), vec![0.0, 1.0, 1.0]);
        let four = Outcome {
            standings: (0..4).map(|s| standing(s, s + 1, 0, None)).collect(),
        };
        let r = rewards(&four, 4);
        assert_eq!(r[0], 1.0);
        assert!((r[1] - 2.0 / 3.0).abs() < 1e-9 && (r[2] - 1.0 / 3.0).abs() < 1e-9);
        assert_eq!(r[3], 0.0);
    }

    #[test]
    fn a_solo_game_rewards_the_target_and_the_way_to_it() {
        let solo = |score, won| Outcome {
            standings: vec![standing(0, 1, score, Some(SoloResult { target: 40, won }))],
        };
        assert_eq!(rewards(&solo(40, true), 1), vec![1.0]);
        assert_eq!(rewards(&solo(20, false), 1), vec![0.25]);
        assert_eq!(rewards(&solo(-5, false), 1), vec![0.0]);
    }
}
