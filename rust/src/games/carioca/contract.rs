//! Carioca's contract search: can the melds a hand still owes be completed from the cards in hand?
//!
//! A contract is laid in steps (pick cards into the pending meld, close it, go on to the next), one
//! meld slot at a time in a fixed order: escaleras first, then trios. A pick or a close is legal only if
//! the whole contract can still be completed with the cards left, so a player who starts laying a
//! contract never runs into a dead end (a `cancel` is still offered for humans). Each contract meld
//! holds at most one joker; with `contract_meld_exact_size` a trio is exactly 3 cards and an escalera
//! exactly 4, otherwise at least 3 / 4 (minimal melds decide feasibility: a longer meld only uses more
//! cards, except for the pending one, whose windows are all tried).

use crate::rummy::bag::{rank_of, suit_of, KindCounts, PackSet, JOKER, KINDS};

#[cfg(test)]
mod reference;

/// What a contract still asks for after the pending meld.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Owed {
    pub escaleras: u8,
    pub trios: u8,
    /// Cards that must stay in hand after the whole contract (1 when going out needs a discard).
    pub keep: u8,
}

impl Owed {
    fn cards(&self) -> usize {
        4 * self.escaleras as usize + 3 * self.trios as usize
    }
}

/// The kind of meld a slot wants.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Slot {
    Trio,
    Escalera,
}

/// Whether the pending meld (`pending`, of slot kind `slot`) can be completed from `hand` and the
/// `owed` melds after it laid from what is left. `exact`: contract sizes exactly 3 / 4.
pub fn feasible(hand: &KindCounts, pending: &KindCounts, slot: Slot, owed: Owed, exact: bool) -> bool {
    if pending.total() == 0 {
        // Nothing picked yet: the pending meld is just one more owed meld (minimal sizes decide).
        let all = Owed {
            escaleras: owed.escaleras + (slot == Slot::Escalera) as u8,
            trios: owed.trios + (slot == Slot::Trio) as u8,
            keep: owed.keep,
        };
        return owed_feasible(hand, all);
    }
    match slot {
        Slot::Trio => pending_trio(hand, pending, owed, exact),
        Slot::Escalera => escalera_feasible(&Bits::of(hand), &PendingRun::of(pending), owed, exact),
    }
}

/// Whether `owed` melds (no pending one) can be laid from `hand`.
pub fn owed_feasible(hand: &KindCounts, owed: Owed) -> bool {
    owed_feasible_bits(&Bits::of(hand), owed)
}

/// [`owed_feasible`] on a hand already in bitmasks.
#[inline]
pub fn owed_feasible_bits(hand: &Bits, owed: Owed) -> bool {
    if (hand.total as usize) < owed.cards() + owed.keep as usize {
        return false;
    }
    if owed.escaleras == 0 {
        // Trios only (the search's last step, without the call).
        return hand.makes_trios(owed.trios);
    }
    escaleras(hand, owed.escaleras, 0, owed.trios)
}

fn pending_trio(hand: &KindCounts, pending: &KindCounts, owed: Owed, exact: bool) -> bool {
    let mut rank = None;
    for (i, &c) in rank_counts(pending).iter().enumerate() {
        if c > 0 {
            if rank.is_some() {
                return false;
            }
            rank = Some(i as u8 + 2);
        }
    }
    trio_feasible(
        &TrioHand::of(hand),
        pending.total(),
        pending.jokers(),
        rank,
        owed,
        exact,
    )
}

/// A hand as the trio slots see it: its naturals counted per rank in four bit slices (bit `r` of
/// `slices[i]` is bit `i` of the count of rank `r`, 2..=14; a count is at most 8), jokers, cards.
/// Bit slices let the counts of all thirteen ranks be added and classified in a few word operations
/// (the trio test runs on every step of a random playout).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TrioHand {
    slices: [u16; 4],
    /// The closed form of the trios the naturals make, kept up to date.
    tally: Tally,
    pub jokers: u8,
    pub total: usize,
}

impl TrioHand {
    /// No cards.
    pub const EMPTY: TrioHand = TrioHand {
        slices: [0; 4],
        tally: Tally(0),
        jokers: 0,
        total: 0,
    };
    /// The hand counted by rank.
    pub fn of(hand: &KindCounts) -> TrioHand {
        let mut slices = [0u16; 4];
        for (i, &c) in rank_counts(hand).iter().enumerate() {
            debug_assert!(c <= 8, "two decks: at most eight naturals of a rank");
            for (b, slice) in slices.iter_mut().enumerate() {
                *slice |= ((c as u16 >> b) & 1) << (i + 2);
            }
        }
        TrioHand {
            slices,
            tally: Tally::of_slices(slices),
            jokers: hand.jokers(),
            total: hand.total(),
        }
    }
    /// The hand counted by rank, from its bitmasks: per suit a count of 0, 1 or 2 per rank (`one`
    /// without `two`, or `two`), the four suits added as bit-sliced numbers.
    #[inline]
    pub fn of_bits(hand: &Bits) -> TrioHand {
        // Two suits at a time: a + b for 2-bit numbers (lo, hi) gives 3 bits.
        #[inline]
        fn add2(lo_a: u16, hi_a: u16, lo_b: u16, hi_b: u16) -> [u16; 3] {
            let s0 = lo_a ^ lo_b;
            let k0 = lo_a & lo_b;
            let s1 = hi_a ^ hi_b ^ k0;
            let s2 = (hi_a & hi_b) | (k0 & (hi_a ^ hi_b));
            [s0, s1, s2]
        }
        let lo = |s: usize| hand.one[s] & !hand.two[s];
        let a = add2(lo(0), hand.two[0], lo(1), hand.two[1]);
        let b = add2(lo(2), hand.two[2], lo(3), hand.two[3]);
        let c0 = a[0] ^ b[0];
        let k0 = a[0] & b[0];
        let c1 = a[1] ^ b[1] ^ k0;
        let k1 = (a[1] & b[1]) | (k0 & (a[1] ^ b[1]));
        let c2 = a[2] ^ b[2] ^ k1;
        let c3 = (a[2] & b[2]) | (k1 & (a[2] ^ b[2]));
        let slices = [c0, c1, c2, c3];
        TrioHand {
            slices,
            tally: Tally::of_slices(slices),
            jokers: hand.jokers,
            total: hand.total as usize,
        }
    }
    /// Naturals of rank `r` (2..=14).
    #[inline]
    pub fn count(&self, r: u8) -> u8 {
        let s = &self.slices;
        ((s[0] >> r & 1) | (s[1] >> r & 1) << 1 | (s[2] >> r & 1) << 2 | (s[3] >> r & 1) << 3) as u8
    }
    /// The hand without one card of `kind`, which it holds.
    pub fn without(mut self, kind: u8) -> TrioHand {
        if kind == JOKER {
            self.jokers -= 1;
        } else {
            let r = rank_of(kind);
            let c = self.count(r) - 1;
            for (b, slice) in self.slices.iter_mut().enumerate() {
                *slice = (*slice & !(1 << r)) | ((c as u16 >> b) & 1) << r;
            }
            self.tally = self.tally.recount(c + 1, c);
        }
        self.total -= 1;
        self
    }
    /// The [`Tally`] of the whole hand's naturals.
    #[inline]
    fn tally(&self) -> Tally {
        self.tally
    }
}

/// How many trios (3 naturals, or 2 naturals and a joker) a hand's naturals can make, as a closed form
/// rather than a search (this runs on every step of a random playout): `t` trios of a rank with `c`
/// naturals need `max(0, 3t - c)` jokers and `t <= c / 2` (two naturals each). Each rank gives `c / 3`
/// trios free; its next trio costs 1 joker if `c % 3 == 2`, 2 if `c % 3 == 1` (and `c >= 4`), 3
/// otherwise, and every further one 3, up to `c / 2` trios. Costs never fall within a rank, so taking
/// the cheapest extra trios first is optimal. The tally holds the free trios and how many extra trios
/// cost 1, 2 and 3 jokers, as four byte fields, so a rank's share is added or taken off in one step.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Tally(u32);

