//! An ascending auction with final passes (Briscola Chiamata's points and rank auctions; the coming
//! Tysiąc and Tarok bidding): seats speak in turn, each bid beats the standing one, a pass is final,
//! and the auction ends when one bidder is left, when a bid nobody can beat is made, or when every
//! seat has passed. What a legal bid is stays with the game (it lists them in `extra_legal`).

use crate::core::game::MAX_PLAYERS;

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
}
