"""Decks, cards and card sets from Python."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.cards import Card, CardSet, Deck


@pytest.mark.parametrize(
    ("name", "size"),
    [
        ("italian40", 40),
        ("french52", 52),
        ("french32", 32),
        ("french24", 24),
        ("french48", 48),
        ("zole26", 26),
        ("tarok54", 54),
    ],
)
def test_deck_sizes_and_names_round_trip(name: str, size: int) -> None:
    deck = Deck(name)
    assert len(deck) == size
    names = deck.card_names()
    assert len(set(names)) == size
    for i, n in enumerate(names):
        assert deck.parse(n) == i
        assert deck.parse(deck.ascii_of(i).lower()) == i


def test_card_and_cardset() -> None:
    deck = Deck("italian40")
    ace = Card.parse(deck, "asso di spade")
    assert ace.name == "A♠" and ace.suit == "spades" and ace.rank == 1
    s = CardSet.parse(deck, "A♠ 3♠, kh")
    assert len(s) == 3 and ace in s and str(s) == "K♥ A♠ 3♠"
    assert str(s - CardSet.parse(deck, "3s")) == "K♥ A♠"
    assert s == CardSet(deck, s.ids())
    with pytest.raises(ludoteca.ParseError):
        CardSet.parse(deck, "A♠ 11♠")
    with pytest.raises(ludoteca.InvalidParameterError):
        Deck("uno")
    with pytest.raises(ValueError):
        CardSet(deck, [40])
    assert Deck("tarok54").name_of(Deck("tarok54").parse("mond")) == "XXI"
