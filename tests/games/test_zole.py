"""Zole through the Python API: contract phase, effective suits, the seed's chips and the pool (§1)."""

from __future__ import annotations

import numpy as np
import pytest

import ludoteca
from ludoteca.games import zole

H = ["Q♣ Q♠ J♣ A♦ 10♦ A♣ 10♣ A♥", "Q♥ J♠ J♥ K♦ 9♦ K♣ 9♣ A♠", "Q♦ J♦ 8♦ 7♦ 10♥ K♥ 9♥ 10♠"]
TALON = "K♠ 9♠"


def dealt(**params: int | str | bool) -> ludoteca.State:
    """A state after the pagat deal (4 each, talon, 4 each; dealer seat 2) of ``H`` and ``TALON``."""
    state = zole.new_game(**params).new_initial_state(explicit_chance=True)
    hands = [h.split() for h in H]
    order = [c for h in hands for c in h[:4]] + TALON.split() + [c for h in hands for c in h[4:]]
    for c in order:
        state.apply_action(c)
    return state


def names(state: ludoteca.State) -> list[str]:
    return sorted(state.action_to_string(a) for a in state.legal_actions())


def test_presets_and_refused_variants() -> None:
    g = zole.new_game(ruleset="classic_lv")
    assert g.params["scoring"] == "classic_lv" and g.params["top_tier"] == "no_trick"
    with pytest.raises(ludoteca.InvalidParameterError, match="not specified"):
        zole.new_game(passed_out="galdins")


def test_contract_phase_and_discards() -> None:
    state = dealt()
    assert state.current_player() == 0 and names(state) == ["pass", "take", "zole"]
    state.apply_action("pass")
    state.apply_action("take")
    assert len(state.legal_actions()) == 10
    state.apply_action("discard A♠")
    state.apply_action("discard K♣")
    assert state.current_player() == 0  # F leads
    assert "discards" in state.observation_string(1) and "discards" not in state.observation_string(0)


def test_trump_queen_is_not_a_heart() -> None:
    state = dealt()
    for a in ["zole", "A♥"]:
        state.apply_action(a)
    assert len(state.legal_actions()) == 8  # seat 1's Q♥ and J♥ are trumps: void in hearts
    state.apply_action("A♠")
    assert names(state) == ["10♥", "9♥", "K♥"]
    with pytest.raises(ludoteca.IllegalActionError, match="must follow suit ♥"):
        state.apply_action("Q♦")


def test_passed_out_deal_is_redealt_with_a_chip_each_in_the_pool() -> None:
    state = dealt()
    for _ in range(3):
        state.apply_action("pass")
    assert state.is_chance_node() and not state.is_terminal()
    assert "pool: 3 chips" in state.observation_string(0)


@pytest.mark.parametrize("spec", ["zole", "zole(ruleset=classic_lv)", "zole(scope=match,hands=6)"])
def test_random_play_conserves_chips(spec: str) -> None:
    res = ludoteca.simulate(spec, 2000, seed=5)
    returns = np.asarray(res.returns)
    # Chips only move between players and the pool, which keeps at most what was paid in.
    assert (returns.sum(axis=1) <= 0).all()
    assert np.array_equal(returns, np.round(returns))


def test_greedy_beats_random() -> None:
    res = ludoteca.simulate("zole", 3000, seed=4, bots=["greedy", "random", "random"])
    returns = np.asarray(res.returns)
    assert returns[:, 0].mean() > 0.5 > returns[:, 1].mean()
