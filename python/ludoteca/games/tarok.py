"""Slovenian Tarok for four (or three) players, and the improvised Tarok deck made of two standard packs.

Rules as implemented (``ludoteca rules tarok``; Slovenian Tarok as described at pagat.com):

* 54 cards: 22 taroks (Pagat I .. Mond XXI, Škis highest) and four suits (black K Q C J 10 9 8 7, red
  K Q C J 1 2 3 4). Points K 4, Q 3, C 2, J 1, Škis, Mond and Pagat 4, plus one point per three cards of
  a pile (two left over count one more): 70 in all.
* Six cards form the talon, then 12 each in packets of six from forehand (the dealer's right, seat 0 with
  the first dealer seat 3). A hand without a tarok is redealt by the same dealer and the next hand is a
  forced Klop unless someone bids Solo without or higher.
* Forehand holds an implicit Three; the others bid Two, One, the solos, Beggar, Solo without, Open beggar,
  Colour valat without and Valat without (equal bids need priority); the last bidder names the final
  contract, forehand alone may choose Klop.
* Three, Two, One: call a king (its holder is the secret partner); the talon is shown in groups of 3, 2
  or 1 cards, the declarer takes one and discards as many (never kings, Mond or Škis; taroks only when
  nothing else is left, and then shown). A called king in the talon may be forfeited (-value).
* Follow suit, else play a tarok. Klop and the beggars: beat the trick if able, Pagat only as the last
  resort. Škis, Mond and Pagat in one trick: Pagat wins.
* Scoring: value plus the difference from 35 (36 wins), silent bonuses (trula, kings, king ultimo 10,
  pagat ultimo 25, valat 250), a captured Mond costs its owner 21, Klop scores each pile; radelci double
  the declarer's hand and cost 100 each at the end of a match.
* Announcements and kontra, after the talon (every contract but Klop): one round from forehand, ended
  by four passes in a row. Anyone may announce trula, kings or valat for their team, Pagat's holder
  pagat ultimo, the called king's holder king ultimo (which shows the partnership); announced bonuses
  count double and go to the other team if they fail, an announced ultimo card is held back until the
  last trick, and an announced valat (500, made or lost) replaces every other score. Kontra (x2),
  rekontra (x4), subkontra (x8) and mordkontra (x16) double the game or one announced bonus, called
  alternately by its owner's opponents and its owner's side, and only by a player sure which side the
  owner is on.

* Beggar emperor lead (``beggar_emperor_lead``, on in the seed preset, off in ``pagat`` and
  ``openspiel``): in the announcement round a Beggar or Open beggar declarer holding Škis may call
  ``emperor lead``; it then leads Škis, the holders of Mond and Pagat must play them to that trick, and
  if all three fall Pagat wins and play goes on. Open beggar has it too: it is played the same as a
  Beggar apart from the open hand.
* ``first_dealer`` (default -1, the last seat) sets the first dealer, as in the other trick games.
* Rule flags, defaults as above: ``mond_left_in_talon_penalty``, ``round_difference_to_5``,
  ``klop_round_to_5``, ``emperor_requires_pagat_after_both``, ``queen_call_if_all_kings`` (false);
  ``forfeit_when_king_in_talon``, ``discard_taroks_last_resort``, ``radelc_cross_partner``,
  ``klop_radelc_doubling``, ``no_tarok_redeal``, ``forced_klop_after_no_tarok``,
  ``colour_valat_suits_first``, ``stop_when_decided`` (true); ``open_beggar_expose``
  (``after_first_trick`` or ``before_first_lead``); ``klop_kontra`` (false: a doubling round before
  Klop's first lead, any player calling the next level but not twice in a row, each level doubling
  every Klop score); ``valat_announcer_leads`` (false); ``forced_klop_allows_sw_overcall`` (false:
  the Klop forced by a return to zero may then be overcalled by Solo without or higher).
* A discarded Pagat lies in the declarer's pile and counts for that side's trula.

* Three-handed (``players=3``, or ``ruleset="three_handed"``), the three-player game of pagat.com's
  Slovenian Tarok page: the talon of six, then 16 cards each in packets of eight. There is no king
  call, so Three, Two and One are played alone against the other two and the solo three, two and one
  are not offered (OpenSpiel's three-player Tarok skips them too); hence no colour valat raise and no
  king ultimo. The rest is the four-handed game with three seats: 16 tricks, forehand's implicit
  Three, Klop's six talon gifts, the announcement round ending after three passes in a row.
"""

from __future__ import annotations

