//! Carioca's contract search: can the melds a hand still owes be completed from the cards in hand?
//!
//! A contract is laid in steps (pick cards into the pending meld, close it, go on to the next), one
//! meld slot at a time in a fixed order: escaleras first, then trios. A pick or a close is legal only if
//! the whole contract can still be completed with the cards left, so a player who starts laying a
//! contract never runs into a dead end (a `cancel` is still offered for humans). Each contract meld
//! holds at most one joker; with `contract_meld_exact_size` a trio is exactly 3 cards and an escalera
//! exactly 4, otherwise at least 3 / 4 (minimal melds decide feasibility: a longer meld only uses more
//! cards, except for the pending one, whose windows are all tried).

use crate::rummy::bag::{rank_of, suit_of, KindCounts, JOKER};
use crate::rummy::meld::kind_at;

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
        Slot::Escalera => pending_escalera(hand, pending, owed, exact),
    }
}

/// Whether `owed` melds (no pending one) can be laid from `hand`.
pub fn owed_feasible(hand: &KindCounts, owed: Owed) -> bool {
    if hand.total() < owed.cards() + owed.keep as usize {
        return false;
    }
    let mut h = *hand;
    escaleras(&mut h, owed.escaleras, 0, owed.trios)
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

/// A hand as the trio slots see it: naturals per rank (index rank - 2), jokers, cards.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TrioHand {
    pub ranks: [u8; 13],
    pub jokers: u8,
    pub total: usize,
}

impl TrioHand {
    /// The hand counted by rank.
    pub fn of(hand: &KindCounts) -> TrioHand {
        TrioHand {
            ranks: rank_counts(hand),
            jokers: hand.jokers(),
            total: hand.total(),
        }
    }
    /// The hand without one card of `kind`, which it holds.
    pub fn without(mut self, kind: u8) -> TrioHand {
        if kind == JOKER {
            self.jokers -= 1;
        } else {
            self.ranks[(rank_of(kind) - 2) as usize] -= 1;
        }
        self.total -= 1;
        self
    }
}

/// Whether a pending trio of `n` cards (`pj` jokers, naturals of `rank`, or none yet) can be completed
/// from `hand` and the `owed` trios after it laid from what is left (a trio slot: only trios follow).
pub fn trio_feasible(hand: &TrioHand, n: usize, pj: u8, rank: Option<u8>, owed: Owed, exact: bool) -> bool {
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
    for r in ranks {
        let naturals = hand.ranks[(r - 2) as usize];
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
            let mut counts = hand.ranks;
            counts[(r - 2) as usize] -= nat_needed;
            let jokers = hand.jokers - use_joker as u8;
            if trios(&counts, jokers, owed.trios) {
                return true;
            }
        }
    }
    false
}

fn pending_escalera(hand: &KindCounts, pending: &KindCounts, owed: Owed, exact: bool) -> bool {
    let n = pending.total();
    let pj = pending.jokers();
    if pj > 1 || (exact && n > 4) {
        return false;
    }
    // The pending naturals (at most 13 of one suit, distinct ranks, for a valid escalera).
    let (mut naturals, mut nn) = ([0u8; 13], 0);
    for k in 0..52u8 {
        for _ in 0..pending.get(k) {
            if nn == 13 {
                return false;
            }
            naturals[nn] = k;
            nn += 1;
        }
    }
    let naturals = &naturals[..nn];
    let suits = match naturals.first() {
        Some(&k) => {
            if naturals.iter().any(|&x| suit_of(x) != suit_of(k)) {
                return false;
            }
            suit_of(k)..suit_of(k) + 1
        }
        None => 0..4,
    };
    let min_len = n.max(4);
    let max_len = if exact { 4 } else { 13 };
    let need = owed.cards() + owed.keep as usize;
    for suit in suits {
        for len in min_len..=max_len {
            for low in 1..=(15 - len) as u8 {
                let high = low + len as u8 - 1;
                let found = fill_window(hand, naturals, pj, suit, low, high, &mut |left| {
                    let mut rest = *left;
                    rest.total() >= need && escaleras(&mut rest, owed.escaleras, 0, owed.trios)
                });
                if found {
                    return true;
                }
            }
        }
    }
    false
}

