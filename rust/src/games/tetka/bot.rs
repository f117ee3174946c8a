//! The rule-based Tëtka player ("greedy"): it avoids tricks. It looks only at what its seat may see.
//!
//! * Lead the lowest card (fewest winners against it).
//! * Follow: the highest card that still loses to the card winning the trick; if every card wins, the
//!   highest one that is not a queen (the trick is taken anyway, so shed a high card).
//! * Void: shed Tëtka, then the other queens, then the bum card, then the highest card.

use super::TetkaState;
use crate::cards::Card;
use crate::core::game::{Action, Bot, Player, State};
use crate::core::rng::Rng;
use crate::trick::TrickRules;

/// The rule-based bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

impl Bot<TetkaState> for Greedy {
    fn act(&self, state: &TetkaState, _rng: &mut Rng) -> Action {
        if !matches!(state.current_player(), Player::Seat(_)) {
            return 0;
        }
        let rules = state.rules();
        let deck = rules.deck();
        let core = &state.core;
        let legal = state.legal_cards();
        let rank = |c: Card| deck.rank(c);
        let pick = |c: Option<Card>| c.map_or(0, |c| c.0 as Action);
        let trick = core.trick_cards();
        let Some(&led) = trick.first() else {
            return pick(legal.iter().min_by_key(|&c| (rank(c), c.0)));
        };
        let suit = deck.suit(led);
        let best = trick
            .iter()
            .filter(|&&c| deck.suit(c) == suit)
            .map(|&c| rank(c))
            .max()
            .unwrap_or(0);
        let following = legal.iter().any(|c| deck.suit(c) == suit);
        if following {
            let losing = legal.iter().filter(|&c| rank(c) < best).max_by_key(|&c| rank(c));
            if losing.is_some() {
                return pick(losing);
            }
            return pick(legal.iter().max_by_key(|&c| (rank(c) != super::QUEEN, rank(c))));
        }
        let bum = state.extra.bum;
        let tetka = bum.map(|b| rules.tetka(b));
        pick(
            legal
                .iter()
                .max_by_key(|&c| (Some(c) == tetka, rank(c) == super::QUEEN, Some(c) == bum, rank(c))),
        )
    }
}
