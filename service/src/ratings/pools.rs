//! Rating pools: one rating per player per pool, a pool being a game and a class of it in
//! which strength carries over. Which pools each game has, and why:
//!
//! - `origin`: the rule set and the player count. Junior plays the cards by their backs
//!   only, with no choices of effect and an end as soon as one pile runs out (rules §1.4,
//!   §3): a Junior result says little about Standard play. Two, three and four players
//!   change how contested the map and the card market are.
//! - `terra-nova`: the player count, with the two 2-player neutral-house variants apart:
//!   they play on the board's 2-player side with neutral houses (rules §4.13), another
//!   map. The faction draft or fixed factions, the turn-order variant and the first-game
//!   presets only change the setup, not the skill the game asks: they share the pool.
//! - `origins`: the player count, with the expansion's modules (Ancient Wonders or
//!   Builders' Challenges, alone or together) apart from the base game: they add scoring
//!   and goals. The solo training mode is never rated (no opponent).
//! - `attika`: the player count; the amphora-for-a-card option is one exchange more and
//!   shares the pool.
//!
//! Player counts are apart everywhere because a rating predicts results against the
//! opponents of a pool: a 1v1 win and a four-player win are not the same evidence (Board
//! Game Arena keeps one rating per game, Lichess one per variant and time control; we
//! follow the finer choice where the game changes).

use agora_engine::registry::AnyOptions;
use agora_engine::{first_builders, origin, terra_nova};

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
    let game = options.game_id();
    let class = match options {
        AnyOptions::Origin(o) => {
            let rules = match o.rules {
                origin::RuleSet::Standard => "standard",
                origin::RuleSet::Junior => "junior",
            };
            format!("{rules}-{}p", o.players)
        }
        AnyOptions::TerraNova(o) => {
            if o.neutral_variant == terra_nova::NeutralVariant::None {
                format!("{}p", o.players)
            } else {
                format!("{}p-neutral", o.players)
            }
        }
        AnyOptions::Origins(o) => {
            let modules = o.wonders || o.challenges != first_builders::types::Challenges::None;
            if modules {
                format!("expansion-{}p", o.players)
            } else {
                format!("{}p", o.players)
            }
        }
        AnyOptions::Attika(o) => format!("{}p", o.players),
    };
    (options_players(options) >= 2).then(|| PoolId::of(game, class))
}

fn options_players(options: &AnyOptions) -> u8 {
    match options {
        AnyOptions::Origin(o) => o.players,
        AnyOptions::TerraNova(o) => o.players,
        AnyOptions::Origins(o) => o.players,
        AnyOptions::Attika(o) => o.players,
    }
}

/// Every pool, game by game in catalog order.
pub fn all() -> Vec<Pool> {
    let mut pools = Vec::new();
    let mut add = |game: &'static str, class: String, players: u8, description: String| {
        pools.push(Pool {
            id: PoolId::of(game, class),
            game_id: game,
            players,
            description,
        })
    };
    for players in 2..=4u8 {
        add(
            "origin",
            format!("standard-{players}p"),
            players,
            format!("Origin, Standard rules, {players} players."),
        );
    }
    for players in 2..=4u8 {
        add(
            "origin",
            format!("junior-{players}p"),
            players,
            format!("Origin, Junior rules, {players} players."),
        );
    }
    for players in 2..=4u8 {
        add(
            "terra-nova",
            format!("{players}p"),
            players,
            format!("Terra Nova, {players} players, any faction setup or turn order."),
        );
    }
    add(
        "terra-nova",
        "2p-neutral".into(),
        2,
        "Terra Nova, 2 players with a neutral-house variant (planner or random).".into(),
    );
    for players in 2..=4u8 {
        add(
            "origins",
            format!("{players}p"),
            players,
            format!("Origins: First Builders, base game, {players} players."),
        );
    }
    for players in 2..=4u8 {
        add(
            "origins",
            format!("expansion-{players}p"),
            players,
            format!(
                "Origins: First Builders with Ancient Wonders and/or Builders' Challenges, {players} players."
            ),
        );
    }
    for players in 2..=4u8 {
        add(
            "attika",
            format!("{players}p"),
            players,
            format!("Attika, {players} players, with or without the amphora option."),
        );
    }
    pools
}

/// The pools of game `game_id` (none for an unknown game).
pub fn of_game(game_id: &str) -> Vec<Pool> {
    all().into_iter().filter(|p| p.game_id == game_id).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rateable_configuration_has_a_listed_pool_and_solo_has_none() {
        for kind in agora_engine::registry::GameKind::ALL {
            for (name, options) in kind.configurations() {
                match pool_of(&options) {
                    Some(pool) => {
                        assert_eq!(PoolId::parse(pool.as_str()), Some(pool.clone()), "{name}");
                        assert_eq!(pool.game_id(), options.game_id());
                    }
                    None => assert_eq!(options_players(&options), 1, "{name}"),
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
