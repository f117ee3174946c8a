"""German ("Spanish") Solo for four players: questioning auction, called ace and secret partner.

Rules as implemented (``ludoteca rules solo``; German Solo as described at pagat.com):

* 32 cards, 8 each (3-2-3 from the eldest). One suit is the *colour* (``color_suit``, default clubs).
* Trumps for trump suit T, high to low: Q♣, 7 of T, Q♠, A K [Q if T is red] J 10 9 8 of T: the black
  queens are trumps in every contract. Plain suits A K Q J 10 9 8 7.
* Contracts (level, value): 1 simple in suit (2), 2 simple in colour (4), 3 solo in suit (4), 4 solo in
  colour (8), 5 tout in suit (16), 6 tout in colour (32). Simple games: the declarer calls an ace they
  lack; its holder is the secret partner and the two need 5 tricks. Solo: 5 tricks alone. Tout: all 8.
* Auction: from the eldest, ``"pass"`` or ``"ask"``; then one challenger at a time asks the next
  question (``"ask colour"``, ``"ask solo"``, ``"ask solo in colour"``, ``"ask tout"``,
  ``"ask tout in colour"``) and the holder answers ``"yes"`` or ``"pass"``. The winner declares, e.g.
  ``"solo in ♥"`` or ``"simple in colour ♣"``, then ``"call A♠"``. A seat with both black queens may
  not pass below level 3. All four pass: the holder of Q♣ shows it and plays a simple game.
* Play: the eldest leads; follow the effective suit. Made: the declarer (and partner) gain the value,
  failed: they lose it; ``zero_sum=True`` makes the other side pay (1 v 3: three times the value).
* ``scope="match"``: ``hands`` hands or until someone reaches ``point_threshold``; the top total wins.

Choices where the common rules are silent: the first dealer is seat 3 (seat 0 is the eldest); a declarer holding
every callable ace calls a king (``all_aces_fallback``); with ``early_termination`` a hand ends once its
result is decided while the sides are public (never before the called ace is played, which would
reveal the partner).

Action ids: cards 0-31, ``pass`` 32, questions 33-38, ``yes`` 39, declarations 40 + 4*(level-1) + suit
(suits ♣ ♦ ♥ ♠ = 0-3), ``call A<suit>`` 64-67, ``call K<suit>`` 68-71.
"""

from __future__ import annotations

from ludoteca import _core
from ludoteca.loading import load_game

#: Contract values by level (1-6).
VALUES: dict[int, int] = {1: 2, 2: 4, 3: 4, 4: 8, 5: 16, 6: 32}


def new_game(**params: int | str | bool) -> _core.Game:
    """Loads Solo with keyword parameters, e.g. ``new_game(color_suit="hearts", zero_sum=True)``.

    Parameters and defaults: ``ludoteca.load_game("solo").params``; unknown or out-of-range values raise
    :class:`ludoteca.InvalidParameterError`.
    """
    return load_game("solo", **params)
