//! Cards, decks and card sets: the data every card game is built from.
pub mod card;
pub mod cardset;
pub mod deck;
pub mod notation;
pub mod table;

pub use card::{Card, CardInfo};
pub use cardset::CardSet;
pub use deck::{Deck, FaceStyle, SuitInfo};
pub use table::{CardTable, PointMasks};
