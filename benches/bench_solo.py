"""Solo throughput: whole random deals through `simulate`, and greedy against random.

Run: `pytest benches/bench_solo.py --benchmark-only` (numbers depend on the machine; no assertions).
"""

from __future__ import annotations

import os
from typing import Any

import pytest

import ludoteca

from conftest import report

N_GAMES = 200_000


@pytest.mark.parametrize("spec", ["solo", "solo(scope=match,hands=4)"])
@pytest.mark.parametrize("threads", [1, None], ids=["1-thread", "all-threads"])
def test_simulate_random_games(benchmark: Any, spec: str, threads: Any) -> None:
    game = ludoteca.load_game(spec)
    benchmark.pedantic(lambda: ludoteca.simulate(game, N_GAMES, seed=1, threads=threads), rounds=3, iterations=1)
    report(benchmark, f"simulate {spec} random, {threads or os.cpu_count()} thread(s)", N_GAMES, "games")


def test_simulate_greedy_vs_random(benchmark: Any) -> None:
    bots = ["greedy", "random", "random", "random"]
    benchmark.pedantic(lambda: ludoteca.simulate("solo", N_GAMES, seed=1, bots=bots, threads=1), rounds=3, iterations=1)
    report(benchmark, "simulate solo greedy vs random, 1 thread", N_GAMES, "games")
