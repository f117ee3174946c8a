"""The PettingZoo AEC adapter, checked for every registered game (its examples and its presets).

PettingZoo's own conformance suite (``api_test``, ``seed_test``, ``render_test``) runs on every game
string, plus the contract the adapter documents beyond it: returns equal cumulative rewards, the
seeded deal is the core's seeded deal, illegal moves end the game for the offender, masks match the
legal actions. A new game is covered without new test code. Skipped cleanly without PettingZoo.
"""

from __future__ import annotations

import functools
import math
import pickle
import sys
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test, render_test, seed_test

import ludoteca
from ludoteca.adapters import pettingzoo as lpz


def _specs() -> list[str]:
    """Every example game string and every preset (as ``ruleset=<preset>``) of every game, deduplicated."""
    seen: dict[str, str] = {}
    for info in ludoteca.registered_games():
        # Presets are chosen with the `ruleset` parameter (games without it have none to choose).
        selectable = any(p["name"] == "ruleset" for p in info.params)
        candidates = list(info.examples) + [
            f"{info.short_name}(ruleset={p})" for p in info.presets if selectable
        ]
        for spec in candidates:
            seen.setdefault(ludoteca.load_game(spec).game_string(), spec)
    return list(seen.values())


SPECS = _specs()


def _cycles(spec: str) -> int:
    """Enough cycles for ``api_test`` to finish at least one whole game (capped to keep the suite fast)."""
    game = ludoteca.load_game(spec)
    return min(math.ceil(game.max_game_length() / game.num_players()) + 2, 200)


@pytest.fixture(autouse=True)
def _quiet_known_warnings() -> Iterator[None]:
    """Warnings of ``api_test`` that do not apply.

    Infinite Box bounds where an encoding writes raw totals (match ledgers, Zole's pool), all-zero masks
    of agents that are not
    to act (the classic convention), and dict observations, which ``api_test`` only excuses for the
    environment names on its own list of PettingZoo's classic games.
    """
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        warnings.filterwarnings("ignore", message=".*observation space value is -?infinity.*")
        warnings.filterwarnings("ignore", message="Action mask numpy array is all zeros.*")
        yield


# --------------------------------------------------------------------------------------------------
# PettingZoo's conformance suite


@pytest.mark.parametrize("spec", SPECS)
def test_api_test(spec: str) -> None:
    api_test(lpz.env(spec), num_cycles=_cycles(spec))


@pytest.mark.parametrize("spec", SPECS)
def test_api_test_raw(spec: str) -> None:
    api_test(lpz.raw_env(spec), num_cycles=_cycles(spec))


@pytest.mark.parametrize("spec", SPECS)
def test_seed_test(spec: str) -> None:
    seed_test(functools.partial(lpz.env, spec), num_cycles=_cycles(spec))


