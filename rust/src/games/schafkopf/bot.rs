//! The rule-based Schafkopf player ("greedy"), and the card-play heuristics it shares with Zole (same
//! trumps, one player against two). It looks only at what its seat may see.
//!
//! * Picking: pick up when the hand is trump-strong (queens 3, jacks 2, other trumps 1, plain aces 1;
//!   at least 10).
//! * Burying: the plain cards with the most points that are not aces (points are safe once buried),
//!   then aces, then the lowest trumps.
//! * Play: [`play_card`].

use super::trumps::{QueenJackTrumps, TRUMP_SUIT};
use super::{SchafkopfState, Stage, BURY, PASS, PICK};
use crate::cards::{Card, CardSet};
use crate::core::game::{Action, Bot, Player, State};
use crate::core::rng::Rng;
use crate::trick::{follow, TrickCore, TrickRules};

/// The rule-based bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

/// Hand strength for the pick-up / take decision: queens 3, jacks 2, other trumps 1, plain aces 1.
pub fn hand_strength(t: &QueenJackTrumps, hand: CardSet) -> i32 {
    hand.iter()
        .map(|c| match (t.is_trump(c), t.strength[c.idx()]) {
            (true, s) if s >= 10 => 3,
            (true, s) if s >= 6 => 2,
            (true, _) => 1,
            (false, 5) => 1,
            _ => 0,
        })
        .sum()
}

/// The two cards to lay away: plain non-aces with the most points first, then aces, then the lowest
/// trumps.
pub fn discard_choice(t: &QueenJackTrumps, hand: CardSet) -> Card {
    hand.iter()
        .min_by_key(|&c| {
            let trump = t.is_trump(c);
            let ace = !trump && t.strength[c.idx()] == 5;
            (trump, ace, -t.points[c.idx()], t.strength[c.idx()])
        })
        .expect("a hand to discard from")
}

/// Position of the winning card of `trick` (non-empty).
fn winner(t: &QueenJackTrumps, trick: &[Card]) -> usize {
    follow::highest_trump_else_led_by(
        trick,
        Some(TRUMP_SUIT),
        |c| t.eff_suit[c.idx()],
        |c| t.strength[c.idx()],
    )
}

/// Chooses a card from `legal` for `me`. `same_side(a, b)` says whether two seats play together;
/// `avoid_tricks` is for games where every trick hurts (least, mazā zole).
pub fn play_card(
    t: &QueenJackTrumps,
    core: &TrickCore,
    legal: CardSet,
    me: usize,
    same_side: impl Fn(usize, usize) -> bool,
    alone: bool,
    avoid_tricks: bool,
) -> Card {
    let pts = |c: Card| t.points[c.idx()];
    let st = |c: Card| t.strength[c.idx()];
    let tr = |c: Card| t.is_trump(c);
    let cheapest = |set: CardSet| {
        set.iter()
            .min_by_key(|&c| (pts(c), tr(c), st(c)))
            .expect("a legal card")
    };
    let trick = core.trick_cards();
    let wins = |c: Card| {
        let mut cards = [Card(0); 8];
        cards[..trick.len()].copy_from_slice(trick);
        cards[trick.len()] = c;
        winner(t, &cards[..=trick.len()]) == trick.len()
    };
    if avoid_tricks {
        if trick.is_empty() {
            return legal
                .iter()
                .min_by_key(|&c| (tr(c), st(c)))
                .expect("a legal card");
        }
        let losing: CardSet = legal.iter().filter(|&c| !wins(c)).collect();
        return match losing.iter().max_by_key(|&c| (tr(c), st(c), pts(c))) {
            Some(c) => c,
            None => legal
                .iter()
                .min_by_key(|&c| (pts(c), st(c)))
                .expect("a legal card"),
        };
    }
    if trick.is_empty() {
        let trumps: CardSet = legal.iter().filter(|&c| tr(c)).collect();
        let plain = legal - trumps;
        // The lone player draws trumps with the top one; the pair cash plain aces or lead cheap plain.
        if alone && trumps.len() >= 2 {
            return trumps.iter().max_by_key(|&c| st(c)).expect("trumps");
        }
        if let Some(ace) = plain.iter().find(|&c| st(c) == 5) {
            return ace;
        }
        return if plain.is_empty() {
            cheapest(legal)
        } else {
            cheapest(plain)
        };
    }
    let n = core.num_players;
    let win_seat = core.seat_after(core.leader, winner(t, trick));
    let last = trick.len() == n - 1;
    if same_side(win_seat, me) && win_seat != me {
        if last {
            if let Some(load) = legal.iter().filter(|&c| !tr(c)).max_by_key(|&c| (pts(c), st(c))) {
                return load;
            }
        }
        return cheapest(legal);
    }
    let trick_points: i32 = trick.iter().map(|&c| pts(c)).sum();
    if let Some(best) = legal
        .iter()
        .filter(|&c| wins(c))
        .min_by_key(|&c| (tr(c), st(c), pts(c)))
    {
        if !tr(best) || last || trick_points >= 10 || st(best) >= 10 {
            return best;
        }
    }
    cheapest(legal)
}

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
