//! The rule-based Reversis player ("greedy"). It looks only at what its seat may see.
//!
//! * Exchange: discard the J♥ if held (a forced Quinola is the costliest card), else the highest
//!   non-ace card; a non-dealer exchanges only when that card is a king or queen.
//! * Play: avoid points and the Quinola: duck under the trick's winning card with the highest card
//!   that still loses, else play the lowest; when void (or renouncing an espagnolette), place the J♥,
//!   then an ace, then the highest card. Lead the lowest card that is not an ace or the J♥.
//! * Attempts: with an espagnolette it renounces whenever it can place an ace or the J♥; having won
//!   every trick from the fifth on, it goes for the reversis and plays its highest cards.

use super::{ReversisState, CLAIM, DECLINE, DISCARD};
use crate::cards::{Card, CardSet};
use crate::core::game::{Action, Bot, Player, State};
use crate::core::rng::Rng;
use crate::trick::TrickRules;

/// The rule-based bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

impl Bot<ReversisState> for Greedy {
    fn act(&self, state: &ReversisState, rng: &mut Rng) -> Action {
        let me = match state.current_player() {
            Player::Seat(s) => s,
            _ => return 0,
        };
        let rules = state.rules();
        let deck = rules.deck();
        let core = &state.core;
        let extra = &state.extra;
        let base = deck.len() as Action;
        let hand = core.hands[me];
        let q = rules.quinola();
        let aces = rules.aces();
        let rank = |c: Card| deck.rank(c);
        let highest = |s: CardSet| s.iter().max_by_key(|&c| rank(c));
        let lowest = |s: CardSet| s.iter().min_by_key(|&c| rank(c));
        if extra.claim_pending {
            return base + CLAIM;
        }
        if extra.exchange_step < 4 {
            let dealer = extra.exchange_step == 0;
            let keep_aces = hand - aces;
            let pick = if hand.contains(q) {
                Some(q)
            } else {
                highest(keep_aces)
            };
            return match pick {
                Some(c) if dealer || c == q || rank(c) >= 12 => base + DISCARD + c.0 as Action,
                _ if dealer => base + DISCARD + hand.first().map_or(0, |c| c.0 as Action),
                _ => base + DECLINE,
            };
        }
        let legal = state.legal_cards();
        if legal.is_empty() {
            let mut v = Vec::new();
            state.legal_actions(&mut v);
            return v[rng.below(v.len() as u32) as usize];
        }
        let going_for_reversis = core.tricks_played >= 4 && core.won[me].len() == core.tricks_played * 4;
        let trick = core.trick_cards();
        let pick = if trick.is_empty() {
            if going_for_reversis {
                highest(legal)
            } else {
                lowest(legal - aces - CardSet::single(q)).or_else(|| lowest(legal))
            }
        } else {
            let led = deck.suit(trick[0]);
            let follow = legal & deck.suit_mask(led);
            let top = trick
                .iter()
                .filter(|&&c| deck.suit(c) == led)
                .map(|&c| rank(c))
                .max()
                .unwrap_or(0);
            let off = legal - deck.suit_mask(led);
            if going_for_reversis && !follow.is_empty() {
                highest(follow)
            } else if !off.is_empty()
                && (follow.is_empty() || !(off & (aces | CardSet::single(q))).is_empty())
            {
                // Void or renouncing: place the J♥, then an ace, then the highest card.
                if off.contains(q) {
                    Some(q)
                } else {
                    highest(off & aces).or_else(|| highest(off))
                }
            } else {
                let under: CardSet = follow.iter().filter(|&c| rank(c) < top).collect();
                highest(under).or_else(|| {
                    if trick.len() == 3 {
                        highest(follow)
                    } else {
                        lowest(follow)
                    }
                })
            }
        };
        pick.or_else(|| legal.first()).map_or(0, |c| c.0 as Action)
    }
}
