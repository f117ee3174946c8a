//! Phase components of the games with a widow (talon, skat, blind: Schafkopf, Zole, and the coming
//! Tysiąc, Tarok, Calabrasella): the first-taker auction and taking the widow then discarding.
//! Games keep these values in their per-deal `Extra` and call them from `extra_legal` / `apply_extra`.

use super::core::TrickCore;
use crate::cards::Card;

/// A first-taker auction: from the first speaker on, each seat speaks once in turn; the first to take
/// (pick up, play, declare) ends it, and if every seat passes the deal is passed out.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct FirstTaker {
    /// Seats that have passed so far (the first `passes` speakers in turn order).
    pub passes: u8,
}

/// What a pass leads to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Passed {
    /// The next seat speaks (`core.to_move` has moved on).
    Next,
    /// Every seat has passed.
    AllPassed,
}

impl FirstTaker {
    /// The seat to move passes.
    pub fn pass(&mut self, core: &mut TrickCore) -> Passed {
        self.passes += 1;
        // Only the seats dealt in speak (a dealer sitting out, as in four-handed Calabrasella, does not).
        if self.passes as usize == core.n_active {
            Passed::AllPassed
        } else {
            core.to_move = core.next_seat(core.to_move);
            Passed::Next
        }
    }
    /// The seats that have passed, given the first speaker, in turn order (seats sitting out skipped).
    pub fn passed<'a>(&self, core: &'a TrickCore, first: usize) -> impl Iterator<Item = usize> + 'a {
        let mut seat = first % core.num_players;
        (0..self.passes as usize).map(move |_| {
            let s = seat;
            seat = core.next_seat(seat);
            s
        })
    }
}

/// The taker adds the whole widow to the hand (the widow was face down: its cards are the taker's
/// secret, so they are not marked known).
pub fn take_widow(core: &mut TrickCore, seat: usize) {
    let all = core.talon;
    core.take_from_talon(seat, all);
}

/// One discard action per card of `seat`'s hand, as offsets `base + card id` (ascending).
pub fn discard_offsets(core: &TrickCore, seat: usize, base: u32, out: &mut Vec<u32>) {
    out.extend(core.hands[seat].iter().map(|c| base + c.0 as u32));
}

/// `seat` lays `card` away face down into the talon (where it counts for whoever the rules say).
/// Which card is the discarder's secret: games answer `extra_visible` false for discards.
pub fn discard(core: &mut TrickCore, seat: usize, card: Card) {
    core.discard_into_talon(seat, card);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardSet;

    #[test]
    fn the_first_taker_auction_moves_on_until_everybody_passed() {
        let mut core = TrickCore::new(3, 2, CardSet::EMPTY, CardSet::EMPTY);
        core.to_move = 0;
        let mut a = FirstTaker::default();
        assert_eq!(a.pass(&mut core), Passed::Next);
        assert_eq!(core.to_move, 1);
        assert_eq!(a.passed(&core, 0).collect::<Vec<_>>(), [0]);
        assert_eq!(a.pass(&mut core), Passed::Next);
        assert_eq!(a.pass(&mut core), Passed::AllPassed);
        assert_eq!(a.passed(&core, 0).collect::<Vec<_>>(), [0, 1, 2]);
    }

    #[test]
    fn first_taker_counts_only_the_seats_dealt_in() {
        // Four seats, seat 3 (the dealer) sits out: three passes end the auction.
        let mut core = TrickCore::new(4, 2, CardSet::EMPTY, CardSet::EMPTY);
        core.set_active(0b0111);
        core.to_move = 0;
        let mut a = FirstTaker::default();
        assert_eq!(a.pass(&mut core), Passed::Next);
        assert_eq!(a.pass(&mut core), Passed::Next);
        assert_eq!(core.to_move, 2);
        assert_eq!(a.pass(&mut core), Passed::AllPassed);
        assert_eq!(a.passed(&core, 1).collect::<Vec<_>>(), [1, 2, 0]);
    }

    #[test]
    fn taking_the_widow_and_discarding_keep_every_card_in_one_place() {
        let mut core = TrickCore::new(3, 2, CardSet::EMPTY, CardSet::EMPTY);
        core.hands[1] = [Card(0), Card(1)].into_iter().collect();
        core.talon = [Card(5), Card(6)].into_iter().collect();
        take_widow(&mut core, 1);
        assert_eq!(core.hands[1].len(), 4);
        assert!(core.talon.is_empty());
        let mut offs = Vec::new();
        discard_offsets(&core, 1, 10, &mut offs);
        assert_eq!(offs, [10, 11, 15, 16]);
        discard(&mut core, 1, Card(0));
        assert_eq!(core.talon, CardSet::single(Card(0)));
        assert_eq!(core.hands[1].len(), 3);
    }
}
