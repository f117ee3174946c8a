//! The evaluators' view of a hand: one 13-bit rank mask per suit.
//!
//! Rank bit `r - 2` for rank code `r` (2..=14, as in `cards::deck`): 2 → bit 0, ace → bit 12. Suits are
//! the deck's order (♣ ♦ ♥ ♠). A hand holds each card at most once, so the masks are the whole truth;
//! rank counts, pairs and flushes are a few ANDs and ORs on them.

use crate::cards::CardSet;

/// A hand as four rank masks, one per suit (♣ ♦ ♥ ♠), rank bit `r - 2`.
pub type SuitMasks = [u16; 4];

/// All 13 ranks.
pub const ALL_RANKS: u16 = 0x1FFF;

/// Masks of a set of the 52-card deck (`Deck::french52()` dense order: suit × 13 + rank − 2).
#[inline]
pub fn masks52(set: CardSet) -> SuitMasks {
    let m = set.0;
    [
        (m & 0x1FFF) as u16,
        (m >> 13 & 0x1FFF) as u16,
        (m >> 26 & 0x1FFF) as u16,
        (m >> 39 & 0x1FFF) as u16,
    ]
}

/// Masks of a set of the 32-card deck (`Deck::french32()` dense order: suit × 8 + rank − 7), on the
/// same rank bits as the 52-card deck (7 → bit 5).
#[inline]
pub fn masks32(set: CardSet) -> SuitMasks {
    let m = set.0;
    let s = |k: u32| ((m >> (8 * k) & 0xFF) as u16) << 5;
    [s(0), s(1), s(2), s(3)]
}

/// The 52-card deck index of (rank code 2..=14, suit 0..=3).
#[inline]
pub const fn card52(rank: u8, suit: u8) -> u8 {
    suit * 13 + (rank - 2)
}

/// Number of cards in the masks.
#[inline]
pub fn count(m: &SuitMasks) -> u32 {
    m.iter().map(|x| x.count_ones()).sum()
}

/// Rank codes 2..=14 as printed (`T` for ten in ASCII, `10` in display).
pub const RANK_CHARS: [&str; 13] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
/// Singular rank words, by rank bit.
pub const RANK_WORDS: [&str; 13] = [
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace",
];
/// Plural rank words, by rank bit.
pub const RANK_PLURALS: [&str; 13] = [
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens",
    "kings", "aces",
];
