//! `greedy`: a rule-based Carioca player. It takes the pile top when the card helps (a joker, a card
//! that completes the contract, one that pairs or neighbours its cards, one it can lay off), lays its
//! contract and every lay-off as soon as they are legal, and discards the least useful card (fewest
//! partners of the same rank and suited neighbours for the melds it still needs; among those, the
//! highest penalty). It reads only its own hand and the table.

use super::contract;
use super::state::{CariocaState, Phase};
use super::*;
use crate::core::game::{Action, Bot, State};
use crate::core::rng::Rng;
use crate::rummy::bag::{rank_of, suit_of, KindCounts, JOKER};

/// The rule-based bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

/// How much `kind` helps the melds a player still needs (higher: keep it).
fn usefulness(counts: &KindCounts, kind: u8, c: Contract, down: bool) -> i32 {
    if kind == JOKER {
        return 100;
    }
    if down {
        return 0;
    }
    let mut u = 0;
    if c.trios > 0 {
        u += 2 * (counts.of_rank(rank_of(kind)) as i32 - 1);
    }
    if c.escaleras > 0 {
        let (s, r) = (suit_of(kind), rank_of(kind));
        for d in 1..=3u8 {
            for rr in [r.wrapping_sub(d), r + d] {
                if (2..=14).contains(&rr) && counts.get(crate::rummy::kind_of(s, rr)) > 0 {
                    u += (4 - d) as i32;
                }
            }
        }
    }
    u
}

impl Bot<CariocaState> for Greedy {
    fn act(&self, st: &CariocaState, rng: &mut Rng) -> Action {
        let mut legal = Vec::new();
        st.legal_actions(&mut legal);
        let s = st.to_move as usize;
        let has = |a: Action| legal.binary_search(&a).is_ok();
        match st.phase() {
            Phase::Draw => {
                if !has(DRAW_PILE) {
                    return DRAW_STOCK;
                }
                if !has(DRAW_STOCK) {
                    return DRAW_PILE;
                }
                let top = PACK.kind(*st.pile().last().expect("pile top"));
                let hand = st.hand(s).counts(PACK);
                let take = if top == JOKER {
                    true
                } else if st.contract_down(s) {
                    (0..st.table().len()).any(|m| st.target_mask(m, top) != 0)
                } else {
                    let c = st.contract();
                    let (slot, owed) = (st.slot_kind(0), st.owed_after(0));
                    let none = KindCounts::default();
                    let mut with = hand;
                    with.add(top);
                    let completes = contract::feasible(&with, &none, slot, owed, st.cfg.exact)
                        && !contract::feasible(&hand, &none, slot, owed, st.cfg.exact);
                    completes || usefulness(&with, top, c, false) >= 4
                };
                if take {
                    DRAW_PILE
                } else {
                    DRAW_STOCK
                }
            }
            Phase::Meld => {
                // Lay whatever is layable: targets, closes, then picks.
                if let Some(&a) = legal.iter().find(|&&a| a >= TARGET) {
                    return a;
                }
                for a in [CLOSE, CLOSE_LOW] {
                    if has(a) {
                        return a;
                    }
                }
                // Naturals before jokers, so a joker is spent only when it must be.
                let pick = legal
                    .iter()
                    .filter(|&&a| (PICK..CLOSE).contains(&a))
                    .min_by_key(|&&a| (PACK.kind((a - PICK) as u8) == JOKER, a));
                if let Some(&a) = pick {
                    return a;
                }
                let hand = st.hand(s).counts(PACK);
                let c = st.contract();
                let down = st.contract_down(s);
                let best = legal
                    .iter()
                    .filter(|&&a| (DISCARD..PICK).contains(&a))
                    .min_by_key(|&&a| {
                        let k = PACK.kind((a - DISCARD) as u8);
                        (usefulness(&hand, k, c, down), -card_value(k), a)
                    });
                match best {
                    Some(&a) => a,
                    None => legal[rng.below(legal.len() as u32) as usize],
                }
            }
            _ => legal[rng.below(legal.len() as u32) as usize],
        }
    }
}
