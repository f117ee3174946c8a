//! A rule-based Briscola player ("greedy") for every variant. It uses only what its seat may see: its
//! hand, the table, the public auction and captured cards, and the partnership as far as it is known.
//!
//! * Leading: throw the cheapest non-trump (fewest points, then weakest); trumps only when nothing else.
//! * Following, an ally winning: when last to play, add the richest non-trump ("load"); else throw cheap.
//! * Following, an opponent (or an unknown player) winning: take the trick with the cheapest winning card
//!   when it is worth it (no trump needed, or points on the table); otherwise throw the cheapest card.
//! * Chiamata: bid up to an estimate of what the hand can take with a partner; call the best card missing
//!   from the longest, richest suit; pass otherwise.
//! * Claim as soon as the side's cumulative total reaches the target; take the face-up card in exchange
//!   when it is stronger than the card given.

use super::actions::Extra;
use super::chiamata::{ChiamataRules, ChiamataState};
use super::pack::Table;
use super::BriscolaState;
use crate::cards::{Card, CardSet};
use crate::core::game::{Action, Bot, Player, State};
use crate::core::rng::Rng;
use crate::trick::{Phase, TrickRules, TrickState};

/// The rule-based bot (one value for the stock games and Chiamata).
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

impl Bot<BriscolaState> for Greedy {
    fn act(&self, state: &BriscolaState, _rng: &mut Rng) -> Action {
        let Player::Seat(me) = state.current_player() else {
            return 0;
        };
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        let rules = state.rules();
        let deck_len = rules.deck().len() as Action;
        let kind = |a: Action| (a >= deck_len).then(|| rules.layout.kind(a - deck_len));
        let find = |want: Extra| legal.iter().copied().find(|&a| kind(a) == Some(want));

        if let Some(claim) = find(Extra::Claim) {
            let team = rules.team(me);
            let pts = rules.team_points(&state.core)[team] as f64;
            if rules.ledger_of(&state.core, team) + pts >= rules.match_points as f64 {
                return claim;
            }
        }
        if let (Some(ex), Some(give), Some(up)) = (
            find(Extra::Exchange),
            rules.exchange_card(&state.core),
            state.core.face_up_card,
        ) {
            if rules.card_strength(up) > rules.card_strength(give)
                || rules.card_points(up) > rules.card_points(give)
            {
                return ex;
            }
        }
        // Teams are public in the stock games.
        let ally = |other: usize| rules.team(me) == rules.team(other);
        play_card(state, rules.table(), me, ally).0 as Action
    }
}

impl Bot<ChiamataState> for Greedy {
    fn act(&self, state: &ChiamataState, rng: &mut Rng) -> Action {
        let Player::Seat(me) = state.current_player() else {
            return 0;
        };
        let rules = state.rules();
        if state.core.phase == Phase::Bidding {
            let mut legal = Vec::new();
            state.legal_actions(&mut legal);
            let deck_len = rules.deck().len() as Action;
            let kind = |a: Action| (a >= deck_len).then(|| rules.layout.kind(a - deck_len));
            return bid_or_call(state, me, &legal, &kind)
                .unwrap_or_else(|| legal[rng.below(legal.len() as u32) as usize]);
        }
        play_card(state, rules.table(), me, |other| ally(state, me, other)).0 as Action
    }
}

/// Whether `other` is known to `me` to be on its side (Chiamata's partnership is secret).
fn ally(state: &ChiamataState, me: usize, other: usize) -> bool {
    let rules = state.rules();
    if me == other {
        return true;
    }
    let Some(c) = state.extra.contract else {
        return false;
    };
    let partner = rules.known_partner(&state.core, &state.extra, me);
    let caller_side = |s: usize| s == c.caller || Some(s) == partner;
    if me == c.caller || Some(me) == partner {
        caller_side(other)
    } else {
        // A defender: allies are the seats known not to be on the caller's side.
        partner.is_some() && !caller_side(other)
    }
}

