"""Tysiąc (1000), the three-player race to 1000 points, in its Russian-style form (two- and four-handed
as presets).

Rules as implemented (``ludoteca rules tysiac``; 1000 as described at pagat.com):

* 24 cards, A 10 K Q J 9 in each suit (that order); points A 11, 10 10, K 4, Q 3, J 2 (120).
  Marriages, a king and queen of one suit declared in play: ♥ 100, ♦ 80, ♣ 60, ♠ 40.
* Deal: 7 cards each, one at a time from the dealer's left (F), and 3 to the prikup (widow).
* Auction: F must open with ``"bid 100"`` or more; then each bids higher (multiples of ``bid_step``) or
  ``"pass"``\\es for good. Bids over 120 (``max_without_marriage``) need a K-Q pair in hand;
  ``bid_cap="achievable"`` caps them at 120 plus the marriages held (``"400_points"``, the default: 400).
* The declarer shows and takes the prikup, gives one card face down to each opponent
  (``"give 9♥ left"``, then ``"give J♣ right"``; only the receiver sees it, ``pass_cards_face_up`` shows
  them), and names the final contract (``"contract 120"``: the bid or more, a raise over 120 needing a
  K-Q pair in the 8 cards) or abandons the hand (``"rospisat"``: the opponents score 60 each, the declarer
  a P mark; never on the barrel). A player whose 8 cards hold the four nines may ``"annul"`` (the same
  dealer redeals) or ``"play on"``.
* Play: the declarer leads; follow suit, else play a trump if a trump suit exists, else anything; no
  duty to beat (``must_overtake=True``: head the trick and over-trump when able). A player about to lead
  after winning the previous trick (so never on the first lead unless ``marriage_on_first_lead``) who
  holds K and Q of a suit may ``"marry ♥"`` and must then lead one of them: the marriage scores for them
  and that suit is trump at once, until another marriage replaces it.
* Scoring: the declarer scores + the contract if card points plus marriages reach it, else - the
  contract; each opponent scores their points rounded to the nearest 5 (``opponent_rounding=10``: to 10,
  ties up).
* ``scope="match"``: the race to 1000 (``target``). Scores from 880 up to 1000 are set to 880: the
  player is on the barrel and must win within three deals as a declarer making 120 or more (a smaller
  contract leaves 880; failing costs the contract and ends the barrel; after three deals: -120). On the
  barrel an opponent scores nothing. Bolts: an opponent off the barrel taking no card points in tricks
  (``bolt_trigger``) gets a bolt, every third costs 120; every third P mark costs 120. When several reach
  1000 in one deal the declarer wins, else the higher score, else the first from F clockwise. Returns:
  +1 for the winner, -1/2 for the others; a match still undecided after 1000 deals is a draw.
* ``ruleset="polish"``: bids in 10s, rounding to 10, the duty to beat, and a player with 800 or more
  scores only as declarer (``opponent_score_limit``).

* ``players=2`` (preset ``ruleset="two_handed"``, which also plays the Polish rules; as at zagraj.pl and
  gamedesire.com): 10 cards each, one at a time from the non-dealer, and two musiki of 2 cards. The
  auction ends at the first pass; the declarer takes ``"musik 1"`` or ``"musik 2"`` (shown to the
  other player; the other musik stays face down and counts for nobody), then ``"discard X"`` twice
  (face down; the discards count for the declarer); 10 tricks.
* ``players=4`` (preset ``ruleset="four_handed"``; pagat.com): the dealer deals to the other three
  and sits the deal out: no cards, no score, no marks, and the deal is not one of the dealer's three
  on the barrel. The gives go to the next two seats dealt in.

Choices where the rules are silent: the first dealer is seat 2 (seat 0 speaks first); several players
may sit on the barrel at once (``barrel_exclusive=True``: a newcomer knocks the others off); the
penalties of bolts and P marks apply before the barrel; four-nines redeals are not deals for the barrel.

Action ids: cards 0-23 (♣ ♦ ♥ ♠, each 9 10 J Q K A), then ``pass`` 24, ``bid 100``-``bid 400`` 25-85,
``give X left`` 86 + card, ``give X right`` 110 + card, ``contract 100``-``contract 400`` 134-194,
``rospisat`` 195, ``marry ♣/♦/♥/♠`` 196-199, ``annul`` 200, ``play on`` 201, ``musik 1``/``musik 2``
202-203, ``discard X`` 204 + card.
"""

from __future__ import annotations

from ludoteca import _core
from ludoteca.loading import load_game

__all__ = ["CARD_POINTS", "MARRIAGES", "new_game", "round_opponent"]

#: Card points by rank.
CARD_POINTS: dict[str, int] = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
#: Marriage values by suit symbol.
MARRIAGES: dict[str, int] = {"♥": 100, "♦": 80, "♣": 60, "♠": 40}


def new_game(**params: int | str | bool) -> _core.Game:
    """Loads Tysiąc with keyword parameters, e.g. ``new_game(scope="match", ruleset="polish")``.

    Parameters and defaults: ``ludoteca.load_game("tysiac").params``; unknown or out-of-range values raise
    :class:`ludoteca.InvalidParameterError`.
    """
    return load_game("tysiac", **params)


def round_opponent(points: int, to: int = 5) -> int:
    """An opponent's hand points rounded to the nearest multiple of ``to`` (ties up): 22 -> 20, 23 -> 25."""
    if to <= 0:
        raise ValueError(f"rounding must be positive, got {to}")
    return (points + to // 2) // to * to
