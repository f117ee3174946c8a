"""Briscola: 2, 3, 4 (partners) and 6 players (two teams of three), and the American 4-player game.

Rules as implemented (``ludoteca rules briscola``; the Italian game as described at pagat.com):

* Italian 40-card pack, strength A 3 K C(avallo) J(fante) 7 6 5 4 2, points A 11, 3 10, K 4, C 3,
  J 2 (120 per deal). Three players drop one 2 (``removed_two``, default clubs/batons, public); six
  players drop all four 2s.
* Three cards each, dealt one at a time from the eldest (the seat after the dealer); the next card is
  turned face up, fixes trump and is the last card of the stock.
* Any card may be played (``must_follow_suit=True`` for the regional rule). The highest trump wins the
  trick, else the highest card of the suit led. Everyone draws after each trick, the winner first; the
  face-up card goes to the seat before the last draw round's winner.
* 61 points win, 60–60 is a draw (``tie_rule="last_trick_wins"`` gives it to the last trick's side).
  Three players: the single highest total wins, even under 61; a tie for highest has no winner.
* ``scope="match"``: first to ``match_wins`` deal wins (2 = best of three; drawn deals count for
  nobody), the deal passing to the next seat.
* ``ruleset="american"``: four players, French cards in the northern order, play to 121 cumulative
  points with claims (``"claim"``: a correct claim wins, a wrong one loses), partners see each other's
  hands once the face-up card has been drawn; ``count_out=True`` ends the match at the first trick
  that reaches 121.

Choices where the common rules are silent: the first dealer is the last seat (so seat 0 leads) unless
``first_dealer`` says otherwise; returns are +1 for each winner and a zero-sum share of -1 for the
losers; a match undecided after 60 deals (endless ties) is a draw.

Card ids are the dense index of the 40-card pack (clubs, diamonds, hearts, spades; A 2 3 4 5 6 7 J C K
within a suit); names such as ``"A♠"``, ``"as"``, ``"Cavallo di coppe"`` are all accepted.
"""

from __future__ import annotations

from ludoteca import _core
from ludoteca.loading import load_game

#: Points of each rank label when captured (Italian labels; French styles relabel J/C as J/Q or Q/J).
CARD_POINTS: dict[str, int] = {"A": 11, "3": 10, "K": 4, "C": 3, "J": 2}


def new_game(**params: int | str | bool) -> _core.Game:
    """Loads Briscola with keyword parameters, e.g. ``new_game(players=4, scope="match")``.

    Parameters and defaults: ``ludoteca.load_game("briscola").params``; unknown or out-of-range values
    raise :class:`ludoteca.InvalidParameterError`.
    """
    return load_game("briscola", **params)
