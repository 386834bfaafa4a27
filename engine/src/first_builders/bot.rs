//! A bot that plays Origins like a builder, not uniformly at random: it saves its Gold for
//! towers, raises a tower whenever it can, builds, completes Districts and claims Wonders.
//! Property tests and the game-length example use it so that games reach the late game
//! and the base end conditions (a uniform bot spends its Gold as the Wisdom joker and
//! games never end).
//!
//! Each decision is a short priority list over the legal actions; an action's effect on
//! the bot's Gold is found by applying it to a copy of the state.

use super::data::{tables, BonusEffect, MainAction};
use super::types::{Action, Colour, MainSlot, Pending, Resource};
use super::{view, FirstBuilders, State};
use crate::{Game, GameRng, Seat};

/// The builder bot, with its own random stream for ties.
pub struct Builder {
    rng: GameRng,
}

impl Builder {
    pub fn seeded(seed: u64) -> Self {
        Builder {
            rng: GameRng::seeded(seed),
        }
    }

    /// The first seat to act and the bot's action for it; `None` when the game is over.
    pub fn choose(&mut self, state: &State) -> Option<(Seat, Action)> {
        let seat = FirstBuilders::to_act(state).iter().next()?;
        let legal = FirstBuilders::legal_actions(state, seat);
        if legal.is_empty() {
            return None;
        }
        let action = self.pick_for(state, seat, &legal);
        Some((seat, action))
    }

    fn pick(&mut self, wanted: Vec<Action>) -> Option<Action> {
        (!wanted.is_empty()).then(|| wanted[self.rng.index(wanted.len())])
    }

    fn pick_for(&mut self, state: &State, seat: Seat, legal: &[Action]) -> Action {
        let gold = |s: &State| s.player(seat).res[Resource::Gold.index()];
        // Gold buys towers (and a Wonder): never spend it as the joker if anything else
        // is legal.
        let thrifty: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| match a {
                Action::RaiseTower(_) | Action::ClaimWonder => true,
                _ => {
                    let mut next = state.clone();
                    FirstBuilders::apply(&mut next, seat, a).is_ok() && gold(&next) >= gold(state)
                }
            })
            .collect();
        let options: &[Action] = if thrifty.is_empty() { legal } else { &thrifty };
        let wanted = |f: &dyn Fn(&Action) -> bool| -> Vec<Action> {
            options.iter().copied().filter(|a| f(a)).collect()
        };
        let t = tables();
        let goals = goals(state, seat);
        // The first goal a Meeting Place (or one of its main actions) serves.
        let serves = |place: u8, slot: Option<MainSlot>| -> Option<usize> {
            let mp = t.board.meeting_place.get(place as usize - 1)?;
            let mains = match slot {
                Some(MainSlot::Top) => vec![mp.top],
                Some(MainSlot::Bottom) => vec![mp.bottom],
                None => vec![mp.top, mp.bottom],
            };
            goals.iter().position(|g| mains.contains(g))
        };
        let best = |scored: Vec<(Action, Option<usize>)>| -> Vec<Action> {
            let Some(top) = scored.iter().filter_map(|(_, g)| *g).min() else {
                return Vec::new();
            };
            scored
                .into_iter()
                .filter(|(_, g)| *g == Some(top))
                .map(|(a, _)| a)
                .collect()
        };
        let priorities: [Vec<Action>; 6] = [
            wanted(&|a| match a {
                Action::RaiseTower(c) => dice_colours(state, seat).contains(c),
                Action::ClaimWonder => true,
                _ => false,
            }),
            wanted(&|a| {
                matches!(
                    a,
                    Action::BuildWonder
                        | Action::MarketTile { farm: false, .. }
                        | Action::KeptTile(_)
                )
            }),
            match view::pending(state) {
                Pending::VisitActions { place } => {
                    let bonus_builds = state.places()[place as usize - 1]
                        .bonus
                        .row()
                        .is_some_and(|b| b.effect == BonusEffect::Build);
                    let mut v = best(
                        options
                            .iter()
                            .filter_map(|a| match a {
                                Action::Main(slot) => Some((*a, serves(place, Some(*slot)))),
                                _ => None,
                            })
                            .collect(),
                    );
                    if bonus_builds && options.contains(&Action::Bonus) {
                        v.push(Action::Bonus);
                    }
                    v
                }
                Pending::ChooseMeetingPlace { .. } => best(
                    options
                        .iter()
                        .filter_map(|a| match a {
                            Action::MeetingPlace(p) => Some((*a, serves(*p, None))),
                            _ => None,
                        })
                        .collect(),
                ),
                _ => Vec::new(),
            },
            wanted(&|a| matches!(a, Action::CompleteDistrict(_))),
            // Anything that brings Gold in.
            wanted(&|a| {
                let mut next = state.clone();
                FirstBuilders::apply(&mut next, seat, a).is_ok() && gold(&next) > gold(state)
            }),
            // Pass only when nothing else is left.
            wanted(&|a| *a != Action::Pass),
        ];
        for wanted in priorities {
            if let Some(a) = self.pick(wanted) {
                return a;
            }
        }
        legal[self.rng.index(legal.len())]
    }
}

/// The main actions the bot is after, most wanted first: Recruitment when it has no
/// Freeman left to send, Gold when it cannot pay for its cheapest tower, else building.
fn goals(state: &State, seat: Seat) -> Vec<MainAction> {
    let p = state.player(seat);
    let idle_freemen = p.freemen.iter().filter(|f| f.at.is_none()).count();
    let cheapest_tower = dice_colours(state, seat)
        .iter()
        .filter(|c| state.floor_reserve(**c) > 0)
        .map(|c| u32::from(p.towers[c.index()]))
        .min();
    let mut goals = Vec::new();
    if idle_freemen == 0 && state.free_bases(seat) > 0 {
        goals.push(MainAction::Recruit);
    }
    if cheapest_tower.is_some_and(|cost| p.res[Resource::Gold.index()] < cost) {
        goals.push(MainAction::Gold);
    }
    goals.extend([MainAction::Build, MainAction::Recruit, MainAction::Gold]);
    goals
}

/// The colours of the bot's Seat dice: a tower scores its height times each Seat die of
/// its colour (final scoring 4), so only those towers are worth raising.
fn dice_colours(state: &State, seat: Seat) -> Vec<Colour> {
    let p = state.player(seat);
    Colour::ALL
        .into_iter()
        .filter(|c| p.seats.iter().any(|(_, d)| d.colour == *c))
        .collect()
}
