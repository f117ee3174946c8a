//! `greedy`: a rule-based Samba player that builds canastas and goes out. It takes the pile whenever
//! that is legal; lays off every card that fits one of its partnership's melds (a wild card only onto a
//! set of five or six, to close it); lays every set of three or more naturals and every run of three or
//! more of a suit it holds (before the initial meld only when together they reach the minimum); merges
//! sets; and once the partnership has two canastas or sambas, melds down to its last card and discards
//! it. It discards the card with the fewest partners of its rank and suited neighbours (a wild card
//! last, among equals the lowest value), never asks "may I go out?" and always answers yes. It reads
//! only its own hand and the table.

use super::state::{Meld, Phase, SambaState, Shape};
use super::*;
use crate::core::game::{Action, Bot, State};
use crate::core::rng::Rng;
use crate::rummy::bag::{kind_of, rank_of, suit_of, KindCounts, PackSet};
use rules::{is_black_three, is_red_three, is_wild};

/// The rule-based bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

/// A natural card that may start or join a set or a run (4..A; 3s and wild cards are special).
fn natural(kind: u8) -> bool {
    !is_wild(kind) && !is_black_three(kind) && !is_red_three(kind)
}

fn wilds_in(m: &Meld) -> usize {
    m.cards.iter().filter(|&id| is_wild(PACK.kind(id))).count()
}

/// Whether one card of `kind` goes onto the committed meld `m` (the pile rule aside).
fn fits(m: &Meld, kind: u8) -> bool {
    let len = m.cards.len();
    if m.staged || len >= 7 {
        return false;
    }
    match m.shape {
        // A wild card only where it closes the set soon (five or six cards), two at most.
        Shape::Set(r) if is_wild(kind) => len >= 5 && wilds_in(m) < 2 && r >= 4,
        Shape::Set(r) => natural(kind) && rank_of(kind) == r,
        Shape::Seq { suit, low, len } => {
            natural(kind)
                && suit_of(kind) == suit
                && (rank_of(kind) + 1 == low || rank_of(kind) == low + len)
                && rank_of(kind) >= 4
        }
        Shape::Black3 => false,
    }
}

/// The longest run of one suit (ranks 4..A, distinct) through the natural `kind` that `counts` holds,
/// as (low, high).
fn run_through(counts: &KindCounts, kind: u8) -> (u8, u8) {
    let (s, r) = (suit_of(kind), rank_of(kind));
    let held = |x: u8| (4..=14).contains(&x) && counts.get(kind_of(s, x)) > 0;
    let (mut lo, mut hi) = (r, r);
    while held(lo - 1) {
        lo -= 1;
    }
    while hi < 14 && held(hi + 1) {
        hi += 1;
    }
    (lo, hi)
}

/// Meld value of the sets of three or more naturals and the runs of three or more in `counts` (each
/// card counted once): what the bot could lay down this turn from its hand.
fn layable_value(counts: &KindCounts) -> i32 {
    let mut left = *counts;
    let mut value = 0;
    for r in 4..=14u8 {
        let n: u8 = (0..4).map(|s| left.get(kind_of(s, r))).sum();
        if n >= 3 {
            for s in 0..4 {
                let k = kind_of(s, r);
                value += left.get(k) as i32 * rules::card_value(k);
                left.0[k as usize] = 0;
            }
        }
    }
    for s in 0..4 {
        let mut r = 4u8;
        while r <= 14 {
            let (lo, hi) = if left.get(kind_of(s, r)) > 0 {
                run_through(&left, kind_of(s, r))
            } else {
                (r, r - 1)
            };
            if hi + 1 >= lo + 3 {
                for x in lo..=hi.min(lo + 6) {
                    value += rules::card_value(kind_of(s, x));
                }
            }
            r = hi.max(r) + 1;
        }
    }
    value
}

