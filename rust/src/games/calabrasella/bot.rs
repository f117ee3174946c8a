//! The rule-based Calabrasella player ("greedy"). It looks only at what its seat may see.
//!
//! * Bidding: play with 13 or more card points in hand counting each 3 and 2 once more (a strong
//!   hand holds the top cards), else pass. With chiamo / solo / solissimo: the same count bids
//!   chiamo from 13, solo from 16, solissimo from 19, if that is above the bid so far.
//! * Call: the lowest callable card id (chiamo: the strongest card it lacks); give: the weakest card.
//!   Discard: the weakest cards that score nothing, at most 4 and at least 1 (exactly 4 after chiamo
//!   or solo); take the widow's best cards.
//! * Play: lead a card that wins for sure (the highest unplayed card of its suit), else the weakest
//!   card; follow with the cheapest card that takes the trick when the trick is worth it or the seat
//!   plays last and the trick is not the partner's, else the weakest; void: give points to a
//!   partner's winning trick, else throw the weakest.

use super::{CalabrasellaState, Contract, Stage, CALL, CHIAMO, DISCARD, DONE, GIVE, PASS, PLAY, TAKE};
use crate::cards::{Card, CardSet};
use crate::core::game::{Action, Bot, Player, State};
use crate::core::rng::Rng;
use crate::trick::TrickRules;

/// The rule-based bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

impl Bot<CalabrasellaState> for Greedy {
    fn act(&self, state: &CalabrasellaState, _rng: &mut Rng) -> Action {
        let me = match state.current_player() {
            Player::Seat(s) => s,
            _ => return 0,
        };
        let rules = state.rules();
        let t = rules.tables();
        let core = &state.core;
        let extra = &state.extra;
        let base = rules.deck().len() as Action;
        let hand = core.hands[me];
        let st = |c: Card| t.strength[c.idx()];
        let pts = |c: Card| t.points[c.idx()];
        // Weakest first: fewest points, then lowest strength.
        let weakest = |set: CardSet| set.iter().min_by_key(|&c| (pts(c), st(c), c.0));
        let best = |set: CardSet| set.iter().max_by_key(|&c| (st(c), pts(c), c.0));
        match extra.stage {
            Stage::Bidding => {
                let top = hand.iter().filter(|&c| st(c) >= 8).count() as i32;
                let strength = t.points_of(hand) + top;
                if rules.three_bids() {
                    let want = [
                        (19, Contract::Solissimo),
                        (16, Contract::Solo),
                        (13, Contract::Chiamo),
                    ]
                    .into_iter()
                    .find(|&(need, _)| strength >= need)
                    .map(|(_, c)| c);
                    return base
                        + match want {
                            Some(c) if extra.high.map_or(true, |h| c > h.0) => CHIAMO + c as u32,
                            _ => PASS,
                        };
                }
                return base + if strength >= 13 { PLAY } else { PASS };
            }
            Stage::Call if rules.three_bids() => {
                let c = best(rules.call_options(hand)).unwrap_or(Card(0));
                return base + CALL + c.0 as Action;
            }
            Stage::Call => {
                let c = rules.callable(hand).first().unwrap_or(Card(0));
                return base + CALL + c.0 as Action;
            }
            Stage::Give => return base + GIVE + weakest(hand).map_or(0, |c| c.0) as Action,
            Stage::Discard => {
                let worthless: CardSet = hand.iter().filter(|&c| pts(c) == 0).collect();
                let n = extra.discards.len();
                if !rules.three_bids() && n >= 1 && (worthless.is_empty() || n >= 4) {
                    return base + DONE;
                }
                let pool = if worthless.is_empty() { hand } else { worthless };
                return base + DISCARD + weakest(pool).map_or(0, |c| c.0) as Action;
            }
            Stage::Take => {
                return base + TAKE + best(core.talon_face_up()).map_or(0, |c| c.0) as Action;
            }
            Stage::Play | Stage::ThrownIn => {}
        }
        let legal = state.legal_cards();
        let single = extra.single;
        let partner = |a: usize, b: usize| a != b && Some(a) != single && Some(b) != single;
        let played = core.played();
        let trick = core.trick_cards();
        let pick = |c: Option<Card>| c.map_or(0, |c| c.0 as Action);
        if trick.is_empty() {
            // A card nobody can beat: every stronger card of its suit is played or in my hand.
            let sure = legal.iter().filter(|&c| {
                let suit = rules.deck().suit_mask(rules.deck().suit(c));
                (suit - played - hand).iter().all(|o| st(o) < st(c))
            });
            let sure: CardSet = sure.collect();
            return pick(if sure.is_empty() {
                weakest(legal)
            } else {
                best(sure)
            });
        }
        let led = trick[0];
        let suit = rules.deck().suit(led);
        let (mut win_i, mut win_c) = (0, led);
        for (i, &c) in trick.iter().enumerate() {
            if rules.deck().suit(c) == suit && st(c) > st(win_c) {
                (win_i, win_c) = (i, c);
            }
        }
        let winner = core.seat_after(core.leader, win_i);
        let last = trick.len() + 1 == core.n_active;
        let mates_trick = partner(me, winner);
        let following = legal.iter().any(|c| rules.deck().suit(c) == suit);
        if following {
            let beats: CardSet = legal.iter().filter(|&c| st(c) > st(win_c)).collect();
            let worth: i32 = trick.iter().map(|&c| pts(c)).sum();
            if !mates_trick && !beats.is_empty() && (last || worth > 0 || beats.iter().any(|c| st(c) >= 8)) {
                return pick(beats.iter().min_by_key(|&c| (st(c), c.0)));
            }
            if mates_trick && last {
                return pick(legal.iter().max_by_key(|&c| (pts(c), std::cmp::Reverse(st(c)))));
            }
            return pick(weakest(legal));
        }
        if mates_trick {
            // Void: smear points on the partner's trick.
            return pick(legal.iter().max_by_key(|&c| (pts(c), std::cmp::Reverse(st(c)))));
        }
        pick(weakest(legal))
    }
}
