//! The permanent-trump structure shared by Schafkopf and Zole: every queen, every jack and every
//! diamond is a trump, ranked Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ then the diamonds A 10 K 9 8 7; the other suits
//! rank A 10 K 9 (8 7). Built once per game from the deck, so play-time queries are table look-ups.

use crate::cards::{Card, CardSet, Deck};
use crate::trick::SuitTables;

/// Suit index of diamonds in the French decks (suits are ordered ♣ ♦ ♥ ♠). Trumps report this
/// effective suit, so the engine's "trump suit" is diamonds and a queen or jack is never "its" suit.
pub const TRUMP_SUIT: u8 = 1;
/// Rank codes of the French decks.
const JACK: u8 = 11;
const QUEEN: u8 = 12;
/// Position of each printed suit in the queen/jack order ♣ ♠ ♥ ♦ (0 = highest), indexed by suit ♣ ♦ ♥ ♠.
const COURT_SUIT_ORDER: [u8; 4] = [0, 3, 2, 1];

/// Card points: A 11, 10 10, K 4, Q 3, J 2, the rest 0.
pub fn card_points(rank: u8) -> i32 {
    match rank {
        14 => 11,
        10 => 10,
        13 => 4,
        QUEEN => 3,
        JACK => 2,
        _ => 0,
    }
}

/// Plain-suit strength (and diamonds below the jacks): A 10 K 9 8 7.
fn plain_strength(rank: u8) -> u8 {
    match rank {
        14 => 5,
        10 => 4,
        13 => 3,
        9 => 2,
        8 => 1,
        _ => 0,
    }
}

/// Per-card tables of a queen/jack/diamond trump game (trumps: Q♣ = 13 down to 7♦ = 0 in a 32-card
/// pack), as the engine's [`SuitTables`] plus the family's wording.
#[derive(Clone, Debug)]
pub struct QueenJackTrumps {
    /// The tables the trick engine reads (`TrickRules::suit_tables`).
    pub tables: SuitTables,
}

impl std::ops::Deref for QueenJackTrumps {
    type Target = SuitTables;
    fn deref(&self) -> &SuitTables {
        &self.tables
    }
}

impl QueenJackTrumps {
    /// Tables for a French deck (32-card Schafkopf pack or the 26-card Zole pack).
    pub fn new(deck: &Deck) -> Self {
        let n = deck.len();
        let (mut eff_suit, mut strength, mut points) = (vec![0; n], vec![0; n], vec![0; n]);
        for (i, info) in deck.cards().iter().enumerate() {
            let is_court = info.rank == QUEEN || info.rank == JACK;
            let suit = if is_court || info.suit == TRUMP_SUIT {
                TRUMP_SUIT
            } else {
                info.suit
            };
            eff_suit[i] = suit;
            points[i] = card_points(info.rank);
            strength[i] = if is_court {
                // Queens above jacks, each group ♣ ♠ ♥ ♦; all above the diamond pips (at most 6).
                let group = if info.rank == QUEEN { 4 } else { 0 };
                6 + group + (3 - COURT_SUIT_ORDER[info.suit as usize])
            } else {
                plain_strength(info.rank)
            };
        }
        QueenJackTrumps {
            tables: SuitTables::new(eff_suit, strength, points),
        }
    }

    /// Whether `card` is a trump.
    #[inline]
    pub fn is_trump(&self, card: Card) -> bool {
        self.eff_suit[card.idx()] == TRUMP_SUIT
    }

    /// Cards of `hand` that may be played to a trick led with `led` (follow the effective suit when
    /// able, else anything; no duty to trump or to head the trick).
    #[inline]
    pub fn legal(&self, led: Option<Card>, hand: CardSet) -> CardSet {
        self.tables.follow(led, hand)
    }

    /// Why `card` may not be played on `led`: the effective suit it fails to follow.
    pub fn follow_reason(&self, deck: &Deck, led: Option<Card>) -> String {
        match led.map(|c| self.eff_suit[c.idx()]) {
            Some(TRUMP_SUIT) => "must follow trump (queens, jacks and diamonds are trumps)".to_string(),
            Some(s) => format!(
                "must follow suit {} (its queen and jack are trumps, not {})",
                deck.suits()[s as usize].symbol,
                deck.suits()[s as usize].symbol
            ),
            None => "not allowed now".to_string(),
        }
    }
}
