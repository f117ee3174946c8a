//! The East–West bots. Both read only what the seat to move may see: the board, every placed card and
//! its own drawn card; the stock is a set (its order is never stored), so sampling from it is exactly
//! the mover's belief about the next draws.
//!
//! * `rules` ([`RuleBot`]): puts the card where it raises a row's *potential* most. A row's potential
//!   is the rank of the hand once complete, and for a partial row the pairs and trips it already
//!   holds plus a discounted bonus for a flush draw (all its cards one suit) or a straight draw (all
//!   different ranks inside one five-rank window), the discount halving per card still to come.
//! * `search` ([`SearchBot`]): flat Monte Carlo over the exact remaining-card distribution: for each
//!   legal row it plays the game out `rollouts` times with both seats on the `rules` placer and the
//!   draws sampled from the unseen cards, the same draw sequences for every row (common random
//!   numbers), and picks the row with the best mean result (+1 win, 0 draw, −1 loss, plus a hundredth
//!   per row won to break ties).

use super::{decide, EwState, PLACEMENTS, PLACE_BASE};
use crate::cards::{Card, CardSet};
#[cfg(test)]
use crate::core::game::State;
use crate::core::game::{Action, Bot};
use crate::core::rng::Rng;
use crate::poker::hand::masks32;
use crate::poker::{FlushRank, HighRules};

/// The rule-based placer (`"rules"`).
#[derive(Clone, Copy, Debug, Default)]
pub struct RuleBot;

/// Strength (0..9) of the flush, the full house and four of a kind under a ranking.
fn strengths(rules: &HighRules) -> (f32, f32, f32) {
    match rules.flush_rank() {
        FlushRank::Standard => (5.0, 6.0, 7.0),
        FlushRank::AboveFullHouse => (6.0, 5.0, 7.0),
        FlushRank::AboveFourOfAKind => (7.0, 5.0, 6.0),
    }
}

/// The potential of a row hand (board card included) with `left` cards still to come.
pub fn potential(rules: &HighRules, hand: CardSet, left: u32) -> f32 {
    if left == 0 {
        let r = rules.eval(&masks32(hand));
        return (r.0 >> 24) as f32 + (r.0 & 0xF_FFFF) as f32 / 1_048_576.0;
    }
    let m = masks32(hand);
    let any = m[0] | m[1] | m[2] | m[3];
    let n = hand.len() as u32;
    let (flush, full, quads) = strengths(rules);
    // Rank multiplicities.
    let mut pairs = 0;
    let mut trips = 0;
    let mut four = 0;
    for bit in 5..13 {
        let c = m.iter().filter(|&&s| s >> bit & 1 != 0).count();
        match c {
            2 => pairs += 1,
            3 => trips += 1,
            4 => four += 1,
            _ => {}
        }
    }
    let top = (15 - any.leading_zeros()) as f32 / 13.0;
    let made = if four > 0 {
        quads
    } else if trips > 0 && pairs > 0 {
        full
    } else if trips > 0 {
        3.0 + 0.6 * left as f32 // trips often fill up
    } else if pairs >= 2 {
        2.0 + 0.5 * left as f32
    } else if pairs == 1 {
        1.0 + 0.4 * left as f32
    } else {
        0.3 * left as f32
    };
    let discount = 0.5f32.powi(left as i32);
    let mut bonus: f32 = 0.0;
    if n >= 2 && m.iter().any(|&s| s.count_ones() == n) {
        bonus = bonus.max(flush * (0.35 + 0.65 * discount));
    }
    if any.count_ones() == n && n >= 2 {
        // Every five-rank window (7..J up to 10..A, and A-7-8-9-10 when it counts).
        let low = if rules.has_low_straight() { 0x11E0 } else { 0 };
        let windows = [0x03E0u16, 0x07C0, 0x0F80, 0x1F00, low];
        if windows.iter().any(|&w| w != 0 && any & !w == 0) {
            bonus = bonus.max(4.0 * (0.3 + 0.7 * discount));
        }
    }
    made.max(bonus) + 0.1 * top
}

