"""Samba, Canasta with sequences, for four players in two partnerships (partners opposite).

Rules as implemented (``ludoteca rules samba``):

* 162 cards: three 52-card decks and six jokers. Every physical card has a copy number (``"7♥#2"``,
  ``"X#4"``). Clockwise; seat 0 plays first; seats 0 and 2 play against 1 and 3.
* Fifteen cards each and an upcard. Red 3s are bonus cards: laid out at once and replaced (in a taken pile:
  laid out, not replaced).
* A turn: ``"draw stock"`` (``stock_draw`` cards: 1, or 2 in standard Samba) or ``"take pile"``, then meld,
  then ``"discard 7♥#2"``. Melds: sets of 3-7 cards of a rank 4..A with at most two wild cards (jokers, 2s)
  and at least two naturals; sequences of 3-7 cards of one suit from 4 to ace (ace high), no wild cards.
  Seven cards close a canasta (set) or a samba (sequence). Two sets of a rank may be merged. Black 3s are
  melded (3 to ``black3_meld_max``) only as the last meld of a player going out.
* The initial meld of a partnership reaches 15, 50, 90, 120 or 160 points by its score (below 0, 1,500,
  3,000, 7,000, and above), counted with ``>=``.
* The pile is never taken under a wild card or a black 3. Frozen (a wild card or red 3 inside) it needs a
  natural pair of the top card's rank; otherwise the top alone may also go on a partnership meld. The top is
  melded at once; the rest joins the hand after that meld (after the initial meld, for a side that has not
  melded, so the pile's other cards never count toward the minimum).
* Going out needs two canastas or sambas. ``"may I go out?"`` (before melding, once a turn) is answered by
  the partner (``"yes"`` / ``"no"``) and binds: no forbids going out this turn; yes, then not going out,
  costs 100.
* Empty stock: a player must take the pile; one who cannot ends the hand. A last stock card that is a red 3
  is laid out; the player may meld, then ``"end hand"``.
* Score per hand and partnership: card values melded (joker 50, 2 and ace 20, 8 to K 10, 4 to 7 and black
  3s 5), canastas 500 natural / 300 mixed, sambas ``samba_bonus`` (500, or 1,500 standard), red 3s 100
  each or 1,000 for all six (negative with fewer than two canastas), going out 200, less the cards left in
  both partners' hands. ``scope="match"`` (default) plays to ``target`` (10,000); a tie plays on.
* So that every game ends: a hand ends after 500 turns (scored, nobody went out), a match after 60 hands.

Melding is a sequence of small steps: ``"pick 9♠#1"`` moves a card into the pending meld (offered only if
the pending cards can still form a meld or go on one), ``"close"`` lays them as a new meld, ``"onto meld 2"``
adds them to the partnership's meld 2, ``"merge meld 1"`` merges set 1 with the next set of its rank that
can take it, and ``"cancel"`` takes the turn's unfinished work back (a pile take included; twice a turn).
The cards being laid are face up, so picks are public.
"""

from __future__ import annotations

from ludoteca import _core
from ludoteca.loading import load_game

__all__ = ["card_value", "initial_minimum", "new_game"]


def new_game(**params: int | str | bool) -> _core.Game:
    """Loads Samba with keyword parameters, e.g. ``new_game(scope="deal", stock_draw=2)``.

    Parameters and defaults: ``ludoteca.load_game("samba").params``; unknown or out-of-range values raise
    :class:`ludoteca.InvalidParameterError`.
    """
    return load_game("samba", **params)


def initial_minimum(score: int) -> int:
    """The points a partnership's initial meld must reach with ``score`` at the start of the hand."""
    if score < 0:
        return 15
    if score < 1500:
        return 50
    if score < 3000:
        return 90
    if score < 7000:
        return 120
    return 160


def card_value(card: str) -> int:
    """Meld value of a card by its name (``"X#1"``, ``"A♠#2"``, ``"7♥"``): joker 50, 2 and ace 20, 8 to K 10,
    4 to 7 and black 3s 5; red 3s are bonus cards scored apart (0 here)."""
    text = card.split("#")[0].strip().upper()
    if text in ("X", "JOKER"):
        return 50
    rank, suit = text[:-1], text[-1:]
    if rank == "3":
        return 5 if suit in ("♣", "♠", "C", "S") else 0
    if rank in ("2", "A"):
        return 20
    if rank in ("8", "9", "10", "T", "J", "Q", "K"):
        return 10
    if rank in ("4", "5", "6", "7"):
        return 5
    raise ValueError(f"not a card: {card!r}")
