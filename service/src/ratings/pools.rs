//! Rating pools: one rating per player per pool, a pool being a game and a class of it in
//! which strength carries over. Which pools each game has, and why:
//!
//! Each game says which classes it has and why, beside its rules (`Game::rating_class`
//! in the game's folder); this file makes pools of them.
//!
//! Player counts are apart everywhere because a rating predicts results against the
//! opponents of a pool: a 1v1 win and a four-player win are not the same evidence (Board
//! Game Arena keeps one rating per game, Lichess one per variant and time control; we
//! follow the finer choice where the game changes).

use agora_engine::registry::{AnyOptions, GameKind};

/// A pool's id: `<game id>/<class>`, e.g. `origin/standard-2p`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PoolId(String);

impl PoolId {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The pool named `id`, if it is one the catalog lists.
    pub fn parse(id: &str) -> Option<PoolId> {
        all().into_iter().map(|p| p.id).find(|p| p.0 == id)
    }

    /// The game the pool is of.
    pub fn game_id(&self) -> &str {
        self.0.split('/').next().unwrap_or_default()
    }

    fn of(game: &str, class: String) -> PoolId {
        PoolId(format!("{game}/{class}"))
    }
}

impl std::fmt::Display for PoolId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A pool as the catalog shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pool {
    pub id: PoolId,
    pub game_id: &'static str,
    pub players: u8,
    /// Which games count, in a sentence.
    pub description: String,
}

/// The pool a session of `options` is rated in; None when such a game is never rated
/// (solo).
pub fn pool_of(options: &AnyOptions) -> Option<PoolId> {
    options
        .rating_class()
        .map(|class| PoolId::of(options.game_id(), class))
}

/// Every pool, game by game in catalog order.
pub fn all() -> Vec<Pool> {
    GameKind::ALL
        .iter()
        .flat_map(|kind| {
            kind.rating_classes().into_iter().map(|c| Pool {
                id: PoolId::of(kind.id(), c.class),
                game_id: kind.id(),
                players: c.players,
                description: c.description,
            })
        })
        .collect()
}

/// The pools of game `game_id` (none for an unknown game).
pub fn of_game(game_id: &str) -> Vec<Pool> {
    all().into_iter().filter(|p| p.game_id == game_id).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_engine::origin;

    #[test]
    fn every_rateable_configuration_has_a_listed_pool_and_solo_has_none() {
        for kind in agora_engine::registry::GameKind::ALL {
            for (name, options) in kind.configurations() {
                match pool_of(&options) {
                    Some(pool) => {
                        assert_eq!(PoolId::parse(pool.as_str()), Some(pool.clone()), "{name}");
                        assert_eq!(pool.game_id(), options.game_id());
                    }
                    None => {
                        let state = agora_engine::registry::AnyState::setup(&options, 0);
                        assert_eq!(state.expect("sets up").seat_count(), 1, "{name}");
                    }
                }
            }
        }
    }

    #[test]
    fn junior_and_standard_are_apart() {
        let junior = AnyOptions::Origin(origin::Options {
            rules: origin::RuleSet::Junior,
            ..Default::default()
        });
        let standard = AnyOptions::Origin(origin::Options::default());
        assert_eq!(pool_of(&junior).unwrap().as_str(), "origin/junior-2p");
        assert_eq!(pool_of(&standard).unwrap().as_str(), "origin/standard-2p");
        assert!(PoolId::parse("origin/blitz").is_none());
    }
}
