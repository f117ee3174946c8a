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

/// Slot code of a card to the talon in a [`DealPlan`].
const PLAN_TALON: u8 = u8::MAX;
/// Slot code of the face-up card in a [`DealPlan`].
const PLAN_FACE_UP: u8 = u8::MAX - 1;

/// Every dealer's whole deal as a table, built once per game from the rules' `deal_slot`: the engine
/// deals a card with one look-up instead of asking the hook twice per card (the hooks' packet and
/// modulo arithmetic was about 130 instructions a card, a tenth of a random deal).
#[derive(Clone, Debug)]
pub(crate) struct DealPlan {
    /// Slot codes per dealer, `stride` apart: a seat, [`PLAN_TALON`] or [`PLAN_FACE_UP`].
    slots: Box<[u8]>,
    /// Laid out like `slots`: how many cards from this one on go straight into hands or the talon
    /// (a seat's slot or the talon's, and not the deal's last card, which ends the deal).
    runs: Box<[u8]>,
    /// Cards in each dealer's deal.
    len: [u8; crate::core::game::MAX_PLAYERS],
    stride: usize,
}

impl DealPlan {
    /// The plan of `slot(dealer, k)` for dealers `0..players`, each deal ending at the first `None`
    /// (at most `max_cards` cards).
    pub(crate) fn new(players: usize, max_cards: usize, slot: impl Fn(usize, usize) -> Option<Slot>) -> Self {
        let stride = max_cards.max(1);
        let mut slots = vec![PLAN_TALON; players * stride].into_boxed_slice();
        let mut len = [0u8; crate::core::game::MAX_PLAYERS];
        for dealer in 0..players {
            let mut k = 0;
            while let Some(s) = slot(dealer, k) {
                assert!(k < stride, "a deal of more than {max_cards} cards");
                slots[dealer * stride + k] = match s {
                    Slot::Hand(seat) => {
                        assert!(seat < players, "deal_slot names seat {seat} of {players}");
                        seat as u8
                    }
                    Slot::Talon => PLAN_TALON,
                    Slot::FaceUp => PLAN_FACE_UP,
                };
                k += 1;
            }
            len[dealer] = k as u8;
        }
        let mut runs = vec![0u8; players * stride].into_boxed_slice();
        for (dealer, &cards) in len[..players].iter().enumerate() {
            let base = dealer * stride;
            // Backwards from the second-to-last card: a seat's or the talon's slot extends the run
            // after it (the face-up card, which may go back into the stock, ends it).
            for k in (0..(cards as usize).saturating_sub(1)).rev() {
                if slots[base + k] != PLAN_FACE_UP {
                    runs[base + k] = runs[base + k + 1] + 1;
                }
            }
        }
        DealPlan {
            slots,
            runs,
            len,
            stride,
        }
    }

    /// Cards in a deal by `dealer`.
    #[inline]
    pub(crate) fn len(&self, dealer: usize) -> usize {
        self.len[dealer] as usize
    }

    /// A deal by `dealer` as slot codes: a seat below `MAX_PLAYERS`, else the talon or the face-up
    /// card (decoded by [`Self::slot`]).
    #[inline]
    pub(crate) fn row(&self, dealer: usize) -> &[u8] {
        &self.slots[dealer * self.stride..][..self.len(dealer)]
    }

    /// How many cards from the `k`-th on go straight into hands or the talon when `dealer` deals
    /// (none of them the face-up card or the deal's last card).
    #[inline]
    pub(crate) fn run(&self, dealer: usize, k: usize) -> usize {
        if k >= self.len(dealer) {
            return 0;
        }
        self.runs[dealer * self.stride + k] as usize
    }

    /// Destination of the `k`-th card when `dealer` deals (`None` once the deal is complete).
    #[inline]
    pub(crate) fn slot(&self, dealer: usize, k: usize) -> Option<Slot> {
        if k >= self.len(dealer) {
            return None;
        }
        Some(match self.slots[dealer * self.stride + k] {
            PLAN_TALON => Slot::Talon,
            PLAN_FACE_UP => Slot::FaceUp,
            seat => Slot::Hand(seat as usize),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_go_through_the_talon_and_stop_before_the_face_up_card_and_the_last_card() {
        // Dealer 0 of 2 players: hands 1 0 1, the talon, hands 0 1, the face-up card, hand 0 (last).
        let slots = [
            Slot::Hand(1),
            Slot::Hand(0),
            Slot::Hand(1),
            Slot::Talon,
            Slot::Hand(0),
            Slot::Hand(1),
            Slot::FaceUp,
            Slot::Hand(0),
        ];
        let plan = DealPlan::new(2, 10, |_, k| slots.get(k).copied());
        let runs: Vec<usize> = (0..10).map(|k| plan.run(0, k)).collect();
        assert_eq!(runs, [6, 5, 4, 3, 2, 1, 0, 0, 0, 0]);
        // A talon dealt last: the run stops before its last card.
        let slots = [Slot::Talon, Slot::Hand(0), Slot::Talon, Slot::Talon];
        let plan = DealPlan::new(2, 10, |_, k| slots.get(k).copied());
        let runs: Vec<usize> = (0..5).map(|k| plan.run(0, k)).collect();
        assert_eq!(runs, [3, 2, 1, 0, 0]);
    }

    #[test]
    fn runs_are_each_dealers_own() {
        // Dealer 0 deals three cards into hands; dealer 1 turns the first card face up, then deals
        // three into hands: each dealer's runs come from that dealer's own row.
        let plan = DealPlan::new(2, 10, |dealer, k| match (dealer, k) {
            (0, 0..3) => Some(Slot::Hand(k % 2)),
            (1, 0) => Some(Slot::FaceUp),
            (1, 1..4) => Some(Slot::Hand(k % 2)),
            _ => None,
        });
        let runs = |d: usize| (0..5).map(|k| plan.run(d, k)).collect::<Vec<_>>();
        assert_eq!(runs(0), [2, 1, 0, 0, 0]);
        assert_eq!(runs(1), [0, 2, 1, 0, 0]);
    }
}
