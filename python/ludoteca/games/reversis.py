"""Reversis, the four-player game of taking as few points as possible, with a chip economy.

Rules as implemented (``ludoteca rules reversis``; Reversis as described in Parlett's *Penguin Book of
Card Games* and at pagat.com):

* 48 cards (no tens), no trumps, clockwise. Card points A 4, K 3, Q 2, J 1 (40 in the pack).
* Deal: 11 each one at a time from the eldest (the dealer's left), one more to the dealer, then one
  face-down card in front of each non-dealer. The first hand's antes (5 each, 10 from the dealer) form
  the first pot; each later deal the dealer antes 5 to the most recent pot.
* Exchange: the dealer discards one card (``"discard X"``); each non-dealer in turn either discards one
  and takes the face-down card unseen (``"discard X"``) or ``"decline"``\\ s and looks at it (it stays
  out, seen only by them). The four cards left out are the talon.
* Play: the eldest leads; follow suit; the highest card of the led suit wins; 11 tricks.
* Aces (A♦ is worth 2 chips, the others 1) and the Quinola (J♥): an ace placed on another suit's lead
  is paid by the trick winner; an ace played by a non-leader to its own suit pays the leader, even if
  its holder had a lower card. The J♥ placed is paid 5 by the trick winner and takes the most recent
  pot (the only pot taken is replaced at once by new antes); the J♥ played to a heart lead pays the
  leader 10, the other two pay the leader 5 each, and its player pays a remise. A remise is the size of
  the most recent pot: it doubles that pot if the pot was just formed by antes, otherwise it forms a
  new pot. Aces and the J♥ led can be claimed at the end by the party winner (1 or 2 per ace; 10 from
  the J♥'s leader and 5 from each other player), automatically with ``auto_claim=True``, else with a
  ``"claim"`` or ``"forfeit"`` action.
* Party: fewest card points wins, most loses; ties favour fewer tricks, then the dealer, then the
  dealer's left and so on (``loser_tiebreak``: the favoured tied player is spared, or is the loser).
  The loser pays the winner 4 + the talon's points (``talon_bonus_values="parlett"``: A♦ 5, J♥ 3),
  doubled if they sit opposite.
* Espagnolette: holding all four aces, or three and the J♥, after the exchange, a player may renounce
  (not follow suit though able) in tricks 1-9; doing so undertakes it. Taking no trick wins the party;
  taking one loses it, repays double every chip received for aces and the J♥, returns a pot taken and
  pays a remise; from then on they must follow (``espagnolette_after_failure``).
* Reversis: winning tricks 1-9 refunds every chip paid in the hand (a pot taken goes back) and there is
  no party. Winning all 11 collects 32 from the opposite player and 16 from each neighbour (from an
  undertaken espagnolette player alone, 64), and the most recent pot if its J♥ was played; losing trick
  10 or 11 pays 64 to that trick's winner (54 if the J♥ won it), and a remise if its J♥ was played.
* Returns are chips won or lost. ``scope="match"``: chips and pots carry over, for ``hands`` hands or
  until a player's stack (``starting_chips``) is gone; the returns are the chip totals.

Choices where the common rules are silent: the first dealer is seat 3 (seat 0 is the eldest); a hand
that is a reversis plays out tricks 10 and 11 (no chips move in them); when every player has the same
points, the loser is chosen among the players other than the winner; a failed espagnolette's returned
pot becomes the most recent one.

Every chip movement is public: :func:`payments` lists the hand's payments with payer, payee and rule
(also in the observation text under ``payments:``), :func:`chips` each seat's stack and :func:`pots`
the pots.

Action ids: cards 0-47 (♣ ♦ ♥ ♠, ranks 2-9 J Q K A), ``decline`` 48, ``claim`` 49, ``forfeit`` 50,
``discard <card>`` 51 + card.
"""

from __future__ import annotations

from typing import NamedTuple

from ludoteca import _core
from ludoteca.loading import load_game

__all__ = ["CARD_POINTS", "Payment", "chips", "new_game", "party_payment", "payments", "pots"]

#: Card points by rank letter.
CARD_POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}


class Payment(NamedTuple):
    """One chip movement: payer and payee (``"seat 2"``, ``"pot 1"``, pots numbered oldest first),
    chips and the rule that moved them."""

    payer: str
    payee: str
    amount: int
    rule: str


def new_game(**params: int | str | bool) -> _core.Game:
    """Loads Reversis with keyword parameters, e.g. ``new_game(scope="match", hands=6)``.

    Parameters and defaults: ``ludoteca.load_game("reversis").params``; unknown or out-of-range values
    raise :class:`ludoteca.InvalidParameterError`.
    """
    return load_game("reversis", **params)


def payments(state: _core.State) -> list[Payment]:
    """Every chip movement of the current hand, in order (public), e.g.
    ``Payment("seat 1", "pot 1", 25, "remise")``. Pots are numbered from 1, oldest first, as they stood
    at that payment. Raises ``TypeError`` for a state of another game."""
    return [Payment(*p) for p in _core.reversis_payments(state)]


def chips(state: _core.State) -> list[int]:
    """Each seat's chips now: the starting stack plus everything won, minus everything paid (the
    ledger is signed, so a stack may go negative within a hand)."""
    return _core.reversis_chips(state)


def pots(state: _core.State) -> tuple[list[int], bool]:
    """The pots' sizes, oldest first (the last is the most recent), and whether the next remise
    doubles the most recent pot (it was just formed by antes)."""
    return _core.reversis_pots(state)


def party_payment(winner: int, loser: int, talon_points: int) -> int:
    """The party payment: 4 + the talon's points, doubled when winner and loser sit opposite."""
    base = 4 + talon_points
    return 2 * base if (winner - loser) % 4 == 2 else base
