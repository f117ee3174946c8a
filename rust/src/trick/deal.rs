//! Packet deals as a table: where the `k`-th card goes, relative to the eldest, computed once per game
//! so that dealing a card is a look-up (the packet arithmetic would cost an integer division per card,
//! a visible share of a random deal). Part of the engine so every trick game with packet deals uses it
//! (Schafkopf, Zole, Solo).

use super::rules::Slot;

/// One round of a packet deal.
#[derive(Copy, Clone, Debug)]
pub enum Packet {
    /// Every seat in turn from the eldest gets this many cards.
    Each(usize),
    /// This many cards go face down to the talon (widow, skat).
    Talon(usize),
}

/// The precomputed deal order.
#[derive(Clone, Debug)]
pub struct PacketDeal {
    players: usize,
    /// Per card: `Some(offset from the eldest)`, or `None` for the talon.
    plan: Vec<Option<u8>>,
}

impl PacketDeal {
    /// The deal of `packets` in order, for `players` seats.
    pub fn new(players: usize, packets: &[Packet]) -> Self {
        let mut plan = Vec::new();
        for p in packets {
            match *p {
                Packet::Each(n) => {
                    (0..players).for_each(|s| plan.extend(std::iter::repeat(Some(s as u8)).take(n)))
                }
                Packet::Talon(n) => plan.extend(std::iter::repeat(None).take(n)),
            }
        }
        PacketDeal { players, plan }
    }

    /// Destination of the `k`-th card when `dealer` deals (`None` once the deal is complete).
    #[inline]
    pub fn slot(&self, dealer: usize, k: usize) -> Option<Slot> {
        match *self.plan.get(k)? {
            None => Some(Slot::Talon),
            Some(off) => {
                // dealer + 1 + off < 2 * players: one subtraction instead of `%`.
                let seat = dealer + 1 + off as usize;
                Some(Slot::Hand(if seat >= self.players {
                    seat - self.players
                } else {
                    seat
                }))
            }
        }
    }
}
