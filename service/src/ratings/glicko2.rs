//! Glicko-2, exactly as Mark Glickman's "Example of the Glicko-2 system" (2013) computes it:
//! τ = 0.5, convergence ε = 0.000001, the new volatility found with the Illinois algorithm
//! (step 5.1 of the paper). One rating period per game, as Lichess does.
//!
//! Games of three or four seats are rated as the pairwise results of their final ranking
//! within one rating period: each seat "played" every other seat once, winning against
//! the seats ranked below it, drawing with those sharing its rank and losing against the
//! seats above, all against the others' ratings from before the game. This is the "full
//! pair" reduction of a ranking to paired comparisons of Weng & Lin, "A Bayesian
//! Approximation Method for Online Ranking", JMLR 12 (2011), §3.4 (Bradley-Terry full
//! pair), which is also how Glickman's Glicko-2 treats several games of one period:
//! simultaneous results against fixed opponents.

/// Glicko-2's scale factor between the Glicko and Glicko-2 scales (the paper's 173.7178).
pub const SCALE: f64 = 173.7178;
/// The system constant τ: how much volatility may change in one period.
pub const TAU: f64 = 0.5;
/// The volatility iteration stops when its interval is narrower than this.
pub const EPSILON: f64 = 0.000_001;

/// A new player's rating, deviation and volatility.
pub const NEW_RATING: f64 = 1500.0;
pub const NEW_DEVIATION: f64 = 350.0;
pub const NEW_VOLATILITY: f64 = 0.06;
/// Deviation never grows above a new player's.
pub const MAX_DEVIATION: f64 = NEW_DEVIATION;

/// One rating period of inactivity, in milliseconds: a day.
pub const RATING_PERIOD_MS: i64 = 24 * 3600 * 1000;

/// A player's strength on the Glicko scale (rating 1500 for a new player).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Self {
        Rating::NEW
    }
}

impl Rating {
    pub const NEW: Rating = Rating {
        rating: NEW_RATING,
        deviation: NEW_DEVIATION,
        volatility: NEW_VOLATILITY,
    };

    fn mu(self) -> f64 {
        (self.rating - NEW_RATING) / SCALE
    }

    fn phi(self) -> f64 {
        self.deviation / SCALE
    }

    /// The rating after `periods` rating periods without a game (fractional periods
    /// allowed; none or a negative number change nothing): φ' = √(φ² + σ²·t), capped at
    /// [`MAX_DEVIATION`] (step 6 of the paper, once per period).
    pub fn after_inactivity(self, periods: f64) -> Rating {
        if !periods.is_finite() || periods <= 0.0 {
            return self;
        }
        let phi = (self.phi().powi(2) + self.volatility.powi(2) * periods).sqrt();
        Rating {
            deviation: (phi * SCALE).min(MAX_DEVIATION),
            ..self
        }
    }

    /// [`Self::after_inactivity`] from `last_ms` to `now_ms`, in [`RATING_PERIOD_MS`] units.
    pub fn at(self, last_ms: i64, now_ms: i64) -> Rating {
        let elapsed = now_ms.saturating_sub(last_ms);
        self.after_inactivity(elapsed as f64 / RATING_PERIOD_MS as f64)
    }
}

/// One result of a rating period: the opponent's rating before it and the score
/// (1 win, 0.5 draw, 0 loss).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Played {
    pub opponent: Rating,
    pub score: f64,
}

/// The new rating after one rating period with `results`, and the rating change on the
/// Glicko scale (so that two equal players' changes are exact opposites).
pub fn update(player: Rating, results: &[Played]) -> (Rating, f64) {
    let phi = player.phi();
    if results.is_empty() {
        // Step 6 without games: only the deviation grows.
        return (player.after_inactivity(1.0), 0.0);
    }
    let mu = player.mu();
    // Steps 3 and 4: estimated variance v and improvement Δ.
    let mut v_inv = 0.0;
    let mut sum = 0.0;
    for r in results {
        let g = g(r.opponent.phi());
        let e = expected(mu, r.opponent.mu(), g);
        v_inv += g * g * e * (1.0 - e);
        sum += g * (r.score - e);
    }
    let v = 1.0 / v_inv;
    let delta = v * sum;
    // Step 5: the new volatility.
    let sigma = volatility(phi, player.volatility, v, delta);
    // Steps 6 and 7.
    let phi_star = (phi * phi + sigma * sigma).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let change = SCALE * phi_new * phi_new * sum;
    (
        Rating {
            rating: player.rating + change,
            deviation: (SCALE * phi_new).min(MAX_DEVIATION),
            volatility: sigma,
        },
        change,
    )
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, g_j: f64) -> f64 {
    1.0 / (1.0 + (-g_j * (mu - mu_j)).exp())
}

