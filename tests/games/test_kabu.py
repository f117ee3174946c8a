"""Kabu through the Python API (rules file §10): scores, the settlement, the match end, hidden hands.

The published facts checked: 7+8 scores 5, 5+5 scores 0, 9+10 scores 9; scores {9, 9, 4} settle as
{+5, +5, -10}; starting chips 10 + 15 per player; every settlement sums to zero (over 100,000 random
hands per player count through ``simulate``).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest

import ludoteca
from ludoteca.games import kabu

STATE = ludoteca.load_game("kabu").new_initial_state()


def cid(name: str) -> int:
    """The card id of a card name (the chance action that deals it)."""
    return STATE.string_to_action(name)


def dealt(spec: str, cards: list[str]) -> ludoteca.State:
    """A hand with the two-card deal given explicitly, one card at a time from the dealer's left."""
    state = ludoteca.load_game(spec).new_initial_state(explicit_chance=True)
    for name in cards:
        state.apply_action(cid(name))
    return state


def test_published_scores() -> None:
    assert kabu.score([7, 8]) == 5
    assert kabu.score([5, 5]) == 0
    assert kabu.score([9, 10]) == 9
    with pytest.raises(ValueError):
        kabu.score([11])


def test_nine_nine_four_settles_plus_five_plus_five_minus_ten() -> None:
    # Deal order p0 p1 p2 p0 p1 p2: p0 9+10, p1 A+8, p2 2+2.
    state = dealt("kabu(players=3)", ["9♣", "A♣", "2♣", "10♣", "8♣", "2♦"])
    for _ in range(3):
        state.apply_action(kabu.STAND)
    assert state.is_terminal()
    assert list(state.returns()) == [5.0, 5.0, -10.0]


def test_seven_against_four_pays_three() -> None:
    state = dealt("kabu", ["3♣", "A♣", "4♣", "3♦"])
    state.apply_action(kabu.STAND)
    state.apply_action(kabu.STAND)
    assert list(state.returns()) == [3.0, -3.0]


def test_at_most_two_draws_then_the_player_is_skipped() -> None:
    state = dealt("kabu", ["A♣", "2♣", "3♣", "4♣"])
    state.apply_action(kabu.DRAW)
    state.apply_action(cid("5♣"))
    state.apply_action(kabu.DRAW)  # p1 draws once
    state.apply_action(cid("6♣"))
    state.apply_action(kabu.DRAW)  # p0's second draw
    state.apply_action(cid("7♣"))
    assert state.current_player() == 1
    state.apply_action(kabu.STAND)
    assert state.is_terminal()
    with pytest.raises(ludoteca.GameOverError):
        state.apply_action(kabu.DRAW)


def test_a_decision_is_draw_or_stand_and_errors_leave_the_state() -> None:
    state = dealt("kabu", ["A♣", "2♣", "3♣", "4♣"])
    before = state.serialize()
    with pytest.raises(ludoteca.IllegalActionError, match="draw or stand"):
        state.apply_action(cid("5♣"))
    assert state.serialize() == before
    assert state.string_to_action("pass") == kabu.STAND


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_starting_chips(players: int) -> None:
    state = ludoteca.load_game(f"kabu(players={players},scope=match)").new_initial_state(seed=1)
    assert f"chips {10 + 15 * players}" in str(state)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_chips_are_conserved_over_100000_random_hands(players: int) -> None:
    res = ludoteca.simulate(f"kabu(players={players})", 100_000, seed=players)
    assert np.all(res.returns.sum(axis=1) == 0)
    assert np.abs(res.returns).max() <= 9 * (players - 1)


def test_other_hands_are_hidden_until_the_showdown() -> None:
    a = dealt("kabu", ["9♣", "A♣", "10♦", "3♣"])
    b = dealt("kabu", ["9♣", "2♣", "10♦", "4♣"])
    assert a.observation_string(0) == b.observation_string(0)
    assert np.array_equal(a.observation_tensor(0), b.observation_tensor(0))
    assert a.observation_string(1) != b.observation_string(1)


