"""East–West (Reiner Knizia, *Kartenspiele im Wilden Westen*, 1995; *Blazing Aces!*, 2007), 2 players.

Rules as implemented (``ludoteca rules east_west``):

* 32 cards, 7 to ace. Three board cards are dealt face up in a column (rows 1, 2, 3); the rest is the
  face-down stock.
* The non-dealer (seat 0) starts, then the players alternate. A turn draws the top card of the stock
  (seen by its drawer only) and places it at once, face up, on the player's own side of a row where
  they have fewer than 4 cards; it can never be kept or discarded. With one row open the placement is
  forced (the only legal action). After 24 placements (12 each) every row holds a five-card poker hand
  per side (the board card and that side's 4 cards); 5 cards stay in the stock unseen.
* Usual poker ranking, aces high, suits never break ties. Straights run from 7-8-9-10-J to 10-J-Q-K-A,
  and A-7-8-9-10 is the lowest straight (``ace_low_straight=True``); K-A-7-8-9 never counts. In this
  deck the flush is rarer than the full house and than four of a kind: ``flush_rank`` can move it
  above either (``"above_full_house"``, ``"above_four_of_a_kind"``; ``ruleset="flush_up"`` is the first).
* Each row goes to the better hand; an equal row goes to nobody (``row_tie_break="first_completed"``:
  to whoever placed their fourth card on that row first). Win two of the three rows to win the game
  (``result="two_rows_required"``, the published rule); anything else is a draw. With
  ``result="more_rows"`` whoever won more rows wins. Returns +1 / -1, 0 for a draw.
* ``scope="match"``: best of ``games`` games, the first player alternating (seat 0 in game 1); the match
  stops as soon as it is decided.

Observations: every placed card is public, the drawn card is seen by its drawer only (until it is placed
at once), the stock order is never stored. Bots: ``random``, ``rules`` (places where a row's potential
rises most) and ``search`` (flat Monte Carlo over the exact unseen cards with ``rules`` playouts).

Action ids: cards 0-31 (chance: ♣ ♦ ♥ ♠, 7 to A within a suit), ``row 1`` 32, ``row 2`` 33, ``row 3`` 34.
"""

from __future__ import annotations

from ludoteca import _core

__all__ = ["PLACE", "new_game"]

#: Placement actions by row (1-3).
PLACE: dict[int, int] = {1: 32, 2: 33, 3: 34}


def new_game(**params: int | str | bool) -> _core.Game:
    """Loads East–West with keyword parameters, e.g. ``new_game(flush_rank="above_full_house")``.

    Parameters and defaults: ``ludoteca.load_game("east_west").params``; unknown or out-of-range values
    raise :class:`ludoteca.InvalidParameterError`.
    """
    if not params:
        return _core.load_game("east_west")
    args = ",".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in params.items())
    return _core.load_game(f"east_west({args})")
