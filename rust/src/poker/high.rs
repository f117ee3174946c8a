//! High hands: the usual poker ranking, best five cards of five to seven, with the ranking itself a
//! parameter ([`HighRules`]) so that the 52-card deck and the 32-card (piquet) deck share one evaluator.
//!
//! A [`HighRank`] is a `u32` that orders every hand: higher is better, equal means a tie (suits never
//! break ties). Layout: bits 24.. the category's strength under the rules, bits 20..24 the
//! [`Category`] itself, bits 0..20 five tie-break ranks (rank bits 0..=12, most significant first,
//! left-aligned): quads then kicker; trips then pair; flush and high card by ranks from the top;
//! straights by their top card; trips then two kickers; two pair high, low, kicker; pair then three
//! kickers. On the 52-card deck this gives exactly 7,462 classes of five-card hands.

use super::hand::{SuitMasks, RANK_PLURALS, RANK_WORDS};
use std::fmt;

/// Hand categories, weakest first (their order under the standard ranking).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Category {
    HighCard = 0,
    OnePair = 1,
    TwoPair = 2,
    ThreeOfAKind = 3,
    Straight = 4,
    Flush = 5,
    FullHouse = 6,
    FourOfAKind = 7,
    StraightFlush = 8,
}

impl Category {
    /// Every category, weakest first.
    pub const ALL: [Category; 9] = [
        Category::HighCard,
        Category::OnePair,
        Category::TwoPair,
        Category::ThreeOfAKind,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::FourOfAKind,
        Category::StraightFlush,
    ];
    /// The category of an ordinal (`0..9`).
    pub fn from_index(i: u32) -> Category {
        Category::ALL[(i as usize).min(8)]
    }
    /// Lower-case name: `"full house"`.
    pub fn name(self) -> &'static str {
        match self {
            Category::HighCard => "high card",
            Category::OnePair => "one pair",
            Category::TwoPair => "two pair",
            Category::ThreeOfAKind => "three of a kind",
            Category::Straight => "straight",
            Category::Flush => "flush",
            Category::FullHouse => "full house",
            Category::FourOfAKind => "four of a kind",
            Category::StraightFlush => "straight flush",
        }
    }
}

/// Where the flush ranks (the 32-card deck makes it rarer than a full house and than four of a kind,
/// so some tables move it up).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FlushRank {
    /// Straight < flush < full house (the usual order).
    Standard,
    /// Full house < flush < four of a kind.
    AboveFullHouse,
    /// Four of a kind < flush < straight flush.
    AboveFourOfAKind,
}

impl FlushRank {
    /// Parses `standard`, `above_full_house`, `above_four_of_a_kind`.
    pub fn parse(text: &str) -> Option<FlushRank> {
        match text {
            "standard" => Some(FlushRank::Standard),
            "above_full_house" => Some(FlushRank::AboveFullHouse),
            "above_four_of_a_kind" => Some(FlushRank::AboveFourOfAKind),
            _ => None,
        }
    }
}

/// A high-hand ranking: which ace-low straight exists and where the flush ranks.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct HighRules {
    /// Rank mask of the one straight in which the ace plays low (0: none).
    low_straight: u16,
    /// Top rank bit of that straight (it ranks below every other straight).
    low_straight_top: u8,
    /// Strength of each category (index = `Category as usize`).
    strength: [u8; 9],
    flush_rank: FlushRank,
}

const fn strengths(flush: FlushRank) -> [u8; 9] {
    // HC P 2P 3K S F FH 4K SF
    match flush {
        FlushRank::Standard => [0, 1, 2, 3, 4, 5, 6, 7, 8],
        FlushRank::AboveFullHouse => [0, 1, 2, 3, 4, 6, 5, 7, 8],
        FlushRank::AboveFourOfAKind => [0, 1, 2, 3, 4, 7, 5, 6, 8],
    }
}

impl HighRules {
    /// The 52-card ranking: A-2-3-4-5 (the wheel) is the lowest straight, the usual category order.
    pub const STANDARD: HighRules = HighRules {
        low_straight: 0x100F,
        low_straight_top: 3,
        strength: strengths(FlushRank::Standard),
        flush_rank: FlushRank::Standard,
    };

    /// The 32-card (7 to ace) ranking: straights 7-8-9-10-J up to 10-J-Q-K-A, plus A-7-8-9-10 as the
    /// lowest straight (top card 10) when `ace_low_straight`; K-A-7-8-9 never counts. `flush_rank`
    /// places the flush.
    pub const fn piquet(ace_low_straight: bool, flush_rank: FlushRank) -> HighRules {
        HighRules {
            low_straight: if ace_low_straight { 0x11E0 } else { 0 },
            low_straight_top: 8,
            strength: strengths(flush_rank),
            flush_rank,
        }
    }

    /// Where this ranking puts the flush.
    pub fn flush_rank(&self) -> FlushRank {
        self.flush_rank
    }
    /// Whether the ace-low straight counts.
    pub fn has_low_straight(&self) -> bool {
        self.low_straight != 0
    }

    /// Top rank bit of the best straight in the rank mask `m`, if any.
    #[inline]
    fn straight_top(&self, m: u16) -> Option<u32> {
        let runs = m & m >> 1 & m >> 2 & m >> 3 & m >> 4;
        if runs != 0 {
            return Some(15 - runs.leading_zeros() + 4);
        }
        (self.low_straight != 0 && m & self.low_straight == self.low_straight)
            .then_some(u32::from(self.low_straight_top))
    }