from ludoteca import _core
from ludoteca.loading import load_game

__all__ = ["count", "improvised_alias", "improvised_card", "improvised_deck", "new_game"]

HONOURS = {"K": 4, "Q": 3, "C": 2, "J": 1}
TRULA = {"I", "XXI", "Škis"}

_ROMAN = [
    "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI",
    "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI",
]  # fmt: skip


def new_game(**params: int | str | bool) -> _core.Game:
    """Loads Slovenian Tarok with keyword parameters, e.g. ``new_game(ruleset="pagat", scope="match")``."""
    return load_game("tarok", **params)


def count(cards: list[str]) -> int:
    """Card points of a pile given by card names (``"K♥"``, ``"XXI"``, ``"Škis"``): honours plus
    ``round(n/3)`` (a third of the pile, two left-over cards counting one)."""
    honours = sum(4 if c in TRULA else HONOURS.get(c[:-1], 0) for c in cards)
    return honours + (len(cards) + 1) // 3


def improvised_deck() -> dict[str, tuple[int, str]]:
    """The improvised Tarok deck: each of the 54 Tarok cards mapped to (deck number, standard card).

    ``new_game(deck_names="improvised")`` names the cards this way in actions and observations
    (``A♠(I)``, ``10♦(XXI)``, ``Joker(Škis)``, ``J♣(C♣)`` for deck 2's marked jack, ``A♥(1♥)``; cards
    whose names agree, like ``K♥``, as they are); the Tarok names still parse.

    Deck 1 gives the 12 court cards, A-4 of ♥ and ♦ (the ace is the red "1") and 7-10 of ♣ and ♠; deck
    2's four jacks, marked "C", are the cavaliers; deck 2's A-6♠, A-6♣, 6-10♥ and 7-10♦ are the trumps I
    to XXI (I = A♠, XXI = 10♦) and its joker is the Škis. Ten cards of deck 2 stay unused.
    """
    out: dict[str, tuple[int, str]] = {}
    for suit in "♣♦♥♠":
        red = suit in "♥♦"
        pips = ["1", "2", "3", "4"] if red else ["7", "8", "9", "10"]
        for p in pips:
            out[p + suit] = (1, ("A" if p == "1" else p) + suit)
        for r in "KQJ":
            out[r + suit] = (1, r + suit)
        out["C" + suit] = (2, "J" + suit)
    trumps = (
        [r + "♠" for r in ["A", "2", "3", "4", "5", "6"]]
        + [r + "♣" for r in ["A", "2", "3", "4", "5", "6"]]
        + [r + "♥" for r in ["6", "7", "8", "9", "10"]]
        + [r + "♦" for r in ["7", "8", "9", "10"]]
    )
    for name, card in zip(_ROMAN, trumps, strict=True):
        out[name] = (2, card)
    out["Škis"] = (2, "Joker")
    return out


def improvised_alias(name: str) -> str:
    """The name ``new_game(deck_names="improvised")`` gives the Tarok card ``name``: the standard card
    of :func:`improvised_deck` that stands for it, with the Tarok name in brackets where the two differ
    (``improvised_alias("I") == "A♠(I)"``, ``"C♣"`` gives ``"J♣(C♣)"``, ``"K♥"`` stays ``"K♥"``).

    Raises ``KeyError`` naming the card if ``name`` is not one of the 54 Tarok cards.
    """
    deck = improvised_deck()
    if name not in deck:
        raise KeyError(f"{name!r} is not a Tarok card (I..XXI, Škis, or a suit card such as K♥ or C♣)")
    standard = deck[name][1]
    return standard if standard == name else f"{standard}({name})"


def improvised_card(standard: str, pack: int | None = None) -> str | None:
    """The Tarok card that the standard card ``standard`` (``"A♠"``, ``"10♦"``, ``"Joker"``) of the
    improvised deck stands for, or ``None`` if that card is one of the unused ones.

    ``pack`` (1 or 2) says which of the two standard packs the card comes from; without it the card is
    looked up in both and the one that is used is given, pack 1's where both are (only the jacks:
    ``"J♣"`` alone is pack 1's J♣, ``improvised_card("J♣", pack=2)`` is the cavalier ``"C♣"``), as the
    engine parses a standard name.
    """
    if pack not in (None, 1, 2):
        raise ValueError(f"pack must be 1 or 2 (or None for either), not {pack!r}")
    found = {d: name for name, (d, card) in improvised_deck().items() if card == standard}
    if pack is not None:
        return found.get(pack)
    return found.get(1, found.get(2))
