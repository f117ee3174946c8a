"""Schafkopf as American three-hand Sheepshead: a 2-card widow, the picker alone, and "least".

Rules as implemented (``ludoteca rules schafkopf``; Sheepshead as described at pagat.com):

* 32 cards (7-A). Trumps, high to low: Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦; the plain suits
  ♣ ♠ ♥ rank A 10 K 9 8 7. Points A 11, 10 10, K 4, Q 3, J 2 (120 per deal).
* Deal 3 / widow 2 / 4 / 3 from the eldest (the seat after the dealer). The eldest, the next seat and
  the dealer, in that order, may ``"pick"`` up the widow or ``"pass"``; the picker then buries two
  cards one at a time (``"bury Q♦"``: any two cards) and plays alone against the other two.
* The eldest leads; follow the *effective* suit (a queen or jack is a trump, never its printed suit);
  no duty to trump. Highest trump wins, else the highest card of the led suit.
* Declarer: buried cards count for the picker (``buried_counts_for``). 61+ scores 2 victory points,
  91+ 4, every trick 6; 60 or less loses 2, 30 or less 4, no trick 6 (``schwarz_by="points"``: by trick
  points). Only the declarer scores; ``zero_sum=True`` (preset ``ruleset="sheepshead"``) charges each
  defender half the declarer's change.
* All pass: least. The widow goes to the last trick's winner (``leaster_widow_to``); the fewest points
  scores 2, 0 points 4; two tied: the one who less recently won a trick (no trick is least recent);
  three tied: the dealer; one player with every point (the others at 0) loses 4 and nobody else scores.
* ``scope="match"``: ``deals`` deals (a multiple of 3), the deal passing on; the highest total wins.

Choices where the common rules are silent: the first dealer is seat 2 (so seat 0 is the eldest); match returns
are +1 for each top scorer and a zero-sum share of -1 for the others.

Action ids: cards 0-31 (♣ ♦ ♥ ♠, 7 8 9 10 J Q K A), ``pass`` 32, ``pick`` 33, ``bury <card>`` 34 + card.
"""

from __future__ import annotations

from ludoteca import _core
from ludoteca.games._queen_jack import CARD_POINTS, TRUMP_ORDER
from ludoteca.loading import load_game

__all__ = ["CARD_POINTS", "TRUMP_ORDER", "new_game"]


def new_game(**params: int | str | bool) -> _core.Game:
    """Loads Schafkopf with keyword parameters, e.g. ``new_game(scope="match", deals=6)``.

    Parameters and defaults: ``ludoteca.load_game("schafkopf").params``; unknown or out-of-range values
    raise :class:`ludoteca.InvalidParameterError`.
    """
    return load_game("schafkopf", **params)