@pytest.mark.parametrize("spec", SPECS)
def test_render_test(spec: str, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(functools.partial(lpz.env, spec))
    assert capsys.readouterr().out  # the human mode printed the table


# --------------------------------------------------------------------------------------------------
# The adapter's own contract


def _play(env: Any, seed: int, policy_seed: int = 0) -> dict[str, float]:
    """Plays one game with random legal actions; returns each agent's reward summed over the game."""
    env.reset(seed=seed)
    rng = np.random.default_rng(policy_seed)
    total = {agent: 0.0 for agent in env.possible_agents}
    dead_steps: list[str] = []
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _info = env.last()
        total[agent] += reward
        if termination or truncation:
            dead_steps.append(agent)
            env.step(None)
            continue
        assert obs["action_mask"].dtype == np.int8
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    assert sorted(dead_steps) == sorted(env.possible_agents)  # each agent told of the end exactly once
    assert env.agents == []
    return total


@pytest.mark.parametrize("spec", SPECS)
def test_cumulative_rewards_are_the_returns(spec: str) -> None:
    env = lpz.raw_env(spec)
    for seed in (1, 2):
        total = _play(env, seed)
        assert env.state.is_terminal()
        returns = env.state.returns()
        assert [total[a] for a in env.possible_agents] == pytest.approx(returns)


@pytest.mark.parametrize("spec", SPECS)
def test_seeded_reset_is_the_cores_seeded_deal(spec: str) -> None:
    game = ludoteca.load_game(spec)
    env = lpz.raw_env(spec)
    env.reset(seed=123)
    core = game.new_initial_state(seed=123)
    assert env.state.serialize() == core.serialize()
    assert env.game_seed == 123
    for agent in env.possible_agents:
        seat = int(agent.split("_")[1])
        np.testing.assert_array_equal(env.observe(agent)["observation"], core.observation_tensor(seat))
    # Unseeded resets continue the stream of the last seed: reproducible, and new deals.
    other = lpz.raw_env(spec)
    other.reset(seed=123)
    env.reset()
    other.reset()
    assert env.state.serialize() == other.state.serialize()
    assert env.game_seed == other.game_seed != 123


@pytest.mark.parametrize("spec", SPECS)
def test_masks_and_spaces(spec: str) -> None:
    game = ludoteca.load_game(spec)
    env = lpz.raw_env(spec)
    env.reset(seed=5)
    first = env.possible_agents[0]
    assert env.possible_agents == [f"player_{i}" for i in range(game.num_players())]
    for agent in env.possible_agents:
        assert env.observation_space(agent) is env.observation_space(agent)
        assert env.action_space(agent) is env.action_space(agent)
        assert env.observation_space(agent) == env.observation_space(first)  # one space for all seats (RLlib)
        assert env.action_space(agent).n == game.num_distinct_actions()
    for _ in range(10):
        if not env.agents or env.terminations[env.agent_selection]:
            break
        acting = env.agent_selection
        seat = env.state.current_player()
        assert acting == f"player_{seat}"
        for agent in env.agents:
            obs = env.observe(agent)
            assert obs["observation"].dtype == np.float32
            assert obs["observation"].shape == tuple(game.observation_shape())
            assert env.observation_space(agent).contains(obs)
            expected = (
                env.state.legal_action_mask()
                if agent == acting
                else np.zeros(game.num_distinct_actions(), bool)
            )
            np.testing.assert_array_equal(obs["action_mask"], expected.astype(np.int8))
        env.step(env.state.legal_actions()[-1])


@pytest.mark.parametrize("spec", SPECS)
def test_illegal_action_ends_the_game_for_the_offender(spec: str, caplog: pytest.LogCaptureFixture) -> None:
    env = lpz.env(spec)
    env.reset(seed=9)
    offender = env.agent_selection
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    env.step(illegal)
    assert "Illegal move" in caplog.text
    assert all(env.terminations.values())
    seen = {}
    for agent in env.agent_iter():
        _obs, reward, termination, truncation, _info = env.last()
        assert termination or truncation
        seen[agent] = reward
        env.step(None)
    assert seen[offender] == -1
    assert all(r == 0 for a, r in seen.items() if a != offender)
    assert sorted(seen) == sorted(env.possible_agents)


def test_raw_env_rejects_illegal_actions_and_keeps_the_state() -> None:
    env = lpz.raw_env(SPECS[0])
    env.reset(seed=9)
    before = env.state.serialize()
    illegal = next(a for a in range(env.game.num_distinct_actions()) if a not in env.state.legal_actions())
    with pytest.raises(ludoteca.IllegalActionError):
        env.step(illegal)
    with pytest.raises(ludoteca.IllegalActionError, match="step\\(None\\)"):
        env.step(None)
    assert env.state.serialize() == before
    assert not any(env.terminations.values())


def test_dead_step_takes_only_none() -> None:
    env = lpz.raw_env(SPECS[0])
    _play(env, seed=3)
    env.reset(seed=3)
    while not env.terminations[env.agent_selection]:
        env.step(env.state.legal_actions()[0])
    with pytest.raises(ValueError, match="None"):
        env.step(0)


def test_render_modes() -> None:
    ansi = lpz.raw_env(SPECS[0], render_mode="ansi")
    ansi.reset(seed=4)
    assert ansi.render() == str(ansi.state)
    with pytest.raises(ludoteca.InvalidParameterError, match="render_mode"):
        lpz.raw_env(SPECS[0], render_mode="rgb")
    with pytest.raises(ludoteca.InvalidParameterError, match="seed"):
        ansi.reset(seed=-1)


def test_environment_pickles_mid_game() -> None:
    env = lpz.raw_env(SPECS[0])
    env.reset(seed=8)
    for _ in range(5):
        env.step(env.state.legal_actions()[0])
    copy = pickle.loads(pickle.dumps(env))
    assert copy.state.serialize() == env.state.serialize()
    assert copy.agent_selection == env.agent_selection
    for e in (env, copy):  # the rest of the game, and the next (unseeded) deal, agree
        while not e.terminations[e.agent_selection]:
            e.step(e.state.legal_actions()[-1])
        e.reset()
    assert copy.state.serialize() == env.state.serialize()


def test_versioned_constructors_cover_the_registry() -> None:
    for info in ludoteca.registered_games():
        env_id = f"{info.short_name}_v{info.version}"
        module = getattr(lpz, env_id)
        assert module is lpz.ENVIRONMENTS[env_id] is sys.modules[f"ludoteca.adapters.pettingzoo.{env_id}"]
        raw = module.raw_env()
        assert raw.metadata["name"] == env_id == str(raw)
        assert raw.game == ludoteca.load_game(info.short_name)
    with pytest.raises(AttributeError, match="briscola_v"):
        lpz.briscola_v999  # noqa: B018 (the attribute access is what raises)


def test_versioned_constructor_takes_game_parameters() -> None:
    from ludoteca.adapters.pettingzoo import briscola_v1  # type: ignore[attr-defined]

    env = briscola_v1.env(players=4, must_follow_suit=True, render_mode="ansi")
    assert env.unwrapped.game == ludoteca.load_game("briscola(players=4,must_follow_suit=true)")
    assert env.unwrapped.render_mode == "ansi"
    assert lpz.game_string("x", {}) == "x"


@pytest.mark.parametrize("spec", SPECS)
def test_a_played_environment_game_is_a_valid_record(spec: str) -> None:
    from ludoteca import record

    env = lpz.raw_env(spec)
    _play(env, seed=21)
    rec = record.loads(record.dumps(env.state, seed=env.game_seed))
    assert rec.seed == 21 and rec.returns == env.state.returns()
    assert rec.replay().serialize() == env.state.serialize()
