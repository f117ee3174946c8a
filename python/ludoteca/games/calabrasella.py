"""Calabrasella, the Italian-American widow game: one player against the other two, no trumps.

Rules as implemented (``ludoteca rules calabrasella``; Calabrasella as described in Foster's Complete
Hoyle and at pagat.com):

* 40 cards (Italian suits, or a French pack without 8s, 9s and 10s: ``deck_style``). Strength, high to
  low: 3 2 A K C(Q) J 7 6 5 4. No trumps. Points: A 3; each 3, 2, K, C, J 1 (32 in cards), plus 3 for
  the last trick: 35 per deal.
* Three active players. With ``players=4`` the dealer takes no cards and sits out each deal.
* Deal: packets of 4 (``deal_packet=2``: of 2) from the dealer's next seat, 12 each; 4 face down to the
  widow.
* Bidding: from the dealer's next seat each says once ``"play"`` or ``"pass"``; the first ``"play"`` is
  the single player against the other two. All pass: thrown in without payment, the deal passes on (a
  single-deal game is dealt again).
* ``call_three=True``: the single player names (``"call 3♥"``) a 3 he lacks (if he holds all four, a
  2, and so on down); its holder hands it over openly and receives ``"give X"``, a card of the single
  player's choice that only the two of them see. A card called from the widow is not exchanged.
* Exchange: ``"discard X"`` 1 to 4 cards face down (``"done"`` after at least one), then the widow is
  turned face up and he takes (``"take X"``) as many of its cards. The discards and the unused widow
  cards (always 4) go to the winner of the last trick.
* Play: the dealer's next seat leads the first trick, whoever the single player is; follow suit if able;
  the highest card of the led suit wins; 12 tricks; the opponents share their pile.
* Settlement: the margin between the sides' points (odd, since 35 is; 70 if one side has all 35) is
  paid by each opponent to the single player, or by him to each opponent. ``players=4``: the dealer
  settles as a third opponent (``four_handed_settlement="dealer_with_opponents"``, Foster's Hoyle) or
  not at all (``"dealer_neutral"``).
* ``scope="match"``: ``game_end="paper"`` (first to ``target``, 100, checked after each deal; highest
  wins, ties play on; returns +1 to the winner, the others share -1) or ``game_end="chips"`` (``chips``
  each; over once a player has none; returns the chips won or lost). ``deal_limit`` bounds a match.

``ruleset="terziglio"``: the Italian Calabresella or Terziglio (pagat.com), counter-clockwise, a match
to 21 (``bidding="chiamo_solo_solissimo"``, ``counting="eleven"``, ``target=21``):

* Bidding: from the dealer's next seat each speaks once, ``"pass"`` or a bid above the highest so far,
  ``"chiamo"`` < ``"solo"`` < ``"solissimo"``; a solissimo ends it at once; the highest bidder plays
  alone. All pass: thrown in.
* Chiamo: he names any card he lacks (``"call 3♥"``); its holder hands it over openly. The widow is
  turned face up and taken whole; he gives the holder a card face up (``"give X"``, seen by all) and
  discards 4 face down. Solo: he takes the widow unseen and discards 4. Solissimo: no call, the widow
  stays face down. The 4 face-down cards go to the winner of the last trick.
* Counting: ace 1; each 3, 2, K, C, J a third, fractions dropped per side; last trick 1: 11 per deal.
  (Observations keep the card table in thirds: A 3, honours 1.) The single player needs 6.
* Settlement: the margin (odd, 1 to 11) times 1 for chiamo, 2 for solo, 3 for solissimo, paid by or
  to each opponent; no sweep bonus.

Sources compared: pagat.com, Calabresella (card values, counter-clockwise deal and play, the monte of
4, one chance each to bid from the dealer's right, chiamo < solo < solissimo, nothing after a
solissimo, all passing = a new deal, chiamo naming a card by rank and suit) agrees with the above; the
text we could read of it gives no payment table. The payments follow Wikipedia (Calabresella: the
soloist needs 6 of the 11 points and pays or receives the difference between the sides' points from
each opponent; game to 21) and Italian descriptions ("il solo raddoppia la vincita, il solissimo la
triplica": solo doubles the win, solissimo triples it). Not played: the solissimo variants in which
the opponents exchange with the widow (Wikipedia's "dividete" and "scegliete").

Irregularities of the table (misdeals, peeking at the widow, exposed cards, leading out of turn,
revoking) cannot happen here: every action is checked and an illegal one is refused without changing
the state.

Choices where the common rules are silent: the first dealer is the last seat (seat 0 speaks and leads
first); the single player may give back any card, even the one just called.

Action ids: cards 0-39 (♣ ♦ ♥ ♠, A 2-7 J C K), ``pass`` 40, ``play`` 41, ``done`` 42, ``call X``
43 + card, ``give X`` 83 + card, ``discard X`` 123 + card, ``take X`` 163 + card; with ``bidding="chiamo_solo_solissimo"`` also ``chiamo`` 203, ``solo`` 204,
``solissimo`` 205.
"""

from __future__ import annotations

from ludoteca import _core
from ludoteca.loading import load_game

__all__ = ["CARD_POINTS", "STRENGTH", "TOTAL", "new_game", "payment_per_opponent"]

#: Ranks from strongest to weakest (Italian labels; C is the Cavallo, the Queen of a French pack).
STRENGTH = ("3", "2", "A", "K", "C", "J", "7", "6", "5", "4")
#: Card points per rank (the last trick adds 3).
CARD_POINTS = {"A": 3, "3": 1, "2": 1, "K": 1, "C": 1, "J": 1, "7": 0, "6": 0, "5": 0, "4": 0}
#: Points in a deal: 32 in cards and 3 for the last trick.
TOTAL = 35


def new_game(**params: int | str | bool) -> _core.Game:
    """Loads Calabrasella with keyword parameters, e.g. ``new_game(players=4, call_three=True)``.

    Parameters and defaults: ``ludoteca.load_game("calabrasella").params``; unknown or out-of-range
    values raise :class:`ludoteca.InvalidParameterError`.
    """
    return load_game("calabrasella", **params)


def payment_per_opponent(single_points: int) -> int:
    """What each opponent pays the single player (negative: receives from him), given the single
    player's points out of 35: the margin, 70 for a sweep."""
    if not 0 <= single_points <= TOTAL:
        raise ValueError(f"single_points must be between 0 and {TOTAL}, not {single_points}")
    others = TOTAL - single_points
    margin = 2 * TOTAL if single_points in (0, TOTAL) else abs(single_points - others)
    return margin if single_points > others else -margin
