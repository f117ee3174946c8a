//! Table evaluators: the same rankings as [`HighRules::eval`] and [`LowRank::eval`], looked up instead
//! of computed, for hands of at most seven cards (the batch entry points of `ludoteca.poker`).
//!
//! A hand's ranks without their suits are a multiset, and apart from flushes the rank depends on that
//! multiset only. Its key is the sum over the four suit masks of `KEY5`: each rank held adds
//! `5^rank`, so the key is the rank counts written in base 5 (a count is at most 4). The 76,155
//! multisets of 0 to 7 cards have distinct keys, and a perfect hash ([`RankHash`], hash and
//! displace) sends them to distinct slots of a table of [`SLOTS`] entries; each ranking fills its own
//! table of values once, from the direct evaluator. Flushes take a second table per high ranking,
//! indexed by the flush suit's mask: with at most seven cards a hand holding five of a suit cannot
//! also make a full house or four of a kind (that needs three cards outside the suit besides five in
//! it), so its flush or straight flush is its rank under every ranking here.
//!
//! Everything is built on first use, once per process and per ranking (the hash and the 52-card
//! ranking about 0.1 s in a release build, each further ranking about 15 ms; the test
//! `tables_build_fast` reports it) and shared read-only between threads.
//! The tests check every five-card hand of every ranking against the direct evaluator, sampled hands
//! of six and seven cards by default, and all 133,784,560 seven-card hands as an ignored test.

use super::hand::SuitMasks;
use super::high::{FlushRank, HighRank, HighRules};
use super::low::LowRank;
use std::sync::OnceLock;

/// Set in a [`KEY5`] entry when the suit holds five cards or more; at most one suit does in a hand of
/// at most seven (nine) cards, so the bit survives the sum and the base-5 digits below it never
/// reach it (the largest seven-card key is below `5^13 < 2^31`).
const FLUSH_BIT: u32 = 1 << 31;

/// `KEY5[m]`: the sum of `5^r` over the rank bits `r` of the suit mask `m`, plus [`FLUSH_BIT`] when `m`
/// has five bits or more.
static KEY5: [u32; 8192] = {
    let mut t = [0u32; 8192];
    let mut m = 0;
    while m < 8192 {
        let (mut k, mut p, mut r) = (0u32, 1u32, 0);
        while r < 13 {
            if m >> r & 1 != 0 {
                k += p;
            }
            p *= 5;
            r += 1;
        }
        t[m] = if (m as u32).count_ones() >= 5 {
            k | FLUSH_BIT
        } else {
            k
        };
        m += 1;
    }
    t
};

/// Number of slots of the perfect hash: the 76,155 keys at a load of 0.9.
pub const SLOTS: usize = 84_617;
/// Buckets of the displacement table (about 2.3 keys each).
const BUCKET_BITS: u32 = 15;
/// The hash's multiplier (odd; this one lets every bucket find a displacement below 65,536, which
/// the construction checks).
const MULT: u64 = 0x9E37_79B9_7F4A_7C15;

/// The perfect hash of the rank-multiset keys of hands of 0 to 7 cards onto `0..SLOTS`.
pub struct RankHash {
    disp: Box<[u16; 1 << BUCKET_BITS]>,
}

impl RankHash {
    /// Bucket and first slot of a key.
    #[inline]
    fn parts(key: u32) -> (usize, u32) {
        let h = u64::from(key).wrapping_mul(MULT);
        let bucket = (h >> (64 - BUCKET_BITS)) as usize;
        let first = ((u64::from(h as u32) * SLOTS as u64) >> 32) as u32;
        (bucket, first)
    }

    /// The slot of a multiset key (any key of 0 to 7 cards; other keys give some slot).
    #[inline]
    pub fn slot(&self, key: u32) -> usize {
        let (bucket, first) = Self::parts(key);
        let s = first + u32::from(self.disp[bucket]);
        (if s >= SLOTS as u32 { s - SLOTS as u32 } else { s }) as usize
    }

    /// The hash, built on first use.
    pub fn get() -> &'static RankHash {
        static HASH: OnceLock<RankHash> = OnceLock::new();
        HASH.get_or_init(RankHash::build)
    }

    /// Hash and displace: buckets from the largest down each take the smallest displacement that
    /// moves all their keys to free slots.
    fn build() -> RankHash {
        let keys = multisets();
        let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); 1 << BUCKET_BITS];
        for &(key, _) in &keys {
            let (b, first) = Self::parts(key);
            buckets[b].push(first);
        }
        let mut order: Vec<usize> = (0..buckets.len()).collect();
        order.sort_by_key(|&b| std::cmp::Reverse(buckets[b].len()));
        let mut used = vec![false; SLOTS];
        let mut disp = Box::new([0u16; 1 << BUCKET_BITS]);
        let wrap = |s: usize| if s >= SLOTS { s - SLOTS } else { s };
        for b in order {
            let firsts = &buckets[b];
            if firsts.is_empty() {
                break;
            }
            let d = (0..=u16::MAX as usize)
                .find(|&d| {
                    firsts.iter().enumerate().all(|(i, &f)| {
                        let s = wrap(f as usize + d);
                        !used[s] && firsts[..i].iter().all(|&g| wrap(g as usize + d) != s)
                    })
                })
                .expect("the multiplier admits a displacement for every bucket");
            for &f in firsts {
                used[wrap(f as usize + d)] = true;
            }
            disp[b] = d as u16;
        }
        RankHash { disp }
    }
}

