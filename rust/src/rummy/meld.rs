//! Meld rules as pure functions over card kinds: sets (trios) and sequences (escaleras), with the
//! rules of each game passed in as data ([`SetRules`], [`RunRules`]).
//!
//! A sequence is laid out on positions 1..=14 of one suit: 1 is the ace played low, 2..=13 the ranks 2
//! to K, 14 the ace played high. A layout fixes where every wild card stands ([`Run::jokers`]), which
//! is what Carioca needs (a joker keeps its position) and what lets a joker be replaced later.

use super::bag::{kind_of, rank_of, suit_of, KindCounts, JOKER};

/// Rules for sets of one rank.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SetRules {
    /// Fewest cards.
    pub min_len: u8,
    /// Most cards.
    pub max_len: u8,
    /// Most wild cards in one set.
    pub max_wild: u8,
    /// Fewest natural cards in one set.
    pub min_natural: u8,
    /// Whether natural 2s are wild (Samba) or ordinary cards (Carioca).
    pub twos_wild: bool,
    /// The lowest rank a natural may have (Samba: 4; its 3s are special).
    pub lowest_rank: u8,
}

/// Rules for sequences of one suit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RunRules {
    /// Fewest cards.
    pub min_len: u8,
    /// Most cards (at most 13, so an ace is never both low and high).
    pub max_len: u8,
    /// Whether the ace may play low (A-2-3...); it may always play high.
    pub ace_low: bool,
    /// The lowest rank a natural may have (2, or 4 in Samba).
    pub lowest_rank: u8,
    /// Most wild cards (jokers) in one sequence; 0 = none allowed.
    pub max_wild: u8,
}

impl SetRules {
    /// Whether `kind` is a wild card under these rules.
    #[inline]
    pub fn is_wild(&self, kind: u8) -> bool {
        kind == JOKER || (self.twos_wild && rank_of(kind) == 2)
    }
}

/// Whether `kind` is a joker or (when `twos_wild`) a 2.
#[inline]
pub fn is_wild(kind: u8, twos_wild: bool) -> bool {
    kind == JOKER || (twos_wild && rank_of(kind) == 2)
}

/// The rank of a valid set, or `None`: all naturals of one rank (suits may repeat), within the
/// size, wild and natural limits.
pub fn set_rank(kinds: &[u8], rules: &SetRules) -> Option<u8> {
    let n = kinds.len();
    if n < rules.min_len as usize || n > rules.max_len as usize {
        return None;
    }
    let mut rank = None;
    let (mut wild, mut natural) = (0u8, 0u8);
    for &k in kinds {
        if rules.is_wild(k) {
            wild += 1;
            continue;
        }
        let r = rank_of(k);
        if r < rules.lowest_rank || rank.is_some_and(|x| x != r) {
            return None;
        }
        rank = Some(r);
        natural += 1;
    }
    (wild <= rules.max_wild && natural >= rules.min_natural.max(1)).then_some(rank?)
}

/// A sequence as laid out: suit, lowest position, length and the positions its jokers stand on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Run {
    pub suit: u8,
    /// Lowest position (1 = ace low .. 14 = ace high).
    pub low: u8,
    pub len: u8,
    /// Bit `p` set: a joker stands on position `p`.
    pub jokers: u16,
}

/// The position a natural rank takes: 2..=13 as is; an ace is 1 (low) or 14 (high).
#[inline]
fn pos_of(rank: u8, ace_low: bool) -> u8 {
    if rank == 14 && ace_low {
        1
    } else {
        rank
    }
}

/// The kind standing on position `p` of a sequence of `suit` (positions 1 and 14 are the ace).
#[inline]
pub fn kind_at(suit: u8, p: u8) -> u8 {
    kind_of(suit, if p == 1 { 14 } else { p })
}

impl Run {
    /// Highest position.
    #[inline]
    pub fn high(&self) -> u8 {
        self.low + self.len - 1
    }
    /// Number of jokers.
    #[inline]
    pub fn joker_count(&self) -> u8 {
        self.jokers.count_ones() as u8
    }
    /// The kinds of the layout, low to high (jokers as [`JOKER`]).
    pub fn kinds(&self) -> Vec<u8> {
        (self.low..=self.high())
            .map(|p| {
                if self.jokers >> p & 1 == 1 {
                    JOKER
                } else {
                    kind_at(self.suit, p)
                }
            })
            .collect()
    }
    /// Whether the low end can take one more card (position `low - 1` exists and the length allows).
    pub fn low_open(&self, rules: &RunRules) -> bool {
        let min_pos = if rules.ace_low { 1 } else { rules.lowest_rank };
        self.len < rules.max_len && self.low > min_pos
    }
    /// Whether the high end can take one more card.
    pub fn high_open(&self, rules: &RunRules) -> bool {
        self.len < rules.max_len && self.high() < 14
    }
    /// Whether the natural `kind` extends the low end.
    pub fn fits_low(&self, kind: u8, rules: &RunRules) -> bool {
        kind != JOKER
            && self.low_open(rules)
            && suit_of(kind) == self.suit
            && kind_at(self.suit, self.low - 1) == kind
    }
    /// Whether the natural `kind` extends the high end.
    pub fn fits_high(&self, kind: u8, rules: &RunRules) -> bool {
        kind != JOKER
            && self.high_open(rules)
            && suit_of(kind) == self.suit
            && kind_at(self.suit, self.high() + 1) == kind
    }
    /// The run with one card added at the low end (a joker if `joker`).
    pub fn extended_low(&self, joker: bool) -> Run {
        let low = self.low - 1;
        Run {
            low,
            len: self.len + 1,
            jokers: self.jokers | ((joker as u16) << low),
            ..*self
        }
    }
    /// The run with one card added at the high end.
    pub fn extended_high(&self, joker: bool) -> Run {
        let p = self.high() + 1;
        Run {
            len: self.len + 1,
            jokers: self.jokers | ((joker as u16) << p),
            ..*self
        }
    }
    /// The joker position that the natural `kind` stands for, if a joker stands there.
    pub fn joker_standing_for(&self, kind: u8) -> Option<u8> {
        if kind == JOKER || suit_of(kind) != self.suit {
            return None;
        }
        (self.low..=self.high()).find(|&p| self.jokers >> p & 1 == 1 && kind_at(self.suit, p) == kind)
    }
    /// Carioca's joker replacement: the natural `kind` takes the place of the joker that stands for it,
    /// and the joker moves to the low (`to_high = false`) or high end. `None` if no joker stands for
    /// `kind` or that end cannot be extended.
    pub fn replace_joker(&self, kind: u8, to_high: bool, rules: &RunRules) -> Option<Run> {
        let p = self.joker_standing_for(kind)?;
        let freed = Run {
            jokers: self.jokers & !(1 << p),
            ..*self
        };
        if to_high {
            freed.high_open(rules).then(|| freed.extended_high(true))
        } else {
            freed.low_open(rules).then(|| freed.extended_low(true))
        }
    }
}

