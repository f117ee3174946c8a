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
