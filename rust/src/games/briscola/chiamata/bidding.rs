//! Briscola Chiamata (five players): the auction (points or rank), the call that fixes trump and the
//! secret partner, and the payouts.

use super::super::actions::{Extra, RANKS_HIGH_TO_LOW};
use crate::cards::{Card, CardSet, Deck};
use crate::core::game::MAX_PLAYERS;
use crate::trick::auction::{Ascending, AscendingBid};
use crate::trick::TrickCore;

/// The highest bid so far.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bid {
    /// Points auction: the bidder will take at least this many points.
    Points(u8),
    /// Rank auction: the called card will be of this rank, target 61 (rank 2 means (2, 61)).
    Rank(u8),
    /// Rank auction: (2, p), the 2 will be called and the target is p.
    Two(u8),
}

impl Bid {
    /// Card points the caller's side needs.
    pub fn target(self) -> i32 {
        match self {
            Bid::Points(p) | Bid::Two(p) => p as i32,
            Bid::Rank(_) => 61,
        }
    }
    /// A bid nobody can overbid ends the auction at once (120 and (2, 120)).
    pub fn is_maximal(self) -> bool {
        matches!(self, Bid::Points(120) | Bid::Two(120))
    }
}

/// The auction of one deal (the engine's ascending auction over Chiamata's bids).
pub type Auction = Ascending<Bid>;

impl AscendingBid for Bid {
    fn is_maximal(self) -> bool {
        Bid::is_maximal(self)
    }
}

/// Bids legal now (as extra-action kinds), in id order; passing is always legal.
pub fn legal_bids(auction: &Auction, rank_auction: bool, out: &mut impl Extend<Extra>) {
    out.extend([Extra::Pass]);
    if !rank_auction {
        let low = match auction.high {
            Some((Bid::Points(p), _)) => p + 1,
            _ => 61,
        };
        out.extend((low..=120).map(Extra::Bid));
        return;
    }
    match auction.high {
        None => out.extend(RANKS_HIGH_TO_LOW.iter().map(|&r| Extra::BidRank(r))),
        Some((Bid::Rank(2), _)) => out.extend((62..=120).map(Extra::BidTwo)),
        Some((Bid::Two(p), _)) => out.extend((p + 1..=120).map(Extra::BidTwo)),
        Some((Bid::Rank(r), _)) => {
            // Strictly lower ranks only.
            let pos = RANKS_HIGH_TO_LOW.iter().position(|&x| x == r).unwrap_or(0);
            out.extend(RANKS_HIGH_TO_LOW[pos + 1..].iter().map(|&r| Extra::BidRank(r)));
        }
        Some((Bid::Points(_), _)) => {}
    }
}

/// The cards the winner may call: any card (points auction) or the four of the won rank; a self-call
/// only when allowed (or unavoidable: the caller holds all four of the rank).
pub fn callable(deck: &Deck, bid: Bid, hand: CardSet, self_call: bool) -> CardSet {
    let cards: CardSet = match bid {
        Bid::Points(_) => deck.all(),
        Bid::Rank(r) => (0..4).filter_map(|s| deck.find(s, r)).collect(),
        Bid::Two(_) => (0..4).filter_map(|s| deck.find(s, 2)).collect(),
    };
    let others = cards - hand;
    if self_call || others.is_empty() {
        cards
    } else {
        others
    }
}

/// The called card and the partnership, fixed by the call.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Contract {
    pub caller: usize,
    pub called: Card,
    /// The seat that held the called card at the call (the caller himself in a self-call). Secret
    /// until the card is played.
    pub holder: usize,
    pub target: i32,
}

