//! Multi-deck packs for the rummy family: a 108-card pack (two 52-card decks and four jokers) or a
//! 162-card pack (three decks and six jokers).
//!
//! Two views of every card:
//! * its **kind** (`0..53`): the 52 cards of one deck in the project's dense order (suit-major ♣ ♦ ♥ ♠,
//!   ranks 2..A ascending), then the joker (52). The rules only ever look at kinds.
//! * its **physical id** (`0..pack.len()`): `copy * 52 + kind` for the suited cards of deck `copy`,
//!   then the jokers. The id is the chance outcome that deals the card and the card in every player
//!   action, so a record names the exact card (`7♥#2`) and a replay puts every copy back in its place.
//!
//! [`PackSet`] is a bitset over physical ids (three words hold 162 cards); [`KindCounts`] counts a
//! set by kind for the meld rules.

use crate::cards::Deck;
use crate::error::{LudoError, Result};
use std::sync::OnceLock;

/// Kinds: 52 suited cards and the joker.
pub const KINDS: usize = 53;
/// The joker's kind.
pub const JOKER: u8 = 52;
/// The most physical cards a pack has (three decks and six jokers).
pub const MAX_PACK: usize = 162;

/// The suit of a suited kind (0 ♣, 1 ♦, 2 ♥, 3 ♠).
#[inline]
pub const fn suit_of(kind: u8) -> u8 {
    kind / 13
}
/// The rank of a suited kind, 2..=14 (J 11, Q 12, K 13, A 14).
#[inline]
pub const fn rank_of(kind: u8) -> u8 {
    kind % 13 + 2
}
/// The kind of a suit and rank (2..=14).
#[inline]
pub const fn kind_of(suit: u8, rank: u8) -> u8 {
    suit * 13 + rank - 2
}

/// A pack: `decks` standard decks plus `jokers` jokers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pack {
    decks: u8,
    jokers: u8,
}

impl Pack {
    /// Carioca's 108 cards: two decks and four jokers.
    pub const CARIOCA: Pack = Pack { decks: 2, jokers: 4 };
    /// Samba's 162 cards: three decks and six jokers.
    pub const SAMBA: Pack = Pack { decks: 3, jokers: 6 };

    /// Number of physical cards.
    #[inline]
    pub const fn len(self) -> usize {
        self.decks as usize * 52 + self.jokers as usize
    }
    /// Never empty (kept for clippy's `len_without_is_empty`).
    pub const fn is_empty(self) -> bool {
        false
    }
    /// Number of decks (copies of each suited kind).
    pub const fn decks(self) -> u8 {
        self.decks
    }
    /// Number of jokers.
    pub const fn jokers(self) -> u8 {
        self.jokers
    }
    /// How many physical cards of `kind` the pack holds.
    #[inline]
    pub const fn copies(self, kind: u8) -> u8 {
        if kind == JOKER {
            self.jokers
        } else {
            self.decks
        }
    }
    /// The kind of a physical card.
    #[inline]
    pub const fn kind(self, id: u8) -> u8 {
        let suited = self.decks as u16 * 52;
        if (id as u16) < suited {
            id % 52
        } else {
            JOKER
        }
    }
    /// The copy index (0-based) of a physical card among the cards of its kind.
    #[inline]
    pub const fn copy(self, id: u8) -> u8 {
        let suited = self.decks as u16 * 52;
        if (id as u16) < suited {
            id / 52
        } else {
            (id as u16 - suited) as u8
        }
    }
    /// The physical id of copy `copy` of `kind` (`copy < self.copies(kind)`).
    #[inline]
    pub const fn id(self, kind: u8, copy: u8) -> u8 {
        if kind == JOKER {
            self.decks * 52 + copy
        } else {
            copy * 52 + kind
        }
    }
    /// Every physical card of the pack: ids `0..len`, as whole words (a new hand starts from it, and
    /// a constant pack folds it to a constant rather than a loop over the cards).
    #[inline]
    pub fn all(self) -> PackSet {
        let n = self.len();
        debug_assert!(n <= 192, "a PackSet holds 192 cards");
        PackSet(std::array::from_fn(|w| match n.saturating_sub(64 * w) {
            0 => 0,
            k if k >= 64 => u64::MAX,
            k => (1u64 << k) - 1,
        }))
    }
    /// The display name of a physical card: the kind and the 1-based copy, `7♥#2`, `X#3`.
    pub fn name(self, id: u8) -> String {
        format!("{}#{}", kind_name(self.kind(id)), self.copy(id) + 1)
    }
    /// Parses a physical card name (`7♥#2`, `7h#2`, `10 of hearts#1`, `X#3`, `joker#3`), any case.
    pub fn parse(self, text: &str) -> Result<u8> {
        let bad = |reason: String| LudoError::parse("card", text, reason);
        let (kind_text, copy_text) = text.trim().rsplit_once('#').ok_or_else(|| {
            bad("a card of a multi-deck pack is its kind and its copy number, e.g. 7♥#1 or X#2".into())
        })?;
        let kind = parse_kind(kind_text)?;
        let copy: u8 = copy_text
            .trim()
            .parse()
            .map_err(|_| bad(format!("copy number {copy_text:?} is not a number")))?;
        if copy == 0 || copy > self.copies(kind) {
            return Err(bad(format!(
                "the pack has copies 1..={} of {}",
                self.copies(kind),
                kind_name(kind)
            )));
        }
        Ok(self.id(kind, copy - 1))
    }
}

