"""Kabu (Sid Sackson's Western-deck version, *Card Games Around the World*, 1981), 2 to 6 players.

Rules as implemented (``ludoteca rules kabu``):

* 40 cards, ace to 10 of each suit; the ace counts 1, the others their face value. A hand scores its
  total mod 10: 9 is best, 10 and 20 score 0. The full deck is shuffled every hand.
* Two cards face down to everyone, one at a time from the dealer's left (E). Then, in rounds from E,
  each player still in draws one card face down or stands. Standing is final (``pass_is_final=True``;
  with False a pass only skips the round and the drawing ends after a round without a draw). Nobody
  draws more than twice. How many cards each player drew is public, the cards are not.
* Showdown: every player pays each opponent with a higher score the difference (scores 9, 9, 4: the 4
  pays 5 to each 9). The settlement is zero-sum.
* ``scope="hand"`` (default): one hand, the dealer in the last seat; returns are the chips won or lost.
  ``scope="match"``: everyone starts with ``stack`` chips (default 10 + 15 per player), the deal passes
  left, and the game ends at the first settlement a player cannot pay (``insolvency_check="gross"``:
  the total owed exceeds their chips; ``"net"``: the loss after what they receive). That settlement is
  void (``final_settlement="void"``) or settled among the players who can pay (``"others_settle"``;
  ``ruleset="lenient"`` sets both alternatives). At most ``max_hands`` hands. Most chips wins; ties
  share: each of k winners gets (n - k) / k, everyone else -1.

Bots: ``random``, ``threshold`` (draws at 5 or less) and ``best`` (a threshold per player count and
cards drawn, found by simulation against ``threshold``; see the Rust docs of ``games::kabu::bot``).

Action ids: cards 0-39 (chance: ♣ ♦ ♥ ♠, ace to 10 within a suit), ``draw`` 40, ``stand`` 41.
"""

from __future__ import annotations

from ludoteca import _core

__all__ = ["DRAW", "STAND", "new_game", "score"]

DRAW = 40
STAND = 41


def score(values: list[int]) -> int:
    """The Kabu score of card values (ace 1 ... 10): their total mod 10."""
    if any(not 1 <= v <= 10 for v in values):
        raise ValueError(f"card values are 1 (ace) to 10, got {values!r}")
    return sum(values) % 10


def new_game(**params: int | str | bool) -> _core.Game:
    """Loads Kabu with keyword parameters, e.g. ``new_game(players=4, scope="match")``.

    Parameters and defaults: ``ludoteca.load_game("kabu").params``; unknown or out-of-range values raise
    :class:`ludoteca.InvalidParameterError`.
    """
    if not params:
        return _core.load_game("kabu")
    args = ",".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in params.items())
    return _core.load_game(f"kabu({args})")
