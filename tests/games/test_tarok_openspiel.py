"""Slovenian Tarok against OpenSpiel's ``tarok`` (a test-only oracle): the same deals, the same random
choices, and at every decision the same legal actions, then the same scores.

``tarok(ruleset=openspiel)`` is the bundle of rule flags OpenSpiel plays. Where the two still differ
it is a documented departure of ours (rules file section in brackets), each detected here from the
position itself and counted, never silently skipped:

* [§7.7] OpenSpiel has no announcement or kontra round: ours is passed through (four passes).
* [§7.6 step 7] OpenSpiel has no colour valat raise after a solo's discard: ours answers "no raise".
* [§7.6 step 3] OpenSpiel cannot forfeit when the called king lies in the talon: ours can, and the
  test never chooses it.
* [§7.8 negative contracts, §8 caution] OpenSpiel forces Pagat onto Škis and Mond even when the
  player can follow the led plain suit; ours only when the player is playing taroks.
* [§7.8 colour valat] the declarer may not lead a tarok while holding a plain card (OpenSpiel allows
  it).

Scores are compared for every finished deal except the named cases where OpenSpiel scores otherwise:

* [§7.9 valat, §8 caution] a valat in Three .. Solo one (OpenSpiel looks for 48 collected cards,
  which the discards make impossible) and Solo without taken by one side whole (±250 for us);
* [ST16] the Mond left in the unchosen talon (OpenSpiel charges the declarer);
* [§7.9 bonuses] trula and kings (OpenSpiel's test ``kKingOfDiamondsAction == 37`` counts every card
  as a king and never reaches the trula), and both the called king and Pagat in the last trick
  (OpenSpiel scores only the king ultimo);
* a deal whose play had to leave OpenSpiel's line because of one of the legal-action departures.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import ludoteca

pyspiel = pytest.importorskip("pyspiel")

_ROMAN = [
    "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI",
    "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI",
]  # fmt: skip
_RED = ["4", "3", "2", "1", "J", "C", "Q", "K"]
_BLACK = ["7", "8", "9", "10", "J", "C", "Q", "K"]
_CONTRACTS = [
    "klop", "three", "two", "one", "solo three", "solo two", "solo one", "beggar",
    "solo without", "open beggar", "colour valat without", "valat without",
]  # fmt: skip
_GROUP = {"three": 3, "two": 2, "one": 1, "solo three": 3, "solo two": 2, "solo one": 1}
_NORMAL = set(_GROUP)
_PHASE = pyspiel.TarokGamePhase


def _os_card(a: int) -> str:
    """Our name of OpenSpiel's card id (taroks 0..21, then ♥ ♦ ♠ ♣, each from its lowest card)."""
    if a < 21:
        return _ROMAN[a]
    if a == 21:
        return "Škis"
    suit, rank = divmod(a - 22, 8)
    return (_RED if suit < 2 else _BLACK)[rank] + "♥♦♠♣"[suit]


def _os_name(st: Any, a: int) -> str:
    """Our name of OpenSpiel's action ``a`` in its current phase."""
    phase = st.current_game_phase()
    if phase == _PHASE.BIDDING:
        return "pass" if a == 0 else _CONTRACTS[a - 1]
    if phase == _PHASE.KING_CALLING:
        return "call " + _os_card(a)
    if phase == _PHASE.TALON_EXCHANGE:
        return f"talon {a + 1}" if len(st.talon()) == 6 else "discard " + _os_card(a)
    return _os_card(a)


def _names(st: ludoteca.State) -> list[str]:
    return [st.action_to_string(a) for a in st.legal_actions()]


def _plain(name: str) -> bool:
    return name[-1] in "♥♦♠♣"


