//! `CardSet`: a set of cards of one deck as a `u64` bitset over the deck's dense index.
//!
//! Every single deck of the built-in games has at most 54 cards, so one word holds any hand, trick or pile;
//! "cards of the led suit" or "trumps in hand" is one AND with a mask the deck precomputed.

use super::card::Card;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};

/// A set of cards (bit `i` = the deck's card `i`).
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash, Debug)]
#[repr(transparent)]
pub struct CardSet(pub u64);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);

    /// The first `n` cards of a deck (its full set).
    #[inline]
    pub const fn first_n(n: usize) -> CardSet {
        if n >= 64 {
            CardSet(u64::MAX)
        } else {
            CardSet((1u64 << n) - 1)
        }
    }
    /// The set holding only `card`.
    #[inline]
    pub const fn single(card: Card) -> CardSet {
        CardSet(1u64 << card.0)
    }
    /// Whether `card` is in the set.
    #[inline]
    pub const fn contains(self, card: Card) -> bool {
        self.0 >> card.0 & 1 != 0
    }
    /// Number of cards.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// No cards.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Adds `card`; returns whether it was absent.
    #[inline]
    pub fn insert(&mut self, card: Card) -> bool {
        let was = !self.contains(card);
        self.0 |= 1u64 << card.0;
        was
    }
    /// Removes `card`; returns whether it was present.
    #[inline]
    pub fn remove(&mut self, card: Card) -> bool {
        let was = self.contains(card);
        self.0 &= !(1u64 << card.0);
        was
    }
    /// The set with `card` added.
    #[inline]
    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | 1u64 << card.0)
    }
    /// The set with `card` removed.
    #[inline]
    pub const fn without(self, card: Card) -> CardSet {
        CardSet(self.0 & !(1u64 << card.0))
    }
    /// Whether every card of `self` is in `other`.
    #[inline]
    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }
    /// Lowest-index card.
    #[inline]
    pub fn first(self) -> Option<Card> {
        (self.0 != 0).then(|| Card(self.0.trailing_zeros() as u8))
    }
    /// Highest-index card.
    #[inline]
    pub fn last(self) -> Option<Card> {
        (self.0 != 0).then(|| Card(63 - self.0.leading_zeros() as u8))
    }
    /// The `k`-th card in index order (0-based), if the set has more than `k` cards. Constant time
    /// (broadword select): sampling a card from the stock is on the hot path of every simulation.
    #[inline]
    pub fn nth(self, k: usize) -> Option<Card> {
        if k >= self.len() {
            return None;
        }
        Some(self.nth_unchecked(k))
    }

    /// The `k`-th card, for `k < self.len()` (not checked: the caller drew `k` below the length).
    #[inline]
    pub fn nth_unchecked(self, k: usize) -> Card {
        debug_assert!(k < self.len());
        // Branch-free in `k` on purpose: it is random in simulations, so an early exit would be
        // mispredicted about half the time (~15 cycles each, more than the whole select). The branch
        // on the size is stable (a hand stays small, a stock large).
        match pdep_select(self.0, k) {
            Some(card) => Card(card as u8),
            None => self.nth_portable(k),
        }
    }
    /// [`Self::nth_unchecked`] without `pdep` (any CPU).
    #[inline]
    pub fn nth_portable(self, k: usize) -> Card {
        debug_assert!(k < self.len());
        Card(nth_portable(self.0, k) as u8)
    }
    /// [`Self::nth_unchecked`] by `pdep`, for loops that asked [`fast_pdep`] once before them.
    ///
    /// # Safety
    /// Only where [`fast_pdep`] is true (the CPU has BMI2).
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub unsafe fn nth_pdep(self, k: usize) -> Card {
        debug_assert!(k < self.len());
        // SAFETY: the caller checked `fast_pdep`.
        Card(unsafe { pdep_bit(self.0, k) }.trailing_zeros() as u8)
    }
    /// Cards in ascending index order.
    #[inline]
    pub fn iter(self) -> CardIter {
        CardIter(self.0)
    }
}

/// [`CardSet::nth_unchecked`] without `pdep`: the position of the `k`-th set bit of `x`.
#[inline]
fn nth_portable(x: u64, k: usize) -> u32 {
    if x.count_ones() <= 4 {
        // The set without its lowest 0, 1, 2, 3 cards; the k-th card is the lowest left.
        let b1 = x & x.wrapping_sub(1);
        let b2 = b1 & b1.wrapping_sub(1);
        let b3 = b2 & b2.wrapping_sub(1);
        [x, b1, b2, b3][k & 3].trailing_zeros()
    } else {
        select(x, k as u32)
    }
}

