//! Briscola Chiamata, the five-player game, as its own rules value over the trick engine.
//! It is registered under `briscola(players=5)`: [`super::load`] picks it.
//!
//! * All 40 cards are dealt, 8 each, one at a time from the eldest; there is no face-up card.
//! * An auction from the eldest (points 61..120, or `chiamata_auction=rank`: descending ranks then
//!   (2, p)); passing is final, a maximal bid ends it at once, all passing throws the hand in
//!   (`chiamata_all_pass=dealer_forced_61` makes the dealer play 61 instead).
//! * The winner calls a card: its suit is trump, its holder the secret partner (a self-call plays
//!   alone). The eldest leads (`chiamata_first_lead=caller` for the other custom).
//! * Payouts 2/1/−1 or 4/−1 (self-call), negated on failure; `scope=match` plays to `chiamata_target`.
//!
//! The pack, strength, points and seating options are the stock games' ([`super::pack::Table`]).

pub mod bidding;

use self::bidding::{callable, legal_bids, Auction, Bid, Contract};
use super::actions::{self, rank_label, Extra, Layout};
use super::pack::{Table, MAX_DEALS};
use super::{bot, INFO};
use crate::cards::{Card, CardSet, Deck};
use crate::core::game::{Bot, GameInfo, MAX_PLAYERS};
use crate::core::params::Params;
use crate::error::{LudoError, Result};
use crate::trick::auction::AuctionEnd;
use crate::trick::{
    per_seat, DealOutcome, Effect, Phase, Slot, TrickCore, TrickGame, TrickMut, TrickRules, TrickState,
    TrickView,
};
use crate::trick::{Session, SuitTables};

/// The five-player game type (loaded as `briscola(players=5)`).
pub type Chiamata = TrickGame<ChiamataRules>;
/// A Chiamata position.
pub type ChiamataState = TrickState<ChiamataRules>;

/// A Chiamata match plays on until one player alone has reached the target (ties play
/// on); the per-deal payouts are a zero-sum random walk, so its length grows with the square of the
/// target. Still open after `10 × target²` deals (at least `MAX_DEALS`), it ends as a draw. Measured
/// with random players (`chiamata_match_lengths`, release): target 11 (default), 2,000 matches: mean
/// 30 deals, p99 84, longest 131 against a cap of 1,210; target 30, 500 matches: mean 203, p99 620,
/// longest 892 against 9,000; target 100, 200 matches: mean 2,187, p99 7,739, longest 8,316 against
/// 100,000. The tails fall off exponentially (about e^-1 per 15 deals past the median at target 11,
/// per 1,450 at target 100), so reaching the cap has a probability below 1e-28 at every target.
const CHIAMATA_DEALS_PER_TARGET_SQUARED: usize = 10;

/// Chiamata rules resolved from parameters.
#[derive(Clone, Debug)]
pub struct ChiamataRules {
    table: Table,
    rank_auction: bool,
    caller_leads: bool,
    dealer_forced: bool,
    self_call: bool,
    cappotto_doubles: bool,
    target: f64,
    pub(super) layout: Layout,
}

/// Per-deal state: the auction and the contract.
#[derive(Clone, Debug, Default)]
pub struct ChiamataExtra {
    /// The auction so far.
    pub auction: Auction,
    /// The winning bid, once the auction is over.
    pub won_bid: Option<(Bid, usize)>,
    /// The contract, once the card is called.
    pub contract: Option<Contract>,
    /// Everybody passed (the deal is thrown in).
    pub thrown_in: bool,
}

