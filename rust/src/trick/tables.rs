//! `SuitTables`: per-card effective suit, strength and points for games whose trumps cut across the
//! printed suits with a fixed order (Schafkopf, Zole). A rules value that returns them from
//! [`TrickRules::suit_tables`](super::TrickRules::suit_tables) gets the strength, effective-suit and
//! points hooks for free.

use crate::cards::{Card, CardSet};

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
}

impl SuitTables {
    /// Cards of `hand` that follow the effective suit of `led` (all of `hand` when void or leading).
    #[inline]
    pub fn follow(&self, led: Option<Card>, hand: CardSet) -> CardSet {
        super::follow::follow_mask(led.map(|c| self.masks[self.eff_suit[c.idx()] as usize]), hand)
    }
    /// Card points of a set.
    pub fn points_of(&self, set: CardSet) -> i32 {
        set.iter().map(|c| self.points[c.idx()]).sum()
    }
}
