//! `CardTable<T>`: a value per card of a deck (strength, points, suit), indexed by [`Card`] without a
//! bounds check: a card id is below 64 by construction, and these lookups sit on every hot path.

use super::card::Card;
use std::ops::Index;

/// A fixed table of one value per possible card id (`0..64`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardTable<T: Copy>([T; 64]);

impl<T: Copy + Default> CardTable<T> {
    /// A table from the values of a deck's cards in dense order (missing ids get the default).
    pub fn from_values(values: impl IntoIterator<Item = T>) -> Self {
        let mut t = [T::default(); 64];
        for (slot, v) in t.iter_mut().zip(values) {
            *slot = v;
        }
        CardTable(t)
    }
}

impl<T: Copy> Index<Card> for CardTable<T> {
    type Output = T;
    #[inline]
    fn index(&self, card: Card) -> &T {
        // `& 63` lets the compiler drop the bounds check; ids are < 64 anyway.
        &self.0[card.idx() & 63]
    }
}
