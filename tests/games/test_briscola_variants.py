"""Briscola's other variants (issue: 3, 5 Chiamata, 6 players, the American game, flags) from Python."""

from __future__ import annotations

import random

import numpy as np
import pytest
from typer.testing import CliRunner

import ludoteca
from ludoteca.cli import app


def _deal(game: ludoteca.Game, seed: int) -> ludoteca.State:
    state = game.new_initial_state(explicit_chance=True)
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def _hand(state: ludoteca.State, seat: int) -> list[int]:
    locs = state.card_locations()
    assert locs is not None
    return locs[f"hand {seat}"]


def test_chiamata_partner_stays_secret_until_the_called_card_is_played() -> None:
    game = ludoteca.load_game("briscola(players=5)")
    for seed in range(10):
        state = _deal(game, seed)
        for name in ["bid 65", "pass", "pass", "pass", "pass"]:
            state.apply_action(name)
        caller = 0
        # Call a card held by seat 2; seats 3 and 4 are defenders who must not learn who holds it.
        called = _hand(state, 2)[0]
        state.apply_action(f"call {state.action_to_string(called)}")
        other = _hand(state, 4)[0]
        history = state.history()
        i, j = history.index(called), history.index(other)
        swapped = list(history)
        swapped[i], swapped[j] = other, called
        world = game.new_initial_state(explicit_chance=True)
        for a in swapped:
            world.apply_action(a)
        # In `world` seat 4 is the partner: the caller and seat 3 see exactly the same.
        for viewer in (caller, 3):
            assert world.observation_string(viewer) == state.observation_string(viewer)
            assert np.array_equal(world.observation_tensor(viewer), state.observation_tensor(viewer))
            assert world.information_state_string(viewer) == state.information_state_string(viewer)
        assert "partner: seat 2" in state.observation_string(2)
        assert "partner: seat 4" in world.observation_string(4)
        assert "partner: unknown" in state.observation_string(3)
        # Once the called card is played, everyone knows.
        while called not in state.history()[len(history) :] and not state.is_terminal():
            p = state.current_player()
            legal = state.legal_actions()
            state.apply_action(called if p == 2 and called in legal else legal[0])
        assert "partner: seat 2" in state.observation_string(3)


def test_chiamata_payouts_are_zero_sum_and_follow_the_contract() -> None:
    res = ludoteca.simulate("briscola(players=5)", 5000, seed=3)
    assert np.allclose(res.returns.sum(axis=1), 0)
    allowed = {
        (-1.0, -1.0, -1.0, 1.0, 2.0),
        (-2.0, -1.0, 1.0, 1.0, 1.0),
        (-1.0, -1.0, -1.0, -1.0, 4.0),
        (-4.0, 1.0, 1.0, 1.0, 1.0),
    }
    rows = {tuple(sorted(row)) for row in res.returns}
    assert rows <= allowed and len(rows) >= 3
    assert np.all(res.scores.sum(axis=1) == 120)


@pytest.mark.parametrize(
    ("spec", "bots", "seat"),
    [
        ("briscola(players=3)", ["greedy", "random", "random"], 0),
        ("briscola(players=5)", ["greedy", "random", "random", "random", "random"], 0),
        ("briscola(players=6)", ["greedy", "random"] * 3, 0),
        ("briscola(players=4,ruleset=american)", ["greedy", "random"] * 2, 0),
    ],
)
def test_greedy_beats_random_in_every_variant(spec: str, bots: list[str], seat: int) -> None:
    greedy = ludoteca.simulate(spec, 4000, seed=1, bots=bots)
    baseline = ludoteca.simulate(spec, 4000, seed=1, bots=["random"])
    assert greedy.returns[:, seat].mean() > baseline.returns[:, seat].mean() + 0.2


def test_ace_three_reinsertion_never_leaves_an_ace_or_three_face_up() -> None:
    game = ludoteca.load_game("briscola(reject_ace_three_upcard=true)")
    for seed in range(300):
        state = game.new_initial_state(seed=seed)
        text = state.observation_string(0)
        face_up = text.split("face-up ")[1].split(" ")[0]
        assert face_up[0] not in "A3"
        locs = state.card_locations()
        assert locs is not None and sum(len(v) for v in locs.values()) == 40


def test_trump_exchange_and_replay_options_play_out() -> None:
    res = ludoteca.simulate(
        "briscola(players=4,reject_ace_three_upcard=true,trump_exchange=seven,tie_rule=replay)",
        3000,
        seed=2,
        bots=["greedy"],
    )
    assert np.all(res.scores.sum(axis=1) == 120)
    assert not np.any(res.returns == 0), "ties are replayed"


def test_play_chiamata_in_the_terminal_offers_the_auction_by_name() -> None:
    # The menu numbers are action ids (stable all game): cycling through every id always meets a legal one.
    ids = [str(a) for a in range(ludoteca.load_game("briscola(players=5)").num_distinct_actions())]
    lines = "\n".join(["pass", "bid 61"] + ids * 30) + "\n"
    result = CliRunner().invoke(
        app, ["play", "briscola(players=5)", "--seat", "0", "--seed", "4"], input=lines
    )
    assert "bid 61" in result.output and "pass" in result.output
    assert "game over" in result.output.lower()