/// Step 5: the Illinois algorithm on f(x) of the paper.
fn volatility(phi: f64, sigma: f64, v: f64, delta: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let tau2 = TAU * TAU;
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / tau2
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        // f is increasing to the left of its root, so this ends; bounded all the same.
        while f(a - k * TAU) < 0.0 && k < 1000.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    let mut rounds = 0;
    while (big_b - big_a).abs() > EPSILON && rounds < 1000 {
        rounds += 1;
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

/// Every seat's score against every other seat from the final ranks (1 = first): 1 when
/// ranked better, 0.5 when equal, 0 when worse (see the module's doc).
pub fn pairwise(ranks: &[u8]) -> Vec<Vec<(usize, f64)>> {
    ranks
        .iter()
        .enumerate()
        .map(|(i, mine)| {
            ranks
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(j, theirs)| {
                    let score = match mine.cmp(theirs) {
                        std::cmp::Ordering::Less => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Greater => 0.0,
                    };
                    (j, score)
                })
                .collect()
        })
        .collect()
}

/// The seats' new ratings after one game whose final ranks are `ranks`, seat by seat,
/// from their ratings before it (inactivity already applied), with each seat's change.
pub fn rate_game(before: &[Rating], ranks: &[u8]) -> Vec<(Rating, f64)> {
    pairwise(ranks)
        .iter()
        .zip(before)
        .map(|(pairs, player)| {
            let results: Vec<Played> = pairs
                .iter()
                .filter_map(|(j, score)| {
                    before.get(*j).map(|opponent| Played {
                        opponent: *opponent,
                        score: *score,
                    })
                })
                .collect();
            update(*player, &results)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn r(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    #[test]
    fn glickmans_worked_example() {
        let player = r(1500.0, 200.0);
        let results = [
            Played {
                opponent: r(1400.0, 30.0),
                score: 1.0,
            },
            Played {
                opponent: r(1550.0, 100.0),
                score: 0.0,
            },
            Played {
                opponent: r(1700.0, 300.0),
                score: 0.0,
            },
        ];
        let (after, _) = update(player, &results);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn two_new_players_after_one_game() {
        let after = rate_game(&[Rating::NEW, Rating::NEW], &[1, 2]);
        assert!((after[0].0.rating - 1662.3).abs() < 0.05, "{after:?}");
        assert!((after[0].0.deviation - 290.3).abs() < 0.05, "{after:?}");
        assert!((after[1].0.rating - 1337.7).abs() < 0.05, "{after:?}");
        assert!((after[1].0.deviation - 290.3).abs() < 0.05, "{after:?}");
    }

    #[test]
    fn a_draw_between_equals_changes_no_rating() {
        let after = rate_game(&[Rating::NEW, Rating::NEW], &[1, 1]);
        for (rating, change) in after {
            assert_eq!(change, 0.0);
            assert_eq!(rating.rating, 1500.0);
            assert!(rating.deviation < 350.0);
        }
    }

    #[test]
    fn four_seats_rate_as_pairwise_results() {
        let before = [
            r(1500.0, 100.0),
            r(1600.0, 80.0),
            r(1400.0, 120.0),
            r(1550.0, 90.0),
        ];
        let ranks = [2, 1, 4, 2];
        let after = rate_game(&before, &ranks);
        // Seat 0: lost to seat 1, drew with seat 3, beat seat 2, all at once.
        let (direct, _) = update(
            before[0],
            &[
                Played {
                    opponent: before[1],
                    score: 0.0,
                },
                Played {
                    opponent: before[2],
                    score: 1.0,
                },
                Played {
                    opponent: before[3],
                    score: 0.5,
                },
            ],
        );
        assert_eq!(after[0].0, direct);
        // The winner gains, the last loses.
        assert!(after[1].1 > 0.0);
        assert!(after[2].1 < 0.0);
    }

    #[test]
    fn deviation_grows_with_inactivity_up_to_350() {
        let player = r(1700.0, 60.0);
        let a_year = player.after_inactivity(365.0);
        let expected = ((60.0 / SCALE).powi(2) + 0.06f64.powi(2) * 365.0).sqrt() * SCALE;
        assert!((a_year.deviation - expected.min(350.0)).abs() < 1e-9);
        assert!(a_year.deviation > 60.0);
        assert_eq!(player.after_inactivity(0.0), player);
        assert_eq!(player.after_inactivity(100_000.0).deviation, 350.0);
        assert_eq!(player.at(0, RATING_PERIOD_MS * 365), a_year);
        assert_eq!(
            player.at(5, 0),
            player,
            "a clock going back changes nothing"
        );
    }

    proptest! {
        #[test]
        fn between_equals_the_winner_gains_what_the_loser_loses(
            rating in 100.0f64..3000.0,
            deviation in 30.0f64..350.0,
            volatility in 0.01f64..0.1,
        ) {
            let player = Rating { rating, deviation, volatility };
            let after = rate_game(&[player, player], &[1, 2]);
            prop_assert!(after[0].1 > 0.0);
            prop_assert_eq!(after[0].1, -after[1].1);
            prop_assert_eq!(after[0].0.deviation, after[1].0.deviation);
            let gained = after[0].0.rating - rating;
            let lost = rating - after[1].0.rating;
            prop_assert!((gained - lost).abs() < 1e-9, "{} vs {}", gained, lost);
        }
    }
}
