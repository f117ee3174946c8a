//! A card is its dense index in a [`Deck`](super::deck::Deck); the deck says what the index means.

/// A card of one deck: its dense index (`0..deck.len()`), which is also its action id.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[repr(transparent)]
pub struct Card(pub u8);

impl Card {
    /// The card's index as a usize (for table lookups). Masked to 6 bits: every card id is below 64
    /// (a [`CardSet`](super::CardSet) is one `u64`), and the mask lets the compiler drop the bounds
    /// check of every look-up in a 64-entry table.
    #[inline]
    pub const fn idx(self) -> usize {
        (self.0 & 63) as usize
    }
}

/// What a deck index stands for: a suit and a rank code, with the names used to print and parse it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardInfo {
    /// Index into the deck's suit list (trumps of a Tarok deck are a suit of their own).
    pub suit: u8,
    /// Rank code, meaningful within the deck's rank system (see `deck.rs`).
    pub rank: u8,
    /// Canonical display name, e.g. `A♠`, `10♥`, `XXI`.
    pub name: String,
    /// Canonical ASCII name, e.g. `AS`, `TH`, `XXI`.
    pub ascii: String,
}
