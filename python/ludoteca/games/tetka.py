"""Tëtka, the Russian four-handed penalty game of the queens and the bum card.

Rules as implemented (``ludoteca rules tetka``; as described by David Parlett, The Penguin Book of
Card Games):

* Four players, 52 cards, ace high, no trumps, clockwise. Cards are dealt one at a time from the
  dealer's next seat; the last card, the **bum card**, goes to the dealer face up: everybody knows it
  is in the dealer's hand until it is played.
* The bum card's suit is the bum suit; **Tëtka** is the queen of the bum suit; the bum rank (ace 1,
  2-10, jack 11, queen 12, king 13) numbers a trick.
* The dealer's next seat leads; follow suit if able; the highest card of the led suit wins; 13 tricks.
* Penalty points: 1 per queen taken and 1 more for Tëtka; 1 for taking the bum card (a queen bum card
  stacks); 1 for winning the bum-numbered trick; 1 for the last trick (a bum king: 2 for trick 13); 1
  for most tricks, ties broken by most bum-suit cards taken, then by the highest bum-suit card taken.
  That is 9 per deal. Tied players who took no bum-suit card at all: ``most_tricks_fallback="all"``
  (each scores it) or ``"none"``; only then is a deal's total not 9.
* Returns: minus the deal's penalty points. ``scope="match"``: ``orbits`` times around the table (each
  player deals once per orbit); the lowest total wins, ties share (+1 to each winner, the others
  share the -1s).

Action ids: the 52 cards (♣ ♦ ♥ ♠, 2 to A).
"""

from __future__ import annotations

from ludoteca import _core
from ludoteca.loading import load_game

__all__ = ["TOTAL", "bum_trick", "new_game"]

#: Penalty points in a deal (barring the unresolvable most-tricks tie).
TOTAL = 9

_RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}


def new_game(**params: int | str | bool) -> _core.Game:
    """Loads Tëtka with keyword parameters, e.g. ``new_game(scope="match", orbits=2)``.

    Parameters and defaults: ``ludoteca.load_game("tetka").params``; unknown or out-of-range values raise
    :class:`ludoteca.InvalidParameterError`.
    """
    return load_game("tetka", **params)


def bum_trick(rank: str) -> int:
    """The trick number a bum card of ``rank`` (``"A"``, ``"2"`` .. ``"10"``, ``"J"``, ``"Q"``, ``"K"``)
    penalises."""
    if rank.upper() in _RANKS:
        return _RANKS[rank.upper()]
    if rank.isdigit() and 2 <= int(rank) <= 10:
        return int(rank)
    raise ValueError(f"not a card rank: {rank!r} (use A, 2-10, J, Q or K)")
