//! Match-result rules shared by several trick games.

use super::per_seat;
use crate::core::game::{Utility, MAX_PLAYERS};

/// The utility of [`top_scorers_win`] with `n` seats: a winner gets 1; with `w` winners each loser
/// pays `w / (n - w)`, at worst `n - 1` (all but one win); the returns add up to 0.
pub fn top_scorers_utility(n: usize) -> Utility {
    Utility::zero_sum(-(n as f64 - 1.0), 1.0)
}

/// Match returns from final totals: every top scorer +1, the others share −1 per winner (all equal: 0).
/// For matches that end after a fixed number of deals (Schafkopf, Solo).
pub fn top_scorers_win(totals: &[f64]) -> [f64; MAX_PLAYERS] {
    let n = totals.len();
    let best = totals.iter().cloned().fold(f64::MIN, f64::max);
    let winners = totals.iter().filter(|&&v| v == best).count();
    if winners == n {
        return [0.0; MAX_PLAYERS];
    }
    let share = winners as f64 / (n - winners) as f64;
    per_seat(n, |s| if totals[s] == best { 1.0 } else { -share })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_utility_bounds_are_the_returns_of_a_lone_winner_and_a_lone_loser() {
        // The rule: every top scorer gets 1, the w winners' 1s are paid by the n - w others equally.
        // The lowest return is the lone loser's when all others tie on top: n - 1 (3 of 4, 2 of 3,
        // 4 of 5 seats); the highest is a winner's 1. Both ends are reached by real totals.
        for (n, totals, loser) in [
            (3, vec![7.0, 7.0, 2.0], 2),
            (4, vec![10.0, 3.0, 10.0, 10.0], 1),
            (5, vec![0.0, 1.0, 1.0, 1.0, 1.0], 0),
        ] {
            let worst = -(n as f64 - 1.0);
            assert_eq!(top_scorers_utility(n), Utility::zero_sum(worst, 1.0), "{n} seats");
            let r = top_scorers_win(&totals);
            assert_eq!(r[loser], worst, "{n} seats: the lone loser pays every winner's 1");
            assert!((0..n).filter(|&s| s != loser).all(|s| r[s] == 1.0));
            assert_eq!(r[..n].iter().sum::<f64>(), 0.0);
        }
        // A lone winner of four: the three others pay 1/3 each, inside the bounds.
        let r = top_scorers_win(&[1.0, 9.0, 2.0, 2.0]);
        assert_eq!(r[..4], [-1.0 / 3.0, 1.0, -1.0 / 3.0, -1.0 / 3.0]);
    }
}
