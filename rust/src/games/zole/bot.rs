//! The rule-based Zole player ("greedy"): the queen–jack family's heuristics (one against two) with
//! Zole's contract choices. It looks only at what its seat may see.
//!
//! * Contract: zole with a very strong hand (strength ≥ 14), take with a good one (≥ 9), else pass;
//!   never mazā zole.
//! * Discards, card play: [`crate::trick::queen_jack`]; in a mazā zole the lielais ducks every trick.

use super::{Contract, ZoleState, DISCARD, PASS, TAKE, ZOLE};
use crate::core::game::{Action, Bot, Player, State};
use crate::core::rng::Rng;
use crate::trick::queen_jack::{discard_choice, hand_strength, play_card};
use crate::trick::TrickRules;

/// The rule-based bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

impl Bot<ZoleState> for Greedy {
    fn act(&self, state: &ZoleState, _rng: &mut Rng) -> Action {
        let me = match state.current_player() {
            Player::Seat(s) => s,
            _ => return 0,
        };
        let rules = state.rules();
        let t = rules.trumps();
        let core = &state.core;
        let extra = &state.extra;
        let base = rules.deck().len() as Action;
        let hand = core.hands[me];
        if extra.contract == Contract::Undecided {
            let s = hand_strength(t, hand);
            return base
                + if s >= 14 {
                    ZOLE
                } else if s >= 9 {
                    TAKE
                } else {
                    PASS
                };
        }
        if extra.discarding() {
            return base + DISCARD + discard_choice(t, hand).0 as Action;
        }
        let l = extra.lielais;
        let side = |s: usize| usize::from(Some(s) == l);
        let avoid = extra.contract == Contract::MazaZole && l == Some(me);
        play_card(
            t,
            core,
            state.legal_cards(),
            me,
            |a, b| side(a) == side(b),
            l == Some(me),
            avoid,
        )
        .0 as Action
    }
}
