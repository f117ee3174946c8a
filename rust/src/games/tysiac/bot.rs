//! The rule-based Tysiąc player ("greedy"). It looks only at its own hand and the public table.
//!
//! * Bidding: an estimate of the hand (card points of aces and tens, twice; the marriages held; 30
//!   for the prikup and the opponents' share), bid the lowest legal bid up to it, else pass.
//! * Giving: the two least valuable cards outside marriages (nines, then jacks).
//! * Contract: keep the bid; rospisat' when the estimate of the 8-card hand falls 40 short of it.
//! * Play: declare the highest marriage when able; lead aces, else the lowest card; follow with the
//!   lowest card that wins the trick, else the lowest card.

use super::{
    Stage, TysiacRules, TysiacState, BID, CONTRACT, DISCARD, GIVE_LEFT, GIVE_RIGHT, MARRIAGE, MARRY, PASS,
    PLAY_ON, ROSPISAT,
};
use crate::cards::{Card, CardSet};
use crate::core::game::{Action, Bot, Player, State};
use crate::core::rng::Rng;
use crate::trick::TrickRules;

/// The rule-based bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

fn estimate(r: &TysiacRules, hand: CardSet) -> i32 {
    let high: i32 = hand
        .iter()
        .map(|c| r.card_points(CardSet::single(c)))
        .filter(|&p| p >= 10)
        .sum();
    let m = r.marriages_in(hand);
    let marriages: i32 = (0..4).filter(|s| m >> s & 1 == 1).map(|s| MARRIAGE[s]).sum();
    high + high / 2 + marriages + 30
}

/// Lower is cheaper to lose: card points, plus a bonus for marriage partners.
fn keep_value(r: &TysiacRules, hand: CardSet, c: Card) -> i32 {
    let m = r.marriages_in(hand);
    let suit = r.deck().suit(c);
    r.card_points(CardSet::single(c)) + if m >> suit & 1 == 1 { 50 } else { 0 }
}

impl Bot<TysiacState> for Greedy {
    fn act(&self, st: &TysiacState, rng: &mut Rng) -> Action {
        let Player::Seat(me) = st.current_player() else {
            return 0;
        };
        let r = st.rules();
        let base = r.deck().len() as Action;
        let mut legal = Vec::new();
        st.legal_actions(&mut legal);
        let has = |o: u32| legal.contains(&(base + o));
        let hand = st.core.hands[me];
        match st.extra.stage {
            Stage::Auction => {
                let est = estimate(r, hand);
                // Legal bids ascending: the lowest is the cheapest raise.
                let lowest = legal.iter().copied().find(|&a| a > base + PASS);
                match lowest {
                    Some(a) if !has(PASS) => a,
                    Some(a) if (100 + 5 * (a - base - BID) as i32) <= est => a,
                    _ => base + PASS,
                }
            }
            Stage::Give(side) => {
                let c = hand
                    .iter()
                    .min_by_key(|&c| keep_value(r, hand, c))
                    .expect("a hand to give from");
                base + if side == 0 { GIVE_LEFT } else { GIVE_RIGHT } + c.0 as u32
            }
            Stage::Discard(_) => {
                let c = hand
                    .iter()
                    .min_by_key(|&c| keep_value(r, hand, c))
                    .expect("a hand to discard from");
                base + DISCARD + c.0 as u32
            }
            Stage::Contract => {
                if has(ROSPISAT) && estimate(r, hand) + 40 < st.extra.contract as i32 {
                    base + ROSPISAT
                } else {
                    base + CONTRACT + (st.extra.contract as u32 - 100) / 5
                }
            }
            Stage::Nines(_) => base + PLAY_ON,
            _ => {
                if let Some(&a) = legal
                    .iter()
                    .filter(|&&a| a >= base + MARRY && a < base + MARRY + 4)
                    .max_by_key(|&&a| MARRIAGE[(a - base - MARRY) as usize])
                {
                    return a;
                }
                let cards = st.legal_cards();
                if cards.is_empty() {
                    return legal[rng.below(legal.len() as u32) as usize];
                }
                let v = st.view();
                let strength = |c: Card| r.strength(v, c) as i32;
                let points = |c: Card| r.card_points(CardSet::single(c));
                let core = &st.core;
                if core.trick_len == 0 {
                    let aces = cards.iter().filter(|&c| points(c) == 11);
                    return aces
                        .chain(cards.iter().min_by_key(|&c| (points(c), strength(c))))
                        .next()
                        .expect("a card")
                        .0 as Action;
                }
                // The lowest winning card, else the cheapest.
                let wins = |c: Card| {
                    let mut trick: Vec<Card> = core.trick_cards().to_vec();
                    trick.push(c);
                    r.trick_winner(v, &trick) == trick.len() - 1
                };
                let partner_free = cards.iter().filter(|&c| wins(c)).min_by_key(|&c| strength(c));
                partner_free
                    .or_else(|| cards.iter().min_by_key(|&c| (points(c), strength(c))))
                    .expect("a card")
                    .0 as Action
            }
        }
    }
}