fn french52() -> &'static Deck {
    static DECK: OnceLock<Deck> = OnceLock::new();
    DECK.get_or_init(Deck::french52)
}

/// The display name of a kind (`7♥`, `X` for the joker).
pub fn kind_name(kind: u8) -> &'static str {
    if kind == JOKER {
        "X"
    } else {
        french52().name_of(crate::cards::Card(kind))
    }
}

/// Parses a kind: a card of the 52-card deck in any accepted spelling, or `X` / `joker`.
pub fn parse_kind(text: &str) -> Result<u8> {
    let t = text.trim().to_lowercase();
    if matches!(t.as_str(), "x" | "joker" | "jk" | "🃏") {
        return Ok(JOKER);
    }
    french52().parse(text).map(|c| c.0).map_err(|_| {
        LudoError::parse(
            "card",
            text,
            "not a card kind (kinds look like 7♥, 7H, QS or X for a joker)",
        )
    })
}

/// A set of physical cards (bit `i` = card `i`), up to 192 cards.
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash, Debug)]
pub struct PackSet(pub [u64; 3]);

impl PackSet {
    /// The empty set.
    pub const EMPTY: PackSet = PackSet([0; 3]);

    /// The set of one card.
    #[inline]
    pub fn single(id: u8) -> PackSet {
        let mut s = PackSet::EMPTY;
        s.insert(id);
        s
    }
    /// Whether `id` is in the set.
    #[inline]
    pub const fn contains(&self, id: u8) -> bool {
        self.0[(id >> 6) as usize] >> (id & 63) & 1 != 0
    }
    /// Adds `id`.
    #[inline]
    pub fn insert(&mut self, id: u8) {
        self.0[(id >> 6) as usize] |= 1 << (id & 63);
    }
    /// Removes `id`.
    #[inline]
    pub fn remove(&mut self, id: u8) {
        self.0[(id >> 6) as usize] &= !(1 << (id & 63));
    }
    /// Number of cards.
    #[inline]
    pub const fn len(&self) -> usize {
        (self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()) as usize
    }
    /// No cards.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.0[0] | self.0[1] | self.0[2] == 0
    }
    /// Union.
    #[inline]
    pub fn union(self, o: PackSet) -> PackSet {
        PackSet([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2]])
    }
    /// Intersection.
    #[inline]
    pub fn and(self, o: PackSet) -> PackSet {
        PackSet([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2]])
    }
    /// The `k`-th card in ascending order (`k < len`).
    #[inline]
    pub fn nth(&self, mut k: usize) -> u8 {
        for (w, &word) in self.0.iter().enumerate() {
            let n = word.count_ones() as usize;
            if k < n {
                let set = crate::cards::CardSet(word);
                return (w * 64) as u8 + set.nth_unchecked(k).0;
            }
            k -= n;
        }
        debug_assert!(false, "nth beyond the set");
        0
    }
    /// Cards in ascending order.
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            crate::cards::CardSet(word)
                .iter()
                .map(move |c| (w * 64) as u8 + c.0)
        })
    }
    /// Cards in ascending order, as a vector of action-sized ids.
    pub fn to_vec(&self) -> Vec<u32> {
        self.iter().map(u32::from).collect()
    }
    /// The lowest card of `kind` in the set, if any.
    pub fn first_of_kind(&self, pack: Pack, kind: u8) -> Option<u8> {
        (0..pack.copies(kind))
            .map(|c| pack.id(kind, c))
            .find(|&id| self.contains(id))
    }
    /// The set counted by kind.
    #[inline]
    pub fn counts(&self, pack: Pack) -> KindCounts {
        let mut k = KindCounts::default();
        for id in self.iter() {
            k.add(pack.kind(id));
        }
        k
    }
}

