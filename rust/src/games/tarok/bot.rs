//! The rule-based Tarok player ("greedy"). It looks only at what its seat may see: its hand, the
//! bids, the exposed talon, the cards played, and the partnership only once it is known.
//!
//! * Auction: with at least 8 "strength" (taroks, one more for each of Škis, Mond and XX.., a king
//!   counts one) bid the lowest legal contract from Two to One, else pass; forehand left alone
//!   plays Three with strength 6, else Klop.
//! * King call: a king it does not hold. Talon: the group with the most card points (never forfeit).
//!   Discard: the cheapest card of its shortest plain suit (to make a void). No colour valat raise,
//!   no announcements and no kontra.
//! * Play, positive contracts: follow with the cheapest card that takes the trick from an opponent
//!   (not the Mond while the Škis is out and someone plays after it), give the trick's winner on its
//!   own side the most points, else throw the cheapest card; lead the cheapest card.
//! * Klop and the beggars: play the strongest card that does not take the trick, else the strongest
//!   card when playing last (the trick is lost anyway) or the weakest.

use super::{card_strength, count, honour, Contract, Stage, TarokRules, TarokState, DISCARD0, GROUP0, KING0};
use super::{king_call_offset, BID0, FORFEIT, MOND, NO_RAISE, PAGAT, PASS, SKIS};
use crate::cards::{Card, CardSet};
use crate::core::game::{Action, Bot, Player, State};
use crate::core::rng::Rng;

/// The rule-based bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

fn strength(hand: CardSet) -> i32 {
    hand.iter()
        .map(|c| {
            if c.0 >= 32 {
                1 + (card_strength(c) >= 20) as i32
            } else {
                (c.0 % 8 == 7) as i32
            }
        })
        .sum()
}

impl Bot<TarokState> for Greedy {
    fn act(&self, state: &TarokState, rng: &mut Rng) -> Action {
        let me = match state.current_player() {
            Player::Seat(s) => s,
            _ => return state.random_action(rng),
        };
        let rules = state.rules();
        let core = &state.core;
        let extra = &state.extra;
        let base = 54 as Action;
        let hand = core.hands[me];
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        let has = |a: Action| legal.contains(&a);
        let extra_a = |o: u32| base + o as Action;
        match extra.stage {
            Stage::Auction => {
                let s = strength(hand);
                for c in [Contract::Two, Contract::One] {
                    let a = extra_a(BID0 + c as u32);
                    if s >= 8 && has(a) {
                        return a;
                    }
                }
                return extra_a(PASS);
            }
            Stage::FinalCall => {
                let three = extra_a(BID0 + Contract::Three as u32);
                if has(extra_a(BID0)) {
                    return if strength(hand) >= 6 { three } else { extra_a(BID0) };
                }
                return legal[0];
            }
            Stage::KingCall => {
                return (0..4u32)
                    .map(|s| extra_a(KING0 + s))
                    .find(|&a| has(a) && !hand.contains(Card((a - extra_a(KING0)) as u8 * 8 + 7)))
                    .unwrap_or(legal[0]);
            }
            Stage::Talon => {
                let size = extra.contract.map_or(1, |c| c.group_size());
                let groups: Vec<CardSet> = core.talon_groups(size).collect();
                return legal
                    .iter()
                    .copied()
                    .filter(|&a| a >= extra_a(GROUP0) && a < extra_a(GROUP0) + 6)
                    .max_by_key(|&a| count(groups[(a - extra_a(GROUP0)) as usize]))
                    .unwrap_or(legal[0]);
            }
            Stage::Discard => {
                let suit_len = |c: Card| hand.iter().filter(|&o| o.0 < 32 && o.0 / 8 == c.0 / 8).count();
                return legal
                    .iter()
                    .copied()
                    .min_by_key(|&a| {
                        let c = Card((a - extra_a(DISCARD0)) as u8);
                        (honour(c), if c.0 < 32 { suit_len(c) } else { 99 }, c.0)
                    })
                    .unwrap_or(legal[0]);
            }
            Stage::Raise => return extra_a(NO_RAISE),
            Stage::Announce => return extra_a(PASS),
            Stage::Play | Stage::Over => {}
        }
        let cards = state.legal_cards();
        let contract = extra.contract.unwrap_or(Contract::Klop);
        let trick = core.trick_cards();
        let pick = |c: Option<Card>| c.map_or(legal[0], |c| c.0 as Action);
        let weakest = |set: CardSet| {
            set.iter().min_by_key(|&c| {
                (
                    honour(c) + 3 * (c == MOND) as i32,
                    card_strength(c) + 30 * (c.0 >= 32) as u8,
                )
            })
        };
        let strongest = |set: CardSet| set.iter().max_by_key(|&c| (c.0 >= 32, card_strength(c)));
        let wins = |c: Card| {
            let mut t: Vec<Card> = trick.to_vec();
            t.push(c);
            rules.winner(contract, &t) == trick.len()
        };
        let last = trick.len() + 1 == core.num_players;
        if contract.negative() {
            let safe: CardSet = cards.iter().filter(|&c| trick.is_empty() || !wins(c)).collect();
            return pick(if trick.is_empty() {
                weakest(cards)
            } else if !safe.is_empty() {
                strongest(safe)
            } else if last {
                strongest(cards)
            } else {
                weakest(cards)
            });
        }
        if trick.is_empty() {
            return pick(weakest(cards - CardSet::single(PAGAT)).or(weakest(cards)));
        }
        let wpos = rules.winner(contract, trick);
        let winner = (core.leader + wpos) % core.num_players;
        // Whose side the current winner is on, as far as this seat knows.
        let in_team = |s: usize| TarokRules::in_team(extra, s);
        let knows_partner = extra.partner_revealed || extra.partner == Some(me) || extra.partner.is_none();
        let friend = winner != me
            && if in_team(me) {
                knows_partner && in_team(winner)
            } else {
                extra.declarer != Some(winner) && (knows_partner || !in_team(winner))
            };
        if friend {
            let smear = cards
                .iter()
                .filter(|&c| c != MOND && c != SKIS)
                .max_by_key(|&c| honour(c));
            return pick(smear.or(weakest(cards)));
        }
        let skis_out = !core.played().contains(SKIS) && !hand.contains(SKIS);
        let takers: CardSet = cards
            .iter()
            .filter(|&c| wins(c) && !(c == MOND && skis_out && !last))
            .collect();
        let cheapest_taker = takers.iter().min_by_key(|&c| (c.0 >= 32, card_strength(c)));
        pick(cheapest_taker.or(weakest(cards)))
    }
}