class _Deal:
    """One deal played in both engines with the same random choices."""

    def __init__(self, game: ludoteca.Game, os_game: Any, rng: random.Random, seen: Counter[str]) -> None:
        self.rng, self.seen = rng, seen
        self.n = n = game.num_players()
        self.os = os_game.new_initial_state()
        self.os.apply_action(0)  # OpenSpiel deals in one opaque chance action.
        self.talon = [_os_card(a) for a in self.os.talon()]
        self.hands = [[_os_card(a) for a in self.os.player_cards(p)] for p in range(n)]
        self.ours = game.new_initial_state(explicit_chance=True)
        # Ours deals the talon first (kept in order), then six cards a seat from forehand, twice (eight
        # three-handed).
        k = 48 // n // 2
        order = self.talon + [c for r in range(2) for h in self.hands for c in h[k * r : k * r + k]]
        for name in order:
            assert self.ours.is_chance_node()
            self.ours.apply_action(name)
        self.contract = ""
        self.declarer = -1
        self.partner: int | None = None
        self.group: list[str] = []
        self.left_line = False
        self.last_trick: list[str] = []
        self.trick: list[str] = []
        self.seats: list[int] = []
        self.last_seats: list[int] = []

    def skip_our_extra_phases(self) -> None:
        """Our phases OpenSpiel does not have: the colour valat raise and the announcement round."""
        while not self.ours.is_terminal() and self.os.current_game_phase() == _PHASE.TRICKS_PLAYING:
            names = _names(self.ours)
            if "no raise" in names:
                self.ours.apply_action("no raise")
                self.seen["§7.6 no colour valat raise in OpenSpiel"] += 1
            elif names and names[0] == "pass":
                self.ours.apply_action("pass")
                self.seen["§7.7 announcement round passed"] += 1
            else:
                return

    def explained(self, os_names: set[str], our_names: set[str]) -> bool:
        """Whether the two legal sets agree, or differ only by one of the named departures."""
        if os_names == our_names:
            return True
        if our_names - os_names == {"forfeit"} and os_names < our_names:
            self.seen["§7.6 forfeit with the called king in the talon"] += 1
            return True
        trick = self.trick
        if os_names == {"I"} and {"Škis", "XXI"} <= set(trick) and _plain(trick[0]):
            # OpenSpiel forces Pagat on Škis and Mond although the player follows the led plain suit.
            if our_names and all(_plain(n) and n[-1] == trick[0][-1] for n in our_names):
                self.seen["§7.8 Pagat forced while following a plain suit"] += 1
                return True
        if self.contract == "colour valat without" and not trick and our_names < os_names:
            if not any(_plain(n) for n in os_names - our_names):
                self.seen["§7.8 colour valat: no tarok lead while holding a plain card"] += 1
                return True
        return False

    def play(self) -> int:
        """Plays the deal to OpenSpiel's end; returns the number of positions compared."""
        compared = 0
        while not self.os.is_terminal():
            self.skip_our_extra_phases()
            assert not self.ours.is_terminal(), f"{self.contract}: ours ended before OpenSpiel"
            assert self.ours.current_player() == self.os.current_player()
            phase = self.os.current_game_phase()
            os_legal = {_os_name(self.os, a): a for a in self.os.legal_actions()}
            our_names = set(_names(self.ours))
            assert self.explained(set(os_legal), our_names), (
                f"{self.contract}: OpenSpiel {sorted(os_legal)} ours {sorted(our_names)} trick {self.trick}"
            )
            compared += 1
            both = sorted(set(os_legal) & our_names)
            if set(os_legal) - our_names:
                self.left_line = True  # OpenSpiel could go where ours may not: scores not compared
            if not both:
                return compared
            name = self.rng.choice(both)
            if phase == _PHASE.BIDDING and self.rng.random() < 0.8:
                # Mostly pass, and call the lowest contract: uniform bids would nearly always end in
                # Beggar or higher, and Klop and the talon contracts would hardly be played.
                name = (
                    "pass"
                    if "pass" in both
                    else both[0]
                    if both[0] != "klop" or self.rng.random() < 0.5
                    else both[1]
                )
            player = self.os.current_player()
            if name.startswith("talon "):
                k = _GROUP[self.contract]
                g = int(name.split()[1]) - 1
                self.group = self.talon[g * k : g * k + k]
            if name.startswith("call "):
                king = name[5:]
                self.partner = next((p for p in range(4) if p != player and king in self.hands[p]), None)
            self.os.apply_action(os_legal[name])
            self.ours.apply_action(name)
            if phase == _PHASE.BIDDING and self.os.current_game_phase() != phase:
                self.contract, self.declarer = name, player
            if phase == _PHASE.TRICKS_PLAYING:
                self.trick.append(name)
                self.seats.append(player)
                if len(self.trick) == self.n:
                    self.last_trick, self.trick = self.trick, []
                    self.last_seats, self.seats = self.seats, []
        return compared

    def score_departure(self) -> str | None:
        """The named reason OpenSpiel scores this deal otherwise, if any."""
        locs = self.ours.card_locations() or {}
        team = {self.declarer, self.partner} - {None}
        piles = [set(), set()]  # type: list[set[str]]
        sizes = [0, 0]
        for p in range(self.n):
            cards = {self.ours.action_to_string(c) for c in locs[f"won {p}"]}
            piles[p not in team] |= cards
            sizes[p not in team] += len(cards)
        if self.contract in _NORMAL:
            if 0 in sizes:
                return "§7.9 valat in a normal contract"
            if "XXI" in self.talon and "XXI" not in self.group:
                return "ST16 Mond left in the talon"
            if "I" in self.last_trick and any(c.startswith("K") for c in self.last_trick):
                return "§7.9 both ultimos in the last trick"
            if "I" in self.last_trick:
                # OpenSpiel gives the silent pagat ultimo to whoever takes the last trick; ours only
                # when Pagat wins it, and a partner overtaking Pagat neither makes nor loses it.
                pagat_seat = self.last_seats[self.last_trick.index("I")]
                pile = {p: {self.ours.action_to_string(c) for c in locs[f"won {p}"]} for p in range(self.n)}
                winner = next(p for p in range(self.n) if set(self.last_trick) <= pile[p])
                if winner != pagat_seat and (winner in team) == (pagat_seat in team):
                    return "§7.9 Pagat overtaken by its own side in the last trick"
            for pile in piles:
                if {"I", "XXI", "Škis"} <= pile or {"K♥", "K♦", "K♠", "K♣"} <= pile:
                    return "§7.9 trula or kings (OpenSpiel's king test)"
            if 4 in (sizes[0] + len(locs["stock"]), sizes[1]):
                return "§7.9 a four-card pile (OpenSpiel's king test)"
        if self.contract == "solo without" and 0 in sizes:
            return "§7.9 solo without taken whole (±250)"
        return None


