//! The rule-based Schafkopf player ("greedy"), over the queen–jack family's card-play heuristics
//! ([`crate::trick::queen_jack`], shared with Zole). It looks only at what its seat may see.
//!
//! * Picking: pick up when the hand is trump-strong (queens 3, jacks 2, other trumps 1, plain aces 1;
//!   at least 10).
//! * Burying: the plain cards with the most points that are not aces (points are safe once buried),
//!   then aces, then the lowest trumps.
//! * Play: [`play_card`](crate::trick::queen_jack::play_card).

use super::{SchafkopfState, Stage, BURY, PASS, PICK};
use crate::core::game::{Action, Bot, Player, State};
use crate::core::rng::Rng;
use crate::trick::queen_jack::{discard_choice, hand_strength, play_card};
use crate::trick::TrickRules;

/// The rule-based bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

impl Bot<SchafkopfState> for Greedy {
    fn act(&self, state: &SchafkopfState, _rng: &mut Rng) -> Action {
        let me = match state.current_player() {
            Player::Seat(s) => s,
            _ => return 0,
        };
        let rules = state.rules();
        let t = rules.trumps();
        let core = &state.core;
        let base = rules.deck().len() as Action;
        let hand = core.hands[me];
        match state.extra.stage {
            Stage::Picking => base + if hand_strength(t, hand) >= 10 { PICK } else { PASS },
            Stage::Burying => base + BURY + discard_choice(t, hand).0 as Action,
            Stage::Play => {
                let decl = state.extra.declarer;
                // Declarer against the two defenders; in least everyone is alone.
                let side = |s: usize| decl.map_or(s, |d| usize::from(s == d));
                let card = play_card(
                    t,
                    core,
                    state.legal_cards(),
                    me,
                    |a, b| side(a) == side(b),
                    decl == Some(me),
                    decl.is_none(),
                );
                card.0 as Action
            }
        }
    }
}