/// The position of the `k`-th set bit of `mask` (counting from 0; `mask` has more than `k`).
fn nth_bit(mask: u32, k: u32) -> u32 {
    let mut m = mask;
    for _ in 0..k {
        m &= m - 1;
    }
    m.trailing_zeros()
}

/// The "lowest_bid" player, for the bench that limits bidding to Klop or the lowest contract (as
/// OpenSpiel's bench loop does): every auction bid is a pass; at the final call it takes Klop or
/// the lowest contract on offer, each with even odds; no colour valat raise, no announcements and
/// no kontra (OpenSpiel has none); everything else (king call, talon, discard, card play) uniform
/// among the legal actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct LowestBid;

impl Bot<TarokState> for LowestBid {
    fn act(&self, state: &TarokState, rng: &mut Rng) -> Action {
        let base = 54 as Action;
        // The passes (most of this bot's decisions) answer at once; the rest is out of line, so
        // that a pass does not pay for the registers the other choices need.
        match state.extra.stage {
            Stage::Auction | Stage::Announce => base + PASS as Action,
            Stage::Raise => base + NO_RAISE as Action,
            _ => LowestBid::choose(state, rng),
        }
    }
    fn random_from(&self, state: &TarokState) -> bool {
        // The card play is uniform to the end of the deal, and a single deal is the whole game (a
        // match deals again and bids again).
        state.extra.stage == Stage::Play && !crate::trick::TrickRules::is_match(state.rules())
    }
}

impl LowestBid {
    /// [`Bot::act`] away from the passes: the final call, king call, talon and discard (and a uniform
    /// action anywhere else).
    #[inline(never)]
    fn choose(state: &TarokState, rng: &mut Rng) -> Action {
        let base = 54 as Action;
        match state.extra.stage {
            Stage::FinalCall => {
                // The final call offers Klop when forehand still holds its implicit Three, then every
                // contract from the standing bid up (`extra_legal`): the lowest is the standing bid.
                let klop = base + BID0 as Action;
                let standing = state.extra.high.map_or(Contract::Three, |(h, _)| h);
                let lowest = klop + standing as Action;
                if state.extra.implicit {
                    [klop, lowest][rng.below(2) as usize]
                } else {
                    lowest
                }
            }
            // The uniform choices below draw exactly as `state.random_action` does (one `below` over
            // the legal extra actions in their listed order), without the engine's general listing.
            Stage::KingCall => {
                let calls = state.rules().king_calls(state.core.hands[state.core.to_move]);
                let k = rng.below(calls.count_ones());
                base + king_call_offset(nth_bit(calls, k)) as Action
            }
            Stage::Talon => {
                let (groups, forfeit) = state.rules().talon_options(&state.core, &state.extra);
                let k = rng.below(groups + forfeit as u32);
                base + if k < groups { GROUP0 + k } else { FORFEIT } as Action
            }
            Stage::Discard => {
                let set = state.rules().discard_legal(&state.core, state.core.to_move);
                let c = set.nth_unchecked(rng.below(set.len() as u32) as usize);
                base + (DISCARD0 + c.0 as u32) as Action
            }
            _ => state.random_action(rng),
        }
    }
}
