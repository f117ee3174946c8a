//! The rule-based Solo player ("greedy"). It looks only at what its seat may see (its own hand, the
//! bids, the trick, the partner once the called ace is out, or itself if it holds the called card).
//!
//! * Auction: the best trump suit is the one giving the most trumps (black queens and the 7 count);
//!   4+ trumps: a simple game, 6+: a solo (in colour when that suit is the colour). It asks or says yes
//!   up to that level, passes above it, and always makes the moves the black-queens rule forces.
//! * Declaration: the lowest allowed level in its best suit of the right kind; the first callable ace.
//! * Play: lead a plain ace, else (as declarer with trumps) the top trump, else the lowest card;
//!   following: win as cheaply as possible unless a partner already wins, else throw the lowest card.

use super::{SoloRules, SoloState, Stage, ASK, CALL_ACE, DECLARE, PASS, YES};
use crate::cards::{Card, CardSet};
use crate::core::game::{Action, Bot, Player, State};
use crate::core::rng::Rng;
use crate::trick::TrickRules;

/// The rule-based bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

/// Trumps `hand` would hold with each suit as trump.
fn trumps_with(rules: &SoloRules, hand: CardSet, t: u8) -> usize {
    (hand & rules.suit_cards(t, t)).len()
}

/// The level this hand is worth with trump `t` (0: not worth asking).
fn worth(rules: &SoloRules, hand: CardSet, t: u8) -> u8 {
    let n = trumps_with(rules, hand, t);
    let colour = t == rules.colour();
    match n {
        n if n >= 6 => 3 + colour as u8,
        n if n >= 4 => 1 + colour as u8,
        _ => 0,
    }
}

/// The level the hand is worth in its best suit.
fn max_level(rules: &SoloRules, hand: CardSet) -> u8 {
    (0..4).map(|t| worth(rules, hand, t)).max().unwrap_or(0)
}

impl Bot<SoloState> for Greedy {
    fn act(&self, state: &SoloState, _rng: &mut Rng) -> Action {
        let me = match state.current_player() {
            Player::Seat(s) => s,
            _ => return 0,
        };
        let rules = state.rules();
        let core = &state.core;
        let extra = &state.extra;
        let base = rules.deck().len() as Action;
        let hand = core.hands[me];
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        let has = |off: u32| legal.contains(&(base + off));
        let want = max_level(rules, hand);
        let choose = |off: u32| {
            base + if has(off) {
                off
            } else {
                legal[legal.len() - 1] - base
            }
        };
        match extra.stage {
            Stage::Opening => choose(if want >= 1 { ASK } else { PASS }),
            Stage::Duel => {
                let next = extra.level + 1;
                if next <= 6 && (want >= next || !has(PASS)) {
                    base + ASK + next as u32 - 1
                } else {
                    base + PASS
                }
            }
            Stage::Answer => choose(if want >= extra.asked { YES } else { PASS }),
            Stage::Declare => {
                // Among the legal declarations, the most trumps, then the lowest level.
                *legal
                    .iter()
                    .min_by_key(|&&a| {
                        let k = a - base - DECLARE;
                        let (level, t) = (k / 4 + 1, (k % 4) as u8);
                        (std::cmp::Reverse(trumps_with(rules, hand, t)), level)
                    })
                    .expect("a declaration")
            }
            Stage::Call => {
                // Prefer an ace of a suit we hold (so we can lead to the partner); else the first.
                let t = extra.trump.unwrap_or(0);
                *legal
                    .iter()
                    .max_by_key(|&&a| {
                        let off = a - base;
                        let suit = ((off - CALL_ACE) % 4) as u8;
                        (
                            off < CALL_ACE + 4,
                            (hand & rules.suit_cards(t, suit)).len() * usize::from(suit != t),
                        )
                    })
                    .expect("a call")
            }
            Stage::Play => play(state, me).0 as Action,
        }
    }
}

fn play(state: &SoloState, me: usize) -> Card {
    let rules = state.rules();
    let core = &state.core;
    let extra = &state.extra;
    let t = extra.trump.unwrap_or(rules.colour());
    let legal = state.legal_cards();
    let st = |c: Card| rules.strength_in(t, c);
    let is_trump = |c: Card| rules.effective(t, c) == t;
    let lowest = |set: CardSet| {
        set.iter()
            .min_by_key(|&c| (is_trump(c), st(c)))
            .expect("a legal card")
    };
    let trick = core.trick_cards();
    // My side as far as I know: the declarer and a revealed partner, or me holding the called card.
    let declarer = extra.declarer;
    let i_am_partner = extra.called.is_some_and(|c| core.hands[me].contains(c)) || extra.revealed == Some(me);
    let partner = extra.revealed.or(if i_am_partner { Some(me) } else { None });
    let on_side = |s: usize| Some(s) == declarer || Some(s) == partner;
    let friends = |a: usize, b: usize| {
        a == b || (on_side(a) && on_side(b)) || (!on_side(a) && !on_side(b) && extra.called.is_none())
    };
    if trick.is_empty() {
        if let Some(ace) = legal.iter().find(|&c| !is_trump(c) && rules.deck().rank(c) == 14) {
            return ace;
        }
        let trumps: CardSet = legal.iter().filter(|&c| is_trump(c)).collect();
        if Some(me) == declarer && trumps.len() >= 2 {
            return trumps.iter().max_by_key(|&c| st(c)).expect("trumps");
        }
        return lowest(legal);
    }
    let win_pos = rules.trick_winner(state.view(), trick);
    let win_seat = core.seat_after(core.leader, win_pos);
    if friends(win_seat, me) && win_seat != me {
        return lowest(legal);
    }
    let wins = |c: Card| {
        let mut cards = [Card(0); 4];
        cards[..trick.len()].copy_from_slice(trick);
        cards[trick.len()] = c;
        rules.trick_winner(state.view(), &cards[..=trick.len()]) == trick.len()
    };
    legal
        .iter()
        .filter(|&c| wins(c))
        .min_by_key(|&c| (is_trump(c), st(c)))
        .unwrap_or_else(|| lowest(legal))
}