/// A multiset of kinds: how many cards of each kind (the rules' view of a hand or a meld).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct KindCounts(pub [u8; KINDS]);

impl Default for KindCounts {
    fn default() -> Self {
        KindCounts([0; KINDS])
    }
}

impl KindCounts {
    /// From a list of kinds.
    pub fn of(kinds: &[u8]) -> KindCounts {
        let mut k = KindCounts::default();
        for &x in kinds {
            k.add(x);
        }
        k
    }
    /// Adds one card of `kind`.
    #[inline]
    pub fn add(&mut self, kind: u8) {
        self.0[kind as usize] += 1;
    }
    /// Removes one card of `kind` (which must be there).
    #[inline]
    pub fn take(&mut self, kind: u8) {
        debug_assert!(self.0[kind as usize] > 0);
        self.0[kind as usize] -= 1;
    }
    /// Count of `kind`.
    #[inline]
    pub fn get(&self, kind: u8) -> u8 {
        self.0[kind as usize]
    }
    /// Jokers.
    #[inline]
    pub fn jokers(&self) -> u8 {
        self.0[JOKER as usize]
    }
    /// Total cards.
    #[inline]
    pub fn total(&self) -> usize {
        // u16 lanes let the compiler add the 53 bytes with vector instructions.
        self.0.iter().fold(0u16, |a, &c| a + c as u16) as usize
    }
    /// Naturals of `rank` over all suits.
    #[inline]
    pub fn of_rank(&self, rank: u8) -> u8 {
        (0..4).map(|s| self.get(kind_of(s, rank))).sum()
    }
    /// The kinds, each repeated by its count, ascending.
    pub fn kinds(&self) -> Vec<u8> {
        let mut v = Vec::new();
        for (k, &c) in self.0.iter().enumerate() {
            for _ in 0..c {
                v.push(k as u8);
            }
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_sizes_and_copies() {
        assert_eq!(Pack::CARIOCA.len(), 108);
        assert_eq!(Pack::SAMBA.len(), 162);
        // A pack always holds at least one deck: never empty, as `is_empty` documents.
        assert!(!Pack::CARIOCA.is_empty() && !Pack::SAMBA.is_empty());
        for pack in [Pack::CARIOCA, Pack::SAMBA] {
            // Every id below the pack's size and none above it (the words end mid-word).
            let all = pack.all();
            assert_eq!(all.len(), pack.len());
            for id in 0..192usize {
                assert_eq!(all.contains(id as u8), id < pack.len(), "{id}");
            }
            let counts = all.counts(pack);
            assert_eq!(counts.jokers(), pack.jokers());
            for k in 0..52 {
                assert_eq!(counts.get(k), pack.decks());
            }
            // id -> (kind, copy) -> id is the identity, and names are unique and parse back.
            let mut names = std::collections::HashSet::new();
            for id in 0..pack.len() as u8 {
                assert_eq!(pack.id(pack.kind(id), pack.copy(id)), id);
                let name = pack.name(id);
                assert_eq!(pack.parse(&name).unwrap(), id, "{name}");
                assert_eq!(pack.parse(&name.to_lowercase()).unwrap(), id, "{name}");
                assert!(names.insert(name));
            }
        }
    }

    #[test]
    fn names_and_parse_errors() {
        let p = Pack::CARIOCA;
        assert_eq!(p.name(p.id(kind_of(2, 7), 1)), "7♥#2");
        assert_eq!(p.name(p.id(JOKER, 3)), "X#4");
        assert_eq!(p.parse("7h#2").unwrap(), p.id(kind_of(2, 7), 1));
        assert_eq!(p.parse("joker#1").unwrap(), 104);
        for bad in ["7h", "7h#3", "7h#0", "X#5", "1z#1", "7h#x"] {
            assert!(p.parse(bad).is_err(), "{bad}");
        }
        assert!(Pack::SAMBA.parse("X#6").is_ok());
        assert!(Pack::SAMBA.parse("7h#3").is_ok());
    }

    #[test]
    fn set_ops_and_select() {
        let mut s = PackSet::EMPTY;
        for id in [0u8, 63, 64, 100, 127, 128, 161] {
            s.insert(id);
        }
        assert_eq!(s.len(), 7);
        let v: Vec<u8> = s.iter().collect();
        assert_eq!(v, vec![0, 63, 64, 100, 127, 128, 161]);
        for (k, &id) in v.iter().enumerate() {
            assert_eq!(s.nth(k), id);
        }
        s.remove(64);
        assert!(!s.contains(64) && s.contains(63));
        assert_eq!(s.first_of_kind(Pack::CARIOCA, 47), None);
        assert_eq!(s.first_of_kind(Pack::CARIOCA, 100 % 52), Some(100));
    }

    /// The dense kind order (suit-major ♣ ♦ ♥ ♠, ranks 2..A ascending, joker last) at its corners:
    /// the first and last card of a suit, the ♥7 the card names use, and the last suited kind.
    #[test]
    fn kinds_are_suit_major_with_ranks_two_to_ace() {
        assert_eq!(kind_of(0, 2), 0); // ♣2, the first kind
        assert_eq!(kind_of(0, 14), 12); // ♣A ends the first suit
        assert_eq!(kind_of(1, 2), 13); // ♦2 starts the second
        assert_eq!(kind_of(2, 7), 31); // ♥7: 2 * 13 + 5
        assert_eq!(kind_of(3, 14), 51); // ♠A, the last suited kind, just below the joker
        for (kind, suit, rank) in [(0u8, 0u8, 2u8), (12, 0, 14), (13, 1, 2), (31, 2, 7), (51, 3, 14)] {
            assert_eq!((suit_of(kind), rank_of(kind)), (suit, rank), "kind {kind}");
        }
        assert_eq!(kind_name(31), "7♥");
        assert_eq!(kind_name(JOKER), "X");
        assert_eq!(parse_kind("7h").unwrap(), 31);
        assert_eq!(parse_kind("2c").unwrap(), 0);
    }

    /// The physical ids of §7.1's 108 cards and §11's 162: deck `c`'s suited cards are `52c..52c+52`,
    /// then the jokers, so the last suited card and the first joker sit on either side of
    /// `52 * decks`.
    #[test]
    fn ids_put_the_decks_first_and_the_jokers_after_them() {
        let c = Pack::CARIOCA;
        assert_eq!((c.kind(103), c.copy(103)), (51, 1)); // ♠A of the second deck
        assert_eq!((c.kind(104), c.copy(104)), (JOKER, 0)); // the first joker
        assert_eq!((c.kind(107), c.copy(107)), (JOKER, 3)); // the fourth and last
        assert_eq!((c.kind(52), c.copy(52)), (0, 1)); // ♣2 of the second deck
        assert_eq!(c.id(JOKER, 2), 106);
        assert_eq!(c.id(31, 1), 83);
        assert_eq!((c.copies(JOKER), c.copies(0), c.copies(51)), (4, 2, 2));
        let s = Pack::SAMBA;
        assert_eq!((s.kind(155), s.copy(155)), (51, 2)); // ♠A of the third deck
        assert_eq!((s.kind(156), s.copy(156)), (JOKER, 0));
        assert_eq!((s.kind(161), s.copy(161)), (JOKER, 5));
        assert_eq!(s.id(JOKER, 5), 161);
        assert_eq!(s.id(31, 2), 135);
        assert_eq!((s.copies(JOKER), s.copies(7)), (6, 3));
        assert_eq!(s.parse("X#6").unwrap(), 161);
        assert_eq!(s.parse("7♥#3").unwrap(), 135);
        assert!(s.parse("7♥#4").is_err() && s.parse("X#7").is_err());
        assert!(c.parse("X#4").is_ok() && c.parse("7♥#2").is_ok());
    }

    /// Set operations on cards that share a bit position in different words (ids 5, 69 and 133),
    /// and on a card added twice.
    #[test]
    fn set_operations_across_words() {
        let a = [5u8, 69, 133]
            .into_iter()
            .fold(PackSet::EMPTY, |s, id| s.union(PackSet::single(id)));
        assert_eq!(a.len(), 3);
        assert!(!a.is_empty());
        let two = PackSet::single(5).union(PackSet::single(69));
        assert!(!two.is_empty());
        assert!(!PackSet::single(133).is_empty());
        // Same bit in the second and third words only (a mutant's `w1 ^ w2` would cancel them).
        assert!(!PackSet::single(69).union(PackSet::single(133)).is_empty());
        assert!(PackSet::EMPTY.is_empty());
        // Adding a card already there leaves it there.
        let mut b = a;
        b.insert(69);
        assert_eq!(b, a);
        // Union and intersection of overlapping sets.
        let c = [5u8, 6, 69, 70, 133, 134]
            .into_iter()
            .fold(PackSet::EMPTY, |s, id| s.union(PackSet::single(id)));
        assert_eq!(a.union(c), c);
        assert_eq!(c.union(a), c);
        assert_eq!(a.and(c), a);
        let d = PackSet::single(6)
            .union(PackSet::single(70))
            .union(PackSet::single(134));
        assert_eq!(a.and(d), PackSet::EMPTY);
        assert_eq!(a.union(d), c);
        // Removing a card not there changes nothing.
        let mut e = a;
        e.remove(70);
        assert_eq!(e, a);
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![5, 69, 133]);
        assert_eq!((a.nth(0), a.nth(1), a.nth(2)), (5, 69, 133));
    }

    /// The ids a game lists where its cards lie (`card_locations`): ascending, one per card, across the
    /// three words; none for an empty set.
    #[test]
    fn to_vec_lists_the_cards_in_ascending_order_across_words() {
        let s = [133u8, 5, 161, 69, 0]
            .into_iter()
            .fold(PackSet::EMPTY, |s, id| s.union(PackSet::single(id)));
        assert_eq!(s.to_vec(), vec![0u32, 5, 69, 133, 161]);
        assert_eq!(PackSet::single(1).to_vec(), vec![1u32]);
        assert_eq!(PackSet::EMPTY.to_vec(), Vec::<u32>::new());
    }

    /// Counting by kind: a hand of the two ♥7 copies, a ♠7 and two jokers.
    #[test]
    fn kind_counts_add_take_and_total() {
        let mut k = KindCounts::of(&[31, 31, 44, JOKER, JOKER]);
        assert_eq!((k.get(31), k.get(44), k.jokers(), k.total()), (2, 1, 2, 5));
        assert_eq!(k.of_rank(7), 3);
        k.take(31);
        assert_eq!((k.get(31), k.total()), (1, 4));
        assert_eq!(k.kinds(), vec![31, 44, JOKER, JOKER]);
        let pack = Pack::CARIOCA;
        let hand = PackSet::single(pack.id(31, 1)).union(PackSet::single(pack.id(JOKER, 3)));
        assert_eq!(hand.counts(pack), KindCounts::of(&[31, JOKER]));
    }
}
