//! A rule-based Briscola player ("greedy"). It looks only at what its seat may see: its hand, the trick
//! on the table, the trump suit and the teams.
//!
//! * Leading: throw the cheapest non-trump (fewest points, then weakest); trumps only when nothing else.
//! * Following, partner winning: add points ("load") when the partner's card is safe (we are last, or it
//!   is a trump ace/three... i.e. nobody left to play could beat it is not known, so only when last);
//!   otherwise throw the cheapest card.
//! * Following, opponents winning: take the trick with the cheapest winning card when it is worth it (the
//!   trick holds points, or winning costs no trump); otherwise throw the cheapest card.

use super::BriscolaState;
use crate::cards::{Card, CardSet};
use crate::core::game::{Action, Bot, Player, State};
use crate::core::rng::Rng;
use crate::trick::{Phase, TrickRules};

/// The rule-based bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

impl Bot<BriscolaState> for Greedy {
    fn act(&self, state: &BriscolaState, rng: &mut Rng) -> Action {
        let core = &state.core;
        let rules = state.rules();
        let me = match state.current_player() {
            Player::Seat(s) => s,
            _ => return 0,
        };
        if core.phase != Phase::Play {
            let mut legal = Vec::new();
            state.legal_actions(&mut legal);
            return legal[rng.below(legal.len() as u32) as usize];
        }
        let legal = state.legal_cards();
        let trump = rules.trump(core, &state.extra);
        let is_trump = |c: Card| Some(rules.deck().suit(c)) == trump;
        // Cheapness: points first, then trumps are dearer than anything, then strength.
        let cost = |c: Card| (rules.points(c), is_trump(c), rules.strength(c));
        let cheapest = |set: CardSet| set.iter().min_by_key(|&c| cost(c)).expect("non-empty hand");

        if core.trick_len == 0 {
            let plain = legal.iter().filter(|&c| !is_trump(c)).collect::<CardSet>();
            let pick = if plain.is_empty() { cheapest(legal) } else { cheapest(plain) };
            return pick.0 as Action;
        }

        let n = core.num_players;
        let trick = core.trick_cards();
        let win_pos = rules.trick_winner(core, &state.extra, trick);
        let winner_seat = (core.leader + win_pos) % n;
        let last_to_play = core.trick_len == n - 1;
        let trick_points: i32 = trick.iter().map(|&c| rules.points(c)).sum();

        if rules.team(winner_seat) == rules.team(me) {
            if last_to_play {
                // Safe: load the highest-point non-trump card.
                if let Some(load) = legal.iter().filter(|&c| !is_trump(c)).max_by_key(|&c| (rules.points(c), rules.strength(c))) {
                    return load.0 as Action;
                }
            }
            return cheapest(legal).0 as Action;
        }

        // Cards that would take the trick as it stands.
        let winning: CardSet = legal
            .iter()
            .filter(|&c| {
                let mut t = trick.to_vec();
                t.push(c);
                rules.trick_winner(core, &state.extra, &t) == t.len() - 1
            })
            .collect();
        if let Some(best) = winning.iter().min_by_key(|&c| (is_trump(c), rules.points(c), rules.strength(c))) {
            let worth_it = !is_trump(best) || trick_points + rules.points(best) >= 10 || (trick_points > 0 && rules.points(best) == 0);
            if worth_it {
                return best.0 as Action;
            }
        }
        cheapest(legal).0 as Action
    }
}

