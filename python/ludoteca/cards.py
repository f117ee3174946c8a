"""Cards for Python code: decks by name, single cards and card sets with readable names.

A card is an id, its dense index in a deck (also its action id in card games); :class:`Card` and
:class:`CardSet` attach a deck so they print and parse nicely::

    >>> from ludoteca.cards import Deck, CardSet
    >>> deck = Deck("italian40")
    >>> str(CardSet.parse(deck, "A♠ 3♠ kh"))
    'K♥ A♠ 3♠'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ludoteca._core import Deck

__all__ = ["Card", "CardSet", "Deck"]


@dataclass(frozen=True)
class Card:
    """One card of a deck."""

    deck: Deck
    id: int

    @classmethod
    def parse(cls, deck: Deck, text: str) -> Card:
        """The card named `text` (`"A♠"`, `"as"`, `"ace of spades"`); ParseError otherwise."""
        return cls(deck, deck.parse(text))

    @property
    def name(self) -> str:
        """Display name, e.g. `A♠`."""
        return self.deck.name_of(self.id)

    @property
    def suit(self) -> str:
        """Suit name, e.g. `spades`."""
        return self.deck.suit_of(self.id)

    @property
    def rank(self) -> int:
        """Rank code within the deck's rank system (see `Deck.rank_of`)."""
        return self.deck.rank_of(self.id)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Card.parse(Deck({self.deck.name!r}), {self.name!r})"


class CardSet:
    """An immutable set of cards of one deck, as a bitmask over the card ids (like the Rust `CardSet`)."""

    __slots__ = ("_deck", "_mask")

    def __init__(self, deck: Deck, ids: Iterable[int] = ()) -> None:
        mask = 0
        for i in ids:
            if not 0 <= i < len(deck):
                raise ValueError(f"{i} is not a card id of {deck.name} (0..{len(deck) - 1})")
            mask |= 1 << i
        self._deck = deck
        self._mask = mask

    @classmethod
    def parse(cls, deck: Deck, text: str) -> CardSet:
        """Cards named in `text`, separated by spaces or commas."""
        return cls(deck, (deck.parse(t) for t in text.replace(",", " ").split()))

    @property
    def mask(self) -> int:
        """The bitmask (bit i = card id i)."""
        return self._mask

    def ids(self) -> list[int]:
        """Card ids in ascending order."""
        return [i for i in range(len(self._deck)) if self._mask >> i & 1]

    def __iter__(self) -> Iterator[Card]:
        return (Card(self._deck, i) for i in self.ids())

    def __len__(self) -> int:
        return bin(self._mask).count("1")

    def __contains__(self, card: object) -> bool:
        if isinstance(card, Card):
            return card.deck.name == self._deck.name and bool(self._mask >> card.id & 1)
        if isinstance(card, int):
            return bool(self._mask >> card & 1) if card >= 0 else False
        return False

    def _same(self, other: CardSet) -> None:
        if other._deck.name != self._deck.name:
            raise ValueError(f"card sets of different decks: {self._deck.name} and {other._deck.name}")

    def _from_mask(self, mask: int) -> CardSet:
        out = CardSet(self._deck)
        out._mask = mask
        return out

    def __or__(self, other: CardSet) -> CardSet:
        self._same(other)
        return self._from_mask(self._mask | other._mask)

    def __and__(self, other: CardSet) -> CardSet:
        self._same(other)
        return self._from_mask(self._mask & other._mask)

    def __sub__(self, other: CardSet) -> CardSet:
        self._same(other)
        return self._from_mask(self._mask & ~other._mask)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, CardSet) and other._deck.name == self._deck.name and other._mask == self._mask
        )

    def __hash__(self) -> int:
        return hash((self._deck.name, self._mask))

    def __str__(self) -> str:
        return " ".join(c.name for c in self) or "-"

    def __repr__(self) -> str:
        return f"CardSet.parse(Deck({self._deck.name!r}), {str(self)!r})"
