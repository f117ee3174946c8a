//! `greedy`: a rule-based Samba player. It takes the pile whenever that is legal, lays every set of three
//! or more naturals it holds (and cards that fit its partnership's melds), closes as soon as it can, never
//! asks to go out, and discards the card with the fewest partners of its rank (never a wild card while it
//! has another choice). It reads only its own hand and the table.

use super::state::{Phase, SambaState};
use super::*;
use crate::core::game::{Action, Bot, State};
use crate::core::rng::Rng;
use crate::rummy::bag::rank_of;

/// The rule-based bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

impl Bot<SambaState> for Greedy {
    fn act(&self, st: &SambaState, rng: &mut Rng) -> Action {
        let mut legal = Vec::new();
        st.legal_actions(&mut legal);
        let has = |a: Action| legal.binary_search(&a).is_ok();
        let s = st.mover();
        let hand = st.hand(s);
        let counts = hand.counts(PACK);
        match st.phase() {
            Phase::Draw => {
                if has(TAKE_PILE) {
                    return TAKE_PILE;
                }
                return legal[0];
            }
            Phase::Answer => return YES,
            Phase::Meld => {}
            _ => return legal[rng.below(legal.len() as u32) as usize],
        }
        let picks: Vec<u8> = legal
            .iter()
            .filter(|&&a| (PICK..CLOSE).contains(&a))
            .map(|&a| (a - PICK) as u8)
            .collect();
        let pending = st.pending_cards();
        if !pending.is_empty() {
            if has(CLOSE) && (hand.len() <= 3 || !picks.iter().any(|&c| same_rank(st, pending, c))) {
                return CLOSE;
            }
            if let Some(&a) = legal.iter().find(|&&a| (ONTO..MERGE).contains(&a)) {
                return a;
            }
            if hand.len() > 3 {
                if let Some(&c) = picks.iter().find(|&&c| same_rank(st, pending, c)) {
                    return PICK + c as Action;
                }
            }
            if has(CLOSE) {
                return CLOSE;
            }
            if let Some(&c) = picks.first() {
                if hand.len() > 3 {
                    return PICK + c as Action;
                }
            }
            if has(CANCEL) {
                return CANCEL;
            }
        }
        if pending.is_empty() && hand.len() > 3 {
            // Start a set with a rank held three times (naturals), or a card that fits a meld.
            let start = picks.iter().copied().find(|&c| {
                let k = PACK.kind(c);
                !super::rules::is_wild(k) && counts.of_rank(rank_of(k)) >= 3
            });
            if let Some(c) = start {
                return PICK + c as Action;
            }
        }
        if let Some(&a) = legal.iter().find(|&&a| (MERGE..NUM_ACTIONS).contains(&a)) {
            return a;
        }
        let discards: Vec<u8> = legal
            .iter()
            .filter(|&&a| (DISCARD..PICK).contains(&a))
            .map(|&a| (a - DISCARD) as u8)
            .collect();
        if !discards.is_empty() {
            let worst = discards
                .iter()
                .copied()
                .min_by_key(|&c| {
                    let k = PACK.kind(c);
                    let wild = super::rules::is_wild(k) as i32;
                    (
                        wild,
                        counts.of_rank(rank_of(k)) as i32,
                        -super::rules::card_value(k),
                    )
                })
                .unwrap();
            return DISCARD + worst as Action;
        }
        if has(CANCEL) {
            return CANCEL;
        }
        legal[rng.below(legal.len() as u32) as usize]
    }
}

fn same_rank(st: &SambaState, pending: crate::rummy::bag::PackSet, c: u8) -> bool {
    let _ = st;
    let k = PACK.kind(c);
    if super::rules::is_wild(k) {
        return false;
    }
    pending
        .iter()
        .map(|id| PACK.kind(id))
        .find(|&p| !super::rules::is_wild(p))
        .is_some_and(|p| rank_of(p) == rank_of(k))
}
