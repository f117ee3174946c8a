//! Ace-to-five low (Razz, and the low half of split games): the ace is always low, straights and
//! flushes do not count, pairs do.
//!
//! Categories, best (lowest) first: no pair, one pair, two pair, three of a kind, full house, four of a
//! kind. Within a category the grouped ranks compare from the most significant: unpaired hands from
//! the highest card down (8-6-4-2-A beats 8-6-5-2-A), a pair by its rank then the kickers from the
//! highest, two pair high pair, low pair, kicker, and so on; lower wins. From more than five cards the
//! best five are used. A hand of fewer than five cards (the up cards of a stud hand on 4th to 6th
//! street) is ranked whole by the same rules, so any unpaired partial hand beats any paired one.
//!
//! A [`LowRank`] is a `u32`, **lower is better**: bits 20.. the category (0 no pair .. 5 quads), bits
//! 0..20 the grouped ranks as low values (A = 1 … K = 13), most significant first from bit 16,
//! left-aligned. Five-card hands take exactly 6,175 values, 1,287 of them unpaired.

use super::hand::SuitMasks;
use std::fmt;

/// Ace-to-five low categories, best first.
pub const LOW_CATEGORIES: [&str; 6] = [
    "no pair",
    "one pair",
    "two pair",
    "three of a kind",
    "full house",
    "four of a kind",
];

/// The value of an ace-to-five low hand: **lower is better**; equal values tie.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct LowRank(pub u32);

/// High-convention rank mask (bit `r - 2`, ace bit 12) → low mask (bit `v - 1`, ace bit 0).
#[inline]
const fn to_low(m: u16) -> u16 {
    (m << 1 | m >> 12) & 0x1FFF
}

/// The `k` lowest bits of `m` packed as nibbles (low values), highest first from bit 16.
const fn pack_lowest(m: u16, k: u32) -> u32 {
    // Collect the k lowest set bits, then write them highest first.
    let mut bits = [0u32; 5];
    let (mut rest, mut i) = (m, 0);
    while i < k && rest != 0 {
        bits[i as usize] = rest.trailing_zeros() + 1;
        rest &= rest - 1;
        i += 1;
    }
    let (mut v, mut j) = (0u32, 0u32);
    while j < i {
        v |= bits[(i - 1 - j) as usize] << (16 - 4 * j);
        j += 1;
    }
    v
}

/// `LOW5[m]`: the unpaired value of the five lowest ranks of the low mask `m` (≥ 5 bits set).
static LOW5: [u32; 8192] = {
    let mut t = [0u32; 8192];
    let mut m = 0;
    while m < 8192 {
        t[m] = pack_lowest(m as u16, 5);
        m += 1;
    }
    t
};

#[inline]
fn bit(v: u32) -> u16 {
    1 << (v - 1)
}
#[inline]
fn lowest(m: u16) -> u32 {
    m.trailing_zeros() + 1
}
#[inline]
fn highest(m: u16) -> u32 {
    16 - m.leading_zeros()
}

/// Packs group values (most significant first) from bit 16 down.
#[inline]
fn pack(cat: u32, vals: &[u32]) -> LowRank {
    let mut v = cat << 20;
    for (i, &x) in vals.iter().enumerate() {
        v |= x << (16 - 4 * i as u32);
    }
    LowRank(v)
}

/// Values of the low mask `m`, highest first, appended to `out`.
#[inline]
fn push_desc(mut m: u16, out: &mut [u32; 5], len: &mut usize) {
    while m != 0 {
        let h = highest(m);
        out[*len] = h;
        *len += 1;
        m &= !bit(h);
    }
}