/// A rank with `c` naturals: `c / 3` trios free; its next trio costs 1 joker if `c % 3 == 2`, 2 if
/// `c % 3 == 1` (and `c >= 4`), 3 otherwise; every further one 3; at most `c / 2` trios.
const fn rank_tally(c: u8) -> u32 {
    let (base, most) = (c / 3, c / 2);
    let mut t = base as u32;
    if most > base {
        t += match c % 3 {
            2 => 1 << 8,
            1 => 1 << 16,
            _ => 1 << 24,
        };
        t += ((most - base - 1) as u32) << 24;
    }
    t
}

impl Tally {
    /// The tally of bit-sliced rank counts (see [`TrioHand`]).
    #[inline]
    fn of_slices(slices: [u16; 4]) -> Tally {
        let [c0, c1, c2, c3] = slices;
        // Counts are 0..=8, so bit 3 set means exactly 8 (and then bits 0..2 are clear).
        let ge3 = c3 | c2 | (c1 & c0);
        let ge6 = c3 | (c2 & c1);
        let eq2 = !c3 & !c2 & c1 & !c0;
        let eq5 = c2 & !c1 & c0;
        let eq4_or_7 = c2 & !(c1 ^ c0);
        let eq6 = c2 & c1 & !c0;
        let pop = |m: u16| m.count_ones();
        Tally((pop(ge3) + pop(ge6)) | pop(eq2 | eq5 | c3) << 8 | pop(eq4_or_7) << 16 | pop(eq6 | c3) << 24)
    }
    /// The tally of rank counts (index rank - 2).
    #[cfg(test)]
    fn of_counts(counts: &[u8; 13]) -> Tally {
        Tally(counts.iter().map(|&c| rank_tally(c)).sum())
    }
    /// The tally after one rank's count goes from `from` to `to`.
    #[inline(always)]
    fn recount(self, from: u8, to: u8) -> Tally {
        static TABLE: [u32; 9] = {
            let mut t = [0; 9];
            let mut c = 0;
            while c < 9 {
                t[c] = rank_tally(c as u8);
                c += 1;
            }
            t
        };
        Tally(self.0 - TABLE[from as usize] + TABLE[to as usize])
    }
    /// Whether `left` trios can be made with `jokers` jokers: the cheapest extra trios first.
    #[inline]
    fn allows(self, jokers: u8, left: u8) -> bool {
        let free = self.0 & 0xFF;
        let Some(mut need) = (left as u32).checked_sub(free).filter(|&n| n > 0) else {
            return true;
        };
        let mut jokers = jokers as u32;
        for (count, cost) in [
            (self.0 >> 8 & 0xFF, 1),
            (self.0 >> 16 & 0xFF, 2),
            (self.0 >> 24, 3),
        ] {
            let take = count.min(need).min(jokers / cost);
            need -= take;
            jokers -= take * cost;
            if need == 0 {
                return true;
            }
            if take < count.min(need + take) {
                // Not enough jokers for the cheaper kind: the dearer ones cannot be afforded either.
                return false;
            }
        }
        false
    }
}

/// Whether a pending trio of `n` cards (`pj` jokers, naturals of `rank`, or none yet) can be completed
/// from `hand` and the `owed` trios after it laid from what is left (a trio slot: only trios follow).
pub fn trio_feasible(hand: &TrioHand, n: usize, pj: u8, rank: Option<u8>, owed: Owed, exact: bool) -> bool {
    trio_feasible_less(hand, 0, n, pj, rank, owed, exact)
}

/// [`trio_feasible`] after one card of `kind` goes from `hand` (which holds it) into the pending trio
/// of `n` cards (`pj` jokers, naturals of `rank` or none yet): the pick a contract picker asks about,
/// without working out the hand after it (the rank's count and the tally are adjusted where read).
#[inline]
pub fn trio_pick_feasible(
    hand: &TrioHand,
    kind: u8,
    n: usize,
    pj: u8,
    rank: Option<u8>,
    owed: Owed,
    exact: bool,
) -> bool {
    let mut less = *hand;
    less.total -= 1;
    if kind == JOKER {
        less.jokers -= 1;
        trio_feasible_less(&less, 0, n + 1, pj + 1, rank, owed, exact)
    } else {
        let r = rank_of(kind);
        debug_assert!(rank.map_or(true, |x| x == r), "a natural of the pending rank");
        trio_feasible_less(&less, r, n + 1, pj, Some(r), owed, exact)
    }
}

/// [`trio_feasible`] on `hand` with one natural of rank `minus` fewer than its slices and tally say
/// (`minus` 0: none; `hand.total` already counts it out).
#[inline(always)]
fn trio_feasible_less(
    hand: &TrioHand,
    minus: u8,
    n: usize,
    pj: u8,
    rank: Option<u8>,
    owed: Owed,
    exact: bool,
) -> bool {
    if pj > 1 || (exact && n > 3) {
        return false;
    }
    let target = n.max(3);
    let need = target - n;
    if hand.total < need + owed.cards() + owed.keep as usize {
        return false;
    }
    let ranks = match rank {
        Some(r) => r..r + 1,
        None => 2..15,
    };
    let mut tally = hand.tally();
    if minus != 0 {
        let c = hand.count(minus);
        tally = tally.recount(c, c - 1);
    }
    for r in ranks {
        let naturals = hand.count(r) - (r == minus) as u8;
        let pending_naturals = (n - pj as usize) as u8;
        // Use naturals first, then (if the pending meld has none) one joker; a trio keeps >= 2 naturals.
        for use_joker in [false, true] {
            if use_joker && (pj == 1 || hand.jokers == 0 || need == 0) {
                continue;
            }
            let nat_needed = need as u8 - use_joker as u8;
            if naturals < nat_needed || pending_naturals + nat_needed < 2 {
                continue;
            }
            let jokers = hand.jokers - use_joker as u8;
            if tally
                .recount(naturals, naturals - nat_needed)
                .allows(jokers, owed.trios)
            {
                return true;
            }
        }
    }
    false
}

/// Whether a pending trio of `n` cards (`pj` jokers, its naturals all of one rank, as the contract
/// picks make it) may close as a contract trio with `hand` left: three cards (exactly three when
/// `exact`), at most one joker (so two naturals at least), and the `owed` trios after it layable from
/// the hand with a card kept if `owed.keep` (a trio slot comes after every escalera of the contract,
/// so only trios are owed).
pub fn trio_close(hand: &TrioHand, n: usize, pj: u8, owed: Owed, exact: bool) -> bool {
    debug_assert_eq!(owed.escaleras, 0, "trio slots come after the escaleras");
    n >= 3
        && (!exact || n == 3)
        && pj <= 1
        && hand.total >= owed.cards() + owed.keep as usize
        && (owed.trios == 0 || hand.tally().allows(hand.jokers, owed.trios))
}

/// A hand as the escalera search sees it: per suit, bit `r` (rank 2..=14) of `one` is set when the
/// hand holds a natural of that rank and bit `r` of `two` when it holds both copies (Carioca's pack has
/// two of each), plus the jokers and the card count. Taking an escalera's window out of the hand is then
/// two mask operations, not a loop over counts (this search runs on every step of a random playout).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Bits {
    one: [u16; 4],
    two: [u16; 4],
    jokers: u8,
    total: u8,
}

