"""East–West through the Python API: scripted games, hidden drawn cards, bots (rules file §4).

The hand-frequency table over all C(32,5) = 201,376 hands (both columns of the published table) is
checked in the Rust unit tests (``games::east_west::tests``); here every rule is played through the
engine's own path.
"""

from __future__ import annotations

import numpy as np
import pytest

import ludoteca
from ludoteca.games import east_west

DECK = ludoteca.load_game("east_west").new_initial_state()


def cid(name: str) -> int:
    """The card id of a card name (the chance action that draws it)."""
    return DECK.string_to_action(name)


def scripted(
    spec: str, board: list[str], p0: list[tuple[str, int]], p1: list[tuple[str, int]]
) -> ludoteca.State:
    """A whole game with explicit chance: the board, then each player's 12 draws and rows in turn."""
    state = ludoteca.load_game(spec).new_initial_state(explicit_chance=True)
    for name in board:
        state.apply_action(cid(name))
    for (a, ra), (b, rb) in zip(p0, p1, strict=True):
        state.apply_action(cid(a))
        state.apply_action(east_west.PLACE[ra])
        state.apply_action(cid(b))
        state.apply_action(east_west.PLACE[rb])
    return state


# Row 1 is the worked example (board 9♠: nines full of tens against a spade flush); p0 wins row 2
# (three aces against a pair of kings), p1 row 3 (a pair of kings against queen high).
P0 = [("9♥", 1), ("9♦", 1), ("10♣", 1), ("10♠", 1), ("A♠", 2), ("A♥", 2), ("A♦", 2), ("7♦", 2)]
P0 += [("7♥", 3), ("8♥", 3), ("J♥", 3), ("Q♣", 3)]
P1 = [("7♠", 1), ("8♠", 1), ("J♠", 1), ("Q♠", 1), ("K♠", 2), ("K♥", 2), ("7♣", 2), ("8♣", 2)]
P1 += [("K♣", 3), ("K♦", 3), ("J♣", 3), ("8♦", 3)]


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("east_west", [1.0, -1.0]),
        ("east_west(flush_rank=above_full_house)", [-1.0, 1.0]),
        ("east_west(ruleset=flush_up)", [-1.0, 1.0]),
    ],
)
def test_worked_example_decides_the_game(spec: str, expected: list[float]) -> None:
    state = scripted(spec, ["9♠", "Q♦", "10♥"], P0, P1)
    assert state.is_terminal()
    assert list(state.returns()) == expected
    text = str(state)
    assert "full house, nines full of tens" in text
    assert "flush, queen high" in text


def test_one_row_and_two_tied_rows_is_a_draw_unless_more_rows() -> None:
    # Board A♣ / J♠ / J♥. Row 1: three aces against a pair of tens. Rows 2 and 3 tie exactly: the
    # same ranks (K J 9 8 7, then K Q J 9 8) in mixed suits beside the shared jack.
    board = ["A♣", "J♠", "J♥"]
    p0 = [("A♠", 1), ("A♥", 1), ("7♦", 1), ("10♦", 1), ("K♠", 2), ("9♠", 2), ("8♦", 2), ("7♠", 2)]
    p0 += [("K♥", 3), ("Q♠", 3), ("9♥", 3), ("8♠", 3)]
    p1 = [("10♠", 1), ("10♥", 1), ("Q♣", 1), ("7♥", 1), ("K♣", 2), ("9♣", 2), ("8♥", 2), ("7♣", 2)]
    p1 += [("K♦", 3), ("Q♦", 3), ("9♦", 3), ("8♣", 3)]
    state = scripted("east_west", board, p0, p1)
    assert state.is_terminal()
    assert list(state.returns()) == [0.0, 0.0]
    assert "row 2 tied" in str(state) and "row 3 tied" in str(state)
    state = scripted("east_west(result=more_rows)", board, p0, p1)
    assert list(state.returns()) == [1.0, -1.0]
    # Ties to whoever completed the row first: p0 completes rows 2 and 3 first (it moves first).
    state = scripted("east_west(row_tie_break=first_completed)", board, p0, p1)
    assert list(state.returns()) == [1.0, -1.0]


def test_drawn_card_is_hidden_from_the_opponent_only() -> None:
    game = ludoteca.load_game("east_west")
    a = game.new_initial_state(explicit_chance=True)
    for name in ["9♠", "K♦", "7♣"]:
        a.apply_action(cid(name))
    b = a.clone()
    a.apply_action(cid("A♠"))
    b.apply_action(cid("8♥"))
    assert a.observation_string(1) == b.observation_string(1)
    assert np.array_equal(a.observation_tensor(1), b.observation_tensor(1))
    assert a.observation_string(0) != b.observation_string(0)
    assert "A♠" in a.observation_string(0)


def test_illegal_placement_names_the_rule_and_leaves_the_state() -> None:
    state = scripted("east_west", ["9♠", "K♦", "7♣"], [], [])
    for name in ["A♠", "A♥", "A♦", "A♣"]:
        state.apply_action(cid(name))
        state.apply_action(east_west.PLACE[1])
        state.apply_action(cid(name.replace("A", "K")) if name != "A♦" else cid("Q♦"))
        state.apply_action(east_west.PLACE[2])
    state.apply_action(cid("Q♠"))
    before = state.serialize()
    with pytest.raises(ludoteca.IllegalActionError, match="already has 4 cards"):
        state.apply_action(east_west.PLACE[1])
    assert state.serialize() == before
    assert state.legal_actions() == [33, 34]


def test_bots_rank_search_over_rules_over_random() -> None:
    rules = ludoteca.simulate("east_west", 4000, seed=1, bots=["rules", "random"]).returns[:, 0].mean()
    assert rules > 0.3
    r = ludoteca.simulate("east_west", 600, seed=2, bots=["search", "rules"]).returns[:, 0].mean()
    s = ludoteca.simulate("east_west", 600, seed=3, bots=["rules", "search"]).returns[:, 1].mean()
    assert (r + s) / 2 > 0.0


def test_match_is_best_of_n() -> None:
    res = ludoteca.simulate("east_west(scope=match,games=5)", 2000, seed=4)
    assert set(np.unique(res.returns[:, 0])) <= {-1.0, 0.0, 1.0}
    assert (res.returns.sum(axis=1) == 0).all()


def test_the_picture_shows_the_drawn_card_to_its_drawer_only() -> None:
    game = ludoteca.load_game("east_west")
    state = game.new_initial_state(explicit_chance=True)
    for name in ["9♠", "K♦", "7♣", "A♠"]:
        state.apply_action(cid(name))
    assert 'data-card="A♠"' in state.to_svg(viewer=0)
    assert 'data-card="A♠"' not in state.to_svg(viewer=1)
    assert 'data-action="32"' in state.to_svg(viewer=0)
