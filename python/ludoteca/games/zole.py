"""Zole (Zolīte), the Latvian three-player game of the big one against the two small ones.

Rules as implemented (``ludoteca rules zole``; Zole as described at pagat.com):

* 26 cards: A 10 K Q J 9 of ♣ ♠ ♥ and A 10 K Q J 9 8 7 of ♦. Trumps, high to low: Q♣ Q♠ Q♥ Q♦ J♣ J♠
  J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦; ♣ ♠ ♥ keep A 10 K 9. Points A 11, 10 10, K 4, Q 3, J 2 (120).
* Deal: 4 each from F (the dealer's left), 2 to the talon, 4 each. F, then the next seat, then the
  dealer each speak once: ``"pass"``, ``"take"`` (the talon joins the hand, then two ``"discard X"``),
  ``"zole"`` (the talon goes unseen to the small ones) or, with ``enable_maza_zole=True``,
  ``"maza zole"`` (win by taking no trick).
* F always leads the first trick; follow the *effective* suit; no duty to trump.
* The lielais wins with 61 or more (60:60 goes to the small ones). ``scoring="seed"``: the losers pay
  each winner 1, 2 (91+) or 3 chips (all 120; ``top_tier="no_trick"``: the losers took no trick), 4 more
  for a zole. ``ruleset="classic_lv"``: the classic Latvian table (take +1/+2/+3, -2/-3/-4 per opponent;
  zole +5/+6/+7, -6/-7/-8). Mazā zole +6 / -7 per opponent.
* All pass: each player puts a chip into the pool (``passed_out="pool"``) and the next dealer redeals
  (``redeal_same_dealer_after_passout=True``: the same one); the next hand actually played pays the pool
  to its winner(s) (small ones split it, an odd chip stays). ``"redeal_only"``: no chips.
* Returns are chips. A single-deal game redeals after a pass-out until a hand is played (its returns
  include the chips paid into the pool). ``scope="match"``: ``hands`` hands with the dealer rotating
  (pass-outs count); the returns are the running chip totals; the pool is part of the observation.

Choices where the common rules are silent: the first dealer is seat 2 (so seat 0 is F); chips left in the pool
when a match ends belong to nobody; ``passed_out="galdins"`` is refused (not specified).

Action ids: cards 0-25 (♣ A-9 by rank code, ♦, ♥, ♠), ``pass`` 26, ``take`` 27, ``zole`` 28,
``maza zole`` 29, ``discard <card>`` 30 + card.
"""

from __future__ import annotations

from ludoteca import _core
from ludoteca.games._queen_jack import CARD_POINTS, TRUMP_ORDER
from ludoteca.loading import load_game

__all__ = ["CARD_POINTS", "TRUMP_ORDER", "new_game"]


def new_game(**params: int | str | bool) -> _core.Game:
    """Loads Zole with keyword parameters, e.g. ``new_game(ruleset="classic_lv", scope="match")``.

    Parameters and defaults: ``ludoteca.load_game("zole").params``; unknown or out-of-range values raise
    :class:`ludoteca.InvalidParameterError`.
    """
    return load_game("zole", **params)
