//! Settling a finished Tysiąc deal: the declarer's ± contract, the opponents'
//! rounded points, bolts, P marks, the barrel and the winner of the race.

use super::{BoltTrigger, Extra, Match, TysiacRules, SEATS};
use crate::cards::CardSet;
use crate::trick::TrickCore;
use crate::trick::TrickRules;

/// What a deal did to the scores.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Settlement {
    /// Card points taken in tricks per seat (two-handed, the declarer's discards included).
    pub card_points: [i32; SEATS],
    /// Hand points: card points plus declared marriages.
    pub hand: [i32; SEATS],
    /// Whether the declarer made the contract (false after rospisat').
    pub made: bool,
    /// Score change per seat, penalties and the barrel included.
    pub delta: [i32; SEATS],
}

/// An opponent's hand points rounded to the nearest multiple of `to` (a tie, only possible with 10,
/// goes up): 22 → 20, 23 → 25, 27 → 25, 28 → 30 with 5; 15 → 20 with 10.
pub fn round_opponent(h: i32, to: i32) -> i32 {
    (h + to / 2).div_euclid(to) * to
}

impl TysiacRules {
    /// Whether an opponent's result gives a bolt.
    fn bolt(&self, card_points: i32, hand: i32, tricks: usize) -> bool {
        match self.bolt_trigger {
            BoltTrigger::ZeroCardPoints => card_points == 0,
            BoltTrigger::ZeroPoints => hand == 0,
            BoltTrigger::ZeroAfterRounding => round_opponent(hand, self.rounding) == 0,
            BoltTrigger::NoTricks => tricks == 0,
        }
    }

    /// Settles the deal that just ended (all tricks played, or rospisat') and updates the match marks.
    pub(crate) fn settle(&self, core: &TrickCore, extra: &Extra, m: &mut Match) -> Settlement {
        let d = extra.declarer.expect("a settled deal has a declarer");
        let f = core.next_seat(core.dealer);
        let before: [i32; SEATS] = std::array::from_fn(|p| core.ledger[p] as i32);
        let on0 = if self.barrel { m.on_barrel } else { [false; SEATS] };
        // The seats dealt in (four-handed, the dealer sits the deal out: no score, no marks, and the
        // deal is not one of a barrel player's three).
        let seats = || (0..self.players).filter(|&p| core.is_active(p));
        let card_points: [i32; SEATS] = std::array::from_fn(|p| {
            let discards = if p == d { extra.discards } else { CardSet::EMPTY };
            self.card_points(core.won[p] | discards)
        });
        let hand: [i32; SEATS] = std::array::from_fn(|p| card_points[p] + extra.marriages[p]);
        let b = extra.contract as i32;
        let made = !extra.rospisat && hand[d] >= b;
        let limited = |p: usize| self.opponent_limit > 0 && before[p] >= self.opponent_limit;
        let mut new = before;
        for p in seats() {
            new[p] += if p == d {
                match (extra.rospisat, made) {
                    (true, _) => 0,
                    // On the barrel, a contract made that does not reach the target leaves 880.
                    (false, true) if on0[p] && before[p] + b < self.target => 0,
                    (false, true) => b,
                    (false, false) => -b,
                }
            } else if on0[p] || limited(p) {
                0
            } else if extra.rospisat {
                self.rospisat_award
            } else {
                round_opponent(hand[p], self.rounding)
            };
        }
        // Marks: bolts for opponents off the barrel, a P for an abandoning declarer.
        if extra.rospisat {
            m.p_marks[d] += 1;
            if m.p_marks[d] % 3 == 0 {
                new[d] -= self.rospisat_penalty;
            }
        } else if self.bolts {
            for p in seats().filter(|&p| p != d && !on0[p]) {
                if self.bolt(card_points[p], hand[p], core.won[p].len() / core.n_active) {
                    m.bolts[p] += 1;
                    if m.bolts[p] % 3 == 0 {
                        new[p] -= self.bolt_penalty;
                    }
                }
            }
        }
        if self.barrel {
            let (thr, target) = (self.barrel_threshold, self.target);
            let mut arrived = false;
            for p in seats() {
                if on0[p] {
                    if p == d && !made && !extra.rospisat {
                        // Failing on the barrel: −contract and off it.
                        m.on_barrel[p] = false;
                    } else if new[p] < target {
                        m.barrel_deals[p] += 1;
                        if m.barrel_deals[p] >= self.barrel_deals {
                            new[p] -= self.barrel_fall;
                            m.on_barrel[p] = false;
                        }
                    }
                } else if (thr..target).contains(&new[p]) {
                    new[p] = thr;
                    m.on_barrel[p] = true;
                    m.barrel_deals[p] = 0;
                    arrived = true;
                }
            }
            if arrived && self.barrel_exclusive {
                // A newcomer knocks off whoever sat there before this deal, a seat sitting
                // the deal out included.
                for p in 0..self.players {
                    if on0[p] && m.on_barrel[p] {
                        new[p] -= self.barrel_fall;
                        m.on_barrel[p] = false;
                    }
                }
            }
        }
        if self.is_match() {
            let reached = |p: usize| new[p] >= self.target;
            m.winner = if reached(d) {
                Some(d)
            } else {
                // The higher score, else the first from F clockwise.
                (0..core.n_active)
                    .map(|k| core.seat_after(f, k))
                    .filter(|&p| reached(p))
                    .fold(None, |best: Option<usize>, p| match best {
                        Some(q) if new[q] >= new[p] => Some(q),
                        _ => Some(p),
                    })
            };
        }
        Settlement {
            card_points,
            hand,
            made,
            delta: std::array::from_fn(|p| new[p] - before[p]),
        }
    }
}