def test_match_ends_when_a_settlement_cannot_be_paid() -> None:
    res = ludoteca.simulate("kabu(players=3,scope=match,stack=15)", 2000, seed=5)
    # Winners share: each of k winners gets (n - k) / k, the others -1; zero-sum.
    assert np.allclose(res.returns.sum(axis=1), 0.0)
    assert set(np.unique(res.returns)) <= {-1.0, 0.0, 0.5, 2.0}


def test_best_bot_is_not_worse_than_threshold() -> None:
    a = ludoteca.simulate("kabu", 50_000, seed=7, bots=["best", "threshold"]).returns[:, 0].mean()
    b = ludoteca.simulate("kabu", 50_000, seed=8, bots=["threshold", "best"]).returns[:, 1].mean()
    assert (a + b) / 2 > -0.02


def _cards_of(svg: str, seat: int) -> tuple[list[str], int]:
    """Face-up card names and backs in seat ``seat``'s band of a Kabu picture."""
    ns = "{http://www.w3.org/2000/svg}"
    for g in ET.fromstring(svg).iter(f"{ns}g"):
        if g.attrib.get("class") == "seat" and g.attrib.get("data-seat") == str(seat):
            names = [e.attrib["data-card"] for e in g if "data-card" in e.attrib]
            return names, sum(1 for e in g if e.attrib.get("class") == "back")
    raise AssertionError(f"no band for seat {seat}")


def test_the_picture_shows_a_seat_its_own_cards_and_backs_for_the_others() -> None:
    # Deal from p0 (E): p0 gets 9♣ and 10♦, p1 A♣ and 3♣; p0 draws 5♥.
    state = dealt("kabu", ["9♣", "A♣", "10♦", "3♣"])
    state.apply_action(kabu.DRAW)
    state.apply_action(cid("5♥"))
    svg0, svg1, omni = state.to_svg(0), state.to_svg(1), state.to_svg()
    assert _cards_of(svg0, 0) == (["9♣", "10♦", "5♥"], 0)
    assert _cards_of(svg0, 1) == ([], 2)
    assert _cards_of(svg1, 1) == (["A♣", "3♣"], 0)
    assert _cards_of(svg1, 0) == ([], 3), "p1 sees that p0 drew, not what"
    assert sorted(_cards_of(omni, 0)[0]) == sorted(["9♣", "10♦", "5♥"])
    # p1 is to move: only p1's picture (and the omniscient one) has the draw and stand buttons.
    assert 'data-action="40"' in svg1 and 'data-action="41"' in svg1
    assert "data-action" not in svg0


def test_a_seats_picture_does_not_change_with_the_cards_it_cannot_see() -> None:
    a = dealt("kabu(players=3)", ["9♣", "A♣", "10♦", "3♣", "2♥", "4♠"])
    b = dealt("kabu(players=3)", ["8♣", "6♣", "10♦", "2♣", "3♥", "4♠"])
    a.apply_action(kabu.DRAW)
    b.apply_action(kabu.DRAW)
    a.apply_action(cid("8♥"))
    b.apply_action(cid("5♥"))
    assert a.to_svg(1) != b.to_svg(1)
    assert a.to_svg(0) != b.to_svg(0)
    # Seat 2 holds 10♦ and 4♠ in both; the other hands and p0's drawn card differ.
    assert a.to_svg(2) == b.to_svg(2)
    assert a.to_svg() != b.to_svg()


def test_every_hand_is_shown_at_the_showdown() -> None:
    state = dealt("kabu", ["9♣", "A♣", "10♦", "3♣"])
    state.apply_action(kabu.STAND)
    state.apply_action(kabu.STAND)
    assert state.is_terminal()
    for viewer in (0, 1, None):
        svg = state.to_svg(viewer)
        assert _cards_of(svg, 0) == (["9♣", "10♦"], 0)
        assert _cards_of(svg, 1) == (["A♣", "3♣"], 0)
        assert "score 9" in svg and "score 4" in svg
