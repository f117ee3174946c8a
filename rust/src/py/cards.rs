//! `Deck` for Python: the decks of `cards::deck` by name, with parsing and names.

use crate::cards::{Card, Deck, FaceStyle};
use crate::error::LudoError;
use pyo3::prelude::*;

/// Deck names accepted by `Deck(name)`.
const DECKS: &[&str] = &[
    "italian40",
    "italian40_french_north",
    "italian40_french_south",
    "french52",
    "french48",
    "french32",
    "french24",
    "zole26",
    "tarok54",
];

fn build(name: &str) -> Option<Deck> {
    Some(match name {
        "italian40" => Deck::italian40(FaceStyle::Italian),
        "italian40_french_north" => Deck::italian40(FaceStyle::FrenchNorth),
        "italian40_french_south" => Deck::italian40(FaceStyle::FrenchSouth),
        "french52" => Deck::french52(),
        "french48" => Deck::french48(),
        "french32" => Deck::french32(),
        "french24" => Deck::french24(),
        "zole26" => Deck::zole26(),
        "tarok54" => Deck::tarok54(),
        _ => return None,
    })
}

/// A deck: its cards in dense order (the index is the card's action id in card games).
#[pyclass(name = "Deck", module = "ludoteca._core", frozen)]
pub struct PyDeck {
    deck: Deck,
}

impl PyDeck {
    fn card(&self, id: i64) -> PyResult<Card> {
        if id < 0 || id as usize >= self.deck.len() {
            return Err(LudoError::param(
                "card",
                format!(
                    "{id} is not a card id of {} (0..{})",
                    self.deck.name(),
                    self.deck.len() - 1
                ),
            )
            .into());
        }
        Ok(Card(id as u8))
    }
}

#[pymethods]
impl PyDeck {
    #[new]
    fn new(name: &str) -> PyResult<Self> {
        build(name).map(|deck| PyDeck { deck }).ok_or_else(|| {
            LudoError::param(
                "name",
                format!("unknown deck {name:?}; decks: {}", DECKS.join(", ")),
            )
            .into()
        })
    }
    /// Every deck name.
    #[staticmethod]
    fn names() -> Vec<&'static str> {
        DECKS.to_vec()
    }
    /// The deck's name.
    #[getter]
    fn name(&self) -> String {
        self.deck.name().to_string()
    }
    fn __len__(&self) -> usize {
        self.deck.len()
    }
    /// Display names in dense order (`A♣ 2♣ ...`).
    fn card_names(&self) -> Vec<String> {
        self.deck.cards().iter().map(|c| c.name.clone()).collect()
    }
    /// The id of a card name (Unicode or ASCII suits, any case, words such as `ace of spades`).
    fn parse(&self, text: &str) -> PyResult<usize> {
        Ok(self.deck.parse(text)?.idx())
    }
    /// Display name of a card id.
    fn name_of(&self, card: i64) -> PyResult<String> {
        Ok(self.deck.name_of(self.card(card)?).to_string())
    }
    /// ASCII name of a card id (`AS`, `TH`).
    fn ascii_of(&self, card: i64) -> PyResult<String> {
        Ok(self.deck.ascii_of(self.card(card)?).to_string())
    }
    /// Suit name of a card id (`spades`; Tarok trumps: `trumps`).
    fn suit_of(&self, card: i64) -> PyResult<&'static str> {
        Ok(self.deck.suits()[self.deck.suit(self.card(card)?) as usize].name)
    }
    /// Rank code of a card id (French 2..14 with J 11 Q 12 K 13 A 14; Italian 1..10 with Fante 8,
    /// Cavallo 9, Re 10; Tarok trumps 1..22).
    fn rank_of(&self, card: i64) -> PyResult<u8> {
        Ok(self.deck.rank(self.card(card)?))
    }
    /// Suit names in suit order.
    fn suits(&self) -> Vec<&'static str> {
        self.deck.suits().iter().map(|s| s.name).collect()
    }
    fn __repr__(&self) -> String {
        format!("Deck({:?})", self.deck.name())
    }
}
