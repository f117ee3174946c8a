//! Match-result rules shared by several trick games.

use super::per_seat;
use crate::core::game::MAX_PLAYERS;

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