fn play_card<R: TrickRules>(
    state: &TrickState<R>,
    table: &Table,
    me: usize,
    ally: impl Fn(usize) -> bool,
) -> Card {
    let core = &state.core;
    let rules = state.rules();
    let legal = state.legal_cards();
    let trump = rules.trump(state.view());
    let is_trump = |c: Card| Some(table.deck.suit(c)) == trump;
    // Cheapness: points first, then trumps are dearer than anything, then strength.
    let cost = |c: Card| (table.points(c), is_trump(c), table.strength(c));
    let cheapest = |set: CardSet| set.iter().min_by_key(|&c| cost(c)).expect("non-empty hand");

    if core.trick_len == 0 {
        let plain: CardSet = legal.iter().filter(|&c| !is_trump(c)).collect();
        return if plain.is_empty() {
            cheapest(legal)
        } else {
            cheapest(plain)
        };
    }
    let n = core.num_players;
    let trick = core.trick_cards();
    let win_pos = rules.trick_winner(state.view(), trick);
    let winner_seat = core.seat_after(core.leader, win_pos);
    let last_to_play = core.trick_len == n - 1;
    let trick_points: i32 = trick.iter().map(|&c| table.points(c)).sum();

    if me == winner_seat || ally(winner_seat) {
        if last_to_play {
            if let Some(load) = legal
                .iter()
                .filter(|&c| !is_trump(c))
                .max_by_key(|&c| (table.points(c), table.strength(c)))
            {
                return load;
            }
        }
        return cheapest(legal);
    }
    // Cards that would take the trick as it stands.
    let winning: CardSet = legal
        .iter()
        .filter(|&c| {
            let mut t = trick.to_vec();
            t.push(c);
            rules.trick_winner(state.view(), &t) == t.len() - 1
        })
        .collect();
    if let Some(best) = winning
        .iter()
        .min_by_key(|&c| (is_trump(c), table.points(c), table.strength(c)))
    {
        let worth_it = !is_trump(best)
            || trick_points + table.points(best) >= 10
            || (trick_points > 0 && table.points(best) == 0);
        if worth_it {
            return best;
        }
    }
    cheapest(legal)
}

/// Chiamata auction and call.
fn bid_or_call(
    state: &ChiamataState,
    me: usize,
    legal: &[Action],
    kind: &dyn Fn(Action) -> Option<Extra>,
) -> Option<Action> {
    let rules = state.rules();
    let hand = state.core.hands[me];
    let deck = rules.deck();
    if state.extra.won_bid.is_some() {
        // Call: the strongest card we lack in our best suit (most cards, then most points).
        let best_suit = (0..4u8).max_by_key(|&s| {
            let cards = hand & deck.suit_mask(s);
            (cards.len(), rules.points_of(cards))
        })?;
        return legal
            .iter()
            .copied()
            .filter_map(|a| match kind(a) {
                Some(Extra::Call(c)) => Some((a, c)),
                _ => None,
            })
            .max_by_key(|&(_, c)| {
                (
                    deck.suit(c) == best_suit && !hand.contains(c),
                    !hand.contains(c),
                    rules.card_strength(c),
                )
            })
            .map(|(a, _)| a);
    }
    let estimate = estimate_points(rules, hand);
    let pass = legal.iter().copied().find(|&a| kind(a) == Some(Extra::Pass))?;
    // The cheapest bid that is still within our estimate.
    let affordable = legal.iter().copied().find(|&a| match kind(a) {
        Some(Extra::Bid(p)) | Some(Extra::BidTwo(p)) => (p as i32) <= estimate,
        // Rank bids: bid the rank we would call (the best we lack), when the hand is strong.
        Some(Extra::BidRank(r)) => estimate >= 68 && Some(r) == wanted_rank(rules, hand),
        _ => false,
    });
    Some(affordable.unwrap_or(pass))
}

/// What the hand can take with a partner: its own points, a share of the rest, and trump length.
fn estimate_points(rules: &ChiamataRules, hand: CardSet) -> i32 {
    let deck = rules.deck();
    let longest = (0..4u8)
        .map(|s| (hand & deck.suit_mask(s)).len() as i32)
        .max()
        .unwrap_or(0);
    let high = hand.iter().filter(|&c| rules.card_strength(c) >= 9).count() as i32;
    30 + rules.points_of(hand) / 2 + 6 * longest + 5 * high
}

/// The rank the bot would call: the strongest rank it lacks in its longest suit.
fn wanted_rank(rules: &ChiamataRules, hand: CardSet) -> Option<u8> {
    let deck = rules.deck();
    let suit = (0..4u8).max_by_key(|&s| (hand & deck.suit_mask(s)).len())?;
    super::actions::RANKS_HIGH_TO_LOW
        .iter()
        .copied()
        .find(|&r| deck.find(suit, r).is_some_and(|c| !hand.contains(c)))
}