/// Every rank multiset of 0 to 7 cards (at most four of a rank): its key and a hand holding it with
/// no suit of more than two cards (ranks dealt round the suits), so the hand has no flush.
pub fn multisets() -> Vec<(u32, SuitMasks)> {
    fn rec(rank: u32, left: u32, key: u32, suit: usize, m: SuitMasks, out: &mut Vec<(u32, SuitMasks)>) {
        if rank == 13 {
            out.push((key, m));
            return;
        }
        for c in 0..=left.min(4) {
            let mut m2 = m;
            for j in 0..c as usize {
                m2[(suit + j) % 4] |= 1 << rank;
            }
            rec(
                rank + 1,
                left - c,
                key + c * 5u32.pow(rank),
                (suit + c as usize) % 4,
                m2,
                out,
            );
        }
    }
    let mut out = Vec::with_capacity(76_155);
    rec(0, 7, 0, 0, [0; 4], &mut out);
    out
}

/// The multiset key of a hand of at most seven cards, with [`FLUSH_BIT`] if it holds a flush.
#[inline]
fn key(m: &SuitMasks) -> u32 {
    let k = |s: u16| KEY5[usize::from(s) & 0x1FFF];
    k(m[0]) + k(m[1]) + k(m[2]) + k(m[3])
}

/// Suit masks of a 52-card-deck card mask (as `hand::masks52`).
#[inline]
fn split52(set: u64) -> SuitMasks {
    [
        (set & 0x1FFF) as u16,
        (set >> 13 & 0x1FFF) as u16,
        (set >> 26 & 0x1FFF) as u16,
        (set >> 39 & 0x1FFF) as u16,
    ]
}

/// A high ranking as tables: 5 to 7 cards (fewer give some value).
pub struct HighTable {
    hash: &'static RankHash,
    /// By slot: the rank of the hand's rank multiset without a flush.
    plain: Box<[u32]>,
    /// By suit mask: the best flush or straight flush in it (0 below five cards).
    flush: Box<[u32; 8192]>,
}

impl HighTable {
    /// The tables of `rules`, built on first use.
    pub fn get(rules: &HighRules) -> &'static HighTable {
        // STANDARD, then piquet by (ace-low straight, flush rank).
        static TABLES: [OnceLock<HighTable>; 7] = [const { OnceLock::new() }; 7];
        let i = if *rules == HighRules::STANDARD {
            0
        } else {
            let f = match rules.flush_rank() {
                FlushRank::Standard => 0,
                FlushRank::AboveFullHouse => 1,
                FlushRank::AboveFourOfAKind => 2,
            };
            1 + 3 * usize::from(rules.has_low_straight()) + f
        };
        TABLES[i].get_or_init(|| HighTable::build(rules))
    }

    fn build(rules: &HighRules) -> HighTable {
        let hash = RankHash::get();
        let mut plain = vec![0u32; SLOTS].into_boxed_slice();
        for (key, m) in multisets() {
            plain[hash.slot(key)] = rules.eval(&m).0;
        }
        let mut flush = Box::new([0u32; 8192]);
        for (s, f) in flush.iter_mut().enumerate() {
            if s.count_ones() >= 5 {
                *f = rules.eval(&[s as u16, 0, 0, 0]).0;
            }
        }
        HighTable { hash, plain, flush }
    }

    /// The rank of a hand of 5 to 7 cards, as `rules.eval`.
    #[inline]
    pub fn eval(&self, m: &SuitMasks) -> HighRank {
        let k = key(m);
        if k & FLUSH_BIT != 0 {
            let f = |s: u16| self.flush[usize::from(s) & 0x1FFF];
            return HighRank(f(m[0]) | f(m[1]) | f(m[2]) | f(m[3]));
        }
        HighRank(self.plain[self.hash.slot(k)])
    }

    /// The rank of a 52-card-deck card mask of 5 to 7 cards.
    #[inline]
    pub fn eval52(&self, set: u64) -> HighRank {
        self.eval(&split52(set))
    }
}

/// Ace-to-five low as a table: 1 to 7 cards, as [`LowRank::eval`] (partial hands included).
pub struct LowTable {
    hash: &'static RankHash,
    by_slot: Box<[u32]>,
}

impl LowTable {
    /// The table, built on first use.
    pub fn get() -> &'static LowTable {
        static TABLE: OnceLock<LowTable> = OnceLock::new();
        TABLE.get_or_init(|| {
            let hash = RankHash::get();
            let mut by_slot = vec![0u32; SLOTS].into_boxed_slice();
            for (key, m) in multisets() {
                by_slot[hash.slot(key)] = LowRank::eval(&m).0;
            }
            LowTable { hash, by_slot }
        })
    }

    /// The low rank of a hand of 0 to 7 cards.
    #[inline]
    pub fn eval(&self, m: &SuitMasks) -> LowRank {
        LowRank(self.by_slot[self.hash.slot(key(m) & !FLUSH_BIT)])
    }

    /// The low rank of a 52-card-deck card mask of 0 to 7 cards.
    #[inline]
    pub fn eval52(&self, set: u64) -> LowRank {
        self.eval(&split52(set))
    }
}