impl Bot<SambaState> for Greedy {
    fn act(&self, st: &SambaState, rng: &mut Rng) -> Action {
        let mut legal = Vec::new();
        st.legal_actions(&mut legal);
        let has = |a: Action| legal.binary_search(&a).is_ok();
        match st.phase() {
            Phase::Draw => return if has(TAKE_PILE) { TAKE_PILE } else { legal[0] },
            Phase::Answer => return YES,
            Phase::Meld => {}
            _ => return legal[rng.below(legal.len() as u32) as usize],
        }
        let s = st.mover();
        let t = s % 2;
        let hand = st.hand(s);
        let counts = hand.counts(PACK);
        let melds = st.melds(t);
        let picks: Vec<u8> = legal
            .iter()
            .filter(|&&a| (PICK..CLOSE).contains(&a))
            .map(|&a| (a - PICK) as u8)
            .collect();
        let pending = st.pending_cards();
        if !pending.is_empty() {
            return continue_meld(&legal, &picks, pending);
        }
        // Lay off: one card onto a meld that takes it (the next step is `onto meld`).
        let onto = picks
            .iter()
            .copied()
            .filter(|&c| melds.iter().any(|m| fits(m, PACK.kind(c))))
            .min_by_key(|&c| is_wild(PACK.kind(c)));
        if let Some(c) = onto {
            return PICK + c as Action;
        }
        // A new set or run from the hand; before the initial meld only if the minimum is in reach.
        let down = st.melded[t] || layable_value(&counts) + staged_value(melds) >= st.minimum(t);
        if down {
            let set = picks.iter().copied().find(|&c| {
                let k = PACK.kind(c);
                natural(k) && counts.of_rank(rank_of(k)) >= 3
            });
            let run = || {
                picks.iter().copied().find(|&c| {
                    let k = PACK.kind(c);
                    if !natural(k) {
                        return false;
                    }
                    let (lo, hi) = run_through(&counts, k);
                    rank_of(k) == lo && hi + 1 >= lo + 3
                })
            };
            if let Some(c) = set.or_else(run) {
                return PICK + c as Action;
            }
        }
        if let Some(&a) = legal.iter().find(|&&a| (MERGE..NUM_ACTIONS).contains(&a)) {
            return a;
        }
        if let Some(a) = discard(&legal, &counts) {
            return a;
        }
        if has(CANCEL) {
            return CANCEL;
        }
        if has(END) {
            return END;
        }
        legal[rng.below(legal.len() as u32) as usize]
    }
}

fn staged_value(melds: &[Meld]) -> i32 {
    melds
        .iter()
        .filter(|m| m.staged)
        .map(|m| rules::value(&m.cards.counts(PACK)))
        .sum()
}

/// The next step of a meld under way: onto a meld, then more of the same set or run, then close.
fn continue_meld(legal: &[Action], picks: &[u8], pending: PackSet) -> Action {
    let has = |a: Action| legal.binary_search(&a).is_ok();
    if let Some(&a) = legal.iter().find(|&&a| (ONTO..MERGE).contains(&a)) {
        return a;
    }
    let naturals: Vec<u8> = pending
        .iter()
        .map(|id| PACK.kind(id))
        .filter(|&k| natural(k))
        .collect();
    let extends = |c: u8| {
        let k = PACK.kind(c);
        if !natural(k) || naturals.is_empty() {
            return false;
        }
        let same_rank = naturals.iter().all(|&p| rank_of(p) == rank_of(k));
        if same_rank {
            return true;
        }
        // A run: the same suit, the next rank above the pending ones, within seven.
        let suit = suit_of(naturals[0]);
        let hi = naturals.iter().map(|&p| rank_of(p)).max().unwrap_or(0);
        naturals.iter().all(|&p| suit_of(p) == suit)
            && suit_of(k) == suit
            && rank_of(k) == hi + 1
            && naturals.len() < 7
    };
    if let Some(&c) = picks.iter().find(|&&c| extends(c)) {
        return PICK + c as Action;
    }
    if has(CLOSE) {
        return CLOSE;
    }
    // A take's compulsory set or a set short of three: naturals before wild cards.
    if let Some(&c) = picks.iter().min_by_key(|&&c| is_wild(PACK.kind(c))) {
        return PICK + c as Action;
    }
    if has(CANCEL) {
        return CANCEL;
    }
    legal[0]
}

/// The discard: the card with the fewest partners (same rank, suited neighbours), wild cards last, then
/// the lowest value.
fn discard(legal: &[Action], counts: &KindCounts) -> Option<Action> {
    legal
        .iter()
        .filter(|&&a| (DISCARD..PICK).contains(&a))
        .min_by_key(|&&a| {
            let k = PACK.kind((a - DISCARD) as u8);
            let partners = if natural(k) {
                let (lo, hi) = run_through(counts, k);
                counts.of_rank(rank_of(k)) as i32 + (hi - lo) as i32
            } else {
                0
            };
            (is_wild(k), partners, rules::card_value(k), a)
        })
        .copied()
}