@pytest.mark.parametrize(("players", "want"), [(4, 10_000), (3, 5_000)])
def test_legal_actions_and_scores_agree_with_openspiel(players: int, want: int) -> None:
    """At least 10,000 positions four-handed (5,000 three-handed: OpenSpiel's three-player game has
    no king call and no solo three/two/one, as ours); every difference is one of the named
    departures."""
    game = ludoteca.load_game(f"tarok(ruleset=openspiel,players={players})")
    os_game = pyspiel.load_game("tarok", {"players": players, "rng_seed": 2026})
    rng = random.Random(2026)
    seen: Counter[str] = Counter()
    positions = scored = deals = 0
    while positions < want:
        deals += 1
        deal = _Deal(game, os_game, rng, seen)
        positions += deal.play()
        if deal.left_line:
            seen["deals that left OpenSpiel's line"] += 1
            continue
        deal.skip_our_extra_phases()
        assert deal.ours.is_terminal(), deal.contract
        reason = deal.score_departure()
        if reason is not None:
            seen[reason] += 1
            continue
        assert deal.ours.returns() == list(deal.os.returns()), (deal.contract, deal.ours.observation_string())
        scored += 1
    # Most deals are compared to the point; the departures above are the rest.
    assert scored >= deals // 3, (deals, scored, seen)
    print(positions, deals, scored, dict(seen))
