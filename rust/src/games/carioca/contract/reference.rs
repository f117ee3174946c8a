//! The escalera search as it was before the bitmask version (a loop over kind counts), kept as the
//! reference the fast one is checked against.

use super::{rank_counts, trios, Owed};
use crate::rummy::bag::{rank_of, suit_of, KindCounts, JOKER};
use crate::rummy::meld::kind_at;

/// Whether `owed` melds can be laid from `hand`, by the old search.
pub fn owed_feasible(hand: &KindCounts, owed: Owed) -> bool {
    if hand.total() < owed.cards() + owed.keep as usize {
        return false;
    }
    let mut h = *hand;
    escaleras(&mut h, owed.escaleras, 0, owed.trios)
}

/// Whether a pending escalera can be completed, by the old search.
pub fn pending_escalera(hand: &KindCounts, pending: &KindCounts, owed: Owed, exact: bool) -> bool {
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
