"""Solo through the Python API: trump orders, the auction trace, the secret partner, scoring (§2, §14)."""

from __future__ import annotations

import numpy as np
import pytest

import ludoteca
from ludoteca.games import solo

H = [
    "Q♣ 7♥ A♥ K♥ J♥ 10♥ A♣ 8♠",
    "Q♠ Q♥ 9♥ 8♥ A♦ K♦ 7♣ 8♣",
    "A♠ K♠ J♠ 10♠ 9♠ 7♠ 9♣ 10♣",
    "J♣ K♣ Q♦ J♦ 10♦ 9♦ 8♦ 7♦",
]


def dealt(hands: list[str] = H, **params: int | str | bool) -> ludoteca.State:
    """A state after the 3-2-3 deal of ``hands`` (dealer seat 3)."""
    state = solo.new_game(**params).new_initial_state(explicit_chance=True)
    h = [x.split() for x in hands]
    for c in [c for x in h for c in x[:3]] + [c for x in h for c in x[3:5]] + [c for x in h for c in x[5:]]:
        state.apply_action(c)
    return state


def names(state: ludoteca.State) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def test_worked_auction_trace() -> None:
    state = dealt()
    for a in ["ask", "ask colour", "yes", "ask solo", "pass", "ask solo in colour", "yes", "pass", "pass"]:
        state.apply_action(a)
    assert state.current_player() == 1
    assert names(state) == ["solo in colour ♣", "tout in ♦", "tout in ♥", "tout in ♠", "tout in colour ♣"]


def test_secret_partner_is_revealed_by_the_ace() -> None:
    state = dealt()
    for a in ["ask", "pass", "pass", "pass", "simple in ♥", "call A♠"]:
        state.apply_action(a)
    assert "partner secret" in state.observation_string(1)
    for a in ["8♠", "8♣", "A♠", "J♣"]:
        state.apply_action(a)
    assert "partner: seat 2" in state.observation_string(1)


def test_all_pass_forced_simple_game() -> None:
    state = dealt()
    for _ in range(4):
        state.apply_action("pass")
    assert state.current_player() == 0
    assert all(n.startswith("simple") for n in names(state))


def test_values() -> None:
    assert [solo.VALUES[k] for k in range(1, 7)] == [2, 4, 4, 8, 16, 32]


@pytest.mark.parametrize("spec", ["solo", "solo(zero_sum=true)"])
def test_random_hands_score_contract_values(spec: str) -> None:
    res = ludoteca.simulate(spec, 2000, seed=5)
    returns = np.asarray(res.returns)
    assert set(np.unique(np.abs(returns))).issubset({0, 2, 4, 6, 8, 12, 16, 24, 32, 48, 96})
    if "zero_sum" in spec:
        assert np.allclose(returns.sum(axis=1), 0)


def test_greedy_beats_random() -> None:
    res = ludoteca.simulate(
        "solo(zero_sum=true)", 3000, seed=4, bots=["greedy", "random", "random", "random"]
    )
    returns = np.asarray(res.returns)
    assert returns[:, 0].mean() > returns[:, 1:].mean() + 5
