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

/// Card points as one mask per point value, so the points of a set are a few popcounts instead of a
/// look-up per card (deal scoring runs once per simulated game).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PointMasks {
    masks: Vec<(i32, super::CardSet)>,
}

impl PointMasks {
    /// Groups the cards of `points` (one value per card id of a deck with `len` cards) by value.
    pub fn new(points: &CardTable<i32>, len: usize) -> Self {
        let mut masks: Vec<(i32, super::CardSet)> = Vec::new();
        for i in 0..len {
            let (card, v) = (Card(i as u8), points[Card(i as u8)]);
            if v == 0 {
                continue;
            }
            match masks.iter_mut().find(|(value, _)| *value == v) {
                Some((_, m)) => {
                    m.insert(card);
                }
                None => masks.push((v, super::CardSet::single(card))),
            }
        }
        PointMasks { masks }
    }
    /// Total points of `set`.
    #[inline]
    pub fn of(&self, set: super::CardSet) -> i32 {
        self.masks.iter().map(|&(v, m)| v * (set & m).len() as i32).sum()
    }
}
