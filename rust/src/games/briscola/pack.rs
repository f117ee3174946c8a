//! What the stock games and Chiamata share: the Italian pack with Briscola's strength and point
//! tables, the suit words of the table text, the optional duty to follow, and the seating options
//! (first dealer, dealer rotation). Both rules values hold one [`Table`]; neither knows the other.

use crate::cards::{Card, CardSet, Deck, FaceStyle};
use crate::core::params::Params;
use crate::error::Result;
use crate::trick::{Session, SuitTables, TrickCore};

/// Rank codes of the Italian pack (see `cards::deck`): A 1, 2..7, F 8, C 9, R 10.
const STRENGTH: [u8; 11] = [0, 10, 1, 9, 2, 3, 4, 5, 6, 7, 8];
const POINTS: [i32; 11] = [0, 11, 0, 10, 0, 0, 0, 0, 2, 3, 4];
/// A run of thrown-in deals (Chiamata all-pass, replayed ties) or a stock-game match still open after
/// this many deals ends as a draw. Ordinary play does not get near it: a stock match needs two or
/// three deal wins (or 121 points), and 60 throw-ins in a row are as likely as 60 ties.
pub const MAX_DEALS: usize = 60;

/// The pack, its tables and the options every Briscola variant reads.
#[derive(Clone, Debug)]
pub struct Table {
    pub deck: Deck,
    pub players: usize,
    /// `scope`, `first_dealer` (the trick engine's shared parameters).
    pub session: Session,
    /// `must_follow_suit`: a card must follow the led suit when able.
    pub must_follow: bool,
    pub fixed_dealer: bool,
    pub italian_suit_names: bool,
    /// Strength and points per card, each card in its printed suit: Briscola's order never depends
    /// on the deal, so the engine's table-driven hooks serve every variant.
    pub tables: SuitTables,
}

impl Table {
    /// Reads the shared parameters (`players`, `scope`, `deck_style`, `suit_names`,
    /// `must_follow_suit`, `dealer_rotation`, `first_dealer`).
    pub fn from_params(p: &Params) -> Result<Self> {
        let players = p.int("players") as usize;
        let style = p.choice(
            "deck_style",
            &[
                ("italian", FaceStyle::Italian),
                ("french_north", FaceStyle::FrenchNorth),
                ("french_south", FaceStyle::FrenchSouth),
            ],
        );
        let session = Session::read(p, players, None)?;
        // The full pack is kept for every player count so card ids stay the same; removed cards are
        // public and never dealt.
        let deck = Deck::italian40(style);
        let tables = SuitTables::new(
            deck.cards().iter().map(|c| c.suit).collect(),
            deck.cards().iter().map(|c| STRENGTH[c.rank as usize]).collect(),
            deck.cards().iter().map(|c| POINTS[c.rank as usize]).collect(),
        );
        Ok(Table {
            players,
            session,
            must_follow: p.bool("must_follow_suit"),
            fixed_dealer: p.str("dealer_rotation") == "fixed",
            italian_suit_names: p.str("suit_names") == "italian",
            tables,
            deck,
        })
    }
    /// Strength of a card (Briscola's order never depends on the deal).
    #[inline]
    pub fn strength(&self, card: Card) -> u8 {
        self.tables.strength[card.idx()]
    }
    /// Points of a card.
    #[inline]
    pub fn points(&self, card: Card) -> i32 {
        self.tables.points[card.idx()]
    }
    /// Card points of a set.
    #[inline]
    pub fn points_of(&self, set: CardSet) -> i32 {
        self.tables.points_of(set)
    }
    /// The dealer of the next deal: the next seat, or the same one with `dealer_rotation=fixed`.
    pub fn next_dealer(&self, core: &TrickCore) -> usize {
        if self.fixed_dealer {
            core.dealer
        } else {
            core.next_seat(core.dealer)
        }
    }
    /// The word for a suit in the table text (French names, or the Italian ones on request).
    pub fn suit_word(&self, suit: u8) -> &'static str {
        let info = &self.deck.suits()[suit as usize];
        if self.italian_suit_names {
            ["bastoni", "denari", "coppe", "spade"][suit as usize]
        } else {
            info.name
        }
    }
}