impl ChiamataRules {
    /// The pack and the options shared with the stock games.
    pub fn table(&self) -> &Table {
        &self.table
    }
    /// Deals after which an open match is scored a draw (see `CHIAMATA_DEALS_PER_TARGET_SQUARED`:
    /// 10 x target², at least 60).
    pub fn chiamata_match_cap(&self) -> usize {
        let t = self.target as usize;
        (CHIAMATA_DEALS_PER_TARGET_SQUARED * t * t).max(MAX_DEALS)
    }
    /// Strength of a card.
    pub fn card_strength(&self, card: Card) -> u8 {
        self.table.strength(card)
    }
    /// Points of a card.
    pub fn card_points(&self, card: Card) -> i32 {
        self.table.points(card)
    }
    /// Card points of a set.
    pub fn points_of(&self, set: CardSet) -> i32 {
        self.table.points_of(set)
    }
    /// The contract's partner as known to `viewer`: the holder knows from the start, everybody once
    /// the called card is played.
    pub fn known_partner(&self, core: &TrickCore, extra: &ChiamataExtra, viewer: usize) -> Option<usize> {
        let c = extra.contract?;
        (c.revealed(core) || viewer == c.holder).then_some(c.holder)
    }
    /// Zero-sum returns of a match: the winner +1, the others −1/4 each.
    fn win_returns(&self, winner: usize) -> [f64; MAX_PLAYERS] {
        let losers = (self.table.players as f64) - 1.0;
        per_seat(
            self.table.players,
            |s| if s == winner { 1.0 } else { -1.0 / losers },
        )
    }
    fn bid_name(&self, bid: Bid) -> String {
        match bid {
            Bid::Points(p) => format!("{p}"),
            Bid::Rank(r) => rank_label(&self.table.deck, r),
            Bid::Two(p) => format!("2 for {p}"),
        }
    }
    fn bid(&self, core: &mut TrickCore, extra: &mut ChiamataExtra, bid: Bid) -> Effect {
        let end = extra.auction.act(core.to_move, Some(bid), self.table.players);
        self.finish_auction(core, extra, end)
    }
    fn finish_auction(&self, core: &mut TrickCore, extra: &mut ChiamataExtra, end: AuctionEnd) -> Effect {
        match end {
            AuctionEnd::Next(seat) => {
                core.to_move = seat;
                Effect::Continue
            }
            AuctionEnd::Won(seat) => {
                extra.won_bid = extra.auction.high;
                core.to_move = seat;
                Effect::Continue
            }
            AuctionEnd::AllPassed if self.dealer_forced => {
                let bid = if self.rank_auction {
                    Bid::Rank(2)
                } else {
                    Bid::Points(61)
                };
                extra.won_bid = Some((bid, core.dealer));
                core.to_move = core.dealer;
                Effect::Continue
            }
            AuctionEnd::AllPassed => {
                extra.thrown_in = true;
                Effect::EndDeal
            }
        }
    }
}

impl TrickRules for ChiamataRules {
    type Extra = ChiamataExtra;
    type Match = ();
    const INFO: &'static GameInfo = &INFO;

    fn from_params(p: &Params) -> Result<Self> {
        let table = Table::from_params(p)?;
        if table.players != 5 {
            return Err(LudoError::param(
                "players",
                format!("Briscola Chiamata is the five-player game, not {}", table.players),
            ));
        }
        // The stock games' options that five players cannot use, refused in the order (and with the
        // words) the stock rules check them.
        let cumulative = table.session.is_match && p.int("match_points") > 0;
        for flag in ["claim_allowed", "count_out"] {
            if p.bool(flag) && !cumulative {
                return Err(LudoError::param(
                    flag,
                    "claims and count-out need a cumulative match: scope=match and match_points > 0",
                ));
            }
        }
        if cumulative {
            return Err(LudoError::param(
                "match_points",
                "cumulative matches are for two sides (2, 4 or 6 players)",
            ));
        }
        if p.bool("endgame_partner_reveal") {
            return Err(LudoError::param(
                "endgame_partner_reveal",
                "needs partners (4 or 6 players)",
            ));
        }
        if p.bool("reject_ace_three_upcard")
            || p.str("trump_exchange") != "none"
            || p.str("tie_rule") != "draw"
        {
            return Err(LudoError::param(
                "players",
                "five-player Chiamata has no face-up card and no 60-60 tie: drop the face-up and tie options",
            ));
        }
        let rank_auction = p.str("chiamata_auction") == "rank";
        Ok(ChiamataRules {
            layout: actions::layout(&table.deck, false, !rank_auction, rank_auction, false),
            rank_auction,
            caller_leads: p.str("chiamata_first_lead") == "caller",
            dealer_forced: p.str("chiamata_all_pass") == "dealer_forced_61",
            self_call: p.bool("self_call_allowed"),
            cappotto_doubles: p.bool("cappotto_doubles"),
            target: p.int("chiamata_target") as f64,
            table,
        })
    }

