"""Schafkopf through the Python API: the picking phase, effective suits, scoring and least (§3, §14)."""

from __future__ import annotations

import numpy as np
import pytest

import ludoteca
from ludoteca.games import schafkopf

H = ["Q♣ Q♠ J♣ A♦ 10♦ A♣ 10♣ K♣ A♥ 7♥", "Q♥ J♠ J♥ K♦ 9♦ 9♣ 8♣ 7♣ A♠ 10♠", "Q♦ J♦ 8♦ 7♦ 10♥ K♥ 9♥ 8♥ 9♠ 8♠"]
WIDOW = "K♠ 7♠"


def dealt(**params: int | str | bool) -> ludoteca.State:
    """A state after the canonical 3 / widow 2 / 4 / 3 deal of the hands ``H`` (dealer seat 2)."""
    state = schafkopf.new_game(**params).new_initial_state(explicit_chance=True)
    hands = [h.split() for h in H]
    order = [c for s in range(3) for c in hands[s][:3]] + WIDOW.split()
    order += [c for s in range(3) for c in hands[s][3:7]] + [c for s in range(3) for c in hands[s][7:]]
    for c in order:
        assert state.is_chance_node()
        state.apply_action(c)
    return state


def names(state: ludoteca.State) -> list[str]:
    return sorted(state.action_to_string(a) for a in state.legal_actions())


def test_new_game_and_presets() -> None:
    g = schafkopf.new_game(scope="match", deals=6)
    assert g.params["deals"] == 6 and g.num_players() == 3
    assert schafkopf.new_game(ruleset="sheepshead").params["zero_sum"] is True
    with pytest.raises(ludoteca.InvalidParameterError):
        schafkopf.new_game(deals=5)


def test_picking_order_and_burying() -> None:
    state = dealt()
    assert state.current_player() == 0 and names(state) == ["pass", "pick"]
    state.apply_action("pass")
    state.apply_action("pass")
    assert state.current_player() == 2  # the dealer decides last
    state.apply_action("pick")
    assert len(state.legal_actions()) == 12 and all(n.startswith("bury ") for n in names(state))
    state.apply_action("bury 10♥")
    state.apply_action("bury K♠")
    assert state.current_player() == 0  # the eldest leads
    assert "buried: K♠ 10♥" in state.observation_string(2) or "buried: 10♥ K♠" in state.observation_string(2)
    assert "buried" not in state.observation_string(0)


def test_queen_of_spades_trumps_a_spade_lead() -> None:
    state = dealt()
    for a in ["pass", "pass", "pass", "A♥", "A♠"]:
        state.apply_action(a)
    assert names(state) == ["10♥", "8♥", "9♥", "K♥"]
    with pytest.raises(ludoteca.IllegalActionError, match="must follow suit ♥"):
        state.apply_action("Q♦")
    for a in ["8♥", "7♥", "J♠", "9♥", "10♠", "9♠"]:
        state.apply_action(a)
    # Seat 0's only spade-printed card is Q♠, a trump: it is void in spades and may play anything.
    assert len(state.legal_actions()) == 8
    state.apply_action("Q♠")
    locs = state.card_locations()
    assert locs is not None and len(locs["won 0"]) == 6


@pytest.mark.parametrize(
    "spec", ["schafkopf", "schafkopf(ruleset=sheepshead)", "schafkopf(leaster_requires_trick=true)"]
)
def test_random_deals_score_in_the_victory_point_table(spec: str) -> None:
    res = ludoteca.simulate(spec, 3000, seed=3)
    returns = np.asarray(res.returns)
    assert set(np.unique(returns)).issubset({-6, -4, -3, -2, -1, 0, 1, 2, 3, 4, 6})
    if "sheepshead" in spec:
        assert np.allclose(returns.sum(axis=1), 0)
    else:
        # Only one player scores per deal.
        assert ((returns != 0).sum(axis=1) <= 1).all()


def test_greedy_beats_random() -> None:
    res = ludoteca.simulate(
        "schafkopf(ruleset=sheepshead)", 3000, seed=4, bots=["greedy", "random", "random"]
    )
    returns = np.asarray(res.returns)
    assert returns[:, 0].mean() > 0.5 > returns[:, 1].mean()
