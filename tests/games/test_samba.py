"""Samba through the Python API: parameters, a dealt hand played through names, hidden hands, bots."""

from __future__ import annotations

import numpy as np
import pytest

import ludoteca
from ludoteca.games import samba


def names(state: ludoteca.State) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def test_parameters_are_checked() -> None:
    with pytest.raises(ludoteca.InvalidParameterError, match="samba_bonus"):
        samba.new_game(samba_bonus=800)
    with pytest.raises(ludoteca.InvalidParameterError):
        samba.new_game(stock_draw=3)
    game = ludoteca.load_game("samba")
    assert game.num_players() == 4


def test_a_dealt_hand_gives_fifteen_cards_and_the_first_player_draws() -> None:
    state = samba.new_game(scope="deal").new_initial_state()
    assert state.current_player() == 0
    assert set(names(state)) <= {"draw stock", "take pile"}
    assert "draw stock" in names(state)
    text = state.observation_string(0)
    assert "hand 0:" in text and "hand 1:" not in text, "other hands are hidden"
    assert "seat 1: 15 cards" in text


def test_illegal_actions_are_refused_with_a_reason() -> None:
    state = samba.new_game(scope="deal").new_initial_state()
    with pytest.raises(ludoteca.IllegalActionError, match="draw first"):
        state.apply_action("close")


def test_python_helpers_match_the_rules() -> None:
    assert [samba.initial_minimum(s) for s in (-5, 0, 1495, 1500, 2995, 3000, 6995, 7000)] == [
        15,
        50,
        50,
        90,
        90,
        120,
        120,
        160,
    ]
    assert [samba.card_value(c) for c in ("X#1", "2♣#1", "A♠", "K♦", "8♥", "7♣", "4♠", "3♠", "3♥")] == [
        50,
        20,
        20,
        10,
        10,
        5,
        5,
        5,
        0,
    ]


def test_random_and_greedy_hands_finish() -> None:
    results = ludoteca.simulate("samba(scope=deal)", 20, seed=1)
    assert np.asarray(results.scores).shape == (20, 4)
    greedy = ludoteca.simulate("samba(scope=deal)", 20, seed=2, bots=["greedy", "random", "greedy", "random"])
    scores = np.asarray(greedy.scores)
    # Partners share a score.
    assert (scores[:, 0] == scores[:, 2]).all() and (scores[:, 1] == scores[:, 3]).all()
