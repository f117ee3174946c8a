"""Poker hand evaluators: high hands (5 to 7 cards, best five) and ace-to-five low, per hand and in batches.

Cards are the 52-card pack's ids, ``suit * 13 + rank - 2`` with suits ♣ ♦ ♥ ♠ = 0..3 and ranks 2..14
(ace 14): ``0`` is 2♣, ``12`` A♣, ``51`` A♠ (the order of ``ludoteca.cards`` ``french52``). Per-hand
functions also take names: ``"As Kd 10h"``, ``["A♠", "K♦"]``, or ids and names mixed.

**High hands** (:func:`high_rank`): the usual ranking, straight flush > four of a kind > full house >
flush > straight > three of a kind > two pair > one pair > high card; aces high, A-2-3-4-5 the lowest
straight; suits never break ties. The rank is an ``int`` that orders every hand (higher is better,
equal ties); five-card hands fall into 7,462 classes. ``deck=32`` ranks hands of the 32-card pack (7 to
ace): straights 7-8-9-10-J up to 10-J-Q-K-A and, with ``ace_low_straight`` (default), A-7-8-9-10 as the
lowest; ``flush_rank`` puts the flush in its usual place (``"standard"``), above the full house
(``"above_full_house"``) or above four of a kind (``"above_four_of_a_kind"``), since a flush is rarer
than both in that pack.

**Ace-to-five low** (:func:`low_rank`, as in Razz): aces low, straights and flushes ignored, pairs count;
the best five of up to seven cards, lower is better (5-4-3-2-A best; 8-6-4-2-A beats 8-6-5-2-A; any
unpaired hand beats any pair). One to four cards are ranked whole (the up cards of a stud hand).
Five-card hands take 6,175 values, 1,287 unpaired.

The batch functions take an ``(N, k)`` integer array of card ids or an ``(N,)`` ``uint64`` array of card
masks (bit ``i`` = card ``i``), release the GIL and use every core unless ``threads`` says otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ludoteca import _core

__all__ = [
    "CATEGORIES",
    "card_id",
    "high_category",
    "high_name",
    "high_rank",
    "high_rank_batch",
    "low_name",
    "low_rank",
    "low_rank_batch",
]

#: High-hand categories, weakest first.
CATEGORIES: tuple[str, ...] = tuple(_core.poker_high_categories())

_DECK = _core.Deck("french52")


def card_id(name: str) -> int:
    """The id of a card named ``"As"``, ``"Td"`` or ``"10♥"`` (see the module docs for the numbering)."""
    return _DECK.parse(name)


def high_rank(
    cards: str | Sequence[int | str],
    deck: int = 52,
    ace_low_straight: bool = True,
    flush_rank: str = "standard",
) -> int:
    """The rank of the best five-card high hand in 5 to 7 cards: higher is better, equal ties.

    ``deck=32`` with ``ace_low_straight`` and ``flush_rank`` selects the 32-card ranking (module docs).
    Raises :class:`ludoteca.ParseError` for a bad card name and :class:`ludoteca.InvalidParameterError`
    for a duplicate card, a wrong number of cards or an unknown option.
    """
    return _core.poker_high_rank(cards, deck, ace_low_straight, flush_rank)


def high_name(rank: int) -> str:
    """A readable name of a high rank: ``"two pair, kings and fives"``, ``"straight, five high"``."""
    return _core.poker_high_name(rank)


def high_category(rank: int) -> str:
    """The category of a high rank, one of :data:`CATEGORIES`."""
    return _core.poker_high_category(rank)


def low_rank(cards: str | Sequence[int | str]) -> int:
    """The ace-to-five low rank of 1 to 7 cards: **lower is better**, equal ties."""
    return _core.poker_low_rank(cards)


def low_name(rank: int) -> str:
    """A readable name of a low rank: ``"8-6-4-2-A"``, ``"pair of fives, 8-4-2"``."""
    return _core.poker_low_name(rank)


def high_rank_batch(
    cards: Any,
    deck: int = 52,
    ace_low_straight: bool = True,
    flush_rank: str = "standard",
    threads: int | None = None,
) -> npt.NDArray[np.uint32]:
    """:func:`high_rank` of every row of an ``(N, k)`` card-id array (5 <= k <= 7) or of every
    ``uint64`` card mask of an ``(N,)`` array. Raises :class:`ludoteca.ShapeError` for other shapes
    and :class:`ludoteca.InvalidParameterError` naming the first bad row."""
    return _core.poker_high_rank_batch(cards, deck, ace_low_straight, flush_rank, threads)


def low_rank_batch(cards: Any, threads: int | None = None) -> npt.NDArray[np.uint32]:
    """:func:`low_rank` of every row of an ``(N, k)`` card-id array (1 <= k <= 7) or ``(N,)`` masks."""
    return _core.poker_low_rank_batch(cards, threads)
