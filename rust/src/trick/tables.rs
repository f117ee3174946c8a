//! `SuitTables`: per-card effective suit, strength and points for games whose trumps cut across the
//! printed suits with a fixed order (Schafkopf, Zole). A rules value that returns them from
//! [`TrickRules::suit_tables`](super::TrickRules::suit_tables) gets the strength, effective-suit and
//! points hooks for free.

use crate::cards::{Card, CardSet, CardTable, PointMasks};

/// Fixed per-card tables, indexed by card id.
#[derive(Clone, Debug, Default)]
pub struct SuitTables {
    /// Effective suit per card id (the trump suit for every trump).
    pub eff_suit: Vec<u8>,
    /// Cards of each effective suit.
    pub masks: [CardSet; 4],
    /// Strength within the effective suit.
    pub strength: Vec<u8>,
    /// Card points per card id.
    pub points: Vec<i32>,
    /// The same points grouped by value, for whole sets.
    point_masks: PointMasks,
}

impl SuitTables {
    /// Tables from per-card effective suits, strengths and points (all indexed by card id).
    pub fn new(eff_suit: Vec<u8>, strength: Vec<u8>, points: Vec<i32>) -> Self {
        let mut masks = [CardSet::EMPTY; 4];
        for (i, &suit) in eff_suit.iter().enumerate() {
            masks[suit as usize].insert(Card(i as u8));
        }
        let point_masks = PointMasks::new(&CardTable::from_values(points.iter().copied()), points.len());
        SuitTables {
            eff_suit,
            masks,
            strength,
            points,
            point_masks,
        }
    }
    /// Cards of `hand` that follow the effective suit of `led` (all of `hand` when void or leading).
    #[inline]
    pub fn follow(&self, led: Option<Card>, hand: CardSet) -> CardSet {
        super::follow::follow_mask(led.map(|c| self.masks[self.eff_suit[c.idx()] as usize]), hand)
    }
    /// Card points of a set.
    #[inline]
    pub fn points_of(&self, set: CardSet) -> i32 {
        self.point_masks.of(set)
    }
}
