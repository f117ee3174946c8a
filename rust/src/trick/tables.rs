//! `SuitTables`: per-card effective suit, strength and points for games whose trumps cut across the
//! printed suits (Schafkopf, Zole, Solo). A rules value that returns them from
//! [`TrickRules::suit_tables`](super::TrickRules::suit_tables) gets the strength, effective-suit,
//! points and trick-winner hooks for free. Games whose order depends on the declared trump build one
//! table per possible trump ([`SuitTables::per_trump`]) and return the declared one.

use crate::cards::{Card, CardSet, CardTable, Deck, PointMasks};

/// Most effective suits a table can hold (four printed suits plus a suit of their own for trumps such
/// as Tarok's taroks, with room to spare).
pub const MAX_SUITS: usize = 8;

/// Entries of each per-card table: every card id (a [`CardSet`] holds 64 cards).
const CARDS: usize = 64;

/// Fixed per-card tables, indexed by card id. Fixed-size arrays inline (no `Vec`): a look-up is one
/// load with no pointer to follow, and with [`Card::idx`] below 64 no bounds check.
#[derive(Clone, Debug)]
pub struct SuitTables {
    /// Effective suit per card id (the trump suit for every trump), below [`MAX_SUITS`]; 0 past
    /// the deck.
    pub eff_suit: [u8; CARDS],
    /// Cards of each effective suit.
    pub masks: [CardSet; MAX_SUITS],
    /// Strength within the effective suit.
    pub strength: [u8; CARDS],
    /// Card points per card id.
    pub points: [i32; CARDS],
    /// The same points grouped by value, for whole sets.
    point_masks: PointMasks,
}

impl SuitTables {
    /// Tables from per-card effective suits, strengths and points (all indexed by card id).
    pub fn new(eff_suit: Vec<u8>, strength: Vec<u8>, points: Vec<i32>) -> Self {
        assert!(
            eff_suit.iter().all(|&s| (s as usize) < MAX_SUITS),
            "effective suits are below {MAX_SUITS}"
        );
        assert!(
            eff_suit.len() <= CARDS && strength.len() <= CARDS && points.len() <= CARDS,
            "a deck has at most {CARDS} cards"
        );
        let mut masks = [CardSet::EMPTY; MAX_SUITS];
        for (i, &suit) in eff_suit.iter().enumerate() {
            masks[suit as usize].insert(Card(i as u8));
        }
        let point_masks = PointMasks::new(&CardTable::from_values(points.iter().copied()), points.len());
        let mut t = SuitTables {
            eff_suit: [0; CARDS],
            masks,
            strength: [0; CARDS],
            points: [0; CARDS],
            point_masks,
        };
        t.eff_suit[..eff_suit.len()].copy_from_slice(&eff_suit);
        t.strength[..strength.len()].copy_from_slice(&strength);
        t.points[..points.len()].copy_from_slice(&points);
        t
    }
    /// One table per trump suit `0..deck.num_suits()`: `card(trump, card)` gives a card's effective
    /// suit, strength and points when `trump` is declared.
    pub fn per_trump(deck: &Deck, card: impl Fn(u8, Card) -> (u8, u8, i32)) -> Vec<SuitTables> {
        (0..deck.suits().len() as u8)
            .map(|trump| {
                let (mut eff, mut strength, mut points) = (Vec::new(), Vec::new(), Vec::new());
                for i in 0..deck.len() {
                    let (e, s, p) = card(trump, Card(i as u8));
                    eff.push(e);
                    strength.push(s);
                    points.push(p);
                }
                SuitTables::new(eff, strength, points)
            })
            .collect()
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