    fn deck(&self) -> &Deck {
        &self.table.deck
    }
    fn num_players(&self) -> usize {
        self.table.players
    }
    fn session(&self) -> Option<&Session> {
        Some(&self.table.session)
    }
    fn next_dealer(&self, v: TrickView<'_, Self>) -> usize {
        self.table.next_dealer(v.core)
    }
    fn deal_slot(&self, dealer: usize, k: usize) -> Option<Slot> {
        let n = self.table.players;
        // Round-robin from the eldest; subtraction instead of `%` (this runs for every card dealt).
        (k < 8 * n).then(|| {
            let mut seat = dealer + 1 + k;
            while seat >= n {
                seat -= n;
            }
            Slot::Hand(seat)
        })
    }
    fn auction_first(&self) -> bool {
        true
    }
    fn trump(&self, v: TrickView<'_, Self>) -> Option<u8> {
        v.extra.contract.map(|c| self.table.deck.suit(c.called))
    }
    fn suit_tables(&self, _v: TrickView<'_, Self>) -> Option<&SuitTables> {
        Some(&self.table.tables)
    }
    fn must_follow(&self) -> bool {
        self.table.must_follow
    }

    fn num_extra_actions(&self) -> usize {
        self.layout.len()
    }
    fn extra_actions_in_play(&self) -> bool {
        // Bids and the call come before play; nothing else is an extra action.
        false
    }
    fn extra_legal(&self, v: TrickView<'_, Self>, out: &mut Vec<u32>) {
        let TrickView { core, extra, .. } = v;
        if core.phase != Phase::Bidding {
            return;
        }
        let mut kinds = self.layout.offsets_into(out);
        match extra.won_bid {
            None => legal_bids(&extra.auction, self.rank_auction, &mut kinds),
            Some((bid, caller)) => kinds.extend(
                callable(&self.table.deck, bid, core.hands[caller], self.self_call)
                    .iter()
                    .map(Extra::Call),
            ),
        }
        out.sort_unstable();
    }
    fn apply_extra(&self, s: TrickMut<'_, Self>, offset: u32) -> Effect {
        let TrickMut { core, extra, .. } = s;
        match self.layout.kind(offset) {
            Extra::Pass => {
                let end = extra.auction.act(core.to_move, None, self.table.players);
                self.finish_auction(core, extra, end)
            }
            Extra::Bid(p) => self.bid(core, extra, Bid::Points(p)),
            Extra::BidRank(r) => self.bid(core, extra, Bid::Rank(r)),
            Extra::BidTwo(p) => self.bid(core, extra, Bid::Two(p)),
            Extra::Call(card) => {
                let (bid, caller) = extra.won_bid.expect("a call follows the auction");
                let holder = (0..self.table.players)
                    .find(|&s| core.hands[s].contains(card))
                    .expect("all 40 cards are in hands");
                extra.contract = Some(Contract {
                    caller,
                    called: card,
                    holder,
                    target: bid.target(),
                });
                let leader = if self.caller_leads {
                    caller
                } else {
                    core.next_seat(core.dealer)
                };
                core.start_play(leader);
                Effect::Continue
            }
            Extra::Claim | Extra::Exchange => unreachable!("Chiamata's layout has no claim or exchange"),
        }
    }
    fn extra_name(&self, offset: u32) -> String {
        actions::name(&self.layout, &self.table.deck, offset)
    }
    fn parse_extra(&self, text: &str) -> Option<u32> {
        actions::parse(&self.layout, &self.table.deck, text)
    }

    fn extra_observation_len(&self) -> usize {
        // high bid, high bidder[5], passed[5], caller[5], called card[40], target, partner[5], is holder
        1 + 5 + 5 + 5 + 40 + 1 + 5 + 1
    }
    fn write_extra_observation(&self, v: TrickView<'_, Self>, viewer: usize, out: &mut [f32]) {
        let TrickView { core, extra, .. } = v;
        let n = self.table.players;
        let rel = |s: usize| (s + n - viewer) % n;
        if let Some((bid, bidder)) = extra.auction.high {
            out[0] = bid.target() as f32 / 120.0;
            out[1 + rel(bidder)] = 1.0;
        }
        for s in 0..n {
            if extra.auction.passed[s] {
                out[6 + rel(s)] = 1.0;
            }
        }
        if let Some(c) = extra.contract {
            out[11 + rel(c.caller)] = 1.0;
            out[16 + c.called.idx()] = 1.0;
            out[56] = c.target as f32 / 120.0;
            if let Some(partner) = self.known_partner(core, extra, viewer) {
                out[57 + rel(partner)] = 1.0;
            }
            out[62] = (c.holder == viewer) as u8 as f32;
        }
    }