impl Bits {
    /// The hand as bitmasks (at most two naturals of a kind, the Carioca pack).
    pub fn of(hand: &KindCounts) -> Bits {
        let mut b = Bits {
            jokers: hand.jokers(),
            ..Bits::default()
        };
        for k in 0..52u8 {
            let c = hand.get(k);
            debug_assert!(c <= 2, "two decks: at most two naturals of a kind");
            let (s, bit) = (suit_of(k) as usize, 1u16 << rank_of(k));
            if c >= 1 {
                b.one[s] |= bit;
            }
            if c >= 2 {
                b.two[s] |= bit;
            }
        }
        b.total = (b.one.iter().chain(&b.two).map(|m| m.count_ones()).sum::<u32>() + b.jokers as u32) as u8;
        b
    }
    /// The hand of these kinds (at most two naturals of a kind), straight from the cards.
    #[inline]
    pub fn of_kinds(kinds: impl Iterator<Item = u8>) -> Bits {
        let mut b = Bits::default();
        for k in kinds {
            b.total += 1;
            if k == JOKER {
                b.jokers += 1;
                continue;
            }
            let (s, bit) = (suit_of(k) as usize, 1u16 << rank_of(k));
            if b.one[s] & bit == 0 {
                b.one[s] |= bit;
            } else {
                debug_assert!(b.two[s] & bit == 0, "two decks: at most two naturals of a kind");
                b.two[s] |= bit;
            }
        }
        b
    }
    /// The Carioca hand `set` as bitmasks, in a few word operations rather than a step per card: in
    /// [`Pack::CARIOCA`](crate::rummy::Pack::CARIOCA) ids 0..52 are the first deck and 52..104 the
    /// second (kind = id % 52, suit-major like the rank bits here) and 104..108 the jokers.
    #[inline]
    pub fn of_set(set: PackSet) -> Bits {
        const DECK: u64 = (1 << 52) - 1;
        let [w0, w1, w2] = set.0;
        debug_assert!(w2 == 0 && w1 >> 44 == 0, "ids of the 108-card pack");
        let first = w0 & DECK;
        let second = (w0 >> 52 | w1 << 12) & DECK;
        let (one, two) = (first | second, first & second);
        let lanes = |m: u64| std::array::from_fn(|s| ((m >> (13 * s)) as u16 & 0x1FFF) << 2);
        Bits {
            one: lanes(one),
            two: lanes(two),
            jokers: (w1 >> 40).count_ones() as u8,
            total: (w0.count_ones() + w1.count_ones()) as u8,
        }
    }
    /// Jokers held.
    pub fn jokers(&self) -> u8 {
        self.jokers
    }
    /// Whether the hand's naturals and jokers make `trios` trios (3 naturals, or 2 and a joker).
    #[inline]
    pub fn makes_trios(&self, trios: u8) -> bool {
        self.makes_trios_with(trios, self.jokers)
    }
    /// [`Self::makes_trios`] with only `jokers` of the hand's jokers (no more than it holds) to use.
    #[inline]
    pub fn makes_trios_with(&self, trios: u8, jokers: u8) -> bool {
        debug_assert!(jokers <= self.jokers);
        trios == 0 || TrioHand::of_bits(self).tally().allows(jokers, trios)
    }
    /// The positions of suit `s` the hand holds: bit `p` for `p` in 1..=14, the ace on both 1 and 14.
    #[inline]
    fn positions(&self, s: usize) -> u16 {
        let m = self.one[s];
        m | (m >> 13 & 2)
    }
    /// [`Self::positions`] of the four suits in one word, suit `s` in bits `16 s..16 s + 16`.
    #[inline]
    fn all_positions(&self) -> u64 {
        let m = self.one;
        let m = m[0] as u64 | (m[1] as u64) << 16 | (m[2] as u64) << 32 | (m[3] as u64) << 48;
        m | (m >> 13 & 0x0002_0002_0002_0002)
    }
    /// Removes one natural of each rank in `ranks` (rank bits, every one held) from suit `s`.
    #[inline]
    fn take(&mut self, s: usize, ranks: u16) {
        debug_assert_eq!(self.one[s] & ranks, ranks);
        let two = self.two[s];
        self.two[s] = two & !ranks;
        self.one[s] &= !(ranks & !two);
        self.total -= ranks.count_ones() as u8;
    }
    #[inline]
    fn take_joker(&mut self) {
        self.jokers -= 1;
        self.total -= 1;
    }
    /// The hand without one card of `kind`, which it holds.
    #[inline]
    pub fn without(mut self, kind: u8) -> Bits {
        if kind == JOKER {
            self.take_joker();
        } else {
            self.take(suit_of(kind) as usize, 1 << rank_of(kind));
        }
        self
    }
}

/// Position bits to rank bits: position 1 is the ace played low (rank 14).
#[inline]
fn ranks_at(positions: u16) -> u16 {
    (positions & !2) | ((positions & 2) << 13)
}

/// The pending meld of an escalera slot as the search sees it: the suit and ranks of its naturals,
/// its jokers and size; `valid` is false once two naturals differ in suit or repeat a rank.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PendingRun {
    suit: Option<u8>,
    ranks: u16,
    jokers: u8,
    n: u8,
    valid: bool,
}

impl PendingRun {
    /// Nothing pending.
    pub const EMPTY: PendingRun = PendingRun {
        suit: None,
        ranks: 0,
        jokers: 0,
        n: 0,
        valid: true,
    };
    /// The pending cards, counted by kind.
    pub fn of(pending: &KindCounts) -> PendingRun {
        let mut p = PendingRun::EMPTY;
        for k in 0..KINDS as u8 {
            for _ in 0..pending.get(k) {
                p = p.with(k);
            }
        }
        p
    }
    /// The pending meld with one more card of `kind`.
    #[inline]
    pub fn with(mut self, kind: u8) -> PendingRun {
        self.n += 1;
        if kind == JOKER {
            self.jokers += 1;
            return self;
        }
        let (s, bit) = (suit_of(kind), 1u16 << rank_of(kind));
        if self.suit.is_some_and(|x| x != s) || self.ranks & bit != 0 {
            self.valid = false;
        }
        self.suit = Some(s);
        self.ranks |= bit;
        self
    }
}

/// Whether the pending escalera `p` can be completed from `hand` and the `owed` melds after it laid
/// from what is left. Every window of the suit that can hold the pending naturals is tried, with the
/// one joker a contract meld may hold (the pending one, or one from the hand) on each missing position.
pub fn escalera_feasible(hand: &Bits, p: &PendingRun, owed: Owed, exact: bool) -> bool {
    if !p.valid || p.jokers > 1 || (exact && p.n > 4) {
        return false;
    }
    let suits = match p.suit {
        Some(s) => s..s + 1,
        None => 0..4,
    };
    let min_len = (p.n as u32).max(4);
    let max_len = if exact { 4 } else { 13 };
    let need = owed.cards() + owed.keep as usize;
    let ace = p.ranks >> 14 & 1 == 1;
    let others = p.ranks & !(1 << 14);
    let jokers = p.jokers == 1 || hand.jokers > 0;
    let rest_ok = |h: &Bits| h.total as usize >= need && escaleras(h, owed.escaleras, 0, owed.trios);
    for s in suits {
        let s = s as usize;
        let held = hand.positions(s);
        for len in min_len..=max_len {
            for low in 1..=15 - len {
                let high = low + len - 1;
                let window = ((1u32 << (high + 1)) - (1u32 << low)) as u16;
                // The pending ace stands high if the window reaches 14, else low if it starts at 1.
                let mut taken = others;
                if ace {
                    taken |= if high == 14 {
                        1 << 14
                    } else if low == 1 {
                        2
                    } else {
                        continue;
                    };
                }
                if taken & !window != 0 {
                    continue;
                }
                let missing = window & !taken;
                let holes = missing & !held;
                if holes.count_ones() > jokers as u32 || (p.jokers == 1 && missing == 0) {
                    continue;
                }
                // The pending joker must stand somewhere; a joker from the hand is optional.
                if p.jokers == 0 && holes == 0 {
                    let mut h = *hand;
                    h.take(s, ranks_at(missing));
                    if rest_ok(&h) {
                        return true;
                    }
                }
                if jokers {
                    let mut spots = missing;
                    while spots != 0 {
                        let at = spots & spots.wrapping_neg();
                        spots &= spots - 1;
                        if holes & !at != 0 {
                            continue;
                        }
                        let mut h = *hand;
                        h.take(s, ranks_at(missing & !at));
                        if p.jokers == 0 {
                            h.take_joker();
                        }
                        if rest_ok(&h) {
                            return true;
                        }
                    }
                }
            }
        }
    }
    false
}

