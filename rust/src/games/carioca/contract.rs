//! Carioca's contract search: can the melds a hand still owes be completed from the cards in hand?
//!
//! A contract is laid in steps (pick cards into the pending meld, close it, go on to the next), one
//! meld slot at a time in a fixed order: escaleras first, then trios. A pick or a close is legal only if
//! the whole contract can still be completed with the cards left, so a player who starts laying a
//! contract never runs into a dead end (a `cancel` is still offered for humans). Each contract meld
//! holds at most one joker; with `contract_meld_exact_size` a trio is exactly 3 cards and an escalera
//! exactly 4, otherwise at least 3 / 4 (minimal melds decide feasibility: a longer meld only uses more
//! cards, except for the pending one, whose windows are all tried).

use crate::rummy::bag::{kind_of, rank_of, suit_of, KindCounts, JOKER};
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
    let n = pending.total();
    let pj = pending.jokers();
    if pj > 1 || (exact && n > 3) {
        return false;
    }
    let mut rank = None;
    for k in 0..52u8 {
        if pending.get(k) > 0 {
            if rank.is_some_and(|r| r != rank_of(k)) {
                return false;
            }
            rank = Some(rank_of(k));
        }
    }
    let target = n.max(3);
    let need = target - n;
    if hand.total() < need + owed.cards() + owed.keep as usize {
        return false;
    }
    // Later slots are trios only (escaleras come first), so only rank counts matter from here on.
    let ranks: Vec<u8> = match rank {
        Some(r) => vec![r],
        None => (2..=14).collect(),
    };
    for r in ranks {
        let naturals = hand.of_rank(r);
        let pending_naturals = (n - pj as usize) as u8;
        // Use naturals first, then (if the pending meld has none) one joker; a trio keeps >= 2 naturals.
        for use_joker in [false, true] {
            if use_joker && (pj == 1 || hand.jokers() == 0 || need == 0) {
                continue;
            }
            let nat_needed = need as u8 - use_joker as u8;
            if naturals < nat_needed || pending_naturals + nat_needed < 2 {
                continue;
            }
            let mut counts = rank_counts(hand);
            counts[(r - 2) as usize] -= nat_needed;
            let jokers = hand.jokers() - use_joker as u8;
            if trios(&mut counts, jokers, owed.trios, 0) {
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
    let naturals: Vec<u8> = pending.kinds().into_iter().filter(|&k| k != JOKER).collect();
    let suits: Vec<u8> = match naturals.first() {
        Some(&k) => {
            if naturals.iter().any(|&x| suit_of(x) != suit_of(k)) {
                return false;
            }
            vec![suit_of(k)]
        }
        None => (0..4).collect(),
    };
    let min_len = n.max(4);
    let max_len = if exact { 4 } else { 13 };
    for suit in suits {
        for len in min_len..=max_len {
            for low in 1..=(15 - len) as u8 {
                let high = low + len as u8 - 1;
                if let Some(h) = fill_window(hand, &naturals, pj, suit, low, high) {
                    for hand_left in h {
                        if hand_left.total() < owed.cards() + owed.keep as usize {
                            continue;
                        }
                        let mut rest = hand_left;
                        if escaleras(&mut rest, owed.escaleras, 0, owed.trios) {
                            return true;
                        }
                    }
                }
            }
        }
    }
    false
}

/// The hands left after filling window `low..=high` of `suit` around the pending naturals (each
/// pending natural on its own position, at most one joker in all); `None` if it cannot be filled.
fn fill_window(
    hand: &KindCounts,
    naturals: &[u8],
    pj: u8,
    suit: u8,
    low: u8,
    high: u8,
) -> Option<Vec<KindCounts>> {
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
                return None;
            }
        } else {
            r
        };
        if p < low || p > high || taken >> p & 1 == 1 {
            return None;
        }
        taken |= 1 << p;
    }
    let missing: Vec<u8> = (low..=high).filter(|&p| taken >> p & 1 == 0).collect();
    // The pending joker (if any) covers one missing position; otherwise at most one joker from hand.
    let mut outs = Vec::new();
    let joker_choices: Vec<Option<usize>> = if pj == 1 || hand.jokers() > 0 {
        missing.iter().enumerate().map(|(i, _)| Some(i)).collect()
    } else {
        Vec::new()
    };
    let mut try_fill = |joker_at: Option<usize>| {
        let mut h = *hand;
        for (i, &p) in missing.iter().enumerate() {
            if Some(i) == joker_at {
                continue;
            }
            let k = kind_at(suit, p);
            if h.get(k) == 0 {
                return;
            }
            h.take(k);
        }
        if joker_at.is_some() && pj == 0 {
            h.take(JOKER);
        }
        outs.push(h);
    };
    if pj == 0 {
        try_fill(None);
    }
    for j in joker_choices {
        try_fill(j);
    }
    (!outs.is_empty()).then_some(outs)
}

/// Lays `left` escaleras of four (windows at or after `from` in (suit, low) order), then `trios`.
fn escaleras(hand: &mut KindCounts, left: u8, from: usize, trios_owed: u8) -> bool {
    if left == 0 {
        let mut counts = rank_counts(hand);
        return trios(&mut counts, hand.jokers(), trios_owed, 0);
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
    let mut c = [0u8; 13];
    for r in 2..=14u8 {
        c[(r - 2) as usize] = (0..4).map(|s| hand.get(kind_of(s, r))).sum();
    }
    c
}

/// Whether `left` trios (3 naturals, or 2 naturals and a joker) can be made from rank counts.
fn trios(counts: &mut [u8; 13], jokers: u8, left: u8, from: usize) -> bool {
    if left == 0 {
        return true;
    }
    for r in from..13 {
        if counts[r] >= 3 {
            counts[r] -= 3;
            let ok = trios(counts, jokers, left - 1, r);
            counts[r] += 3;
            if ok {
                return true;
            }
        }
        if counts[r] >= 2 && jokers > 0 {
            counts[r] -= 2;
            let ok = trios(counts, jokers - 1, left - 1, r);
            counts[r] += 2;
            if ok {
                return true;
            }
        }
    }
    false
}