    fn describe_extra(&self, v: TrickView<'_, Self>, viewer: Option<usize>) -> String {
        let TrickView { core, extra, .. } = v;
        let mut s = String::new();
        if let Some(t) = self.trump(v) {
            s.push_str(&format!("trump suit: {}\n", self.table.suit_word(t)));
        }
        if !extra.auction.calls.is_empty() {
            let calls: Vec<String> = extra
                .auction
                .calls
                .iter()
                .map(|(seat, b)| format!("{seat}: {}", b.map_or("pass".into(), |b| self.bid_name(b))))
                .collect();
            s.push_str(&format!("auction: {}\n", calls.join(", ")));
        }
        if let Some(c) = extra.contract {
            s.push_str(&format!(
                "seat {} called {} for {} points\n",
                c.caller,
                self.table.deck.name_of(c.called),
                c.target
            ));
            let partner = match viewer {
                None => Some(c.holder),
                Some(v) => self.known_partner(core, extra, v),
            };
            match partner {
                Some(h) if h == c.caller => s.push_str("the caller plays alone\n"),
                Some(h) => s.push_str(&format!("partner: seat {h}\n")),
                None => s.push_str("partner: unknown\n"),
            }
            let side = c.side_points(core, |set| self.points_of(set));
            if viewer.is_none() || c.revealed(core) {
                s.push_str(&format!("caller's side points: {side}\n"));
            }
        }
        if extra.thrown_in {
            s.push_str("everybody passed: thrown in\n");
        }
        s
    }

    fn score_deal(&self, v: TrickView<'_, Self>) -> DealOutcome {
        let TrickView { core, extra, .. } = v;
        let Some(c) = extra.contract else {
            return DealOutcome {
                redeal: true,
                ..DealOutcome::default()
            };
        };
        let pay = c.payouts(
            c.side_points(core, |set| self.points_of(set)),
            self.table.players,
            self.cappotto_doubles,
        );
        DealOutcome::settled(pay)
    }

    /// A deal pays `Contract::payouts`: the caller ±2 with a partner or ±4 alone, the partner ±1,
    /// each defender ∓1, all doubled for a cappotto (120 or 0 points) under `cappotto_doubles`; the
    /// payouts add up to 0 (2 + 1 − 3, or 4 − 4). So a deal lies in [−4f, 4f] with f = 2 or 1. A match
    /// ends in `win_returns` (winner +1, the four others −1/4), or a draw at the deal cap.
    fn utility(&self) -> Option<crate::core::game::Utility> {
        use crate::core::game::Utility;
        if self.table.session.is_match {
            return Some(Utility::zero_sum(-0.25, 1.0));
        }
        let f = if self.cappotto_doubles { 2.0 } else { 1.0 };
        Some(Utility::zero_sum(-4.0 * f, 4.0 * f))
    }
    fn match_result(&self, v: TrickView<'_, Self>) -> Option<[f64; MAX_PLAYERS]> {
        // Anyone at the target: the single highest total wins; a tie for highest plays on.
        let totals = &v.core.ledger[..self.table.players];
        let best = totals.iter().cloned().fold(f64::MIN, f64::max);
        let mut leaders = (0..self.table.players).filter(|&s| totals[s] == best);
        match (leaders.next(), leaders.next()) {
            (Some(w), None) if best >= self.target => Some(self.win_returns(w)),
            _ => None,
        }
    }
    fn max_deals(&self) -> usize {
        // A single deal may be thrown in (all pass); a match plays to the target.
        if self.table.session.is_match {
            self.chiamata_match_cap()
        } else {
            MAX_DEALS
        }
    }

    fn new_bot(&self, name: &str) -> Option<Box<dyn Bot<ChiamataState>>> {
        (name == "greedy").then(|| Box::new(bot::Greedy) as Box<dyn Bot<ChiamataState>>)
    }
}