/// Lays `left` escaleras of four (windows at or after `from` in (suit, low) order), then `trios`.
/// `from` is a window's bit in [`Bits::all_positions`] (suit `s`, low `low`: bit `16 s + low`), so the
/// four suits are scanned in one word and the windows come in (suit, low) order as bits.
fn escaleras(hand: &Bits, left: u8, from: u32, trios_owed: u8) -> bool {
    if left == 0 {
        return hand.makes_trios(trios_owed);
    }
    let joker = hand.jokers > 0;
    let held = hand.all_positions();
    // Bit `16 s + low` (low 1..=11) of `full`: suit s's window low..=low+3 is all held; of `laid`: it
    // can be laid, all held or (with a joker) three of the four, no two missing.
    let full = held & held >> 1 & held >> 2 & held >> 3;
    let laid = laid_windows(held, joker);
    let mut windows = laid & LOWS & (!0u64 << from);
    if left == 1 && trios_owed == 0 {
        // Any window is the last meld owed (the caller checked the card count).
        return windows != 0;
    }
    while windows != 0 {
        let w = windows.trailing_zeros();
        windows &= windows - 1;
        let (s, low) = ((w / 16) as usize, w % 16);
        let window = 0xFu16 << low;
        if full >> w & 1 == 1 {
            let mut h = *hand;
            h.take(s, ranks_at(window));
            if escaleras(&h, left - 1, w, trios_owed) {
                return true;
            }
            // A joker on any position instead (it may pay to keep a natural for a trio).
            if joker {
                for p in low..low + 4 {
                    let mut h = *hand;
                    h.take(s, ranks_at(window & !(1 << p)));
                    h.take_joker();
                    if escaleras(&h, left - 1, w, trios_owed) {
                        return true;
                    }
                }
            }
        } else {
            let mut h = *hand;
            h.take(s, ranks_at((held >> (16 * s)) as u16 & window));
            h.take_joker();
            if escaleras(&h, left - 1, w, trios_owed) {
                return true;
            }
        }
    }
    false
}

/// Whether some escalera of four could be laid from the Carioca hand `hand` (ids as in
/// [`Bits::of_set`]): four positions of a suit in a row held, or three of them and a joker. It is the
/// escalera search's first test on its own, straight from the hand's words (see [`escalera_jokers`],
/// which it is for one escalera).
#[inline]
pub fn has_escalera(hand: PackSet) -> bool {
    escalera_jokers(hand, 1).is_some()
}

/// The first tests of a contract of `escaleras` (at least one) escaleras of four, straight from the
/// Carioca hand's words (ids as in [`Bits::of_set`]), before the hand is read into [`Bits`] and
/// searched: `None` if the escaleras cannot all be laid, else the jokers the contract's trios may
/// still count on. An escalera takes at most one joker, and one without a joker needs a window of
/// four positions in a row all held ("whole"); so a hand with no whole window lays each escalera
/// with a joker, needs a joker per escalera and keeps the rest for its trios. A hand with a whole
/// window keeps every joker here (the search decides). Most hands of a random hand hold no window
/// of four that a joker can fill, and most with one hold a single joker, which two or three
/// escaleras cannot share: both answer `None` before the search.
#[inline]
pub fn escalera_jokers(hand: PackSet, escaleras: u8) -> Option<u8> {
    const DECK: u64 = (1 << 52) - 1;
    let [w0, w1, w2] = hand.0;
    debug_assert!(w2 == 0 && w1 >> 44 == 0, "ids of the 108-card pack");
    debug_assert!(escaleras > 0, "a contract with an escalera");
    // Both decks' naturals as kinds (bit 13 s + rank - 2), then each suit in a 16-bit lane at bits
    // 16 s + rank, the ace also at 16 s + 1 (as `Bits::all_positions`).
    let one = (w0 | w0 >> 52 | w1 << 12) & DECK;
    let lanes =
        (one & 0x1FFF) | (one & 0x1FFF << 13) << 3 | (one & 0x1FFF << 26) << 6 | (one & 0x1FFF << 39) << 9;
    let held = lanes << 2 | (lanes >> 12 & 0x0001_0001_0001_0001) << 1;
    let jokers = (w1 >> 40).count_ones() as u8;
    if laid_windows(held, false) & LOWS != 0 {
        return Some(jokers);
    }
    if jokers < escaleras || laid_windows(held, true) & LOWS == 0 {
        return None;
    }
    Some(jokers - escaleras)
}

/// The whole-contract test of a quiet turn (nothing picked) where it is cheap, from the Carioca hand's
/// two words `h0`, `h1` (ids as in [`Bits::of_set`], `len` cards): `Some(answer)`, or `None` where
/// the full search must decide. A contract of `escaleras` (at least one) answers `Some(false)` exactly
/// where [`escalera_jokers`] answers `None` (the same windows, each suit spread into its lane by one
/// `pdep`). A contract of `trios` alone from a hand without jokers answers from the naturals counted
/// per rank (eight `pdep`s spread each suit of each deck into a nibble a rank, and add): such a hand
/// makes `c / 3` trios of a rank with `c` naturals and no more (a trio without a joker is three
/// naturals), so it lays the contract exactly when those add up to `trios` and it has the cards
/// (`need`: the contract's cards and the one kept when going out needs a discard).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub fn quick_layable(
    pdep: crate::cards::cardset::Pdep,
    h0: u64,
    h1: u64,
    len: u32,
    escaleras: u8,
    trios: u8,
    need: u32,
) -> Option<bool> {
    const DECK: u64 = (1 << 52) - 1;
    debug_assert!(h1 >> 44 == 0, "ids of the 108-card pack");
    let jokers = (h1 >> 40).count_ones();
    let (first, second) = (h0 & DECK, (h0 >> 52 | h1 << 12) & DECK);
    if escaleras != 0 {
        let lanes = pdep.deposit(first | second, 0x1FFF_1FFF_1FFF_1FFF);
        let held = lanes << 2 | (lanes >> 12 & 0x0001_0001_0001_0001) << 1;
        if laid_windows(held, false) & LOWS != 0 {
            return None;
        }
        if jokers < escaleras as u32 || laid_windows(held, true) & LOWS == 0 {
            return Some(false);
        }
        return None;
    }
    if jokers != 0 {
        return None;
    }
    // Thirteen nibbles, one a rank (count 0..=8): each suit's 13 kinds of each deck spread and added.
    const NIBBLES: u64 = 0x0001_1111_1111_1111;
    let mut counts = 0u64;
    for deck in [first, second] {
        for s in 0..4 {
            counts += pdep.deposit(deck >> (13 * s) & 0x1FFF, NIBBLES);
        }
    }
    // A count plus 5 (plus 2) reaches the nibble's bit 3 exactly when it is 3 or more (6 or more);
    // at most 8 + 5, no carry into the next nibble.
    let ge3 = (counts + 5 * NIBBLES) & (8 * NIBBLES);
    let ge6 = (counts + 2 * NIBBLES) & (8 * NIBBLES);
    Some(len >= need && ge3.count_ones() + ge6.count_ones() >= trios as u32)
}

/// Bit `16 s + low` of the positions `held` (as [`Bits::all_positions`]): suit s's window low..=low+3
/// can be laid, all held or (with a `joker`) three of the four, no two missing. Only the bits of
/// [`LOWS`] mean anything: a lane's positions are 1..=14 and a window there reads at most low + 3 <= 14,
/// so no shift reads another suit's lane.
#[inline]
fn laid_windows(held: u64, joker: bool) -> u64 {
    let (h1, h2, h3) = (held >> 1, held >> 2, held >> 3);
    if joker {
        let (m0, m1, m2, m3) = (!held, !h1, !h2, !h3);
        !(((m0 | m1) & (m2 | m3)) | (m0 & m1) | (m2 & m3))
    } else {
        held & h1 & h2 & h3
    }
}

/// The bits of [`Bits::all_positions`] where an escalera of four may start: lows 1..=11 of each suit.
const LOWS: u64 = 0x0FFE_0FFE_0FFE_0FFE;

/// Naturals per rank (index rank - 2).
fn rank_counts(hand: &KindCounts) -> [u8; 13] {
    // Kinds are suit-major (13 ranks a suit), so the four suits are four slices added together.
    let k = &hand.0;
    std::array::from_fn(|i| k[i] + k[13 + i] + k[26 + i] + k[39 + i])
}