/// The row (0..3) the rules placer picks for seat `s` with card `c` in `st`.
pub fn rule_row(st: &EwState, s: usize, c: u8) -> usize {
    let rules = st.cfg.ranking;
    let mut best = (f32::NEG_INFINITY, 0usize);
    for r in 0..3 {
        let mine = st.rows[r][s];
        if mine.len() >= 4 {
            continue;
        }
        let hand = mine.with(Card(st.board[r]));
        let left = 4 - mine.len() as u32;
        let delta = potential(&rules, hand.with(Card(c)), left - 1) - potential(&rules, hand, left);
        if delta > best.0 {
            best = (delta, r);
        }
    }
    best.1
}

impl Bot<EwState> for RuleBot {
    fn act(&self, state: &EwState, _rng: &mut Rng) -> Action {
        let s = state.mover().unwrap_or(0);
        PLACE_BASE + rule_row(state, s, state.drawn.unwrap_or(0)) as u32
    }
}

/// Flat Monte Carlo over the remaining cards with `rules` playouts (`"search"`).
#[derive(Clone, Copy, Debug)]
pub struct SearchBot {
    /// Playouts per legal row.
    pub rollouts: u32,
}

impl Default for SearchBot {
    fn default() -> Self {
        SearchBot { rollouts: 24 }
    }
}

/// Plays the current game of `st` to its end with both seats on the rules placer and the draws taken
/// from `order` in turn; returns the value for `me` (+1 / 0 / −1, plus a hundredth per row won).
fn playout(st: &EwState, me: usize, order: &[u8]) -> f64 {
    let mut rows = st.rows;
    let mut done = st.completed_at;
    let mut placed = st.placed;
    let mut k = 0;
    let first = st.first_player();
    let mut view = st.clone();
    while placed < PLACEMENTS {
        let s = (first + placed as usize) % 2;
        let c = order[k];
        k += 1;
        view.rows = rows;
        let r = rule_row(&view, s, c);
        rows[r][s].insert(Card(c));
        placed += 1;
        if rows[r][s].len() == 4 {
            done[r][s] = placed;
        }
    }
    view.rows = rows;
    let res = decide(&st.cfg, view.hands(), done);
    let rows_won = res.rows.iter().filter(|&&w| w == Some(me as u8)).count() as f64;
    let rows_lost = res.rows.iter().filter(|&&w| w == Some(1 - me as u8)).count() as f64;
    let v = match res.winner {
        Some(w) if w as usize == me => 1.0,
        Some(_) => -1.0,
        None => 0.0,
    };
    v + 0.01 * (rows_won - rows_lost)
}

impl Bot<EwState> for SearchBot {
    fn act(&self, state: &EwState, rng: &mut Rng) -> Action {
        let s = state.mover().unwrap_or(0);
        let c = state.drawn.unwrap_or(0);
        let open = state.open_rows(s);
        if open.count_ones() == 1 {
            return PLACE_BASE + open.trailing_zeros();
        }
        // The mover's unseen cards are exactly the stock (its own card is drawn, the opponent has none).
        let unseen: CardSet = state.stock();
        let mut pool = [0u8; 32];
        let mut n = 0;
        for card in unseen.iter() {
            pool[n] = card.0;
            n += 1;
        }
        let need = (PLACEMENTS - state.placed - 1) as usize;
        let mut totals = [0f64; 3];
        let mut after = state.clone();
        for _ in 0..self.rollouts {
            // A partial Fisher–Yates shuffle: the next `need` draws.
            for i in 0..need.min(n) {
                let j = i + rng.below((n - i) as u32) as usize;
                pool.swap(i, j);
            }
            // `r` indexes the open-row mask, the rows and the totals together.
            #[allow(clippy::needless_range_loop)]
            for r in 0..3 {
                if open >> r & 1 == 0 {
                    continue;
                }
                after.rows = state.rows;
                after.completed_at = state.completed_at;
                after.rows[r][s].insert(Card(c));
                after.placed = state.placed + 1;
                if after.rows[r][s].len() == 4 {
                    after.completed_at[r][s] = after.placed;
                }
                totals[r] += playout(&after, s, &pool[..need]);
            }
        }
        let mut best = (f64::NEG_INFINITY, 0u32);
        for r in 0..3u32 {
            if open >> r & 1 != 0 && totals[r as usize] > best.0 {
                best = (totals[r as usize], r);
            }
        }
        PLACE_BASE + best.1
    }
}

#[cfg(test)]
pub(super) fn legal_rows(st: &EwState) -> Vec<Action> {
    let mut v = Vec::new();
    st.legal_actions(&mut v);
    v
}
