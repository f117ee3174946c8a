//! The `rules` bot: plays by the quality of its low and the up cards it sees.
//!
//! It only reads what its seat may see: its own cards, every up card (folded players' too: those
//! ranks are dead) and the betting. Its plan:
//! * Count its *low cards*: distinct ranks 8 or lower (ace low); a rank it still needs that shows
//!   three or more times on other boards is dead. A hand whose every card is a distinct low card is
//!   strong if its board is at least as good as every live opponent's; one that can no longer make
//!   an eight-low with the cards to come is weak unless its board is ahead; anything else is fair.
//! * On 7th street: an unpaired eight-low or better is strong; any unpaired low, or any hand against
//!   boards that all show a pair, is fair; else weak.
//! * Strong: complete, bet or raise when it may, else call or check. Fair: call, check or post the
//!   bring-in. Weak: check when it can, post the bring-in when forced, otherwise fold.

use super::{move_action, RazzState};

use crate::core::game::{Action, Bot};
use crate::core::rng::Rng;
use crate::poker::betting::Move;
use crate::poker::hand::masks52;
use crate::poker::low::LowRank;

/// The rule-based Razz bot (`"rules"`).
#[derive(Clone, Copy, Debug, Default)]
pub struct RuleBot;

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Quality {
    Weak,
    Fair,
    Strong,
}

/// Low value 1..=13 (A = 1) of a card id.
fn low_value(c: u8) -> u32 {
    match c % 13 + 2 {
        14 => 1,
        r => u32::from(r),
    }
}

fn quality(s: &RazzState, me: usize) -> Quality {
    let mine = s.cards_of(me);
    let n_cards = mine.len() as u32;
    // The best board among the live opponents (their up cards as a partial low).
    let best_other = (0..s.config().players)
        .filter(|&o| o != me && s.is_live(o))
        .map(|o| s.board_low(o))
        .min();
    let my_board = s.board_low(me);
    let ahead_on_board = best_other.map_or(true, |b| my_board <= b);
    if n_cards >= 7 {
        let low = LowRank::eval(&masks52(mine));
        let top = low.ranks().first().copied().unwrap_or(13);
        let they_show_a_pair = best_other.is_some_and(|b| b.category() > 0);
        return match (low.category(), top) {
            (0, t) if t <= 8 => Quality::Strong,
            (0, _) => Quality::Fair,
            _ if they_show_a_pair => Quality::Fair,
            _ => Quality::Weak,
        };
    }
    // Distinct low ranks (A..8) held, and how often each rank shows on other boards.
    let mut held = 0u16;
    for c in mine.iter() {
        let v = low_value(c.0);
        if v <= 8 {
            held |= 1 << v;
        }
    }
    let mut seen = [0u8; 14];
    for o in 0..s.config().players {
        if o != me {
            for &c in s.up_cards(o) {
                seen[low_value(c) as usize] += 1;
            }
        }
    }
    let lows = held.count_ones();
    let needed_live = (1..=8u32)
        .filter(|&v| held >> v & 1 == 0 && seen[v as usize] < 3)
        .count() as u32;
    let remaining = 7 - n_cards;
    let reachable = lows + remaining.min(needed_live);
    if reachable < 5 && !ahead_on_board {
        return Quality::Weak;
    }
    if lows == n_cards && ahead_on_board {
        return Quality::Strong;
    }
    Quality::Fair
}

fn pick(legal: u8, prefs: &[Move]) -> Action {
    for &m in prefs {
        if legal & m.bit() != 0 {
            return move_action(m);
        }
    }
    move_action(Move::ALL[legal.trailing_zeros() as usize])
}

impl Bot<RazzState> for RuleBot {
    fn act(&self, s: &RazzState, _rng: &mut Rng) -> Action {
        let me = s.actor().unwrap_or(0);
        let legal = s.legal_moves();
        use Move::*;
        match quality(s, me) {
            Quality::Strong => pick(legal, &[Raise, Bet, Complete, Call, Check, BringIn]),
            Quality::Fair => pick(legal, &[Check, Call, BringIn]),
            Quality::Weak => pick(legal, &[Check, BringIn, Fold]),
        }
    }
}
