"""Razz: seven-card stud for the lowest hand, fixed limit, 2 to 8 players.

Rules as implemented (``ludoteca rules razz``; the casino game as in the WSOP rules and on pagat.com):

* One 52-card pack; ace-to-five low (:mod:`ludoteca.poker`): aces low, straights and flushes do not
  count, pairs do; the best five of seven cards win, exact ties split the pot.
* Everyone antes ``ante``; two cards down and one up (the door card). The highest door card (K high, A
  low; equal ranks by suit, ♠ > ♥ > ♦ > ♣) posts the bring-in or completes to a full small bet. The
  bring-in is ``bring_in`` if given (1 <= bring-in < small bet), else half the small bet rounded down
  (``bring_in_fraction="third"``: a third, at least 1). Facing only the bring-in a player may fold,
  call it or complete; if everybody calls it the round ends.
* 4th, 5th and 6th street one card up, 7th street one card down. From 4th street the best low showing
  (2 to 4 up cards ranked by the same rules, suits ignored) opens; exact ties go to the first of them
  clockwise from the dealer. Small bets (``small_bet``) on 3rd and 4th street, big bets (twice as
  large) from 5th; one bet and three raises per round (``uncapped_heads_up``: no cap while two players
  are in the hand). A player may fold only when facing a bet.
* If the deck runs short on 7th street one community card is dealt face up for everyone (8 players
  staying in; 7 with ``burn_cards``, which burns a card before each of streets 4 to 7).
* Table stakes: all-in for less, side pots. A player left alone wins without showdown. Odd chips of a
  split pot go to the first winner clockwise from the dealer (``odd_chip_rule="first_after_dealer"``)
  or to the winner with the highest card by rank and suit (``"high_card_by_suit"``).
* ``scope="hand"``: one hand, the dealer in the last seat; returns are the chips won or lost.
  ``scope="match"``: ``hands`` hands with the dealer moving on and stacks carried over (a player with
  no chips sits out) until the hands are played or one player has all the chips.
* ``ruleset="casino"``: bring-in a third of the small bet, burns, heads-up uncapped.

Defaults: 2 players, ante 1, small bet 4 (bring-in 2, big bet 8), stacks of 400. Bots: ``random`` and
``rules`` (plays by the quality of its low and the boards it sees).

Action ids: cards 0-51 (chance: ♣ ♦ ♥ ♠, 2 to A within a suit), ``fold`` 52, ``check`` 53, ``call`` 54,
``bring in`` 55, ``complete`` 56, ``bet`` 57, ``raise`` 58.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca import _core

__all__ = ["MOVES", "Table", "new_game", "table", "to_phh"]

#: Betting actions by id.
MOVES: dict[int, str] = {
    52: "fold",
    53: "check",
    54: "call",
    55: "bring in",
    56: "complete",
    57: "bet",
    58: "raise",
}


def new_game(**params: int | str | bool) -> _core.Game:
    """Loads Razz with keyword parameters, e.g. ``new_game(players=6, ante=1, small_bet=10)``.

    Parameters and defaults: ``ludoteca.load_game("razz").params``; unknown or out-of-range values raise
    :class:`ludoteca.InvalidParameterError`.
    """
    if not params:
        return _core.load_game("razz")
    args = ",".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in params.items())
    return _core.load_game(f"razz({args})")


@dataclass(frozen=True)
class Table:
    """A Razz state's table, omniscient (like ``str(state)``; observations show a seat only its own
    down cards).

    ``hand``: hands finished before this one; ``street`` 3-7; ``dealer`` seat; ``pot``: everything put
    in, this round's bets included; ``stacks``: chips behind; ``bets``: this round's bets;
    ``hand_start``: stacks when the hand began; ``live``: still in the hand; ``down`` / ``up``: card ids
    per seat (up cards in the order dealt); ``community``: the shared 7th card if the deck ran short;
    ``moves``: for each legal betting action id, the round bet it makes (a call's, a raise's total).
    """

    hand: int
    street: int
    dealer: int
    pot: int
    stacks: list[int]
    bets: list[int]
    hand_start: list[int]
    live: list[bool]
    down: list[list[int]]
    up: list[list[int]]
    community: int | None
    moves: dict[int, int]


def table(state: _core.State) -> Table:
    """The table of a Razz state (:class:`Table`)."""
    return Table(**_core.razz_info(state))


def to_phh(state: _core.State) -> list[str]:
    """Every hand of the state's history as a document in PHH, the open poker hand-history format
    (``variant = "FR"``), which PokerKit and other tools read. Players are numbered ``p1 ...`` from the
    seat after the dealer; ``seats`` maps them back. Raises :class:`ludoteca.InvalidPositionError` for a
    hand that used the community card (PHH stud cannot write it)."""
    return _core.razz_phh(state)
