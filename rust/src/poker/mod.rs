//! Poker: hand evaluators and a betting engine, shared by the poker-family games (Razz now; East–West
//! and Kabu build on the evaluators).
//!
//! * [`hand`]: the card convention. A hand is four 13-bit rank masks, one per suit ([`SuitMasks`]),
//!   built from a `CardSet` of the 52-card deck ([`hand::masks52`]) or of the 32-card deck
//!   ([`hand::masks32`]); ranks are bit `rank - 2` (2 → bit 0, A → bit 12) whatever the deck.
//! * [`high`]: high hands, 5 to 7 cards, best five used. [`HighRules`] is the ranking as a parameter:
//!   [`HighRules::STANDARD`] for the 52-card deck, [`HighRules::piquet`] for the 32-card deck (the
//!   A-7-8-9-10 straight and the flush's place are options). A [`HighRank`] orders every hand (higher
//!   is better) and names itself ("two pair, kings and fives").
//! * [`low`]: ace-to-five low (Razz): aces low, straights and flushes ignored, pairs count; best five of
//!   5 to 7 cards, or the whole of a partial hand of 1 to 4 cards. A [`LowRank`] is lower-is-better.
//! * [`betting`]: a betting round over seats with stacks (fixed limit now; the sizing is one enum so
//!   pot and no limit can be added): antes, bring-in and completion, bets and raises with a cap, folds,
//!   all-in for less; [`pots`] splits the chips into a main pot and side pots and pays the winners,
//!   odd chips by a rule.
//!
//! Using the evaluators from a game (East–West ranks a row of five cards of the 32-card deck):
//!
//! ```
//! use ludoteca::cards::{CardSet, Deck};
//! use ludoteca::poker::{hand::masks32, Category, FlushRank, HighRules};
//! let deck = Deck::french32();
//! let row: CardSet = ["9♠", "9♥", "9♦", "10♣", "10♠"]
//!     .iter()
//!     .fold(CardSet::EMPTY, |s, c| s.with(deck.parse(c).unwrap()));
//! let rules = HighRules::piquet(true, FlushRank::Standard);
//! let rank = rules.eval(&masks32(row));
//! assert_eq!(rank.category(), Category::FullHouse);
//! assert_eq!(rank.name(), "full house, nines full of tens");
//! ```
//!
//! Everything here is allocation-free (fixed arrays, bit masks) and has batch entry points over
//! slices, which `ludoteca.poker` exposes to numpy.

pub mod betting;
pub mod hand;
pub mod high;
pub mod low;
pub mod pots;
pub mod tables;
#[cfg(test)]
mod tests;

pub use betting::{Betting, Move, Sizing};
pub use hand::SuitMasks;
pub use high::{Category, FlushRank, HighRank, HighRules};
pub use low::LowRank;
pub use pots::{award, OddChip};