impl LowRank {
    /// The best ace-to-five low of the cards in `m`: the best five of five or more cards, or the whole
    /// hand for one to four cards (partial hands). An empty hand gives `LowRank(0)`.
    #[inline]
    pub fn eval(m: &SuitMasks) -> LowRank {
        let [a, b, c, d] = [to_low(m[0]), to_low(m[1]), to_low(m[2]), to_low(m[3])];
        let any = a | b | c | d;
        let n = a.count_ones() + b.count_ones() + c.count_ones() + d.count_ones();
        let k = n.min(5);
        let distinct = any.count_ones();
        if distinct >= 5 {
            return LowRank(LOW5[any as usize]);
        }
        if distinct >= k {
            return LowRank(pack_lowest(any, k));
        }
        let ge2 = (a & b) | (c & d) | ((a | b) & (c | d));
        let ge3 = (a & b & (c | d)) | (c & d & (a | b));
        let (mut vals, mut len) = ([0u32; 5], 0usize);
        let cat = match k - distinct {
            1 => {
                // One duplicate: pair the lowest rank held twice; every other rank is a kicker.
                let p = lowest(ge2);
                vals[0] = p;
                len += 1;
                push_desc(any & !bit(p), &mut vals, &mut len);
                1
            }
            2 if ge2.count_ones() >= 2 => {
                // Two pair from the two lowest pairable ranks; the remaining rank kicks.
                let lo = lowest(ge2);
                let hi = lowest(ge2 & !bit(lo));
                vals[..2].copy_from_slice(&[hi, lo]);
                len += 2;
                push_desc(any & !bit(lo) & !bit(hi), &mut vals, &mut len);
                2
            }
            2 => {
                let t = lowest(ge3);
                vals[0] = t;
                len += 1;
                push_desc(any & !bit(t), &mut vals, &mut len);
                3
            }
            _ => {
                // Two ranks for five cards (or one rank for four): a full house with the lowest
                // possible trips, else four of a kind.
                let mut full = None;
                let mut t3 = ge3;
                while t3 != 0 {
                    let t = lowest(t3);
                    let pairs = ge2 & !bit(t);
                    if pairs != 0 && k == 5 {
                        full = Some((t, lowest(pairs)));
                        break;
                    }
                    t3 &= !bit(t);
                }
                match full {
                    Some((t, p)) => {
                        vals[..2].copy_from_slice(&[t, p]);
                        len += 2;
                        4
                    }
                    None => {
                        let q = lowest(a & b & c & d);
                        vals[0] = q;
                        len += 1;
                        if k == 5 {
                            vals[1] = lowest(any & !bit(q));
                            len += 1;
                        }
                        5
                    }
                }
            }
        };
        pack(cat, &vals[..len])
    }

    /// The category index: 0 no pair … 5 four of a kind.
    pub fn category(self) -> u32 {
        self.0 >> 20
    }
    /// The category's name (`"no pair"`, `"one pair"` …).
    pub fn category_name(self) -> &'static str {
        LOW_CATEGORIES[(self.category() as usize).min(5)]
    }
    /// The grouped ranks as low values (A = 1 … K = 13), most significant first.
    pub fn ranks(self) -> Vec<u32> {
        (0..5)
            .map(|i| self.0 >> (16 - 4 * i) & 0xF)
            .take_while(|&v| v != 0)
            .collect()
    }
    /// A readable name: `"8-6-4-2-A"` (unpaired: the cards from the top), `"pair of fives, 8-4-2"`,
    /// `"two pair, kings and fives, 9"`.
    pub fn name(self) -> String {
        let r = self.ranks();
        let card = |v: u32| LOW_CHARS[v as usize].to_string();
        let word = |v: u32| super::hand::RANK_PLURALS[((v + 11) % 13) as usize];
        let list = |vs: &[u32]| vs.iter().map(|&v| card(v)).collect::<Vec<_>>().join("-");
        if r.is_empty() {
            return "no cards".to_string();
        }
        let tail = |from: usize| {
            if r.len() > from {
                format!(", {}", list(&r[from..]))
            } else {
                String::new()
            }
        };
        match self.category() {
            0 => list(&r),
            1 => format!("pair of {}{}", word(r[0]), tail(1)),
            2 => format!("two pair, {} and {}{}", word(r[0]), word(r[1]), tail(2)),
            3 => format!("three of a kind, {}{}", word(r[0]), tail(1)),
            4 => format!("full house, {} full of {}", word(r[0]), word(r[1])),
            _ => format!("four of a kind, {}{}", word(r[0]), tail(1)),
        }
    }
}

/// Low values 1..=13 as printed.
const LOW_CHARS: [&str; 14] = [
    "?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];

impl fmt::Display for LowRank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// Evaluates many hands: `out[i] = LowRank::eval(hands[i])`.
pub fn eval_batch(hands: &[SuitMasks], out: &mut [LowRank]) {
    for (h, o) in hands.iter().zip(out.iter_mut()) {
        *o = LowRank::eval(h);
    }
}