/// Every valid layout of `naturals` plus `jokers` jokers as one sequence, into `out` (cleared):
/// one suit, no repeated rank, consecutive positions with the jokers filling gaps and, where some are
/// left over, standing at either end (one layout per choice). An ace plays low or high, never both;
/// there is no wrap-around (K-A-2 is not a sequence). Layouts come in ascending order of `low`.
pub fn run_layouts(naturals: &[u8], jokers: u8, rules: &RunRules, out: &mut Vec<Run>) {
    out.clear();
    for_each_run_layout(naturals, jokers, rules, |run| out.push(run));
    out.sort_by_key(|r| r.low);
}

/// Calls `f` with every layout [`run_layouts`] lists, in no set order and without a buffer (to count
/// them, say, on every step of a playout).
pub fn for_each_run_layout(naturals: &[u8], jokers: u8, rules: &RunRules, mut f: impl FnMut(Run)) {
    let Some(&first) = naturals.first() else {
        return;
    };
    if jokers > rules.max_wild || first == JOKER {
        return;
    }
    let suit = suit_of(first);
    let mut mask = 0u16;
    let mut aces = 0;
    for &k in naturals {
        if k == JOKER || suit_of(k) != suit || rank_of(k) < rules.lowest_rank {
            return;
        }
        let r = rank_of(k);
        if r == 14 {
            aces += 1;
            continue;
        }
        if mask >> r & 1 == 1 {
            return;
        }
        mask |= 1 << r;
    }
    if aces > 1 {
        return;
    }
    let len = naturals.len() as u8 + jokers;
    if len < rules.min_len || len > rules.max_len {
        return;
    }
    let options: &[bool] = match (aces, rules.ace_low) {
        (0, _) => &[false],
        (_, true) => &[true, false],
        (_, false) => &[false],
    };
    let min_pos = if rules.ace_low { 1 } else { rules.lowest_rank };
    for &low_ace in options {
        let s = if aces == 1 {
            mask | 1 << pos_of(14, low_ace)
        } else {
            mask
        };
        let lo = s.trailing_zeros() as u8;
        let hi = 15 - s.leading_zeros() as u8;
        let span = hi - lo + 1;
        let gaps = span - naturals.len() as u8;
        if gaps > jokers {
            continue;
        }
        let extra = jokers - gaps;
        for low in lo.saturating_sub(extra).max(min_pos)..=lo {
            let high = low + len - 1;
            if high > 14 || high < hi {
                continue;
            }
            let window = ((1u32 << (high + 1)) - (1u32 << low)) as u16;
            f(Run {
                suit,
                low,
                len,
                jokers: window & !s,
            });
        }
    }
}

/// Whether `kinds` (jokers included) form at least one valid sequence.
pub fn is_run(kinds: &[u8], rules: &RunRules) -> bool {
    let naturals: Vec<u8> = kinds.iter().copied().filter(|&k| k != JOKER).collect();
    let jokers = (kinds.len() - naturals.len()) as u8;
    let mut out = Vec::new();
    run_layouts(&naturals, jokers, rules, &mut out);
    !out.is_empty()
}

/// Whether a set is natural (no wild card).
pub fn is_natural_set(kinds: &[u8], twos_wild: bool) -> bool {
    kinds.iter().all(|&k| !is_wild(k, twos_wild))
}

/// Whether two sets of the same rank may be merged into one (Samba): the result stays a valid set.
pub fn can_merge_sets(a: &[u8], b: &[u8], rules: &SetRules) -> bool {
    match (set_rank(a, rules), set_rank(b, rules)) {
        (Some(x), Some(y)) if x == y => {
            let both: Vec<u8> = a.iter().chain(b).copied().collect();
            set_rank(&both, rules).is_some()
        }
        _ => false,
    }
}

/// Sum of `value(kind)` over a multiset.
pub fn value_of(counts: &KindCounts, value: impl Fn(u8) -> i32) -> i32 {
    counts
        .0
        .iter()
        .enumerate()
        .map(|(k, &c)| c as i32 * value(k as u8))
        .sum()
}

#[cfg(test)]
mod tests;