/// Position of the `k`-th set bit of `x` (`k < x.count_ones()`) by one `pdep` (the `k`-th bit of
/// `x` receives the single bit `1 << k`, then a bit scan), where the CPU has a fast one; `None`
/// elsewhere (the caller selects portably, with the same result). Five instructions instead of the
/// portable select's thirty: dealing and random play pick a card this way at every step.
#[inline(always)]
pub fn pdep_select(x: u64, k: usize) -> Option<u32> {
    #[cfg(target_arch = "x86_64")]
    if fast_pdep() {
        // SAFETY: `fast_pdep` has checked that the CPU has BMI2.
        return Some(unsafe { pdep_bit(x, k) }.trailing_zeros());
    }
    let _ = (x, k);
    None
}

/// The `k`-th set bit of `x` alone (`k < x.count_ones()`), by one `pdep`.
///
/// # Safety
/// Only where [`fast_pdep`] is true (the CPU has BMI2).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub unsafe fn pdep_bit(x: u64, k: usize) -> u64 {
    let deposited: u64;
    // SAFETY: the caller checked that the CPU has `pdep`; it only reads and writes registers.
    unsafe {
        std::arch::asm!(
            "pdep {out}, {src}, {mask}",
            out = lateout(reg) deposited,
            src = in(reg) 1u64 << (k & 63),
            mask = in(reg) x,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    deposited
}

/// Proof that the CPU has a fast `pdep` (made only by [`Pdep::new`], after [`fast_pdep`]): code that
/// holds one deposits bits with safe calls, so a loop built on `pdep` checks the CPU once, not per
/// card, and stays a safe function.
#[cfg(target_arch = "x86_64")]
#[derive(Copy, Clone, Debug)]
pub struct Pdep(());

#[cfg(target_arch = "x86_64")]
impl Pdep {
    /// The proof, where the CPU has a fast `pdep` (`None` elsewhere).
    #[inline(always)]
    pub fn new() -> Option<Pdep> {
        fast_pdep().then_some(Pdep(()))
    }
    /// The low bits of `x` deposited, in order, on the set bits of `mask` (one `pdep`): spreads
    /// packed fields apart, e.g. the 13 kinds of each suit into a lane or a nibble a rank.
    #[inline(always)]
    pub fn deposit(self, x: u64, mask: u64) -> u64 {
        let deposited: u64;
        // SAFETY: `self` exists only where the CPU has `pdep`; it only reads and writes registers.
        unsafe {
            std::arch::asm!(
                "pdep {out}, {src}, {mask}",
                out = lateout(reg) deposited,
                src = in(reg) x,
                mask = in(reg) mask,
                options(pure, nomem, nostack, preserves_flags),
            );
        }
        deposited
    }
    /// The `k`-th set bit of `x` alone (`k < x.count_ones()`), as [`pdep_bit`].
    #[inline(always)]
    pub fn bit(self, x: u64, k: usize) -> u64 {
        // SAFETY: `self` exists only where the CPU has `pdep`.
        unsafe { pdep_bit(x, k) }
    }
}

/// Whether [`pdep_select`] uses `pdep`: the CPU has BMI2 and its `pdep` is fast (not AMD before
/// Zen 3, where it is microcoded and slower than the portable select). Detected once; a load and a
/// compare after that.
#[inline(always)]
pub fn fast_pdep() -> bool {
    match SELECT_MODE.load(std::sync::atomic::Ordering::Relaxed) {
        MODE_UNKNOWN => detect_select_mode(),
        mode => mode == MODE_PDEP,
    }
}

/// [`SELECT_MODE`] values.
const MODE_UNKNOWN: u8 = 0;
const MODE_PORTABLE: u8 = 1;
const MODE_PDEP: u8 = 2;
/// How [`CardSet::nth_unchecked`] selects on this CPU (detected at first use).
static SELECT_MODE: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(MODE_UNKNOWN);

#[cold]
fn detect_select_mode() -> bool {
    let fast = cpu_has_fast_pdep();
    let mode = if fast { MODE_PDEP } else { MODE_PORTABLE };
    SELECT_MODE.store(mode, std::sync::atomic::Ordering::Relaxed);
    fast
}

#[cfg(target_arch = "x86_64")]
fn cpu_has_fast_pdep() -> bool {
    if !std::arch::is_x86_feature_detected!("bmi2") {
        return false;
    }
    // AMD (and Hygon) before family 0x19 (Zen 3) run `pdep` in microcode, hundreds of cycles.
    // SAFETY: `cpuid` exists on every x86-64 CPU.
    #[allow(unused_unsafe)]
    let (vendor, signature) = unsafe {
        use std::arch::x86_64::__cpuid;
        (__cpuid(0), __cpuid(1).eax)
    };
    let amd_like = (vendor.ebx, vendor.edx, vendor.ecx) == (0x6874_7541, 0x6974_6e65, 0x444d_4163) // "AuthenticAMD"
        || (vendor.ebx, vendor.edx, vendor.ecx) == (0x6f67_7948, 0x6e65_476e, 0x656e_6975); // "HygonGenuine"
    let base = (signature >> 8) & 0xF;
    let family = if base == 0xF {
        base + ((signature >> 20) & 0xFF)
    } else {
        base
    };
    !(amd_like && family < 0x19)
}

#[cfg(not(target_arch = "x86_64"))]
fn cpu_has_fast_pdep() -> bool {
    false
}

/// Position of the `k`-th set bit of `x` (`k < x.count_ones()`), without branches: a binary search
/// over halves, quarters and bytes by popcount (each step a mask, not a jump), then a table lookup
/// inside the byte.
#[inline]
fn select(x: u64, k: u32) -> u32 {
    let (mut x, mut k, mut pos) = (x, k, 0u32);
    for width in [32u32, 16, 8] {
        let low = (x & ((1u64 << width) - 1)).count_ones();
        // All ones when the bit lies above the low part.
        let up = ((k >= low) as u32).wrapping_neg();
        let shift = width & up;
        x >>= shift;
        k -= low & up;
        pos += shift;
    }
    pos + SELECT_IN_BYTE[(x & 0xFF) as usize][(k & 7) as usize] as u32
}

/// `SELECT_IN_BYTE[b][r]`: position of the `r`-th set bit of byte `b`.
static SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut r = 0;
        let mut bit = 0;
        while bit < 8 {
            if b >> bit & 1 == 1 {
                t[b][r] = bit as u8;
                r += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    t
};

/// Iterator over a [`CardSet`] in ascending index order.
#[derive(Clone, Debug)]
pub struct CardIter(u64);

impl Iterator for CardIter {
    type Item = Card;
    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Card(i as u8))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardIter;
    fn into_iter(self) -> CardIter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitor(self, o: CardSet) -> CardSet {
        CardSet(self.0 | o.0)
    }
}
impl BitOrAssign for CardSet {
    #[inline]
    fn bitor_assign(&mut self, o: CardSet) {
        self.0 |= o.0
    }
}
impl BitAnd for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitand(self, o: CardSet) -> CardSet {
        CardSet(self.0 & o.0)
    }
}
impl BitAndAssign for CardSet {
    #[inline]
    fn bitand_assign(&mut self, o: CardSet) {
        self.0 &= o.0
    }
}
impl Sub for CardSet {
    type Output = CardSet;
    #[inline]
    fn sub(self, o: CardSet) -> CardSet {
        CardSet(self.0 & !o.0)
    }
}
impl Not for CardSet {
    type Output = CardSet;
    #[inline]
    fn not(self) -> CardSet {
        CardSet(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let mut s = CardSet::EMPTY;
        assert!(s.insert(Card(3)));
        assert!(!s.insert(Card(3)));
        s.insert(Card(40));
        s.insert(Card(0));
        assert_eq!(s.len(), 3);
        assert_eq!(s.iter().map(|c| c.0).collect::<Vec<_>>(), vec![0, 3, 40]);
        assert_eq!(s.nth(1), Some(Card(3)));
        assert_eq!(s.nth(3), None);
        assert_eq!(s.first(), Some(Card(0)));
        assert_eq!(s.last(), Some(Card(40)));
        assert!(s.remove(Card(3)));
        assert!(!s.contains(Card(3)));
        assert_eq!((s - CardSet::single(Card(0))).len(), 1);
        assert!(CardSet::single(Card(40)).is_subset(s));
        assert_eq!(CardSet::first_n(40).len(), 40);
        // select agrees with iteration on many sets.
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..1000 {
            x = x.rotate_left(7).wrapping_mul(0x2545_F491_4F6C_DD1D) ^ (x >> 3);
            // Dense, sparse and full sets (sparse ones leave whole bytes empty).
            for set in [
                CardSet(x),
                CardSet(x & x.rotate_left(13) & x.rotate_left(29)),
                CardSet(u64::MAX),
            ] {
                for (k, c) in set.iter().enumerate() {
                    assert_eq!(set.nth(k), Some(c));
                }
                assert_eq!(set.nth(set.len()), None);
            }
        }
        assert_eq!(CardSet::first_n(64).len(), 64);
    }

    #[test]
    fn with_without_and_subset_on_small_sets() {
        // Bit i is card i. {1, 4} with 6 is {1, 4, 6}, with a card it holds is itself; without 4 is
        // {1}, without a card it lacks is itself. The empty set, {4} and {1, 4} itself are subsets of
        // {1, 4}; {4, 6} (one card outside) is not, nor is {1, 4} of {4}.
        let s = CardSet(0b1_0010);
        assert_eq!(s.with(Card(6)), CardSet(0b101_0010));
        assert_eq!(s.with(Card(4)), s);
        assert_eq!(s.with(Card(63)), CardSet(0b1_0010 | 1 << 63));
        assert_eq!(s.without(Card(4)), CardSet(0b10));
        assert_eq!(s.without(Card(1)), CardSet(0b1_0000));
        assert_eq!(s.without(Card(6)), s);
        assert!(CardSet::EMPTY.is_subset(s));
        assert!(CardSet(0b1_0000).is_subset(s));
        assert!(s.is_subset(s));
        assert!(!CardSet(0b101_0000).is_subset(s));
        assert!(!s.is_subset(CardSet(0b1_0000)));
    }

    #[test]
    fn iteration_and_the_set_operators_on_small_sets() {
        // {1, 4} and {4, 6}: union {1, 4, 6}, intersection {4}, difference {1}; the complement of
        // the empty set holds all 64 cards. Iterating {1, 4} yields 1 then 4, and the iterator knows
        // exactly how many are left; collecting cards (a repeat included) gives the set of them.
        let (a, b) = (CardSet(0b1_0010), CardSet(0b101_0000));
        assert_eq!(a | b, CardSet(0b101_0010));
        assert_eq!(a & b, CardSet(0b1_0000));
        assert_eq!(a - b, CardSet(0b10));
        assert_eq!(b - a, CardSet(0b100_0000));
        assert_eq!(!CardSet::EMPTY, CardSet(u64::MAX));
        assert_eq!(!a & b, CardSet(0b100_0000));
        let mut c = a;
        c |= b;
        assert_eq!(c, CardSet(0b101_0010));
        c &= b;
        assert_eq!(c, b);
        let mut it = a.iter();
        assert_eq!(it.size_hint(), (2, Some(2)));
        assert_eq!(it.next(), Some(Card(1)));
        assert_eq!(it.size_hint(), (1, Some(1)));
        assert_eq!(it.next(), Some(Card(4)));
        assert_eq!(it.size_hint(), (0, Some(0)));
        assert_eq!(it.next(), None);
        assert_eq!(a.into_iter().collect::<Vec<_>>(), vec![Card(1), Card(4)]);
        let mut seen = Vec::new();
        for card in b {
            seen.push(card.0);
        }
        assert_eq!(seen, vec![4, 6]);
        let gathered: CardSet = [Card(6), Card(1), Card(6)].into_iter().collect();
        assert_eq!(gathered, CardSet(0b100_0010));
    }

    #[test]
    fn pdep_and_portable_selects_agree() {
        // Where the CPU has a fast pdep, its answer is the portable select's, for every k of many
        // sets (dense, sparse, full, single bits at both ends).
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..2000 {
            x = x.rotate_left(11).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (x >> 5);
            for set in [x, x & x.rotate_left(17), u64::MAX, 1, 1 << 63, x | 1 << 63] {
                let cards: Vec<u32> = CardSet(set).iter().map(|c| c.0 as u32).collect();
                for (k, &card) in cards.iter().enumerate() {
                    assert_eq!(nth_portable(set, k), card, "set {set:#x}, k {k}");
                    assert_eq!(CardSet(set).nth_portable(k), Card(card as u8));
                    // `pdep` is used exactly where the CPU was found to have a fast one.
                    assert_eq!(pdep_select(set, k).is_some(), fast_pdep());
                    if let Some(p) = pdep_select(set, k) {
                        assert_eq!(p, card, "set {set:#x}, k {k}");
                        // SAFETY: `pdep_select` answered, so the CPU has a fast `pdep`.
                        #[cfg(target_arch = "x86_64")]
                        assert_eq!(unsafe { CardSet(set).nth_pdep(k) }, Card(card as u8));
                    }
                    assert_eq!(CardSet(set).nth_unchecked(k), Card(card as u8));
                }
            }
        }
    }
}
