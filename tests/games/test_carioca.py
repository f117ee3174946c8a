"""Carioca through the Python API: the deal, a contract laid in steps, lay-offs, scoring and the bots."""

from __future__ import annotations

import random

import numpy as np
import pytest

import ludoteca
from ludoteca.games import carioca

SEAT0 = "7♠#1 7♥#1 7♥#2 9♣#1 9♦#1 X#1 2♣#1 4♦#1 6♥#1 J♠#1 K♣#1"
SEAT1 = "3♣#1 3♦#1 5♥#1 8♠#1 10♣#1 Q♦#1 A♥#1 4♣#1 6♠#1 8♦#1 10♥#1"


def dealt(**params: int | str | bool) -> ludoteca.State:
    """Two players, dealer seat 1: cards alternate from seat 0, then the upcard K♦#1."""
    state = carioca.new_game(players=2, **params).new_initial_state(explicit_chance=True)
    for a, b in zip(SEAT0.split(), SEAT1.split()):
        state.apply_action(a)
        state.apply_action(b)
    state.apply_action("K♦#1")
    return state


def names(state: ludoteca.State) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def test_parameters_are_checked() -> None:
    with pytest.raises(ludoteca.InvalidParameterError):
        carioca.new_game(players=6)
    with pytest.raises(ludoteca.InvalidParameterError, match="first_dealer"):
        carioca.new_game(players=3, first_dealer=4)
    assert ludoteca.load_game("carioca").num_players() == 4


def test_a_contract_goes_down_in_steps_and_then_only_a_discard_is_left() -> None:
    state = dealt()
    assert state.current_player() == 0 and names(state) == ["draw stock", "take pile"]
    state.apply_action("take pile")
    # Two trios from 7-7-7, 9-9-X and K-K-X: exactly those cards may be picked.
    picks = sorted(n for n in names(state) if n.startswith("pick"))
    assert picks == sorted(f"pick {c}" for c in "9♣#1 K♣#1 9♦#1 K♦#1 7♥#1 7♠#1 7♥#2 X#1".split())
    for action in ["pick X#1", "pick K♣", "pick K♦", "close", "pick 7♠", "pick 7♥", "pick 7♥"]:
        state.apply_action(action)
    assert "meld 0" not in state.observation_string(1)  # nothing shown until the contract is complete
    state.apply_action("close")
    assert "meld 0 (seat 0): trio of Ks" in state.observation_string(1)
    assert all(n.startswith("discard") for n in names(state))
    with pytest.raises(ludoteca.IllegalActionError, match="nothing more may be played"):
        state.apply_action("pick 9♣")
    state.apply_action("discard J♠")
    assert state.current_player() == 1


def test_observations_hide_hands_and_pending_melds() -> None:
    state = dealt()
    state.apply_action("take pile")
    state.apply_action("pick 7♠")
    assert "7♠#1" in state.observation_string(0)
    assert "7♠#1" not in state.observation_string(1)
    assert "pick ?" in state.information_state_string(1)


def test_penalties_are_the_card_values_left_in_hand() -> None:
    """Random finished deals: each seat's penalty is the table's value of the cards left in its hand."""
    game = carioca.new_game(scope="deal", players=3)
    rng = random.Random(4)
    finished = 0
    for _ in range(20):
        state = game.new_initial_state(seed=rng.randrange(1 << 30))
        while not state.is_terminal():
            before = state.card_locations()
            state.apply_action(rng.choice(state.legal_actions()))
        scores = state.scores()
        if max(scores) == 0:
            continue  # a hand ended with no score
        finished += 1
        assert before is not None
        for seat in range(3):
            if scores[seat] > 0:
                held = [state.action_to_string(c) for c in before[f"hand {seat}"]]
                assert scores[seat] == sum(carioca.card_value(c) for c in held)
    assert finished > 0


def test_card_values_follow_the_rule_text() -> None:
    hand = ["X#1", "A♣#1", "K♦#2", "7♥#1", "2♠#1"]
    assert sum(carioca.card_value(c) for c in hand) == 89


def test_greedy_goes_out_far_more_often_than_random() -> None:
    n = 2000
    res = ludoteca.simulate("carioca(scope=deal,players=2)", n, seed=2, bots=["greedy", "random"])
    scores = np.asarray(res.scores)
    went_out = (scores == 0) & (scores.max(axis=1, keepdims=True) > 0)
    assert went_out[:, 0].mean() > 0.8 > 0.2 > went_out[:, 1].mean()


def test_a_dealt_and_played_hand_replays_exactly_through_serialisation() -> None:
    game = carioca.new_game(players=3)
    state = game.new_initial_state(seed=9)
    rng = random.Random(9)
    for _ in range(400):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    again = game.deserialize(state.serialize())
    assert again.card_locations() == state.card_locations()
    for seat in range(3):
        assert again.observation_string(seat) == state.observation_string(seat)
        assert np.array_equal(again.observation_tensor(seat), state.observation_tensor(seat))