/// Fills window `low..=high` of `suit` around the pending naturals (each on its own position, at most
/// one joker in all) in every way, calling `f` with the hand left; stops at the first `true`.
fn fill_window(
    hand: &KindCounts,
    naturals: &[u8],
    pj: u8,
    suit: u8,
    low: u8,
    high: u8,
    f: &mut dyn FnMut(&KindCounts) -> bool,
) -> bool {
    // Positions the pending naturals take (an ace may be 1 or 14, whichever the window holds).
    let mut taken = 0u16;
    for &k in naturals {
        let r = rank_of(k);
        let p = if r == 14 {
            if high == 14 {
                14
            } else if low == 1 {
                1
            } else {
                return false;
            }
        } else {
            r
        };
        if p < low || p > high || taken >> p & 1 == 1 {
            return false;
        }
        taken |= 1 << p;
    }
    // Missing positions, and those the hand has no natural for (only a joker can fill one).
    let (mut missing, mut holes) = (0u16, 0u32);
    for p in low..=high {
        if taken >> p & 1 == 0 {
            missing |= 1 << p;
            holes += (hand.get(kind_at(suit, p)) == 0) as u32;
        }
    }
    let jokers = (pj == 1 || hand.jokers() > 0) as u32;
    if holes > jokers || (pj == 1 && missing == 0) {
        return false;
    }
    let fill = |joker_at: Option<u8>| -> Option<KindCounts> {
        let mut h = *hand;
        for p in low..=high {
            if missing >> p & 1 == 0 || Some(p) == joker_at {
                continue;
            }
            let k = kind_at(suit, p);
            if h.get(k) == 0 {
                return None;
            }
            h.take(k);
        }
        if joker_at.is_some() && pj == 0 {
            h.take(JOKER);
        }
        Some(h)
    };
    // The pending joker must stand somewhere; a joker from hand is optional.
    if pj == 0 {
        if let Some(h) = fill(None) {
            if f(&h) {
                return true;
            }
        }
    }
    if jokers == 1 {
        for p in low..=high {
            if missing >> p & 1 == 1 {
                if let Some(h) = fill(Some(p)) {
                    if f(&h) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// Lays `left` escaleras of four (windows at or after `from` in (suit, low) order), then `trios`.
fn escaleras(hand: &mut KindCounts, left: u8, from: usize, trios_owed: u8) -> bool {
    if left == 0 {
        return trios(&rank_counts(hand), hand.jokers(), trios_owed);
    }
    for w in from..4 * 11 {
        let (suit, low) = ((w / 11) as u8, (w % 11) as u8 + 1);
        let mut have = 0;
        let mut hole = None;
        for p in low..low + 4 {
            if hand.get(kind_at(suit, p)) > 0 {
                have += 1;
            } else {
                hole = Some(p);
            }
        }
        if have < 3 || (have == 3 && hand.jokers() == 0) {
            continue;
        }
        // Joker placements: in the hole, or (with all four naturals) none or on any position (it may
        // pay to keep a natural for a trio).
        let mut choices: [Option<u8>; 5] = [None; 5];
        let mut nc = 0;
        if have == 3 {
            choices[0] = hole;
            nc = 1;
        } else {
            nc += 1; // None
            if hand.jokers() > 0 {
                for p in low..low + 4 {
                    choices[nc] = Some(p);
                    nc += 1;
                }
            }
        }
        for &joker_at in &choices[..nc] {
            let saved = *hand;
            for p in low..low + 4 {
                if Some(p) == joker_at {
                    hand.take(JOKER);
                } else {
                    hand.take(kind_at(suit, p));
                }
            }
            let ok = escaleras(hand, left - 1, w, trios_owed);
            *hand = saved;
            if ok {
                return true;
            }
        }
    }
    false
}

/// Naturals per rank (index rank - 2).
fn rank_counts(hand: &KindCounts) -> [u8; 13] {
    // Kinds are suit-major (13 ranks a suit), so the four suits are four slices added together.
    let k = &hand.0;
    std::array::from_fn(|i| k[i] + k[13 + i] + k[26 + i] + k[39 + i])
}

/// Whether `left` trios (3 naturals, or 2 naturals and a joker) can be made from rank counts.
///
/// A closed form rather than a search (this runs on every step of a random playout): `t` trios of a
/// rank with `c` naturals need `max(0, 3t - c)` jokers and `t <= c / 2` (two naturals each). Each rank
/// gives `c / 3` trios free; its next trio costs 1 joker if `c % 3 == 2`, 2 if `c % 3 == 1` (and
/// `c >= 4`), 3 otherwise, and every further one 3, up to `c / 2` trios. Costs never fall within a rank,
/// so taking the cheapest extra trios first is optimal.
fn trios(counts: &[u8; 13], jokers: u8, left: u8) -> bool {
    let (mut free, mut ones, mut twos, mut threes) = (0u32, 0u32, 0u32, 0u32);
    for &c in counts {
        let (base, most) = (c / 3, c / 2);
        free += base as u32;
        let mut extra = (most - base) as u32;
        if extra > 0 {
            match c % 3 {
                2 => ones += 1,
                1 => twos += 1,
                _ => threes += 1,
            }
            extra -= 1;
            threes += extra;
        }
    }
    let Some(mut need) = (left as u32).checked_sub(free).filter(|&n| n > 0) else {
        return true;
    };
    let mut jokers = jokers as u32;
    for (count, cost) in [(ones, 1), (twos, 2), (threes, 3)] {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
