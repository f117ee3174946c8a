//! An ascending auction with final passes (Briscola Chiamata's points and rank auctions; the coming
//! Tysiąc and Tarok bidding): seats speak in turn, each bid beats the standing one, a pass is final,
//! and the auction ends when one bidder is left, when a bid nobody can beat is made, or when every
//! seat has passed. What a legal bid is stays with the game (it lists them in `extra_legal`).
//!
//! Final raises: once the auction is won, the winner alone may raise his own contract
//! ([`Ascending::raise`]; Tysiąc's declarer after seeing the musik, a Tarok declarer after the
//! talon). Nobody answers a final raise: the auction stays won by the same seat at the higher bid,
//! and the game decides when raising is over (a "no raise" action, or play starting).

use crate::core::game::MAX_PLAYERS;

/// Appends the `count` action offsets `first, first + stride, first + 2 * stride, ...` to `out`:
/// an auction's legal bids are usually such a run (every bid from the lowest allowed up to the
/// hand's limit). One reservation and a plain loop instead of a push per bid, which was a sixth of
/// a random Tysiąc deal (its auctions list up to 60 bids per decision).
#[inline]
pub fn push_steps(out: &mut Vec<u32>, first: u32, stride: u32, count: usize) {
    out.extend((0..count as u32).map(|i| first + i * stride));
}

/// A bid of an ascending auction.
pub trait AscendingBid: Copy + std::fmt::Debug {
    /// Whether nobody can overbid it (it ends the auction at once).
    fn is_maximal(self) -> bool;
}

/// Auction state of one deal.
#[derive(Clone, Debug)]
pub struct Ascending<B> {
    /// Seats that have passed (passing is final).
    pub passed: [bool; MAX_PLAYERS],
    /// The standing bid and its bidder.
    pub high: Option<(B, usize)>,
    /// Every auction action in order, for display: (seat, bid or None for a pass).
    pub calls: Vec<(usize, Option<B>)>,
}

impl<B> Default for Ascending<B> {
    fn default() -> Self {
        Ascending {
            passed: [false; MAX_PLAYERS],
            high: None,
            calls: Vec::new(),
        }
    }
}

/// How the auction stands after an action.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AuctionEnd {
    /// This seat acts next.
    Next(usize),
    /// The standing bidder won.
    Won(usize),
    /// Everybody passed.
    AllPassed,
}

impl<B: AscendingBid> Ascending<B> {
    /// Records `seat`'s bid (`None`: a pass) among `n` seats and says who acts next. Turn order goes
    /// on from `seat`, skipping the seats that passed; a lone last seat may still bid or pass.
    pub fn act(&mut self, seat: usize, bid: Option<B>, n: usize) -> AuctionEnd {
        self.calls.push((seat, bid));
        match bid {
            None => self.passed[seat] = true,
            Some(b) => {
                self.high = Some((b, seat));
                if b.is_maximal() {
                    return AuctionEnd::Won(seat);
                }
            }
        }
        let mut active = (0..n).filter(|&s| !self.passed[s]);
        match (self.high, active.next(), active.next()) {
            (None, None, _) => AuctionEnd::AllPassed,
            (Some((_, bidder)), Some(only), None) if only == bidder => AuctionEnd::Won(bidder),
            _ => {
                let mut next = (seat + 1) % n;
                while self.passed[next] {
                    next = (next + 1) % n;
                }
                AuctionEnd::Next(next)
            }
        }
    }
}

impl<B: AscendingBid> Ascending<B> {
    /// The winner, once the auction is decided: the standing bidder when every other seat among
    /// `n` has passed or the standing bid is maximal. `None` while it is open or after all passed.
    pub fn winner(&self, n: usize) -> Option<usize> {
        let (bid, bidder) = self.high?;
        let others_passed = (0..n).all(|s| s == bidder || self.passed[s]);
        (others_passed || bid.is_maximal()).then_some(bidder)
    }

    /// A final raise: the winner `seat` raises his own contract to `bid` (which the game has checked
    /// beats the standing bid, as it checks bids for [`Ascending::act`]). Recorded in `calls` like any
    /// bid; the auction stays won by `seat`, so it returns `Won(seat)`. A raise by a seat that has
    /// not won changes nothing; the game's legal list must never offer one (debug builds assert).
    pub fn raise(&mut self, seat: usize, bid: B, n: usize) -> AuctionEnd {
        let won = self.winner(n) == Some(seat);
        debug_assert!(won, "only the auction's winner may make a final raise");
        if won {
            self.calls.push((seat, Some(bid)));
            self.high = Some((bid, seat));
        }
        AuctionEnd::Won(seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl AscendingBid for u8 {
        fn is_maximal(self) -> bool {
            self == 10
        }
    }

    #[test]
    fn bids_rise_passes_are_final_and_the_last_bidder_wins() {
        let mut a = Ascending::<u8>::default();
        assert_eq!(a.act(0, Some(3), 4), AuctionEnd::Next(1));
        assert_eq!(a.act(1, None, 4), AuctionEnd::Next(2));
        assert_eq!(a.act(2, Some(5), 4), AuctionEnd::Next(3));
        assert_eq!(a.act(3, None, 4), AuctionEnd::Next(0), "passed seats are skipped");
        assert_eq!(a.act(0, None, 4), AuctionEnd::Won(2));
        // A maximal bid ends it at once; all passing throws it in; the last seat may still bid.
        assert_eq!(Ascending::<u8>::default().act(1, Some(10), 4), AuctionEnd::Won(1));
        let mut b = Ascending::<u8>::default();
        (0..3).for_each(|s| assert_eq!(b.act(s, None, 4), AuctionEnd::Next(s + 1)));
        assert_eq!(b.clone().act(3, None, 4), AuctionEnd::AllPassed);
        assert_eq!(b.act(3, Some(1), 4), AuctionEnd::Won(3));
    }

    #[test]
    fn the_winner_alone_may_raise_his_contract_after_the_auction() {
        let mut a = Ascending::<u8>::default();
        assert_eq!(a.winner(3), None, "no bid yet");
        a.act(0, Some(3), 3);
        assert_eq!(a.winner(3), None, "open while others may still bid");
        a.act(1, None, 3);
        assert_eq!(a.act(2, None, 3), AuctionEnd::Won(0));
        assert_eq!(a.winner(3), Some(0));
        // Two final raises in a row; nobody answers, the winner stays.
        assert_eq!(a.raise(0, 5, 3), AuctionEnd::Won(0));
        assert_eq!(a.raise(0, 7, 3), AuctionEnd::Won(0));
        assert_eq!(a.high, Some((7, 0)));
        assert_eq!(a.winner(3), Some(0));
        assert_eq!(
            a.calls,
            vec![(0, Some(3)), (1, None), (2, None), (0, Some(5)), (0, Some(7))],
            "raises are shown in the auction's record"
        );
        // A maximal bid wins at once, with a seat still in: the winner is known.
        let mut m = Ascending::<u8>::default();
        m.act(1, Some(10), 3);
        assert_eq!(m.winner(3), Some(1));
        // All passed: nobody won, nobody may raise.
        let mut p = Ascending::<u8>::default();
        (0..3).for_each(|s| {
            p.act(s, None, 3);
        });
        assert_eq!(p.winner(3), None);
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "only the auction's winner")]
    fn a_seat_that_did_not_win_may_not_raise() {
        let mut a = Ascending::<u8>::default();
        a.act(0, Some(3), 3);
        a.act(1, None, 3);
        a.act(2, None, 3);
        a.raise(1, 5, 3);
    }
}