impl Contract {
    /// Whether the partnership is public: the called card has been played.
    pub fn revealed(&self, core: &TrickCore) -> bool {
        core.played().contains(self.called)
    }
    /// The caller's side's card points.
    pub fn side_points(&self, core: &TrickCore, points: impl Fn(CardSet) -> i32) -> i32 {
        points(core.won[self.caller] | core.won[self.holder])
    }
    /// Payouts per seat: 2/1/−1 (×3), or 4/−1 (×4) for a self-call, negated on failure, doubled
    /// when a side takes all 120 and `cappotto_doubles` is set.
    pub fn payouts(&self, side_points: i32, n: usize, cappotto_doubles: bool) -> [f64; MAX_PLAYERS] {
        let sign = if side_points >= self.target { 1.0 } else { -1.0 };
        let factor = if cappotto_doubles && (side_points == 120 || side_points == 0) {
            2.0
        } else {
            1.0
        };
        let mut out = [0.0; MAX_PLAYERS];
        for (s, o) in out.iter_mut().enumerate().take(n) {
            *o = if s == self.caller {
                if self.holder == self.caller {
                    4.0
                } else {
                    2.0
                }
            } else if s == self.holder {
                1.0
            } else {
                -1.0
            } * sign
                * factor;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trick::auction::AuctionEnd;

    #[test]
    fn points_auction_turns_and_endings() {
        let mut a = Auction::default();
        assert_eq!(a.act(0, Some(Bid::Points(61)), 5), AuctionEnd::Next(1));
        assert_eq!(a.act(1, None, 5), AuctionEnd::Next(2));
        assert_eq!(a.act(2, Some(Bid::Points(70)), 5), AuctionEnd::Next(3));
        assert_eq!(a.act(3, None, 5), AuctionEnd::Next(4));
        assert_eq!(a.act(4, None, 5), AuctionEnd::Next(0));
        let mut legal = Vec::new();
        legal_bids(&a, false, &mut legal);
        assert_eq!(legal[1], Extra::Bid(71), "bids must exceed the standing bid");
        assert_eq!(a.act(0, None, 5), AuctionEnd::Won(2));
        // 120 ends at once, whoever has not passed yet.
        let mut b = Auction::default();
        assert_eq!(b.act(0, Some(Bid::Points(120)), 5), AuctionEnd::Won(0));
        // All pass.
        let mut c = Auction::default();
        for s in 0..4 {
            assert_eq!(c.act(s, None, 5), AuctionEnd::Next(s + 1));
        }
        assert_eq!(c.act(4, None, 5), AuctionEnd::AllPassed);
        // The first four pass: the fifth may still bid and wins at once.
        let mut d = Auction::default();
        for s in 0..4 {
            d.act(s, None, 5);
        }
        assert_eq!(d.act(4, Some(Bid::Points(61)), 5), AuctionEnd::Won(4));
    }

    #[test]
    fn rank_auction_descends_then_raises_the_two() {
        let mut a = Auction::default();
        a.act(0, Some(Bid::Rank(3)), 5);
        let mut legal = Vec::new();
        legal_bids(&a, true, &mut legal);
        assert!(!legal.contains(&Extra::BidRank(1)) && !legal.contains(&Extra::BidRank(3)));
        assert!(legal.contains(&Extra::BidRank(10)) && legal.contains(&Extra::BidRank(2)));
        a.act(1, Some(Bid::Rank(2)), 5);
        legal.clear();
        legal_bids(&a, true, &mut legal);
        assert_eq!(legal[1], Extra::BidTwo(62));
        a.act(2, Some(Bid::Two(80)), 5);
        legal.clear();
        legal_bids(&a, true, &mut legal);
        assert_eq!(legal[1], Extra::BidTwo(81));
        assert_eq!(a.act(3, Some(Bid::Two(120)), 5), AuctionEnd::Won(3));
        assert_eq!(Bid::Two(80).target(), 80);
        assert_eq!(Bid::Rank(2).target(), 61);
    }

    #[test]
    fn payouts_sum_to_zero() {
        let normal = Contract {
            caller: 0,
            called: Card(0),
            holder: 3,
            target: 70,
        };
        assert_eq!(&normal.payouts(70, 5, false)[..5], &[2.0, -1.0, -1.0, 1.0, -1.0]);
        assert_eq!(&normal.payouts(69, 5, false)[..5], &[-2.0, 1.0, 1.0, -1.0, 1.0]);
        let alone = Contract {
            caller: 2,
            called: Card(0),
            holder: 2,
            target: 61,
        };
        assert_eq!(&alone.payouts(61, 5, false)[..5], &[-1.0, -1.0, 4.0, -1.0, -1.0]);
        assert_eq!(&alone.payouts(120, 5, true)[..5], &[-2.0, -2.0, 8.0, -2.0, -2.0]);
        for p in [0, 60, 61, 120] {
            assert_eq!(normal.payouts(p, 5, true).iter().sum::<f64>(), 0.0);
        }
    }
}
