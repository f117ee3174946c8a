"""Briscola throughput: whole random games through `simulate`, and the cost of a Python-loop ply.

Run: `pytest benches/bench_briscola.py --benchmark-only` (numbers depend on the machine; no assertions).
"""

from __future__ import annotations

import os
from typing import Any

import pytest

import ludoteca
from conftest import report

N_GAMES = 400_000


@pytest.mark.parametrize("spec", ["briscola", "briscola(players=4)"])
@pytest.mark.parametrize("threads", [1, None], ids=["1-thread", "all-threads"])
def test_simulate_random_games(benchmark: Any, spec: str, threads: Any) -> None:
    game = ludoteca.load_game(spec)
    benchmark.pedantic(
        lambda: ludoteca.simulate(game, N_GAMES, seed=1, threads=threads), rounds=3, iterations=1
    )
    label = f"simulate {spec} random, {threads or os.cpu_count()} thread(s)"
    report(benchmark, label, N_GAMES, "games")


VARIANTS = [
    "briscola(players=3)",
    "briscola(players=5)",
    "briscola(players=5,chiamata_auction=rank)",
    "briscola(players=6)",
    "briscola(players=4,ruleset=american)",
    "briscola(players=4,reject_ace_three_upcard=true,trump_exchange=seven)",
]


@pytest.mark.parametrize("spec", VARIANTS)
def test_simulate_variants_random(benchmark: Any, spec: str) -> None:
    """Every variant with random bots (Chiamata: random legal bidding and calling), one thread."""
    n = N_GAMES // 4
    benchmark.pedantic(lambda: ludoteca.simulate(spec, n, seed=1, threads=1), rounds=3, iterations=1)
    report(benchmark, f"simulate {spec} random, 1 thread", n, "games")


def test_simulate_greedy_vs_random(benchmark: Any) -> None:
    benchmark.pedantic(
        lambda: ludoteca.simulate("briscola", N_GAMES, seed=1, bots=["greedy", "random"], threads=1),
        rounds=3,
        iterations=1,
    )
    report(benchmark, "simulate briscola greedy vs random, 1 thread", N_GAMES, "games")


def test_python_loop_apply_plus_legal(benchmark: Any) -> None:
    """One ply from Python: `legal_actions()` then `apply_action()` (seeded chance resolved in Rust)."""
    game = ludoteca.load_game("briscola")
    states = [game.new_initial_state(seed=s) for s in range(200)]

    def run() -> int:
        plies = 0
        for s in states:
            st = s.clone()
            while not st.is_terminal():
                st.apply_action(st.legal_actions()[0])
                plies += 1
        return plies

    plies = run()
    benchmark.pedantic(run, rounds=5, iterations=1)
    report(benchmark, "python loop: legal_actions + apply_action", plies, "plies")


def test_vector_env_step(benchmark: Any) -> None:
    import numpy as np

    env = ludoteca.VectorEnv("briscola", 4096, seed=0)

    def run() -> None:
        mask = env.legal_action_mask()
        env.step(np.argmax(mask, axis=1).astype(np.int64))
        if env.terminated().all():
            env.reset()

    benchmark.pedantic(run, rounds=40, iterations=1)
    report(benchmark, "VectorEnv(4096) mask + step", 4096, "env-steps")
