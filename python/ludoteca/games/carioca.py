"""Carioca, the Chilean and Argentine contract rummy (pagat.com), for 2 to 5 players.

Rules as implemented (``ludoteca rules carioca``):

* 108 cards: two 52-card decks and four jokers. Every physical card has a copy number, so records name the
  exact card: ``"7♥#2"``, ``"X#4"`` (``"7h#2"``, ``"joker#4"`` also parse). Play goes to the right; seats are
  numbered in turn order and seat 0 plays first (the last seat deals first; the deal passes on).
* Eleven cards each (twelve for the three-escalera hand), one upcard; a joker upcard may be drawn.
* A turn: ``"draw stock"`` (the card is a chance event) or ``"take pile"``, then meld, then
  ``"discard 7♥#2"``.
* Contracts in order (``CONTRACTS``): two trios; trio + escalera; two escaleras; three trios; two trios +
  escalera; trio + two escaleras; three escaleras (``contract_sequence="chilean"`` adds four trios as an
  eighth hand). A trio is cards of one rank (suits may repeat); an escalera four or more of one suit in
  sequence, the ace low or high but never both, no wrap-around, at most 13 cards.
* The contract goes down on one turn, all at once: trios of exactly 3 and escaleras of exactly 4
  (``contract_meld_exact_size=False``: at least 3 / 4), at most one joker in each, nothing else that turn.
* From the next turn, a player whose contract is down may add cards to any meld (jokers freely) and replace
  a joker in an escalera by the card it stands for; the joker moves to an open end.
* The hand ends when a player has no cards left (``go_out_requires_discard=True``: the last card must be
  discarded). The others score their cards: joker 50, ace 20, J Q K 10, others their face value.
* Empty stock (``stock_exhaustion``): the pile except its top becomes the stock (``"reshuffle"``, at most
  three times a hand), or the hand ends with no score (``"end_hand_no_score"``). So that every game ends,
  a fourth exhaustion or a 400th turn also ends the hand with no score.
* ``scope="match"`` (default) plays every contract; the lowest total wins. ``scope="deal"`` plays one hand.
  Returns are minus the penalty points; ``scores`` are the penalty totals.

Choices where the rules are silent: a card taken from the pile may be discarded again the same turn; two
trios of a contract may share a rank and two escaleras a suit.

Melding goes in small steps so that every action id is fixed and every step is checked:

* Laying the contract: ``"pick 7♥#1"`` moves a card into the pending meld; the melds are built one at a time,
  escaleras first, then trios; ``"close"`` ends a meld (``"close low"`` / ``"close high"`` when an escalera
  can lie two ways: the joker, or an ace, at the low or the high end). A pick or close is offered only if
  the whole contract can still be completed. When the last meld closes, the contract goes on the table.
  ``"cancel"`` takes everything back (twice a turn at most).
* Adding to a meld: ``"pick 9♦#1"`` then ``"onto meld 0"`` (a trio), ``"meld 1 low"`` / ``"meld 1 high"``
  (an escalera's end) or ``"swap joker meld 1 high"`` (replace the joker standing for the card; the joker
  moves to that end). Meld numbers are table order.

Without a copy number, ``"discard 7♥"`` and ``"pick 7♥"`` mean the lowest copy in the mover's hand.
"""

from __future__ import annotations

from ludoteca import _core
from ludoteca.loading import load_game

__all__ = ["CONTRACTS", "card_value", "new_game"]

#: pagat's seven contracts as (trios, escaleras).
CONTRACTS: tuple[tuple[int, int], ...] = ((2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3))


def new_game(**params: int | str | bool) -> _core.Game:
    """Loads Carioca with keyword parameters, e.g. ``new_game(players=3, scope="deal")``.

    Parameters and defaults: ``ludoteca.load_game("carioca").params``; unknown or out-of-range values raise
    :class:`ludoteca.InvalidParameterError`.
    """
    return load_game("carioca", **params)


def card_value(card: str) -> int:
    """Penalty points of a card left in hand, by its name (``"X#1"``, ``"A♠#2"``, ``"7♥"``): joker 50,
    ace 20, J Q K 10, 2 to 10 their face value."""
    rank = card.split("#")[0].strip().upper().rstrip("♣♦♥♠CDHS")
    if rank in ("X", "JOKER"):
        return 50
    if rank == "A":
        return 20
    if rank in ("J", "Q", "K"):
        return 10
    if rank == "T":
        return 10
    value = int(rank)
    if not 2 <= value <= 10:
        raise ValueError(f"not a card: {card!r}")
    return value
