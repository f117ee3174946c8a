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

use super::{decide, rank_row, EwState, PLACEMENTS, PLACE_BASE};
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
    let [a, b, c, d] = m;
    let any = a | b | c | d;
    let n = hand.len() as u32;
    let (flush, full, quads) = strengths(rules);
    // Rank multiplicities from the ranks held at least twice, three and four times (the evaluator's
    // masks): the number of ranks held exactly 2, 3 and 4 times.
    let ge2 = (a & b) | (c & d) | ((a | b) & (c | d));
    let ge3 = (a & b & (c | d)) | (c & d & (a | b));
    let ge4 = a & b & c & d;
    let pairs = (ge2 & !ge3).count_ones();
    let trips = (ge3 & !ge4).count_ones();
    let four = ge4.count_ones();
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
    let now = row_potentials(&st.cfg.ranking, &st.board, &st.rows, s);
    place_by_rules(&st.cfg.ranking, &st.board, &st.rows, s, c, &now).0
}

/// The potential of each of seat `s`'s open rows as they stand (0 for a full row).
fn row_potentials(rules: &HighRules, board: &[u8; 3], rows: &Rows, s: usize) -> [f32; 3] {
    let mut now = [0.0; 3];
    for (r, p) in now.iter_mut().enumerate() {
        let mine = rows[r][s];
        if mine.len() < 4 {
            *p = potential(rules, mine.with(Card(board[r])), 4 - mine.len() as u32);
        }
    }
    now
}

/// The rules placer on the board cards and the rows alone, given the potentials of seat `s`'s rows
/// as they stand (`now`, from [`row_potentials`]): the row, and that row's potential with `c` on it.
/// The search bot's playouts keep `now` up to date instead of computing it again at every placement.
fn place_by_rules(
    rules: &HighRules,
    board: &[u8; 3],
    rows: &Rows,
    s: usize,
    c: u8,
    now: &[f32; 3],
) -> (usize, f32) {
    let mut best = (f32::NEG_INFINITY, 0usize, 0.0);
    for r in 0..3 {
        let mine = rows[r][s];
        if mine.len() >= 4 {
            continue;
        }
        let hand = mine.with(Card(board[r]));
        let left = 4 - mine.len() as u32;
        let after = potential(rules, hand.with(Card(c)), left - 1);
        let delta = after - now[r];
        if delta > best.0 {
            best = (delta, r, after);
        }
    }
    (best.1, best.2)
}

/// `rows[r][seat]`: a seat's cards on row r, board card excluded (as in [`EwState`]).
type Rows = [[CardSet; 2]; 3];

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

/// A game in progress as the search bot's playouts see it: the rows, when each row was completed,
/// the placements made and the rules placer's potential of every row (`pot[r][seat]`). Plain arrays,
/// copied per playout (no history, nothing allocated).
#[derive(Clone, Copy)]
struct Position {
    rows: Rows,
    completed_at: [[u8; 2]; 3],
    placed: u8,
    pot: [[f32; 2]; 3],
}

impl Position {
    fn new(st: &EwState) -> Position {
        let rules = &st.cfg.ranking;
        let [a, b] = [0, 1].map(|s| row_potentials(rules, &st.board, &st.rows, s));
        Position {
            rows: st.rows,
            completed_at: st.completed_at,
            placed: st.placed,
            pot: [[a[0], b[0]], [a[1], b[1]], [a[2], b[2]]],
        }
    }
    /// Puts `c` on seat `s`'s row `r`, whose potential becomes `pot`.
    fn place(&mut self, r: usize, s: usize, c: u8, pot: f32) {
        self.rows[r][s].insert(Card(c));
        self.pot[r][s] = pot;
        self.placed += 1;
        if self.rows[r][s].len() == 4 {
            self.completed_at[r][s] = self.placed;
        }
    }
}

/// Plays the game of `st` on from `pos` to its end with both seats on the rules placer and the draws
/// taken from `order` in turn; returns the value for `me` (+1 / 0 / −1, plus a hundredth per row won).
fn playout(st: &EwState, mut pos: Position, me: usize, order: &[u8]) -> f64 {
    let rules = &st.cfg.ranking;
    let first = st.first_player();
    for &c in order {
        if pos.placed >= PLACEMENTS {
            break;
        }
        let s = (first + pos.placed as usize) % 2;
        let now = [pos.pot[0][s], pos.pot[1][s], pos.pot[2][s]];
        let (r, pot) = place_by_rules(rules, &st.board, &pos.rows, s, c, &now);
        pos.place(r, s, c, pot);
    }
    let rank = |r: usize, s: usize| rank_row(rules, pos.rows[r][s].with(Card(st.board[r])));
    let hands = [
        [rank(0, 0), rank(0, 1)],
        [rank(1, 0), rank(1, 1)],
        [rank(2, 0), rank(2, 1)],
    ];
    let res = decide(&st.cfg, hands, pos.completed_at);
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
        // The position after the card goes on each open row (the rows' potentials updated).
        let now = Position::new(state);
        let mut starts = [now; 3];
        for (r, start) in starts.iter_mut().enumerate() {
            let mine = now.rows[r][s].with(Card(c));
            if open >> r & 1 != 0 {
                let hand = mine.with(Card(state.board[r]));
                let pot = potential(&state.cfg.ranking, hand, 4 - mine.len() as u32);
                start.place(r, s, c, pot);
            }
        }
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
                totals[r] += playout(state, starts[r], s, &pool[..need]);
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