    #[inline]
    fn rank(&self, cat: Category, tiebreak: u32) -> HighRank {
        HighRank(u32::from(self.strength[cat as usize]) << 24 | (cat as u32) << 20 | tiebreak)
    }

    /// The best five-card hand in `m`: 5 to 7 cards are the intended use, and any number from 5 to 9
    /// works (ten or more cards can hold two flushes, and only the first suit holding five is looked at).
    #[inline]
    pub fn eval(&self, m: &SuitMasks) -> HighRank {
        let [a, b, c, d] = *m;
        let any = a | b | c | d;
        let ge2 = (a & b) | (c & d) | ((a | b) & (c | d));
        let ge3 = (a & b & (c | d)) | (c & d & (a | b));
        let four = a & b & c & d;
        let mut flush = None;
        for &s in m {
            if s.count_ones() >= 5 {
                flush = Some(match self.straight_top(s) {
                    Some(top) => self.rank(Category::StraightFlush, top << 16),
                    None => self.rank(Category::Flush, top_ranks(s, 5)),
                });
                break;
            }
        }
        if let Some(f) = flush {
            // Below four of a kind and full house nothing can beat a flush.
            if ge3 == 0 {
                return f;
            }
            return f.max(self.eval_unsuited(any, ge2, ge3, four));
        }
        self.eval_unsuited(any, ge2, ge3, four)
    }

    /// The best hand ignoring flushes, from the masks of ranks held at least once, twice, three and
    /// four times.
    #[inline]
    fn eval_unsuited(&self, any: u16, ge2: u16, ge3: u16, four: u16) -> HighRank {
        if four != 0 {
            let q = top_bit(four);
            return self.rank(
                Category::FourOfAKind,
                q << 16 | top_ranks(any & !(1 << q), 1) >> 4,
            );
        }
        if ge3 != 0 {
            let t = top_bit(ge3);
            let pairs = ge2 & !(1 << t);
            if pairs != 0 {
                return self.rank(Category::FullHouse, t << 16 | top_bit(pairs) << 12);
            }
        }
        if let Some(top) = self.straight_top(any) {
            return self.rank(Category::Straight, top << 16);
        }
        if ge3 != 0 {
            let t = top_bit(ge3);
            return self.rank(
                Category::ThreeOfAKind,
                t << 16 | top_ranks(any & !(1 << t), 2) >> 4,
            );
        }
        if ge2 != 0 {
            let p1 = top_bit(ge2);
            let rest = ge2 & !(1 << p1);
            if rest != 0 {
                let p2 = top_bit(rest);
                let kick = top_ranks(any & !(1 << p1) & !(1 << p2), 1) >> 8;
                return self.rank(Category::TwoPair, p1 << 16 | p2 << 12 | kick);
            }
            return self.rank(Category::OnePair, p1 << 16 | top_ranks(any & !(1 << p1), 3) >> 4);
        }
        self.rank(Category::HighCard, top_ranks(any, 5))
    }
}

impl Default for HighRules {
    fn default() -> Self {
        HighRules::STANDARD
    }
}

/// Index of the highest set bit (`m != 0`).
#[inline]
fn top_bit(m: u16) -> u32 {
    15 - m.leading_zeros()
}

/// The `n` highest rank bits of `m`, packed as nibbles from bit 16 down (left-aligned in 20 bits);
/// missing ranks (fewer than `n` in `m`) are zero nibbles.
#[inline]
fn top_ranks(mut m: u16, n: u32) -> u32 {
    let mut v = 0;
    for i in 0..n {
        if m == 0 {
            break;
        }
        let h = top_bit(m);
        v |= h << (16 - 4 * i);
        m &= !(1 << h);
    }
    v
}

/// The value of a high hand: higher is better; equal values tie.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct HighRank(pub u32);

impl HighRank {
    /// The hand's category.
    pub fn category(self) -> Category {
        Category::from_index(self.0 >> 20 & 0xF)
    }
    /// Tie-break rank bit `i` (0 = most significant).
    fn nib(self, i: u32) -> usize {
        (self.0 >> (16 - 4 * i) & 0xF) as usize
    }
    /// A readable name: `"two pair, kings and fives"`, `"full house, tens full of fours"`,
    /// `"straight, five high"`, `"royal flush"`.
    pub fn name(self) -> String {
        let (w, p) = (RANK_WORDS, RANK_PLURALS);
        let n = |i| self.nib(i);
        match self.category() {
            Category::StraightFlush if n(0) == 12 => "royal flush".to_string(),
            Category::StraightFlush => format!("straight flush, {} high", w[n(0)]),
            Category::FourOfAKind => format!("four of a kind, {}", p[n(0)]),
            Category::FullHouse => format!("full house, {} full of {}", p[n(0)], p[n(1)]),
            Category::Flush => format!("flush, {} high", w[n(0)]),
            Category::Straight => format!("straight, {} high", w[n(0)]),
            Category::ThreeOfAKind => format!("three of a kind, {}", p[n(0)]),
            Category::TwoPair => format!("two pair, {} and {}", p[n(0)], p[n(1)]),
            Category::OnePair => format!("pair of {}", p[n(0)]),
            Category::HighCard => format!("{} high", w[n(0)]),
        }
    }
}

impl fmt::Display for HighRank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// Evaluates many hands: `out[i] = rules.eval(hands[i])`.
pub fn eval_batch(rules: &HighRules, hands: &[SuitMasks], out: &mut [HighRank]) {
    for (h, o) in hands.iter().zip(out.iter_mut()) {
        *o = rules.eval(h);
    }
}
