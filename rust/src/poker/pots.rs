//! Main pot, side pots and paying them out.
//!
//! With table stakes a player can win from each opponent at most what they themselves put in. The
//! chips are cut at every level a live player's total reaches: the main pot holds, from everyone, up
//! to the smallest live total; the next pot up to the next live total, and so on. Each pot goes to
//! the best hand among the live players who reached its level; exact ties split it, and the chips
//! that do not divide all go to the first tied winner in the order an [`OddChip`] rule gives (the
//! rules' "odd chips to the first winner", as PokerKit pays them).
//! Chips of folded players stay in the pots they reached. A bet nobody called is its own pot with one
//! eligible player: it goes back to the bettor.

use super::betting::MAX_SEATS;

/// Who gets the chips of a split pot that do not divide evenly.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OddChip {
    /// To the first tied winner clockwise from the dealer (seat `dealer + 1` first).
    FirstAfterDealer { dealer: u8 },
    /// To the first tied winner in the order of `priority` (a permutation of the seats; the game
    /// decides, e.g. by the highest card by suit).
    Priority { priority: [u8; MAX_SEATS] },
}

impl OddChip {
    fn order(&self, n: usize) -> [u8; MAX_SEATS] {
        match *self {
            OddChip::FirstAfterDealer { dealer } => {
                let mut o = [0u8; MAX_SEATS];
                for (k, slot) in o.iter_mut().enumerate().take(n) {
                    *slot = ((dealer as usize + 1 + k) % n) as u8;
                }
                o
            }
            OddChip::Priority { priority } => priority,
        }
    }
}

/// One pot: its chips and the seats that can win it (bit per seat).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Pot {
    pub amount: i64,
    pub eligible: u8,
}

/// The pots for chips `put_in` per seat with `live` seats still in: main pot first. Returns how many
/// of `out` are filled (at most one per live seat).
pub fn pots(put_in: &[i64], live: u8, out: &mut [Pot; MAX_SEATS]) -> usize {
    let n = put_in.len().min(MAX_SEATS);
    let mut count = 0;
    let mut prev = 0;
    loop {
        // The next level: the smallest live total above the previous level.
        let level = (0..n)
            .filter(|&i| live >> i & 1 != 0 && put_in[i] > prev)
            .map(|i| put_in[i])
            .min();
        let Some(level) = level else { break };
        let amount: i64 = put_in[..n].iter().map(|&c| c.min(level) - c.min(prev)).sum();
        let eligible = (0..n)
            .filter(|&i| live >> i & 1 != 0 && put_in[i] >= level)
            .fold(0u8, |m, i| m | 1 << i);
        out[count] = Pot { amount, eligible };
        count += 1;
        prev = level;
    }
    count
}

/// Pays out every pot: `won[i]` (cleared first) gets the chips seat `i` wins. `better(a, b)` says
/// whether seat `a`'s hand beats seat `b`'s, `tie(a, b)` whether they are equal; a single live seat
/// wins everything without comparing. Chips a folded player put in above every live player's total
/// cannot occur (a player folds only facing a bet), but would be left out rather than invented.
pub fn award(
    put_in: &[i64],
    live: u8,
    mut better: impl FnMut(usize, usize) -> bool,
    odd: OddChip,
    won: &mut [i64],
) {
    let n = put_in.len().min(MAX_SEATS);
    won.iter_mut().for_each(|w| *w = 0);
    let mut list = [Pot::default(); MAX_SEATS];
    let k = pots(put_in, live, &mut list);
    let order = odd.order(n);
    for pot in &list[..k] {
        // Best hands among the eligible seats.
        let mut winners = 0u8;
        let mut best: Option<usize> = None;
        for i in 0..n {
            if pot.eligible >> i & 1 == 0 {
                continue;
            }
            match best {
                None => {
                    best = Some(i);
                    winners = 1 << i;
                }
                Some(b) if better(i, b) => {
                    best = Some(i);
                    winners = 1 << i;
                }
                Some(b) if !better(b, i) => winners |= 1 << i,
                _ => {}
            }
        }
        let w = i64::from(winners.count_ones());
        if w == 0 {
            continue;
        }
        let (share, rest) = (pot.amount / w, pot.amount % w);
        for (i, slot) in won.iter_mut().enumerate().take(n) {
            if winners >> i & 1 != 0 {
                *slot += share;
            }
        }
        if let Some(&first) = order.iter().take(n).find(|&&s| winners >> s & 1 != 0) {
            won[first as usize] += rest;
        }
    }
}