/// Whether `left` trios (3 naturals, or 2 naturals and a joker) can be made from rank counts: the
/// closed form of [`Tally`] on a count per rank (the search it replaced, and the reference search, are
/// checked against it).
#[cfg(test)]
fn trios(counts: &[u8; 13], jokers: u8, left: u8) -> bool {
    Tally::of_counts(counts).allows(jokers, left)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kind counts of cards written out, e.g. `"9C 9D X"`.
    fn counts(text: &str) -> KindCounts {
        let kinds: Vec<u8> = text
            .split_whitespace()
            .map(|t| crate::rummy::parse_kind(t).unwrap())
            .collect();
        KindCounts::of(&kinds)
    }

    /// The search the closed form replaced: `left` trios from the ranks at or after `from`.
    fn trios_by_search(counts: &mut [u8; 13], jokers: u8, left: u8, from: usize) -> bool {
        if left == 0 {
            return true;
        }
        for r in from..13 {
            if counts[r] >= 3 {
                counts[r] -= 3;
                let ok = trios_by_search(counts, jokers, left - 1, r);
                counts[r] += 3;
                if ok {
                    return true;
                }
            }
            if counts[r] >= 2 && jokers > 0 {
                counts[r] -= 2;
                let ok = trios_by_search(counts, jokers - 1, left - 1, r);
                counts[r] += 2;
                if ok {
                    return true;
                }
            }
        }
        false
    }

    #[test]
    fn the_closed_form_for_trios_agrees_with_the_search() {
        // Every count vector over three ranks with up to 8 naturals each (the rest empty), every joker
        // count of the pack and every number of trios a contract asks for.
        let mut checked = 0;
        for a in 0..=8u8 {
            for b in 0..=8u8 {
                for c in 0..=8u8 {
                    let mut counts = [0u8; 13];
                    counts[0] = a;
                    counts[5] = b;
                    counts[12] = c;
                    for jokers in 0..=4u8 {
                        for left in 0..=5u8 {
                            let mut copy = counts;
                            assert_eq!(
                                trios(&counts, jokers, left),
                                trios_by_search(&mut copy, jokers, left, 0),
                                "{counts:?} jokers {jokers} trios {left}"
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(checked, 9 * 9 * 9 * 5 * 6);
        // Boundaries: 4 naturals and 2 jokers are two trios, 4 and 1 only one; 2 and 1 joker one.
        let one = |c: u8| {
            let mut k = [0u8; 13];
            k[3] = c;
            k
        };
        assert!(trios(&one(4), 2, 2) && !trios(&one(4), 1, 2));
        assert!(trios(&one(2), 1, 1) && !trios(&one(2), 0, 1) && !trios(&one(1), 2, 1));
    }

    /// The ids of the 108-card pack's jokers and of its cards of the first `suits` suits: random hands
    /// drawn from few suits hold escaleras often.
    fn jokers_and_first_suits(suits: u8) -> Vec<u8> {
        let pack = crate::rummy::bag::Pack::CARIOCA;
        (0..pack.len() as u8)
            .filter(|&id| {
                let k = pack.kind(id);
                k == JOKER || suit_of(k) < suits
            })
            .collect()
    }

    /// The cards named in `text` (`"5H 6H X"`), each name taking the first copy of its kind not
    /// taken yet, so a kind named twice gives both copies.
    fn set_of(text: &str) -> PackSet {
        let pack = crate::rummy::bag::Pack::CARIOCA;
        let mut set = PackSet::EMPTY;
        for t in text.split_whitespace() {
            let k = crate::rummy::parse_kind(t).unwrap();
            let id = (0..pack.copies(k))
                .map(|c| pack.id(k, c))
                .find(|&id| !set.contains(id))
                .unwrap();
            set.insert(id);
        }
        set
    }

    #[test]
    fn the_bitmask_escalera_search_agrees_with_the_old_search() {
        // Random hands dealt from the 108-card pack, most from one or two suits so that escaleras are
        // common; random pending escaleras (cards of the hand, valid or not); every contract shape
        // left after an escalera slot, both size rules, with and without a card kept for the discard.
        use crate::core::rng::Rng;
        let pack = crate::rummy::bag::Pack::CARIOCA;
        let mut rng = Rng::new(7);
        let (mut checked, mut feasible_seen) = (0, 0);
        for _ in 0..4000 {
            let suits = 1 + rng.below(3) as u8;
            let size = 6 + rng.below(15) as usize;
            let mut hand = KindCounts::default();
            let mut ids = jokers_and_first_suits(suits);
            for _ in 0..size.min(ids.len()) {
                let i = rng.below(ids.len() as u32) as usize;
                hand.add(pack.kind(ids.swap_remove(i)));
            }
            let mut pending = KindCounts::default();
            let mut rest = hand;
            for _ in 0..rng.below(5) {
                let kinds: Vec<u8> = (0..KINDS as u8).filter(|&k| rest.get(k) > 0).collect();
                let k = kinds[rng.below(kinds.len() as u32) as usize];
                rest.take(k);
                pending.add(k);
            }
            for escaleras in 0..3 {
                for trios in 0..3 {
                    for keep in 0..2 {
                        for exact in [true, false] {
                            let owed = Owed {
                                escaleras,
                                trios,
                                keep,
                            };
                            let fast = feasible(&rest, &pending, Slot::Escalera, owed, exact);
                            let slow = if pending.total() == 0 {
                                let all = Owed {
                                    escaleras: escaleras + 1,
                                    ..owed
                                };
                                reference::owed_feasible(&rest, all)
                            } else {
                                reference::pending_escalera(&rest, &pending, owed, exact)
                            };
                            assert_eq!(
                                fast, slow,
                                "hand {rest:?} pending {pending:?} {owed:?} exact {exact}"
                            );
                            assert_eq!(owed_feasible(&rest, owed), reference::owed_feasible(&rest, owed));
                            checked += 1;
                            feasible_seen += fast as usize;
                        }
                    }
                }
            }
        }
        assert_eq!(checked, 4000 * 3 * 3 * 2 * 2);
        // Both answers occur often enough for the comparison to mean something.
        assert!(
            feasible_seen > checked / 50 && feasible_seen < checked - checked / 50,
            "{feasible_seen}"
        );
    }

    #[test]
    fn a_trio_closes_only_with_the_owed_trios_and_the_kept_card_left() {
        // The pending trio 7 7 7 closes when the hand left makes the trios still owed and, when going
        // out needs a discard, keeps one card more: 9 9 9 is one trio (with nothing kept), 9 9 9 2 one
        // trio and a card to discard, 9 9 2 no trio; with no trio owed any hand will do. Four cards
        // close only without exact sizes; two jokers never.
        let kc = |text: &str| TrioHand::of(&counts(text));
        let owed = |trios: u8, keep: u8| Owed {
            escaleras: 0,
            trios,
            keep,
        };
        assert!(trio_close(&kc("9C 9D 9H"), 3, 0, owed(1, 0), true));
        assert!(!trio_close(&kc("9C 9D 9H"), 3, 0, owed(1, 1), true));
        assert!(trio_close(&kc("9C 9D 9H 2S"), 3, 0, owed(1, 1), true));
        assert!(!trio_close(&kc("9C 9D 2S"), 3, 0, owed(1, 0), true));
        assert!(trio_close(&kc("9C 9D X"), 3, 0, owed(1, 0), true));
        assert!(trio_close(&kc("2S"), 3, 0, owed(0, 1), true));
        assert!(!trio_close(&kc(""), 3, 0, owed(0, 1), true));
        assert!(!trio_close(&kc("2S"), 2, 0, owed(0, 0), true));
        assert!(!trio_close(&kc("2S"), 4, 1, owed(0, 0), true));
        assert!(trio_close(&kc("2S"), 4, 1, owed(0, 0), false));
        assert!(!trio_close(&kc("2S"), 4, 2, owed(0, 0), false));
    }

    #[test]
    fn an_escalera_window_at_either_end_of_the_ace() {
        // A-2-3 of clubs plus a joker is an escalera (ace low), Q-K-A plus a joker too (ace high); the
        // ace never plays both, so J-Q-K-A-2 is no window and K-A-2 needs a wrap-around.
        let kc = counts;
        let one = Owed {
            escaleras: 1,
            trios: 0,
            keep: 0,
        };
        let none = Owed {
            escaleras: 0,
            trios: 0,
            keep: 0,
        };
        assert!(owed_feasible(&kc("AC 2C 3C X"), one));
        assert!(owed_feasible(&kc("QC KC AC X"), one));
        assert!(!owed_feasible(&kc("KC AC 2C X"), one));
        assert!(!owed_feasible(&kc("AC 2C 3C"), one));
        // The pending ace with 2 and 3: only the low window 1..4 holds it.
        assert!(feasible(&kc("4C"), &kc("AC 2C 3C"), Slot::Escalera, none, true));
        assert!(!feasible(&kc("KC"), &kc("AC 2C 3C"), Slot::Escalera, none, true));
        assert!(feasible(&kc("JC"), &kc("AC QC KC"), Slot::Escalera, none, true));
    }

    #[test]
    fn an_escalera_is_found_in_every_suit_and_twice_in_one_window() {
        // The four suits are scanned together in one word: each suit's 5-6-7-8 (or 5-6-8 and a
        // joker) is an escalera, 5-6-7 or 5-6-8-9 without a joker is none; the same with a trio owed
        // (the search goes on after the escalera); the ace at either end of ♠. Both copies of 5-6-7-8
        // are two escaleras in the same window, one copy and 5-6-7 are not.
        let owed = |escaleras: u8, trios: u8| Owed {
            escaleras,
            trios,
            keep: 0,
        };
        for suit in ["C", "D", "H", "S"] {
            let hand = |text: &str| {
                let cards: Vec<String> = text
                    .split_whitespace()
                    .map(|r| {
                        if r == "X" {
                            r.to_string()
                        } else {
                            format!("{r}{suit}")
                        }
                    })
                    .collect();
                counts(&cards.join(" "))
            };
            assert!(owed_feasible(&hand("5 6 7 8"), owed(1, 0)), "{suit}");
            assert!(owed_feasible(&hand("5 6 8 X"), owed(1, 0)), "{suit}");
            assert!(!owed_feasible(&hand("5 6 7"), owed(1, 0)), "{suit}");
            assert!(!owed_feasible(&hand("5 6 8 9"), owed(1, 0)), "{suit}");
            let kings = counts("KC KD KH");
            let with_kings = |text: &str| KindCounts(std::array::from_fn(|k| hand(text).0[k] + kings.0[k]));
            assert!(owed_feasible(&with_kings("5 6 7 8"), owed(1, 1)), "{suit}");
            assert!(!owed_feasible(&with_kings("5 6 7"), owed(1, 1)), "{suit}");
        }
        assert!(owed_feasible(&counts("AS 2S 3S 4S"), owed(1, 0)));
        assert!(owed_feasible(&counts("JS QS KS AS"), owed(1, 0)));
        assert!(!owed_feasible(&counts("KS AS 2S 3S"), owed(1, 0)));
        let twice = "5S 6S 7S 8S 5S 6S 7S";
        assert!(owed_feasible(&counts(&format!("{twice} 8S")), owed(2, 0)));
        assert!(!owed_feasible(&counts(twice), owed(2, 0)));
        assert!(owed_feasible(
            &counts(&format!("{twice} 8S 9C 9D 9H")),
            owed(2, 1)
        ));
        assert!(!owed_feasible(&counts(&format!("{twice} 9C 9D 9H")), owed(2, 1)));
    }

    #[test]
    fn an_escalera_can_be_laid_exactly_when_one_escalera_is_owed_and_found() {
        // `has_escalera` is the search for one escalera and nothing else (no card kept): on random
        // hands (few suits, so that escaleras are common) it agrees with the reference search; at the
        // boundary, four in a row or three of four and a joker, not two of four and a joker, nor three
        // in a row without one, nor K-A-2 around the ace.
        use crate::core::rng::Rng;
        let pack = crate::rummy::bag::Pack::CARIOCA;
        let one = Owed {
            escaleras: 1,
            trios: 0,
            keep: 0,
        };
        let mut rng = Rng::new(17);
        let mut seen = [0; 2];
        for _ in 0..3000 {
            let suits = 1 + rng.below(4) as u8;
            let (mut hand, mut set) = (KindCounts::default(), PackSet::EMPTY);
            let mut ids = jokers_and_first_suits(suits);
            for _ in 0..rng.below(14) {
                let id = ids.swap_remove(rng.below(ids.len() as u32) as usize);
                hand.add(pack.kind(id));
                set.insert(id);
            }
            let found = has_escalera(set);
            assert_eq!(found, reference::owed_feasible(&hand, one), "{hand:?}");
            seen[found as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 300), "{seen:?}");
        // Cards written out, the second copy of a card when the first is taken.
        let has = |text: &str| has_escalera(set_of(text));
        assert!(has("5H 6H 7H 8H") && has("5H 6H 8H X") && has("5H 7H 8H X"));
        assert!(!has("5H 6H 7H") && !has("5H 8H X") && !has("5H 6H 7D 8H") && !has("5H 6H X X"));
        assert!(has("AS 2S 3S X") && has("QS KS AS X") && !has("KS AS 2S X"));
        // Either copy of a card counts (the second deck's ids are the upper part of the words).
        assert!(has("5S 5S 6S 7S 8S") && has("5C 5C 6C 6C 7C 7C X"));
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_quick_contract_test_answers_only_as_the_search_does() {
        // `quick_layable` against the reference search on random hands of 11 to 13 cards of every
        // contract (few suits and many jokers on half of them, so escaleras and jokers are common):
        // every answer it gives is the search's, and it answers about half of them (the crowded hands
        // mostly go to the search).
        let Some(pdep) = crate::cards::cardset::Pdep::new() else {
            return;
        };
        use crate::core::rng::Rng;
        let pack = crate::rummy::bag::Pack::CARIOCA;
        let mut rng = Rng::new(29);
        let (mut answered, mut yes) = (0, 0);
        for round in 0..8000 {
            let (escaleras, trios) = (rng.below(4) as u8, rng.below(5) as u8);
            if escaleras + trios == 0 {
                continue;
            }
            let owed = Owed {
                escaleras,
                trios,
                keep: rng.below(2) as u8,
            };
            let crowded = round % 2 == 0;
            let ids = if crowded {
                jokers_and_first_suits(1 + rng.below(2) as u8)
            } else {
                (0..108).collect()
            };
            let (mut hand, mut set) = (KindCounts::default(), PackSet::EMPTY);
            let size = 11 + rng.below(3) as usize;
            while set.len() < size {
                let id = if crowded && rng.below(6) == 0 {
                    104 + rng.below(4) as u8
                } else {
                    ids[rng.below(ids.len() as u32) as usize]
                };
                if !set.contains(id) {
                    hand.add(pack.kind(id));
                    set.insert(id);
                }
            }
            let need = (owed.cards() + owed.keep as usize) as u32;
            let [h0, h1, _] = set.0;
            let quick = quick_layable(pdep, h0, h1, size as u32, escaleras, trios, need);
            let layable = reference::owed_feasible(&hand, owed);
            if let Some(answer) = quick {
                assert_eq!(answer, layable, "{hand:?} {owed:?}");
                answered += 1;
            }
            yes += layable as u32;
        }
        assert!(answered > 3500 && yes > 300, "{answered} answered, {yes} layable");
        // At the boundary, without jokers: three naturals of a rank are a trio, two are not, six
        // are two; the cards kept count (four trios and a kept card need 13 cards).
        let set = set_of;
        let quick = |text: &str, escaleras: u8, trios: u8, need: u32| {
            let h = set(text);
            quick_layable(pdep, h.0[0], h.0[1], h.len() as u32, escaleras, trios, need)
        };
        let two = "7C 7D 7H 9S 9S 9C 2C 4D 6H 8S JC KD";
        assert_eq!(quick(two, 0, 2, 6), Some(true));
        assert_eq!(quick("7C 7D 9S 9S 9C 2C 4D 6H 8S JC KD QD", 0, 2, 6), Some(false));
        assert_eq!(quick("7C 7D 7H 7S 7C 7D 2C 4D 6H 8S JC KD", 0, 2, 6), Some(true));
        assert_eq!(quick("7C 7D 7H 7S 7C 2C 4D 6H 8S JC KD QD", 0, 2, 6), Some(false));
        let four = "7C 7D 7H 9S 9S 9C 2C 2D 2H AS AC AD";
        assert_eq!(quick(four, 0, 4, 12), Some(true));
        assert_eq!(quick(four, 0, 4, 13), Some(false));
        // A joker, or a window of four held whole, leaves the answer to the search; a hand with no
        // window three of four held, or one joker for two escaleras, is refused.
        assert_eq!(quick("7C 7D X 9S 9S 9C 2C 4D 6H 8S JC KD", 0, 2, 6), None);
        assert_eq!(quick("5H 6H 7H 8H 9S 10S 2C 4D 6C 8S JC KD", 1, 1, 7), None);
        assert_eq!(
            quick("5H 6H 7H 9S 10S JS 2C 4D 6C 8C JC KD", 1, 1, 7),
            Some(false)
        );
        assert_eq!(quick("5H 6H 7H X 9S 10S JS 2C 4D 6C 8C KD", 2, 0, 8), Some(false));
        assert_eq!(quick("5H 6H 7H X 9S 10S JS X 4D 6C 8C KD", 2, 0, 8), None);
    }

    #[test]
    fn the_escaleras_first_tests_never_refuse_a_layable_contract() {
        // `escalera_jokers` and the trio count with the jokers it leaves are necessary conditions of
        // the contract search: on random hands (few suits and many jokers, so that escaleras and
        // jokers are common) of every contract with an escalera, no hand they refuse is layable by
        // the reference search, and they refuse most unlayable ones. At the boundary: two
        // escaleras need two jokers when no window of four is held whole, one when one is; the
        // trios get what the escaleras leave.
        use crate::core::rng::Rng;
        let pack = crate::rummy::bag::Pack::CARIOCA;
        let mut rng = Rng::new(23);
        let (mut refused, mut unlayable) = (0, 0);
        for _ in 0..6000 {
            let (escaleras, trios) = (1 + rng.below(3) as u8, rng.below(3) as u8);
            let owed = Owed {
                escaleras,
                trios,
                keep: rng.below(2) as u8,
            };
            let suits = 1 + rng.below(4) as u8;
            let (mut hand, mut set) = (KindCounts::default(), PackSet::EMPTY);
            let ids = jokers_and_first_suits(suits);
            for _ in 0..6 + rng.below(10) {
                // Jokers four times as likely as in the pack.
                let id = if rng.below(6) == 0 {
                    104 + rng.below(4) as u8
                } else {
                    ids[rng.below(ids.len() as u32) as usize]
                };
                if set.contains(id) {
                    continue;
                }
                hand.add(pack.kind(id));
                set.insert(id);
            }
            let passes = escalera_jokers(set, escaleras)
                .is_some_and(|jokers| Bits::of_set(set).makes_trios_with(trios, jokers));
            let layable = reference::owed_feasible(&hand, owed);
            assert!(passes || !layable, "{hand:?} {owed:?}");
            unlayable += !layable as u32;
            refused += !passes as u32;
        }
        assert!(refused * 10 > unlayable * 6, "{refused} of {unlayable}");
        let set = set_of;
        assert_eq!(escalera_jokers(set("5H 6H 7H X 9S 10S JS"), 2), None);
        assert_eq!(escalera_jokers(set("5H 6H 7H X 9S 10S JS X"), 2), Some(0));
        assert_eq!(escalera_jokers(set("5H 6H 7H X 9S 10S JS X X"), 2), Some(1));
        assert_eq!(escalera_jokers(set("5H 6H 7H 8H 9S 10S JS X"), 2), Some(1));
        assert_eq!(escalera_jokers(set("5H 6H 7H 8H 9S 10S JS"), 2), Some(0));
        assert_eq!(escalera_jokers(set("5H 6H 7H 9S 10S JS X X"), 3), None);
        assert_eq!(escalera_jokers(set("5H 6H 7H 9S 10S JS X X X"), 3), Some(0));
        // Only one window to fill (5 6 and a joker are two of four): the search decides.
        assert_eq!(escalera_jokers(set("5H 6H X 9S 10S JS X X X"), 2), Some(2));
        assert_eq!(escalera_jokers(set("5H 6H X X 9S 10S"), 1), None);
        // One escalera with a joker leaves none for 9 9: the trio needs a third natural.
        let bits = |text: &str| Bits::of_set(set(text));
        assert_eq!(escalera_jokers(set("5H 6H 7H X 9C 9D"), 1), Some(0));
        assert!(!bits("5H 6H 7H X 9C 9D").makes_trios_with(1, 0));
        assert!(bits("5H 6H 7H X 9C 9D 9S").makes_trios_with(1, 0));
        assert!(bits("5H 6H 7H X 9C 9D").makes_trios_with(1, 1));
    }

    #[test]
    fn the_word_operations_on_a_hand_agree_with_counting_its_cards() {
        // Random sets of the 108-card pack, of every size from empty to all of it: the bitmasks made
        // from the set's words equal those made card by card, and the bit-sliced rank counts and
        // their trio tally equal those of the kind counts (also after taking a card out).
        use crate::core::rng::Rng;
        let pack = crate::rummy::bag::Pack::CARIOCA;
        let mut rng = Rng::new(11);
        for size in 0..=pack.len() {
            for _ in 0..20 {
                let mut ids: Vec<u8> = (0..pack.len() as u8).collect();
                let mut set = PackSet::EMPTY;
                let mut counts = KindCounts::default();
                for _ in 0..size {
                    let id = ids.swap_remove(rng.below(ids.len() as u32) as usize);
                    set.insert(id);
                    counts.add(pack.kind(id));
                }
                let bits = Bits::of_set(set);
                assert_eq!(
                    bits,
                    Bits::of_kinds(set.iter().map(|id| pack.kind(id))),
                    "{set:?}"
                );
                assert_eq!(bits, Bits::of(&counts));
                let trio = TrioHand::of_bits(&bits);
                assert_eq!(trio, TrioHand::of(&counts));
                let ranks = rank_counts(&counts);
                for r in 2..=14u8 {
                    assert_eq!(trio.count(r), ranks[(r - 2) as usize]);
                }
                assert_eq!(trio.tally(), Tally::of_counts(&ranks));
                let first = set.iter().next();
                if let Some(id) = first {
                    let k = pack.kind(id);
                    let mut fewer = counts;
                    fewer.take(k);
                    assert_eq!(trio.without(k), TrioHand::of(&fewer));
                }
            }
        }
    }

    #[test]
    fn a_pending_trio_completes_with_two_naturals_at_least_and_the_owed_trios_after_it() {
        // A contract trio is three cards of one rank with at most one joker (so two naturals at
        // least), exactly three with `contract_meld_exact_size`; the trios still owed after it must
        // come from what is left, with a card kept when going out needs a discard. `feasible` is the
        // test the game's contract picks are checked against.
        let kc = counts;
        let owed = |trios: u8, keep: u8| Owed {
            escaleras: 0,
            trios,
            keep,
        };
        let trio =
            |hand: &str, pending: &str, o: Owed| feasible(&kc(hand), &kc(pending), Slot::Trio, o, true);
        // One natural picked: two more naturals, or one and the joker, never the joker alone.
        assert!(trio("7D 7H", "7C", owed(0, 0)));
        assert!(trio("7D X", "7C", owed(0, 0)));
        assert!(!trio("7D", "7C", owed(0, 0)));
        assert!(!trio("X X", "7C", owed(0, 0)));
        assert!(!trio("9D 9H", "7C", owed(0, 0)));
        // The joker picked first: any rank with two naturals, aces and twos included, not two ranks.
        assert!(trio("AC AD", "X", owed(0, 0)));
        assert!(trio("2C 2D", "X", owed(0, 0)));
        assert!(!trio("7C 9C", "X", owed(0, 0)));
        assert!(!trio("7C X", "X", owed(0, 0)));
        assert!(!trio("7C 7D", "X X", owed(0, 0)));
        // Complete at three; a fourth card only without exact sizes.
        assert!(trio("", "7C 7D 7H", owed(0, 0)));
        assert!(trio("", "7C 7D X", owed(0, 0)));
        assert!(!trio("", "7C 7D 7H 7S", owed(0, 0)));
        assert!(feasible(
            &kc(""),
            &kc("7C 7D 7H 7S"),
            Slot::Trio,
            owed(0, 0),
            false
        ));
        assert!(!trio("", "7C 9D 9H", owed(0, 0)));
        // The owed trio after it, the cards counted exactly: 7 7 + 7, then 9 9 9 from the rest.
        assert!(trio("7H 9C 9D 9H", "7C 7D", owed(1, 0)));
        assert!(!trio("7H 9C 9D 9H", "7C 7D", owed(1, 1)));
        assert!(trio("7H 9C 9D 9H 2S", "7C 7D", owed(1, 1)));
        assert!(!trio("7H 9C 9D", "7C 7D", owed(1, 0)));
        assert!(trio("7H", "7C 7D", owed(0, 0)));
        assert!(!trio("7H", "7C 7D", owed(0, 1)));
        // The joker goes into this trio when its rank has no third natural, and is then missing for the
        // next: 9 9 X leaves 7 7 5, no trio; a second joker or a third 9 makes both (four cards left,
        // so the card count alone never decides).
        assert!(!trio("X 7C 7D 5S", "9C 9D", owed(1, 0)));
        assert!(trio("X X 7C 7D", "9C 9D", owed(1, 0)));
        assert!(trio("9H X 7C 7D", "9C 9D", owed(1, 0)));
        // With a joker in the pending trio the rest needs its own: X 7 7 leaves 9 9 and one joker.
        assert!(trio("7D 9C 9D X", "7C X", owed(1, 0)));
        assert!(!trio("7D 9C 9D", "7C X", owed(1, 0)));
    }

    #[test]
    fn a_pending_escalera_completes_in_one_suit_with_one_joker_at_most_and_the_owed_melds_after_it() {
        // §7.3/7.4: an escalera is four cards of one suit in sequence (exactly four with
        // `contract_meld_exact_size`, else four or more), no rank twice, at most one joker in a
        // contract meld; the ace plays low (A-2-3-4) or high (J-Q-K-A), never both, no wrap-around. The
        // melds owed after it come from what is left, with a card kept when going out needs a discard.
        let kc = counts;
        let owed = |escaleras: u8, trios: u8, keep: u8| Owed {
            escaleras,
            trios,
            keep,
        };
        let none = owed(0, 0, 0);
        let esc = |hand: &str, pending: &str, o: Owed, exact: bool| {
            feasible(&kc(hand), &kc(pending), Slot::Escalera, o, exact)
        };
        // Two naturals picked: the two next ranks of the suit, on either side, or one and the joker.
        assert!(esc("7H 8H", "5H 6H", none, true));
        assert!(esc("3H 4H", "5H 6H", none, true));
        assert!(esc("4H 7H", "5H 6H", none, true));
        assert!(esc("7H X", "5H 6H", none, true));
        assert!(esc("3H X", "5H 6H", none, true));
        assert!(!esc("7H", "5H 6H", none, true));
        assert!(!esc("X", "5H 6H", none, true));
        assert!(!esc("7D 8D", "5H 6H", none, true));
        assert!(!esc("8H 9H", "5H 6H", none, true));
        // A gap inside the picks is filled by a natural of the hand or its joker, never two jokers.
        assert!(esc("6H", "5H 7H 8H", none, true));
        assert!(esc("X", "5H 7H 8H", none, true));
        assert!(!esc("X X", "5H 8H", none, true));
        assert!(!esc("6H X", "5H X", none, true));
        assert!(esc("6H 7H", "5H X", none, true));
        // The picked joker stands on a free position: with four naturals of a window it needs a fifth
        // position, so only without exact sizes (a fifth card).
        assert!(esc("", "5H 6H 7H X", none, true));
        assert!(!esc("", "5H 6H 7H 8H X", none, true));
        assert!(esc("", "5H 6H 7H 8H X", none, false));
        assert!(esc("", "5H 6H 7H 8H 9H", none, false));
        assert!(!esc("", "5H 6H 7H 8H 9H", none, true));
        // Two suits, a rank twice or two jokers picked: never an escalera.
        assert!(!esc("7H 8H", "5H 6D", none, true));
        assert!(!esc("6H 7H 8H", "5H 5H", none, true));
        assert!(!esc("5H 6H", "X X", none, true));
        // The joker picked first: any suit's three in a row (the ace low or high), not a wrap.
        assert!(esc("5S 6S 7S", "X", none, true));
        assert!(esc("AS 2S 3S", "X", none, true));
        assert!(esc("QS KS AS", "X", none, true));
        assert!(!esc("KS AS 2S", "X", none, true));
        assert!(!esc("5S 6S 9S 10S", "X", none, true));
        // The ace picked: with 2-3-4 low, with J-Q-K high, never K-A-2.
        assert!(esc("2D 3D 4D", "AD", none, true));
        assert!(esc("JD QD KD", "AD", none, true));
        assert!(!esc("KD 2D 3D", "AD", none, true));
        assert!(esc("2D X", "AD 3D", none, true));
        assert!(esc("QD X", "AD KD", none, true));
        assert!(esc("", "AD 2D 3D 4D 5D", none, false));
        assert!(esc("", "10D JD QD KD AD", none, false));
        assert!(!esc("", "QD KD AD 2D X", none, false));
        // The rest: a card kept for the discard, the owed escalera and trio from what is left.
        assert!(!esc("8H", "5H 6H 7H", owed(0, 0, 1), true));
        assert!(esc("8H 2C", "5H 6H 7H", owed(0, 0, 1), true));
        assert!(esc("8H 5C 6C 7C 8C", "5H 6H 7H", owed(1, 0, 0), true));
        assert!(!esc("8H 5C 6C 7C 9C", "5H 6H 7H", owed(1, 0, 0), true));
        assert!(esc("8H 5C 6C 7C X", "5H 6H 7H", owed(1, 0, 0), true));
        assert!(esc("8H 9C 9D 9S", "5H 6H 7H", owed(0, 1, 0), true));
        assert!(!esc("8H 9C 9D", "5H 6H 7H", owed(0, 1, 0), true));
        // The hand's joker goes where this escalera needs it, or stays for the next meld: 5 6 7 and
        // 8 and X leave X for 9 9; without the 8 the joker is this escalera's and 9 9 is no trio.
        assert!(esc("8H X 9C 9D", "5H 6H 7H", owed(0, 1, 0), true));
        assert!(!esc("X 9C 9D", "5H 6H 7H", owed(0, 1, 0), true));
        // A natural of this escalera may be worth more in the trio: A-2-3 (only the window A..4) with
        // 4 4 X X lays a joker on the 4 and keeps 4 4 X; with one joker, 4 4 is left alone.
        assert!(esc("4H 4C X X", "AH 2H 3H", owed(0, 1, 0), true));
        assert!(!esc("4H 4C X", "AH 2H 3H", owed(0, 1, 0), true));
    }

    #[test]
    fn with_nothing_picked_the_slot_is_one_more_meld_owed() {
        // Before a card is picked the pending meld is one more meld of the slot's kind (the greedy
        // bot asks this): 7 7 7 is the trio slot but not the trio slot and the trio owed after it;
        // 5-6-7-8 of hearts is the escalera slot, not it and one more escalera, and never a trio.
        let kc = counts;
        let owed = |escaleras: u8, trios: u8| Owed {
            escaleras,
            trios,
            keep: 0,
        };
        let empty = kc("");
        assert!(feasible(&kc("7C 7D 7H"), &empty, Slot::Trio, owed(0, 0), true));
        assert!(!feasible(&kc("7C 7D 7H"), &empty, Slot::Trio, owed(0, 1), true));
        assert!(feasible(
            &kc("7C 7D 7H 9C 9D 9H"),
            &empty,
            Slot::Trio,
            owed(0, 1),
            true
        ));
        assert!(!feasible(
            &kc("5H 6H 7H 8H"),
            &empty,
            Slot::Trio,
            owed(0, 0),
            true
        ));
        assert!(feasible(
            &kc("5H 6H 7H 8H"),
            &empty,
            Slot::Escalera,
            owed(0, 0),
            true
        ));
        assert!(!feasible(
            &kc("5H 6H 7H 8H"),
            &empty,
            Slot::Escalera,
            owed(1, 0),
            true
        ));
        assert!(feasible(
            &kc("5H 6H 7H 8H 5C 6C 7C 8C"),
            &empty,
            Slot::Escalera,
            owed(1, 0),
            true
        ));
    }
}
